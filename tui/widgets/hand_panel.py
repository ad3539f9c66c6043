"""The hand panel: the cards held, with what each does and when it can be used."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.widgets import Static


class HandPanel(Static):
    """Show cards as (name, when, text) triples; ``limit`` is the hand size."""

    def show(self, title: str, cards: Sequence[tuple[str, str, str]], limit: int, compact: bool = False) -> None:
        out = Text(f"{title} ({len(cards)}/{limit})", style="bold")
        if not cards:
            out.append("\n  (no cards)")
        for name, when, text in cards:
            out.append(f"\n• {name}", style="bold")
            out.append(f" [{when}]", style="italic")
            if not compact:
                out.append(f"\n  {text}")
        self.update(out)

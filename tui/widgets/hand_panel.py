"""The hand panel: the cards held, with what each does and when it can be used."""

from __future__ import annotations

from typing import Sequence

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from tui.widgets.panel import Panel


class HandPanel(Panel):
    """Show cards as (name, when, text) triples; ``limit`` is the hand size."""

    def show(self, title: str, cards: Sequence[tuple[str, str, str]], limit: int, compact: bool = False) -> None:
        self.put(self.content(title, cards, limit, compact))

    @staticmethod
    def content(title: str, cards: Sequence[tuple[str, str, str]], limit: int, compact: bool = False) -> Group:
        parts: list = [Text(f"{title} ({len(cards)}/{limit})", style="bold")]
        if not cards:
            parts.append(Text("  (no cards)"))
        for name, when, text in cards:
            line = Text(f"• {name}", style="bold")
            line.append(f" [{when}]", style="italic")
            parts.append(line)
            if not compact:
                parts.append(Padding(Text(text), (0, 0, 0, 2)))
        return Group(*parts)

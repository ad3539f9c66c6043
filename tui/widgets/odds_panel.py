"""The odds preview: the chance of success and the losses to expect, as text and bars."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text

from tui.widgets.panel import Panel


def bar(p: float, width: int = 12) -> str:
    full = round(p * width)
    return "█" * full + "·" * (width - full)


class OddsPanel(Panel):
    """Repaints only when the preview changes (a highlight move between entries without odds
    leaves it alone)."""

    def show_odds(self, title: str, chance_label: str, chance: float,
                  losses: Sequence[tuple[int, float]], notes: Sequence[str] = ()) -> None:
        out = Text(title + "\n", style="bold")
        out.append(f"{chance_label} {chance:6.1%} {bar(chance)}\n")
        out.append("grey cubes lost:\n")
        for k, p in losses:
            if p >= 0.0005:
                out.append(f"  {k}: {p:6.1%} {bar(p)}\n")
        for note in notes:
            out.append(f"{note}\n", style="italic")
        self.put(out)

    def clear_odds(self, text: "str | Text" = "") -> None:
        self.put(text)

"""The hint (`!`) on the Fall Blau screen: the best next order for the decision at hand and why
(rules/fallblau/hint.py), in plain words over the game (the shared ``HintScreen``)."""

from __future__ import annotations

from tui.widgets.hint_screen import HintScreen


def hint_words(h, path: str) -> str:
    """The hint as the screen shows it: the order, where it is in the menu, each reason on a line."""
    lines = [f"Hint: {h.order}."]
    if path:
        lines.append(f"In the menu: {path}.")
    lines.append("")
    lines += list(h.reasons)
    if h.rule:
        lines += ["", f"({h.rule})"]
    return "\n".join(lines)


def hint_screen(text: str) -> HintScreen:
    return HintScreen(text, "fb-hint")

"""The hint (`!`) on the Fall Blau screen: the best next order for the decision at hand and why
(rules/fallblau/hint.py), in plain words over the game; Enter, Esc, q or ! closes it, as the
Roads hint does (a key means one thing everywhere). The words carry everything, no colour:
a screen reader or a NO_COLOR terminal reads the same hint."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.footer import Footer


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


class HintScreen(ModalScreen):
    """The hint, over the game; any of Enter, Esc, q or ! closes it."""

    BINDINGS = [Binding("enter", "close", "Close"), Binding("escape", "close", show=False),
                Binding("q", "close", show=False), Binding("exclamation_mark", "close", show=False)]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="fb-hint"):
            yield VerticalScroll(Static(Text(self.text), id="fb-hint-body"))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

"""The hint (`!`) over a game's screen, for every game that gives one (Fall Blau, Roads): the
words in a box that scrolls when they are long; Enter, Esc, q or ! closes it (a key means one
thing everywhere). The words carry everything, no colour: a screen reader or a NO_COLOR
terminal reads the same hint. Each game's .tcss sizes its box (``box_id``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.footer import Footer


class HintScreen(ModalScreen):
    """The hint, over the game; any of Enter, Esc, q or ! closes it."""

    BINDINGS = [Binding("enter", "close", "Close"), Binding("escape", "close", show=False),
                Binding("q", "close", show=False), Binding("exclamation_mark", "close", show=False)]

    def __init__(self, text: str, box_id: str) -> None:
        super().__init__()
        self.text = text
        self.box_id = box_id

    def compose(self) -> ComposeResult:
        with Vertical(id=self.box_id):
            yield VerticalScroll(Static(Text(self.text), id=f"{self.box_id}-body"))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)

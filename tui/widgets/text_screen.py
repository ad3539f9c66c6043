"""A modal screen holding a long text (or any renderable) to read and scroll; q closes it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class TextScreen(ModalScreen[None]):
    """`title` above a scrolling `body` (a str is shown as plain text, never as markup)."""

    BINDINGS = [Binding("q", "close", "Close", id="back"), Binding("escape", "close", show=False)]

    def __init__(self, title: str, body) -> None:
        super().__init__()
        self.title_text = title
        self.body = Text(body) if isinstance(body, str) else body

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            yield Label(f"{self.title_text}  (q: close, arrows scroll)", id="help-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(self.body)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

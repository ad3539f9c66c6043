"""One confirmation for every game: before a roll, a withdrawal, the end of a turn or a loss of
resources, the screen says what will happen and takes one key (Enter or y); n or Esc cancels
and nothing is changed. ``app.confirmations`` (the launcher's Settings) turns them off."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = "Enter or y: do it · n or Esc: not now"


class ConfirmScreen(ModalScreen[bool]):
    """`title` (what is about to be done) in bold, then `body` (what it will cause), then the
    keys. Dismissed with True (Enter, y) or False (n, Esc, q)."""

    BINDINGS = [Binding("enter", "yes", "Do it", id="confirm"), Binding("y", "yes", show=False),
                Binding("n", "no", "Not now"), Binding("escape", "no", show=False),
                Binding("q", "no", show=False)]

    def __init__(self, title: str, body: RenderableType | str = "") -> None:
        super().__init__()
        self.title_text = title
        self.body = Text(body) if isinstance(body, str) else body

    def compose(self) -> ComposeResult:
        parts: list[RenderableType] = [Text(self.title_text, style="bold")]
        if self.body:
            parts.append(self.body)
        with Vertical(id="confirm-box"):
            with VerticalScroll(id="confirm-scroll"):
                yield Static(Group(*parts), id="confirm-body")
            yield Static(Text(KEYS, style="bold"), id="confirm-keys")

    def action_yes(self) -> None:
        if self.is_active:            # a second Enter arrives after the first closed it
            self.dismiss(True)

    def action_no(self) -> None:
        if self.is_active:
            self.dismiss(False)


def confirmations_on(app) -> bool:
    """The player's setting (on unless turned off)."""
    return getattr(app, "confirmations", True)

"""One confirmation for every game: before a roll, a withdrawal, the end of a turn or a loss of
resources, the screen says what will happen and takes one key (Enter or y); Esc or q cancels
and nothing is changed. Not n: in the menus beneath, n is an action (Roads' End the operation,
Fall Blau's End the turn), and one key means one thing (issue 23, item 12). ``app.confirmations`` (the launcher's Settings) turns them off."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = "Enter or y: do it · Esc or q: not now"


class ConfirmScreen(ModalScreen[bool]):
    """`title` (what is about to be done) in bold, then `body` (what it will cause), then the
    keys. Dismissed with True (Enter, y) or False (Esc, q)."""

    BINDINGS = [Binding("enter", "yes", "Do it", id="confirm"), Binding("y", "yes", show=False),
                Binding("escape", "no", "Not now"), Binding("q", "no", show=False)]

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

    holds_keys = False              # answered: keys typed after the answer wait (WartableApp)

    def action_yes(self) -> None:
        self._answer(True)

    def action_no(self) -> None:
        self._answer(False)

    def _answer(self, yes: bool) -> None:
        if self.is_active and not self.holds_keys:    # a second Enter arrives after the first
            self.holds_keys = True
            self.dismiss(yes)

    def on_key(self, event: events.Key) -> None:
        """A key typed right after the answer reached this screen before it closed: it goes
        back to the app, which holds it for the screen the answer opens (nothing is lost)."""
        if self.holds_keys:
            event.stop()
            event.prevent_default()
            self.app.post_message(events.Key(event.key, event.character))


def confirmations_on(app) -> bool:
    """The player's setting (on unless turned off)."""
    return getattr(app, "confirmations", True)

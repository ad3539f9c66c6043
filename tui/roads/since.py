"""Hot-seat: what happened since a player last had the keyboard, shown to that player as the
pass screen hands it over; Enter (or space, Esc) goes on to the game.

Only the game's events: the public log every seat sees (the `l` log, the log panel); a hand,
chits held and a secret choice are never events, and the card a player draws is told to that
player alone by the screen, outside the log.
"""

from __future__ import annotations

from typing import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from rules.core.events import Event
from tui.widgets.log_panel import event_mark, event_text


class SinceScreen(ModalScreen[None]):
    """The events since `who` last had the keyboard, oldest first, to scroll with the arrows."""

    BINDINGS = [Binding("enter", "close", "To the game", id="confirm"),
                Binding("space", "close", show=False), Binding("escape", "close", show=False)]

    def __init__(self, who: str, events: Sequence[Event], since: str = "since you last had the keyboard") -> None:
        super().__init__()
        self.who = who
        self.events = list(events)
        self.since = since

    def compose(self) -> ComposeResult:
        with Vertical(id="rd-since"):
            yield Label(f"{self.who}: {self.since}", id="rd-since-title")
            with VerticalScroll(id="rd-since-scroll"):
                yield Static(self.lines())
        yield Footer()

    def lines(self) -> Table:
        """One row an event, from the left edge: its mark (DICE, TURN, ...) in a column of its
        own only when some event has one, the sentence beside it, a long one wrapped under
        itself (not under the mark)."""
        marks = [event_mark(e) for e in self.events]
        grid = Table.grid(padding=(0, 1))
        if any(word for word, _ in marks):
            grid.add_column(no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        for event, (word, style) in zip(self.events, marks):
            text = event_text(event, mark=False)
            grid.add_row(*([Text(word, style=style or "")] if len(grid.columns) == 2 else []), text)
        return grid

    def on_mount(self) -> None:
        self.query_one("#rd-since-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

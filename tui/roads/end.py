"""The end of a Roads campaign: who won and why, and the VP, until Enter or q goes back to the
launcher."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from .panels import NAME


class RoadsEndScreen(ModalScreen[None]):
    BINDINGS = [Binding("q", "close", "Back to the launcher", id="back"),
                Binding("enter", "close", show=False, id="confirm")]

    def __init__(self, game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        o = self.game.outcome
        t = Text("THE CAMPAIGN IS OVER\n\n", style="bold")
        winner = NAME.get(o.winner or "", "")
        t.append(f"{winner + ' victory' if winner else 'A draw'}: {o.reason}.\n")
        t.append(f"VP: Axis {o.axis_vp}, Soviet {o.soviet_vp}\n\nEnter or q: back to the launcher")
        with Vertical(id="end"):
            yield Static(t)

    def action_close(self) -> None:
        self.dismiss(None)
        self.app.pop_screen()

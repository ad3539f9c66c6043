"""Victory's whole log (`l`): its own module, so the shared log screen is imported when asked."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label

from tui.widgets.common_screens import LogScreen

from .panels import VictoryLog


class VictoryLogScreen(LogScreen):
    """The whole log, with Victory's marks."""

    def compose(self) -> ComposeResult:
        with Vertical(id="fulllog"):
            yield Label("The whole log (q: close, arrows scroll)")
            yield VictoryLog(id="fulllog-body")

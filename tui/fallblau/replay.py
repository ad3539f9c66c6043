"""The replay viewer: step a save forward and back, with the position and its log."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from rules.core.save import command_from_json
from rules.registry import load_save
from tui.widgets.log_panel import LogPanel

from .map_panel import frontline, queue_and_captured, status_line
from .screen import CSS_FILE


class ReplayScreen(Screen):
    CSS_PATH = CSS_FILE

    BINDINGS = [
        Binding("right,n", "step(1)", "Next", id="next"),
        Binding("left,p", "step(-1)", "Previous", id="previous"),
        Binding("home,g", "jump(0)", "Start", id="start"),
        Binding("end,e", "jump(-1)", "End", id="end"),
        Binding("q", "back", "Back", id="back"),
    ]

    def __init__(self, text: str, name: str) -> None:
        super().__init__()
        self.text = text
        self.save_name = name
        self.full = load_save(text)          # validates the whole file first (digest)
        self.total = len(self.full.log)
        self.at = 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status")
        with VerticalScroll(id="replay-board"):
            yield Static(id="replay-map")
        yield LogPanel(id="replay-log")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        game = load_save(self.text, upto=self.at)
        head = Text(f"Replay of '{self.save_name}': command {self.at} of {self.total}", style="bold")
        if self.at < self.total:
            nxt = command_from_json(game.command_types, _raw_commands(self.text)[self.at])
            head.append(f"   next: {game.describe(nxt)}")
        head.append("\n")
        head.append_text(status_line(game))
        self.query_one("#replay-status", Static).update(head)
        body = Group(frontline(game, compact=self.app.size.width < 120), Text(""), queue_and_captured(game))
        self.query_one("#replay-map", Static).update(body)
        log = self.query_one(LogPanel)
        log.clear()
        log.add_events(game.events)

    def action_step(self, delta: int) -> None:
        self.at = max(0, min(self.total, self.at + delta))
        self._show()

    def action_jump(self, where: int) -> None:
        self.at = self.total if where < 0 else 0
        self._show()

    def action_back(self) -> None:
        self.app.pop_screen()


def _raw_commands(text: str) -> list:
    import json
    return json.loads(text)["commands"]

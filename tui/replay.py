"""The replay viewer: step any save (Fall Blau, Tide of Iron, Victory, Roads to Stalingrad)
forward and back, with the position as that game's screen draws it and the log in that game's
own words. A game with secrets (Roads) is replayed as both sides see it while it is unfinished."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from rules.core.save import command_from_json, dumps
from rules.registry import load_save
from tui.widgets.footer import Footer
from tui.widgets.log_panel import LogPanel


class GameView(NamedTuple):
    """How a replay draws one game: its status line, its board, and its log panel; `next`
    tells the next command (by default ``game.describe``; a game with secrets tells it as both
    sides may know it)."""

    status: Callable[[object, bool], RenderableType]     # (game, wide)
    board: Callable[[object, bool], RenderableType]      # (game, wide)
    log: Callable[..., LogPanel]
    next: Callable[[object, object], str] | None = None   # (game, command)


def _fallblau() -> GameView:
    from tui.fallblau.map_panel import frontline, queue_and_captured, status_line
    return GameView(lambda g, wide: status_line(g, wide=wide),
                    lambda g, wide: Group(frontline(g, compact=not wide), Text(""), queue_and_captured(g)),
                    LogPanel)


def _toi() -> GameView:
    from tui.toi.panels import command_cards, ledger, scenario_sheet, status_line
    return GameView(lambda g, wide: status_line(g, wide=wide),
                    lambda g, wide: Group(command_cards(g), ledger(g, compact=not wide),
                                          scenario_sheet(g, compact=not wide)),
                    LogPanel)


def _victory() -> GameView:
    from tui.victory.panels import VictoryLog, battles, status_line, vp_table
    return GameView(lambda g, wide: status_line(g),
                    lambda g, wide: Group(battles(g), Text(""), vp_table(g)),
                    VictoryLog)


def _roads(finished: bool) -> GameView:
    """Roads: unfinished, only what both sides may see (the view of neither side, the public
    words of a choice or a discard); the whole record once the game is over."""
    from rules.roads.describe import describe_public
    from tui.roads import replay_board
    return GameView(replay_board.status,
                    lambda g, wide: replay_board.board(g, wide, finished),
                    LogPanel,
                    None if finished else describe_public)


VIEWS: dict[str, Callable[[bool], GameView]] = {
    "fallblau": lambda _finished: _fallblau(), "toi": lambda _finished: _toi(),
    "victory": lambda _finished: _victory(), "roads": _roads}


def can_replay(game_id: str) -> bool:
    return game_id in VIEWS


class ReplayScreen(Screen):
    CSS_PATH = Path(__file__).with_name("replay.tcss")

    BINDINGS = [
        Binding("right,n", "step(1)", "Next", id="next"),
        Binding("left,p", "step(-1)", "Previous", id="previous"),
        Binding("home,g", "jump(0)", "Start", id="start"),
        Binding("end,e", "jump(-1)", "End", id="end"),
        Binding("q", "back", "Back", id="back"),
    ]

    def __init__(self, game, name: str) -> None:
        """``game``: a game loaded from a save (``tui.storage.load`` has checked it)."""
        super().__init__()
        if not can_replay(game.game_id):
            raise ValueError(f"Replay does not know the game '{game.game_id}'.")
        self.text = dumps(game)
        self.save_name = name
        self.finished = game.outcome is not None
        self.view = VIEWS[game.game_id](self.finished)
        self.commands = json.loads(self.text)["commands"]
        self.total = len(game.log)
        self.at = 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status")
        with VerticalScroll(id="replay-board"):
            yield Static(id="replay-map")
        yield self.view.log(id="replay-log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#replay-board").focus()      # arrows and PgUp/PgDn scroll the board
        self._show()

    def _show(self) -> None:
        game = load_save(self.text, upto=self.at)
        wide = self.app.size.width >= 120
        head = Text(f"Replay of '{self.save_name}': command {self.at} of {self.total}", style="bold",
                    no_wrap=True, overflow="ellipsis")
        head.append("  (arrows scroll the board)", style="not bold")
        # one line each, cut to the width: the header, the next command and the status stay in sight
        nxt = Text("next: ", style="bold", no_wrap=True, overflow="ellipsis")
        if self.at < self.total:
            cmd = command_from_json(game.command_types, self.commands[self.at])
            nxt.append(self.view.next(game, cmd) if self.view.next else game.describe(cmd))
        else:
            nxt.append("(the end of the save)")
        status = self.view.status(game, wide)
        if isinstance(status, Text):
            status.no_wrap, status.overflow = True, "ellipsis"
        self.query_one("#replay-status", Static).update(Group(head, nxt, status))
        self.query_one("#replay-map", Static).update(self.view.board(game, wide))
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

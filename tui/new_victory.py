"""New Victory campaign: duel, round robin or team play, and the players' names."""

from __future__ import annotations

import secrets

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from tui.widgets.footer import Footer

MODES = ("duel", "round-robin", "team")
DEFAULT_NAMES = {"duel": "Axis, Allies", "round-robin": "Anna, Ben, Carl", "team": "Anna, Ben | Carl, Dora"}


class NewVictoryScreen(Screen):
    BINDINGS = [
        Binding("m", "mode", "Mode", id="mode"),
        Binding("n", "names", "Names", id="names"),
        Binding("enter", "start", "Start", id="confirm"),
        Binding("q", "back", "Back", id="back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.mode = "duel"
        self.names = DEFAULT_NAMES[self.mode]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            yield Static(id="newvic-body")
            yield Input(placeholder="names, separated by commas (team play: Axis team | Allied team)",
                        id="names", max_length=120)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).display = False
        self._redraw()

    def _redraw(self) -> None:
        t = Text("New campaign: Victory, The Blocks of War (ten battles)\n\n", style="bold")
        t.append("The battles are fought on your own table; wartable keeps the campaign.\n\n")
        t.append(f" [m] mode: {self.mode}\n", style="bold")
        t.append({"duel": "     two players: the first is Axis, the second Allied\n",
                  "round-robin": "     three or more players, paired at random each battle (7.1)\n",
                  "team": "     two teams, Axis | Allied, matched at random each battle (7.2)\n"}[self.mode])
        t.append(f" [n] players: {self.names}\n")
        t.append("\n [Enter] start   [q] back", style="bold")
        self.query_one("#newvic-body", Static).update(t)

    def action_mode(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.names = DEFAULT_NAMES[self.mode]
        self._redraw()

    def action_names(self) -> None:
        box = self.query_one(Input)
        box.display = True
        box.value = self.names
        self.set_focus(box)          # at once: keys typed right after go into the field

    @on(Input.Submitted)
    def _names(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.names = event.value.strip()
        event.input.display = False
        self.set_focus(None)
        self._redraw()

    def action_start(self) -> None:
        if self.query_one(Input).has_focus:
            return
        from rules.victory import new_game
        seed = secrets.randbelow(1_000_000)
        try:
            if self.mode == "team":
                axis, _, allied = self.names.partition("|")
                teams = {"axis": _split(axis), "allied": _split(allied)}
                game = new_game(seed=seed, players=tuple(teams["axis"] + teams["allied"]), mode="team", teams=teams)
            else:
                game = new_game(seed=seed, players=tuple(_split(self.names)), mode=self.mode)
        except (ValueError, TypeError) as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.app.pop_screen()
        self.app.open_game(game)

    def action_back(self) -> None:
        self.app.pop_screen()


def _split(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]

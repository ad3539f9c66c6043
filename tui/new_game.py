"""New campaign options for Fall Blau: Generals and their order, modes, seed."""

from __future__ import annotations

import datetime
import secrets

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from tui.widgets.footer import Footer


class NewFallBlauScreen(Screen):
    """New campaign options: Generals and their order, modes, seed."""

    BINDINGS = [
        Binding("x", "draw", "Random", id="draw"),
        Binding("h", "hard", "Hard", id="hard"),
        Binding("m", "missions", "Missions", id="missions"),
        Binding("d", "daily", "Daily", id="daily"),
        Binding("e", "seed", "Seed", id="seed"),
        Binding("enter", "start", "Start", id="confirm"),
        Binding("q", "back", "Back", id="back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        from rules.fallblau.content import load
        self.content = load()
        self.ids = list(self.content.generals)
        self.picked: list[str] = []
        self.hard = False
        self.missions = False
        self.daily = False
        self.seed = secrets.randbelow(1_000_000)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            yield Static(id="newgame-body")
            yield Input(placeholder="seed (digits), Enter to keep", id="seed-input", type="integer")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).display = False
        self._redraw()

    def _redraw(self) -> None:
        t = Text("New campaign: Fall Blau\n\n", style="bold")
        t.append("Choose three Generals in frontline order (press 1-5; press again to take back):\n")
        for index, gid in enumerate(self.ids, start=1):
            g = self.content.generals[gid]
            pos = f"-> position {self.picked.index(gid) + 1}" if gid in self.picked else ""
            kind = "Panzer" if g.kind == "panzer" else "regular"
            t.append(f" [{index}] {g.name}, {g.army} ({kind}, {g.cubes} cubes) {pos}\n", style="bold" if pos else None)
            width = max(20, self.app.size.width - 8)
            ability = g.ability_text if len(g.ability_text) <= width else g.ability_text[: width - 1] + "…"
            t.append(f"     {ability}\n", style="italic")
        t.append(f"\n [x] draw three at random   [h] Hard Mode: {'ON' if self.hard else 'off'}"
                 f"   [m] Missions Mode: {'ON' if self.missions else 'off'}\n")
        seed = f"daily campaign {self.seed}" if self.daily else str(self.seed)
        t.append(f" [d] daily campaign seed   [e] enter a seed   seed: {seed}\n")
        ready = len(self.picked) == 3
        t.append("\n [Enter] start the campaign" if ready else "\n Pick three Generals to start.",
                 style="bold" if ready else "italic")
        t.append("   [q] back")
        self.query_one("#newgame-body", Static).update(t)

    def on_key(self, event) -> None:
        if self.query_one(Input).has_focus:
            return
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.ids):
                gid = self.ids[index]
                if gid in self.picked:
                    self.picked.remove(gid)
                elif len(self.picked) < 3:
                    self.picked.append(gid)
                self._redraw()
                event.stop()

    def action_draw(self) -> None:
        self.picked = []
        pool = list(self.ids)
        for _ in range(3):
            self.picked.append(pool.pop(secrets.randbelow(len(pool))))
        self._redraw()

    def action_hard(self) -> None:
        self.hard = not self.hard
        self._redraw()

    def action_missions(self) -> None:
        self.missions = not self.missions
        self._redraw()

    def action_daily(self) -> None:
        self.daily = not self.daily
        if self.daily:
            self.seed = int(datetime.date.today().strftime("%Y%m%d"))
        self._redraw()

    def action_seed(self) -> None:
        box = self.query_one(Input)
        box.display = True
        box.value = ""
        box.focus()

    @on(Input.Submitted, "#seed-input")
    def _seed_entered(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text:
            try:
                self.seed = int(text)
                self.daily = False
            except ValueError:
                self.notify("A seed is a whole number.", severity="error")
        event.input.display = False
        self.set_focus(None)
        self._redraw()

    def action_start(self) -> None:
        if self.query_one(Input).has_focus:
            return
        if len(self.picked) != 3:
            self.notify("Pick three Generals first (1-5), or x to draw them at random.", severity="warning")
            return
        from rules.fallblau import new_game
        game = new_game(seed=self.seed, generals=tuple(self.picked), hard=self.hard, missions=self.missions)
        self.app.pop_screen()
        self.app.open_game(game)

    def action_back(self) -> None:
        self.app.pop_screen()

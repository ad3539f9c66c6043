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
        Binding("question_mark", "help", "Help", id="help"),
        Binding("r", "rules", "Rules", id="rules"),
        Binding("c", "cards", "Cards", id="cards"),
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
        self.query_one("#newgame").focus()          # arrows and PgUp/PgDn scroll the options

    def _redraw(self) -> None:
        """At 80x24 everything fits: the Generals' abilities whole, the options and the keys."""
        t = Text("New campaign: Fall Blau   ", style="bold")
        ready = len(self.picked) == 3
        t.append("[Enter] start the campaign" if ready else "Pick three Generals to start.",
                 style="bold reverse" if ready else "italic")
        t.append("   [q] back\n")
        t.append("Three Generals in frontline order: press 1-5 (again takes one back).\n")
        for index, gid in enumerate(self.ids, start=1):
            g = self.content.generals[gid]
            pos = f"-> position {self.picked.index(gid) + 1}" if gid in self.picked else ""
            kind = "Panzer" if g.kind == "panzer" else "regular"
            t.append(f" [{index}] {g.name}, {g.army} ({kind}, {g.cubes} cubes) {pos}\n", style="bold" if pos else None)
            t.append_text(Text(f"{g.ability_text}\n", style="italic"))      # whole: the terminal wraps it
        t.append(f"\n [x] draw three at random   [h] Hard Mode: {'ON' if self.hard else 'off'}"
                 f"   [m] Missions Mode: {'ON' if self.missions else 'off'}\n")
        seed = f"daily campaign {self.seed}" if self.daily else str(self.seed)
        t.append(f" [d] daily campaign seed   [e] enter a seed   seed: {seed}\n")
        t.append(" [?] help on the set-up   [r] the rules   [c] the cards   arrows scroll", style="dim")
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
        self.set_focus(box)          # at once: keys typed right after go into the field

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

    def check_action(self, action: str, parameters) -> bool | None:
        """While the seed is typed, letters are the seed's (digits only): no other key acts."""
        return action in ("start", "back") or not self.query_one(Input).has_focus

    def action_help(self) -> None:
        from rules.fallblau.help import load_help
        from tui.fallblau.screen import HelpScreen
        topics = load_help()
        keys = ("Keys: 1-5 pick a General (in frontline order; again takes him back), x three at random, "
                "h Hard Mode, m Missions Mode, d the daily seed, e type a seed, Enter start, q back, "
                "r the rules, c the cards, arrows scroll.\n")
        self.app.push_screen(HelpScreen("Help: a new campaign", [topics[t] for t in ("setup", "abilities", "hard_mode", "missions")], keys=keys))

    def action_rules(self) -> None:
        from rules.fallblau.help import load_help
        from tui.fallblau.cards import card_reference
        from tui.fallblau.screen import HelpScreen
        self.app.push_screen(HelpScreen("Rules reference: Campaign: Fall Blau", list(load_help().values()),
                                        extra=card_reference()))

    def action_cards(self) -> None:
        from tui.fallblau.cards import card_reference
        from tui.widgets.text_screen import TextScreen
        self.app.push_screen(TextScreen("Cards: Campaign: Fall Blau", card_reference()))

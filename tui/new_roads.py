"""New Roads to Stalingrad campaign: two players at one keyboard, or one against the computer."""

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

# (label, the side the computer plays)
MODES = (("two players, hot-seat", ""), ("you play the Axis, the computer the Soviets", "soviet"),
         ("you play the Soviets, the computer the Axis", "axis"))


DEFAULT_NAMES = ("Axis player, Soviet player", "Axis player", "Soviet player")
STRENGTHS = (("easy", "quick, by doctrine in battle"), ("normal", "about a second a move"),
             ("hard", "a few seconds a move, a real test"),
             ("expert", "up to 2 s a move, the strongest"))


class NewRoadsScreen(Screen):
    BINDINGS = [
        Binding("m", "mode", "Mode", id="mode"),
        Binding("n", "names", "Names", id="names"),
        Binding("d", "seed", "Seed", id="seed"),
        Binding("s", "strength", "Strength", id="strength"),
        Binding("enter", "start", "Start", id="confirm"),
        Binding("q", "back", "Back", id="back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.mode = 0
        self.names = DEFAULT_NAMES[0]
        self.seed = secrets.randbelow(1_000_000)
        self.strength = 1                          # normal
        self.editing = ""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            yield Static(id="newroads-body")
            yield Input(id="newroads-input", max_length=80)
        yield Footer()

    def on_mount(self) -> None:
        # the strength chosen last time (the launcher's Settings keep it)
        names = [name for name, _ in STRENGTHS]
        kept = getattr(self.app, "roads_strength", "normal")
        self.strength = names.index(kept) if kept in names else 1
        self.query_one(Input).display = False
        self._redraw()

    def _redraw(self) -> None:
        t = Text("New campaign: Roads to Stalingrad (Campaign Commander)\n\n", style="bold")
        t.append("Summer 1942 to the winter: Fall Blau, the Don, the Caucasus and the Volga.\n\n")
        t.append(f" [m] players: {MODES[self.mode][0]}\n", style="bold")
        t.append(f" [n] {'names' if not MODES[self.mode][1] else 'your name'}: {self.names}\n")
        if not MODES[self.mode][1]:
            t.append("     (Axis first, then Soviet)\n", style="dim")
        else:
            name, what = STRENGTHS[self.strength]
            t.append(f" [s] computer: {name} ({what})\n")
            t.append("     (kept for your next game; also in the launcher's Settings)\n",
                     style="dim")
        t.append(f" [d] seed: {self.seed}\n")
        t.append("\n [Enter] start   [q] back", style="bold")
        self.query_one("#newroads-body", Static).update(t)

    def action_mode(self) -> None:
        self.mode = (self.mode + 1) % len(MODES)
        self.names = DEFAULT_NAMES[self.mode]
        self._redraw()

    def action_strength(self) -> None:
        if not MODES[self.mode][1]:
            self.notify("The strength is for a game against the computer (m: players).")
            return
        self.strength = (self.strength + 1) % len(STRENGTHS)
        self._redraw()

    def _edit(self, what: str, value: str) -> None:
        box = self.query_one(Input)
        self.editing = what
        box.placeholder = "Axis name, Soviet name" if what == "names" else "a whole number"
        box.display = True
        box.value = value
        self.set_focus(box)          # at once: keys typed right after go into the field

    def action_names(self) -> None:
        self._edit("names", self.names)

    def action_seed(self) -> None:
        self._edit("seed", str(self.seed))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if self.editing == "seed":
            if not value.isdigit():
                self.notify("The seed is a whole number, 0 or more.", severity="error")
                return
            self.seed = int(value)
        elif value:
            self.names = value
        event.input.display = False
        self.set_focus(None)
        self._redraw()

    def players(self) -> dict[str, str]:
        names = [n.strip() for n in self.names.split(",") if n.strip()]
        computer = MODES[self.mode][1]
        if computer == "soviet":
            return {"axis": names[0] if names else "Axis player", "soviet": "Computer"}
        if computer == "axis":
            return {"axis": "Computer", "soviet": names[0] if names else "Soviet player"}
        return {"axis": names[0] if names else "Axis player",
                "soviet": names[1] if len(names) > 1 else "Soviet player"}

    def action_start(self) -> None:
        if self.query_one(Input).has_focus:
            return
        from rules.roads import new_game
        from tui.roads.kept import keep_content
        keep_content()
        computer = MODES[self.mode][1]
        strength = STRENGTHS[self.strength][0] if computer else ""
        if strength:
            self._keep_strength(strength)
        game = new_game(seed=self.seed, players=self.players(), computer=computer,
                        strength=strength)
        self.app.pop_screen()
        self.app.open_game(game)

    def _keep_strength(self, strength: str) -> None:
        """The strength of this game is offered first next time (the Settings' entry)."""
        if getattr(self.app, "roads_strength", None) == strength:
            return
        from tui import storage
        try:
            storage.save_setting("roads_strength", strength)
        except (OSError, ValueError) as exc:
            self.notify(f"The strength could not be kept for next time: {exc}",
                        severity="warning", timeout=8)
            return
        self.app.roads_strength = strength

    def action_back(self) -> None:
        self.app.pop_screen()

"""New Tide of Iron campaign: the first scenario, a double campaign or one scenario alone,
and the players' names."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from tui.widgets.footer import Footer


class NewToIScreen(Screen):
    BINDINGS = [
        Binding("d", "double", "Double", id="double"),
        Binding("a", "alone", "One scenario", id="alone"),
        Binding("n", "names", "Names", id="names"),
        Binding("enter", "start", "Start", id="confirm"),
        Binding("q", "back", "Back", id="back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        from rules.toi.content import load
        self.content = load()
        self.order = list(self.content.constants.scenario_order)
        self.start = self.order[0]
        self.double = False
        self.alone = False
        self.players = ["Player 1", "Player 2"]
        self._before = list(self.players)        # the names when the fields were opened

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            yield Static(id="newtoi-body")
            yield Input(placeholder="German player's name (first campaign)", id="name-0", max_length=24)
            yield Input(placeholder="Soviet player's name (first campaign)", id="name-1", max_length=24)
        yield Footer()

    def on_mount(self) -> None:
        for box in self.query(Input):
            box.display = False
        self._redraw()

    def _redraw(self) -> None:
        t = Text("New campaign: Tide of Iron, Stalingrad (two players, hot-seat)\n\n", style="bold")
        t.append("The battles are fought on your own table; wartable keeps the campaign.\n\n")
        t.append("First scenario (press 1-4):\n")
        for index, sid in enumerate(self.order, start=1):
            sc = self.content.scenarios[sid]
            mark = "  <- start here" if sid == self.start else ""
            t.append(f" [{index}] {sc.name}{mark}\n", style="bold" if mark else None)
        t.append(f"\n [a] only this scenario: {'YES' if self.alone else 'no'}"
                 f"   [d] double campaign, sides switched: {'YES' if self.double else 'no'}\n")
        t.append(f" [n] names: German {self.players[0]}, Soviet {self.players[1]}"
                 + (" (sides switch in the second campaign)" if self.double else "") + "\n")
        if self.is_mounted and self.query_one("#name-0", Input).display:
            t.append("\n Names: type the German name, Tab or Enter for the Soviet name, Enter "
                     "when done (an empty field keeps the name).", style="bold")
        else:
            t.append("\n [Enter] start   [q] back", style="bold")
        self.query_one("#newtoi-body", Static).update(t)

    def on_key(self, event) -> None:
        if any(box.has_focus for box in self.query(Input)):
            return
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.order):
                self.start = self.order[index]
                self._redraw()
                event.stop()

    def action_double(self) -> None:
        self.double = not self.double
        if self.double:
            self.alone = False
        self._redraw()

    def action_alone(self) -> None:
        self.alone = not self.alone
        if self.alone:
            self.double = False
        self._redraw()

    def action_names(self) -> None:
        """Show both name fields: Tab or Enter moves from the German name to the Soviet one,
        Enter on the second closes them."""
        self._before = list(self.players)
        first = self.query_one("#name-0", Input)
        for box in self.query(Input):
            box.display = True
        first.focus()
        self._redraw()

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        """Each name is taken as it is typed, so leaving its field by Tab keeps it too (an
        empty field keeps the name held before)."""
        index = int(event.input.id[-1])
        self.players[index] = event.value.strip() or self._before[index]
        self._redraw()

    @on(Input.Submitted)
    def _name_submitted(self, event: Input.Submitted) -> None:
        index = int(event.input.id[-1])
        if index == 0:
            self.query_one("#name-1", Input).focus()
        else:
            for box in self.query(Input):
                box.display = False
            self.set_focus(None)
        self._redraw()

    def action_start(self) -> None:
        if any(box.has_focus for box in self.query(Input)):
            return
        from rules.toi import new_game
        try:
            game = new_game(start=self.start, double=self.double, standalone=self.alone,
                            players=tuple(self.players))
        except ValueError as exc:             # e.g. the same name twice
            self.notify(f"Cannot start: {exc}. Press n to change the names.", severity="error", timeout=8)
            return
        self.app.pop_screen()
        self.app.open_game(game)

    def action_back(self) -> None:
        self.app.pop_screen()

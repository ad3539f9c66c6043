"""The Victory campaign screen: VP, battles, rosters, and the guided steps of each battle."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Static

from rules.core.errors import IllegalCommand
from rules.victory import EnterBattlePoints
from rules.victory.export import campaign_markdown
from rules.victory.game import Victory
from rules.victory.help import load_help, reference_card
from tui.game_screen import GameScreen
from tui.widgets.command_menu import CommandMenu
from tui.widgets.log_panel import LogPanel

from .menu import menu_entries
from .panels import battles, roster, status_line, vp_table

CSS_FILE = Path(__file__).with_name("victory.tcss")


class VictoryScreen(GameScreen):
    """Run a Victory campaign between battles fought on the players' own table."""

    CSS_PATH = CSS_FILE
    BINDINGS = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("r", "rules", "Rule 3 card", id="rules"),
        Binding("q", "back", "Back", id="back"),
        Binding("s", "save", "Save", id="save"),
        Binding("l", "log", "Log", id="log"),
        Binding("x", "export", "Export", id="export"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="vic-status")
        with Horizontal(id="vic-main"):
            with VerticalScroll(id="vic-board"):
                yield Static(id="vic-vp")
                yield Static(id="vic-battles")
                yield Static(id="vic-roster")
            with Vertical(id="vic-side"):
                yield CommandMenu(id="vic-menu")
        yield LogPanel(id="vic-log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(LogPanel).add_events(self.game.events)
        self.refresh_view()
        self.query_one("#menu-options").focus()
        if self.game.outcome is not None:
            self.call_after_refresh(self.show_end)

    # -- GameScreen ------------------------------------------------------------------------
    def player_to_act(self) -> str | None:
        acting = self.game.acting()
        return acting[0] if len(acting) == 1 else None

    def end_screen(self) -> ModalScreen:
        return VictoryEndScreen(self.game)

    def refresh_view(self) -> None:
        game: Victory = self.game
        self.query_one("#vic-status", Static).update(status_line(game))
        self.query_one("#vic-vp", Static).update(vp_table(game))
        self.query_one("#vic-battles", Static).update(battles(game))
        acting = game.acting()
        shown = acting if game.mode != "round-robin" else acting[:1] if len(acting) == 1 else ()
        if game.mode == "duel" and not acting:
            shown = game.players
        self.query_one("#vic-roster", Static).update(Group(*(roster(game, p) for p in shown)))
        title, entries = menu_entries(game)
        self.query_one(CommandMenu).set_entries(entries, title)

    # -- the menu ----------------------------------------------------------------------------
    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        choice = message.command
        if isinstance(choice, str) and choice.startswith("bp:"):
            self.app.push_screen(BattlePointsScreen(self, choice[3:]))
        else:
            self.play(choice)

    def action_back(self) -> None:
        if not self.query_one(CommandMenu).back():
            self.app.pop_screen()

    def action_help(self) -> None:
        from tui.fallblau.screen import HelpScreen
        self.app.push_screen(HelpScreen("Help: Victory campaign game", list(load_help().values())))

    def action_rules(self) -> None:
        from tui.fallblau.screen import HelpScreen
        self.app.push_screen(HelpScreen("Rule 3: changes to the Victory rules", reference_card()))

    def action_export(self) -> None:
        self.export({"victory-campaign-record": campaign_markdown(self.game)})


class BattlePointsScreen(ModalScreen[None]):
    """5.1: a player's Battle Points: cities in supply (their value) and resources in supply."""

    BINDINGS = [Binding("escape", "close", "Close", id="close")]

    def __init__(self, owner: VictoryScreen, player: str) -> None:
        super().__init__()
        self.owner = owner
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="bp-form"):
            yield Static(f"{self.player}: Battle Points (5.1). Tab moves between fields; Enter in the "
                         "last field, or the Enter button, records them.", id="bp-title")
            with Horizontal(classes="bp-row"):
                yield Label("value of friendly cities in supply:", classes="bp-label")
                yield Input("0", type="integer", id="bp-cities", max_length=3, classes="bp-number")
            with Horizontal(classes="bp-row"):
                yield Label("friendly resources in supply:", classes="bp-label")
                yield Input("0", type="integer", id="bp-resources", max_length=3, classes="bp-number")
            yield Static(id="bp-error")
            with Horizontal(classes="bp-row"):
                yield Button("Enter", id="bp-enter")
                yield Button("Cancel", id="bp-cancel")

    def on_mount(self) -> None:
        self.query_one("#bp-cities", Input).focus()

    def _submit(self) -> None:
        try:
            cities = int(self.query_one("#bp-cities", Input).value or "0")
            resources = int(self.query_one("#bp-resources", Input).value or "0")
        except ValueError:
            self.query_one("#bp-error", Static).update(Text("Whole numbers only.", style="bold red"))
            return
        cmd = EnterBattlePoints(self.player, cities, resources)
        try:
            events = self.owner.game.apply(cmd)
        except IllegalCommand as exc:
            self.query_one("#bp-error", Static).update(Text(f"Refused: {exc}", style="bold red"))
            return
        self.dismiss(None)
        self.owner.after(events)

    @on(Input.Submitted, "#bp-cities")
    def _next_field(self) -> None:
        self.query_one("#bp-resources", Input).focus()

    @on(Input.Submitted, "#bp-resources")
    def _enter(self) -> None:
        self._submit()

    @on(Button.Pressed, "#bp-enter")
    def _enter_button(self) -> None:
        self._submit()

    @on(Button.Pressed, "#bp-cancel")
    def _cancel_button(self) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class VictoryEndScreen(ModalScreen[None]):
    BINDINGS = [Binding("q", "close", "Back to the launcher", id="back"),
                Binding("enter", "close", "Back to the launcher", show=False, id="confirm")]

    def __init__(self, game: Victory) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        o = self.game.outcome
        body = Text("THE CAMPAIGN IS OVER\n\n", style="bold")
        body.append(o.reason + "\n\n")
        body.append("Enter or q: back to the launcher · x on the campaign screen exports the record")
        with Vertical(id="end"):
            yield Static(Group(body, vp_table(self.game)))

    def action_close(self) -> None:
        self.dismiss(None)
        self.app.pop_screen()

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
from textual.widgets import Button, Input, Label, Static

from rules.core.errors import IllegalCommand
from rules.victory import (
    AddUnit,
    CallSpecialGroup,
    DrawPairings,
    EngineerRoll,
    MarineRoll,
    NextTurn,
    RollBattleLength,
    RollInitiative,
    RollLayout,
    RollMaps,
    Withdraw,
    ConfirmBattleGroup,
    ConfirmReinforcements,
    EnterBattlePoints,
    LoseUnit,
    Reinforce,
    RemoveUnit,
    SpecialUnit,
    Transfer,
    UnitsDone,
)
from rules.victory.game import Victory
from tui import storage
from tui.game_screen import GameScreen
from tui.widgets.command_menu import CommandMenu, Keyed
from tui.widgets.footer import Footer

from .menu import FREE_KEYS, menu_commands, menu_entries
from .panels import VictoryLog, battles, roster, status_line, vp_table

CSS_FILE = Path(__file__).with_name("victory.tcss")


class VictoryScreen(GameScreen):
    """Run a Victory campaign between battles fought on the players' own table."""

    CSS_PATH = CSS_FILE
    _shown: tuple[str, ...] = ()
    BINDINGS = [
        Binding("r", "rules", "Rules", id="rules"),
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
        yield VictoryLog(id="vic-log")
        yield Footer()

    # -- GameScreen: the seat ----------------------------------------------------------------
    def keeps_secrets(self) -> bool:
        return self.game.mode == "round-robin"            # 7.1: each Battle Group is secret

    def owner_of(self, command) -> str | None:
        return _owner(command) if isinstance(command, SECRET) else None

    def player_to_act(self) -> str | None:
        game: Victory = self.game
        if not self.keeps_secrets():
            acting = game.acting()
            return acting[0] if len(acting) == 1 else None
        # Round robin: the seat stays with its player while they have secret work; it goes by
        # itself to a player who alone has anything to do; otherwise the menu offers the seats.
        legal = game.legal()
        owners = _secret_owners(game, legal)
        if self._to_act in owners:
            return self._to_act
        if len(owners) == 1 and all(_owner(c) == owners[0] for c in legal):
            return owners[0]
        return None

    def end_screen(self) -> ModalScreen:
        return VictoryEndScreen(self.game)

    def refresh_view(self) -> None:
        game: Victory = self.game
        self.query_one("#vic-status", Static).update(status_line(game))
        self.query_one("#vic-vp", Static).update(vp_table(game))
        self.query_one("#vic-battles", Static).update(battles(game))
        menu = self.query_one(CommandMenu)
        if not self.keeps_secrets():
            acting = game.acting()
            self._shown = tuple(acting or game.players)
            self._show_rosters()
            title, entries = menu_entries(game)
            menu.set_entries(entries, title, keep_place=self._repeats(), free_keys=FREE_KEYS)
            return
        seat = None if self.concealed else self._to_act
        self._shown = (seat,) if seat else ()
        self._show_rosters()
        if self.concealed:
            menu.set_entries([], f"Waiting for {self._to_act}")
            return
        legal = menu_commands(game)
        if seat is not None:
            # 7.1: the seat's own commands only; a way to hand the keyboard on if others wait
            title, entries = menu_entries(game, [c for c in legal if _owner(c) == seat])
            entries = [(path[1:] if path[0] == seat and len(path) > 1 else path, cmd) for path, cmd in entries]
            if any(_owner(c) != seat for c in legal):
                entries.append(((Keyed(f"Hide my Battle Group: {seat} is done for now", "z"),), "seat:"))
        else:
            title, entries = menu_entries(game, [c for c in legal if not isinstance(c, SECRET)])
            for p in _secret_owners(game, legal):
                key = str(game.players.index(p) + 1)        # the player's own digit
                entries.append(((Keyed(f"{p}: take the keyboard (Battle Group)", key),), f"seat:{p}"))
        menu.set_entries(entries, title, keep_place=self._repeats(), free_keys=FREE_KEYS)

    def _repeats(self) -> bool:
        """The last command is one a player gives again and again (units one by one): the
        menu stays where it was given."""
        log = self.game.log
        return bool(log) and isinstance(log[-1], REPEATED)

    def _arrange(self) -> None:
        """Choosing, losses, reinforcements: the Battle Groups are what the players need to see,
        so they come right after the VP table (the ones being worked on first); during a battle
        the battle comes first."""
        board = self.query_one("#vic-board")
        vp, fights, rosters = (self.query_one(f"#vic-{name}") for name in ("vp", "battles", "roster"))
        busy = [p for p in self._shown if self._roster_step(p)]
        order = [vp, rosters, fights] if busy else [vp, fights, rosters]
        if list(board.children) != order:
            for widget in reversed(order):
                board.move_child(widget, before=0)
            board.scroll_home(animate=False)

    _rosters_wide: bool | None = None     # the form the rosters were drawn in

    def _show_rosters(self) -> None:
        self._rosters_wide = self.app.size.width >= 120
        if self.concealed:
            to_act = self._to_act
            rosters = Group(Text(f"{to_act}'s Battle Group is shown when {to_act} has the keyboard.",
                                 style="italic"))
        else:
            wide = self.app.size.width >= 120          # the -wide breakpoint: room for "Joined"
            first = sorted(self._shown, key=lambda p: not self._roster_step(p))
            rosters = Group(*(roster(self.game, p, joined=wide) for p in first))
        self.query_one("#vic-roster", Static).update(rosters)
        self._arrange()

    def on_resize(self) -> None:
        """Wider or narrower: the rosters have a wide form (with "Joined"); a Resize to the same
        form (the screen's first layout, the terminal's first size report) redraws nothing."""
        if self.is_mounted and self.game is not None and (self.app.size.width >= 120) != self._rosters_wide:
            self._show_rosters()

    def _roster_step(self, player: str) -> bool:
        game: Victory = self.game
        if game.state.phase == "choose":
            return True
        if game.state.round.step != "battles":
            return False
        m = game.match_of(player)
        return (m.step if m else "bye") in ("losses", "reinforce", "special_units", "bye")

    # -- the menu ----------------------------------------------------------------------------
    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if not message.current:
            return
        choice = message.command
        if isinstance(choice, str) and choice.startswith("seat:"):
            if choice[5:]:
                self.hand_over(choice[5:])          # the named player takes the keyboard
            else:
                self._to_act = None                 # the seat gives the keyboard up
                self.refresh_view()
        elif isinstance(choice, str) and choice.startswith("bp:"):
            self.app.push_screen(BattlePointsScreen(self, choice[3:]))
        else:
            self.give(choice)

    def confirmation(self, command):
        """A roll, a withdrawal, the end of a turn and the one-time Special Group are
        confirmed first (a roll cannot be taken back)."""
        game: Victory = self.game
        text = game.describe(command)
        match command:
            case Withdraw(player=p):
                m = game.match_of(p)
                opp = m.opponent(p) if m else "the opponent"
                return (f"{text}?", f"Withdraw ends the battle (4.5): {opp} scores "
                        f"{game.c.withdrawal_min_vp} VP or the calculated VP, whichever is higher.")
            case NextTurn():
                return f"{text}?", "The turn is over for both players; the next one begins."
            case CallSpecialGroup():
                return f"{text}?", "The Special Reinforcement Group can be called once a campaign (5.5)."
            case _ if isinstance(command, ROLLS):
                return f"{text}?", "The dice are rolled at once; the roll cannot be taken back."
        return None

    def action_help(self) -> None:
        from rules.victory.help import load_help        # help, log and export: imported when asked
        from tui.widgets.common_screens import HelpScreen
        self.app.push_screen(HelpScreen("Help: Victory campaign game", list(load_help().values()),
                                        keys=self.keys_help()))

    def action_rules(self) -> None:
        from rules.victory.help import rules_reference
        from tui.widgets.common_screens import HelpScreen
        self.app.push_screen(HelpScreen("Rules reference: Victory campaign (rule 3's changes first)",
                                        rules_reference()))

    def action_log(self) -> None:
        from .log_screen import VictoryLogScreen
        self.app.push_screen(VictoryLogScreen(self.game.events))

    def action_export(self) -> None:
        # during play only what every player may see; the whole record at the end (7.1)
        from rules.victory.export import campaign_markdown
        self.export({"victory-campaign-record": campaign_markdown(self.game, public=True)})


# 7.1: the commands that show or shape a player's secret Battle Group
SECRET = (AddUnit, RemoveUnit, ConfirmBattleGroup, LoseUnit, UnitsDone, Reinforce,
          ConfirmReinforcements, SpecialUnit, Transfer)


# the commands that roll (or draw at random): confirmed first
ROLLS = (DrawPairings, RollMaps, RollLayout, RollInitiative, RollBattleLength, EngineerRoll, MarineRoll)


# the choices made many times in a row: the menu stays at their level after each
REPEATED = (AddUnit, RemoveUnit, LoseUnit, Reinforce, SpecialUnit, Transfer)


def _secret_owners(game: Victory, legal) -> list[str]:
    """The players, in order, with secret work to do among `legal`."""
    owners = {_owner(c) for c in legal if isinstance(c, SECRET)}
    return [p for p in game.players if p in owners]


def _owner(cmd) -> str | None:
    """The player a menu command belongs to (None: a battle's shared rolls and turns)."""
    if isinstance(cmd, str) and cmd.startswith("bp:"):
        return cmd[3:]
    return getattr(cmd, "player", None) or getattr(cmd, "sender", None)


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
        if not self.is_active:        # late (a second Enter): the form is already closed
            return
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
        if self.is_active:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class VictoryEndScreen(ModalScreen[None]):
    BINDINGS = [Binding("q", "close", "Back to the launcher", id="back"),
                Binding("enter", "close", "Back to the launcher", show=False, id="confirm"),
                Binding("x", "export", "Export the record", id="export")]

    def __init__(self, game: Victory) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        o = self.game.outcome
        body = Text("THE CAMPAIGN IS OVER\n\n", style="bold")
        body.append(o.reason + "\n\n")
        body.append("x: export the campaign record · Enter or q: back to the launcher\n")
        with Vertical(id="end"):
            yield Static(Group(body, vp_table(self.game)))

    def action_export(self) -> None:
        """The record can be written from here: closing this screen leaves the campaign."""
        try:
            from rules.victory.export import campaign_markdown
            paths = storage.export_markdown({"victory-campaign-record": campaign_markdown(self.game)})
        except OSError as exc:
            self.notify(f"Export failed: {exc}", severity="error")
            return
        self.notify("Exported: " + ", ".join(str(p) for p in paths), timeout=10)

    def action_close(self) -> None:
        self.dismiss(None)
        self.app.pop_screen()

"""The Tide of Iron campaign screen: sheet, command cards, ledger, the guided Campaign Phase."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.toi import (Buy, DonePurchasing, EndBattle, Halve, PenaltyEach, PenaltyTwo, PenaltyType,
                      TideOfIron)
from rules.toi.game import SIDE_NAME
from rules.toi.state import TYPES
from tui.game_screen import GameScreen, PassScreen  # noqa: F401  (PassScreen: shown between players)
from tui.widgets.command_menu import CommandMenu
from tui.widgets.footer import Footer
from tui.widgets.log_panel import LogPanel

from .menu import FREE_KEYS, menu_entries
from .panels import command_cards, ledger, result_totals, scenario_sheet, status_line

CSS_FILE = Path(__file__).with_name("toi.tcss")


class ToIScreen(GameScreen):
    """Run a Tide of Iron campaign between battles fought on the players' own table."""

    CSS_PATH = CSS_FILE
    BINDINGS = [
        Binding("e", "result_form", "Result", id="result-form"),
        Binding("v", "sheet", "Sheet", id="sheet"),
        Binding("x", "export", "Export", id="export"),
        Binding("r", "rules", "Rules", id="rules"),
    ]

    UNDO_REFUSED = "Nothing to undo."

    def compose(self) -> ComposeResult:
        yield Static(id="toi-status")
        with Horizontal(id="toi-main"):
            with VerticalScroll(id="toi-board"):
                yield Static(id="toi-cards")       # first: in sight even when the sheet is long
                yield Static(id="toi-totals")
                yield Static(id="toi-ledger")
                yield Static(id="toi-sheet")
            with Vertical(id="toi-side"):
                yield CommandMenu(id="toi-menu")
        yield LogPanel(id="toi-log")
        yield Footer()

    _panels_wide: bool | None = None      # the form the panels were drawn in

    def on_resize(self, event) -> None:
        """Wider or narrower: the status line, sheet and ledger have a wide and a narrow form
        (the menu keeps where the player is in it); a Resize to the same form (the screen's
        first layout, the terminal's first size report) redraws nothing."""
        if self.is_mounted and self.game is not None and self._wide() != self._panels_wide:
            self.refresh_panels()

    def _wide(self) -> bool:
        return self.app.size.width >= 120

    def refresh_view(self) -> None:
        game = self.game
        self.refresh_panels()
        title, entries = menu_entries(game)
        if game.state.phase == "result":
            entries = [(("Open the result form (e)",), "result-form")] + entries
        elif game.state.phase == "status" and game.state.buyers:
            entries = [(("Enter the command on the cards (e)",), "result-form")] + entries
        self.query_one(CommandMenu).set_entries(entries, title, keep_place=self._repeats(),
                                                free_keys=FREE_KEYS)

    def _repeats(self) -> bool:
        """The last command was a purchase, which a player makes again and again (Resource
        Acquisitions, a Status Phase): the menu stays where he bought."""
        log = self.game.log
        return bool(log) and isinstance(log[-1], Buy)

    def refresh_panels(self) -> None:
        game = self.game
        wide = self._panels_wide = self._wide()
        self.query_one("#toi-status", Static).update(status_line(game, wide=wide))
        self.query_one("#toi-sheet", Static).update(scenario_sheet(game, compact=not wide))
        self.query_one("#toi-cards", Static).update(command_cards(game))
        totals = self.query_one("#toi-totals", Static)
        totals.display = game.state.phase == "result"
        if totals.display:
            totals.update(result_totals(game))
        self.query_one("#toi-ledger", Static).update(ledger(game, compact=not wide))

    # -- commands ----------------------------------------------------------------------
    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if not message.current:
            return
        if message.command == "result-form":
            self.action_result_form()
        else:
            self.give(message.command)

    def confirmation(self, command):
        """Done buying throws unspent command away; a penalty or a halving loses command:
        each is confirmed first, saying what goes."""
        game = self.game
        text = game.describe(command)
        match command:
            case DonePurchasing(side=side) if game.state.phase == "purchase":
                cards = game.state.cards[side]
                left = [f"{cards[t].tokens} {t}" for t in TYPES if cards[t].tokens]
                if not left:
                    return None
                total = sum(cards[t].tokens for t in TYPES)
                return (f"{text}?", f"Done buying throws away {total} unspent command: "
                        f"{', '.join(left)} (Resource Acquisitions Table: unspent command is lost).")
            case PenaltyEach() | PenaltyTwo() | PenaltyType() | Halve(yes=True):
                return f"{text}?", "The command is lost from the card."
        return None

    # -- actions ---------------------------------------------------------------------------
    def action_help(self) -> None:
        from rules.toi.help import topics_for           # help and export: imported when asked, not at start-up
        from tui.widgets.common_screens import HelpScreen
        self.app.push_screen(HelpScreen("Help: Tide of Iron campaign", topics_for(self.game), keys=self.keys_help()))

    def action_rules(self) -> None:
        """Every topic of our campaign rules summary, Command cards (rec, VET) and the screen's words."""
        from rules.toi.help import TOPIC_IDS, load_help
        from tui.widgets.common_screens import HelpScreen
        topics = load_help()
        self.app.push_screen(HelpScreen("Rules reference: Tide of Iron, Stalingrad campaign",
                                        [topics[t] for t in TOPIC_IDS]))

    def action_result_form(self) -> None:
        """The result form; pressed while the battle is on, `e` first ends the battle in the
        campaign (as 'The battle is over' does; u takes it back)."""
        phase = self.game.state.phase
        if phase == "battle" and self.game.state.decision is None:
            if not self.play(EndBattle()):
                return
            phase = self.game.state.phase
        if phase not in ("result", "status"):
            self.notify("The result form opens once the battle has begun: choose 'Begin the battle' first."
                        if phase == "setup" else "There is no battle result to enter now.", severity="warning")
            return
        from .result_form import ResultFormScreen     # its check boxes and radio buttons: imported when opened
        self.app.push_screen(ResultFormScreen(self), lambda _: self.refresh_view())

    def action_sheet(self) -> None:
        """The set-up sheet, its Markdown tables drawn as tables."""
        from tui.widgets.sheet_markdown import SheetMarkdown   # rich's Markdown: a tenth of a second to import, when asked
        from tui.widgets.text_screen import TextScreen
        from rules.toi.export import setup_markdown
        self.app.push_screen(TextScreen("Set-up sheet", SheetMarkdown(setup_markdown(self.game))))

    def action_export(self) -> None:
        from rules.toi.export import campaign_markdown, setup_markdown
        self.export({"toi-campaign-record": campaign_markdown(self.game),
                     "toi-setup-sheet": setup_markdown(self.game)})

    # -- GameScreen ------------------------------------------------------------------------
    def player_to_act(self) -> str | None:
        side = self.game.state.to_act
        return f"the {SIDE_NAME[side]} player ({self.game.player(side)})" if side else None

    def end_screen(self) -> ModalScreen:
        return ToIEndScreen(self.game)


class ToIEndScreen(ModalScreen[None]):
    BINDINGS = [Binding("q", "close", "Back to the launcher", id="back"),
                Binding("enter", "close", "Back to the launcher", show=False, id="confirm"),
                Binding("x", "export", "Export", id="export")]

    def __init__(self, game: TideOfIron) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        o = self.game.outcome
        if o.draw:
            title = "A DRAW"
        elif o.by == "player":
            title = f"{o.winner} WINS"
        else:
            title = f"THE {SIDE_NAME[o.winner].upper()} PLAYER ({self.game.player(o.winner)}) WINS"
        body = Text(title + "\n\n", style="bold")
        for who, total in o.totals.items():
            body.append(f"{SIDE_NAME.get(who, who)}: {total} CVP\n")
        body.append("\n" + o.reason + "\n\n")
        body.append("Enter or q: back to the launcher · x: export the record as Markdown · arrows scroll\n")
        with VerticalScroll(id="end"):        # a long campaign's ledger scrolls at 80x24
            yield Static(Group(body, ledger(self.game)))

    def on_mount(self) -> None:
        self.query_one("#end").focus()

    def action_close(self) -> None:
        self.dismiss(None)
        self.app.pop_screen()

    def action_export(self) -> None:
        screen = self.app.screen_stack[-2]
        if isinstance(screen, ToIScreen):
            screen.action_export()


# The shared screens other modules take from here, imported when first asked for: a campaign
# opens without them (help and the set-up sheet are a key away).
_SHARED = {"HelpScreen": "tui.widgets.common_screens", "TextScreen": "tui.widgets.text_screen"}


def __getattr__(name: str):
    if name in _SHARED:
        import importlib
        return getattr(importlib.import_module(_SHARED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

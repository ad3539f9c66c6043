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
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from rules.core.errors import IllegalCommand
from rules.toi import (Buy, DonePurchasing, EndBattle, Halve, PenaltyEach, PenaltyTwo, PenaltyType, Score,
                      SetCommand, SetInitiative, TideOfIron)
from rules.toi.game import SIDE_NAME
from rules.toi.state import SIDES, TYPES
from tui.game_screen import GameScreen, PassScreen  # noqa: F401  (PassScreen: shown between players)
from tui.widgets.command_menu import CommandMenu
from tui.widgets.footer import Footer
from tui.widgets.log_panel import LogPanel

from .menu import menu_entries
from .panels import command_cards, command_now, ledger, result_totals, scenario_sheet, status_line

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
        self.query_one(CommandMenu).set_entries(entries, title, keep_place=self._repeats())

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


class ResultFormScreen(ModalScreen[None]):
    """Result entry: command on each card, initiative at the end, CVP by objective.

    A number is entered when the player leaves its field (Tab, or Enter, which also moves on)
    or closes the form: it is applied as one command. A refused value shows the rules engine's
    reason and changes nothing: the field goes back to the value the game holds. The initiative
    and the raised-item box are applied as soon as they are chosen.
    """

    BINDINGS = [
        Binding("tab", "next_field", "Next field", id="next-field"),
        Binding("shift+tab", "previous_field", "Previous field", id="previous-field"),
        Binding("escape", "close", "Close", id="close"),
        Binding("ctrl+d", "close", "Close", show=False),
    ]

    KEYS = ("Tab/Enter: enter and next field · Shift+Tab: back · a refused number keeps its "
            "field (empty it: old value) · Space/arrows: boxes · Esc: close")

    def __init__(self, owner: ToIScreen) -> None:
        super().__init__()
        self.owner = owner
        self.game = owner.game
        self._leaving = False

    def compose(self) -> ComposeResult:
        game, rec = self.game, self.game.state.record
        sc = game.current
        status = self.in_status_phase
        how = "The Close button at the end (or Esc) returns to the campaign."
        if status:
            title = (f"Status Phase of round {game.state.status_round} in {sc.name}: the command on each "
                     f"card now (no purchase may take a card below {game.c.start_command}). {how}")
            sides = [side for side in SIDES if side in game.state.buyers]
        else:
            title = f"Result of {sc.name}. {how}"
            sides = list(SIDES)
        with Vertical(id="form"):
            with VerticalScroll(id="form-fields"):
                yield Static(title, id="form-title")
                for side in sides:
                    when = "now" if status else "at the end"
                    yield Label(f"{SIDE_NAME[side]} player ({game.player(side)}): command {when}", classes="form-head")
                    with Horizontal(classes="form-row"):
                        for t in TYPES:
                            yield Label(f"{t}:", classes="form-label")
                            yield Input(str(self._held(f"cmd-{side}-{t}")), type="integer", id=f"cmd-{side}-{t}",
                                        classes="form-number", max_length=3)
                    for o in sc.objectives:
                        if status or o.side not in ("both", side):
                            continue
                        each = "count" if o.kind == "each" else "0 or 1"
                        with Horizontal(classes="form-row"):
                            yield Label(f"{o.cvp} CVP{' each' if o.kind == 'each' else ''} ({each}): {o.text}",
                                        classes="form-objective")
                            yield Input(str(self._held(f"score-{side}-{o.id}")), type="integer",
                                        id=f"score-{side}-{o.id}", classes="form-number", max_length=3)
                        if rec.raised[side] == o.id and o.kind == "each":
                            yield Checkbox("the item raised by 1 CVP is among those counted",
                                           rec.raised_scored[side], id=f"raised-{side}-{o.id}")
                if not status:
                    yield Label("Initiative at the end of the last Status Phase:", classes="form-head")
                    with RadioSet(id="form-initiative"):
                        for side in SIDES:
                            yield RadioButton(self._initiative_label(side), value=rec.initiative == side,
                                              id=f"init-{side}")
                yield Button("Close the form", id="form-close")
            # below the fields, always in sight: the totals so far and the last refusal
            yield Static(id="form-totals")
            yield Static(id="form-error")
            yield Static(self.KEYS, id="form-keys")
        yield Footer()

    def on_mount(self) -> None:
        self._totals()
        self.query_one(Input).focus()

    def _held(self, field_id: str) -> int:
        """The value the game holds for a field: the command on a card, or an objective's count."""
        kind, side, key = field_id.split("-", 2)
        if kind == "cmd":
            return self.game.state.cards[side][key].tokens
        return self.game.state.record.scores[side].get(key, 0)

    def _initiative_label(self, side: str) -> str:
        held = " <- held the initiative" if self.game.state.record.initiative == side else ""
        return f"{SIDE_NAME[side]} ({self.game.player(side)}){held}"

    @property
    def in_status_phase(self) -> bool:
        """A Red October Status Phase: only the command on the cards of the sides still buying."""
        return self.game.state.phase == "status"

    def _totals(self) -> None:
        if self.in_status_phase:
            self.query_one("#form-totals", Static).update(command_now(self.game))
            return
        self.query_one("#form-totals", Static).update(result_totals(self.game))
        for side in SIDES:
            self.query_one(f"#init-{side}", RadioButton).label = self._initiative_label(side)

    def _apply(self, cmd) -> bool:
        try:
            events = self.game.apply(cmd)
        except IllegalCommand as exc:
            self.query_one("#form-error", Static).update(Text(f"Refused: {exc}", style="bold red"))
            return False
        self.query_one("#form-error", Static).update("")
        self.owner.after(events)
        self._totals()
        return True

    def _commit(self, box: Input) -> bool:
        """Enter the number in `box` (one command); False when the engine refused it."""
        held = self._held(box.id)
        text = box.value.strip()
        try:
            value = int(text)
        except ValueError:                    # empty, or a lone sign: nothing entered
            box.value = str(held)
            box.remove_class("-refused")
            return True
        if value == held:
            box.remove_class("-refused")
            return True
        kind, side, key = box.id.split("-", 2)
        if kind == "cmd":
            ok = self._apply(SetCommand(side, key, value))
        else:
            rec = self.game.state.record
            raised = rec.raised_scored[side] if rec.raised[side] == key else False
            ok = self._apply(Score(side, key, value, raised and value > 0))
            self._sync_raised(side, key)
        box.set_class(not ok, "-refused")
        return ok

    def _sync_raised(self, side: str, key: str) -> None:
        boxes = self.query(f"#raised-{side}-{key}")
        if boxes:
            boxes.first(Checkbox).value = self.game.state.record.raised_scored[side]

    @on(Input.Changed, ".form-number")
    def _typing(self, event: Input.Changed) -> None:
        event.input.remove_class("-refused")

    @on(Input.Submitted, ".form-number")
    def _submitted(self, event: Input.Submitted) -> None:
        if self._commit(event.input):
            self.focus_next()
        else:
            event.input.select_all()

    def _leave_field(self, move) -> None:
        """Tab and Shift+Tab enter the number being edited first; a refused one keeps the focus
        (with the reason shown), so the next value typed cannot land in the wrong field."""
        focused = self.focused
        if isinstance(focused, Input) and focused.has_class("form-number") and not self._commit(focused):
            focused.select_all()              # the next number typed replaces the refused one
            return
        move()

    def action_next_field(self) -> None:
        self._leave_field(self.focus_next)

    def action_previous_field(self) -> None:
        self._leave_field(self.focus_previous)

    @on(Input.Blurred, ".form-number")
    def _left(self, event: Input.Blurred) -> None:
        if self._leaving or not event.input.is_mounted:
            return
        if not self._commit(event.input):
            event.input.value = str(self._held(event.input.id))     # refused: back to what the game holds

    @on(Checkbox.Changed)
    def _raised(self, event: Checkbox.Changed) -> None:
        _, side, key = event.checkbox.id.split("-", 2)
        rec = self.game.state.record
        if event.value == rec.raised_scored[side]:
            return                            # already so (set by the form itself)
        count = rec.scores[side].get(key, 0)
        if not self._apply(Score(side, key, count, event.value)):
            event.checkbox.value = rec.raised_scored[side]

    @on(RadioSet.Changed)
    def _initiative(self, event: RadioSet.Changed) -> None:
        side = event.pressed.id.removeprefix("init-")
        if self.game.state.record.initiative != side:
            self._apply(SetInitiative(side))

    @on(Button.Pressed, "#form-close")
    def _close_button(self) -> None:
        if self.is_active:            # late (a second press): the form is already closed
            self.action_close()

    def action_close(self) -> None:
        """Close, after entering the number in the field being edited; if that is refused, stay
        open with the reason shown (the field is back to the game's value: close again to leave)."""
        focused = self.focused
        if isinstance(focused, Input) and focused.has_class("form-number") and not self._commit(focused):
            focused.value = str(self._held(focused.id))
            return
        self._leaving = True
        self.dismiss(None)


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

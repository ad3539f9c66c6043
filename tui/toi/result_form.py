"""Tide of Iron's result form (`e`): command on each card, initiative, CVP by objective. Its own
module, so the check boxes and radio buttons it alone uses are imported when it is first opened."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from rules.core.errors import IllegalCommand
from rules.toi import Score, SetCommand, SetInitiative
from rules.toi.game import SIDE_NAME
from rules.toi.state import SIDES, TYPES
from tui.widgets.footer import Footer

from .panels import command_now, result_totals

if TYPE_CHECKING:
    from .screen import ToIScreen


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

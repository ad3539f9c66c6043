"""Fall Blau commands: every order, card play and answer as a frozen attrs value."""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import frozen
from rules.core.command import Command


# -- orders (Step 4) ------------------------------------------------------------
@frozen
class Advance(Command):
    """Bring `card` from the unlocked queue in front of `general`; a Panzer General may
    pay 1 more supply to bring `second` to the empty position `second_slot` beside him."""

    general: str
    card: str
    second: str | None = None
    second_slot: int | None = None


@frozen
class Attack(Command):
    """`general` attacks the card at frontline position `target`, with an optional dice card."""

    general: str
    target: int
    boost: str | None = None


@frozen
class Consolidate(Command):
    general: str


# -- at any time in your turn ---------------------------------------------------
@frozen
class PlayEvent(Command):
    """Play a hold card from hand; `general` or `target` (a frontline position) when it needs one."""

    card: str
    general: str | None = None
    target: int | None = None


@frozen
class Reorganize(Command):
    """Put the Generals in a new order on the frontline: one entry per position (None = empty)."""

    order: tuple[str | None, str | None, str | None]


@frozen
class UseAbility(Command):
    """A General's ability used by choice (Hoth: pay a grey cube to ready again)."""

    general: str


@frozen
class EndTurn(Command):
    """Finish issuing orders: the Soviets launch their local counter-attacks (Step 5)."""


# -- answers to pending decisions ----------------------------------------------
@frozen
class Discard(Command):
    """Hand limit: discard this card before drawing."""

    card: str


@frozen
class ChooseGeneral(Command):
    """Name the General an effect falls on (exhaust, lose cubes)."""

    general: str


@frozen
class ChooseSlot(Command):
    """Break a tie: the frontline position a card deploys to or reinforcements go to."""

    slot: int


@frozen
class Reroll(Command):
    """Re-roll the white die at index `die` (None: keep the roll)."""

    die: int | None


@frozen
class OrderDeck(Command):
    """Put the looked-at top cards of the Event deck back in this order (top first)."""

    order: tuple[str, ...]


COMMANDS: tuple[type[Command], ...] = (
    Advance, Attack, Consolidate, PlayEvent, Reorganize, UseAbility, EndTurn,
    Discard, ChooseGeneral, ChooseSlot, Reroll, OrderDeck,
)

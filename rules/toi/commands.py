"""Tide of Iron campaign-layer commands: every entry, choice and purchase as a frozen attrs value.

Sides are "german" and "soviet"; command types "ammunition", "morale", "supply"; a payment is
``(ammunition, morale, supply)``.
"""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import frozen
from rules.core.command import Command


# -- the battle on the players' table -------------------------------------------
@frozen
class BeginBattle(Command):
    """The set-up sheet is on the table: fight the scenario."""


@frozen
class StatusPhase(Command):
    """Red October: the Status Phase of `round` (2 and later) opens a purchase window."""

    round: int


@frozen
class EndBattle(Command):
    """The last round is over: enter the result."""


# -- result entry (shared) ------------------------------------------------------
@frozen
class SetCommand(Command):
    """The command `side` shows on its `card` Campaign Command card ("ammunition", "morale",
    "supply"). The field is not called "type": that is the save format's tag."""

    side: str
    card: str
    value: int


@frozen
class SetInitiative(Command):
    """`side` held the initiative at the end of the last Status Phase."""

    side: str


@frozen
class Score(Command):
    """`side` scored `objective` `count` times (a "once" objective: 0 or 1). `raised`: for an
    "each" objective this side raised by 1, the raised item is among those counted."""

    side: str
    objective: str
    count: int
    raised: bool = False


@frozen
class ConfirmResult(Command):
    """The result form is complete: decide the winner and go on."""


# -- Penalty for Losing a Scenario --------------------------------------------------
@frozen
class PenaltyEach(Command):
    """The loser loses one command of each type."""


@frozen
class PenaltyTwo(Command):
    """The loser loses two command of one type, which the winner chooses."""


@frozen
class PenaltyType(Command):
    """The winner names the card (command type) the loser loses two of."""

    card: str


# -- Campaign Phase Table choices ----------------------------------------------------
@frozen
class Halve(Command):
    """10+: halve the `card` command (round down) for +1 CVP (`yes`), or take the 6-9 effect."""

    card: str
    yes: bool


@frozen
class Replace(Command):
    """Ammunition 6-9: two regular infantry of `division` make way for `kind`
    ("mg", "mortar" or "two-elites")."""

    kind: str
    division: int


@frozen
class AdvancedDivision(Command):
    """Morale 6-9: `division` may also use the advanced set-up hexes."""

    division: int


@frozen
class RaiseObjective(Command):
    """Supply 6-9: `objective` of the next scenario is worth 1 more to this side."""

    objective: str


@frozen
class DemoteElites(Command):
    """Morale 0-2: the two elite infantry that become regulars come from `division` first."""

    division: int


# -- Resource Acquisitions -------------------------------------------------------
@frozen
class Buy(Command):
    """`side` buys `item`, paying `pay` = (ammunition, morale, supply).

    `division`: for squads, tanks and advanced hexes (else 0); `detail`: the card type of a
    veteran flip or the specialization; `figures`: the new figures filling a squad's base.
    """

    side: str
    item: str
    pay: tuple[int, int, int]
    division: int = 0
    detail: str = ""
    figures: tuple[str, ...] = ()


@frozen
class DonePurchasing(Command):
    """`side` has finished buying (in the Campaign Phase, unspent command is lost)."""

    side: str


COMMANDS: tuple[type[Command], ...] = (
    BeginBattle, StatusPhase, EndBattle, SetCommand, SetInitiative, Score, ConfirmResult,
    PenaltyEach, PenaltyTwo, PenaltyType, Halve, Replace, AdvancedDivision, RaiseObjective,
    DemoteElites, Buy, DonePurchasing,
)

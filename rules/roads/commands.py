"""Roads to Stalingrad commands: every decision as a frozen attrs value.

Every command names the ``side`` that gives it, so a screen knows whose seat it belongs to.
Composite actions are taken step by step (gather a force, then move it one area at a time),
so ``legal()`` stays short enough to be a menu. No field is called "type" (the save tag).
"""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import frozen
from rules.core.command import Command


# -- 4.2.2 the Card/Map choice -----------------------------------------------------
@frozen
class Choose(Command):
    """`side` secretly chooses "card" or "map" for this Operational Sequence; `event` is an
    Event card against the enemy's operation set face down with the choice ("" for none)."""

    side: str
    choice: str
    event: str = ""

    def describe(self) -> str:
        return f"Choose {self.choice.title()}"


# -- 4.2.3 card actions and card play ------------------------------------------------
@frozen
class PlayCard(Command):
    """Play `card` from the hand: an Operational card as the card action, an Event during
    one's own on-board operation, a Tactics or Attack card in a battle."""

    side: str
    card: str


@frozen
class DrawCard(Command):
    """Draw the top card of one's deck (only below five cards; the last card ends the game)."""

    side: str

    def describe(self) -> str:
        return "Draw a card"


@frozen
class DiscardCard(Command):
    """Discard `card` face down and gain one Resource Point (4.2.3c)."""

    side: str
    card: str


# -- answers to pending choices ----------------------------------------------------
@frozen
class PlaceRP(Command):
    """Place a Resource Point in `area` (campaign 5)."""

    side: str
    area: str


@frozen
class PlaceUnit(Command):
    """Bring `unit` from the reinforcement pool into `area` (campaign 7)."""

    side: str
    unit: str
    area: str


@frozen
class Restore(Command):
    """A card's rebuild or reorganize: restore `unit` (series 10)."""

    side: str
    unit: str


@frozen
class Decline(Command):
    """Give up what is left of a card's effect (no valid place or unit wanted)."""

    side: str


@frozen
class MoveRP(Command):
    """A card moves one of one's RPs from `origin` to the city `area` by ground (5.3.1)."""

    side: str
    origin: str
    area: str


@frozen
class RemoveRP(Command):
    """A card makes `side` remove one of its RPs, from `area`."""

    side: str
    area: str


# -- 5 on-board operations --------------------------------------------------------------
@frozen
class StartOperation(Command):
    """Spend one Resource Point in `area`: the Active Operation marker goes there, 6 SP (5.2)."""

    side: str
    area: str


@frozen
class Gather(Command):
    """Add `unit` to the force about to move (8.4: a stack starts in one area)."""

    side: str
    unit: str


@frozen
class Release(Command):
    """Take `unit` out of the force before it moves."""

    side: str
    unit: str


@frozen
class Move(Command):
    """Move the gathered force one area, into `area` (6, campaign 1, 3, 8, 9, 10)."""

    side: str
    area: str


@frozen
class Halt(Command):
    """The force ends its move here (8.2: stacking is paid now)."""

    side: str

    def describe(self) -> str:
        return "Halt the force here"


@frozen
class Reorganize(Command):
    """Spend SP to reorganize a disorganized `unit` (10.1)."""

    side: str
    unit: str


@frozen
class Rebuild(Command):
    """Spend SP to rebuild a depleted `unit` (10.2, campaign 11)."""

    side: str
    unit: str


@frozen
class EndOperation(Command):
    """End the on-board operation; play passes on."""

    side: str

    def describe(self) -> str:
        return "End the operation"


# -- 9 battles -------------------------------------------------------------------------
@frozen
class PlayChit(Command):
    """Reveal and play `chit` (an instance id like "axis-assault#2") from those drawn (9.5.3)."""

    side: str
    chit: str


@frozen
class ChooseUnit(Command):
    """Answer a chit's step: `unit` is the one that checks or suffers (9.5.4)."""

    side: str
    unit: str


@frozen
class Retreat(Command):
    """The retreating unit steps into `area` (9.6.3f)."""

    side: str
    area: str


@frozen
class StopRetreat(Command):
    """The retreating unit ends its retreat here (a friendly RP, 9.6.3f)."""

    side: str


COMMANDS: tuple[type[Command], ...] = (
    Choose, PlayCard, DrawCard, DiscardCard, PlaceRP, PlaceUnit, Restore, Decline, MoveRP, RemoveRP,
    StartOperation, Gather, Release, Move, Halt, Reorganize, Rebuild, EndOperation,
    PlayChit, ChooseUnit, Retreat, StopRetreat,
)

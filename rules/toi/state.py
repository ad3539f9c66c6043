"""Tide of Iron campaign-layer state: the whole truth as plain attrs data (deep-copyable,
digestible). Dicts are keyed by side ("german", "soviet") and command type."""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import define, frozen
from rules.core.command import Decision
from rules.core.snapshot import by_fields

SIDES = ("german", "soviet")
TYPES = ("ammunition", "morale", "supply")


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


@by_fields
@define
class Card:
    """A Campaign Command card: the command tokens on it and which side is up."""

    tokens: int
    veteran: bool = False


@by_fields
@define
class DivisionMods:
    """What a division's set-up gains or loses against the printed sheet."""

    squad_bases: int = 0
    regular: int = 0
    elite: int = 0
    officers: int = 0
    mg_crews: int = 0
    mortar_crews: int = 0
    vehicles: dict[str, int] = attrs.Factory(dict)
    advanced_setup: bool = False     # Morale 6-9: may also use the advanced set-up hexes
    advanced_hexes: int = 0          # advanced set-up hexes bought for this division
    notes: list[str] = attrs.Factory(list)


@by_fields
@define
class SideMods:
    """One side's changes to a scenario's set-up: imposed by the table or bought."""

    divisions: list[DivisionMods] = attrs.Factory(list)
    unarmed: int = 0                 # unarmed restrictions still on the sheet
    starving: int = 0
    raised: str = ""                 # objective raised by 1 for this side (Supply 6-9)
    specializations: list[str] = attrs.Factory(list)
    starting_cards: int = 0          # extra starting cards bought
    decks: list[str] = attrs.Factory(list)   # "artillery-deck", "urban-deck"
    bases: int = 0                   # bases bought for this scenario (they alternate divisions)
    notes: list[str] = attrs.Factory(list)


def fresh_mods(divisions: int = 2) -> SideMods:
    return SideMods(divisions=[DivisionMods() for _ in range(divisions)])


@by_fields
@define
class Purchase:
    side: str
    item: str
    pay: tuple[int, int, int]
    division: int = 0
    detail: str = ""
    figures: tuple[str, ...] = ()
    when: str = "Campaign Phase"     # or "Status Phase N"
    text: str = ""


@by_fields
@define
class TableEffect:
    """One line of the Campaign Phase Table applied to one command type of one side."""

    side: str
    type: str
    before: int
    row: str
    text: str
    after: int = 0
    halved: bool = False


def by_side(value) -> dict:
    return {side: value() if callable(value) else value for side in SIDES}


def by_type(value: int = 0) -> dict[str, int]:
    return {t: value for t in TYPES}


@by_fields
@define
class Record:
    """One scenario of the ledger: its result form, then everything the Campaign Phase did."""

    campaign: int
    scenario: str
    players: dict[str, str]
    status: str = "setup"            # setup, battle, result, campaign, done
    command: dict[str, dict[str, int]] = attrs.Factory(lambda: by_side(by_type))   # at the end
    initiative: str = ""             # who held the initiative at the end ("" not entered)
    scores: dict[str, dict[str, int]] = attrs.Factory(lambda: by_side(dict))
    raised_scored: dict[str, bool] = attrs.Factory(lambda: by_side(False))
    raised: dict[str, str] = attrs.Factory(lambda: by_side(""))   # objectives raised for this scenario
    objective_cvp: dict[str, int] = attrs.Factory(lambda: by_side(0))
    bonus: dict[str, int] = attrs.Factory(lambda: by_side(0))      # initiative at the end
    halving: dict[str, int] = attrs.Factory(lambda: by_side(0))    # CVP for halving 10+
    winner: str = ""
    penalty: str = ""                # what the Penalty for Losing did (text)
    after_penalty: dict[str, dict[str, int]] = attrs.Factory(lambda: by_side(by_type))
    effects: list[TableEffect] = attrs.Factory(list)
    to_spend: dict[str, dict[str, int]] = attrs.Factory(lambda: by_side(by_type))
    purchases: list[Purchase] = attrs.Factory(list)
    lost: dict[str, dict[str, int]] = attrs.Factory(lambda: by_side(by_type))   # unspent, lost

    def total(self, side: str) -> int:
        return self.objective_cvp[side] + self.bonus[side] + self.halving[side]


@by_fields
@frozen
class Task:
    """A Campaign Phase Table step still to run: `side`'s `type` command (may it still halve?)."""

    side: str
    type: str
    may_halve: bool = True


@by_fields
@define
class ToIState:
    campaign: int                     # 1, or 2 in a double campaign
    index: int                        # position of the scenario in `run`
    run: list[str]                    # the scenarios of one campaign, in order
    players: dict[str, str]           # who plays each side in this campaign
    cards: dict[str, dict[str, Card]]
    phase: str = "setup"              # setup, battle, status, result, penalty, table, purchase, over
    to_act: str | None = None         # the side to act; None: shared entry
    ledger: list[Record] = attrs.Factory(list)
    mods: dict[str, SideMods] = attrs.Factory(lambda: by_side(fresh_mods))
    next_mods: dict[str, SideMods] = attrs.Factory(lambda: by_side(fresh_mods))
    decision: Decision | None = None
    tasks: list[Task] = attrs.Factory(list)
    buyers: list[str] = attrs.Factory(list)    # sides still to buy, in order
    status_round: int = 0             # the last Red October Status Phase opened
    over: bool = False

    @property
    def scenario(self) -> str:
        return self.run[self.index]

    @property
    def record(self) -> Record:
        return self.ledger[-1]

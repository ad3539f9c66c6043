"""Roads to Stalingrad: the state, the whole truth as plain attrs data.

Counters, control, Resource Points, the two decks and hands, the permanent cards in play,
the Operational Sequence under way (4.2), the on-board operation under way (5) and the battle
under way (9). Everything is plain data (lists, dicts, strings, ints), so states pickle for
undo, digest for saves and copy for the AI.
"""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import define
from rules.core.later import LATER

AXIS, SOVIET = "axis", "soviet"
SIDES = (AXIS, SOVIET)
SIDE_NAME = {AXIS: "Axis", SOVIET: "Soviet"}

# where a counter can be besides an area id
POOL, DESTROYED, GONE = "pool", "destroyed", "gone"


def other(side: str) -> str:
    return SOVIET if side == AXIS else AXIS


@define
class Counter:
    """One unit counter. ``where`` is an area id, or POOL, DESTROYED or GONE (left by the
    west edge from Kerch, campaign 1.d.II)."""

    id: str
    side: str
    where: str
    depleted: bool = False
    disorganized: bool = False
    isolated: bool = False


@define
class Cards:
    """One side's cards. ``deck[0]`` is the top card. Discards lie face down (4.2.3c);
    ``played`` are the cards played face up, ``in_play`` the permanent ones on the map (15)."""

    deck: list[str] = attrs.Factory(list)
    hand: list[str] = attrs.Factory(list)
    discards: list[str] = attrs.Factory(list)
    played: list[str] = attrs.Factory(list)


@define
class Sequence:
    """The Operational Sequence under way (4.2.2). ``choice`` holds each side's secret
    Card/Map choice; ``queue`` what is left to do, in order: (side, "map" | "card")."""

    number: int = 0
    choice: dict[str, str] = attrs.Factory(dict)
    queue: list[list[str]] = attrs.Factory(list)
    rolls: dict[str, int] = attrs.Factory(dict)


@define
class Operation:
    """An on-board operation (series 5, 8, 10). ``force`` is the stack gathered to move now,
    ``start`` the area it moves from, ``path`` the areas it has entered, ``mp`` the movement
    it has left; ``paid`` says its move cost is paid."""

    side: str
    number: int                 # this side's operations so far, this one included (rule 11)
    area: str                   # the Active Operation marker (5.2)
    sp: int
    acted: list[str] = attrs.Factory(list)
    rebuilt: bool = False
    force: list[str] = attrs.Factory(list)
    start: str = ""
    path: list[str] = attrs.Factory(list)
    mp: int = 0
    paid: bool = False
    volga: bool = False          # the force crossed the Volga (campaign 1.b.I: no attack)
    free_move: bool = False      # an Event made the next move free
    leader: bool = False         # Manstein moves with the force


@define
class Battle:
    """A battle under way (series 9, campaign 19)."""

    area: str
    attacker: str
    came_from: str               # the area the attackers entered from (9.6.3f)
    crossing: str                # the border kind the attackers crossed ("none", "minor", ...)
    attackers: list[str] = attrs.Factory(list)
    defenders: list[str] = attrs.Factory(list)
    cups: dict[str, list[str]] = attrs.Factory(dict)       # side -> chit instances ("axis-assault#2")
    drawn: dict[str, list[str]] = attrs.Factory(dict)      # side -> chits in hand, face down
    played: list[list[str]] = attrs.Factory(list)          # [side, chit] in the order played
    turn: str = ""               # whose chit is next (the attacker first, 9.5.3)
    fortified: dict[str, str] = attrs.Factory(dict)        # unit -> Field Fortifications chit
    cohesion_mod: dict[str, int] = attrs.Factory(dict)     # side -> card modifier to its rolls
    draw_mod: dict[str, int] = attrs.Factory(dict)         # side -> card modifier to its draws
    cancel_next: dict[str, bool] = attrs.Factory(dict)     # side -> its next chit is cancelled
    rerolls: dict[str, int] = attrs.Factory(dict)          # side -> re-rolls of failed checks left
    cards: list[list[str]] = attrs.Factory(list)           # [side, card] played in this battle
    steps: list[list] = attrs.Factory(list)                # the chit steps still to resolve
    retreats: list[str] = attrs.Factory(list)              # units that must retreat, in order
    retreat_path: list[str] = attrs.Factory(list)          # areas the retreating unit entered
    # a card's steps or retreats await a choice: when they end the chit turn stays (9.4, 9.5.3)
    after_card: bool = attrs.field(default=False, metadata=LATER)


@define
class Pending:
    """A choice that arose in the middle of resolution; ``legal()`` lists its answers.
    ``kind``: "place-rp", "place-unit", "check-unit", "rebuild", "reorganize", "leader"."""

    kind: str
    side: str
    rule: str
    count: int = 1
    data: list[str] = attrs.Factory(list)
    source: str = ""             # the card or chit that asked for it


@define
class RoadsState:
    units: dict[str, Counter]
    control: dict[str, str]
    rp: dict[str, dict[str, int]]               # side -> area -> Resource Points
    cards: dict[str, Cards]
    initiative: str | None = AXIS               # campaign 4
    phase: str = "operation"                    # "choose", "card", "operation", "over"
    sequence: Sequence = attrs.Factory(Sequence)
    operation: Operation | None = None
    battle: Battle | None = None
    pending: list[Pending] = attrs.Factory(list)
    permanents: dict[str, str] = attrs.Factory(dict)   # permanent key -> the side that played it
    cards_done: int = 0                         # cards played or discarded by both sides (7.c)
    winter_at: int = -1                         # cards_done when Winter Arrives came (1.b.I)
    d45_next: str = ""                          # Directive 45's box: the next odd RP's group
    railheads: int = 0                          # Railhead Advances played (campaign 6)
    soviet_reinforcements: int = 0              # Soviet reinforcement cards played (7.c)
    operations: dict[str, int] = attrs.Factory(lambda: {AXIS: 0, SOVIET: 0})
    axis_rebuilt_op: int = -9                   # the Axis operation that last rebuilt (rule 11)
    leader: str = ""                            # Manstein's area ("" while not in play)
    leader_gone: bool = False                   # Manstein eliminated (16.b)
    rolloff_bonus: dict[str, int] = attrs.Factory(dict)   # side -> + to its next Map roll-off (a card)
    ready: dict[str, str] = attrs.Factory(dict)   # side -> an Event set face down with the Card/Map choice
    entry_done: bool = False                    # this sequence entry's card action or operation is over
    end_reason: str = ""

"""Fall Blau state: the whole truth of a game, as plain attrs data (deep-copyable, digestible)."""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import define, frozen
from rules.core.command import Decision
from rules.core.snapshot import by_fields


@by_fields
@define
class GeneralState:
    id: str
    cubes: int
    ready: bool = True
    ordered: bool = False        # gave an order this turn (Hoth's ability needs it)
    ability_used: bool = False   # once-per-turn ability spent


@by_fields
@define
class FrontCard:
    """A card on the frontline: a Campaign card, or a Major Counter-Attack event card."""

    card: str
    red: int
    counterattack: bool = False


@by_fields
@frozen
class Task:
    """A step of resolution still to do (turn steps, draws, counter-attacks...).

    kinds: begin_turn, peek, draw, stop, counterattack, local, reinforce, end_turn.
    """

    kind: str
    card: str = ""
    slot: int = -1
    n: int = 0


@by_fields
@define
class PendingAttack:
    """An Attack! rolled but not yet applied (waiting for a re-roll choice)."""

    general: str
    target: int
    boost: str | None
    white: list[int]
    black: list[int]
    rerolls_left: int


@by_fields
@define
class Temporary:
    """A Major Counter-Attack deployed for the moment in front of a full frontline."""

    card: str
    slot: int
    red: int


@by_fields
@define
class FallBlauState:
    calendar: int                      # index into the Operational Calendar (0 = Start Here)
    supply: int
    vp: int                            # the Campaign Progress track
    slots: list[str | None]            # the General in each of the three frontline positions
    generals: dict[str, GeneralState]  # Generals still in the game
    front: list[FrontCard | None]      # the card facing each position
    unlocked: list[str]                # the unlocked queue
    deck: list[str]                    # Event deck, top first
    hand: list[str] = attrs.Factory(list)
    discard: list[str] = attrs.Factory(list)
    permanents: list[str] = attrs.Factory(list)
    captured: list[str] = attrs.Factory(list)
    lost: list[str] = attrs.Factory(list)          # Generals wiped out
    mission_deck: list[str] = attrs.Factory(list)
    missions: list[str] = attrs.Factory(list)      # active missions
    missions_done: list[str] = attrs.Factory(list)
    missions_failed: list[str] = attrs.Factory(list)
    month_captures: list[str] = attrs.Factory(list)
    tasks: list[Task] = attrs.Factory(list)
    decision: Decision | None = None
    attack: PendingAttack | None = None
    temporary: Temporary | None = None
    turns_played: int = 0
    over: bool = False
    end_reason: str = ""

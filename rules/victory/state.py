"""Victory campaign state: the whole truth as plain attrs data (deep-copyable, digestible).

A campaign is a list of battle rounds (``Round``, one per battle number 1..10). A round holds
one ``Match`` per pair of players fighting that battle (one in a duel) and the players sitting
it out (multi-player). Each player's Battle Group is a ``Force``: its units, and the units that
left it (lost, cut off, transferred), each with its history.
"""

from __future__ import annotations


import attrs

AXIS, ALLIED = "axis", "allied"
SIDE_NAME = {AXIS: "Axis", ALLIED: "Allied"}


@attrs.define(slots=False)
class Unit:
    """One block of a Battle Group. ``service`` holds (battle, CV) for each battle it fought."""

    id: str
    unit_type: str
    number: int
    cv: int
    joined: str                                   # how it joined, e.g. "Battle Group", "reinforcement after battle 2"
    service: list[tuple[int, int]] = attrs.Factory(list)
    left: str = ""                                # how it left ("" while in the Battle Group)
    notes: list[str] = attrs.Factory(list)


@attrs.define(slots=False)
class Force:
    """One player's Battle Group and campaign record."""

    name: str
    team: str = ""                                # team play: "axis" or "allied"
    units: list[Unit] = attrs.Factory(list)
    gone: list[Unit] = attrs.Factory(list)        # lost, cut off or transferred away
    confirmed: bool = False                       # 4.1: the Battle Group is chosen
    last: str = ""                                # the previous battle: "won", "lost", "draw", "bye", ""
    byes: int = 0
    special_called: int = 0                       # 5.5: the battle after which it was called (0: never)


@attrs.define(slots=False)
class BattlePoints:
    cities: int
    resources: int
    total: int


@attrs.define(slots=False)
class Match:
    """One battle between two players: maps, deployment, its turns and its Regroup Phase.

    ``step``: maps, layout, initiative, deploy, battle, bp, losses, reinforce, special,
    special_units, done."""

    table: int
    axis: str
    allied: str
    step: str = "maps"
    map_rolls: tuple[int, ...] = ()
    allied_map: int = 0
    axis_map: int = 0
    layout_rolls: list[int] = attrs.Factory(list)
    layout: int = 0
    attacker: str = ""
    attacker_reason: str = ""
    initiative_rolls: list[tuple[int, int]] = attrs.Factory(list)    # (Axis roll, Allied roll)
    deployed: list[str] = attrs.Factory(list)
    turn: int = 0
    rolled: bool = False                          # the battle-length roll of this turn is made
    length_rolls: list[tuple[int, int]] = attrs.Factory(list)        # (turn, roll)
    tried: list[str] = attrs.Factory(list)        # "player/unit" that made an EN/MA attempt this turn
    unit_rolls: list[str] = attrs.Factory(list)   # 3.2 / 3.3 attempts, as text
    turns_played: int = 0
    ended: str = ""                               # how the battle ended
    withdrawn: str = ""                           # 4.5: the player who withdrew
    bp: dict[str, BattlePoints] = attrs.Factory(dict)
    vp: dict[str, int] = attrs.Factory(dict)
    winner: str = ""                              # "" for a draw
    margin: int = 0                               # the winner's VP (5.4 Table 3)
    lost: dict[str, list[str]] = attrs.Factory(dict)   # unit ids lost or cut off
    losses_done: list[str] = attrs.Factory(list)
    special_player: str = ""                      # 5.5: who was offered / called it
    special_called: bool = False
    special_roll: int = 0
    special_types: tuple[str, ...] = ()
    special_units: list[str] = attrs.Factory(list)
    bonus: dict[str, int] = attrs.Factory(dict)   # 5.5: +4 VP to the other player

    @property
    def players(self) -> tuple[str, str]:
        return (self.axis, self.allied)

    def opponent(self, player: str) -> str:
        return self.allied if player == self.axis else self.axis

    def side_of(self, player: str) -> str:
        return AXIS if player == self.axis else ALLIED

    @property
    def defender(self) -> str:
        return self.opponent(self.attacker) if self.attacker else ""


@attrs.define(slots=False)
class TransferRecord:
    sender: str
    receiver: str
    unit_type: str
    cv: int
    old_id: str
    new_id: str


@attrs.define(slots=False)
class Round:
    """One battle number: its pairings, battles, byes, reinforcements and (team) transfers.

    ``step``: pairings, battles, transfers, done."""

    number: int
    step: str = "battles"
    matches: list[Match] = attrs.Factory(list)
    byes: list[str] = attrs.Factory(list)
    picks: dict[str, list[Unit]] = attrs.Factory(dict)        # 5.4 reinforcements being picked
    reinforced: list[str] = attrs.Factory(list)               # players whose ten have joined
    transfers: list[TransferRecord] = attrs.Factory(list)


@attrs.define(slots=False)
class VictoryState:
    mode: str                                     # "duel", "round-robin", "team"
    order: list[str]                              # the players, in the order they were named
    forces: dict[str, Force]
    phase: str = "choose"                         # choose, campaign, over
    chooser: str = ""                             # 4.1: the player choosing a Battle Group
    rounds: list[Round] = attrs.Factory(list)
    over: bool = False

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None


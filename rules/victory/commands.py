"""Victory campaign commands: every choice, roll and entry as a frozen attrs value.

Players are named by their names; a unit by its id in that player's Battle Group ("IN-3").
Commands about one battle that name no player carry ``table``: the battle's number within the
battle round (always 1 in a duel; round robin and team play may run several battles at once).
No field is called "type": that is the save format's tag (``unit_type`` instead).
"""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import frozen
from rules.core.command import Command


# -- 4.1 Choosing Battle Groups ------------------------------------------------------
@frozen
class AddUnit(Command):
    """`player` adds a unit of a standard `unit_type` to the Battle Group at `cv`."""

    player: str
    unit_type: str
    cv: int


@frozen
class RemoveUnit(Command):
    """`player` takes back `unit`: one chosen for the Battle Group, or a reinforcement picked in
    this Regroup Phase."""

    player: str
    unit: str


@frozen
class ConfirmBattleGroup(Command):
    """`player`'s Battle Group is complete: ten units, two at 3 CV, four at 2, four at 1."""

    player: str


# -- 7.1 / 7.2 pairings --------------------------------------------------------------
@frozen
class DrawPairings(Command):
    """Multi-player: match the players at random for the next battle (and sides, round robin)."""


# -- 4.2 Maps, 4.3 Deployment -----------------------------------------------------------
@frozen
class RollMaps(Command):
    """Roll 3d6 in sequence and read the Two Map Generator Chart."""

    table: int = 1


@frozen
class RollLayout(Command):
    """Roll 1d8 on the Map Layout Chart, re-rolling until the two maps fit."""

    table: int = 1


@frozen
class RollInitiative(Command):
    """At the campaign's start and after a draw: 1d6 each, ties re-rolled; the winner attacks."""

    table: int = 1


@frozen
class Deployed(Command):
    """`player` has deployed the Battle Group (the attacker first)."""

    player: str


# -- 4.4 Battle Length, 4.5 Early Withdrawal, 3.2 / 3.3 -----------------------------------
@frozen
class NextTurn(Command):
    """The turn is over: begin the next one."""

    table: int = 1


@frozen
class RollBattleLength(Command):
    """From turn 7, before movement: the initiative player rolls 1d6 on Table 2."""

    table: int = 1


@frozen
class Withdraw(Command):
    """At the start of `player`'s movement phase: withdraw the Battle Group (4.5)."""

    player: str


@frozen
class EngineerRoll(Command):
    """`player`'s EN `unit` tries to repair infrastructure or build an airfield (3.2)."""

    player: str
    unit: str


@frozen
class MarineRoll(Command):
    """`player`'s MA `unit` tries to emplace a Mulberry (3.3)."""

    player: str
    unit: str


# -- 5.0 Regroup Phase ----------------------------------------------------------------
@frozen
class EnterBattlePoints(Command):
    """5.1: `player`'s friendly cities in supply are worth `cities`; `resources` friendly
    resources are in supply (2 BP each)."""

    player: str
    cities: int
    resources: int


@frozen
class LoseUnit(Command):
    """5.2: `player`'s `unit` was destroyed in the battle, or (`cut_off`) could not trace supply."""

    player: str
    unit: str
    cut_off: bool = False


@frozen
class UnitsDone(Command):
    """5.2: `player` has entered every unit lost; the survivors are withdrawn and kept."""

    player: str


@frozen
class Reinforce(Command):
    """5.4: `player` picks a reinforcement of `unit_type` (1 CV) from an allowed forcepool."""

    player: str
    unit_type: str


@frozen
class ConfirmReinforcements(Command):
    """5.4: `player`'s ten reinforcements join the Battle Group."""

    player: str


@frozen
class CallSpecialGroup(Command):
    """5.5: the trailing `player` calls the one-time Special Reinforcement Group."""

    player: str


@frozen
class DeclineSpecialGroup(Command):
    """5.5: the trailing `player` does not call it now (it may be called in a later Regroup)."""

    player: str


@frozen
class SpecialUnit(Command):
    """5.5: `player` takes the Table 4 type of the slot, or a standard type of its branch."""

    player: str
    unit_type: str


# -- 7.2 Team Play ----------------------------------------------------------------------
@frozen
class Transfer(Command):
    """7.2: `sender` transfers `unit` from their Battle Group to teammate `receiver`'s."""

    sender: str
    receiver: str
    unit: str


@frozen
class EndTransfers(Command):
    """7.2: the transfers after this battle are over."""


COMMANDS: tuple[type[Command], ...] = (
    AddUnit, RemoveUnit, ConfirmBattleGroup, DrawPairings, RollMaps, RollLayout, RollInitiative,
    Deployed, NextTurn, RollBattleLength, Withdraw, EngineerRoll, MarineRoll, EnterBattlePoints,
    LoseUnit, UnitsDone, Reinforce, ConfirmReinforcements, CallSpecialGroup, DeclineSpecialGroup,
    SpecialUnit, Transfer, EndTransfers,
)

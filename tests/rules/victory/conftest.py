"""Helpers for the Victory campaign tests (rulebook: ../shared/rulebooks/victory-blocks-campaign.txt).

Every test drives the game through ``legal()``/``apply()`` only (``play`` asserts that the
command is listed before applying it). Tests import nothing from here (pytest runs with
--import-mode=importlib); they take the ``vic`` fixture, a namespace of helpers:

    vic.new(players=, mode=, teams=, rolls=)       a new game (FixedDice(rolls) when rolls are given)
    vic.play(game, cmd) -> events                  asserts cmd in legal(), applies it
    vic.refused(game, cmd) -> message              asserts IllegalCommand, nothing changed
    vic.choose(game, player, units=STD_BG)         AddUnit each (type, cv), then ConfirmBattleGroup
    vic.choose_all(game)                           every player chooses STD_BG, in turn
    vic.prelude(game, table=1)                     RollMaps, RollLayout, RollInitiative (when asked), both deploy
    vic.to_turn(game, turn, table=1)               NextTurn (and non-ending length rolls) up to `turn`
    vic.fight(game, table=1)                       to turn 7 and roll for battle length (script a 1 to end)
    vic.bp(game, {player: (cities, resources)})    EnterBattlePoints for each
    vic.losses(game, {player: [unit ids]})         LoseUnit each, then UnitsDone for both
    vic.reinforce(game, player, types)             Reinforce each type, then ConfirmReinforcements
    vic.regroup(game, table=1, lost=, picks=)      losses, then both players' reinforcements (default 10 x IN)
    vic.battle(game, bp, table=1, ...)             prelude + fight + bp (+ regroup unless regroup=False)
    vic.match(game, table=1)                       the current round's match at `table`
"""

from __future__ import annotations

import types

import pytest

from rules.core.dice import FixedDice
from rules.core.errors import IllegalCommand
from rules.victory import (
    AddUnit,
    ConfirmBattleGroup,
    ConfirmReinforcements,
    Deployed,
    EnterBattlePoints,
    LoseUnit,
    NextTurn,
    Reinforce,
    RollBattleLength,
    RollInitiative,
    RollLayout,
    RollMaps,
    UnitsDone,
    new_game,
)

# two at 3 CV, four at 2 CV, four at 1 CV (4.1)
STD_BG = (("IN", 3), ("FA", 3), ("IN", 2), ("DD", 2), ("CA", 2), ("EN", 2), ("MA", 1), ("SS", 1),
          ("DB", 1), ("TB", 1))
# maps 4-1-6 (Allied 13 Archipelago, Axis 9 Island Chain: all sea, every layout fits) and layout 1
MAPS_416 = [4, 1, 6, 1]


def new(players=("Anna", "James"), mode="duel", teams=None, rolls=None, seed=0):
    dice = FixedDice(rolls) if rolls is not None else None
    return new_game(seed=seed, players=players, mode=mode, teams=teams, dice=dice)


def play(game, cmd):
    legal = game.legal()
    assert cmd in legal, f"{cmd!r} is not legal now: {game.explain(cmd)}"
    return game.apply(cmd)


def refused(game, cmd) -> str:
    before = (game.digest(), len(game.log), len(game.events), game.legal(), game.can_undo)
    with pytest.raises(IllegalCommand) as info:
        game.apply(cmd)
    assert (game.digest(), len(game.log), len(game.events), game.legal(), game.can_undo) == before
    assert str(info.value) == game.explain(cmd) != ""
    return str(info.value)


def choose(game, player, units=STD_BG):
    for unit_type, cv in units:
        play(game, AddUnit(player, unit_type, cv))
    play(game, ConfirmBattleGroup(player))


def choose_all(game):
    for p in game.players:
        choose(game, p)


def match(game, table=1):
    return game.match_at(table)


def prelude(game, table=1):
    play(game, RollMaps(table))
    play(game, RollLayout(table))
    if RollInitiative(table) in game.legal():
        play(game, RollInitiative(table))
    m = match(game, table)
    play(game, Deployed(m.attacker))
    play(game, Deployed(m.defender))


def to_turn(game, turn, table=1):
    m = match(game, table)
    while m.turn < turn:
        if RollBattleLength(table) in game.legal():
            play(game, RollBattleLength(table))
            assert m.step == "battle", "a length roll in to_turn ended the battle: script a higher roll"
        play(game, NextTurn(table))


def fight(game, table=1):
    to_turn(game, 7, table)
    play(game, RollBattleLength(table))


def bp(game, values):
    for p, (cities, resources) in values.items():
        play(game, EnterBattlePoints(p, cities, resources))


def losses(game, lost=None, table=1):
    m = match(game, table)
    for p, ids in (lost or {}).items():
        for uid in ids:
            play(game, LoseUnit(p, uid))
    for p in m.players:
        play(game, UnitsDone(p))


def reinforce(game, player, unit_types=("IN",) * 10):
    for t in unit_types:
        play(game, Reinforce(player, t))
    return play(game, ConfirmReinforcements(player))


def regroup(game, table=1, lost=None, picks=None):
    losses(game, lost, table)
    m = match(game, table)
    for p in m.players:
        reinforce(game, p, (picks or {}).get(p, ("IN",) * 10))


def battle(game, values, table=1, regroup_too=True, lost=None, picks=None):
    prelude(game, table)
    fight(game, table)
    bp(game, values)
    if regroup_too:
        regroup(game, table, lost, picks)


@pytest.fixture
def vic():
    return types.SimpleNamespace(
        new=new, play=play, refused=refused, choose=choose, choose_all=choose_all, match=match, prelude=prelude,
        to_turn=to_turn, fight=fight, bp=bp, losses=losses, reinforce=reinforce, regroup=regroup, battle=battle,
        STD_BG=STD_BG, MAPS_416=MAPS_416,
    )

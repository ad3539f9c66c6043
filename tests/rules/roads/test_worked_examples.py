"""The rulebook's two worked examples, reproduced on our map and counters with fixed dice and
fixed chit draws: the Operation Example (steps 1 to 5, SP 6-5-3-1-0) and the Battle of Rossosh
(every chit, roll, check and retreat in order)."""

from __future__ import annotations

import pytest

from rules.core.dice import FixedDice
from rules.roads import (
    ChooseUnit, Gather, Halt, Move, PlayChit, Reorganize, Retreat, StartOperation, new_game,
)
from rules.roads.state import DESTROYED, POOL


class ChitOrder(FixedDice):
    """Scripted d10 rolls; every shuffled cup puts the named chits on top, in that order."""

    def __init__(self, rolls, first):
        super().__init__(rolls)
        self.first = list(first)

    def shuffle(self, items):
        self.reveals += 1
        top = []
        rest = list(items)
        for name in self.first:
            match = next((i for i in rest if i.split("#")[0] == name), None)
            if match is not None:
                rest.remove(match)
                top.append(match)
        return top + rest


# the d10 rolls of the example, in order: Air Strike on the 65th (7), Human Wave's check for
# the XLVIII Panzer Corps (7), Assault: the 46th (2) then the XXIX Corps (8), Poor
# Coordination on the 46th (6); then the 57th Panzer Corps' battle: Air Strike on the 47th (5)
ROLLS = [7, 7, 2, 8, 6, 5]
CHITS = ["axis-air-strike", "axis-assault", "axis-flank-attack", "axis-ambush",
         "soviet-human-wave", "soviet-poor-coordination"]


def example_game():
    """The board of the examples: everything else in the pools, an Axis RP at Valuyki and a
    Soviet RP at Buturlinovka, two areas beyond Rossosh."""
    game = new_game(seed=1, dice=ChitOrder(ROLLS, CHITS))
    s = game.state
    for c in s.units.values():
        c.where = POOL
    place = {
        "viii-corps": "valuyki",                      # step 2: the infantry unit moving alone
        "xlviii-pz": "valuyki", "xxix-corps": "valuyki",   # step 3: the stack of the battle
        "lvii-pz": "kashary",                         # step 4
        "xxx-corps": "starobelsk",                    # step 5, disorganized
        "xvii-corps": "chertkovo",                    # holds Kantemirovka's other neighbour
        "65-army": "rossosh", "46-army": "rossosh",   # the Battle of Rossosh
        "47-army": "kantemirovka",
    }
    for unit, area in place.items():
        s.units[unit].where = area
    s.units["xxx-corps"].disorganized = True
    s.rp = {"axis": {"valuyki": 1}, "soviet": {"buturlinovka": 1}}
    for area in ("valuyki", "kashary", "starobelsk", "chertkovo"):
        s.control[area] = "axis"
    return game


def sp(game):
    return game.state.operation.sp


def test_operation_example_steps_1_to_5_spend_6_5_3_1_0_sp():
    game = example_game()
    s = game.state
    assert game.to_act() == "axis"                  # campaign 12: a German operation opens
    # 1: one RP from the map, 6 SP
    game.apply(StartOperation("axis", "valuyki"))
    assert sp(game) == 6 and "valuyki" not in s.rp["axis"]
    # 2: 1 SP to move an infantry unit
    game.apply(Gather("axis", "viii-corps"))
    game.apply(Move("axis", "novy-oskol"))
    game.apply(Halt("axis"))
    assert sp(game) == 5 and s.units["viii-corps"].where == "novy-oskol"
    # 3: an infantry and a Panzer unit together, 2 SP (campaign 8), into Rossosh: a battle
    game.apply(Gather("axis", "xlviii-pz"))
    game.apply(Gather("axis", "xxix-corps"))
    game.apply(Move("axis", "rossosh"))
    assert sp(game) == 3
    _battle_of_rossosh(game)
    assert {s.units[u].where for u in ("xlviii-pz", "xxix-corps")} == {"rossosh"}
    assert s.units["65-army"].where == s.units["46-army"].where == "buturlinovka"
    assert s.control["rossosh"] == "axis"
    # 4: 2 SP to move the 57th Panzer Corps; its first area isolates the 47th Army
    assert not s.units["47-army"].isolated
    game.apply(Gather("axis", "lvii-pz"))
    game.apply(Move("axis", "boguchar"))
    assert sp(game) == 1
    assert s.units["47-army"].isolated                # 9.6.6b: the moment it happens
    events = game.apply(Move("axis", "kantemirovka"))
    assert any("Battle of Kantemirovka" in e.text for e in events), [e.text for e in events]
    events = game.apply(PlayChit("axis", _drawn(game, "axis", "axis-air-strike")))
    assert s.units["47-army"].where == DESTROYED      # 9.6.6c: disorganized while isolated
    assert any(e.rule == "CC 9.6.6c" for e in events), [str(e) for e in events]
    assert s.battle is None and s.control["kantemirovka"] == "axis"
    # 5: the last SP reorganizes the 30th Corps; the operation ends at 0
    game.apply(Reorganize("axis", "xxx-corps"))
    assert not s.units["xxx-corps"].disorganized
    assert s.operation is None                        # SP 0: the operation ends
    assert s.phase == "choose"


def _drawn(game, side, name):
    return next(c for c in game.state.battle.drawn[side] if c.split("#")[0] == name)


def _battle_of_rossosh(game):
    s = game.state
    b = s.battle
    assert b is not None and b.area == "rossosh" and b.attacker == "axis"
    # 9.5.2: draws equal to the best Tactical Value: 4 for the XLVIII Panzer Corps, 1 Soviet
    assert [c.split("#")[0] for c in b.drawn["axis"]] == CHITS[:4]
    assert [c.split("#")[0] for c in b.drawn["soviet"]] == ["soviet-human-wave"]
    assert game.to_act() == "axis"                    # 9.5.3: the attacker reveals first
    # Air Strike: the Soviet player chooses the 65th Army; 7 + 2 = 9 > 6: disorganized
    game.apply(PlayChit("axis", _drawn(game, "axis", "axis-air-strike")))
    assert game.to_act() == "soviet"
    game.apply(ChooseUnit("soviet", "65-army"))
    assert s.units["65-army"].disorganized
    # it retreats towards the nearest Soviet RP, Buturlinovka, two areas away
    first_steps = {c.area for c in game.legal() if isinstance(c, Retreat)}
    assert first_steps == {"liski", "pavlovsk"}
    game.apply(Retreat("soviet", "liski"))
    assert s.units["65-army"].where == "buturlinovka"
    # Human Wave: the 46th Army is depleted; the Axis checks with the XLVIII Panzer Corps: 7, passes
    assert game.to_act() == "soviet"
    game.apply(PlayChit("soviet", _drawn(game, "soviet", "soviet-human-wave")))
    assert s.units["46-army"].depleted
    game.apply(ChooseUnit("axis", "xlviii-pz"))
    assert not s.units["xlviii-pz"].disorganized and not s.units["xlviii-pz"].depleted
    # out of chits, the Soviet player draws one (best TV 1): Poor Coordination
    assert [c.split("#")[0] for c in b.drawn["soviet"]] == ["soviet-poor-coordination"]
    # Assault: the Soviet unit checks first (2, unscathed), then the XXIX Corps (8: depleted)
    game.apply(PlayChit("axis", _drawn(game, "axis", "axis-assault")))
    game.apply(ChooseUnit("axis", "xxix-corps"))
    assert not s.units["46-army"].disorganized
    assert s.units["xxix-corps"].depleted
    # Poor Coordination: the 46th Army rolls 6 against its depleted 5: disorganized, retreats
    game.apply(PlayChit("soviet", _drawn(game, "soviet", "soviet-poor-coordination")))
    game.apply(Retreat("soviet", "pavlovsk"))
    assert s.units["46-army"].where == "buturlinovka"
    assert s.battle is None                           # no Soviet unit is left in Rossosh


def test_battle_of_rossosh_events_in_order():
    game = example_game()
    game.apply(StartOperation("axis", "valuyki"))
    game.apply(Gather("axis", "xlviii-pz"))
    game.apply(Gather("axis", "xxix-corps"))
    start = len(game.events)
    game.apply(Move("axis", "rossosh"))
    _battle_of_rossosh(game)
    checks = [e for e in game.events[start:] if e.kind == "check"]
    assert [(e.dice[0], e.text.split(" checks")[0]) for e in checks] == [
        (7, "65th Army"), (7, "XLVIII Panzer Corps"), (2, "46th Army"), (8, "XXIX Corps"), (6, "46th Army")]
    assert [e.text.endswith("passes.") for e in checks] == [False, True, True, False, False]
    retreats = [e.text for e in game.events[start:] if e.kind == "retreat"]
    assert retreats[:2] == ["65th Army retreats to Liski.", "65th Army retreats to Buturlinovka."]


@pytest.mark.parametrize("unit,value", [("xlviii-pz", (7, 4)), ("65-army", (6, 1))])
def test_the_examples_counters_hold_their_printed_values(unit, value):
    u = new_game(seed=0).content.units[unit]
    assert (u.cohesion, u.tactical) == value

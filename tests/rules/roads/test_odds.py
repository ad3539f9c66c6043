"""The chance of a cohesion check before it is rolled (CC 9.6.1; 9.6.2b-9.6.6c for what a
failure does), pinned against the engine's own rolls on fixed dice in the small world:
every d10 face is rolled once, and the faces that pass are exactly the chance given."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.roads import ChooseUnit, PlayCard, odds
from rules.roads.state import AXIS, SOVIET
from tests.rules.roads.test_battle import checks, chit, fight


def test_cc_9_6_1_pass_chance_is_the_d10_faces_at_or_under_cohesion():
    assert odds.pass_chance(6, 0) == Fraction(6, 10)
    assert odds.pass_chance(6, 2) == Fraction(4, 10)
    assert odds.pass_chance(8, -2) == 1                   # 10 or more: every face passes
    assert odds.pass_chance(2, 5) == 0                    # a 1 plus 5 is over 2
    assert odds.pass_chance(6, 2, rerolls=1) == 1 - Fraction(6, 10) ** 2


def test_cc_9_6_1_the_chance_shown_before_a_chit_is_the_engines_rolls_on_every_face():
    """The 3rd Army (CH 6) checks at +2 for the Air Strike: faces 1-4 pass, 4 in 10."""
    before = fight([1], ["axis-air-strike"])
    inst = next(c for c in before.state.battle.drawn[AXIS] if c.startswith("axis-air-strike"))
    why, steps = odds.chit_odds(before, AXIS, inst)
    assert why == ""
    (step,) = steps
    assert (step.on, step.action, step.units) == (SOVIET, "check", ("a3",))
    (check,) = step.checks
    assert (check.cohesion, check.modifier, check.chance) == (6, 2, Fraction(4, 10))
    passed = 0
    for face in range(1, 11):
        game = fight([face], ["axis-air-strike"])
        chit(game, AXIS, "axis-air-strike")
        passed += "passes" in checks(game)[-1].text
    assert Fraction(passed, 10) == check.chance


def test_cc_9_6_1_a_fortified_unit_and_a_card_modifier_enter_the_chance_as_they_enter_the_roll():
    """A card's +1 to the enemy's checks (Stukas): the 3rd Army at +2 +1 passes on 1-3."""
    def stukas(game):
        game.state.cards[AXIS].hand.append("a-stuka")
    game = fight([1], ["axis-air-strike"], setup=stukas)
    game.apply(PlayCard(AXIS, "a-stuka"))
    inst = next(c for c in game.state.battle.drawn[AXIS] if c.startswith("axis-air-strike"))
    (check,) = odds.chit_odds(game, AXIS, inst)[1][0].checks
    assert (check.modifier, check.chance) == (3, Fraction(3, 10))
    outcomes = []
    for face in (3, 4):
        g = fight([face], ["axis-air-strike"], setup=stukas)
        g.apply(PlayCard(AXIS, "a-stuka"))
        chit(g, AXIS, "axis-air-strike")
        outcomes.append("passes" in checks(g)[-1].text)
    assert outcomes == [True, False]


def test_cc_9_5_4_the_steps_come_defender_first_and_the_owner_chooses_among_several():
    """Assault: a Soviet unit checks (0, disorganized), then an Axis unit (0, depleted); with
    two Axis units in the battle the Axis player picks, and each shows its own chance: their
    cohesion less 2 for the Don they crossed (campaign 1.b)."""
    game = fight([1], ["axis-assault"], force=("pz", "inf"), into="b2")
    inst = next(c for c in game.state.battle.drawn[AXIS] if c.startswith("axis-assault"))
    _, (first, second) = odds.chit_odds(game, AXIS, inst)
    assert (first.on, second.on) == (SOVIET, AXIS)
    assert second.chooser == AXIS and set(second.units) == {"pz", "inf"}
    chance = {c.unit: c.chance for c in second.checks}
    assert chance == {"pz": Fraction(7 - 2, 10), "inf": Fraction(6 - 2, 10)}
    assert all(c.on_fail.startswith("depleted (9.6.4)") for c in second.checks)


def test_cc_9_6_1_the_step_waiting_for_a_unit_gives_each_candidate_its_chance():
    """Assault into b2 (two armies): the Soviet player chooses which army checks; the chance
    shown for the one chosen is the chance its roll is made at."""
    game = fight([7], ["axis-assault"], force=("inf",), into="b2")
    chit(game, AXIS, "axis-assault")
    step = odds.waiting_step(game)
    assert step.chooser == SOVIET and set(step.units) == {"a1", "a2"}
    assert {c.chance for c in step.checks} == {Fraction(6, 10)}
    game.apply(ChooseUnit(SOVIET, "a1"))
    assert "fails" in checks(game)[0].text                # a 7 is over 6, as 6 in 10 passes


@pytest.mark.parametrize("state, words", [
    (dict(), "disorganized: -1 to every value, leaves the battle and retreats two areas"),
    (dict(isolated=True), "destroyed (9.6.6c)"),
    # 9.6.3b: one marker only: disorganized already, its values fall no further
    (dict(disorganized=True), "disorganized: its values fall no further (one marker, 9.6.3b), leaves the battle"),
])
def test_cc_9_6_3_and_9_6_6c_what_a_failed_check_does(state, words):
    game = fight([1], ["axis-air-strike"])
    for k, v in state.items():
        setattr(game.state.units["a3"], k, v)
    assert words in odds.on_fail(game, "a3", "disorganize")


def test_cc_9_6_2b_a_depleted_unit_depleted_again_is_disorganized_instead():
    game = fight([1], ["axis-air-strike"])
    game.state.units["a3"].depleted = True
    assert odds.on_fail(game, "a3", "deplete").startswith("disorganized (already depleted: 9.6.2b)")
    game.state.units["a3"].depleted = False
    assert odds.on_fail(game, "a3", "deplete").startswith("depleted (9.6.4)")
    assert odds.on_fail(game, "a3", "disorganize-deplete").startswith("depleted and disorganized")


def test_cc_9_6_5_a_unit_with_no_area_to_retreat_to_is_destroyed():
    """The 3rd Army in b1, with an Axis RP in every neighbour but a1 (where the attack came
    from, closed to the defender, 9.6.3f): nowhere to go."""
    game = fight([1], ["axis-air-strike"])
    from rules.roads import battle
    for n in game.map.neighbours("b1"):
        if n != "a1":
            game.state.rp[AXIS][n] = 1                     # an enemy RP bars a retreat (9.6.3f)
    assert battle.retreat_options(game, "a3") == []
    assert "destroyed (9.6.5)" in odds.on_fail(game, "a3", "disorganize")


@pytest.mark.parametrize("force, into, units", [
    (("pz", "inf"), "b2", None),                      # TV 4 and 2 against 1 and 1
    (("inf2",), "b1", None),
    (("pz",), "b3", {"pz": "a3", "a3": "b3"}),        # a mountain defender: 1 + 2
])
def test_cc_9_5_2_the_draws_shown_before_a_battle_are_the_draws_made(force, into, units):
    from rules.roads import Gather, Move, StartOperation
    from tests.rules.roads.small_world import small_game
    from tests.rules.roads.test_worked_examples import ChitOrder
    game = small_game(dice=ChitOrder([], []), rp={AXIS: {"a2": 2}, SOVIET: {"e2": 2}}, units=units)
    game.apply(StartOperation(AXIS, "a2"))
    for u in force:
        game.apply(Gather(AXIS, u))
    shown = odds.opening_draws(game, AXIS, list(force), into)
    game.apply(Move(AXIS, into))
    b = game.state.battle
    assert shown == (len(b.drawn[AXIS]), len(b.drawn[SOVIET]))


def test_cc_9_4_an_attack_cards_strike_shows_the_chance_its_check_is_made_at():
    """Blitz (an Attack card: a Soviet unit checks at +1 at once): the 3rd Army (CH 6) passes on
    faces 1-5, as the step the card adds shows before it is played."""
    from rules.roads import PlayCard
    before = fight([1], ["axis-assault"], hands={AXIS: ["a-blitz"]})
    step = odds.step_odds(before, [AXIS, "card:a-blitz", 0])
    (check,) = step.checks
    assert (step.source, check.unit, check.chance) == ("Blitz", "a3", Fraction(5, 10))
    passed = 0
    for face in range(1, 11):
        game = fight([face], ["axis-assault"], hands={AXIS: ["a-blitz"]})
        game.apply(PlayCard(AXIS, "a-blitz"))
        passed += "passes" in checks(game)[-1].text
    assert Fraction(passed, 10) == check.chance

"""The words of a forecast (``rules.roads.forecast``): what a chit, the unit chosen to check and
an Attack card's strike will do, with the chances ``rules.roads.odds`` gives, pinned in the
small world on fixed chit draws (tests/rules/roads/test_battle.py draws the map)."""

from __future__ import annotations

from fractions import Fraction

from rules.roads import ChooseUnit, PlayCard, PlayChit
from rules.roads.forecast import Line, chance_words, chit_forecast, strike_lines, unit_forecast, unit_title
from rules.roads.odds import CheckOdds
from rules.roads.state import AXIS, POOL, SOVIET
from tests.rules.roads.test_battle import chit, fight

DISORGANIZED = ("disorganized: -1 to every value, leaves the battle and retreats two areas towards its "
                "nearest RP (9.6.3)")


def check(cohesion=6, modifier=0, chance=Fraction(6, 10), roll_why=(), cohesion_why=("CH 6",), reroll=False):
    return CheckOdds(unit="a3", cohesion=cohesion, modifier=modifier, roll_why=roll_why,
                     cohesion_why=cohesion_why, chance=chance, reroll=reroll, on_fail="")


def drawn(game, side, name):
    return PlayChit(side, next(c for c in game.state.battle.drawn[side] if c.split("#")[0] == name))


def test_cc_9_6_1_a_checks_chance_in_words_gives_the_faces_that_pass_and_why():
    assert chance_words(check(modifier=2, chance=Fraction(4, 10), roll_why=("+2 chit",))) == (
        "40% to pass: a d10 of 1-4 (+2 chit; against cohesion 6)")
    assert chance_words(check(cohesion=5, cohesion_why=("CH 7", "-2 river crossed"), chance=Fraction(1, 2))) == (
        "50% to pass: a d10 of 1-5 (no modifier; against cohesion 5: CH 7, -2 river crossed)")
    assert chance_words(check(modifier=5, chance=Fraction(1, 10))).startswith("10% to pass: a d10 of 1 (")
    assert chance_words(check(modifier=-4, chance=Fraction(1))).startswith("100% to pass: any d10 (")
    assert chance_words(check(modifier=6, chance=Fraction(0))).startswith("0% to pass: no d10 (")
    assert chance_words(check(reroll=True, chance=Fraction(84, 100))).endswith(", a card's re-roll included")


def test_cc_9_5_4_a_chits_forecast_gives_its_steps_defender_first_each_check_and_failure_then_its_text():
    game = fight([1], ["axis-assault"])
    assert chit_forecast(game, drawn(game, AXIS, "axis-assault")) == [
        Line("The chit is revealed and resolved at once, with its rolls:"),
        Line("First 3rd Army checks cohesion:", "strong"),
        Line("  60% to pass: a d10 of 1-6 (no modifier; against cohesion 6)"),
        Line(f"  A failure: {DISORGANIZED}.", "failure"),
        Line("Then 2nd Infantry Corps checks cohesion:", "strong"),
        Line("  60% to pass: a d10 of 1-6 (no modifier; against cohesion 6)"),
        Line("  A failure: depleted (9.6.4): its depleted values for the rest of the game.", "failure"),
        Line("Assault: Assault", "printed"),
    ]


def test_cc_9_5_4_a_chit_that_falls_on_one_of_several_units_says_who_chooses_and_each_ones_chance():
    game = fight([9], ["axis-assault"], force=("pz",), into="b2", units={"pz": "b1", "a3": POOL})
    lines = chit_forecast(game, drawn(game, AXIS, "axis-assault"))
    assert lines[1:5] == [
        Line("First a Soviet unit (the Soviet player chooses which) checks cohesion:", "strong"),
        Line("  1st Army: 60% to pass: a d10 of 1-6 (no modifier; against cohesion 6)"),
        Line("  2nd Army: 60% to pass: a d10 of 1-6 (no modifier; against cohesion 6)"),
        Line(f"  A failure: {DISORGANIZED}.", "failure"),
    ]


def test_cc_9_6_1_the_unit_chosen_to_check_is_told_its_chance_its_failure_and_the_others_chances():
    game = fight([9], ["axis-assault"], force=("pz",), into="b2", units={"pz": "b1", "a3": POOL})
    chit(game, AXIS, "axis-assault")
    game.state.units["a2"].disorganized = True            # CH 5: the other unit's chance is lower
    assert unit_title(game, ChooseUnit(SOVIET, "a1")) == "1st Army checks cohesion (Assault)?"
    assert unit_forecast(game, ChooseUnit(SOVIET, "a1")) == [
        Line("1st Army takes the chit's step now; it cannot be taken back."),
        Line("60% to pass: a d10 of 1-6 (no modifier; against cohesion 6).", "strong"),
        Line(f"A failure: {DISORGANIZED}.", "failure"),
        Line("The others would pass: 2nd Army 50%."),
    ]


def test_cc_9_6_1_an_attack_cards_strike_is_forecast_as_a_chits_check_and_no_other_card_is():
    """Blitz strikes at +1: the 3rd Army (CH 6) passes on 1-5."""
    game = fight([1], ["axis-air-strike"], hands={AXIS: ["a-blitz", "a-stuka"]})
    assert strike_lines(game, PlayCard(AXIS, "a-blitz")) == [
        Line("3rd Army checks cohesion:", "strong"),
        Line("  50% to pass: a d10 of 1-5 (+1 card; against cohesion 6)"),
        Line(f"  A failure: {DISORGANIZED}.", "failure"),
    ]
    assert strike_lines(game, PlayCard(AXIS, "a-stuka")) == []

"""The words of a confirmation (``rules.roads.confirm``): what a command that cannot be taken
back will do, pinned in the small world on fixed dice and fixed chit draws (the map is drawn in
tests/rules/roads/test_battle.py; by default the 2nd Infantry Corps, TV 2, attacks the 3rd
Army, CH 6, TV 1, in b1 from a1)."""

from __future__ import annotations

import attrs

from rules.roads import Choose, DiscardCard, EndOperation, Gather, Move, PlayCard, Retreat, StartOperation
from rules.roads.confirm import after_operation, battle_terrain, warning
from rules.roads.describe import unit_line
from rules.roads.movement import is_battle
from rules.roads.state import AXIS, SOVIET
from tests.rules.roads.small_world import small_game
from tests.rules.roads.test_battle import chit, fight


def operation(gather=("inf2",)):
    """The Axis operation from a2 (6 SP), `gather` in the force, not yet moved."""
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    for u in gather:
        game.apply(Gather(AXIS, u))
    return game


def retreat_after_air_strike(soviet_rp):
    """The 3rd Army disorganized by the Air Strike (a 9 fails its CH 6 at +2), to retreat."""
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: soviet_rp})
    chit(game, AXIS, "axis-air-strike")
    return game


# -- 4.2.2 Card or Map --------------------------------------------------------------------------
def test_cc_4_2_2_a_card_or_map_choice_says_what_it_leads_to_and_that_it_stays_secret():
    game = small_game()
    card, map_ = warning(game, Choose(AXIS, "card")), warning(game, Choose(AXIS, "map"))
    assert card.startswith("Card: you play, draw or discard one card (4.2.3)")
    assert map_.startswith("Map: you conduct one operation, spending an RP (5.2).")
    assert "a roll-off decides (a d10 each, the initiative +2, 4.2.2)" in map_
    for words in (card, map_):
        assert words.endswith("Your choice stays secret until both sides have chosen; it cannot be taken back.")


def test_cc_4_2_3c_a_discard_goes_face_down_for_one_rp():
    assert warning(small_game(), DiscardCard(AXIS, "a-blitz")) == "The card goes face down for good; you gain one RP."


# -- 4.2.2 what follows an operation ---------------------------------------------------------------
def test_cc_4_2_2_ending_the_first_operation_loses_its_sp_and_leads_to_the_first_sequence():
    game = operation()
    assert game.state.operation.sp == 6
    assert warning(game, EndOperation(AXIS)) == (
        "6 SP left unspent are lost. Next: the first Operational Sequence: both sides choose Card or "
        "Map (4.2.2).")
    game.state.operation.sp = 1
    assert warning(game, EndOperation(AXIS)).startswith("1 SP left unspent is lost. Next:")
    game.state.operation.sp = 0
    assert warning(game, EndOperation(AXIS)).startswith("Next: the first Operational Sequence")


def test_cc_4_2_2_after_the_map_sides_operation_comes_the_card_sides_card_action_then_a_new_sequence():
    game = operation()
    game.state.sequence.queue = [[AXIS, "map"], [SOVIET, "card"]]
    assert after_operation(game) == "Next: the Soviet card action (4.2.3)."
    game.state.sequence.queue = [[AXIS, "map"], [SOVIET, "map"]]
    assert after_operation(game) == "Next: the Soviet operation."
    game.state.sequence.queue, game.state.sequence.number = [[AXIS, "map"]], 4
    assert after_operation(game) == "Next: Operational Sequence 5: both sides choose Card or Map (4.2.2)."


# -- 6.5, 9.2, 9.5.2 a move into a battle --------------------------------------------------------------
def test_cc_6_5_only_a_move_into_enemy_units_is_a_battle():
    game = operation()
    assert is_battle(game, Move(AXIS, "b1"))                   # the 3rd Army is there
    assert not is_battle(game, Move(AXIS, "w1"))
    assert not is_battle(game, EndOperation(AXIS))


def test_cc_9_2_9_5_2_a_move_into_a_battle_names_the_defenders_and_each_sides_draws():
    game = operation()
    assert warning(game, Move(AXIS, "b1")) == (
        "A battle is fought there (9.2) against 3rd Army (S) 6-1-1. You draw 2 battle chits, they "
        "draw 1 (9.5.2: the best Tactical Value present). Chits drawn cannot be taken back.")


def test_rts_1_b_1_c_a_moves_confirmation_gives_the_rivers_and_the_mountains_cohesion_before_the_battle():
    """Campaign 1.b-1.c, said before the move (playtest of 26 November: first seen at the chit):
    the small world's a3-b3 is a minor river and b3 a mountain; after Winter Arrives a minor
    river costs nothing."""
    game = small_game(units={"inf2": "a3"})
    words = battle_terrain(game, ["inf2"], "b3")
    assert "your units' cohesion is 1 lower in this battle's checks (-1 CH)" in words
    assert "the defenders' cohesion is 1 higher (+1 CH)" in words
    assert battle_terrain(game, ["inf2"], "a2") == ""                 # no river, open ground
    game.state.permanents["winter"] = "soviet"
    assert "lower" not in battle_terrain(game, ["inf2"], "b3")


# -- 9.6.3f retreats -----------------------------------------------------------------------------
def test_cc_9_6_3f_a_retreat_step_says_which_area_of_two_and_that_it_goes_on():
    game = retreat_after_air_strike({"e3": 1})                 # b2 and e1 are both one from e3's way
    assert warning(game, Retreat(SOVIET, "b2")) == (
        "3rd Army retreats into B2: area 1 of 2 (9.6.3f). It goes on one more area where it can. "
        "A retreat cannot be taken back.")
    game.apply(Retreat(SOVIET, "b2"))
    assert warning(game, Retreat(SOVIET, "e2")) == (
        "3rd Army retreats into E2: area 2 of 2 (9.6.3f). Its retreat ends there. A retreat cannot "
        "be taken back.")


def test_cc_9_6_3f_a_retreat_into_a_friendly_rp_says_it_may_end_there():
    game = retreat_after_air_strike({"e1": 1, "b2": 1})
    assert "It may end its retreat there (a friendly RP), or go on." in warning(game, Retreat(SOVIET, "e1"))


# -- 2.3 cards ------------------------------------------------------------------------------------
def test_cc_2_3_a_card_played_gives_its_text_and_its_sp_cost_unless_the_text_says_it(monkeypatch):
    game = fight([1], ["axis-air-strike"], hands={AXIS: ["a-blitz"]})   # Blitz: 2 SP
    assert warning(game, PlayCard(AXIS, "a-blitz")) == (
        "The card is played face up for good: strike It costs 2 SP.")
    cards = game.content.cards                                          # shared: put back after
    monkeypatch.setitem(cards, "a-blitz", attrs.evolve(cards["a-blitz"], text="Strike for 2 SP."))
    assert warning(game, PlayCard(AXIS, "a-blitz")) == "The card is played face up for good: Strike for 2 SP."


# -- 9.6.3, 9.6.4 a unit's values as they stand -------------------------------------------------------
def test_cc_9_6_3_9_6_4_a_units_line_gives_its_values_as_they_stand_and_its_flags():
    game = small_game()
    a3 = game.state.units["a3"]
    assert unit_line(game, a3) == "3rd Army (S) 6-1-1"
    a3.depleted = True
    assert unit_line(game, a3) == "3rd Army (S) 5-1-1 depleted"           # 9.6.4: the depleted side
    a3.disorganized = True
    assert unit_line(game, a3) == "3rd Army (S) 4-1-1 depleted, disorganized"   # 9.6.3, never below 1

"""The Operational Sequence (series 4.2; campaign 4, 12) pinned on fixed dice in the small world."""

from __future__ import annotations

from rules.roads import (
    Choose, DiscardCard, DrawCard, EndOperation, PlaceRP, PlayCard, StartOperation, new_game,
)
from rules.roads.state import AXIS, SOVIET
from tests.rules.roads.small_world import small_game


def to_choose(game):
    """Campaign 12's opening German operation, spent at once: the game reaches its first
    Card/Map choice."""
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(EndOperation(AXIS))
    assert game.state.phase == "choose"
    return game


def both_choose(game, axis, soviet):
    game.apply(Choose(AXIS, axis))
    return game.apply(Choose(SOVIET, soviet))


# -- 4.2.2 the secret choice ---------------------------------------------------------------------
def test_cc_4_2_2_each_side_chooses_secretly_and_the_first_choice_is_hidden_until_both_are_in():
    views = {}
    for choice in ("card", "map"):
        game = to_choose(small_game())
        assert game.to_act() == AXIS
        game.apply(Choose(AXIS, choice))
        assert game.to_act() == SOVIET
        soviet = game.view(SOVIET)
        assert soviet.my_choice == "" and soviet.revealed == ()
        assert soviet.chosen == (AXIS,)            # that the Axis has chosen shows, not what
        assert game.view(AXIS).my_choice == choice
        views[choice] = soviet
    # the Soviet seat sees exactly the same thing whatever the Axis chose
    assert views["card"] == views["map"]


def test_cc_4_2_2_both_choices_are_shown_once_both_are_in():
    game = to_choose(small_game())
    both_choose(game, "card", "map")
    assert dict(game.view(AXIS).revealed) == {AXIS: "card", SOVIET: "map"}
    assert dict(game.view(SOVIET).revealed) == {AXIS: "card", SOVIET: "map"}


def test_ruling_map_needs_a_resource_point_on_the_map():
    game = to_choose(small_game(rp={AXIS: {"a2": 1}, SOVIET: {}}))
    # the Axis spent their only RP on the opening operation: Card only
    assert game.legal() == [Choose(AXIS, "card")]


# -- 4.2.2 both Map: the roll-off -----------------------------------------------------------------
def test_cc_4_2_2_both_map_the_higher_roll_operates_and_the_initiative_adds_two():
    game = to_choose(small_game([5, 8]))                  # Axis 5 + 2 = 7 against Soviet 8
    both_choose(game, "map", "map")
    assert game.state.sequence.rolls == {AXIS: 7, SOVIET: 8}
    assert game.state.sequence.queue == [[SOVIET, "map"]]  # the loser waits for the next sequence
    assert game.legal() == [StartOperation(SOVIET, "e2")]


def test_cc_4_2_2_both_map_ties_go_to_the_initiative():
    game = to_choose(small_game([5, 7]))                  # 7 against 7
    both_choose(game, "map", "map")
    assert game.state.sequence.queue == [[AXIS, "map"]]
    assert game.legal() == [StartOperation(AXIS, "a2")]


def test_cc_4_2_2_both_map_with_no_initiative_no_bonus_and_ruling_a_tie_is_rolled_again():
    game = to_choose(small_game([4, 4, 6, 3]))
    game.state.initiative = None                          # after the STAVKA (campaign 4)
    both_choose(game, "map", "map")
    rolls = [e for e in game.events if e.kind == "roll"]
    assert [e.dice for e in rolls] == [(4, 4), (6, 3)]
    assert game.state.sequence.queue == [[AXIS, "map"]]


def test_cc_4_2_2_the_loser_of_the_roll_off_does_nothing_this_sequence():
    game = to_choose(small_game([1, 9]))
    both_choose(game, "map", "map")
    game.apply(StartOperation(SOVIET, "e2"))
    game.apply(EndOperation(SOVIET))
    assert game.state.phase == "choose"                   # a new sequence: the Axis did nothing
    assert game.state.sequence.number == 2
    assert game.state.operations == {AXIS: 1, SOVIET: 1}


# -- 4.2.2 both Card / mixed ----------------------------------------------------------------------
def test_cc_4_2_2_both_card_the_initiative_side_acts_first_then_the_other():
    game = to_choose(small_game())
    both_choose(game, "card", "card")
    assert game.state.sequence.queue == [[AXIS, "card"], [SOVIET, "card"]]
    assert game.to_act() == AXIS
    game.apply(DiscardCard(AXIS, "a-fuel"))
    game.apply(PlaceRP(AXIS, "w1"))
    assert game.to_act() == SOVIET and game.state.phase == "card"
    assert game.legal() == [c for c in game.legal() if c.side == SOVIET]


def test_ruling_both_card_with_no_initiative_the_roll_off_decides_who_acts_first():
    game = to_choose(small_game([2, 6]))
    game.state.initiative = None
    both_choose(game, "card", "card")
    assert game.state.sequence.queue == [[SOVIET, "card"], [AXIS, "card"]]


def test_cc_4_2_2_a_cards_bonus_to_the_roll_for_the_map_waits_for_a_both_map_roll():
    # Air Superiority's +2 for the Axis (initiative-roll): not spent on the roll that orders two
    # Card actions (no initiative), then counted in the next roll for the Map
    game = to_choose(small_game([6, 2, 3, 8], hands={AXIS: ["a-fuel"], SOVIET: ["s-katyusha"]}))
    game.state.initiative = None
    game.state.rolloff_bonus = {AXIS: 2}
    both_choose(game, "card", "card")
    assert game.state.sequence.rolls == {AXIS: 6, SOVIET: 2}
    assert game.state.rolloff_bonus == {AXIS: 2}
    for side in game.state.sequence.queue[:]:
        game.apply(DrawCard(side[0]))
    both_choose(game, "map", "map")
    assert game.state.sequence.rolls == {AXIS: 3 + 2, SOVIET: 8}
    assert game.state.rolloff_bonus == {}


def test_cc_4_2_2_card_against_map_the_map_side_operates_first_then_the_card_side_acts():
    game = to_choose(small_game())
    both_choose(game, "card", "map")
    assert game.state.sequence.queue == [[SOVIET, "map"], [AXIS, "card"]]
    assert game.legal() == [StartOperation(SOVIET, "e2")]
    game.apply(StartOperation(SOVIET, "e2"))
    assert game.state.rp[SOVIET] == {"e2": 1}             # one RP spent for the operation (5.2)
    game.apply(EndOperation(SOVIET))
    assert game.state.phase == "card" and game.to_act() == AXIS


# -- 4.2.3 the card actions -----------------------------------------------------------------------
def test_cc_4_2_3b_a_card_may_be_drawn_only_below_five_in_hand():
    game = to_choose(small_game())
    both_choose(game, "card", "map")
    game.apply(StartOperation(SOVIET, "e2"))
    game.apply(EndOperation(SOVIET))
    assert len(game.state.cards[AXIS].hand) == 5
    assert DrawCard(AXIS) not in game.legal()
    game2 = to_choose(small_game(hands={AXIS: ["a-fuel", "a-stuka", "a-d45", "a-winter"]}))
    both_choose(game2, "card", "map")
    game2.apply(StartOperation(SOVIET, "e2"))
    game2.apply(EndOperation(SOVIET))
    assert DrawCard(AXIS) in game2.legal()
    top = game2.state.cards[AXIS].deck[0]
    game2.apply(DrawCard(AXIS))
    assert game2.state.cards[AXIS].hand[-1] == top and len(game2.state.cards[AXIS].hand) == 5


def test_cc_4_2_3c_a_discard_is_face_down_and_gives_one_rp_placed_by_campaign_rule_5():
    game = to_choose(small_game())
    both_choose(game, "card", "card")
    game.apply(DiscardCard(AXIS, "a-fuel"))
    assert game.state.cards[AXIS].discards == ["a-fuel"]
    # campaign 5.a: before a Railhead Advance, only cities west of the start line
    assert sorted(c.area for c in game.legal()) == ["a1", "a2", "a3", "w1", "w2", "w3"]
    game.apply(PlaceRP(AXIS, "w1"))
    assert game.state.rp[AXIS] == {"a2": 1, "w1": 1}
    assert game.state.cards_done == 1
    soviet = game.view(SOVIET)
    assert "a-fuel" not in repr(soviet)                   # the face is never shown
    assert dict(soviet.discard_counts)[AXIS] == 1


def test_cc_4_2_3a_only_one_card_action_per_card_entry():
    game = to_choose(small_game())
    both_choose(game, "card", "card")
    game.apply(PlayCard(AXIS, "a-d45"))
    assert game.to_act() == SOVIET                        # the Axis card action is over


def test_cc_4_2_4a_drawing_the_last_card_of_a_deck_ends_the_game():
    game = to_choose(small_game(hands={AXIS: ["a-fuel"]}, decks={AXIS: ["a-stuka"]}))
    both_choose(game, "card", "card")
    game.apply(DrawCard(AXIS))
    assert game.state.phase == "over"
    assert game.legal() == []
    assert game.outcome is not None and "last card" in game.outcome.reason


# -- campaign 4 and 12 ------------------------------------------------------------------------------
def test_rts_12_the_game_opens_with_a_german_operation_spending_one_rp():
    game = new_game(seed=3)
    assert game.state.phase == "operation"
    assert game.to_act() == AXIS
    legal = game.legal()
    assert legal and all(isinstance(c, StartOperation) and c.side == AXIS for c in legal)
    small = small_game()
    assert small.legal() == [StartOperation(AXIS, "a2")]
    small.apply(StartOperation(AXIS, "a2"))
    assert small.state.rp[AXIS] == {"a2": 1} and small.state.operation.sp == 6


def test_rts_4_the_axis_holds_the_initiative_and_the_stavka_card_ends_it_for_good():
    game = to_choose(small_game([5, 5, 6, 2], rp={AXIS: {"a2": 3}, SOVIET: {"e2": 2}}))
    assert game.state.initiative == AXIS
    both_choose(game, "map", "card")
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(EndOperation(AXIS))
    game.apply(PlayCard(SOVIET, "s-stavka"))
    assert game.state.initiative is None
    assert game.state.permanents["stavka"] == SOVIET
    # no +2 from now on: 5 against 5 is no longer the Axis' tie
    both_choose(game, "map", "map")
    rolls = [e for e in game.events if e.kind == "roll"]
    assert [e.dice for e in rolls] == [(5, 5), (6, 2)]
    assert all(e.modifiers == () for e in rolls)

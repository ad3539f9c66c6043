"""Ruling on series 2.3.4: an Event that acts on the enemy's operation (Traffic Jam) is set face
down together with the Card/Map choice and played as the enemy's operation begins; if the enemy
makes no operation in that sequence, the card goes back to the hand unseen."""

from __future__ import annotations

import pytest

from rules.core.dice import FixedDice
from rules.core.errors import IllegalCommand
from rules.roads import Choose, EndOperation, StartOperation, new_game


def _after_the_opening(seed=3, dice=None):
    game = new_game(seed=seed, dice=dice)
    first = game.legal()[0]
    game.apply(first)                                  # campaign 12: the German operation
    game.apply(EndOperation("axis"))
    hand = game.state.cards["soviet"].hand
    hand[0] = "traffic-jam"                            # the Soviet player holds Traffic Jam
    return game, first.area


def test_ruling_cc_2_3_4_traffic_jam_set_with_the_choice_costs_the_axis_operation_two_sp():
    game, area = _after_the_opening()
    s = game.state
    game.apply(Choose("axis", "map"))
    assert Choose("soviet", "card", "traffic-jam") in game.legal()
    game.apply(Choose("soviet", "card", "traffic-jam"))
    assert "traffic-jam" not in s.cards["soviet"].hand
    assert "traffic-jam" not in repr(game.view("axis"))      # face down: unseen by the Axis
    assert dict(game.view("axis").hand_sizes)["soviet"] == 5  # still held: no sign a card was set
    assert game.view("soviet").my_ready == "traffic-jam"        # its owner still sees it
    assert game.view("axis").my_ready == ""
    rp_area = next(c.area for c in game.legal() if isinstance(c, StartOperation))
    events = game.apply(StartOperation("axis", rp_area))
    assert any("Traffic Jam" in e.text for e in events)
    assert s.operation.sp == 4
    assert "traffic-jam" in s.cards["soviet"].played


def test_ruling_cc_2_3_4_a_card_set_ready_goes_back_unseen_when_no_enemy_operation_follows():
    game, _ = _after_the_opening()
    s = game.state
    game.apply(Choose("axis", "card"))
    game.apply(Choose("soviet", "card", "traffic-jam"))
    while s.sequence.number == 1:                      # both play their card actions
        game.apply(next(c for c in game.legal() if type(c).__name__ == "DrawCard"
                        or type(c).__name__ == "DiscardCard"))
        while s.pending:
            game.apply(game.legal()[0])
    assert "traffic-jam" in s.cards["soviet"].hand
    assert "traffic-jam" not in s.cards["soviet"].played


def test_ruling_cc_2_3_a_card_set_ready_counts_among_the_five_in_hand():
    game, _ = _after_the_opening()
    s = game.state
    assert len(s.cards["soviet"].hand) == 5
    game.apply(Choose("axis", "card"))
    game.apply(Choose("soviet", "card", "traffic-jam"))
    while s.sequence.number == 1:
        side = game.to_act()
        if side == "soviet":
            assert not any(type(c).__name__ == "DrawCard" for c in game.legal())   # 4 + 1 set ready
        game.apply(next(c for c in game.legal() if type(c).__name__ == "DiscardCard"))
        while s.pending:
            game.apply(game.legal()[0])
    assert len(s.cards["soviet"].hand) <= 5 and "traffic-jam" in s.cards["soviet"].hand


def test_ruling_cc_4_2_2_the_loser_of_a_both_map_roll_off_cannot_strike_at_the_winners_operation():
    """Ruling on 2.3.4 with 4.2.2 (issue 23, item 7): an Event is set face down with Card only.
    4.2.2 says the loser of a both-Map roll-off "cannot do anything" until the next sequence, so
    a card set with Map would have struck at the winner's operation against the text; and with
    Map it has no other use (the winner has no enemy operation, against Card one operates
    oneself). Fixed dice: both choose Map, the roll-off 3 + 2 (initiative) against 5 is a tie
    the Axis wins; its operation keeps its 6 SP, and the Soviet hand keeps Traffic Jam."""
    game, _ = _after_the_opening(dice=FixedDice([3, 5]))
    s = game.state
    game.apply(Choose("axis", "map"))
    legal = game.legal()
    assert Choose("soviet", "card", "traffic-jam") in legal         # Card against Map: a moment
    assert Choose("soviet", "map") in legal
    assert not [c for c in legal if isinstance(c, Choose) and c.choice == "map" and c.event]
    before = repr(s)
    with pytest.raises(IllegalCommand):
        game.apply(Choose("soviet", "map", "traffic-jam"))
    assert repr(s) == before                                         # refused, nothing changed
    game.apply(Choose("soviet", "map"))
    assert s.sequence.rolls == {"axis": 5, "soviet": 5}
    rp_area = next(c.area for c in game.legal() if isinstance(c, StartOperation))
    events = game.apply(StartOperation("axis", rp_area))
    assert not any("Traffic Jam" in e.text for e in events)
    assert s.operation.sp == 6 and "traffic-jam" in s.cards["soviet"].hand

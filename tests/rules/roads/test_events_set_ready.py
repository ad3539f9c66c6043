"""Ruling on series 2.3.4: an Event that acts on the enemy's operation (Traffic Jam) is set face
down together with the Card/Map choice and played as the enemy's operation begins; if the enemy
makes no operation in that sequence, the card goes back to the hand unseen."""

from __future__ import annotations

from rules.roads import Choose, EndOperation, StartOperation, new_game


def _after_the_opening(seed=3):
    game = new_game(seed=seed)
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

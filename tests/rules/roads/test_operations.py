"""On-board operations (series 5, 8, 10; campaign 8, 11, 13) pinned in the small world.

    w1 - a1 - b1 ~ e1        ~ the Volga
    w2 - a2 = b2 - e2        = the Don (major)
    w3 - a3 - b3 - e3        a3-b3 a minor river; b3 a mountain
"""

from __future__ import annotations

from rules.roads import (
    Choose, DiscardCard, EndOperation, Gather, Halt, Move, PlaceRP, Rebuild, Reorganize,
    StartOperation,
)
from rules.roads.state import AXIS, POOL, SOVIET
from tests.rules.roads.small_world import small_game


def moved(game, side, units, *areas, halt=True):
    for u in units:
        game.apply(Gather(side, u))
    for a in areas:
        game.apply(Move(side, a))
    if halt and game.state.operation is not None and game.state.operation.force:
        game.apply(Halt(side))


def winter(game):
    game.state.permanents["winter"] = SOVIET
    game.state.winter_at = game.state.cards_done


# -- 5.2 -------------------------------------------------------------------------------------------
def test_cc_5_2_an_operation_spends_one_rp_marks_the_active_operation_and_gives_six_sp():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    op = game.state.operation
    assert (op.side, op.area, op.sp) == (AXIS, "a2", 6)
    assert game.state.rp[AXIS] == {"a2": 1}
    assert game.view(SOVIET).operation.area == "a2"      # the marker is on the map for both


def test_cc_5_2_the_last_rp_of_an_area_leaves_it():
    game = small_game(rp={AXIS: {"a2": 1, "w1": 1}, SOVIET: {"e2": 1}})
    game.apply(StartOperation(AXIS, "w1"))
    assert game.state.rp[AXIS] == {"a2": 1}


# -- 5.2.3 the supply path ----------------------------------------------------------------------------
def test_cc_5_2_3_units_within_three_enemy_free_areas_of_the_active_operation_may_act():
    game = small_game(rp={AXIS: {"w1": 1}, SOVIET: {"e2": 1}}, units={"inf2": "a3", "kerch": "b3", "pz": "w2", "inf": "w2"})
    game.apply(StartOperation(AXIS, "w1"))
    gatherable = {c.unit for c in game.legal() if isinstance(c, Gather)}
    assert "inf2" in gatherable                          # w1-w2-w3-a3: three areas
    assert "kerch" not in gatherable                     # b3 is four areas from w1


def test_cc_5_2_3_the_path_may_not_pass_through_enemy_units():
    game = small_game(units={"inf2": "e1"})
    game.apply(StartOperation(AXIS, "a2"))
    gatherable = {c.unit for c in game.legal() if isinstance(c, Gather)}
    # e1 is three areas from a2, but only through b1 (3rd Army) or b2/e2 (Soviet units)
    assert "inf2" not in gatherable
    assert {"pz", "inf", "kerch", "ita"} <= gatherable


# -- 5.2.5 one action each ------------------------------------------------------------------------------
def test_cc_5_2_5_a_unit_performs_only_one_action_per_operation():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf"], "a3")
    assert Gather(AXIS, "inf") not in game.legal()
    assert "inf" in game.state.operation.acted


def test_cc_5_2_5_a_reorganized_unit_has_acted():
    game = small_game()
    game.state.units["inf"].disorganized = True
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(Reorganize(AXIS, "inf"))
    assert Gather(AXIS, "inf") not in game.legal()


# -- 5.5.2 and campaign 8 costs ---------------------------------------------------------------------------
def test_cc_5_5_2_moving_a_unit_costs_one_sp_however_far_it_goes():
    game = small_game(units={"pz": "w2"})
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf"], "a3", "w3", halt=False)     # two areas: red movement 2
    # ends on the Kerch Group at w3: the move (1) and then stacking (2) (8.2)
    assert game.state.operation.sp == 6 - 1 - 2


def test_cc_5_5_2_moving_a_stack_costs_the_same_as_one_unit():
    game = small_game(units={"inf2": "a2", "pz": "w1"})
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf", "inf2"], "a3")
    assert game.state.operation.sp == 5


def test_rts_8_moving_panzers_or_a_stack_with_one_costs_two_sp():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["pz"], "a3")
    assert game.state.operation.sp == 4
    game2 = small_game()
    game2.apply(StartOperation(AXIS, "a2"))
    moved(game2, AXIS, ["pz", "inf"], "a3")
    assert game2.state.operation.sp == 4


def test_cc_8_2_ending_a_move_on_friendly_units_costs_two_sp_more():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf"], "a1")                     # onto the 2nd Infantry Corps
    assert game.state.operation.sp == 6 - 1 - 2


def test_cc_8_2_2_passing_through_friends_is_not_stacking():
    game = small_game(units={"pz": "w3"})
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf"], "a1", "w1", halt=False)    # through inf2 at a1, onto the Italians at w1
    assert game.state.operation.sp == 6 - 1 - 2
    game2 = small_game(units={"pz": "w3"})
    game2.apply(StartOperation(AXIS, "a2"))
    game2.apply(Gather(AXIS, "inf"))
    game2.apply(Move(AXIS, "a1"))
    game2.apply(Move(AXIS, "w1"))
    assert game2.state.operation.sp == 3


def test_ruling_cc_8_2_2_a_force_short_of_the_stacking_sp_passes_through_friends_and_halts_beyond():
    """8.2.2: the stack is made where a unit FINISHES its move among friends. With 2 SP the
    1st Infantry Corps pays 1 to move and cannot pay the 2 of stacking: it may still pass
    through the 2nd at a1 on its way to the empty w1, but not halt at a1."""
    game = small_game(units={"ita": "pool"})
    game.apply(StartOperation(AXIS, "a2"))
    game.state.operation.sp = 2
    game.apply(Gather(AXIS, "inf"))
    legal = game.legal()
    assert Move(AXIS, "a3") in legal and Move(AXIS, "a1") in legal
    game.apply(Move(AXIS, "a1"))                          # through the 2nd Infantry Corps
    legal = game.legal()
    assert Halt(AXIS) not in legal                        # it could not pay to stack here
    assert legal == [Move(AXIS, "w1")]                    # a2 (the Panzers) is friends too; b1 too far to attack
    game.apply(Move(AXIS, "w1"))
    assert game.state.units["inf"].where == "w1" and game.state.operation.sp == 1


def test_ruling_cc_8_2_2_a_force_enters_friends_it_cannot_pay_to_stack_with_only_if_it_can_go_on():
    """The ruling's other half: a force is let into friends it could not pay to stack with only
    when it can still reach, with the movement it has left, an area where it may finish (empty,
    an enemy it may attack, the west edge), so it is never caught with nowhere to halt. With the
    Italians at w1 every way on from a1 needs a stack too."""
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    game.state.operation.sp = 2
    game.apply(Gather(AXIS, "inf"))
    legal = game.legal()
    assert Move(AXIS, "a3") in legal
    assert Move(AXIS, "a1") not in legal                  # 1 to move + 2 to stack > 2, and no way on


def test_cc_9_6_6e_g_spending_the_rp_that_surrounded_a_unit_lifts_its_isolation_and_it_may_be_reorganized():
    """9.6.6e: the marker comes off when the conditions cease; an enemy RP is one of them
    (an enemy-occupied area, 9.6.3f). The disorganized 2nd Infantry Corps at a1 is surrounded
    by the Soviets at b1, their RP at w1 and a2's Soviet units; the Soviets spend that RP on an
    operation they end at once: it is no longer isolated, and the Axis may reorganize it
    (9.6.6g bars only an isolated unit)."""
    game = small_game(units={"ita": POOL, "pz": "w2", "inf": "w2", "a1": "a2", "a2": "a2"},
                      rp={AXIS: {"w2": 1}, SOVIET: {"w1": 1, "e2": 1}})
    game.state.units["inf2"].disorganized = True
    assert game.state.units["inf2"].isolated
    game.state.sequence.queue = [[SOVIET, "map"], [AXIS, "map"]]
    game.apply(StartOperation(SOVIET, "w1"))               # the RP at w1 is spent
    assert "w1" not in game.state.rp[SOVIET]
    assert not game.state.units["inf2"].isolated
    game.apply(EndOperation(SOVIET))
    game.apply(StartOperation(AXIS, "w2"))
    assert Reorganize(AXIS, "inf2") in game.legal()


# -- campaign 13 winter ---------------------------------------------------------------------------------
def test_rts_13_winter_doubles_every_axis_sp_cost_except_moving_infantry_only():
    game = small_game(units={"inf2": "w2"})
    winter(game)
    game.state.units["kerch"].disorganized = True
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf"], "a3")                     # infantry only: 1
    assert game.state.operation.sp == 5
    moved(game, AXIS, ["pz"], "a1")                      # Panzers: 2 x 2
    assert game.state.operation.sp == 1
    game2 = small_game(units={"inf2": "w2"})
    winter(game2)
    game2.state.units["kerch"].disorganized = True
    game2.apply(StartOperation(AXIS, "a2"))
    moved(game2, AXIS, ["inf"], "w2")                    # infantry move 1, stacking 2 x 2
    assert game2.state.operation.sp == 6 - 1 - 4
    assert Reorganize(AXIS, "kerch") not in game2.legal()     # reorganizing: 1 x 2 > 1
    game3 = small_game()
    winter(game3)
    game3.state.units["kerch"].disorganized = True
    game3.apply(StartOperation(AXIS, "a2"))
    game3.apply(Reorganize(AXIS, "kerch"))
    assert game3.state.operation.sp == 4


def test_rts_13_winter_does_not_double_soviet_costs():
    game = small_game(units={"t1": "e3"})
    winter(game)
    game.state.sequence.queue = [[SOVIET, "map"]]
    game.apply(StartOperation(SOVIET, "e2"))
    moved(game, SOVIET, ["t1"], "e2")                    # tank: 2, no doubling
    assert game.state.operation.sp == 4


# -- 10 reorganize and rebuild ------------------------------------------------------------------------------
def test_cc_10_1_reorganizing_costs_one_sp_and_needs_no_die():
    game = small_game([])                                # no die may be rolled
    game.state.units["inf"].disorganized = True
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(Reorganize(AXIS, "inf"))
    assert not game.state.units["inf"].disorganized
    assert game.state.operation.sp == 5


def test_cc_10_2_rebuilding_a_depleted_unit_costs_one_sp_and_10_3_only_one_per_operation():
    game = small_game()
    game.state.units["inf"].depleted = True
    game.state.units["pz"].depleted = True
    game.apply(StartOperation(AXIS, "a2"))
    assert {Rebuild(AXIS, "inf"), Rebuild(AXIS, "pz")} <= set(game.legal())
    game.apply(Rebuild(AXIS, "pz"))
    assert not game.state.units["pz"].depleted
    assert game.state.operation.sp == 5
    assert not any(isinstance(c, Rebuild) for c in game.legal())


def test_rts_11_the_axis_rebuilds_only_every_second_operation():
    game = small_game(rp={AXIS: {"a2": 5}, SOVIET: {"e2": 2}},
                      hands={SOVIET: ["s-supplies", "s-katyusha", "s-repair"]})
    for u in ("inf", "pz", "inf2"):
        game.state.units[u].depleted = True
    game.apply(StartOperation(AXIS, "a2"))
    (event,) = game.apply(Rebuild(AXIS, "inf"))
    assert event.rule == "CC 10.2, RtS 11"
    game.apply(EndOperation(AXIS))
    game.apply(Choose(AXIS, "map"))
    game.apply(Choose(SOVIET, "card"))
    game.apply(StartOperation(AXIS, "a2"))
    assert game.state.operation.number == 2
    assert not any(isinstance(c, Rebuild) for c in game.legal())      # the operation after
    game.apply(EndOperation(AXIS))
    game.apply(DiscardCard(SOVIET, "s-katyusha"))
    game.apply(PlaceRP(SOVIET, "e2"))
    game.apply(Choose(AXIS, "map"))
    game.apply(Choose(SOVIET, "card"))
    game.apply(StartOperation(AXIS, "a2"))
    assert game.state.operation.number == 3
    assert Rebuild(AXIS, "pz") in game.legal()                         # every second operation


def test_rts_11_the_soviets_may_rebuild_in_every_operation():
    game = small_game(rp={AXIS: {"a2": 2}, SOVIET: {"e2": 3}})
    game.state.units["a1"].depleted = game.state.units["a2"].depleted = True
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(EndOperation(AXIS))
    for _ in range(2):
        game.apply(Choose(AXIS, "card"))
        game.apply(Choose(SOVIET, "map"))
        game.apply(StartOperation(SOVIET, "e2"))
        rebuilds = [c for c in game.legal() if isinstance(c, Rebuild)]
        assert rebuilds
        (event,) = game.apply(rebuilds[0])
        assert event.rule == "CC 10.2"                      # RtS 11 is the Axis' limit alone
        game.apply(EndOperation(SOVIET))
        game.apply(DiscardCard(AXIS, game.state.cards[AXIS].hand[0]))
        game.apply(PlaceRP(AXIS, "a2"))


def test_cc_9_6_6g_an_isolated_unit_cannot_be_reorganized_or_rebuilt():
    # the Italians at w1 with every neighbour (a1, w2) enemy-occupied
    game = small_game(rp={AXIS: {"a3": 1}, SOVIET: {"e2": 1}},
                      units={"ita": "w1", "inf2": "w3", "a1": "a1", "a2": "w2", "pz": "a3", "inf": "a3"})
    ita = game.state.units["ita"]
    assert ita.isolated
    ita.disorganized = ita.depleted = True
    game.state.units["inf"].depleted = True
    game.apply(StartOperation(AXIS, "a3"))
    legal = game.legal()
    assert Reorganize(AXIS, "ita") not in legal and Rebuild(AXIS, "ita") not in legal
    assert Rebuild(AXIS, "inf") in legal


# -- the end of an operation --------------------------------------------------------------------------------
def test_cc_5_the_operation_ends_when_its_sp_reach_zero():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf"], "a1")                     # 1 + 2
    assert game.state.operation.sp == 3
    moved(game, AXIS, ["pz"], "a3")                      # 2
    game.state.units["kerch"].disorganized = True
    game.apply(Reorganize(AXIS, "kerch"))                # 1: 0 left
    assert game.state.operation is None
    assert game.state.phase == "choose"


def test_cc_5_an_operation_may_be_ended_with_sp_left():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    assert EndOperation(AXIS) in game.legal()
    game.apply(EndOperation(AXIS))
    assert game.state.operation is None and game.state.rp[AXIS] == {"a2": 1}


def test_ruling_cc_5_an_operation_may_end_with_a_force_gathered_but_not_moved():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(Gather(AXIS, "inf"))
    assert EndOperation(AXIS) in game.legal()
    game.apply(EndOperation(AXIS))
    assert game.state.operation is None
    assert game.state.units["inf"].where == "a2"         # it stayed: nothing moved, nothing paid


def test_ruling_cc_8_2_2_a_force_that_has_moved_halts_before_the_operation_ends():
    game = small_game()
    game.apply(StartOperation(AXIS, "a2"))
    moved(game, AXIS, ["inf"], "a3", halt=False)
    assert EndOperation(AXIS) not in game.legal() and Halt(AXIS) in game.legal()
    game.apply(Halt(AXIS))
    assert EndOperation(AXIS) in game.legal()


def test_ruling_rts_13_in_winter_the_one_rebuild_of_an_axis_operation_costs_two_sp():
    game = small_game()
    winter(game)
    game.state.units["inf"].depleted = True
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(Rebuild(AXIS, "inf"))
    assert game.state.operation.sp == 4 and not game.state.units["inf"].depleted

"""Movement (series 5.4.1, 6, 8.4, 9.6.6; campaign 1, 3, 9, 10) pinned in the small world.

    w1 - a1 - b1 ~ e1        ~ the Volga
    w2 - a2 = b2 - e2        = the Don (major)
    w3 - a3 - b3 - e3        a3-b3 a minor river; b3 a mountain; (kerch=True: w3 ~ a3 the Straits)
"""

from __future__ import annotations

from rules.roads import Gather, Halt, Move, PlaceUnit, Release, StartOperation
from rules.roads.state import AXIS, GONE, POOL, SOVIET
from rules.roads.victory import breakdown
from rules.roads.geography import update_isolation
from tests.rules.roads.small_world import small_game

SOVIET_OP = {AXIS: {"a2": 1}, SOVIET: {"e2": 2}}


def axis_op(area="a2", **kw):
    kw.setdefault("rp", {AXIS: {area: 2}, SOVIET: {"e2": 2}})
    game = small_game(**kw)
    game.apply(StartOperation(AXIS, area))
    return game


def soviet_op(area="e2", **kw):
    kw.setdefault("rp", {AXIS: {"a2": 1}, SOVIET: {area: 2}})
    game = small_game(**kw)
    game.state.sequence.queue = [[SOVIET, "map"]]
    game.apply(StartOperation(SOVIET, area))
    return game


def gather(game, side, *units):
    for u in units:
        game.apply(Gather(side, u))


def moves(game, side):
    return sorted(c.area for c in game.legal() if isinstance(c, Move))


def winter(game, cards_since=0):
    game.state.permanents["winter"] = SOVIET
    game.state.winter_at = game.state.cards_done
    game.state.cards_done += cards_since


# -- 6.3 movement factors ------------------------------------------------------------------------------
def test_cc_6_3_a_force_moves_as_many_areas_as_its_movement_factor():
    game = axis_op(units={"a1": POOL, "a2": POOL, "t1": POOL, "a3": POOL})
    gather(game, AXIS, "pz")                              # MF 3
    for area in ("b2", "e2", "e1"):
        game.apply(Move(AXIS, area))
    assert game.state.units["pz"].where == "e1"
    assert game.state.operation.force == []              # out of movement: the move is over


def test_cc_6_3_a_stack_moves_at_its_slowest_units_pace():
    game = axis_op(units={"a1": POOL, "a2": POOL, "inf2": "a2"})
    gather(game, AXIS, "pz", "inf2")                      # MF 3 and 2
    game.apply(Move(AXIS, "a3"))
    game.apply(Move(AXIS, "w3"))
    assert game.state.operation.force == []


def test_cc_6_3_a_one_mp_soviet_army_moves_one_area():
    game = soviet_op(units={"a3": "e3"})
    gather(game, SOVIET, "a3")
    game.apply(Move(SOVIET, "b3"))
    assert game.state.operation.force == []


def test_cc_8_4_a_stack_starts_in_one_area_and_8_5_may_leave_some_behind():
    game = axis_op()
    gather(game, AXIS, "inf")
    assert Gather(AXIS, "inf2") not in game.legal()       # in a1, not with the force
    assert Gather(AXIS, "pz") in game.legal()             # the Panzers may stay or come
    game.apply(Move(AXIS, "a3"))
    game.apply(Halt(AXIS))
    assert game.state.units["pz"].where == "a2"


# -- campaign 1.c / 1.g mountains --------------------------------------------------------------------------
def test_rts_1_c_a_force_entering_a_mountain_stops_at_once():
    game = axis_op()
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "a3"))
    game.apply(Move(AXIS, "b3"))                          # 1 MP would be left
    assert game.state.units["pz"].where == "b3"
    assert game.state.operation.force == []


# -- campaign 1.b.II / 1.d major rivers and the Straits ------------------------------------------------------
def test_rts_1_b_ii_crossing_a_major_river_into_enemy_units_costs_one_more_mp():
    game = axis_op(units={"pz": "w2"})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "a2"))                          # 2 MP left: enough for the Don
    assert "b2" in moves(game, AXIS)
    game.apply(Move(AXIS, "b2"))
    assert game.state.operation.mp == 0 and game.state.battle is not None


def test_rts_1_b_ii_with_one_mp_left_a_fast_force_cannot_cross_into_enemy_units():
    game = axis_op(units={"pz": "w1", "ita": "w3"})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "w2"))
    game.apply(Move(AXIS, "a2"))                          # 1 MP left of 3
    assert "b2" not in moves(game, AXIS)


def test_rts_1_b_ii_a_major_river_costs_nothing_more_into_an_empty_area():
    game = axis_op(units={"pz": "w1", "ita": "w3", "a1": POOL, "a2": POOL})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "w2"))
    game.apply(Move(AXIS, "a2"))
    game.apply(Move(AXIS, "b2"))                          # the last MP
    assert game.state.units["pz"].where == "b2"


def test_rts_1_b_ii_units_with_a_movement_factor_of_one_are_not_affected():
    game2 = soviet_op(units={"a3": "b2", "a1": POOL, "a2": POOL})
    gather(game2, SOVIET, "a3")
    assert "a2" in moves(game2, SOVIET)                    # into the Panzers and infantry at a2
    game2.apply(Move(SOVIET, "a2"))
    assert game2.state.battle is not None and game2.state.battle.crossing == "major"


def test_rts_9_a_red_infantry_attacks_across_a_major_river_with_its_one_mp():
    game = axis_op()
    gather(game, AXIS, "inf")
    assert "b2" in moves(game, AXIS)


def test_rts_1_b_ii_the_extra_mp_stops_once_winter_arrives():
    game = axis_op(units={"pz": "w1", "inf": POOL})      # (no friends at a2 to pay stacking for)
    winter(game)
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "w2"))
    game.apply(Move(AXIS, "a2"))
    assert "b2" in moves(game, AXIS)


def test_rts_1_d_crossing_the_kerch_straits_into_enemy_units_costs_one_more_mp():
    game = axis_op(area="w2", kerch=True, units={"pz": "w1", "a1": "a3", "kerch": POOL, "ita": POOL})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "w2"))
    game.apply(Move(AXIS, "w3"))                          # 1 MP left
    assert "a3" not in moves(game, AXIS)
    game2 = axis_op(area="w2", kerch=True, units={"pz": "w2", "a1": "a3", "kerch": POOL, "ita": POOL})
    gather(game2, AXIS, "pz")
    game2.apply(Move(AXIS, "w3"))                         # 2 MP left
    game2.apply(Move(AXIS, "a3"))
    assert game2.state.battle is not None and game2.state.battle.crossing == "kerch"


def test_rts_1_d_i_soviet_units_cannot_cross_the_straits_before_winter():
    game = soviet_op(kerch=True, units={"t1": "a3", "kerch": POOL})
    gather(game, SOVIET, "t1")
    assert "w3" not in moves(game, SOVIET)
    game2 = soviet_op(kerch=True, units={"t1": "a3", "kerch": POOL})
    winter(game2)
    gather(game2, SOVIET, "t1")
    assert "w3" in moves(game2, SOVIET)


def test_rts_1_d_ii_german_kerch_units_leave_by_the_west_edge_not_destroyed_and_never_back():
    game = axis_op()
    gather(game, AXIS, "kerch")
    assert Move(AXIS, GONE) in game.legal()
    game.apply(Move(AXIS, GONE))
    assert game.state.units["kerch"].where == GONE
    assert breakdown(game, SOVIET).units == 0             # not destroyed: no VP
    assert Gather(AXIS, "kerch") not in game.legal()


def test_rts_1_d_ii_only_the_kerch_units_may_leave_by_the_edge():
    game = axis_op(units={"inf2": "w3"})
    gather(game, AXIS, "inf2")
    assert Move(AXIS, GONE) not in game.legal()


# -- campaign 1.b.I the Volga ----------------------------------------------------------------------------------
def test_rts_1_b_i_crossing_the_volga_takes_all_the_movement():
    game = axis_op(units={"pz": "b1", "a3": POOL})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "e1"))
    assert game.state.units["pz"].where == "e1"
    assert game.state.operation.force == []


def test_rts_1_b_i_no_attack_across_the_volga():
    game = axis_op(units={"pz": "b1", "a3": "e1"})
    gather(game, AXIS, "pz")
    assert "e1" not in moves(game, AXIS)


def test_ruling_rts_1_b_i_the_volga_is_crossed_only_as_a_forces_first_step():
    game = axis_op(units={"pz": "a1", "inf2": "w1", "a3": POOL})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "b1"))
    assert "e1" not in moves(game, AXIS)


def test_rts_1_b_i_after_winter_arrives_the_volga_is_closed_for_five_cards_then_a_major_river():
    game = axis_op(units={"pz": "b1", "a3": POOL})
    winter(game, cards_since=4)
    gather(game, AXIS, "pz")
    assert "e1" not in moves(game, AXIS)                  # four cards since: still closed
    game2 = axis_op(units={"pz": "b1", "a3": "e1"})
    winter(game2, cards_since=5)
    gather(game2, AXIS, "pz")
    assert "e1" in moves(game2, AXIS)                     # open, and an attack across it is allowed
    game2.apply(Move(AXIS, "e1"))
    assert game2.state.battle.crossing == "major"


def test_rts_1_b_i_supply_is_traced_across_the_volga_at_any_time():
    game = soviet_op(area="e1", rp={AXIS: {"a2": 1}, SOVIET: {"e1": 1}}, units={"t1": "e3"})
    winter(game)                                          # the Volga is closed to movement
    assert Gather(SOVIET, "a3") in game.legal()           # b1, across the Volga from e1


# -- campaign 9 German infantry ------------------------------------------------------------------------------------
def test_rts_9_german_red_infantry_moves_two_areas_without_attacking():
    game = axis_op(units={"pz": "w1"})
    gather(game, AXIS, "inf")
    game.apply(Move(AXIS, "a3"))
    game.apply(Move(AXIS, "w3"))
    assert game.state.units["inf"].where == "w3"


def test_rts_9_a_german_red_infantry_attacks_only_as_its_first_step():
    game = axis_op(units={"inf": "w2", "pz": "w1"})
    gather(game, AXIS, "inf")
    game.apply(Move(AXIS, "a2"))
    assert "b2" not in moves(game, AXIS)                  # a movement factor of one to attack
    game2 = axis_op(units={"inf": "a2"})
    gather(game2, AXIS, "inf")
    assert "b2" in moves(game2, AXIS)


def test_rts_9_a_a_stack_with_red_infantry_attacks_only_as_its_first_step():
    game = axis_op(units={"pz": "w2", "inf": "w2"})
    gather(game, AXIS, "pz", "inf")
    game.apply(Move(AXIS, "a2"))
    assert "b2" not in moves(game, AXIS)


# -- campaign 10 Manstein ------------------------------------------------------------------------------------------
def test_rts_10_b_manstein_adds_one_to_the_movement_of_the_stack_he_moves_with():
    game = axis_op(units={"a1": POOL, "a2": POOL, "t1": POOL, "a3": POOL, "inf2": POOL})
    game.state.leader = "a2"
    gather(game, AXIS, "pz")
    game.apply(Gather(AXIS, "manstein"))
    assert game.state.operation.mp == 4
    for area in ("b2", "e2", "e1", "e2"):
        if area in moves(game, AXIS):
            game.apply(Move(AXIS, area))
    assert game.state.leader == game.state.units["pz"].where


def test_ruling_rts_10_b_manstein_lets_red_infantry_attack_after_one_step():
    game = axis_op(units={"inf": "w1", "ita": POOL})
    game.state.leader = "w1"
    gather(game, AXIS, "inf")
    game.apply(Gather(AXIS, "manstein"))
    game.apply(Move(AXIS, "a1"))
    assert "b1" in moves(game, AXIS)                      # the 3rd Army, at the second step
    game2 = axis_op(units={"inf": "w1", "ita": POOL})
    gather(game2, AXIS, "inf")
    game2.apply(Move(AXIS, "a1"))
    assert "b1" not in moves(game2, AXIS)                 # without him: the first step only


def test_cc_12_2_manstein_moves_only_with_a_stack():
    game = axis_op()
    game.state.leader = "a2"
    assert Gather(AXIS, "manstein") not in game.legal()   # not alone
    gather(game, AXIS, "inf")
    assert Gather(AXIS, "manstein") in game.legal()
    game.apply(Gather(AXIS, "manstein"))
    game.apply(Release(AXIS, "inf"))
    assert not game.state.operation.leader


# -- campaign 3 nationalities -------------------------------------------------------------------------------------
def test_rts_3_a_an_area_with_another_non_german_nation_is_impassable():
    game = axis_op(units={"rum": "a1", "ita": "w1"})
    gather(game, AXIS, "ita")
    assert "a1" not in moves(game, AXIS)
    assert "w2" in moves(game, AXIS)


def test_rts_3_germans_stack_with_any_nation_but_other_nations_not_together():
    game = axis_op(units={"rum": "a2", "ita": "a2", "hun": POOL})
    gather(game, AXIS, "rum")
    assert Gather(AXIS, "ita") not in game.legal()
    assert Gather(AXIS, "inf") in game.legal()
    game2 = axis_op(units={"rum": "a3"})
    gather(game2, AXIS, "inf")
    assert "a3" in moves(game2, AXIS)                     # a German joins the Rumanians


def test_rts_3_b_hungarians_and_rumanians_stay_three_areas_apart():
    game = axis_op(units={"hun": "w1", "rum": "a3"})      # three apart
    gather(game, AXIS, "rum")
    assert moves(game, AXIS) == ["b3"]                    # a2 or w3: two from w1


def test_rts_3_c_the_distance_holds_for_reinforcements_too():
    game = small_game(rp={AXIS: {"a2": 1}, SOVIET: {"e2": 1}}, units={"hun": "w1", "ita": POOL})
    from rules.roads.state import Pending
    game.state.pending.append(Pending("place-unit", AXIS, "RtS 7", data=["rum"], source="test"))
    places = sorted(c.area for c in game.legal() if isinstance(c, PlaceUnit))
    assert places and all(a in ("a3",) for a in places)   # a3 is the only Axis city three from w1


# -- campaign 1.f.III control and 5.4.1 RPs ---------------------------------------------------------------------------
def test_rts_1_f_iii_areas_a_force_moves_through_without_enemy_units_become_its_sides():
    game = axis_op(units={"a1": POOL, "a2": POOL})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "b2"))
    game.apply(Move(AXIS, "b3"))
    assert game.state.control["b2"] == AXIS and game.state.control["b3"] == AXIS


def test_cc_5_4_1_a_unit_alone_with_enemy_rps_captures_half_rounded_down_and_destroys_the_rest():
    game = axis_op(rp={AXIS: {"a2": 1}, SOVIET: {"e2": 1, "b3": 3}})
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "a3"))
    game.apply(Move(AXIS, "b3"))
    assert game.state.rp[SOVIET] == {"e2": 1}
    assert game.state.rp[AXIS] == {"b3": 1}


def test_cc_5_4_1_a_single_enemy_rp_is_destroyed():
    game = axis_op(rp={AXIS: {"a2": 1}, SOVIET: {"e2": 1, "a3": 1}})
    gather(game, AXIS, "inf")
    game.apply(Move(AXIS, "a3"))
    assert "a3" not in game.state.rp[SOVIET] and "a3" not in game.state.rp[AXIS]


# -- 9.6.6 isolation ---------------------------------------------------------------------------------------------------
def test_cc_9_6_6b_e_isolation_is_marked_the_moment_it_happens_and_lifted_the_moment_it_ends():
    # the 3rd Army alone at e1: neighbours b1 (the 2nd Infantry Corps) and e2 (empty)
    game = axis_op(units={"a3": "e1", "t1": "e3", "a1": POOL, "a2": POOL, "inf2": "b1"})
    assert not game.state.units["a3"].isolated
    gather(game, AXIS, "pz")
    game.apply(Move(AXIS, "b2"))
    game.apply(Move(AXIS, "e2"))
    assert game.state.units["a3"].isolated                # at once, mid-move
    assert any(e.kind == "isolation" and "3rd Army" in e.text for e in game.events)
    game.apply(Halt(AXIS))
    gather(game, AXIS, "inf2")
    game.apply(Move(AXIS, "a1"))                          # b1 is empty again
    assert not game.state.units["a3"].isolated


def test_cc_12_2_the_last_units_of_manstein_s_area_take_him_along_with_his_plus_one():
    game = axis_op(units={"pz": "a1", "inf2": "w1", "ita": POOL})
    game.state.leader = "a1"
    gather(game, AXIS, "pz")                              # MF 3, without him
    game.apply(Move(AXIS, "w1"))
    assert game.state.leader == "w1" and game.state.operation.leader
    assert game.state.operation.mp == 3 + 1 - 1           # his +1 from the first step (10.b)
    game2 = axis_op()
    game2.state.leader = "a2"
    gather(game2, AXIS, "inf")                            # the Panzers stay with him
    game2.apply(Move(AXIS, "a3"))
    assert game2.state.leader == "a2"


def test_ruling_cc_9_6_6a_rts_3_a_an_area_of_another_non_german_nation_is_impassable_for_isolation():
    # the Italians at w1: a1 holds the Rumanians (3.a: impassable to them), w2 a Soviet army
    game = small_game(units={"ita": "w1", "rum": "a1", "res": "w2"})
    assert game.state.units["ita"].isolated
    assert not game.state.units["inf2"].isolated          # a German may go where the Rumanians are
    game2 = small_game(units={"ita": "w1", "res": "w2"})  # a1 holds only Germans: a way out
    assert not game2.state.units["ita"].isolated


def test_ruling_cc_9_6_6a_rts_3_b_areas_too_near_the_other_nation_are_impassable_for_isolation():
    # the Hungarians at w1, the Rumanians at a3: a1 and w2 are both two areas from a3 (3.b, 3.c)
    game = small_game(units={"hun": "w1", "rum": "a3", "ita": POOL})
    assert game.state.units["hun"].isolated
    game.state.units["rum"].where = "b3"                  # four areas away now: w2 is open
    update_isolation(game)
    assert not game.state.units["hun"].isolated


def test_ruling_cc_9_6_6a_rts_1_d_i_the_straits_are_impassable_to_soviets_before_winter():
    # a Soviet army at a3 between the Axis at a2 and b3; its only other neighbour is across the Straits
    game = small_game(kerch=True, units={"res": "a3", "inf2": "b3", "kerch": POOL})
    assert game.state.units["res"].isolated
    winter(game)
    update_isolation(game)
    assert not game.state.units["res"].isolated


def test_ruling_cc_9_6_6a_rts_1_b_i_the_closed_volga_is_impassable_for_isolation():
    # the 3rd Army at b1 between the 2nd Infantry Corps (a1) and the Panzers (b2): e1 is across the Volga
    game = small_game(units={"pz": "b2", "a1": POOL, "a2": POOL})
    assert not game.state.units["a3"].isolated            # the Volga may be crossed in summer
    winter(game)                                          # closed for five cards (1.b.I)
    update_isolation(game)
    assert game.state.units["a3"].isolated
    game.state.cards_done += 5                            # open again, as a major river
    update_isolation(game)
    assert not game.state.units["a3"].isolated


def test_ruling_cc_9_6_6a_rts_1_d_ii_the_west_edge_is_a_way_out_for_the_kerch_units():
    # Kerch's group at w3 with enemy units in both neighbours (w2, a3): the edge stays open to it
    game = small_game(units={"res": "w2", "a3": "a3"})
    assert not game.state.units["kerch"].isolated
    game2 = small_game(units={"res": "w2", "a3": "a3", "kerch": POOL, "inf2": "w3"})
    assert game2.state.units["inf2"].isolated             # a unit that may not leave by the edge


def test_rts_1_d_ii_the_german_corps_in_kerch_are_not_isolated_at_the_start():
    from rules.roads import new_game
    game = new_game(seed=0)
    kerch = [c for c in game.state.units.values() if game.content.units[c.id].kerch]
    assert kerch and all(c.where == "kerch" for c in kerch)
    assert game.map.neighbours("kerch") == ("taman",) and game.state.units
    assert any(c.where == "taman" and c.side == SOVIET for c in game.state.units.values())
    assert not [c.id for c in game.state.units.values() if c.isolated]


def test_ruling_cc_12_2_manstein_leaves_by_the_west_edge_with_the_last_kerch_units_not_eliminated():
    game = axis_op()
    game.state.leader = "w3"                              # with the Kerch group alone
    gather(game, AXIS, "kerch")
    game.apply(Move(AXIS, GONE))
    assert game.state.leader == "" and not game.state.leader_gone
    assert any(e.rule == "CC 12.2, RtS 1.d.II" for e in game.events)
    assert breakdown(game, SOVIET).units == 0             # neither the corps nor he scores (16.b.I)
    game2 = axis_op(units={"inf2": "w3"})
    game2.state.leader = "w3"                             # the 2nd Infantry Corps stays with him
    gather(game2, AXIS, "kerch")
    game2.apply(Move(AXIS, GONE))
    assert game2.state.leader == "w3"

"""Battles (series 9, 12.3; campaign 1.b-1.d, 14, 19) pinned on fixed dice and fixed chit draws
in the small world.

    w1 - a1 - b1 ~ e1        ~ the Volga
    w2 - a2 = b2 - e2        = the Don (major)
    w3 - a3 - b3 - e3        a3-b3 a minor river; b3 a mountain

By default the 2nd Infantry Corps (CH 6, TV 2) attacks the 3rd Army (CH 6, TV 1) in b1 from a1.
"""

from __future__ import annotations

from rules.roads import ChooseUnit, Gather, Move, PlayCard, PlayChit, Retreat, StartOperation, StopRetreat
from rules.roads import battle, values
from rules.roads.state import AXIS, DESTROYED, GONE, POOL, SOVIET
from rules.roads.victory import breakdown
from tests.rules.roads.small_world import small_game
from tests.rules.roads.test_worked_examples import ChitOrder


def fight(rolls=(), chits=(), force=("inf2",), into="b1", rp=None, units=None, side=AXIS, op_area=None,
          setup=None, **kw):
    """Start the operation and move `force` into `into`: the battle begins at once (6.5)."""
    rp = rp if rp is not None else {AXIS: {"a2": 2}, SOVIET: {"e2": 2}}
    game = small_game(dice=ChitOrder(list(rolls), list(chits)), rp=rp, units=units, **kw)
    if setup:
        setup(game)
    if side == SOVIET:
        game.state.sequence.queue = [[SOVIET, "map"]]
    game.apply(StartOperation(side, op_area or ("a2" if side == AXIS else "e2")))
    for u in force:
        game.apply(Gather(side, u))
    game.apply(Move(side, into))
    assert game.state.battle is not None
    return game


def chit(game, side, name):
    """Play the drawn chit called `name`."""
    inst = next(c for c in game.state.battle.drawn[side] if c.split("#")[0] == name)
    return game.apply(PlayChit(side, inst))


def checks(game):
    return [e for e in game.events if e.kind == "check"]


def drawn_names(game, side):
    return sorted(c.split("#")[0] for c in game.state.battle.drawn.get(side, []))


# -- 9.2 / 6.5 -----------------------------------------------------------------------------------------
def test_cc_6_5_entering_enemy_units_starts_a_battle_at_once():
    game = fight(chits=["axis-assault"])
    b = game.state.battle
    assert (b.area, b.attacker, b.came_from, b.attackers, b.defenders) == ("b1", AXIS, "a1", ["inf2"], ["a3"])


# -- 9.5.2 draws --------------------------------------------------------------------------------------
def test_cc_9_5_2_each_side_draws_as_many_chits_as_its_best_tactical_value():
    game = fight(force=("pz", "inf"), into="b2", chits=["axis-assault"])      # TV 4 and 2 against 1 and 1
    assert len(game.state.battle.drawn[AXIS]) == 4
    assert len(game.state.battle.drawn[SOVIET]) == 1


def test_rts_1_c_a_mountain_defender_draws_two_more_and_checks_with_one_more_cohesion():
    game = fight([5], ["axis-air-strike", "soviet-assault"], force=("pz",), into="b3",
                 units={"pz": "a3", "a3": "b3"})
    assert len(game.state.battle.drawn[SOVIET]) == 1 + 2
    assert battle.check_value(game, "a3")[0] == 6 + 1
    chit(game, AXIS, "axis-air-strike")                   # 5 + 2 = 7 against 7: passes
    assert "passes" in checks(game)[-1].text


# -- 9.5.3 the order of play ----------------------------------------------------------------------------
def test_cc_9_5_3_the_attacker_reveals_first_then_the_sides_alternate():
    game = fight([1, 1, 1], ["axis-assault", "axis-ambush", "soviet-poor-coordination"])
    assert game.to_act() == AXIS
    assert {c.side for c in game.legal()} == {AXIS}
    chit(game, AXIS, "axis-assault")
    assert game.to_act() == SOVIET and game.state.battle.turn == SOVIET
    chit(game, SOVIET, "soviet-poor-coordination")
    assert game.to_act() == AXIS


def test_cc_9_5_3_the_player_chooses_which_of_his_drawn_chits_to_play():
    game = fight([], ["axis-assault", "axis-ambush"])
    plays = {c.chit.split("#")[0] for c in game.legal() if isinstance(c, PlayChit)}
    assert plays == {"axis-assault", "axis-ambush"}


def test_cc_9_5_2_each_side_sees_only_its_own_drawn_chits():
    game = fight([], ["axis-assault", "axis-ambush", "soviet-human-wave"])
    axis, soviet = game.view(AXIS).battle, game.view(SOVIET).battle
    assert sorted(c.split("#")[0] for c in axis.my_chits) == ["axis-ambush", "axis-assault"]
    assert axis.their_chits == 1 and "soviet-human-wave" not in repr(game.view(AXIS))
    assert [c.split("#")[0] for c in soviet.my_chits] == ["soviet-human-wave"]
    assert "axis-ambush" not in repr(game.view(SOVIET))


# -- 9.5.4 effects ---------------------------------------------------------------------------------------
def test_cc_9_5_4_effects_fall_on_the_defender_first_then_the_attacker():
    game = fight([1, 1], ["axis-flank-attack", "axis-assault", "soviet-poor-coordination"])
    chit(game, AXIS, "axis-flank-attack")
    first, second = checks(game)
    assert "3rd Army" in first.text and "2nd Infantry Corps" in second.text
    # and so when the Soviets attack: the Axis defender checks first
    game2 = fight([1, 1], ["axis-ambush", "soviet-assault"], side=SOVIET, force=("t1",), into="a2",
                  units={"t1": "b2", "pz": POOL, "a1": POOL, "a2": POOL})
    chit(game2, SOVIET, "soviet-assault")
    first, second = checks(game2)
    assert "1st Infantry Corps" in first.text and "1st Tank Army" in second.text


def test_ruling_cc_9_5_4_human_wave_the_axis_defender_checks_before_the_soviet_attacker_is_depleted():
    game = fight([1], ["axis-ambush", "soviet-human-wave"], side=SOVIET, force=("t1",), into="a2",
                 units={"t1": "b2", "pz": POOL, "a1": POOL, "a2": POOL})
    events = chit(game, SOVIET, "soviet-human-wave")
    shown = [e for e in events if e.kind in ("check", "deplete")]
    assert [e.kind for e in shown] == ["check", "deplete"]          # 9.5.4: the defender's side first
    assert "1st Infantry Corps" in shown[0].text and "1st Tank Army" in shown[1].text
    assert game.state.units["t1"].depleted
    # defending, the Soviet unit is depleted first: test_worked_examples.py (the 46th Army)


def test_cc_9_5_4_the_owner_chooses_which_of_his_units_checks():
    game = fight([9], ["axis-assault"], force=("pz",), into="b2", units={"pz": "b1", "a3": POOL})
    chit(game, AXIS, "axis-assault")
    assert game.to_act() == SOVIET
    assert sorted(game.legal(), key=str) == [ChooseUnit(SOVIET, "a1"), ChooseUnit(SOVIET, "a2")]
    game.apply(ChooseUnit(SOVIET, "a2"))
    assert "2nd Army" in checks(game)[0].text


def test_rts_19_panzer_attack_the_axis_chooses_the_soviet_unit_that_checks():
    game = fight([9], ["axis-panzer-attack"], force=("pz",), into="b2", units={"pz": "b1", "a3": POOL})
    chit(game, AXIS, "axis-panzer-attack")
    assert game.to_act() == AXIS
    assert sorted(game.legal(), key=str) == [ChooseUnit(AXIS, "a1"), ChooseUnit(AXIS, "a2")]
    game.apply(ChooseUnit(AXIS, "a1"))
    a1 = game.state.units["a1"]
    assert a1.depleted and a1.disorganized                # disorganized and depleted


# -- 9.6.1 the cohesion check and its modifiers --------------------------------------------------------------
def test_cc_9_6_1_a_roll_equal_to_the_cohesion_passes_and_one_more_fails():
    game = fight([6, 1], ["axis-ambush", "axis-ambush", "soviet-poor-coordination"])
    chit(game, AXIS, "axis-ambush")
    assert "passes" in checks(game)[-1].text and not game.state.units["a3"].depleted
    game2 = fight([7], ["axis-ambush", "axis-ambush"])
    chit(game2, AXIS, "axis-ambush")
    assert game2.state.units["a3"].depleted


def test_cc_9_6_1_a_chits_modifier_is_added_to_the_roll():
    game = fight([5], ["axis-air-strike", "axis-ambush"])  # 5 + 2 = 7 > 6
    chit(game, AXIS, "axis-air-strike")
    assert "modified 7" in checks(game)[-1].text
    assert game.state.battle is None or "a3" not in game.state.battle.defenders


def test_rts_1_b_ii_attackers_across_a_major_river_check_with_two_less_cohesion_one_in_winter():
    game = fight([], ["axis-assault"], force=("inf",), into="b2")
    assert game.state.battle.crossing == "major"
    assert battle.check_value(game, "inf")[0] == 6 - 2
    assert battle.check_value(game, "a1")[0] == 6         # defenders unaffected
    game.state.permanents["winter"] = SOVIET
    assert battle.check_value(game, "inf")[0] == 6 - 1


def test_rts_1_b_iii_attackers_across_a_minor_river_check_with_one_less_none_in_winter():
    game = fight([], ["axis-assault"], force=("inf",), into="b3", units={"inf": "a3", "a3": "b3"})
    assert game.state.battle.crossing == "minor"
    assert battle.check_value(game, "inf")[0] == 6 - 1
    game.state.permanents["winter"] = SOVIET
    assert battle.check_value(game, "inf")[0] == 6


def test_rts_1_d_attackers_across_the_kerch_straits_check_as_across_a_major_river():
    game = fight([], ["axis-assault"], force=("kerch",), into="a3", kerch=True, op_area="w2",
                 rp={AXIS: {"w2": 1}, SOVIET: {"e2": 1}}, units={"a3": "a3", "ita": POOL})
    assert battle.check_value(game, "kerch")[0] == 6 - 2


def test_cc_9_6_6c_an_isolated_unit_checks_with_one_less_cohesion():
    game = fight([], ["axis-assault"], units={"pz": "b2", "a1": POOL, "a2": POOL, "inf": "e1"})
    assert game.state.units["a3"].isolated
    assert battle.check_value(game, "a3")[0] == 6 - 1


def test_rts_19_field_fortifications_give_the_soviet_unit_minus_two_on_its_rolls():
    game = fight([8], ["axis-ambush", "axis-ambush", "soviet-field-fortifications"])
    chit(game, AXIS, "axis-ambush")                        # 8 against 6: the 3rd Army is depleted
    assert game.state.units["a3"].depleted
    chit(game, SOVIET, "soviet-field-fortifications")
    assert game.state.battle.fortified == {"a3": "soviet-field-fortifications#1"}
    game2 = fight([8, 8], ["axis-ambush", "axis-ambush", "soviet-field-fortifications"])
    game2.state.battle.turn = SOVIET                       # (the fortification first)
    chit(game2, SOVIET, "soviet-field-fortifications")
    chit(game2, AXIS, "axis-ambush")                       # 8 - 2 = 6 against 6: passes
    assert "modified 6" in checks(game2)[-1].text and not game2.state.units["a3"].depleted


# -- 9.6.2 - 9.6.4 results --------------------------------------------------------------------------------------
def test_cc_9_6_4_a_depleted_unit_shows_its_depleted_values():
    game = small_game()
    game.state.units["pz"].depleted = True
    assert (values.cohesion(game, "pz"), values.movement(game, "pz"), values.tactical(game, "pz")) == (5, 3, 3)


def test_cc_9_6_2b_a_depleted_unit_depleted_again_is_disorganized_instead():
    game = fight([9], ["axis-ambush", "axis-ambush"], setup=lambda g: setattr(g.state.units["a3"], "depleted", True))
    chit(game, AXIS, "axis-ambush")
    a3 = game.state.units["a3"]
    assert a3.depleted and a3.disorganized


def test_cc_9_6_3_a_disorganized_unit_loses_one_from_every_value_never_below_one():
    game = small_game()
    game.state.units["pz"].disorganized = True
    assert (values.cohesion(game, "pz"), values.movement(game, "pz"), values.tactical(game, "pz")) == (6, 2, 3)
    game.state.units["a1"].disorganized = True
    assert values.movement(game, "a1") == 1 and values.tactical(game, "a1") == 1   # 9.6.2c


# -- 9.6.3f retreats ------------------------------------------------------------------------------------------------
def test_cc_9_6_3d_f_a_disorganized_defender_retreats_at_once_two_areas_towards_its_nearest_rp():
    # the 3rd Army at b1; its nearest RP at e2, two areas on by e1 or b2
    game = fight([9], ["axis-air-strike", "axis-ambush"])
    chit(game, AXIS, "axis-air-strike")
    a3 = game.state.units["a3"]
    assert a3.disorganized and game.state.battle is not None
    assert sorted(game.legal(), key=str) == [Retreat(SOVIET, "b2"), Retreat(SOVIET, "e1")]
    game.apply(Retreat(SOVIET, "e1"))
    assert a3.where == "e2"                                # the second step, the only one towards e2
    assert game.state.battle is None                      # 9.5.6: no Soviet unit is left in b1


def test_ruling_cc_9_6_3f_the_only_way_out_is_taken_and_the_second_step_too_even_away_from_the_rp():
    """Ruling 9.6.3f ("nearest of one", RULINGS.md): "towards their nearest RP" says which way to
    go where there is a choice; it is no condition that shortens the retreat. The 3rd Army at b1,
    its only RP at w3: a1 is the attackers' origin, b2 holds an Axis RP, so e1 (away from w3) is
    the only way out, and from e1 only e2 (farther still). It goes e1, then e2: two areas.

    Why (issue 23, item 3): the text gives two areas, shortened only when the unit "cannot
    retreat more than one area" (the "may never" of the same rule: enemy-occupied areas, the
    attackers' origin) or by the owner's choice in an area with a friendly RP, and that choice
    ("may end their retreat in that area") means a retreat may go on *from* the RP's area, a
    step that cannot lead towards that RP: so a step that leads away is still a retreat step.
    The Battle of Rossosh only shows the ordinary case (the 65th Army two areas on to
    Buturlinovka, its nearest RP) and says nothing to the contrary. 9.6.3d and 9.6.5 make the
    first step forced (leave the battle, or be destroyed only if it cannot). This is LIV Corps
    leaving Tuapse by Sochi, then on to Sukhumi, in the game that questioned it."""
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2, "b2": 1}, SOVIET: {"w3": 1}})
    chit(game, AXIS, "axis-air-strike")
    retreats = [e.text for e in game.events if e.kind == "retreat"]
    assert retreats[0].endswith("retreats to E1.") and retreats[1].endswith("retreats to E2.")
    assert game.state.units["a3"].where == "e2"
    assert game.state.battle is None


def test_cc_9_6_3f_a_retreat_never_enters_enemy_units_or_enemy_rps():
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2, "e1": 1}, SOVIET: {"e2": 2}})
    chit(game, AXIS, "axis-air-strike")
    assert game.state.units["a3"].where == "e2"           # by b2: e1 holds an Axis RP


def test_cc_9_6_3f_a_defender_never_retreats_into_the_area_the_attackers_came_from():
    # the 3rd Army at a1, attacked from a2; its nearest RP is at a3, next to a2
    game = fight([9], ["axis-air-strike", "axis-ambush"], force=("inf",), into="a1",
                 rp={AXIS: {"a2": 2}, SOVIET: {"a3": 1, "e2": 1}},
                 units={"a3": "a1", "inf2": POOL, "pz": POOL})
    chit(game, AXIS, "axis-air-strike")
    assert game.state.units["a3"].where != "a2"
    assert game.state.battle is None or game.state.units["a3"].where == "b1"
    assert "b1" in [e.text.split()[-1].rstrip(".").lower() for e in game.events if e.kind == "retreat"]


def test_cc_9_6_3f_an_attacker_retreats_first_into_the_area_it_came_from():
    # the Axis' nearest RP is at e1, next to b1, but the attacker goes back to a1 first
    game = fight([1, 10], ["axis-flank-attack", "axis-ambush"], rp={AXIS: {"a2": 2, "e1": 1}, SOVIET: {"e2": 2}})
    chit(game, AXIS, "axis-flank-attack")
    inf2 = game.state.units["inf2"]
    assert inf2.disorganized
    retreats = [e.text for e in game.events if e.kind == "retreat"]
    assert retreats[0].endswith("retreats to A1.")
    assert inf2.where == "a2"                             # then on towards a2's RP


def test_cc_9_6_3f_a_retreat_may_stop_in_an_area_with_a_friendly_rp():
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {"e1": 1}})
    chit(game, AXIS, "axis-air-strike")
    assert game.state.units["a3"].where == "e1"
    assert StopRetreat(SOVIET) in game.legal()
    game.apply(StopRetreat(SOVIET))
    assert game.state.units["a3"].where == "e1" and game.state.battle is None


def test_cc_9_6_3f_a_retreat_stops_short_of_two_areas_only_in_an_area_with_a_friendly_rp():
    # the 3rd Army at b1, its RP at e3: by b2 (no RP), then b3 or e2, both one from e3
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {"e3": 1}})
    chit(game, AXIS, "axis-air-strike")
    game.apply(Retreat(SOVIET, "b2"))
    assert sorted(game.legal(), key=str) == [Retreat(SOVIET, "b3"), Retreat(SOVIET, "e2")]
    game.apply(Retreat(SOVIET, "e2"))
    assert game.state.units["a3"].where == "e2" and game.state.battle is None


def test_ruling_cc_9_6_3f_with_no_rp_on_the_map_the_soviets_retreat_towards_the_east_edge():
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {}})
    chit(game, AXIS, "axis-air-strike")
    retreats = [e.text for e in game.events if e.kind == "retreat"]
    assert retreats[0].endswith("retreats to E1.")
    assert "east" in game.map.areas[game.state.units["a3"].where].edge


def test_ruling_cc_9_6_3f_with_no_rp_on_the_map_the_axis_retreats_towards_the_west_edge():
    game = fight([1, 10], ["axis-flank-attack", "axis-ambush"], rp={AXIS: {"a2": 1}, SOVIET: {"e2": 1}},
                 units={"ita": POOL})
    assert game.state.rp[AXIS] == {}                       # the only RP paid for the operation
    chit(game, AXIS, "axis-flank-attack")
    assert game.state.units["inf2"].where == "w1"         # a1, then the west edge


def test_cc_9_6_5_a_unit_that_cannot_retreat_is_destroyed():
    # the 3rd Army at a3 (the Straits variant): a2 is the attackers' origin, b3 holds Panzers,
    # and the Soviets may not cross the Straits to w3 before winter: it withdraws (a card) and
    # has nowhere to go
    game = fight([1], ["axis-ambush", "axis-assault", "soviet-ambush"], force=("inf",), into="a3",
                 kerch=True, units={"a3": "a3", "pz": "b3", "kerch": POOL},
                 hands={SOVIET: ["s-withdrawal"]})
    chit(game, AXIS, "axis-ambush")                       # 1: the 3rd Army passes
    game.apply(PlayCard(SOVIET, "s-withdrawal"))
    assert game.state.units["a3"].where == DESTROYED
    assert any(e.rule == "CC 9.6.5" for e in game.events)
    assert game.state.battle is None


def test_strategic_withdrawal_the_defenders_retreat_without_being_disorganized():
    game = fight([1], ["axis-ambush", "axis-assault", "soviet-ambush"], hands={SOVIET: ["s-withdrawal"]})
    chit(game, AXIS, "axis-ambush")
    game.apply(PlayCard(SOVIET, "s-withdrawal"))
    assert sorted(game.legal(), key=str) == [Retreat(SOVIET, "b2"), Retreat(SOVIET, "e1")]   # never a1
    game.apply(Retreat(SOVIET, "b2"))                     # then on to its RP at e2
    a3 = game.state.units["a3"]
    assert a3.where == "e2" and not a3.disorganized
    assert game.state.battle is None and game.state.control["b1"] == AXIS


def test_cc_9_6_6c_an_isolated_unit_that_is_disorganized_is_destroyed():
    game = fight([9], ["axis-air-strike", "axis-ambush"], units={"pz": "b2", "a1": POOL, "a2": POOL, "inf": "e1"})
    chit(game, AXIS, "axis-air-strike")
    assert game.state.units["a3"].where == DESTROYED
    assert any(e.rule == "CC 9.6.6c" for e in game.events)


def _triangle_game(rolls, chits, units, rp):
    """The small world with one more border, a1 - b2, so that a1, b1 and b2 touch each other
    (the real map has such corners; the grid has none)."""
    from tests.rules.roads.small_world import SmallMap, _areas, _borders, content, initial_state
    from rules.roads.game import Roads
    from rules.roads.geography import update_isolation
    board = SmallMap(_areas(), _borders() + [("a1", "b2", "none", "")])
    dice = ChitOrder(list(rolls), list(chits))
    state = initial_state(content(), board, dice)
    state.rp = rp
    for uid, where in units.items():
        state.units[uid].where = where
    game = Roads(state, dice, content(), board, seed=0, options={})
    update_isolation(game)
    return game


def test_cc_9_6_6b_a_retreat_with_no_choice_isolates_at_once_and_the_next_check_takes_the_minus_one():
    """9.6.6b: the marker goes on "the MOMENT" the unit becomes isolated; a retreat the owner
    had no choice in is no exception. The Panzers, disorganized by the Flank Attack on b1, can
    only go back to a1 and then to b2 (nearest to the Axis RP at e2): with a1 the attackers'
    origin (9.6.6d) and the 1st Infantry Corps at e1, the 3rd Army in b1 is surrounded. Its
    next check, Poor Coordination's, is made isolated: 6 against 6 - 1 fails, and disorganized
    while isolated it is destroyed (9.6.6c)."""
    game = _triangle_game([1, 10, 6], ["axis-flank-attack", "soviet-poor-coordination"],
                          units={"a1": POOL, "a2": POOL, "t1": POOL, "pz": "a1", "inf": "e1"},
                          rp={AXIS: {"a2": 1, "e2": 1}, SOVIET: {"e3": 1}})
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(Gather(AXIS, "inf2"))
    game.apply(Gather(AXIS, "pz"))
    game.apply(Move(AXIS, "b1"))
    assert not game.state.units["a3"].isolated            # b2 is open to it
    chit(game, AXIS, "axis-flank-attack")                 # the 3rd Army passes (1); then an Axis unit checks
    game.apply(ChooseUnit(AXIS, "pz"))                    # 10: the Panzers fail and retreat, no choice in it
    assert game.state.units["pz"].where == "b2" and game.state.battle is not None
    assert game.state.units["a3"].isolated
    chit(game, SOVIET, "soviet-poor-coordination")
    check = checks(game)[-1]
    assert check.text.startswith("3rd Army") and "-1 isolated" in check.modifiers
    assert game.state.units["a3"].where == DESTROYED


def test_rts_3_c_a_retreat_keeps_the_nationality_rules():
    # the Rumanians at a1 are disorganized; w1 holds the Italians (impassable to them)
    game = fight([1, 10], ["axis-flank-attack", "axis-ambush"], force=("rum",), units={"rum": "a1", "inf2": POOL},
                 rp={AXIS: {"a2": 1, "w1": 1}, SOVIET: {"e2": 1}})
    chit(game, AXIS, "axis-flank-attack")
    assert game.state.units["rum"].where in ("a2", "w2")
    assert game.state.units["rum"].where != "w1"


# -- 9.5.5 - 9.5.6, 9.3 ----------------------------------------------------------------------------------------------
def test_cc_9_5_5_a_side_out_of_chits_draws_again_by_its_best_tactical_value():
    game = fight([1, 1, 1], ["axis-assault", "axis-ambush", "soviet-poor-coordination", "soviet-ambush"])
    chit(game, AXIS, "axis-assault")
    chit(game, SOVIET, "soviet-poor-coordination")
    assert drawn_names(game, SOVIET) == ["soviet-ambush"]


def test_cc_9_5_5_an_empty_cup_is_filled_again():
    game = fight([1, 1, 1], ["axis-assault", "axis-ambush", "soviet-poor-coordination"])
    game.state.battle.cups[SOVIET] = []
    chit(game, AXIS, "axis-assault")
    chit(game, SOVIET, "soviet-poor-coordination")
    fills = [e for e in game.events if e.kind == "chits" and "fill" in e.text and "Soviet" in e.text]
    assert len(fills) == 2
    assert len(game.state.battle.drawn[SOVIET]) == 1
    assert len(game.state.battle.cups[SOVIET]) == 13 - 1


def test_cc_9_5_6_the_battle_ends_when_one_side_has_no_unit_left_and_9_3_its_units_have_acted():
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {"e1": 1}})
    chit(game, AXIS, "axis-air-strike")
    game.apply(StopRetreat(SOVIET))
    assert game.state.battle is None
    assert game.state.control["b1"] == AXIS               # campaign 1.f.III
    op = game.state.operation
    assert op is not None and op.sp == 5                  # the operation goes on
    assert "inf2" in op.acted and Gather(AXIS, "inf2") not in game.legal()


def test_cc_9_5_6_the_defender_holds_when_the_attackers_are_all_gone():
    game = fight([1, 10], ["axis-flank-attack", "axis-ambush"])
    chit(game, AXIS, "axis-flank-attack")
    assert game.state.battle is None
    assert game.state.units["a3"].where == "b1" and game.state.control["b1"] == SOVIET


def test_ruling_cc_9_5_6_one_chit_clearing_both_sides_leaves_the_area_to_its_controller():
    # Flank Attack checks the defender, then the attacker (9.5.4); both fail on 10
    game = fight([10, 10], ["axis-flank-attack", "axis-ambush"])
    chit(game, AXIS, "axis-flank-attack")
    assert game.state.battle.defenders == [] and game.state.battle.steps   # the chit goes on
    while game.state.battle is not None:                  # the retreats, first of them offered
        game.apply(game.legal()[0])
    assert game.state.units["inf2"].where != "b1" and game.state.units["a3"].where != "b1"
    assert game.state.control["b1"] == SOVIET
    assert [e.text for e in game.events if e.kind == "battle"][-1] == (
        "Both sides are cleared from B1: no attacker is left to take it; Soviet keep control of it.")


def test_cc_12_3_manstein_is_lost_with_the_last_unit_of_his_stack():
    # the Panzers with Manstein, isolated at e1, are attacked and fail: destroyed (9.6.6c)
    def manstein(g):
        g.state.leader = "e1"
    game = fight([10, 1], ["soviet-assault"], side=SOVIET, force=("t1",), into="e1", units={"pz": "e1"},
                 setup=manstein)
    assert game.state.units["pz"].isolated
    chit(game, SOVIET, "soviet-assault")
    assert game.state.units["pz"].where == DESTROYED
    assert game.state.leader == "" and game.state.leader_gone


# -- campaign 14 and rule 19: what goes into the cups -------------------------------------------------------------------
def cup(game, side):
    b = game.state.battle
    held = b.drawn.get(side, []) + b.cups.get(side, []) + [p[1] for p in b.played if p[0] == side]
    counts: dict = {}
    for c in held:
        counts[c.split("#")[0]] = counts.get(c.split("#")[0], 0) + 1
    return counts


def test_rts_14_four_soviet_chits_are_held_back_until_the_stavka():
    game = fight([], [], units={"t1": "b1"})
    before = cup(game, SOVIET)
    assert before["soviet-air-strike"] == 1 and before["soviet-bombardment"] == 3
    assert "soviet-armored-assault" not in before
    game2 = fight([], [], units={"t1": "b1"}, setup=lambda g: g.state.permanents.__setitem__("stavka", SOVIET))
    after = cup(game2, SOVIET)
    assert after["soviet-air-strike"] == 2 and after["soviet-bombardment"] == 4
    assert after["soviet-armored-assault"] == 2


def test_rts_19_armored_assault_only_with_soviet_tanks_in_the_battle():
    game = fight([], [], setup=lambda g: g.state.permanents.__setitem__("stavka", SOVIET))
    assert "soviet-armored-assault" not in cup(game, SOVIET)


def test_rts_19_field_fortifications_only_when_the_soviets_defend():
    game = fight([], [])
    assert cup(game, SOVIET)["soviet-field-fortifications"] == 2
    game2 = fight([], [], side=SOVIET, force=("t1",), into="a2", units={"t1": "b2", "pz": POOL, "a1": POOL,
                                                                          "a2": POOL})
    assert "soviet-field-fortifications" not in cup(game2, SOVIET)


def test_rts_19_field_fortifications_beyond_the_soviet_units_are_discarded_and_redrawn():
    # the 3rd Army on the mountain draws three: a second Fortification for one unit is redrawn
    game = fight([], ["axis-ambush", "soviet-field-fortifications", "soviet-field-fortifications",
                      "soviet-assault", "soviet-ambush"], force=("pz",), into="b3", units={"pz": "a3", "a3": "b3"})
    assert drawn_names(game, SOVIET) == ["soviet-ambush", "soviet-assault", "soviet-field-fortifications"]


def test_rts_19_panzer_attack_goes_into_the_cup_only_with_panzers_in_the_battle():
    game = fight([], [])
    assert "axis-panzer-attack" not in cup(game, AXIS)
    game2 = fight([], [], force=("pz",), units={"pz": "a1"})
    assert cup(game2, AXIS)["axis-panzer-attack"] == 3


def test_rts_19_panzer_attack_has_no_effect_once_no_panzer_is_left_in_the_battle():
    game = fight([1, 10, 1], ["axis-flank-attack", "axis-panzer-attack", "soviet-poor-coordination"],
                 force=("pz", "inf2"), units={"pz": "a1"})
    chit(game, AXIS, "axis-flank-attack")
    game.apply(ChooseUnit(AXIS, "pz"))                    # the Panzers fail and retreat
    assert "pz" not in game.state.battle.attackers
    chit(game, SOVIET, "soviet-poor-coordination")
    rolls = len(checks(game))
    chit(game, AXIS, "axis-panzer-attack")
    assert len(checks(game)) == rolls
    assert any("no effect" in e.text for e in game.events)


def test_rts_19_air_strike_and_combined_arms_are_redrawn_when_non_germans_fight():
    game = fight([], ["axis-air-strike", "axis-combined-arms", "axis-assault", "axis-ambush"],
                 force=("inf2", "ita"), units={"ita": "a1"})
    assert drawn_names(game, AXIS) == ["axis-ambush", "axis-assault"]
    assert sum("cannot serve" in e.text for e in game.events) == 2


def test_cc_9_6_3f_a_defender_never_retreats_into_the_attackers_origin_at_its_second_step_either():
    # a diagonal border a1-b2 makes a triangle: the 3rd Army's nearest RP (w1) lies through a1
    from tests.rules.roads.small_world import SmallMap, _areas, _borders

    def triangle(g):
        g.map = SmallMap(_areas(), _borders() + [("a1", "b2", "none", "")])
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {"w1": 1}},
                 units={"ita": POOL}, setup=triangle)
    chit(game, AXIS, "axis-air-strike")
    while game.state.battle is not None and any(isinstance(c, Retreat) for c in game.legal()):
        game.apply(next(c for c in game.legal() if isinstance(c, Retreat)))
    retreats = [e.text for e in game.events if e.kind == "retreat"]
    assert retreats[0].endswith("retreats to B2.")
    assert game.state.units["a3"].where != "a1"


def test_rts_1_b_i_no_retreat_across_the_volga_while_it_is_closed():
    def winter(g):
        g.state.permanents["winter"] = SOVIET
        g.state.winter_at = g.state.cards_done
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {"e1": 1}}, setup=winter)
    chit(game, AXIS, "axis-air-strike")
    retreats = [e.text for e in game.events if e.kind == "retreat"]
    assert retreats[0].endswith("retreats to B2.")        # not across the Volga to its RP at e1
    game2 = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {"e1": 1}})
    chit(game2, AXIS, "axis-air-strike")
    assert game2.state.units["a3"].where == "e1"          # open: the nearest way


def test_cc_9_5_5_a_refilled_cup_leaves_out_the_chits_still_in_hand():
    game = fight([], ["axis-assault", "axis-ambush"])
    held = list(game.state.battle.drawn[AXIS])
    battle.fill_cup(game, AXIS)                           # as when the cup runs empty
    cup_now = game.state.battle.cups[AXIS]
    assert not set(held) & set(cup_now)
    assert len(cup_now) == 14 - 2 and len(set(cup_now)) == len(cup_now)


def test_rts_19_an_assigned_field_fortification_stays_on_its_unit_when_the_cup_is_refilled():
    game = fight([8], ["axis-ambush", "axis-ambush", "soviet-field-fortifications"])
    chit(game, AXIS, "axis-ambush")
    chit(game, SOVIET, "soviet-field-fortifications")
    b = game.state.battle
    assigned = b.fortified["a3"]
    battle.fill_cup(game, SOVIET)                         # as when the cup runs empty (9.5.5)
    assert assigned not in b.cups[SOVIET]
    assert cup(game, SOVIET)["soviet-field-fortifications"] == 2     # one on the unit, one in the cup
    b.fortified["a3"] = "soviet-field-fortifications"     # a save made before the counter was named
    battle.fill_cup(game, SOVIET)
    assert sum(c.startswith("soviet-field-fortifications") for c in b.cups[SOVIET]) == 1


def test_rts_19_a_field_fortification_whose_unit_retreats_goes_with_the_played_counters():
    # the 1st and 3rd Armies hold b1; the 3rd digs in, fails Air Strike anyway and retreats
    game = fight([9], ["axis-air-strike", "axis-ambush", "soviet-field-fortifications"], units={"a1": "b1"})
    b = game.state.battle
    b.turn = SOVIET
    chit(game, SOVIET, "soviet-field-fortifications")
    game.apply(ChooseUnit(SOVIET, "a3"))                  # which of the two digs in
    assigned = b.fortified["a3"]
    chit(game, AXIS, "axis-air-strike")
    game.apply(ChooseUnit(SOVIET, "a3"))                  # 9 + 2 - 2 against 6: disorganized
    assert "a3" not in b.fortified and b.retreats == ["a3"]
    game.apply(Retreat(SOVIET, "b2"))
    assert game.state.battle is b and b.defenders == ["a1"]
    battle.fill_cup(game, SOVIET)                         # the counter is back with the played ones
    assert assigned in b.cups[SOVIET]


def test_rts_1_d_ii_the_kerch_unit_may_choose_the_edge_or_the_way_to_its_rp():
    game = fight([10], ["soviet-ambush", "axis-ambush"], side=SOVIET, force=("t1",), into="w3", op_area="e3",
                 rp={AXIS: {"a2": 1}, SOVIET: {"e3": 1}}, units={"t1": "a3"})
    game.state.units["kerch"].depleted = True
    chit(game, SOVIET, "soviet-ambush")
    assert sorted(game.legal(), key=str) == [Retreat(AXIS, GONE), Retreat(AXIS, "w2")]
    game.apply(Retreat(AXIS, GONE))
    assert game.state.units["kerch"].where == GONE        # not destroyed, and never back


def test_ruling_cc_12_2_manstein_retreats_off_the_map_with_the_last_kerch_unit():
    def manstein(g):
        g.state.leader = "w3"
    game = fight([10], ["soviet-ambush", "axis-ambush"], side=SOVIET, force=("t1",), into="w3", op_area="e3",
                 rp={AXIS: {"a2": 1}, SOVIET: {"e3": 1}}, units={"t1": "a3"}, setup=manstein)
    game.state.units["kerch"].depleted = True
    chit(game, SOVIET, "soviet-ambush")
    game.apply(Retreat(AXIS, GONE))
    assert game.state.leader == "" and not game.state.leader_gone
    assert breakdown(game, SOVIET).units == 0
    assert any(e.rule == "RtS 1.d.II" for e in game.events)
    assert breakdown(game, SOVIET).units == 0
    assert game.state.battle is None and game.state.control["w3"] == SOVIET


def test_cc_5_4_1_the_winner_of_a_battle_alone_with_enemy_rps_captures_half():
    game = fight([9], ["axis-air-strike", "axis-ambush"], rp={AXIS: {"a2": 2}, SOVIET: {"e2": 1, "b1": 2}})
    chit(game, AXIS, "axis-air-strike")
    while game.state.battle is not None:
        game.apply(next(c for c in game.legal() if isinstance(c, Retreat)))
    assert game.state.rp[AXIS].get("b1") == 1 and "b1" not in game.state.rp[SOVIET]


def test_rts_19_a_panzer_attack_drawn_with_no_panzer_left_is_discarded_and_another_drawn():
    game = fight([1, 10], ["axis-flank-attack", "axis-ambush", "axis-assault", "axis-poor-coordination",
                           "axis-panzer-attack", "axis-combined-arms"], force=("pz", "inf2"), units={"pz": "a1"})
    chit(game, AXIS, "axis-flank-attack")
    game.apply(ChooseUnit(AXIS, "pz"))                    # the Panzers fail and leave the battle
    assert game.state.battle.attackers == ["inf2"]
    game.state.battle.drawn[AXIS] = []
    events = battle.draw(game, AXIS, 1)                   # the next chit in the cup: Panzer Attack
    assert drawn_names(game, AXIS) == ["axis-combined-arms"]
    assert any("Panzer Attack" in e.text and "cannot serve" in e.text for e in events)


def test_rts_19_armored_assault_has_no_effect_once_no_soviet_tank_is_left():
    def stavka(g):
        g.state.permanents["stavka"] = SOVIET
    game = fight([10, 1], ["axis-flank-attack", "soviet-armored-assault", "soviet-armored-assault"],
                 force=("inf2",), into="b1",
                 units={"t1": "b1"}, setup=stavka)
    assert drawn_names(game, SOVIET) == ["soviet-armored-assault", "soviet-armored-assault"]
    chit(game, AXIS, "axis-flank-attack")
    game.apply(ChooseUnit(SOVIET, "t1"))                  # the tanks fail (10) and retreat
    game.apply(Retreat(SOVIET, "e1"))
    assert "t1" not in game.state.battle.defenders
    rolls = len(checks(game))
    chit(game, SOVIET, "soviet-armored-assault")
    assert len(checks(game)) == rolls
    assert any("no effect" in e.text for e in game.events)


def test_cc_9_5_3_a_revealed_chit_cannot_be_taken_back():
    game = fight([], ["axis-assault"], force=("pz",), into="b2", units={"pz": "b1", "a3": POOL})
    chit(game, AXIS, "axis-assault")                      # waits for the Soviet choice of unit
    assert game.state.battle.played and not game.can_undo


def test_rts_1_f_iii_a_retreat_is_a_move_through_and_takes_control():
    """Ruling: a unit that retreats into an empty enemy-controlled area is the last to move
    through it, so its side controls the area (campaign 1.f.III)."""
    game = fight(rolls=[10, 1], chits=["soviet-assault"], force=("a3",), into="a1", side=SOVIET,
                 units={"a3": "b1", "ita": POOL}, rp={AXIS: {"w2": 1}, SOVIET: {"e2": 2}},
                 setup=lambda g: g.state.control.__setitem__("w1", SOVIET))
    chit(game, SOVIET, "soviet-assault")              # the defender's check first: 10 fails
    assert game.state.units["inf2"].disorganized
    assert {c.area for c in game.legal() if isinstance(c, Retreat)} == {"w1", "a2"}
    game.apply(Retreat(AXIS, "w1"))
    assert game.state.control["w1"] == AXIS

"""Campaign Cards (series 2.3, 4.2.3a, 9.4, 12.3; campaign 5, 6, 7.c, 10, 15) pinned in the small world.

    w1 - a1 - b1 ~ e1        a2 and b2 stand for Rostov and Millerovo (the first Railhead),
    w2 - a2 = b2 - e2        e3 and b3 for Maikop and Grozny (the later ones), e2 for Stalingrad;
    w3 - a3 - b3 - e3        Army Group A is row 3, B rows 1 and 2
"""

from __future__ import annotations

from rules.roads import (
    Choose, ChooseUnit, DiscardCard, EndOperation, Gather, Move, PlaceRP, PlaceUnit, PlayCard, PlayChit, Retreat, StartOperation,
    values,
)
from rules.roads.state import AXIS, POOL, SOVIET
from tests.rules.roads.small_world import small_game
from tests.rules.roads.test_battle import fight


def card_action(side, hand, **kw):
    """A game at `side`'s card action (after the opening operation, the other side chose Map)."""
    kw.setdefault("rp", {AXIS: {"a2": 3}, SOVIET: {"e2": 3}})
    game = small_game(hands={side: list(hand)}, **kw)
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(EndOperation(AXIS))
    other = SOVIET if side == AXIS else AXIS
    game.apply(Choose(AXIS, "card" if side == AXIS else "map"))
    game.apply(Choose(SOVIET, "card" if side == SOVIET else "map"))
    game.apply(StartOperation(other, game.legal()[0].area))
    game.apply(EndOperation(other))
    assert game.state.phase == "card" and game.to_act() == side
    return game


def plays(game, side):
    return {c.card for c in game.legal() if isinstance(c, PlayCard) and c.side == side}


# -- 2.3.1 / 4.2.3a when each type is played -----------------------------------------------------------------
def test_cc_4_2_3a_operational_cards_are_played_as_the_card_action_not_in_an_operation():
    game = card_action(AXIS, ["a-supplies", "a-fuel", "a-stuka", "a-blitz"])
    assert plays(game, AXIS) == {"a-supplies"}            # no Event, Tactics or Attack card here
    game2 = small_game(hands={AXIS: ["a-supplies", "a-fuel"]})
    game2.apply(StartOperation(AXIS, "a2"))
    assert plays(game2, AXIS) == {"a-fuel"}


def test_ruling_cc_2_3_1_events_only_by_the_operating_side_between_its_actions():
    game = small_game(hands={AXIS: ["a-fuel"]})
    game.apply(StartOperation(AXIS, "a2"))
    assert PlayCard(AXIS, "a-fuel") in game.legal()
    game.apply(Gather(AXIS, "inf"))
    assert PlayCard(AXIS, "a-fuel") in game.legal()      # gathering is no action (5.2.5)
    game.apply(Move(AXIS, "w2"))
    assert PlayCard(AXIS, "a-fuel") not in game.legal()  # not while a force is on the move
    game2 = small_game(hands={AXIS: ["a-fuel"]}, rp={AXIS: {"a2": 2}, SOVIET: {"e2": 2}})
    game2.state.sequence.queue = [[SOVIET, "map"]]
    game2.apply(StartOperation(SOVIET, "e2"))
    assert not any(isinstance(c, PlayCard) and c.side == AXIS for c in game2.legal())


def test_ruling_cc_2_3_1_an_event_may_be_played_with_a_force_gathered_and_forced_march_frees_its_move():
    """2.3.1 / 5.2.5: Events are played between actions, and gathering a force is no action: with
    a force gathered but not moved the Axis may still play Forced March. The gathering stands
    (no Event moves a unit), and the free move is this force's: the Panzer's 2 SP are not spent."""
    game = small_game(hands={AXIS: ["a-x-march"]})
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(Gather(AXIS, "pz"))
    assert PlayCard(AXIS, "a-x-march") in game.legal()
    game.apply(PlayCard(AXIS, "a-x-march"))
    op = game.state.operation
    assert op.force == ["pz"] and op.start == "a2" and op.free_move
    game.apply(Move(AXIS, "a1"))
    assert game.state.operation.sp == 6
    assert "pz" in game.state.operation.force and not game.state.operation.free_move


def test_cc_2_3_1_an_event_takes_effect_during_ones_operation():
    game = small_game(hands={AXIS: ["a-fuel"]})
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(PlayCard(AXIS, "a-fuel"))
    assert game.state.operation.sp == 8
    assert game.state.cards_done == 1


def test_cc_2_3_1_tactics_cards_in_any_battle_on_ones_chit_turn():
    game = fight([], ["axis-assault", "soviet-poor-coordination"], hands={AXIS: ["a-stuka"], SOVIET: ["s-katyusha"]})
    assert PlayCard(AXIS, "a-stuka") in game.legal()      # the attacker
    game2 = fight([1, 1], ["axis-assault", "soviet-poor-coordination"],
                  hands={AXIS: ["a-stuka"], SOVIET: ["s-katyusha"]})
    game2.apply(next(c for c in game2.legal() if not isinstance(c, PlayCard)))
    assert PlayCard(SOVIET, "s-katyusha") in game2.legal()   # the defender too
    game2.apply(PlayCard(SOVIET, "s-katyusha"))
    assert game2.state.battle.cohesion_mod == {AXIS: 2}


def test_cc_9_4_attack_cards_only_for_the_attacker_paying_their_sp():
    game = fight([1], ["axis-assault"], hands={AXIS: ["a-blitz"]})     # its strike rolls a 1
    assert PlayCard(AXIS, "a-blitz") in game.legal()
    sp = game.state.operation.sp
    game.apply(PlayCard(AXIS, "a-blitz"))
    assert game.state.operation.sp == sp - 2
    # never for the defender
    game2 = fight([1], ["soviet-assault", "axis-ambush"], side=SOVIET, force=("t1",), into="a2",
                  units={"t1": "b2", "pz": POOL, "a1": POOL, "a2": POOL}, hands={AXIS: ["a-blitz"]})
    game2.state.battle.turn = AXIS
    assert PlayCard(AXIS, "a-blitz") not in game2.legal()
    # nor without the SP
    game3 = fight([], ["axis-assault"], hands={AXIS: ["a-blitz"]})
    game3.state.operation.sp = 1
    assert PlayCard(AXIS, "a-blitz") not in game3.legal()


def test_rts_13_attack_cards_cost_the_axis_double_in_winter():
    def winter(g):
        g.state.permanents["winter"] = SOVIET
    game = fight([1], ["axis-assault"], hands={AXIS: ["a-blitz"]}, setup=winter)
    sp = game.state.operation.sp
    game.apply(PlayCard(AXIS, "a-blitz"))
    assert game.state.operation.sp == sp - 4


# -- 7.c Soviet reinforcements --------------------------------------------------------------------------------
def test_rts_7_c_i_no_soviet_reinforcement_card_before_fifteen_cards_played_or_discarded():
    game = card_action(SOVIET, ["s-reserves", "s-supplies"])
    game.state.cards_done = 14
    assert "s-reserves" not in plays(game, SOVIET)
    game.state.cards_done = 15
    game._version += 1                                    # (the legal list is cached per command)
    assert "s-reserves" in plays(game, SOVIET)


def test_rts_7_c_ii_then_one_reinforcement_card_per_five_cards():
    game = card_action(SOVIET, ["s-reserves", "s-supplies"])
    game.state.cards_done = 19
    game.state.soviet_reinforcements = 1
    game._version += 1
    assert "s-reserves" not in plays(game, SOVIET)
    game.state.cards_done = 20
    game._version += 1
    assert "s-reserves" in plays(game, SOVIET)


def test_rts_7_c_counts_every_card_discarded_a_random_discard_forced_by_an_enemy_card_too():
    """7.c counts the cards "played/discarded by both players": the Soviet card the Axis Abwehr
    makes them discard at random is one of them, beside the Abwehr itself."""
    game = card_action(AXIS, ["a-x-abwehr"], rolls=[1])
    game.state.cards[SOVIET].hand = ["s-katyusha", "s-supplies"]
    before = game.state.cards_done
    game.apply(PlayCard(AXIS, "a-x-abwehr"))
    assert game.state.cards[SOVIET].discards == ["s-katyusha"]
    assert game.state.cards_done == before + 2            # the Abwehr played, the Katyushas discarded


def test_rts_7_c_a_card_held_back_says_why_and_the_reason_matches_the_legal_list():
    from rules.roads.cards import why_not_playable
    game = card_action(SOVIET, ["s-reserves", "s-supplies"])
    game.state.cards_done = 9
    game._version += 1
    assert why_not_playable(game, SOVIET, "s-reserves") == \
        "not yet: 7.c needs 15 cards played or discarded, 9 so far"
    for card in game.state.cards[SOVIET].hand:            # "" exactly when it may be played
        assert (why_not_playable(game, SOVIET, card) == "") == (card in plays(game, SOVIET))
    game.state.cards_done = 19
    game.state.soviet_reinforcements = 1
    game._version += 1
    assert "at 20 cards played or discarded, 19 so far" in why_not_playable(game, SOVIET, "s-reserves")


def test_rts_7_c_is_said_before_the_card_action_not_only_at_it():
    """A reinforcement card held back by 7.c says so at any moment (the player picks Card for
    it knowing), not "played as your card action" until Card is chosen (playtest of 26
    November); a card 7.c lets through gives the timing."""
    from rules.roads.cards import why_not_playable
    game = card_action(SOVIET, ["s-reserves", "s-supplies"])
    game.state.phase = "operation"                          # not the card action
    game.state.cards_done = 2
    game._version += 1
    assert why_not_playable(game, SOVIET, "s-reserves") == \
        "not yet: 7.c needs 15 cards played or discarded, 2 so far"
    game.state.cards_done = 15
    game._version += 1
    assert why_not_playable(game, SOVIET, "s-reserves") == \
        "an Operational card is played as your card action (4.2.3a)"


def test_series_2_3_1_the_reason_agrees_with_the_legal_list_through_a_whole_game():
    from rules.roads.cards import why_not_playable
    from rules.roads import PlayCard as Play
    from tests.support.roads import bot_game_commands, replayed
    game = replayed(3, 0)
    checked = 0
    for cmd in bot_game_commands(3)[:400]:
        side = game.to_act()
        if game.state.phase in ("card", "operation") and not game.state.pending and game.state.battle is None:
            legal = game.legal()
            for card in game.state.cards[side].hand:
                assert (why_not_playable(game, side, card) == "") == (Play(side, card) in legal), card
                checked += 1
        game.apply(cmd)
    assert checked > 100


def test_rts_7_c_iii_no_limit_while_the_axis_holds_stalingrad():
    game = card_action(SOVIET, ["s-reserves", "s-supplies"])
    game.state.control["e2"] = AXIS
    game._version += 1
    assert "s-reserves" in plays(game, SOVIET)
    game.apply(PlayCard(SOVIET, "s-reserves"))
    assert game.state.soviet_reinforcements == 1
    # campaign 7.b: the reinforcement arrives in a traced Soviet city
    places = {c.area for c in game.legal() if isinstance(c, PlaceUnit)}
    assert places and "e1" in places and not places & {"w1", "w2", "w3", "a1", "a2", "a3"}


# -- 15 permanent cards ---------------------------------------------------------------------------------------
def test_rts_15_c_d_a_shared_permanent_card_acts_once_the_other_side_may_only_discard_its_copy():
    game = card_action(AXIS, ["a-winter", "a-fuel"])
    game.apply(PlayCard(AXIS, "a-winter"))
    assert game.state.permanents["winter"] == AXIS
    game.state.cards[SOVIET].hand = ["s-winter", "s-supplies"]
    game.state.sequence.queue = [[SOVIET, "card"]]
    game.state.phase = "card"
    game._version += 1
    legal = game.legal()
    assert PlayCard(SOVIET, "s-winter") not in legal
    assert DiscardCard(SOVIET, "s-winter") in legal


def test_rts_15_e_directive_45_alternates_new_axis_rps_between_army_groups_a_and_b():
    game = card_action(AXIS, ["a-d45", "a-supplies"])
    game.apply(PlayCard(AXIS, "a-d45"))
    game.state.sequence.queue = [[AXIS, "card"]]
    game.state.phase = "card"
    game._version += 1
    game.apply(PlayCard(AXIS, "a-supplies"))              # two RPs
    assert {c.area for c in game.legal()} == {"w1", "w2", "w3", "a1", "a2", "a3"}   # the first: either
    game.apply(PlaceRP(AXIS, "a3"))
    assert {c.area for c in game.legal()} == {"w1", "w2", "a1", "a2"}   # then B
    game.apply(PlaceRP(AXIS, "w1"))
    assert game.state.d45_next == "A"


def test_rts_15_e_iv_v_directive_45_s_first_odd_rp_goes_to_either_army_group_then_they_alternate():
    """15.e.IV-V: the box records where the last odd RP went and the next goes to the OTHER
    group; nothing says where the first goes, so the Axis player chooses (here B), and the
    box then alternates from that choice."""
    game = card_action(AXIS, ["a-d45", "a-supplies"])
    game.apply(PlayCard(AXIS, "a-d45"))
    assert game.state.d45_next == ""                      # the box is empty
    game.state.sequence.queue = [[AXIS, "card"]]
    game.state.phase = "card"
    game._version += 1
    game.apply(PlayCard(AXIS, "a-supplies"))
    assert PlaceRP(AXIS, "w1") in game.legal()            # group B first: allowed
    game.apply(PlaceRP(AXIS, "w1"))
    assert game.state.d45_next == "A"
    assert {c.area for c in game.legal()} == {"w3", "a3"}
    game.apply(PlaceRP(AXIS, "w3"))
    assert game.state.d45_next == "B"


# -- campaign 5 / 6 Railhead Advance ------------------------------------------------------------------------------
def test_rts_6_the_first_railhead_advance_needs_rostov_and_millerovo():
    game = card_action(AXIS, ["a-railhead", "a-railhead", "a-railhead"], units={"a1": POOL, "a2": POOL})
    assert "a-railhead" not in plays(game, AXIS)          # b2 (Millerovo) is Soviet
    game.state.control["b2"] = AXIS
    game._version += 1
    assert "a-railhead" in plays(game, AXIS)
    game.apply(PlayCard(AXIS, "a-railhead"))
    assert game.state.railheads == 1
    # campaign 6.d: three RPs, and 5.a.II-IV: now in any traced Axis city (b2 too)
    assert game.state.pending[0].count == 3
    assert "b2" in {c.area for c in game.legal()}


def test_rts_6_c_the_second_and_third_need_one_of_maikop_or_grozny_each():
    game = card_action(AXIS, ["a-railhead", "a-railhead", "a-railhead"])
    game.state.control["b2"] = AXIS
    game.state.railheads = 1
    game._version += 1
    assert "a-railhead" not in plays(game, AXIS)
    game.state.control["e3"] = AXIS                       # Maikop: one more
    game._version += 1
    assert "a-railhead" in plays(game, AXIS)
    game.state.railheads = 2
    game._version += 1
    assert "a-railhead" not in plays(game, AXIS)
    game.state.control["b3"] = AXIS                       # and Grozny: the third
    game._version += 1
    assert "a-railhead" in plays(game, AXIS)


def test_rts_5_a_before_the_railhead_axis_rps_go_only_west_of_the_start_line():
    game = card_action(AXIS, ["a-supplies"])
    game.state.control["b2"] = AXIS
    game.apply(PlayCard(AXIS, "a-supplies"))
    assert {c.area for c in game.legal()} == {"w1", "w2", "w3", "a1", "a2", "a3"}


# -- campaign 10 Manstein ---------------------------------------------------------------------------------------------
def test_rts_10_a_backhand_blow_brings_manstein_to_a_german_stack():
    game = card_action(AXIS, ["a-backhand"], units={"ita": "w1"})
    game.apply(PlayCard(AXIS, "a-backhand"))
    places = {c.area for c in game.legal()}
    assert "w1" not in places and {"a1", "a2", "w3"} <= places     # not with the Italians alone
    game.apply(PlaceUnit(AXIS, "manstein", "a2"))
    assert game.state.leader == "a2"


def test_ruling_rts_10_a_backhand_blow_brings_manstein_then_two_axis_operations_at_once():
    """Ruling (issue 23, item 8): the Axis player's notes speak of "Manstein and the two
    operations that allows ... when you no longer have the Initiative": the card is played as
    the Card action and the Axis then conducts two On-Board Operations at once, no roll-off,
    each spending one RP as 5.2 requires; the sequence goes on after them."""
    game = card_action(AXIS, ["a-backhand"])
    s = game.state
    assert s.rp[AXIS] == {"a2": 2} and s.operations[AXIS] == 1
    events = game.apply(PlayCard(AXIS, "a-backhand"))
    assert any("2 On-Board Operations" in e.text for e in events)
    game.apply(PlaceUnit(AXIS, "manstein", "a2"))
    for n in (2, 3):                                   # the two operations, one after the other
        assert s.phase == "operation" and game.to_act() == AXIS
        assert game.legal() == [StartOperation(AXIS, "a2")]
        game.apply(StartOperation(AXIS, "a2"))
        assert s.operations[AXIS] == n and s.operation.sp == 6
        game.apply(EndOperation(AXIS))
    assert s.rp[AXIS] == {} and s.phase == "choose" and s.sequence.number == 2   # the next sequence


def test_ruling_rts_10_a_backhand_blow_s_operations_need_rps_on_the_map():
    """5.2: an operation spends one RP; with one RP left the card brings one operation only."""
    game = card_action(AXIS, ["a-backhand"], rp={AXIS: {"a2": 2}, SOVIET: {"e2": 3}})
    s = game.state
    game.apply(PlayCard(AXIS, "a-backhand"))
    game.apply(PlaceUnit(AXIS, "manstein", "a2"))
    game.apply(StartOperation(AXIS, "a2"))
    events = game.apply(EndOperation(AXIS))
    assert any("no RP left" in e.text for e in events)
    assert s.phase == "choose" and s.operations[AXIS] == 2


def _manstein_s_panzers_attack_b1():
    """Manstein and the Panzers at a1 move together into the 3rd Army at b1."""
    game = small_game()
    game.state.leader = "a1"
    game.state.units["pz"].where = "a1"
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(Gather(AXIS, "pz"))
    game.apply(Gather(AXIS, "manstein"))
    game.apply(Move(AXIS, "b1"))
    return game


def test_rts_10_b_manstein_adds_one_to_the_tactical_value_of_every_unit_in_his_stack():
    game = small_game()
    game.state.leader = "a2"
    assert values.tactical(game, "pz") == 5 and values.tactical(game, "inf") == 3
    assert values.tactical(game, "inf2") == 2
    game2 = fight([], ["axis-assault"], force=("pz",), units={"pz": "a1"},
                  setup=lambda g: setattr(g.state, "leader", "a1"))
    game2.state.operation.leader = True
    assert len(game2.state.battle.drawn[AXIS]) == 4       # he stayed behind: TV 4
    game3 = _manstein_s_panzers_attack_b1()
    assert game3.state.leader == "b1"
    assert len(game3.state.battle.drawn[AXIS]) == 5       # with him: TV 4 + 1


def test_rts_10_b_manstein_s_plus_one_tactical_value_is_for_his_own_stack_not_the_enemy_it_fights():
    """10.b: "the Tactical Value of all units in the stack": his stack is his own units. Soviet
    defenders of the area his stack attacks, and Soviet attackers entering his area, are in his
    area for the battle but in no stack of his: they draw by their own values."""
    game = _manstein_s_panzers_attack_b1()                # with him into the 3rd Army (TV 1)
    assert values.tactical(game, "a3") == 1
    assert len(game.state.battle.drawn[SOVIET]) == 1
    game2 = fight([], [], force=("a3",), into="a1", side=SOVIET,
                  setup=lambda g: setattr(g.state, "leader", "a1"))   # the Soviets attack his area
    assert values.tactical(game2, "inf2") == 3 and values.tactical(game2, "a3") == 1
    assert len(game2.state.battle.drawn[SOVIET]) == 1 and len(game2.state.battle.drawn[AXIS]) == 3


def test_rts_15_e_v_directive_45_goes_to_the_other_group_only_if_a_valid_city_is_there():
    game = card_action(AXIS, ["a-d45", "a-supplies"], units={"a1": "w3", "a2": "a3", "a3": POOL})
    game.apply(PlayCard(AXIS, "a-d45"))                   # Soviets hold w3 and a3: no city of group A
    game.state.sequence.queue = [[AXIS, "card"]]
    game.state.phase = "card"
    game._version += 1
    game.apply(PlayCard(AXIS, "a-supplies"))
    assert {c.area for c in game.legal()} == {"w1", "w2", "a1", "a2"}


def test_cc_4_2_4b_a_sudden_death_card_ends_the_game_when_its_condition_holds():
    import attrs
    from rules.core.dice import FixedDice
    from rules.roads.content import Effect, parse_condition
    from rules.roads.game import Roads, initial_state
    from tests.rules.roads.small_world import _card, board, content

    sudden = _card("a-sudden", AXIS, "Sudden Death", "operational",
                   (Effect("sudden-death", condition="control:e2"),))
    c = content()
    world = attrs.evolve(c, cards={**c.cards, "a-sudden": sudden},
                         requirements={**c.requirements, "a-sudden": ()})
    assert parse_condition("control:e2")

    def at_card_action():
        dice = FixedDice([])
        state = initial_state(world, board(), dice)
        state.rp = {AXIS: {"a2": 1}, SOVIET: {"e2": 1}}
        state.cards[AXIS].hand = ["a-sudden"]
        state.phase, state.sequence.queue = "card", [[AXIS, "card"]]
        return Roads(state, dice, world, board(), seed=0, options={})

    game = at_card_action()
    game.apply(PlayCard(AXIS, "a-sudden"))
    assert game.state.phase != "over"                     # Stalingrad is Soviet: the game goes on
    game2 = at_card_action()
    game2.state.control["e2"] = AXIS
    game2.apply(PlayCard(AXIS, "a-sudden"))
    assert game2.state.phase == "over" and game2.legal() == []
    assert "Sudden Death" in game2.outcome.reason


# -- campaign 1.d.III Strategic Redeployment; series 12.2 Manstein never alone ----------------------------------
def test_rts_1_d_iii_strategic_redeployment_moves_the_kerch_units_to_axis_cities():
    game = card_action(AXIS, ["a-redeploy"])
    game.state.units["kerch"].depleted = True
    game.apply(PlayCard(AXIS, "a-redeploy"))
    places = sorted(c.area for c in game.legal() if isinstance(c, PlaceUnit))
    assert places and "w3" in places                      # the Axis cities west of the start line (5.a)
    game.apply(PlaceUnit(AXIS, "kerch", "a2"))
    kerch = game.state.units["kerch"]
    assert kerch.where == "a2" and kerch.depleted         # moved, not rebuilt


def test_ruling_cc_12_2_manstein_goes_with_the_kerch_units_redeployed():
    game = card_action(AXIS, ["a-redeploy"])
    game.state.leader = "w3"                              # with the Kerch group alone
    game.apply(PlayCard(AXIS, "a-redeploy"))
    game.apply(PlaceUnit(AXIS, "kerch", "a3"))
    assert game.state.leader == "a3" and not game.state.leader_gone


def test_ruling_a_re_roll_card_rolls_the_sides_next_failed_check_again():
    # Elastic Defence, then Flank Attack: the 3rd Army passes (1); the 2nd Infantry Corps fails (10), re-rolls (1)
    game = fight([1, 10, 1, 10], ["axis-flank-attack", "axis-ambush", "soviet-ambush"], hands={AXIS: ["a-elastic"]})
    game.apply(PlayCard(AXIS, "a-elastic"))
    assert game.state.battle.rerolls == {AXIS: 1}
    game.apply(PlayChit(AXIS, next(c for c in game.state.battle.drawn[AXIS] if "flank" in c)))
    texts = [e.text for e in game.events if e.kind == "check"]
    assert texts[-2].startswith("2nd Infantry Corps checks cohesion: rolls 10") and texts[-2].endswith("fails.")
    assert texts[-1].startswith("2nd Infantry Corps re-rolls") and texts[-1].endswith("passes.")
    assert not game.state.units["inf2"].disorganized and game.state.battle.rerolls == {AXIS: 0}
    game.apply(PlayChit(SOVIET, game.state.battle.drawn[SOVIET][0]))    # Ambush: 10 fails, no re-roll left
    assert game.state.units["inf2"].depleted


def test_cc_9_4_an_attack_cards_strike_checks_at_once_and_is_not_lost_to_the_next_chit():
    """Blitz's strike (a Soviet unit checks at +1) is rolled as the card is played, the 3rd
    Army its only candidate; the Axis then still plays its chit, whose own checks follow."""
    game = fight([3, 2, 4], ["axis-assault"], hands={AXIS: ["a-blitz"]})
    events = game.apply(PlayCard(AXIS, "a-blitz"))
    assert [e.text for e in events if e.kind == "check"] == [
        "3rd Army checks cohesion: rolls 3, modified 4 against 6: passes."]
    assert not game.state.battle.steps and game.to_act() == AXIS
    chit = next(c for c in game.legal() if isinstance(c, PlayChit) and "assault" in c.chit)
    events = game.apply(chit)
    assert [e.text.split(":")[1] for e in events if e.kind == "check"] == [" rolls 2, modified 2 against 6",
                                                                         " rolls 4, modified 4 against 6"]



# -- 9.4 / 9.5.3: a card is no chit: the chit turn stays with its player ----------------------------------
def blitz_on_two(rolls):
    """The Axis (Panzer and Infantry Corps) attack the 1st and 2nd Armies in b2 and play Blitz on
    their chit turn: the Soviets choose which Army checks at +1 (9.6.1)."""
    game = fight(rolls, ["axis-assault", "soviet-assault"], force=("pz", "inf"), into="b2",
                 hands={AXIS: ["a-blitz"]})
    game.apply(PlayCard(AXIS, "a-blitz"))
    assert game.to_act() == SOVIET and game.state.battle.after_card
    return game


def test_cc_9_4_a_cards_strike_whose_unit_the_enemy_chooses_keeps_the_chit_turn():
    """The 1st Army rolls 1 and passes: the Axis, who played the card, still has its chit turn."""
    game = blitz_on_two([1])
    game.apply(ChooseUnit(SOVIET, "a1"))
    b = game.state.battle
    assert (b.turn, b.after_card, game.to_act()) == (AXIS, False, AXIS)
    assert {c.side for c in game.legal()} == {AXIS} and any(isinstance(c, PlayChit) for c in game.legal())


def test_cc_9_4_a_cards_strike_that_fails_and_retreats_keeps_the_chit_turn():
    """The 1st Army rolls 9 (+1) against 6, is disorganized and retreats, the Soviets choosing
    where; once the retreat ends the Axis chit turn goes on."""
    game = blitz_on_two([9])
    game.apply(ChooseUnit(SOVIET, "a1"))
    assert game.state.battle.retreats == ["a1"] and game.to_act() == SOVIET
    game.apply(Retreat(SOVIET, "e1"))
    b = game.state.battle
    assert (b.retreats, b.defenders, b.turn, b.after_card, game.to_act()) == ([], ["a2"], AXIS, False, AXIS)


def test_cc_9_5_3_the_chit_played_after_the_card_passes_the_turn_as_any_chit():
    """After the card's retreat the Axis play Assault; its steps done, the turn is the Soviets'."""
    game = blitz_on_two([9, 1, 1, 1])
    game.apply(ChooseUnit(SOVIET, "a1"))
    game.apply(Retreat(SOVIET, "e1"))
    chit = next(c for c in game.legal() if isinstance(c, PlayChit) and "assault" in c.chit)
    game.apply(chit)                                     # the 2nd Army passes; an Axis unit to choose
    game.apply(ChooseUnit(AXIS, "inf"))
    b = game.state.battle
    assert (b.turn, game.to_act()) == (SOVIET, SOVIET)

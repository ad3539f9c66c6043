"""The Regroup Phase, done in order (VIC 5.0): 5.1 Victory Points, 5.2 withdrawing Battle Groups
(losses), 5.3 augmentation, 5.4 reinforcements, 5.5 the Special Reinforcement Group."""

from __future__ import annotations

from rules.victory import (
    CallSpecialGroup,
    ConfirmReinforcements,
    DeclineSpecialGroup,
    EnterBattlePoints,
    LoseUnit,
    Reinforce,
    RemoveUnit,
    RollMaps,
    SpecialUnit,
    UnitsDone,
)

ANNA_WINS_BY_2 = {"Anna": (5, 1), "James": (3, 1)}        # 7 BP to 5


def _after_battle(vic, values, extra=()):
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1] + list(extra))
    vic.choose_all(game)
    vic.prelude(game)
    vic.fight(game)
    vic.bp(game, values)
    return game


def test_regroup_phase_steps_come_in_order(vic):
    """VIC 5.0: "The steps outlined in the Regroup Phase must be done in order": Battle Points and VP
    first, then losses, then augmentation (automatic), then reinforcements; a later step's command is
    refused before its turn."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1])
    vic.choose_all(game)
    vic.prelude(game)
    vic.fight(game)
    m = vic.match(game)
    assert m.step == "bp"
    assert "after Victory Points, losses and augmentation" in vic.refused(game, Reinforce("Anna", "IN"))
    assert "after the Victory Points (5.2)" in vic.refused(game, LoseUnit("Anna", "IN-1"))
    vic.bp(game, ANNA_WINS_BY_2)
    assert m.step == "losses"
    assert "(5.0: in order)" in vic.refused(game, Reinforce("Anna", "IN"))
    vic.play(game, LoseUnit("Anna", "IN-1"))
    vic.play(game, UnitsDone("Anna"))
    assert m.step == "losses"
    vic.play(game, UnitsDone("James"))
    assert m.step == "reinforce"
    rules = [e.rule for e in game.events if e.rule.startswith("VIC 5")]
    order = [r for i, r in enumerate(rules) if r not in rules[:i]]
    assert order == ["VIC 5.1 Calculate Victory Points", "VIC 5.2 Withdraw Battle Groups", "VIC 5.3 Augmentation",
                     "VIC 5.4 Reinforcements"]


def test_battle_points_are_cities_plus_two_per_resource_and_the_winner_scores_the_difference(vic):
    """VIC 5.1: BP = cities in supply + 2 per resource in supply; the winner scores the difference,
    the loser 0."""
    game = _after_battle(vic, ANNA_WINS_BY_2)
    m = vic.match(game)
    assert (m.bp["Anna"].total, m.bp["James"].total) == (7, 5)
    assert m.vp == {"Anna": 2, "James": 0} and m.winner == "Anna" and m.margin == 2
    assert game.totals() == {"Anna": 2, "James": 0}


def test_a_tie_in_battle_points_is_a_draw_with_no_vp(vic):
    """VIC 5.1: "Tie battles are drawn and neither players scores VP's"."""
    game = _after_battle(vic, {"Anna": (6, 0), "James": (2, 2)})
    m = vic.match(game)
    assert m.vp == {"Anna": 0, "James": 0} and m.winner == ""
    assert game.force("Anna").last == game.force("James").last == "draw"


def test_lost_and_cut_off_units_leave_the_battle_group_with_their_history(vic):
    """VIC 5.2: units destroyed in battle or unable to trace supply are removed; survivors are kept."""
    game = _after_battle(vic, ANNA_WINS_BY_2)
    vic.play(game, LoseUnit("Anna", "IN-1"))
    vic.play(game, LoseUnit("Anna", "SS-1", cut_off=True))
    assert "is entered as lost already" in vic.refused(game, LoseUnit("Anna", "IN-1"))
    vic.play(game, UnitsDone("Anna"))
    f = game.force("Anna")
    assert [u.id for u in f.gone] == ["IN-1", "SS-1"]
    assert f.gone[0].left == "destroyed in battle 1"
    assert f.gone[1].left == "cut off (no supply line) and destroyed in battle 1"
    assert len(f.units) == 8 and vic.match(game).lost["Anna"] == ["IN-1", "SS-1"]


def test_augmentation_adds_one_step_to_each_survivor_up_to_4_cv(vic):
    """VIC 5.3: "Add one step to each surviving unit in your BG. 4 CV units cannot be increased."
    Battle 1 takes 3 CV to 4; battle 2 leaves the 4 CV units at 4."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1] + vic.MAPS_416 + [1])
    vic.choose_all(game)
    before = {u.id: u.cv for u in game.force("James").units}
    vic.battle(game, ANNA_WINS_BY_2)
    after = {u.id: u.cv for u in game.force("James").units if u.id in before}
    assert after == {uid: min(4, cv + 1) for uid, cv in before.items()}
    assert all(u.cv == 1 for u in game.force("James").units if u.id not in before)  # reinforcements
    vic.battle(game, ANNA_WINS_BY_2)
    cvs = {u.id: u.cv for u in game.force("James").units if u.id in before}
    assert cvs == {uid: min(4, cv + 2) for uid, cv in before.items()}
    in1 = next(u for u in game.force("James").units if u.id == "IN-1")
    assert in1.service == [(1, 3), (2, 4), (3, 4)] and in1.cv == 4


def test_ten_reinforcements_at_1_cv_each_regroup(vic):
    """VIC 5.4: "Each player now chooses ten units ... All units chosen enter the players BG at 1 CV";
    exactly ten, and a pick can be taken back before they join."""
    game = _after_battle(vic, ANNA_WINS_BY_2)
    vic.losses(game)
    for _ in range(9):
        vic.play(game, Reinforce("Anna", "IN"))
    assert "has picked 9" in vic.refused(game, ConfirmReinforcements("Anna"))
    vic.play(game, Reinforce("Anna", "MB"))
    assert "picked 10 reinforcements already" in vic.refused(game, Reinforce("Anna", "IN"))
    vic.play(game, RemoveUnit("Anna", "MB-1"))
    vic.play(game, Reinforce("Anna", "MT"))
    vic.play(game, ConfirmReinforcements("Anna"))
    f = game.force("Anna")
    new = [u for u in f.units if u.joined == "reinforcement after battle 1"]
    assert len(new) == 10 and all(u.cv == 1 for u in new) and len(f.units) == 20
    assert max(u.id for u in new) == "MT-1"
    assert next(u.id for u in new if u.unit_type == "IN") == "IN-3"


def test_forcepools_follow_the_winning_margin(vic):
    """VIC 5.4 / Table 3: winning by +2 VP opens the Std, +1 and +2 Forcepools; the loser picks from
    the Standard Forcepool only: a +2 type (Armor) is refused with the reason."""
    game = _after_battle(vic, ANNA_WINS_BY_2)
    vic.losses(game)
    offered = {c.unit_type for c in game.legal() if isinstance(c, Reinforce)}
    assert offered == {"FA", "DB", "TB", "SS", "CA", "DD", "MA", "IN", "EN", "MB", "MK", "MT", "CV", "AR", "AB"}
    message = vic.refused(game, Reinforce("Anna", "HB"))
    assert message == ("Anna won battle 1 by 2 VP: the Standard, +1, +2 Forcepools (Table 3); HB (Heavy Bomber) "
                       "is in the +3 Forcepool.")
    vic.reinforce(game, "Anna", ("AR", "CV", "MB") + ("IN",) * 7)
    offered = {c.unit_type for c in game.legal() if isinstance(c, Reinforce)}
    assert offered == {"FA", "DB", "TB", "SS", "CA", "DD", "MA", "IN", "EN"}
    message = vic.refused(game, Reinforce("James", "AR"))
    assert message == ("James lost battle 1: the Standard Forcepool only (5.4); AR (Armor) is in the +2 "
                       "Forcepool.")


def test_a_draw_gives_both_players_the_standard_forcepool_only(vic):
    """VIC 5.4: "in the case of a draw both players" may only select from the Standard Forcepool."""
    game = _after_battle(vic, {"Anna": (4, 0), "James": (4, 0)})
    vic.losses(game)
    assert "draw" in vic.refused(game, Reinforce("Anna", "MB"))


def test_the_axis_player_of_a_battle_picks_reinforcements_first(vic):
    """VIC 5.4 (hot-seat ruling): the battle's Axis player picks first, then the Allied."""
    game = _after_battle(vic, ANNA_WINS_BY_2)
    vic.losses(game)
    assert "Anna picks reinforcements first" in vic.refused(game, Reinforce("James", "IN"))
    vic.reinforce(game, "Anna")
    vic.reinforce(game, "James")
    assert vic.match(game).step == "maps" and game.battle == 2


# ------------------------------------------------------------------ 5.5 Special Reinforcement Group
def _lead(vic, anna_bp, special_roll=()):
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1] + list(special_roll))
    vic.choose_all(game)
    vic.battle(game, {"Anna": (anna_bp, 0), "James": (0, 0)}, regroup_too=False)
    vic.regroup(game)
    return game


def test_no_special_group_below_a_9_vp_lead(vic):
    """VIC 5.5: the lead must be 9 or more: at 8 the battle closes with the reinforcements."""
    game = _lead(vic, 8)
    assert game.battle == 2 and game.legal() == [RollMaps(1)]
    assert "may call the Special Reinforcement Group" in vic.refused(game, CallSpecialGroup("James"))


def test_special_group_at_a_9_vp_lead_gives_the_other_player_4_vp(vic):
    """VIC 5.5: "If one players VP's is greater than the others by 9 or more, the player with fewer
    VP's may call for a one time Special Reinforcement Group ... the other player receives 4 VP's.
    Roll 1d6 and consult Table 4": one 2 CV unit of each of the four types."""
    game = _lead(vic, 9, special_roll=[5])
    m = vic.match(game)
    assert m.step == "special" and m.special_player == "James"
    assert game.legal() == [CallSpecialGroup("James"), DeclineSpecialGroup("James")]
    assert "Unknown player" not in vic.refused(game, CallSpecialGroup("Anna"))
    events = vic.play(game, CallSpecialGroup("James"))
    assert events[0].dice == (5,) and events[0].rule == "VIC 5.5 Special Reinforcement Group"
    assert m.special_types == ("AB", "AR", "AY", "EAR")
    assert game.totals() == {"Anna": 13, "James": 0}
    for t in ("AB", "AR", "AY", "EAR"):
        vic.play(game, SpecialUnit("James", t))
    added = [u for u in game.force("James").units if u.joined == "Special Reinforcement Group after battle 1"]
    assert [(u.id, u.cv) for u in added] == [("AB-1", 2), ("AR-1", 2), ("AY-1", 2), ("EAR-1", 2)]
    assert game.force("James").special_called == 1
    assert game.battle == 2


def test_special_group_substitutes_a_standard_type_of_the_same_branch(vic):
    """VIC 5.5: "MA, IN, and EN may be substituted for Army units; FA, DB, and TB ... for Air units;
    SS, CA, and DD ... for Naval units". Roll 3: CV AR BB EFA."""
    game = _lead(vic, 12, special_roll=[3])
    vic.play(game, CallSpecialGroup("James"))
    assert game.legal() == [SpecialUnit("James", t) for t in ("CV", "SS", "CA", "DD")]
    vic.play(game, SpecialUnit("James", "DD"))                  # a destroyer for the carrier
    assert "a standard army type may be substituted (MA, IN, EN), not 'FA'" in vic.refused(
        game, SpecialUnit("James", "FA"))
    vic.play(game, SpecialUnit("James", "AR"))
    vic.play(game, SpecialUnit("James", "BB"))
    vic.play(game, SpecialUnit("James", "TB"))                  # a torpedo bomber for the elite fighter
    added = [u for u in game.force("James").units if u.joined.startswith("Special")]
    assert [u.unit_type for u in added] == ["DD", "AR", "BB", "TB"]
    assert added[0].notes == ["substituted for CV (Carrier)"]
    assert all(u.cv == 2 for u in added)


def test_special_group_is_called_once_per_campaign(vic):
    """VIC 5.5: "a one time Special Reinforcement Group": after calling it, a 9+ lead offers it no more."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1, 1] + vic.MAPS_416 + [1])
    vic.choose_all(game)
    vic.battle(game, {"Anna": (10, 0), "James": (0, 0)})
    vic.play(game, CallSpecialGroup("James"))
    for t in ("AB", "AR", "HB", "EFA"):
        vic.play(game, SpecialUnit("James", t))
    vic.battle(game, {"Anna": (10, 0), "James": (0, 0)})
    assert game.totals() == {"Anna": 24, "James": 0}
    assert game.battle == 3 and game.legal() == [RollMaps(1)]
    message = vic.refused(game, CallSpecialGroup("James"))
    assert message == "5.5: James called the Special Reinforcement Group after battle 1: once per campaign."


def test_a_declined_special_group_may_be_called_in_a_later_regroup(vic):
    """VIC 5.5 (ruling): declining is for this Regroup Phase only; the offer returns while the lead
    stays at 9 or more and the group has not been called."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1] + vic.MAPS_416 + [1, 2])
    vic.choose_all(game)
    vic.battle(game, {"Anna": (10, 0), "James": (0, 0)})
    vic.play(game, DeclineSpecialGroup("James"))
    assert game.totals() == {"Anna": 10, "James": 0}
    vic.battle(game, {"Anna": (1, 0), "James": (0, 0)})
    assert vic.match(game).step == "special"
    vic.play(game, CallSpecialGroup("James"))
    assert vic.match(game).special_types == ("AB", "AR", "AY", "EFA")
    assert game.totals() == {"Anna": 15, "James": 0}


def test_the_vp_lead_counts_the_campaign_totals_so_far(vic):
    """VIC 5.5 (ruling): "one players VP's is greater than the others" compares the campaign totals
    including the battle just scored: 5 + 4 = 9 after two battles opens the call."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1] + vic.MAPS_416 + [1])
    vic.choose_all(game)
    vic.battle(game, {"Anna": (5, 0), "James": (0, 0)})
    assert game.battle == 2
    vic.battle(game, {"Anna": (4, 0), "James": (0, 0)})
    assert vic.match(game).step == "special" and game.totals() == {"Anna": 9, "James": 0}


def test_no_regroup_after_the_last_battle_bp_entry_is_final(vic):
    """VIC 6.0 (ruling): after the tenth battle's VP the campaign ends: no losses, reinforcements or
    special group."""
    game = vic.new(rolls=(vic.MAPS_416 + [5, 2, 1]) * 10)
    vic.choose_all(game)
    for n in range(1, 11):
        vic.battle(game, {"Anna": (1, 0), "James": (1, 0)}, regroup_too=n < 10)     # ten draws
    assert vic.match(game).step == "done" and vic.match(game).lost == {"Anna": [], "James": []}
    assert game.outcome is not None and game.legal() == []
    assert "The campaign is over" in vic.refused(game, EnterBattlePoints("Anna", 1, 0))

"""Choosing Battle Groups (VIC 4.1): any 10 units of the 9 standard types of Table 1; any two may
begin at 3 CV, any four at 2 CV, the remaining four at 1 CV. Players choose in turn (hot-seat)."""

from __future__ import annotations

from rules.victory import AddUnit, ConfirmBattleGroup, RemoveUnit, RollMaps


def test_battle_group_is_ten_standard_units_two_at_3_four_at_2_four_at_1(vic):
    """VIC 4.1: the chosen Battle Group holds ten units: two at 3 CV, four at 2, four at 1; units get
    ids by type ("IN-1", "IN-2") and the game moves on to the second player."""
    game = vic.new()
    vic.choose(game, "Anna")
    units = game.force("Anna").units
    assert len(units) == 10
    assert sorted(u.cv for u in units) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]
    assert [u.id for u in units][:3] == ["IN-1", "FA-1", "IN-2"]
    assert all(u.joined == "Battle Group" for u in units)
    assert game.state.chooser == "James"
    assert all(getattr(c, "player", "James") == "James" for c in game.legal())


def test_only_the_standard_types_and_cv_levels_are_offered(vic):
    """VIC 4.1: "chooses any 10 units from the 9 types shown in Table 1"; CV 3, 2 or 1."""
    game = vic.new()
    adds = [c for c in game.legal() if isinstance(c, AddUnit)]
    assert {c.unit_type for c in adds} == {"FA", "DB", "TB", "SS", "CA", "DD", "MA", "IN", "EN"}
    assert {c.cv for c in adds} == {1, 2, 3}
    assert len(adds) == 27


def test_cv_split_limits_every_level(vic):
    """VIC 4.1: "Any two units may begin at 3 CV": a third (or fourth) is refused; so is a fifth at
    2 CV or a fifth at 1 CV."""
    game = vic.new()
    vic.play(game, AddUnit("Anna", "IN", 3))
    vic.play(game, AddUnit("Anna", "CA", 3))
    message = vic.refused(game, AddUnit("Anna", "FA", 3))
    assert "only 2 units may begin at 3 CV" in message and "has 2 at 3 CV already" in message
    assert AddUnit("Anna", "FA", 3) not in game.legal()
    for t in ("IN", "IN", "DD", "DD"):
        vic.play(game, AddUnit("Anna", t, 2))
    assert "only 4 units may begin at 2 CV" in vic.refused(game, AddUnit("Anna", "SS", 2))
    for t in ("EN", "EN", "MA", "MA"):
        vic.play(game, AddUnit("Anna", t, 1))
    assert len(game.force("Anna").units) == 10


def test_special_types_and_other_cv_levels_are_refused_at_the_start(vic):
    """VIC 4.1: Battle Groups come from Table 1 only; an Armor (+2 Forcepool) or a 4 CV unit is
    refused with the reason."""
    game = vic.new()
    message = vic.refused(game, AddUnit("Anna", "AR", 1))
    assert "standard types of Table 1" in message and "AR (Armor) is in the +2 Forcepool" in message
    assert "units begin at 3, 2, 1 CV, not 4" in vic.refused(game, AddUnit("Anna", "IN", 4))
    assert "Unknown unit type 'XX'" in vic.refused(game, AddUnit("Anna", "XX", 1))


def test_players_choose_in_turn_and_confirm_a_full_group(vic):
    """VIC 4.1 (hot-seat): the first-named player chooses first; the other cannot add meanwhile, and a
    group of fewer than ten cannot be confirmed."""
    game = vic.new()
    assert "It is Anna's turn to choose a Battle Group" in vic.refused(game, AddUnit("James", "IN", 1))
    vic.play(game, AddUnit("Anna", "IN", 1))
    assert "Anna has 1" in vic.refused(game, ConfirmBattleGroup("Anna"))
    vic.play(game, RemoveUnit("Anna", "IN-1"))
    assert game.force("Anna").units == []
    assert "The Battle Groups are still being chosen" in vic.refused(game, RollMaps())


def test_after_both_groups_the_first_battle_begins(vic):
    """VIC 4.2: once both Battle Groups are chosen, battle 1 begins with the map roll."""
    game = vic.new()
    vic.choose_all(game)
    assert game.state.phase == "campaign" and game.battle == 1
    assert game.legal() == [RollMaps(1)]
    assert all(u.service == [(1, u.cv)] for u in game.force("James").units)

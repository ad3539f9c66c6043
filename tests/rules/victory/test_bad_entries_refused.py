"""Bad entries are refused with a clear message and the state unchanged (DESIGN "The rules model":
apply() accepts only a member of legal(); IllegalCommand carries explain_illegal's reason)."""

from __future__ import annotations

from rules.victory import (
    AddUnit,
    DrawPairings,
    EndTransfers,
    EngineerRoll,
    EnterBattlePoints,
    MarineRoll,
    NextTurn,
    Reinforce,
    Transfer,
    Withdraw,
)

BATTLE = [4, 1, 6, 1, 5, 2, 1]


def test_negative_battle_points_are_refused(vic):
    """VIC 5.1: BP count cities and resources in supply: never negative (nor beyond two maps)."""
    game = vic.new(rolls=BATTLE)
    vic.choose_all(game)
    vic.prelude(game)
    vic.fight(game)
    assert vic.refused(game, EnterBattlePoints("Anna", -1, 0)) == (
        "Battle Points cannot be negative: cities' value -1 (5.1 counts what is in supply, 0 or more).")
    assert "resources -2" in vic.refused(game, EnterBattlePoints("Anna", 3, -2))
    assert "at most 40" in vic.refused(game, EnterBattlePoints("Anna", 41, 0))
    assert "cities must be int, not float 2.5" in vic.refused(game, EnterBattlePoints("Anna", 2.5, 0))
    vic.play(game, EnterBattlePoints("Anna", 3, 1))
    assert "entered already (5 BP)" in vic.refused(game, EnterBattlePoints("Anna", 3, 1))


def test_an_eleventh_unit_is_refused(vic):
    """VIC 4.1: "any 10 units"."""
    game = vic.new()
    for unit_type, cv in vic.STD_BG:
        vic.play(game, AddUnit("Anna", unit_type, cv))
    assert vic.refused(game, AddUnit("Anna", "DD", 1)) == "Anna's Battle Group already has 10 units (4.1: any 10 units)."


def test_a_third_or_fourth_3_cv_unit_is_refused(vic):
    """VIC 4.1: "Any two units may begin at 3 CV"."""
    game = vic.new()
    vic.play(game, AddUnit("Anna", "IN", 3))
    vic.play(game, AddUnit("Anna", "FA", 3))
    for t in ("DD", "EN"):
        assert vic.refused(game, AddUnit("Anna", t, 3)) == (
            "4.1: only 2 units may begin at 3 CV (Veteran), and Anna's Battle Group has 2 at 3 CV already.")


def test_a_plus_2_type_for_the_loser_is_refused(vic):
    """VIC 5.4: "The losing player ... may only select units from the Standard (Std.) Forcepool"."""
    game = vic.new(rolls=BATTLE)
    vic.choose_all(game)
    vic.battle(game, {"Anna": (3, 0), "James": (8, 0)}, regroup_too=False)
    vic.losses(game)
    vic.reinforce(game, "Anna")
    assert vic.refused(game, Reinforce("Anna", "IN")) == "Anna's reinforcements after battle 1 have joined the " \
        "Battle Group already (5.4)."
    game2 = vic.new(rolls=BATTLE)
    vic.choose_all(game2)
    vic.battle(game2, {"Anna": (8, 0), "James": (3, 0)}, regroup_too=False)
    vic.losses(game2)
    vic.reinforce(game2, "Anna", ("EAR",) * 10)
    assert vic.refused(game2, Reinforce("James", "CV")) == (
        "James lost battle 1: the Standard Forcepool only (5.4); CV (Carrier) is in the +2 Forcepool.")


def test_a_transfer_over_the_limits_is_refused(vic):
    """VIC 7.2: at most 5 units out of a Battle Group after each battle."""
    game = vic.new(mode="team", teams={"axis": ["A", "B"], "allied": ["C"]}, rolls=BATTLE)
    vic.choose_all(game)
    vic.play(game, DrawPairings())
    vic.battle(game, {"A": (5, 0), "C": (0, 0)})
    vic.reinforce(game, "B")
    ids = [u.id for u in game.force("B").units]
    for uid in ids[:5]:
        vic.play(game, Transfer("B", "A", uid))
    assert vic.refused(game, Transfer("B", "A", ids[5])) == (
        "7.2: B has transferred 5 units out after this battle already (at most 5).")
    assert "has no unit 'XX-9'" in vic.refused(game, Transfer("A", "B", "XX-9"))
    assert "another player's" in vic.refused(game, Transfer("A", "A", ids[6]))
    vic.play(game, EndTransfers())
    assert "after each battle" in vic.refused(game, Transfer("A", "B", "IN-1"))


def test_withdrawing_when_the_battle_is_over_is_refused(vic):
    """VIC 4.5: withdrawal is "prior to the end of the battle"."""
    game = vic.new(rolls=BATTLE)
    vic.choose_all(game)
    assert "has not begun" in vic.refused(game, Withdraw("Anna"))
    vic.prelude(game)
    vic.fight(game)
    assert vic.refused(game, Withdraw("James")) == (
        "Battle 1 is over: a Battle Group withdraws only during the battle, at the start of a movement phase (4.5).")


def test_engineer_and_marine_rolls_are_checked(vic):
    """VIC 3.2 / 3.3: only EN (repairs) and MA (Mulberries) roll, during the battle, one attempt each per
    movement phase; the roll goes through the game's dice and is logged."""
    game = vic.new(rolls=[4, 1, 6, 1, 5, 2] + [3, 1, 6])
    vic.choose_all(game)
    assert "has not begun" in vic.refused(game, EngineerRoll("Anna", "EN-1"))
    vic.prelude(game)
    assert "only EN units make this roll; IN-1 is Infantry" in vic.refused(game, EngineerRoll("Anna", "IN-1"))
    assert "only MA units" in vic.refused(game, MarineRoll("Anna", "EN-1"))
    events = vic.play(game, EngineerRoll("Anna", "EN-1"))
    assert events[0].dice == (3,) and events[0].rule == "VIC 3.2 Engineers" and "above its CV" in events[0].text
    assert "one attempt this movement phase (turn 1)" in vic.refused(game, EngineerRoll("Anna", "EN-1"))
    vic.play(game, MarineRoll("James", "MA-1"))
    assert "at or below its CV, a Mulberry is placed" in game.events[-1].text
    vic.play(game, NextTurn())
    vic.play(game, EngineerRoll("Anna", "EN-1"))
    assert vic.match(game).unit_rolls[-1].startswith("turn 2: Anna's EN-1 (2 CV) rolls 6")


def test_malformed_commands_are_refused_not_crashed(vic):
    """DESIGN "The rules model": fields of the wrong kind are refused with IllegalCommand."""
    game = vic.new()
    for cmd in (AddUnit(None, "IN", 1), AddUnit("Anna", ["IN"], 1), AddUnit("Anna", "IN", "3"), Reinforce("Bob", "IN"),
                EnterBattlePoints("Anna", None, 0), Transfer(1, 2, 3), "not a command", NextTurn("1")):
        assert vic.refused(game, cmd)

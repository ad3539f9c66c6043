"""Battle length (VIC 4.4, Table 2) and early withdrawal (VIC 4.5)."""

from __future__ import annotations

from rules.victory import (
    EnterBattlePoints,
    NextTurn,
    RollBattleLength,
    UnitsDone,
    Withdraw,
)


def _ready(vic, extra):
    game = vic.new(rolls=vic.MAPS_416 + [5, 2] + extra)
    vic.choose_all(game)
    vic.prelude(game)
    return game


def test_no_battle_length_roll_before_turn_7(vic):
    """VIC 4.4: "At the beginning of turn 7 and all subsequent turns" the initiative player rolls; turns
    1-6 are always played."""
    game = _ready(vic, [])
    vic.to_turn(game, 6)
    assert vic.refused(game, RollBattleLength()) == "4.4: the battle-length roll begins at turn 7; this is turn 6."
    assert RollBattleLength(1) not in game.legal()


def test_from_turn_7_the_roll_comes_before_anything_else(vic):
    """VIC 4.4: the roll is made "prior to movement": at turn 7 nothing but the roll is legal."""
    game = _ready(vic, [2])
    vic.to_turn(game, 7)
    assert game.legal() == [RollBattleLength(1)]
    assert "first rolls 1d6 on Table 2" in vic.refused(game, NextTurn())
    assert "first rolls 1d6 on Table 2" in vic.refused(game, Withdraw("Anna"))
    events = vic.play(game, RollBattleLength())
    assert "continues through turn 7" in events[0].text and events[0].rule == "VIC 4.4 Battle Length"
    assert "is made" in vic.refused(game, RollBattleLength())
    assert NextTurn(1) in game.legal()


def test_a_roll_at_or_below_the_table_ends_the_battle_immediately(vic):
    """VIC 4.4 Table 2, Examples 1 and 2: a 4 on turn 9 continues; a 5 on turn 11 ends the battle
    immediately (10 turns played)."""
    game = _ready(vic, [6, 6, 4, 6, 5])
    vic.to_turn(game, 9)
    vic.play(game, RollBattleLength())
    m = vic.match(game)
    assert m.step == "battle" and m.length_rolls[-1] == (9, 4)
    vic.to_turn(game, 11)
    vic.play(game, RollBattleLength())
    assert m.step == "bp" and m.turns_played == 10
    assert m.length_rolls == [(7, 6), (8, 6), (9, 4), (10, 6), (11, 5)]


def test_turn_12_always_ends_the_battle(vic):
    """VIC 4.4 Table 2: "12 Battle Ends, Go to Regroup Phase": the battle lasts at most 11 turns and
    no roll is made at turn 12."""
    game = _ready(vic, [6, 6, 6, 6, 6])
    vic.to_turn(game, 11)
    vic.play(game, RollBattleLength())
    events = vic.play(game, NextTurn())
    m = vic.match(game)
    assert m.step == "bp" and m.turns_played == 11 and len(m.length_rolls) == 5
    assert "turn 12 ends the battle" in events[-1].text


def test_withdrawal_gives_the_opponent_at_least_4_vp(vic):
    """VIC 4.5: "The opposing player gets 4 VP's or his calculated VP's, whichever is higher": a
    calculated 2 becomes 4; the withdrawing player scores 0 and counts as the loser."""
    game = _ready(vic, [])
    vic.to_turn(game, 3)
    events = vic.play(game, Withdraw("Anna"))
    m = vic.match(game)
    assert m.withdrawn == "Anna" and m.step == "bp" and m.turns_played == 3
    assert events[0].rule == "VIC 4.5 Early Withdrawal"
    vic.bp(game, {"Anna": (5, 0), "James": (7, 0)})
    assert m.vp == {"Anna": 0, "James": 4} and m.winner == "James" and m.margin == 4
    assert game.force("James").last == "won"


def test_withdrawal_gives_the_opponent_the_calculated_vp_when_higher(vic):
    """VIC 4.5: a calculated 7 VP beats the minimum of 4."""
    game = _ready(vic, [])
    vic.play(game, Withdraw("James"))
    vic.bp(game, {"Anna": (9, 1), "James": (4, 0)})
    assert vic.match(game).vp == {"James": 0, "Anna": 7}


def test_withdrawal_while_ahead_still_gives_the_opponent_4_vp(vic):
    """VIC 4.5: the withdrawing player has more BP: the opponent's calculated VP is 0, so 4."""
    game = _ready(vic, [])
    vic.play(game, Withdraw("James"))
    vic.bp(game, {"Anna": (1, 0), "James": (10, 0)})
    m = vic.match(game)
    assert m.vp == {"James": 0, "Anna": 4} and m.winner == "Anna"


def test_withdrawing_when_the_battle_is_over_is_refused(vic):
    """VIC 4.5: a Battle Group withdraws "prior to the end of the battle": once it is over (by the
    roll, turn 12 or a withdrawal) Withdraw is refused and nothing changes."""
    game = _ready(vic, [1])
    vic.fight(game)
    message = vic.refused(game, Withdraw("Anna"))
    assert message == ("Battle 1 is over: a Battle Group withdraws only during the battle, at the start of a "
                       "movement phase (4.5).")
    vic.play(game, EnterBattlePoints("Anna", 3, 0))
    vic.refused(game, Withdraw("James"))
    vic.play(game, EnterBattlePoints("James", 3, 0))
    vic.play(game, UnitsDone("Anna"))
    assert "is over" in vic.refused(game, Withdraw("Anna"))

"""A whole ten-battle duel on fixed dice, from the Battle Groups to the Table 5 result (VIC 4.0-6.0),
with a Special Reinforcement Group, two withdrawals, two draws and the battle-length rolls; the
save of it round-trips through the registry, and the Markdown export records it."""

from __future__ import annotations

from rules.core import save
from rules.registry import load_save
from rules.victory import (
    CallSpecialGroup,
    EngineerRoll,
    LoseUnit,
    MarineRoll,
    NextTurn,
    RollBattleLength,
    SpecialUnit,
    UnitsDone,
    Withdraw,
)
from rules.victory.export import campaign_markdown

L416 = [4, 1, 6, 1]            # maps 4-1-6 (Allied 13, Axis 9) and layout 1
ROLLS = (
    L416 + [5, 2] + [2] + [1] + [3]       # 1: initiative Anna 5-2; EN-1 rolls 2; length 1 ends turn 7; Table 4: 3
    + [1, 3, 2, 1] + [6] * 5              # 2: maps 1-3-2 (Allied 1, Axis 2); 6s on turns 7-11: turn 12 ends it
    + L416 + [2, 2, 1, 4] + [3, 2]        # 3: initiative tie 2-2, then 1-4: James; turn 7 a 3 goes on, turn 8 a 2 ends
    + L416                                # 4: Anna withdraws in turn 4
    + L416 + [1]                          # 5
    + L416 + [1]                          # 6
    + L416                                # 7: James withdraws in turn 2
    + L416 + [5, 1]                       # 8: James's MA-1 (4 CV) rolls 5
    + L416 + [1]                          # 9
    + L416 + [6, 1] + [1]                 # 10: initiative 6-1: Anna
)
BEST = ("EFA", "EAR", "HB", "BB", "AY", "CV", "AR", "AB", "MB", "MT")


def _withdraw_in(vic, game, player, turn):
    vic.prelude(game)
    vic.to_turn(game, turn)
    vic.play(game, Withdraw(player))


def test_full_ten_battle_duel_reaches_its_table_5_result(vic):
    """VIC 6.0: "tally the VP's from each battle for each player. Subtract the lower result from the
    higher result ... compares this result with Table 5": Anna 30, James 13: net 17, a Decisive
    victory, 7 TP."""
    game = vic.new(rolls=ROLLS)
    vic.choose_all(game)
    attackers, ends = [], []

    def note():
        m = vic.match(game)
        attackers.append(m.attacker)
        ends.append(m.turns_played)

    # 1: Anna wins 12-2 (+10); the Special Group for James (+4 to Anna)
    vic.prelude(game)
    vic.play(game, EngineerRoll("Anna", "EN-1"))
    assert "Anna's EN-1 (2 CV) rolls 2: at or below its CV" in game.events[-1].text
    vic.fight(game)
    note()
    vic.bp(game, {"Anna": (10, 1), "James": (2, 0)})
    vic.regroup(game, lost={"Anna": ["IN-1"], "James": ["FA-1", "DD-1"]},
                picks={"Anna": BEST})
    vic.play(game, CallSpecialGroup("James"))
    for t in ("CV", "AR", "DD", "EFA"):
        vic.play(game, SpecialUnit("James", t))
    assert game.totals() == {"Anna": 14, "James": 0}
    # 2: turn 12 ends it; 5-5, a draw
    vic.prelude(game)
    vic.to_turn(game, 11)
    vic.play(game, RollBattleLength())
    vic.play(game, NextTurn())
    note()
    vic.bp(game, {"Anna": (5, 0), "James": (3, 1)})
    vic.regroup(game)
    # 3: James wins 6-3 (+3) after an initiative roll
    vic.prelude(game)
    vic.to_turn(game, 7)
    vic.play(game, RollBattleLength())
    vic.play(game, NextTurn())
    vic.play(game, RollBattleLength())
    note()
    vic.bp(game, {"Anna": (3, 0), "James": (6, 0)})
    vic.regroup(game, picks={"James": ("HB", "BB", "AY", "MB", "MK", "MT", "CV", "AR", "AB", "IN")})
    # 4: Anna withdraws; 6-4 up, James still gets 4
    _withdraw_in(vic, game, "Anna", 4)
    note()
    vic.bp(game, {"Anna": (6, 0), "James": (4, 0)})
    vic.regroup(game)
    # 5-6: Anna +5, +2 (James leads nothing, and has called the group: no offer)
    for a, j in ((9, 4), (6, 4)):
        vic.battle(game, {"Anna": (a, 0), "James": (j, 0)}, regroup_too=False)
        note()
        vic.regroup(game)
    # 7: James withdraws; Anna's calculated 8 beats 4
    _withdraw_in(vic, game, "James", 2)
    note()
    vic.bp(game, {"Anna": (10, 0), "James": (2, 0)})
    vic.regroup(game)
    # 8: James +6; 9: a draw; 10: Anna +1
    vic.prelude(game)
    vic.play(game, MarineRoll("James", "MA-1"))
    assert game.events[-1].text == "James's MA-1 (4 CV) rolls 5: above its CV, no Mulberry this movement phase."
    vic.fight(game)
    note()
    vic.bp(game, {"Anna": (2, 0), "James": (8, 0)})
    vic.regroup(game)
    vic.battle(game, {"Anna": (3, 0), "James": (3, 0)}, regroup_too=False)
    note()
    vic.regroup(game)
    vic.battle(game, {"Anna": (4, 0), "James": (3, 0)}, regroup_too=False)
    note()

    assert attackers == ["Anna", "Anna", "James", "James", "James", "Anna", "Anna", "Anna", "James", "Anna"]
    assert ends == [6, 11, 7, 4, 6, 6, 2, 6, 6, 6]
    by_battle = [(m.vp["Anna"], m.vp["James"]) for r in game.state.rounds for m in r.matches]
    assert by_battle == [(10, 0), (0, 0), (0, 3), (0, 4), (5, 0), (2, 0), (8, 0), (0, 6), (0, 0), (1, 0)]
    o = game.outcome
    assert o is not None and game.legal() == []
    assert o.totals == {"Anna": 30, "James": 13}
    assert (o.net, o.level, o.winner, o.tp) == (17, "Decisive", "Anna", {"Anna": 7, "James": 0})
    assert o.reasons[-1] == "Anna wins: a Decisive victory (Table 5), 7 TP."
    assert game.events[-1].rule == "VIC 6.0 Campaign Victory"
    assert all(e.rule.startswith("VIC ") and e.text for e in game.events), "every event cites the rulebook"
    assert game.dice.remaining == []

    # the units keep their history: IN-2 (2 CV at the start) served all ten battles
    in2 = game.unit("Anna", "IN-2")
    assert in2.service == [(1, 2), (2, 3), (3, 4)] + [(n, 4) for n in range(4, 11)]
    assert game.force("Anna").gone[0].left == "destroyed in battle 1"

    # the save round-trips through the registry
    loaded = load_save(save.dumps(game))
    assert loaded.digest() == game.digest() and loaded.outcome == o

    md = campaign_markdown(game)
    assert "# Victory: The Blocks of War — Campaign" in md
    assert "| 1 | 1 | Anna | James | 4-1-6: Axis 9 Island Chain, Allied 13 Archipelago | 1 | Anna |" in md
    assert "| Anna | 10 | 0 | 0 | 0 | 5 | 2 | 8 | 0 | 0 | 1 | 4 | 30 |" in md
    assert "James called it (roll 3: CV-1, AR-1, DD-2, EFA-1); Anna +4 VP" in md
    assert "| IN-2 | Infantry | Battle Group | 2 | 3 | 4 | 4 | 4 | 4 | 4 | 4 | 4 | 4 | 4 |  |" in md
    assert "Net VP 17: Decisive; Tournament Points: Anna 7, James 0." in md
    assert "Anna withdrew" in md


def test_a_close_duel_is_a_draw_with_one_tp_each(vic):
    """VIC 6.0 Table 5: a net of 0-4 VP is a Draw, 1 TP each, whoever has more VP."""
    game = vic.new(rolls=(vic.MAPS_416 + [5, 2, 1]) + (vic.MAPS_416 + [1]) * 9)
    vic.choose_all(game)
    for n in range(1, 11):
        # Anna wins the odd battles by 1, James the even ones by 1 (and attacks the next), but the last
        winner = "Anna" if n % 2 or n == 10 else "James"
        values = {winner: (1, 0), ("James" if winner == "Anna" else "Anna"): (0, 0)}
        vic.battle(game, values, regroup_too=n < 10)
    o = game.outcome
    assert o.totals == {"Anna": 6, "James": 4}
    assert (o.net, o.level, o.winner, o.tp) == (2, "Draw", None, {"Anna": 1, "James": 1})


def test_units_lost_are_refused_once_entered_done(vic):
    """VIC 5.2: once a player has entered the losses (UnitsDone), no more can be added."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1])
    vic.choose_all(game)
    vic.battle(game, {"Anna": (1, 0), "James": (0, 0)}, regroup_too=False)
    vic.play(game, UnitsDone("Anna"))
    assert "has finished entering the units lost" in vic.refused(game, LoseUnit("Anna", "IN-2"))

"""rules.core.legal: legal() lists number ranges compactly (a Span is one check, not one per
value) and still reads as exactly the list of legal commands."""

from __future__ import annotations

import random

import pytest

from rules.core.legal import Legal, Span
from rules.toi import BeginBattle, ConfirmResult, DonePurchasing, EndBattle, SetCommand, StatusPhase, new_game as new_toi
from rules.victory import EnterBattlePoints, new_game as new_victory
from tests.support.rules import assert_spans_agree

PROGRESS = (BeginBattle, StatusPhase, DonePurchasing, EndBattle, ConfirmResult)


def test_a_span_lists_its_commands_in_order_last_field_fastest():
    span = Span(EnterBattlePoints("A", 0, 0), cities=range(3), resources=range(2))
    expected = [EnterBattlePoints("A", c, r) for c in range(3) for r in range(2)]
    assert len(span) == 6 and list(span) == expected
    assert [span[i] for i in range(-6, 6)] == expected + expected
    with pytest.raises(IndexError):
        span[6]
    assert span.first == EnterBattlePoints("A", 0, 0)


def test_a_span_holds_exactly_its_commands_and_never_a_bool_for_a_number():
    span = Span(SetCommand("german", "supply", 0), value=range(0, 41))
    assert SetCommand("german", "supply", 40) in span
    assert SetCommand("german", "supply", 41) not in span
    assert SetCommand("german", "supply", -1) not in span
    assert SetCommand("german", "morale", 3) not in span
    assert SetCommand("german", "supply", True) not in span
    assert SetCommand("german", "supply", 2.0) not in span
    assert EnterBattlePoints("german", 3, 0) not in span


def test_legal_reads_as_the_list_of_its_commands():
    a, b = SetCommand("german", "supply", 0), SetCommand("soviet", "supply", 0)
    legal = Legal([a, Span(SetCommand("german", "morale", 2), value=range(2, 5)), Span(a, value=range(0)), b])
    expected = [a] + [SetCommand("german", "morale", v) for v in (2, 3, 4)] + [b]
    assert legal == expected and list(legal) == expected and len(legal) == 5
    assert legal[-1] == b and legal[1:3] == expected[1:3]
    assert legal.index(b) == 4 and legal.index(SetCommand("german", "morale", 3)) == 2
    assert legal.index(b, 1) == 4
    with pytest.raises(ValueError):
        legal.index(SetCommand("german", "morale", 5))
    assert all(cmd in legal for cmd in expected)
    assert SetCommand("german", "morale", 5) not in legal and [1] not in legal
    assert Legal() == [] and Legal([a]) != [b]
    assert [type(p).__name__ for p in legal.parts()] == ["SetCommand", "Span", "SetCommand"]


def test_tide_of_iron_spans_are_each_judged_whole():
    """Command on the cards, objective counts and a squad's division are spans."""
    game = new_toi(seed=1, start="red-october")
    rng = random.Random(1)
    kinds = set()
    for _ in range(1500):
        if game.outcome is not None:
            break
        legal = game.legal()
        if legal.spans:
            kinds |= {(type(s.template).__name__, game.state.phase) for s in legal.spans}
            assert_spans_agree(game)
        moving_on = [c for c in legal if isinstance(c, PROGRESS)]
        game.apply(rng.choice(moving_on if moving_on and rng.random() < 0.1 else legal))
    assert {("SetCommand", "result"), ("Score", "result"), ("SetCommand", "status"), ("Buy", "status")} <= kinds


def test_victory_battle_points_are_one_span_per_player_and_judged_whole():
    game = new_victory(seed=2, players=("A", "B"))
    rng = random.Random(2)
    seen = 0
    for _ in range(600):
        if game.outcome is not None:
            break
        legal = game.legal()
        if legal.spans:
            seen += 1
            assert len(legal.spans) <= 2
            assert_spans_agree(game)
        game.apply(rng.choice(legal))
    assert seen


def test_a_plain_legal_list_reads_and_compares_as_legal_does():
    """A game whose legal() lists no Span (Fall Blau) gets a PlainLegal, a tuple: the same
    reading as Legal (equal to the list of its commands, `in`, index with the same refusal),
    and no way to change it."""
    from rules.core.legal import PlainLegal
    from rules.fallblau import Consolidate, EndTurn, new_game as new_fallblau

    a, b = Consolidate("hoth"), EndTurn()
    legal = PlainLegal([a, b])
    assert legal == [a, b] and legal == (a, b) and legal == Legal([a, b]) and Legal([a, b]) == legal
    assert legal != [b, a] and not (legal != [a, b]) and legal != [a]
    assert Consolidate("hoth") in legal and Consolidate("paulus") not in legal and [1] not in legal
    assert legal.index(EndTurn()) == 1 and list(legal.parts()) == [a, b] and legal.spans == []
    with pytest.raises(ValueError, match="not a legal command now"):
        legal.index(Consolidate("paulus"))
    with pytest.raises(TypeError):
        legal[0] = b                                     # type: ignore[index]
    with pytest.raises(TypeError):
        hash(legal)
    game = new_fallblau(seed=1, generals=("hoth", "paulus", "ruoff"))
    assert type(game.legal()) is PlainLegal and game.legal() is game.legal()
    assert repr(legal) == f"Legal({[a, b]!r})"

"""A command is its declared types, or it is refused (DESIGN "The rules model": commands are
typed; issue 8 item 1). For every command class of every game and every field, hypothesis builds
a value of the wrong type (bool or float for an int, an int for a str, a list for a tuple, a
tuple holding a wrong element, ...) into a command that is otherwise well formed (a legal one
when the position has one), and checks the refusal: IllegalCommand naming the field and the
declared type, the same reason from explain(), and nothing changed: state digest, log, events,
legal commands, undo and the dice position."""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Union, get_args, get_origin

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import fallblau, toi, victory
from rules.core.command import command_problem
from rules.core.errors import IllegalCommand
from tests.support import campaigns

COMMANDS = {"fallblau": fallblau.COMMANDS, "toi": toi.COMMANDS, "victory": victory.COMMANDS}
ALL = [(g, cls) for g, classes in COMMANDS.items() for cls in classes]
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SMALL_INT = st.integers(-3, 60)
SMALL_STR = st.sampled_from(["", "hoth", "german", "Anna", "IN-1", "supply", "x"])


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def valid(tp: Any) -> st.SearchStrategy:
    if tp is int:
        return SMALL_INT
    if tp is str:
        return SMALL_STR
    if tp is bool:
        return st.booleans()
    if tp is type(None):
        return st.none()
    if _is_union(tp):
        return st.one_of(*[valid(a) for a in get_args(tp)])
    args = get_args(tp)
    if get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(valid(args[0]), max_size=3).map(tuple)
    if get_origin(tp) is tuple:
        return st.tuples(*[valid(a) for a in args])
    raise AssertionError(f"no strategy for {tp!r}: teach this test the new field type")


def wrong(tp: Any) -> st.SearchStrategy:
    """Values that are NOT of type ``tp`` (by construction, for the types commands use)."""
    if tp is int:
        return st.one_of(st.booleans(), st.integers(-3, 60).map(float),
                         st.floats(allow_nan=False), st.text(max_size=3), st.none(),
                         st.tuples(SMALL_INT), st.lists(SMALL_INT, max_size=2))
    if tp is str:
        return st.one_of(SMALL_INT, st.booleans(), st.none(), st.binary(max_size=3),
                         st.floats(allow_nan=False), st.tuples(SMALL_STR))
    if tp is bool:
        return st.one_of(st.integers(0, 1), st.floats(0, 1), st.none(), st.text(max_size=3))
    if _is_union(tp):
        others = [a for a in get_args(tp) if a is not type(None)]
        assert len(others) == 1, f"teach this test the union {tp!r}"
        return wrong(others[0]).filter(lambda v: v is not None)
    args = get_args(tp)
    if get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        element = args[0]
        one_bad = st.tuples(st.lists(valid(element), max_size=2), wrong(element), st.integers(0, 2)).map(
            lambda t: tuple(t[0][:t[2]]) + (t[1],) + tuple(t[0][t[2]:]))
        return st.one_of(one_bad, st.lists(valid(element), max_size=3), st.text(max_size=3), st.none(),
                         SMALL_INT)
    if get_origin(tp) is tuple:
        size = len(args)
        one_bad = st.integers(0, size - 1).flatmap(lambda i: st.tuples(
            *[wrong(a) if j == i else valid(a) for j, a in enumerate(args)]))
        return st.one_of(one_bad, st.tuples(*[valid(a) for a in args]).map(list),
                         st.tuples(*[valid(a) for a in args], valid(args[-1])),
                         st.tuples(*[valid(a) for a in args[:-1]]), st.none(), SMALL_INT)
    raise AssertionError(f"no strategy for {tp!r}: teach this test the new field type")


def hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def position(game_id: str, seed: int, steps: int):
    return campaigns.campaign(game_id, seed, steps=steps, undo=True)


def dice_position(game) -> dict:
    return game.dice.position()


def snapshot(game) -> tuple:
    return (game.digest(), len(game.log), len(game.events), game.legal(), game.can_undo,
            dice_position(game), game.outcome)


@st.composite
def malformed(draw):
    game_id, cls = draw(st.sampled_from(ALL), label="command class")
    game = position(game_id, draw(st.integers(0, 3), label="seed"), draw(st.sampled_from([0, 3, 12, 40]), label="steps"))
    fields = attrs.fields(cls)
    if not fields:            # no field to spoil: a command of another game's class instead
        return game, None, None
    declared = hints(cls)
    same = [c for c in game.legal() if type(c) is cls]
    if same:
        base = draw(st.sampled_from(same), label="legal base")
    else:
        base = cls(**{f.name: draw(valid(declared[f.name])) for f in fields})
    field = draw(st.sampled_from(fields), label="field").name
    value = draw(wrong(declared[field]), label="wrong value")
    return game, attrs.evolve(base, **{field: value}), field


@given(case=malformed())
@PROPS
def test_a_field_of_the_wrong_type_is_refused_and_nothing_changes(case):
    game, cmd, field = case
    if cmd is None:
        return
    before = snapshot(game)
    assert not game.is_legal(cmd)
    with pytest.raises(IllegalCommand) as info:
        game.apply(cmd)
    message = str(info.value)
    assert message.startswith(f"Malformed command {type(cmd).__name__}: {field}")
    assert "must be" in message
    assert game.explain(cmd) == message == game.explain_illegal(cmd)
    assert snapshot(game) == before


@pytest.mark.parametrize("game_id", campaigns.GAMES)
def test_a_command_of_another_game_or_not_a_command_is_refused(game_id):
    game = campaigns.campaign(game_id, 1, steps=5, undo=True)
    others = [cls for g, classes in COMMANDS.items() if g != game_id for cls in classes]
    for value in ("EndTurn", None, 3, True, ("Attack", 1), object()):
        before = snapshot(game)
        with pytest.raises(IllegalCommand, match="Not a command"):
            game.apply(value)
        assert snapshot(game) == before
    for cls in others:
        cmd = cls(**{f.name: (f.default if f.default is not attrs.NOTHING else
                              valid_example(hints(cls)[f.name])) for f in attrs.fields(cls)})
        before = snapshot(game)
        with pytest.raises(IllegalCommand, match="is not a command of this game"):
            game.apply(cmd)
        assert snapshot(game) == before


def valid_example(tp: Any) -> Any:
    return {int: 1, str: "x", bool: False}.get(tp, ())


# the examples of issue 8, each at a position where the well-typed command is legal
def _at(game_id, seed, wanted, limit=3000):
    game = campaigns.new(game_id, seed, undo=True)
    rng = random.Random(seed)
    for _ in range(limit):
        if any(isinstance(c, wanted) for c in game.legal()):
            return game
        if game.outcome is not None:
            break
        game.apply(campaigns.choose(game_id, rng, game.legal()))
    pytest.fail(f"no position with a legal {wanted.__name__} found")


@pytest.mark.parametrize("game_id,cls,field,value", [
    ("toi", toi.SetCommand, "value", True),
    ("toi", toi.Score, "count", True),
    ("toi", toi.Buy, "division", True),
    ("toi", toi.Buy, "pay", (True, 0, 0)),
    ("toi", toi.StatusPhase, "round", 2.0),
    ("victory", victory.AddUnit, "cv", 2.0),
    ("victory", victory.EnterBattlePoints, "cities", True),
    ("victory", victory.RollMaps, "table", True),
    ("victory", victory.RollMaps, "table", 1.0),
    ("victory", victory.RollLayout, "table", True),
    ("victory", victory.RollLayout, "table", 1.0),
    ("victory", victory.RollInitiative, "table", True),
    ("victory", victory.RollInitiative, "table", 1.0),
    ("victory", victory.RollBattleLength, "table", True),
    ("victory", victory.RollBattleLength, "table", 1.0),
    ("victory", victory.NextTurn, "table", True),
])
def test_the_examples_of_the_issue_are_refused_before_any_die(game_id, cls, field, value):
    """The well-typed twin of each command is legal there (True == 1 and 2.0 == 2 would pass a
    membership test); the spoiled one is refused and no die is rolled, nothing stored."""
    game = _at(game_id, 2 if cls is not toi.StatusPhase else 0, cls) if cls is not toi.StatusPhase \
        else _red_october_status()
    same = [c for c in game.legal() if isinstance(c, cls)]
    twins = [c for c in same if getattr(c, field) == value]
    good = (twins or same)[0]
    bad = attrs.evolve(good, **{field: value})
    if twins:
        assert bad == good          # why a plain membership test alone would let them in
    before = snapshot(game)
    with pytest.raises(IllegalCommand, match=f"{field}.* must be .*int, not"):
        game.apply(bad)
    assert snapshot(game) == before
    game.apply(good)                                # and the game goes on


def _red_october_status():
    game = toi.new_game(seed=0, start="red-october", players=("Anna", "James"))
    game.apply(toi.BeginBattle())
    assert any(isinstance(c, toi.StatusPhase) for c in game.legal())
    return game


def test_the_check_costs_microseconds():
    """Rules work has a 2 ms p99 budget per command: the type check must be negligible."""
    import time
    cmd = toi.Buy("german", "squad", (0, 0, 5), 1, "", ("regular", "regular", "elite", "mg-crew"))
    assert command_problem(cmd, toi.COMMANDS) is None
    start = time.perf_counter()
    for _ in range(2000):
        command_problem(cmd, toi.COMMANDS)
    per_check = (time.perf_counter() - start) / 2000
    assert per_check < 100e-6, f"{per_check * 1e6:.1f} us per check"

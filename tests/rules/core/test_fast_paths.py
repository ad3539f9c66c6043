"""The fast paths of rules/core give exactly what the plain ones give (issue 8 item 7, speed
without a change of behaviour): the compiled "well formed?" test of a command class agrees with
the field-by-field check on right and wrong values of every field of every command class, and
``maker(cls)`` makes the same frozen value as ``cls(...)`` and refuses classes it cannot serve."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.command import _FAST, _fast_check, command_problem, value_problem
from rules.core.events import Event
from rules.core.make import maker
from rules.fallblau.state import Task
from tests.rules.core.test_typed_commands import ALL, PROPS, hints, valid, wrong


@st.composite
def commands(draw):
    """A command of any class of any game, each field right or (sometimes) of a wrong type."""
    _, cls = draw(st.sampled_from(ALL), label="command class")
    declared = hints(cls)
    values = {}
    for f in attrs.fields(cls):
        bad = draw(st.booleans(), label=f"{f.name} wrong")
        values[f.name] = draw(wrong(declared[f.name]) if bad else valid(declared[f.name]), label=f.name)
    return cls, cls(**values)


@given(case=commands())
@PROPS
def test_the_compiled_check_agrees_with_the_field_by_field_check(case):
    cls, cmd = case
    slow = value_problem(cmd)
    fast = _fast_check(cls)
    if fast is not None:
        assert fast(cmd) is (slow is None), (cmd, slow)
    problem = command_problem(cmd)
    assert (problem is None) is (slow is None)
    if slow is not None:
        assert slow in problem            # the refusal still names the field and the type


def test_every_command_class_of_every_game_has_a_compiled_check():
    """The shapes commands use (str, int, bool, None, unions, tuples) all compile: none of them
    falls back to the slower field-by-field check when well formed."""
    for _, cls in ALL:
        assert _fast_check(cls) is not None, cls.__name__
        assert _FAST[cls] is not None


@given(text=st.text(max_size=5), rule=st.text(max_size=5), kind=st.sampled_from(["info", "roll"]),
       dice=st.lists(st.integers(1, 6), max_size=3).map(tuple), reveal=st.booleans())
@PROPS
def test_maker_makes_the_same_frozen_event(text, rule, kind, dice, reveal):
    make = maker(Event)
    made, plain = make(text, rule, kind, dice, ("m",), reveal), Event(text, rule, kind, dice, ("m",), reveal)
    assert type(made) is Event and made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert make(text) == Event(text) and make(text, kind=kind) == Event(text, kind=kind)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.text = "changed"                          # type: ignore[misc]
    assert maker(Task)("draw", slot=2) == Task("draw", slot=2)


def test_maker_into_appends_the_same_event_to_a_list():
    class Log:
        emit = maker(Event, into="out")

        def __init__(self):
            self.out = []

    log = Log()
    assert log.emit("Drawn.", "FB Step 3", "draw", reveal=True) is None
    log.emit("x", dice=(1, 6), modifiers=("-1 Fortress",))
    assert log.out == [Event("Drawn.", "FB Step 3", "draw", reveal=True), Event("x", dice=(1, 6), modifiers=("-1 Fortress",))]
    assert all(type(e) is Event for e in log.out)
    with pytest.raises(ValueError):
        maker(Event, into="out.append")


_MAKERS: dict = {}


@given(case=commands())
@PROPS
def test_maker_makes_the_same_command(case):
    """Every command class of every game (the save codec makes them with ``maker``): the value
    made is of the class itself (not of the draft it is made through), equal and frozen."""
    cls, cmd = case
    make = _MAKERS.get(cls) or _MAKERS.setdefault(cls, maker(cls))
    made = make(**{f.name: getattr(cmd, f.name) for f in attrs.fields(cls)})
    assert type(made) is cls and made == cmd and repr(made) == repr(cmd)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(made, "anything", 1)


def test_maker_refuses_classes_whose_init_does_more():
    @attrs.frozen
    class Checked:
        n: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Made:
        items: list = attrs.Factory(list)

    @attrs.define
    class Mutable:
        n: int

    for cls in (Checked, Made, Mutable):
        with pytest.raises(TypeError):
            maker(cls)

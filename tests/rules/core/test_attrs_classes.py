"""The rules' attrs decorators (rules/core/attrs_classes.py): attrs' classes with one shared
__repr__ that prints what attrs' own would."""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import define, fields_repr, frozen
from rules.roads import commands as c
from tests.bench.test_roads_tui_bench import mid_game


@attrs.frozen
class _AttrsOwn:
    n: int
    name: str = "x"
    hidden: int = attrs.field(default=0, repr=False)
    shown: tuple = attrs.field(default=(), repr=lambda v: f"<{len(v)}>")


@frozen
class _Shared:
    n: int
    name: str = "x"
    hidden: int = attrs.field(default=0, repr=False)
    shown: tuple = attrs.field(default=(), repr=lambda v: f"<{len(v)}>")


@define
class _Mutable:
    items: list = attrs.Factory(list)


@frozen
class _Own:
    n: int

    def __repr__(self) -> str:
        return "own"


def test_the_shared_repr_prints_what_attrs_would():
    own, shared = _AttrsOwn(3, "a", 9, (1, 2)), _Shared(3, "a", 9, (1, 2))
    assert repr(shared) == repr(own).replace("_AttrsOwn", "_Shared") == "_Shared(n=3, name='a', shown=<2>)"
    assert repr(_Mutable([_Shared(1)])) == "_Mutable(items=[_Shared(n=1, name='x', shown=<0>)])"


def test_the_classes_stay_attrs_values():
    assert _Shared(1) == _Shared(1) and hash(_Shared(1)) == hash(_Shared(1)) and _Shared(1) != _Shared(2)
    assert attrs.has(_Shared) and "__slots__" in vars(_Shared)
    assert _Shared.__repr__ is fields_repr


def test_a_class_writing_its_own_repr_keeps_it():
    assert repr(_Own(1)) == "own"


def test_a_class_made_in_a_function_is_named_as_attrs_names_it():
    def make():
        @frozen
        class Inner:
            n: int
        return Inner
    assert repr(make()(4)) == "Inner(n=4)"


def test_roads_commands_and_state_print_as_before():
    game = mid_game(40)
    assert repr(c.EndOperation(side="axis")) == "EndOperation(side='axis')"
    text = repr(game.state)
    assert text.startswith("RoadsState(units={") and ", cards_done=" in text

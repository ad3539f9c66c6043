"""A state field added after saves were written (``LATER``, rules/core/later.py): left out of the
state's JSON form and its digest while at its default, so an older state reads back and keeps its
digest; once set, it is written and counted like any field."""

from __future__ import annotations

import attrs
import pytest

from rules.core.codec import CodecError, declared_classes, state_from_json, state_to_json
from rules.core.game import state_digest
from rules.core.later import LATER, later_defaults


@attrs.define
class Old:
    name: str
    turn: str = ""


@attrs.define
class New:
    name: str
    turn: str = ""
    after: bool = attrs.field(default=False, metadata=LATER)


def test_a_later_field_at_its_default_is_left_out_of_the_json_form_and_the_digest():
    classes = declared_classes(New)
    assert state_to_json(New("a", "axis"), classes) == {"a": "New", "f": {"name": "a", "turn": "axis"}}
    assert state_digest(New("a", "axis")) == state_digest(Old("a", "axis"))


def test_a_state_written_before_the_field_reads_back_with_its_default():
    raw = {"a": "New", "f": {"name": "a", "turn": "axis"}}      # as the code before it wrote it
    assert state_from_json(raw, declared_classes(New)) == New("a", "axis", False)


def test_once_set_a_later_field_is_written_read_and_counted():
    classes = declared_classes(New)
    state = New("a", "axis", True)
    raw = state_to_json(state, classes)
    assert raw["f"]["after"] is True and state_from_json(raw, classes) == state
    assert state_digest(state) != state_digest(New("a", "axis"))


def test_only_a_later_field_may_be_missing():
    with pytest.raises(CodecError):
        state_from_json({"a": "New", "f": {"name": "a"}}, declared_classes(New))
    with pytest.raises(CodecError):
        state_from_json({"a": "New", "f": {"name": "a", "turn": "", "other": 1}}, declared_classes(New))


def test_a_later_field_needs_a_plain_default():
    @attrs.define
    class Bad:
        items: list = attrs.field(factory=list, metadata=LATER)
    with pytest.raises(TypeError):
        later_defaults(Bad)

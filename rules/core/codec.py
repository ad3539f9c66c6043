"""Exact JSON forms of what a save holds beyond its command log: commands (strict: a value is
read back only as its declared type, never coerced), game states (a checkpoint), and events.

A state is plain data (attrs classes, lists, tuples, dicts, sets, str, int, float, bool, None);
its JSON form keeps each container's kind, so decoding gives back an equal state of the very
same shape. Decoding builds only the attrs classes that the state class declares (its field
annotations, followed through), never a class named by the file alone.
"""

from __future__ import annotations

import math
import types
from typing import Any, Union, get_args, get_origin

import attrs

from .command import Command, command_problem, type_hints
from .events import Event
from .later import at_default, later_defaults
from .make import maker

_event = maker(Event)      # a save of a long campaign holds thousands of events


class CodecError(ValueError):
    """A value that has no JSON form here, or JSON that is not the form of a value."""


# ======================================================================================
# Commands: {"field": value, ..., "type": "ClassName"}; tuples as JSON lists
# ======================================================================================
def _plain(value: Any) -> Any:
    if type(value) is tuple:
        return [_plain(v) for v in value]
    return value


def command_to_json(cmd: Command) -> dict:
    out = {a.name: _plain(getattr(cmd, a.name)) for a in attrs.fields(type(cmd))}
    out["type"] = type(cmd).__name__
    return out


_DECLARED: dict[type, tuple[tuple[str, Any], ...]] = {}
_READERS: dict[tuple[type, ...], dict[str, tuple[type, frozenset[str], tuple[tuple[str, Any], ...]]]] = {}


def _declared(cls: type) -> tuple[tuple[str, Any], ...]:
    fields = _DECLARED.get(cls)
    if fields is None:
        hints = type_hints(cls)
        fields = tuple((a.name, hints.get(a.name, Any)) for a in attrs.fields(cls))
        _DECLARED[cls] = fields
    return fields


def _has_tuple(tp: Any) -> bool:
    return tp is tuple or get_origin(tp) is tuple or any(_has_tuple(a) for a in get_args(tp))


_LAST_READERS: list = [None]


def _readers(command_types: tuple[type[Command], ...]):
    """Per command name: the class, its JSON keys, and the fields that need lists made tuples."""
    last = _LAST_READERS[0]
    if last is not None and last[0] is command_types:     # the same game's tuple, command after command
        return last[1]
    readers = _READERS.get(command_types)
    if readers is None:
        readers = {}
        for cls in command_types:
            fields = _declared(cls)
            keys = frozenset([f for f, _ in fields] + ["type"])
            try:
                make = maker(cls)          # the same frozen value as cls(...), made faster
            except TypeError:
                make = cls
            readers[cls.__name__] = (make, keys, tuple((f, tp) for f, tp in fields if _has_tuple(tp)))
        _READERS[command_types] = readers
    _LAST_READERS[0] = (command_types, readers)
    return readers


def _from_plain(tp: Any, value: Any) -> Any:
    """JSON lists become tuples where the declared type is a tuple (recursively)."""
    if type(value) is not list:
        return value
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        tuples = [a for a in args if a is tuple or get_origin(a) is tuple]
        return _from_plain(tuples[0], value) if len(tuples) == 1 else value
    if tp is tuple or origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_plain(args[0], v) for v in value)
        if args and len(args) == len(value):
            return tuple(_from_plain(a, v) for a, v in zip(args, value))
        return tuple(value)
    return value


def command_from_json(command_types: tuple[type[Command], ...], raw: Any) -> Command:
    """The command ``raw`` is the JSON form of: exactly its fields, each of its declared type
    (``true`` is not 1, ``0.5`` is not 0); CodecError saying what is wrong otherwise."""
    if type(raw) is not dict:
        raise CodecError("a command is a JSON object")
    name = raw.get("type")
    reader = _readers(command_types).get(name) if type(name) is str else None
    if reader is None:
        raise CodecError(f"unknown command type {name!r}")
    make, keys, tuples = reader
    if raw.keys() != keys:
        raise CodecError(f"{name} needs exactly the fields {', '.join(sorted(keys - {'type'})) or '(none)'}")
    values = dict(raw)
    del values["type"]
    for field, tp in tuples:
        values[field] = _from_plain(tp, values[field])
    try:
        cmd = make(**values)
    except TypeError as exc:
        raise CodecError(str(exc)) from None
    problem = command_problem(cmd, command_types)
    if problem is not None:
        raise CodecError(problem)
    return cmd


# ======================================================================================
# Events: [text, rule, kind, [dice], [modifiers], reveal]
# ======================================================================================
def event_to_json(e: Event) -> list:
    return [e.text, e.rule, e.kind, list(e.dice), list(e.modifiers), e.reveal]


def event_from_json(raw: Any) -> Event:
    if type(raw) is list and len(raw) == 6:
        text, rule, kind, dice, modifiers, reveal = raw
        if (type(text) is str and type(rule) is str and type(kind) is str and type(reveal) is bool
                and type(dice) is list and type(modifiers) is list
                and (not dice or all(type(d) is int for d in dice))
                and (not modifiers or all(type(m) is str for m in modifiers))):
            return _event(text, rule, kind, tuple(dice) if dice else (), tuple(modifiers) if modifiers else (),
                          reveal)
    raise CodecError("an event is [text, rule, kind, [dice], [modifiers], reveal]")


# ======================================================================================
# States: lists as lists; {"t": [...]} tuple, {"d": {...}} dict with str keys,
# {"m": [[k, v], ...]} other dict, {"s": [...]} set, {"z": [...]} frozenset,
# {"a": "ClassName", "f": {field: value}} an attrs value of a declared class
# ======================================================================================
_CLASSES: dict[type, dict[str, type]] = {}


def declared_classes(root: type) -> dict[str, type]:
    """The attrs classes a state of class ``root`` may hold, by name: ``root`` and every attrs
    class its field annotations name, followed through (cached per root)."""
    found = _CLASSES.get(root)
    if found is not None:
        return found
    found = {}
    todo: list[Any] = [root]
    while todo:
        tp = todo.pop()
        if isinstance(tp, type) and attrs.has(tp):
            if found.get(tp.__name__) is tp:
                continue
            if tp.__name__ in found:
                raise CodecError(f"two state classes are called {tp.__name__}")
            found[tp.__name__] = tp
            todo.extend(type_hints(tp).values())
        else:
            todo.extend(a for a in get_args(tp) if a is not Ellipsis)
    _CLASSES[root] = found
    return found


def state_to_json(value: Any, classes: dict[str, type]) -> Any:
    t = type(value)
    if t is str or t is int or t is bool or value is None:
        return value
    if t is float:
        if not math.isfinite(value):
            raise CodecError("a state holds a number that is not finite")
        return value
    if t is list:
        return [state_to_json(v, classes) for v in value]
    if t is tuple:
        return {"t": [state_to_json(v, classes) for v in value]}
    if t is dict:
        if all(type(k) is str for k in value):
            return {"d": {k: state_to_json(v, classes) for k, v in value.items()}}
        return {"m": [[state_to_json(k, classes), state_to_json(v, classes)] for k, v in value.items()]}
    if t is set or t is frozenset:
        items = [state_to_json(v, classes) for v in value]
        try:
            items.sort()
        except TypeError:
            pass
        return {"s" if t is set else "z": items}
    if classes.get(t.__name__) is t:
        later = later_defaults(t)           # a field added later is left out at its default
        return {"a": t.__name__, "f": {a.name: state_to_json(getattr(value, a.name), classes)
                                       for a in attrs.fields(t) if not at_default(value, later, a.name)}}
    raise CodecError(f"a state holds a {t.__name__}, which its class does not declare")


def state_from_json(raw: Any, classes: dict[str, type]) -> Any:
    t = type(raw)
    if t is list:
        return [state_from_json(v, classes) for v in raw]
    if t is not dict:
        if t is float and not math.isfinite(raw):
            raise CodecError("a number that is not finite")
        return raw
    if len(raw) == 1:
        (tag, body), = raw.items()
        if tag == "t" and type(body) is list:
            return tuple(state_from_json(v, classes) for v in body)
        if tag == "d" and type(body) is dict:
            return {k: state_from_json(v, classes) for k, v in body.items()}
        if tag == "m" and type(body) is list and all(type(p) is list and len(p) == 2 for p in body):
            return {_key(state_from_json(k, classes)): state_from_json(v, classes) for k, v in body}
        if tag in ("s", "z") and type(body) is list:
            items = [_key(state_from_json(v, classes)) for v in body]
            return set(items) if tag == "s" else frozenset(items)
    elif len(raw) == 2 and type(raw.get("a")) is str and type(raw.get("f")) is dict:
        cls = classes.get(raw["a"])
        if cls is None:
            raise CodecError(f"the state names a class it does not declare: {raw['a']!r}")
        body = raw["f"]
        names, plain, fields = _shape(cls)
        if body.keys() != names and not (body.keys() < names
                                         and names - body.keys() <= later_defaults(cls).keys()):
            raise CodecError(f"{cls.__name__} needs exactly its fields")   # (a LATER one may be left out)
        if plain:                  # every field set by __init__ under its own name
            return cls(**{name: state_from_json(value, classes) for name, value in body.items()})
        values = {a.name: state_from_json(body[a.name], classes) for a in fields if a.name in body}
        out = cls(**{a.alias: values[a.name] for a in fields if a.init and a.name in values})
        for a in fields:
            if not a.init and a.name in values:
                object.__setattr__(out, a.name, values[a.name])
        return out
    raise CodecError("a JSON object that is not the form of a state value")


_SHAPES: dict[type, tuple[frozenset[str], bool, tuple]] = {}


def _shape(cls: type) -> tuple[frozenset[str], bool, tuple]:
    """An attrs state class's field names, whether __init__ takes them all under their own names,
    and its fields (cached per class)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        fields = attrs.fields(cls)
        shape = _SHAPES[cls] = (frozenset(a.name for a in fields),
                                all(a.init and a.alias == a.name for a in fields), fields)
    return shape


def _key(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise CodecError("a set member or dict key that is not hashable") from None
    return value


__all__ = ["CodecError", "command_from_json", "command_to_json", "declared_classes",
           "event_from_json", "event_to_json", "state_from_json", "state_to_json"]

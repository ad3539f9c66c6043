"""Loading content: TOML under ``content/<game>/``, checked field by field into attrs classes.

Every failure is a ``ContentError`` naming the file, the entry and the field. The check is our
own (``structure``): each field must be its declared type exactly (``true`` is no number, ``5``
no text), an unknown key or a missing field is refused, and every problem of an entry is
reported at once. It replaced cattrs, whose import and generated code cost the start-up of a
saved game about a tenth of a bare Textual app's whole start.
"""

from __future__ import annotations

import functools
import gc
import tomllib
import types
import typing
from pathlib import Path
from typing import Any, Callable, Literal, TypeVar, Union

import attrs

from .errors import ContentError

T = TypeVar("T")
_CONTENT = Path(__file__).resolve().parents[2] / "content"


def content_dir(game: str) -> Path:
    """The folder of a game's content."""
    return _CONTENT / game


def read_toml(game: str, filename: str) -> dict[str, Any]:
    path = content_dir(game) / filename
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"content/{game}/{filename}: the file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"content/{game}/{filename}: not valid TOML: {exc}") from None


# ==========================================================================================
# The check: a plan per class (its fields' types, resolved once), then each value against it
# ==========================================================================================
class _Problems(list):
    def add(self, path: str, text: str) -> None:
        self.append(f"field '{path or '(entry)'}': {text}")


def _at(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: Any) -> str:
    return {dict: "a table", list: "an array", bool: "a boolean", int: "an integer", float: "a float",
            str: "a string"}.get(type(value), type(value).__name__)


_NAMES = {int: "int", str: "str", bool: "bool", float: "float"}


@functools.cache
def _plan(cls: type) -> tuple[tuple[str, str, Any, bool], ...]:
    """(key in the table, argument of ``cls``, declared type, required) per field ``cls`` takes."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, f.alias, hints[f.name], f.default is attrs.NOTHING)
                 for f in attrs.fields(cls) if f.init)


def _value(raw: Any, kind: Any, path: str, problems: _Problems) -> Any:
    """``raw`` as a value of the declared type ``kind``; problems are added, not raised (the
    returned value is then of no use)."""
    if kind in _NAMES:
        if type(raw) is kind or (kind is float and type(raw) is int):
            return kind(raw)
        problems.add(path, f"invalid value for type, expected {_NAMES[kind]} (got {_kind(raw)} {_shown(raw)})")
        return None
    if kind is Any:
        return raw
    if attrs.has(kind):
        return _table(raw, kind, path, problems)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is Literal:
        if any(raw == a and type(raw) is type(a) for a in args):
            return raw
        problems.add(path, f"{_shown(raw)} is not one of {', '.join(repr(a) for a in args)}")
        return None
    if origin is Union or origin is types.UnionType:
        if raw is None and type(None) in args:
            return None
        others = [a for a in args if a is not type(None)]
        if len(others) == 1:
            return _value(raw, others[0], path, problems)
        raise TypeError(f"content types: unions of several types are not supported ({kind})")
    if origin in (tuple, list, frozenset, set):
        if type(raw) is not list:
            problems.add(path, f"invalid value for type, expected an array (got {_kind(raw)} {_shown(raw)})")
            return None
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(raw) != len(args):
                problems.add(path, f"expected an array of {len(args)} values, got {len(raw)}")
                return None
            return tuple(_value(v, a, f"{path}[{i}]", problems) for i, (v, a) in enumerate(zip(raw, args)))
        items = [_value(v, args[0], f"{path}[{i}]", problems) for i, v in enumerate(raw)]
        return origin(items) if origin is not list else items
    if origin is dict:
        if type(raw) is not dict:
            problems.add(path, f"invalid value for type, expected a table (got {_kind(raw)} {_shown(raw)})")
            return None
        key_kind, value_kind = args
        out = {}
        for key, value in raw.items():
            where = f"{path}[{key!r}]"
            if key_kind is int:
                if type(key) is str and key.strip().lstrip("-").isdigit():
                    key = int(key)
                elif type(key) is not int:
                    problems.add(where, "invalid value for type, expected int (a whole number as the key)")
                    continue
            elif key_kind is not str and key_kind is not Any:
                raise TypeError(f"content types: tables keyed by {key_kind} are not supported")
            out[key] = _value(value, value_kind, where, problems)
        return out
    raise TypeError(f"content types: {kind} is not supported")


def _table(raw: Any, cls: type, path: str, problems: _Problems) -> Any:
    if type(raw) is not dict:
        problems.add(path, f"invalid value for type, expected a table (got {_kind(raw)} {_shown(raw)})")
        return None
    plan = _plan(cls)
    known = {key for key, _, _, _ in plan}
    extra = [key for key in raw if key not in known]
    if extra:
        problems.add(path, f"extra fields found ({', '.join(extra)})")
    before = len(problems)
    kwargs = {}
    for key, argument, kind, required in plan:
        if key in raw:
            kwargs[argument] = _value(raw[key], kind, _at(path, key), problems)
        elif required:
            problems.add(_at(path, key), "required field missing")
    if len(problems) > before or extra:
        return None
    return cls(**kwargs)


def structure(raw: Any, cls: type[T], where: str) -> T:
    """Check one entry into ``cls``; ``where`` names file and entry, e.g. "content/fallblau/events.toml: event 'dora'"."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected a table, got {type(raw).__name__}")
    problems = _Problems()
    try:
        value = _table(raw, cls, "", problems)
    except (TypeError, ValueError) as exc:
        raise ContentError(f"{where}: {exc}") from None
    if problems:
        raise ContentError(f"{where}: " + "; ".join(problems))
    return value


def entries(data: dict[str, Any], key: str, cls: type[T], file: str) -> list[T]:
    """Structure every ``[[key]]`` entry of a TOML document into ``cls``."""
    raw_list = data.get(key)
    if not isinstance(raw_list, list) or not raw_list:
        raise ContentError(f"{file}: no [[{key}]] entries")
    out = []
    for number, raw in enumerate(raw_list, start=1):
        name = raw.get("id", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        out.append(structure(raw, cls, f"{file}: {key} '{name}' (entry {number})"))
    return out


def require(ok: bool, where: str, field: str, message: str) -> None:
    """Raise a ContentError naming file/entry (``where``) and field unless ``ok``."""
    if not ok:
        raise ContentError(f"{where}: field '{field}': {message}")


def loaded_once(load: Callable[[], T]) -> Callable[[], T]:
    """A game's content loader, cached (``cache_clear`` as with ``functools.cache``). After the
    first load it also moves every object alive (modules, the content) out of the garbage
    collector's walks (``gc.freeze``): a full collection then walks only what games made since,
    so its pause on a random command stays short. Frozen objects are still freed when unused.
    While the collector is paused (the terminal app's start-up: it freezes and resumes it once
    its first frame is shown), the full collection is left out: it alone cost a quarter of the
    bare Textual app's whole start-up."""
    cached = functools.cache(load)

    @functools.wraps(load)
    def wrapper() -> T:
        first = cached.cache_info().currsize == 0
        content = cached()
        if first:
            if gc.isenabled():
                gc.collect()
            gc.freeze()
        return content

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return wrapper

"""Loading content: TOML under ``content/<game>/``, structured with cattrs into attrs classes.

Every failure is a ``ContentError`` naming the file, the entry and the field.
"""

from __future__ import annotations

import functools
import gc
from pathlib import Path
from typing import Any, Callable, TypeVar

from .errors import ContentError

T = TypeVar("T")



@functools.cache
def _converter():
    """cattrs, imported when content is first structured (a game whose validated content is
    kept between runs never needs it, nor tomllib); strict: each value exactly its declared type."""
    import cattrs
    converter = cattrs.Converter(forbid_extra_keys=True)
    _make_strict(converter)
    return cattrs, converter


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    return {str: "text", int: "a number", float: "a number", list: "an array",
            dict: "a table"}.get(type(value), type(value).__name__)


def _say(exc: BaseException, type_: Any) -> str:
    """Our own checks' words as they are; cattrs' for the rest."""
    if isinstance(exc, TypeError) and str(exc).startswith("expected "):
        return str(exc)
    from cattrs.v import format_exception
    return format_exception(exc, type_)


def _make_strict(converter) -> None:
    """cattrs by itself takes true for 1, 5 for "5" and "abc" for ("a", "b", "c"): a bool is no
    number, a number no text, and text no array here (DESIGN "Content")."""
    from cattrs.cols import (homogenous_tuple_structure_factory, is_sequence, list_structure_factory,
                             mapping_structure_factory)

    def exact(kind: type, accepted: tuple[type, ...]):
        def hook(value: Any, _type: Any):
            if isinstance(value, bool) != (kind is bool) or not isinstance(value, accepted):
                raise TypeError(f"expected {kind.__name__}, got {_kind(value)}")
            return kind(value)
        return hook

    converter.register_structure_hook(int, exact(int, (int,)))
    converter.register_structure_hook(float, exact(float, (int, float)))
    converter.register_structure_hook(str, exact(str, (str,)))
    converter.register_structure_hook(bool, exact(bool, (bool,)))

    def array(type_: Any, conv) -> Callable[[Any, Any], Any]:
        origin = getattr(type_, "__origin__", type_)
        make = homogenous_tuple_structure_factory if origin is tuple else list_structure_factory
        inner = make(type_, conv)

        def hook(value: Any, _type: Any):
            if not isinstance(value, list):
                raise TypeError(f"expected an array, got {_kind(value)}")
            return inner(value, _type)
        return hook

    def homogeneous(type_: Any) -> bool:
        args = getattr(type_, "__args__", ())
        origin = getattr(type_, "__origin__", None)
        return is_sequence(type_) and (origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis))

    converter.register_structure_hook_factory(homogeneous, array)

    def number_keyed(type_: Any) -> bool:
        args = getattr(type_, "__args__", ())
        return getattr(type_, "__origin__", None) is dict and len(args) == 2 and args[0] is int

    def table(type_: Any, conv) -> Callable[[Any, Any], Any]:
        inner = mapping_structure_factory(type_, conv)

        def hook(value: Any, _type: Any):          # TOML keys are text: "6" is the number 6
            if not isinstance(value, dict):
                raise TypeError(f"expected a table, got {_kind(value)}")
            keys = {k: int(k) if isinstance(k, str) and k.lstrip("-").isdigit() else k for k in value}
            return inner({keys[k]: v for k, v in value.items()}, _type)
        return hook

    converter.register_structure_hook_factory(number_keyed, table)


def content_dir(game: str):
    """The folder of a game's content: a Path when the ``content`` package is a folder on disk
    (as it is run from the repo or installed; importlib.resources, which also reads a zipped
    install, costs a start-up a few more modules), else an importlib Traversable."""
    import content
    where = getattr(content, "__file__", None)
    if where is not None and Path(where).parent.is_dir():
        return Path(where).parent / game
    from importlib import resources
    return resources.files("content") / game


def read_toml(game: str, filename: str) -> dict[str, Any]:
    path = content_dir(game) / filename
    import tomllib
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"content/{game}/{filename}: the file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"content/{game}/{filename}: not valid TOML: {exc}") from None


def _field_of(path: str) -> str:
    field = path.removeprefix("$").lstrip(".")
    return field or "(entry)"


def structure(raw: Any, cls: type[T], where: str) -> T:
    """Structure one entry; ``where`` names file and entry, e.g. "content/fallblau/events.toml: event 'dora'"."""
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: expected a table, got {type(raw).__name__}")
    cattrs, converter = _converter()
    try:
        return converter.structure(raw, cls)
    except cattrs.ClassValidationError as exc:
        problems = []
        for message in cattrs.transform_error(exc, format_exception=_say):
            text, _, path = message.rpartition(" @ ")
            problems.append(f"field '{_field_of(path)}': {text}")
        raise ContentError(f"{where}: " + "; ".join(problems)) from None
    except (TypeError, ValueError) as exc:
        raise ContentError(f"{where}: {exc}") from None


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

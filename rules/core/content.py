"""Loading content: TOML under ``content/<game>/``, structured with cattrs into attrs classes.

Every failure is a ``ContentError`` naming the file, the entry and the field.
"""

from __future__ import annotations

import functools
import gc
from importlib import resources
from typing import Any, Callable, TypeVar

from .errors import ContentError

T = TypeVar("T")



@functools.cache
def _converter():
    """cattrs, imported when content is first structured (a game whose validated content is
    kept between runs never needs it, nor tomllib)."""
    import cattrs
    return cattrs, cattrs.Converter(forbid_extra_keys=True)


def content_dir(game: str):
    """The folder of a game's content, as an importlib Traversable."""
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
        for message in cattrs.transform_error(exc):
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

"""State fields added after saves were written.

A field marked ``attrs.field(default=..., metadata=LATER)`` holds, at its default, what every
state had before the field existed. A state's JSON form and its digest leave such a field out
while it holds its default, so a save written before the field was added still loads and
verifies, and a state that never uses the field writes the same text and digest as before.
Only plain defaults (no factories) are allowed, so "at its default" is an ``==``.
"""

from __future__ import annotations

from typing import Any

import attrs

LATER = {"later": True}

_DEFAULTS: dict[type, dict[str, Any]] = {}


def later_defaults(cls: type) -> dict[str, Any]:
    """The LATER fields of an attrs class, name -> default (cached per class)."""
    found = _DEFAULTS.get(cls)
    if found is None:
        found = _DEFAULTS[cls] = {}
        for a in attrs.fields(cls):
            if a.metadata.get("later"):
                if a.default is attrs.NOTHING or isinstance(a.default, attrs.Factory):
                    raise TypeError(f"{cls.__name__}.{a.name}: a LATER field needs a plain default")
                found[a.name] = a.default
    return found


def at_default(value: Any, later: dict[str, Any], name: str) -> bool:
    """Whether the LATER field ``name`` of ``value`` holds its default (then it is left out)."""
    return name in later and getattr(value, name) == later[name]

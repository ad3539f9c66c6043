"""Fast constructors for frozen, slotted attrs values made at every command (events, tasks).

attrs gives a frozen slotted class an ``__init__`` that sets each field through a bound
``object.__setattr__`` (a frozen class refuses plain assignment): about 2 µs for a six-field
``Event``, and Fall Blau makes some 230 events in a game. ``maker(cls)`` compiles, once per
class, a function with the same parameters and defaults that makes the object with
``object.__new__`` and sets each slot through its member descriptor: the very same value (same
class, equal, same hash, still frozen) in about half the time. Only for classes whose fields
have plain defaults and no validators, converters or ``__attrs_post_init__``: ``maker`` refuses
any other class, so it can never skip a check the class declares.
"""

from __future__ import annotations

import types
from typing import Any, Callable

import attrs


def maker(cls: type) -> Callable[..., Any]:
    """``make(*args, **kwargs)`` giving what ``cls(*args, **kwargs)`` gives, faster."""
    if not (attrs.has(cls) and "__slots__" in cls.__dict__ and cls.__setattr__ is not object.__setattr__):
        raise TypeError(f"{cls.__name__} is not a frozen slotted attrs class")
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        raise TypeError(f"{cls.__name__} runs code at init: use the class itself")
    names: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    params, sets = [], []
    for k, a in enumerate(attrs.fields(cls)):
        if (a.validator is not None or a.converter is not None or not a.init or a.kw_only
                or a.alias != a.name):
            raise TypeError(f"{cls.__name__}.{a.name} has a validator, converter or alias: use the class itself")
        if isinstance(a.default, attrs.Factory):      # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{a.name} has a factory default: use the class itself")
        slot = next((klass.__dict__[a.name] for klass in cls.__mro__ if a.name in klass.__dict__), None)
        if type(slot) is not types.MemberDescriptorType:
            raise TypeError(f"{cls.__name__}.{a.name} is not a slot: use the class itself")
        names[f"_set{k}"] = slot.__set__                    # the slot's member descriptor
        if a.default is attrs.NOTHING:
            params.append(a.name)
        else:
            names[f"_default{k}"] = a.default
            params.append(f"{a.name}=_default{k}")
        sets.append(f"    _set{k}(self, {a.name})\n")
    source = (f"def make({', '.join(params)}):\n    self = _new(_cls)\n" + "".join(sets)
              + "    return self\n")
    exec(compile(source, f"<maker of {cls.__name__}>", "exec"), names)  # noqa: S102 (built from fields)
    make = names["make"]
    make.__doc__ = f"A {cls.__name__}, as {cls.__name__}(...) makes it (rules.core.make)."
    return make

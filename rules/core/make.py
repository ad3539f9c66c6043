"""Fast constructors for frozen, slotted attrs values made at every command (events, tasks).

attrs gives a frozen slotted class an ``__init__`` that sets each field through a bound
``object.__setattr__`` (a frozen class refuses plain assignment): a C call per field, each
packing its arguments in a tuple, about 2 µs for a six-field ``Event``, and Fall Blau makes some
230 events in a game. ``maker(cls)`` compiles, once per class, a function with the same
parameters and defaults that makes the very same value (same class, equal, same hash, still
frozen) in about a third of the instructions: it makes an object of a *draft* of the class (a
subclass that adds no slot and lets its fields be assigned), assigns each field with a plain
attribute store (one bytecode, specialized by the interpreter to a write into the slot), then
gives the object its class (``__class__`` assignment, which Python allows between classes of
the same layout, and checks). Only for classes whose fields have plain defaults and no
validators, converters or ``__attrs_post_init__``: ``maker`` refuses any other class, so it can
never skip a check the class declares.
"""

from __future__ import annotations

import types
from typing import Any, Callable

import attrs

_new = object.__new__


def _draft_of(cls: type) -> type:
    """A subclass of ``cls`` with ``cls``'s layout (no slot, no __dict__ added) whose fields may be
    assigned: object.__setattr__ and __delattr__ themselves, so the interpreter treats its
    attribute stores as a plain object's (a frozen class overrides both to refuse them)."""
    return type(f"{cls.__name__}Draft", (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
        "__module__": cls.__module__, "__qualname__": f"{cls.__qualname__}Draft",
        "__doc__": f"A {cls.__name__} being made (rules.core.make): never seen outside maker's function.",
    })


def maker(cls: type, into: str = "") -> Callable[..., Any]:
    """``make(*args, **kwargs)`` giving what ``cls(*args, **kwargs)`` gives, faster.

    With ``into`` (an attribute name), a method instead: ``emit(self, *args, **kwargs)`` appends
    that value to the list ``self.<into>`` and returns None, in one call (a game's ``_emit``:
    one Python call less per event than a method calling the maker)."""
    if into and not into.isidentifier():
        raise ValueError(f"not an attribute name: {into!r}")
    if not (attrs.has(cls) and "__slots__" in cls.__dict__ and cls.__setattr__ is not object.__setattr__):
        raise TypeError(f"{cls.__name__} is not a frozen slotted attrs class")
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        raise TypeError(f"{cls.__name__} runs code at init: use the class itself")
    draft = _draft_of(cls)
    names: dict[str, Any] = {"_new": object.__new__, "_draft": draft, "_cls": cls}
    params, sets = [], []
    for k, a in enumerate(attrs.fields(cls)):
        if (a.validator is not None or a.converter is not None or not a.init or a.kw_only
                or a.alias != a.name):
            # (a field named with a leading "_" has an alias without it: refused here, so no field
            # can take a name the compiled function uses for itself: _obj, _new, _draft, _cls, _self)
            raise TypeError(f"{cls.__name__}.{a.name} has a validator, converter or alias: use the class itself")
        if isinstance(a.default, attrs.Factory):      # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{a.name} has a factory default: use the class itself")
        slot = next((klass.__dict__[a.name] for klass in cls.__mro__ if a.name in klass.__dict__), None)
        if type(slot) is not types.MemberDescriptorType:
            raise TypeError(f"{cls.__name__}.{a.name} is not a slot: use the class itself")
        if a.default is attrs.NOTHING:
            params.append(a.name)
        else:
            names[f"_default{k}"] = a.default
            params.append(f"{a.name}=_default{k}")
        sets.append(f"    _obj.{a.name} = {a.name}\n")
    try:                                               # the layouts agree (Python checks it at each make)
        _new(draft).__class__ = cls
    except TypeError as e:
        raise TypeError(f"{cls.__name__} cannot be made through a draft ({e}): use the class itself") from None
    head = ", ".join(["_self", *params] if into else params)
    tail = f"    _self.{into}.append(_obj)\n" if into else "    return _obj\n"
    source = (f"def make({head}):\n    _obj = _new(_draft)\n" + "".join(sets)
              + "    _obj.__class__ = _cls\n" + tail)
    exec(compile(source, f"<maker of {cls.__name__}>", "exec"), names)  # noqa: S102 (built from fields)
    make = names["make"]
    make.__doc__ = (f"Append to self.{into} a {cls.__name__}, as {cls.__name__}(...) makes it (rules.core.make)."
                    if into else f"A {cls.__name__}, as {cls.__name__}(...) makes it (rules.core.make).")
    return make


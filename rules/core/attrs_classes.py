"""The attrs decorators of the rules' value classes: ``attrs.frozen`` and ``attrs.define``, each
class given one shared, hand-written ``__repr__``.

attrs compiles a ``__repr__`` for every class it builds (with a guard against cycles): about a
third of the cost of building a class, paid again at every start for each of the ~50 classes a
Roads save imports (issue 22: a save onto its screen within 1.5x a bare Textual app). The
shared one prints the same text, ``Name(field=value, ...)``, read from ``attrs.fields`` when a
value is printed (only in messages and tests); it keeps no cycle guard, as these values hold
no cycles.
"""

from __future__ import annotations

import attrs


def fields_repr(self) -> str:
    shown = []
    for a in attrs.fields(type(self)):
        if a.repr:
            value = getattr(self, a.name)
            shown.append(f"{a.name}={a.repr(value) if callable(a.repr) else repr(value)}")
    return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({', '.join(shown)})"


def frozen(cls):
    """``attrs.frozen`` with the shared ``__repr__`` (a class writing its own keeps it)."""
    if "__repr__" not in cls.__dict__:
        cls.__repr__ = fields_repr
    return attrs.frozen(cls)


def define(cls):
    """``attrs.define`` with the shared ``__repr__`` (a class writing its own keeps it)."""
    if "__repr__" not in cls.__dict__:
        cls.__repr__ = fields_repr
    return attrs.define(cls)

"""Commands and decisions.

A ``Command`` is a complete decision by the side to act, as a frozen attrs value.
A ``Decision`` is a choice that arises mid-resolution; while one is pending,
``legal()`` lists its answers, which are commands too.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Command:
    """Base class of every command. Subclasses are frozen attrs classes."""

    def describe(self) -> str:
        """A short English label; games override this per command."""
        fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)))
        return f"{type(self).__name__}({fields})"


@attrs.frozen
class Decision:
    """A pending mid-resolution choice.

    ``kind`` names the choice (the game's legal() turns it into answers), ``prompt``
    is what the player is asked, ``rule`` cites the rulebook passage that asks it.
    ``data`` holds what the answer needs (card ids, slots) as plain values.
    """

    kind: str
    prompt: str
    rule: str
    data: tuple = ()

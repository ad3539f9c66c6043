"""The legal commands of the moment, listed compactly.

A game whose commands carry numbers (command on a card 0-40, Battle Points 0-40 by 0-12) would
list hundreds of commands that differ only in those numbers. A ``Span`` stands for all of them
at once: a template command and, for each numeric field, the range of values that are legal.
The game derives the ranges from the same bounds its refusal check uses, so a span is judged by
one check, not one per value. ``Legal`` is the sequence ``legal()`` returns: plain commands and
spans, expanded only as far as a reader looks (``len``, indexing, iteration and ``in`` never
build the whole list). It compares equal to a list of the same commands in the same order.
A game that never lists a Span (Fall Blau) gets a ``PlainLegal`` instead: a tuple of its
commands that reads and compares the same way, with its length and indexing in C.
"""

from __future__ import annotations

import bisect
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from .command import Command


class Span:
    """``template`` with each of its int fields in ``ranges`` set to every value of its range
    (the last field varies fastest): ``Span(EnterBattlePoints("A", 0, 0), cities=range(41),
    resources=range(13))`` is the 533 commands from (0, 0) to (40, 12)."""

    __slots__ = ("template", "ranges", "_size", "_first")

    def __init__(self, template: Command, **ranges: range) -> None:
        self.template = template
        self.ranges = tuple(ranges.items())
        size = 1
        for _, values in self.ranges:
            size *= len(values)
        self._size = size
        self._first: Command | None = None

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: int) -> Command:
        if not -self._size <= index < self._size:
            raise IndexError("Span index out of range")
        index %= self._size
        changes: dict[str, int] = {}
        for name, values in reversed(self.ranges):
            index, at = divmod(index, len(values))
            changes[name] = values[at]
        return attrs.evolve(self.template, **changes)

    def __iter__(self) -> Iterator[Command]:
        return (self[i] for i in range(self._size))

    def __contains__(self, cmd: Any) -> bool:
        if type(cmd) is not type(self.template) or not self._size:
            return False
        changes = {}
        for name, values in self.ranges:
            value = getattr(cmd, name)
            if type(value) is not int or value not in values:     # a bool is never a number here
                return False
            changes[name] = value
        return cmd == attrs.evolve(self.template, **changes)

    @property
    def first(self) -> Command:
        """The first command (the template itself when it holds the first values already)."""
        if self._first is None:
            t = self.template
            starts = all(getattr(t, name) == values[0] and type(getattr(t, name)) is int
                         for name, values in self.ranges)
            self._first = t if starts else self[0]
        return self._first

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={values!r}" for name, values in self.ranges)
        return f"Span({self.template!r}, {fields})"


class Legal(Sequence):
    """An immutable sequence of commands made of plain commands and spans, in order."""

    __slots__ = ("_chunks", "_starts", "_size", "_plain")

    def __init__(self, parts: Sequence[Command | Span] = ()) -> None:
        chunks: list[list[Command] | Span] = []
        if Span not in map(type, parts):          # plain commands only: one chunk
            plain = list(parts)
            self._chunks = [plain] if plain else []
            self._starts = [0] if plain else []
            self._size = len(plain)
            self._plain = plain                   # indexing and `in` go straight to the list
            return
        self._plain = None
        for part in parts:
            if isinstance(part, Span):
                if len(part):
                    chunks.append(part)
            elif chunks and isinstance(chunks[-1], list):
                chunks[-1].append(part)
            else:
                chunks.append([part])
        starts, size = [], 0
        for chunk in chunks:
            starts.append(size)
            size += len(chunk)
        self._chunks = chunks
        self._starts = starts
        self._size = size

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index):  # type: ignore[override]
        plain = self._plain
        if plain is not None and type(index) is int:
            if -self._size <= index < self._size:
                return plain[index]
            raise IndexError("legal command index out of range")
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if not -self._size <= index < self._size:
            raise IndexError("legal command index out of range")
        index %= self._size
        if len(self._chunks) == 1:
            return self._chunks[0][index]
        k = bisect.bisect_right(self._starts, index) - 1
        return self._chunks[k][index - self._starts[k]]

    def __iter__(self) -> Iterator[Command]:
        for chunk in self._chunks:
            yield from chunk

    def __contains__(self, cmd: Any) -> bool:
        # a scan, not a set: hashing every command costs more than comparing until a match;
        # a command taken from this list is found first by identity (a plain loop: cheaper than
        # any(map(operator.is_, ...)), whose C calls cost more than the bytecode), then by comparison
        plain = self._plain
        if plain is not None:
            for listed in plain:
                if listed is cmd:
                    return True
            return cmd in plain
        for chunk in self._chunks:
            if type(chunk) is list:
                for listed in chunk:
                    if listed is cmd:
                        return True
        for chunk in self._chunks:
            if cmd in chunk:
                return True
        return False

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        if start or stop is not None:
            return super().index(value, start, stop if stop is not None else self._size)
        for chunk, offset in zip(self._chunks, self._starts):
            if isinstance(chunk, list):
                if value in chunk:
                    return offset + chunk.index(value)
            elif value in chunk:
                return offset + next(i for i, c in enumerate(chunk) if c == value)
        raise ValueError(f"{value!r} is not a legal command now")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, tuple, Legal)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def parts(self) -> Iterator[Command | Span]:
        """The plain commands and the spans, in order, spans unexpanded (for menus that offer a
        span as one form rather than as hundreds of entries)."""
        for chunk in self._chunks:
            if isinstance(chunk, Span):
                yield chunk
            else:
                yield from chunk

    @property
    def spans(self) -> list[Span]:
        """The spans in this list (for tests that check each span against the refusal check)."""
        return [chunk for chunk in self._chunks if isinstance(chunk, Span)]

    def __repr__(self) -> str:
        return f"Legal({list(self)!r})"


class PlainLegal(tuple):
    """``Legal`` for a game whose legal() lists plain commands only (no Span): a tuple, so its
    length, indexing and iteration run in C (random play reads each list once or twice and
    takes one command from it). It reads, compares and answers ``in`` as ``Legal`` does."""

    __slots__ = ()

    def __contains__(self, cmd: Any) -> bool:
        # a command taken from this list is found first by identity, before any comparison (a plain
        # loop: cheaper than any(map(operator.is_, ...)))
        for listed in self:
            if listed is cmd:
                return True
        return tuple.__contains__(self, cmd)

    def index(self, value: Any, start: int = 0, stop: int = sys.maxsize) -> int:
        try:
            return tuple.index(self, value, start, stop)
        except ValueError:
            raise ValueError(f"{value!r} is not a legal command now") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, tuple, Legal)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def parts(self) -> Iterator[Command]:
        """The commands in order (there are no spans)."""
        return iter(self)

    @property
    def spans(self) -> list[Span]:
        return []

    def __repr__(self) -> str:
        return f"Legal({list(self)!r})"

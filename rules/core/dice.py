"""All chance in a game goes through its ``Dice``: rolls and shuffles, seeded.

``SeededDice`` draws from a private ``random.Random(seed)``; ``FixedDice`` plays back
scripted rolls for tests and shuffles nothing (a deck keeps the order it was given).
Both count what they reveal, so the game knows where undo must stop.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from .errors import DiceExhausted


class Dice:
    """The interface every game uses. ``reveals`` counts rolls and shuffles so far."""

    reveals: int = 0

    def roll(self, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        raise NotImplementedError

    def shuffle(self, items: list) -> list:
        raise NotImplementedError

    def spec(self) -> dict:
        """A JSON-able description from which ``dice_from_spec`` rebuilds fresh dice."""
        raise NotImplementedError

    def position(self) -> dict:
        """How far the dice have gone, JSON-able: ``restore`` puts fresh dice of the same
        spec there (a save's checkpoint; tests check a refused command rolled nothing)."""
        raise NotImplementedError

    def restore(self, position: dict) -> None:
        """Move to ``position`` (from ``position()``); ValueError if it cannot be one."""
        raise NotImplementedError


class SeededDice(Dice):
    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.reveals = 0

    def roll(self, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        self.reveals += 1
        if type(sides) is not int or sides < 1:
            return tuple(self._rng.randint(1, sides) for _ in range(n))     # its error
        # randint(1, sides) as random.Random draws it (randrange's _randbelow: getrandbits of
        # sides' bit length until below sides), without its five Python calls per die: the same
        # numbers from the same seed (tests/rules/core/test_dice.py compares them)
        bits = self._rng.getrandbits
        k = sides.bit_length()
        out = []
        for _ in range(n):
            r = bits(k)
            while r >= sides:
                r = bits(k)
            out.append(r + 1)
        return tuple(out)

    def shuffle(self, items: list) -> list:
        self.reveals += 1
        out = list(items)
        # random.Random.shuffle's Fisher-Yates, with its _randbelow drawn as in roll(): the same
        # order from the same seed (tests/rules/core/test_dice.py compares them)
        bits = self._rng.getrandbits
        for i in reversed(range(1, len(out))):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            out[i], out[j] = out[j], out[i]
        return out

    def spec(self) -> dict:
        return {"kind": "seeded", "seed": self.seed}

    def position(self) -> dict:
        version, internal, gauss = self._rng.getstate()
        return {"reveals": self.reveals, "rng": list(internal)}

    def restore(self, position: dict) -> None:
        reveals, internal = _position_fields(position, "rng")
        if (not isinstance(internal, list) or len(internal) != _MT_WORDS + 1
                or not all(type(w) is int and 0 <= w < 2**32 for w in internal)
                or internal[-1] > _MT_WORDS):
            raise ValueError("the dice position is not a Mersenne Twister state")
        self._rng.setstate((3, tuple(internal), None))
        self.reveals = reveals


class FixedDice(Dice):
    """Scripted rolls, consumed in order; running out raises ``DiceExhausted``.

    Shuffles keep the given order, so tests choose the deck order directly.
    """

    def __init__(self, rolls: Sequence[int]) -> None:
        self._script = list(rolls)
        self._next = 0
        self.reveals = 0

    @property
    def remaining(self) -> list[int]:
        return self._script[self._next:]

    def roll(self, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        if self._next + n > len(self._script):
            raise DiceExhausted(
                f"FixedDice: asked for {n} more roll(s) after {self._next}, "
                f"but only {len(self._script) - self._next} remain"
            )
        out = tuple(self._script[self._next:self._next + n])
        for value in out:
            if not 1 <= value <= sides:
                raise DiceExhausted(f"FixedDice: scripted roll {value} is not a d{sides} result")
        self._next += n
        self.reveals += 1
        return out

    def shuffle(self, items: list) -> list:
        self.reveals += 1
        return list(items)

    def spec(self) -> dict:
        return {"kind": "fixed", "rolls": list(self._script)}

    def position(self) -> dict:
        return {"reveals": self.reveals, "next": self._next}

    def restore(self, position: dict) -> None:
        reveals, at = _position_fields(position, "next")
        if type(at) is not int or not 0 <= at <= len(self._script):
            raise ValueError("the dice position is past the scripted rolls")
        self._next = at
        self.reveals = reveals


_MT_WORDS = 624     # random.Random's state: 624 words and an index


def _position_fields(position: Any, key: str) -> tuple[int, Any]:
    if not isinstance(position, dict) or set(position) != {"reveals", key}:
        raise ValueError(f"the dice position needs exactly 'reveals' and '{key}'")
    reveals = position["reveals"]
    if type(reveals) is not int or reveals < 0:
        raise ValueError("the dice position's 'reveals' is not a count")
    return reveals, position[key]


def dice_from_spec(spec: dict) -> Dice:
    """Rebuild dice from ``Dice.spec()``, as when a save is loaded."""
    kind = spec.get("kind") if isinstance(spec, dict) else None
    if kind == "seeded" and isinstance(spec.get("seed"), int):
        return SeededDice(spec["seed"])
    if kind == "fixed" and isinstance(spec.get("rolls"), list) and all(
        isinstance(r, int) for r in spec["rolls"]
    ):
        return FixedDice(spec["rolls"])
    raise ValueError(f"unknown dice description: {spec!r}")

"""Counts read as English: "no grey cubes", "1 grey cube", "3 grey cubes", "1 white die"."""

from __future__ import annotations

import functools

IRREGULAR = {"die": "dice", "six": "sixes", "hex": "hexes"}


@functools.cache          # a game's events name the same few nouns again and again
def plural(noun: str) -> str:
    """The plural of `noun`; its last word decides ("grey cube" -> "grey cubes")."""
    head, _, last = noun.rpartition(" ")
    many = IRREGULAR.get(last, last + "s")
    return f"{head} {many}" if head else many


def count(n: int, noun: str, none: str = "no") -> str:
    """`n` `noun`s in words: 0 is "no ..." (or `none`), 1 is singular, more are plural."""
    if n == 0:
        return f"{none} {plural(noun)}"
    return f"{n} {noun if n == 1 else plural(noun)}"

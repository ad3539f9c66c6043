"""Typing at a running Textual app as fast as a person (or a terminal's paste) does.

Pilot's ``press`` waits for the app to settle after every key; a player does not. ``type_fast``
hands the keys to the app's driver one after another, with no wait or only the given gaps,
exactly as a terminal delivers them, so each key may arrive before the one before it is done.
"""

from __future__ import annotations

import asyncio
import random
import unicodedata
from typing import Iterable, Sequence

from textual import events
from textual.app import _character_to_key
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key


def key_event(key: str) -> events.Key:
    """The Key event a terminal gives for ``key`` (a character, or a name such as "down")."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def send(app, key: str) -> None:
    event = key_event(key)
    event.set_sender(app)
    app._driver.send_message(event)


async def type_fast(app, keys: Iterable[str], gaps: Sequence[float] = (0.0,)) -> None:
    """Send ``keys`` with the given gaps (seconds; cycled) between them, never waiting for the
    app to settle. A gap of 0 still yields to the event loop once, as a terminal read does."""
    for i, key in enumerate(keys):
        send(app, key)
        await asyncio.sleep(gaps[i % len(gaps)])


# What a player's fingers can reach: menu keys, the screens' letters, arrows, Enter, Space, Esc.
FUZZ_KEYS = (list("0123456789") + list("abcdefghijklmnopqrstuvwxyz") +
             ["enter"] * 6 + ["space"] * 3 + ["up", "down"] * 4 + ["left", "right", "tab",
              "shift+tab", "escape", "question_mark", "backspace", "home", "end", "pageup",
              "pagedown", "minus"] + ["q", "u"] * 2)


def random_keys(rng: random.Random, count: int) -> list[str]:
    return [rng.choice(FUZZ_KEYS) for _ in range(count)]


def random_gaps(rng: random.Random, count: int, slowest: float = 0.06) -> list[float]:
    """Gaps of 0 to ``slowest`` seconds, half of them 0 (keys arriving together)."""
    return [0.0 if rng.random() < 0.5 else rng.uniform(0.0, slowest) for _ in range(count)]

"""Helpers for the Fall Blau rule tests (rulebook: ../shared/rulebooks/fall-blau.txt).

Every test builds a game on ``FixedDice`` (rolls come from the script in order, shuffles
keep the given order), may set up a position by editing ``game.state`` directly, and then
runs commands only through ``legal()``/``apply()`` (``play`` asserts legality first).

Fixtures (tests import nothing from here; pytest runs with --import-mode=importlib):
    make_game(dice=[...], deck=[...], generals=(...), hard=, missions=, mission_deck=)
    play(game, cmd) -> events        asserts cmd is in game.legal(), then applies it
    place(game, slot, card, red=None, counterattack=False) -> FrontCard

Edit the state before the first ``legal()`` of a position: ``legal()`` is cached until the next
``apply()``, so an edit made after it would not be seen.
"""

from __future__ import annotations

import pytest

from rules.core.dice import FixedDice
from rules.fallblau import new_game
from rules.fallblau.state import FrontCard

GENERALS = ("hoth", "paulus", "ruoff")
# Two harmless hold cards on top: turn 1 draws them, nothing resolves, no dice are used.
QUIET_DECK = ("nachschub", "beutelager")


def build(dice=(), deck=QUIET_DECK, generals=GENERALS, hard=False, missions=False, mission_deck=None, seed=0):
    return new_game(
        seed=seed, generals=tuple(generals), hard=hard, missions=missions,
        dice=FixedDice(list(dice)), deck=list(deck),
        mission_deck=list(mission_deck) if mission_deck is not None else None,
    )


def do(game, cmd):
    legal = game.legal()
    assert cmd in legal, f"{cmd!r} is not legal now; legal: {legal!r}"
    return game.apply(cmd)


def put(game, slot, card, red=None, counterattack=False):
    s = game.state
    if red is None:
        red = game.content.campaign[card].red if card in game.content.campaign else game.content.events[card].n
    if card in s.unlocked:
        s.unlocked.remove(card)
    s.front[slot] = FrontCard(card, red, counterattack=counterattack)
    return s.front[slot]


@pytest.fixture
def make_game():
    return build


@pytest.fixture
def play():
    return do


@pytest.fixture
def place():
    return put

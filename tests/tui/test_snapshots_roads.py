"""Golden frames of Roads to Stalingrad's screens at 80x24 and 160x50, colour and NO_COLOR:
the map panel mid-game, a battle under way, and the hand (with the supply track). Made and
compared as tests/tui/test_snapshots.py makes them; rewrite with

    .venv/bin/python -m pytest tests/tui/test_snapshots_roads.py --update-snapshots -n 0
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.roads import new_game
from rules.roads.bots import BOTS
from tests.tui.test_snapshots import SNAPSHOTS, assert_golden
from tui.roads.in_full import InfoScreen
from tui.roads.screen import RoadsScreen

SIZES = [(80, 24), (160, 50)]
COLOURS = ["colour", "nocolor"]


def played(until) -> object:
    """Seed 3 against the computer (the Soviets): bots play both sides until `until(game)`."""
    game = new_game(seed=3, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    bots = {s: BOTS["heuristic"](3) for s in ("axis", "soviet")}
    while not until(game):
        game.apply(bots[game.to_act()].choose(game))
    return game


def map_game():
    return played(lambda g: len(g.log) >= 120 and g.to_act() == "axis" and g.state.battle is None)


def battle_game():
    return played(lambda g: g.state.battle is not None and g.to_act() == "axis"
                  and g.state.battle.drawn.get("axis"))


async def on_map(pilot):
    assert isinstance(pilot.app.screen, RoadsScreen)


async def hand(pilot):
    await pilot.press("h")
    await pilot.pause()
    assert isinstance(pilot.app.screen, InfoScreen)


CASES = {
    "roads-map": (map_game, on_map),
    "roads-battle": (battle_game, on_map),
    "roads-hand": (map_game, hand),
}


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", list(CASES))
async def test_snapshot(case, size, colour, monkeypatch, update_snapshots, tmp_path):
    await assert_golden(CASES, case, size, colour, monkeypatch, update_snapshots, tmp_path)


@pytest.mark.parametrize("case", list(CASES))
def test_nocolor_frames_read_the_same_as_colour(case):
    for width, height in SIZES:
        stem = SNAPSHOTS / f"{case}-{width}x{height}"
        colour, nocolor = Path(f"{stem}-colour.txt"), Path(f"{stem}-nocolor.txt")
        assert colour.exists() and nocolor.exists(), f"golden frames for {case} are missing"
        assert colour.read_text(encoding="utf-8") == nocolor.read_text(encoding="utf-8")

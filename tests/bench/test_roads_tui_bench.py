"""Roads to Stalingrad's screen against a bare Textual app in the same run.

They print figures and assert nothing about time. Run:

    .venv/bin/python -m pytest tests/bench/test_roads_tui_bench.py -m bench -s -p no:xdist

(a) a saved mid-game opened as a player opens it (`wartable load SAVE` in a real 80x24 PTY,
    no game in progress in the data folder): spawn to the game shown (the save loads while the
    app starts: no loading frame first), against the bare app's first frame, pairs interleaved
    (budget 1.5x); (b) key press to settled screen moving the map cursor
    in the same PTY, against a key in the bare app (budget 2x); (c) stepping through a battle's
    events, in-process. Median, p99 and max of each.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from pathlib import Path

import pytest

from rules.core.save import dumps
from rules.roads import new_game
from rules.roads.bots import BOTS
from tests.bench.test_tui_bench import WARTABLE, _bare_app

pytestmark = pytest.mark.bench
PRESSES = 40
PTY_PAIRS = 10
LOADED = "seat:"                  # the status line once the game is on screen (not while loading)


def mid_game(commands: int = 300):
    """A game against the computer after about `commands` bot commands, stopped where the human
    side (Axis) acts in an operation outside a battle: nothing runs on its own when opened."""
    game = new_game(seed=3, computer="soviet")
    bots = {s: BOTS["heuristic"](3) for s in ("axis", "soviet")}
    s = game.state
    while game.outcome is None and (len(game.log) < commands or game.to_act() != "axis"
                                    or s.operation is None or s.battle is not None or s.pending):
        game.apply(bots[game.to_act()].choose(game))
        s = game.state
    return game


def figures(values: list[float], unit: str = "ms") -> str:
    from tests.bench.pty_probe import summary

    scale, fmt = (1000, "{:.1f}") if unit == "ms" else (1, "{:.3f}")
    med, p99, top = (fmt.format(v * scale) for v in summary(values))
    return f"median {med} p99 {p99} max {top} {unit}"


def ratios(ours: list[float], bare: list[float]) -> str:
    from tests.bench.pty_probe import summary

    pairs = [o / b for o, b in zip(ours, bare)]
    return (f"ratio of medians {statistics.median(ours) / statistics.median(bare):.2f}x, pairwise "
            f"median {statistics.median(pairs):.2f}x p99 {summary(pairs)[1]:.2f}x")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    data = tmp_path_factory.mktemp("roads-pty")
    (data / "saves").mkdir()
    game = mid_game()
    path = data / "saves" / "roads.json"
    path.write_text(dumps(game), encoding="utf-8")
    env = dict(os.environ, WARTABLE_DATA_DIR=str(data), COLUMNS="80", LINES="24")
    env.pop("NO_COLOR", None)
    return game, path, env


def test_pty_roads_save_onto_its_screen(saved):
    """Spawn to the first frame of a Roads save: the game shown."""
    from tests.bench.pty_probe import BARE_ARGV, BARE_MARKER, first_frame

    game, path, env = saved
    argv = WARTABLE + ["load", str(path)]
    cases = {"the game shown": LOADED}
    first_frame(BARE_ARGV, BARE_MARKER, env)                   # warm the caches
    first_frame(argv, LOADED, env)
    times: dict[str, list[float]] = {k: [] for k in cases}
    bare: dict[str, list[float]] = {k: [] for k in cases}
    autosave = Path(env["WARTABLE_DATA_DIR"]) / "saves" / "autosave.json"
    for _ in range(PTY_PAIRS):
        for what, marker in cases.items():
            autosave.unlink(missing_ok=True)       # no game in progress: it would be kept first
            times[what].append(first_frame(argv, marker, env))
            bare[what].append(first_frame(BARE_ARGV, BARE_MARKER, env))
    print(f"\nRoads save ({len(game.log)} commands) in an 80x24 PTY, spawn to first frame "
          f"({PTY_PAIRS} pairs with the bare app's first frame; load average {os.getloadavg()[0]:.1f}):")
    for what in cases:
        print(f"  {what}: {figures(times[what], 's')}; bare {figures(bare[what], 's')}; "
              f"{ratios(times[what], bare[what])} (budget 1.5x)")


def cursor_keys(game, presses: int) -> list[str]:
    """Arrows that each move the map cursor (right, down, left, up in turn, skipping a direction
    with no neighbour), from the area the screen starts on."""
    from tui.widgets.area_map import neighbour_towards

    area, keys, cycle = game.state.operation.area, [], ["right", "down", "left", "up"]
    for i in range(presses):
        for j in range(4):
            direction = cycle[(i + j) % 4]
            target = neighbour_towards(game.map, area, direction)
            if target:
                keys.append(direction)
                area = target
                break
    assert len(keys) == presses
    return keys


def test_pty_map_cursor_key_to_settled_screen(saved):
    """An arrow moving the map cursor (`v` gives the map the keyboard) to a settled screen."""
    from tests.bench import pty_probe
    from tests.bench.pty_probe import BARE_ARGV, BARE_MARKER, Term

    game, path, env = saved
    arrows = {"right": b"\x1b[C", "left": b"\x1b[D", "down": b"\x1b[B", "up": b"\x1b[A"}
    keys = cursor_keys(game, PRESSES)
    ours: list[float] = []
    bare: list[float] = []
    saved_keys = dict(pty_probe.KEYS)
    pty_probe.KEYS.update(arrows)
    term = Term(WARTABLE + ["load", str(path)], LOADED, env)
    bare_term = Term(BARE_ARGV, BARE_MARKER, env)
    try:
        term.press("v")
        term.settle(0.3)
        for key in keys:                                       # interleaved: drift hits both
            ours.append(term.press(key))
            bare.append(bare_term.press("x"))
    finally:
        term.close()
        bare_term.close()
        pty_probe.KEYS.clear()
        pty_probe.KEYS.update(saved_keys)
    print(f"\nRoads map cursor in an 80x24 PTY, key to settled screen ({PRESSES} arrows; load average "
          f"{os.getloadavg()[0]:.1f}): {figures(ours)}; bare Textual (x) {figures(bare)}; "
          f"{ratios(ours, bare)} (budget 2x)")


async def _direct(app, keys: list[str], before=None) -> list[float]:
    """Key event posted to the app, every message handled, the frame composed: the work."""
    from textual import events

    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if before is not None:
            await before(app, pilot)
        for key in keys:
            event = events.Key(key, key if len(key) == 1 else None)
            event.set_sender(app)
            start = time.perf_counter()
            await app._post_message(event)
            for _ in range(3):
                await pilot._wait_for_screen()
            app.screen._on_timer_update()
            times.append(time.perf_counter() - start)
            await pilot.pause()
    return times


def test_key_to_composed_frame_map_cursor_and_battle_steps(saved):
    """In-process (no terminal): the work of an arrow on the map and of a battle step."""
    from tui.app import WartableApp
    from tui.fallblau.screen import ResolutionScreen
    from tui.widgets.area_map import AreaMap

    game = saved[0]

    async def focus_map(app, pilot):
        app.screen.query_one(AreaMap).focus()
        await pilot.pause()

    cursor = asyncio.run(_direct(WartableApp(game, autosave=False), cursor_keys(game, PRESSES), focus_map))
    fights = [e for e in game.events if e.rule.startswith(("CC 9", "RtS 19"))]
    battle_events = (fights * (PRESSES // max(1, len(fights)) + 2))[:PRESSES + 2]

    async def open_steps(app, pilot):
        app.push_screen(ResolutionScreen(battle_events))
        await pilot.pause()

    steps = asyncio.run(_direct(WartableApp(game, autosave=False), ["space"] * PRESSES, open_steps))
    bare = asyncio.run(_direct(_bare_app(), ["x"] * PRESSES))
    b = statistics.median(bare)
    print(f"\nkey event to composed frame, in-process, {PRESSES} presses each (load average "
          f"{os.getloadavg()[0]:.1f}):"
          f"\n  map cursor (arrows): {figures(cursor)}; ratio {statistics.median(cursor) / b:.2f}x"
          f"\n  battle step (space): {figures(steps)}; ratio {statistics.median(steps) / b:.2f}x"
          f"\n  bare Textual (x):    {figures(bare)}")

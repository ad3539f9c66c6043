"""Roads to Stalingrad's screen against a bare Textual app in the same run.

They print figures and assert nothing about time. Run:

    .venv/bin/python -m pytest tests/bench/test_roads_tui_bench.py -m bench -s -p no:xdist

(a) a saved mid-game onto the Roads screen, headless 80x24, first frame (budget 2x the bare
    app's first frame); (b) key press to repaint moving the map cursor (budget 2x the bare app's
    key) and stepping through a battle's events. Median, p99 and max.
"""

from __future__ import annotations

import asyncio
import statistics
import time

import pytest

from rules.core.save import dumps
from rules.roads import new_game
from rules.roads.bots import BOTS
from tests.bench.test_tui_bench import RUNS, _bare_app, child_run

pytestmark = pytest.mark.bench
PRESSES = 40


def mid_game(commands: int = 300):
    """A game against the computer (no pass screen) after `commands` bot commands."""
    game = new_game(seed=3, computer="soviet")
    bots = {s: BOTS["heuristic"](3) for s in ("axis", "soviet")}
    while len(game.log) < commands and game.outcome is None:
        game.apply(bots[game.to_act()].choose(game))
    return game


def figures(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return f"median {statistics.median(ms):.2f} ms, p99 {p99:.2f}, max {ms[-1]:.2f}"


def test_first_frame_of_the_roads_screen_from_a_save(tmp_path, monkeypatch):
    from tests.bench import test_tui_bench as tb
    save = tmp_path / "roads.json"
    save.write_text(dumps(mid_game()), encoding="utf-8")
    monkeypatch.setattr(tb, "CHILD", tb.CHILD.replace('"FallBlauScreen"', '"RoadsScreen"'))
    child_run("bare")
    bare, ours = [], []
    for _ in range(RUNS):
        bare.append(child_run("bare")["seconds"])
        ours.append(tb.child_run("ours-game", save)["seconds"])
    b, o = statistics.median(bare), statistics.median(ours)
    print(f"\nRoads screen from a save (300 commands), first frame headless 80x24, median of {RUNS}: "
          f"{o:.3f} s (max {max(ours):.3f}), bare Textual {b:.3f} s, ratio {o / b:.2f}x (budget 2x)")


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


def test_key_to_repaint_map_cursor_and_battle_steps():
    from tui.app import WartableApp
    from tui.fallblau.screen import ResolutionScreen
    from tui.widgets.area_map import AreaMap

    game = mid_game()

    async def focus_map(app, pilot):
        app.screen.query_one(AreaMap).focus()
        await pilot.pause()

    cycle = ["right", "down", "left", "up"]
    keys = (cycle * (PRESSES // len(cycle) + 1))[:PRESSES]
    cursor = asyncio.run(_direct(WartableApp(game, autosave=False), keys, focus_map))

    fights = [e for e in game.events if e.rule.startswith(("CC 9", "RtS 19"))]
    battle_events = (fights * (PRESSES // max(1, len(fights)) + 2))[:PRESSES + 2]

    async def open_steps(app, pilot):
        app.push_screen(ResolutionScreen(battle_events))
        await pilot.pause()

    steps = asyncio.run(_direct(WartableApp(game, autosave=False), ["space"] * PRESSES, open_steps))
    bare = asyncio.run(_direct(_bare_app(), ["x"] * PRESSES))
    b = statistics.median(bare)
    print(f"\nkey event to composed frame, {PRESSES} presses each:"
          f"\n  map cursor (arrows): {figures(cursor)}; ratio {statistics.median(cursor) / b:.2f}x (budget 2x)"
          f"\n  battle step (space): {figures(steps)}; ratio {statistics.median(steps) / b:.2f}x"
          f"\n  bare Textual (x):    {figures(bare)}")

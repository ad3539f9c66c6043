"""Roads to Stalingrad benchmarks: they print figures and assert nothing about time.

Run: python3 run.py test -m bench -s tests/bench/test_roads_bench.py
Budgets (issue 9): legal() plus apply() under 2 ms per command (p99; none over 10 ms);
loading a full saved game under 100 ms.
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

from rules.core.save import dumps
from rules.registry import load_save
from rules.roads import new_game
from rules.roads.bots import BOTS

pytestmark = pytest.mark.bench


def random_game(seed: int, undo: bool = False):
    rng = random.Random(seed)
    game = new_game(seed=seed, undo=undo)
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
    return game


def _figures(samples: list[float]) -> str:
    samples = sorted(samples)
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return (f"median {statistics.median(samples) * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, "
            f"max {samples[-1] * 1e3:.3f} ms over {len(samples)} commands")


def test_random_games_per_second():
    games = 20
    start = time.perf_counter()
    commands = sum(len(random_game(seed).log) for seed in range(games))
    elapsed = time.perf_counter() - start
    print(f"\nRoads random-legal full games: {games / elapsed:.2f} games/s ({commands / elapsed:.0f} commands/s)")


def test_legal_and_apply_per_command_with_undo():
    wall: list[float] = []
    cpu: list[float] = []
    busiest = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game(seed=seed)
        while game.outcome is None:
            game._cache = None                      # time the real work, not the cache
            w0, c0 = time.perf_counter(), time.thread_time()
            cmds = game.legal()
            game.apply(rng.choice(cmds))
            wall.append(time.perf_counter() - w0)
            cpu.append(time.thread_time() - c0)
            busiest = max(busiest, len(cmds))
    print(f"\nRoads legal()+apply(), wall: {_figures(wall)}")
    print(f"Roads legal()+apply(), CPU:  {_figures(cpu)}; the longest legal list {busiest}")


def test_save_and_load_of_a_full_game():
    game = new_game(seed=5)
    bots = {"axis": BOTS["heuristic"](1), "soviet": BOTS["heuristic"](2)}
    while game.outcome is None:
        game.apply(bots[game.to_act()].choose(game))
    t0 = time.perf_counter()
    text = dumps(game)
    saved = time.perf_counter() - t0
    loads = []
    for _ in range(5):
        t0 = time.perf_counter()
        loaded = load_save(text)
        loads.append(time.perf_counter() - t0)
    assert loaded.digest() == game.digest()
    print(f"\nRoads full game of {len(game.log)} commands ({len(text)} bytes): save {saved * 1e3:.1f} ms; "
          f"load median {statistics.median(loads) * 1e3:.1f} ms, max {max(loads) * 1e3:.1f} ms (budget 100 ms)")

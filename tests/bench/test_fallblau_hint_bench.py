"""The Fall Blau hint (issue 25 item 4): its bot against the greedy bot, and its time per decision.

Run (under nice, one bench at a time: 2,000 games a mode take minutes):
    nice -n 15 .venv/bin/python -m pytest -m bench -s -p no:xdist tests/bench/test_fallblau_hint_bench.py
WARTABLE_HINT_GAMES sets the games per mode (default 2,000). The same seeds deal the same
Generals and the same deck to both bots (rules/fallblau/sim.py play_one).
"""

from __future__ import annotations

import os
import random
import statistics
import time

import pytest

from rules.fallblau import new_game
from rules.fallblau.hint import HintSearch, hint
from rules.fallblau.sim import simulate, wilson_interval

pytestmark = pytest.mark.bench

GAMES = int(os.environ.get("WARTABLE_HINT_GAMES", "2000"))
GENERALS = ("hoth", "kleist", "paulus", "ruoff", "salmuth")


@pytest.mark.parametrize("hard", [False, True], ids=["standard", "hard"])
def test_hint_bot_beats_the_greedy_bot(hard):
    rows = {}
    for bot in ("greedy", "hint"):
        t0 = time.process_time()
        r = simulate(GAMES, bot, hard=hard)
        low, high = wilson_interval(r.wins, r.games)
        rows[bot] = r
        print(f"\n{'Hard' if hard else 'standard'} mode, {bot:6} bot, {r.games} seeded games: "
              f"win {r.rate(r.wins):.1%} (95% interval {low:.1%} to {high:.1%}), "
              f"Brilliant {r.rate(r.brilliant):.1%}, mean VP {r.mean_vp:.2f}; "
              f"{(time.process_time() - t0) / r.games * 1e3:.0f} ms CPU a game")
    assert rows["hint"].wins > rows["greedy"].wins


def test_hint_time_per_decision():
    """Wall time, and the CPU time of this thread (on a shared machine the wall time's tail is
    other processes' turns on the cores: both are printed, with the load average)."""
    search = HintSearch()
    times: dict[str, list[float]] = {"search": [], "search + words": []}
    cpu: dict[str, list[float]] = {"search": [], "search + words": []}
    for seed in range(60):
        rng = random.Random(seed)
        game = new_game(seed=seed, generals=tuple(rng.sample(GENERALS, 3)), hard=seed % 2 == 0, undo=False)
        while game.outcome is None:
            game.legal()                      # legal() is the rules' own cost, timed elsewhere
            c0, t0 = time.thread_time(), time.perf_counter()
            cmd = search.best(game)
            c1, t1 = time.thread_time(), time.perf_counter()
            hint(game, search)                # the search again, and the reasons in words (what `!` shows)
            c2, t2 = time.thread_time(), time.perf_counter()
            times["search"].append(t1 - t0)
            times["search + words"].append(t2 - t1)
            cpu["search"].append(c1 - c0)
            cpu["search + words"].append(c2 - c1)
            game.apply(cmd)
    for label in times:
        for clock, values in (("wall", times[label]), ("CPU", cpu[label])):
            q = statistics.quantiles(values, n=100)
            print(f"\nhint {label}, {clock}: {len(values)} decisions, median {statistics.median(values) * 1e3:.3f} ms, "
                  f"p99 {q[98] * 1e3:.3f} ms, worst {max(values) * 1e3:.3f} ms (rules budget: p99 2 ms, none over 10 ms)")
    print(f"load average {os.getloadavg()[0]:.1f}")

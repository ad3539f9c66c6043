"""Save and load of a full campaign of every game: prints figures, asserts nothing about time.

Run: python3 run.py test -m bench -s tests/bench/test_save_load_bench.py
Budget (DESIGN "Testing"): loading a full saved game under 50 ms. Each game is played to its end
by random legal play in its longest set-up (Fall Blau Hard+Missions, a Tide of Iron double
campaign, a five-player Victory round robin), saved, and loaded again and again: the figures are
the median, p99 and max of the load (the whole check: bounds, JSON, header, checksum, strict
commands, checkpoint and its digest), and the same for the save (``dumps``, as each autosave).
Each in wall time (what a player waits) and in CPU time of this thread (what the load costs,
without the waits of a machine shared with other jobs: quote both, with the load average).
"""

from __future__ import annotations

import os
import statistics
import time

import pytest

from rules.core.save import dumps
from rules.registry import load_save
from tests.support import campaigns

pytestmark = pytest.mark.bench

RUNS = 60


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return (f"median {statistics.median(ordered) * 1e3:.1f} ms, p99 {p99 * 1e3:.1f} ms, "
            f"max {ordered[-1] * 1e3:.1f} ms")


@pytest.mark.parametrize("game_id", campaigns.GAMES)
def test_load_of_a_full_save(game_id):
    game = campaigns.campaign(game_id, 2026, long=True)
    assert game.outcome is not None
    text = dumps(game)
    loads, saves, load_cpu, save_cpu = [], [], [], []
    for _ in range(RUNS):
        cpu, start = time.thread_time(), time.perf_counter()
        loaded = load_save(text)
        loads.append(time.perf_counter() - start)
        load_cpu.append(time.thread_time() - cpu)
        cpu, start = time.thread_time(), time.perf_counter()
        dumps(game)
        saves.append(time.perf_counter() - start)
        save_cpu.append(time.thread_time() - cpu)
    assert loaded.digest() == game.digest()
    print(f"\n{game_id}: full save of {len(game.log)} commands, {len(text) / 1024:.0f} KiB "
          f"(load average {os.getloadavg()[0]:.1f})")
    print(f"  load wall {_figures(loads)} (budget 50 ms)")
    print(f"  load cpu  {_figures(load_cpu)}")
    print(f"  save wall {_figures(saves)}")
    print(f"  save cpu  {_figures(save_cpu)}")

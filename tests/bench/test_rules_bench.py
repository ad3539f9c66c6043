"""Rules time per command in every game, and Fall Blau full games per second: figures only.

Run: .venv/bin/python -m pytest tests/bench/test_rules_bench.py -m bench -s -p no:xdist

Budgets (DESIGN "Budgets"; issue 8): legal() plus apply(), undo on, over random legal play:
p99 under 2 ms and no command over 10 ms, in every game; Fall Blau random full games: 1,000 a
second on one core. Each line gives median, p99 and max, in wall time (what a player waits)
and in CPU time of this thread (what the rules cost, without the waits of a shared machine).
The same random play as ../shared/tools/cmd_latency.py (same seeds and options per game).
"""

from __future__ import annotations

import random
import statistics
import time

import pytest

from rules import registry
from rules.fallblau import new_game

pytestmark = pytest.mark.bench

OPTIONS = {
    "fallblau": lambda s: dict(generals=("hoth", "paulus", "ruoff"), hard=s % 2 == 0, missions=s % 3 == 0),
    "toi": lambda s: dict(),
    "victory": lambda s: [dict(players=("A", "B")), dict(players=("A", "B", "C"), mode="round-robin")][s % 2],
}
SECONDS_PER_GAME = 10
GENERALS = ("hoth", "kleist", "paulus", "ruoff", "salmuth")


def figures(times: list[float]) -> str:
    times = sorted(times)
    p99 = times[int(len(times) * 0.99)]
    return f"median {statistics.median(times):.3f} ms, p99 {p99:.3f} ms, max {times[-1]:.2f} ms"


def per_command(game_id: str, budget: float) -> tuple[int, int, list[float], list[float]]:
    make = registry.factories()[game_id]
    wall: list[float] = []
    cpu: list[float] = []
    seed, end = 0, time.perf_counter() + budget
    while time.perf_counter() < end:
        rng = random.Random(seed)
        game = make(seed=seed, **OPTIONS[game_id](seed))
        while game.outcome is None and time.perf_counter() < end:
            c0, t0 = time.thread_time(), time.perf_counter()
            game.apply(rng.choice(game.legal()))
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
        seed += 1
    return len(wall), seed, wall, cpu


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_legal_and_apply_per_command(game_id):
    n, games, wall, cpu = per_command(game_id, SECONDS_PER_GAME)
    print(f"\n{game_id}: {n} commands over {games} games, legal()+apply() with undo\n"
          f"  wall {figures(wall)}\n  cpu  {figures(cpu)}\n"
          f"  budget: p99 < 2 ms, max < 10 ms")


def test_fallblau_random_full_games_per_second():
    def run(games: int) -> tuple[float, float]:
        w0, c0 = time.perf_counter(), time.process_time()
        for seed in range(games):
            rng = random.Random(seed)
            game = new_game(seed=seed, generals=tuple(rng.sample(GENERALS, 3)), hard=seed % 2 == 0,
                            missions=seed % 3 == 0, undo=False)
            while game.outcome is None:
                game.apply(rng.choice(game.legal()))
        return games / (time.perf_counter() - w0), games / (time.process_time() - c0)
    runs = [run(200) for _ in range(5)]
    print(f"\nFall Blau random full games (undo off), best of 5 runs of 200: "
          f"{max(w for w, _ in runs):.0f} games/s wall, {max(c for _, c in runs):.0f} games/s cpu (goal 1,000)")

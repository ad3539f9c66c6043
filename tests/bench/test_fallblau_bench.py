"""Fall Blau benchmarks: they print figures and assert nothing about time.

Run: python3 run.py test -m bench -s tests/bench
Budgets (DESIGN/issue 2): legal() plus apply() under 2 ms at any decision; exact odds under
20 ms; loading a full saved game under 50 ms.
"""

from __future__ import annotations

import copy
import os
import random
import statistics
import time

import pytest

from rules.core.game import restore, snapshot_of
from rules.core.save import dumps
from rules.fallblau import Attack, new_game
from rules.fallblau.odds import attack_odds
from rules.registry import load_save

pytestmark = pytest.mark.bench

GENERALS = ("hoth", "kleist", "paulus", "ruoff", "salmuth")


def random_game(seed: int, undo: bool = False):
    rng = random.Random(seed)
    game = new_game(seed=seed, generals=tuple(rng.sample(GENERALS, 3)), hard=seed % 2 == 0,
                    missions=seed % 3 == 0, undo=undo)
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
    return game


def test_random_games_per_second():
    # the content is read (once a session, ~0.1 s) and a game played before the clock starts:
    # the figure is the rules' speed, not the loading of the cards
    random_game(1_000)
    games, runs = 200, []
    for _ in range(5):
        w0, c0 = time.perf_counter(), time.process_time()
        commands = sum(len(random_game(seed).log) for seed in range(games))
        runs.append((time.perf_counter() - w0, time.process_time() - c0))
    wall = statistics.median(w for w, _ in runs)
    cpu = statistics.median(c for _, c in runs)
    print(f"\nrandom-legal full games, median of 5 runs of {games} (goal 1,000 on one core): "
          f"{games / cpu:.0f} games/s CPU, {games / wall:.0f} wall ({commands / cpu:.0f} commands/s CPU); "
          f"best {games / min(c for _, c in runs):.0f} CPU; load average {os.getloadavg()[0]:.1f}")


def test_legal_and_apply_at_the_busiest_decision():
    worst_apply = 0.0
    busiest = None
    for seed in range(60):
        rng = random.Random(seed)
        game = new_game(seed=seed, generals=tuple(rng.sample(GENERALS, 3)), missions=True)
        while game.outcome is None:
            game._cache = None                     # time the real work, not the cache
            t0 = time.perf_counter()
            cmds = game.legal()
            cmd = rng.choice(cmds)
            game.apply(cmd)                        # apply() with undo snapshot, as the TUI runs it
            elapsed = time.perf_counter() - t0
            worst_apply = max(worst_apply, elapsed)
            if busiest is None or len(cmds) > busiest[0]:
                busiest = (len(cmds), seed, len(game.log) - 1)
    n, seed, at = busiest
    rng = random.Random(seed)
    game = new_game(seed=seed, generals=tuple(rng.sample(GENERALS, 3)), missions=True)
    for _ in range(at):
        game.apply(rng.choice(game.legal()))
    runs = 200
    t0 = time.perf_counter()
    for _ in range(runs):
        game._cache = None
        game.legal()
    per = (time.perf_counter() - t0) / runs
    print(f"\nbusiest decision: {n} legal commands; legal() {per * 1e3:.3f} ms; "
          f"worst legal()+apply() seen {worst_apply * 1e3:.3f} ms (budget 2 ms)")


def test_exact_odds_time():
    worst = 0.0
    count = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = new_game(seed=seed, generals=tuple(rng.sample(GENERALS, 3)), undo=False)
        while game.outcome is None:
            cmds = game.legal()
            for cmd in cmds:
                if isinstance(cmd, Attack):
                    t0 = time.perf_counter()
                    attack_odds(game, cmd)
                    worst = max(worst, time.perf_counter() - t0)
                    count += 1
            game.apply(rng.choice(cmds))
    print(f"\nexact attack odds: worst {worst * 1e3:.3f} ms over {count} attacks (budget 20 ms)")


def test_save_and_load_of_a_full_game():
    game = random_game(11, undo=True)
    t0 = time.perf_counter()
    text = dumps(game)
    saved = time.perf_counter() - t0
    runs = 20
    t0 = time.perf_counter()
    for _ in range(runs):
        load_save(text)
    loaded = (time.perf_counter() - t0) / runs
    print(f"\nfull game of {len(game.log)} commands: save {saved * 1e3:.2f} ms, "
          f"load by replay {loaded * 1e3:.2f} ms (budget 50 ms), {len(text) / 1024:.1f} KiB")


def test_undo_snapshot_cost():
    game = random_game(5, undo=True)
    runs = 500
    t0 = time.perf_counter()
    for _ in range(runs):
        snapshot = snapshot_of(game.state)          # what apply() pays per command
    taken = (time.perf_counter() - t0) / runs
    t0 = time.perf_counter()
    for _ in range(runs):
        restore(snapshot)                           # what undo() pays
    back = (time.perf_counter() - t0) / runs
    t0 = time.perf_counter()
    for _ in range(runs):
        copy.deepcopy(game.state)
    deep = (time.perf_counter() - t0) / runs
    print(f"\nstate snapshot for undo: {taken * 1e6:.0f} us per command, {back * 1e6:.0f} us to restore "
          f"(a deep copy: {deep * 1e6:.0f} us)")

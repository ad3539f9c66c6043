"""Roads AI benchmarks (issue 12, item 4): decision times per strength, printed; they assert
only that a decision was made, not its time (the machine is shared).

Run: python3 run.py test -m bench -s tests/bench/test_roads_ai_bench.py
Budgets: normal within 1 s median and 3 s at most on one core, hard within 5 s at most,
expert within 1 s median and 2 s at most (issue 25);
a decision with one legal command at once. The figures are wall time (what a player waits),
and the CPU time of the searched decisions beside them (steadier on a shared machine).
"""

from __future__ import annotations

import statistics
import time

import pytest

from rules.roads import new_game
from rules.roads.ai import make_ai
from rules.roads.bots import HeuristicBot
from rules.roads.state import AXIS, SOVIET

pytestmark = pytest.mark.bench

DECISIONS = {"easy": 60, "normal": 60, "hard": 30, "expert": 30}     # searched decisions measured per strength


def _figures(samples: list[float]) -> str:
    samples = sorted(samples)
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return (f"median {statistics.median(samples) * 1e3:.0f} ms, p99 {p99 * 1e3:.0f} ms, "
            f"max {samples[-1] * 1e3:.0f} ms over {len(samples)}")


@pytest.mark.parametrize("strength", ["easy", "normal", "hard", "expert"])
def test_decision_times(strength):
    searched, battle, other = [], [], []
    cpu = []                    # CPU seconds of every searched decision (steadier under load)
    seed = 0
    while len(searched) < DECISIONS[strength]:
        seed += 1
        game = new_game(seed=seed, undo=False)
        ai_side = AXIS if seed % 2 else SOVIET
        ai = make_ai(strength, seed=seed)
        doctrine = HeuristicBot(seed)
        while game.outcome is None and len(searched) < DECISIONS[strength]:
            if game.to_act() == ai_side:
                in_battle = game.state.battle is not None
                began = time.process_time()
                d = ai.decide(game)
                if d.searched:
                    cpu.append(time.process_time() - began)
                (other if not d.searched else battle if in_battle else searched).append(d.seconds)
                game.apply(d.command)
            else:
                game.apply(doctrine.choose(game))
    print(f"\n{strength}: searched decisions outside battles {_figures(searched)}")
    if battle:
        print(f"{strength}: searched decisions inside battles {_figures(battle)}")
        print(f"{strength}: all searched decisions {_figures(searched + battle)}")
    print(f"{strength}: all searched decisions, CPU time {_figures(cpu)}")
    if other:
        print(f"{strength}: decisions not searched (one legal command, or a battle at easy) {_figures(other)}")
    assert searched

"""A trace of the Roads AI's decisions, to check that a speed-up changes no decision (issue 12).

The AI plays each strength with ``budget=False`` (its decisions then depend on the seed alone)
against the heuristic bot, from seed 1 on, one side each game, as the decision-time benchmark
does (``tests/bench/test_roads_ai_bench.py``), until the number of its decisions below is
reached. Each decision is one line: the strength, the seed, the command, the full reason and the
public line. The last line is the SHA-256 of all the others.

Usage (from the repo root)::

    python3 tools/roads_ai_trace.py > before.txt     # before a change
    python3 tools/roads_ai_trace.py > after.txt      # after it
    diff before.txt after.txt                        # nothing: the same decisions

``--decisions easy=N,normal=N,hard=N`` sets the counts (default easy=60,normal=40,hard=12);
``--times`` adds each decision's seconds to stderr, with the median per strength.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.roads import new_game  # noqa: E402
from rules.roads.ai import SearchBot  # noqa: E402
from rules.roads.bots import HeuristicBot  # noqa: E402
from rules.roads.state import AXIS, SOVIET  # noqa: E402

DEFAULT = {"easy": 60, "normal": 40, "hard": 12}


def trace(strength: str, decisions: int, times: list[float]):
    seed = 0
    made = 0
    while made < decisions:
        seed += 1
        game = new_game(seed=seed, undo=False)
        ai_side = AXIS if seed % 2 else SOVIET
        ai = SearchBot(strength, seed=seed, budget=False)
        doctrine = HeuristicBot(seed)
        while game.outcome is None and made < decisions:
            if game.to_act() == ai_side:
                t = time.process_time()
                d = ai.decide(game)
                if d.searched:
                    times.append(time.process_time() - t)
                    made += 1
                yield f"{strength} seed {seed}: {d.command!r} | {d.reason} | {d.public}"
                game.apply(d.command)
            else:
                game.apply(doctrine.choose(game))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--decisions", default=",".join(f"{k}={v}" for k, v in DEFAULT.items()),
                   help="searched decisions per strength, e.g. easy=60,normal=40,hard=12")
    p.add_argument("--times", action="store_true", help="CPU seconds per searched decision to stderr")
    args = p.parse_args()
    counts = {}
    for part in args.decisions.split(","):
        name, _, n = part.partition("=")
        counts[name.strip()] = int(n)
    digest = hashlib.sha256()
    for strength, n in counts.items():
        times: list[float] = []
        for line in trace(strength, n, times):
            print(line)
            digest.update(line.encode() + b"\n")
        if args.times and times:
            t = sorted(times)
            print(f"{strength}: {len(t)} searched decisions, CPU median {statistics.median(t) * 1e3:.0f} ms, "
                  f"max {t[-1] * 1e3:.0f} ms, total {sum(t):.1f} s", file=sys.stderr)
    print(f"sha256 {digest.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

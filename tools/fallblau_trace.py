"""A fingerprint of Fall Blau's behaviour, for changes that must not change it (speed work).

Plays 400 seeded random games (Generals, Hard and Missions modes varied by seed; undo on in one
game in four, taking back and replaying one command in five there) and 20 greedy-bot games, and
hashes everything a player or a save could see: each legal list, the command chosen, the first
descriptions, the events, the state digest and view after every command, the outcome and where
the dice stopped. Run it before and after: the same hash means the same games.

usage: .venv/bin/python tools/fallblau_trace.py [GAMES]      (about 8 s for 400 games)
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.fallblau import new_game            # noqa: E402
from rules.fallblau.sim import play_one        # noqa: E402

GENERALS = ("hoth", "kleist", "paulus", "ruoff", "salmuth")


def trace(games: int = 400) -> str:
    h = hashlib.sha256()

    def feed(value: object) -> None:
        h.update(repr(value).encode())
        h.update(b"\0")

    for seed in range(games):
        rng = random.Random(seed)
        undo = seed % 4 == 0
        game = new_game(seed=seed, generals=tuple(rng.sample(GENERALS, 3)), hard=seed % 2 == 0,
                        missions=seed % 3 == 0, undo=undo)
        feed(game.events)
        feed(game.digest())
        while game.outcome is None:
            legal = game.legal()
            feed(list(legal))
            cmd = rng.choice(legal)
            feed(cmd)
            feed([game.describe(c) for c in legal[:3]])
            before = game.digest()
            feed(game.apply(cmd))
            feed(game.digest())
            feed(game.view())
            if undo and game.can_undo and rng.random() < 0.2:
                after = game.digest()
                game.undo()
                assert game.digest() == before, "undo did not restore the state"
                game.apply(cmd)
                assert game.digest() == after, "the command replayed differently"
        feed(game.outcome)
        feed(len(game.log))
        feed(game.dice.position())
    for k in range(20):
        g = play_one(k, "greedy", k % 2 == 0, k % 3 == 0)
        feed(g.events)
        feed(g.log)
        feed(g.outcome)
    return h.hexdigest()


if __name__ == "__main__":
    print(trace(int(sys.argv[1]) if len(sys.argv) > 1 else 400))

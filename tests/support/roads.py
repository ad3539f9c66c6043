"""A whole Roads to Stalingrad game played by the heuristic bots, played once per test run and
shared: tests that need a finished game (the end screen, statistics) replay its commands."""

from __future__ import annotations

from functools import cache

from rules.roads import new_game
from rules.roads.bots import BOTS


@cache
def bot_game_commands(seed: int) -> tuple:
    """The commands of a whole game of bots on both sides (the default options), in order."""
    game = new_game(seed=seed)
    bots = {s: BOTS["heuristic"](seed) for s in ("axis", "soviet")}
    while game.outcome is None:
        game.apply(bots[game.to_act()].choose(game))
    return tuple(game.log)


def replayed(seed: int, commands: int | None = None, **options):
    """A new game with `options` after the first `commands` of the bots' game (all of them by
    default)."""
    log = bot_game_commands(seed)
    game = new_game(seed=seed, **options)
    for cmd in log[:commands]:
        game.apply(cmd)
    return game

"""Simulation: many seeded games played by a bot, summarised as win rates and mean VP."""

from __future__ import annotations

import math
import random

from rules.core.attrs_classes import frozen

from .bots import BOTS as _BASE_BOTS
from .content import load
from .game import new_game
from .hint import HintBot

# the bots a simulation may run: the hint's bot follows the hint every turn (rules/fallblau/hint.py)
BOTS = {**_BASE_BOTS, "hint": HintBot}


@frozen
class SimResult:
    games: int
    bot: str
    hard: bool
    missions: bool
    wins: int
    brilliant: int
    total_vp: int

    @property
    def losses(self) -> int:
        return self.games - self.wins

    def rate(self, n: int) -> float:
        return n / self.games if self.games else 0.0

    @property
    def mean_vp(self) -> float:
        return self.total_vp / self.games if self.games else 0.0

    def report(self) -> str:
        mode = "Hard" if self.hard else "standard"
        if self.missions:
            mode += " + Missions"
        return (f"{self.games} games, {self.bot} bot, {mode} mode\n"
                f"  win (Victory or better) {self.rate(self.wins):6.1%}\n"
                f"  Brilliant Victory       {self.rate(self.brilliant):6.1%}\n"
                f"  loss                    {self.rate(self.losses):6.1%}\n"
                f"  mean VP                 {self.mean_vp:6.2f}")


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (z = 1.96) Wilson score interval of a win rate: it stays inside 0..1 at any count."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play_one(seed: int, bot_name: str, hard: bool, missions: bool):
    """Play one game to the end; the Generals are drawn at random from the seed."""
    rng = random.Random(seed)
    generals = tuple(rng.sample(sorted(load().generals), 3))
    game = new_game(seed=seed, generals=generals, hard=hard, missions=missions, undo=False)
    bot = BOTS[bot_name](seed)
    while game.outcome is None:
        game.apply(bot.choose(game))
    return game


def simulate(games: int, bot: str = "greedy", hard: bool = False, missions: bool = False, seed: int = 0) -> SimResult:
    if bot not in BOTS:
        raise ValueError(f"unknown bot '{bot}' (choose from {', '.join(BOTS)})")
    wins = brilliant = total = 0
    for k in range(games):
        outcome = play_one(seed * 1_000_003 + k, bot, hard, missions).outcome
        wins += outcome.won
        brilliant += outcome.level == "brilliant"
        total += outcome.vp
    return SimResult(games, bot, hard, missions, wins, brilliant, total)

"""Games of every engine played by a random legal bot: positions for property tests and long
campaigns for the save tests and load benchmarks.

The bot picks uniformly among ``legal()``, except that with probability ``push`` it picks a
command that moves the game on (confirm, done, the next step), so result entry, Battle Point
entry and purchase windows do not take thousands of steps.
"""

from __future__ import annotations

import random

from rules import fallblau, toi, victory
from rules.core.command import Command
from rules.core.game import Game
from rules.toi import commands as tc
from rules.victory import commands as vc

GAMES = ("fallblau", "toi", "victory")

PROGRESS: dict[str, tuple[type[Command], ...]] = {
    "fallblau": (),
    "toi": (tc.ConfirmResult, tc.DonePurchasing, tc.EndBattle, tc.BeginBattle, tc.SetInitiative,
            tc.StatusPhase),
    "victory": (vc.ConfirmBattleGroup, vc.ConfirmReinforcements, vc.UnitsDone, vc.NextTurn,
                vc.RollBattleLength, vc.EndTransfers, vc.DrawPairings, vc.RollMaps, vc.RollLayout,
                vc.RollInitiative, vc.Deployed, vc.EnterBattlePoints, vc.CallSpecialGroup,
                vc.SpecialUnit),
}
PUSH = {"fallblau": 0.0, "toi": 0.1, "victory": 0.3}


def new(game_id: str, seed: int, long: bool = False, undo: bool = False) -> Game:
    """A fresh game; ``long``: the longest set-up (Fall Blau Hard+Missions, a Tide of Iron double
    campaign, a five-player Victory round robin)."""
    if game_id == "fallblau":
        return fallblau.new_game(seed=seed, generals=("hoth", "paulus", "ruoff"), hard=long,
                                 missions=long, undo=undo)
    if game_id == "toi":
        return toi.new_game(seed=seed, double=long, players=("Anna", "James"), undo=undo)
    if game_id == "victory":
        if long:
            return victory.new_game(seed=seed, players=["Anna", "James", "Kurt", "Lena", "Mira"],
                                    mode="round-robin", undo=undo)
        return victory.new_game(seed=seed, players=["Anna", "James"], undo=undo)
    raise ValueError(game_id)


def choose(game_id: str, rng: random.Random, legal: list[Command]) -> Command:
    progress = [c for c in legal if isinstance(c, PROGRESS[game_id])]
    if progress and rng.random() < PUSH[game_id]:
        return rng.choice(progress)
    return rng.choice(legal)


def play(game: Game, rng: random.Random, steps: int | None = None) -> Game:
    """Random legal play until the end, or for ``steps`` commands."""
    n = 0
    while game.outcome is None and (steps is None or n < steps):
        game.apply(choose(game.game_id, rng, game.legal()))
        n += 1
    return game


def campaign(game_id: str, seed: int, steps: int | None = None, long: bool = False,
             undo: bool = False) -> Game:
    return play(new(game_id, seed, long, undo), random.Random(seed * 7919 + 1), steps)

"""Simulation: many seeded Roads games between two bots, summarised for the balance table."""

from __future__ import annotations

import time

import attrs

from rules.core.attrs_classes import define

from .bots import BOTS, make_bot
from .game import new_game
from .state import AXIS, SOVIET
from .supply import scoring_cities

WATCHED = ("rostov", "stalingrad", "maikop", "grozny")
SUMMER_CITIES = 5


@define
class SimResult:
    games: int = 0
    axis_bot: str = ""
    soviet_bot: str = ""
    wins: dict = attrs.Factory(lambda: {AXIS: 0, SOVIET: 0})
    draws: int = 0
    vp: dict = attrs.Factory(lambda: {AXIS: 0, SOVIET: 0})
    operations: int = 0
    cards: int = 0
    axis_took: dict = attrs.Factory(lambda: {c: 0 for c in WATCHED})
    soviet_retook: dict = attrs.Factory(lambda: {c: 0 for c in WATCHED})
    winter: int = 0
    advance: int = 0           # the Axis held SUMMER_CITIES or more Soviet cities as winter came
    advance_cities: int = 0    # Soviet cities the Axis held as winter came, over all games
    counter: int = 0           # after Winter Arrives the Soviets took back a city the Axis held

    def report(self) -> str:
        n = max(self.games, 1)
        lines = [f"{self.games} games, Axis {self.axis_bot} against Soviet {self.soviet_bot}",
                 f"  Axis wins   {self.wins[AXIS] / n:6.1%}",
                 f"  Soviet wins {self.wins[SOVIET] / n:6.1%}",
                 f"  draws       {self.draws / n:6.1%}",
                 f"  mean VP     Axis {self.vp[AXIS] / n:5.1f}, Soviet {self.vp[SOVIET] / n:5.1f}",
                 f"  length      {self.operations / n:5.1f} operations, {self.cards / n:5.1f} cards played or discarded",
                 f"  Winter Arrives in {self.winter / n:6.1%} of games",
                 f"  Axis summer advance ({SUMMER_CITIES}+ Soviet cities held as winter came) in {self.advance / n:6.1%}"
                 f" (mean {self.advance_cities / n:4.1f} cities)",
                 f"  Soviet winter counter-offensive (a city retaken after Winter Arrives) in {self.counter / n:6.1%}"]
        for c in WATCHED:
            lines.append(f"  {c.title():11} Axis took {self.axis_took[c] / n:6.1%}, "
                         f"Soviets retook after Winter Arrives {self.soviet_retook[c] / n:6.1%}")
        return "\n".join(lines)


def summer_gains(game, soviet_at_start: set[str]) -> set[str]:
    """The summer advance: cities the Soviets held at the start that the Axis holds now so that
    they would score for it (controlled and traced back to Poltava or Dnepropetrovsk, campaign 5
    and 16.a). Measured as Winter Arrives is played, or at the end of a game without winter;
    cities taken and lost again, or held cut off from the Axis rear, are no advance."""
    return soviet_at_start & scoring_cities(game, AXIS)


def play_one(seed: int, axis_bot: str, soviet_bot: str, max_commands: int = 20000,
             budget: bool = False):
    """One game; ``budget`` gives the search AI its on-screen time cap (off: every decision
    depends on the seed alone, so a rerun on any machine plays the same game)."""
    game = new_game(seed=seed, undo=False)
    bots = {AXIS: make_bot(axis_bot, seed * 2 + 1, budget=budget),
            SOVIET: make_bot(soviet_bot, seed * 2 + 2, budget=budget)}
    took = set()
    retook = set()
    cities = [a for a, ar in game.map.areas.items() if ar.city]
    soviet_at_start = {a for a in cities if game.state.control[a] == SOVIET}
    gained: set[str] | None = None    # the summer advance, measured as winter comes
    held_at_winter: set[str] | None = None
    counter = False
    commands = 0
    for commands in range(max_commands + 1):
        if game.outcome is not None:
            break
        if commands == max_commands:
            raise RuntimeError(f"game {seed} did not end within {max_commands} commands")
        side = game.to_act()
        game.apply(bots[side].choose(game))
        control = game.state.control
        winter = "winter" in game.state.permanents
        if winter and held_at_winter is None:
            gained = summer_gains(game, soviet_at_start)
            held_at_winter = {a for a in cities if control[a] == AXIS}
        elif winter and not counter:
            counter = any(control[a] == SOVIET for a in held_at_winter)
        for c in WATCHED:
            if c in control and control[c] == AXIS:
                took.add(c)
            if c in took and control.get(c) == SOVIET and "winter" in game.state.permanents:
                retook.add(c)
    if gained is None:                # no winter: the summer lasted the whole game
        gained = summer_gains(game, soviet_at_start)
    return game, took, retook, gained, counter, commands


def game_line(number: int, games: int, seed: int, game, commands: int, seconds: float) -> str:
    """One finished game, as the sim prints it when the game ends."""
    out = game.outcome
    winner = f"{out.winner.title()} wins" if out.winner else "draw"
    return (f"game {number}/{games}  seed {seed}  {winner:11}  VP Axis {out.axis_vp} Soviet {out.soviet_vp}"
            f"  {commands} commands  {seconds:.0f} s")


def simulate(games: int, axis_bot: str = "heuristic", soviet_bot: str = "heuristic",
             seed: int = 0, budget: bool = False, on_game=None) -> SimResult:
    """``games`` games from ``seed`` on (one seed each). ``budget``: the search AI's time cap,
    off by default (see ``play_one``). ``on_game(line)`` is told each game as it ends."""
    for bot in (axis_bot, soviet_bot):
        if bot not in BOTS:
            raise ValueError(f"unknown bot '{bot}' (choose from {', '.join(BOTS)})")
    result = SimResult(axis_bot=axis_bot, soviet_bot=soviet_bot)
    for k in range(games):
        began = time.perf_counter()
        game, took, retook, gained, counter, commands = play_one(seed + k, axis_bot, soviet_bot,
                                                                 budget=budget)
        if on_game is not None:
            on_game(game_line(k + 1, games, seed + k, game, commands, time.perf_counter() - began))
        result.advance += len(gained) >= SUMMER_CITIES
        result.advance_cities += len(gained)
        result.counter += counter
        out = game.outcome
        result.games += 1
        if out.winner:
            result.wins[out.winner] += 1
        else:
            result.draws += 1
        result.vp[AXIS] += out.axis_vp
        result.vp[SOVIET] += out.soviet_vp
        result.operations += sum(game.state.operations.values())
        result.cards += game.state.cards_done
        result.winter += "winter" in game.state.permanents
        for c in took:
            result.axis_took[c] += 1
        for c in retook:
            result.soviet_retook[c] += 1
    return result

"""Fall Blau bots. Both choose only from ``game.legal()``.

``RandomBot`` picks any legal command. ``GreedyBot`` scores each legal command with a
short heuristic built on the exact attack odds: attack where the chance is good, keep
the front filled with the most valuable cards, consolidate when weak or short of supply,
and save its cards for when they help.
"""

from __future__ import annotations

import random
from typing import Protocol

from rules.core.command import Command

from . import combat
from .commands import (
    Advance, Attack, ChooseGeneral, ChooseSlot, Consolidate, Discard, EndTurn, OrderDeck,
    PlayEvent, Reorganize, Reroll, UseAbility,
)
from .game import FallBlau
from .odds import attack_odds


class Bot(Protocol):
    def choose(self, game: FallBlau) -> Command: ...


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: FallBlau) -> Command:
        return self.rng.choice(game.legal())


# How much the greedy bot values holding each kind of card (for discards and deck order).
CARD_VALUE = {
    "boost": 4, "air_strike": 5, "supply": 3, "replacements": 3, "ready": 3, "vp": 6,
    "cancel_icon": 5, "soviet_bonus": -5, "advance_cost": -4, "lose_supply": -3, "exhaust": -2,
    "lose_cubes": -3, "counterattack": -4, "reinforce": -3, "calendar": -6,
}


class GreedyBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: FallBlau) -> Command:
        legal = game.legal()
        best = max(legal, key=lambda cmd: (self.score(game, cmd), -legal.index(cmd)))
        return best

    # -- scoring ---------------------------------------------------------------
    def score(self, game: FallBlau, cmd: Command) -> float:
        s = game.state
        events = game.content.events
        match cmd:
            case EndTurn():
                return 0.0
            case Attack():
                return self._attack_score(game, cmd)
            case Advance(general=g, card=card, second=second):
                value = self._card_value(game, card) + (self._card_value(game, second) - 1.0 if second else 0)
                reserve = s.supply - game.advance_cost() - (1 if second else 0)
                return 2.0 + value - (1.5 if reserve < 1 else 0)
            case Consolidate(general=g):
                gen = s.generals[g]
                missing = game.content.generals[g].cubes - gen.cubes
                short = max(0, 4 - s.supply)
                return 0.6 + 0.8 * min(missing, 1) + 0.7 * short
            case PlayEvent(card=card, general=g, target=t):
                ev = events[card]
                if ev.effect == "vp":
                    return 5.0
                if ev.effect == "supply":
                    return 2.5 if s.supply + ev.n <= game.c.supply_max and s.supply <= 3 else -1
                if ev.effect == "replacements":
                    missing = game.content.generals[g].cubes - s.generals[g].cubes
                    return 1.0 + min(missing, ev.n) if missing >= 2 else -1
                if ev.effect == "ready":
                    return 3.0 if self._has_good_attack(game, g) else -1
                if ev.effect == "air_strike":
                    front = s.front[t]
                    facing = s.slots[t] is not None and s.generals[s.slots[t]].ready
                    return 1.0 + min(front.red, ev.n) * 0.8 + (1.5 if facing else 0) + 0.2 * combat.card_vp(game.content, front.card)
                return -1
            case UseAbility(general=g):
                return 3.5 if s.generals[g].cubes >= 4 and s.supply >= 2 else -1
            case Reorganize():
                return -2.0
            case Discard(card=card):
                return -CARD_VALUE[events[card].effect] - events[card].n * 0.1
            case ChooseGeneral(general=g):
                gen = s.generals[g]
                if s.decision.kind == "lose_cubes":
                    return gen.cubes
                return -gen.cubes            # exhaust the weakest
            case ChooseSlot(slot=slot):
                front = s.front[slot]
                return -(front.red if front else 0)
            case Reroll(die=None):
                return 0.0
            case Reroll(die=i):
                value = s.attack.white[i]
                return 3.0 - value           # re-roll the lowest die, keep a 3+
            case OrderDeck(order=order):
                return sum(CARD_VALUE[events[x].effect] * (len(order) - k) for k, x in enumerate(order))
        return -5.0

    def _card_value(self, game: FallBlau, card: str) -> float:
        spec = game.content.campaign[card]
        red = game.deploy_red(card)
        unlock_bonus = 0.3 * len(spec.unlocks)
        icon = 0.5 if spec.icon != "none" else 0
        return spec.vp / max(red, 1) * 2 + unlock_bonus - icon - 0.4 * spec.extra_supply

    def _attack_score(self, game: FallBlau, cmd: Attack) -> float:
        s = game.state
        odds = attack_odds(game, cmd)
        card = s.front[cmd.target].card
        vp = combat.card_vp(game.content, card)
        p = float(odds.capture)
        grey = float(odds.expected_grey)
        removed = float(odds.expected_red)
        score = p * (3.0 + vp) + 0.6 * removed - 0.9 * grey - 6.0 * float(odds.general_lost)
        if cmd.boost:
            score -= 1.2
        if s.supply - game.attack_cost(cmd.target) < 1:
            score -= 0.5
        return score

    def _has_good_attack(self, game: FallBlau, general: str) -> bool:
        s = game.state
        slot = game.slot_of(general)
        front = s.front[slot]
        return front is not None and s.supply >= game.attack_cost(slot) and s.generals[general].cubes >= front.red


BOTS = {"random": RandomBot, "greedy": GreedyBot}

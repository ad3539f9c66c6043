"""Exact odds of an Attack!: the chance to capture and the grey cubes likely lost.

Computed, not sampled: every white die falls in one of four classes (loses a grey cube,
misses, removes one red cube, removes two under Panzertruppen), every black die hits or
misses; the class counts are multinomial. A General who may re-roll a white die (Ruoff)
is assumed to re-roll a die that lost a cube if there is one, else a miss while the card
still stands: the preview says so.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import comb, factorial
from typing import Any

from rules.core.attrs_classes import frozen

from . import combat
from .commands import Attack
from .game import FallBlau

LOSS, MISS, HIT, DOUBLE = range(4)


@frozen
class AttackOdds:
    capture: Fraction                  # chance the card is captured by this Attack!
    grey_lost: dict[int, Fraction]     # grey cubes lost -> chance
    general_lost: Fraction             # chance the General loses his last cube
    expected_red: Fraction             # red cubes removed, on average
    white: int
    black: int
    modifier: int
    notes: tuple[str, ...]

    @property
    def expected_grey(self) -> Fraction:
        return sum((k * p for k, p in self.grey_lost.items()), Fraction(0))

    def likely_grey(self) -> int:
        """The most likely number of grey cubes lost."""
        return max(self.grey_lost.items(), key=lambda kv: (kv[1], -kv[0]))[0]


def _white_classes(modifier: int, panzer: bool, c, sixth=Fraction(1, 6)) -> list:
    probs = [sixth * 0] * 4
    for face in range(1, 7):
        red, grey = combat.white_die(face, modifier, panzer, c)
        cls = LOSS if grey else DOUBLE if red == 2 else HIT if red == 1 else MISS
        probs[cls] += sixth
    return probs


def _compositions(n: int):
    for a in range(n + 1):
        for b in range(n - a + 1):
            for d in range(n - a - b + 1):
                yield a, b, d, n - a - b - d


def _multinomial(n: int, counts: tuple[int, ...]) -> int:
    out = factorial(n)
    for k in counts:
        out //= factorial(k)
    return out


def attack_odds(game: FallBlau, cmd: Attack) -> AttackOdds:
    """The exact odds of a legal Attack! in the game's current state."""
    s = game.state
    card = s.front[cmd.target]
    general = s.generals[cmd.general]
    modifier, notes = combat.icon_modifier(game.content, s, card.card, cmd.general)
    red, cubes = card.red, general.cubes
    if red == 0:
        return AttackOdds(Fraction(1), {0: Fraction(1)}, Fraction(0), Fraction(0), 0, 0, modifier, notes)
    spec = game.content.generals[cmd.general]
    white_n, black_n, outcome = _outcomes(game, cmd, modifier, Fraction(1, 6))
    capture = sum((p for (h, _), p in outcome.items() if h >= red), Fraction(0))
    grey: dict[int, Fraction] = defaultdict(Fraction)
    for (_, g), p in outcome.items():
        grey[g] += p
    expected_red = sum((h * p for (h, _), p in outcome.items()), Fraction(0))
    general_lost = sum((p for g, p in grey.items() if g >= cubes), Fraction(0))
    if spec.ability.reroll_white:
        notes = notes + (f"assumes {spec.name} re-rolls a die that lost a cube, else a miss",)
    return AttackOdds(capture, dict(sorted(grey.items())), general_lost, expected_red, white_n, black_n, modifier, notes)


# the outcomes in floats, by what they depend on (a finite set: dice, modifier, cubes), made once
_FLOAT_OUTCOMES: dict[tuple, dict[tuple[int, int], float]] = {}


def attack_outcomes(game: FallBlau, cmd: Attack) -> dict[tuple[int, int], float]:
    """The same exact odds as ``attack_odds``, in floats, as (red cubes removed, grey cubes lost) ->
    chance: the joint outcome a search weighs. A card with no red cubes left: {(0, 0): 1.0}."""
    s = game.state
    card = s.front[cmd.target]
    if card.red == 0:
        return {(0, 0): 1.0}
    general = s.generals[cmd.general]
    modifier, _ = combat.icon_modifier(game.content, s, card.card, cmd.general)
    spec = game.content.generals[cmd.general]
    key = (modifier, spec.kind, spec.ability.reroll_white, general.cubes, cmd.target != game.slot_of(cmd.general),
           game.content.events[cmd.boost].n if cmd.boost else 0, card.red)
    hit = _FLOAT_OUTCOMES.get(key)
    if hit is None:
        hit = _FLOAT_OUTCOMES[key] = dict(_outcomes(game, cmd, modifier, 1 / 6)[2])
    return hit


def _outcomes(game: FallBlau, cmd: Attack, modifier: int, sixth) -> tuple[int, int, dict[tuple[int, int], Any]]:
    """(white dice, black dice, (red removed, grey lost) -> chance), the chances in the type of `sixth`."""
    s, c = game.state, game.c
    card = s.front[cmd.target]
    general = s.generals[cmd.general]
    adjacent = cmd.target != game.slot_of(cmd.general)
    white_n = combat.white_dice_count(general.cubes, adjacent)
    black_n = game.content.events[cmd.boost].n if cmd.boost else 0
    red, cubes = card.red, general.cubes
    spec = game.content.generals[cmd.general]
    w = _white_classes(modifier, spec.kind == "panzer", c, sixth)
    pb = sixth * sum(1 for f in range(1, 7) if combat.black_die(f, modifier, c))
    black_dist = {k: comb(black_n, k) * pb**k * (1 - pb) ** (black_n - k) for k in range(black_n + 1)}
    rerolls = spec.ability.reroll_white

    outcome: dict[tuple[int, int], Any] = defaultdict(lambda: sixth * 0)   # (red removed, grey lost)

    def settle(hits: int, losses: int, p) -> None:
        outcome[(min(hits, red), min(losses, red, cubes))] += p

    for counts in _compositions(white_n):
        nl, nm, nh, nd = counts
        p_white = _multinomial(white_n, counts) * w[LOSS] ** nl * w[MISS] ** nm * w[HIT] ** nh * w[DOUBLE] ** nd
        if p_white == 0:
            continue
        for bh, pbk in black_dist.items():
            p = p_white * pbk
            hits = nh + 2 * nd + bh
            if rerolls and (nl or (nm and hits < red)):
                # re-roll a die that lost a cube, else a miss: it becomes a new die of any class
                base_l = nl - 1 if nl else nl
                for cls, pc in enumerate(w):
                    extra_hits = {HIT: 1, DOUBLE: 2}.get(cls, 0)
                    settle(hits + extra_hits, base_l + (cls == LOSS), p * pc)
            else:
                settle(hits, nl, p)
    return white_n, black_n, dict(outcome)

"""The evaluation of a Roads position for one side, in VP-like units (campaign 16, 4.3).

It is only ever called on a determinized world the AI built itself (``determinize.py``), so it
may read that world's whole state: every hidden part of it is the AI's own sample.

Terms, each in VP-like units:
- the VP score of rule 16 (cities that trace supply, destroyed enemy units), counting more as
  the decks run down (the clock of 4.3: the game ends when a deck is empty, so a lead late is
  worth more than the same lead early);
- the field strength of the units on the map (tactical value plus a third of cohesion, less when
  depleted, disorganized or isolated, 9.6.6);
- pressure on the objectives: each city that scores for a side and is not held by it, weighed by
  its VP and by 2^-distance from the nearest unit of that side (the TripleA area value);
- cards in hand and RPs on the map (the means of the next operations).
"""

from __future__ import annotations

from collections import deque
from itertools import repeat

from ..state import AXIS, SOVIET, other
from ..victory import city_value, score

WIN = 100.0
UNIT_WEIGHT = 0.12
CARD_WEIGHT = 0.3
RP_WEIGHT = 0.35
PRESSURE_WEIGHT = 0.6

_DIST: dict[int, dict[str, dict[str, int]]] = {}


def distances(board) -> dict[str, dict[str, int]]:
    """All-pairs area distances over the map's borders (kept per map)."""
    key = id(board)
    if key not in _DIST:
        table = {}
        for start in board.areas:
            seen = {start: 0}
            todo = deque([start])
            while todo:
                here = todo.popleft()
                for n in board.neighbours(here):
                    if n not in seen:
                        seen[n] = seen[here] + 1
                        todo.append(n)
            table[start] = seen
        _DIST[key] = table
    return _DIST[key]


_CITIES: dict[int, tuple] = {}


def _cities(board) -> tuple[str, ...]:
    """The city areas of the map, in its order (kept per map)."""
    kept = _CITIES.get(id(board))
    if kept is None or kept[0] is not board:
        kept = _CITIES[id(board)] = (board, tuple(a for a, ar in board.areas.items() if ar.city))
    return kept[1]


def unit_strength(content, counter) -> float:
    u = content.units[counter.id]
    vals = u.depleted if counter.depleted else u
    v = vals.tactical + vals.cohesion / 3
    if counter.disorganized:
        v *= 0.7
    if counter.isolated:
        v *= 0.5
    return v


def clock(g) -> float:
    """0 at the start, 1 when a deck is empty (the end of the game, 4.3)."""
    s = g.state
    full = max(1, len([c for c in g.content.cards.values() if c.side == AXIS]) - g.rules.hand_limit)
    left = min(len(s.cards[AXIS].deck), len(s.cards[SOVIET].deck))
    return max(0.0, min(1.0, 1 - left / full))


def evaluate(g, side: str) -> float:
    s = g.state
    foe = other(side)
    vp = score(g)
    diff = vp[side] - vp[foe]
    if s.phase == "over":
        return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0)
    total = diff * (1 + clock(g))
    board = g.map
    strength = {AXIS: 0.0, SOVIET: 0.0}
    where = {AXIS: set(), SOVIET: set()}
    for c in s.units.values():
        if c.where in board.areas:
            strength[c.side] += unit_strength(g.content, c)
            where[c.side].add(c.where)
    total += UNIT_WEIGHT * (strength[side] - strength[foe])
    dist = distances(board)
    control = s.control
    for sd, sign in ((side, 1), (foe, -1)):
        if not where[sd]:
            continue
        places = list(where[sd])
        for area in _cities(board):
            if control.get(area) == sd:
                continue
            v = city_value(g, area, sd)
            if not v:
                continue
            d = min(map(dist[area].get, places, repeat(99)))
            total += sign * PRESSURE_WEIGHT * v * 2.0 ** (-d)
    total += CARD_WEIGHT * (len(s.cards[side].hand) - len(s.cards[foe].hand))
    total += RP_WEIGHT * (sum(s.rp[side].values()) - sum(s.rp[foe].values()))
    return total

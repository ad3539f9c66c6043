"""Supply and placement: the supply path of an operation (series 5.2.3), where Resource
Points and reinforcements may go (campaign 5, 7, 15.e) and the city trace that also decides
which cities score (campaign 16.a)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .geography import occupancy
from .state import AXIS, SOVIET, other

if TYPE_CHECKING:
    from .game import Roads


def within(g: Roads, start: str, steps: int, free) -> dict[str, int]:
    """Areas reachable from `start` in at most `steps` moves, entering only areas for which
    `free(area)` holds; area -> distance."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if seen[here] == steps:
            continue
        for n in g.map.neighbours(here):
            if n not in seen and free(n):
                seen[n] = seen[here] + 1
                todo.append(n)
    return seen


def supplied_areas(g: Roads, side: str, op_area: str) -> set[str]:
    """Series 5.2.3: units may spend SP when they trace a path of at most three areas free
    of enemy units to the Active Operation area (the Volga may be traced across, 1.b.I)."""
    memo = g._memo
    key = ("supplied", side, op_area)
    if memo is not None and key in memo:
        return memo[key]
    foe = other(side)
    occ = occupancy(g)
    reach = set(within(g, op_area, g.rules.supply_path, lambda a: foe not in occ.get(a, ())))
    if memo is not None:
        memo[key] = reach
    return reach


_PLACES: dict[tuple[int, str], tuple] = {}


def _chain_places(board, side: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The areas that can be places of ``side``'s chain (cities; Soviets: and supply symbols)
    and the sources it starts from (Axis: the rear; Soviets: sources and supply symbols), in
    the map's order, as printed (kept per map and side)."""
    kept = _PLACES.get((id(board), side))
    if kept is None or kept[0] is not board:
        areas = board.areas
        places = tuple(a for a, ar in areas.items() if ar.city or (side == SOVIET and ar.soviet_supply))
        if side == AXIS:
            starts = tuple(a for a, ar in areas.items() if ar.axis_rear)
        else:
            starts = tuple(a for a, ar in areas.items() if ar.soviet_source or ar.soviet_supply)
        kept = _PLACES[(id(board), side)] = (board, places, starts)
    return kept[1], kept[2]


def _trace(g: Roads, side: str) -> set[str]:
    """Campaign 5.a.IV / 5.b: the controlled cities (Soviets: and supply symbols) joined to a
    source by a chain of such places, each no more than three enemy-free areas from the next.
    One sweep: each area keeps the most steps left on arrival; a place of the chain resets them."""
    foe = other(side)
    occ = occupancy(g)
    control = g.state.control
    spacing = g.rules.trace_spacing

    places, starts = _chain_places(g.map, side)
    # the places of the chain: controlled cities (Soviets: and supply symbols)
    nodes = {a for a in places if control.get(a) == side}
    blocked = {a for a, sides in occ.items() if foe in sides}
    sources = [a for a in starts if a in nodes]
    reached = set(sources)
    left = {a: spacing for a in sources}
    todo = deque(sources)
    neighbours = g.map.neighbours
    while todo:
        here = todo.popleft()
        steps = left[here]
        if steps < 1:
            continue
        for n in neighbours(here):
            if n in blocked:
                continue
            if n in nodes:
                reached.add(n)
                arrive = spacing
            else:
                arrive = steps - 1
            if arrive > left.get(n, -1):
                left[n] = arrive
                todo.append(n)
    return reached


def traced_cities(g: Roads, side: str) -> set[str]:
    key = (g._version, side)
    cache = g._trace_cache
    if key not in cache:
        cache.clear() if len(cache) > 8 else None
        cache[key] = _trace(g, side)
    return cache[key]


def railhead_open(g: Roads) -> bool:
    """Campaign 5.a.II-III: after a Railhead Advance, while the Axis holds Rostov and Millerovo."""
    s = g.state
    return s.railheads > 0 and all(s.control.get(c) == AXIS for c in g.rules.railhead_first)


def placement_areas(g: Roads, side: str) -> list[str]:
    """Where a new Resource Point or reinforcement of `side` may go (campaign 5, 7)."""
    s = g.state
    foe = other(side)
    occ = occupancy(g)
    if side == AXIS and not railhead_open(g):
        out = [a for a, ar in g.map.areas.items()
               if ar.axis_setup and ar.city and s.control.get(a) == AXIS]
    else:
        out = sorted(traced_cities(g, side))
    return [a for a in out if foe not in occ.get(a, ())]


def rp_areas(g: Roads, side: str) -> list[str]:
    """Campaign 5 with Directive 45 (15.e): the Axis alternates Army Groups A and B, the
    first RP in either (the box is empty until then: RULINGS.md)."""
    places = placement_areas(g, side)
    if side == AXIS and "directive-45" in g.state.permanents and g.state.d45_next:
        group = [a for a in places if g.map.areas[a].army_group == g.state.d45_next]
        if group:
            return group
    return places


def scoring_cities(g: Roads, side: str) -> set[str]:
    """Campaign 16.a: a city scores for its controller only when it fulfils rule 5's trace."""
    return traced_cities(g, side)

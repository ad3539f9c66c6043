"""Where things are: units per area, enemy-occupied and enemy-held areas, control
(campaign 1.f) and isolation (series 9.6.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.events import Event

from .state import AXIS, SOVIET, other

if TYPE_CHECKING:
    from .game import Roads


def units_in(g: Roads, area: str, side: str | None = None) -> list[str]:
    memo = g._memo
    if memo is None:
        return [c.id for c in g.state.units.values()
                if c.where == area and (side is None or c.side == side)]
    at = memo.get("units-at")
    if at is None:                       # area -> (unit, side) in the counters' order
        at = memo["units-at"] = {}
        for c in g.state.units.values():
            at.setdefault(c.where, []).append((c.id, c.side))
    return [u for u, sd in at.get(area, ()) if side is None or sd == side]


def occupied_by(g: Roads, area: str, side: str) -> bool:
    """Units of `side` are in `area`."""
    return any(c.where == area and c.side == side for c in g.state.units.values())


def occupancy(g: Roads) -> dict[str, set[str]]:
    """area -> the sides with units there (one pass over the counters; kept while legal() is
    listed, when nothing moves)."""
    memo = g._memo
    if memo is not None and "occupancy" in memo:
        return memo["occupancy"]
    out: dict[str, set[str]] = {}
    areas = g.map.areas
    for c in g.state.units.values():
        where = c.where
        if where in areas:
            if where in out:
                out[where].add(c.side)
            else:
                out[where] = {c.side}
    if memo is not None:
        memo["occupancy"] = out
    return out


def enemy_occupied(g: Roads, area: str, side: str, occ: dict[str, set[str]] | None = None) -> bool:
    """Series 9.6.3f: an area is enemy-occupied when enemy units or enemy RPs are in it."""
    foe = other(side)
    occ = occupancy(g) if occ is None else occ
    return foe in occ.get(area, ()) or g.state.rp[foe].get(area, 0) > 0


def take_control(g: Roads, area: str, side: str) -> list[Event]:
    """Campaign 1.f.III: the last side to move through an area without enemy units there."""
    if g.state.control.get(area) == side:
        return []
    g.state.control[area] = side
    return [Event(f"{g.side_name(side)} now control {g.area_name(area)}.", "RtS 1.f.III", "control")]


def leader_follows(g: Roads, left: str, to: str, along: bool = False) -> list[Event]:
    """Series 12.2: a leader never stays without units. When the last Axis units leave his
    area (or he goes `along` with them) he goes where they go; off the map by the western edge
    (campaign 1.d.II) he leaves the game with them, not eliminated (no VP, 16.b.I)."""
    s = g.state
    if not s.leader or s.leader != left or (not along and units_in(g, left, AXIS)):
        return []
    if to in g.map.areas:
        s.leader = to
        return [Event(f"Manstein goes with them to {g.area_name(to)} (a leader never stays alone).",
                      "CC 12.2", "move")]
    s.leader = ""
    return [Event("Manstein leaves the map with them by the western edge: not eliminated, he "
                  "cannot return.", "CC 12.2, RtS 1.d.II", "move")]


def leaves_by_west_edge(g: Roads, unit: str, area: str) -> bool:
    """Campaign 1.d.II: a German unit that began the game in Kerch may leave the map by the
    western edge from an area on that edge."""
    return g.content.units[unit].kerch and area in g.map.areas and "west" in g.map.areas[area].edge


def passable(g: Roads, unit: str, here: str, there: str, memo: dict | None = None) -> bool:
    """Whether `unit` could enter `there` from `here` as things stand (ruling on 9.6.6a's
    "impassable"): not across the Kerch Straits for a Soviet before winter (campaign 1.d.I),
    not across the Volga while it is closed (1.b.I), and for the Axis not into an area the
    nationality rules forbid it (3.a, 3.b, 3.c). `memo` keeps the nationality answers of one
    sweep: they depend only on the nation and the area."""
    mv = _movement()
    nation = g.content.units[unit].nation
    if here in g.straits_and_volga:
        kind = g.map.border(here, there)
        if kind == "kerch" and g.state.units[unit].side != AXIS and not mv.winter(g):
            return False
        if kind == "volga" and mv.volga_closed(g):
            return False
    if nation not in mv.NON_GERMAN:
        return True                     # campaign 3 binds only the other Axis nations
    if memo is None:
        return mv.nationality_ok(g, [unit], there)
    key = (nation, there)
    if key not in memo:
        memo[key] = mv.nationality_ok(g, [unit], there)
    return memo[key]


_MOVEMENT = []


def _movement():
    """The movement module (it imports this one: bound at the first call, not at each)."""
    if not _MOVEMENT:
        from . import movement
        _MOVEMENT.append(movement)
    return _MOVEMENT[0]


def update_isolation(g: Roads) -> list[Event]:
    """Series 9.6.6: a unit whose every neighbouring area is enemy-occupied or impassable to it
    is isolated the moment it happens; the marker comes off the moment it ends. The western
    edge is a way out for the German Kerch units (campaign 1.d.II). Judged after every command
    (``Roads._apply``) and before each battle step (``battle.resolve_step``)."""
    if g._memo is None:
        g._memo = {}                      # nothing moves while isolation is judged
        try:
            return update_isolation(g)
        finally:
            g._memo = None
    NON_GERMAN = _movement().NON_GERMAN
    events: list[Event] = []
    occ = occupancy(g)
    b = g.state.battle
    rp = g.state.rp
    memo: dict = {}
    areas, neighbours, units = g.map.areas, g.map.neighbours, g.content.units
    # the enemy-occupied areas (9.6.3f: enemy units or enemy RPs) for each side
    blocked = {}
    for side in (AXIS, SOVIET):
        foe = other(side)
        blocked[side] = {a for a, sides in occ.items() if foe in sides}
        blocked[side].update(a for a, n in rp[foe].items() if n)
    ways: dict[tuple[str, str], list[str]] = {}     # (area, side) -> the ways out of it
    for c in g.state.units.values():
        here = c.where
        if here not in areas:
            continue
        u = units[c.id]
        if u.kerch and "west" in areas[here].edge:
            isolated = False                      # leaves_by_west_edge (campaign 1.d.II)
        else:
            free = ways.get((here, c.side))
            if free is None:
                # 9.6.6d: units surrounding it that attack it still surround it
                attacked_from = (b.came_from if b is not None and b.area == here
                                 and other(c.side) == b.attacker else "")
                out = blocked[c.side]
                free = ways[here, c.side] = [n for n in neighbours(here)
                                             if n != attacked_from and n not in out]
            if not free:
                isolated = True
            elif here not in g.straits_and_volga and u.nation not in NON_GERMAN:
                isolated = False                  # every neighbour is passable to it
            else:
                isolated = not any(passable(g, c.id, here, n, memo) for n in free)
        if isolated != c.isolated:
            c.isolated = isolated
            word = "is isolated" if isolated else "is no longer isolated"
            events.append(Event(f"{g.unit_name(c.id)} {word} in {g.area_name(here)}.",
                                "CC 9.6.6", "isolation"))
    return events

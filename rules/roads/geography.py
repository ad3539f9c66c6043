"""Where things are: units per area, enemy-occupied and enemy-held areas, control
(campaign 1.f) and isolation (series 9.6.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.events import Event

from .state import other

if TYPE_CHECKING:
    from .game import Roads


def units_in(g: Roads, area: str, side: str | None = None) -> list[str]:
    return [c.id for c in g.state.units.values()
            if c.where == area and (side is None or c.side == side)]


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
    for c in g.state.units.values():
        if c.where in g.map.areas:
            out.setdefault(c.where, set()).add(c.side)
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


def update_isolation(g: Roads) -> list[Event]:
    """Series 9.6.6: a unit whose every neighbouring area is enemy-occupied (or impassable)
    is isolated the moment it happens; the marker comes off the moment it ends."""
    events: list[Event] = []
    occ = occupancy(g)
    b = g.state.battle
    for c in g.state.units.values():
        if c.where not in g.map.areas:
            continue
        foe = other(c.side)
        # 9.6.6d: units surrounding it that attack it still surround it
        attacked_from = b.came_from if b is not None and b.area == c.where and foe == b.attacker else ""
        isolated = all(foe in occ.get(n, ()) or g.state.rp[foe].get(n, 0) > 0 or n == attacked_from
                       for n in g.map.neighbours(c.where))
        if isolated != c.isolated:
            c.isolated = isolated
            word = "is isolated" if isolated else "is no longer isolated"
            events.append(Event(f"{g.unit_name(c.id)} {word} in {g.area_name(c.where)}.",
                                "CC 9.6.6", "isolation"))
    return events

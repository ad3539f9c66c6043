"""Victory points (campaign 16; series 4.3): cities that fulfil rule 5's trace, and
destroyed enemy units."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.attrs_classes import frozen

from .state import AXIS, DESTROYED, SOVIET

if TYPE_CHECKING:
    from .game import Roads


@frozen
class Score:
    cities: int
    units: int

    @property
    def total(self) -> int:
        return self.cities + self.units


def city_value(g: Roads, area: str, side: str) -> int:
    """16.a: the printed circle; Stalingrad is worth more to the Axis under Directive 45."""
    a = g.map.areas[area]
    if side == AXIS:
        if a.vp_axis_d45 and "directive-45" in g.state.permanents:
            return a.vp_axis_d45
        return a.vp_axis
    return a.vp_soviet


def breakdown(g: Roads, side: str) -> Score:
    from .supply import scoring_cities
    s = g.state
    cities = sum(city_value(g, a, side) for a in scoring_cities(g, side) if s.control.get(a) == side)
    r = g.rules
    if side == SOVIET:
        units = 0
        for c in s.units.values():
            if c.side == AXIS and c.where == DESTROYED:
                u = g.content.units[c.id]
                units += r.vp_german_panzer if (u.kind == "panzer" and u.nation in ("german", "ss")) else r.vp_axis_infantry
        units += r.vp_manstein if s.leader_gone else 0
    else:
        dead = sum(1 for c in s.units.values() if c.side == SOVIET and c.where == DESTROYED)
        units = dead // r.soviet_units_per_vp
    return Score(cities, units)


def score(g: Roads) -> dict[str, int]:
    return {side: breakdown(g, side).total for side in (AXIS, SOVIET)}

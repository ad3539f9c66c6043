"""The campaign's charts and tables as plain functions over the content (content/victory/).

- ``two_maps``: the Random Two Map Generator Chart (4.2): rows are the Allied map, columns the
  Axis map, each 3d6 sequence appears exactly once.
- ``layout_fits``: the Map Layout Chart (4.2, ours: the chart is missing from the text).
- ``battle_ends``: Table 2 (4.4).
- ``forcepools``: Table 3 (5.4), by the winning margin in VP.
- ``special_group``: Table 4 (5.5).
- ``victory_level``: Table 5 (6.0).
- ``engineer_roll`` / ``marine_roll``: 3.2 and 3.3, success on a roll at or below the unit's CV.
- ``battle_points``: 5.1, cities' value plus 2 per resource in supply.
"""

from __future__ import annotations

from collections.abc import Sequence

from .content import Content, load

# Bounds of a Battle Point entry (ours: the printed maps are not in the text). Two maps never
# hold more city value or resources than this; the entry form offers 0..these.
MAX_CITY_VALUE = 40
MAX_RESOURCES = 12


def _c(content: Content | None) -> Content:
    return content if content is not None else load()


def two_maps(rolls: Sequence[int], content: Content | None = None) -> tuple[int, int]:
    """VIC 4.2: three d6 rolled in sequence -> (Allied map, Axis map), exactly as printed.
    Example: (4, 1, 6) -> (13, 9): Axis map 9, Allied map 13."""
    rolls = tuple(rolls)
    if len(rolls) != 3 or not all(type(r) is int and 1 <= r <= 6 for r in rolls):
        raise ValueError(f"the chart is read with three d6 results, not {rolls!r}")
    return _c(content).sequences["".join(str(r) for r in rolls)]


def meeting_edges(layout: int, content: Content | None = None) -> tuple[str, str]:
    """The Map Layout Chart (ours): (the Allied map's edge, the Axis map's edge) that meet."""
    lay = _c(content).layouts[layout]
    return lay.allied_edge, lay.axis_edge


def layout_fits(allied_map: int, axis_map: int, layout: int, content: Content | None = None) -> bool:
    """VIC 4.2: the two maps fit a layout when the meeting edges are land with land or sea with sea."""
    return _c(content).fits(allied_map, axis_map, layout)


def battle_ends(turn: int, roll: int, content: Content | None = None) -> bool:
    """VIC 4.4 Table 2: at the start of ``turn`` a 1d6 ``roll`` at or below the turn's number ends
    the battle at once. Before turn 7 no roll is made (never ends); turn 12 always ends it."""
    c = _c(content)
    if not 1 <= roll <= 6:
        raise ValueError(f"a 1d6 result is 1 to 6, not {roll}")
    if turn < c.constants.length_roll_from_turn:
        return False
    if turn >= c.constants.last_turn:
        return True
    return roll <= c.battle_length[turn]


def forcepools(margin: int, content: Content | None = None) -> tuple[str, ...]:
    """VIC 5.4 Table 3: the forcepools a player picks reinforcements from, by the VP they won the
    previous battle by. The loser and both players of a draw (margin 0 or less): Std only;
    +1 VP: Std and +1; +2: Std, +1, +2; ... +4 or more: all five."""
    pools = _c(content).constants.pools
    return pools[:1 + max(0, min(margin, len(pools) - 1))]


def special_group(roll: int, content: Content | None = None) -> tuple[str, str, str, str]:
    """VIC 5.5 Table 4: the four types of the Special Reinforcement Group for a 1d6 roll."""
    row = _c(content).special_group.get(roll)
    if row is None:
        raise ValueError(f"Table 4 is read with a 1d6 result, not {roll!r}")
    return row  # type: ignore[return-value]


def victory_level(net_vp: int, content: Content | None = None) -> tuple[str, int]:
    """VIC 6.0 Table 5: (victory level, Tournament Points) for the net VP (higher total minus
    lower). A "Draw" gives each player 1 TP: callers know both get it."""
    if net_vp < 0:
        raise ValueError("net VP is the higher total minus the lower: never negative")
    for band in _c(content).victory_levels:
        if band.min <= net_vp <= band.max:
            return band.level, band.tp
    top = _c(content).victory_levels[-1]
    return top.level, top.tp


def engineer_roll(cv: int, roll: int) -> bool:
    """VIC 3.2: an EN unit repairs or builds on one die at or below its current CV."""
    return roll <= cv


def marine_roll(cv: int, roll: int) -> bool:
    """VIC 3.3: an MA unit emplaces a Mulberry on one die at or below its current CV."""
    return roll <= cv


def battle_points(cities: int, resources: int, content: Content | None = None) -> int:
    """VIC 5.1: the value of friendly cities in supply plus 2 per friendly resource in supply."""
    return cities + _c(content).constants.resource_bp * resources

"""Victory: The Blocks of War campaign content: the unit types, Tables 2, 4 and 5 with the
campaign constants, the Two Map Generator Chart, the 16 maps and the 8 map layouts, loaded from
``content/victory/{units,tables,maps}.toml`` and validated at load (every error names the
file, the entry and the field).

The file shapes are described in a comment at the top of each file; what is transcribed and
what is ours is in ``content/victory/NOTES.md``.
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from rules.core.attrs_classes import frozen
from rules.core.content import loaded_once, read_toml, require, structure
from rules.core.kept import kept_or_read
from rules.core.errors import ContentError

GAME = "victory"
BRANCHES = ("air", "naval", "army")
EDGES = ("north", "east", "south", "west")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
MAPS = 16
LAYOUTS = 8


@frozen
class UnitType:
    """One unit type (units.toml [[unit]]): the rulebook's abbreviation, our name, its branch
    and the forcepool it is drawn from (Table 1: "std"; Table 3: "+1".."+4")."""

    id: str
    name: str
    branch: Literal["air", "naval", "army"]
    pool: str


@frozen
class Constants:
    """The campaign constants (tables.toml [constants]); ``start_split`` maps CV -> units (the
    TOML's string keys are read as numbers)."""

    battles: int
    battle_group_size: int
    start_split: dict[int, int]
    max_cv: int
    augmentation: int
    reinforcements: int
    reinforcement_cv: int
    pools: tuple[str, ...]
    resource_bp: int
    withdrawal_min_vp: int
    special_group_lead: int
    special_group_cv: int
    special_group_vp: int
    length_roll_from_turn: int
    last_turn: int
    transfer_out_max: int
    transfer_in_max: int


@frozen
class BattleLength:
    turn: int
    ends_on_or_below: int


@frozen
class SpecialRow:
    roll: int
    types: tuple[str, ...]


@frozen
class VictoryLevel:
    min: int
    max: int
    level: str
    tp: int


@frozen
class ChartRow:
    allied: int
    cells: tuple[str, ...]


@frozen
class MapInfo:
    """One of the 16 maps (ours: names and edges)."""

    id: int
    name: str
    north: Literal["land", "sea"]
    east: Literal["land", "sea"]
    south: Literal["land", "sea"]
    west: Literal["land", "sea"]

    def edge(self, side: str) -> str:
        return getattr(self, side)


@frozen
class Layout:
    """One line of the Map Layout Chart (ours): where the Axis map lies against the Allied map
    and whether it is turned 180 degrees."""

    roll: int
    axis_side: Literal["north", "south", "east", "west"]
    axis_turned: bool
    text: str

    @property
    def allied_edge(self) -> str:
        """The Allied map's edge that meets the Axis map."""
        return self.axis_side

    @property
    def axis_edge(self) -> str:
        """The Axis map's edge that meets the Allied map (the same side when turned)."""
        return self.axis_side if self.axis_turned else OPPOSITE[self.axis_side]


@frozen
class Content:
    units: dict[str, UnitType]                       # in file order
    constants: Constants
    battle_length: dict[int, int]                    # turn -> highest 1d6 that ends the battle
    special_group: dict[int, tuple[str, ...]]        # 1d6 -> four types (Table 4)
    victory_levels: tuple[VictoryLevel, ...]         # Table 5, ascending
    chart: dict[tuple[int, int], str]                # (allied, axis) -> "416"
    sequences: dict[str, tuple[int, int]]            # "416" -> (allied, axis)
    maps: dict[int, MapInfo]
    layouts: dict[int, Layout]

    def pool_types(self, pools: tuple[str, ...]) -> tuple[str, ...]:
        """The unit types drawn from any of ``pools``, in file order."""
        return tuple(u.id for u in self.units.values() if u.pool in pools)

    @property
    def standard(self) -> tuple[str, ...]:
        return self.pool_types(("std",))

    def standard_of(self, branch: str) -> tuple[str, ...]:
        return tuple(u.id for u in self.units.values() if u.pool == "std" and u.branch == branch)

    def fits(self, allied: int, axis: int, layout: int) -> bool:
        lay = self.layouts[layout]
        return self.maps[allied].edge(lay.allied_edge) == self.maps[axis].edge(lay.axis_edge)


def _list(doc: dict[str, Any], key: str, file: str) -> list:
    raw = doc.get(key)
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{file}: no [[{key}]] entries")
    return raw


def _unknown_keys(doc: dict[str, Any], known: tuple[str, ...], file: str) -> None:
    for key in doc:
        if key not in known:
            raise ContentError(f"{file}: unknown table or key '{key}' (known: {', '.join(known)})")


# ----------------------------------------------------------------------------- units.toml
def _load_units(pools: tuple[str, ...]) -> dict[str, UnitType]:
    file = "content/victory/units.toml"
    doc = read_toml(GAME, "units.toml")
    _unknown_keys(doc, ("unit",), file)
    units: dict[str, UnitType] = {}
    for number, raw in enumerate(_list(doc, "unit", file), start=1):
        name = raw.get("id", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        where = f"{file}: unit '{name}' (entry {number})"
        u = structure(raw, UnitType, where)
        require(u.id.strip() != "" and u.id == u.id.strip(), where, "id", "must be a non-empty abbreviation")
        require(u.id not in units, where, "id", "duplicate id")
        require(u.name.strip() != "", where, "name", "must not be empty")
        require(u.pool in pools, where, "pool", f"unknown forcepool '{u.pool}' (pools: {', '.join(pools)})")
        units[u.id] = u
    for branch in BRANCHES:
        require(any(u.pool == "std" and u.branch == branch for u in units.values()), file, "pool",
                f"Table 1 needs at least one standard {branch} type (5.5 substitutes by branch)")
    return units


# ----------------------------------------------------------------------------- tables.toml
def _load_constants(doc: dict[str, Any]) -> Constants:
    file = "content/victory/tables.toml"
    where = f"{file}: [constants]"
    raw = structure(doc.get("constants"), Constants, where)
    for cv, count in raw.start_split.items():
        require(1 <= cv <= raw.max_cv, where, "start_split", f"'{cv}' is not a CV from 1 to {raw.max_cv}")
        require(count >= 0, where, "start_split", f"the count at {cv} CV must not be negative")
    require(sum(raw.start_split.values()) == raw.battle_group_size, where, "start_split",
            f"the counts add up to {sum(raw.start_split.values())}, not battle_group_size {raw.battle_group_size}")
    positive = ("battles", "battle_group_size", "max_cv", "reinforcement_cv", "special_group_cv",
                "length_roll_from_turn", "last_turn")
    for field in positive:
        require(getattr(raw, field) >= 1, where, field, "must be at least 1")
    for field in ("augmentation", "reinforcements", "resource_bp", "withdrawal_min_vp", "special_group_lead",
                  "special_group_vp", "transfer_out_max", "transfer_in_max"):
        require(getattr(raw, field) >= 0, where, field, "must not be negative")
    require(raw.reinforcement_cv <= raw.max_cv, where, "reinforcement_cv", "must not exceed max_cv")
    require(raw.special_group_cv <= raw.max_cv, where, "special_group_cv", "must not exceed max_cv")
    require(len(raw.pools) >= 1 and raw.pools[0] == "std", where, "pools", "must start with \"std\"")
    require(len(set(raw.pools)) == len(raw.pools), where, "pools", "names a pool twice")
    require(raw.length_roll_from_turn <= raw.last_turn, where, "length_roll_from_turn",
            "must not come after last_turn")
    return attrs.evolve(raw, start_split=dict(sorted(raw.start_split.items(), reverse=True)))


def _load_tables(doc: dict[str, Any], c: Constants, units: dict[str, UnitType]):
    file = "content/victory/tables.toml"
    _unknown_keys(doc, ("constants", "battle_length", "special_group", "victory_level"), file)
    # Table 2
    length: dict[int, int] = {}
    for number, raw in enumerate(_list(doc, "battle_length", file), start=1):
        label = raw.get("turn", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        where = f"{file}: battle_length turn {label} (entry {number})"
        row = structure(raw, BattleLength, where)
        require(c.length_roll_from_turn <= row.turn <= c.last_turn, where, "turn",
                f"must be from {c.length_roll_from_turn} to {c.last_turn} (length_roll_from_turn to last_turn)")
        require(row.turn not in length, where, "turn", "duplicate turn")
        require(0 <= row.ends_on_or_below <= 6, where, "ends_on_or_below", "must be a 1d6 result from 0 to 6")
        if row.turn == c.last_turn:
            require(row.ends_on_or_below == 6, where, "ends_on_or_below", "the last turn always ends the battle: 6")
        length[row.turn] = row.ends_on_or_below
    for turn in range(c.length_roll_from_turn, c.last_turn):
        require(turn in length, file, "battle_length", f"Table 2 has no row for turn {turn}")
    length.setdefault(c.last_turn, 6)
    # Table 4
    special: dict[int, tuple[str, ...]] = {}
    for number, raw in enumerate(_list(doc, "special_group", file), start=1):
        label = raw.get("roll", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        where = f"{file}: special_group roll {label} (entry {number})"
        row = structure(raw, SpecialRow, where)
        require(1 <= row.roll <= 6, where, "roll", "must be a 1d6 result from 1 to 6")
        require(row.roll not in special, where, "roll", "duplicate roll")
        require(len(row.types) == 4, where, "types", f"Table 4 gives four types per row, not {len(row.types)}")
        for t in row.types:
            require(t in units, where, "types", f"unknown unit type '{t}'")
            require(units[t].pool != "std", where, "types", f"'{t}' is a standard type, not a special one")
        special[row.roll] = tuple(row.types)
    require(sorted(special) == list(range(1, 7)), file, "special_group", "Table 4 needs rows 1 to 6")
    # Table 5
    levels: list[VictoryLevel] = []
    for number, raw in enumerate(_list(doc, "victory_level", file), start=1):
        label = raw.get("level", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        where = f"{file}: victory_level '{label}' (entry {number})"
        lv = structure(raw, VictoryLevel, where)
        expected = levels[-1].max + 1 if levels else 0
        require(lv.min == expected, where, "min", f"the bands must run on without gaps: expected {expected}")
        require(lv.max >= lv.min, where, "max", "must not be below min")
        require(lv.tp >= 0, where, "tp", "must not be negative")
        require(lv.level.strip() != "", where, "level", "must not be empty")
        levels.append(lv)
    return length, special, tuple(levels)


# ----------------------------------------------------------------------------- maps.toml
def _load_maps():
    file = "content/victory/maps.toml"
    doc = read_toml(GAME, "maps.toml")
    _unknown_keys(doc, ("chart_row", "map", "layout"), file)
    chart: dict[tuple[int, int], str] = {}
    sequences: dict[str, tuple[int, int]] = {}
    rows_seen: set[int] = set()
    for number, raw in enumerate(_list(doc, "chart_row", file), start=1):
        label = raw.get("allied", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        where = f"{file}: chart_row allied {label} (entry {number})"
        row = structure(raw, ChartRow, where)
        require(1 <= row.allied <= MAPS, where, "allied", f"must be a map from 1 to {MAPS}")
        require(row.allied not in rows_seen, where, "allied", "duplicate row")
        rows_seen.add(row.allied)
        require(len(row.cells) == MAPS, where, "cells", f"needs {MAPS} cells (Axis maps 1-{MAPS}), not {len(row.cells)}")
        for axis, cell in enumerate(row.cells, start=1):
            field = f"cells[{axis - 1}] (Axis map {axis})"
            if cell == "":
                continue
            require(len(cell) == 3 and all(ch in "123456" for ch in cell), where, field,
                    f"'{cell}' is not a 3d6 sequence like \"416\"")
            require(axis != row.allied, where, field, "a map is never drawn against itself")
            require(cell not in sequences, where, field,
                    f"'{cell}' already gives Allied map {sequences.get(cell, (0, 0))[0]}, Axis map "
                    f"{sequences.get(cell, (0, 0))[1]}")
            sequences[cell] = (row.allied, axis)
            chart[(row.allied, axis)] = cell
    require(rows_seen == set(range(1, MAPS + 1)), file, "chart_row", f"needs rows for Allied maps 1 to {MAPS}")
    missing = [f"{a}{b}{c}" for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
               if f"{a}{b}{c}" not in sequences]
    require(not missing, file, "chart_row", f"every 3d6 sequence must appear once; missing: {', '.join(missing[:8])}")

    maps: dict[int, MapInfo] = {}
    for number, raw in enumerate(_list(doc, "map", file), start=1):
        label = raw.get("id", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        where = f"{file}: map {label} (entry {number})"
        m = structure(raw, MapInfo, where)
        require(1 <= m.id <= MAPS, where, "id", f"must be from 1 to {MAPS}")
        require(m.id not in maps, where, "id", "duplicate id")
        require(m.name.strip() != "", where, "name", "must not be empty")
        maps[m.id] = m
    require(sorted(maps) == list(range(1, MAPS + 1)), file, "map", f"needs maps 1 to {MAPS}")

    layouts: dict[int, Layout] = {}
    for number, raw in enumerate(_list(doc, "layout", file), start=1):
        label = raw.get("roll", f"#{number}") if isinstance(raw, dict) else f"#{number}"
        where = f"{file}: layout {label} (entry {number})"
        lay = structure(raw, Layout, where)
        require(1 <= lay.roll <= LAYOUTS, where, "roll", f"must be a 1d{LAYOUTS} result from 1 to {LAYOUTS}")
        require(lay.roll not in layouts, where, "roll", "duplicate roll")
        layouts[lay.roll] = lay
    require(sorted(layouts) == list(range(1, LAYOUTS + 1)), file, "layout", f"needs layouts 1 to {LAYOUTS}")
    return chart, sequences, maps, layouts


@loaded_once
def load() -> Content:
    """Load and validate all Victory campaign content (cached: content is read once; kept
    between runs when ``rules.core.kept`` has a folder)."""
    return kept_or_read(GAME, (__name__,), _read, Content)


def _read() -> Content:
    tables_doc = read_toml(GAME, "tables.toml")
    c = _load_constants(tables_doc)
    units = _load_units(c.pools)
    length, special, levels = _load_tables(tables_doc, c, units)
    chart, sequences, maps, layouts = _load_maps()
    content = Content(units=units, constants=c, battle_length=length, special_group=special,
                      victory_levels=levels, chart=chart, sequences=sequences, maps=maps, layouts=layouts)
    # 4.2: "re-roll until they match up": every pair the chart can roll must fit some layout
    file = "content/victory/maps.toml"
    for (allied, axis), seq in chart.items():
        if not any(content.fits(allied, axis, n) for n in layouts):
            raise ContentError(
                f"{file}: map {allied} and map {axis} (chart sequence {seq}): field 'north/east/south/west': "
                f"Allied map {allied} and Axis map {axis} fit no layout, so the 4.2 re-roll would never end")
    return content

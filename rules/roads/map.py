"""Roads to Stalingrad: the area map, loaded from ``content/roads/map.toml`` and validated at load
(every error names the file, the entry and the field).

The schema is the lead's (``ROADS-SCHEMA.md``): a 78 x 40 grid of two-character cell codes on the
projection of the history brief, one ``[[area]]`` per area and one ``[[border]]`` per pair of
touching areas with what it crosses (campaign 1.b, 1.d). What is ours and what is history is in
``content/roads/NOTES.md``.

    from rules.roads.map import load_map
    m = load_map()
    m.neighbours("rossosh"); m.border("voronezh", "ostrogozhsk"); m.river("kerch", "taman")
    m.distances_from("rossosh", passable=lambda a: a != "liski")
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from functools import cache
from typing import Any, Literal

import attrs

from rules.core.attrs_classes import frozen
from rules.core.content import read_toml, require, structure
from rules.core.errors import ContentError

GAME = "roads"
FILE = "content/roads/map.toml"
WIDTH, HEIGHT = 78, 40                    # the projection of roads-history.md 2.5
MIN_AREAS = 70                            # issue 9: at least 70 land areas
SEA, LAKE, OFF = "~~", "==", "  "
WATER = {SEA: "sea", LAKE: "lake", OFF: "off"}
KINDS = ("none", "minor", "major", "volga", "kerch")
EDGES = ("north", "south", "east", "west")
KERCH = frozenset(("kerch", "taman"))     # campaign 1.d: the only pair joined across water

# The fixed list of ROADS-SCHEMA.md, in its order: Axis first control, then Soviet.
AXIS_START = (
    "orel", "kursk", "oboyan", "belgorod", "kharkov", "chuguyev", "balakleya", "lozovaya",
    "poltava", "dnepropetrovsk", "pavlograd", "zaporozhye", "krasnoarmeyskoye", "stalino",
    "mariupol", "melitopol", "taganrog", "kerch",
)
SOVIET_START = (
    "livny", "yelets", "zadonsk", "tim", "kastornoye", "voronezh", "stary-oskol", "korocha",
    "novy-oskol", "volchansk", "valuyki", "ostrogozhsk", "liski", "rossosh", "pavlovsk",
    "buturlinovka", "novokhopersk", "borisoglebsk", "balashov", "uryupinsk", "saratov", "kupyansk",
    "izyum", "slavyansk", "artemovsk", "lisichansk", "starobelsk", "voroshilovgrad",
    "kantemirovka", "boguchar", "chertkovo", "millerovo", "kashary", "veshenskaya", "bokovskaya",
    "kamensk", "shakhty", "novocherkassk", "rostov", "bataysk", "belaya-kalitva", "tatsinskaya",
    "morozovsk", "oblivskaya", "surovikino", "serafimovich", "kletskaya", "mikhaylovka", "frolovo",
    "ilovlya", "kamyshin", "dubovka", "kalach", "stalingrad", "leninsk", "akhtubinsk",
    "tsimlyanskaya", "kotelnikovo", "zimovniki", "malye-derbety", "remontnoye", "elista",
    "astrakhan", "proletarskaya", "salsk", "kushchevskaya", "yeysk", "tikhoretsk", "belaya-glina",
    "kropotkin", "krasnodar", "armavir", "stavropol", "divnoye", "budyonnovsk", "maikop",
    "novorossiysk", "krymskaya", "taman", "tuapse", "cherkessk", "pyatigorsk", "nalchik",
    "prokhladny", "mozdok", "ordzhonikidze", "grozny", "kizlyar", "makhachkala", "sochi", "sukhumi",
)
AREA_IDS = AXIS_START + SOVIET_START
# The places the content brief names (rules, examples, the campaign): all cities (1.a.I).
REQUIRED_CITIES = (
    "voronezh", "rossosh", "buturlinovka", "millerovo", "rostov", "stalingrad", "maikop", "grozny",
    "saratov", "poltava", "dnepropetrovsk", "kerch", "kursk", "belgorod", "stary-oskol", "kharkov",
    "valuyki", "kupyansk", "izyum", "lozovaya", "stalino", "voroshilovgrad", "kamensk", "taganrog",
    "boguchar", "kantemirovka", "chertkovo", "morozovsk", "serafimovich", "kletskaya", "kalach",
    "kotelnikovo", "tsimlyanskaya", "salsk", "proletarskaya", "elista", "astrakhan", "kamyshin",
    "frolovo", "borisoglebsk", "krasnodar", "novorossiysk", "tuapse", "armavir", "tikhoretsk",
    "stavropol", "pyatigorsk", "nalchik", "ordzhonikidze", "mozdok", "kizlyar", "taman",
)
SOVIET_SOURCES = frozenset(("voronezh", "saratov", "grozny"))   # campaign 5.b
AXIS_REAR = frozenset(("poltava", "dnepropetrovsk"))             # campaign 5.a.IV
_ID = re.compile(r"^[a-z]+(-[a-z]+)*$")

Cell = tuple[int, int]


@frozen
class Grid:
    width: int
    height: int
    rows: tuple[str, ...]


@frozen
class Area:
    """One area ([[area]] of map.toml) and, once loaded, its cells (column, row)."""

    id: str
    code: str
    name: str
    short: str
    col: int
    row: int
    terrain: Literal["clear", "mountain"]
    city: bool
    vp_axis: int
    vp_soviet: int
    vp_axis_d45: int
    soviet_supply: bool
    soviet_source: bool
    axis_rear: bool
    axis_setup: bool
    control: Literal["axis", "soviet"]
    army_group: Literal["A", "B"]
    edge: tuple[Literal["north", "south", "east", "west"], ...]
    rp_axis: int
    rp_soviet: int
    cells: tuple[Cell, ...] = ()

    @property
    def anchor(self) -> Cell:
        return (self.col, self.row)

    @property
    def mountain(self) -> bool:
        return self.terrain == "mountain"


@frozen
class Border:
    """One border ([[border]] of map.toml): the two areas, what it crosses and the river's name."""

    a: str
    b: str
    kind: Literal["none", "minor", "major", "volga", "kerch"]
    river: str

    @property
    def pair(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


_TABLES: dict[int, tuple["Map", dict[str, dict[str, int]]]] = {}     # by map: its distance_table


@attrs.frozen(eq=False, repr=False)
class Map:
    """The loaded map: areas by id (file order), borders, the grid of area ids."""

    width: int
    height: int
    areas: dict[str, Area]
    borders: dict[frozenset[str], Border]
    cells: tuple[tuple[str, ...], ...]          # [row][col]: an area id, or "sea", "lake", "off"
    _adjacent: dict[str, tuple[str, ...]]

    def __repr__(self) -> str:
        return f"Map({len(self.areas)} areas, {len(self.borders)} borders, {self.width}x{self.height})"

    def neighbours(self, area: str) -> tuple[str, ...]:
        """The areas sharing a border with ``area`` (the Kerch Straits included), in id order."""
        return self._adjacent[area]

    def adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.borders

    def _border(self, a: str, b: str) -> Border:
        try:
            return self.borders[frozenset((a, b))]
        except KeyError:
            raise KeyError(f"'{a}' and '{b}' share no border") from None

    def border(self, a: str, b: str) -> str:
        """What the border between two neighbours crosses: none, minor, major, volga or kerch."""
        return self._border(a, b).kind

    def river(self, a: str, b: str) -> str:
        """The name of what is crossed ("Don", "Kerch Straits"), or "" for none."""
        return self._border(a, b).river

    def cells_of(self, area: str) -> tuple[Cell, ...]:
        return self.areas[area].cells

    def area_at(self, col: int, row: int) -> str | None:
        """The area id at a cell, or None for sea, lake, off the map or outside the grid."""
        if not (0 <= col < self.width and 0 <= row < self.height):
            return None
        cell = self.cells[row][col]
        return None if cell in WATER.values() else cell

    def water_at(self, col: int, row: int) -> str | None:
        """"sea", "lake" or "off" (off the map, outside the grid too), or None for land."""
        if not (0 <= col < self.width and 0 <= row < self.height):
            return "off"
        cell = self.cells[row][col]
        return cell if cell in WATER.values() else None

    def distances_from(self, area: str, passable: Callable[[str], bool] | None = None) -> dict[str, int]:
        """Breadth-first distances in areas from ``area`` (0 for itself) to every area reachable by
        stepping only into areas for which ``passable`` holds (all of them by default)."""
        dist = {area: 0}
        queue = deque((area,))
        while queue:
            here = queue.popleft()
            for there in self._adjacent[here]:
                if there not in dist and (passable is None or passable(there)):
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    def distance(self, a: str, b: str, passable: Callable[[str], bool] | None = None) -> int | None:
        return self.distances_from(a, passable).get(b)

    def distance_table(self) -> dict[str, dict[str, int]]:
        """Every area's ``distances_from`` (all areas passable), made once per map: one
        breadth-first pass per area, a ring of neighbours at a time."""
        found = _TABLES.get(id(self))
        if found is not None and found[0] is self:
            return found[1]
        adjacent = self._adjacent
        table: dict[str, dict[str, int]] = {}
        for area in self.areas:
            dist = {area: 0}
            ring, steps = [area], 0
            while ring:
                steps += 1
                outer = []
                for here in ring:
                    for there in adjacent[here]:
                        if there not in dist:
                            dist[there] = steps
                            outer.append(there)
                ring = outer
            table[area] = dist
        _TABLES[id(self)] = (self, table)
        return table


# ----------------------------------------------------------------------------- loading
@cache
def load_map() -> Map:
    """Read and validate content/roads/map.toml (cached; kept between runs with the content
    when ``rules.core.kept`` has a folder: ``rules.roads.content.kept_content``)."""
    from rules.roads.content import kept_content
    found = kept_content()
    if found is not None:
        return found[1]
    return _read_map()


def _read_map() -> Map:
    doc = read_toml(GAME, "map.toml")
    for key in doc:
        require(key in ("grid", "area", "border"), FILE, key,
                "unknown table or key (known: grid, area, border)")
    grid = _grid(doc.get("grid"))
    areas = _areas(doc.get("area"))
    cells = _cells(grid, areas)
    areas = {i: attrs.evolve(a, cells=tuple(sorted(cells[i], key=lambda c: (c[1], c[0]))))
             for i, a in areas.items()}
    for number, area in enumerate(areas.values(), start=1):
        _check_shape(area, _where(area.id, number), grid)
    borders = _borders(doc.get("border"), areas, grid)
    adjacent: dict[str, list[str]] = {i: [] for i in areas}
    for pair in borders:
        a, b = sorted(pair)
        adjacent[a].append(b)
        adjacent[b].append(a)
    names = {a.code: i for i, a in areas.items()} | WATER
    table = tuple(tuple(names[row[2 * c:2 * c + 2]] for c in range(grid.width)) for row in grid.rows)
    return Map(grid.width, grid.height, areas, borders, table,
               {i: tuple(sorted(n)) for i, n in adjacent.items()})


def _where(area_id: str, number: int) -> str:
    return f"{FILE}: area '{area_id}' (entry {number})"


def _grid(raw: Any) -> Grid:
    where = f"{FILE}: [grid]"
    if raw is None:
        raise ContentError(f"{FILE}: no [grid] table")
    grid = structure(raw, Grid, where)
    require(grid.width == WIDTH and grid.height == HEIGHT, where, "width",
            f"the projection is {WIDTH} x {HEIGHT} cells, not {grid.width} x {grid.height}")
    require(len(grid.rows) == grid.height, where, "rows", f"{len(grid.rows)} rows, expected {grid.height}")
    for r, row in enumerate(grid.rows):
        require(len(row) == 2 * grid.width, where, "rows",
                f"row {r} has {len(row)} characters, expected {2 * grid.width} (two a cell)")
    return grid


def _areas(raw: Any) -> dict[str, Area]:
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{FILE}: no [[area]] entries")
    areas: dict[str, Area] = {}
    codes: dict[str, str] = {}
    for number, entry in enumerate(raw, start=1):
        name = entry.get("id", f"#{number}") if isinstance(entry, dict) else f"#{number}"
        where = _where(name, number)
        require(not isinstance(entry, dict) or "cells" not in entry, where, "cells",
                "cells come from the grid, not from the entry")
        a = structure(entry, Area, where)
        require(bool(_ID.match(a.id)), where, "id", "lowercase ascii words joined by '-'")
        require(a.id not in areas, where, "id", "duplicate id")
        require(a.id in AREA_IDS, where, "id", "not an area of the schema's fixed list (ROADS-SCHEMA.md)")
        require(len(a.code) == 2 and a.code.isprintable() and a.code.strip() == a.code, where, "code",
                f"'{a.code}' must be two printable characters, no spaces")
        require(a.code not in WATER, where, "code", f"'{a.code}' is a water code")
        require(a.code not in codes, where, "code", f"'{a.code}' is also the code of '{codes.get(a.code)}'")
        require(a.name.strip() != "", where, "name", "must not be empty")
        require(0 < len(a.short) <= 9, where, "short", f"'{a.short}' must be 1 to 9 characters")
        for field in ("vp_axis", "vp_soviet", "vp_axis_d45", "rp_axis", "rp_soviet"):
            require(getattr(a, field) >= 0, where, field, "must not be negative")
        require(len(set(a.edge)) == len(a.edge), where, "edge", "an edge is listed twice")
        _check_roles(a, where)
        areas[a.id] = a
        codes[a.code] = a.id
    require(len(areas) >= MIN_AREAS, FILE, "area", f"{len(areas)} areas, at least {MIN_AREAS} needed")
    missing = [i for i in AREA_IDS if i not in areas]
    require(not missing, FILE, "area", f"missing areas of the schema's list: {', '.join(missing)}")
    for i in REQUIRED_CITIES:
        require(areas[i].city, _where(i, list(areas).index(i) + 1), "city",
                "a place the rules or the campaign name: must be a city")
    for field, wanted in (("soviet_source", SOVIET_SOURCES), ("axis_rear", AXIS_REAR)):
        found = {i for i, a in areas.items() if getattr(a, field)}
        require(found == wanted, FILE, field, f"must be exactly {', '.join(sorted(wanted))} "
                f"(campaign 5), not {', '.join(sorted(found)) or 'none'}")
    return areas


def _check_roles(a: Area, where: str) -> None:
    """The fields that must agree with each other (campaign 1.a, 1.f, 5, 15.e, 16.a)."""
    first = "axis" if a.id in AXIS_START else "soviet"
    require(a.control == first, where, "control", f"first control of '{a.id}' is {first} (ROADS-SCHEMA.md, 1.f.II)")
    require(a.axis_setup == (a.control == "axis"), where, "axis_setup",
            "true exactly for the Axis-controlled areas (in or west of the initial line, 5.a)")
    for field in ("vp_axis", "vp_soviet", "rp_axis", "rp_soviet"):
        require(a.city or getattr(a, field) == 0, where, field, "only cities carry VP circles and RPs (1.a)")
    require(a.rp_axis == 0 or a.control == "axis", where, "rp_axis", "Axis RPs start in Axis areas")
    require(a.rp_soviet == 0 or a.control == "soviet", where, "rp_soviet", "Soviet RPs start in Soviet areas")
    if a.id == "stalingrad":
        require(a.vp_axis_d45 > a.vp_axis, where, "vp_axis_d45", "Stalingrad's value rises under Directive 45 (16.a)")
    else:
        require(a.vp_axis_d45 == 0, where, "vp_axis_d45", "only Stalingrad changes value under Directive 45 (16.a)")
    require(not a.soviet_supply or bool(a.edge), where, "soviet_supply", "supply symbols are on map-edge areas (5.b)")
    require(not a.soviet_source or a.city, where, "soviet_source", "a supply source is a city (5.b)")
    require(not a.axis_rear or (a.city and a.control == "axis"), where, "axis_rear",
            "an Axis rear source is an Axis-held city (5.a.IV)")


def _cells(grid: Grid, areas: dict[str, Area]) -> dict[str, list[Cell]]:
    by_code = {a.code: a.id for a in areas.values()}
    cells: dict[str, list[Cell]] = {i: [] for i in areas}
    for r, row in enumerate(grid.rows):
        for c in range(grid.width):
            code = row[2 * c:2 * c + 2]
            if code in WATER:
                continue
            require(code in by_code, f"{FILE}: [grid]", "rows",
                    f"row {r}, column {c}: '{code}' is no area's code (nor '~~', '==', '  ')")
            cells[by_code[code]].append((c, r))
    return cells


def _neighbour_cells(cell: Cell) -> tuple[Cell, ...]:
    c, r = cell
    return ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1))


def _check_shape(area: Area, where: str, grid: Grid) -> None:
    require(bool(area.cells), where, "code", f"no cell of the grid has the code '{area.code}'")
    own = set(area.cells)
    require(area.anchor in own, where, "col", f"the anchor {area.col},{area.row} is not one of the area's cells")
    seen, todo = {area.anchor}, [area.anchor]
    while todo:
        for n in _neighbour_cells(todo.pop()):
            if n in own and n not in seen:
                seen.add(n)
                todo.append(n)
    stray = sorted(own - seen, key=lambda c: (c[1], c[0]))
    require(not stray, where, "code", f"cells not connected to the anchor, first at column {stray[0][0]}, "
            f"row {stray[0][1]}" if stray else "")
    edges = set()
    for c, r in area.cells:
        for n in _neighbour_cells((c, r)):
            nc, nr = n
            if not (0 <= nc < grid.width and 0 <= nr < grid.height):
                edges.add("north" if nr < 0 else "south" if nr >= grid.height else "west" if nc < 0 else "east")
            elif grid.rows[nr][2 * nc:2 * nc + 2] == OFF:
                edges.add("west" if nc < grid.width // 2 else "east")
    listed = set(area.edge)
    require(listed == edges, where, "edge", f"the cells touch the map edges {sorted(edges) or 'none'}, "
            f"not {sorted(listed) or 'none'} (off-map cells count as the edge of their half of the map)")


def _borders(raw: Any, areas: dict[str, Area], grid: Grid) -> dict[frozenset[str], Border]:
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{FILE}: no [[border]] entries")
    touching: set[frozenset[str]] = set()
    owner = {cell: i for i, a in areas.items() for cell in a.cells}
    for (c, r), a in owner.items():
        for n in ((c + 1, r), (c, r + 1)):
            b = owner.get(n)
            if b is not None and b != a:
                touching.add(frozenset((a, b)))
    borders: dict[frozenset[str], Border] = {}
    for number, entry in enumerate(raw, start=1):
        name = f"{entry.get('a', '?')}-{entry.get('b', '?')}" if isinstance(entry, dict) else f"#{number}"
        where = f"{FILE}: border '{name}' (entry {number})"
        b = structure(entry, Border, where)
        for field in ("a", "b"):
            require(getattr(b, field) in areas, where, field, f"'{getattr(b, field)}' is no area")
        require(b.a != b.b, where, "b", "an area does not border itself")
        require(b.pair not in borders, where, "b", "this pair is listed twice")
        require((b.kind == "none") == (b.river == ""), where, "river",
                "names what is crossed exactly when the kind is not 'none'")
        require((b.kind == "kerch") == (b.pair == KERCH), where, "kind",
                "the Kerch Straits border joins kerch and taman, and only it is 'kerch' (1.d)")
        require(b.pair == KERCH or "kerch" not in b.pair, where, "b",
                "Kerch is the peninsula alone: its only border is the Straits to Taman (1.d)")
        require(b.pair in touching or b.pair == KERCH, where, "b",
                f"the cells of '{b.a}' and '{b.b}' do not touch")
        borders[b.pair] = b
    for pair in sorted(touching - set(borders), key=sorted):
        a, b = sorted(pair)
        raise ContentError(f"{FILE}: area '{a}': field 'border': its cells touch '{b}' but no [[border]] joins them")
    require(KERCH in borders, FILE, "border", "the Kerch Straits border (kerch-taman) is missing (1.d)")
    return borders


"""Draw the grid and the borders of ``content/roads/map.toml`` from the areas' anchors.

Roads to Stalingrad's map is an area map on the 78 x 40 cell projection of
``../shared/briefs/roads-history.md`` section 2.5 (equirectangular, longitude scaled by
cos 47.8 deg: ``col = round((lon - 33.5) / 15 * 77)``, ``row = round((53.0 - lat) / 10.1 * 39)``).

The ``[[area]]`` entries of map.toml (ids, codes, anchors and every other field) are the source
of truth and are edited by hand. This script only rewrites the ``[grid]`` rows and the
``[[border]]`` list from them and from the geography held below, all in grid coordinates (x =
column, y = row, cell centres on whole numbers), projected from real places:

- SEAS: the Sea of Azov, the Black Sea and the Caspian as polygons along their coasts.
- OFF_MAP: the Crimea west of the Kerch peninsula, the right bank of the Dnieper (the map's west
  edge south of Kremenchug) and the Volga's left bank north of Kamyshin (the east edge there).
- LAKES: Lake Manych-Gudilo, Lakes Tsatsa and Sarpa.
- RIVERS: polylines of the Don, Donets, Volga and the minor rivers, each placed on the bank of
  every town the history brief names.

Every land cell goes to the anchor that is cheapest to reach: the distance in km (14.6 km a
column, 28.8 km a row) plus a penalty for every river the straight line crosses, so rivers
become borders. Fragments cut off from their anchor go to the neighbour they touch most, and
CELL_FIXES then moves single cells by hand. A border's kind is the river that most of its cell
edges cross (when at least half of them cross one), else "none"; BORDER_FIXES overrides a few by
hand, and the Kerch Straits border is added.

Usage (from the repo root)::

    python3 tools/roads_map_grid.py           # rewrite [grid] and [[border]] in map.toml
    python3 tools/roads_map_grid.py --show    # print the grid, one letter a cell, and the borders

Re-running it discards hand edits made to the grid rows or border kinds in the TOML itself:
put such edits in CELL_FIXES / BORDER_FIXES here instead (or stop using the script; the TOML
alone is what the game reads).
"""

from __future__ import annotations

import math
import re
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

WIDTH, HEIGHT = 78, 40
KM_COL, KM_ROW = 14.6, 28.8
MAP = Path(__file__).resolve().parent.parent / "content" / "roads" / "map.toml"
AREAS_MARK = "# ---------------------------------------------------------------- areas"
BORDERS_MARK = "# ---------------------------------------------------------------- borders"

SEA, LAKE, OFF = "~~", "==", "  "

SEAS = {
    "Sea of Azov": [
        (6.8, 26.4), (8.0, 25.9), (9.75, 25.5), (13.0, 24.9), (16.9, 24.4), (19.5, 23.7),
        (20.6, 23.5), (23.0, 23.1), (25.5, 22.8), (27.2, 22.7), (28.6, 22.8), (29.6, 23.1),
        (29.6, 23.5), (28.7, 23.6), (26.2, 23.7), (24.6, 23.6), (23.6, 23.9), (23.5, 24.4), (24.0, 25.2),
        (24.2, 26.5), (23.0, 27.2), (21.0, 28.6), (20.0, 29.2), (18.0, 28.8), (16.6, 28.7),
        (15.5, 28.7), (12.8, 28.6), (10.0, 28.9), (9.5, 28.5), (7.2, 27.0),
    ],
    "Black Sea": [
        (-1, 30.0), (9.5, 30.8), (12.0, 31.0), (15.7, 30.7), (17.5, 30.9), (19.7, 31.4),
        (20.7, 31.8), (21.6, 32.5), (23.5, 32.9), (26.7, 33.6), (28.6, 34.6), (29.9, 35.5),
        (31.9, 36.6), (32.9, 37.1), (34.7, 37.6), (35.1, 38.4), (36.6, 38.7), (37.6, 39.4),
        (38.5, 39.6), (39.5, 40.5), (-1, 40.5),
    ],
    "Caspian Sea": [
        (78.5, 27.4), (76.5, 27.9), (75.2, 28.3), (73.0, 28.6), (71.2, 29.5), (69.9, 30.9),
        (69.6, 32.6), (70.4, 34.0), (72.6, 35.0), (71.8, 36.2), (71.4, 37.4), (72.6, 38.8),
        (73.5, 40.5), (78.5, 40.5),
    ],
}
# The strait itself: water between Kerch and Taman.
STRAIT = [(16, 29), (16, 30)]

OFF_MAP = {
    "Crimea": [(-1, 26.3), (6.8, 26.4), (7.2, 27.0), (9.5, 28.5), (9.5, 30.8), (-1, 30.0)],
    "right bank of the Dnieper": [(-1, 15.3), (7.4, 17.4), (7.4, 20.3), (4.6, 21.3), (-1, 24.3)],
    "left bank of the Volga above Kamyshin": [
        (77.5, -1), (71.5, 3.5), (65.0, 5.5), (64.7, 7.5), (63.6, 9.5), (78.5, 9.5), (78.5, -1),
    ],
}

LAKES = {
    "Lake Manych-Gudilo": [(45, 25), (46, 25), (47, 25), (48, 26), (49, 26)],
    "Lake Tsatsa": [(56, 19)],
    "Lake Sarpa": [(58, 19), (58, 20)],
}

# name -> (kind, polyline). Kinds as in map.toml: "major", "volga", "minor".
RIVERS = {
    "Don": ("major", [
        (28.8, -1), (27.0, 1.5), (28.1, 3.5), (28.4, 5.0), (28.9, 6.5), (29.8, 7.8),
        (31.8, 9.2), (33.3, 10.3), (36.1, 11.4), (39.3, 12.4), (42.0, 13.5), (47.0, 12.5),
        (49.5, 13.5), (52.5, 13.8), (53.4, 14.4), (53.2, 15.5), (51.8, 16.2), (50.5, 17.0),
        (49.4, 18.2), (47.0, 19.5), (44.4, 21.4), (39.0, 21.5), (37.8, 21.3), (36.4, 21.7),
        (35.0, 22.6), (33.5, 22.75), (32.0, 22.5), (30.3, 22.75), (29.3, 22.75),
    ]),
    "Donets": ("major", [
        (17.3, 6.0), (16.7, 8.6), (17.0, 10.5), (17.2, 12.0), (17.8, 13.5), (18.2, 14.6),
        (18.8, 15.6), (20.9, 15.5), (25.3, 15.6), (29.3, 16.3), (32.9, 17.0), (35.6, 17.5),
        (36.3, 18.9), (36.8, 20.0), (37.8, 21.3),
    ]),
    "Volga": ("volga", [
        (77.5, -1), (71.5, 3.5), (65.0, 5.5), (64.7, 7.5), (63.6, 9.5), (62.0, 11.0),
        (60.5, 13.0), (58.9, 15.0), (57.4, 16.2), (57.6, 17.8), (64.2, 19.4), (69.6, 22.4),
        (73.5, 25.0), (74.2, 26.2), (74.8, 27.5), (75.5, 28.5),
    ]),
    "Oskol": ("minor", [
        (22.5, 4.5), (21.5, 7.0), (21.5, 9.0), (23.3, 11.0), (21.0, 12.5), (20.4, 13.0),
        (20.0, 14.5), (20.2, 15.55),
    ]),
    "Chir": ("minor", [
        (40.5, 13.3), (41.8, 14.7), (43.5, 16.5), (44.5, 17.8), (45.8, 18.0), (46.3, 17.9),
        (48.1, 17.5), (49.4, 18.2),
    ]),
    "Mius": ("minor", [(25.0, 18.0), (27.5, 18.4), (28.0, 19.2), (27.8, 21.0), (26.9, 22.7), (26.9, 23.3)]),
    "Manych": ("minor", [
        (53.5, 26.2), (49.5, 26.0), (44.5, 25.0), (42.5, 24.55), (39.0, 23.9), (36.0, 23.3),
        (34.4, 22.7),
    ]),
    "Sal": ("minor", [
        (53.5, 24.3), (49.5, 23.7), (47.0, 23.7), (44.0, 23.3), (40.5, 22.5), (36.9, 21.8),
    ]),
    "Aksay": ("minor", [(55.5, 19.6), (52.5, 19.0), (49.7, 18.5), (49.4, 18.2)]),
    "Kuban": ("minor", [
        (43.4, 35.5), (43.4, 33.5), (42.3, 32.3), (40.3, 30.6), (39.0, 30.3),
        (36.8, 29.8), (34.5, 30.3), (31.8, 30.7), (29.5, 31.5), (28.0, 31.6), (26.5, 31.0),
        (24.1, 30.2), (21.5, 29.8), (20.0, 29.2),
    ]),
    "Terek": ("minor", [
        (56.3, 40.5), (56.3, 38.3), (55.0, 37.5), (54.6, 36.6), (56.0, 36.5), (57.5, 36.6),
        (61.0, 36.4), (64.2, 36.0), (67.8, 35.8), (70.0, 35.8), (72.0, 36.0),
    ]),
    "Khoper": ("minor", [
        (51.5, 4.0), (50.5, 6.4), (46.0, 7.4), (44.8, 8.4), (45.1, 11.0), (45.3, 13.1),
    ]),
    "Bityug": ("minor", [(33.0, -1), (33.5, 3.0), (33.5, 6.0), (33.0, 9.6)]),
}
RIVER_PENALTY = {"major": 400.0, "minor": 300.0, "volga": 900.0}

# Hand fixes, applied after the assignment: (from area, to area, (col0, col1, row0, row1)):
# the cells of `from` inside the box (inclusive) go to `to`.
CELL_FIXES: list[tuple[str, str, tuple[int, int, int, int]]] = [
    ("akhtubinsk", "leninsk", (58, 77, 0, 15)),   # the left bank opposite Kamyshin and Dubovka
]
# Hand fixes of border kinds: frozenset({a, b}) -> (kind, river).
BORDER_FIXES: dict[frozenset, tuple[str, str]] = {
    frozenset(("mariupol", "taganrog")): ("minor", "Mius"),   # the Mius estuary, west of Taganrog
}
KERCH = ("kerch", "taman")


# ----------------------------------------------------------------------------- geometry
def inside(x: float, y: float, poly) -> bool:
    hit = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def crosses(p, q, a, b) -> bool:
    d1, d2 = _orient(a, b, p), _orient(a, b, q)
    d3, d4 = _orient(p, q, a), _orient(p, q, b)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 != 0 and d2 != 0


def rivers_crossed(p, q) -> list[str]:
    out = []
    for name, (_, line) in RIVERS.items():
        if any(crosses(p, q, line[i], line[i + 1]) for i in range(len(line) - 1)):
            out.append(name)
    return out


def crossing_cost(p, q) -> float:
    cost = 0.0
    for name, (kind, line) in RIVERS.items():
        n = sum(crosses(p, q, line[i], line[i + 1]) for i in range(len(line) - 1))
        cost += n * RIVER_PENALTY[kind]
    return cost


# ----------------------------------------------------------------------------- drawing
def water() -> dict[tuple[int, int], str]:
    """Every cell that is not land: sea, lake or off the map."""
    out = {}
    for row in range(HEIGHT):
        for col in range(WIDTH):
            if any(inside(col, row, p) for p in OFF_MAP.values()):
                out[col, row] = OFF
            elif any(inside(col, row, p) for p in SEAS.values()):
                out[col, row] = SEA
    for cell in STRAIT:
        out[cell] = SEA
    for cells in LAKES.values():
        for cell in cells:
            out[cell] = LAKE
    return out


def assign(areas: list[dict]) -> dict[tuple[int, int], str]:
    wet = water()
    for a in areas:
        if (a["col"], a["row"]) in wet:
            raise SystemExit(f"anchor of {a['id']} at {a['col']},{a['row']} is not on land")
    owner: dict[tuple[int, int], str] = {}
    for row in range(HEIGHT):
        for col in range(WIDTH):
            if (col, row) in wet:
                continue
            near = sorted(areas, key=lambda a: math.hypot((a["col"] - col) * KM_COL, (a["row"] - row) * KM_ROW))[:14]
            best = min(near, key=lambda a: math.hypot((a["col"] - col) * KM_COL, (a["row"] - row) * KM_ROW)
                       + crossing_cost((col, row), (a["col"], a["row"])))
            owner[col, row] = best["id"]
    for a in areas:
        owner[a["col"], a["row"]] = a["id"]
    _reconnect(owner, {a["id"]: (a["col"], a["row"]) for a in areas})
    for src, dst, (c0, c1, r0, r1) in CELL_FIXES:
        for (c, r), a in list(owner.items()):
            if a == src and c0 <= c <= c1 and r0 <= r <= r1:
                owner[c, r] = dst
    return owner


def _neighbours(cell):
    c, r = cell
    return [(c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)]


def _reconnect(owner, anchors) -> None:
    """Cells cut off from their area's anchor go to the neighbouring area they touch most."""
    for _ in range(20):
        moved = False
        for area, anchor in anchors.items():
            seen, todo = {anchor}, [anchor]
            while todo:
                cell = todo.pop()
                for n in _neighbours(cell):
                    if n not in seen and owner.get(n) == area:
                        seen.add(n)
                        todo.append(n)
            strays = [c for c, a in owner.items() if a == area and c not in seen]
            for cell in strays:
                touching = Counter(owner[n] for n in _neighbours(cell) if n in owner and owner[n] != area)
                if touching:
                    owner[cell] = touching.most_common(1)[0][0]
                    moved = True
        if not moved:
            return


def borders(owner) -> dict[frozenset, tuple[str, str, int, Counter]]:
    edges: dict[frozenset, list] = defaultdict(list)
    for (c, r), a in owner.items():
        for n in ((c + 1, r), (c, r + 1)):
            b = owner.get(n)
            if b is not None and b != a:
                edges[frozenset((a, b))].append(rivers_crossed((c, r), n))
    out = {}
    for pair, crossings in edges.items():
        count = Counter(name for names in crossings for name in set(names))
        kind, river = "none", ""
        if count:
            name, n = count.most_common(1)[0]
            if 2 * n >= len(crossings):
                kind, river = RIVERS[name][0], name
        kind, river = BORDER_FIXES.get(pair, (kind, river))
        out[pair] = (kind, river, len(crossings), count)
    return out


def edges_of(owner, wet) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for (c, r), a in owner.items():
        if r == 0:
            out[a].add("north")
        if r == HEIGHT - 1:
            out[a].add("south")
        if c == 0:
            out[a].add("west")
        if c == WIDTH - 1:
            out[a].add("east")
        for n in _neighbours((c, r)):
            if wet.get(n) == OFF:
                out[a].add("west" if n[0] < WIDTH // 2 else "east")
    return out


# ----------------------------------------------------------------------------- output
def main(argv: list[str]) -> None:
    text = MAP.read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    areas = doc["area"]
    code = {a["id"]: a["code"] for a in areas}
    wet = water()
    owner = assign(areas)
    grid = [[wet.get((c, r)) or code[owner[c, r]] for c in range(WIDTH)] for r in range(HEIGHT)]
    found = borders(owner)
    if "--show" in argv:
        for row in grid:
            print("".join(cell[0] for cell in row))
        for pair, (kind, river, n, count) in sorted(found.items(), key=lambda x: sorted(x[0])):
            a, b = sorted(pair)
            print(f"{a:>16} {b:<16} {kind:6} {river:8} edges={n} {dict(count)}")
        print("edges:", {a: sorted(e) for a, e in sorted(edges_of(owner, wet).items())})
        return
    head, _, rest = text.partition(AREAS_MARK)
    area_text = rest.partition(BORDERS_MARK)[0]
    head = head.partition("\n[grid]\n")[0]
    edge = edges_of(owner, wet)
    blocks = area_text.split("[[area]]")
    for i, block in enumerate(blocks[1:], start=1):
        area_id = re.search(r'^id = "([^"]+)"', block, re.M).group(1)
        listed = ", ".join(f'"{e}"' for e in ("north", "south", "east", "west") if e in edge.get(area_id, ()))
        blocks[i] = re.sub(r"^edge = .*$", f"edge = [{listed}]", block, count=1, flags=re.M)
    area_text = "[[area]]".join(blocks)
    rows = "\n".join(f'  "{"".join(row)}",' for row in grid)
    lines = [head.rstrip() + "\n\n[grid]\nwidth = 78\nheight = 40\nrows = [\n" + rows + "\n]\n\n",
             AREAS_MARK + area_text.rstrip() + "\n\n", BORDERS_MARK + "\n"]
    pairs = sorted((tuple(sorted(p)), v) for p, v in found.items())
    pairs.append((KERCH, ("kerch", "Kerch Straits", 0, None)))
    for (a, b), (kind, river, _, _) in pairs:
        lines.append(f'[[border]]\na = "{a}"\nb = "{b}"\nkind = "{kind}"\nriver = "{river}"\n\n')
    MAP.write_text("".join(lines).rstrip() + "\n", encoding="utf-8")
    print(f"wrote {MAP}: {len(areas)} areas, {len(pairs)} borders")


if __name__ == "__main__":
    main(sys.argv[1:])

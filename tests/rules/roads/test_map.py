"""The Roads to Stalingrad map (content/roads/map.toml through rules/roads/map.py): the facts the
rules and their worked examples need, and validation that names file, entry and field."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.roads.map as roads_map
from rules.roads.map import AREA_IDS, AXIS_START, REQUIRED_CITIES, load_map
from tests.support.content import load_broken

FILE = "content/roads/map.toml"


@pytest.fixture(autouse=True)
def fresh_cache():
    load_map.cache_clear()
    yield
    load_map.cache_clear()


@pytest.fixture
def broken(monkeypatch):
    return lambda edit: load_broken(monkeypatch, roads_map, "map.toml", edit, loader="load_map")


def _area(doc, area_id):
    return next(a for a in doc["area"] if a["id"] == area_id)


def _entry(doc, area_id):
    return next(n for n, a in enumerate(doc["area"], start=1) if a["id"] == area_id)


# ----------------------------------------------------------------------------- facts
def test_the_map_holds_exactly_the_schema_areas():
    """Issue 9: at least 70 land areas; ROADS-SCHEMA.md fixes the list (109 ids)."""
    m = load_map()
    assert len(m.areas) == len(AREA_IDS) == 109
    assert set(m.areas) == set(AREA_IDS)
    assert (m.width, m.height) == (78, 40)


def test_every_land_cell_belongs_to_one_area_and_anchors_lie_in_their_area():
    m = load_map()
    counted = sum(len(a.cells) for a in m.areas.values())
    land = sum(1 for r in range(m.height) for c in range(m.width) if m.area_at(c, r) is not None)
    assert counted == land
    for a in m.areas.values():
        assert m.area_at(a.col, a.row) == a.id
        assert a.anchor in m.cells_of(a.id)


def test_neighbours_are_symmetric_and_sorted():
    m = load_map()
    for a in m.areas:
        assert m.neighbours(a) == tuple(sorted(m.neighbours(a)))
        for b in m.neighbours(a):
            assert a in m.neighbours(b) and m.border(a, b) == m.border(b, a)


def test_initial_control_axis_west_of_the_line_soviet_east():
    """Campaign 1.f.II: the areas west of the initial set-up line are Axis, east of it Soviet;
    5.a: Axis set-up areas are exactly those."""
    m = load_map()
    assert {i for i, a in m.areas.items() if a.control == "axis"} == set(AXIS_START)
    assert all(a.axis_setup == (a.control == "axis") for a in m.areas.values())
    front = [(a, b) for pair in m.borders for a, b in [sorted(pair, key=lambda i: m.areas[i].control)]
             if m.areas[a].control != m.areas[b].control]
    assert len(front) >= 10
    for axis, soviet in front:                 # sorted: "axis" < "soviet"
        assert m.areas[axis].col < m.areas[soviet].col, (axis, soviet)


def test_the_don_the_donets_and_the_volga_where_they_belong():
    """Campaign 1.b: the Don and the Donets are major rivers, the Volga its own kind."""
    m = load_map()
    for a, b in (("voronezh", "ostrogozhsk"), ("rossosh", "pavlovsk"), ("boguchar", "pavlovsk"),
                 ("kletskaya", "frolovo"), ("surovikino", "kalach"), ("tsimlyanskaya", "kotelnikovo"),
                 ("rostov", "bataysk")):
        assert (m.border(a, b), m.river(a, b)) == ("major", "Don"), (a, b)
    for a, b in (("belgorod", "volchansk"), ("lisichansk", "starobelsk"), ("kamensk", "millerovo")):
        assert (m.border(a, b), m.river(a, b)) == ("major", "Donets"), (a, b)
    for a, b in (("stalingrad", "leninsk"), ("kamyshin", "leninsk"), ("astrakhan", "elista")):
        assert (m.border(a, b), m.river(a, b)) == ("volga", "Volga"), (a, b)
    # Same bank, no river: Voronezh and Liski both east of the Don; Kalach and Stalingrad.
    assert m.border("voronezh", "liski") == "none" and m.river("voronezh", "liski") == ""
    assert m.border("kalach", "stalingrad") == "none"


def test_every_border_of_a_river_has_that_rivers_kind():
    m = load_map()
    kind_of = {"Don": "major", "Donets": "major", "Volga": "volga", "Kerch Straits": "kerch"}
    rivers = {b.river for b in m.borders.values()} - {""}
    assert {"Oskol", "Chir", "Mius", "Manych", "Kuban", "Terek", "Khoper", "Bityug", "Aksay", "Sal"} <= rivers
    for b in m.borders.values():
        assert b.kind == kind_of.get(b.river, "minor" if b.river else "none"), b


def test_kerch_is_joined_only_to_taman_across_the_straits():
    """Campaign 1.d: Kerch and Taman face each other across the Straits; the rest of the Crimea
    is off the map, so Kerch lies on the west edge (1.d.II)."""
    m = load_map()
    assert m.neighbours("kerch") == ("taman",)
    assert (m.border("kerch", "taman"), m.river("taman", "kerch")) == ("kerch", "Kerch Straits")
    assert "west" in m.areas["kerch"].edge
    assert all(m.water_at(c + dc, r + dr) is not None or m.area_at(c + dc, r + dr) == "kerch"
               for c, r in m.cells_of("kerch") for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def test_seas_and_lakes():
    m = load_map()
    assert m.water_at(18, 26) == "sea"                 # the Sea of Azov
    assert m.water_at(10, 36) == "sea"                 # the Black Sea
    assert m.water_at(76, 33) == "sea"                 # the Caspian
    assert m.water_at(46, 25) == "lake"                # Lake Manych, east of Proletarskaya and Salsk
    assert m.water_at(2, 28) == "off"                  # the Crimea beyond Kerch
    assert m.water_at(-1, 0) == "off" and m.area_at(78, 0) is None


def test_mountains_are_the_caucasus_areas():
    """Campaign 1.c: mountain areas stop movement; the steppe cities are clear."""
    m = load_map()
    mountains = {i for i, a in m.areas.items() if a.mountain}
    assert mountains == {"tuapse", "sochi", "sukhumi", "cherkessk", "nalchik", "ordzhonikidze"}
    assert not any(m.areas[i].mountain for i in ("stalingrad", "rostov", "maikop", "grozny", "elista"))


def test_cities_rps_and_victory_circles():
    """Campaign 1.a: cities carry RPs and VP circles; Stalingrad rises under Directive 45 (16.a)."""
    m = load_map()
    assert all(m.areas[i].city for i in REQUIRED_CITIES) and len(REQUIRED_CITIES) == 52
    for a in m.areas.values():
        if not a.city:
            assert a.vp_axis == a.vp_soviet == a.rp_axis == a.rp_soviet == 0, a.id
    axis_vp = sum(a.vp_axis for a in m.areas.values())
    soviet_vp = sum(a.vp_soviet for a in m.areas.values())
    assert 35 <= axis_vp <= 45 and 25 <= soviet_vp <= 35
    st = m.areas["stalingrad"]
    assert st.vp_axis_d45 > st.vp_axis > 0 and st.vp_soviet > 0
    assert [i for i, a in m.areas.items() if a.vp_axis_d45] == ["stalingrad"]
    assert all(m.areas[i].vp_axis and m.areas[i].vp_soviet for i in ("rostov", "voronezh", "stalingrad"))
    assert all(m.areas[i].rp_axis for i in ("kursk", "kharkov", "stalino", "taganrog", "poltava"))


def test_supply_sources_rear_and_edges():
    """Campaign 5.a.IV (Poltava, Dnepropetrovsk), 5.b (Voronezh, Saratov, Grozny, edge symbols)."""
    m = load_map()
    assert {i for i, a in m.areas.items() if a.soviet_source} == {"voronezh", "saratov", "grozny"}
    assert {i for i, a in m.areas.items() if a.axis_rear} == {"poltava", "dnepropetrovsk"}
    supply = {i for i, a in m.areas.items() if a.soviet_supply}
    assert {"yelets", "balashov", "saratov", "astrakhan", "makhachkala", "sukhumi"} <= supply
    assert all(m.areas[i].edge for i in supply)
    assert "west" in m.areas["poltava"].edge and "west" in m.areas["dnepropetrovsk"].edge
    assert "east" in m.areas["astrakhan"].edge and "south" in m.areas["sukhumi"].edge


def test_army_groups_a_south_b_north():
    """Campaign 15.e: the A/B boundary (Directive 45): A the Kuban, the Caucasus, the lower Don."""
    m = load_map()
    for i in ("maikop", "grozny", "krasnodar", "novorossiysk", "rostov", "salsk", "kerch"):
        assert m.areas[i].army_group == "A", i
    for i in ("stalingrad", "voronezh", "kalach", "millerovo", "kharkov", "kursk"):
        assert m.areas[i].army_group == "B", i


def test_rossosh_is_two_areas_from_buturlinovka_the_nearest_soviet_rp():
    """Operation Example step 3 and the Battle of Rossosh: the 65th Army retreats "towards the
    nearest Soviet Resource Point, this is towards Buturlinovka, two areas away" (9.6.3f)."""
    m = load_map()
    assert "buturlinovka" not in m.neighbours("rossosh")
    assert m.distance("rossosh", "buturlinovka") == 2
    dist = m.distances_from("rossosh")
    soviet_rps = {i: dist[i] for i, a in m.areas.items() if a.rp_soviet}
    assert min(soviet_rps.values()) == 2 and [i for i, d in soviet_rps.items() if d == 2] == ["buturlinovka"]
    # The Axis stack entered Rossosh from the west (Valuyki, Axis side of the Oskol).
    assert "valuyki" in m.neighbours("rossosh") and m.areas["valuyki"].col < m.areas["rossosh"].col


def test_distances_respect_passable():
    m = load_map()
    assert m.distances_from("rossosh")["rossosh"] == 0
    around = m.distances_from("rossosh", passable=lambda a: a not in ("liski", "pavlovsk"))
    assert around["buturlinovka"] > 2
    blocked = m.distances_from("kerch", passable=lambda a: a != "taman")
    assert blocked == {"kerch": 0}


@settings(max_examples=40, deadline=None)
@given(start=st.sampled_from(AREA_IDS), closed=st.sets(st.sampled_from(AREA_IDS), max_size=30))
def test_distances_are_shortest_paths_through_passable_areas(start, closed):
    """BFS invariant: every reached area but the start has a reached neighbour one step nearer,
    is passable, and no reached area has a passable neighbour left unreached."""
    m = load_map()
    dist = m.distances_from(start, passable=lambda a: a not in closed)
    for area, d in dist.items():
        if area != start:
            assert area not in closed
            assert any(dist.get(n) == d - 1 for n in m.neighbours(area))
        for n in m.neighbours(area):
            if n not in closed:
                assert n in dist and dist[n] <= d + 1


# ----------------------------------------------------------------------------- validation
def _named(message, entry, field):
    assert message.startswith(FILE), message
    assert entry in message, message
    assert f"field '{field}'" in message, message


def test_an_unknown_key_in_an_area_is_refused(broken):
    msg = broken(lambda d: _area(d, "voronezh").update(port=True))
    _named(msg, "area 'voronezh'", "(entry)")
    assert "port" in msg


def test_an_unknown_top_level_table_is_refused(broken):
    _named(broken(lambda d: d.update(hexes={})), FILE, "hexes")


def test_a_duplicate_or_bad_code_is_refused(broken):
    def dup(d):
        _area(d, "liski")["code"] = _area(d, "voronezh")["code"]
    _named(broken(dup), "area 'liski'", "code")
    _named(broken(lambda d: _area(d, "liski").update(code="L")), "area 'liski'", "code")
    _named(broken(lambda d: _area(d, "liski").update(code="~~")), "area 'liski'", "code")


def test_a_grid_of_the_wrong_size_or_with_unknown_codes_is_refused(broken):
    _named(broken(lambda d: d["grid"]["rows"].pop()), "[grid]", "rows")
    _named(broken(lambda d: d["grid"].update(width=80)), "[grid]", "width")

    def short_row(d):
        d["grid"]["rows"][3] = d["grid"]["rows"][3][:-2]
    _named(broken(short_row), "[grid]", "rows")

    def unknown(d):
        d["grid"]["rows"][5] = "Zz" + d["grid"]["rows"][5][2:]
    msg = broken(unknown)
    _named(msg, "[grid]", "rows")
    assert "row 5, column 0" in msg and "'Zz'" in msg


def test_an_area_without_cells_is_refused(broken):
    def drown(d):
        code = _area(d, "kerch")["code"]
        d["grid"]["rows"] = [row.replace(code, "~~") for row in d["grid"]["rows"]]
    _named(broken(drown), "area 'kerch'", "code")


def test_an_anchor_outside_its_cells_is_refused(broken):
    _named(broken(lambda d: _area(d, "voronezh").update(col=0, row=39)), "area 'voronezh'", "col")


def test_cells_cut_off_from_the_anchor_are_refused(broken):
    def island(d):
        code = _area(d, "voronezh")["code"]
        d["grid"]["rows"][36] = code + d["grid"]["rows"][36][2:]       # a cell out in the Black Sea
    msg = broken(island)
    _named(msg, "area 'voronezh'", "code")
    assert "column 0, row 36" in msg


def test_borders_must_be_exactly_where_cells_touch(broken):
    def drop(d):
        d["border"] = [b for b in d["border"] if {b["a"], b["b"]} != {"rossosh", "pavlovsk"}]
    msg = broken(drop)
    _named(msg, "area 'pavlovsk'", "border")
    assert "'rossosh'" in msg

    def far(d):
        d["border"].append({"a": "kursk", "b": "grozny", "kind": "none", "river": ""})
    _named(broken(far), "border 'kursk-grozny'", "b")

    def twice(d):
        d["border"].append({"a": "pavlovsk", "b": "rossosh", "kind": "major", "river": "Don"})
    _named(broken(twice), "border 'pavlovsk-rossosh'", "b")

    def itself(d):
        d["border"].append({"a": "rossosh", "b": "rossosh", "kind": "none", "river": ""})
    _named(broken(itself), "border 'rossosh-rossosh'", "b")


def test_border_kinds_are_checked(broken):
    def unknown(d):
        d["border"][0]["kind"] = "canal"
    _named(broken(unknown), "border '", "kind")

    def unnamed(d):
        next(b for b in d["border"] if b["kind"] == "major")["river"] = ""
    _named(broken(unnamed), "border '", "river")

    def straits_elsewhere(d):
        b = next(b for b in d["border"] if b["kind"] == "none")
        b.update(kind="kerch", river="Kerch Straits")
    _named(broken(straits_elsewhere), "border '", "kind")

    def no_straits(d):
        d["border"] = [b for b in d["border"] if b["kind"] != "kerch"]
    _named(broken(no_straits), FILE, "border")


def test_the_schema_area_list_is_enforced(broken):
    _named(broken(lambda d: _area(d, "voronezh").update(id="voronezh-town")), "area 'voronezh-town'", "id")
    _named(broken(lambda d: _area(d, "voronezh").update(id="Voronezh")), "area 'Voronezh'", "id")

    def duplicate(d):
        _area(d, "liski")["id"] = "voronezh"
    msg = broken(duplicate)
    _named(msg, f"area 'voronezh' (entry {_entry_number('liski')})", "id")


def _entry_number(area_id):
    return _entry(roads_map.read_toml("roads", "map.toml"), area_id)


def test_required_places_sources_rear_and_supply_are_checked(broken):
    _named(broken(lambda d: _area(d, "rossosh").update(city=False)), "area 'rossosh'", "city")
    _named(broken(lambda d: _area(d, "rostov").update(soviet_source=True)), FILE, "soviet_source")
    _named(broken(lambda d: _area(d, "poltava").update(axis_rear=False)), FILE, "axis_rear")
    _named(broken(lambda d: _area(d, "voronezh").update(soviet_supply=True)), "area 'voronezh'", "soviet_supply")
    _named(broken(lambda d: _area(d, "saratov").update(edge=["north"])), "area 'saratov'", "edge")
    _named(broken(lambda d: _area(d, "saratov").update(edge=["north", "compass"])), "area 'saratov'", "edge[1]")


def test_control_vp_and_rp_fields_are_checked(broken):
    _named(broken(lambda d: _area(d, "rossosh").update(control="axis")), "area 'rossosh'", "control")
    _named(broken(lambda d: _area(d, "rossosh").update(control="german")), "area 'rossosh'", "control")
    _named(broken(lambda d: _area(d, "rossosh").update(axis_setup=True)), "area 'rossosh'", "axis_setup")
    _named(broken(lambda d: _area(d, "rostov").update(vp_axis_d45=9)), "area 'rostov'", "vp_axis_d45")
    _named(broken(lambda d: _area(d, "kashary").update(vp_soviet=1)), "area 'kashary'", "vp_soviet")
    _named(broken(lambda d: _area(d, "rossosh").update(rp_axis=2)), "area 'rossosh'", "rp_axis")
    _named(broken(lambda d: _area(d, "kursk").update(rp_axis=-1)), "area 'kursk'", "rp_axis")
    _named(broken(lambda d: _area(d, "kursk").update(short="Kursk-on-Seym")), "area 'kursk'", "short")
    _named(broken(lambda d: _area(d, "kursk").update(terrain="forest")), "area 'kursk'", "terrain")


def test_the_distance_table_is_each_areas_distances_made_once():
    board = load_map()
    table = board.distance_table()
    assert set(table) == set(board.areas)
    for area in ("rossosh", "stalingrad", "tuapse"):
        assert table[area] == board.distances_from(area)
    assert board.distance_table() is table

"""Victory content (DESIGN "Content"): the real TOML loads (20 unit types, Tables 2, 4, 5, the
chart, 16 maps, 8 layouts, the constants), and broken content fails at load with a ContentError
naming the file, the entry and the field.

Broken content is made by handing ``rules.victory.content.load`` edited copies of the real TOML
(``read_toml`` is monkeypatched; the load cache is cleared around each test).
"""

from __future__ import annotations


import pytest

import rules.core.content as core_content
import rules.victory.content as vic_content
from tests.support.content import load_broken

REAL_READ = core_content.read_toml


@pytest.fixture(autouse=True)
def fresh_cache():
    vic_content.load.cache_clear()
    yield
    vic_content.load.cache_clear()


@pytest.fixture
def broken(monkeypatch):
    """broken(filename, edit): load() over an edited copy of that file; the ContentError message."""
    return lambda filename, edit: load_broken(monkeypatch, vic_content, filename, edit)


def test_real_content_loads():
    """The unit types (Table 1 and the special types of Tables 3 and 4), Tables 2, 4, 5, the
    constants, the chart (216 cells), 16 maps and 8 layouts."""
    c = vic_content.load()
    assert len(c.units) == 20
    assert {u.branch for u in c.units.values()} == {"air", "naval", "army"}
    assert c.standard_of("army") == ("MA", "IN", "EN")
    assert c.units["MK"].branch == "naval" and c.units["EFA"].branch == "air" and c.units["EAR"].branch == "army"
    k = c.constants
    assert (k.battles, k.battle_group_size, k.start_split, k.max_cv, k.reinforcements, k.reinforcement_cv) == \
        (10, 10, {3: 2, 2: 4, 1: 4}, 4, 10, 1)
    assert (k.special_group_lead, k.special_group_vp, k.special_group_cv, k.withdrawal_min_vp) == (9, 4, 2, 4)
    assert (k.length_roll_from_turn, k.last_turn, k.transfer_out_max, k.transfer_in_max) == (7, 12, 5, 10)
    assert c.battle_length == {7: 1, 8: 2, 9: 3, 10: 4, 11: 5, 12: 6}
    assert len(c.chart) == 216 and len(c.sequences) == 216
    assert sorted(c.maps) == list(range(1, 17)) and sorted(c.layouts) == list(range(1, 9))
    assert [lv.level for lv in c.victory_levels] == ["Draw", "Minor", "Substantial", "Major", "Decisive", "Smashing"]


def _unit(doc, uid):
    return next(u for u in doc["unit"] if u["id"] == uid)


def test_unknown_pool_names_file_entry_and_field(broken):
    """VIC 5.4 Table 3: a unit's pool is one of the five forcepools; the error names file, entry, field."""
    message = broken("units.toml", lambda d: _unit(d, "AR").update(pool="+9"))
    assert "content/victory/units.toml" in message and "unit 'AR'" in message and "field 'pool'" in message


def test_bad_branch_names_file_entry_and_field(broken):
    """VIC 5.5: branches (air, naval, army) drive the substitution rule; a bad one is refused."""
    message = broken("units.toml", lambda d: _unit(d, "CV").update(branch="space"))
    assert "content/victory/units.toml: unit 'CV'" in message and "field 'branch'" in message


def test_unknown_key_is_refused(broken):
    """DESIGN "Content": unknown keys fail at load."""
    message = broken("units.toml", lambda d: _unit(d, "FA").update(speed=3))
    assert "unit 'FA'" in message and "speed" in message


def test_duplicate_chart_sequence_names_the_cell(broken):
    """VIC 4.2: each 3d6 sequence appears once in the chart; a repeat names the row and the cell."""
    def edit(d):
        d["chart_row"][0]["cells"][1] = "111"          # Allied 1 / Axis 2 now repeats Allied 2 / Axis 1
    message = broken("maps.toml", edit)
    assert "content/victory/maps.toml: chart_row allied 2 (entry 2)" in message
    assert "field 'cells[0] (Axis map 1)'" in message and "'111' already gives Allied map 1, Axis map 2" in message


def test_missing_chart_sequence_is_reported(broken):
    """VIC 4.2: every 3d6 sequence must be in the chart."""
    def edit(d):
        d["chart_row"][12]["cells"][8] = ""            # 416 gone
    message = broken("maps.toml", edit)
    assert "content/victory/maps.toml" in message and "field 'chart_row'" in message and "416" in message


def test_bad_chart_cell_names_the_cell(broken):
    """VIC 4.2: a chart cell is a sequence of three d6 results."""
    def edit(d):
        d["chart_row"][2]["cells"][0] = "172"
    message = broken("maps.toml", edit)
    assert "chart_row allied 3" in message and "cells[0] (Axis map 1)" in message and "'172'" in message


def test_a_map_pair_with_no_fitting_layout_is_refused(broken):
    """VIC 4.2: the re-roll must end: a chart pair that fits no layout is a content error."""
    def edit(d):
        for m in d["map"]:
            if m["id"] == 7:                               # the Peninsula becomes all sea
                m.update(north="sea", east="sea", south="sea", west="sea")
    message = broken("maps.toml", edit)
    assert "content/victory/maps.toml: map 1 and map 7" in message and "fit no layout" in message


def test_bad_edge_names_the_map(broken):
    """VIC 4.2: a map edge is land or sea."""
    def edit(d):
        d["map"][4]["west"] = "swamp"
    message = broken("maps.toml", edit)
    assert "maps.toml: map 5 (entry 5)" in message and "field 'west'" in message


def test_bad_table_rows_name_file_entry_and_field(broken):
    """VIC 4.4 Table 2, 5.5 Table 4, 6.0 Table 5: bad rows name file, entry and field."""
    message = broken("tables.toml", lambda d: d["special_group"][5].update(types=["CV", "AR", "BB", "FAR"]))
    assert "tables.toml: special_group roll 6" in message and "field 'types'" in message and "FAR" in message
    message = broken("tables.toml", lambda d: d["victory_level"][2].update(min=10))
    assert "victory_level 'Substantial'" in message and "field 'min'" in message
    message = broken("tables.toml", lambda d: d["battle_length"][0].update(turn=5))
    assert "battle_length turn 5" in message and "field 'turn'" in message


def test_bad_constants_name_the_field(broken):
    """VIC 4.1 / 5.4: the start split must add up to the Battle Group size; pools start with Std."""
    message = broken("tables.toml", lambda d: d["constants"]["start_split"].update({"3": 3}))
    assert "tables.toml: [constants]" in message and "field 'start_split'" in message
    message = broken("tables.toml", lambda d: d["constants"].update(pools=["+1", "std"]))
    assert "field 'pools'" in message


def test_a_start_split_key_that_is_not_a_number_names_the_field(broken):
    """A CV in start_split must be a number: the error names the file and the field."""
    message = broken("tables.toml", lambda d: d["constants"]["start_split"].update({"x": 0}))
    assert "tables.toml: [constants]" in message and "start_split" in message

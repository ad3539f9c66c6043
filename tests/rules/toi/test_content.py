"""Tide of Iron content (DESIGN "Content"): the real TOML loads with the printed sheets' numbers,
and broken content fails at load with a ContentError naming the file, the entry and the field.

Broken content is made by handing ``rules.toi.content.load`` edited copies of the real TOML
(``read_toml`` is monkeypatched; the load cache is cleared around each test).
"""

from __future__ import annotations


import pytest

import rules.core.content as core_content
import rules.toi.content as toi_content
from tests.support.content import load_broken

REAL_READ = core_content.read_toml


@pytest.fixture(autouse=True)
def fresh_cache():
    toi_content.load.cache_clear()
    yield
    toi_content.load.cache_clear()


@pytest.fixture
def broken(monkeypatch):
    """broken(filename, edit): load() over an edited copy of that file; the ContentError message."""
    return lambda filename, edit: load_broken(monkeypatch, toi_content, filename, edit)


def test_real_content_loads_with_the_printed_sheets():
    """TOI scenario sheets: the four scenarios in campaign order, with their printed numbers."""
    c = toi_content.load()
    assert list(c.scenarios) == ["ramming-speed", "order-227", "gully-of-death", "red-october"]
    assert c.constants.start_command == 2 and c.constants.base_holes == 4 and c.constants.max_starting_cards == 3
    rs = c.scenarios["ramming-speed"]
    assert (rs.rounds, rs.starting_initiative, rs.actions_per_turn) == (5, "german", 2)
    assert [(o.id, o.cvp) for o in rs.objectives] == [("building-40a", 5), ("command-objectives", 1)]
    assert rs.soviet.division(1).regular == 20 and rs.soviet.division(2).vehicles == {"T-70": 2}
    gd = c.scenarios["gully-of-death"]
    assert (gd.rounds, gd.starting_initiative, gd.actions_per_turn) == (6, "soviet", 3)
    assert "sIG 33b" in gd.german.operations
    ro = c.scenarios["red-october"]
    assert ro.in_scenario_purchases and ro.rounds == 7
    assert not any(s.in_scenario_purchases for s in c.scenarios.values() if s.id != "red-october")
    assert c.scenarios["order-227"].soviet.division(1).armour == 0


def test_unknown_key_names_file_entry_and_field(broken):
    """DESIGN "Content": unknown keys fail at load, naming file, entry and field."""
    msg = broken("scenarios/order-227.toml", lambda d: d["objective"][0].update(points=3))
    assert msg.startswith("content/toi/scenarios/order-227.toml: objective 'victory-objective' (entry 1)")
    assert "points" in msg


def test_once_objective_with_max_above_one_is_refused(broken):
    """TOI scenario objectives: a "once" objective (scored or not) has max = 1."""
    msg = broken("scenarios/ramming-speed.toml", lambda d: d["objective"][0].update(max=2))
    assert msg == ("content/toi/scenarios/ramming-speed.toml: objective 'building-40a' (entry 1): field 'max': "
                   "a 'once' objective is scored at most once: max = 1")


def test_bad_side_and_kind_are_refused(broken):
    """TOI scenario objectives: who may score ("Germans only" / "Soviets only" / both) and how."""
    msg = broken("scenarios/gully-of-death.toml", lambda d: d["objective"][1].update(side="romanian"))
    assert "objective 'sewer-eliminations' (entry 2)" in msg and "side" in msg
    msg = broken("scenarios/gully-of-death.toml", lambda d: d["objective"][1].update(kind="twice"))
    assert "objective 'sewer-eliminations' (entry 2)" in msg and "kind" in msg


def test_division_fields_are_checked(broken):
    """TOI scenario sheets (SETUP, DIVISION): counts are not negative, vehicles are the sides' tanks."""
    msg = broken("scenarios/red-october.toml", lambda d: d["soviet"]["division"][1].update(elite=-1))
    assert msg == "content/toi/scenarios/red-october.toml: soviet division 2 (entry 2): field 'elite': must not be negative"
    msg = broken("scenarios/red-october.toml", lambda d: d["german"]["division"][0]["vehicles"].update({"Tiger": 1}))
    assert msg.startswith("content/toi/scenarios/red-october.toml: german division 1 (entry 1): field 'vehicles': "
                          "unknown german vehicle 'Tiger'")
    msg = broken("scenarios/red-october.toml", lambda d: d["german"]["division"][0].pop("officers"))
    assert "german division 1 (entry 1)" in msg and "officers" in msg


def test_scenario_head_fields_are_checked(broken):
    """TOI scenario sheets (SCENARIO DETAILS): rounds, starting initiative; the file's own id; both sides."""
    msg = broken("scenarios/order-227.toml", lambda d: d.update(rounds=0))
    assert msg == "content/toi/scenarios/order-227.toml: scenario 'order-227': field 'rounds': must be at least 1"
    msg = broken("scenarios/order-227.toml", lambda d: d.update(id="order-228"))
    assert "field 'id': must be 'order-227'" in msg
    msg = broken("scenarios/order-227.toml", lambda d: d.update(starting_initiative="romanian"))
    assert "scenario 'order-227'" in msg and "starting_initiative" in msg
    msg = broken("scenarios/order-227.toml", lambda d: d.pop("soviet"))
    assert msg == "content/toi/scenarios/order-227.toml: [soviet]: the table is missing"


def test_constants_are_checked(broken):
    """DESIGN "Content": rule constants (rules.toml) are checked against the scenarios and sides."""
    msg = broken("rules.toml", lambda d: d["constants"].update(advanced_hexes_from="stalingrad"))
    assert msg == "content/toi/rules.toml: [constants]: field 'advanced_hexes_from': unknown scenario 'stalingrad'"
    msg = broken("rules.toml", lambda d: d["constants"].update(command_types=["morale", "ammunition", "supply"]))
    assert "field 'command_types'" in msg
    msg = broken("rules.toml", lambda d: d["constants"]["light_tank"].pop("soviet"))
    assert "field 'light_tank'" in msg

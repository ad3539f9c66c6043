"""Content loading and validation (DESIGN "Content"): the Fall Blau TOML loads with the
printed component counts, and broken content fails at load with a ContentError that names
the file, the entry and the field.

Broken content is made by handing ``rules.fallblau.content.load`` edited copies of the real
TOML documents (``read_toml`` is monkeypatched; the load cache is cleared around each test).
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import rules.core.content as core_content
import rules.fallblau.content as fb_content
from rules.core.errors import ContentError
from tests.support.content import load_broken

REAL_READ = core_content.read_toml


@pytest.fixture(autouse=True)
def fresh_cache():
    fb_content.load.cache_clear()
    yield
    fb_content.load.cache_clear()


@pytest.fixture
def broken(monkeypatch):
    """broken(filename, edit): load() over an edited copy of that file; the ContentError message."""
    return lambda filename, edit: load_broken(monkeypatch, fb_content, filename, edit)


def entry(doc, key, entry_id):
    for raw in doc[key]:
        if raw["id"] == entry_id:
            return raw
    raise KeyError(entry_id)


def assert_names(message, file, entry_id, field):
    assert f"content/fallblau/{file}" in message
    assert f"'{entry_id}'" in message
    assert f"field '{field}'" in message


# ====================================================================== the real content
def test_real_content_loads_with_the_printed_counts():
    c = fb_content.load()
    assert len(c.generals) == 5
    assert len(c.campaign) == 15
    assert len(c.missions) == 10
    standard = c.event_ids(hard=False)
    everything = c.event_ids(hard=True)
    assert len(standard) == 27
    assert len(everything) == 31
    assert len([e for e in everything if c.events[e].hard]) == 4
    assert len(set(everything)) == 31


def test_real_content_copies_are_expanded():
    c = fb_content.load()
    names = Counter(card.id for card in c.events.values())
    assert names["luftwaffe_support"] == 3
    assert names["ersatz_bataillone"] == 2
    assert {"luftwaffe_support-1", "luftwaffe_support-2", "luftwaffe_support-3"} <= set(c.events)
    assert all(c.events[e].copies == names[c.events[e].id] for e in c.events)


def test_real_content_constants():
    k = fb_content.load().constants
    assert (k.grey_cubes, k.red_cubes, k.hand_size, k.supply_max, k.start_supply) == (16, 20, 5, 10, 5)
    assert len(k.calendar) == 16
    assert (k.standard.victory, k.standard.brilliant) == (27, 30)
    assert (k.missions.victory, k.missions.brilliant) == (32, 36)


def test_real_content_references_resolve():
    c = fb_content.load()
    for card in c.campaign.values():
        assert set(card.unlocks) <= set(c.campaign)
    assert [k for k, v in c.campaign.items() if v.start_unlocked] == ["voronezh"]
    # every Campaign card can be reached from the start
    reach, todo = set(), ["voronezh"]
    while todo:
        k = todo.pop()
        if k not in reach:
            reach.add(k)
            todo.extend(c.campaign[k].unlocks)
    assert reach == set(c.campaign)


def test_load_is_cached():
    assert fb_content.load() is fb_content.load()


# ====================================================================== wrong types and keys
def test_wrong_type_names_file_entry_and_field(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "rostov").__setitem__("vp", "three"))
    assert_names(msg, "campaign.toml", "rostov", "vp")
    assert "expected int" in msg


def test_wrong_type_in_constants(broken):
    msg = broken("rules.toml", lambda d: d["constants"].__setitem__("hand_size", "five"))
    assert "content/fallblau/rules.toml" in msg and "[constants]" in msg
    assert "field 'hand_size'" in msg


def test_wrong_type_in_a_general(broken):
    msg = broken("generals.toml", lambda d: entry(d, "general", "paulus").__setitem__("cubes", [6]))
    assert_names(msg, "generals.toml", "paulus", "cubes")


def test_unknown_key_names_file_entry_and_key(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "kalach").__setitem__("colour", "red"))
    assert "content/fallblau/campaign.toml" in msg and "'kalach'" in msg
    assert "field '" in msg
    assert "colour" in msg


def test_unknown_key_in_a_nested_table(broken):
    msg = broken("generals.toml", lambda d: entry(d, "general", "hoth")["ability"].__setitem__("fly", True))
    assert_names(msg, "generals.toml", "hoth", "ability")
    assert "fly" in msg


def test_unknown_literal_value(broken):
    msg = broken("events.toml", lambda d: entry(d, "event", "partisanen").__setitem__("effect", "nuke"))
    assert_names(msg, "events.toml", "partisanen", "effect")
    assert "nuke" in msg


def test_missing_required_field(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "salsk").pop("red"))
    assert_names(msg, "campaign.toml", "salsk", "red")
    assert "missing" in msg


def test_entry_that_is_not_a_table(broken):
    msg = broken("missions.toml", lambda d: d["mission"].__setitem__(0, "capture stalingrad"))
    assert "content/fallblau/missions.toml" in msg and "entry 1" in msg


def test_file_without_entries(broken):
    msg = broken("generals.toml", lambda d: d.pop("general"))
    assert "content/fallblau/generals.toml" in msg and "[[general]]" in msg


# ====================================================================== references
def test_unknown_unlock_reference(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "millerovo").__setitem__("unlocks", ["rostov", "moscow"]))
    assert_names(msg, "campaign.toml", "millerovo", "unlocks")
    assert "unknown card 'moscow'" in msg


def test_card_that_unlocks_itself(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "kalach").__setitem__("unlocks", ["kalach"]))
    assert_names(msg, "campaign.toml", "kalach", "unlocks")


def test_unknown_conditional_deployment_reference(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "elista")["red_if_not_captured"].__setitem__("card", "baku"))
    assert_names(msg, "campaign.toml", "elista", "red_if_not_captured.card")


def test_unknown_mission_card(broken):
    msg = broken("missions.toml", lambda d: entry(d, "mission", "stadt_an_der_wolga").__setitem__("card", "moskau"))
    assert_names(msg, "missions.toml", "stadt_an_der_wolga", "card")
    assert "moskau" in msg


def test_unknown_only_card_of_a_soviet_bonus(broken):
    msg = broken("events.toml", lambda d: entry(d, "event", "chuikov").__setitem__("only_card", "moskau"))
    assert_names(msg, "events.toml", "chuikov", "only_card")


def test_no_card_starts_unlocked(broken):
    msg = broken("campaign.toml", lambda d: [c.__setitem__("start_unlocked", False) for c in d["card"]])
    assert "content/fallblau/campaign.toml" in msg and "field 'start_unlocked'" in msg


# ====================================================================== out of range
@pytest.mark.parametrize("red", [0, -1, 21, 99])
def test_red_out_of_range(broken, red):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "stalingrad").__setitem__("red", red))
    assert_names(msg, "campaign.toml", "stalingrad", "red")
    assert "must be 1 to 20" in msg


@pytest.mark.parametrize("field", ["vp", "extra_supply"])
def test_negative_card_values(broken, field):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "maikop").__setitem__(field, -1))
    assert_names(msg, "campaign.toml", "maikop", field)


@pytest.mark.parametrize("cubes", [0, 9])
def test_general_cubes_out_of_range(broken, cubes):
    msg = broken("generals.toml", lambda d: entry(d, "general", "salmuth").__setitem__("cubes", cubes))
    assert_names(msg, "generals.toml", "salmuth", "cubes")


@pytest.mark.parametrize("hit_on", [0, 4])
def test_soviet_bonus_hit_on_out_of_range(broken, hit_on):
    msg = broken("events.toml", lambda d: entry(d, "event", "general_zhukov").__setitem__("hit_on", hit_on))
    assert_names(msg, "events.toml", "general_zhukov", "hit_on")


def test_event_copies_out_of_range(broken):
    msg = broken("events.toml", lambda d: entry(d, "event", "nachschub").__setitem__("copies", 0))
    assert_names(msg, "events.toml", "nachschub", "copies")


def test_event_without_its_number(broken):
    msg = broken("events.toml", lambda d: entry(d, "event", "stawka_reserven").__setitem__("n", 0))
    assert_names(msg, "events.toml", "stawka_reserven", "n")


@pytest.mark.parametrize("field,value,where", [
    ("calendar", ["Start Here"], "calendar"),
    ("start_supply", 11, "start_supply"),
    ("red_circles", [4, 9, 9, 19], "red_circles"),
])
def test_constants_out_of_range(broken, field, value, where):
    msg = broken("rules.toml", lambda d: d["constants"].__setitem__(field, value))
    assert "content/fallblau/rules.toml" in msg and f"field '{where}'" in msg


def test_thresholds_out_of_order(broken):
    msg = broken("rules.toml", lambda d: d["constants"]["missions"].__setitem__("victory", 40))
    assert "content/fallblau/rules.toml" in msg and "field 'missions'" in msg


@pytest.mark.parametrize("red", [0, 99])
def test_conditional_red_out_of_range(broken, red):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "elista")["red_if_not_captured"].__setitem__("red", red))
    assert_names(msg, "campaign.toml", "elista", "red_if_not_captured.red")


def test_negative_counterattack_vp(broken):
    msg = broken("events.toml", lambda d: entry(d, "event", "angriffe_bei_kotluban").__setitem__("vp", -2))
    assert_names(msg, "events.toml", "angriffe_bei_kotluban", "vp")


def test_negative_mission_reward(broken):
    msg = broken("missions.toml", lambda d: entry(d, "mission", "oel_von_maikop").__setitem__("reward_vp", -1))
    assert_names(msg, "missions.toml", "oel_von_maikop", "reward_vp")


# ====================================================================== duplicates
@pytest.mark.parametrize("file,key,entry_id", [
    ("campaign.toml", "card", "rostov"),
    ("generals.toml", "general", "hoth"),
    ("events.toml", "event", "partisanen"),
    ("missions.toml", "mission", "vormarsch"),
])
def test_duplicate_id(broken, file, key, entry_id):
    def edit(d):
        d[key].append(copy.deepcopy(entry(d, key, entry_id)))

    msg = broken(file, edit)
    assert_names(msg, file, entry_id, "id")
    assert "duplicate" in msg
    assert f"(entry {len(REAL_READ('fallblau', file)[key]) + 1})" in msg


def test_duplicate_id_after_copies_are_expanded(broken):
    def edit(d):
        d["event"].append(dict(copy.deepcopy(entry(d, "event", "nachschub")), id="luftwaffe_support-1"))

    msg = broken("events.toml", edit)
    assert_names(msg, "events.toml", "luftwaffe_support-1", "id")


# ====================================================================== what fits what
@pytest.mark.parametrize("event_id,timing,expected", [
    ("nachschub", "stop", "hold"),
    ("partisanen", "hold", "stop"),
    ("general_zhukov", "hold", "permanent"),
    ("luftwaffe_support", "permanent", "hold"),
])
def test_timing_that_does_not_fit_the_effect(broken, event_id, timing, expected):
    msg = broken("events.toml", lambda d: entry(d, "event", event_id).__setitem__("timing", timing))
    assert_names(msg, "events.toml", event_id, "timing")
    assert f"is a {expected} card" in msg


def test_cancel_card_without_an_icon(broken):
    msg = broken("events.toml", lambda d: entry(d, "event", "pionier_battalions").__setitem__("icon", "none"))
    assert_names(msg, "events.toml", "pionier_battalions", "icon")


def test_soviet_bonus_without_a_bonus(broken):
    msg = broken("events.toml", lambda d: entry(d, "event", "general_zhukov").__setitem__("extra_dice", 0))
    assert_names(msg, "events.toml", "general_zhukov", "extra_dice")


@pytest.mark.parametrize("mission_id,reward", [("oel_von_maikop", "reward_supply"), ("blitzfeldzug", "reward_vp")])
def test_mission_without_a_reward(broken, mission_id, reward):
    msg = broken("missions.toml", lambda d: entry(d, "mission", mission_id).pop(reward))
    assert_names(msg, "missions.toml", mission_id, "reward_vp")
    assert "needs a reward" in msg


def test_mission_without_its_number(broken):
    msg = broken("missions.toml", lambda d: entry(d, "mission", "blitzfeldzug").pop("n"))
    assert_names(msg, "missions.toml", "blitzfeldzug", "n")


def test_icon_mission_without_an_icon(broken):
    msg = broken("missions.toml", lambda d: entry(d, "mission", "gebirgskrieg").pop("icon"))
    assert_names(msg, "missions.toml", "gebirgskrieg", "icon")


# ====================================================================== files
def test_real_read_toml_on_a_missing_file():
    with pytest.raises(ContentError, match=r"^content/fallblau/nope\.toml: the file is missing$"):
        core_content.read_toml("fallblau", "nope.toml")


def test_missing_game_folder():
    with pytest.raises(ContentError, match="content/nogame/rules.toml: the file is missing"):
        core_content.read_toml("nogame", "rules.toml")


@pytest.mark.parametrize("missing", ["rules.toml", "generals.toml", "campaign.toml", "events.toml", "missions.toml"])
def test_missing_content_file_fails_load(monkeypatch, missing):
    def fake_read(game, name):
        return REAL_READ(game, "gone-" + name if name == missing else name)

    monkeypatch.setattr(fb_content, "read_toml", fake_read)
    with pytest.raises(ContentError, match=f"content/fallblau/gone-{missing}: the file is missing"):
        fb_content.load()


def test_invalid_toml_names_the_file(monkeypatch, tmp_path):
    (tmp_path / "fallblau").mkdir()
    (tmp_path / "fallblau" / "broken.toml").write_text("[[card]]\nid = 'x\n", encoding="utf-8")
    monkeypatch.setattr(core_content, "content_dir", lambda game: tmp_path / game)
    with pytest.raises(ContentError, match=r"content/fallblau/broken\.toml: not valid TOML"):
        core_content.read_toml("fallblau", "broken.toml")


def test_read_toml_reads_the_real_files():
    for name, key in [("generals.toml", "general"), ("campaign.toml", "card"), ("events.toml", "event"),
                      ("missions.toml", "mission"), ("rules.toml", "constants")]:
        assert key in core_content.read_toml("fallblau", name)


def test_structure_reports_every_problem_of_an_entry():
    from rules.fallblau.content import CampaignCard

    raw = {"id": "x", "name": "X", "vp": "one", "red": "two", "shape": "round"}
    with pytest.raises(ContentError) as info:
        core_content.structure(raw, CampaignCard, "content/fallblau/campaign.toml: card 'x'")
    msg = str(info.value)
    assert msg.startswith("content/fallblau/campaign.toml: card 'x': ")
    assert "field 'vp'" in msg and "field 'red'" in msg and "shape" in msg


def test_require():
    core_content.require(True, "f: e", "x", "never shown")
    with pytest.raises(ContentError, match=r"^f: e: field 'x': bad$"):
        core_content.require(False, "f: e", "x", "bad")


def test_content_is_loaded_once_and_what_is_alive_then_leaves_the_gc_walks():
    """rules.core.content.loaded_once: one load, cached; afterwards gc.freeze keeps modules and
    content out of full collections (the per-command rules budget: no GC pause over 10 ms)."""
    import gc

    from rules.core.content import loaded_once

    calls = []

    @loaded_once
    def load():
        calls.append(1)
        return object()

    first = load()
    assert load() is first and calls == [1]
    assert gc.get_freeze_count() > 0
    load.cache_clear()
    assert load() is not first and calls == [1, 1]


# ====================================================================== each field exactly its type
# (DESIGN "Content": content is validated at load; cattrs made strict in rules/core/content.py)
def test_a_boolean_is_no_number(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "rostov").__setitem__("vp", True))
    assert_names(msg, "campaign.toml", "rostov", "vp")
    assert "expected int" in msg and "boolean" in msg


def test_a_number_is_no_text_and_a_text_no_list(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "rostov").__setitem__("name", 5))
    assert_names(msg, "campaign.toml", "rostov", "name")
    assert "expected str" in msg
    msg = broken("campaign.toml", lambda d: entry(d, "card", "millerovo").__setitem__("unlocks", "kalach"))
    assert_names(msg, "campaign.toml", "millerovo", "unlocks")
    assert "expected an array" in msg


def test_a_wrong_item_in_a_list_is_named_by_its_place(broken):
    msg = broken("campaign.toml", lambda d: entry(d, "card", "millerovo")["unlocks"].insert(1, 7))
    assert_names(msg, "campaign.toml", "millerovo", "unlocks[1]")
    assert "expected str" in msg


def test_a_table_keyed_by_number_refuses_a_key_that_is_not_one():
    import attrs

    @attrs.frozen
    class Rolls:
        rows: dict[int, int]

    assert core_content.structure({"rows": {"1": 4, "6": 2}}, Rolls, "t").rows == {1: 4, 6: 2}
    with pytest.raises(ContentError) as info:
        core_content.structure({"rows": {"one": 4}}, Rolls, "content/x.toml: [rolls]")
    assert "content/x.toml: [rolls]: field 'rows['one']'" in str(info.value)

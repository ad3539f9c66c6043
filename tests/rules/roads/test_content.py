"""Roads to Stalingrad content (DESIGN "Content", ROADS-SCHEMA.md): the real TOML loads with the
counters, rule 19's chit sets, two decks of 35 and the rule constants; the rulebook's examples
find their units with the values they need; broken content fails at load with a ContentError
naming the file, the entry and the field.

Broken content is made by handing ``rules.roads.content.load_content`` edited copies of the
real TOML (``read_toml`` is monkeypatched; the load cache is cleared around each test).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.roads.content as roads_content
from rules.roads.content import Condition, load_content, parse_condition
from rules.roads.map import load_map
from tests.support.content import load_broken


@pytest.fixture(autouse=True)
def fresh_cache():
    load_content.cache_clear()
    yield
    load_content.cache_clear()


@pytest.fixture
def broken(monkeypatch):
    """broken(filename, edit): load_content() over an edited copy of that file; the message."""
    return lambda filename, edit: load_broken(monkeypatch, roads_content, filename, edit, loader="load_content")


def _entry(doc, key, eid):
    return next(e for e in doc[key] if e["id"] == eid)


# ----------------------------------------------------------------------------- units
def test_counters_at_their_scales():
    """Campaign 2 and the examples' scale: Axis corps (at least 35), Soviet armies and corps (at
    least 45 with the pool); every nation of rule 2 is present."""
    c = load_content()
    axis, soviet = c.side_units("axis"), c.side_units("soviet")
    assert len(axis) >= 35 and len(soviet) >= 45
    assert {u.nation for u in axis} == {"german", "ss", "italian", "rumanian", "hungarian"}
    assert {u.kind for u in soviet} == {"infantry", "tank", "cavalry"}
    assert {u.kind for u in axis} == {"infantry", "panzer"}
    for uid in ("xiv-pz", "xxiv-pz", "xl-pz", "xlviii-pz", "lvii-pz", "iii-pz", "viii-corps", "xi-corps",
                "xvii-corps", "xxix-corps", "xliv-corps", "li-corps", "lii-corps", "xlix-mtn",
                "hu-iii-corps", "hu-iv-corps", "hu-vii-corps", "it-ii-corps", "it-xxxv-corps", "it-alpine-corps",
                "ss-wiking", "ss-pz-corps"):
        assert c.units[uid].side == "axis", uid
    for n in (13, 40, 21, 28, 38, 9, 57, 37, 12, 18, 56, 24, 47, 51, 44, 46, 65, 62, 63, 64, 66):
        assert c.units[f"{n}-army"].side == "soviet", n
    assert c.units["26-tc"].kind == "tank" and c.units["26-tc"].in_pool
    assert c.units["1-gds-army"].in_pool and c.units["5-tank-army"].kind == "tank"


def test_battle_of_rossosh_units_and_their_checks():
    """Series 9.6.1, the Battle of Rossosh: 48th Pz Corps TV 4 and passes on a 7 (CH 7); the
    Soviets draw 1 (TV 1); the 65th Army fails 7+2 against CH 6; the 29th Infantry Corps fails on
    an 8; the 46th Army passes on a 2 and, depleted by Human Wave, fails on a 6."""
    c = load_content()
    pz48, inf29 = c.units["xlviii-pz"], c.units["xxix-corps"]
    a65, a46 = c.units["65-army"], c.units["46-army"]
    assert (pz48.tactical, pz48.cohesion, pz48.kind, pz48.nation) == (4, 7, "panzer", "german")
    assert 7 <= pz48.cohesion                                  # rolled 7: passes
    assert (a65.tactical, a65.cohesion) == (1, 6) and 7 + 2 > a65.cohesion
    assert a46.tactical == 1 and 2 <= a46.cohesion             # rolled 2 at full: passes
    assert a46.depleted.cohesion < 6                           # rolled 6 once depleted: fails
    assert inf29.cohesion < 8 and inf29.kind == "infantry"     # rolled 8: fails, is depleted
    assert max(u.tactical for u in (a65, a46)) == 1            # the Soviets draw one chit


def test_operation_example_units():
    """Series 8 Operation Example: a German infantry unit moves alone, XLVIII Pz with the 29th
    Corps, the 57th Pz Corps moves one area and then attacks (movement 2 or more), the 30th
    Corps can be reorganized; the 47th Army exists. XXIX and XXX are German infantry with red
    movement (campaign 9)."""
    c = load_content()
    lvii = c.units["lvii-pz"]
    assert (lvii.kind, lvii.nation) == ("panzer", "german") and lvii.movement >= 2
    for uid in ("xxix-corps", "xxx-corps"):
        u = c.units[uid]
        assert (u.nation, u.kind, u.red_movement, u.movement) == ("german", "infantry", True, 2)
    assert c.units["xxix-corps"].name == "XXIX Corps" and c.units["xxx-corps"].name == "XXX Corps"
    assert c.units["47-army"].side == "soviet" and not c.units["47-army"].in_pool
    assert c.units["xlviii-pz"].name == "XLVIII Panzer Corps"


def test_red_movement_is_german_infantry_exactly():
    """Campaign 9: German (and SS) infantry print a red movement 2; nobody else does."""
    c = load_content()
    for u in c.units.values():
        assert u.red_movement == (u.nation in ("german", "ss") and u.kind == "infantry"), u.id
        if u.red_movement:
            assert u.movement == 2


def test_depleted_faces_never_exceed_full():
    """Series 9.6.4: the depleted face; every value 1..10 and no higher than the full one."""
    for u in load_content().units.values():
        for field in ("cohesion", "movement", "tactical"):
            assert 1 <= getattr(u.depleted, field) <= getattr(u, field) <= 10, (u.id, field)


def test_setup_on_own_side_and_kerch_group():
    """Campaign 1.f.II and 17: every starting unit on an area its side controls at set-up; the
    Kerch group (1.d.II) is German and flagged; the pool holds the rest."""
    c = load_content()
    areas = load_map().areas
    for u in c.units.values():
        if u.setup:
            assert areas[u.setup].control == u.side, u.id
    kerch = [u for u in c.units.values() if u.kerch]
    assert len(kerch) >= 1 and all(u.setup == "kerch" and u.nation == "german" for u in kerch)
    assert len(c.pool("soviet")) >= 15 and len(c.pool("axis")) >= 5


def test_allied_nations_never_share_an_area_at_setup():
    """Campaign 3.a: an area with one non-German Axis nation is closed to the others."""
    nations: dict[str, set[str]] = {}
    for u in load_content().side_units("axis"):
        if u.setup and u.nation not in ("german", "ss"):
            nations.setdefault(u.setup, set()).add(u.nation)
    assert all(len(n) == 1 for n in nations.values())


def test_hungarians_and_rumanians_three_areas_apart_at_setup():
    """Campaign 3.b: Hungarian and Rumanian units at least three areas apart, from the set-up on."""
    c, m = load_content(), load_map()
    hungarians = [u.setup for u in c.side_units("axis") if u.nation == "hungarian" and u.setup]
    rumanians = [u.setup for u in c.side_units("axis") if u.nation == "rumanian" and u.setup]
    assert hungarians and rumanians
    assert min(m.distance(h, r) for h in hungarians for r in rumanians) >= c.rules.hungarian_rumanian_distance


def test_manstein():
    """Campaign 10: one leader, Manstein: +1 movement and +1 Tactical Value to his stack."""
    leader = load_content().leader
    assert (leader.id, leader.side, leader.movement_bonus, leader.tactical_bonus) == ("manstein", "axis", 1, 1)


# ----------------------------------------------------------------------------- chits
def test_rule_19_chit_sets():
    """Rule 19: Axis 14 + 3 and Soviet 12 + 5, by name and count; four Soviet chits held back
    until the STAVKA card (rule 14)."""
    c = load_content()
    axis = {ch.name: ch.count for ch in c.chit_set("axis")}
    soviet = {ch.name: (ch.count, ch.held_back) for ch in c.chit_set("soviet")}
    assert axis == {"Air Strike": 3, "Combined Arms": 3, "Assault": 3, "Flank Attack": 2, "Ambush": 2,
                    "Poor Coordination": 1, "Panzer Attack": 3}
    assert soviet == {"Human Wave": (2, 0), "Air Strike": (2, 1), "Bombardment": (4, 1), "Poor Coordination": (2, 0),
                      "Assault": (2, 0), "Ambush": (1, 0), "Armored Assault": (2, 2), "Field Fortifications": (2, 0)}
    assert sum(axis.values()) - axis["Panzer Attack"] == 14
    assert sum(n for n, _ in soviet.values()) == 17


def test_rule_19_chit_effects():
    """Rule 19 chit by chit: the side checked, the roll modifier, the result of a failure, who
    chooses the unit, and the conditions for the cup."""
    ch = load_content().chits

    def steps(cid):
        return [(s.on, s.action, s.modifier, s.fail, s.chooser) for s in ch[cid].steps]

    assert steps("axis-air-strike") == [("soviet", "check", 2, "disorganize", "owner")]
    assert ch["axis-air-strike"].only_if == ch["axis-combined-arms"].only_if == "all-german"
    assert steps("axis-combined-arms") == [("soviet", "check", 1, "disorganize", "owner"),
                                           ("axis", "check", 0, "deplete", "owner")]
    assert steps("axis-assault") == [("soviet", "check", 0, "disorganize", "owner"), ("axis", "check", 0, "deplete", "owner")]
    assert steps("axis-flank-attack") == [("soviet", "check", 0, "disorganize", "owner"),
                                          ("axis", "check", 0, "disorganize", "owner")]
    assert steps("axis-ambush") == [("soviet", "check", 0, "deplete", "owner")]
    assert steps("axis-poor-coordination") == [("axis", "check", 0, "disorganize", "owner")]
    assert steps("axis-panzer-attack") == [("soviet", "check", 0, "disorganize-deplete", "chit")]
    assert ch["axis-panzer-attack"].only_if == "panzer"
    assert steps("soviet-human-wave") == [("soviet", "deplete", 0, "", "owner"), ("axis", "check", 0, "disorganize", "owner")]
    assert steps("soviet-air-strike") == [("axis", "check", 1, "disorganize-deplete", "owner")]
    assert steps("soviet-bombardment") == [("axis", "check", 3, "deplete", "owner")]
    assert steps("soviet-poor-coordination") == [("soviet", "check", 0, "disorganize", "owner")]
    assert steps("soviet-assault") == [("soviet", "check", 0, "disorganize", "owner"), ("axis", "check", 0, "disorganize", "owner")]
    assert steps("soviet-ambush") == [("axis", "check", 0, "deplete", "owner")]
    assert steps("soviet-armored-assault") == [("soviet", "check", 0, "deplete", "owner"),
                                               ("axis", "check", 0, "disorganize", "owner")]
    assert ch["soviet-armored-assault"].steps[0].unit_kind == "tank"
    assert ch["soviet-armored-assault"].only_if == "soviet-armor"
    assert steps("soviet-field-fortifications") == [("soviet", "fortify", -2, "", "owner")]
    assert (ch["soviet-field-fortifications"].only_if, ch["soviet-field-fortifications"].discard_when) == \
        ("soviet-defender", "fortified")


def test_chit_texts_name_their_modifiers():
    """Chit text is checked against its steps: every modifier appears in the text."""
    for ch in load_content().chits.values():
        numbers = {int(n) for n in re.findall(r"\d+", ch.text)}
        for s in ch.steps:
            assert s.modifier == 0 or abs(s.modifier) in numbers, ch.id


# ----------------------------------------------------------------------------- cards
def test_two_decks_of_35():
    """Series 4.2.4 and the box: two decks of 35 cards; ids unique; attack cards cost 1-3 SP."""
    c = load_content()
    assert len(c.deck("axis")) == len(c.deck("soviet")) == c.rules.deck_size == 35
    for card in c.cards.values():
        assert (1 <= card.sp <= 3) if card.kind == "attack" else card.sp == 0, card.id
    kinds = Counter(card.kind for card in c.cards.values())
    assert all(kinds[k] >= 5 for k in ("operational", "event", "tactics", "attack"))


def test_railhead_advance():
    """Campaign 6: three Railhead Advance cards, each placing 3 RPs and permanent (15.a); their
    order rule (the first needs Rostov and Millerovo, later ones Maikop or Grozny, 5.a.III and
    6.c) is the "railhead-order" prerequisite with its cities in rules.toml."""
    c = load_content()
    railheads = [card for card in c.deck("axis") if card.name == "Railhead Advance"]
    assert len(railheads) == 3
    for card in railheads:
        assert card.permanent == "railhead" and card.kind == "operational"
        assert [(e.op, e.count) for e in card.effects if e.op == "gain-rp"] == [("gain-rp", 3)]
        assert c.requirements[card.id] == ((Condition("railhead-order"),),)
    assert c.rules.railhead_first == ("rostov", "millerovo") and c.rules.railhead_later == ("maikop", "grozny")


def test_permanent_cards_of_rule_15():
    """Rule 15.a: Directive 45 and Winter Arrives in both decks; Reorganization of the STAVKA and
    Order 227 (printed "Order 225") in the Soviet deck; each permanent; Winter Arrives cannot come
    early (mid-deck design)."""
    c = load_content()
    for side in ("axis", "soviet"):
        deck = {card.name: card for card in c.deck(side)}
        assert deck["Directive 45"].permanent == "directive-45"
        assert deck["Winter Arrives"].permanent == "winter"
        assert Condition("cards-played-at-least", number=20) in c.requirements[deck["Winter Arrives"].id][0]
    soviet = {card.name: card for card in c.deck("soviet")}
    assert soviet["Reorganization of the STAVKA"].permanent == "stavka"
    assert soviet["Order 227"].permanent == "order-227"
    assert c.rules.order_227_cohesion == -1


def test_named_cards_and_their_effects():
    """The cards the rules and player notes name: Backhand Blow brings Manstein (10.a), Strategic
    Redeployment moves the Kerch group out (1.d.III), a Sudden Death card (4.2.4b), Cavalry
    Corps, Zhukov in Command, Katyushas, 26th Tank Corps, Traffic Jam, Poor Logistics,
    Strategic Withdrawal."""
    c = load_content()
    by_name = {card.name: card for card in c.cards.values()}
    ops = {name: [e.op for e in card.effects] for name, card in by_name.items()}
    assert "leader" in ops["Backhand Blow"] and by_name["Backhand Blow"].effects[0].id == "manstein"
    assert ops["Strategic Redeployment"] == ["redeploy-kerch"]
    assert any("sudden-death" in o for o in ops.values())
    assert ops["Katyushas"] == ["strike"] and by_name["Katyushas"].kind == "attack"
    assert by_name["26th Tank Corps"].kind == "attack"
    assert "free-move" in ops["Cavalry Corps"] and ops["Zhukov in Command"] == ["gain-sp"]
    assert ops["Traffic Jam"] == ["enemy-sp"] and ops["Poor Logistics"] == ["enemy-rp"]
    assert ops["Strategic Withdrawal"] == ["withdraw"]


def test_reinforcement_cards_bring_the_whole_pool_once():
    """Campaign 7: every pool unit arrives by exactly one card of its side; Soviet reinforcement
    cards are flagged for the 7.c limit; no card brings a unit already on the map."""
    c = load_content()
    brought = Counter(uid for card in c.cards.values() for e in card.effects if e.op == "reinforce" for uid in e.units)
    assert set(brought) == {u.id for side in ("axis", "soviet") for u in c.pool(side)}
    assert set(brought.values()) == {1}
    flagged = [card for card in c.deck("soviet") if card.reinforcement]
    assert len(flagged) >= 8 and all(any(e.op == "reinforce" for e in card.effects) for card in flagged)
    assert not any(card.reinforcement for card in c.deck("axis"))


def test_card_texts_name_every_number_of_their_effects():
    """Card text is checked against its effects (NOTES.md): every count, range and modifier, the
    SP cost of an attack card, the VP lead of a sudden death and the name of every unit a card
    brings appear in its text."""
    c = load_content()
    for card in c.cards.values():
        numbers = {int(n) for n in re.findall(r"\d+", card.text)}
        if card.kind == "attack":
            assert card.sp in numbers, card.id
        for e in card.effects:
            for value in (e.count, e.range, e.modifier):
                assert value == 0 or abs(value) in numbers, (card.id, e.op)
            for uid in e.units:
                assert c.units[uid].name in card.text, (card.id, uid)
            if e.condition.startswith("vp-lead:"):
                assert int(e.condition.split(":")[1]) in numbers


def test_effect_ops_fit_card_kinds():
    """Series 2.3.1: battle effects only on tactics/attack cards, operation effects only on
    events, the rest on operational cards."""
    for card in load_content().cards.values():
        for e in card.effects:
            assert card.kind in roads_content.OPS[e.op][2], (card.id, e.op)


def test_parse_condition():
    """Prerequisites parse into conditions; " or " joins alternatives; unknown ones are refused."""
    assert parse_condition("control:rostov") == (Condition("control", areas=("rostov",)),)
    assert parse_condition("control-any:maikop|grozny") == (Condition("control-any", areas=("maikop", "grozny")),)
    assert parse_condition("winter or enemy-control:stalingrad") == \
        (Condition("winter"), Condition("enemy-control", areas=("stalingrad",)))
    assert parse_condition("vp-lead:8", allow_vp=True) == (Condition("vp-lead", number=8),)
    for bad in ("vp-lead:8", "control", "permanent:snow", "cards-played-at-least:x", "springtime"):
        with pytest.raises(ValueError):
            parse_condition(bad)


# ----------------------------------------------------------------------------- rules
def test_rule_constants():
    """Series 5.2.1, 2.3, 5.5.2, 4.2.2, 5.2.3, 9.6.3f; campaign 1.b.I, 5, 7.c, 8, 11, 13, 16.b."""
    r = load_content().rules
    assert (r.sp_per_rp, r.hand_limit, r.cost_move, r.cost_armour, r.cost_stack, r.cost_reorganize, r.cost_rebuild) == \
        (6, 5, 1, 2, 2, 1, 1)
    assert (r.rolloff_die, r.initiative_bonus, r.soviet_reinforce_after, r.soviet_reinforce_every) == (10, 2, 15, 5)
    assert (r.volga_closed_cards, r.supply_path, r.trace_spacing, r.retreat_distance) == (5, 3, 3, 2)
    assert (r.retreat_edge("axis"), r.retreat_edge("soviet")) == ("west", "east")
    assert r.chits_per_cup == "set-less-excluded"
    assert (r.vp_axis_infantry, r.vp_german_panzer, r.vp_manstein, r.soviet_units_per_vp) == (1, 2, 3, 2)
    assert (r.axis_rebuild_every, r.winter_cost_factor, r.hungarian_rumanian_distance) == (2, 2, 3)


# ----------------------------------------------------------------------------- broken content
def test_unknown_unit_key(broken):
    """DESIGN "Content": unknown keys fail at load, naming file, entry and field."""
    message = broken("units.toml", lambda d: _entry(d, "unit", "xlviii-pz").update(armour=9))
    assert "content/roads/units.toml: unit 'xlviii-pz'" in message and "armour" in message


def test_duplicate_unit_id(broken):
    message = broken("units.toml", lambda d: _entry(d, "unit", "xxx-corps").update(id="xxix-corps"))
    assert "content/roads/units.toml: unit 'xxix-corps'" in message and "field 'id'" in message


def test_short_names_unique(broken):
    """The map panel tells counters apart by their short names."""
    message = broken("units.toml", lambda d: _entry(d, "unit", "xxx-corps").update(short="XXIX"))
    assert "unit 'xxx-corps'" in message and "field 'short'" in message


def test_setup_area_unknown_or_of_the_other_side(broken):
    """Campaign 1.f.II: set-up areas exist and belong to the unit's side at the start."""
    message = broken("units.toml", lambda d: _entry(d, "unit", "lvii-pz").update(setup="atlantis"))
    assert "unit 'lvii-pz'" in message and "field 'setup'" in message and "atlantis" in message
    message = broken("units.toml", lambda d: _entry(d, "unit", "lvii-pz").update(setup="rossosh"))
    assert "unit 'lvii-pz'" in message and "field 'setup'" in message and "soviet-controlled" in message


def test_depleted_above_full(broken):
    message = broken("units.toml", lambda d: _entry(d, "unit", "65-army")["depleted"].update(cohesion=9))
    assert "unit '65-army'" in message and "field 'depleted.cohesion'" in message


def test_value_out_of_range_and_bad_nation(broken):
    message = broken("units.toml", lambda d: _entry(d, "unit", "46-army").update(tactical=0))
    assert "unit '46-army'" in message and "field 'tactical'" in message
    message = broken("units.toml", lambda d: _entry(d, "unit", "46-army").update(nation="italian"))
    assert "unit '46-army'" in message and "field 'nation'" in message


def test_red_movement_wrong(broken):
    """Campaign 9: German infantry must carry red movement."""
    message = broken("units.toml", lambda d: _entry(d, "unit", "xxix-corps").update(red_movement=False))
    assert "unit 'xxix-corps'" in message and "field 'red_movement'" in message


def test_allied_nations_sharing_an_area(broken):
    """Campaign 3.a: a Rumanian corps set up with the Italians is refused."""
    message = broken("units.toml", lambda d: _entry(d, "unit", "ro-vi-corps").update(setup="stalino"))
    assert "content/roads/units.toml: unit 'ro-vi-corps'" in message and "field 'setup'" in message


def test_hungarians_and_rumanians_too_close(broken):
    """Campaign 3.b: a Rumanian corps set up two areas from the Hungarians is refused."""
    assert load_map().distance("kursk", "belgorod") == 2
    message = broken("units.toml", lambda d: _entry(d, "unit", "ro-vi-corps").update(setup="belgorod"))
    assert "content/roads/units.toml: unit 'ro-vi-corps'" in message and "field 'setup'" in message
    assert "campaign 3.b" in message


def test_kerch_flag_must_match(broken):
    message = broken("units.toml", lambda d: _entry(d, "unit", "xlii-corps").update(kerch=False))
    assert "unit 'xlii-corps'" in message and "field 'kerch'" in message


def test_chit_counts_must_be_rule_19s(broken):
    """Rule 19: the sets are exact; one chit more is refused naming the file and field."""
    message = broken("chits.toml", lambda d: _entry(d, "chit", "axis-ambush").update(count=3))
    assert "content/roads/chits.toml" in message and "field 'count'" in message and "rule 19" in message
    message = broken("chits.toml", lambda d: _entry(d, "chit", "soviet-air-strike").update(held_back=0))
    assert "content/roads/chits.toml" in message and "field 'held_back'" in message


def test_chit_step_errors(broken):
    message = broken("chits.toml", lambda d: _entry(d, "chit", "axis-assault")["step"][0].update(fail="explode"))
    assert "chit 'axis-assault'" in message and "field 'step[0].fail'" in message
    message = broken("chits.toml", lambda d: _entry(d, "chit", "soviet-bombardment")["step"][0].update(modifier=4))
    assert "chit 'soviet-bombardment'" in message and "field 'text'" in message


def test_unknown_effect_op_and_fields(broken):
    """The card effect vocabulary: unknown ops, missing and extra fields are refused."""
    message = broken("cards.toml", lambda d: _entry(d, "card", "fuel-reserves")["effect"][0].update(op="teleport"))
    assert "card 'fuel-reserves'" in message and "field 'effect[0].op'" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "fuel-reserves")["effect"][0].pop("count"))
    assert "card 'fuel-reserves'" in message and "field 'effect[0].count'" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "fuel-reserves")["effect"][0].update(on="own"))
    assert "card 'fuel-reserves'" in message and "field 'effect[0].on'" in message


def test_effect_value_out_of_range(broken):
    message = broken("cards.toml", lambda d: _entry(d, "card", "kesselschlacht")["effect"][0].update(modifier=7))
    assert "card 'kesselschlacht'" in message and "field 'effect[0].modifier'" in message


def test_effect_on_the_wrong_kind_of_card(broken):
    message = broken("cards.toml", lambda d: _entry(d, "card", "blitzkrieg").update(kind="operational"))
    assert "card 'blitzkrieg'" in message and "field 'effect[0].op'" in message


def test_reinforce_references(broken):
    """Campaign 7: reinforce names existing pool units of the card's side."""
    message = broken("cards.toml", lambda d: _entry(d, "card", "don-front")["effect"][0].update(units=["99-army"]))
    assert "card 'don-front'" in message and "field 'effect[0].units'" in message and "99-army" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "don-front")["effect"][0].update(units=["47-army"]))
    assert "card 'don-front'" in message and "sets up on the map" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "don-front")["effect"][0].update(units=["it-ii-corps"]))
    assert "card 'don-front'" in message and "not a soviet unit" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "don-front")["effect"][0].update(count=2))
    assert "card 'don-front'" in message and "field 'effect[0].units'" in message and "not both" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "don-front")["effect"][0].update(units=[], count=2))
    assert "card 'don-front'" in message and "field 'effect[0].kind'" in message


def test_reinforcement_flag(broken):
    message = broken("cards.toml", lambda d: _entry(d, "card", "don-front").update(reinforcement=False))
    assert "card 'don-front'" in message and "field 'reinforcement'" in message


def test_deck_size(broken):
    """Two decks of exactly 35."""
    message = broken("cards.toml", lambda d: d["card"].remove(_entry(d, "card", "lend-lease")))
    assert "content/roads/cards.toml" in message and "soviet deck has 34 cards" in message


def test_required_card_missing(broken):
    message = broken("cards.toml", lambda d: _entry(d, "card", "katyushas").update(name="Rockets"))
    assert "content/roads/cards.toml" in message and "Katyushas" in message


def test_permanent_key_and_requires(broken):
    message = broken("cards.toml", lambda d: _entry(d, "card", "order-227").update(permanent="order-225"))
    assert "card 'order-227'" in message and "field 'permanent'" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "backhand-blow").update(requires=["snow"]))
    assert "card 'backhand-blow'" in message and "field 'requires[0]'" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "sudden-death-axis").update(requires=["control:moscow"]))
    assert "card 'sudden-death-axis'" in message and "field 'requires[0]'" in message and "moscow" in message


def test_text_must_name_the_numbers(broken):
    """Card text is checked against its effects: changing a count without the text is refused."""
    message = broken("cards.toml", lambda d: _entry(d, "card", "zhukov")["effect"][0].update(count=4))
    assert "card 'zhukov'" in message and "field 'text'" in message
    message = broken("cards.toml", lambda d: _entry(d, "card", "stuka").update(sp=3))
    assert "card 'stuka'" in message and "field 'text'" in message


def test_attack_card_sp(broken):
    message = broken("cards.toml", lambda d: _entry(d, "card", "katyushas").update(sp=0))
    assert "card 'katyushas'" in message and "field 'sp'" in message


def test_rules_constants_checked(broken):
    message = broken("rules.toml", lambda d: d["constants"].update(retreat_edge_axis="up"))
    assert "content/roads/rules.toml: [constants]" in message and "field 'retreat_edge_axis'" in message
    message = broken("rules.toml", lambda d: d["constants"].update(railhead_first=["rostov", "paris"]))
    assert "field 'railhead_first'" in message and "paris" in message
    message = broken("rules.toml", lambda d: d["constants"].update(sp_per_rp="six"))
    assert "content/roads/rules.toml: [constants]" in message and "sp_per_rp" in message


# ----------------------------------------------------------------------------- properties
_UNITS = [u["id"] for u in roads_content.read_toml("roads", "units.toml")["unit"]]
_CARDS = [c["id"] for c in roads_content.read_toml("roads", "cards.toml")["card"]]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(uid=st.sampled_from(_UNITS), field=st.sampled_from(["cohesion", "movement", "tactical"]),
       value=st.one_of(st.integers(-5, 0), st.integers(11, 50)))
def test_any_out_of_range_value_is_refused_by_name(monkeypatch, uid, field, value):
    """Any counter value outside 1..10 is refused, naming the file, the unit and the field."""
    message = load_broken(monkeypatch, roads_content, "units.toml",
                          lambda d: _entry(d, "unit", uid).update({field: value}), loader="load_content")
    assert f"content/roads/units.toml: unit '{uid}'" in message and f"field '{field}'" in message


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cid=st.sampled_from(_CARDS), key=st.sampled_from(["count", "modifier", "range", "colour"]))
def test_any_stray_effect_field_is_refused_by_name(monkeypatch, cid, key):
    """An effect given a field its op does not take is refused, naming the card and the field."""
    def edit(d):
        effect = _entry(d, "card", cid)["effect"][0]
        if key in effect:
            effect.pop(key)                     # a needed field missing is refused as well
        else:
            effect[key] = 1
    message = load_broken(monkeypatch, roads_content, "cards.toml", edit, loader="load_content")
    assert f"content/roads/cards.toml: card '{cid}'" in message and "effect[0]" in message

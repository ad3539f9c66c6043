"""A small hand-made world for pinning rules on fixed dice: a 4 x 3 grid of areas with one
border of each kind, a mountain, cities, edges, and a handful of counters and cards.

    w1 - a1 - b1 ~ e1        ~ the Volga (b1-e1)
    |    |    |    |
    w2 - a2 = b2 - e2        = a major river (a2-b2, the Don)
    |    |    |    |
    w3 - a3 - b3 - e3        - between a3 and b3 a minor river; b3 is a mountain
"""

from __future__ import annotations

from functools import cache

import attrs

from rules.core.dice import FixedDice
from rules.roads.content import (
    Card, Chit, ChitStep, Content, Effect, Leader, Rules, Unit, Values, parse_condition,
)
from rules.roads.game import Roads, initial_state
from rules.roads.geography import update_isolation


@attrs.frozen
class Area:
    id: str
    name: str
    terrain: str = "clear"
    city: bool = True
    vp_axis: int = 0
    vp_soviet: int = 0
    vp_axis_d45: int = 0
    soviet_supply: bool = False
    soviet_source: bool = False
    axis_rear: bool = False
    axis_setup: bool = False
    control: str = "soviet"
    army_group: str = "B"
    edge: tuple = ()
    rp_axis: int = 0
    rp_soviet: int = 0


class SmallMap:
    def __init__(self, areas, borders):
        self.areas = {a.id: a for a in areas}
        self._n = {a.id: [] for a in areas}
        self._b = {}
        for a, b, kind, river in borders:
            self._n[a].append(b)
            self._n[b].append(a)
            self._b[frozenset((a, b))] = (kind, river)
        self._n = {k: tuple(sorted(v)) for k, v in self._n.items()}

    def neighbours(self, a):
        return self._n[a]

    def border(self, a, b):
        return self._b[frozenset((a, b))][0]

    def river(self, a, b):
        return self._b[frozenset((a, b))][1]


def _rules() -> Rules:
    return Rules(
        sp_per_rp=6, hand_limit=5, deck_size=35, cost_move=1, cost_armour=2, cost_stack=2,
        cost_reorganize=1, cost_rebuild=1, axis_rebuild_every=2, winter_cost_factor=2,
        rolloff_die=10, initiative_bonus=2, soviet_reinforce_after=15, soviet_reinforce_every=5,
        volga_closed_cards=5, supply_path=3, trace_spacing=3, retreat_distance=2,
        retreat_edge_axis="west", retreat_edge_soviet="east", chits_per_cup="set-less-excluded",
        hungarian_rumanian_distance=3, mountain_defender_tactical=2, mountain_defender_cohesion=1,
        isolated_cohesion=-1, major_river_cohesion=-2, major_river_cohesion_winter=-1,
        minor_river_cohesion=-1, order_227_cohesion=-1, stalingrad="e2", kerch="w3",
        railhead_first=("a2", "b2"), railhead_later=("e3", "b3"), railhead_rp=3,
        vp_axis_infantry=1, vp_german_panzer=2, vp_manstein=3, soviet_units_per_vp=2)


def _areas():
    out = []
    for row in (1, 2, 3):
        for col, x in enumerate("wabe"):
            aid = f"{x}{row}"
            edge = tuple(e for e, ok in (("west", x == "w"), ("east", x == "e"),
                                           ("north", row == 1), ("south", row == 3)) if ok)
            axis = x in "wa"
            out.append(Area(
                id=aid, name=aid.upper(), control="axis" if axis else "soviet",
                axis_setup=axis, axis_rear=(aid == "w2"), soviet_source=(aid == "e2"),
                soviet_supply=(aid == "e1"), terrain="mountain" if aid == "b3" else "clear",
                army_group="A" if row == 3 else "B", edge=edge,
                vp_axis=3 if aid == "e2" else 0, vp_soviet=2 if aid == "a2" else 0))
    return out


def _borders(kerch: bool = False):
    out = []
    cols = "wabe"
    special = {frozenset(("b1", "e1")): ("volga", "Volga"), frozenset(("a2", "b2")): ("major", "Don"),
               frozenset(("a3", "b3")): ("minor", "Chir")}
    if kerch:                                   # the Kerch Straits variant: w3 ~ a3
        special[frozenset(("w3", "a3"))] = ("kerch", "Kerch Straits")
    for row in (1, 2, 3):
        for i in range(3):
            a, b = f"{cols[i]}{row}", f"{cols[i + 1]}{row}"
            kind, river = special.get(frozenset((a, b)), ("none", ""))
            out.append((a, b, kind, river))
    for x in cols:
        for row in (1, 2):
            out.append((f"{x}{row}", f"{x}{row + 1}", "none", ""))
    return out


def _units():
    specs = [
        ("pz", "1st Panzer Corps", "axis", "german", "panzer", (7, 3, 4), (5, 3, 3), False, "a2"),
        ("inf", "1st Infantry Corps", "axis", "german", "infantry", (6, 2, 2), (4, 2, 1), True, "a2"),
        ("inf2", "2nd Infantry Corps", "axis", "german", "infantry", (6, 2, 2), (4, 2, 1), True, "a1"),
        ("ita", "Italian Corps", "axis", "italian", "infantry", (5, 1, 1), (4, 1, 1), False, "w1"),
        ("rum", "Rumanian Corps", "axis", "rumanian", "infantry", (5, 1, 1), (4, 1, 1), False, ""),
        ("hun", "Hungarian Corps", "axis", "hungarian", "infantry", (5, 1, 1), (4, 1, 1), False, ""),
        ("kerch", "Kerch Group", "axis", "german", "infantry", (6, 2, 2), (4, 2, 1), True, "w3"),
        ("a1", "1st Army", "soviet", "soviet", "infantry", (6, 1, 1), (5, 1, 1), False, "b2"),
        ("a2", "2nd Army", "soviet", "soviet", "infantry", (6, 1, 1), (5, 1, 1), False, "b2"),
        ("a3", "3rd Army", "soviet", "soviet", "infantry", (6, 1, 1), (5, 1, 1), False, "b1"),
        ("t1", "1st Tank Army", "soviet", "soviet", "tank", (6, 2, 2), (5, 2, 1), False, "e2"),
        ("res", "Reserve Army", "soviet", "soviet", "infantry", (6, 1, 1), (5, 1, 1), False, ""),
    ]
    out = {}
    for uid, name, side, nation, kind, f, d, red, setup in specs:
        out[uid] = Unit(id=uid, name=name, short=name[:10], side=side, nation=nation, kind=kind,
                        cohesion=f[0], movement=f[1], tactical=f[2], depleted=Values(*d),
                        red_movement=red, setup=setup, kerch=uid == "kerch")
    return out


def Step(on, action, modifier=0, fail="", chooser="owner", unit_kind=""):     # noqa: N802
    return ChitStep(on=on, action=action, modifier=modifier, fail=fail, chooser=chooser, unit_kind=unit_kind)


def _chit(id, side, name, count, steps, held_back=0, only_if="", discard_when=""):
    return Chit(id=id, side=side, name=name, count=count, held_back=held_back, only_if=only_if,
                discard_when=discard_when, text=name, step=tuple(steps))


def rule19_chits():
    A, S = "axis", "soviet"
    Chit = _chit                                                                   # noqa: N806
    chits = [
        Chit("axis-air-strike", A, "Air Strike", 3, (Step(S, "check", 2, "disorganize"),), only_if="all-german"),
        Chit("axis-combined-arms", A, "Combined Arms", 3,
             (Step(S, "check", 1, "disorganize"), Step(A, "check", 0, "deplete")), only_if="all-german"),
        Chit("axis-assault", A, "Assault", 3, (Step(S, "check", 0, "disorganize"), Step(A, "check", 0, "deplete"))),
        Chit("axis-flank-attack", A, "Flank Attack", 2,
             (Step(S, "check", 0, "disorganize"), Step(A, "check", 0, "disorganize"))),
        Chit("axis-ambush", A, "Ambush", 2, (Step(S, "check", 0, "deplete"),)),
        Chit("axis-poor-coordination", A, "Poor Coordination", 1, (Step(A, "check", 0, "disorganize"),)),
        Chit("axis-panzer-attack", A, "Panzer Attack", 3,
             (Step(S, "check", 0, "disorganize-deplete", chooser="chit"),), only_if="panzer"),
        Chit("soviet-human-wave", S, "Human Wave", 2, (Step(S, "deplete"), Step(A, "check", 0, "disorganize"))),
        Chit("soviet-air-strike", S, "Air Strike", 2, (Step(A, "check", 1, "disorganize-deplete"),), held_back=1),
        Chit("soviet-bombardment", S, "Bombardment", 4, (Step(A, "check", 3, "deplete"),), held_back=1),
        Chit("soviet-poor-coordination", S, "Poor Coordination", 2, (Step(S, "check", 0, "disorganize"),)),
        Chit("soviet-assault", S, "Assault", 2, (Step(S, "check", 0, "disorganize"), Step(A, "check", 0, "disorganize"))),
        Chit("soviet-ambush", S, "Ambush", 1, (Step(A, "check", 0, "deplete"),)),
        Chit("soviet-armored-assault", S, "Armored Assault", 2,
             (Step(S, "check", 0, "deplete", unit_kind="tank"), Step(A, "check", 0, "disorganize")),
             held_back=2, only_if="soviet-armor"),
        Chit("soviet-field-fortifications", S, "Field Fortifications", 2, (Step(S, "fortify"),),
             only_if="soviet-defender", discard_when="fortified"),
    ]
    return {c.id: c for c in chits}


def _card(id, side, name, kind, effects=(), sp=0, permanent="", reinforcement=False, requires=(), text=""):
    return Card(id=id, side=side, name=name, kind=kind, sp=sp, permanent=permanent,
                reinforcement=reinforcement, text=text or name, effect=tuple(effects), requires=tuple(requires))


def _cards():
    A, S = "axis", "soviet"
    Card = _card                                                                   # noqa: N806
    cards = [
        Card("a-supplies", A, "Supplies", "operational", (Effect("gain-rp", count=2),), text="Gain 2 RP."),
        Card("a-railhead", A, "Railhead Advance", "operational", (Effect("permanent", key="railhead"), Effect("gain-rp", count=3)),
             permanent="railhead", requires=("railhead-order",), text="3 RP."),
        Card("a-d45", A, "Directive 45", "operational", (Effect("permanent", key="directive-45"),), permanent="directive-45"),
        Card("a-winter", A, "Winter Arrives", "operational", (Effect("permanent", key="winter"),), permanent="winter"),
        Card("a-stuka", A, "Stukas", "tactics", (Effect("cohesion", on="enemy", modifier=1),), text="+1"),
        Card("a-blitz", A, "Blitz", "attack", (Effect("strike", modifier=1, fail="disorganize"),), sp=2, text="strike"),
        Card("a-fuel", A, "Fuel", "event", (Effect("gain-sp", count=2),), text="+2 SP"),
        Card("a-backhand", A, "Backhand Blow", "operational", (Effect("leader", id="manstein"), Effect("operations", count=2))),
        Card("a-redeploy", A, "Strategic Redeployment", "operational", (Effect("redeploy-kerch"),)),
        Card("a-elastic", A, "Elastic Defence", "tactics", (Effect("reroll"),)),
        Card("a-x-lorries", A, "Lorry Columns", "operational", (Effect("move-rp", count=1, range=3),)),
        Card("a-x-abwehr", A, "Abwehr", "operational", (Effect("discard-enemy", count=1),)),
        Card("a-x-march", A, "Forced March", "event", (Effect("free-move"),)),
        Card("a-x-keil", A, "Panzerkeil", "attack", (Effect("extra-chits", count=2),), sp=2),
        Card("a-x-88", A, "Eighty-Eights", "tactics", (Effect("cancel-chit"),)),
        Card("a-x-stug", A, "Assault Guns", "tactics", (Effect("tactical", modifier=1),)),
        Card("a-x-air", A, "Air Superiority", "operational", (Effect("initiative-roll", modifier=2),)),
        Card("s-x-logistics", S, "Poor Logistics", "operational", (Effect("enemy-rp", count=1),)),
        Card("s-reserves", S, "Reserves", "operational", (Effect("reinforce", units=("res",)),), reinforcement=True),
        Card("s-stavka", S, "Reorganization of the STAVKA", "operational", (Effect("permanent", key="stavka"),), permanent="stavka"),
        Card("s-winter", S, "Winter Arrives", "operational", (Effect("permanent", key="winter"),), permanent="winter"),
        Card("s-supplies", S, "Supplies", "operational", (Effect("gain-rp", count=2),)),
        Card("s-katyusha", S, "Katyushas", "tactics", (Effect("cohesion", on="enemy", modifier=2),)),
        Card("s-repair", S, "Repairs", "operational", (Effect("rebuild", count=1),)),
        Card("s-withdrawal", S, "Strategic Withdrawal", "tactics", (Effect("withdraw"),)),
    ]
    return {c.id: c for c in cards}


@cache
def content() -> Content:
    cards = _cards()
    requirements = {cid: tuple(parse_condition(r) for r in c.requires) for cid, c in cards.items()}
    return Content(units=_units(), leader=Leader(id="manstein", name="Manstein", side="axis",
                                                 movement_bonus=1, tactical_bonus=1),
                   chits=rule19_chits(), cards=cards, rules=_rules(), requirements=requirements)


@cache
def board(kerch: bool = False) -> SmallMap:
    return SmallMap(_areas(), _borders(kerch))


def small_game(rolls=(), *, rp=None, hands=None, decks=None, units=None, undo=True,
               kerch=False, dice=None) -> Roads:
    """A game on the small world. `rp` {side: {area: n}}, `hands`/`decks` {side: [card ids]},
    `units` {unit: area}; rolls are the d10 results in order (or `dice` given whole);
    `kerch` makes the w3-a3 border the Kerch Straits."""
    c = content()
    dice = dice if dice is not None else FixedDice(list(rolls))
    state = initial_state(c, board(kerch), dice)
    state.rp = rp if rp is not None else {"axis": {"a2": 2}, "soviet": {"e2": 2}}
    if hands is not None:
        for side, cards in hands.items():
            state.cards[side].hand = list(cards)
    if decks is not None:
        for side, cards in decks.items():
            state.cards[side].deck = list(cards)
    for uid, where in (units or {}).items():
        state.units[uid].where = where
    game = Roads(state, dice, c, board(kerch), seed=0, options={}, undo=undo)
    update_isolation(game)
    return game

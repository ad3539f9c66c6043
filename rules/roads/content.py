"""Campaign Commander: Roads to Stalingrad content: the counters, the battle chits of rule 19,
the two decks of Campaign Cards and the rule constants, loaded from
``content/roads/{units,chits,cards,rules}.toml`` and validated at load (every error names the
file, the entry and the field).

The file shapes are described in a comment at the top of each file; what comes from the
rulebook, from history and from our design is in ``content/roads/NOTES.md``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Literal

from rules.core.attrs_classes import frozen
from rules.core.content import entries, read_toml, require, structure
from rules.core.errors import ContentError
from rules.roads.map import Map, load_map

GAME = "roads"
SIDES = ("axis", "soviet")
NATIONS = {"axis": ("german", "ss", "italian", "rumanian", "hungarian"), "soviet": ("soviet",)}
KINDS = {"axis": ("infantry", "panzer"), "soviet": ("infantry", "tank", "cavalry")}
GERMAN = ("german", "ss")
EDGES = ("north", "south", "east", "west")
PERMANENT_KEYS = ("railhead", "directive-45", "winter", "stavka", "order-227")
CARD_KINDS = ("operational", "event", "tactics", "attack")
FAILS = ("disorganize", "deplete", "disorganize-deplete")
CHITS_PER_SIDE = {"axis": 17, "soviet": 17}          # rule 19: Axis 14 + 3, Soviet 12 + 5


# ----------------------------------------------------------------------------- units.toml
@frozen
class Values:
    """Cohesion, Movement and Tactical Value of one face of a counter (series 3.2)."""

    cohesion: int
    movement: int
    tactical: int


@frozen
class Unit:
    """One counter (units.toml [[unit]]); ``setup`` is "" for a unit in the reinforcement pool."""

    id: str
    name: str
    short: str
    side: Literal["axis", "soviet"]
    nation: str
    kind: str
    cohesion: int
    movement: int
    tactical: int
    depleted: Values
    red_movement: bool
    setup: str
    kerch: bool

    @property
    def full(self) -> Values:
        return Values(self.cohesion, self.movement, self.tactical)

    @property
    def in_pool(self) -> bool:
        return self.setup == ""

    @property
    def german(self) -> bool:
        """German or SS (campaign 2: the SS are German; rule 3 and rule 19's chits)."""
        return self.nation in GERMAN

    @property
    def armoured(self) -> bool:
        """A Panzer or Tank unit (campaign 8: moves cost 2 SP)."""
        return self.kind in ("panzer", "tank")


@frozen
class Leader:
    """Manstein (campaign 10)."""

    id: str
    name: str
    side: Literal["axis", "soviet"]
    movement_bonus: int
    tactical_bonus: int


# ----------------------------------------------------------------------------- chits.toml
@frozen
class ChitStep:
    """One effect of a battle chit, applied to one unit of side ``on`` (9.5.4)."""

    on: Literal["axis", "soviet"]
    action: Literal["check", "deplete", "fortify"]
    modifier: int
    fail: str
    chooser: Literal["owner", "chit"]
    unit_kind: str


@frozen
class Chit:
    """One kind of battle chit of rule 19 (``count`` of them in the set; ``step`` in order)."""

    id: str
    side: Literal["axis", "soviet"]
    name: str
    count: int
    held_back: int
    only_if: Literal["", "all-german", "panzer", "soviet-armor", "soviet-defender"]
    discard_when: Literal["", "fortified"]
    text: str
    step: tuple[ChitStep, ...]

    @property
    def steps(self) -> tuple[ChitStep, ...]:
        return self.step


# ----------------------------------------------------------------------------- cards.toml
@frozen
class Effect:
    """One effect of a card (cards.toml [[card.effect]]): ``op`` and the fields it takes."""

    op: str
    count: int = 0
    units: tuple[str, ...] = ()
    kind: str = ""
    key: str = ""
    id: str = ""
    condition: str = ""
    range: int = 0
    on: str = ""
    modifier: int = 0
    fail: str = ""


@frozen
class Card:
    """One Campaign Card (series 2.3); ``effect`` holds its effects in order."""

    id: str
    side: Literal["axis", "soviet"]
    name: str
    kind: Literal["operational", "event", "tactics", "attack"]
    sp: int
    permanent: str
    reinforcement: bool
    text: str
    effect: tuple[Effect, ...]
    requires: tuple[str, ...] = ()
    history: str = ""

    @property
    def effects(self) -> tuple[Effect, ...]:
        return self.effect


@frozen
class Condition:
    """One parsed prerequisite or sudden-death condition (see the top of cards.toml)."""

    kind: str
    areas: tuple[str, ...] = ()
    key: str = ""
    number: int = 0


# op -> (required fields, optional fields, card kinds that may carry it)
_OPERATIONAL = ("operational",)
_BATTLE = ("tactics", "attack")
OPS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "gain-rp": (("count",), (), _OPERATIONAL),
    "reinforce": ((), ("units", "count", "kind"), _OPERATIONAL),
    "rebuild": (("count",), (), _OPERATIONAL),
    "reorganize": (("count",), (), _OPERATIONAL),
    "permanent": (("key",), (), _OPERATIONAL),
    "leader": (("id",), (), _OPERATIONAL),
    "redeploy-kerch": ((), (), _OPERATIONAL),
    "sudden-death": (("condition",), (), _OPERATIONAL),
    "move-rp": (("count", "range"), (), _OPERATIONAL),
    "discard-enemy": (("count",), (), _OPERATIONAL),
    "initiative-roll": (("modifier",), (), _OPERATIONAL),
    "enemy-rp": (("count",), (), _OPERATIONAL),
    "operations": (("count",), (), _OPERATIONAL),
    "gain-sp": (("count",), (), ("event",)),
    "free-move": ((), (), ("event",)),
    "enemy-sp": (("count",), (), ("event",)),
    "cohesion": (("on", "modifier"), (), _BATTLE),
    "tactical": (("modifier",), (), _BATTLE),
    "extra-chits": (("count",), (), _BATTLE),
    "cancel-chit": ((), (), _BATTLE),
    "strike": (("modifier", "fail"), (), _BATTLE),
    "reroll": ((), (), _BATTLE),
    "withdraw": ((), (), ("tactics",)),
}
# (op, field) -> inclusive range of the value
RANGES: dict[tuple[str, str], tuple[int, int]] = {
    ("gain-rp", "count"): (1, 6), ("reinforce", "count"): (1, 6), ("rebuild", "count"): (1, 4),
    ("reorganize", "count"): (1, 6), ("move-rp", "count"): (1, 3), ("move-rp", "range"): (1, 6),
    ("discard-enemy", "count"): (1, 2), ("initiative-roll", "modifier"): (1, 3),
    ("enemy-rp", "count"): (1, 3), ("operations", "count"): (1, 2), ("gain-sp", "count"): (1, 6), ("enemy-sp", "count"): (1, 6),
    ("cohesion", "modifier"): (-3, 3), ("tactical", "modifier"): (1, 3),
    ("extra-chits", "count"): (1, 3), ("strike", "modifier"): (0, 5),
}
# fields whose numbers a card's text must name (the text is checked against its effects)
NUMBER_FIELDS = ("count", "range", "modifier")


# ----------------------------------------------------------------------------- rules.toml
@frozen
class Rules:
    """Rule constants the rulebook leaves to the printed components (rules.toml [constants])."""

    sp_per_rp: int
    hand_limit: int
    deck_size: int
    cost_move: int
    cost_armour: int
    cost_stack: int
    cost_reorganize: int
    cost_rebuild: int
    axis_rebuild_every: int
    winter_cost_factor: int
    rolloff_die: int
    initiative_bonus: int
    soviet_reinforce_after: int
    soviet_reinforce_every: int
    volga_closed_cards: int
    supply_path: int
    trace_spacing: int
    retreat_distance: int
    retreat_edge_axis: str
    retreat_edge_soviet: str
    chits_per_cup: Literal["set-less-excluded"]
    hungarian_rumanian_distance: int
    mountain_defender_tactical: int
    mountain_defender_cohesion: int
    isolated_cohesion: int
    major_river_cohesion: int
    major_river_cohesion_winter: int
    minor_river_cohesion: int
    order_227_cohesion: int
    stalingrad: str
    kerch: str
    railhead_first: tuple[str, ...]
    railhead_later: tuple[str, ...]
    railhead_rp: int
    vp_axis_infantry: int
    vp_german_panzer: int
    vp_manstein: int
    soviet_units_per_vp: int

    def retreat_edge(self, side: str) -> str:
        """The map edge a side retreats towards with no RP on the map (series 9.6.3f ruling)."""
        return self.retreat_edge_axis if side == "axis" else self.retreat_edge_soviet


@frozen
class Content:
    units: dict[str, Unit]                 # in file order
    leader: Leader
    chits: dict[str, Chit]
    cards: dict[str, Card]
    rules: Rules
    requirements: dict[str, tuple[tuple[Condition, ...], ...]]  # card id -> all of (any of)

    def side_units(self, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units.values() if u.side == side)

    def pool(self, side: str) -> tuple[Unit, ...]:
        """The side's reinforcement pool at set-up (campaign 17.b)."""
        return tuple(u for u in self.side_units(side) if u.in_pool)

    def deck(self, side: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if c.side == side)

    def chit_set(self, side: str) -> tuple[Chit, ...]:
        return tuple(c for c in self.chits.values() if c.side == side)


# ----------------------------------------------------------------------------- helpers
def _unknown_keys(doc: dict[str, Any], known: tuple[str, ...], file: str) -> None:
    for key in doc:
        if key not in known:
            raise ContentError(f"{file}: unknown table or key '{key}' (known: {', '.join(known)})")


def _where(file: str, key: str, eid: str, number: int) -> str:
    """The entry's name in messages, as ``rules.core.content.entries`` gives it."""
    return f"{file}: {key} '{eid}' (entry {number})"


def _id_ok(value: str) -> bool:
    return re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", value) is not None


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


# ----------------------------------------------------------------------------- units
def _load_units(m: Map, rules: Rules) -> tuple[dict[str, Unit], Leader]:
    file = "content/roads/units.toml"
    doc = read_toml(GAME, "units.toml")
    _unknown_keys(doc, ("unit", "leader"), file)
    units: dict[str, Unit] = {}
    for number, u in enumerate(entries(doc, "unit", Unit, file), start=1):
        where = _where(file, "unit", u.id, number)
        require(_id_ok(u.id), where, "id", "must be lowercase ascii words joined by '-'")
        require(u.id not in units, where, "id", "duplicate id")
        require(u.name.strip() != "", where, "name", "must not be empty")
        require(0 < len(u.short) <= 10, where, "short", "must be 1 to 10 characters")
        require(all(u.short != other.short for other in units.values()), where, "short",
                f"'{u.short}' is already another unit's short name")
        require(u.nation in NATIONS[u.side], where, "nation",
                f"'{u.nation}' is not a {u.side} nation ({', '.join(NATIONS[u.side])})")
        require(u.kind in KINDS[u.side], where, "kind", f"'{u.kind}' is not a {u.side} kind ({', '.join(KINDS[u.side])})")
        for field in ("cohesion", "movement", "tactical"):
            full, low = getattr(u, field), getattr(u.depleted, field)
            require(1 <= full <= 10, where, field, f"{full} is not from 1 to 10")
            require(1 <= low <= 10, where, f"depleted.{field}", f"{low} is not from 1 to 10")
            require(low <= full, where, f"depleted.{field}", f"{low} is higher than the full value {full}")
        german_infantry = u.german and u.kind == "infantry"
        require(u.red_movement == german_infantry, where, "red_movement",
                "must be true exactly for German and SS infantry (campaign 9)")
        if u.setup:
            require(u.setup in m.areas, where, "setup", f"unknown area '{u.setup}'")
            control = m.areas[u.setup].control
            require(control == u.side, where, "setup",
                    f"area '{u.setup}' is {control}-controlled at set-up, not {u.side} (campaign 1.f.II)")
        require(u.kerch == (u.setup == "kerch"), where, "kerch", "must be true exactly for units set up in Kerch")
        if u.kerch:
            require(u.german, where, "kerch", "only German units set up in Kerch (campaign 1.d.II)")
        units[u.id] = u
    _check_setup_nations(units, m, rules, file)
    where = f"{file}: [leader]"
    leader = structure(doc.get("leader"), Leader, where)
    require(_id_ok(leader.id) and leader.id not in units, where, "id", "must be a new lowercase id")
    require(leader.side == "axis", where, "side", "Manstein leads the Axis (campaign 10)")
    for field in ("movement_bonus", "tactical_bonus"):
        require(1 <= getattr(leader, field) <= 3, where, field, "must be from 1 to 3")
    return units, leader


def _check_setup_nations(units: dict[str, Unit], m: Map, rules: Rules, file: str) -> None:
    """Campaign 3.a: two non-German Axis nations never share an area; 3.b: Hungarian and
    Rumanian units at least ``hungarian_rumanian_distance`` areas apart."""
    by_area: dict[str, dict[str, str]] = {}
    for u in units.values():
        if u.side != "axis" or u.german or not u.setup:
            continue
        there = by_area.setdefault(u.setup, {})
        other = next((uid for nation, uid in there.items() if nation != u.nation), None)
        require(other is None, f"{file}: unit '{u.id}'", "setup",
                f"shares '{u.setup}' with '{other}' of another non-German nation (campaign 3.a)")
        there.setdefault(u.nation, u.id)
    hungarians = [u for u in units.values() if u.nation == "hungarian" and u.setup]
    rumanians = [u for u in units.values() if u.nation == "rumanian" and u.setup]
    for h in hungarians:
        for r in rumanians:
            d = m.distance(h.setup, r.setup)
            require(d is None or d >= rules.hungarian_rumanian_distance, f"{file}: unit '{r.id}'", "setup",
                    f"'{r.setup}' is {d} areas from Hungarian '{h.id}' in '{h.setup}'; campaign 3.b needs at "
                    f"least {rules.hungarian_rumanian_distance}")


# ----------------------------------------------------------------------------- chits
def _load_chits() -> dict[str, Chit]:
    file = "content/roads/chits.toml"
    doc = read_toml(GAME, "chits.toml")
    _unknown_keys(doc, ("chit",), file)
    chits: dict[str, Chit] = {}
    for number, c in enumerate(entries(doc, "chit", Chit, file), start=1):
        where = _where(file, "chit", c.id, number)
        require(_id_ok(c.id), where, "id", "must be lowercase ascii words joined by '-'")
        require(c.id not in chits, where, "id", "duplicate id")
        require(c.name.strip() != "", where, "name", "must not be empty")
        require(c.count >= 1, where, "count", "must be at least 1")
        require(0 <= c.held_back <= c.count, where, "held_back", f"must be from 0 to count ({c.count})")
        require(c.held_back == 0 or c.side == "soviet", where, "held_back", "only Soviet chits are held back (rule 14)")
        axis_only, soviet_only = ("all-german", "panzer"), ("soviet-armor", "soviet-defender")
        require(c.only_if not in (axis_only if c.side == "soviet" else soviet_only), where, "only_if",
                f"'{c.only_if}' is not a condition of a {c.side} chit")
        require(c.discard_when == "" or c.side == "soviet", where, "discard_when",
                "only Field Fortifications are discarded when the Soviets are fortified")
        require(len(c.step) >= 1, where, "step", "a chit needs at least one step")
        for n, s in enumerate(c.step):
            field = f"step[{n}]"
            if s.action == "check":
                require(s.fail in FAILS, where, f"{field}.fail", f"a check needs fail = one of {', '.join(FAILS)}")
                require(-3 <= s.modifier <= 5, where, f"{field}.modifier", "must be from -3 to 5")
            else:
                require(s.fail == "", where, f"{field}.fail", f"a '{s.action}' step has no fail result")
            if s.action == "fortify":
                require(s.on == "soviet" and -3 <= s.modifier < 0, where, f"{field}.modifier",
                        "a fortification is a Soviet marker from -1 to -3")
            elif s.action == "deplete":
                require(s.modifier == 0, where, f"{field}.modifier", "a deplete step has no roll")
            if s.unit_kind:
                require(s.unit_kind in KINDS[s.on], where, f"{field}.unit_kind",
                        f"'{s.unit_kind}' is not a {s.on} kind ({', '.join(KINDS[s.on])})")
            if s.modifier:
                require(abs(s.modifier) in _numbers(c.text), where, "text",
                        f"does not name the modifier {s.modifier} of {field}")
        require(c.text.strip() != "", where, "text", "must not be empty")
        chits[c.id] = c
    # rule 19: Axis 14 + 3 (three Panzer Attack only with Panzers), Soviet 12 + 5 (four held back)
    for side, total in CHITS_PER_SIDE.items():
        got = sum(c.count for c in chits.values() if c.side == side)
        require(got == total, file, "count", f"the {side} set has {got} chits; rule 19 gives {total}")
    panzer = sum(c.count for c in chits.values() if c.only_if == "panzer")
    require(panzer == 3, file, "only_if", f"rule 19: 3 Panzer Attack chits go in only with Panzers, not {panzer}")
    held = sum(c.held_back for c in chits.values())
    require(held == 4, file, "held_back", f"rule 14: four Soviet chits wait for the STAVKA card, not {held}")
    return chits


# ----------------------------------------------------------------------------- cards
def parse_condition(text: str, allow_vp: bool = False) -> tuple[Condition, ...]:
    """Parse one prerequisite entry (alternatives joined by " or "); raise ValueError if unknown."""
    out = []
    for part in text.split(" or "):
        part = part.strip()
        name, _, arg = part.partition(":")
        if name in ("winter", "summer", "initiative", "railhead-order") and not arg:
            out.append(Condition(name))
        elif name in ("control", "enemy-control") and arg and "|" not in arg:
            out.append(Condition(name, areas=(arg,)))
        elif name == "control-any" and arg:
            out.append(Condition(name, areas=tuple(arg.split("|"))))
        elif name in ("permanent", "not-permanent") and arg in PERMANENT_KEYS:
            out.append(Condition(name, key=arg))
        elif name in ("cards-played-at-least",) + (("vp-lead",) if allow_vp else ()) and arg.isdigit():
            out.append(Condition(name, number=int(arg)))
        else:
            raise ValueError(f"unknown condition '{part}'")
    return tuple(out)


def _check_conditions(conds: tuple[Condition, ...], m: Map, where: str, field: str) -> None:
    for cond in conds:
        for area in cond.areas:
            require(area in m.areas, where, field, f"unknown area '{area}'")
        if cond.kind == "cards-played-at-least":
            require(1 <= cond.number <= 70, where, field, "cards-played-at-least must be from 1 to 70")
        if cond.kind == "vp-lead":
            require(1 <= cond.number <= 50, where, field, "vp-lead must be from 1 to 50")


def _load_cards(units: dict[str, Unit], leader: Leader, m: Map, rules: Rules):
    file = "content/roads/cards.toml"
    doc = read_toml(GAME, "cards.toml")
    _unknown_keys(doc, ("card",), file)
    cards: dict[str, Card] = {}
    requirements: dict[str, tuple[tuple[Condition, ...], ...]] = {}
    named: dict[str, str] = {}                      # pool unit id -> the card that brings it
    structured = entries(doc, "card", Card, file)
    for number, (raw, c) in enumerate(zip(doc["card"], structured), start=1):
        where = _where(file, "card", c.id, number)
        for n, e in enumerate(raw["effect"]):
            _check_effect_fields(e, where, f"effect[{n}]")
        require(_id_ok(c.id), where, "id", "must be lowercase ascii words joined by '-'")
        require(c.id not in cards, where, "id", "duplicate id")
        require(c.name.strip() != "", where, "name", "must not be empty")
        require(c.text.strip() != "", where, "text", "must not be empty")
        if c.kind == "attack":
            require(1 <= c.sp <= 3, where, "sp", f"an attack card costs 1 to 3 SP (9.4), not {c.sp}")
            require(str(c.sp) in re.findall(r"\d+", c.text), where, "text", f"does not name the SP cost {c.sp}")
        else:
            require(c.sp == 0, where, "sp", "only attack cards have an SP cost (9.4)")
        require(c.permanent == "" or c.permanent in PERMANENT_KEYS, where, "permanent",
                f"unknown permanent key '{c.permanent}' (known: {', '.join(PERMANENT_KEYS)})")
        conds = []
        for n, text in enumerate(c.requires):
            try:
                parsed = parse_condition(text)
            except ValueError as exc:
                raise ContentError(f"{where}: field 'requires[{n}]': {exc}") from None
            _check_conditions(parsed, m, where, f"requires[{n}]")
            conds.append(parsed)
        requirements[c.id] = tuple(conds)
        require(len(c.effect) >= 1, where, "effect", "a card needs at least one effect")
        permanent_ops = [e.key for e in c.effect if e.op == "permanent"]
        require(permanent_ops == ([c.permanent] if c.permanent else []), where, "permanent",
                "must name the key of the card's one permanent effect, or be \"\" when it has none")
        reinforces = any(e.op == "reinforce" for e in c.effect)
        require(c.reinforcement == (c.side == "soviet" and reinforces), where, "reinforcement",
                "must be true exactly for Soviet cards that bring units from the pool (campaign 7.c)")
        text_numbers = _numbers(c.text)
        for n, e in enumerate(c.effect):
            field = f"effect[{n}]"
            _check_effect(e, c, units, leader, m, where, field, named)
            for name in NUMBER_FIELDS:
                value = getattr(e, name)
                if value:
                    require(abs(value) in text_numbers, where, "text", f"does not name {name} {value} of {field}")
            if e.op == "sudden-death":
                lead = [cd.number for cd in parse_condition(e.condition, allow_vp=True) if cd.kind == "vp-lead"]
                for value in lead:
                    require(value in text_numbers, where, "text", f"does not name the VP lead {value} of {field}")
            if e.op == "reinforce":
                for uid in e.units:
                    require(units[uid].name in c.text, where, "text", f"does not name '{units[uid].name}' of {field}")
        cards[c.id] = c
    _check_decks(cards, units, rules, named, file)
    return cards, requirements


def _check_effect_fields(raw: dict[str, Any], where: str, field: str) -> None:
    """The fields given to an effect are exactly those its op takes (none missing, none extra)."""
    op = raw["op"]
    require(op in OPS, where, f"{field}.op", f"unknown op '{op}' (known: {', '.join(OPS)})")
    required, optional, _ = OPS[op]
    for key in raw:
        require(key == "op" or key in required or key in optional, where, f"{field}.{key}",
                f"op '{op}' takes no field '{key}' (it takes: {', '.join(required + optional) or 'nothing'})")
    for key in required:
        require(key in raw, where, f"{field}.{key}", f"op '{op}' needs '{key}'")


def _check_effect(e: Effect, c: Card, units, leader, m: Map, where: str, field: str, named: dict) -> None:
    kinds = OPS[e.op][2]
    require(c.kind in kinds, where, f"{field}.op", f"'{e.op}' belongs on {' or '.join(kinds)} cards, not {c.kind}")
    for name in ("count", "range", "modifier"):
        bounds = RANGES.get((e.op, name))
        if bounds and (name != "count" or e.op != "reinforce" or not e.units):
            low, high = bounds
            require(low <= getattr(e, name) <= high, where, f"{field}.{name}", f"must be from {low} to {high}")
    if e.op == "cohesion":
        require(e.on in ("own", "enemy"), where, f"{field}.on", "must be \"own\" or \"enemy\"")
        require(e.modifier != 0, where, f"{field}.modifier", "must not be 0")
    if e.op == "strike":
        require(e.fail in FAILS, where, f"{field}.fail", f"must be one of {', '.join(FAILS)}")
    if e.op == "permanent":
        require(e.key in PERMANENT_KEYS, where, f"{field}.key", f"unknown permanent key '{e.key}'")
    if e.op == "leader":
        require(e.id == leader.id and c.side == leader.side, where, f"{field}.id", f"unknown leader '{e.id}'")
    if e.op == "redeploy-kerch":
        require(c.side == "axis", where, f"{field}.op", "only the Axis redeploys from Kerch (1.d.III)")
    if e.op == "sudden-death":
        try:
            conds = parse_condition(e.condition, allow_vp=True)
        except ValueError as exc:
            raise ContentError(f"{where}: field '{field}.condition': {exc}") from None
        _check_conditions(conds, m, where, f"{field}.condition")
    if e.op == "reinforce":
        if e.units:
            require(e.count == 0 and e.kind == "", where, f"{field}.units",
                    "give either units = [ids] or count with kind, not both")
        else:
            require(e.kind in KINDS[c.side], where, f"{field}.kind",
                    f"without units, give count and a {c.side} kind ({', '.join(KINDS[c.side])})")
        for uid in e.units:
            require(uid in units, where, f"{field}.units", f"unknown unit '{uid}'")
            u = units[uid]
            require(u.side == c.side, where, f"{field}.units", f"'{uid}' is not a {c.side} unit")
            require(u.in_pool, where, f"{field}.units", f"'{uid}' sets up on the map, not in the pool")
            require(uid not in named, where, f"{field}.units", f"'{uid}' already arrives with '{named.get(uid)}'")
            named[uid] = c.id


def _check_decks(cards: dict[str, Card], units: dict[str, Unit], rules: Rules, named: dict, file: str) -> None:
    for side in SIDES:
        deck = [c for c in cards.values() if c.side == side]
        require(len(deck) == rules.deck_size, file, "card",
                f"the {side} deck has {len(deck)} cards; it must have exactly {rules.deck_size}")
        for name in ("Directive 45", "Winter Arrives"):           # 15.a: in both decks
            require(sum(c.name == name for c in deck) == 1, file, "name", f"the {side} deck needs one '{name}' (15.a)")
        pool = [u for u in units.values() if u.side == side and u.in_pool]
        by_kind = {e.kind for c in deck for e in c.effect if e.op == "reinforce" and e.kind}
        for u in pool:
            require(u.id in named or u.kind in by_kind, file, "effect",
                    f"no {side} card brings the pool unit '{u.id}' (campaign 7)")
    axis = [c for c in cards.values() if c.side == "axis"]
    soviet = [c for c in cards.values() if c.side == "soviet"]
    railheads = [c for c in axis if c.name == "Railhead Advance"]
    require(len(railheads) == 3 and all(c.permanent == "railhead" for c in railheads), file, "name",
            "the Axis deck needs three permanent 'Railhead Advance' cards (campaign 6.a)")
    for c in railheads:
        require(any(e.op == "gain-rp" and e.count == rules.railhead_rp for e in c.effect), file, "effect",
                f"'{c.id}' must place {rules.railhead_rp} RPs (campaign 6.d)")
        require("railhead-order" in c.requires, file, "requires", f"'{c.id}' needs \"railhead-order\" (campaign 6)")
    must = {
        "axis": {"Backhand Blow": "leader", "Strategic Redeployment": "redeploy-kerch"},
        "soviet": {"Reorganization of the STAVKA": "permanent", "Order 227": "permanent", "Cavalry Corps": "",
                   "Zhukov in Command": "", "Katyushas": "", "26th Tank Corps": "", "Traffic Jam": "",
                   "Poor Logistics": "", "Strategic Withdrawal": ""},
    }
    for side, deck in (("axis", axis), ("soviet", soviet)):
        for name, op in must[side].items():
            found = [c for c in deck if c.name == name]
            require(len(found) == 1, file, "name", f"the {side} deck needs the card '{name}'")
            if op:
                require(any(e.op == op for e in found[0].effect), file, "effect", f"'{name}' needs a '{op}' effect")
    require(any(e.op == "sudden-death" for c in cards.values() for e in c.effect), file, "effect",
            "the decks need a Sudden Death card (4.2.4b)")
    require(any(c.reinforcement for c in soviet), file, "reinforcement",
            "the Soviet deck needs reinforcement cards (campaign 7.c)")
    keys = {c.permanent for c in cards.values() if c.permanent}
    require(keys == set(PERMANENT_KEYS), file, "permanent",
            f"every permanent effect of rule 15 needs its card; missing: {', '.join(sorted(set(PERMANENT_KEYS) - keys))}")


# ----------------------------------------------------------------------------- rules
def _load_rules(m: Map) -> Rules:
    file = "content/roads/rules.toml"
    doc = read_toml(GAME, "rules.toml")
    _unknown_keys(doc, ("constants",), file)
    where = f"{file}: [constants]"
    r = structure(doc.get("constants"), Rules, where)
    positive = ("sp_per_rp", "hand_limit", "deck_size", "cost_move", "cost_armour", "cost_stack", "cost_reorganize",
                "cost_rebuild", "axis_rebuild_every", "winter_cost_factor", "rolloff_die", "soviet_reinforce_after",
                "soviet_reinforce_every", "volga_closed_cards", "supply_path", "trace_spacing", "retreat_distance",
                "hungarian_rumanian_distance", "railhead_rp", "vp_axis_infantry", "vp_german_panzer",
                "vp_manstein", "soviet_units_per_vp")
    for field in positive:
        require(1 <= getattr(r, field) <= 100, where, field, "must be from 1 to 100")
    for field in ("initiative_bonus", "mountain_defender_tactical", "mountain_defender_cohesion"):
        require(0 <= getattr(r, field) <= 5, where, field, "must be from 0 to 5")
    for field in ("isolated_cohesion", "major_river_cohesion", "major_river_cohesion_winter", "minor_river_cohesion",
                  "order_227_cohesion"):
        require(-5 <= getattr(r, field) <= 0, where, field, "a cohesion penalty is from -5 to 0")
    for field in ("retreat_edge_axis", "retreat_edge_soviet"):
        require(getattr(r, field) in EDGES, where, field, f"must be one of {', '.join(EDGES)}")
    for field in ("stalingrad", "kerch"):
        require(getattr(r, field) in m.areas, where, field, f"unknown area '{getattr(r, field)}'")
    for field in ("railhead_first", "railhead_later"):
        require(len(getattr(r, field)) >= 1, where, field, "needs at least one city")
        for area in getattr(r, field):
            require(area in m.areas, where, field, f"unknown area '{area}'")
            require(m.areas[area].city, where, field, f"'{area}' is not a city")
    return r


# what the content and the map are read and checked by: the digest of the file they are kept in
LOADERS = ("rules.roads.content", "rules.roads.map")


def kept_content() -> tuple[Content, Map] | None:
    """The content and the map kept from an earlier run for the files and code as they are now
    (``rules.core.kept``), or None."""
    from rules.core import kept
    found = kept.kept(GAME, LOADERS, tuple)
    if found is None or len(found) != 2 or not isinstance(found[0], Content) or not isinstance(found[1], Map):
        return None
    return found


@cache
def load_content() -> Content:
    """Load and validate all Roads to Stalingrad content (cached: content is read once; kept
    between runs, with the map, when ``rules.core.kept`` has a folder)."""
    found = kept_content()
    if found is not None:
        return found[0]
    m = load_map()
    rules = _load_rules(m)
    units, leader = _load_units(m, rules)
    chits = _load_chits()
    cards, requirements = _load_cards(units, leader, m, rules)
    content = Content(units=units, leader=leader, chits=chits, cards=cards, rules=rules, requirements=requirements)
    from rules.core import kept
    kept.keep(GAME, LOADERS, (content, m))
    return content

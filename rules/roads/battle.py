"""Battles (series 9; campaign 1.b-1.d, 14, 19): cups of battle chits, draws by the best
Tactical Value, chits revealed in turn (the attacker first), cohesion checks on a d10,
disorganization, depletion, retreats and destruction, until one side has left the area."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.attrs_classes import frozen
from rules.core.events import Event

from . import values
from .commands import ChooseUnit, PlayCard, PlayChit, Retreat, StopRetreat
from .geography import leader_follows, leaves_by_west_edge, occupancy, take_control, units_in, update_isolation
from .state import AXIS, DESTROYED, GONE, SOVIET, Battle, other

if TYPE_CHECKING:
    from .game import Roads


# -- the cups (9.5.1, 14, 19) ------------------------------------------------------------------
def chit_def(g: Roads, instance: str):
    return g.content.chits[instance.split("#")[0]]


def _present(g: Roads, side: str) -> list[str]:
    b = g.state.battle
    return b.attackers if side == b.attacker else b.defenders


def _condition_holds(g: Roads, chit, side: str) -> bool:
    """Rule 19's conditions on a chit, as they stand now."""
    b = g.state.battle
    cond = chit.only_if
    if cond == "all-german":
        return all(g.content.units[u].nation in ("german", "ss") for u in _present(g, AXIS))
    if cond == "panzer":
        return any(g.content.units[u].kind == "panzer" for u in _present(g, AXIS))
    if cond == "soviet-armor":
        return any(g.content.units[u].kind == "tank" for u in _present(g, SOVIET))
    if cond == "soviet-defender":
        return b.attacker == AXIS
    return True


def _fortification_useless(g: Roads, chit) -> bool:
    """Rule 19, Field Fortifications: discarded when every Soviet unit is already fortified."""
    if chit.discard_when != "fortified":
        return False
    b = g.state.battle
    soviets = _present(g, SOVIET)
    in_play = sum(1 for k in b.drawn.get(SOVIET, []) if chit_def(g, k).discard_when == "fortified")
    return all(u in b.fortified for u in soviets) or in_play + len(b.fortified) >= len(soviets)


def fill_cup(g: Roads, side: str) -> list[Event]:
    """Campaign ruling (9.5.1): the whole set goes in, less the chits held back until the
    STAVKA card (14) and those whose condition excludes them now (19)."""
    b = g.state.battle
    stavka = "stavka" in g.state.permanents
    cup = []
    for chit in g.content.chits.values():
        if chit.side != side:
            continue
        copies = chit.count if (stavka or not chit.held_back) else chit.count - chit.held_back
        if chit.only_if in ("panzer", "soviet-armor", "soviet-defender") and not _condition_holds(g, chit, side):
            continue
        cup += [f"{chit.id}#{k}" for k in range(1, copies + 1)]
    # 9.5.5: the chits in hand stay in hand; 19: an assigned Field Fortification stays on its unit
    held = set(b.drawn.get(side, ())) | {f for f in b.fortified.values() if "#" in f}
    cup = [c for c in cup if c not in held]
    for name in (f for f in b.fortified.values() if "#" not in f):   # (saves that kept the name)
        same = [c for c in cup if c.split("#")[0] == name]
        if same:
            cup.remove(same[0])
    b.cups[side] = g.dice.shuffle(sorted(cup))
    return [Event(f"{g.side_name(side)} fill their cup with {len(cup)} battle chits.", "CC 9.5.1", "chits")]


def draw_count(g: Roads, side: str) -> int:
    """9.5.2: the best Tactical Value present; mountain defenders +2 (campaign 1.c)."""
    b = g.state.battle
    best = max((values.tactical(g, u) for u in _present(g, side)), default=0)
    if side != b.attacker and g.map.areas[b.area].terrain == "mountain":
        best += g.rules.mountain_defender_tactical
    return max(0, best + b.draw_mod.get(side, 0))


def draw(g: Roads, side: str, n: int) -> list[Event]:
    """9.5.2 / 9.5.5: draw from the cup, refilling it when empty; a chit whose condition fails
    is discarded and another drawn (19)."""
    b = g.state.battle
    events: list[Event] = []
    drawn = 0
    refills = 0
    while drawn < n:
        if not b.cups.get(side):
            if refills:
                break                     # a cup with nothing usable: stop drawing
            refills += 1
            events += fill_cup(g, side)
            if not b.cups[side]:
                break
        chit = b.cups[side].pop(0)
        d = chit_def(g, chit)
        if not _condition_holds(g, d, side) or _fortification_useless(g, d):
            events.append(Event(f"{g.side_name(side)} draw {d.name}, which cannot serve here: "
                                "discarded, another drawn.", "RtS 19", "chits"))
            continue
        b.drawn.setdefault(side, []).append(chit)
        drawn += 1
    events.append(Event(f"{g.side_name(side)} draw {drawn} battle chit{'s' if drawn != 1 else ''}.",
                        "CC 9.5.2", "chits", reveal=True))
    return events


# -- the start (6.5, 9.2) ------------------------------------------------------------------------
def start(g: Roads, area: str, attacker: str, came_from: str, crossing: str,
          force: list[str]) -> list[Event]:
    s = g.state
    defender = other(attacker)
    s.battle = Battle(area=area, attacker=attacker, came_from=came_from, crossing=crossing,
                      attackers=list(force), defenders=units_in(g, area, defender), turn=attacker)
    events = [Event(f"Battle of {g.area_name(area)}: {g.side_name(attacker)} attack "
                    f"({', '.join(g.unit_name(u) for u in force)}) against "
                    f"{', '.join(g.unit_name(u) for u in s.battle.defenders)}.", "CC 9.2", "battle")]
    for side in (attacker, defender):
        events += fill_cup(g, side)
    for side in (attacker, defender):
        events += draw(g, side, draw_count(g, side))
    return events


# -- legal commands ------------------------------------------------------------------------------
def acting_side(g: Roads) -> str:
    b = g.state.battle
    if b.retreats:
        return g.state.units[b.retreats[0]].side
    return b.turn


def legal(g: Roads) -> list:
    b = g.state.battle
    if b.retreats:
        return _retreat_legal(g)
    side = b.turn
    cmds: list = [PlayChit(side, c) for c in sorted(set(b.drawn.get(side, [])), key=_chit_order)]
    op = g.state.operation
    for card in dict.fromkeys(g.state.cards[side].hand):
        c = g.content.cards[card]
        if c.kind == "tactics" or (c.kind == "attack" and side == b.attacker
                                   and op is not None and op.sp >= attack_cost(g, side, card)):
            if g.requirements_met(side, card):
                cmds.append(PlayCard(side, card))
    return cmds


def _chit_order(instance: str):
    name, _, k = instance.partition("#")
    return name, int(k or 0)


def attack_cost(g: Roads, side: str, card: str) -> int:
    from .movement import doubled
    return doubled(g, side, g.content.cards[card].sp)                 # 9.4, campaign 13


# -- playing a chit (9.5.3, 9.5.4) ---------------------------------------------------------------
def play_chit(g: Roads, cmd: PlayChit) -> list[Event]:
    b = g.state.battle
    side = cmd.side
    b.drawn[side].remove(cmd.chit)
    b.played.append([side, cmd.chit])
    d = chit_def(g, cmd.chit)
    events = [Event(f"{g.side_name(side)} play {d.name}: {d.text}", "RtS 19", "chit", reveal=True)]
    if b.cancel_next.pop(side, False):
        events.append(Event(f"{d.name} is cancelled by a card.", "CC 2.3.2", "chit"))
    elif d.only_if in ("panzer", "soviet-armor") and not _condition_holds(g, d, side):
        events.append(Event(f"{d.name} has no effect: no armour of its kind is in the battle.",
                            "RtS 19", "chit"))
    else:
        defender = other(b.attacker)
        # 9.5.4: effects on the defender's units first, then the attacker's
        indexed = list(enumerate(d.steps))
        order = [i for i, st in indexed if st.on == defender] + [i for i, st in indexed if st.on != defender]
        b.steps = [[side, d.id, i] for i in order]
    events += _continue(g)
    return events


@frozen
class CardStep:
    """A card's `strike` effect, resolved like a chit's check step."""

    on: str
    action: str
    modifier: int
    fail: str
    chooser: str = "owner"
    unit_kind: str = ""


@frozen
class CardAsChit:
    id: str
    name: str


def _step(g: Roads, entry):
    side, source, index = entry
    if source.startswith("card:"):
        card = g.content.cards[source[5:]]
        effect = card.effect[index]
        return side, CardAsChit(source, card.name), CardStep(
            on=other(side), action="check", modifier=effect.modifier, fail=effect.fail or "disorganize")
    return side, g.content.chits[source], g.content.chits[source].steps[index]


def step_candidates(g: Roads, entry) -> list[str]:
    _, chit, st = _step(g, entry)
    b = g.state.battle
    units = [u for u in _present(g, st.on)
             if not st.unit_kind or g.content.units[u].kind == st.unit_kind]
    if st.action == "fortify":
        units = [u for u in units if u not in b.fortified]
    return units


def step_chooser(g: Roads, entry) -> str:
    side, _, st = _step(g, entry)
    return side if st.chooser == "chit" else st.on


def _continue(g: Roads) -> list[Event]:
    """Resolve chit steps until a choice is needed, then retreats, then the battle's end
    or the next chit turn."""
    s = g.state
    b = s.battle
    events: list[Event] = []
    while b.steps and not b.retreats:
        entry = b.steps[0]
        candidates = step_candidates(g, entry)
        if not candidates:
            b.steps.pop(0)
            continue
        if len(candidates) > 1:
            return events                       # the chooser answers with ChooseUnit
        b.steps.pop(0)
        events += resolve_step(g, entry, candidates[0])
    if b.retreats:
        events += _auto_retreat(g)
        if b.retreats:
            return events
    if b.steps:
        return events + _continue(g) if not _needs_choice(g) else events
    if over(g):
        return events + finish(g)
    if b.after_card:                            # 9.4: a card is no chit; the chit turn stays
        b.after_card = False
        return events
    # 9.5.5: a side out of chits draws again at once; then the other side plays
    for side in (b.turn, other(b.turn)):
        if not b.drawn.get(side):
            events += draw(g, side, draw_count(g, side))
    b.turn = other(b.turn) if b.drawn.get(other(b.turn)) else b.turn
    return events


def _needs_choice(g: Roads) -> bool:
    b = g.state.battle
    return bool(b.steps) and len(step_candidates(g, b.steps[0])) > 1


def choose_unit_legal(g: Roads) -> list:
    b = g.state.battle
    entry = b.steps[0]
    who = step_chooser(g, entry)
    return [ChooseUnit(who, u) for u in step_candidates(g, entry)]


def choose_unit(g: Roads, cmd: ChooseUnit) -> list[Event]:
    entry = g.state.battle.steps.pop(0)
    return resolve_step(g, entry, cmd.unit) + _continue(g)


# -- effects (9.6) ---------------------------------------------------------------------------------
def crossing_cohesion(g: Roads, crossing: str) -> int:
    """The attackers' cohesion change for the border they crossed into the battle (campaign
    1.b.II-III and the Kerch Straits, 1.d): a major river or the straits always, less in winter;
    a minor river until Winter Arrives."""
    r = g.rules
    winter = "winter" in g.state.permanents
    if crossing in ("major", "kerch"):
        return r.major_river_cohesion_winter if winter else r.major_river_cohesion
    if crossing == "minor" and not winter:
        return r.minor_river_cohesion
    return 0


def check_value(g: Roads, unit: str) -> tuple[int, list[str]]:
    """The cohesion a check is made against, and why (9.6.1; campaign 1.b-1.d, 9.6.6c)."""
    b = g.state.battle
    c = g.state.units[unit]
    value = values.cohesion(g, unit)
    why = [f"CH {value}"]
    r = g.rules
    if c.side != b.attacker and g.map.areas[b.area].terrain == "mountain":
        value += r.mountain_defender_cohesion
        why.append(f"+{r.mountain_defender_cohesion} mountain")
    if c.side == b.attacker:
        m = crossing_cohesion(g, b.crossing)
        if m:
            value += m
            why.append(f"{m} river crossed")
    if c.isolated:
        value += r.isolated_cohesion
        why.append(f"{r.isolated_cohesion} isolated")
    return max(1, value), why


def roll_modifier(g: Roads, unit: str, step_mod: int, source: str = "chit") -> tuple[int, list[str]]:
    """What is added to the roll, and why: the step's own modifier (a chit's, or an Attack
    card's strike: `source` "card"), the cards', a fortification's, Order 227's."""
    b = g.state.battle
    side = g.state.units[unit].side
    mod = step_mod
    why = [f"{step_mod:+d} {source}"] if step_mod else []
    card = b.cohesion_mod.get(side, 0)
    if card:
        mod += card
        why.append(f"{card:+d} card")
    if unit in b.fortified:
        mod -= 2
        why.append("-2 fortified")
    if (side == SOVIET and side != b.attacker and "order-227" in g.state.permanents
            and g.rules.order_227_cohesion):
        mod += g.rules.order_227_cohesion               # our card: Order No. 227
        why.append(f"{g.rules.order_227_cohesion} Order 227")
    return mod, why


def resolve_step(g: Roads, entry, unit: str) -> list[Event]:
    side, chit, st = _step(g, entry)
    name = g.unit_name(unit)
    # 9.6.6b: judged afresh before a step reads it (a retreat or loss earlier in this command)
    events = update_isolation(g)
    return events + _resolve(g, side, chit, st, unit, name)


def _resolve(g: Roads, side: str, chit, st, unit: str, name: str) -> list[Event]:
    b = g.state.battle
    if st.action == "fortify":
        # rule 19: this very counter lies on the unit until it leaves the battle
        b.fortified[unit] = next(p[1] for p in reversed(b.played)
                                 if p[0] == side and p[1].split("#")[0] == chit.id)
        return [Event(f"{name} digs in: -2 to its cohesion checks in this battle.", "RtS 19", "chit")]
    if st.action == "deplete":
        return deplete(g, unit)
    target, why_t = check_value(g, unit)
    mod, why_m = roll_modifier(g, unit, st.modifier, "card" if chit.id.startswith("card:") else "chit")
    roll = g.dice.roll(1, 10)[0]                     # 9.6.1: a d10, "0" read as 10
    total = roll + mod
    passed = total <= target
    verdict = "passes" if passed else "fails"
    events = [Event(f"{name} checks cohesion: rolls {roll}, modified {total} against {target}: {verdict}.",
                    "CC 9.6.1", "check", dice=(roll,), modifiers=tuple(why_m + why_t), reveal=True)]
    owner = g.state.units[unit].side
    if not passed and b.rerolls.get(owner, 0) > 0:
        b.rerolls[owner] -= 1                        # a card: this failed check is rolled again
        roll = g.dice.roll(1, 10)[0]
        total = roll + mod
        passed = total <= target
        verdict = "passes" if passed else "fails"
        events.append(Event(f"{name} re-rolls (a card): rolls {roll}, modified {total} against {target}: "
                            f"{verdict}.", "RtS card", "check", dice=(roll,), modifiers=tuple(why_m + why_t),
                            reveal=True))
    if passed:
        return events
    if st.fail == "deplete":
        events += deplete(g, unit)
    elif st.fail == "disorganize":
        events += disorganize(g, unit)
    elif st.fail == "disorganize-deplete":
        events += deplete(g, unit, then_disorganize=True)
    return events


def deplete(g: Roads, unit: str, then_disorganize: bool = False) -> list[Event]:
    """9.6.4; 9.6.2b: a depleted unit depleted again is disorganized instead."""
    c = g.state.units[unit]
    if c.depleted:
        return disorganize(g, unit, why="depleted again")
    c.depleted = True
    events = [Event(f"{g.unit_name(unit)} is depleted.", "CC 9.6.4", "deplete")]
    if then_disorganize:
        events += disorganize(g, unit)
    return events


def disorganize(g: Roads, unit: str, why: str = "") -> list[Event]:
    """9.6.3: -1 to every value and an immediate retreat; 9.6.6c: isolated, it is destroyed."""
    b = g.state.battle
    c = g.state.units[unit]
    reason = f" ({why})" if why else ""
    if c.isolated:
        return _leave_battle(g, unit) + destroy(g, unit, f"disorganized while isolated{reason}", "CC 9.6.6c")
    c.disorganized = True
    _leave_battle(g, unit)
    b.retreats.append(unit)
    return [Event(f"{g.unit_name(unit)} is disorganized{reason} and must retreat.", "CC 9.6.3", "disorganize")]


def _leave_battle(g: Roads, unit: str) -> list[Event]:
    b = g.state.battle
    for group in (b.attackers, b.defenders):
        if unit in group:
            group.remove(unit)
    b.fortified.pop(unit, None)
    return []


def destroy(g: Roads, unit: str, why: str, rule: str) -> list[Event]:
    s = g.state
    c = s.units[unit]
    area = c.where
    c.where, c.disorganized, c.isolated = DESTROYED, False, False
    events = [Event(f"{g.unit_name(unit)} is destroyed: {why}.", rule, "destroy")]
    if s.leader and s.leader == area and not units_in(g, area, AXIS):
        s.leader, s.leader_gone = "", True                    # series 12.3
        events.append(Event("Manstein is lost with the last of his units.", "CC 12.3", "destroy"))
    return events


# -- retreats (9.6.3f) --------------------------------------------------------------------------------
def _nearest_to_rp(g: Roads, side: str, areas: list[str], occ: dict[str, set[str]]) -> list[str]:
    """Those of ``areas`` nearest to a friendly RP (or, with none, to the side's edge), going
    only through areas the side may enter, sorted; all of them when none can reach one. One
    sweep out from the RPs, ring by ring, that stops at the first ring holding one of them.
    ``occ``: the occupancy of the map (``occupancy``)."""
    s = g.state
    foe = other(side)
    goals = [a for a, n in s.rp[side].items() if n > 0]
    if not goals:
        edge = g.rules.retreat_edge(side)
        goals = [a for a, ar in g.map.areas.items() if edge in ar.edge]
    blocked = {a for a, sides in occ.items() if foe in sides}
    blocked.update(a for a, n in s.rp[foe].items() if n > 0)
    wanted = set(areas)
    seen = set(goals)
    ring = goals
    neighbours = g.map.neighbours
    while ring:
        hit = [a for a in ring if a in wanted]
        if hit:
            return sorted(hit)
        nxt = []
        for here in ring:
            for n in neighbours(here):
                if n not in seen and n not in blocked:
                    seen.add(n)
                    nxt.append(n)
        ring = nxt
    return sorted(areas)


def retreat_options(g: Roads, unit: str) -> list[str]:
    from .movement import nationality_ok, volga_closed
    s = g.state
    b = s.battle
    c = s.units[unit]
    here = c.where
    foe = other(c.side)
    occ = occupancy(g)
    if not b.retreat_path and c.side == b.attacker:
        first = [b.came_from]                     # the attacker goes back where it came from
    else:
        first = list(g.map.neighbours(here))
    out = []
    for n in first:
        if foe in occ.get(n, ()) or s.rp[foe].get(n, 0) > 0:
            continue
        if c.side != b.attacker and n == b.came_from:
            continue                              # at any step of the retreat
        if n in b.retreat_path or n == b.area:
            continue
        if g.map.border(here, n) == "kerch" and c.side == SOVIET and "winter" not in s.permanents:
            continue
        if g.map.border(here, n) == "volga" and volga_closed(g):
            continue                              # campaign 1.b.I: no ground unit crosses it
        if not nationality_ok(g, [unit], n):
            continue
        out.append(n)
    # campaign 1.d.II: the German Kerch units may leave by the west edge as a retreat (an
    # attacker only after its first step back where it came from)
    edge = [GONE] if (leaves_by_west_edge(g, unit, here)
                      and (b.retreat_path or c.side != b.attacker)) else []
    if len(out) <= 1:
        return out + edge
    # ruling (9.6.3f "towards their nearest RP"): each step enters an area as near as any
    # allowed one to the nearest friendly RP (one allowed area is the nearest of one)
    return _nearest_to_rp(g, c.side, out, occ) + edge


def _retreat_legal(g: Roads) -> list:
    b = g.state.battle
    unit = b.retreats[0]
    side = g.state.units[unit].side
    cmds: list = [Retreat(side, a) for a in retreat_options(g, unit)]
    if _may_stop(g, unit):
        cmds.append(StopRetreat(side))
    return cmds


def _may_stop(g: Roads, unit: str) -> bool:
    """9.6.3f: a retreat may end short of two areas in an area with a friendly RP."""
    c = g.state.units[unit]
    return bool(g.state.battle.retreat_path) and g.state.rp[c.side].get(c.where, 0) > 0


def _auto_retreat(g: Roads) -> list[Event]:
    """Carry out retreats with no choice in them; stop at the first real choice."""
    b = g.state.battle
    events: list[Event] = []
    while b.retreats:
        unit = b.retreats[0]
        options = retreat_options(g, unit)
        may_stop = _may_stop(g, unit)
        if not b.retreat_path and not options:
            events += destroy(g, unit, "it could not retreat", "CC 9.6.5")
            b.retreats.pop(0)
            continue
        if b.retreat_path and (not options or len(b.retreat_path) >= g.rules.retreat_distance):
            events += _end_retreat(g)
            continue
        if len(options) == 1 and not may_stop:
            events += retreat_step(g, Retreat(g.state.units[unit].side, options[0]), auto=True)
            continue
        break
    return events


def retreat_step(g: Roads, cmd: Retreat, auto: bool = False) -> list[Event]:
    b = g.state.battle
    unit = b.retreats[0]
    c = g.state.units[unit]
    left = b.retreat_path[-1] if b.retreat_path else b.area
    if cmd.area == GONE:                          # campaign 1.d.II: not destroyed, never back
        c.where, c.isolated, c.disorganized = GONE, False, False
        b.retreats.pop(0)
        b.retreat_path = []
        events = [Event(f"{g.unit_name(unit)} retreats off the map by the west edge; it is not destroyed "
                        "but cannot return.", "RtS 1.d.II", "retreat")]
        events += leader_follows(g, left, GONE)
        return events if auto else events + _auto_retreat(g)
    c.where = cmd.area
    b.retreat_path.append(cmd.area)
    events = [Event(f"{g.unit_name(unit)} retreats to {g.area_name(cmd.area)}.", "CC 9.6.3f", "retreat")]
    if c.side == AXIS:
        events += leader_follows(g, left, cmd.area)
    if not units_in(g, cmd.area, other(c.side)):
        events += take_control(g, cmd.area, c.side)   # campaign 1.f.III: the last to move through
    if not auto:
        events += _auto_retreat(g)
    return events


def stop_retreat(g: Roads, cmd: StopRetreat) -> list[Event]:
    return _end_retreat(g) + _auto_retreat(g) + _after_retreats(g)


def _end_retreat(g: Roads) -> list[Event]:
    b = g.state.battle
    unit = b.retreats.pop(0)
    b.retreat_path = []
    where = g.state.units[unit].where
    return [Event(f"{g.unit_name(unit)} ends its retreat in {g.area_name(where)}.", "CC 9.6.3f", "retreat")]


def withdraw(g: Roads, side: str) -> list[Event]:
    """A card: the defender's units leave the battle as a retreat, not disorganized."""
    b = g.state.battle
    if side == b.attacker:
        return [Event("Only a defender can withdraw: no effect.", "RtS card", "card")]
    units = list(b.defenders)
    for u in units:
        _leave_battle(g, u)
        b.retreats.append(u)
    return [Event(f"{', '.join(g.unit_name(u) for u in units)} withdraw from the battle.", "RtS card", "retreat")]


def retreat(g: Roads, cmd: Retreat) -> list[Event]:
    return retreat_step(g, cmd) + _after_retreats(g)


def _after_retreats(g: Roads) -> list[Event]:
    b = g.state.battle
    if b.retreats:
        return []
    return _continue(g)


# -- the end (9.5.6, 9.3) -------------------------------------------------------------------------
def over(g: Roads) -> bool:
    b = g.state.battle
    return not b.attackers or not b.defenders


def finish(g: Roads) -> list[Event]:
    s = g.state
    b = s.battle
    op = s.operation
    events: list[Event] = []
    if b.attackers and not b.defenders:
        events.append(Event(f"{g.side_name(b.attacker)} win the battle of {g.area_name(b.area)}.",
                            "CC 9.5.6", "battle"))
        events += take_control(g, b.area, b.attacker)
        from .movement import capture_rp
        events += capture_rp(g, b.area, b.attacker)
    elif b.defenders:
        winner = other(b.attacker)
        events.append(Event(f"{g.side_name(winner)} hold {g.area_name(b.area)}.", "CC 9.5.6", "battle"))
    else:
        # both sides cleared by one chit (RULINGS, CC 9.5.4 / 9.5.6): no attacker is left to
        # take the area, which keeps its control
        keeper = s.control.get(b.area)
        kept = f"{g.side_name(keeper)} keep control of it" if keeper else "it stays uncontrolled"
        events.append(Event(f"Both sides are cleared from {g.area_name(b.area)}: no attacker is "
                            f"left to take it; {kept}.", "CC 9.5.6", "battle"))
    s.battle = None
    if op is not None:
        # 9.3: the units that fought have acted
        from .movement import _clear_force
        op.acted += [u for u in op.force if u not in op.acted]
        _clear_force(op)
    return events


def play_card(g: Roads, cmd: PlayCard) -> list[Event]:
    """9.4: Attack cards cost their SP; Tactics cards are free."""
    from .cards import battle_effects
    b = g.state.battle
    card = g.content.cards[cmd.card]
    events: list[Event] = []
    if card.kind == "attack":
        cost = attack_cost(g, cmd.side, cmd.card)
        g.state.operation.sp -= cost
        events.append(Event(f"{card.name} costs {cost} SP ({g.state.operation.sp} left).", "CC 9.4", "sp"))
    b.cards.append([cmd.side, cmd.card])
    events += battle_effects(g, cmd.side, cmd.card)
    events += _continue_after_card(g)
    if g.state.battle is not None and (b.steps or b.retreats):
        b.after_card = True                     # a choice is awaited; its end keeps the chit turn
    return events


def _continue_after_card(g: Roads) -> list[Event]:
    b = g.state.battle
    events = _strike_now(g)
    if b.retreats:
        return events + _auto_retreat(g) + ([] if b.retreats else _after_card_end(g))
    return events + _after_card_end(g)


def _strike_now(g: Roads) -> list[Event]:
    """9.4: an Attack card's strike checks at once, the unit its only candidate or the one its
    chooser picks (``ChooseUnit`` answers that); it waits for no chit (a chit played next sets
    its own steps)."""
    b = g.state.battle
    events: list[Event] = []
    while b.steps and not b.retreats:
        candidates = step_candidates(g, b.steps[0])
        if len(candidates) > 1:
            break
        entry = b.steps.pop(0)
        if candidates:
            events += resolve_step(g, entry, candidates[0])
    return events


def _after_card_end(g: Roads) -> list[Event]:
    if over(g):
        return finish(g)
    return []

"""Movement (series 6, 8; campaign 1, 3, 8, 9, 10): gathering a force in one area and moving
it one area at a time, with river, mountain, Volga and Straits rules, the Axis nationalities,
German infantry's red movement and Manstein."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.events import Event

from . import values
from .commands import Gather, Halt, Move, Release
from .geography import (
    leader_follows, leaves_by_west_edge, occupancy, occupied_by, take_control, units_in,
)
from .state import AXIS, GONE, SOVIET, other

if TYPE_CHECKING:
    from .game import Roads

LEADER = "manstein"
NON_GERMAN = ("italian", "rumanian", "hungarian")


# -- river and straits state (campaign 1.b, 1.d, 13) -----------------------------------------
def winter(g: Roads) -> bool:
    return "winter" in g.state.permanents


def volga_closed(g: Roads) -> bool:
    """Campaign 1.b.I: after Winter Arrives, closed until five more cards are played or discarded."""
    s = g.state
    return winter(g) and s.cards_done - s.winter_at < g.rules.volga_closed_cards


def volga_as_major(g: Roads) -> bool:
    return winter(g) and not volga_closed(g)


def crossing_kind(g: Roads, a: str, b: str) -> str:
    """The border kind as it now acts: the Volga becomes a major river once it reopens."""
    kind = g.map.border(a, b)
    if kind == "volga" and volga_as_major(g):
        return "major"
    return kind


# -- campaign 3: Axis nationalities ------------------------------------------------------------
def nation(g: Roads, unit: str) -> str:
    return g.content.units[unit].nation


def nations_clash(g: Roads, movers: list[str], area: str) -> bool:
    """Campaign 3.a: an area holding one non-German Axis nation is impassable to another."""
    here = {nation(g, u) for u in units_in(g, area, AXIS) if u not in movers}
    for u in movers:
        n = nation(g, u)
        if n in NON_GERMAN and any(h in NON_GERMAN and h != n for h in here):
            return True
    return False


def hungarians_rumanians_apart(g: Roads, moved: dict[str, str]) -> bool:
    """Campaign 3.b: Hungarian and Rumanian units at least three areas apart at all times.
    `moved` gives the areas some units would now occupy."""
    units, areas = g.state.units, g.map.areas
    hun, rum = ({a for u in g.apart_units[n] if (a := moved.get(u, units[u].where)) in areas}
                for n in ("hungarian", "rumanian"))
    if not hun or not rum:
        return True
    # one sweep out from every Hungarian area at once: no Rumanian within gap - 1 steps
    gap = g.rules.hungarian_rumanian_distance
    seen = set(hun)
    ring = list(hun)
    for _ in range(gap - 1):
        if seen & rum:
            return False
        ring = [n for a in ring for n in g.map.neighbours(a) if n not in seen]
        seen.update(ring)
    return not seen & rum


def nationality_ok(g: Roads, movers: list[str], area: str) -> bool:
    """Campaign 3 (superseding everything, retreats included) for units entering `area`."""
    axis = [u for u in movers if g.state.units[u].side == AXIS]
    if not axis:
        return True
    if nations_clash(g, axis, area):
        return False
    if not any(nation(g, u) in ("hungarian", "rumanian") for u in axis):
        return True                      # 3.b: nobody whose distance matters is moving
    return hungarians_rumanians_apart(g, {u: area for u in axis})


def force_mixes_nations(g: Roads, force: list[str]) -> bool:
    """Campaign 3: only German units stack with other nationalities."""
    nations = {nation(g, u) for u in force if nation(g, u) in NON_GERMAN}
    return len(nations) > 1


# -- costs (series 5.5.2; campaign 8, 13) --------------------------------------------------------
def doubled(g: Roads, side: str, cost: int, infantry_move: bool = False) -> int:
    """Campaign 13: after Winter Arrives every Axis SP cost is doubled, except moving a stack
    made only of infantry."""
    if side == AXIS and winter(g) and not infantry_move:
        return cost * g.rules.winter_cost_factor
    return cost


def move_cost(g: Roads, side: str, force: list[str]) -> int:
    """Series 5.5.2: 1 SP per unit or stack moved; campaign 8: 2 SP with a tank or Panzer."""
    op = g.state.operation
    if op is not None and op.free_move:
        return 0
    armour = any(values.is_armour(g, u) for u in force)
    infantry_only = all(values.is_infantry(g, u) for u in force)
    return doubled(g, side, g.rules.cost_armour if armour else g.rules.cost_move, infantry_only)


def stack_cost(g: Roads, side: str) -> int:
    return doubled(g, side, g.rules.cost_stack)


def force_movement(g: Roads, force: list[str], leader: bool) -> int:
    mf = min(values.movement(g, u) for u in force)
    return mf + (g.content.leader.movement_bonus if leader else 0)      # campaign 10.b


def red_movement(g: Roads, force: list[str]) -> bool:
    """Campaign 9: German infantry printed in red attack with a movement factor of one."""
    return any(g.content.units[u].red_movement for u in force)


def attack_movement(g: Roads, op) -> int:
    """The force's movement factor when it enters enemy units: campaign 9.a, one with German
    red infantry in it (ruling: +1 with Manstein, 10.b); otherwise its movement factor."""
    if red_movement(g, op.force):
        return 1 + (g.content.leader.movement_bonus if op.leader else 0)
    return force_movement(g, op.force, op.leader)


def enemy_entry_cost(g: Roads, op, kind: str) -> int:
    """Campaign 1.b.II / 1.d: +1 across a major river or the Straits into enemy units, except
    for units with a movement factor of one (ruling: the factor, not the MP left), until winter."""
    if kind in ("major", "kerch") and not winter(g) and attack_movement(g, op) > 1:
        return 2
    return 1


# -- what may be gathered and where the force may go --------------------------------------------
def gatherable(g: Roads, side: str) -> list[str]:
    """Units that may join the force now: own, on the map, not yet acted, supplied (5.2.3),
    in the force's area, not mixing non-German nations (campaign 3)."""
    op = g.state.operation
    if op is None or op.path:
        return []
    from .supply import supplied_areas
    supplied = supplied_areas(g, side, op.area)
    out = []
    for c in g.state.units.values():
        if (c.side != side or c.id in op.force or c.id in op.acted or c.where not in supplied):
            continue
        if op.force and c.where != op.start:
            continue
        if force_mixes_nations(g, op.force + [c.id]):
            continue
        if op.sp < move_cost(g, side, op.force + [c.id]):
            continue                                  # it could not pay to move
        out.append(c.id)
    return out


def destinations(g: Roads, side: str) -> list[str]:
    """The areas the force may enter next (6, campaign 1, 3, 9): `GONE` for the Kerch group
    leaving by the west edge (campaign 1.d.II)."""
    s = g.state
    op = s.operation
    if op is None or not op.force or s.battle is not None:
        return []
    if not op.paid and op.sp < move_cost(g, side, op.force):
        return []
    here = op.path[-1] if op.path else op.start
    foe = other(side)
    occ = occupancy(g)
    out = []
    for n in g.map.neighbours(here):
        kind = crossing_kind(g, here, n)
        enemy = foe in occ.get(n, ())
        if kind == "volga":
            # campaign 1.b.I: all movement points, never into a battle; closed in early winter
            if volga_closed(g) or op.path or enemy:
                continue
        if kind == "kerch" and side == SOVIET and not winter(g):
            continue                                  # campaign 1.d.I
        if op.mp < 1:
            continue
        if enemy:
            if op.volga:
                continue                              # campaign 1.b.I
            spent = force_movement(g, op.force, op.leader) - op.mp
            if attack_movement(g, op) - spent < enemy_entry_cost(g, op, kind):
                continue                              # campaign 1.b.II, 9.a
        if not nationality_ok(g, op.force, n):
            continue
        friends = side in occ.get(n, ()) and not enemy and any(
            u not in op.force for u in units_in(g, n, side))
        if friends and op.sp - (0 if op.paid else move_cost(g, side, op.force)) < stack_cost(g, side):
            # 8.2.2: the stack is made only where the force finishes: short of its SP, the
            # force may pass through when it can still go on to finish elsewhere (RULINGS.md)
            left = 0 if kind == "volga" or g.map.areas[n].terrain == "mountain" else op.mp - 1
            if not _way_on(g, side, op, n, left, occ):
                continue
        out.append(n)
    if op.mp >= 1 and all(leaves_by_west_edge(g, u, here) for u in op.force):
        out.append(GONE)                              # campaign 1.d.II
    return out


def _way_on(g: Roads, side: str, op, start: str, mp: int, occ: dict[str, set[str]]) -> bool:
    """Whether the force, in friendly `start` with `mp` left and unable to pay to stack there,
    can still reach an area where it may finish without stacking: an empty one, an enemy one it
    may attack (6.5), or the west edge (campaign 1.d.II). The conditions are `destinations`'s,
    never looser (the Volga only as a first step, Manstein's +1 from a first step not counted),
    so a force let in always has a move on."""
    foe = other(side)
    force = op.force
    seen = {(start, mp)}
    todo = [(start, mp)]
    while todo:
        here, left = todo.pop()
        if left < 1:
            continue
        if all(leaves_by_west_edge(g, u, here) for u in force):
            return True
        for n in g.map.neighbours(here):
            kind = crossing_kind(g, here, n)
            if kind == "volga" or (kind == "kerch" and side == SOVIET and not winter(g)):
                continue
            if not nationality_ok(g, force, n):
                continue
            if foe in occ.get(n, ()):
                spent = force_movement(g, force, op.leader) - left
                if not op.volga and attack_movement(g, op) - spent >= enemy_entry_cost(g, op, kind):
                    return True
                continue
            if not any(u not in force for u in units_in(g, n, side)):
                return True
            nxt = (n, 0 if g.map.areas[n].terrain == "mountain" else left - 1)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def may_halt(g: Roads, side: str) -> bool:
    """Series 8.2.1-8.2.2: a force halting among friends stacks there and pays for it now."""
    op = g.state.operation
    here = op.path[-1]
    return (op.sp >= stack_cost(g, side)
            or not any(u not in op.force for u in units_in(g, here, side)))


def is_battle(g: Roads, cmd) -> bool:
    """Series 6.5, 9.2: a move into an area with enemy units in it starts a battle there at once."""
    return isinstance(cmd, Move) and occupied_by(g, cmd.area, other(cmd.side))


def legal(g: Roads, side: str) -> list:
    op = g.state.operation
    cmds: list = []
    if op is None:
        return cmds
    if not op.path:
        cmds += [Gather(side, u) for u in gatherable(g, side)]
        cmds += [Release(side, u) for u in op.force]
        if (op.force and g.state.leader and g.state.leader == op.start and not op.leader
                and side == AXIS):
            cmds.append(Gather(side, LEADER))
        if op.leader:
            cmds.append(Release(side, LEADER))
    cmds += [Move(side, a) for a in destinations(g, side)]
    if op.path and may_halt(g, side):
        cmds.append(Halt(side))
    return cmds


# -- carrying the commands out ----------------------------------------------------------------
def gather(g: Roads, cmd: Gather) -> list[Event]:
    op = g.state.operation
    if cmd.unit == LEADER:
        op.leader = True
        op.mp = force_movement(g, op.force, op.leader)      # campaign 10.b: +1 from now
        return [Event("Manstein will move with the force.", "RtS 10", "force")]
    if not op.force:
        op.start = g.state.units[cmd.unit].where
    op.force.append(cmd.unit)
    op.mp = force_movement(g, op.force, op.leader)
    return []


def release(g: Roads, cmd: Release) -> list[Event]:
    op = g.state.operation
    if cmd.unit == LEADER:
        op.leader = False
    else:
        op.force.remove(cmd.unit)
    if not op.force:
        op.start, op.leader = "", False
    op.mp = force_movement(g, op.force, op.leader) if op.force else 0
    return []


def move(g: Roads, cmd: Move) -> list[Event]:
    s = g.state
    op = s.operation
    side = cmd.side
    events: list[Event] = []
    here = op.path[-1] if op.path else op.start
    if not op.paid:
        cost = move_cost(g, side, op.force)
        op.sp -= cost
        op.paid = True
        op.free_move = False
        what = "the stack" if len(op.force) > 1 else g.unit_name(op.force[0])
        events.append(Event(f"Moving {what} costs {cost} SP ({op.sp} left).", "CC 5.5.2, RtS 8, 13", "sp"))
    if cmd.area == GONE:
        for u in op.force:
            s.units[u].where, s.units[u].isolated = GONE, False       # 9.6.6f: it has left
        events.append(Event(f"{', '.join(g.unit_name(u) for u in op.force)} leave by the west edge; "
                            "they are not destroyed but cannot return.", "RtS 1.d.II", "move"))
        events += leader_follows(g, here, GONE, along=op.leader)
        op.acted += op.force
        _clear_force(op)
        return events
    if (s.leader and s.leader == here and not op.leader
            and not [u for u in units_in(g, here, AXIS) if u not in op.force]):
        op.leader = True                              # series 12.2: a leader never stays alone
        op.mp += g.content.leader.movement_bonus     # and his +1 counts from this step (10.b)
        events.append(Event("Manstein goes with the force (a leader never moves alone).", "CC 12.2", "move"))
    kind = crossing_kind(g, here, cmd.area)
    foe = other(side)
    enemy = bool(units_in(g, cmd.area, foe))
    op.mp -= enemy_entry_cost(g, op, kind) if enemy else 1
    if kind == "volga":
        op.mp, op.volga = 0, True
    if g.map.areas[cmd.area].terrain == "mountain":
        op.mp = 0                                     # campaign 1.c / 1.g
    for u in op.force:
        s.units[u].where = cmd.area
    if op.leader:
        s.leader = cmd.area
    op.path.append(cmd.area)
    crossing = f" across the {g.map.river(here, cmd.area)}" if kind != "none" else ""
    verb = "move" if len(op.force) > 1 else "moves"
    events.append(Event(f"{_force_label(g, op.force)} {verb}{crossing} into {g.area_name(cmd.area)}.",
                        "CC 6.3", "move"))
    if enemy:
        from . import battle
        events += battle.start(g, cmd.area, side, here, kind, list(op.force))
        return events
    events += take_control(g, cmd.area, side)
    events += capture_rp(g, cmd.area, side)
    if op.mp <= 0:
        events += halt(g, Halt(side))
    return events


def capture_rp(g: Roads, area: str, side: str) -> list[Event]:
    """Series 5.4.1: alone with enemy RPs, a unit captures half of them (rounded down) and
    destroys the rest."""
    foe = other(side)
    found = g.state.rp[foe].pop(area, 0)
    if not found:
        return []
    taken = found // 2
    if taken:
        g.state.rp[side][area] = g.state.rp[side].get(area, 0) + taken
    return [Event(f"{g.side_name(side)} capture {taken} of the {found} enemy RP in "
                  f"{g.area_name(area)}; the rest are destroyed.", "CC 5.4.1", "rp")]


def halt(g: Roads, cmd: Halt) -> list[Event]:
    """Series 8.2: ending on friends makes a stack, paid now."""
    op = g.state.operation
    side = cmd.side
    here = op.path[-1]
    events: list[Event] = []
    others = [u for u in units_in(g, here, side) if u not in op.force]
    if others:
        cost = stack_cost(g, side)
        op.sp -= cost
        events.append(Event(f"Stacking in {g.area_name(here)} costs {cost} SP ({op.sp} left).",
                            "CC 8.2", "sp"))
    op.acted += op.force
    _clear_force(op)
    return events


def _clear_force(op) -> None:
    op.force, op.path, op.start, op.mp, op.paid, op.volga, op.leader = [], [], "", 0, False, False, False


def _force_label(g: Roads, force: list[str]) -> str:
    return " + ".join(g.unit_name(u) for u in force)

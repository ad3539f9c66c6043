"""On-board operations (series 5, 10; campaign 11, 12, 13): spending the Resource Point,
the Supply Points, reorganizing and rebuilding, and the end of the operation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.events import Event

from . import movement
from .commands import EndOperation, Rebuild, Reorganize, StartOperation
from .state import AXIS, Operation, other

if TYPE_CHECKING:
    from .game import Roads


def start_areas(g: Roads, side: str) -> list[str]:
    """Series 5.2: any area holding one of the side's RPs."""
    return sorted(a for a, n in g.state.rp[side].items() if n > 0)


def start(g: Roads, cmd: StartOperation) -> list[Event]:
    s = g.state
    s.rp[cmd.side][cmd.area] -= 1
    if not s.rp[cmd.side][cmd.area]:
        del s.rp[cmd.side][cmd.area]
    s.operations[cmd.side] += 1
    sp = g.rules.sp_per_rp
    s.operation = Operation(side=cmd.side, number=s.operations[cmd.side], area=cmd.area, sp=sp)
    events = [Event(f"{g.side_name(cmd.side)} operation {s.operations[cmd.side]}: one RP spent in "
                    f"{g.area_name(cmd.area)}, {sp} SP available.", "CC 5.2", "operation")]
    foe = other(cmd.side)
    ready = s.ready.pop(foe, "")
    if ready:                                   # series 2.3.4 ruling: the Event set ready now plays
        from .cards import play_ready
        events += play_ready(g, foe, ready)
    return events


def _restorable(g: Roads, side: str, flag: str) -> list[str]:
    op = g.state.operation
    if op is None or op.force or g.state.battle is not None:
        return []
    from .supply import supplied_areas
    supplied = supplied_areas(g, side, op.area)
    return [c.id for c in g.state.units.values()
            if c.side == side and getattr(c, flag) and not c.isolated          # 9.6.6g
            and c.id not in op.acted and c.where in supplied]


def reorganize_cost(g: Roads, side: str) -> int:
    return movement.doubled(g, side, g.rules.cost_reorganize)


def rebuild_cost(g: Roads, side: str) -> int:
    return movement.doubled(g, side, g.rules.cost_rebuild)


def rebuild_allowed(g: Roads, side: str) -> bool:
    """Series 10.2-10.3: one rebuild per operation; campaign 11: the Axis not in two
    operations running."""
    s = g.state
    op = s.operation
    if op.rebuilt:
        return False
    return not (side == AXIS and op.number - s.axis_rebuilt_op < g.rules.axis_rebuild_every)


def legal(g: Roads, side: str) -> list:
    op = g.state.operation
    cmds: list = []
    if op.sp >= reorganize_cost(g, side):
        cmds += [Reorganize(side, u) for u in _restorable(g, side, "disorganized")]
    if op.sp >= rebuild_cost(g, side) and rebuild_allowed(g, side):
        cmds += [Rebuild(side, u) for u in _restorable(g, side, "depleted")]
    # series 5, 8.4: a force that has moved must halt first (its stacking is paid where it
    # stops, 8.2.2); one only gathered has done nothing yet and simply stays (RULINGS.md)
    if not op.path:
        cmds.append(EndOperation(side))
    return cmds


def reorganize(g: Roads, cmd: Reorganize) -> list[Event]:
    op = g.state.operation
    cost = reorganize_cost(g, cmd.side)
    op.sp -= cost
    g.state.units[cmd.unit].disorganized = False
    op.acted.append(cmd.unit)
    return [Event(f"{g.unit_name(cmd.unit)} is reorganized for {cost} SP ({op.sp} left).",
                  "CC 10.1", "reorganize")]


def rebuild(g: Roads, cmd: Rebuild) -> list[Event]:
    s = g.state
    op = s.operation
    cost = rebuild_cost(g, cmd.side)
    op.sp -= cost
    op.rebuilt = True
    if cmd.side == AXIS:
        s.axis_rebuilt_op = op.number
    s.units[cmd.unit].depleted = False
    op.acted.append(cmd.unit)
    return [Event(f"{g.unit_name(cmd.unit)} is rebuilt to full strength for {cost} SP "
                  f"({op.sp} left).", "CC 10.2, RtS 11" if cmd.side == AXIS else "CC 10.2", "rebuild")]


def end(g: Roads, cmd: EndOperation | None = None, reason: str = "") -> list[Event]:
    op = g.state.operation
    g.state.operation = None
    g.state.entry_done = True
    text = f"{g.side_name(op.side)} operation ends" + (f": {reason}" if reason else ".")
    events = [Event(text if text.endswith(".") else text + ".", "CC 5", "operation")]
    if op.force and not op.path:              # gathered, never moved: it stays, nothing spent
        verb = "stays where it is" if len(op.force) == 1 else "stay where they are"
        events.append(Event(f"{', '.join(g.unit_name(u) for u in op.force)} {verb}.",
                            "CC 8.4", "operation"))
    return events


def exhausted(g: Roads) -> bool:
    """Nothing left to spend: 0 SP and no force on the move (the worked example, step 5)."""
    op = g.state.operation
    return op is not None and op.sp <= 0 and not op.force and g.state.battle is None

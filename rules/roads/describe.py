"""Commands and units in English, with the names of areas, units, cards and chits (menus,
logs, refusals, confirmations)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import commands as c
from .state import AXIS, SOVIET
from .values import standing

if TYPE_CHECKING:
    from .game import Roads

SIDE_LETTER = {AXIS: "A", SOVIET: "S"}


def describe(g: Roads, cmd) -> str:
    if isinstance(cmd, c.Choose):
        ready = f", with {g.card_name(cmd.event)} set ready against their operation" if cmd.event else ""
        return f"Choose {cmd.choice.title()}{ready}"
    if isinstance(cmd, c.PlayCard):
        return f"Play {g.card_name(cmd.card)}"
    if isinstance(cmd, c.DrawCard):
        return "Draw a card"
    if isinstance(cmd, c.DiscardCard):
        return f"Discard {g.card_name(cmd.card)} for one RP"
    if isinstance(cmd, c.PlaceRP):
        return f"Place an RP in {g.area_name(cmd.area)}"
    if isinstance(cmd, c.PlaceUnit):
        return f"Place {g.unit_name(cmd.unit)} in {g.area_name(cmd.area)}"
    if isinstance(cmd, c.Restore):
        return f"Restore {g.unit_name(cmd.unit)}"
    if isinstance(cmd, c.Decline):
        return "Take no more from the card"
    if isinstance(cmd, c.StartOperation):
        return f"Spend the RP in {g.area_name(cmd.area)}"
    if isinstance(cmd, c.Gather):
        return f"Add {g.unit_name(cmd.unit)} to the force"
    if isinstance(cmd, c.Release):
        return f"Leave {g.unit_name(cmd.unit)} behind"
    if isinstance(cmd, c.Move):
        return "Leave by the west edge" if cmd.area == "gone" else f"Move into {g.area_name(cmd.area)}"
    if isinstance(cmd, c.Halt):
        return "Halt the force here"
    if isinstance(cmd, c.Reorganize):
        return f"Reorganize {g.unit_name(cmd.unit)}"
    if isinstance(cmd, c.Rebuild):
        return f"Rebuild {g.unit_name(cmd.unit)}"
    if isinstance(cmd, c.EndOperation):
        return "End the operation"
    if isinstance(cmd, c.PlayChit):
        return f"Play the chit {g.content.chits[cmd.chit.split('#')[0]].name}"
    if isinstance(cmd, c.ChooseUnit):
        return f"{g.unit_name(cmd.unit)}"
    if isinstance(cmd, c.Retreat):
        return f"Retreat into {g.area_name(cmd.area)}"
    if isinstance(cmd, c.StopRetreat):
        return "End the retreat here"
    if isinstance(cmd, c.MoveRP):
        return f"Move the RP from {g.area_name(cmd.origin)} to {g.area_name(cmd.area)}"
    if isinstance(cmd, c.RemoveRP):
        return f"Remove the RP in {g.area_name(cmd.area)}"
    return cmd.describe()


def describe_public(g: Roads, cmd) -> str:
    """`cmd` as the other side (or a spectator) may know it: a Card/Map choice and a card set
    ready with it stay face down until both choices are in (CC 4.2.2, the 2.3.4 ruling), and a
    discarded card goes face down (4.2.3c); everything else is done in the open."""
    who = g.side_name(getattr(cmd, "side", None))
    if isinstance(cmd, c.Choose):
        return f"{who} choose Card or Map, face down"
    if isinstance(cmd, c.DiscardCard):
        return f"{who} discard a card face down for one RP"
    return f"{who}: {describe(g, cmd)}"


def unit_line(g: Roads, counter) -> str:
    """A unit as it stands: "9th Army (S) 6-1-1", then its flags (depleted, disorganized,
    isolated)."""
    u = g.content.units.get(counter.id)
    if u is None:
        return f"{g.unit_name(counter.id)}"
    flags = [w for w, on in (("depleted", counter.depleted), ("disorganized", counter.disorganized),
                             ("isolated", counter.isolated)) if on]
    text = f"{u.name} ({SIDE_LETTER[counter.side]}) {values_shown(u, counter)}"
    return text + (" " + ", ".join(flags) if flags else "")


def values_shown(unit, counter) -> str:
    """Cohesion-movement-tactical as they stand: the depleted side's when depleted (9.6.4), each
    less one when disorganized (9.6.3, never below one); Manstein's and the mountains' bonuses
    belong to a battle and are not in it."""
    printed = unit.depleted if counter.depleted else unit
    return "-".join(str(standing(v, counter.disorganized))
                    for v in (printed.cohesion, printed.movement, printed.tactical))

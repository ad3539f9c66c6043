"""What a command that cannot be taken back will do, in words: the body of the confirmation
before it (DESIGN "The terminal": say what will happen and take one key), for the screen, a
hosted seat and any plain mode alike. Only what the acting side may know goes in: its own
choice, card or chit, and what is on the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import commands as c
from .battle import crossing_cohesion
from .describe import unit_line
from .geography import units_in
from .movement import crossing_kind, is_battle
from .odds import opening_draws
from .state import GONE, other

if TYPE_CHECKING:
    from .game import Roads


# what each Card/Map choice leads to (CC 4.2.2, 4.2.3), for its confirmation
CHOICE_WORDS = {
    "map": ("Map: you conduct one operation, spending an RP (5.2). If both choose Map, a "
            "roll-off decides (a d10 each, the initiative +2, 4.2.2): only its winner operates."),
    "card": ("Card: you play, draw or discard one card (4.2.3), after the enemy's operation if "
             "they choose Map; if both choose Card, the side with the initiative goes first."),
}


def warning(g: Roads, cmd) -> str:
    """What happens when `cmd` is given and why it cannot be taken back ("" for a command that
    says nothing more than its name)."""
    if isinstance(cmd, c.Choose):
        what = CHOICE_WORDS.get(cmd.choice, "")
        return f"{what} Your choice stays secret until both sides have chosen; it cannot be taken back."
    if isinstance(cmd, c.DiscardCard):
        return "The card goes face down for good; you gain one RP."
    if isinstance(cmd, c.EndOperation):
        op = g.state.operation
        left = f" {op.sp} SP left unspent {'is' if op.sp == 1 else 'are'} lost." if op and op.sp else ""
        return f"{left.strip()} {after_operation(g)}".strip()
    if is_battle(g, cmd):
        return battle_words(g, cmd)
    if isinstance(cmd, c.PlayCard):
        card = g.content.cards[cmd.card]
        cost = f" It costs {card.sp} SP." if card.sp and f"{card.sp} SP" not in card.text else ""
        return f"The card is played face up for good: {card.text}{cost}"
    if isinstance(cmd, c.DrawCard):
        return "The top card of your deck comes into your hand; a draw cannot be taken back."
    if isinstance(cmd, c.StartOperation):
        return ("The RP is spent to start the operation (5.2); the enemy may answer with an Event "
                "set against it. It cannot be taken back.")
    if isinstance(cmd, c.RemoveRP):
        return "The RP leaves the map for good."
    if isinstance(cmd, c.Decline):
        return "What the card still offers is given up."
    if isinstance(cmd, c.PlayChit):
        chit = g.content.chits[cmd.chit.split("#")[0]]
        return f"The chit is revealed and resolved at once, with its rolls: {chit.text}"
    if isinstance(cmd, c.ChooseUnit):
        return "That unit takes the chit's step now: its roll cannot be taken back."
    if isinstance(cmd, c.Retreat):
        return retreat_words(g, cmd)
    return ""


def battle_words(g: Roads, cmd: c.Move) -> str:
    """A move into enemy units (9.2): whom the battle is fought against, the chits each side
    draws (9.5.2) and what the border and the ground do to its cohesion checks."""
    op = g.state.operation
    force = list(op.force) if op else []
    mine, theirs = opening_draws(g, cmd.side, force, cmd.area)
    foes = ", ".join(unit_line(g, g.state.units[u]) for u in units_in(g, cmd.area, other(cmd.side)))
    return (f"A battle is fought there (9.2) against {foes}. You draw {mine} battle "
            f"chit{'s' if mine != 1 else ''}, they draw {theirs} (9.5.2: the best Tactical Value "
            f"present).{battle_terrain(g, force, cmd.area)} Chits drawn cannot be taken back.")


def battle_terrain(g: Roads, force: list[str], area: str) -> str:
    """What the border crossed and the ground do to the battle's cohesion checks, said before the
    move (campaign 1.b-1.d; the chit's confirmation gives them again, per unit)."""
    words = ""
    if force:
        here = g.state.units[force[0]].where
        m = crossing_cohesion(g, crossing_kind(g, here, area))
        if m:
            words += (f" Attacking across the {g.map.river(here, area)}: your units' cohesion is "
                      f"{-m} lower in this battle's checks ({m} CH).")
    if g.map.areas[area].terrain == "mountain":
        bonus = g.rules.mountain_defender_cohesion
        words += f" In the mountains the defenders' cohesion is {bonus} higher ({bonus:+d} CH)."
    return words


def retreat_words(g: Roads, cmd: c.Retreat) -> str:
    """What a retreat step does (9.6.3f): which step of how many, whether the retreat may or
    must end there; off the map by the west edge, that the unit cannot return (1.d.II)."""
    b = g.state.battle
    unit = b.retreats[0]
    name = g.unit_name(unit)
    if cmd.area == GONE:
        return (f"{name} leaves the map by the west edge (1.d.II): not destroyed, but it cannot "
                "return. A retreat cannot be taken back.")
    step = len(b.retreat_path) + 1
    total = g.rules.retreat_distance
    words = f"{name} retreats into {g.area_name(cmd.area)}: area {step} of {total} (9.6.3f)."
    if step >= total:
        words += " Its retreat ends there."
    elif g.state.rp[cmd.side].get(cmd.area, 0) > 0:
        words += " It may end its retreat there (a friendly RP), or go on."
    else:
        words += " It goes on one more area where it can."
    return words + " A retreat cannot be taken back."


def after_operation(g: Roads) -> str:
    """What follows the end of the operation under way, from the sequence's public queue (CC
    4.2.2: after the Map side's operation the Card side takes its card action; both Map, the
    loser waits; then a new Operational Sequence). The initiative does not change hands."""
    s = g.state
    rest = s.sequence.queue[1:] if s.sequence.queue else []
    if rest:
        side, what = rest[0]
        if what == "card":
            return f"Next: the {g.side_name(side)} card action (4.2.3)."
        return f"Next: the {g.side_name(side)} operation."
    if s.sequence.number == 0:
        return "Next: the first Operational Sequence: both sides choose Card or Map (4.2.2)."
    return f"Next: Operational Sequence {s.sequence.number + 1}: both sides choose Card or Map (4.2.2)."

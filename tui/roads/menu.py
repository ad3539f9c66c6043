"""Roads to Stalingrad's legal commands as menu paths: exactly ``game.legal()``.

Each kind of action has its own group, always listed in the same order; entries in a group are
sorted by name, so a card, a unit or an area is where it was last time. Every action that spends
Supply Points says how many before it is taken.
"""

from __future__ import annotations

from rules.core.command import Command
from rules.roads import commands as c
from rules.roads.movement import move_cost, stack_cost
from rules.roads.operations import rebuild_cost, reorganize_cost

Path = tuple[str, ...]

# The group of each command type, in the order the menu lists them.
GROUPS: list[tuple[type, str]] = [
    (c.Choose, "Card or Map (4.2.2, secret)"),
    (c.StartOperation, "Start an operation: spend an RP (5.2)"),
    (c.Move, "Move the force (5.5)"),
    (c.Gather, "Gather the force (5.4)"),
    (c.Release, "Leave a unit behind"),
    (c.Halt, "Halt the force here"),
    (c.PlayChit, "Play a chit (9.5)"),
    (c.ChooseUnit, "Choose the unit"),
    (c.Retreat, "Retreat (9.6)"),
    (c.StopRetreat, "End the retreat here"),
    (c.PlaceRP, "Place an RP"),
    (c.PlaceUnit, "Place a unit"),
    (c.MoveRP, "Move an RP"),
    (c.RemoveRP, "Remove an RP"),
    (c.Restore, "Restore a unit"),
    (c.Reorganize, "Reorganize a unit (10.1)"),
    (c.Rebuild, "Rebuild a unit (10.2)"),
    (c.PlayCard, "Play a card"),
    (c.DrawCard, "Draw a card (4.2.3)"),
    (c.DiscardCard, "Discard a card for one RP (4.2.3c)"),
    (c.Decline, "Take no more from the card"),
    (c.EndOperation, "End the operation"),
]
ORDER = {kind: i for i, (kind, _label) in enumerate(GROUPS)}
LABEL = dict(GROUPS)

# Irreversible steps that take a confirming key (a reveal, a discard, the end of an operation,
# a move into an enemy area: a battle).
CONFIRM = (c.Choose, c.DiscardCard, c.EndOperation)


def sp_cost(game, cmd: Command) -> int | None:
    """The Supply Points `cmd` will spend, when it spends any."""
    op = game.state.operation
    if isinstance(cmd, c.PlayCard):
        return game.content.cards[cmd.card].sp or None
    if op is None:
        return None
    if isinstance(cmd, c.Move) and not op.paid:
        return move_cost(game, cmd.side, op.force)
    if isinstance(cmd, c.Gather) and not op.paid:
        return move_cost(game, cmd.side, op.force + [cmd.unit])
    if isinstance(cmd, c.Reorganize):
        return reorganize_cost(game, cmd.side)
    if isinstance(cmd, c.Rebuild):
        return rebuild_cost(game, cmd.side)
    return None


def stacking_cost(game, cmd: Command) -> int | None:
    if isinstance(cmd, c.Move) and game.state.operation is not None:
        here = [u for u in game.state.units.values() if u.where == cmd.area and u.side == cmd.side]
        if here:
            return stack_cost(game, cmd.side)
    return None


def is_battle(game, cmd: Command) -> bool:
    """A move into an area the enemy holds units in starts a battle."""
    if not isinstance(cmd, c.Move):
        return False
    return any(u.where == cmd.area and u.side != cmd.side for u in game.state.units.values())


def label(game, cmd: Command) -> str:
    text = game.describe(cmd)
    if isinstance(cmd, c.Choose) and cmd.event:
        text += f", {game.card_name(cmd.event)} set face down against the enemy's operation"
    cost = sp_cost(game, cmd)
    if cost:
        text += f"  [{cost} SP]"
    extra = stacking_cost(game, cmd)
    if extra:
        text += f" +{extra} SP stacking"
    if is_battle(game, cmd):
        text += "  ⚔ battle"
    if isinstance(cmd, c.PlayCard) and game.content.cards[cmd.card].kind:
        text += f" ({game.content.cards[cmd.card].kind})"
    return text


def menu_entries(game, legal: list[Command] | None = None) -> tuple[str, list[tuple[Path, Command]]]:
    legal = game.legal() if legal is None else legal
    rows = sorted(legal, key=lambda cmd: (ORDER.get(type(cmd), 99), game.describe(cmd)))
    out: list[tuple[Path, Command]] = []
    counts: dict[type, int] = {}
    for cmd in rows:
        counts[type(cmd)] = counts.get(type(cmd), 0) + 1
    for cmd in rows:
        group = LABEL.get(type(cmd), type(cmd).__name__)
        text = label(game, cmd)
        if counts[type(cmd)] == 1 and type(cmd) in (c.Halt, c.StopRetreat, c.EndOperation, c.DrawCard,
                                                    c.Decline):
            out.append(((text,), cmd))
        else:
            out.append(((group, text), cmd))
    return title(game), out


def title(game) -> str:
    s = game.state
    who = game.side_name(game.to_act())
    if s.phase == "over":
        return "The campaign is over"
    if s.battle is not None:
        return f"Battle of {game.area_name(s.battle.area)}: {who}"
    if s.pending:
        return f"{who}: {s.pending[0].kind.replace('-', ' ')}"
    if s.operation is not None:
        return f"{who} operation at {game.area_name(s.operation.area)}: {s.operation.sp} SP"
    if s.phase == "choose":
        return f"Sequence {s.sequence.number}: {who} chooses"
    return f"{who} to act"

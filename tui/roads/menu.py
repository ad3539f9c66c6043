"""Roads to Stalingrad's legal commands as menu paths: exactly ``game.legal()``.

Keys never move (DESIGN.md, "The terminal"): each kind of action has its own group with its own
key, always listed in the same order; an entry in a group keeps its key by what it is (an area,
a unit, a card, a chit), whatever else is offered. Every action that spends Supply Points says
how many before it is taken.
"""

from __future__ import annotations

from rules.core.command import Command
from rules.roads import commands as c
from rules.roads.movement import move_cost, stack_cost
from rules.roads.operations import rebuild_cost, reorganize_cost
from tui.widgets.command_menu import MENU_KEYS, Keyed

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
    unit = game.state.units.get(getattr(cmd, "unit", ""))
    if isinstance(cmd, c.Gather) and unit is not None:         # where each unit is (finding 11)
        text = f"Add {game.unit_name(cmd.unit)} ({game.area_name(unit.where)}) to the force"
    if isinstance(cmd, c.ChooseUnit) and unit is not None:     # its values and state (finding 11)
        from .panels import unit_line
        text = unit_line(game, unit)
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
    if isinstance(cmd, c.Halt):
        text += " (then the operation may end)"          # a moved force halts first (8.2.2)
    if isinstance(cmd, c.PlayCard) and game.content.cards[cmd.card].kind:
        text += f" ({game.content.cards[cmd.card].kind})"
    return text


def menu_entries(game, legal: list[Command] | None = None) -> tuple[str, list[tuple[Path, Command]]]:
    """(path, command) for every legal command: its group (the kind's own key), then the entry
    (its identity's own key: an area, a unit, a card, a chit). A group of more than a menu's
    worth of areas (placements late in a game) gets a level of map regions first."""
    legal = game.legal() if legal is None else legal
    rows = sorted(legal, key=lambda cmd: (ORDER.get(type(cmd), 99), game.describe(cmd)))
    counts: dict[type, int] = {}
    for cmd in rows:
        counts[type(cmd)] = counts.get(type(cmd), 0) + 1
    keys = identity_keys(game)
    out: list[tuple[Path, Command]] = []
    for cmd in rows:
        kind = type(cmd)
        text = label(game, cmd)
        group = Keyed(LABEL.get(kind, kind.__name__), KIND_KEY[kind]) if kind in KIND_KEY else LABEL.get(kind, kind.__name__)
        if counts[kind] == 1 and kind in (c.Halt, c.StopRetreat, c.EndOperation, c.DrawCard, c.Decline):
            out.append(((Keyed(text, KIND_KEY[kind]),), cmd))
            continue
        if isinstance(cmd, c.PlaceUnit):
            path: Path = (group, keyed(game.unit_name(cmd.unit), keys.unit(cmd.unit)),
                          keyed(game.area_name(cmd.area), keys.area(cmd.area)))
        else:
            path = (group, keyed(text, keys.of(cmd)))
        out.append((path, cmd))
    return title(game), with_regions(game, out)


def keyed(text: str, key: str) -> str:
    """A label with its identity's key, or a plain one (the first free key) when it has none."""
    return Keyed(text, key) if key else text


# Each kind of action's own key, wherever it is offered (letters no screen binding uses, or a
# fixed digit): c Card or Map, o operation, m move, g gather, t chit, w withdraw (retreat), p play.
KIND_KEY: dict[type, str] = {
    c.Choose: "c", c.StartOperation: "o", c.Move: "m", c.Gather: "g", c.Release: "b", c.Halt: "z",
    c.PlayChit: "t", c.ChooseUnit: "i", c.Retreat: "w", c.StopRetreat: "y", c.PlaceRP: "f",
    c.PlaceUnit: "k", c.MoveRP: "j", c.RemoveRP: "7", c.Restore: "8", c.Reorganize: "2",
    c.Rebuild: "4", c.PlayCard: "p", c.DrawCard: "d", c.DiscardCard: "9", c.Decline: "6",
    c.EndOperation: "n",
}
CHOICE_KEY = {"card": "c", "map": "m"}
REGIONS = ("North-west", "North", "North-east", "South-west", "South", "South-east")


class IdentityKeys:
    """The key of an area, a unit, a card or a chit, the same in every menu. Areas sharing a key
    are as far apart as the map allows (at least three steps: a force's moves, a retreat's
    areas never share one), and no two areas of one map region share one (a placement's region
    level); units sharing a key set up as far apart as they may; cards and chits take their
    place in the printed content. Two entries of one menu level with the same key (rare: a
    force gathered from far apart, two cards 25 apart) keep it for the first and give the
    other the first free key."""

    def __init__(self, game) -> None:
        m = game.map
        self.region = regions(m)
        self.region_label = region_labels(m, self.region)
        dist = {a: m.distances_from(a) for a in m.areas}
        self._area = spread(list(m.areas), lambda a, b: dist[a].get(b, 99),
                            lambda a, b: self.region[a] == self.region[b])
        self._unit = {}
        for side in ("axis", "soviet"):
            units = game.content.units
            ids = [u for u, unit in units.items() if unit.side == side]
            self._unit.update(spread(ids, lambda u, v: dist[units[u].setup].get(units[v].setup, 99)
                                     if units[u].setup in dist else 99, lambda u, v: False))
        self._card = {k: MENU_KEYS[i % len(MENU_KEYS)] for i, k in enumerate(game.content.cards)}
        self._chit = {k: MENU_KEYS[i % len(MENU_KEYS)] for i, k in enumerate(game.content.chits)}

    def area(self, area: str) -> str:
        return self._area.get(area, "")

    def unit(self, unit: str) -> str:
        return self._unit.get(unit, "")

    def of(self, cmd: Command) -> str:
        if isinstance(cmd, c.Choose):
            return self._card.get(cmd.event, "") if cmd.event else CHOICE_KEY.get(cmd.choice, "")
        if isinstance(cmd, (c.PlayCard, c.DiscardCard)):
            return self._card.get(cmd.card, "")
        if isinstance(cmd, c.PlayChit):
            return self._chit.get(cmd.chit.split("#")[0], "")
        if hasattr(cmd, "unit"):
            return self.unit(cmd.unit)
        if hasattr(cmd, "area"):
            return self.area(cmd.area)
        return ""


def spread(items: list[str], distance, apart) -> dict[str, str]:
    """A key for each item: one no item it must stay ``apart`` from holds, and whose nearest
    holder is farthest away (then the key with fewest holders, then key order)."""
    holders: dict[str, list[str]] = {k: [] for k in MENU_KEYS}
    out = {}
    for item in items:
        def score(k: str) -> tuple[bool, int, int]:
            return (not any(apart(item, h) for h in holders[k]),
                    min((distance(item, h) for h in holders[k]), default=99), -len(holders[k]))
        key = max(MENU_KEYS, key=score)
        holders[key].append(item)
        out[item] = key
    return out


def regions(m) -> dict[str, str]:
    """Six map regions of about the same number of areas: the north and south halves, each cut
    into west, centre and east thirds."""
    order = sorted(m.areas.values(), key=lambda a: (a.row, a.col))
    half = (len(order) + 1) // 2
    out = {}
    for h, part in enumerate((order[:half], order[half:])):
        part = sorted(part, key=lambda a: (a.col, a.row))
        third = -(-len(part) // 3)
        for i, a in enumerate(part):
            out[a.id] = REGIONS[h * 3 + i // third]
    return out


def region_labels(m, region: dict[str, str]) -> dict[str, str]:
    """Each region named as a player reads it on the map: by its two first VP cities (or
    cities), e.g. "Voronezh, Voroshilovgrad …", not by a compass word its areas do not fit
    (the centre third of the north half reaches Millerovo)."""
    out = {}
    for name in REGIONS:
        areas = [a for a in m.areas.values() if region.get(a.id) == name]
        cities = sorted((a for a in areas if a.city), key=lambda a: -(a.vp_axis + a.vp_soviet))
        shown = [a.name for a in (cities or areas)[:2]]
        out[name] = ", ".join(shown) + (" …" if len(areas) > len(shown) else "")
    return out


_KEYS: dict[int, IdentityKeys] = {}


def identity_keys(game) -> IdentityKeys:
    """The keys of this game's content (built once per content)."""
    found = _KEYS.get(id(game.content))
    if found is None:
        found = _KEYS[id(game.content)] = IdentityKeys(game)
    return found


def with_regions(game, entries: list[tuple[Path, Command]]) -> list[tuple[Path, Command]]:
    """Where one level would list more areas than a menu has keys, a level of map regions
    (North-west ... South-east, each with its fixed digit, named by its cities) goes before
    the areas."""
    keys = identity_keys(game)
    levels: dict[Path, int] = {}
    for path, cmd in entries:
        levels[path[:-1]] = levels.get(path[:-1], 0) + 1
    out = []
    for path, cmd in entries:
        area = getattr(cmd, "area", None)
        if levels[path[:-1]] > len(MENU_KEYS) and area in keys.region:
            region = keys.region[area]
            path = path[:-1] + (Keyed(keys.region_label[region], str(REGIONS.index(region) + 1)), path[-1])
        out.append((path, cmd))
    return out


# What a card's (or a discard's) placement asks, in a heading's words.
PENDING = {"place-rp": "place an RP", "place-unit": "place a reinforcement",
           "pick-unit": "choose a reinforcement", "rebuild": "rebuild a unit",
           "reorganize": "reorganize a unit", "move-rp": "move an RP",
           "remove-rp": "remove one of your RPs", "leader": "place Manstein"}


def title(game) -> str:
    s = game.state
    who = game.side_name(game.to_act())
    if s.phase == "over":
        return "The campaign is over"
    if s.battle is not None:
        return f"Battle of {game.area_name(s.battle.area)}: {who}"
    if s.pending:
        p = s.pending[0]
        what = PENDING.get(p.kind, p.kind.replace("-", " "))
        card = game.content.cards.get(p.source)
        source = f" ({card.name})" if card else " (the discard)" if p.source == "discard" else ""
        return f"{who}: {what}{source}"
    if s.operation is not None:
        # no SP here (the status line has them): the title stays while the force is gathered
        # and moved, and so does the player's place in the menu
        return f"{who} operation at {game.area_name(s.operation.area)}"
    if s.phase == "choose":
        return f"Sequence {s.sequence.number}: {who} chooses"
    return f"{who} to act"

"""Roads to Stalingrad's legal commands as menu paths: exactly ``game.legal()``.

Keys never move (DESIGN.md, "The terminal"): each kind of action has its own group with its own
key, always listed in the same order; an entry in a group keeps its key by what it is (an area,
a unit, a card, a chit), whatever else is offered; and no entry has a key that an action has
anywhere in Roads (tui/roads/keys.py). Every action that spends Supply Points says
how many before it is taken.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any

from rules.core.command import Command
from rules.roads import commands as c
from rules.roads.movement import LEADER, is_battle, move_cost, stack_cost
from rules.roads.operations import rebuild_cost, reorganize_cost
from tui.widgets.command_menu import Keyed

from .keys import CHOICE_KEY, ENTRY_KEYS, KIND_KEY, NO_EVENT_KEY, OFF_MAP, OFF_MAP_KEY, preferred

Path = tuple[str, ...]

# The group of each command type, in the order the menu lists them.
GROUPS: list[tuple[type, str]] = [
    (c.Choose, "Card or Map (4.2.2, secret)"),
    (c.StartOperation, "Start an operation: spend an RP (5.2)"),
    (c.Move, "Move the force (5.5)"),
    (c.Gather, "Gather the force (5.2)"),
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

# Steps that cannot be taken back take a confirming key (DESIGN "The terminal"): a secret choice,
# a card played, drawn or discarded, an RP spent or removed, the rest of a card given up, the end
# of an operation, a chit (a reveal and its rolls), the unit that checks (a roll), a retreat (a
# withdrawal); a move into an enemy area (a battle) too, by `is_battle`.
CONFIRM = (c.Choose, c.PlayCard, c.DrawCard, c.DiscardCard, c.StartOperation, c.RemoveRP, c.Decline,
           c.EndOperation, c.PlayChit, c.ChooseUnit, c.Retreat)


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
        # Manstein joins as the leader (campaign 10.b), not as a unit of the force
        return move_cost(game, cmd.side, op.force + ([] if cmd.unit == LEADER else [cmd.unit]))
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


def label(game, cmd: Command) -> str:
    text = game.describe(cmd)
    unit = game.state.units.get(getattr(cmd, "unit", ""))
    if isinstance(cmd, c.Gather) and unit is not None:         # where each unit is (finding 11)
        text = f"Add {game.unit_name(cmd.unit)} ({game.area_name(unit.where)}) to the force"
    if isinstance(cmd, c.ChooseUnit) and unit is not None:     # its values and state (finding 11)
        from .panels import unit_line
        text = unit_line(game, unit) + check_chance(game, cmd.unit)
    if isinstance(cmd, c.Choose) and cmd.event:
        text += f", {game.card_name(cmd.event)} set face down against the enemy's operation"
    cost = sp_cost(game, cmd)
    if cost:
        text += f"  [{cost} SP]"
    extra = stacking_cost(game, cmd)
    if extra:
        text += f" +{extra} SP to stack if it halts there"          # paid at the halt (8.2)
    if is_battle(game, cmd):
        text += "  ⚔ battle"
    if isinstance(cmd, c.Halt):
        text += " (then the operation may end)"          # a moved force halts first (8.2.2)
    if isinstance(cmd, c.PlayCard) and game.content.cards[cmd.card].kind:
        text += f" ({game.content.cards[cmd.card].kind})"
    return text


def menu_entries(game, legal: list[Command] | None = None) -> tuple[str, list[tuple[Path, Command]]]:
    """(path, command) for every legal command: its group (the kind's own key), then the entry
    (its identity's own key: an area, a unit, a card, a chit). Where entries of one level would
    share a key, or be more than a menu's keys, a level of fixed banks comes first (map regions,
    groups of units, kinds of cards), inside which no two entries share a key."""
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
        if isinstance(cmd, c.Choose) and any(x.event and x.choice == cmd.choice for x in rows
                                              if isinstance(x, c.Choose)):
            # 4.2.2: with Event cards to set, each choice opens on its own: none, or a card
            path = (group, Keyed(f"Choose {cmd.choice.title()}", CHOICE_KEY[cmd.choice]),
                    keys.label(f"{game.card_name(cmd.event)} set face down against the enemy's operation",
                               cmd) if cmd.event else Keyed("No Event card set face down", NO_EVENT_KEY))
        elif isinstance(cmd, c.Choose):
            path = (group, Keyed(text, CHOICE_KEY[cmd.choice]))      # an action's key, no entry's
        elif isinstance(cmd, c.MoveRP):
            # by the RP's area, then where it goes: each area keeps its key on its own level
            path = (group, keys.area_label(f"The RP in {game.area_name(cmd.origin)}", cmd.origin),
                    keys.area_label(text, cmd.area))
        elif isinstance(cmd, c.PlaceUnit):
            path: Path = (group, keys.unit_label(game.unit_name(cmd.unit), cmd.unit),
                          keys.area_label(game.area_name(cmd.area), cmd.area))
        else:
            path = (group, keys.label(text, cmd))
        out.append((path, cmd))
    return title(game), with_banks(out)


class Identity(Keyed):
    """An entry's label with its identity's fixed key and the bank it belongs to (the label and
    the fixed key of the level put before it when its level needs one)."""

    bank: tuple[str, str] | None
    place: tuple[int, str] | None        # an area's (-VP, name): its bank is named by these

    def __new__(cls, text: str, key: str, bank: tuple[str, str] | None,
                place: tuple[int, str] | None = None) -> "Identity":
        label = super().__new__(cls, text, key)
        label.bank = bank
        label.place = place
        return label


REGIONS = ("North-west", "North", "North-east", "South-west", "South", "South-east")
# The keys of the banks, in turn: the digits no action has, then capitals
BANK_KEYS = "".join(sorted(ENTRY_KEYS, key=lambda k: (not k.isdigit(), not k.isupper())))


class IdentityKeys:
    """The key of an area, a unit, a card or a chit, the same in every menu, and its bank: a
    fixed group of at most a menu's worth of identities, no two with the same key.

    Every key is one of ``ENTRY_KEYS`` (no action's key: tui/roads/keys.py), the entry's own
    initial where distance leaves a choice (``preferred``), and so is every bank's (``BANK_KEYS``).
    Areas: the bank is the map region; areas sharing a key are as far apart as the map allows
    (a force's moves, a retreat's areas never share one). Units: per side, German and allied
    corps, Soviet tank and cavalry formations and the armies (cut into banks of at most a
    menu's keys in their numbers' order); units sharing a key set up as far apart as they
    may. Cards: per side, operational cards and the others (one key per card name: copies are
    one entry), the name's initial first. Chits: one key each (15 in all), the initial first."""

    def __init__(self, game) -> None:
        m = game.map
        self.region = regions(m)
        self.region_label = region_labels(m, self.region)
        dist = m.distance_table()
        area_keys = ENTRY_KEYS.replace(OFF_MAP_KEY, "")
        self._area = spread(list(m.areas), {a: a for a in m.areas}, dist, self.region.__getitem__,
                            area_keys, lambda a: preferred(m.areas[a].name, area_keys))
        self._area_bank = {a: (self.region_label[r], BANK_KEYS[REGIONS.index(r)]) for a, r in self.region.items()}
        self._place = {a: (-(ar.vp_axis + ar.vp_soviet), ar.name) for a, ar in m.areas.items()}
        units = game.content.units

        self._unit: dict[str, str] = {}
        self._unit_bank: dict[str, tuple[str, str]] = {}
        for side in ("axis", "soviet"):
            ids = [u for u, unit in units.items() if unit.side == side]
            if side == "axis":
                ids.append("manstein")           # the leader is gathered and released as a unit
            banks = fixed_banks(ids, lambda u: unit_bank(units.get(u)), lambda u: _number(units, u))
            self._unit_bank.update(banks)
            setups = {u: units[u].setup if u in units else None for u in ids}    # far apart at set-up
            self._unit.update(spread(ids, setups, dist, banks.__getitem__, ENTRY_KEYS,
                                     lambda u: preferred(game.unit_name(u), ENTRY_KEYS)))
        card_keys = ENTRY_KEYS
        self._card: dict[str, str] = {}
        self._card_bank: dict[str, tuple[str, str]] = {}
        cards = game.content.cards
        for side in ("axis", "soviet"):
            names: dict[str, list[str]] = {}
            for k, card in cards.items():
                if card.side == side:
                    names.setdefault(card.name, []).append(k)
            firsts = [ids[0] for ids in names.values()]
            kind = {k: "Operational cards" if cards[k].kind == "operational" else "Tactics, attack and event cards"
                    for k in firsts}
            banks = fixed_banks(firsts, kind.__getitem__, firsts.index, len(card_keys))
            held: dict[tuple[str, str], set[str]] = {}
            for first in firsts:
                taken = held.setdefault(banks[first], set())
                key = next(k for k in preferred(cards[first].name, card_keys) + list(card_keys) if k not in taken)
                taken.add(key)
                for k in names[cards[first].name]:
                    self._card[k], self._card_bank[k] = key, banks[first]
        self._chit: dict[str, str] = {}
        for k, chit in game.content.chits.items():       # 15, each its own key
            free = [x for x in preferred(chit.name, ENTRY_KEYS) + list(ENTRY_KEYS) if x not in self._chit.values()]
            self._chit[k] = free[0] if free else ENTRY_KEYS[len(self._chit) % len(ENTRY_KEYS)]

    def area(self, area: str) -> str:
        return OFF_MAP_KEY if area == OFF_MAP else self._area.get(area, "")

    def unit(self, unit: str) -> str:
        return self._unit.get(unit, "")

    def of(self, cmd: Command) -> str:
        return self._identity(cmd)[0]

    def _identity(self, cmd: Command) -> tuple[str, tuple[str, str] | None]:
        """The key of the entry `cmd` makes, and its bank."""
        if isinstance(cmd, c.Choose):         # Card or Map alone is an action (CHOICE_KEY), no entry
            return self._card.get(cmd.event, ""), self._card_bank.get(cmd.event)
        if isinstance(cmd, (c.PlayCard, c.DiscardCard)):
            return self._card.get(cmd.card, ""), self._card_bank.get(cmd.card)
        if isinstance(cmd, c.PlayChit):
            return self._chit.get(cmd.chit.split("#")[0], ""), None
        if hasattr(cmd, "unit"):
            return self.unit(cmd.unit), self._unit_bank.get(cmd.unit)
        if hasattr(cmd, "area"):
            return self.area(cmd.area), self._area_bank.get(cmd.area)
        return "", None

    def label(self, text: str, cmd: Command) -> str:
        key, bank = self._identity(cmd)
        area = getattr(cmd, "area", "")
        place = self._place.get(area) if bank is not None and bank == self._area_bank.get(area) else None
        return Identity(text, key, bank, place) if key else text

    def unit_label(self, text: str, unit: str) -> str:
        key = self.unit(unit)
        return Identity(text, key, self._unit_bank.get(unit)) if key else text

    def area_label(self, text: str, area: str) -> str:
        key = self.area(area)
        return Identity(text, key, self._area_bank.get(area), self._place.get(area)) if key else text


def unit_bank(unit) -> str:
    """A unit's group for its bank: German corps (and Manstein), allied corps, Soviet tank,
    mechanised and cavalry formations, Soviet armies."""
    if unit is None or unit.nation in ("german", "ss"):
        return "German corps"
    if unit.side == "axis":
        return "Rumanian, Hungarian and Italian corps"
    return "Armies" if unit.kind == "infantry" else "Tank, mechanised and cavalry"


def _number(units, u: str) -> tuple[int, str]:
    """A unit's place in its bank: by its number (armies 1st ... 66th), then its name."""
    name = units[u].name if u in units else u
    digits = "".join(ch for ch in name.split()[0] if ch.isdigit())
    return (int(digits) if digits else 0, name)


def fixed_banks(ids: list[str], group, order, size: int = len(ENTRY_KEYS)) -> dict[str, tuple[str, str]]:
    """Each id's bank (label, key): its group, cut into parts of at most `size` in `order`
    when larger ("Armies 1-40", "Armies 44-66" by their first and last); the banks take
    ``BANK_KEYS`` in turn."""
    groups: dict[str, list[str]] = {}
    for i in ids:
        groups.setdefault(group(i), []).append(i)
    out: dict[str, tuple[str, str]] = {}
    digit = 0
    for label, members in groups.items():
        members = sorted(members, key=order)
        parts = -(-len(members) // size)
        per = -(-len(members) // parts)
        for p in range(parts):
            part = members[p * per:(p + 1) * per]
            name = label if parts == 1 else f"{label} ({p + 1} of {parts})"
            for i in part:
                out[i] = (name, BANK_KEYS[digit])
            digit += 1
    return out


def spread(items: list[str], place: dict[str, str | None], table: dict[str, dict[str, int]], group,
           keys: str = ENTRY_KEYS, prefer=None) -> dict[str, str]:
    """A key for each item: one no item of its ``group(item)`` holds, and whose nearest holder
    is farthest away (then one of the item's ``prefer(item)`` keys, the first first; then the
    key with fewest holders, then key order). Items stand at ``place[item]`` (an area, or None:
    far from all); ``table`` is the map's distances (area -> area -> steps), 99 where it has
    none. Keys shared by items far apart keep lists short of banks (a name's initial first
    would bank twice as many lists)."""
    holders: dict[str, list[str | None]] = {k: [] for k in keys}     # the places of each key's holders
    held_by: set[tuple[str, Any]] = set()                            # (key, group) of every holder
    nowhere: dict[str, int] = {}
    out = {}
    for item in items:
        best, key = None, keys[0]
        liked = prefer(item) if prefer is not None else []
        rank = {k: len(liked) - i for i, k in enumerate(liked)}
        steps = table.get(place[item], nowhere).get      # steps to a holder's place, 99 if none
        own = group(item)
        for k in keys:                  # the first key of the highest score (as max() picks)
            held = holders[k]
            nearest = min(map(steps, held, repeat(99, len(held)))) if held else 99
            score = ((k, own) not in held_by, nearest, rank.get(k, 0), -len(held))
            if best is None or score > best:
                best, key = score, k
        holders[key].append(place[item])
        held_by.add((key, own))
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
    """The keys of this game's content: built once per content (in the loading thread of a
    save, ``RoadsScreen.prepare_game``)."""
    found = _KEYS.get(id(game.content))
    if found is None:
        found = _KEYS[id(game.content)] = IdentityKeys(game)
    return found


def with_banks(entries: list[tuple[Path, Command]]) -> list[tuple[Path, Command]]:
    """Where the identities of one level would share a key or outnumber the menu's keys, each
    goes under its bank's entry (the bank's fixed digit), where its own key is its alone.
    Deepest levels first, so a level put in does not move the ones above it."""
    depth = max((len(path) for path, _ in entries), default=0)
    for d in range(depth - 1, 0, -1):
        holders: dict[tuple[Path, str], str] = {}
        crowded: set[Path] = set()
        for path, _cmd in entries:
            if len(path) > d and isinstance(path[d], Identity) and path[d].bank:
                holder = holders.setdefault((path[:d], path[d].key), path[d])
                if holder != path[d]:          # two entries, one key (more than 25 share some)
                    crowded.add(path[:d])
        places: dict[tuple[Path, tuple[str, str]], set[tuple[int, str]]] = {}
        for path, _cmd in entries:
            if path[:d] in crowded and len(path) > d and isinstance(path[d], Identity) and path[d].place:
                places.setdefault((path[:d], path[d].bank), set()).add(path[d].place)
        out = []
        for path, cmd in entries:
            if path[:d] in crowded and len(path) > d and isinstance(path[d], Identity) and path[d].bank:
                name, key = path[d].bank
                if (path[:d], path[d].bank) in places:
                    name = bank_name(places[path[:d], path[d].bank])
                path = path[:d] + (Keyed(name, key),) + path[d:]
            out.append((path, cmd))
        entries = out
    return entries


def bank_name(places: set[tuple[int, str]]) -> str:
    """A bank of areas named by the places offered in it (issue 23: a region's own largest
    cities may be the enemy's, where the side cannot place or move): its two of most VP, then
    by name, and "…" when it holds more."""
    shown = [name for _vp, name in sorted(places)[:2]]
    return ", ".join(shown) + (" …" if len(places) > len(shown) else "")


# What a card's (or a discard's) placement asks, in a heading's words.
PENDING = {"place-rp": "place an RP", "place-unit": "place a reinforcement",
           "pick-unit": "choose a reinforcement", "rebuild": "rebuild a unit",
           "reorganize": "reorganize a unit", "move-rp": "move an RP",
           "remove-rp": "remove one of your RPs", "leader": "place Manstein"}


def check_chance(game, unit: str) -> str:
    """ " · 50% to pass": the chance of the check a unit chosen now makes (CC 9.6.1), or ""."""
    from rules.roads.odds import waiting_step
    b = game.state.battle
    if b is None or not b.steps or b.retreats:
        return ""
    found = next((ch for ch in waiting_step(game).checks if ch.unit == unit), None)
    return f" · {float(found.chance) * 100:.0f}% to pass" if found else ""


def battle_choice(game) -> str:
    """What the battle waits for when it is a choice: ", which unit checks (Ambush)", ", where
    the 9th Army retreats"; else ""."""
    b = game.state.battle
    if b.retreats:
        return f", where {game.unit_name(b.retreats[0])} retreats"
    if b.steps:
        from rules.roads.battle import step_candidates
        if len(step_candidates(game, b.steps[0])) > 1:
            from rules.roads.forecast import DOES
            from rules.roads.odds import waiting_step
            step = waiting_step(game)
            return f", which unit {DOES[step.action]} ({step.source})"
    return ""


def title(game) -> str:
    s = game.state
    who = game.side_name(game.to_act())
    if s.phase == "over":
        return "The campaign is over"
    if s.battle is not None:
        return f"Battle of {game.area_name(s.battle.area)}: {who}{battle_choice(game)}"
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

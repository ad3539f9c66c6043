"""Victory's legal commands as menu paths: who acts (player or battle), then what, then which.

Battle Points are entered in a small form, not picked from the menu. Battle Groups grow by ten
units a battle, so unit lists are grouped by type, and any level with more entries than the
menu has keys is split into ranges: every entry keeps a visible key.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.command import Command
from rules.core.legal import Span
from rules.victory import (
    AddUnit,
    EngineerRoll,
    EnterBattlePoints,
    LoseUnit,
    MarineRoll,
    Reinforce,
    RemoveUnit,
    SpecialUnit,
    Transfer,
    Withdraw,
)
from rules.victory.game import POOL_NAME, Victory
from tui.widgets.command_menu import MENU_KEYS, Keyed, entry_keys

CATEGORY = {
    RemoveUnit: "Take a unit back", LoseUnit: "Units lost or cut off (5.2)",
    Reinforce: "Reinforcements at 1 CV (5.4)", SpecialUnit: "Special group units (5.5)",
    Transfer: "Transfer a unit (7.2)", EngineerRoll: "Engineer roll (3.2)", MarineRoll: "Marine roll (3.3)",
}

Path = tuple[str, ...]
# the keys an entry without a fixed one takes: never w (Withdraw) or z (Hide my Battle Group), nor y
FREE_KEYS = entry_keys("wz")


def player_key(game: Victory, player: str) -> Keyed:
    """A player keeps one digit all campaign: their place in the order of players."""
    return Keyed(player, str(game.players.index(player) + 1))


def who(game: Victory, cmd: Command) -> str:
    if hasattr(cmd, "player"):
        return player_key(game, cmd.player)
    if isinstance(cmd, Transfer):
        return player_key(game, cmd.sender)
    if hasattr(cmd, "table"):
        m = game.match_at(cmd.table)
        if m is None:
            return "Battle"
        where = "Battle" if game.mode == "duel" else f"Table {m.table}"
        return f"{where}: {m.axis} (Axis) v {m.allied} (Allied)"
    return "Campaign"


def _type_label(game: Victory, player: str, unit_id: str) -> str:
    u = game.unit(player, unit_id)
    t = u.unit_type if u else unit_id.split("-", 1)[0]
    unit_type = game.content.units.get(t)
    return f"{t} {unit_type.name}" if unit_type else t


def _commands(game: Victory) -> Iterator[Command]:
    """game.legal(), but a span of Battle Points (hundreds of values, entered in one form) as
    its first command only."""
    for part in game.legal().parts():
        if isinstance(part, Span) and isinstance(part.template, EnterBattlePoints):
            yield part.first
        elif isinstance(part, Span):
            yield from part
        else:
            yield part


def menu_commands(game: Victory) -> list[Command]:
    """What the menu may offer: the legal commands with Battle Point spans as one entry each."""
    return list(_commands(game))


def menu_entries(game: Victory, legal: list[Command] | None = None) -> tuple[str, list[tuple[Path, Command | str]]]:
    """The menu of `legal` (default: every legal command, spans of Battle Points as one): a
    seat's own commands in round robin."""
    out: list[tuple[Path, Command | str]] = []
    bp_players: list[str] = []
    for cmd in _commands(game) if legal is None else legal:
        if isinstance(cmd, EnterBattlePoints):
            if cmd.player not in bp_players:
                bp_players.append(cmd.player)
            continue
        head = who(game, cmd)
        text = game.describe(cmd)
        short = text.split(": ", 1)[1] if text.startswith(f"{head}: ") else text
        match cmd:
            case AddUnit(unit_type=t, cv=cv):
                # a tier keeps its CV as its key when another tier fills
                path: Path = (head, "Add a unit", Keyed(f"at {cv} CV", str(cv)), f"{t} {game.content.units[t].name}")
            case Reinforce(unit_type=t):
                pool = game.content.units[t].pool
                path = (head, CATEGORY[Reinforce], f"{POOL_NAME[pool]} Forcepool", f"{t} {game.content.units[t].name}")
            case LoseUnit(player=p, unit=u):
                path = (head, CATEGORY[LoseUnit], _type_label(game, p, u), short)
            case Transfer(sender=a, receiver=b, unit=u):
                path = (head, CATEGORY[Transfer], f"to {b}", _type_label(game, a, u), short)
            case Withdraw():
                path = (head, Keyed(short, "w"))
            case _ if type(cmd) in CATEGORY:
                path = (head, CATEGORY[type(cmd)], short)
            case _:
                path = (head, short)
        out.append((path, cmd))
    for p in bp_players:
        out.append(((player_key(game, p), "Enter Battle Points (5.1)"), f"bp:{p}"))
    title = f"Battle {game.battle} of {game.c.battles}" if game.battle else "Choosing Battle Groups (4.1)"
    if game.state.phase == "over":
        title = "The campaign is over"
    return title, fit_keys(out)


def fit_keys(entries: list[tuple[Path, object]], depth: int = 0,
             limit: int = len(MENU_KEYS)) -> list[tuple[Path, object]]:
    """Split every menu level with more entries than there are keys into ranges ("IN-1
    destroyed … IN-9 cut off (no supply)"), so each entry the menu shows has a key."""
    ends: list[tuple[Path, object]] = []
    groups: dict[str, list[tuple[Path, object]]] = {}
    for path, cmd in entries:
        if len(path) > depth:
            groups.setdefault(path[depth], []).append((path, cmd))
        else:
            ends.append((path, cmd))
    labels = list(groups)
    room = limit - (1 if ends and depth else 0)          # "(this one)" takes a key too
    if len(labels) > room:
        size = max(room, -(-len(labels) // room))
        ranged: dict[str, list[tuple[Path, object]]] = {}
        for i in range(0, len(labels), size):
            part = labels[i:i + size]
            name = part[0] if len(part) == 1 else f"{part[0]} … {part[-1]}"
            ranged[name] = [(path[:depth] + (name,) + path[depth:], cmd)
                            for label in part for path, cmd in groups[label]]
        groups = ranged
    out = ends
    for members in groups.values():
        out += fit_keys(members, depth + 1, limit)
    return out

"""Victory's legal commands as menu paths: who acts (player or battle), then what, then which.

Battle Points are entered in a small form, not picked from the menu.
"""

from __future__ import annotations

from rules.core.command import Command
from rules.victory import (
    AddUnit, EnterBattlePoints, EngineerRoll, LoseUnit, MarineRoll, Reinforce, RemoveUnit,
    SpecialUnit, Transfer,
)
from rules.victory.game import Victory

CATEGORY = {
    RemoveUnit: "Take a unit back", LoseUnit: "Units lost or cut off (5.2)",
    Reinforce: "Reinforcements at 1 CV (5.4)", SpecialUnit: "Special group units (5.5)",
    Transfer: "Transfer a unit (7.2)", EngineerRoll: "Engineer roll (3.2)", MarineRoll: "Marine roll (3.3)",
}


def who(game: Victory, cmd: Command) -> str:
    if hasattr(cmd, "player"):
        return cmd.player
    if isinstance(cmd, Transfer):
        return cmd.sender
    if hasattr(cmd, "table"):
        m = game.match_at(cmd.table)
        if m is None:
            return "Battle"
        where = "Battle" if game.mode == "duel" else f"Table {m.table}"
        return f"{where}: {m.axis} (Axis) v {m.allied} (Allied)"
    return "Campaign"


def menu_entries(game: Victory) -> tuple[str, list[tuple[tuple[str, ...], Command | str]]]:
    out: list[tuple[tuple[str, ...], Command | str]] = []
    bp_players: list[str] = []
    for cmd in game.legal():
        if isinstance(cmd, EnterBattlePoints):
            if cmd.player not in bp_players:
                bp_players.append(cmd.player)
            continue
        head = who(game, cmd)
        text = game.describe(cmd)
        short = text.split(": ", 1)[1] if text.startswith(f"{head}: ") else text
        match cmd:
            case AddUnit(unit_type=t, cv=cv):
                path: tuple[str, ...] = (head, "Add a unit", f"at {cv} CV", f"{t} {game.content.units[t].name}")
            case Reinforce(unit_type=t):
                pool = game.content.units[t].pool
                path = (head, CATEGORY[Reinforce], f"pool {pool}", f"{t} {game.content.units[t].name}")
            case _ if type(cmd) in CATEGORY:
                path = (head, CATEGORY[type(cmd)], short)
            case _:
                path = (head, short)
        out.append((path, cmd))
    for p in bp_players:
        out.append(((p, "Enter Battle Points (5.1)"), f"bp:{p}"))
    title = f"Battle {game.battle} of {game.c.battles}" if game.battle else "Choosing Battle Groups (4.1)"
    if game.state.phase == "over":
        title = "The campaign is over"
    return title, out

"""Roads to Stalingrad in the replay viewer: what both sides may see (``game.view(None)``, the
view of neither side) while the game is unfinished, the hands as well once it is over.

A save of a game in progress may be shown to either player: it must tell neither the other's
hand, a face-down chit or discard, nor a Card/Map choice not yet revealed (series 4.2.2, 4.2.3c,
9.5.2). The next command is told in the same public words (``describe_public``)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from . import panels


def status(game, wide: bool) -> Text:
    view = game.view(None)
    vp = dict(view.vp)
    t = Text(f"Roads to Stalingrad · seq {view.sequence}", style="bold")
    if view.to_act:
        t.append(f" · to act: {panels.NAME[view.to_act]}")
    if view.operation:
        t.append(f" · {panels.NAME[view.operation.side]} operation, {view.operation.sp} SP")
    t.append(f" · VP Axis {vp.get('axis', 0)}, Soviet {vp.get('soviet', 0)}")
    return t


def board(game, wide: bool, finished: bool) -> Group:
    """The supply track, the battle as it lies on the table, each area's units and RPs; the
    hands only when the whole game is over (``finished``: the save ends the game)."""
    view = game.view(None)
    parts: list = [panels.supply_track(game, view), Text("")]
    if view.battle is not None:
        parts += [battle(game, view), Text("")]
    parts.append(areas(game, view))
    if finished:
        for side in ("axis", "soviet"):
            hand = game.view(side).hand
            names = ", ".join(game.card_name(k) for k in hand) or "no cards"
            parts.append(Text(f"{panels.NAME[side]} hand (the game is over): {names}"))
    return Group(*parts)


def battle(game, view) -> Text:
    """The battle as both sides see it: the units, the chits face up; no drawn chit."""
    b = view.battle
    t = Text(f"Battle of {game.area_name(b.area)}", style="bold")
    t.append(f": {panels.NAME[b.attacker]} attacks from {game.area_name(b.came_from)}")
    t.append("\nAttackers: " + ", ".join(panels.unit_line(game, u) for u in view.units if u.id in b.attackers))
    t.append("\nDefenders: " + ", ".join(panels.unit_line(game, u) for u in view.units if u.id in b.defenders))
    if b.played:
        t.append("\nPlayed: " + ", ".join(f"{panels.NAME[s]} {game.content.chits[k.split('#')[0]].name}"
                                          for s, k in b.played))
    if b.retreating:
        t.append("\nTo retreat: " + ", ".join(game.unit_name(u) for u in b.retreating))
    return t


def areas(game, view) -> Text:
    """One line per area that holds units or RPs, north to south as on the map."""
    control = dict(view.control)
    t = Text("Areas with units or RPs", style="bold")
    for area_id, a in sorted(game.map.areas.items(), key=lambda kv: (kv[1].row, kv[1].col)):
        units = [panels.unit_line(game, u) for u in view.units if u.where == area_id]
        rps = [f"{panels.NAME[s]} {n} RP" for s, ar, n in view.rp if ar == area_id]
        if view.leader == area_id:
            units.append(f"{game.content.leader.name} (leader)")
        if not units and not rps:
            continue
        held = panels.NAME.get(control.get(area_id, ""), "no one")
        t.append(f"\n{a.name} ({held}): ", style="bold")
        t.append("; ".join(units + rps))
    return t

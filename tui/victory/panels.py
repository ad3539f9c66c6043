"""Rich renderings of a Victory campaign: status, VP table, battles, rosters."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from rules.victory.game import Victory

STEPS = {
    "maps": "roll the maps", "layout": "roll the layout", "initiative": "roll the initiative",
    "deploy": "deploy", "battle": "battle on the table", "bp": "enter Battle Points",
    "losses": "units lost or cut off", "reinforce": "reinforcements", "special": "special group?",
    "special_units": "special group units", "done": "done",
}


def status_line(game: Victory) -> Text:
    v = game.view()
    out = Text("Victory: The Blocks of War  ", style="bold")
    out.append(f"{v.mode}  ")
    out.append(f"battle {v.battle}/{v.battles}  " if v.battle else "choosing Battle Groups  ", style="bold")
    if v.phase != "over" and v.acting:
        out.append("to act: " + ", ".join(v.acting), style="reverse")
    return out


def vp_table(game: Victory) -> Table:
    v = game.view()
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    for head in ("Player", "Side/team", "VP", "Units", "Last battle"):
        table.add_column(head)
    for p in v.players:
        r = v.rosters[p]
        team = r.team.capitalize() if r.team else ""
        table.add_row(p, team, str(v.totals[p]), str(r.count), r.last or "-")
    for team, total in v.team_totals.items():
        table.add_row(f"Team {team.capitalize()}", "", str(total), "", "")
    return table


def battles(game: Victory) -> Group:
    """The current battle round: for each table the maps, the layout, attacker, turn and step."""
    s = game.state
    r = s.round
    parts: list = []
    if r is None:
        return Group(Text("No battle yet: the Battle Groups are being chosen.", style="italic"))
    for m in r.matches:
        head = Text(f"{'Battle' if game.mode == 'duel' else f'Table {m.table}'}: ", style="bold")
        head.append(f"{m.axis} (Axis) v {m.allied} (Allied)  step: {STEPS.get(m.step, m.step)}")
        parts.append(head)
        if m.allied_map:
            am, xm = game.content.maps[m.allied_map], game.content.maps[m.axis_map]
            rolls = "-".join(str(d) for d in m.map_rolls)
            parts.append(Text(f"  maps ({rolls}): Allied {am.id} {am.name}, Axis {xm.id} {xm.name}"))
        if m.layout:
            rolls = ", ".join(str(d) for d in m.layout_rolls)
            parts.append(Text(f"  layout {m.layout} (rolls {rolls}): {game.content.layouts[m.layout].text}"))
        if m.attacker:
            parts.append(Text(f"  attacker: {m.attacker} ({m.attacker_reason})"))
        if m.turn:
            length = ", ".join(f"turn {t}: {d}" for t, d in m.length_rolls)
            parts.append(Text(f"  turn {m.turn}" + (f"; length rolls {length}" if length else "")))
        if m.ended:
            parts.append(Text(f"  ended: {m.ended}"))
        if m.vp:
            parts.append(Text("  VP: " + ", ".join(f"{p} {v}" for p, v in m.vp.items())
                              + (f"; winner {m.winner} by {m.margin}" if m.winner else "; a draw")))
    if r.byes:
        parts.append(Text("Sitting out: " + ", ".join(r.byes), style="italic"))
    return Group(*parts)


def roster(game: Victory, player: str) -> Table:
    """One player's Battle Group with CV in words (Green, Seasoned, Veteran, Crack)."""
    level = {1: "Green", 2: "Seasoned", 3: "Veteran", 4: "Crack"}
    table = Table(title=f"{player}'s Battle Group", title_style="bold", box=None, padding=(0, 1),
                  show_edge=False, header_style="bold")
    for head in ("Unit", "Type", "CV", "Joined"):
        table.add_column(head)
    view = game.view(player)
    units = view.rosters[player].units or ()
    for u in units:
        table.add_row(u.id, game.content.units[u.unit_type].name, f"{u.cv} {level.get(u.cv, '')}", u.joined)
    if not units:
        table.add_row("(none yet)", "", "", "")
    return table

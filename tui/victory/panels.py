"""Rich renderings of a Victory campaign: status, VP table, battles, rosters, the log."""

from __future__ import annotations


from rich.console import Group
from rich.table import Table
from rich.text import Text

from rules.core.events import Event
from rules.victory import ConfirmReinforcements, Reinforce
from rules.victory.game import POOL_NAME, Victory
from tui.widgets.log_panel import LogPanel

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
    teams = v.mode == "team"            # a duel's sides are in the battle line; round robin draws them
    table.add_column("Player", overflow="fold")
    if teams:
        table.add_column("Team", no_wrap=True, min_width=6)
    for head in ("VP", "Units", "Last battle"):
        table.add_column(head, no_wrap=True, min_width=len(head))
    for p in v.players:
        r = v.rosters[p]
        team = (r.team.capitalize(),) if teams else ()
        table.add_row(p, *team, str(v.totals[p]), str(r.count), r.last or "-")
    for team, total in v.team_totals.items():
        table.add_row("total", team.capitalize(), str(total), "", "", style="bold")
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
        head.append(f"{m.axis} (Axis) v {m.allied} (Allied)")
        parts.append(head)
        parts.append(Text(f"  step: {STEPS.get(m.step, m.step)}"))
        if m.allied_map:
            am, xm = game.content.maps[m.allied_map], game.content.maps[m.axis_map]
            rolls = "-".join(str(d) for d in m.map_rolls)
            parts.append(Text(f"  maps ({rolls}): Allied {am.id} {am.name}, Axis {xm.id} {xm.name}"))
        if m.layout:
            rolls = f" (rolled {', '.join(str(d) for d in m.layout_rolls)})" if len(m.layout_rolls) > 1 else ""
            parts.append(Text(f"  layout {m.layout}{rolls}: {game.content.layouts[m.layout].text}"))
        if m.attacker:
            reason = m.attacker_reason
            reason = reason[len(m.attacker) + 1:] if reason.startswith(f"{m.attacker} ") else reason
            parts.append(Text(f"  attacker: {m.attacker} ({reason})"))
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


LEVEL = {1: "Green", 2: "Seasoned", 3: "Veteran", 4: "Crack"}


def _joined(text: str) -> str:
    """How a unit joined, short enough for the roster (the export keeps the full words)."""
    if text == "Battle Group":
        return "start"
    for long, short in (("reinforcement after battle ", "after battle "),
                        ("Special Reinforcement Group after battle ", "special, after battle ")):
        if text.startswith(long):
            return short + text[len(long):]
    return text


def roster(game: Victory, player: str, joined: bool = True) -> Group:
    """One player's Battle Group with CV in words (Green, Seasoned, Veteran, Crack), and the
    reinforcements picked so far in this Regroup Phase (they join when confirmed).

    One line per unit, never wrapped; how each unit joined (`joined`) is left out of the
    narrow panel of an 80-column screen."""
    view = game.view(player)
    units = list(view.rosters[player].units or ())
    picks = list(view.rounds[-1].picks.get(player, [])) if view.rounds else []
    every = units + picks
    w_id = max([len("Unit"), *(len(u.id) for u in every)]) + 2
    w_type = max([len("Type"), *(len(game.content.units[u.unit_type].name) for u in every)]) + 2
    w_cv = max([len("CV"), *(len(f"{u.cv} {LEVEL.get(u.cv, '')}") for u in every)]) + 2

    def line(unit_id: str, name: str, cv: str, how: str, style: str = "") -> Text:
        text = f" {unit_id:<{w_id}}{name:<{w_type}}{cv:<{w_cv}}{how}" if joined else \
            f" {unit_id:<{w_id}}{name:<{w_type}}{cv}"
        return Text(text.rstrip(), style=style, no_wrap=True, overflow="ellipsis")

    count = f"{len(units)} unit" if len(units) == 1 else f"{len(units)} units"
    lines = [Text(f" {player}'s Battle Group: {count}", style="bold", no_wrap=True,
                  overflow="ellipsis")]
    if picks or any(isinstance(c, (Reinforce, ConfirmReinforcements)) and c.player == player
                    for c in game.legal().parts()):     # spans (Battle Points) are neither
        # 5.4: the picks come first (they are what is being chosen); they join when confirmed
        pools = game.allowed_pools(player)
        names = ", ".join(POOL_NAME[p] for p in pools)
        lines.append(Text(f" Reinforcements picked: {len(picks)} of {game.c.reinforcements}", style="bold"))
        lines.append(Text(f" from the {names} Forcepool{'s' if len(pools) > 1 else ''}"))
        for u in picks:
            lines.append(line(u.id, game.content.units[u.unit_type].name, f"{u.cv} {LEVEL.get(u.cv, '')}",
                              "picked now", "italic"))
    lines.append(line("Unit", "Type", "CV", "Joined", "bold"))
    for u in units:
        lines.append(line(u.id, game.content.units[u.unit_type].name, f"{u.cv} {LEVEL.get(u.cv, '')}",
                          _joined(u.joined)))
    if not units:
        lines.append(Text(" (none yet)", style="italic"))
    return Group(*lines)


# How each kind of Victory event is marked in the log: a word first (never colour alone).
MARKS = {
    "roll": ("DICE", "cyan"), "turn": ("TURN", "bold"), "loss": ("LOSS", "bold red"),
    "vp": ("VP  ", "bold"), "withdraw": ("WDRW", "bold"), "reinforce": ("REIN", "green"),
    "special": ("SPEC", "magenta"), "end": ("END ", "bold reverse"),
}


def event_text(event: Event) -> Text:
    word, style = MARKS.get(event.kind, ("    ", ""))
    line = Text()
    line.append(word, style=style or None)
    line.append(" " + event.text)
    if event.dice:
        line.append("  [" + " ".join(str(d) for d in event.dice) + "]", style="bold")
    if event.rule:
        line.append(f"  ({event.rule})", style="dim")
    return line


class VictoryLog(LogPanel):
    """The shared log panel with Victory's own marks (the shared ones are Fall Blau's: "SOV"),
    wrapped to its own width: RichLog's default ``min_width`` of 78 cuts every longer line at
    the right edge of a narrower box, such as the whole-log screen at 80 columns."""

    text_of = staticmethod(event_text)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.min_width = 20

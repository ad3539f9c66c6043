"""Rich renderings of the Tide of Iron campaign: status, command cards, ledger, scenario sheet."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from rules.toi.game import SIDE_NAME, TideOfIron
from rules.toi.state import SIDES, TYPES

from .menu import PHASE_TITLES, side_name


def status_line(game: TideOfIron) -> Text:
    v = game.view()
    out = Text()
    out.append("Tide of Iron: Stalingrad  ", style="bold")
    if v.campaigns > 1:
        out.append(f"campaign {v.campaign}/{v.campaigns}  ")
    out.append(f"scenario {v.number}/{v.of}: {v.scenario_name}  ", style="bold")
    out.append(f"{PHASE_TITLES.get(v.phase, v.phase)}  ")
    if v.phase != "over":
        out.append(f"to act: {side_name(v.to_act)}", style="reverse")
    return out


def command_cards(game: TideOfIron) -> Table:
    """Both sides' Campaign Command cards: tokens and Recruit or Veteran side, in words."""
    v = game.view()
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Command")
    for t in TYPES:
        table.add_column(t[:3].capitalize())
    table.add_column("CVP")
    for side in SIDES:
        cells = [f"{SIDE_NAME[side]}: {v.players[side]}"]
        for t in TYPES:
            card = v.cards[side][t]
            cells.append(f"{card.tokens} {'VET' if card.veteran else 'rec'}")
        cells.append(str(v.totals[side]))
        table.add_row(*cells)
    return table


def ledger(game: TideOfIron) -> Table:
    """The CVP ledger: one row per finished scenario."""
    table = Table(title="Ledger", title_style="bold", box=None, padding=(0, 1), show_edge=False,
                  header_style="bold")
    for head in ("#", "Scenario", "German CVP", "Soviet CVP", "Winner", "Initiative"):
        table.add_column(head)
    rows = [r for r in game.state.ledger if r.winner]
    for number, rec in enumerate(rows, start=1):
        name = game.scenario(rec.scenario).name
        camp = f"{rec.campaign}." if game.double else ""
        table.add_row(f"{camp}{number}", name, str(rec.total("german")), str(rec.total("soviet")),
                      SIDE_NAME.get(rec.winner, rec.winner), SIDE_NAME.get(rec.initiative, "-"))
    if not rows:
        table.add_row("", "(no scenario finished yet)", "", "", "", "")
    return table


def scenario_sheet(game: TideOfIron, compact: bool = True) -> Group:
    """The current scenario: rounds, initiative, actions, objectives with CVP."""
    sc = game.current
    parts: list = []
    head = Text(f"{sc.name}: ", style="bold")
    head.append(f"{sc.rounds} rounds, {SIDE_NAME[sc.starting_initiative]} initiative, "
                f"{sc.actions_per_turn} actions per turn")
    parts.append(head)
    if not compact:
        parts.append(Text(sc.summary, style="italic"))
    for o in sc.objectives:
        who = "both" if o.side == "both" else f"{SIDE_NAME[o.side]} only"
        each = " each" if o.kind == "each" else ""
        parts.append(Text(f"• {o.cvp} CVP{each} ({who}): {o.text}"))
    return Group(*parts)


def result_totals(game: TideOfIron) -> Text:
    v = game.view()
    rec = v.record
    out = Text("Result so far: ", style="bold")
    for side in SIDES:
        cmd = " ".join(f"{t[:3]} {rec.command[side][t]}" for t in TYPES)
        out.append(f"{SIDE_NAME[side]} {v.cvp[side]} CVP ({cmd})  ")
    out.append(f"initiative: {SIDE_NAME.get(rec.initiative, 'not entered')}")
    return out

"""Rich renderings of the Tide of Iron campaign: status, command cards, ledger, scenario sheet."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from rules.toi.game import SIDE_NAME, TideOfIron
from rules.toi.state import SIDES, TYPES, Record

from .menu import phase_title, side_name


def status_line(game: TideOfIron, wide: bool = False) -> Table:
    """One row: where the campaign is on the left (cut with an ellipsis when narrow), and who
    is to act on the right, always shown in full."""
    v = game.view()
    where = Text(no_wrap=True, overflow="ellipsis")
    if wide:
        where.append("Tide of Iron: Stalingrad  ", style="bold")
    if v.campaigns > 1:
        where.append(f"campaign {v.campaign}/{v.campaigns}  ")
    where.append(f"scenario {v.number}/{v.of}: {v.scenario_name}", style="bold")
    where.append(f"  {phase_title(game)}")
    grid = Table.grid(expand=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    grid.add_column(no_wrap=True, justify="right")
    who = Text("")
    if v.phase != "over":
        name = f"{side_name(v.to_act)} ({v.players[v.to_act]})" if v.to_act else side_name(v.to_act)
        who = Text(f" to act: {name} ", style="reverse")
    grid.add_row(where, who)
    return grid


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


def _finished(game: TideOfIron) -> list[tuple[str, Record]]:
    """(number, record) of each finished scenario; numbered within its campaign ("2.1" in a
    double campaign)."""
    out, counts = [], {}
    for rec in game.state.ledger:
        if rec.winner:
            counts[rec.campaign] = counts.get(rec.campaign, 0) + 1
            out.append((f"{rec.campaign}.{counts[rec.campaign]}" if game.double else str(counts[rec.campaign]), rec))
    return out


def _result_words(rec: Record, side: str) -> str:
    return ", ".join((["won"] if rec.winner == side else []) + (["initiative"] if rec.initiative == side else []))


def ledger(game: TideOfIron, compact: bool = False) -> Table | Group:
    """The ledger: for each finished scenario, each side's command at the end (ammunition,
    morale, supply), its CVP (objectives, initiative bonus and halving), who won and who held
    the initiative, in words. ``compact``: lines of text for a narrow panel instead of a table."""
    rows = _finished(game)
    if compact:
        lines: list[Text] = [Text("Ledger", style="bold")]
        for number, rec in rows:
            lines.append(Text(f"{number}. {game.scenario(rec.scenario).name}", style="bold"))
            for side in SIDES:
                cmd = "/".join(str(rec.command[side][t]) for t in TYPES)
                result = _result_words(rec, side)
                lines.append(Text(f"  {SIDE_NAME[side]} ({rec.players[side]}): {rec.total(side)} CVP, "
                                  f"command {cmd}{'; ' + result if result else ''}"))
        if not rows:
            lines.append(Text("(no scenario finished yet)"))
        lines.append(Text("command: ammunition/morale/supply at the end", style="italic"))
        return Group(*lines)
    table = Table(title="Ledger", title_style="bold", box=None, padding=(0, 1, 0, 0), show_edge=False,
                  header_style="bold")
    for head in ("#", "Scenario", "Side", "Amm", "Mor", "Sup", "CVP", "Result"):
        table.add_column(head, justify="right" if head in ("Amm", "Mor", "Sup", "CVP") else "left")
    for number, rec in rows:
        name = game.scenario(rec.scenario).name
        for i, side in enumerate(SIDES):
            who = f"{SIDE_NAME[side]} ({rec.players[side]})" if game.double else SIDE_NAME[side]
            table.add_row(number if i == 0 else "", name if i == 0 else "", who,
                          *(str(rec.command[side][t]) for t in TYPES), str(rec.total(side)),
                          _result_words(rec, side))
    if not rows:
        table.add_row("", "(no scenario finished yet)", "", "", "", "", "", "")
    return table


def scenario_sheet(game: TideOfIron, compact: bool = True) -> Group:
    """The scenario at hand: rounds, initiative, actions, objectives with CVP. During the
    Campaign Phase that is the NEXT scenario, the one the choices and purchases are for."""
    sc = game.current
    parts: list = []
    if game.state.phase in ("penalty", "table", "purchase") and game.next_scenario is not None:
        sc = game.next_scenario
        parts.append(Text("Next scenario (press v for its set-up sheet)", style="italic"))
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
    """The result form so far: each side's CVP from the objectives and the command entered on
    its cards (the cards hold the entered values until the result is confirmed)."""
    v = game.view()
    rec = v.record
    out = Text("Result so far", style="bold")
    for side in SIDES:
        cmd = " ".join(f"{t[:3]} {v.cards[side][t].tokens}" for t in TYPES)
        out.append(f"\n{SIDE_NAME[side]} {v.cvp[side]} CVP ({cmd})")
    out.append(f"\ninitiative: {SIDE_NAME.get(rec.initiative, 'not entered')}")
    return out


def command_now(game: TideOfIron) -> Text:
    """A Red October Status Phase: the command on each side's cards, and who has finished buying."""
    v = game.view()
    out = Text(f"Command on the cards, Status Phase of round {v.status_round}", style="bold")
    for side in SIDES:
        cmd = " ".join(f"{t[:3]} {v.cards[side][t].tokens}" for t in TYPES)
        done = "" if side in v.buyers else " (done buying)"
        out.append(f"\n{SIDE_NAME[side]} ({v.players[side]}): {cmd}{done}")
    return out

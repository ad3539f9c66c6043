"""Markdown exports: the whole campaign record (the "separate sheet of paper" of TOI Campaign
Phase step 1, kept for every scenario) and the set-up sheet of the next scenario."""

from __future__ import annotations

from . import tables
from .setup import SetupSheet, setup_sheet
from .state import SIDES, TYPES

SIDE_NAME = {"german": "German", "soviet": "Soviet"}


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def campaign_markdown(game) -> str:
    """The whole record: scenarios, the ledger of CVP and command, the Campaign Phase choices,
    purchases and the totals (and the outcome once the campaign is over)."""
    s = game.state
    out: list[str] = []
    title = "Standalone scenario" if game.standalone else ("Double campaign" if game.double else "Campaign")
    out.append(f"# Tide of Iron: Stalingrad — {title}")
    out.append("")
    players = game.options["players"]
    if game.double:
        out.append(f"Players: {players[0]} (German in campaign 1, Soviet in campaign 2) and "
                   f"{players[1]} (Soviet in campaign 1, German in campaign 2).")
    else:
        out.append(f"German: {s.players['german']}. Soviet: {s.players['soviet']}.")
    out.append("Scenarios: " + ", ".join(game.scenario(x).name for x in s.run) + ".")
    out.append("")

    out.append("## Ledger")
    out.append("")
    out.append("| # | Scenario | Side | Player | Ammo | Morale | Supply | Initiative | Objectives | Bonus | "
               "Halving | CVP | Winner |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for n, rec in enumerate(s.ledger, start=1):
        if not rec.winner:
            continue
        name = game.scenario(rec.scenario).name
        for side in SIDES:
            cmd = rec.command[side]
            out.append(
                f"| {n} | {_cell(name)} (campaign {rec.campaign}) | {SIDE_NAME[side]} | {_cell(rec.players[side])} | "
                f"{cmd['ammunition']} | {cmd['morale']} | {cmd['supply']} | "
                f"{'yes' if rec.initiative == side else ''} | {rec.objective_cvp[side]} | {rec.bonus[side]} | "
                f"{rec.halving[side]} | {rec.total(side)} | {'yes' if rec.winner == side else ''} |")
    out.append("")

    for n, rec in enumerate(s.ledger, start=1):
        sc = game.scenario(rec.scenario)
        out.append(f"## {n}. {sc.name} (campaign {rec.campaign})")
        out.append("")
        if not rec.winner:
            out.append(f"In play ({rec.status}).")
            out.append("")
            _purchases(out, rec, in_scenario_only=True)
            continue
        out.append(f"- Initiative at the end: {SIDE_NAME[rec.initiative]}.")
        out.append(f"- Winner: {SIDE_NAME[rec.winner]} ({_cell(rec.players[rec.winner])}).")
        for side in SIDES:
            scores = [f"{sc.objective_name(oid)} x{count}" for oid, count in rec.scores[side].items()]
            raised = ""
            if rec.raised[side]:
                raised = f"; raised objective {sc.objective_name(rec.raised[side])}"
                if rec.raised_scored[side]:
                    raised += " (the raised item scored)"
            out.append(f"- {SIDE_NAME[side]} objectives: {', '.join(scores) or 'none'}{raised}; "
                       f"{rec.objective_cvp[side]} CVP, +{rec.bonus[side]} initiative, +{rec.halving[side]} halving = "
                       f"{rec.total(side)} CVP.")
        if rec.penalty:
            out.append(f"- Penalty for losing: {_cell(rec.penalty)}.")
        if rec.effects:
            out.append("")
            out.append("Campaign Phase Table:")
            out.append("")
            out.append("| Side | Command | Before | Row | Effect | After |")
            out.append("|---|---|---|---|---|---|")
            for e in rec.effects:
                out.append(f"| {SIDE_NAME[e.side]} | {e.type} | {e.before} | {_cell(e.row)} | {_cell(e.text)} | {e.after} |")
        _purchases(out, rec, in_scenario_only=False)
        if rec.status == "done" and rec.effects:       # it had a Campaign Phase, now finished
            lost = "; ".join(f"{SIDE_NAME[side]} " + (", ".join(f"{n} {t}" for t, n in rec.lost[side].items() if n)
                                                      or "nothing") for side in SIDES)
            out.append("")
            out.append(f"Unspent command lost: {lost}.")
        out.append("")

    out.append("## Totals")
    out.append("")
    campaigns = (1, 2) if game.double else (1,)
    for c in campaigns:
        if not any(r.campaign == c for r in s.ledger):
            continue
        totals = game.totals(c)
        players_c = next(r.players for r in s.ledger if r.campaign == c)
        label = f"Campaign {c}: " if game.double else ""
        out.append(f"- {label}German ({_cell(players_c['german'])}) {totals['german']} CVP, "
                   f"Soviet ({_cell(players_c['soviet'])}) {totals['soviet']} CVP.")
    o = game.outcome
    if o is not None:
        out.append("")
        out.append("## Outcome")
        out.append("")
        for reason in o.reasons:
            out.append(f"- {_cell(reason)}")
    out.append("")
    return "\n".join(out)


def _purchases(out: list[str], rec, in_scenario_only: bool) -> None:
    rows = [p for p in rec.purchases if not in_scenario_only or p.when != "Campaign Phase"]
    if not rows:
        return
    out.append("")
    out.append("Purchases:")
    out.append("")
    out.append("| Side | When | Bought | Paid |")
    out.append("|---|---|---|---|")
    for p in rows:
        out.append(f"| {SIDE_NAME[p.side]} | {p.when} | {_cell(p.text)} | {tables.pay_text(p.pay)} |")


def setup_markdown(game, sheet: SetupSheet | None = None) -> str:
    """The set-up sheet of the next (or current) scenario for both sides, in Markdown."""
    sh = sheet or setup_sheet(game)
    out: list[str] = []
    when = "next scenario" if sh.upcoming else "scenario"
    out.append(f"# {sh.name} — set-up sheet ({when} {sh.number} of {sh.of}, campaign {sh.campaign})")
    out.append("")
    out.append(sh.summary)
    out.append("")
    out.append(f"- Rounds: {sh.rounds}. Starting initiative: {SIDE_NAME[sh.starting_initiative]}. "
               f"Actions per turn: {sh.actions_per_turn}.")
    out.append(f"- Campaign command objectives on the map: {sh.command_objectives}.")
    for note in sh.not_in_text:
        out.append(f"- Not in the rulebook's text: {_cell(note)}")
    out.append("")
    out.append("## Objectives")
    out.append("")
    for o in sh.objectives:
        who = "both sides" if o.side == "both" else f"{SIDE_NAME[o.side]} only"
        each = f", each, up to {o.max}" if o.kind == "each" else ""
        raised = "".join(f" **+1 for the {SIDE_NAME[r]} player (raised)**" for r in o.raised_by)
        out.append(f"- {o.cvp} CVP{each} ({who}): {_cell(o.text)}{raised}")
    out.append("")
    if sh.special_rules:
        out.append("## Special rules")
        out.append("")
        out += [f"- {_cell(r)}" for r in sh.special_rules]
        out.append("")
    if sh.terrain:
        out.append("## Terrain")
        out.append("")
        out += [f"- {_cell(t)}" for t in sh.terrain]
        out.append("")
    if sh.reinforcements or sh.in_scenario_purchases:
        out.append("## Reinforcements")
        out.append("")
        out += [f"- {_cell(r)}" for r in sh.reinforcements]
        if sh.in_scenario_purchases:
            out.append("- From round 2, in each Status Phase, both players may buy from the Resource Acquisitions "
                       "Table; no purchase may take a Campaign Command card below 2 command.")
        out.append("")
    for side in sh.sides:
        out.append(f"## {SIDE_NAME[side.side]} set-up ({_cell(side.player)})")
        out.append("")
        cards = ", ".join(f"{t} {side.command[t]}" + (" (Veteran)" if t in side.veteran else "") for t in TYPES)
        out.append(f"- Campaign Command cards: {cards}.")
        bought = f" ({side.bought_cards} bought)" if side.bought_cards else ""
        out.append(f"- Starting strategy cards: {side.starting_cards}{bought}.")
        out.append(f"- Strategy decks: {', '.join(side.strategy_decks)}.")
        out.append(f"- Operations cards: {', '.join(side.operations) or 'none'}.")
        for line in side.deployment:
            out.append(f"- Deployment: {_cell(line)}")
        for r in side.restrictions:
            out.append(f"- Restriction: {r}")
        for sp in side.specializations:
            out.append(f"- Specialization: {sp}.")
        if side.raised:
            out.append(f"- Raised objective: {game.scenario(sh.scenario).objective_name(side.raised)} "
                       "is worth 1 more CVP to this side.")
        out.append("")
        out.append("| Div. | Bases | Regular | Elite | Officers | MG | Mortar | Vehicles | Advanced |")
        out.append("|---|---|---|---|---|---|---|---|---|")
        for d in side.divisions:
            vehicles = ", ".join(f"{n} {name}" for name, n in d.vehicles.items()) or "none"
            adv = []
            if d.advanced_setup:
                adv.append("may use")
            if d.advanced_hexes:
                adv.append(f"{d.advanced_hexes} hex(es) bought")
            out.append(f"| {d.number} | {d.squad_bases} | {d.regular} | {d.elite} | {d.officers} | {d.mg_crews} | "
                       f"{d.mortar_crews} | {vehicles} | {', '.join(adv) or '-'} |")
        changes = [f"Division {d.number}: {c}" for d in side.divisions for c in d.changes]
        if changes or side.notes:
            out.append("")
            out.append("Changes against the printed sheet:")
            out.append("")
            out += [f"- {_cell(c)}" for c in list(side.notes) + changes]
        if side.reinforcements_bought:
            out.append("")
            out.append("Reinforcements bought in the Status Phases:")
            out.append("")
            out += [f"- {_cell(r)}" for r in side.reinforcements_bought]
        out.append("")
    return "\n".join(out)

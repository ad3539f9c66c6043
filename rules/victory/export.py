"""Markdown export of a Victory campaign: every battle (pairings, maps, layout, attacker, length,
BP, VP), the VP ledger, each Battle Group with its units' CV per battle and how they left, the
totals and the result. At the end it is the referee's record, nothing redacted; during a
round-robin campaign (``public``) the Battle Groups are secret (7.1): counts only, no picks."""

from __future__ import annotations

from .state import ALLIED, AXIS, SIDE_NAME, Match, Unit

MODE_TITLE = {"duel": "Campaign", "round-robin": "Round-robin campaign", "team": "Team campaign"}


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _maps(game, m: Match) -> str:
    if not m.allied_map:
        return ""
    maps = game.content.maps
    rolls = "-".join(str(r) for r in m.map_rolls)
    return f"{rolls}: Axis {m.axis_map} {maps[m.axis_map].name}, Allied {m.allied_map} {maps[m.allied_map].name}"


def _layout(m: Match) -> str:
    if not m.layout:
        return ""
    rolled = ", ".join(str(r) for r in m.layout_rolls)
    return f"{m.layout}" + (f" (rolled {rolled})" if len(m.layout_rolls) > 1 else "")


def _length(m: Match) -> str:
    if m.step in ("maps", "layout", "initiative", "deploy"):
        return ""
    if m.step == "battle":
        return f"in play, turn {m.turn}"
    return f"{m.turns_played} turns ({m.ended})"


def _bp(m: Match, p: str) -> str:
    b = m.bp.get(p)
    return f"{b.total} ({b.cities} + {b.resources} res.)" if b else ""


def _result(m: Match) -> str:
    if not m.vp:
        return ""
    if not m.winner:
        return "draw"
    how = f" ({m.withdrawn} withdrew)" if m.withdrawn else ""
    return f"{m.winner} +{m.vp[m.winner]}{how}"


def _cv_by_battle(u: Unit, battles: int) -> list[str]:
    served = dict(u.service)
    return [str(served[n]) if n in served else "" for n in range(1, battles + 1)]


def campaign_markdown(game, public: bool = False) -> str:
    """The record; ``public``: only what every player may see while a round robin is played."""
    s = game.state
    secret = public and s.mode == "round-robin" and game.outcome is None
    c = game.c
    out: list[str] = [f"# Victory: The Blocks of War — {MODE_TITLE[s.mode]}", ""]
    if s.mode == "duel":
        out.append(f"Axis: {s.order[0]}. Allied: {s.order[1]}. {c.battles} battles.")
    elif s.mode == "round-robin":
        out.append(f"Players: {', '.join(s.order)}. Matched at random each battle; {c.battles} battles.")
    else:
        for team in (AXIS, ALLIED):
            members = [p for p in s.order if s.forces[p].team == team]
            out.append(f"{SIDE_NAME[team]} team: {', '.join(members)}.")
    out.append("")

    out += ["## Battles", "",
            ("| Battle | Table | Axis | Allied | Maps | Layout | Attacker | Length | Axis BP | Allied BP | "
             "VP | Special group |"),
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in s.rounds:
        for m in r.matches:
            special = ""
            if m.special_called:
                units = "secret" if secret else ", ".join(m.special_units)
                special = (f"{m.special_player} called it (roll {m.special_roll}: {units}); "
                           + ", ".join(f"{p} +{v} VP" for p, v in m.bonus.items()))
            elif m.special_player and m.step == "done":
                special = f"{m.special_player} declined"
            out.append(f"| {r.number} | {m.table} | {_cell(m.axis)} | {_cell(m.allied)} | {_cell(_maps(game, m))} | "
                       f"{_layout(m)} | {_cell(m.attacker)} | {_cell(_length(m))} | {_bp(m, m.axis)} | "
                       f"{_bp(m, m.allied)} | {_cell(_result(m))} | {_cell(special)} |")
        if r.byes:
            out.append(f"| {r.number} | — | sitting out: {_cell(', '.join(r.byes))} | | | | | | | | | |")
    out.append("")

    transfers = [(r.number, t) for r in s.rounds for t in r.transfers]
    if transfers:
        out += ["## Transfers", "", "| After battle | From | To | Unit | CV |", "|---|---|---|---|---|"]
        for number, t in transfers:
            out.append(f"| {number} | {_cell(t.sender)} | {_cell(t.receiver)} | {t.old_id} → {t.new_id} | {t.cv} |")
        out.append("")

    out += ["## Victory Points", ""]
    header = "| Player | " + " | ".join(str(n) for n in range(1, c.battles + 1)) + " | Special | Total |"
    out += [header, "|---" * (c.battles + 3) + "|"]
    totals = game.totals()
    for p in s.order:
        cells = []
        special = 0
        for n in range(1, c.battles + 1):
            r = s.rounds[n - 1] if n <= len(s.rounds) else None
            m = next((x for x in r.matches if p in x.players), None) if r else None
            if r is not None and p in r.byes:
                cells.append("bye")
            elif m is not None and m.vp:
                cells.append(str(m.vp[p]))
            else:
                cells.append("")
            if m is not None:
                special += m.bonus.get(p, 0)
        out.append(f"| {_cell(p)} | " + " | ".join(cells) + f" | {special or ''} | {totals[p]} |")
    if s.mode == "team":
        teams = game.team_totals()
        out.append("")
        out.append(f"Axis team {teams[AXIS]} VP, Allied team {teams[ALLIED]} VP.")
    out.append("")

    out += ["## Battle Groups", ""]
    for p in s.order:
        f = s.forces[p]
        out += [f"### {p}", "", f"{len(f.units)} units in the Battle Group; {len(f.gone)} gone.", ""]
        if secret:
            out += ["Kept secret until the campaign ends (7.1).", ""]
            continue
        out += ["| Unit | Type | Joined | " + " | ".join(f"B{n}" for n in range(1, c.battles + 1)) + " | CV | Left |",
                "|---" * (c.battles + 5) + "|"]
        for u in sorted([*f.units, *f.gone], key=lambda x: (x.unit_type, x.number)):
            name = game.content.units[u.unit_type].name
            cvs = " | ".join(_cv_by_battle(u, c.battles))
            out.append(f"| {u.id} | {_cell(name)} | {_cell(u.joined)} | {cvs} | {u.cv} | {_cell(u.left)} |")
        out.append("")

    out += ["## Result", ""]
    o = game.outcome
    if o is None:
        out.append(f"In play: battle {game.battle} of {c.battles}.")
    else:
        out += list(o.reasons)
        if s.mode == "duel":
            out.append("")
            out.append(f"Net VP {o.net}: {o.level}; Tournament Points: "
                       + ", ".join(f"{p} {tp}" for p, tp in o.tp.items()) + ".")
    out.append("")
    return "\n".join(out)

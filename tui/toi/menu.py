"""Tide of Iron's legal commands as menu paths: phase step, then side, item, division, payment.

Result entry values (command on each card, objective counts) go through the result form,
not the menu: the menu lists the rest of ``game.legal()``.
"""

from __future__ import annotations

from rules.core.command import Command
from rules.toi import Buy, Score, SetCommand
from rules.toi import tables
from rules.toi.game import SIDE_NAME, TideOfIron

ITEM_NAMES = {
    "veteran": "Flip a card to Veteran", "advanced-hex": "Advanced set-up hex", "squad": "Squad (base + 4 figures)",
    "specialization": "Specialization", "remove-unarmed": "Remove the unarmed restriction",
    "light-tank": "Light tank", "heavy-tank": "Heavy tank", "starting-card": "Starting card",
    "artillery-deck": "Artillery deck", "urban-deck": "Urban Warfare deck",
}


def menu_entries(game: TideOfIron) -> tuple[str, list[tuple[tuple[str, ...], Command]]]:
    s = game.state
    title = s.decision.prompt if s.decision is not None else PHASE_TITLES.get(s.phase, s.phase)
    out = []
    for cmd in game.legal():
        match cmd:
            case SetCommand() | Score():
                continue                          # the result form enters these
            case Buy(item=item, pay=pay, division=d, detail=detail, figures=figures):
                path: tuple[str, ...] = (f"Buy: {ITEM_NAMES.get(item, item)}",)
                if detail:
                    path += (detail,)
                if d:
                    path += (f"division {d}",)
                if figures:
                    path += (tables.figures_text(figures),)
                path += (f"pay {tables.pay_text(pay)}",)
            case _:
                path = (game.describe(cmd),)
        out.append((path, cmd))
    return title, out


PHASE_TITLES = {
    "setup": "Set-up", "battle": "The battle is on the table", "status": "Status Phase purchases",
    "result": "Result entry", "penalty": "Penalty for losing", "table": "Campaign Phase Table",
    "purchase": "Resource Acquisitions", "over": "The campaign is over",
}


def side_name(side: str | None) -> str:
    return SIDE_NAME.get(side, "both players") if side else "both players"

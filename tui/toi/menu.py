"""Tide of Iron's legal commands as menu paths: phase step, then side, item, division, payment.

Result entry values (command on each card, objective counts; in a Red October Status Phase,
the command on the cards) go through the result form, not the menu: the menu lists the rest
of ``game.legal()``.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.command import Command
from rules.core.legal import Span
from rules.toi import Buy, DonePurchasing, Score, SetCommand
from rules.toi import tables
from rules.toi.game import SIDE_NAME, TideOfIron
from tui.widgets.command_menu import entry_keys

# the keys the menu's entries take (none has a fixed one): never y or n, then capitals, so a
# purchase list of 46 has a key for each
FREE_KEYS = entry_keys("")

ITEM_NAMES = {
    "veteran": "Flip a card to Veteran", "advanced-hex": "Advanced set-up hex", "squad": "Squad (base + 4 figures)",
    "specialization": "Specialization", "remove-unarmed": "Remove the unarmed restriction",
    "light-tank": "Light tank", "heavy-tank": "Heavy tank", "starting-card": "Starting card",
    "artillery-deck": "Artillery deck", "urban-deck": "Urban Warfare deck",
}


def menu_entries(game: TideOfIron) -> tuple[str, list[tuple[tuple[str, ...], Command]]]:
    s = game.state
    title = s.decision.prompt if s.decision is not None else phase_title(game)
    # In a Red October Status Phase both players buy at once: each side's purchases sit under
    # its own entry, or the two sides' identical items could not be told apart.
    both = s.phase == "status"
    out = []
    for cmd in _menu_commands(game):
        match cmd:
            case SetCommand() | Score():
                continue                          # the result form enters these
            case Buy(side=side, item=item, pay=pay, division=d, detail=detail, figures=figures):
                path: tuple[str, ...] = (f"Buy: {ITEM_NAMES.get(item, item)}",)
                if detail:
                    path += (detail,)
                if d:
                    path += (f"division {d}",)
                if figures:
                    path += (tables.figures_text(figures),)
                path += (f"pay {tables.pay_text(pay)}",)
                if both:
                    path = (_buyer(game, side),) + path
            case DonePurchasing(side=side) if both:
                path = (_buyer(game, side), game.describe(cmd))
            case _:
                path = (game.describe(cmd),)
        out.append((path, cmd))
    return title, out


def _menu_commands(game: TideOfIron) -> Iterator[Command]:
    """game.legal() without the spans of values the result form enters (command, counts)."""
    for part in game.legal().parts():
        if isinstance(part, Span):
            if not isinstance(part.template, (SetCommand, Score)):
                yield from part
        else:
            yield part


def _buyer(game: TideOfIron, side: str) -> str:
    return f"{SIDE_NAME[side]} ({game.player(side)}): buy or finish"


PHASE_TITLES = {
    "setup": "Set-up", "battle": "The battle is on the table", "status": "Status Phase purchases",
    "result": "Result entry", "penalty": "Penalty for losing", "table": "Campaign Phase Table",
    "purchase": "Resource Acquisitions", "over": "The campaign is over",
}


def phase_title(game: TideOfIron) -> str:
    phase = game.state.phase
    if phase == "over" and game.standalone:
        return "The scenario is over"
    return PHASE_TITLES.get(phase, phase)


def side_name(side: str | None) -> str:
    return SIDE_NAME.get(side, "both players") if side else "both players"

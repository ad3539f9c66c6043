"""The confirmation a Roads command takes before it is given (the shared one,
tui/widgets/confirm.py): which commands take one (``menu.CONFIRM`` and a move into a battle),
and their title and body, laid out from the rules' words (``rules.roads.confirm``,
``rules.roads.forecast``).

The rules are imported where first used: the screen that imports this shows a save before
they load."""

from __future__ import annotations

from rich.text import Text

# how each kind of forecast line is set apart (rules.roads.forecast.Line.stress)
STRESS = {"": None, "strong": "bold", "failure": "italic", "printed": "dim"}


def confirmation(game, cmd):
    """(title, body) of the confirmation `cmd` takes, or None: a chit, the unit that checks and
    an Attack card give each check's exact chance and what failing does (rules/roads/odds.py),
    the others what happens (``rules.roads.confirm.warning``)."""
    from rules.roads import commands as c
    from rules.roads import forecast
    from rules.roads.confirm import warning
    from rules.roads.movement import is_battle

    from .menu import CONFIRM
    if not (isinstance(cmd, CONFIRM) or is_battle(game, cmd)):
        return None
    if isinstance(cmd, c.PlayChit):
        return f"{game.describe(cmd)}?", styled(forecast.chit_forecast(game, cmd))
    if isinstance(cmd, c.ChooseUnit):
        return forecast.unit_title(game, cmd), styled(forecast.unit_forecast(game, cmd))
    if isinstance(cmd, c.PlayCard):
        words, strikes = warning(game, cmd), forecast.strike_lines(game, cmd)
        return f"{game.describe(cmd)}?", styled([forecast.Line(words), *strikes]) if strikes else words
    return f"{game.describe(cmd)}?", warning(game, cmd)


def styled(lines) -> Text:
    """The forecast's lines one under the other, each in its stress's style."""
    out = Text()
    for i, line in enumerate(lines):
        out.append(line.text + ("\n" if i < len(lines) - 1 else ""), style=STRESS[line.stress])
    return out

"""Helpers for the Tide of Iron campaign-layer tests (rulebook:
../shared/rulebooks/tide-of-iron-stalingrad-campaign.txt and the campaign excerpt).

Every test drives the game through ``legal()``/``apply()`` only (``play`` asserts that the
command is listed before applying it). Tests import nothing from here (pytest runs with
--import-mode=importlib); they take the ``toi`` fixture, a namespace of helpers:

    toi.new(start=, double=, standalone=, players=)    a new game
    toi.play(game, cmd) -> events                      asserts cmd in legal(), applies it
    toi.refused(game, cmd) -> message                  asserts IllegalCommand, nothing changed
    toi.to_result(game)                                BeginBattle, EndBattle
    toi.enter(game, german=, soviet=, initiative=, scores=)   fills the result form
    toi.result(game, ...)                              to_result + enter + ConfirmResult
    toi.auto_table(game)                               answers every table choice with the first legal one
    toi.done(game)                                     both sides finish purchasing (buyer order)
    toi.scenario(game, ...)                            one whole scenario with its Campaign Phase
"""

from __future__ import annotations

import types

import pytest

from rules.core.errors import IllegalCommand
from rules.toi import (
    BeginBattle, ConfirmResult, DonePurchasing, EndBattle, PenaltyEach, Score, SetCommand,
    SetInitiative, new_game,
)

TYPES = ("ammunition", "morale", "supply")


def new(start="ramming-speed", double=False, standalone=False, players=("Anna", "James"), seed=0):
    return new_game(seed=seed, start=start, double=double, standalone=standalone, players=players)


def play(game, cmd):
    legal = game.legal()
    assert cmd in legal, f"{cmd!r} is not legal now ({game.state.phase}): {game.explain(cmd)}"
    return game.apply(cmd)


def refused(game, cmd) -> str:
    before = (game.digest(), len(game.log), len(game.events), game.legal(), game.can_undo)
    with pytest.raises(IllegalCommand) as info:
        game.apply(cmd)
    assert (game.digest(), len(game.log), len(game.events), game.legal(), game.can_undo) == before
    assert str(info.value) == game.explain(cmd)
    return str(info.value)


def to_result(game):
    play(game, BeginBattle())
    play(game, EndBattle())


def _values(v):
    if isinstance(v, int):
        return {t: v for t in TYPES}
    return dict(zip(TYPES, v)) if isinstance(v, (tuple, list)) else dict(v)


def enter(game, german=3, soviet=3, initiative="german", scores=None):
    """Fill the result form: command per card (an int for all three, a tuple or a dict),
    the initiative holder and {side: {objective: count}}."""
    for side, values in (("german", german), ("soviet", soviet)):
        for t, v in _values(values).items():
            play(game, SetCommand(side, t, v))
    if initiative:
        play(game, SetInitiative(initiative))
    for side, objs in (scores or {}).items():
        for obj, count in objs.items():
            if isinstance(count, tuple):
                play(game, Score(side, obj, count[0], raised=count[1]))
            else:
                play(game, Score(side, obj, count))


def result(game, **kw):
    to_result(game)
    enter(game, **kw)
    return play(game, ConfirmResult())


def auto_table(game, penalty=None):
    """Answer the penalty with `penalty` (PenaltyEach) and every table choice with the first legal one."""
    penalty = penalty or PenaltyEach()
    while game.state.phase in ("penalty", "table"):
        legal = game.legal()
        if penalty in legal:
            play(game, penalty)
        else:
            play(game, legal[0])


def done(game):
    while game.state.phase == "purchase":
        play(game, DonePurchasing(game.state.buyers[0]))


def scenario(game, penalty=None, **kw):
    """One scenario from its set-up to the next scenario's set-up (or the end)."""
    result(game, **kw)
    auto_table(game, penalty)
    done(game)


@pytest.fixture
def toi():
    return types.SimpleNamespace(new=new, play=play, refused=refused, to_result=to_result, enter=enter,
                                 result=result, auto_table=auto_table, done=done, scenario=scenario)

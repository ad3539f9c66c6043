"""Checks every game's property tests make: a refused command changes nothing, and a save
reloads to the very same game."""

from __future__ import annotations

import attrs
import pytest

from rules.core import save
from rules.core.errors import IllegalCommand
from rules.registry import load_save


def assert_refused(game, cmd) -> None:
    """``cmd`` raises IllegalCommand with a reason, and the game is exactly as it was."""
    before = (game.digest(), len(game.log), len(game.events), game.legal(), game.can_undo)
    with pytest.raises(IllegalCommand) as info:
        game.apply(cmd)
    assert str(info.value).strip()
    assert (game.digest(), len(game.log), len(game.events), game.legal(), game.can_undo) == before


def assert_reloads_identically(game) -> None:
    """load_save(dumps(game)) replays to the same state, legal commands, outcome and options."""
    loaded = load_save(save.dumps(game))
    assert loaded.game_id == game.game_id
    assert loaded.digest() == game.digest()
    assert attrs.asdict(loaded.state) == attrs.asdict(game.state)
    assert loaded.legal() == game.legal()
    assert loaded.outcome == game.outcome
    assert loaded.options == game.options


def assert_spans_agree(game) -> None:
    """Every ``Span`` among the candidates is judged whole by its first command (DESIGN "One
    source of legality"): each value in its ranges is allowed exactly when the first is, and the
    values just outside each range are refused."""
    from rules.core.legal import Span

    for span in game._candidates():
        if not isinstance(span, Span) or not len(span):
            continue
        first_ok = game._problem(span.first) is None
        for cmd in span:
            assert (game._problem(cmd) is None) == first_ok, (span, cmd, game._problem(cmd))
        for name, values in span.ranges:
            for outside in (values.start - 1, values.stop):
                cmd = attrs.evolve(span.first, **{name: outside})
                assert game._problem(cmd) is not None, (span, cmd)
                assert cmd not in game.legal()


def refuse_sample(game, rng, candidates, k: int) -> int:
    """Up to ``k`` of ``candidates`` that legal() does not list, chosen by ``rng``, are each
    refused unchanged (assert_refused); returns how many were tried."""
    legal = set(game.legal())
    pool = [c for c in candidates if c not in legal]
    picked = rng.sample(pool, min(k, len(pool)))
    for cmd in picked:
        assert_refused(game, cmd)
    return len(picked)
def finished_fallblau(seed: int = 3, generals=("hoth", "paulus", "ruoff")):
    """A Fall Blau campaign played to its end by random legal commands (seeded)."""
    import random

    from rules.fallblau import new_game

    game = new_game(seed=seed, generals=generals)
    rng = random.Random(seed)
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
    return game

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


def finished_fallblau(seed: int = 3, generals=("hoth", "paulus", "ruoff")):
    """A Fall Blau campaign played to its end by random legal commands (seeded)."""
    import random

    from rules.fallblau import new_game

    game = new_game(seed=seed, generals=generals)
    rng = random.Random(seed)
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
    return game

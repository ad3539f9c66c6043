"""Who gave each Victory command (``Victory.actor``, issue 24 item 1): the player it names (a
transfer's sender), or the table's (rolls, pairings); so ``events_since`` tells a hosted seat
what happened since its player last gave a command, in play and after a save is loaded."""

from __future__ import annotations

import random

from rules.core import save
from rules.core.game import TABLE
from rules.registry import factories
from rules.victory import new_game


def played(seed: int = 5, commands: int = 600, **options):
    """Random legal commands; a Battle Group is confirmed now and then, so battles are fought."""
    game = new_game(seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(commands):
        legal = list(game.legal())
        if not legal:
            break
        confirm = [c for c in legal if type(c).__name__ == "ConfirmBattleGroup"]
        game.apply(confirm[0] if confirm and rng.random() < 0.3 else rng.choice(legal))
    return game


def test_a_command_naming_a_player_is_theirs_and_the_rest_the_tables():
    game = played(players=("Anna", "Ben", "Cleo"), mode="round-robin")
    for cmd, (actor, _) in zip(game.log, game.acted):
        named = getattr(cmd, "player", None) or getattr(cmd, "sender", None)
        assert actor == (named or TABLE)
    assert {a for a, _ in game.acted} == {"Anna", "Ben", "Cleo", TABLE}


def test_events_since_a_players_last_command_survive_a_save():
    game = played(players=("Anna", "Ben"))
    for name in ("Anna", "Ben"):
        mine = [i for i, (a, _) in enumerate(game.acted) if a == name]
        since = game.events_since(name)
        assert since == (game.events[game.acted[mine[-1]][1]:] if mine else game.events)
        loaded = save.loads(save.dumps(game), factories())
        assert loaded.events_since(name) == since

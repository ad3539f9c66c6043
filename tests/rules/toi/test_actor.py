"""Who gave each Tide of Iron command (``TideOfIron.actor``, issue 24 item 1): the player of the
side it names, or the table's; so ``events_since`` tells a hosted seat what happened since its
player last gave a command, in play and after a save is loaded."""

from __future__ import annotations

import random

from rules.core import save
from rules.core.game import TABLE
from rules.registry import factories
from rules.toi import new_game


def played(seed: int = 3, commands: int = 80):
    game = new_game(seed=seed, players=("Anna", "Ben"))
    rng = random.Random(seed)
    for _ in range(commands):
        legal = list(game.legal())
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


def test_a_sides_command_is_its_players_and_a_table_command_is_no_ones():
    game = played()
    for cmd, (actor, _) in zip(game.log, game.acted):
        side = getattr(cmd, "side", None)
        assert actor == (game.state.players[side] if side else TABLE)
    assert {"Anna", "Ben", TABLE} >= {a for a, _ in game.acted} >= {"Anna", "Ben"}


def test_events_since_a_players_last_command_survive_a_save():
    game = played()
    last_ben = max(i for i, (a, _) in enumerate(game.acted) if a == "Ben")
    assert game.events_since("Ben") == game.events[game.acted[last_ben][1]:]
    loaded = save.loads(save.dumps(game), factories())
    assert loaded.events_since("Ben") == game.events_since("Ben")
    assert loaded.events_since("Anna") == game.events_since("Anna")

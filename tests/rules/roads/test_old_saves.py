"""A Roads save written before the battle state gained ``after_card`` (CC 9.4: a card played in a
battle keeps the chit turn) loads after it.

``saves/roads-mid-battle.json`` was written by the code before that field, 33 commands into a
game, a battle under way at Izyum (a card and two chits played). Its checkpoint has no
``after_card``: the field is a ``LATER`` one (``rules/core/later.py``), left out of a state's JSON
form and of its digest while it holds its default, so the save must load, verify against its
digest, replay from its log to the same digest, save again to the very same text and play on.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.core.game import state_digest
from rules.core.save import dumps
from rules.registry import load_save

SAVE = Path(__file__).parent / "saves" / "roads-mid-battle.json"


def test_cc_9_4_a_save_from_before_after_card_loads_verifies_and_saves_to_the_same_text():
    text = SAVE.read_text()
    doc = json.loads(text)
    assert "after_card" not in json.dumps(doc["checkpoint"])
    game = load_save(text)
    assert game.state.battle is not None and game.state.battle.after_card is False
    assert game.digest() == doc["digest"]
    assert dumps(game) == text
    replayed = load_save(text, upto=len(doc["commands"]))      # the log alone, no checkpoint
    assert replayed.digest() == doc["digest"]
    game.apply(game.legal()[0])
    assert len(game.log) == len(doc["commands"]) + 1


def test_cc_9_4_after_card_counts_in_the_digest_and_the_save_once_it_is_set():
    game = load_save(SAVE.read_text())
    before = game.digest()
    game.state.battle.after_card = True
    assert state_digest(game.state) != before
    again = load_save(dumps(game))
    assert again.state.battle.after_card is True and again.digest() == state_digest(game.state)


def test_a_save_keeps_what_undo_needs_a_load_undoes_back_to_the_last_reveal():
    """Issue 23, item 12a (DESIGN "Saves, replay, undo": undo never passes a roll or reveal):
    the save keeps the state at the last roll or reveal, and a load rebuilds the undo steps
    since, so a loaded game undoes exactly as far as the game that was saved, no farther."""
    from rules.core import save
    from rules.roads import new_game
    from rules.roads.bots import BOTS
    game = new_game(seed=11)
    bot = BOTS["heuristic"](11)
    while len(game._undo) < 2:
        game.apply(bot.choose(game))
    loaded = save.loads(save.dumps(game), {"roads": new_game})
    assert loaded.loaded_at == 0 and loaded.digest() == game.digest() and loaded.events == game.events
    steps = 0
    while game.can_undo:
        assert loaded.undo() and game.undo()
        assert (loaded.digest(), loaded.log, loaded.events) == (game.digest(), game.log, game.events)
        steps += 1
    assert steps >= 2 and not loaded.can_undo                 # and never past the last reveal
    assert save.dumps(loaded) == save.dumps(game)

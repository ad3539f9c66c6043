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

"""Issue 23, item 12b: what happened since a side last gave a command (``Game.events_since``),
known in play and after a load (a save keeps who gave each command and the events by then), so
the "since you last played" screen can show it on the first hand-over after opening a game.

A save from before the record loads as before; what it cannot know is said to be unknown (None),
never guessed; a damaged record is refused with a clear message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.core import save
from rules.core.errors import SaveError
from rules.roads import new_game
from rules.roads.bots import BOTS

OLD_SAVE = Path(__file__).parent / "saves" / "roads-mid-battle.json"


def _until_the_soviet_acts_after_the_axis(seed: int = 42):
    """A game played by the heuristic bot for both sides until the Axis has given commands since
    the Soviet last gave one and the Soviet is to act: where a hand-over to the Soviet happens."""
    game = new_game(seed=seed)
    bot = BOTS["heuristic"](seed)
    soviet_acted = False
    while True:
        side = game.to_act()
        if side == "soviet" and soviet_acted and game.log and game.log[-1].side == "axis":
            return game
        soviet_acted |= side == "soviet"
        game.apply(bot.choose(game))


def _last_soviet_end(game) -> int:
    """The events logged when the Soviet's last command was carried out, found by applying the
    game's log again on a fresh game command by command (an independent count)."""
    fresh = new_game(seed=game.seed)
    end = 0
    for cmd in game.log:
        fresh.apply(cmd)
        if cmd.side == "soviet":
            end = len(fresh.events)
    assert fresh.events == game.events
    return end


def test_issue_23_12b_events_since_are_the_axis_events_after_the_soviets_last_command():
    game = _until_the_soviet_acts_after_the_axis()
    since = game.events_since("soviet")
    assert since == game.events[_last_soviet_end(game):] and since
    assert game.events_since("axis") == []          # the Axis gave the last command


def test_issue_23_12b_a_save_keeps_it_through_the_checkpoint_the_replay_and_the_undo_steps():
    game = _until_the_soviet_acts_after_the_axis()
    since = game.events_since("soviet")
    text = save.dumps(game)
    doc = json.loads(text)
    assert len(doc["checkpoint"]["acted"]) == len(doc["commands"])
    loaded = save.loads(text, {"roads": new_game})                     # at the checkpoint
    assert loaded.events_since("soviet") == since and loaded.acted == game.acted
    replayed = save.loads(text, {"roads": new_game}, upto=len(game.log))  # the log alone
    assert replayed.events_since("soviet") == since and replayed.acted == game.acted
    assert save.dumps(loaded) == text
    while game.can_undo:                           # undo takes the record back with the log
        assert game.undo() and loaded.undo()
        assert loaded.acted == game.acted and loaded.events_since("soviet") == game.events_since("soviet")


def test_issue_23_12b_a_side_that_never_acted_has_everything_since_the_start():
    game = new_game(seed=42)
    bot = BOTS["heuristic"](42)
    while game.to_act() == "axis":
        game.apply(bot.choose(game))
    assert game.events_since("soviet") == game.events
    assert save.loads(save.dumps(game), {"roads": new_game}).events_since("soviet") == game.events


def test_issue_23_12b_an_older_save_loads_and_says_it_does_not_know_until_each_side_acts():
    text = OLD_SAVE.read_text()
    assert "acted" not in json.loads(text)["checkpoint"]
    game = save.loads(text, {"roads": new_game})
    assert game.events_since("axis") is None and game.events_since("soviet") is None
    assert save.dumps(game) == text                 # nothing known: saved as it was
    bot = BOTS["heuristic"](3)
    first = game.to_act()
    game.apply(bot.choose(game))
    assert game.events_since(first) == []           # known from its command on
    again = save.loads(save.dumps(game), {"roads": new_game})
    assert again.acted == game.acted and again.events_since(first) == []


@pytest.mark.parametrize("damage", [
    lambda acted: acted[:-1],                                   # one command short
    lambda acted: [[side, end + 10_000] for side, end in acted],  # beyond the events
    lambda acted: [[7, end] for _side, end in acted],            # a side that is no name
    lambda acted: list(reversed(acted)),                        # counts going back
    lambda acted: {"axis": 3},                                  # not a list
])
def test_issue_23_12b_a_damaged_record_is_refused_with_a_clear_message(damage):
    game = _until_the_soviet_acts_after_the_axis()
    doc = save.dump(game)
    doc["checkpoint"]["acted"] = damage(doc["checkpoint"]["acted"])
    with pytest.raises(SaveError, match="record of who gave each command cannot be read"):
        save.loads(save.seal(doc), {"roads": new_game})

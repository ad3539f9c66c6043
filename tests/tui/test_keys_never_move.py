"""Keys that never move (DESIGN.md, "The terminal"; issue 10, item 2): each kind of action has
its own key wherever it is offered, and entries in a group keep theirs by identity (a General,
a target, a CV tier), never by their place in the list. At 80x24, by keys."""

from __future__ import annotations

import pytest

from rules.fallblau import Consolidate, EndTurn, new_game as new_fallblau
from rules.victory import AddUnit, new_game as new_victory
from tests.support.screens import key_for, labels, menu
from tui.app import WartableApp
from tui.widgets.command_menu import MENU_KEYS, Keyed, _Item, assign_keys

GENERALS = ("hoth", "paulus", "ruoff")
SIZE = (80, 24)


def test_fixed_keys_come_first_and_the_others_take_the_free_keys_in_order():
    items = [_Item("Advance", [], False), _Item("End the turn", [], True, "n"), _Item("Other", [], True),
             _Item("Clash", [], True, "n")]
    assign_keys(items)
    assert [i.key for i in items] == ["1", "n", "2", "3"]      # a clash keeps the first holder


def test_a_fixed_key_must_be_a_menu_key():
    assert Keyed("End the turn", "n") == "End the turn" and Keyed("End the turn", "n").key == "n"
    for bad in ("q", "u", "", "12"):
        assert bad not in MENU_KEYS or len(bad) != 1
        with pytest.raises(ValueError):
            Keyed("x", bad)


async def test_fall_blau_end_the_turn_keeps_its_key_after_a_consolidate():
    """It was `4` and then `3` after a Consolidate."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = {label: key for key, label, _ in menu(app).items()}
        assert keys["End the turn"] == "n" and keys["Consolidate"] == "c" and keys["Advance"] == "d"
        await pilot.press("c")
        generals = {label: key for key, label, _ in menu(app).items()}
        assert generals["Friedrich Paulus"] == "2"              # his place on the front, as on the board
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(game.log[-1], Consolidate)
        assert key_for(app, "End the turn") == "n"
        await pilot.press("n", "enter")                         # Enter confirms the end of the turn
        await pilot.pause()
        assert any(isinstance(c, EndTurn) for c in game.log)


async def test_victory_cv_tiers_keep_their_keys_when_one_fills():
    """The tiers renumbered when one filled, and units landed at the wrong CV."""
    game = new_victory(seed=3, players=("Anna", "James"))
    app = WartableApp(game=game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "Anna"))
        assert {label: key for key, label, _ in menu(app).items()} == {"at 3 CV": "3", "at 2 CV": "2", "at 1 CV": "1"}
        await pilot.press("3")
        await pilot.press(key_for(app, "IN Infantry"))
        await pilot.pause()
        assert "IN Infantry" in labels(app)                     # the menu stays in the tier
        await pilot.press(key_for(app, "IN Infantry"))          # and the 3 CV tier is full
        await pilot.pause()
        assert [u.cv for u in game.state.forces["Anna"].units] == [3, 3]
        assert "at 3 CV" not in labels(app)
        assert {label: key for key, label, _ in menu(app).items()} == {"at 2 CV": "2", "at 1 CV": "1"}
        await pilot.press("2")
        await pilot.press(key_for(app, "EN Engineers"))
        await pilot.pause()
        assert game.log[-1] == AddUnit("Anna", "EN", 2)

"""The terminal app under fast keys, resizes and disk faults: one test per fault found by
driving it from outside (issue 8, item 3). Keys are typed with ``type_fast``: each key is
handed to the app at once, as a terminal does, without waiting for the one before to settle.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

import random

from rules.fallblau import Attack, new_game as new_fallblau
from rules.toi import new_game as new_toi
from rules.victory import new_game as new_victory
from tui import storage
from tui.app import TooSmallScreen, WartableApp
from tui.game_screen import PassScreen
from tui.launcher import LauncherScreen
from tui.fallblau.screen import FallBlauScreen, ResolutionScreen
from tui.replay import ReplayScreen
from tests.support.keys import type_fast
from tests.support.screens import flat, key_for, labels, stack

GENERALS = ("hoth", "paulus", "ruoff")
SIZE = (80, 24)


def notes(app) -> list[tuple[str, str]]:
    return [(n.severity, n.message) for n in app._notifications]


# ==========================================================================================
# Fast keys
# ==========================================================================================
async def test_a_key_typed_with_the_one_that_opens_a_resolution_waits_for_that_screen():
    """`1` `1` slowly (Advance, then its first entry), then `1` and `a` together: the attack
    opens 'What happens' and `a` (show all) used to reach it before it was built (NoMatches:
    '#resolution-body'). Now `a` waits for the screen and shows everything."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "1")
        assert "Attack!" in labels(app)[0]
        await type_fast(app, ["1", "a"])
        await pilot.pause(0.2)
        assert isinstance(game.log[-1], Attack)
        assert isinstance(app.screen, ResolutionScreen), stack(app)
        assert app.screen.shown == len(app.screen.events)      # `a` showed them all
        assert "press space or q to continue" in flat(app)
        await pilot.press("q")
        assert isinstance(app.screen, FallBlauScreen)


async def test_a_late_highlight_from_before_an_undo_does_not_reach_the_odds():
    """`1` `1`, Down, Enter, then `q` `u` together: the menu's highlight of an Attack! from
    before the undo used to arrive after it and ask for the odds of a card no longer on the
    map (AttributeError in odds.py). A late message is dropped; the odds follow the menu."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "1", "down", "enter")
        commands = len(game.log)
        await type_fast(app, ["q", "u"])
        await pilot.pause(0.2)
        assert len(game.log) == commands - 1                  # the undo happened
        assert isinstance(app.screen, FallBlauScreen)
        await pilot.press("1", "1")                            # and play goes on
        assert len(game.log) == commands


async def test_a_late_choice_from_a_menu_that_changed_is_not_played():
    """Two choices typed together from the same menu level: the second was meant for the menu
    the first one leads to, so it is not played from the old one."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")                                 # Advance: the Generals
        await type_fast(app, ["1", "1"])
        await pilot.pause(0.2)
        assert app._exception is None and isinstance(app.screen, (FallBlauScreen, ResolutionScreen))
        assert not any(sev == "error" for sev, _ in notes(app)), notes(app)


async def test_a_launcher_entry_typed_twice_together_opens_its_screen_once():
    """The second key's choice arrives when the first has already opened the new screen: it
    is dropped, instead of opening a second copy on top."""
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_fast(app, [key_for(app, "Load a save")] * 2)
        await pilot.pause(0.2)
        assert stack(app) == ["LauncherScreen", "SavesScreen"]
        await pilot.press("q")
        assert stack(app) == ["LauncherScreen"]


# ==========================================================================================
# The too-small notice
# ==========================================================================================
async def test_a_screen_pushed_while_the_notice_is_up_goes_beneath_it():
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 20)
        assert isinstance(app.screen, TooSmallScreen)
        app.push_screen(PassScreen("the other player"))
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen), stack(app)
        assert "Please enlarge the window." in flat(app)
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, PassScreen), stack(app)
        assert "TooSmallScreen" not in stack(app)


async def test_a_resolution_opened_while_the_notice_is_up_never_leaves_the_notice_stuck():
    """A choice typed just before a shrink is played after the notice is up: its 'What
    happens' screen used to land above the notice, which then stayed at 80x24 for good."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "1")
        screen = app.screen
        attack = next(c for c in game.legal() if isinstance(c, Attack))
        await pilot.resize_terminal(60, 20)
        screen.play(attack)                                    # the late choice
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen), stack(app)
        assert "ResolutionScreen" in stack(app)
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, ResolutionScreen), stack(app)
        assert "TooSmallScreen" not in stack(app)
        assert "Please enlarge" not in flat(app)
        await pilot.resize_terminal(70, 24)                    # and it follows every resize
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.press("a", "q")
        assert isinstance(app.screen, FallBlauScreen), stack(app)


# ==========================================================================================
# Replay
# ==========================================================================================
def _played(game, commands: int, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(commands):
        game.apply(rng.choice(game.legal()))
    return game


async def _replay_from_the_launcher(pilot, name: str) -> ReplayScreen:
    app = pilot.app
    await pilot.press(key_for(app, "Replay a save"))
    await pilot.press(key_for(app, name))
    assert isinstance(app.screen, ReplayScreen), (stack(app), notes(app))
    return app.screen


async def test_replay_steps_through_a_tide_of_iron_save_with_its_own_log():
    """'Replay a save' on a Tide of Iron save used to crash ('TideOfIron' object has no
    attribute 'missions_mode'): it shows the campaign's sheet, cards and log instead."""
    game = _played(new_toi(players=("Anna", "Ben")), 5)
    storage.save_named(game, "toi five")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        replay = await _replay_from_the_launcher(pilot, "toi five")
        assert f"Replay of 'toi five': command 0 of {len(game.log)}" in flat(app)
        assert "Ramming Speed" in flat(app)
        await pilot.press("e")
        assert replay.at == len(game.log)
        last = game.events[-1].text
        assert " ".join(last.split())[:30] in flat(app)
        await pilot.press("p", "g", "q")
        assert isinstance(app.screen, LauncherScreen) and app._exception is None


async def test_replay_steps_through_a_victory_save_with_its_own_log():
    game = _played(new_victory(seed=2, players=("Axis", "Allies"), mode="duel"), 30)
    storage.save_named(game, "victory thirty")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        replay = await _replay_from_the_launcher(pilot, "victory thirty")
        assert "Victory: The Blocks of War" in flat(app)
        for _ in range(len(game.log)):
            await pilot.press("n")
        assert replay.at == len(game.log)
        assert f"command {len(game.log)} of {len(game.log)}" in flat(app)
        assert "battle" in flat(app)
        await pilot.press("q")
        assert app._exception is None

"""Replay of a Roads to Stalingrad save (issue 11, playtest finding 8), driven by keys at 80x24:
an unfinished game is replayed as both sides may see it (no hand, no face-down choice or
discard, series 4.2.2 and 4.2.3c); a finished one in full, hands included."""

from __future__ import annotations

from rules.roads import commands as c
from tests.support.roads import bot_game_commands, replayed
from tests.support.screens import flat, key_for, stack
from tui import storage
from tui.app import WartableApp

SIZE = (80, 24)
SEED = 3


async def open_replay(pilot, app, name: str) -> None:
    await pilot.press(key_for(app, "Replay a save"))
    await pilot.pause()
    await pilot.press(key_for(app, name))
    await pilot.pause()
    assert stack(app)[-1] == "ReplayScreen"


def secrets(game) -> set[str]:
    """Names of the cards in either hand that the log has never named."""
    told = " ".join(e.text for e in game.events)
    return {game.card_name(k) for side in ("axis", "soviet") for k in game.view(side).hand
            if game.card_name(k) not in told}


async def test_an_unfinished_game_replays_only_what_both_sides_see():
    log = bot_game_commands(SEED)
    discard = next(i for i, cmd in enumerate(log) if isinstance(cmd, c.DiscardCard))
    game = replayed(SEED, discard + 1)          # the discard is the save's last command
    assert game.outcome is None
    storage.save_named(game, "roads unfinished")
    hidden = secrets(game)
    assert hidden
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_replay(pilot, app, "roads unfinished")
        replay = app.screen
        choose = next(i for i, cmd in enumerate(log) if isinstance(cmd, c.Choose))
        replay.at = choose
        replay.action_step(0)
        await pilot.pause()
        text = flat(app)
        assert "choose Card or Map, face down" in text
        assert "Choose Card" not in text and "Choose Map" not in text
        replay.at = discard
        replay.action_step(0)
        await pilot.pause()
        text = flat(app)
        assert "discard a card face down" in text
        assert game.card_name(log[discard].card) not in text
        await pilot.press("e")
        text = flat(app)
        assert f"command {discard + 1} of {discard + 1}" in text
        assert "hand (the game is over)" not in text
        for name in hidden:
            assert name not in text
        await pilot.press("q")
        assert stack(app)[-1] == "LauncherScreen"


async def test_a_finished_game_replays_in_full_with_the_hands():
    game = replayed(SEED)
    assert game.outcome is not None
    storage.save_named(game, "roads done")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_replay(pilot, app, "roads done")
        replay = app.screen
        first = next(i for i, cmd in enumerate(game.log) if isinstance(cmd, c.Choose))
        replay.at = first
        replay.action_step(0)
        await pilot.pause()
        assert f"next: {game.describe(game.log[first])}" in flat(app)
        await pilot.press("e")
        await pilot.pause()
        replay.query_one("#replay-board").scroll_end(animate=False)
        await pilot.pause()
        assert "(the end of the save)" in flat(app)
        from tests.support.screens import shown
        assert "hand (the game is over)" in shown(app, replay.query_one("#replay-map"))

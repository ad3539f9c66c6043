"""A seated player is never handed the launcher (issue 13: a join code opens one seat of one
game and nothing else): closing the end screen of a hosted game ends the session."""

from __future__ import annotations

import pytest

from tests.support.roads import replayed
from tui.serve import games
from tui.serve.seat import SeatApp

SIZE = (80, 24)


@pytest.fixture
def seats(tmp_path, monkeypatch):
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    return {s.side: s for s in games.create("roads", seed=3)}


async def test_a_seat_opens_on_its_game_and_plays_on(seats):
    app = SeatApp(seats["axis"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "SeatRoadsScreen"
        assert app.return_code is None                     # the seat plays on


async def test_closing_the_end_screen_of_a_hosted_game_ends_the_session(seats):
    games.write(seats["axis"], replayed(3))                # the bots' whole game: it is over
    app = SeatApp(seats["axis"])
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "RoadsEndScreen":
                break
        assert type(app.screen).__name__ == "RoadsEndScreen"
        await pilot.press("q")
        await pilot.pause(0.2)
        assert app.return_code == 0                        # the session ends with the seat's screen

"""A hosted seat opens on what the others did since its player last gave a command (issue 24
item 1: "since you last played", for every hosted game, from ``Game.events_since``), by Pilot
at 80x24; nothing is shown when there is nothing new."""

from __future__ import annotations

import random

import pytest

from tui import storage
from tui.serve import games
from tui.serve.seat import SeatApp

SIZE = (80, 24)


def others_play(seat: games.Seat, me: str, until, seed: int = 4) -> list:
    """Commands for the game (random legal ones) until ``until(game)``, none of them ``me``'s
    the last; the events the seat of ``me`` has not seen."""
    game = storage.load(seat.save_path)
    rng = random.Random(seed)
    for _ in range(400):
        if until(game) and game.acted and game.acted[-1][0] != me:
            break
        game.apply(rng.choice(list(game.legal())))
    games.write(seat, game)
    return game.events_since(me)


@pytest.mark.parametrize("game_id, options, me, until", [
    ("roads", {}, "axis", lambda g: g.to_act() == "axis" and "soviet" in {a for a, _ in g.acted}),
    ("toi", {"players": ("Anna", "Ben")}, "Anna",
     lambda g: "Anna" in {a for a, _ in g.acted} and g.state.to_act and g.player(g.state.to_act) == "Anna"),
    ("victory", {"players": ("Anna", "Ben")}, "Ben", lambda g: "Anna" in {a for a, _ in g.acted}),
])
async def test_a_seat_opens_on_what_happened_since_its_player_last_played(tmp_path, monkeypatch, game_id,
                                                                           options, me, until):
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    seats = {s.side: s for s in games.create(game_id, seed=3, **options)}
    unseen = others_play(seats[me], me, until)
    assert unseen
    app = SeatApp(seats[me])
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "SinceScreen":
                break
        assert type(app.screen).__name__ == "SinceScreen"
        assert app.screen.events == unseen
        title = str(app.screen.query_one("#rd-since-title").render())
        assert title == f"{seats[me].label}: since you last played"
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ != "SinceScreen"


async def test_a_new_game_opens_on_the_game_itself(tmp_path, monkeypatch):
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    seats = {s.side: s for s in games.create("roads", seed=3)}
    app = SeatApp(seats["axis"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        assert type(app.screen).__name__ == "SeatRoadsScreen"

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


async def test_the_since_screen_reads_from_a_clean_left_edge_at_80x24(tmp_path, monkeypatch, update_snapshots):
    """tests/tui/snapshots/since-roads-80x24.txt (rewrite with --update-snapshots -n 0). Each
    event starts at the box's left edge, or beside its mark (DICE, TURN, ...) when some event
    has one; a long one wraps under its own first word, never back to the edge."""
    from tests.tui.test_snapshots import SNAPSHOTS, check_golden, text_frame
    from tui.widgets.log_panel import MARKS
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("NO_COLOR", "1")
    seats = {s.side: s for s in games.create("roads", seed=3)}
    unseen = others_play(seats["axis"], "axis", lambda g: len(g.events_since("axis")) >= 12
                         and any(e.kind in MARKS for e in g.events_since("axis")) and g.to_act() == "axis")
    assert any(e.kind in MARKS for e in unseen)
    app = SeatApp(seats["axis"])
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "SinceScreen":
                break
        assert type(app.screen).__name__ == "SinceScreen"
        frame = text_frame(app)
    rows = frame.splitlines()
    top = next(i for i, r in enumerate(rows) if "since you last played" in r)
    body = [r for r in rows[top + 2:] if r.lstrip().startswith("│") and r.strip("│ ▁▂▃▄▅▆▇█")]
    assert len(body) >= 10
    edge = body[0].index("│") + 2                    # the border, one column of padding
    words = {w.strip() for w, _ in MARKS.values()}
    for row in body:
        inner = row[edge:]
        first = inner.split()[0]
        assert (first in words and inner.startswith(first)) or inner.startswith(" " * 5) and not inner[5] == " ", row
    problem = check_golden(SNAPSHOTS / "since-roads-80x24.txt", frame, update_snapshots, tmp_path)
    assert problem is None, problem

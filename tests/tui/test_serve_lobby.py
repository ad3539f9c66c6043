"""The lobby's screens (tui/serve/lobby.py), by Pilot at 80x24: your games with yours to play
first, open seats taken, a new hosted game of each game with its options, the name asked once."""

from __future__ import annotations

import pytest

from tests.support.club import club  # noqa: F401  (the fixture)
from tui.serve import hosted
from tui.serve.lobby import LobbyApp

SIZE = (80, 24)


def menu(app) -> list[str]:
    return [label for _, label, _ in app.screen.query_one("CommandMenu").items()]


async def test_your_games_come_first_with_yours_to_play_marked(club):
    s, root = club
    waiting = hosted.new_game(s, "roads", {}, "Bob", "axis", {}, True)
    hosted.take(s, root, waiting, "soviet", "Ann")          # Bob (Axis) to play
    mine = hosted.new_game(s, "roads", {}, "Cy", "axis", {}, True)
    hosted.take(s, root, mine, "soviet", "Ann")
    s.set_turn(mine, ("soviet",), "The Axis attacks Voronezh.", False)
    hosted.new_game(s, "toi", hosted.default_options("toi"), "Bob", "german", {}, True)
    app = LobbyApp(s, root, "key-a", "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = menu(app)
        assert labels[0].startswith("* Roads to Stalingrad: Soviet v Cy") and "YOUR TURN" in labels[0]
        assert "Bob to play" in labels[1]
        assert any(l.startswith("Open: Tide of Iron") for l in labels)
        assert labels[-3:] == ["New hosted game", "Solo play (the launcher)", "Quit"]
        assert "1 game waiting for you" in str(app.screen.query_one("#lobby-title").render())
        assert "The Axis attacks Voronezh." in str(app.screen.query_one("#lobby-info").render())
        # the game passes to Ann elsewhere: the open lobby marks it at once
        s.set_turn(waiting, ("soviet",), "Bob moved.", False)
        await pilot.pause(1.3)
        assert "2 games waiting for you" in str(app.screen.query_one("#lobby-title").render())


async def test_an_open_seat_is_taken_and_the_game_starts_with_both_names(club):
    s, root = club
    game_id = hosted.new_game(s, "toi", hosted.default_options("toi"), "Bob", "german", {}, True)
    app = LobbyApp(s, root, "key-a", "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        at = next(i for i, l in enumerate(menu(app)) if l.startswith("Open:"))
        await pilot.press(*["down"] * at, "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmScreen"       # a seat for the whole game: asked first
        assert s.game(game_id).seat_of("Ann") is None
        await pilot.press("y")
        await pilot.pause()
        row = s.game(game_id)
        assert row.started and {x.player for x in row.seats} == {"Ann", "Bob"}
        assert not any(l.startswith("Open:") for l in menu(app))
        assert any("Tide of Iron: Soviet v Bob" in l for l in menu(app))


@pytest.mark.parametrize("game, presses, options", [
    ("roads", [], {}),
    ("toi", ["start", "double"], {"double": True}),
    ("victory", ["mode", "players"], {"mode": "round-robin", "players": 4}),
])
async def test_a_new_hosted_game_takes_each_games_options_and_a_kept_seat(club, game, presses, options):
    s, root = club
    app = LobbyApp(s, root, "key-a", "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * menu(app).index("New hosted game"), "enter")
        await pilot.pause()
        while not menu(app)[0].endswith(hosted.TITLES[game]):
            await pilot.press("home", "enter")
            await pilot.pause()

        async def choose(prefix: str):
            index = next(i for i, l in enumerate(menu(app)) if l.startswith(prefix))
            await pilot.press("home", *["down"] * index, "enter")
            await pilot.pause()
        names = {"start": "First scenario", "double": "Double", "mode": "Mode", "players": "Players"}
        for what in presses:
            await choose(names[what])
        await choose(next(l for l in menu(app) if "seat: open" in l))
        await pilot.press(*"Bob", "enter")
        await pilot.pause()
        assert any("kept for Bob" in l for l in menu(app))
        await choose("Host the game")
        assert s.games_of("Ann") == []                            # asked first
        await pilot.press("y")
        await pilot.pause()
        row, = s.games_of("Ann")
        assert row.game == game and not row.started
        for k, v in options.items():
            assert row.options[k] == v
        assert sum(1 for x in row.seats if x.reserved == "Bob") == 1
        assert [r.id for r in s.open_games("Bob")] == [row.id]
        assert s.open_games("Cy") == ([] if len(row.seats) == 2 else [s.game(row.id)])


async def test_a_key_without_a_good_name_is_asked_once(club):
    s, root = club
    app = LobbyApp(s, root, "key-new", "")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Bob", "enter")           # another player's
        await pilot.pause()
        assert "taken by another player" in str(app.screen.query_one("#lobby-problem").render())
        app.screen.query_one("#lobby-name").value = ""
        await pilot.press(*"Dee", "enter")
        await pilot.pause()
        assert app.me == "Dee" and s.player_of_key("key-new").name == "Dee"
        assert "wartable lobby · Dee" in str(app.screen.query_one("#lobby-title").render())


async def test_the_lobby_at_80x24_reads_as_its_golden_frame(club, monkeypatch, update_snapshots, tmp_path):
    """tests/tui/snapshots/lobby-80x24.txt; rewrite with --update-snapshots -n 0."""
    from tests.tui.test_snapshots import SNAPSHOTS, check_golden, text_frame
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    s, root = club
    hosted.new_game(s, "victory", {"mode": "team", "players": 4}, "Ann", "axis-1", {"allied-1": "Bob"}, True)
    hosted.new_game(s, "toi", {"start": hosted.toi_scenarios()[1], "double": True, "standalone": False},
                    "Cy", "soviet", {}, True)
    app = LobbyApp(s, root, "key-a", "Ann")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frame = text_frame(app)
    problem = check_golden(SNAPSHOTS / "lobby-80x24.txt", frame, update_snapshots, tmp_path)
    assert problem is None, problem


async def test_tide_of_iron_marks_a_player_only_while_the_game_waits_on_them(club):
    """Set-up, battle and result are entered at the players' own table: nobody's turn. In a
    Red October Status Phase both buy at once: each is marked until done; in the Campaign Phase
    the side to act alone."""
    from rules.toi.commands import BeginBattle, ConfirmResult, DonePurchasing, EndBattle, SetInitiative, StatusPhase
    from tui import storage
    from tui.serve import games, lobby, notices

    s, root = club

    def hosted_toi(start: str):
        game_id = hosted.new_game(s, "toi", {"start": start, "double": False, "standalone": False},
                                  "Ann", "german", {}, True)
        seat = hosted.seat_of(root, hosted.take(s, root, game_id, "soviet", "Bob"), "Ann")

        def after(*commands) -> tuple[bool, bool, str]:
            game = storage.load(seat.save_path)
            for cmd in commands:
                game.apply(cmd)
            games.write(seat, game)
            s.set_turn(game_id, *notices.read_turn(seat.save_path))
            now = s.game(game_id)
            return now.waits_for("Ann"), now.waits_for("Bob"), lobby.whose(now, "Ann")
        return after

    after = hosted_toi("red-october")
    assert after() == (False, False, "at the table")                     # the set-up
    assert after(BeginBattle()) == (False, False, "at the table")
    assert after(StatusPhase(2)) == (True, True, "YOUR TURN")            # both buy at once
    assert after(DonePurchasing("german")) == (False, True, "Bob to play")
    assert after(DonePurchasing("soviet")) == (False, False, "at the table")   # the battle goes on
    assert after(EndBattle()) == (False, False, "at the table")          # result entry
    assert after(SetInitiative("german"), ConfirmResult()) == (False, False, "over")   # the last scenario

    after = hosted_toi("order-227")
    ann, bob, _ = after(BeginBattle(), EndBattle(), SetInitiative("german"), ConfirmResult())
    assert (ann, bob) == (False, True)                                   # the Soviet loser's penalty
    app = LobbyApp(s, root, "key-b", "Bob")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = menu(app)
        assert labels[0].startswith("* Tide of Iron: Soviet v Ann") and "YOUR TURN" in labels[0]
        assert any("Tide of Iron: Soviet v Ann · over" in l for l in labels)

"""Spectators of hosted games (issue 24 item 3): a live, read-only seat that shows only what both
sides may see. Whole games are played with a spectator attached, and every frame it draws is
checked against both sides' secrets; the keys of a spectator change nothing; games made without
spectators have no watch code."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from rules.roads.bots import BOTS
from tests.support.campaigns import PROGRESS, choose
from tests.support.screens import flat, frame, stack, until
from tests.support.spectating import Said, everything_shown, move, roads_secrets, victory_secrets, watched
from tui import storage
from tui.serve import games, spectator
from tui.serve.spectator import SpectatorApp

SIZE = (80, 24)


def _seat_of(seats, side):
    return next(s for s in seats if s.side == side)


FRAME_EVERY = 10      # commands between two looks at the frame on screen as well


async def _watch_whole_game(monkeypatch, seats, watch, pick, secrets_of) -> int:
    """Play the game in the save to its end with ``pick(game)``, the spectator attached; after
    every command the spectator follows the save, and each frame it draws (everything its
    status, board and log were given, as text, scrolled into sight or not) is checked against
    ``secrets_of(game)``; every few commands, and at the end, the frame on screen as well (a
    layout at 80x24 costs tens of milliseconds: at every one of a thousand commands the test
    would run for minutes). The number of frames checked."""
    monkeypatch.setattr(spectator, "POLL", 3600.0)     # the test makes it follow, once a command
    game = storage.load(watch.save_path)
    app = SpectatorApp(watch)
    said = Said()
    checked = 0
    log_from = 0          # the log's lines checked already (a secret never was public before)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.pause()
        while True:
            on_screen = len(game.log) % FRAME_EVERY == 0 or game.outcome is not None
            if on_screen:
                await pilot.pause(0)      # the screen lays the frame out (not waiting for an idle CPU)
                assert f"command {len(game.log)}" in frame(app)
            text = everything_shown(app, with_frame=on_screen, log_from=log_from)
            log_from = max(0, len(screen.query_one("#watch-log").lines) - 3)    # a wrapped line may grow
            assert f"command {len(game.log)}" in text
            for secret in secrets_of(game, said.of(game)):
                assert secret not in text, f"the spectator saw {secret!r} after command {len(game.log)}"
            checked += 1
            if game.outcome is not None:
                break
            cmd = pick(game)
            move(_seat_of(seats, pick.side_of(game, cmd)), game, cmd)
            drawn = screen.frames
            screen._follow()
            assert screen.frames == drawn + 1
        assert "the game is over" in flat(app)
    return checked


class RoadsBots:
    """The computer (the heuristic bots) on both sides of a hosted Roads game."""

    def __init__(self, seed: int) -> None:
        self.bots = {s: BOTS["heuristic"](seed) for s in ("axis", "soviet")}

    def __call__(self, game):
        return self.bots[game.to_act()].choose(game)

    @staticmethod
    def side_of(game, cmd) -> str:
        return game.to_act()

    def _first(self, game, n: int) -> list:
        """The next ``n`` commands the computer would give, from a copy of ``game``."""
        from rules.core.save import dumps
        copy = storage.load_text(dumps(game))
        out = []
        for _ in range(n):
            out.append(self(copy))
            copy.apply(out[-1])
        return out


class RandomPlay:
    """Random legal play (the campaigns' bot; ``push``: how often it takes a command that moves
    the game on, when there is one); the command's own player holds the seat."""

    def __init__(self, game_id: str, seed: int, push: float | None = None) -> None:
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.push = push

    def __call__(self, game):
        legal = game.legal()
        onward = [c for c in legal if isinstance(c, PROGRESS[self.game_id])]
        if self.push is not None and onward and self.rng.random() < self.push:
            return self.rng.choice(onward)
        return choose(self.game_id, self.rng, legal)

    @staticmethod
    def side_of(game, cmd) -> str:
        player = getattr(cmd, "player", None) or getattr(cmd, "side", None)
        if player in game_players(game):
            return player
        return game_players(game)[0]


def game_players(game) -> list[str]:
    return list(game.options["players"]) if game.game_id == "toi" else list(game.players)


# The whole games take up to a minute each on a loaded machine (a thousand commands, each
# written to the save with an fsync as a seat writes it): plain tests running their own loop,
# not under the two-minute limit of tests/tui/conftest.py's async tests, with the data folder
# in memory (/dev/shm) where there is one, so that the fsyncs cost nothing.

@pytest.fixture
def in_memory(monkeypatch):
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield
        return
    folder = Path(tempfile.mkdtemp(prefix="wartable-watch-", dir=shm))
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(folder))
    try:
        yield
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_spectator_of_a_whole_roads_game_of_the_computer_never_sees_a_secret(monkeypatch, in_memory):
    asyncio.run(_roads_whole_game(monkeypatch))


async def _roads_whole_game(monkeypatch):
    seats, watch = watched("roads", seed=3)
    seen: set[str] = set()

    def secrets(game, public):
        found = roads_secrets(game, public)
        seen.update(found)
        return found
    frames = await _watch_whole_game(monkeypatch, seats, watch, RoadsBots(3), secrets)
    assert frames > 100
    # the check had secrets to keep: cards in hand, drawn chits, a choice face down
    assert any(s.startswith("chose ") for s in seen)
    assert len(seen) > 20


def test_a_spectator_of_a_victory_round_robin_never_sees_a_battle_group(monkeypatch, in_memory):
    asyncio.run(_victory_whole_game(monkeypatch))


async def _victory_whole_game(monkeypatch):
    seats, watch = watched("victory", seed=5, mode="round-robin", players=("Anna", "Ben", "Cleo"))
    seen: set[str] = set()

    def secrets(game, public):
        found = victory_secrets(game, public)
        seen.update(found)
        return found
    frames = await _watch_whole_game(monkeypatch, seats, watch, RandomPlay("victory", 5, push=0.8), secrets)
    assert frames > 50
    assert len(seen) >= 3 * 10          # every player's Battle Group was secret for a while


async def test_a_spectator_follows_a_whole_tide_of_iron_game(monkeypatch):
    """Tide of Iron has no secret (its cards are face up): the spectator draws every command's
    position, the public view, as any seat's screen would show the board."""
    seats, watch = watched("toi", seed=4, players=("Anna", "Ben"))
    frames = await _watch_whole_game(monkeypatch, seats, watch, RandomPlay("toi", 4), lambda game, public: set())
    assert frames > 20


# -- the seat itself, by keys at 80x24 ---------------------------------------------------------
def _save_bytes(watch) -> bytes:
    return watch.save_path.read_bytes()


async def test_a_spectator_follows_the_seats_live_and_no_key_of_its_acts():
    seats, watch = watched("roads", seed=3)
    axis = _seat_of(seats, "axis")
    game = storage.load(watch.save_path)
    app = SpectatorApp(watch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = flat(app)
        assert "Watching Roads to Stalingrad" in text and "command 0" in text
        assert "q Leave" in text and "? Help" in text
        # every key a player would act with: nothing changes the game, the screen stays
        before = _save_bytes(watch)
        for key in list("abcdefghijklmnoprstuvwxyz0123456789") + ["enter", "space", "escape", "tab"]:
            await pilot.press(key)
        await pilot.pause()
        assert _save_bytes(watch) == before
        assert stack(app)[-1] == "SpectatorScreen"
        # the Axis moves at its own terminal: the spectator's screen follows by itself
        for cmd in RoadsBots(3)._first(game, 3):
            move(axis, game, cmd)
        await until(pilot, lambda: "command 3" in flat(app), seconds=10)
        # help, then back to the game; q leaves (the game goes on without the spectator)
        await pilot.press("question_mark")
        await pilot.pause()
        assert "never a hand" in flat(app)
        await pilot.press("q")
        await pilot.pause()
        assert stack(app)[-1] == "SpectatorScreen"
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (0, None)
    assert storage.load(watch.save_path).log == game.log


async def test_a_spectator_is_told_when_a_player_takes_a_command_back():
    seats, watch = watched("victory", seed=5, mode="round-robin", players=("Anna", "Ben", "Cleo"))
    anna = _seat_of(seats, "Anna")
    game = storage.load(watch.save_path)
    app = SpectatorApp(watch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        move(anna, game, next(c for c in game.legal() if type(c).__name__ == "AddUnit"))
        await until(pilot, lambda: "Anna adds a unit" in flat(app), seconds=10)
        unit = game.state.forces["Anna"].units[0]
        assert unit.id not in everything_shown(app)
        with games.locked(anna):
            assert game.undo()
            games.write(anna, game)
        await until(pilot, lambda: "took their last command back" in flat(app), seconds=10)
        assert "command 0" in flat(app)


async def test_a_save_that_cannot_be_read_is_told_and_the_last_frame_kept():
    seats, watch = watched("toi", seed=4, players=("Anna", "Ben"))
    app = SpectatorApp(watch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Watching Tide of Iron" in flat(app)
        watch.save_path.write_text("not a save")
        await until(pilot, lambda: "The game's save cannot be read" in flat(app), seconds=10)
        assert "Watching Tide of Iron" in flat(app)


# -- who may watch ---------------------------------------------------------------------------
def test_a_game_made_without_spectators_has_no_watch_code_and_cannot_be_watched():
    seats = games.create("roads", seed=1, spectators=False)
    folder = seats[0].game_dir
    assert games.watch_of(folder) is None
    assert games.watches_of(seats) == []
    with pytest.raises(SystemExit, match="may not be watched"):
        spectator.run_spectator(folder)
    open_seats, watch = watched("roads", seed=1)
    assert games.find_watch(watch.code) == watch
    # a watch code is no join code, and a join code no watch code
    assert games.find(watch.code) is None
    assert all(games.find_watch(s.code) is None for s in open_seats)
    assert games.find_watch("not a code") is None and games.find_watch(watch.code.upper() + " ") == watch
    assert [w.game_dir for w in games.all_watches()] == [watch.game_dir]
    # the lobby's entry, by the game's id: only a hosted game's own name, and only if watchable
    assert games.watch_by_id(watch.game_dir.name) == watch
    assert games.watch_by_id(folder.name) is None
    for hostile in ("..", "../games", "/etc", "", "x" * 41, "roads-12345678\n", ".roads-1", None):
        assert games.watch_by_id(hostile) is None


def test_serve_prints_the_watch_code_beside_the_join_codes_unless_told_not_to(capsys):
    from tui.cli import main
    assert main(["serve", "--new", "roads"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" seat")[0] for line in out[:2]] == ["Axis", "Soviet"]
    code = out[2].split("watch code ")[1]
    assert out[2].startswith("spectators of roads-") and games.find_watch(code) is not None
    assert main(["serve", "--new", "roads", "--no-spectators"]) == 0
    assert "watch code" not in capsys.readouterr().out


def test_join_under_openssh_takes_a_watch_code_to_the_spectator(monkeypatch, capsys):
    """`wartable join CODE` (OpenSSH's ForceCommand) with a watch code runs the spectator."""
    from tui.cli import main
    from tui.serve import child
    _seats, watch = watched("roads", seed=2)
    ran = []
    monkeypatch.setattr(child, "run_guarded", lambda run, what: ran.append(what) or 0)   # not the app itself
    assert main(["join", watch.code]) == 0
    assert ran == [f"spectator of {watch.game_dir.name} (wartable join)"]
    assert main(["join", "abcde-fghjk"]) == 1
    assert "no hosted game has that join code" in capsys.readouterr().err


SPECTATOR_CONFINED = r"""
import os, sys
from pathlib import Path
from tui.serve import child
game, other = Path(sys.argv[2]), Path(os.environ["OTHER_GAME"])
assert child.confine_player(sys.argv[1:]), "not confined"
print("reads", len((game / "game.json").read_text()) > 0)
for what, act in (("writes", lambda: (game / "game.json").write_text("x")),
                  ("makes", lambda: (game / "new").write_text("x")),
                  ("reads other", lambda: (other / "game.json").read_text())):
    try:
        act()
        print(what, "done")
    except PermissionError:
        print(what, "refused")
"""


def test_a_spectators_process_reads_its_game_and_may_write_none_of_it(wartable_data_dir):
    """Landlock (tui.serve.confine): the spectator entry reads its game's folder only, writes
    neither it nor any other game's."""
    from tui.serve.confine import abi
    if abi() < 1:
        pytest.skip("this kernel has no Landlock")
    _seats, watch = watched("roads", seed=1)
    other = games.create("roads", seed=2)[0].game_dir
    mine = wartable_data_dir / "serve" / "seats" / "watcher"
    mine.mkdir(parents=True)
    before = watch.save_path.read_bytes()
    env = dict(os.environ, WARTABLE_DATA_DIR=str(mine), HOME=str(mine), OTHER_GAME=str(other),
               WARTABLE_SERVE_LOGS=str(wartable_data_dir / "serve" / "logs"))
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", SPECTATOR_CONFINED, "spectator", str(watch.game_dir)],
                         env=env, cwd=root, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["reads True", "writes refused", "makes refused", "reads other refused"]
    assert watch.save_path.read_bytes() == before

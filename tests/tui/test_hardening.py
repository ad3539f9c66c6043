"""The terminal app under fast keys, resizes and disk faults: one test per fault found by
driving it from outside (issue 8, item 3). Keys are typed with ``type_fast``: each key is
handed to the app at once, as a terminal does, without waiting for the one before to settle.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

import errno
import io
import os
import random
import tempfile
import time
from pathlib import Path

import pytest

from rules.fallblau import Attack, EndTurn, new_game as new_fallblau
from rules.toi import new_game as new_toi
from rules.victory import new_game as new_victory
from tui import cli, storage
from tui.app import TooSmallScreen, WartableApp
from tui.game_screen import PassScreen
from tui.launcher import LauncherScreen
from tui.fallblau.screen import FallBlauScreen, ResolutionScreen
from tui.fallblau.plain import run_plain
from tui.replay import ReplayScreen
from tui.saves_screens import SavesScreen
from tests.support.keys import type_fast
from tui.widgets.command_menu import CommandMenu
from tests.support.screens import flat, key_for, stack
from tests.support.rules import finished_fallblau
from tests.tui.test_confirm_and_fit import late_game

GENERALS = ("hoth", "paulus", "ruoff")
SIZE = (80, 24)


def notes(app) -> list[tuple[str, str]]:
    return [(n.severity, n.message) for n in app._notifications]


# ==========================================================================================
# Fast keys
# ==========================================================================================
async def test_a_key_typed_with_the_one_that_opens_a_resolution_waits_for_that_screen():
    """Late in a campaign, End the turn, Enter (confirm it) and `a` together: the counter-
    attacks and draws open 'What happens' and `a` (show all) used to reach it before it was
    built (NoMatches: '#resolution-body'). Now `a` waits for the screen and shows everything.
    (An attack's short result stays in the log at 80x24: the end of a late turn is long.)"""
    game = late_game()
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        end_turn = key_for(app, "End the turn")
        await type_fast(app, [end_turn, "enter", "a"])
        for _ in range(50):                 # a loaded machine may take a while to mount it
            await pilot.pause(0.1)
            if isinstance(app.screen, ResolutionScreen) and app.screen.is_mounted \
                    and app.screen.shown == len(app.screen.events):
                break
        assert isinstance(game.log[-1], EndTurn)
        assert isinstance(app.screen, ResolutionScreen), stack(app)
        assert app.screen.shown == len(app.screen.events)      # `a` showed them all
        for _ in range(150):                # and its frame is composed (a frame or more later;
            if "press space or q to continue" in flat(app):    # up to 15 s on a loaded machine)
                break
            await pilot.pause(0.1)
        assert "press space or q to continue" in flat(app)
        await pilot.press("q")
        assert isinstance(app.screen, FallBlauScreen)


async def test_a_late_highlight_from_before_an_undo_does_not_reach_the_odds():
    """`d` `1`, Down, Enter, then `q` `u` together: the menu's highlight of an Attack! from
    before the undo used to arrive after it and ask for the odds of a card no longer on the
    map (AttributeError in odds.py). A late message is dropped; the odds follow the menu."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "1", "down", "enter")
        commands = len(game.log)
        await type_fast(app, ["q", "u"])
        await pilot.pause(0.2)
        assert len(game.log) == commands - 1                  # the undo happened
        assert isinstance(app.screen, FallBlauScreen)
        await pilot.press("d", "1")                            # and play goes on
        assert len(game.log) == commands


async def test_a_late_choice_from_a_menu_that_changed_is_not_played():
    """Two choices typed together from the same menu level: the second was meant for the menu
    the first one leads to, so it is not played from the old one."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")                                 # Advance: the Generals
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
        await pilot.press("d", "1")
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


# ==========================================================================================
# A data directory that cannot be written or read
# ==========================================================================================
def _unwritable(monkeypatch, code: int) -> None:
    """Every write into the data directory fails as on a read-only or full disk."""
    def refuse(path, text):
        raise OSError(code, os.strerror(code), str(path))
    monkeypatch.setattr(storage, "write_atomic", refuse)


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC])
async def test_a_game_opens_and_plays_on_when_the_autosave_cannot_be_written(monkeypatch, code):
    """open_game used to call storage.autosave with no handling: the app crashed on a
    read-only or full data directory. The player is told once; play goes on."""
    _unwritable(monkeypatch, code)
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen)
        failed = [m for sev, m in notes(app) if sev == "error" and m.startswith("Autosave failed")]
        assert len(failed) == 1 and os.strerror(code) in failed[0], notes(app)
        assert "not being saved" in failed[0]
        await pilot.press("d", "1")                            # play goes on
        assert len(game.log) == 1
        assert len([m for _, m in notes(app) if m.startswith("Autosave failed")]) == 1   # told once
        monkeypatch.undo()                                     # the disk has room again
        await pilot.press(key_for(app, "Consolidate"))
        await pilot.press(app.screen.query_one(CommandMenu).items()[0][0])     # the first General
        assert ("information", "Autosave works again: the game is saved.") in notes(app)
        assert len(storage.load(storage.autosave_path()).log) == len(game.log) == 2


async def test_a_data_directory_that_is_a_file_lets_the_launcher_and_a_game_run(monkeypatch, tmp_path):
    afile = tmp_path / "not-a-folder"
    afile.write_text("x", encoding="utf-8")
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(afile))
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "Statistics"))
        assert "cannot be read" in flat(app) and "Not a directory" in flat(app)
        await pilot.press("q")
        await pilot.press(key_for(app, "New campaign: Fall Blau"), "1", "2", "3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen), stack(app)
        assert any(m.startswith("Autosave failed: Not a directory") for _, m in notes(app)), notes(app)
        game = app.screen.game
        await pilot.press("d", "1")
        assert len(game.log) == 1 and app._exception is None
    assert afile.read_text(encoding="utf-8") == "x"


def test_stats_with_a_data_directory_that_is_a_file_says_so(monkeypatch, tmp_path, capsys):
    afile = tmp_path / "not-a-folder"
    afile.write_text("x", encoding="utf-8")
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(afile))
    assert cli.main(["stats"]) == 1
    err = capsys.readouterr().err
    assert "wartable stats: The statistics file" in err and "cannot be read: Not a directory" in err


def _damaged_stats_on_a_read_only_disk(monkeypatch) -> bytes:
    path = storage.stats_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "wartable-stats", "games": [', encoding="utf-8")

    def refuse(src, dst):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(src))
    monkeypatch.setattr(storage.os, "replace", refuse)
    _unwritable(monkeypatch, errno.EROFS)
    return path.read_bytes()


def test_a_damaged_stats_file_on_a_read_only_disk_is_reported_and_left_as_it_is(monkeypatch, capsys):
    """It used to crash `wartable stats` (moving the damaged file aside failed)."""
    before = _damaged_stats_on_a_read_only_disk(monkeypatch)
    assert cli.main(["stats"]) == 1
    err = capsys.readouterr().err
    assert "is damaged" in err and "could not be moved aside (Read-only file system)" in err
    assert "left as it is" in err
    warning = storage.record_result(finished_fallblau())
    assert warning and "This result was not added to the statistics." in warning
    assert storage.stats_path().read_bytes() == before
    assert list(storage.data_dir().iterdir()) == [storage.stats_path()]


async def test_the_statistics_screen_reports_a_damaged_stats_file_on_a_read_only_disk(monkeypatch):
    before = _damaged_stats_on_a_read_only_disk(monkeypatch)
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "Statistics"))
        assert "No statistics to show." in flat(app) and "could not be moved aside" in flat(app)
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)
    assert storage.stats_path().read_bytes() == before


async def test_the_end_of_a_game_with_a_read_only_stats_file_says_the_result_was_not_recorded(monkeypatch):
    _damaged_stats_on_a_read_only_disk(monkeypatch)
    app = WartableApp(finished_fallblau())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        assert type(app.screen).__name__ == "EndScreen", stack(app)
        assert any("not added to the statistics" in m for _, m in notes(app)), notes(app)


def _unreadable_saves(monkeypatch) -> None:
    """The saves folder may not be read (its permissions): every look inside it is refused.
    (Simulated: the tests may run as root, whom permissions do not stop.)"""
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    storage.autosave(new_fallblau(seed=5, generals=GENERALS))
    real_stat, real_listdir = Path.stat, os.listdir

    def stat(self, *args, **kwargs):
        if self.parent == folder:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real_stat(self, *args, **kwargs)

    def listdir(path="."):
        if Path(path) == folder:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_listdir(path)
    monkeypatch.setattr(Path, "stat", stat)
    monkeypatch.setattr(storage.os, "listdir", listdir)


def test_resume_with_an_unreadable_saves_folder_says_so(monkeypatch, capsys):
    """It used to raise PermissionError out of `wartable resume`."""
    _unreadable_saves(monkeypatch)
    assert cli.main(["resume"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("wartable resume: The autosave (") and "cannot be read: Permission denied" in err


async def test_the_launcher_with_an_unreadable_saves_folder_says_so_and_goes_on(monkeypatch):
    _unreadable_saves(monkeypatch)
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "The saves folder" in flat(app) and "cannot be read: Permission denied" in flat(app)
        await pilot.press(key_for(app, "Resume the last game"))
        assert any(sev == "error" and "Permission denied" in m for sev, m in notes(app)), notes(app)
        await pilot.press(key_for(app, "Load a save"))
        assert isinstance(app.screen, SavesScreen) and "cannot be read" in flat(app)
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen) and app._exception is None


def test_plain_mode_never_says_the_game_is_kept_when_no_autosave_worked(monkeypatch):
    _unwritable(monkeypatch, errno.ENOSPC)
    out = io.StringIO()
    run_plain(new_fallblau(seed=5, generals=GENERALS), io.StringIO("1\nq\n"), out)
    text = out.getvalue()
    assert "Autosave failed: No space left on device" in text
    assert "kept in the autosave" not in text
    assert "Goodbye: the autosave failed, so this game is not kept." in text


# ==========================================================================================
# Temp files of a write killed midway
# ==========================================================================================
def _left_behind(folder: Path, name: str, age: float) -> Path:
    """A temp file as write_atomic makes it, as if its process was killed ``age`` s ago."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.write(fd, b'{"format": "wartable-save", "comm')
    os.close(fd)
    then = time.time() - age
    os.utime(tmp, (then, then))
    return Path(tmp)


def test_stale_temp_files_are_removed_and_fresh_ones_kept():
    """A process killed while saving leaves `.autosave.json.*.tmp`; nothing removed them.
    Only files older than a minute go: a newer one may be being written right now."""
    old = [_left_behind(storage.saves_dir(), "autosave.json", 120),
           _left_behind(storage.saves_dir(), "my game.json", 3600),
           _left_behind(storage.data_dir(), "stats.json", 61),
           _left_behind(storage.exports_dir(), "toi-setup-sheet-20260101-120000.md", 500)]
    fresh = _left_behind(storage.saves_dir(), "autosave.json", 5)
    keep = [storage.saves_dir() / "autosave.json", storage.saves_dir() / ".notes.tmp.json"]
    for path in keep:
        path.write_text("{}", encoding="utf-8")
    assert sorted(storage.remove_stale_temp_files()) == sorted(old)
    assert not any(p.exists() for p in old)
    assert fresh.exists() and all(p.exists() for p in keep)


async def test_the_app_removes_stale_temp_files_when_it_starts():
    old = [_left_behind(storage.saves_dir(), "autosave.json", 120) for _ in range(3)]
    fresh = _left_behind(storage.saves_dir(), "autosave.json", 0)
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not any(p.exists() for p in old) and fresh.exists()


def test_plain_mode_removes_stale_temp_files_when_it_starts():
    old = _left_behind(storage.saves_dir(), "autosave.json", 120)
    run_plain(new_fallblau(seed=5, generals=GENERALS), io.StringIO("q\n"), io.StringIO())
    assert not old.exists()
    assert [p.name for p in storage.saves_dir().iterdir()] == ["autosave.json"]


async def test_a_late_call_to_show_the_end_after_an_undo_took_it_back_does_nothing():
    """A finished game shows its end after the first refresh; `u` typed at once could take the
    last command back first, and the end screen then read an outcome of None (found by the
    fuzz test). The late call finds the game going on and shows nothing."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.show_end()                                  # as if the end had been undone
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen), stack(app)
        assert app._exception is None


async def test_enter_typed_twice_in_the_save_name_box_saves_once_and_pops_nothing_else():
    """Found by the key fuzz test: the second Enter's Submitted arrived after the first had
    closed the box, and its dismiss popped the screen beneath (at last the launcher:
    ScreenStackError)."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", *"twice")
        await type_fast(app, ["enter", "enter"])
        await pilot.pause(0.2)
        assert app._exception is None
        assert stack(app) == ["LauncherScreen", "FallBlauScreen"]
        assert (storage.saves_dir() / "twice.json").exists()


async def test_an_app_that_panics_ends_with_exit_code_1():
    """Textual's panic (its input thread failed, say) ends an app with exit code 0; ours with 1,
    so `wartable` and a hosted session's exit status say it failed."""
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.panic("the test's panic")
    assert app.return_code == 1

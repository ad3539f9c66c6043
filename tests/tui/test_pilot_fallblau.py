"""The Fall Blau app driven by real key presses (Textual Pilot, 80x24).

Every test presses keys a player would press and reads what the player would see: the
current screen, the menu entries ("[key] label") and the characters of the frame. Menu keys
are looked up from the visible labels (``CommandMenu.items()``), never hard-wired to a
position, so a reordered menu does not break the tests.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from textual.widgets import Input

from rules.core.save import dumps
from rules.fallblau import Advance, Attack, Consolidate, new_game
from rules.fallblau.help import load_help, topics_for
from rules.registry import load_save
from tui import storage
from tui.app import TooSmallScreen, WartableApp
from tui.replay import ReplayScreen
from tui.fallblau.screen import (
    EndScreen,
    FallBlauScreen,
    HelpScreen,
    LogScreen,
    ResolutionScreen,
    SaveNameScreen,
)
from tui.launcher import LauncherScreen
from tui.new_game import NewFallBlauScreen
from tui.saves_screens import SavesScreen, StatsScreen
from tui.widgets.command_menu import MENU_KEYS, CommandMenu
from tui.widgets.confirm import ConfirmScreen
from tests.tui.test_confirm_and_fit import late_game
from tests.support.screens import frame, flat, menu, key_for, passed_through, stack

ROOT = Path(__file__).resolve().parents[2]
GENERALS = ("hoth", "paulus", "ruoff")
SIZE = (80, 24)


# ==========================================================================================
# Helpers: what the player sees, and the keys to reach it
# ==========================================================================================
def notes(app) -> list[tuple[str, str]]:
    """(severity, message) of every notification raised so far."""
    return [(n.severity, n.message) for n in app._notifications]


async def close_resolutions(pilot) -> None:
    """Confirm (Enter) what the screen asks, then close 'What happens' screens with their keys
    (a: show all, q: close)."""
    for _ in range(20):
        if isinstance(pilot.app.screen, ConfirmScreen):
            await pilot.press("enter")
        elif isinstance(pilot.app.screen, ResolutionScreen):
            await pilot.press("a", "q")
        else:
            return
    raise AssertionError("a ResolutionScreen does not close with a, q")


async def choose(pilot, *labels: str) -> None:
    """Walk the command menu by the keys shown in front of the labels, then settle."""
    for label in labels:
        if not passed_through(pilot.app, label):
            await pilot.press(key_for(pilot.app, label))
    await close_resolutions(pilot)


def fresh(seed: int = 5, generals=GENERALS, **options):
    return new_game(seed=seed, generals=generals, **options)


def finished(seed: int = 3):
    game = fresh(seed)
    rng = random.Random(seed)
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
    return game


def autosaved_commands() -> int:
    return len(json.loads(storage.autosave_path().read_text(encoding="utf-8"))["commands"])


# ==========================================================================================
# A new campaign from the launcher
# ==========================================================================================
async def test_new_campaign_from_the_launcher_with_chosen_generals_modes_and_seed():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert key_for(app, "New campaign") == "1"
        await pilot.press("1")
        assert isinstance(app.screen, NewFallBlauScreen)
        assert "Pick three Generals to start." in frame(app)

        await pilot.press("1", "2", "3")                       # Hoth, Kleist, Paulus
        text = frame(app)
        assert "Hermann Hoth" in text and "-> position 1" in text
        assert "-> position 3" in text and "[Enter] start the campaign" in text

        await pilot.press("h", "m")
        assert "Hard Mode: ON" in frame(app) and "Missions Mode: ON" in frame(app)
        await pilot.press("m")                                # toggled back off
        assert "Hard Mode: ON" in frame(app) and "Missions Mode: off" in frame(app)

        await pilot.press("e")
        assert app.screen.query_one(Input).has_focus
        await pilot.press(*"4242")
        await pilot.press("enter")                            # submits the seed
        assert not app.screen.query_one(Input).has_focus
        assert "seed: 4242" in frame(app)
        assert isinstance(app.screen, NewFallBlauScreen)

        await pilot.press("enter")                            # starts the campaign
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen)
        game = app.screen.game
        assert game.seed == 4242
        assert game.options["generals"] == ["hoth", "kleist", "paulus"]
        assert game.hard is True and game.missions_mode is False
        assert list(game.state.slots) == ["hoth", "kleist", "paulus"]
        assert game.digest() == new_game(seed=4242, generals=("hoth", "kleist", "paulus"), hard=True).digest()
        assert "Hoth" in frame(app) and "Kleist" in frame(app) and "Paulus" in frame(app)
        assert storage.autosave_path().exists()
        assert stack(app) == ["LauncherScreen", "FallBlauScreen"]


async def test_new_campaign_needs_three_generals_and_a_second_press_takes_one_back():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "New campaign"))
        await pilot.press("4", "5", "4")                      # Ruoff, Salmuth, Ruoff taken back
        screen = app.screen
        assert screen.picked == ["salmuth"]
        await pilot.press("enter")
        assert isinstance(app.screen, NewFallBlauScreen)
        assert any("Pick three Generals first" in m for _, m in notes(app))
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)


# ==========================================================================================
# A whole game by key presses
# ==========================================================================================
async def test_a_whole_seeded_game_by_keys_reaches_the_end_screen_and_records_stats():
    seed = 2
    game = fresh(seed)
    app = WartableApp(game=game)
    rng = random.Random(seed)
    presses = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(2000):
            screen = app.screen
            if isinstance(screen, EndScreen):
                break
            if isinstance(screen, ResolutionScreen):
                await pilot.press("a", "q")
                presses += 2
                continue
            if isinstance(screen, ConfirmScreen):
                await pilot.press(rng.choice(["enter", "enter", "y", "escape"]))   # Esc: asked again
                presses += 1
                continue
            assert isinstance(screen, FallBlauScreen), f"unexpected screen {stack(app)}"
            items = screen.query_one(CommandMenu).items()
            assert items, "the menu is empty while the game goes on"
            assert all(key in MENU_KEYS for key, _label, _leaf in items)
            end_turn = [key for key, label, _leaf in items if label == "End the turn"]
            if end_turn and rng.random() < 0.4:
                key = end_turn[0]
            elif screen.query_one(CommandMenu).depth and rng.random() < 0.15:
                key = "q"                                    # climb back up the menu
            else:
                key = rng.choice(items)[0]
            await pilot.press(key)
            presses += 1
        else:
            pytest.fail(f"no end after {presses} key presses; {len(game.log)} commands")

        outcome = game.outcome
        assert outcome is not None
        text = flat(app)
        title = {"brilliant": "BRILLIANT VICTORY", "victory": "VICTORY", "defeat": "DEFEAT"}[outcome.level]
        assert title in text
        assert f"Final score: {outcome.vp} VP ({outcome.track} on the track" in text
        assert f"Needed: {outcome.victory_at} for a Victory, {outcome.brilliant_at} for a Brilliant Victory" in text
        assert f"seed {seed}" in text

        rows, warning = storage.stats_summary()
        assert warning is None
        assert rows == [{"game": "fallblau", "mode": "standard", "played": 1, "won": int(outcome.won),
                         "brilliant": int(outcome.level == "brilliant"), "best_vp": outcome.vp}]
        saved = storage.last_game()
        assert saved.digest() == game.digest() and saved.outcome == outcome

        await pilot.press("q")                                # back to the launcher
        assert isinstance(app.screen, LauncherScreen)


# ==========================================================================================
# Undo
# ==========================================================================================
async def test_undo_takes_back_a_consolidate():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before, supply = game.digest(), game.state.supply
        await choose(pilot, "Consolidate", "Hermann Hoth")
        assert isinstance(game.log[-1], Consolidate)
        assert game.digest() != before and game.state.supply > supply
        assert autosaved_commands() == 1

        await pilot.press("u")
        assert game.digest() == before
        assert game.log == []
        assert "UNDO" in frame(app)
        assert autosaved_commands() == 0                     # the autosave follows the undo
        assert key_for(app, "Consolidate")                   # the menu is the start's again


async def test_keys_remapped_in_the_config_file_take_effect():
    """The [keys] table of config.toml remaps the screen keys: here undo moves from u to ctrl+z."""
    storage.config_path().parent.mkdir(parents=True, exist_ok=True)
    storage.config_path().write_text('[keys]\nundo = "ctrl+z"\n', encoding="utf-8")
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = game.digest()
        await choose(pilot, "Consolidate", "Hermann Hoth")
        assert game.digest() != before
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert game.digest() == before


async def test_undo_after_an_attack_changes_nothing_and_says_why():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Advance", "Hermann Hoth")
        assert isinstance(game.log[-1], Advance)
        await choose(pilot, "Attack!")
        assert isinstance(game.log[-1], Attack)
        after = game.digest()
        commands = len(game.log)

        await pilot.press("u")
        assert game.digest() == after and len(game.log) == commands
        assert ("warning", "Cannot undo past a roll, a draw or the start of the game.") in notes(app)
        assert isinstance(app.screen, FallBlauScreen)


# ==========================================================================================
# Resume after the process died
# ==========================================================================================
async def resume_from_launcher(pilot) -> FallBlauScreen:
    app = pilot.app
    assert isinstance(app.screen, LauncherScreen)
    await pilot.press(key_for(app, "Resume the last game"))
    await pilot.pause()
    assert isinstance(app.screen, FallBlauScreen), stack(app)
    return app.screen


async def test_resume_after_the_app_was_dropped_mid_game():
    game = fresh(6)
    rng = random.Random(6)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while len(game.log) < 6 and game.outcome is None:
            await pilot.press(rng.choice(menu(app).items())[0])
            await close_resolutions(pilot)
        saved_digest = game.digest()
        commands = len(game.log)
        # What a kill leaves: the file as it is now, whatever a clean exit would do later.
        on_disk = storage.autosave_path().read_bytes()
    storage.autosave_path().write_bytes(on_disk)

    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"{commands} commands" in frame(app)            # the launcher names the game
        screen = await resume_from_launcher(pilot)
        assert screen.game.digest() == saved_digest
        assert len(screen.game.log) == commands


def _read_into(stream, sink: list[str]) -> None:
    while chunk := stream.read(1):
        sink.append(chunk)


def play_plain_then_kill_9(numbers: list[str]) -> None:
    """Run the plain game in a child process, give it ``numbers`` one by one (each time waiting
    for the next prompt), then kill it with SIGKILL: no clean exit, no handler runs."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "fallblau", "--plain", "--seed", "5",
         "--generals", "hoth,paulus,ruoff"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        encoding="utf-8", cwd=ROOT, env=env)
    out: list[str] = []
    reader = threading.Thread(target=_read_into, args=(proc.stdout, out), daemon=True)
    reader.start()
    prompt = "Command (number, u, s NAME, p, r, !, ?, q): "

    def wait_prompts(n: int) -> None:
        deadline = time.monotonic() + 30
        while "".join(out).count(prompt) < n:
            assert proc.poll() is None, "".join(out)
            assert time.monotonic() < deadline, "".join(out)[-2000:]
            time.sleep(0.01)

    try:
        wait_prompts(1)
        for given, number in enumerate(numbers, start=1):
            proc.stdin.write(number + "\n")
            proc.stdin.flush()
            wait_prompts(given + 1)
    finally:
        proc.kill()                                           # SIGKILL
        proc.wait(timeout=10)
        reader.join(timeout=10)
        proc.stdin.close()
        proc.stdout.close()
    assert proc.returncode == -9


async def test_resume_after_kill_9_of_the_plain_game():
    numbers = ["1", "2", "1", "3\ny"]          # 3: Hoth's grey cube for readiness, asked first: y
    play_plain_then_kill_9(numbers)

    expected = fresh(5)
    for number in numbers:
        expected.apply(expected.legal()[int(number.split()[0]) - 1])
    saved = json.loads(storage.autosave_path().read_text(encoding="utf-8"))
    assert len(saved["commands"]) == len(numbers)
    assert saved["digest"] == expected.digest()

    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await resume_from_launcher(pilot)
        assert screen.game.digest() == expected.digest()
        assert screen.game.log == expected.log


# ==========================================================================================
# A corrupt autosave
# ==========================================================================================
async def test_a_corrupt_autosave_is_reported_and_left_as_it_is():
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    garbage = b'{"format": "wartable-save", "version": 1, "game": "fallb\x00\xff\xfe garbage'
    path.write_bytes(garbage)
    app = WartableApp()
    async with app.run_test(size=SIZE, notifications=True) as pilot:   # toasts drawn
        await pilot.pause()
        assert "The autosave cannot be read" in flat(app)
        await pilot.press(key_for(app, "Resume the last game"))
        await pilot.pause()
        errors = [m for sev, m in notes(app) if sev == "error"]
        assert errors, notes(app)
        assert "The autosave" in errors[-1] and "cannot be loaded, and was left as it is" in errors[-1]
        assert "damaged" in errors[-1]                        # says what is wrong with it
        assert isinstance(app.screen, LauncherScreen) and app.is_running
        await pilot.press(key_for(app, "Statistics"))         # the app still works
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)
    assert path.read_bytes() == garbage


async def test_a_truncated_autosave_is_reported_and_left_as_it_is():
    game = fresh(5)
    game.apply(game.legal()[0])
    path = storage.autosave_path()
    path.parent.mkdir(parents=True)
    cut = dumps(game)[:100].encode()
    path.write_bytes(cut)
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "Resume the last game"))
        errors = [m for sev, m in notes(app) if sev == "error"]
        assert errors and "cannot be loaded" in errors[-1], notes(app)
        assert isinstance(app.screen, LauncherScreen) and app.is_running
    assert path.read_bytes() == cut


# ==========================================================================================
# Help
# ==========================================================================================
async def test_help_shows_the_topics_for_the_decision_at_hand_and_r_the_rules():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        expected = [t.title for t in topics_for(game)]
        assert [t.title for t in app.screen.topics] == expected
        text = flat(app)
        assert "Help: what you are deciding" in text
        assert expected[0] in text and "u undo" in text
        await pilot.press("q")
        assert isinstance(app.screen, FallBlauScreen)

        await pilot.press("r")
        assert isinstance(app.screen, HelpScreen)
        assert [t.title for t in app.screen.topics] == [t.title for t in load_help().values()]
        assert "Rules reference" in flat(app)
        await pilot.press("down", "pagedown")                # scrolls, does not close
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
        assert isinstance(app.screen, FallBlauScreen)


async def test_help_during_a_pending_decision_is_about_that_decision():
    game = fresh(1, generals=("hoth", "kleist", "paulus"))  # Kleist peeks at the deck first
    assert game.state.decision is not None
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        titles = [t.title for t in app.screen.topics]
        assert titles == [t.title for t in topics_for(game)]
        orders = [t.title for t in topics_for(fresh(5))]
        assert titles != orders                                # not the general orders help
        assert titles[0] in flat(app)
        await pilot.press("q")
        assert isinstance(app.screen, FallBlauScreen)


# ==========================================================================================
# Too small a terminal
# ==========================================================================================
async def test_resizing_back_and_forth_keeps_the_game_and_blocks_keys_while_too_small():
    """What holds whatever the size handling lags: ends at two small sizes show the notice,
    ends at two big sizes remove it; nothing crashes, nothing is lost, no key leaks through.
    (Each size is given twice in a row so that this test does not depend on the lag bug below.)"""
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        digest = game.digest()
        await pilot.resize_terminal(60, 20)
        await pilot.resize_terminal(59, 20)
        assert isinstance(app.screen, TooSmallScreen), stack(app)
        assert "Please enlarge the window." in flat(app) and "wartable needs 80x24" in flat(app)
        assert "Orders" not in frame(app)                     # nothing else is drawn
        await pilot.press("1", "u", "s", "q")                 # nothing reaches the game
        assert game.digest() == digest and isinstance(app.screen, TooSmallScreen)

        await pilot.resize_terminal(100, 30)
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, FallBlauScreen) and app.screen.game is game
        assert "TooSmallScreen" not in stack(app)
        assert game.digest() == digest

        sizes = [(40, 10), (80, 23), (120, 40), (10, 3), (80, 24), (79, 23), (200, 60), (1, 1),
                 (79, 24), (80, 24), (30, 50), (300, 5)]
        for size in sizes:
            await pilot.resize_terminal(*size)
        await pilot.resize_terminal(79, 23)
        await pilot.resize_terminal(79, 23)
        assert isinstance(app.screen, TooSmallScreen), stack(app)
        assert stack(app).count("TooSmallScreen") == 1
        await pilot.resize_terminal(80, 24)
        await pilot.resize_terminal(80, 24)
        assert stack(app) == ["LauncherScreen", "FallBlauScreen"]
        assert game.digest() == digest
        await choose(pilot, "Consolidate", "Hermann Hoth")   # still playable
        assert isinstance(game.log[-1], Consolidate)


async def test_one_resize_below_80x24_shows_the_notice_and_one_back_removes_it():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        digest = game.digest()
        await pilot.resize_terminal(60, 20)
        assert isinstance(app.screen, TooSmallScreen), stack(app)
        assert "Please enlarge the window." in flat(app)
        assert "wartable needs 80x24, this is 60x20." in flat(app)
        await pilot.resize_terminal(79, 24)
        assert "this is 79x24" in flat(app)
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, FallBlauScreen) and app.screen.game is game
        assert "TooSmallScreen" not in stack(app) and game.digest() == digest


async def test_starting_below_80x24_shows_the_notice_and_growing_removes_it():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen), stack(app)
        await pilot.resize_terminal(80, 24)
        await pilot.resize_terminal(80, 24)                   # twice: not the lag bug above
        assert isinstance(app.screen, FallBlauScreen) and app.screen.game is game
        assert "TooSmallScreen" not in stack(app)


# ==========================================================================================
# Named saves, loading and replay
# ==========================================================================================
async def test_save_by_name_then_load_and_replay_it_from_the_launcher():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Advance", "Hermann Hoth")
        await choose(pilot, "Consolidate", "Richard Ruoff")
        await choose(pilot, "Attack!")
        saved_digest, saved_log = game.digest(), list(game.log)
        assert len(saved_log) == 3

        await pilot.press("s")
        assert isinstance(app.screen, SaveNameScreen)
        await pilot.press(*"before Rostov")
        await pilot.press("enter")
        assert isinstance(app.screen, FallBlauScreen)
        assert ("information", "Saved as 'before Rostov' (before Rostov.json).") in notes(app)
        assert (storage.saves_dir() / "before Rostov.json").exists()

        await choose(pilot, "End the turn")                   # the game moves on past the save
        assert game.digest() != saved_digest

        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press(key_for(app, "Load a save"))
        assert isinstance(app.screen, SavesScreen)
        labels = [label for _k, label, _leaf in menu(app).items()]
        assert any(label.startswith("before Rostov · fallblau · 3 commands") for label in labels), labels
        assert any(label.startswith("autosave · fallblau") for label in labels), labels
        await pilot.press(key_for(app, "before Rostov"))
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen)
        assert app.screen.game.digest() == saved_digest and app.screen.game.log == saved_log

        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press(key_for(app, "Replay a save"))
        assert isinstance(app.screen, SavesScreen)
        await pilot.press(key_for(app, "before Rostov"))
        assert isinstance(app.screen, ReplayScreen)
        replay = app.screen

        def at() -> int:
            text = flat(app)
            assert f"Replay of 'before Rostov': command {replay.at} of 3" in text
            return replay.at

        assert at() == 0 and "next: " in flat(app)
        await pilot.press("n")
        assert at() == 1
        await pilot.press("right")
        assert at() == 2
        await pilot.press("p")
        assert at() == 1
        await pilot.press("left", "left")                     # not below the start
        assert at() == 0
        await pilot.press("e")
        assert at() == 3
        assert load_save(Path(storage.saves_dir() / "before Rostov.json").read_text(), upto=3).digest() == saved_digest
        await pilot.press("right")                            # not past the end
        assert at() == 3
        await pilot.press("g")
        assert at() == 0
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)


async def test_an_empty_save_name_cancels_without_esc():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SaveNameScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, FallBlauScreen)
        assert [p for p in storage.saves_dir().glob("*.json") if p.name != "autosave.json"] == []


async def test_a_bad_save_name_is_refused_with_a_reason():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.press(*"a/b", "enter")
        assert isinstance(app.screen, FallBlauScreen)
        errors = [m for sev, m in notes(app) if sev == "error"]
        assert errors and "letters, digits, spaces" in errors[-1]


# ==========================================================================================
# Every screen is usable without Esc: q goes back
# ==========================================================================================
async def test_q_goes_back_from_every_launcher_screen_and_quits_from_the_launcher():
    storage.save_named(fresh(5), "one")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for label, kind in [("New campaign", NewFallBlauScreen), ("Load a save", SavesScreen),
                            ("Replay a save", SavesScreen), ("Statistics", StatsScreen)]:
            await pilot.press(key_for(app, label))
            assert isinstance(app.screen, kind), (label, stack(app))
            await pilot.press("q")
            assert isinstance(app.screen, LauncherScreen), (label, stack(app))
        for game_name, title in [("Campaign: Fall Blau", "Rules reference: Campaign: Fall Blau"),
                                 ("Roads to Stalingrad", "Rules reference: Roads to Stalingrad"),
                                 ("Tide of Iron", "Rules reference: Tide of Iron, Stalingrad campaign"),
                                 ("Victory campaign", "Rules reference: Victory campaign")]:
            await pilot.press(key_for(app, "Rules and cards"))      # every game's, from the launcher
            await pilot.press(key_for(app, game_name))
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and title in flat(app), (game_name, stack(app))
            await pilot.press("q")
            assert isinstance(app.screen, LauncherScreen), (game_name, stack(app))
            if menu(app).depth:
                await pilot.press("q")                            # up from the game list
        # the seed box of a new campaign: Enter leaves it (empty keeps the seed), then q
        await pilot.press(key_for(app, "New campaign"), "e")
        assert app.screen.query_one(Input).has_focus
        await pilot.press("enter", "q")
        assert isinstance(app.screen, LauncherScreen), stack(app)

        await pilot.press(key_for(app, "Replay a save"))
        await pilot.press(key_for(app, "one"))
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0


async def test_q_goes_back_from_every_game_screen():
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, kind in [("question_mark", HelpScreen), ("r", HelpScreen), ("l", LogScreen)]:
            await pilot.press(key)
            assert isinstance(app.screen, kind), key
            await pilot.press("q")
            assert isinstance(app.screen, FallBlauScreen), key

        # the menu: q climbs one level at a time, then leaves the game for the launcher
        await pilot.press(key_for(app, "Advance"))
        assert menu(app).depth == 1
        assert "(q: back)" in frame(app)
        await pilot.press("q")
        assert menu(app).depth == 0 and isinstance(app.screen, FallBlauScreen)

        # a command that rolls: the confirmation, then the 'What happens' screen closes with q
        await choose(pilot, "Advance", "Hermann Hoth")
        await pilot.press(key_for(app, "Attack!"))
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("q")                               # q says no, as Esc does
        assert isinstance(app.screen, FallBlauScreen) and not isinstance(game.log[-1], Attack)
        await pilot.press(key_for(app, "Attack!"), "enter")
        assert isinstance(game.log[-1], Attack)
        assert isinstance(app.screen, FallBlauScreen)          # a short result: in the log

        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)
        assert storage.last_game().digest() == game.digest()   # left by q, kept by the autosave

    # a long result (the end of a late turn) is stepped through; q closes 'What happens'
    app = WartableApp(game=late_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "End the turn"), "enter")
        assert isinstance(app.screen, ResolutionScreen)
        await pilot.press("q")
        assert isinstance(app.screen, FallBlauScreen)


async def test_space_steps_through_what_happens_until_it_closes():
    game = late_game()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "End the turn"), "enter")      # counter-attacks, draws
        assert isinstance(app.screen, ResolutionScreen)
        for _ in range(len(game.events) + 2):
            if not isinstance(app.screen, ResolutionScreen):
                break
            await pilot.press("space")
        assert isinstance(app.screen, FallBlauScreen)


async def test_q_and_enter_leave_the_end_screen_and_l_shows_the_log():
    game = finished(3)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        await pilot.press("q")
        assert isinstance(app.screen, EndScreen)
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen), stack(app)

        await pilot.press(key_for(app, "Resume the last game"))   # the finished game
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, LauncherScreen), stack(app)


async def press_command(pilot, command) -> None:
    """Give ``command`` by the keys of its menu path (as the player would find it)."""
    from tui.fallblau.menu import menu_entries

    game = pilot.app.screen.game
    _title, entries = menu_entries(game)
    path = next(p for p, cmd in entries if cmd == command)
    for depth in range(len(path)):
        items = menu(pilot.app).items()
        leaf = " · ".join(path[depth:])
        for key, label, is_leaf in items:
            if (is_leaf and label == leaf) or (not is_leaf and label == path[depth]):
                await pilot.press(key)
                if is_leaf:
                    if isinstance(pilot.app.screen, ConfirmScreen):
                        await pilot.press("enter")
                    return
                break
        else:
            raise AssertionError(f"{path[depth]!r} is not in the menu {items}")
    raise AssertionError(f"no leaf for {path}")


async def test_a_game_killed_on_its_last_resolution_screen_is_recorded_when_resumed():
    whole = finished(3)
    last = whole.log[-1]
    game = fresh(3)
    for cmd in whole.log[:-1]:
        game.apply(cmd)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press_command(pilot, last)
        assert game.outcome is not None
        assert isinstance(app.screen, ResolutionScreen)          # the last roll is on screen
        assert storage.last_game().outcome == game.outcome       # the autosave has the end
        assert storage.stats_summary()[0] == []                   # the stats do not, yet
        # the process dies here: the resolution screen is never closed

    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "Resume the last game"))
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        rows, _ = storage.stats_summary()
        assert [r["played"] for r in rows] == [1]


# ==========================================================================================
# A decision whose answers read alike
# ==========================================================================================
async def test_kleist_peek_with_two_copies_of_a_card_can_be_answered_by_keys():
    game = new_game(seed=1, generals=("kleist", "hoth", "paulus"),
                    deck=["luftwaffe_support-1", "nachschub", "luftwaffe_support-2"])
    assert game.state.decision is not None and game.state.decision.kind == "peek"
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        items = menu(app).items()
        assert any(is_leaf for _k, _label, is_leaf in items), items
        await pilot.press(items[0][0])
        await close_resolutions(pilot)
        assert len(game.log) == 1 and (game.state.decision is None or game.state.decision.kind != "peek")


# ==========================================================================================
# The hint (!)
# ==========================================================================================
async def test_bang_shows_the_hint_with_its_reasons_and_changes_nothing():
    """`!` at 80x24: the best next order, where it is in the menu and why, in words a screen
    reader reads (no colour carries anything); any closing key leaves the game as it was; the
    order it names is there to give with the keys it shows."""
    from rules.fallblau.hint import hint
    from tui.fallblau.hint import HintScreen
    game = fresh(5)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = game.digest()
        expected = hint(game)
        for close in ("enter", "escape", "q", "exclamation_mark"):
            await pilot.press("exclamation_mark")
            assert isinstance(app.screen, HintScreen)
            text = flat(app)
            assert f"Hint: {expected.order}." in text, text
            assert expected.reasons[0][:40] in text
            assert f"({expected.rule})" in text
            await pilot.press(close)
            assert isinstance(app.screen, FallBlauScreen)
        assert game.digest() == before and game.log == []
        # the keys the hint names give its order
        await pilot.press("exclamation_mark")
        assert "In the menu: Advance (d) > Hermann Hoth (1) > Voronezh" in flat(app)
        await pilot.press("escape")
        await pilot.press("d", "1")             # one card, one way: the rest is passed through
        await close_resolutions(pilot)
        assert game.log[-1] == expected.command

"""The `wartable` command (tui.cli): fallblau, resume, load, stats, sim, and lazy imports.

No Textual here: where a command would open a screen, a stand-in `tui.app` module records the call.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import types
from datetime import date
from pathlib import Path

import pytest

from rules.core.save import dumps
from rules.fallblau import new_game
from tui import cli, storage

ROOT = Path(__file__).resolve().parents[2]
GENERALS = ("hoth", "paulus", "ruoff")


def python(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """Run ``python <args>`` from the repo root, in the test's data directory."""
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ), timeout=120)


@pytest.fixture
def fake_app(monkeypatch):
    """A stand-in for tui.app: records run_launcher() and run_game(game) calls."""
    calls: list = []
    module = types.ModuleType("tui.app")
    module.run_launcher = lambda: calls.append(("launcher",)) or 0
    module.run_game = lambda game: calls.append(("fallblau", game)) or 0
    module.run_save = lambda path, game_id, commands, what: calls.append(("save", path, game_id, commands)) or 0
    monkeypatch.setitem(sys.modules, "tui.app", module)
    return calls


def plain_main(monkeypatch, argv: list[str], stdin: str = "q\n") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return cli.main(argv)


# -- sim ------------------------------------------------------------------------------------
def test_sim_three_games(capsys):
    assert cli.main(["sim", "fallblau", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 games, greedy bot, standard mode")
    for words in ("win (Victory or better)", "Brilliant Victory", "loss", "mean VP"):
        assert words in out


def test_sim_plays_by_the_hint(capsys):
    """--bot hint: the bot that follows the Fall Blau hint every turn (rules/fallblau/hint.py)."""
    assert cli.main(["sim", "fallblau", "--games", "3", "--bot", "hint", "--hard"]) == 0
    assert capsys.readouterr().out.startswith("3 games, hint bot, Hard mode")


def test_sim_refuses_zero_games(capsys):
    assert cli.main(["sim", "fallblau", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err


# -- fallblau ----------------------------------------------------------------------------------
def test_new_plain_game_with_options(monkeypatch, capsys):
    assert plain_main(monkeypatch, ["fallblau", "--plain", "--seed", "42", "--generals", "kleist,salmuth,paulus",
                                    "--hard", "--missions"]) == 0
    out = capsys.readouterr().out
    assert "Campaign: Fall Blau, Hard Mode + Missions Mode, seed 42" in out
    game = storage.last_game()
    assert game.seed == 42
    assert game.options == {"generals": ["kleist", "salmuth", "paulus"], "hard": True, "missions": True}


def test_the_default_generals(monkeypatch):
    assert plain_main(monkeypatch, ["fallblau", "--plain", "--seed", "1"]) == 0
    assert storage.last_game().options["generals"] == list(GENERALS)


def test_random_generals_come_from_the_seed(monkeypatch):
    assert plain_main(monkeypatch, ["fallblau", "--plain", "--seed", "1234", "--random-generals"]) == 0
    assert storage.last_game().options["generals"] == new_game(seed=1234).options["generals"]


def test_without_a_seed_one_is_drawn(monkeypatch):
    assert plain_main(monkeypatch, ["fallblau", "--plain"]) == 0
    assert isinstance(storage.last_game().seed, int)


def test_daily_uses_the_date_and_prints_it(monkeypatch, capsys):
    assert cli.daily_seed(date(2025, 3, 9)) == 20250309
    assert plain_main(monkeypatch, ["fallblau", "--plain", "--daily"]) == 0
    out = capsys.readouterr().out
    seed = storage.last_game().seed
    assert seed == int(date.today().strftime("%Y%m%d")) or seed == cli.daily_seed()   # midnight
    assert f"seed {seed}." in out.splitlines()[0]


@pytest.mark.parametrize("generals, words", [
    ("hoth,paulus,rommel", "unknown General(s): rommel"),
    ("hoth,paulus", "needs three different Generals"),
    ("hoth,hoth,paulus", "needs three different Generals"),
])
def test_bad_generals(generals, words, capsys):
    assert cli.main(["fallblau", "--plain", "--generals", generals]) == 2
    err = capsys.readouterr().err
    assert words in err and "kleist" in err
    assert storage.list_saves() == []


@pytest.mark.parametrize("argv", [
    ["fallblau", "--seed", "3", "--daily"],
    ["fallblau", "--generals", "hoth,paulus,ruoff", "--random-generals"],
    ["fallblau", "--seed", "x"],
])
def test_conflicting_or_malformed_options(argv, capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err


def test_without_plain_the_game_goes_to_the_textual_app(fake_app):
    assert cli.main(["fallblau", "--seed", "5"]) == 0
    (kind, game), = fake_app
    assert kind == "fallblau" and game.seed == 5 and game.options["generals"] == list(GENERALS)


def test_no_subcommand_opens_the_launcher(fake_app):
    assert cli.main([]) == 0
    assert fake_app == [("launcher",)]


# -- resume and load ------------------------------------------------------------------------------
def test_resume_with_no_save(capsys):
    assert cli.main(["resume", "--plain"]) == 1
    assert "there is no game to resume" in capsys.readouterr().err


def test_resume_with_no_save_as_a_program():
    result = python("-m", "tui.cli", "resume")
    assert result.returncode == 1
    assert "there is no game to resume" in result.stderr
    assert result.stdout == ""


def test_resume_a_corrupt_autosave_fails_clearly_and_leaves_the_file(capsys):
    game = new_game(seed=2, generals=GENERALS)
    game.apply(game.legal()[0])
    path = storage.autosave(game)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["commands"][0]["general"] = "kleist"                    # not in this game
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    assert cli.main(["resume", "--plain"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("wartable resume: The autosave")
    assert "edited or is damaged" in err
    assert path.read_bytes() == before


def test_resume_without_plain_opens_the_screen_on_the_autosave(fake_app):
    """The screen opens at once on the autosave; the game loads into it (tui.app.run_save)."""
    game = new_game(seed=2, generals=GENERALS)
    game.apply(game.legal()[0])
    path = storage.autosave(game)
    assert cli.main(["resume"]) == 0
    assert fake_app == [("save", path, "fallblau", 1)]


def test_load_without_plain_opens_the_screen_on_the_save(fake_app, tmp_path):
    game = new_game(seed=8, generals=GENERALS)
    for _ in range(3):
        game.apply(game.legal()[0])
    path = tmp_path / "mine.json"
    path.write_text(dumps(game), encoding="utf-8")
    assert cli.main(["load", str(path)]) == 0
    assert fake_app == [("save", str(path), "fallblau", 3)]


def test_load_without_plain_refuses_a_file_that_is_no_save_before_any_screen(fake_app, capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "wartable-save"', encoding="utf-8")
    assert cli.main(["load", str(path)]) == 1
    assert fake_app == []
    err = capsys.readouterr().err
    assert err.startswith(f"wartable load: {path}: ") and "truncated" in err


def test_load_a_save_in_plain_mode(monkeypatch, capsys, tmp_path):
    game = new_game(seed=8, generals=GENERALS)
    for _ in range(3):
        game.apply(game.legal()[0])
    path = tmp_path / "mine.json"
    path.write_text(dumps(game), encoding="utf-8")
    before = path.read_bytes()
    assert plain_main(monkeypatch, ["load", str(path), "--plain"]) == 0
    assert "seed 8" in capsys.readouterr().out
    assert storage.last_game().digest() == game.digest()        # it continues in the autosave
    assert path.read_bytes() == before


def test_load_a_missing_file(capsys, tmp_path):
    assert cli.main(["load", str(tmp_path / "none.json"), "--plain"]) == 1
    err = capsys.readouterr().err
    assert "none.json" in err and "no such save file" in err


# -- stats -----------------------------------------------------------------------------------
def test_stats_with_no_games(capsys):
    assert cli.main(["stats"]) == 0
    assert "No finished games yet." in capsys.readouterr().out


def test_stats_after_a_plain_game(monkeypatch, capsys):
    # y answers a confirmation (a roll, the end of the turn); given to the prompt it is refused
    assert plain_main(monkeypatch, ["fallblau", "--plain", "--seed", "3"], stdin="1\ny\n" * 2000) == 0
    capsys.readouterr()
    assert cli.main(["stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Game", "Mode", "Played", "Won", "Brilliant", "Best", "VP"]
    assert lines[1].split()[:3] == ["fallblau", "standard", "1"]


def test_stats_warns_about_a_damaged_file(capsys):
    storage.stats_path().parent.mkdir(parents=True)
    storage.stats_path().write_text("{", encoding="utf-8")
    assert cli.main(["stats"]) == 0
    captured = capsys.readouterr()
    assert "damaged" in captured.err and "No finished games yet." in captured.out


# -- lazy imports ------------------------------------------------------------------------------
NO_TEXTUAL = """
import sys
import tui.cli, tui.storage, tui.fallblau.plain, tui.fallblau.text
heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))
assert not heavy, heavy
print('clean')
"""


def test_importing_the_plain_modules_does_not_import_textual():
    result = python("-c", NO_TEXTUAL)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "clean"


LAUNCHER_IMPORTS = """
import sys
from tui import cli, storage
cli._parser().parse_args(sys.argv[1:])
import tui.app, tui.launcher
saves = storage.list_saves()
assert [s.ok for s in saves] == [True], saves
heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('attr', 'attrs', 'cattrs')
               or m.startswith(('rules.roads', 'rules.fallblau', 'rules.toi', 'rules.victory')))
assert not heavy, heavy
print('light')
"""


@pytest.mark.parametrize("argv", [[], ["load", "x.json"]])
def test_the_launcher_and_the_save_list_import_no_rules_and_no_attrs(argv):
    """The launcher's first frame (and a save's header, read before its screen) needs no game's
    rules, no attrs and no codec: those imports cost more than the 1.2x first-frame budget."""
    storage.autosave(new_game(seed=4, generals=GENERALS))
    result = python("-c", LAUNCHER_IMPORTS, *argv)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "light"


@pytest.mark.parametrize("argv", [[], ["resume"], ["load", "x.json"], ["load", "my save.json"]])
def test_the_commands_that_open_a_screen_are_read_as_argparse_reads_them(argv):
    """The launcher, `resume` and `load PATH` are read without argparse (a start-up's few
    milliseconds): the same arguments as argparse gives."""
    assert vars(cli._screen_args(argv)) == vars(cli._parser().parse_args(argv))


@pytest.mark.parametrize("argv", [["resume", "--plain"], ["load", "x.json", "--plain"], ["load", "-h"],
                                  ["load"], ["--help"], ["resume", "x"], ["fallblau"]])
def test_options_help_and_mistakes_are_left_to_argparse(argv):
    assert cli._screen_args(argv) is None


SCREEN_WITHOUT_ARGPARSE = """
import sys, types
from tui import cli
sys.modules["tui.app"] = types.SimpleNamespace(run_save=lambda *a: 0, run_launcher=lambda: 0)
assert cli.main(sys.argv[1:]) == 0
assert "argparse" not in sys.modules
print("quick")
"""


@pytest.mark.parametrize("argv", [[], ["resume"], ["load", "SAVE"]])
def test_opening_a_save_or_the_launcher_never_imports_argparse(argv):
    path = storage.autosave(new_game(seed=4, generals=GENERALS))
    result = python("-c", SCREEN_WITHOUT_ARGPARSE, *[str(path) if a == "SAVE" else a for a in argv])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "quick"


def test_sim_still_checks_the_roads_bot_names(capsys):
    with pytest.raises(SystemExit):
        cli.main(["sim", "roads", "--axis", "nobody"])
    assert "invalid choice: 'nobody'" in capsys.readouterr().err


PLAY_WITHOUT_TEXTUAL = """
import sys
from tui.cli import main
code = main(sys.argv[1:])
heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))
assert not heavy, heavy
sys.exit(code)
"""


@pytest.mark.parametrize("argv", [
    ["fallblau", "--plain", "--seed", "4"],
    ["resume", "--plain"],
    ["sim", "fallblau", "--games", "1"],
    ["stats"],
])
def test_plain_play_sim_and_stats_never_import_textual(argv):
    storage.autosave(new_game(seed=4, generals=GENERALS))
    result = python("-c", PLAY_WITHOUT_TEXTUAL, *argv, stdin="1\nq\n")
    assert result.returncode == 0, result.stderr


def test_plain_mode_refuses_a_save_of_another_game(monkeypatch, capsys):
    """Plain mode is Fall Blau's: a Tide of Iron save gets a clear message, not a crash."""
    from rules.toi import new_game as new_toi
    from tui import storage

    storage.autosave(new_toi(seed=1))
    assert cli.main(["resume", "--plain"]) == 2
    assert "plain mode is for Fall Blau" in capsys.readouterr().err


def test_sim_roads_prints_each_game_as_it_ends_then_the_summary(capsys):
    """Issue 12, item 5: a long sim gives its results as it goes (seed, winner, VP, commands,
    seconds), and the same command prints the same games (the AI's time cap is off)."""
    argv = ["sim", "roads", "--games", "2", "--axis", "random", "--soviet", "easy", "--seed", "5"]
    assert cli.main(argv) == 0
    first = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[:2] for line in first[:2]] == [["game 1/2", "seed 5"], ["game 2/2", "seed 6"]]
    assert all(line.endswith(" s") and " commands  " in line for line in first[:2])
    assert first[2] == "2 games, Axis random against Soviet easy"
    assert cli.main(argv) == 0
    again = capsys.readouterr().out.splitlines()
    assert [line.rsplit("  ", 1)[0] for line in again[:2]] == [line.rsplit("  ", 1)[0] for line in first[:2]]
    assert again[2:] == first[2:]


def test_sim_help_says_the_roads_ai_plays_without_its_time_cap(capsys):
    with pytest.raises(SystemExit):
        cli.main(["sim", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--timed" in out and "searches without its time cap" in out

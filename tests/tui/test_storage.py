"""tui.storage: the data directory, autosave and named saves, the saves list, loading,
statistics and the key settings. Every test runs in its own WARTABLE_DATA_DIR (tests/conftest.py)."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from rules.core.errors import SaveError
from rules.core.save import dumps
from rules.fallblau import new_game
from tui import storage

GENERALS = ("hoth", "paulus", "ruoff")


def fresh(seed: int = 7, **options):
    return new_game(seed=seed, generals=GENERALS, **options)


def played(seed: int = 7, commands: int = 5, **options):
    game = fresh(seed, **options)
    for _ in range(commands):
        game.apply(game.legal()[0])
    return game


def finished(seed: int = 7, **options):
    game = fresh(seed, **options)
    while game.outcome is None:
        game.apply(game.legal()[0])
    return game


class Stub:
    """Just what record_result reads from a game: id, options, seed, log, outcome."""

    game_id = "fallblau"

    def __init__(self, level: str, vp: int, seed: int = 1, commands: int = 10, **options):
        class O:
            pass
        self.outcome = O()
        self.outcome.level, self.outcome.vp, self.outcome.won = level, vp, level != "defeat"
        self.options = {"generals": list(GENERALS), "hard": False, "missions": False, **options}
        self.seed = seed
        self.log = [None] * commands


# -- places -------------------------------------------------------------------------------
def test_data_dir_follows_the_environment(wartable_data_dir, monkeypatch, tmp_path):
    assert storage.data_dir() == wartable_data_dir
    assert storage.saves_dir() == wartable_data_dir / "saves"
    assert storage.config_path() == wartable_data_dir / "config.toml"
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path / "elsewhere"))
    assert storage.data_dir() == tmp_path / "elsewhere"


def test_without_the_variable_platformdirs_decides(monkeypatch):
    import platformdirs
    monkeypatch.delenv("WARTABLE_DATA_DIR")
    assert storage.data_dir() == platformdirs.user_data_path("wartable")


def test_nothing_is_created_by_looking(wartable_data_dir):
    assert storage.list_saves() == []
    assert storage.last_game() is None
    assert storage.load_keymap() == storage.DEFAULT_KEYS
    assert not wartable_data_dir.exists()


# -- autosave and named saves ----------------------------------------------------------------
def test_autosave_and_last_game_round_trip(wartable_data_dir):
    game = played(commands=6)
    path = storage.autosave(game)
    assert path == wartable_data_dir / "saves" / "autosave.json"
    back = storage.last_game()
    assert back.digest() == game.digest()
    assert back.log == game.log
    assert back.seed == game.seed and back.options == game.options


def test_autosave_replaces_the_previous_one_and_leaves_no_temp_files():
    game = fresh()
    storage.autosave(game)
    game.apply(game.legal()[0])
    storage.autosave(game)
    assert storage.last_game().digest() == game.digest()
    assert sorted(p.name for p in storage.saves_dir().iterdir()) == ["autosave.json"]


def test_named_save_round_trip():
    game = played(commands=3)
    path = storage.save_named(game, "Before Stalingrad")
    assert path.name == "Before Stalingrad.json"
    assert storage.load(path).digest() == game.digest()


@pytest.mark.parametrize("name", ["a", "x" * 40, "Before Stalingrad", "turn-3_try 2", "Überfall 42"])
def test_good_save_names(name):
    assert storage.save_named(fresh(), name).stem == name


def test_a_save_name_is_stripped_of_surrounding_spaces():
    assert storage.save_named(fresh(), "  spaced  ").name == "spaced.json"


@pytest.mark.parametrize("name, words", [
    ("", "at least one character"),
    ("   ", "at least one character"),
    ("x" * 41, "at most 40 characters"),
    ("a/b", "only letters, digits, spaces, '-' and '_'"),
    ("..", "'.'"),
    ("save.json", "'.'"),
    ("tab\there", "'\\t'"),
    ("autosave", "the autosave uses it"),
    ("AutoSave", "the autosave uses it"),
    ("nul", "the system reserves it"),
])
def test_bad_save_names_are_refused_with_a_clear_message(name, words):
    with pytest.raises(ValueError) as info:
        storage.save_named(fresh(), name)
    assert words in str(info.value)
    assert not storage.saves_dir().exists() or list(storage.saves_dir().iterdir()) == []


# -- the saves list ----------------------------------------------------------------------------
def test_list_saves_newest_first_with_a_broken_file_listed_not_deleted():
    game = played(commands=4)
    auto = storage.autosave(game)
    named = storage.save_named(game, "older")
    broken = storage.saves_dir() / "broken.json"
    broken.write_text('{"format": "wartable-save", "vers', encoding="utf-8")
    stranger = storage.saves_dir() / "stranger.json"
    stranger.write_text('{"hello": 1}', encoding="utf-8")
    (storage.saves_dir() / "notes.txt").write_text("not a save", encoding="utf-8")
    now = datetime.now().timestamp()
    for age, path in enumerate([broken, auto, stranger, named]):
        os.utime(path, (now - 100 * age, now - 100 * age))
    before = broken.read_bytes()

    saves = storage.list_saves()
    assert [s.name for s in saves] == ["broken", "autosave", "stranger", "older"]
    by_name = {s.name: s for s in saves}
    assert by_name["autosave"].ok and by_name["autosave"].game_id == "fallblau"
    assert by_name["autosave"].commands == 4 and by_name["autosave"].path == auto
    assert isinstance(by_name["autosave"].modified, datetime)
    assert not by_name["broken"].ok and "JSON is broken" in by_name["broken"].problem
    assert not by_name["stranger"].ok and "not a wartable save file" in by_name["stranger"].problem
    assert broken.read_bytes() == before                       # listed, never changed
    with pytest.raises(AttributeError):
        by_name["older"].name = "x"                            # frozen


def test_list_saves_reports_a_newer_format_and_binary_junk():
    storage.saves_dir().mkdir(parents=True)
    doc = json.loads(dumps(fresh()))
    doc["version"] = 99
    (storage.saves_dir() / "future.json").write_text(json.dumps(doc), encoding="utf-8")
    (storage.saves_dir() / "junk.json").write_bytes(b"\xff\xfe\x00garbage")
    problems = {s.name: s.problem for s in storage.list_saves()}
    assert "newer wartable" in problems["future"]
    assert "damaged" in problems["junk"]


# -- loading -------------------------------------------------------------------------------
def test_load_a_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such save file"):
        storage.load(tmp_path / "nope.json")


def test_load_a_folder(tmp_path):
    with pytest.raises(SaveError, match="folder"):
        storage.load(tmp_path)


def test_load_never_modifies_the_file():
    path = storage.save_named(played(commands=5), "keep")
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    storage.load(path)
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime


def test_a_tampered_save_is_refused_with_the_core_message():
    path = storage.save_named(played(commands=5), "edited")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["digest"] = "0" * 64
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError, match="changed after wartable wrote it"):
        storage.load(path)
    assert path.read_bytes() == before


def test_a_corrupt_autosave_gives_save_error_and_stays_byte_for_byte():
    path = storage.autosave(played(commands=5))
    damaged = path.read_bytes()[:-40]                # truncated, as by a full disk
    path.write_bytes(damaged)
    with pytest.raises(SaveError) as info:
        storage.last_game()
    message = str(info.value)
    assert "autosave" in message and "left as it is" in message and "JSON is broken" in message
    assert path.read_bytes() == damaged
    assert [s.ok for s in storage.list_saves()] == [False]


# -- keeping the game in progress before another takes the autosave ---------------------------
def _no_full_load(monkeypatch):
    def refuse(path):
        raise AssertionError("the autosave was loaded (a replay) to tell whether it is in progress")
    monkeypatch.setattr(storage, "load", refuse)


def test_an_unfinished_autosave_is_kept_under_its_games_name_without_loading_it(monkeypatch):
    storage.autosave(played(commands=5))
    _no_full_load(monkeypatch)
    name = storage.keep_in_progress()
    assert name is not None and name.startswith("in-progress-fallblau-")
    assert not storage.autosave_path().exists()
    assert [s.name for s in storage.list_saves()] == [name]


def test_a_finished_or_unbegun_autosave_is_not_kept_and_stays():
    for game in (finished(), fresh()):
        path = storage.autosave(game)
        assert storage.keep_in_progress() is None
        assert path.exists()


def test_a_damaged_autosave_is_kept_as_unreadable():
    path = storage.autosave(played(commands=5))
    path.write_bytes(path.read_bytes()[:-40])
    name = storage.keep_in_progress()
    assert name is not None and name.startswith("in-progress-unreadable-")


@pytest.mark.parametrize("game_id", ["fallblau", "toi", "victory"])
def test_a_saves_checkpoint_tells_whether_its_game_is_over(game_id):
    """The field ``rules.registry.OVER`` names is the game's own end (``outcome``)."""
    from rules.registry import over_in_checkpoint
    from tests.support import campaigns
    for game in (campaigns.campaign(game_id, 3, steps=40), campaigns.campaign(game_id, 3)):
        doc = json.loads(dumps(game))
        assert over_in_checkpoint(doc) is (game.outcome is not None)
    doc["checkpoint"] = None
    assert over_in_checkpoint(doc) is None


def test_a_roads_checkpoint_tells_whether_its_game_is_over():
    from rules.registry import over_in_checkpoint
    from tests.support.roads import replayed
    for game in (replayed(1, commands=30), replayed(1)):
        assert over_in_checkpoint(json.loads(dumps(game))) is (game.outcome is not None)


# -- statistics -------------------------------------------------------------------------------
def test_an_unfinished_game_is_not_recorded():
    assert storage.record_result(played(commands=3)) is None
    assert storage.stats_summary() == ([], None)


def test_a_finished_game_is_recorded_once():
    game = finished(seed=11)
    assert storage.record_result(game) is None
    assert storage.record_result(game) is None                 # the same game again: no-op
    reloaded = storage.load(storage.save_named(game, "done"))
    storage.record_result(reloaded)                            # same seed, options, commands
    doc = json.loads(storage.stats_path().read_text(encoding="utf-8"))
    assert len(doc["games"]) == 1
    rec = doc["games"][0]
    o = game.outcome
    assert rec["game"] == "fallblau" and rec["mode"] == "standard"
    assert rec["level"] == o.level and rec["vp"] == o.vp and rec["won"] == o.won
    assert rec["seed"] == 11 and rec["commands"] == len(game.log)
    assert rec["options"] == game.options
    datetime.fromisoformat(rec["date"])
    rows, warning = storage.stats_summary()
    assert warning is None
    assert rows == [{"game": "fallblau", "mode": "standard", "played": 1, "won": int(o.won),
                     "brilliant": int(o.level == "brilliant"), "best_vp": o.vp}]


@pytest.mark.parametrize("hard, missions, mode", [
    (False, False, "standard"), (True, False, "hard"), (False, True, "missions"), (True, True, "hard+missions"),
])
def test_the_mode_comes_from_the_options(hard, missions, mode):
    assert storage.game_mode(fresh(hard=hard, missions=missions)) == mode


def test_the_summary_counts_per_game_and_mode():
    for stub in [Stub("defeat", 12, seed=1), Stub("victory", 28, seed=2), Stub("brilliant", 31, seed=3),
                 Stub("victory", 27, seed=3, commands=11), Stub("defeat", 20, seed=4, hard=True),
                 Stub("brilliant", 37, seed=5, hard=True, missions=True), Stub("defeat", 30, seed=6, missions=True)]:
        storage.record_result(stub)
    storage.record_result(Stub("brilliant", 31, seed=3))        # a duplicate
    rows, warning = storage.stats_summary()
    assert warning is None
    assert [(r["mode"], r["played"], r["won"], r["brilliant"], r["best_vp"]) for r in rows] == [
        ("standard", 4, 3, 1, 31),
        ("hard", 1, 0, 0, 20),
        ("missions", 1, 0, 0, 30),
        ("hard+missions", 1, 1, 1, 37),
    ]


@pytest.mark.parametrize("damage", [
    b'{"format": "wartable-stats", "version": 1, "games": [',
    b'[1, 2, 3]',
    b'{"format": "wartable-stats", "version": 1, "games": [{"game": "fallblau"}]}',
    b"\xff\xfe garbage",
])
def test_a_corrupt_stats_file_is_moved_aside_and_a_fresh_one_started(damage):
    path = storage.stats_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(damage)
    warning = storage.record_result(Stub("victory", 28))
    assert warning and "moved to" in warning and "fresh one" in warning
    aside = list(path.parent.glob("stats.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == damage and str(aside[0]) in warning
    rows, again = storage.stats_summary()
    assert again is None and [r["played"] for r in rows] == [1]


def test_the_summary_also_recovers_from_a_corrupt_file():
    path = storage.stats_path()
    path.parent.mkdir(parents=True)
    path.write_text("not json", encoding="utf-8")
    rows, warning = storage.stats_summary()
    assert rows == [] and "damaged" in warning
    path.write_text("still not json", encoding="utf-8")
    storage.stats_summary()
    assert len(list(path.parent.glob("stats.json.corrupt-*"))) == 2   # never overwrites an older one
    assert storage.stats_summary() == ([], None)


# -- the keymap ---------------------------------------------------------------------------------
def write_config(text: str) -> Path:
    path = storage.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_keymap_defaults():
    assert storage.load_keymap() == {"undo": "u", "help": "question_mark", "back": "q", "save": "s",
                                     "rules": "r", "log": "l", "confirm": "enter"}
    write_config('[display]\ntheme = "dark"\n')                # other tables are not ours to judge
    assert storage.load_keymap() == storage.DEFAULT_KEYS


def test_keymap_overrides():
    write_config('[keys]\nundo = "ctrl+z"\nhelp = "f1,question_mark"\n')
    keys = storage.load_keymap()
    assert keys["undo"] == "ctrl+z" and keys["help"] == "f1,question_mark" and keys["back"] == "q"


@pytest.mark.parametrize("text, words", [
    ('[keys]\njump = "j"\n', ["unknown action 'jump'", "undo, help"]),
    ('[keys]\nundo = 5\n', ["action 'undo'", "must be a string"]),
    ('[keys]\nundo = ["u"]\n', ["action 'undo'", "must be a string"]),
    ('[keys]\nsave = "  "\n', ["action 'save'", "empty"]),
    ('[keys]\nundo = "q"\n', ["'q' is already used by 'undo'"]),
    ('[keys]\nundo = "z"\n', ["action 'undo'", "'z' is a key the menus give", "ctrl+z"]),
    ('[keys]\nsave = "f2,S"\n', ["action 'save'", "'S' is a key the menus give"]),
    ('[keys]\nlog = "7"\n', ["action 'log'", "'7' is a key the menus give"]),
    ('[keys]\nhelp = "exclamation_mark"\n', ["action 'help'", "the hint's key"]),
    ('[keys]\nundo = "f2,!"\n', ["action 'undo'", "the hint's key"]),
    ('keys = "u"\n', ["must be a table"]),
    ('[keys\nundo = "u"\n', ["not valid TOML"]),
])
def test_keymap_errors_name_the_file_the_action_and_the_problem(text, words):
    path = write_config(text)
    with pytest.raises(ValueError) as info:
        storage.load_keymap()
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message


def test_a_finished_tide_of_iron_campaign_is_recorded_with_its_winner_and_best_cvp():
    """Statistics for the hot-seat games: the winner and the best CVP, not an empty record."""
    import random

    from rules.toi import new_game as new_toi

    game = new_toi(seed=3, start="red-october", standalone=True)
    rng = random.Random(3)
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
    storage.record_result(game)
    rows, _ = storage.stats_summary()
    (row,) = [r for r in rows if r["game"] == "toi"]
    assert row["mode"] == "scenario" and row["played"] == 1
    assert row["won"] == (1 if game.outcome.winner else 0)
    assert row["best_vp"] == max(game.outcome.totals.values())


def test_roads_statistics_record_the_level_and_vp():
    """Issue 11: Roads results were recorded with no level and 0 VP. Hot-seat: who won and the
    winner's VP; against the computer: the player's result, VP, and the computer's strength."""
    from tests.support.roads import replayed
    game = replayed(2)
    o = game.outcome
    storage.record_result(game)
    rec = storage._read_stats()[0][-1]
    assert rec["mode"] == "hot-seat"
    vp = {"axis": o.axis_vp, "soviet": o.soviet_vp}
    if o.winner:
        assert (rec["level"], rec["won"], rec["vp"]) == (f"{o.winner.title()} won", True, vp[o.winner])
    else:
        assert (rec["level"], rec["won"], rec["vp"]) == ("draw", False, max(vp.values()))
    assert (rec["against"], rec["axis_vp"], rec["soviet_vp"]) == ("hot-seat", o.axis_vp, o.soviet_vp)
    game.options["computer"] = "soviet"            # the same game as if the Axis had played the computer
    # a game that names no strength plays at normal, as the screen's computer does
    assert storage.game_mode(game) == "against the computer (soviet, normal)"
    assert storage.roads_against(game) == "normal"
    game.options["strength"] = "hard"
    assert storage.roads_against(game) == "hard"
    assert storage.game_mode(game) == "against the computer (soviet, hard)"
    level, won, points = storage.roads_result(game)
    assert points == o.axis_vp and won == (o.winner == "axis")
    assert level == ("victory" if o.winner == "axis" else "defeat" if o.winner else "draw")


def test_roads_statistics_keep_whom_against_and_both_sides_vp():
    """Issue 23 item 12 (d): a Roads record keeps the computer's strength (or hot-seat) and both
    sides' VP; the latest Roads games are listed newest first."""
    from tests.support.roads import replayed
    game = replayed(2)
    o = game.outcome
    storage.record_result(game)
    game.options.update(computer="axis", strength="easy")       # the same end, against the computer
    storage.record_result(game)
    rec = storage._read_stats()[0][-1]
    assert (rec["against"], rec["axis_vp"], rec["soviet_vp"]) == ("easy", o.axis_vp, o.soviet_vp)
    rows, warning = storage.roads_games()
    assert warning is None
    assert [(r["against"], r["axis_vp"], r["soviet_vp"]) for r in rows] == [
        ("easy", str(o.axis_vp), str(o.soviet_vp)), ("hot-seat", str(o.axis_vp), str(o.soviet_vp))]


def _roads_record(**fields) -> dict:
    rec = {"game": "roads", "mode": "against the computer (soviet, heuristic)", "level": "victory",
           "won": True, "vp": 12, "date": "2025-11-20T10:00:00+00:00", "seed": 4,
           "options": {"computer": "soviet", "strength": "hard"}, "commands": 300}
    rec.update(fields)
    return rec


def test_old_roads_records_still_load_and_say_what_they_can():
    """A stats file written before the Roads records kept whom against and both VP loads as it
    is: whom against comes from its options, the VP it did not keep show as "-"."""
    old = [_roads_record(), _roads_record(seed=5, options={}, mode="hot-seat", level="Axis won")]
    storage.stats_path().parent.mkdir(parents=True, exist_ok=True)
    storage._write_stats(storage.stats_path(), old)
    rows, warning = storage.roads_games()
    assert warning is None
    assert [(r["against"], r["result"], r["axis_vp"], r["soviet_vp"]) for r in rows] == [
        ("hot-seat", "Axis won", "-", "-"), ("hard", "victory", "-", "-")]
    assert storage.stats_summary()[1] is None


@pytest.mark.parametrize("bad", [{"against": 3}, {"against": "x" * 41}, {"axis_vp": "7"},
                                 {"soviet_vp": True}, {"axis_vp": 10 ** 6}])
def test_a_roads_record_with_a_bad_new_field_is_damaged(bad):
    storage.stats_path().parent.mkdir(parents=True, exist_ok=True)
    storage._write_stats(storage.stats_path(), [_roads_record(**bad)])
    rows, warning = storage.roads_games()
    assert rows == [] and "damaged" in warning and "too large" in warning


async def test_the_statistics_screen_shows_the_roads_games_at_80x24():
    from tests.support.screens import flat, key_for
    from tui.app import WartableApp
    from tui.saves_screens import StatsScreen
    records = [_roads_record(seed=n, against="hard", axis_vp=20 + n, soviet_vp=10 + n) for n in range(12)]
    records.insert(0, _roads_record(options={}, mode="hot-seat", level="Soviet won"))   # an old one
    storage.stats_path().parent.mkdir(parents=True, exist_ok=True)
    storage._write_stats(storage.stats_path(), records)
    app = WartableApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "Statistics"))
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = flat(app)
        assert "Roads to Stalingrad, latest games" in text
        assert "Against" in text and "Axis VP" in text and "Soviet VP" in text
        assert "31" in text and "21" in text                     # the newest: 31 to 21, against hard
        table = app.screen.query_one("#stats-roads")
        assert table.row_count == 13 and table.region.bottom <= 23   # above the footer
        assert app.screen.query_one("#stats-table").region.height >= 3

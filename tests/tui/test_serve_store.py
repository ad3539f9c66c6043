"""The lobby's store (tui/serve/store.py): migrations, seats, whose turn, notices, and kill -9 of
a process writing to it at random moments losing no record it had committed."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tui.serve import store
from tui.serve.store import Store, StoreError


def make(tmp_path) -> Store:
    return Store.open_in(tmp_path / "serve")


def test_a_new_file_is_made_in_wal_mode_at_the_last_version(tmp_path):
    s = make(tmp_path)
    assert s.version() == len(store.MIGRATIONS)
    assert s.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert [p.name for p in store.files(tmp_path / "serve")] == ["lobby.sqlite3", "lobby.sqlite3-wal",
                                                                "lobby.sqlite3-shm"]


def test_a_file_of_version_1_is_migrated_and_keeps_its_records(tmp_path):
    folder = tmp_path / "serve"
    folder.mkdir()
    db = sqlite3.connect(folder / store.FILE)
    db.executescript(store.MIGRATIONS[0] + "; PRAGMA user_version = 1;")
    db.execute("INSERT INTO players (name, created) VALUES ('Ann', 0)")
    db.execute("INSERT INTO keys (folder, player) VALUES ('key-1', 1)")
    db.commit()
    db.close()
    s = Store.open_in(folder)
    assert s.version() == 3
    assert s.player_of_key("key-1").name == "Ann"
    s.db.execute("SELECT * FROM notices")          # step 2 ran
    s.db.execute("SELECT options, started FROM games")      # and step 3


def test_a_file_of_a_newer_version_is_refused_by_name(tmp_path):
    folder = tmp_path / "serve"
    folder.mkdir()
    db = sqlite3.connect(folder / store.FILE)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreError, match="version 99, newer"):
        Store.open_in(folder)


def test_a_key_is_named_once_and_a_name_is_one_players(tmp_path):
    s = make(tmp_path)
    assert s.player_of_key("key-a") is None
    s.name_key("key-a", "  Ann   Smith ")
    assert s.player_of_key("key-a").name == "Ann Smith"
    with pytest.raises(ValueError, match="taken by another player"):
        s.name_key("key-b", "ann smith")
    for bad in ("", "x" * 40, "a\x1b[2Jb", "rm;ls", "tab\there\x07", "[b]Ann[/]"):
        with pytest.raises(ValueError):
            s.name_key("key-c", bad)
    assert s.player_of_key("key-c") is None


def seated(tmp_path) -> Store:
    s = make(tmp_path)
    for key, name in (("key-a", "Ann"), ("key-b", "Bob"), ("key-c", "Cy")):
        s.name_key(key, name)
    s.add_game("roads-1", "roads", "Ann", [("axis", "Axis"), ("soviet", "Soviet")], taken={"axis": "Ann"},
               to_play=("axis",))
    s.add_game("roads-2", "roads", "Ann", [("axis", "Axis"), ("soviet", "Soviet")], taken={"soviet": "Ann"},
               reserved={"axis": "Bob"}, watchable=False, to_play=("axis",))
    return s


def test_an_open_seat_is_taken_by_one_player_a_kept_one_only_by_its_player(tmp_path):
    s = seated(tmp_path)
    assert [g.id for g in s.open_games("Cy")] == ["roads-1"]
    assert sorted(g.id for g in s.open_games("Bob")) == ["roads-1", "roads-2"]
    assert not s.take_seat("roads-2", "axis", "Cy")          # kept for Bob
    assert not s.take_seat("roads-1", "axis", "Cy")          # Ann's
    assert s.take_seat("roads-1", "soviet", "Cy")
    assert not s.take_seat("roads-1", "soviet", "Bob")       # Cy's now
    assert s.take_seat("roads-2", "axis", "Bob")
    assert s.game("roads-1").seat_of("Cy").side == "soviet"
    assert s.open_games("Bob") == []


def test_the_save_of_a_game_is_claimed_once_and_only_when_every_seat_is_taken(tmp_path):
    s = seated(tmp_path)
    s.add_game("toi-1", "toi", "Ann", [("german", "German"), ("soviet", "Soviet")], taken={"german": "Ann"},
               options={"start": "ramming-speed"}, started=False)
    assert s.claim_start("toi-1") is None                    # the Soviet seat is open
    s.take_seat("toi-1", "soviet", "Bob")
    row = s.claim_start("toi-1")
    assert row is not None and row.options == {"start": "ramming-speed"} and row.started
    assert s.claim_start("toi-1") is None                    # once
    s.rename_seats("toi-1", {"german": "Ann", "soviet": "Bob"})
    assert [(x.side, x.player) for x in s.game("toi-1").seats] == [("Ann", "Ann"), ("Bob", "Bob")]


def test_your_games_list_those_waiting_for_you_first(tmp_path):
    s = seated(tmp_path)
    s.take_seat("roads-1", "soviet", "Bob")
    s.take_seat("roads-2", "axis", "Bob")
    assert s.set_turn("roads-1", ("soviet",), "The Axis attacks Voronezh.", False) == ["Bob"]
    assert s.set_turn("roads-1", ("soviet",), "Again.", False) == []     # no new turn: no one new
    listed = s.games_of("Bob")
    assert [g.id for g in listed] == ["roads-2", "roads-1"]              # both wait; roads-2 longest
    ann = s.games_of("Ann")                                              # waited for nowhere:
    assert [g.id for g in ann] == ["roads-1", "roads-2"] and not any(g.waits_for("Ann") for g in ann)
    assert s.game("roads-1").last_move == "Again."
    assert [g.id for g in s.watchable("Cy")] == ["roads-1"]             # roads-2 was made unwatchable


def test_a_notice_is_made_once_per_turn_and_those_left_before_a_restart_are_dropped(tmp_path):
    s = seated(tmp_path)
    s.take_seat("roads-1", "soviet", "Bob")
    s.set_turn("roads-1", ("soviet",), "", False)
    first = s.add_notice("roads-1", "Bob")
    assert first is not None and first.game_name == "roads"
    assert s.add_notice("roads-1", "Bob") is None
    s.close()
    s = make(tmp_path)                       # a restart, the notice never sent
    assert s.drop_stale_notices() == 1
    (name, _, done, outcome), = s.notices("roads-1")
    assert name == "Bob" and done is not None and outcome.startswith("stale")


WRITER = """
import sys, time
from pathlib import Path
from tui.serve.store import Store
s = Store.open_in(Path(sys.argv[1]))
n = int(sys.argv[2])
while True:
    name = f"P{n}"
    s.name_key(f"key-{n}", name)
    s.add_game(f"g-{n}", "roads", name, [("axis", "Axis"), ("soviet", "Soviet")], taken={"axis": name})
    s.set_turn(f"g-{n}", ("soviet",), f"move {n}", False)
    print(n, flush=True)                # every record of n is committed
    n += 1
"""


def test_kill_9_at_random_moments_loses_no_committed_record(tmp_path):
    folder = tmp_path / "serve"
    rng = random.Random(24)
    done: list[int] = []
    for _ in range(8):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(len(done) * 1000)],
                                stdout=subprocess.PIPE, text=True)
        time.sleep(0.3 + rng.random() * 0.7)
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        done += [int(line) for line in out.split()]
        s = Store.open_in(folder)
        for n in done:
            game = s.game(f"g-{n}")
            assert game is not None and game.to_play == ("soviet",) and game.seat_of(f"P{n}").side == "axis"
            assert s.player_of_key(f"key-{n}").name == f"P{n}"
        assert s.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        s.close()
    assert len(done) > 8


def test_a_game_at_the_table_is_nobodys_turn_and_tells_every_player_once(tmp_path):
    s = seated(tmp_path)
    s.add_game("toi-1", "toi", "Ann", [("german", "German"), ("soviet", "Soviet")],
               taken={"german": "Ann", "soviet": "Bob"})
    assert s.set_turn("toi-1", (store.TABLE,), "", False) == ["Ann", "Bob"]   # both told it is at the table
    row = s.game("toi-1")
    assert row.at_table and not row.waits_for("Ann") and not row.waits_for("Bob")
    assert s.set_turn("toi-1", (store.TABLE,), "Again.", False) == []
    assert s.set_turn("toi-1", ("soviet",), "", False) == ["Bob"]
    assert not s.game("toi-1").at_table and s.game("toi-1").waits_for("Bob")

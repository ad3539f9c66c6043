"""The lobby over real SSH on loopback (asyncssh clients to `wartable serve --ssh` in its own
process): two keys meet in the lobby and start a game, the turn notice goes to the one not
connected, a restart keeps every record and sends no stale notice, a bad notify command is
logged not fatal; as an attacker would: a comment with control characters, a key not
authorized, a flood of lobby logins; and the lobby's process confined to the store's files."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap

import asyncssh
import pytest

from tests.support.ssh_term import Server, Term
from tui import storage
from tui.serve import confine, games
from tui.serve.store import Store


def authorized(data, *comments: str) -> list[asyncssh.SSHKey]:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in comments]
    lines = [" ".join(k.export_public_key().decode().split()[:2] + [c]) for k, c in zip(keys, comments)]
    (data / "authorized_keys").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return keys


def notifier(tmp_path, body: str = 'echo "$1 $2 $3" >> "$(dirname "$0")/notices.txt"') -> str:
    script = tmp_path / "notify.sh"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)
    return str(script)


def start(data, *args: str) -> Server:
    return Server(data, "--authorized-keys", str(data / "authorized_keys"), *args)


def play_until(data, game_id: str, side: str) -> None:
    """Give the hosted game's commands (its last legal one each time: ending an operation
    comes last, as a seat writes them, under the game's lock) until ``side`` is to act."""
    folder = data / "serve" / "games" / game_id
    seat = games.seats_of(folder)[0]
    with games.locked(seat):
        game = storage.load(seat.save_path)
        for _ in range(200):
            if game.to_act() == side:
                break
            game.apply(list(game.legal())[-1])
        assert game.to_act() == side
        games.write(seat, game)


async def host_roads(ann: Term) -> None:
    """Ann hosts Roads from her lobby, the Soviet seat open: [1] New hosted game, [5] Host, y."""
    await ann.wait_for("New hosted game")
    ann.send("1")
    await ann.wait_for("Host the game")
    ann.send("5")
    await ann.wait_for("Enter or y")                   # hosting is asked first
    mark = ann.mark()
    ann.send("y")
    await ann.wait_for("waiting for 1 player", since=mark)


async def test_two_keys_meet_in_the_lobby_and_the_one_away_gets_the_notice(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    ann_key, bob_key = authorized(data, "Ann", "Bob")
    server = start(data, "--notify-command", notifier(tmp_path))
    try:
        ann = await Term.open(server.port, "ann", key=ann_key)
        await ann.wait_for("wartable lobby · Ann")
        await host_roads(ann)
        bob = await Term.open(server.port, "bob", key=bob_key)
        await bob.wait_for("Open: Roads to Stalingrad with Ann: seat Soviet")
        bob.send("1")
        await bob.wait_for("Take a seat at Roads to Stalingrad with Ann?")
        mark = bob.mark()
        bob.send("y")
        await bob.wait_for("Ann to play", since=mark)
        await ann.wait_for("YOUR TURN")
        (row,) = Store.open_in(data / "serve").games_of("Bob")
        assert row.started and [s.player for s in row.seats] == ["Ann", "Bob"]
        saved = storage.load(data / "serve" / "games" / row.id / "game.json")
        assert saved.options["players"] == {"axis": "Ann", "soviet": "Bob"}     # Bob's name is in the game
        bob.close()
        await asyncio.sleep(0.5)
        mark = ann.mark()
        play_until(data, row.id, "soviet")          # Ann's seat moves; Bob is away
        await ann.wait_for("Bob to play", since=mark)
        for _ in range(100):
            if (tmp_path / "notices.txt").exists():
                break
            await asyncio.sleep(0.1)
        assert (tmp_path / "notices.txt").read_text() == f"{row.id} Bob roads\n"
        ann.close()
    finally:
        log = server.stop()
    assert "Traceback" not in log

    # a restart: every record is there; a notice left unsent is dropped, never sent stale
    store = Store.open_in(data / "serve")
    store.db.execute("UPDATE notices SET done = NULL")
    store.close()
    server = start(data, "--notify-command", notifier(tmp_path))
    try:
        assert await server.logged("1 turn notice(s) not sent before the last stop were dropped")
        bob = await Term.open(server.port, "bob", key=bob_key)
        await bob.wait_for("YOUR TURN")
        mark = bob.mark()
        bob.send("1")                                # his seat, across the restart
        await bob.wait_for("Soviet: since you last played", since=mark)
        assert "Axis have chosen (hidden until both are in)" in bob.since(mark)   # not which
        mark = bob.mark()
        bob.send("\r")
        await bob.wait_for("seat: Bob (Soviet)", since=mark)
        bob.close()
        await asyncio.sleep(1.5)
        assert (tmp_path / "notices.txt").read_text() == f"{row.id} Bob roads\n"
    finally:
        server.stop()


async def test_a_failing_or_slow_notify_command_is_logged_and_serving_goes_on(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    ann_key, bob_key = authorized(data, "Ann", "Bob")
    server = start(data, "--notify-command", notifier(tmp_path, "echo 'mail server down' >&2; exit 3"))
    try:
        ann = await Term.open(server.port, "ann", key=ann_key)
        await host_roads(ann)
        bob = await Term.open(server.port, "bob", key=bob_key)
        await bob.wait_for("Open:")
        bob.send("1")
        await bob.wait_for("Enter or y")
        bob.send("y")
        await bob.wait_for("Ann to play")
        bob.close()
        game_id = Store.open_in(data / "serve").games_of("Bob")[0].id
        await asyncio.sleep(0.5)
        play_until(data, game_id, "soviet")
        assert await server.logged("turn notice for Bob (" + game_id + "): the notify command exit code 3: "
                                   "mail server down")
        again = await Term.open(server.port, "bob", key=bob_key)
        await again.wait_for("YOUR TURN")
        again.close()
        ann.close()
    finally:
        log = server.stop()
    assert "Traceback" not in log


async def test_a_comment_with_control_characters_is_never_a_name_and_the_player_is_asked(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (eve,) = authorized(data, "\x1b]0;owned\x07\x1b[2JEve")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    server = start(data)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await Term.open(server.port, "eve", key=stranger)
        term = await Term.open(server.port, "eve", key=eve)
        await term.wait_for("wartable lobby: your name")
        assert b"owned" not in term.out
        term.send("Eve\r")
        await term.wait_for("wartable lobby · Eve")
        term.close()
        again = await Term.open(server.port, "eve", key=eve)
        await again.wait_for("wartable lobby · Eve")      # asked once, kept for the key
        again.close()
    finally:
        server.stop()


async def test_a_flood_of_lobby_logins_is_bounded_and_loses_no_record(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (key,) = authorized(data, "Ann")
    server = start(data, "--max-per-address", "6", "--max-connections", "6", "--max-startups", "8")
    try:
        async def one():
            try:
                term = await Term.open(server.port, "ann", key=key)
            except (asyncssh.Error, OSError):
                return "refused"
            try:
                await term.wait_for("wartable lobby · Ann", timeout=60)
                return "lobby"
            except AssertionError:
                return "closed"
            finally:
                term.close()
        got = await asyncio.gather(*(one() for _ in range(16)))
        assert got.count("lobby") >= 1 and got.count("lobby") <= 6 + 16 - 6
        assert got.count("lobby") + got.count("refused") + got.count("closed") == 16
        term = await Term.open(server.port, "ann", key=key)          # the server goes on
        await term.wait_for("wartable lobby · Ann", timeout=60)
        term.close()
    finally:
        log = server.stop()
    assert "Traceback" not in log
    store = Store.open_in(data / "serve")
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert store.db.execute("SELECT count(*) FROM players").fetchone()[0] == 1


CONFINED = """
import os, sys
from pathlib import Path
serve = Path(sys.argv[1])
from tui.serve import child, hosted
from tui.serve.store import Store
assert child.confine_player(["lobby", str(serve), "key-ann", "Ann"])
s = Store.open_in(serve)
s.name_key("key-ann", "Ann")
game_id = hosted.new_game(s, "roads", {}, "Ann", "axis", {}, True)
s.name_key("key-bob", "Bob")
hosted.take(s, serve / "games", game_id, "soviet", "Bob")       # the save is made in serve/games
print("store ok", flush=True)
for path in (serve / "players" / "key-bob" / "secret.txt", serve / "ssh_host_ed25519_key"):
    try:
        path.read_text()
        print("READ", path)
    except PermissionError:
        pass
for path in (serve / "other.sqlite3", serve / "lobby.sqlite3-journal", serve / "players" / "key-bob" / "x"):
    try:
        path.write_text("x")
        print("WROTE", path)
    except PermissionError:
        pass
print("done", flush=True)
"""


@pytest.mark.skipif(confine.abi() < 1, reason="this kernel has no Landlock")
def test_the_lobby_process_is_confined_to_the_stores_files_and_the_hosted_games(tmp_path):
    serve = tmp_path / "data" / "serve"
    (serve / "games").mkdir(parents=True)
    (serve / "players" / "key-ann").mkdir(parents=True)
    (serve / "players" / "key-bob").mkdir(parents=True)
    (serve / "players" / "key-bob" / "secret.txt").write_text("Bob's")
    (serve / "ssh_host_ed25519_key").write_text("key")
    held = Store.open_in(serve)                   # as the server holds it: -wal and -shm stay
    env = dict(os.environ, WARTABLE_DATA_DIR=str(serve / "players" / "key-ann"),
               WARTABLE_SERVE_LOGS=str(serve / "logs"))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(CONFINED), str(serve)], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[:2] == ["store ok", "done"], out.stdout + out.stderr
    assert not (serve / "other.sqlite3").exists()
    assert held.db.execute("SELECT count(*) FROM games WHERE started = 1").fetchone()[0] == 1


async def test_a_slow_or_missing_notify_command_is_cut_short_and_logged(tmp_path, monkeypatch):
    """In the server's own process: a command that hangs is killed after the timeout, one
    that floods its stderr is kept to a few hundred characters, one that is gone is said."""
    from tui.serve import notices
    from tui.serve.ssh import Hub, Options
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(notices, "TIMEOUT", 0.5)
    hub = Hub(Options(port=0))
    said: list[str] = []
    hub.say = said.append
    hub.store = Store.open_in(tmp_path / "serve")
    hub.store.name_key("key-b", "Bob")
    hub.store.add_game("roads-1", "roads", "Bob", [("axis", "Axis"), ("soviet", "Soviet")], taken={"axis": "Bob"})
    notice = hub.store.add_notice("roads-1", "Bob")
    for command, outcome in ((["sh", "-c", "sleep 30"], "failed: killed after 0.5 s"),
                             (["sh", "-c", "head -c 100000 /dev/zero | tr '\\0' x >&2; exit 1"], "failed: exit code 1: x"),
                             ([str(tmp_path / "gone")], "failed: cannot be started")):
        hub.options.notify_command = command
        started = asyncio.get_running_loop().time()
        got = await notices.Notices(hub).send(notice)
        assert got.startswith(outcome) and len(got) < 500
        assert asyncio.get_running_loop().time() - started < 5
    assert len(said) == 3 and all(line.startswith("turn notice for Bob (roads-1): the notify command") for line in said)

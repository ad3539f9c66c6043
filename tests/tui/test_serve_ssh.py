"""`wartable serve --ssh`: real connections over loopback (asyncssh clients, and OpenSSH's `ssh`
where installed) to a server in its own process: seats of one Roads game, secrets between
them, resizing, dropping and taking a seat back, keys and codes refused, garbage input."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import socket
import subprocess
import time

import asyncssh
import pytest

from rules.core.errors import SaveError
from rules.roads import new_game
from tests.support.ssh_term import Server, Term, children_of, plain
from tui import storage
from tui.serve import games

SEED = 7


def fresh_game(data, game_id: str = "roads", **options) -> dict:
    """A new hosted game (seed 7) in the server's data folder: its seats by side or player."""
    old = os.environ.get("WARTABLE_DATA_DIR")
    os.environ["WARTABLE_DATA_DIR"] = str(data)
    try:
        return {s.side: s for s in games.create(game_id, seed=SEED, **options)}
    finally:
        if old is None:
            del os.environ["WARTABLE_DATA_DIR"]
        else:
            os.environ["WARTABLE_DATA_DIR"] = old


async def open_seats(port: int, seats: dict, *names: str, size=(100, 30)) -> list[Term]:
    return [await Term.open(port, seats[name].code, size=size) for name in names]


@pytest.fixture(scope="module")
def hosted(tmp_path_factory):
    """A server letting in one key and join codes (login timeout 3 s, 8 connections per address)."""
    data = tmp_path_factory.mktemp("serve") / "data"
    data.mkdir()
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = data / "authorized_keys"
    keys.write_text("# players\n" + key.export_public_key().decode())
    server = Server(data, "--codes", "--authorized-keys", str(keys), "--login-timeout", "3",
                    "--max-per-address", "8", "--max-connections", "10")
    yield {"server": server, "port": server.port, "key": key, "data": data}
    server.stop()


def hands():
    game = new_game(seed=SEED)
    names = {side: {game.content.cards[c].name for c in game.view(side).hand} for side in ("axis", "soviet")}
    # only the names in one hand and not the other (both decks have a "Replacements")
    return {"axis": names["axis"] - names["soviet"], "soviet": names["soviet"] - names["axis"]}


async def start_an_operation(term) -> None:
    """The Axis starts its first operation by keys: `o` (the operation's fixed key), then the
    key shown on the first "Spend the RP in" entry, then `y` on its confirmation."""
    mark = term.mark()
    term.send("o")
    shown = await term.wait_for("Spend the RP in", since=mark)
    line = next(l for l in shown.split("\n") if "Spend the RP in" in l)
    term.send(line.split("[")[-1][0])
    await term.wait_for("Enter or y", since=mark)      # spending an RP asks first
    term.send("y")


async def test_two_seats_each_see_only_their_own_hand_and_follow_each_other(hosted):
    port, seats = hosted["port"], fresh_game(hosted["data"])
    axis = await Term.open(port, seats["axis"].code, size=(160, 50))       # room for whole hands
    soviet = await Term.open(port, seats["soviet"].code, size=(160, 50))
    try:
        await axis.wait_for("seat: Axis")
        await soviet.wait_for("seat: Soviet")
        await soviet.wait_for("Waiting for Axis")
        # no pass screens in this mode
        assert "Pass the keyboard" not in axis.text() + soviet.text()

        # the Axis starts an operation; the Soviet terminal follows
        mark = soviet.mark()
        await start_an_operation(axis)
        await soviet.wait_for("Axis operation 1", since=mark)

        # a size change reaches the app: below 80x24 it asks for more room, then plays on
        mark = axis.mark()
        axis.resize(60, 20)
        await axis.wait_for("this is 60x20", since=mark)
        await asyncio.sleep(1)        # the notice settles: a resize back within the same instant
        mark = axis.mark()            # races it (noted on issue 13)
        axis.resize(100, 30)
        await axis.wait_for("seat: Axis", since=mark)

        # each hand, on its own terminal only
        secret = hands()
        for term in (axis, soviet):
            term.send("h")
        for term, side in ((axis, "axis"), (soviet, "soviet")):
            for name in secret[side]:
                await term.wait_for(name, timeout=15)
        await asyncio.sleep(0.5)
        for name in secret["soviet"]:
            assert name not in axis.text(), f"the Axis terminal showed the Soviet card {name}"
        for name in secret["axis"]:
            assert name not in soviet.text(), f"the Soviet terminal showed the Axis card {name}"
        for term in (axis, soviet):
            term.send("h")
    finally:
        axis.close()
        soviet.close()


async def test_a_dropped_seat_waits_and_its_code_takes_it_back(hosted):
    port, seats = hosted["port"], fresh_game(hosted["data"])
    game_dir = seats["axis"].game_dir
    axis = await Term.open(port, seats["axis"].code)
    soviet = await Term.open(port, seats["soviet"].code)
    try:
        await axis.wait_for("seat: Axis")
        await soviet.wait_for("seat: Soviet")
        assert len(children_of(game_dir)) == 2
        soviet.close()
        await soviet.wait_closed()
        for _ in range(100):                   # the dropped seat's process ends; the other plays on
            if len(children_of(game_dir)) == 1:
                break
            await asyncio.sleep(0.05)
        assert len(children_of(game_dir)) == 1
        mark = axis.mark()
        await start_an_operation(axis)         # a move while the Soviet is away
        await axis.wait_for("Axis operation 1", since=mark)
        back = await Term.open(port, seats["soviet"].code)
        try:
            await back.wait_for("Soviet: since you last played")    # what the Axis did meanwhile
            assert "Axis operation 1" in await back.wait_for("Axis operation 1")
            mark = back.mark()
            back.send("\r")
            await back.wait_for("seat: Soviet", since=mark)
        finally:
            back.close()
    finally:
        axis.close()


async def test_refused_keys_codes_and_requests(hosted):
    port = hosted["port"]
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        await Term.open(port, "player", key=stranger)
    with pytest.raises(asyncssh.PermissionDenied):
        await Term.open(port, "abcde-fghjk")              # a well-formed code no game has
    with pytest.raises(asyncssh.PermissionDenied):
        await Term.open(port, "player")                   # no key, no code
    assert await hosted["server"].logged("wrong join code from 127.0.0.1")

    # a known key: the launcher, in that key's own data folder; no shell commands, no sftp,
    # no port forwarding
    player = await Term.open(port, "player", key=hosted["key"])
    try:
        await player.wait_for("wartable")
        conn = player.conn
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", port)              # no port forwarding
        with pytest.raises((asyncssh.ChannelListenError, asyncssh.Error)):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(asyncssh.SSHClientSession)      # one session per connection
    finally:
        player.close()
    for attempt in ("sftp", "exec"):                                   # each on a connection of its own
        async with asyncssh.connect("127.0.0.1", port, username="player", known_hosts=None,
                                    client_keys=[hosted["key"]], agent_path=None, config=[]) as conn:
            if attempt == "sftp":
                with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, asyncssh.Error)):
                    await asyncio.wait_for(conn.start_sftp_client(), 10)
            else:
                with pytest.raises(asyncssh.ChannelOpenError, match="request failed"):
                    await asyncio.wait_for(conn.run("ls /", check=False), 10)   # no command runs
    folders = list((hosted["data"] / "serve" / "players").iterdir())
    assert [f.name[:4] for f in folders] == ["key-"]


async def test_a_key_opens_a_hosted_game_and_gets_the_other_seats_code(hosted):
    player = await Term.open(hosted["port"], "player", key=hosted["key"], command="new roads")
    try:
        shown = await player.wait_for("seat: Axis")
        shown = await player.wait_for("Join codes for the other seats")
        code = shown.split("Soviet: ")[1][:11]
        assert games.CODE_RE.match(code)
        other = await Term.open(hosted["port"], code)
        try:
            await other.wait_for("seat: Soviet")
        finally:
            other.close()
    finally:
        player.close()
    # the same key takes its seat back
    again = await Term.open(hosted["port"], "player", key=hosted["key"], command="resume")
    try:
        await again.wait_for("seat: Axis")
    finally:
        again.close()


async def test_garbage_and_floods_touch_no_other_game_or_seat(hosted):
    port, seats = hosted["port"], fresh_game(hosted["data"])
    rng = random.Random(13)
    watcher = await Term.open(port, seats["soviet"].code)
    vandal = await Term.open(port, seats["axis"].code)
    try:
        await watcher.wait_for("seat: Soviet")
        await vandal.wait_for("seat: Axis")
        junk = [bytes(rng.randrange(256) for _ in range(200)) for _ in range(20)]
        junk += [b"\x1b[" + b"9" * 5000 + b"m", b"\xff\xfe\xfd" * 2000, b"\x1b]52;c;" + b"A" * 10000,
                 b"\x00" * 4000, "é€😀".encode() * 500, b"\x1b[<0;999999;999999M"]
        for chunk in junk:
            vandal.send(chunk)
        vandal.send(b"q" * 200_000)                       # a flood of keys
        # the server stays up: a fresh connection is let in and shown its seat
        fresh = await Term.open(port, seats["soviet"].code)
        try:
            await fresh.wait_for("seat: Soviet")
        finally:
            fresh.close()
        # the other seat is still alive and answers its keys
        mark = watcher.mark()
        watcher.send("?")
        await watcher.wait_for("Help", since=mark)
        # the save is still a good save
        storage.load(seats["axis"].save_path)
    finally:
        vandal.close()
        watcher.close()


def test_silent_and_excess_connections_are_closed(hosted):
    port = hosted["port"]
    silent = socket.create_connection(("127.0.0.1", port), timeout=15)
    start = time.monotonic()
    silent.settimeout(15)
    data = b"x"
    while data:                                   # the banner, then the close at the login timeout
        try:
            data = silent.recv(4096)
        except (ConnectionResetError, TimeoutError):
            break
    waited = time.monotonic() - start
    silent.close()
    assert 2 <= waited < 12, f"a silent connection was closed after {waited:.1f} s (login timeout 3 s)"

    held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(8)]
    try:
        extra = socket.create_connection(("127.0.0.1", port), timeout=10)
        extra.settimeout(10)
        got = b""
        try:
            while chunk := extra.recv(4096):
                got += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        extra.close()
        assert b"too many connections" in got
    finally:
        for s in held:
            s.close()


def test_a_code_with_openssh_ssh_client(hosted):
    ssh = shutil.which("ssh")
    if ssh is None:
        pytest.skip("OpenSSH's ssh client is not installed (apt-get install openssh-client)")
    seat = fresh_game(hosted["data"])["axis"]
    import pty
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [ssh, "-tt", "-p", str(hosted["port"]), "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
         "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-F", "/dev/null", f"{seat.code}@127.0.0.1"],
        stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
    os.close(slave)
    out = b""
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end and "seat: Axis" not in plain(out):
            import select
            if select.select([master], [], [], 0.2)[0]:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
        assert "seat: Axis" in plain(out)
        os.write(master, b"\x03")                      # ctrl+c: the app ends, and the session
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


def test_a_hosted_game_starts_sealed_with_one_code_per_seat():
    seats = games.create("roads", seed=3)
    assert [s.side for s in seats] == ["axis", "soviet"]
    assert len({s.code for s in seats}) == 2 and all(games.CODE_RE.match(s.code) for s in seats)
    assert games.find(seats[1].code.upper()) == seats[1]
    assert games.find("nope") is None and games.find("abcde-fghjk") is None
    assert storage.load(seats[0].save_path).seed == 3
    with pytest.raises(ValueError, match="cannot be hosted"):
        games.create("fallblau")
    (seats[0].save_path).write_text("{}")
    with pytest.raises(SaveError):
        storage.load(seats[0].save_path)


def test_serve_command_line_refusals_and_opening_a_game_only(capsys, tmp_path):
    from tui.cli import main
    assert main(["serve"]) == 2
    assert "--ssh PORT or --web PORT" in capsys.readouterr().err
    assert main(["serve", "--ssh", "0"]) == 2
    assert "nobody could log in" in capsys.readouterr().err
    bad = tmp_path / "keys"
    bad.write_text("ssh-ed25519 AAAAnotakey someone\n")
    assert main(["serve", "--ssh", "0", "--authorized-keys", str(bad)]) == 2
    assert f"{bad}, line 1: the key cannot be read" in capsys.readouterr().err
    assert main(["serve", "--ssh", "0", "--codes", "--max-per-address", "0"]) == 2
    assert main(["serve", "--new", "roads"]) == 0
    out = [line for line in capsys.readouterr().out.splitlines() if " seat of " in line]   # then the watch code
    codes = [line.rsplit(" ", 1)[1] for line in out]
    assert [line.split(" ")[0] for line in out] == ["Axis", "Soviet"]
    assert [games.find(code).side for code in codes] == ["axis", "soviet"]
    assert main(["join", "abcde-fghjk"]) == 1
    assert "no hosted game has that join code" in capsys.readouterr().err
    os.environ["SSH_ORIGINAL_COMMAND"] = "abcde-fghjk"      # what OpenSSH's ForceCommand passes on
    try:
        assert main(["join"]) == 1
    finally:
        del os.environ["SSH_ORIGINAL_COMMAND"]
    assert "no hosted game has that join code" in capsys.readouterr().err


async def test_tide_of_iron_seats_follow_each_other(hosted):
    seats = fresh_game(hosted["data"], "toi", players=("Anna", "Ben"))
    anna, ben = await open_seats(hosted["port"], seats, "Anna", "Ben")
    try:
        await anna.wait_for("Begin the battle")
        await ben.wait_for("Begin the battle")
        mark = ben.mark()
        anna.send("1")
        await ben.wait_for("is fought on the table", since=mark)
        assert "Pass the keyboard" not in anna.text() + ben.text()
    finally:
        anna.close()
        ben.close()


async def test_victory_round_robin_seats_keep_each_battle_group_secret(hosted):
    seats = fresh_game(hosted["data"], "victory", mode="round-robin", players=("Anna", "Ben", "Cleo"))
    anna, ben = await open_seats(hosted["port"], seats, "Anna", "Ben")
    try:
        await anna.wait_for("Add a unit")
        await ben.wait_for("Waiting for Anna")
        mark = ben.mark()
        for key in "111":                     # Anna: add a unit, at 1 CV, a Fighter
            anna.send(key)
            await asyncio.sleep(0.4)
        await anna.wait_for("FA-1")
        await ben.wait_for("Anna adds a unit at 1 CV", since=mark)
        await asyncio.sleep(0.5)
        assert "FA-1" not in ben.text() and "Fighter" not in ben.text()
        # Ben cannot take Anna's command back; Anna can, and Ben sees it go
        mark = ben.mark()
        ben.send("u")
        await ben.wait_for("Only your own last command", since=mark)
        anna.send("u")
        await ben.wait_for("took their last command back", since=mark)
        assert not storage.load(seats["Anna"].save_path).log
    finally:
        anna.close()
        ben.close()


def test_serve_new_tide_of_iron_and_victory_seat_every_player(capsys):
    from tui.cli import main

    def seated() -> list[str]:
        return [line.split(" seat")[0] for line in capsys.readouterr().out.splitlines() if " seat of " in line]
    assert main(["serve", "--new", "victory", "--mode", "team", "--players", "Anna,Ben/Cleo,Dan"]) == 0
    assert seated() == ["Anna", "Ben", "Cleo", "Dan"]
    assert main(["serve", "--new", "toi", "--players", "Anna,Ben"]) == 0
    assert seated() == ["Anna", "Ben"]
    assert main(["serve", "--new", "victory", "--mode", "round-robin"]) == 2
    assert "name the players with --players" in capsys.readouterr().err
    assert main(["serve", "--new", "victory", "--mode", "team", "--players", "Anna,Ben"]) == 2
    assert "one slash between the teams" in capsys.readouterr().err
    assert main(["serve", "--new", "roads", "--players", "Anna,Ben"]) == 2
    assert main(["serve", "--new", "toi", "--players", "Anna"]) == 2
    assert "two different players" in capsys.readouterr().err


async def test_a_roads_battle_between_two_terminals_keeps_each_sides_chits(hosted):
    from rules.roads.bots import BOTS
    from tui.roads.menu import is_battle
    seats = fresh_game(hosted["data"])
    game = storage.load(seats["axis"].save_path)
    bots = {s: BOTS["heuristic"](11) for s in ("axis", "soviet")}
    for _ in range(200):                          # seed 7: the Axis's third command is a battle
        cmd = bots[game.to_act()].choose(game)
        if is_battle(game, cmd):
            break
        game.apply(cmd)
    assert is_battle(game, cmd) and game.to_act() == "axis"
    games.write(seats["axis"], game)
    area = game.area_name(cmd.area)
    axis = await Term.open(hosted["port"], seats["axis"].code, size=(100, 40))
    soviet = await Term.open(hosted["port"], seats["soviet"].code, size=(100, 40))
    try:
        await axis.wait_for("seat: Axis")
        for term, side in ((axis, "Axis"), (soviet, "Soviet")):    # past what happened since
            if game.events_since(side.lower()):
                await term.wait_for(f"{side}: since you last played")
                term.send("\r")
        await soviet.wait_for("Waiting for Axis")
        shown = await axis.wait_for("Move the force")
        line = next(l for l in shown.split("\n") if "Move the force" in l)
        mark = axis.mark()
        axis.send(line.split("[")[-1][0])          # the menu of moves
        shown = await axis.wait_for(f"Move into {area}", since=mark)
        line = next(l for l in shown.split("\n") if f"Move into {area}" in l)
        axis.send(line.split("[")[-2 if line.count("[") > 1 else -1][0])     # the battle move's key
        await axis.wait_for("A battle is fought there")       # the shared confirmation
        axis.send("y")
        await soviet.wait_for(f"Battle of {area}")
        await axis.wait_for(f"Battle of {area}")
        for term in (axis, soviet):
            term.send("q")                         # the battle's events, then the hand and battle
        await asyncio.sleep(0.5)
        for term in (axis, soviet):
            term.send("h")
        now = storage.load(seats["axis"].save_path)
        names = {side: {now.content.chits[k.split("#")[0]].name for k in now.view(side).battle.my_chits}
                 for side in ("axis", "soviet")}
        await axis.wait_for("Your chits:")
        await soviet.wait_for("Your chits:")
        await asyncio.sleep(0.5)
        for name in names["axis"] - names["soviet"]:
            assert name in axis.text()
            assert name not in soviet.text(), f"the Soviet terminal showed the Axis chit {name}"
        for name in names["soviet"] - names["axis"]:
            assert name not in axis.text(), f"the Axis terminal showed the Soviet chit {name}"
    finally:
        axis.close()
        soviet.close()


def test_the_budgets_of_connections_logging_in_and_logged_in_are_kept(tmp_path, monkeypatch):
    from tui.serve import ssh
    from tui.serve.ssh import Hub, Options, _bounded, read_authorized_keys

    class Conn:                       # what the hub reads of a connection
        def __init__(self, address):
            self.address, self.playing, self.dropped = address, False, ""

        def drop(self, why):
            self.dropped = why
            hub.release(self)

    now = [100.0]
    monkeypatch.setattr(ssh.time, "monotonic", lambda: now[0])
    hub = Hub(Options(port=0, codes=True, per_address=2, total=2, startups=4))   # an address: 1 of 4
    a1, a2, a3, a4 = (Conn("10.0.0.1") for _ in range(4))
    b1, c1, d1, e1 = Conn("10.0.0.2"), Conn("10.0.0.3"), Conn("10.0.0.4"), Conn("10.0.0.5")
    assert hub.admit(a1) is None
    assert "try again in a moment" in hub.admit(a2)           # its address's share, still young
    now[0] += ssh.EVICT_AFTER + 1
    assert hub.admit(a2) is None and a1.dropped == "it took too long to log in"
    for conn in (b1, c1, d1):
        assert hub.admit(conn) is None
    assert "try again in a moment" in hub.admit(e1)           # all four places, all young
    assert hub.logged_in(a2) is None and hub.logged_in(b1) is None
    assert hub.admit(e1) is None                              # two logged in: their places free
    assert hub.admit(a3) is None and hub.logged_in(a3) == "the server is full"
    a3.drop("the server is full")                             # as the connection does then
    now[0] += ssh.EVICT_AFTER + 1
    assert hub.admit(a4) is None                              # a2 playing, a4 logging in
    assert "try again in a moment" in hub.admit(Conn("10.0.0.1"))   # its share: a4, still young
    for conn in (a2, b1, c1, d1, e1, a4):
        hub.release(conn)
    assert hub.players == 0 and not hub.waiting
    # players behind one address (a club's NAT): only those still logging in count for it
    hub = Hub(Options(port=0, codes=True, per_address=3, total=8, startups=16))   # 3 of 16: 3
    club = [Conn("10.0.0.9") for _ in range(8)]
    for conn in club[:3]:
        assert hub.admit(conn) is None
    assert "try again in a moment" in hub.admit(club[3])      # three logging in at once: the burst
    for conn in club[:3]:
        assert hub.logged_in(conn) is None
    for conn in club[3:]:
        assert hub.admit(conn) is None and hub.logged_in(conn) is None
    assert hub.players == 8 and not hub.waiting
    assert hub.admit(Conn("10.0.0.9")) is None                # let in to log in; the server is full then
    assert _bounded(100000, 0) == (500, 24) and _bounded(-3, 70000) == (1, 200)
    keys = tmp_path / "authorized_keys"
    import asyncssh as a
    key = a.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    keys.write_text(f'# comment\n\n{key} anna@home\n')
    assert list(read_authorized_keys(keys).values()) == ["anna@home"]
    keys.write_text(f'from="10.0.0.1",no-pty {key} anna@home\n')
    with pytest.raises(ValueError, match="line 1: options before the key"):
        read_authorized_keys(keys)
    keys.write_text("just words\n")
    with pytest.raises(ValueError, match="line 1: no key type"):
        read_authorized_keys(keys)

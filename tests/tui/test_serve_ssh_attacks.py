"""`wartable serve --ssh` tried from loopback as an attacker would: a guessing loop on one
connection, guessing across connections, players behind one address with a guesser, idle and
half-open clients holding slots, a flood of environment requests, a client that sends EOF.

Each server here is its own (the back-off it builds up at 127.0.0.1 must not slow other tests).
"""

from __future__ import annotations

import asyncio
import socket
import time

import asyncssh
import pytest
from asyncssh.auth import lookup_client_auth

from tests.support.ssh_term import Server, Term, children_of
from tests.tui.test_serve_ssh import fresh_game
from tui.serve.guard import BASE, FREE
from tui.serve.ssh import MAX_USERNAMES

WRONG = [f"abcd{c}-fghjk" for c in "abcdefghjkmnpqrstuvwxyz23456789"]   # well formed, no game has them


def key_server(tmp_path, *args: str) -> tuple[Server, asyncssh.SSHKey]:
    data = tmp_path / "data"
    data.mkdir()
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = data / "authorized_keys"
    keys.write_text(key.export_public_key().decode())
    return Server(data, "--codes", "--authorized-keys", str(keys), *args), key


class Guesser(asyncssh.SSHClient):
    """A client that, refused, tries the next user name on the same connection (what asyncssh
    lets a server see as a new ``begin_auth`` each time): the guessing loop of issue 21."""

    names: list[str] = []

    def connection_made(self, conn) -> None:
        self.conn = conn
        self.tried = 0
        self.banners: list[str] = []
        names = iter(self.names)
        client = self

        def try_next_auth(*, next_method: bool = False) -> None:
            if conn._auth:
                conn._auth.cancel()
                conn._auth = None
            name = next(names, None)
            if name is None:
                conn.close()
                return
            client.tried += 1
            conn._username = name                      # the next guess, on this connection
            conn._auth = lookup_client_auth(conn, b"none")

        conn.try_next_auth = try_next_auth

    def auth_banner_received(self, msg: str, lang: str) -> None:
        self.banners.append(msg)


async def guess(port: int, names: list[str], timeout: float = 30.0,
                source: str | None = None) -> tuple[Guesser | None, bool]:
    """Try ``names`` on one connection (from the loopback address ``source``, say 127.0.0.2):
    (the client, whether it got in)."""
    Guesser.names = list(names)          # asyncssh starts its auth by try_next_auth: the first too
    made = []

    def factory():
        made.append(Guesser())
        return made[-1]
    try:
        conn, _ = await asyncio.wait_for(asyncssh.create_connection(
            factory, "127.0.0.1", port, username=names[0], known_hosts=None, client_keys=[],
            agent_path=None, preferred_auth="none", config=[],
            local_addr=(source, 0) if source else None), timeout)
    except (asyncssh.Error, OSError, asyncio.TimeoutError):
        return (made[0] if made else None), False
    conn.close()
    return made[0], True


async def test_a_guessing_loop_on_one_connection_is_cut_off_after_a_few_user_names(tmp_path):
    server, _ = key_server(tmp_path)
    try:
        started = time.monotonic()
        client, got_in = await guess(server.port, WRONG[:30])
        assert not got_in
        assert len(client.banners) <= MAX_USERNAMES, f"one connection had {len(client.banners)} codes answered"
        assert await server.logged("too many user names on one connection")
        assert time.monotonic() - started < 10
    finally:
        server.stop()


async def test_guessing_across_connections_slows_down_yet_the_right_code_gets_in(tmp_path):
    server, key = key_server(tmp_path)
    try:
        seats = fresh_game(server.data)
        for n in range(0, FREE, MAX_USERNAMES):             # the free wrong codes, a few a connection
            await guess(server.port, WRONG[n:min(n + MAX_USERNAMES, FREE)])
        # past them, each wrong code from the address waits its turn, a turn longer each time
        t0 = time.monotonic()
        await guess(server.port, WRONG[FREE:FREE + 3])
        slowed = time.monotonic() - t0
        assert slowed >= BASE * (1 + 2 + 4) * 0.9, f"three more wrong codes took only {slowed:.2f} s"
        # a key login from the same address does not wait for any of it
        t0 = time.monotonic()
        player = await Term.open(server.port, "player", key=key)
        try:
            await player.wait_for("wartable")
        finally:
            player.close()
        assert time.monotonic() - t0 < 8
        # and a player behind the same address with the right code still gets their seat
        axis = await Term.open(server.port, seats["axis"].code)
        try:
            await axis.wait_for("seat: Axis")
        finally:
            axis.close()
        assert not await server.logged("Traceback", timeout=0.1)
    finally:
        server.stop()


async def test_idle_connections_cannot_keep_a_player_out(tmp_path):
    # six players' places, four for connections not logged in: idle sockets from another
    # address (127.0.0.2) hold its one share of those four, no more, and a player gets in at once
    server, key = key_server(tmp_path, "--max-connections", "6", "--max-startups", "4",
                             "--max-per-address", "12", "--login-timeout", "30")
    idle = [socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=("127.0.0.2", 0))
            for _ in range(12)]
    try:
        await asyncio.sleep(0.5)
        t0 = time.monotonic()
        player = await Term.open(server.port, "player", key=key)
        try:
            await player.wait_for("wartable")
        finally:
            player.close()
        assert time.monotonic() - t0 < 10
        assert await server.logged("refused 127.0.0.2: too many connections are logging in")
    finally:
        for s in idle:
            s.close()
        server.stop()


async def test_a_session_channel_that_never_starts_is_closed_at_the_login_timeout(tmp_path):
    server, key = key_server(tmp_path, "--login-timeout", "3")
    try:
        conn = await asyncssh.connect("127.0.0.1", server.port, username="player", known_hosts=None,
                                      client_keys=[key], agent_path=None, config=[])
        chan = asyncssh.SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None, "strict",
                                         2 ** 21, 32768)
        await chan._open(b"session")                    # a session channel, and no request on it
        t0 = time.monotonic()
        await asyncio.wait_for(conn.wait_closed(), 15)
        assert time.monotonic() - t0 < 10
        # and one session channel per connection: a second is refused
        conn = await asyncssh.connect("127.0.0.1", server.port, username="player", known_hosts=None,
                                      client_keys=[key], agent_path=None, config=[])
        async with conn:
            first = asyncssh.SSHClientChannel(conn, asyncio.get_running_loop(), "strict", None, "strict",
                                              2 ** 21, 32768)
            await first._open(b"session")
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_session(asyncssh.SSHClientSession)
    finally:
        server.stop()


def rss_mib(pid: int) -> float:
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def test_a_flood_of_environment_requests_is_capped(tmp_path):
    server, key = key_server(tmp_path)
    try:
        before = rss_mib(server.proc.pid)
        env = {f"V{n}": "x" * 30_000 for n in range(2000)}          # 60 MB of environment
        conn = await asyncssh.connect("127.0.0.1", server.port, username="player", known_hosts=None,
                                      client_keys=[key], agent_path=None, config=[])
        term = Term()
        term.conn = conn
        from tests.support.ssh_term import _Session
        term.chan, _ = await conn.create_session(lambda: _Session(term), env=env, term_type="xterm",
                                                 term_size=(80, 24), encoding=None)
        await term.wait_for("wartable")
        grown = rss_mib(server.proc.pid) - before
        assert grown < 25, f"the server grew {grown:.0f} MiB holding a client's environment"
        conn.close()
    finally:
        server.stop()


async def test_a_client_that_sends_eof_ends_its_session_once_and_cleanly(tmp_path):
    server, _ = key_server(tmp_path)
    try:
        seats = fresh_game(server.data)
        axis = await Term.open(server.port, seats["axis"].code)
        await axis.wait_for("seat: Axis")
        axis.chan.write_eof()
        await axis.wait_closed(timeout=10)
        assert axis.status is not None, "no exit status was sent"
        for _ in range(100):
            if not children_of(seats["axis"].game_dir):
                break
            await asyncio.sleep(0.05)
        assert not children_of(seats["axis"].game_dir), "the seat's process outlived its session"
        await asyncio.sleep(0.5)
        log = server.stop()
        assert "BrokenPipeError" not in log and "Traceback" not in log, log[-2000:]
    finally:
        server.stop()


def test_openssh_with_stdin_at_eof_gets_its_exit_status_at_once(tmp_path):
    # `ssh -tt host < /dev/null` sends EOF before the app has started: it used to hang
    import shutil
    import subprocess
    ssh = shutil.which("ssh")
    if ssh is None:
        pytest.skip("OpenSSH's ssh client is not installed (apt-get install openssh-client)")
    server, _ = key_server(tmp_path)
    try:
        seat = fresh_game(server.data)["axis"]
        done = subprocess.run(
            [ssh, "-tt", "-p", str(server.port), "-o", "StrictHostKeyChecking=no", "-o",
             "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-F", "/dev/null",
             f"{seat.code}@127.0.0.1"], stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
        assert done.returncode != 255, done.stderr          # 255: ssh's own failure
        assert b"Traceback" not in done.stdout + done.stderr
    finally:
        log = server.stop()
    assert "Traceback" not in log and "BrokenPipeError" not in log, log[-2000:]


async def test_a_club_behind_one_address_logs_in_at_once_while_a_flood_is_refused(tmp_path):
    # the defaults: six players behind one NAT (127.0.0.1) log in at the same moment and all get
    # in, while a flood of connections that never log in, from 127.0.0.2, holds its address's
    # burst of 8 and no more
    server, key = key_server(tmp_path)
    flood = []
    try:
        for _ in range(40):
            flood.append(socket.create_connection(("127.0.0.1", server.port), timeout=10,
                                                  source_address=("127.0.0.2", 0)))
        await asyncio.sleep(0.5)

        async def one() -> bool:
            term = await Term.open(server.port, "player", key=key)
            try:
                await term.wait_for("wartable", timeout=60)
                return True
            finally:
                term.close()
        assert await asyncio.gather(*(one() for _ in range(6))) == [True] * 6
        refused = [line for line in server.log if line.startswith("wartable serve: refused 127.0.0.2")]
        assert len(refused) >= 40 - 8 and all("too many connections are logging in" in l for l in refused)
        assert not any("refused 127.0.0.1" in line for line in server.log)
    finally:
        for s in flood:
            s.close()
        server.stop()

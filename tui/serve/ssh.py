"""`wartable serve --ssh PORT`: an SSH server that gives each connection wartable and nothing else.

Each session runs ``tui.serve.child``'s app (forked from the zygote of ``tui.serve.zygote``, or
with ``--no-zygote`` a fresh ``python -m tui.serve.child ...``) in its own process, in its own
pseudo-terminal: a crash or a kill of one touches no other. No shell, no port forwarding, no
agent or X11 forwarding, no SFTP or SCP: only a terminal session (a shell request or one of
the fixed commands ``new GAME``, ``join CODE`` and ``resume``), whose bytes go to the app's PTY.

Who gets in:
  * a key listed in ``--authorized-keys`` (OpenSSH format): the lobby (``tui.serve.lobby``),
    its player named by the key's comment; ``ssh -t HOST solo``: the launcher, in a data folder
    of that key's own; ``ssh -t HOST new roads`` opens a hosted game and seats them first,
    ``join CODE`` takes a seat, ``resume`` takes back the seat the key took last, ``watch CODE``
    watches a game by its watch code;
  * with ``--codes``, anyone whose user name is a seat's join code (``ssh CODE@HOST``): that seat;
    or a game's watch code: a spectator of that game (``tui.serve.spectator``).

Limits, the way OpenSSH sets them:
  * players logged in (``total``), and a budget of connections not yet logged in
    (``startups``), of which one address may hold ``per_address`` (at most a quarter): when
    either is full, a new connection takes the place of the oldest one still not logged in
    after a few seconds, so idle or slow clients cannot keep players out. Players logged in are
    not counted per address: a club behind one NAT shares one;
  * the login and the start of the session must both be done within ``login_timeout`` of the
    connect; one session channel per connection; at most ``MAX_USERNAMES`` user names and
    ``MAX_KEY_TRIES`` keys tried per connection, then it is closed;
  * every join code tried goes through the back-off of ``tui.serve.guard`` (a key login never
    waits for it);
  * environment requests are capped in number and size; input is flow-controlled (a flood backs
    up in the flooder's own SSH window) and decoded by the app with replacement; terminal sizes
    are bounded. A client's EOF ends its session once, with the app's exit status.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import hashlib
import os
import pty
import shlex
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from . import child, games
from .guard import Busy, CodeGuard
from .store import Store, StoreError, name_for_key
from .zygote import Zygote, ZygoteError

MAX_COLS, MAX_ROWS = 500, 200          # a bigger size request is cut to this
IN_HIGH, IN_LOW = 64 * 1024, 16 * 1024  # input waiting for the app: pause the client above, resume below
MAX_USERNAMES = 3                      # user names one connection may try (each code is one)
MAX_KEY_TRIES = 6                      # keys one connection may offer (OpenSSH's MaxAuthTries)
MAX_ENV, MAX_ENV_BYTES = 16, 1024      # environment requests per session, and bytes in each
EVICT_AFTER = 3.0                      # a connection not logged in after this may lose its place


@dataclass
class Options:
    port: int
    host: str = "127.0.0.1"
    authorized_keys: Path | None = None
    codes: bool = False
    per_address: int = 8               # connections not logged in from one address (a burst)
    total: int = 32
    startups: int = 32
    login_timeout: float = 20.0
    python: str = sys.executable
    extra_env: dict = field(default_factory=dict)
    zygote: bool = True                # fork each app from a warm zygote (False: a fresh interpreter)
    notify_command: list[str] | None = None   # run when a game passes to a player not connected
    spectators: bool = True            # games opened over SSH (``new GAME``) may be watched


def host_key_path() -> Path:
    return games.serve_dir() / "ssh_host_ed25519_key"


def host_key() -> asyncssh.SSHKey:
    """The server's host key, made once in the data directory (mode 600) and kept."""
    path = host_key_path()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="wartable serve")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
    return asyncssh.read_private_key(str(path))


KEY_TYPES = ("ssh-", "ecdsa-", "sk-")


def read_authorized_keys(path: Path) -> dict[bytes, str]:
    """Public key blob -> its comment, from an OpenSSH authorized_keys file. ValueError naming the
    line for a key that cannot be read, or one with options (from=, command=...: not supported)."""
    keys: dict[bytes, str] = {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        at = next((i for i, p in enumerate(parts) if p.startswith(KEY_TYPES) and i + 1 < len(parts)), None)
        if at is None:
            raise ValueError(f"{path}, line {number}: no key type (ssh-ed25519, ssh-rsa, ...) found.")
        if at > 0:       # from=, command=, ...: refused rather than silently not honoured
            raise ValueError(f"{path}, line {number}: options before the key ({parts[0][:40]}) are not "
                             "supported by wartable serve; remove them, or host behind OpenSSH instead.")
        try:
            key = asyncssh.import_public_key(f"{parts[at]} {parts[at + 1]}")
        except (asyncssh.KeyImportError, ValueError) as exc:
            raise ValueError(f"{path}, line {number}: the key cannot be read ({exc}).") from None
        keys[key.public_data] = " ".join(parts[at + 2:])
    return keys


def key_folder(blob: bytes) -> str:
    return "key-" + hashlib.sha256(blob).hexdigest()[:16]


class Hub:
    """What all connections share: options, keys, counts, the code guard, and the log."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.keys = read_authorized_keys(options.authorized_keys) if options.authorized_keys else {}
        self.waiting: dict[Connection, float] = {}     # not logged in yet -> when it connected
        self.players = 0                               # logged in
        self.guard = CodeGuard()
        self.sessions: set[Session] = set()
        self.zygote: Zygote | None = None              # when apps are forked from one
        self.store: Store | None = None                # the lobby's records (held open: see start)
        self.notices = None                            # tui.serve.notices.Notices, with a store

    def say(self, message: str) -> None:
        try:
            print(f"wartable serve: {message}", file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass                          # no one reads the log: serving goes on

    def admit(self, conn: "Connection") -> str | None:
        """Count a new connection (not logged in yet); the reason it is refused, or None.

        Connections not logged in have a budget of ``startups``, and one address ``per_address``
        of it, never more than a quarter. When the address's share, or the whole budget, is full,
        the oldest connection there that has had ``EVICT_AFTER`` seconds makes room (a legitimate
        login takes well under that): a client that holds slots open holds only its own
        address's few. Once logged in a connection no longer counts for its address (players
        behind one NAT), only for ``total``."""
        share = min(self.options.per_address, max(1, self.options.startups // 4))
        if not (self._room([c for c in self.waiting if c.address == conn.address], share)
                and self._room(list(self.waiting), self.options.startups)):
            return "too many connections are logging in; try again in a moment"
        self.waiting[conn] = time.monotonic()
        return None

    def _room(self, crowd: list["Connection"], most: int) -> bool:
        """Whether one more may join ``crowd`` (connections not logged in), after the oldest of
        them gives way if it is full and that one has had its ``EVICT_AFTER`` seconds."""
        if len(crowd) < most:
            return True
        oldest = min(crowd, key=self.waiting.get)
        if time.monotonic() - self.waiting[oldest] < EVICT_AFTER:
            return False
        oldest.drop("it took too long to log in")
        return True

    def logged_in(self, conn: "Connection") -> str | None:
        """Move ``conn`` from the waiting budget to the players'; the reason it is refused."""
        self.waiting.pop(conn, None)
        if self.players >= self.options.total:
            return "the server is full"
        self.players += 1
        conn.playing = True
        return None

    def release(self, conn: "Connection") -> None:
        self.waiting.pop(conn, None)
        if conn.playing:
            conn.playing = False
            self.players -= 1


class Connection(asyncssh.SSHServer):
    """One client connection: admission, authentication, and its one session."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        self.counted = False
        self.playing = False
        self.usernames = 0
        self.key_tries = 0
        self.seat: games.Seat | None = None
        self.watch: games.Watch | None = None
        self.key: bytes | None = None
        self.session: Session | None = None
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?",)
        self.address = str(peer[0])
        refused = self.hub.admit(self)
        if refused:
            self.hub.say(f"refused {self.address}: {refused}")
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, refused)
            return
        self.counted = True
        # the login and the session's start, both within the login timeout of the connect
        self.timer = asyncio.get_running_loop().call_later(
            self.hub.options.login_timeout, self._too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.hub.release(self)
        if self.timer is not None:
            self.timer.cancel()
        if self.session is not None:
            self.session.stop()

    def drop(self, why: str) -> None:
        """Close this connection, telling the client why in one line."""
        if self.counted:
            self.counted = False
            self.hub.release(self)
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, why)

    def _too_slow(self) -> None:
        if self.session is None or not self.session.started:
            self.drop("no session was started in time")

    async def begin_auth(self, username: str) -> bool:
        if not self.counted:
            return True
        self.usernames += 1
        if self.usernames > MAX_USERNAMES:
            self.hub.say(f"closed {self.address}: too many user names on one connection")
            self.drop("too many user names tried")
            return True
        if self.hub.options.codes and games.CODE_RE.match(username.strip().lower()):
            try:
                await self.hub.guard.turn(self.address)
            except Busy:
                self.drop("too many tries at once from your address; wait a moment")
                return True
            self.seat = games.find(username)
            self.watch = None if self.seat is not None else games.find_watch(username)
            if self.seat is not None or self.watch is not None:
                return False              # the join or watch code is the credential
            self.hub.guard.wrong(self.address)
            self.hub.say(f"wrong join code from {self.address}")
            self._banner("wartable: no hosted game has that join code.")
        elif not self.hub.keys:
            self._banner("wartable: log in with a seat's join code as the user name: ssh -t CODE@host")
        return True                       # a key, or nothing: refused

    def _banner(self, text: str) -> None:
        try:
            self.conn.send_auth_banner(text + "\r\n")
        except (OSError, asyncssh.Error):
            pass

    def public_key_auth_supported(self) -> bool:
        return bool(self.hub.keys) and self.counted

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self.key_tries += 1
        if self.key_tries > MAX_KEY_TRIES:
            self.drop("too many keys tried")
            return False
        if key.public_data in self.hub.keys:
            self.key = key.public_data
            return True
        return False

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def auth_completed(self) -> None:
        refused = self.hub.logged_in(self) if self.counted else "not admitted"
        if refused:
            self.hub.say(f"refused {self.address} after its login: {refused}")
            self.drop(refused)

    def session_requested(self):
        if self.session is not None or not self.playing:
            return False                  # one session per connection
        self.session = Session(self)
        chan = self.conn.create_server_channel()
        _cap_environment(chan)
        return chan, self.session

    # everything else is refused: forwarding of ports, sockets, agents, X11, tunnels
    def connection_requested(self, *args):
        return False

    def server_requested(self, *args):
        return False

    def unix_connection_requested(self, *args):
        return False

    def unix_server_requested(self, *args):
        return False

    def tun_requested(self, *args):
        return False

    def tap_requested(self, *args):
        return False


class Session(asyncssh.SSHServerSession):
    """The player's terminal: a PTY with the wartable process on its other end."""

    def __init__(self, owner: Connection) -> None:
        self.owner = owner
        self.hub = owner.hub
        self.chan = None
        self.term = "xterm-256color"
        self.size = (80, 24)
        self.command = ""
        self.master: int | None = None
        self.proc: asyncio.subprocess.Process | None = None
        self.pending = bytearray()
        self.reading_paused = False
        self.started = False
        self.stopped = False
        self.ending = False               # the client sent EOF: the app is being ended
        self.player = ""                  # the lobby's name of the key's player, once known

    # -- requests --------------------------------------------------------------------
    def connection_made(self, chan) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size, term_modes) -> bool:
        if term_type and term_type.isprintable() and len(term_type) < 64:
            self.term = term_type
        self.size = _bounded(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        words = command.split()
        if self.owner.key is not None and ((len(words) == 2 and words[0] in ("new", "join", "watch"))
                                           or words in (["resume"], ["solo"])):
            self.command = command
            return True
        if not words:
            return True
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False                      # no sftp, nothing else

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal_name: str) -> None:
        pass

    # -- the process -----------------------------------------------------------------------
    def session_started(self) -> None:
        self.started = True
        if self.owner.timer is not None:
            self.owner.timer.cancel()
        self.hub.sessions.add(self)
        asyncio.get_running_loop().create_task(self._run())

    async def _argv(self) -> tuple[list[str], Path] | str:
        """The child's arguments and data folder, or what is wrong."""
        py = [self.hub.options.python, "-m", "tui.serve.child"]
        base = games.serve_dir()
        if self.owner.seat is not None:
            seat = self.owner.seat
            return py + ["seat", str(seat.game_dir), seat.side], games.seat_data_dir(seat)
        if self.owner.watch is not None:
            watch = self.owner.watch
            return py + ["spectator", str(watch.game_dir)], games.watch_data_dir(watch)
        if self.owner.key is None:
            return "not logged in"
        mine = key_folder(self.owner.key)
        home = base / "players" / mine
        comment = self.hub.keys.get(self.owner.key, "")
        if self.hub.store is not None:     # connected: no turn notice is sent to this player
            self.player = name_for_key(self.hub.store, mine, comment)
        words = self.command.split()
        if words[:1] == ["new"]:
            try:
                seats = games.create(words[1], spectators=self.hub.options.spectators)
            except (ValueError, OSError) as exc:
                return str(exc)
            others = ", ".join(f"{s.label}: {s.code}" for s in seats[1:])
            note = (f"Join codes for the other seats ({others}): ssh -t -p {self.hub.options.port} "
                    "CODE@this host")
            self.hub.say(f"new hosted game {seats[0].game_dir.name}")
            seat = games.claim(seats[0], mine)
            return py + ["seat", str(seat.game_dir), seat.side, note], home
        if words[:1] == ["join"]:
            try:
                await self.hub.guard.turn(self.owner.address)
            except Busy:
                return "too many tries at once from your address; wait a moment"
            seat = games.find(words[1])
            if seat is None:
                self.hub.guard.wrong(self.owner.address)
                self.hub.say(f"wrong join code from {self.owner.address}")
                return "no game has that join code"
            seat = games.claim(seat, mine)
            return py + ["seat", str(seat.game_dir), seat.side], home
        if words[:1] == ["watch"]:
            try:
                await self.hub.guard.turn(self.owner.address)
            except Busy:
                return "too many tries at once from your address; wait a moment"
            watch = games.find_watch(words[1])
            if watch is None:
                self.hub.guard.wrong(self.owner.address)
                self.hub.say(f"wrong watch code from {self.owner.address}")
                return "no game has that watch code"
            return py + ["spectator", str(watch.game_dir)], home
        if words == ["resume"]:
            seat = games.held_by(mine)
            if seat is None:
                return "your key holds no seat yet (new GAME, or join CODE)"
            return py + ["seat", str(seat.game_dir), seat.side], home
        if words == ["solo"] or self.hub.store is None:
            return py + ["launcher"], home
        return py + ["lobby", str(base), mine, comment[:zygote_max_arg()]], home

    async def _run(self) -> None:
        try:
            await self._run_app()
        except Exception as exc:          # never a hung session: say what went wrong and end it
            self.hub.say(f"session of {self.owner.address} failed: {type(exc).__name__}: {exc}")
            self._kill()
            self._finish("wartable: the session failed; see the server's log.\r\n", 1)

    async def _run_app(self) -> None:
        what = await self._argv()
        if isinstance(what, str):
            self._finish(f"wartable: {what}\r\n", 1)
            return
        argv, data = what
        try:
            data.mkdir(parents=True, exist_ok=True, mode=0o700)
            master, slave = pty.openpty()
        except OSError as exc:
            self._finish(f"wartable: cannot start ({exc.strerror or exc})\r\n", 1)
            return
        self.master = master
        _set_size(master, *self.size)
        env = {"TERM": self.term, **child.environment(data), **self.hub.options.extra_env}
        sent = self.chan.get_environment() if self.chan is not None else {}
        if "NO_COLOR" in sent:            # the player's own choice, passed by `ssh -o SendEnv=NO_COLOR`
            env["NO_COLOR"] = "1"
        if sent.get("COLORTERM") in ("truecolor", "24bit"):
            env["COLORTERM"] = sent["COLORTERM"]
        try:
            if self.hub.zygote is not None:   # argv: python -m tui.serve.child ENTRY ARGS...
                self.proc = await self.hub.zygote.spawn(argv[3:], env, data, slave, self.size)
            else:
                self.proc = await asyncio.create_subprocess_exec(
                    *argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(data),
                    start_new_session=True, close_fds=True)
        except (OSError, ZygoteError) as exc:
            os.close(slave)
            self.hub.say(f"session of {self.owner.address} not started: {exc}")
            self._finish(f"wartable: cannot start ({getattr(exc, 'strerror', None) or exc})\r\n", 1)
            return
        finally:
            if self.proc is not None:
                os.close(slave)
        if self.stopped or self.ending:   # the client left, or sent EOF, while it started
            self._kill()
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._readable)
        self._flush()                     # keys typed while the process started
        code = await self.proc.wait()
        await asyncio.sleep(0.05)         # the last frame still in the PTY
        self._drain()
        self._finish("", code if code >= 0 else 128 - code)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:                   # EIO: the process closed its terminal
            data = b""
        if not data:
            self._stop_reading()
            return
        self._send(data)

    def _send(self, data: bytes) -> None:
        """The app's output to the client; a channel that has gone ends the session."""
        if self.chan is None or self.stopped:
            return
        try:
            self.chan.write(data)
        except (BrokenPipeError, OSError, asyncssh.Error):
            self.stop()

    def _drain(self) -> None:
        if self.master is None:
            return
        try:
            while True:
                data = os.read(self.master, 65536)
                if not data:
                    break
                self._send(data)
        except OSError:
            pass

    def _stop_reading(self) -> None:
        if self.master is not None:
            try:
                asyncio.get_running_loop().remove_reader(self.master)
            except (ValueError, OSError):
                pass

    def pause_writing(self) -> None:       # the client reads slowly: stop reading the app
        self._stop_reading()

    def resume_writing(self) -> None:
        if self.master is not None and not self.stopped:
            asyncio.get_running_loop().add_reader(self.master, self._readable)

    # -- input -------------------------------------------------------------------------------
    def data_received(self, data: bytes, datatype) -> None:
        if self.master is None or self.stopped:
            if len(self.pending) < IN_HIGH:
                self.pending += data[:IN_HIGH - len(self.pending)]
            return
        self.pending += data
        self._flush()

    def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self.pending and self.master is not None:
            try:
                n = os.write(self.master, self.pending[:4096])
            except BlockingIOError:
                break
            except OSError:
                self.pending.clear()
                break
            del self.pending[:n]
        if self.master is None:
            return
        if self.pending:
            loop.add_writer(self.master, self._flush)
        else:
            try:
                loop.remove_writer(self.master)
            except (ValueError, OSError):
                pass
        if len(self.pending) > IN_HIGH and not self.reading_paused and self.chan is not None:
            self.reading_paused = True
            self.chan.pause_reading()
        elif len(self.pending) < IN_LOW and self.reading_paused and self.chan is not None:
            self.reading_paused = False
            self.chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = _bounded(width, height)
        if self.master is not None:
            _set_size(self.master, *self.size)   # the kernel sends SIGWINCH to the app

    def eof_received(self) -> bool:
        """The client will send nothing more: end the app (its game waits in its save) and,
        once it has gone, send its exit status and close, once. True keeps the channel open
        for that."""
        if not self.ending:
            self.ending = True
            if self.proc is not None:     # else it is ended as soon as it has started
                self._kill()
        return True

    # -- the end -------------------------------------------------------------------------------
    def connection_lost(self, exc: Exception | None) -> None:
        self.stop()

    def stop(self) -> None:
        """The player left: end their process (the hosted game waits in its save)."""
        if self.stopped:
            return
        self.stopped = True
        self.hub.sessions.discard(self)
        self._kill()

    def _kill(self) -> None:
        proc = self.proc
        if proc is None or proc.returncode is not None:
            self._close_master()
            return
        try:
            os.killpg(proc.pid, signal.SIGHUP)
        except (ProcessLookupError, PermissionError):
            pass
        loop = asyncio.get_running_loop()
        loop.call_later(2.0, self._kill_hard)

    def _kill_hard(self) -> None:
        proc = self.proc
        if proc is not None and proc.returncode is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        self._close_master()

    def _close_master(self) -> None:
        if self.master is None:
            return
        loop = asyncio.get_running_loop()
        for remove in (loop.remove_reader, loop.remove_writer):
            try:
                remove(self.master)
            except (ValueError, OSError):
                pass
        try:
            os.close(self.master)
        except OSError:
            pass
        self.master = None

    def _finish(self, message: str, code: int) -> None:
        self.hub.sessions.discard(self)
        chan = self.chan
        if chan is not None and not self.stopped:
            try:
                if message:
                    chan.write(message.encode())
                chan.exit(code)
            except (OSError, asyncssh.Error, BrokenPipeError):
                pass
        self.stopped = True
        self._close_master()


def zygote_max_arg() -> int:
    from .zygote import MAX_ARG
    return MAX_ARG


def _cap_environment(chan: asyncssh.SSHServerChannel) -> None:
    """Bound what a client may set with environment requests. asyncssh keeps every one it is
    sent, each up to a packet's size, with no limit on their number (its handler
    ``SSHServerChannel._process_env_request``, looked up by name for each "env" request; checked
    on asyncssh 2.24): this wraps that handler on the one channel, refusing a request past
    ``MAX_ENV`` or bigger than ``MAX_ENV_BYTES``. Only NO_COLOR and COLORTERM are ever read."""
    accept = chan._process_env_request
    taken = 0

    def capped(packet) -> bool:
        nonlocal taken
        if taken >= MAX_ENV or len(packet.get_remaining_payload()) > MAX_ENV_BYTES:
            return False
        taken += 1
        return accept(packet)

    chan._process_env_request = capped


def _bounded(width: int, height: int) -> tuple[int, int]:
    return max(1, min(int(width or 80), MAX_COLS)), max(1, min(int(height or 24), MAX_ROWS))


def _set_size(fd: int, cols: int, rows: int) -> None:
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    except OSError as exc:
        if exc.errno not in (errno.EBADF, errno.EIO):
            raise


async def start(options: Options) -> asyncssh.SSHAcceptor:
    """Listen; the acceptor's ``hub`` attribute holds the shared state (for tests)."""
    hub = Hub(options)
    acceptor = await asyncssh.create_server(
        lambda: Connection(hub), options.host, options.port,
        server_host_keys=[host_key()], encoding=None, line_editor=False,
        login_timeout=options.login_timeout, keepalive_interval=30, keepalive_count_max=3,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False, sftp_factory=None,
        allow_pty=True)
    acceptor.hub = hub
    open_store(hub)
    if options.zygote:
        if Zygote.adopt_orphans():
            hub.zygote = Zygote(options.python, hub.say)
            asyncio.get_running_loop().create_task(_first_zygote(hub))
        else:
            hub.say("this system cannot adopt forked apps (PR_SET_CHILD_SUBREAPER); "
                    "starting a fresh interpreter per connection")
    return acceptor


def open_store(hub: Hub) -> None:
    """Open the lobby's records, and keep them open while the server runs: SQLite's -wal and
    -shm files then stay (made by the first connection, removed by the last), so a confined
    lobby, allowed those three files and no others in the folder, can always use them."""
    try:
        games.games_dir().mkdir(parents=True, exist_ok=True, mode=0o700)
        hub.store = Store.open_in(games.serve_dir())
    except (StoreError, OSError) as exc:
        hub.say(f"no lobby: {exc}; keys get the launcher")
        return
    stale = hub.store.drop_stale_notices()
    if stale:                  # said once the server has told where it listens
        asyncio.get_running_loop().call_soon(
            hub.say, f"{stale} turn notice(s) not sent before the last stop were dropped (not sent stale)")
    from .notices import Notices
    hub.notices = Notices(hub)
    hub.notices.start()


async def _first_zygote(hub: Hub) -> None:
    """Start the zygote while the server already listens (the first players wait for it)."""
    async with hub.zygote.lock:
        if hub.zygote.sock is None:
            try:
                await hub.zygote.start()
            except ZygoteError as exc:
                hub.say(str(exc))


def serve(options: Options, created: list | None = None) -> int:
    """Run the server until interrupted (ctrl+c, SIGTERM)."""
    async def main() -> None:
        acceptor = await start(options)
        fingerprint = host_key().get_fingerprint("sha256")
        port = acceptor.get_port() or options.port
        who = []
        if options.authorized_keys:
            who.append(f"{len(acceptor.hub.keys)} key(s) from {options.authorized_keys}")
        if options.codes:
            who.append("join codes")
        print(f"wartable serve: SSH on {options.host}:{port} (host key {fingerprint}); "
              f"letting in: {', '.join(who) or 'nobody (give --authorized-keys or --codes)'}", flush=True)
        for seat in created or []:
            print(f"  {seat.label} seat of {seat.game_dir.name}: ssh -t -p {port} {seat.code}@{_shown(options.host)}",
                  flush=True)
        for watch in games.watches_of(created or []):
            print(f"  spectators of {watch.game_dir.name}: ssh -t -p {port} {watch.code}@{_shown(options.host)}",
                  flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        acceptor.close()
        for session in list(acceptor.hub.sessions):
            session.stop()
        if acceptor.hub.zygote is not None:
            acceptor.hub.zygote.close()
        if acceptor.hub.notices is not None:
            acceptor.hub.notices.close()
        await asyncio.sleep(0.1)

    asyncio.run(main())
    return 0


def _shown(host: str) -> str:
    """The host as players type it: localhost, this machine's name for any address, or the one given."""
    if host in ("127.0.0.1", "::1"):
        return "localhost"
    return "HOST" if host in ("0.0.0.0", "::", "") else shlex.quote(host)

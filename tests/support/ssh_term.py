"""Real SSH connections to a `wartable serve --ssh` server over loopback, for tests and benches.

``Server`` starts `wartable serve` in its own process (port 0: the system picks a free port; the
server prints the one it got); ``Term`` is an asyncssh client with a PTY whose output is kept,
with escape sequences stripped for reading (``text``), and waited on with a bounded loop.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncssh

ROOT = Path(__file__).resolve().parents[2]
_ESC = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Za-z0-9]|\x1b[=>78NOPM]")


def plain(data: bytes) -> str:
    """Terminal output as text: escape sequences removed (cursor moves join what they split)."""
    return _ESC.sub(b"", data).decode("utf-8", "replace")


class Server:
    """`wartable serve --ssh 0 ...` in a child process; ``port`` once it listens."""

    def __init__(self, data_dir: Path, *args: str, wrap: tuple[str, ...] = ()) -> None:
        self.data = data_dir
        env = dict(os.environ, WARTABLE_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1")
        # ``wrap``: a command that runs the server, as setpriv(1)
        self.proc = subprocess.Popen([*wrap, sys.executable, "-m", "tui.cli", "serve", "--ssh", "0", *args],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        line = self.proc.stdout.readline().decode()
        match = re.search(r"SSH on [^ ]+:(\d+) ", line)
        if not match:
            self.proc.kill()
            self.proc.wait()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.port = int(match.group(1))
        self.fingerprint = line.split("host key ")[1].split(")")[0]
        self.log: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()   # a full pipe never blocks it

    def _drain(self) -> None:
        for raw in self.proc.stdout:
            self.log.append(raw.decode(errors="replace"))

    async def logged(self, needle: str, timeout: float = 10.0) -> bool:
        """Whether the server prints a line holding ``needle`` within ``timeout`` seconds (its
        output reaches ``log`` through a thread, a moment after the event)."""
        deadline = time.monotonic() + timeout
        while not any(needle in line for line in self.log):
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def stop(self) -> str:
        """Stop the server; what it printed."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        return "".join(self.log)


class _Session(asyncssh.SSHClientSession):
    def __init__(self, term: "Term") -> None:
        self.term = term

    def data_received(self, data: bytes, datatype) -> None:
        self.term.out += data
        self.term.arrived = time.perf_counter()
        self.term.news.set()

    def exit_status_received(self, status: int) -> None:
        self.term.status = status

    def connection_lost(self, exc) -> None:
        self.term.closed = True


class Term:
    """One player's terminal over SSH."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.status: int | None = None
        self.closed = False
        self.arrived = 0.0
        self.news = asyncio.Event()          # set when output arrives (cleared by who waits)
        self.conn = None
        self.chan = None

    @classmethod
    async def open(cls, port: int, user: str, key=None, size=(80, 24), command: str | None = None) -> "Term":
        term = cls()
        term.conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, client_keys=[key] if key else [],
            agent_path=None, preferred_auth="publickey" if key else "none", config=[])
        term.chan, _ = await term.conn.create_session(
            lambda: _Session(term), command, term_type="xterm-256color", term_size=size, encoding=None)
        return term

    def text(self) -> str:
        return plain(bytes(self.out))

    def mark(self) -> int:
        return len(self.out)

    def since(self, mark: int) -> str:
        return plain(bytes(self.out[mark:]))

    async def wait_for(self, needle: str, timeout: float = 30.0, since: int = 0) -> str:
        """Wait (bounded) until ``needle`` has been shown since ``since``; AssertionError otherwise."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            shown = self.since(since)
            if needle in shown:
                return shown
            if self.closed:
                break
            await asyncio.sleep(0.05)
        raise AssertionError(f"{needle!r} was not shown within {timeout} s; the screen showed:\n"
                             f"{self.since(since)[-3000:]}")

    async def wait_closed(self, timeout: float = 15.0) -> None:
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            await asyncio.sleep(0.05)
        assert self.closed, "the connection was not closed"

    def send(self, data: bytes | str) -> None:
        self.chan.write(data.encode() if isinstance(data, str) else data)

    def resize(self, cols: int, rows: int) -> None:
        self.chan.change_terminal_size(cols, rows)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


def children_of(game_dir: Path) -> list[int]:
    """The pids of running seat processes of one hosted game (from /proc): a fresh interpreter
    by its arguments, one forked by the zygote by the name it gives itself."""
    from tui.serve.zygote import process_name

    forked = process_name(["seat", str(game_dir)]).encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
            comm = (entry / "comm").read_bytes().strip()
        except OSError:
            continue
        if (b"tui.serve.child" in cmd and str(game_dir).encode() in cmd) or comm == forked:
            try:
                state = (entry / "stat").read_text().split(") ")[1][0]
            except (OSError, IndexError):
                continue
            if state != "Z":
                pids.append(int(entry.name))
    return pids


def players_of(server_pid: int) -> list[int]:
    """The pids of a server's players' processes: its children that run ``tui.serve.child`` (a
    fresh interpreter) or that the zygote forked (named ``wartable ...`` or ``seat ...``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
        if int(fields.get("PPid", "0")) != server_pid or fields.get("State", "Z")[0] == "Z":
            continue
        if b"tui.serve.child" in cmd or fields.get("Name", "").startswith(("wartable", "seat")):
            found.append(int(entry.name))
    return found

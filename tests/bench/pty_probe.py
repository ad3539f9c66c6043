"""Measure a terminal program from outside, in a real 80x24 pseudo-terminal (as a player sees it).

- ``first_frame(argv, marker)``: seconds from the spawn to the first output that shows ``marker``
  (escape sequences stripped, case ignored).
- ``Term(argv, marker)``: a program running in a PTY; ``press(key)`` writes a key and returns the
  seconds to a settled screen (the last byte of the answer, then no output for ``QUIET`` s).

The same method as ``../shared/tools/first_frame.py`` and ``key_latency.py``, kept here so the
benchmarks run from a fresh clone. Standard library only; POSIX only.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import termios
import time

ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x1b\][^\x07]*\x07")
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "enter": b"\r"}
QUIET = 0.06
SIZE = (80, 24)

# A bare Textual app: the floor every figure is compared with (as ../shared/tools/bare_app.py).
BARE = r'''
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    BINDINGS = [("q", "quit", "Quit"), ("x", "bump", "Bump")]

    def compose(self):
        yield Static("bare ready 0", id="s")
        yield Footer()

    def action_bump(self):
        s = self.query_one("#s", Static)
        n = int(str(s.render()).split()[-1]) + 1
        s.update(f"bare ready {n}")

Bare().run()
'''
BARE_ARGV = [sys.executable, "-c", BARE]
BARE_MARKER = "bare ready"


def _spawn(argv: list[str], env: dict | None) -> tuple[int, int]:
    pid, fd = pty.fork()
    if pid == 0:
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        os.environ["TERM"] = "xterm-256color"
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    return pid, fd


def _kill(pid: int, fd: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)


def _shows(buf: bytes, marker: bytes) -> bool:
    return marker.lower() in ANSI.sub(b"", buf).replace(b"\r", b"").lower()


def first_frame(argv: list[str], marker: str, env: dict | None = None, limit: float = 30.0) -> float:
    """Seconds from the spawn to the first output showing ``marker``; AssertionError if never."""
    pid, fd = _spawn(argv, env)
    t0 = time.perf_counter()
    want, buf, found = marker.encode(), b"", None
    try:
        while time.perf_counter() - t0 < limit:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                buf += chunk
                if _shows(buf, want):
                    found = time.perf_counter() - t0
                    break
    finally:
        _kill(pid, fd)
    if found is None:
        tail = ANSI.sub(b"", buf)[-1500:].decode(errors="replace")
        raise AssertionError(f"{argv[1:]} never showed {marker!r}; last output:\n{tail}")
    return found


class Term:
    """A program in a PTY, started and shown ``marker``, then settled."""

    def __init__(self, argv: list[str], marker: str, env: dict | None = None) -> None:
        self.pid, self.fd = _spawn(argv, env)
        buf, t0 = b"", time.perf_counter()
        while not _shows(buf, marker.encode()):
            if time.perf_counter() - t0 > 30:
                self.close()
                raise AssertionError(f"{argv[1:]} never showed {marker!r}")
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                buf += os.read(self.fd, 65536)
        self.settle(0.5)

    def settle(self, quiet: float) -> float:
        last = time.perf_counter()
        while True:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                return last
            os.read(self.fd, 65536)
            last = time.perf_counter()

    def press(self, key: str) -> float:
        """Seconds from writing the key to the last byte of the settled answer."""
        t0 = time.perf_counter()
        os.write(self.fd, KEYS.get(key, key.encode()))
        return self.settle(QUIET) - t0

    def close(self) -> None:
        _kill(self.pid, self.fd)


def summary(values: list[float]) -> tuple[float, float, float]:
    """(median, p99, max): p99 is the value below which 99% of the samples fall."""
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99, ordered[-1]

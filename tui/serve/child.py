"""The program a connection runs, in its own process and pseudo-terminal (started by the server).

    python -m tui.serve.child seat GAME_DIR SIDE [NOTE]    one seat of a hosted game
    python -m tui.serve.child launcher                     the launcher (the data dir is the player's)
    python -m tui.serve.child lobby SERVE_DIR KEY COMMENT  the lobby of a key's player
    python -m tui.serve.child spectator GAME_DIR           a spectator of a hosted game (read-only)

The server starts it in a new session with the PTY as stdin/stdout/stderr; here the PTY becomes
the controlling terminal, so the kernel's SIGWINCH reaches the app when the player resizes.
Only these fixed arguments are ever run: nothing a player types reaches a shell.

Whatever the app would print on stderr goes to the host's log, never to the player
(``run_guarded``): a failure is told in one line with a reference to its log file, and the
exit code is not 0. The log folder is the one the server names in ``WARTABLE_SERVE_LOGS``
(``logs_env``), else ``<data dir>/serve/logs``.
"""

from __future__ import annotations

import fcntl
import io
import os
import secrets
import signal
import sys
import termios
import threading
import time
import traceback
from pathlib import Path
from typing import Callable

LOGS_ENV = "WARTABLE_SERVE_LOGS"
HELD_MAX = 1_000_000              # characters of stderr kept for the log: the rest is counted


def die_with_parent() -> None:
    """End this process when the server that started it ends (Linux: PR_SET_PDEATHSIG), so a
    killed server leaves no app behind; the game is in its save after every command."""
    parent = os.getppid()
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL))          # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if parent == 1 or os.getppid() != parent:    # already gone before we asked
        os._exit(1)


def not_dumpable() -> None:
    """PR_SET_DUMPABLE 0 (Linux): no other process of this uid, another player's, can ptrace
    this one or read its /proc/PID/mem or environ; and no core dump is written."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)     # 4: PR_SET_DUMPABLE
    except (OSError, AttributeError):
        pass


def confine_player(argv: list[str]) -> bool:
    """Started by a server: this process may write only its own folders (its data folder, the
    log folder, a seat's game; for the lobby, the hosted games and the store's three files)
    and read only those and the system's (``tui.serve.confine``)."""
    if argv[:1] not in (["launcher"], ["seat"], ["lobby"], ["spectator"]) or len(argv) < (1 if argv[0] == "launcher" else 2):
        return False              # another entry lists its own folders when it is added
    own = [Path(os.environ.get("WARTABLE_DATA_DIR", "") or ".").resolve(), log_dir()]
    if argv[0] == "seat":
        own.append(Path(argv[1]))
    if argv[0] == "lobby":
        from .store import files
        own += [Path(argv[1]) / "games", *files(Path(argv[1]))]
    try:
        own[1].mkdir(parents=True, exist_ok=True, mode=0o700)   # a failure is logged there later
    except OSError:
        pass
    from .confine import confine
    # a spectator reads its game's folder and may write none of it
    return confine(own, read_only=[Path(argv[1])] if argv[0] == "spectator" else [])


def log_dir() -> Path:
    """Where failed apps are logged: the folder the server named, else ``<data dir>/serve/logs``
    (the server's own when it is this process, or when the child inherits its data directory)."""
    named = os.environ.get(LOGS_ENV, "").strip()
    if named:
        return Path(named)
    from .games import serve_dir
    return serve_dir() / "logs"


def logs_env() -> dict[str, str]:
    """For a server to give its children: log into this server's log folder (a child's own data
    directory is the player's, never the host's)."""
    return {LOGS_ENV: str(log_dir())}


def environment(data: Path) -> dict[str, str]:
    """All a server gives the child, whatever else its own environment holds (the host's HOME,
    data folder, keys): a home and data folder of the player's own (``data``), the log folder,
    and what Python needs to start."""
    env = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "HOME": str(data), "WARTABLE_DATA_DIR": str(data), **logs_env()}
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


class _Held(io.StringIO):
    """What the app prints on stderr, kept (up to HELD_MAX characters) for the host's log."""

    dropped = 0

    def write(self, text: str) -> int:
        room = max(HELD_MAX - self.tell(), 0)
        if len(text) > room:
            self.dropped += len(text) - room
        super().write(text[:room])
        return len(text)

    def isatty(self) -> bool:
        return False


def run_guarded(run: Callable[[], int | None], what: str) -> int:
    """Run ``run`` (an app, for a player at the other end of this terminal) and return its exit
    code. What it prints on stderr goes to the host's log, never to the player: Python's
    tracebacks (an exception out of ``run``, or a thread's), warnings, logging's last resort and
    Textual's error console (a rich Console that looks ``sys.stderr`` up when it prints) all
    write to ``sys.stderr``, set here before the app is made (while the app runs, Textual sets
    its own, which drops the text: a thread's traceback comes here through ``threading.excepthook``
    instead). Textual's driver draws the screen on ``sys.__stderr__``, which stays the terminal. When the app fails (an exception, a SystemExit
    with a message, an exit code not 0) the player is told one line naming the log's reference,
    and the exit code is 1 or the app's own."""
    held = _Held()
    sys.stderr = held                 # for the rest of the process: a thread may outlive ``run``

    def thread_failed(args: threading.ExceptHookArgs) -> None:
        # while the app runs, Textual's own stderr (where Python's hook writes) keeps no text
        if args.exc_type is not SystemExit:
            print(f"In thread {args.thread.name if args.thread else '?'}:", file=held)
            traceback.print_exception(args.exc_type, args.exc_value, args.exc_traceback, file=held)
    threading.excepthook = thread_failed
    try:
        code = run()
    except SystemExit as exc:
        code = exc.code
    except BaseException:
        traceback.print_exc(file=held)
        code = 1
    if code is None:
        code = 0
    elif not isinstance(code, int):   # SystemExit("a message"): Python would print it
        print(code, file=held)
        code = 1
    if code == 0 and not held.tell():
        return 0
    ref = secrets.token_hex(3)
    logged = _log(ref, what, code, held)
    if code != 0:
        if logged:
            _tell(f"wartable: something went wrong; the host's log has the details (ref {ref}).")
        else:
            _tell(f"wartable: something went wrong (ref {ref}); the host's log could not be written.")
    return code


def _log(ref: str, what: str, code: int, held: _Held) -> bool:
    """Write what the app printed to ``<log dir>/<time>-<ref>.log`` (mode 600); whether it was."""
    now = time.gmtime()
    head = (f"wartable: {what} {'failed' if code else 'ended well'} (exit code {code}); ref {ref}\n"
            f"{time.strftime('%Y-%m-%d %H:%M:%S', now)} UTC, process {os.getpid()}, "
            f"data folder {os.environ.get('WARTABLE_DATA_DIR', '(the user data folder)')}\n\n")
    tail = f"\n[{held.dropped} more characters not kept]\n" if held.dropped else ""
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / f"{time.strftime('%Y%m%d-%H%M%S', now)}-{ref}.log"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as out:
            out.write(head + held.getvalue() + tail)
        return True
    except (OSError, ValueError):
        return False


def _tell(line: str) -> None:
    """One line on the player's terminal."""
    try:
        sys.__stderr__.write(line + "\n")
        sys.__stderr__.flush()
    except (OSError, ValueError, AttributeError):
        pass                          # the player is gone


def main(argv: list[str]) -> int:
    die_with_parent()
    not_dumpable()
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass                      # not a session leader (run by hand): the terminal is already ours
    if os.environ.get(LOGS_ENV):
        confine_player(argv)
    if argv[:1] == ["seat"] and len(argv) in (3, 4):
        def seat() -> int:
            from tui.serve.seat import run_seat
            return run_seat(argv[1], argv[2], argv[3] if len(argv) == 4 else "")
        return run_guarded(seat, f"seat {argv[2]} of {Path(argv[1]).name}")
    if argv[:1] == ["lobby"] and len(argv) == 4:
        def lobby() -> int:
            from tui.serve.lobby import run_lobby
            return run_lobby(Path(argv[1]), argv[2], argv[3])
        return run_guarded(lobby, "lobby")
    if argv[:1] == ["spectator"] and len(argv) == 2:
        def spectator() -> int:
            from tui.serve.spectator import run_spectator
            return run_spectator(argv[1])
        return run_guarded(spectator, f"spectator of {Path(argv[1]).name}")
    if argv == ["launcher"]:
        def launcher() -> int:
            from tui.app import run_launcher
            return run_launcher()
        return run_guarded(launcher, "launcher")
    print("usage: python -m tui.serve.child seat GAME_DIR SIDE [NOTE] | spectator GAME_DIR | launcher | lobby SERVE_DIR KEY COMMENT",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

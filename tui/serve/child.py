"""The program a connection runs, in its own process and pseudo-terminal (started by the server).

    python -m tui.serve.child seat GAME_DIR SIDE [NOTE]    one seat of a hosted game
    python -m tui.serve.child launcher                     the launcher (the data dir is the player's)

The server starts it in a new session with the PTY as stdin/stdout/stderr; here the PTY becomes
the controlling terminal, so the kernel's SIGWINCH reaches the app when the player resizes.
Only these fixed arguments are ever run: nothing a player types reaches a shell.
"""

from __future__ import annotations

import fcntl
import os
import signal
import sys
import termios


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


def main(argv: list[str]) -> int:
    die_with_parent()
    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass                      # not a session leader (run by hand): the terminal is already ours
    if argv[:1] == ["seat"] and len(argv) in (3, 4):
        from tui.serve.seat import run_seat
        return run_seat(argv[1], argv[2], argv[3] if len(argv) == 4 else "")
    if argv == ["launcher"]:
        from tui.app import run_launcher
        return run_launcher()
    print("usage: python -m tui.serve.child seat GAME_DIR SIDE [NOTE] | launcher", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Instructions to the first frame, counted by valgrind's callgrind (measuring only).

Wall-clock start-up times move with the load of a shared machine; instruction counts do not.
This runs wartable (or the bare Textual app of ../shared/tools) in an 80x24 pseudo-terminal
under ``valgrind --tool=callgrind``, stops it (``os._exit``) at the first frame that shows
what matters, and prints the instructions counted (every thread: the save's loading thread
too) and the ratio to the bare app's.

    .venv/bin/python tools/first_frame_instructions.py load SAVE.json     # a save onto its screen
    .venv/bin/python tools/first_frame_instructions.py resume             # the autosave
    .venv/bin/python tools/first_frame_instructions.py launcher           # the launcher

Set WARTABLE_DATA_DIR to a scratch folder. The first frame that matters: the game screen with
its game in it (not a loading frame), the launcher, the bare app's screen. Under valgrind a save
takes about 50 times longer to load, so the screen waits for it as long as it takes (the grace
a normal run needs is a fifth of a second). Python files must be compiled (.pyc) beforehand, as
in a normal run: this compiles ``tui`` and ``rules`` first.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import tempfile
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BARE = Path(os.environ.get("WARTABLE_BARE_APP", ROOT.parent.parent / "shared" / "tools" / "bare_app.py"))

# The child: run wartable's command line (or the bare app) with App._display watched.
CHILD = r'''
import os, sys
from textual.app import App
mode = sys.argv[1]
if mode == "game":
    import tui.game_screen
    tui.game_screen.GameScreen.LOAD_GRACE = 600.0
original = App._display

def _display(self, screen, renderable):
    original(self, screen, renderable)
    if renderable is None or self._batch_count or self.screen is not screen:
        return
    name = type(screen).__name__
    if mode == "bare" or (mode == "launcher" and name == "LauncherScreen") or (
            mode == "game" and getattr(screen, "game", None) is not None and name != "LauncherBeneath"):
        os._exit(0)

App._display = _display
if mode == "bare":
    sys.argv = [sys.argv[2]]
    exec(compile(open(sys.argv[0]).read(), sys.argv[0], "exec"))
else:
    from tui.cli import main
    sys.exit(main(sys.argv[2:]))
'''


def run_in_pty(argv: list[str]) -> None:
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    while True:
        ready, _, _ = select.select([fd], [], [], 600)
        if not ready:
            break
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    os.close(fd)


def instructions(mode: str, args: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        child = Path(tmp) / "child.py"
        child.write_text(CHILD, encoding="utf-8")
        run_in_pty(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, str(child), mode, *args])
        totals = re.search(r"^totals:\s+(\d+)", out.read_text(encoding="utf-8"), re.MULTILINE)
        if totals is None:
            raise SystemExit(f"no count for {mode} {args}: did it reach its first frame?")
        return int(totals.group(1))


def main() -> int:
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "tui"), str(ROOT / "rules")],
                   check=False, capture_output=True)
    mode = "launcher" if args == ["launcher"] else "game"
    ours = instructions(mode, [] if mode == "launcher" else args)
    bare = instructions("bare", [str(BARE)])
    print(f"{' '.join(args)}: {ours / 1e6:.0f}M instructions to the first frame; bare Textual app "
          f"{bare / 1e6:.0f}M; ratio {ours / bare:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

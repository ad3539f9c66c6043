#!/usr/bin/env python3
"""Bootstrap for wartable: set up a private virtualenv, then play or test.

    python3 run.py                  open the wartable launcher
    python3 run.py test [ARGS...]   run the whole test suite (ARGS go to pytest)
    python3 run.py ARGS...          anything else goes to the `wartable` command,
                                    e.g. python3 run.py sim fallblau --games 100

Standard library only; needs Python 3.11+ and nothing else. On first use it creates
.venv/ next to this file and runs `pip install -e '.[test]'` in it. It installs again
only when pyproject.toml changes (or the repo moves): .venv/wartable-stamp holds a hash
of both. A broken .venv/ (its python missing or not starting) is rebuilt.

Tests run from the repo top (test paths are relative to it) with `-n auto` when
pytest-xdist is installed, unless you pass -n yourself, disable xdist, debug (--pdb,
--trace) or run the benchmarks (-m bench). The exit code is pytest's.
"""
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
EXE = ".exe" if os.name == "nt" else ""
PYTHON = BIN / f"python{EXE}"
STAMP = VENV / "wartable-stamp"


def say(message):
    print(f"run.py: {message}", file=sys.stderr, flush=True)


def run_quietly(cmd, what, hint):
    """Run cmd with its output held back; on failure show all of it and stop."""
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace")
    if done.returncode != 0:
        sys.stderr.write(done.stdout)
        say(f"{what} failed (exit code {done.returncode}); its output is above.")
        say(hint)
        sys.exit(1)


def works(cmd):
    try:
        return subprocess.run(cmd, capture_output=True).returncode == 0
    except OSError:
        return False


def ensure_venv():
    if not works([PYTHON, "-c", "pass"]):
        if VENV.exists():
            say(f"{VENV} is broken; rebuilding it")
            shutil.rmtree(VENV)
        say(f"creating {VENV}")
        run_quietly([sys.executable, "-m", "venv", str(VENV)], "creating the virtualenv",
                    "Is the venv module installed? (Debian/Ubuntu: apt install python3-venv)")
    fingerprint = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + b"\0" + str(ROOT).encode()).hexdigest()
    if not STAMP.is_file() or STAMP.read_text().strip() != fingerprint:
        say("installing wartable and its test tools into .venv (first run, or pyproject.toml "
            "changed); this can take a minute")
        STAMP.unlink(missing_ok=True)
        run_quietly([PYTHON, "-m", "pip", "install", "--disable-pip-version-check",
                     "-e", ".[test]"], "pip install -e '.[test]'",
                    "Fix the problem above and run again; to start clean, delete .venv/.")
        STAMP.write_text(fingerprint + "\n")


def compile_sources():
    """Byte-compile wartable's own modules into __pycache__/ (pip compiles what it installs, but
    not the sources of an editable install): where PYTHONDONTWRITEBYTECODE is set, every start
    would compile them all again. Quick when nothing changed (it compares times); a read-only
    checkout just starts as before."""
    import compileall
    for package in ("rules", "tui"):
        try:
            compileall.compile_dir(str(ROOT / package), quiet=2)
        except OSError:
            pass


def parallel_ok(args):
    """True unless the user picked -n, turned xdist off, debugs, or runs benchmarks."""
    for i, arg in enumerate(args):
        if arg.startswith(("-n", "--numprocesses", "--pdb", "--trace")) or "no:xdist" in arg:
            return False
        if arg.startswith("-m"):
            marks = args[i + 1] if arg == "-m" and i + 1 < len(args) else arg[2:]
            if "bench" in marks and "not bench" not in marks:
                return False
    return True


def run(cmd):
    """Replace this process with cmd (on Windows, run it and pass on its exit code)."""
    cmd = [str(part) for part in cmd]
    if os.name == "nt":
        try:
            sys.exit(subprocess.call(cmd))
        except KeyboardInterrupt:
            sys.exit(130)
    os.execv(cmd[0], cmd)


def main(argv):
    if sys.version_info < (3, 11):
        say(f"wartable needs Python 3.11 or newer; this is {sys.version.split()[0]}")
        return 1
    ensure_venv()
    compile_sources()
    if argv[:1] == ["test"]:
        args = argv[1:]
        has_xdist = "import importlib.util as u, sys; sys.exit(u.find_spec('xdist') is None)"
        if parallel_ok(args) and works([PYTHON, "-c", has_xdist]):
            args = ["-n", "auto", *args]
        os.chdir(ROOT)
        run([PYTHON, "-m", "pytest", *args])
    run([BIN / f"wartable{EXE}", *argv])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

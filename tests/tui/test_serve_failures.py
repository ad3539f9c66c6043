"""`wartable serve --ssh` over loopback, as a player would try it: bytes that are not UTF-8 leave
a seat and the launcher playing; an app that fails tells its player one line (no traceback, no
path of the server's) and a non-zero exit status, and the host's log has the traceback."""

from __future__ import annotations

import os
import pty
import re
import select
import stat
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from tests.support.ssh_term import ROOT, Server, Term, plain
from tui.serve import child, games, ssh

# lone continuations, a Latin-1 e-acute, truncated sequences, an 8-bit Meta-x
BAD = b"\x80\xbf\xe9\xc3\xe2\x82\xf0\x9f\x98\xf8"
TOLD = re.compile(r"wartable: something went wrong; the host's log has the details \(ref ([0-9a-f]{6})\)\.")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A server letting in one key and join codes."""
    data = tmp_path_factory.mktemp("failures") / "data"
    data.mkdir()
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = data / "authorized_keys"
    keys.write_text(key.export_public_key().decode())
    server = Server(data, "--codes", "--authorized-keys", str(keys))
    yield {"server": server, "port": server.port, "key": key, "data": data}
    server.stop()


def hosted_game(data: Path, monkeypatch) -> dict:
    with monkeypatch.context() as env:
        env.setenv("WARTABLE_DATA_DIR", str(data))
        return {s.side: s for s in games.create("roads", seed=7)}


async def test_bytes_that_are_not_utf8_leave_a_seat_and_the_launcher_playing(served, monkeypatch):
    seats = hosted_game(served["data"], monkeypatch)
    seat = await Term.open(served["port"], seats["axis"].code)
    launcher = await Term.open(served["port"], "player", key=served["key"], command="solo")
    try:
        await seat.wait_for("seat: Axis")
        await launcher.wait_for("[8] Statistics")
        for term, key, answer in ((seat, "?", "Help"), (launcher, "8", "Statistics of finished games")):
            mark = term.mark()
            term.send(b"\xff")
            term.send(BAD)
            term.send(key)                        # the next key is answered
            await term.wait_for(answer, since=mark, timeout=15)
            assert not term.closed and term.status is None
            assert "Traceback" not in term.text() and "UnicodeDecodeError" not in term.text()
    finally:
        seat.close()
        launcher.close()


def told(out: bytes) -> str:
    """What the player is shown after the app's screen is gone (the alternate screen left)."""
    left = b"\x1b[?1049l"
    return plain(out[out.rfind(left) + len(left):] if left in out else out).strip()


def check_told_one_line_and_logged(out: bytes, status: int | None, logs: Path, *, data: Path, raised: str) -> None:
    everything = plain(out)
    assert "Traceback" not in everything and raised not in everything
    for path in (str(data), str(ROOT), "site-packages", sys.prefix, ".py"):
        assert path not in everything, f"the player was shown {path!r}"
    line = told(out)
    match = TOLD.fullmatch(line)
    assert match, f"the player was told {line!r}"
    assert status not in (None, 0)
    reports = list(logs.glob(f"*-{match.group(1)}.log"))
    assert len(reports) == 1, f"no log with ref {match.group(1)} in {logs}: {list(logs.glob('*'))}"
    assert stat.S_IMODE(reports[0].stat().st_mode) == 0o600
    report = reports[0].read_text(encoding="utf-8")
    assert "Traceback" in report and raised in report


DAMAGED = '{"format": "wartable-save", "commands": ['


async def test_a_seat_whose_save_is_damaged_tells_one_line_and_logs_the_traceback(served, monkeypatch):
    seats = hosted_game(served["data"], monkeypatch)
    seats["axis"].save_path.write_text(DAMAGED)
    term = await Term.open(served["port"], seats["axis"].code)
    try:
        await term.wait_closed()
    finally:
        term.close()
    check_told_one_line_and_logged(bytes(term.out), term.status, served["data"] / "serve" / "logs",
                                   data=served["data"], raised="SaveError")


FAILING_PYTHON = """#!{python}
# `python -m tui.serve.child ...` with one thing broken, as the server runs it
import sys
sys.path.insert(0, {root!r})
if {how!r} == "key":
    from tui.launcher import LauncherScreen

    def broken_help(self):
        raise RuntimeError("the launcher's help fails (the test broke it)")
    LauncherScreen.action_help = broken_help
else:                 # Textual's input thread dies: its own strict driver back, as in Textual 8.2.8
    from tui import textual_insides
    textual_insides.lenient_driver = lambda driver_class: driver_class
from tui.serve.child import main
sys.exit(main(sys.argv[3:]))
"""


@pytest.mark.parametrize("how, key, raised", [("key", b"?", "RuntimeError"),
                                              ("input", b"\xff", "UnicodeDecodeError")],
                         ids=["a-key-raises", "the-input-thread-dies"])
async def test_a_launcher_that_fails_in_play_tells_one_line_and_logs_the_traceback(how, key, raised, tmp_path,
                                                                                  monkeypatch):
    """The server (here, in the test's process) runs a child that fails once it plays: Textual's
    error console (an exception in a key's action) and its panic (the input thread died)."""
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    player = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_text(player.export_public_key().decode())
    python = tmp_path / "failing-python"
    python.write_text(FAILING_PYTHON.format(python=sys.executable, root=str(ROOT), how=how))
    python.chmod(0o700)
    # a fresh interpreter (the broken python) per connection: the zygote's children run the same
    # child.main and run_guarded (tests/tui/test_serve_zygote.py)
    acceptor = await ssh.start(ssh.Options(port=0, authorized_keys=tmp_path / "keys", python=str(python),
                                           extra_env=child.logs_env(), zygote=False))
    try:
        term = await Term.open(acceptor.get_port(), "player", key=player, command="solo")
        try:
            await term.wait_for("[8] Statistics")
            term.send(key)
            await term.wait_closed()
        finally:
            term.close()
    finally:
        acceptor.close()
        await acceptor.wait_closed()
    check_told_one_line_and_logged(bytes(term.out), term.status, tmp_path / "serve" / "logs", data=tmp_path,
                                   raised=raised)


def test_wartable_join_behind_openssh_tells_one_line_and_logs_the_traceback(tmp_path, monkeypatch):
    """`wartable join` as OpenSSH's ForceCommand runs it (the code in SSH_ORIGINAL_COMMAND, the
    player's terminal on stdin, stdout and stderr), for a seat whose save is damaged."""
    seats = hosted_game(tmp_path, monkeypatch)
    seats["axis"].save_path.write_text(DAMAGED)
    master, slave = pty.openpty()
    env = dict(os.environ, WARTABLE_DATA_DIR=str(tmp_path), SSH_ORIGINAL_COMMAND=seats["axis"].code,
               TERM="xterm-256color")
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "join"], stdin=slave, stdout=slave, stderr=slave,
                            cwd=ROOT, env=env, start_new_session=True)
    os.close(slave)
    out = bytearray()
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    chunk = os.read(master, 65536)
                except OSError:           # EIO: the process closed the terminal
                    break
                if not chunk:
                    break
                out += chunk
            elif proc.poll() is not None:
                break
        status = proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    check_told_one_line_and_logged(bytes(out), status, tmp_path / "serve" / "logs", data=tmp_path,
                                   raised="SaveError")

"""`wartable serve --ssh` forking each player's app from its zygote (issue 24 item 4), over
loopback with real asyncssh clients: the launcher through the zygote plays keys; players'
processes cannot read each other's memory or environment; a killed zygote drops no player and is
started again; a disconnect ends the player's process; the zygote runs only its fixed entries."""

from __future__ import annotations

import array
import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from tests.support.ssh_term import Server, Term, players_of
from tui.serve.confine import abi
from tui.serve.zygote import check_request

PROBE = r"""
import sys
for pid in sys.argv[1:]:
    for what in ("mem", "environ"):
        try:
            f = open(f"/proc/{pid}/{what}", "rb")     # the access check: at the open
        except PermissionError:
            print(pid, what, "refused")
            continue
        with f:
            print(pid, what, "read" if what == "mem" or f.read(1) else "empty")
"""


def no_capabilities() -> tuple[str, ...]:
    """A command prefix that runs a process of this uid with no capabilities, as a server run by
    an ordinary user and its players' processes are (root's would read any process's memory)."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv(1): no way to run as a plain process")
    return (setpriv, "--bounding-set=-all", "--inh-caps=-all", "--ambient-caps=-all")


def probe(*pids: int) -> dict[tuple[int, str], str]:
    """What another process of this uid with no capabilities gets reading ``/proc/PID/mem`` and
    ``environ`` of each pid: "read", or "refused"."""
    argv = [*no_capabilities(), sys.executable, "-c", PROBE, *map(str, pids)]
    out = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=True).stdout
    return {(int(p), w): r for p, w, r, *_ in (line.split() for line in out.splitlines())}


def zygote_pid(server: Server, nth: int = 1) -> int:
    readies = [line for line in server.log if "zygote ready (process" in line]
    return int(re.search(r"process (\d+)", readies[nth - 1]).group(1))


async def gone(pid: int, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if not Path(f"/proc/{pid}").exists():
            return True
        await asyncio.sleep(0.05)
    return False


def serve(tmp_path: Path, wrap: tuple[str, ...] = ()):
    """A server letting in two keys (two players), each with a data folder of its own."""
    data = tmp_path / "data"
    data.mkdir()
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    listed = data / "authorized_keys"
    listed.write_text("".join(k.export_public_key().decode().strip() + f" player{n}\n" for n, k in enumerate(keys)))
    server = Server(data, "--authorized-keys", str(listed), wrap=wrap)
    yield {"server": server, "port": server.port, "keys": keys, "data": data}
    server.stop()


@pytest.fixture
def served(tmp_path):
    yield from serve(tmp_path)


@pytest.fixture
def served_plain(tmp_path):
    """The server run with no capabilities (as by an ordinary user), where the test runs as root."""
    yield from serve(tmp_path, no_capabilities())


async def test_a_player_through_the_zygote_gets_the_launcher_and_plays_keys(served):
    server = served["server"]
    term = await Term.open(served["port"], "anna", key=served["keys"][0], command="solo")
    try:
        await term.wait_for("[8] Statistics")
        assert await server.logged("zygote ready")
        (pid,) = players_of(server.proc.pid)          # forked by the zygote, adopted by the server
        assert Path(f"/proc/{pid}/comm").read_text().strip() == "wartable launch"
        assert pid != zygote_pid(server)
        mark = term.mark()
        term.send("8")                        # the statistics screen, and back
        await term.wait_for("Statistics", since=mark)
        mark = term.mark()
        term.send("q")
        await term.wait_for("[8] Statistics", since=mark)
        assert "Traceback" not in term.text()
    finally:
        term.close()


async def test_players_cannot_read_each_others_memory_or_environment(served_plain):
    served = served_plain
    server = served["server"]
    terms = [await Term.open(served["port"], f"p{n}", key=key, command="solo") for n, key in enumerate(served["keys"])]
    try:
        for term in terms:
            await term.wait_for("[8] Statistics")
        pids = players_of(server.proc.pid)
        assert len(pids) == 2
        seen = probe(*pids, server.proc.pid)
        for pid in pids:
            assert seen[(pid, "mem")] == "refused", seen
            assert seen[(pid, "environ")] == "refused", seen
        # the same probe reads the server, of this uid and dumpable: the refusals are the players'
        assert seen[(server.proc.pid, "mem")] == seen[(server.proc.pid, "environ")] == "read", seen
        # and each player's process is in its own folder, with its own HOME
        folders = {os.readlink(f"/proc/{pid}/cwd") for pid in pids}
        assert len(folders) == 2 and all("/serve/players/key-" in f for f in folders)
    finally:
        for term in terms:
            term.close()


CONFINED = r"""
import os, sys
from pathlib import Path
from tui.serve import child
assert child.confine_player(sys.argv[1:]), "not confined"
own = Path(os.environ["WARTABLE_DATA_DIR"])
(own / "saves").mkdir(exist_ok=True)
(own / "saves" / "mine.json").write_text("{}")
print("own", (own / "saves" / "mine.json").read_text())
import tui.roads.screen, rules.victory                  # what is imported later still is
print("imports", "ok")
for name in os.environ["OTHERS"].split(":"):
    try:
        target = Path(name)
        print(name, "read", target.read_text() if target.is_file() else os.listdir(target))
    except PermissionError:
        print(name, "refused")
"""


async def test_a_players_process_cannot_read_another_players_folder_or_the_hosts_files(served):
    """Every player's process runs as the server's user: Landlock (tui.serve.confine) keeps each
    to its own folders. Here: what ``child.main`` does for a launcher, then tries."""
    if abi() < 1:
        pytest.skip("this kernel has no Landlock")
    serve_dir = served["data"] / "serve"
    term = await Term.open(served["port"], "anna", key=served["keys"][0], command="solo")
    other = await Term.open(served["port"], "ben", key=served["keys"][1], command="solo")
    try:
        await term.wait_for("[8] Statistics")
        await other.wait_for("[8] Statistics")
        pids = players_of(served["server"].proc.pid)
        for pid in pids:                     # the real processes got as far as confining themselves
            assert "NoNewPrivs:\t1" in Path(f"/proc/{pid}/status").read_text()
    finally:
        term.close()
        other.close()
    folders = sorted((serve_dir / "players").iterdir())
    assert len(folders) == 2
    mine, theirs = folders
    (theirs / "saves").mkdir(exist_ok=True)
    (theirs / "saves" / "secret.json").write_text("theirs")
    others = [theirs / "saves" / "secret.json", theirs, serve_dir / "ssh_host_ed25519_key",
              served["data"] / "authorized_keys", serve_dir]
    env = dict(os.environ, WARTABLE_DATA_DIR=str(mine), HOME=str(mine), OTHERS=":".join(map(str, others)),
               WARTABLE_SERVE_LOGS=str(serve_dir / "logs"))
    out = subprocess.run([sys.executable, "-c", CONFINED, "launcher"], env=env, cwd=mine, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:2] == ["own {}", "imports ok"], out.stdout
    assert lines[2:] == [f"{name} refused" for name in others], out.stdout


async def test_a_killed_zygote_drops_no_player_and_the_next_connection_works(served):
    server = served["server"]
    anna = await Term.open(served["port"], "anna", key=served["keys"][0], command="solo")
    try:
        await anna.wait_for("[8] Statistics")
        first = zygote_pid(server)
        os.kill(first, 9)
        assert await server.logged(f"the zygote (process {first}) ended"), server.log
        assert await gone(first)
        mark = anna.mark()                    # the connected player plays on
        anna.send("8")
        await anna.wait_for("Statistics", since=mark)
        assert not anna.closed
        assert await server.logged("zygote ready", timeout=1) and await _second_ready(server)
        ben = await Term.open(served["port"], "ben", key=served["keys"][1], command="solo")
        try:
            await ben.wait_for("[8] Statistics")
            assert len(players_of(server.proc.pid)) == 2
        finally:
            ben.close()
    finally:
        anna.close()


async def _second_ready(server: Server, timeout: float = 60.0) -> bool:
    end = time.monotonic() + timeout
    while sum("zygote ready" in line for line in server.log) < 2:
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.1)
    return True


async def test_a_disconnect_ends_the_players_process(served):
    server = served["server"]
    term = await Term.open(served["port"], "anna", key=served["keys"][0], command="solo")
    await term.wait_for("[8] Statistics")
    (pid,) = players_of(server.proc.pid)
    term.close()
    await term.wait_closed()
    assert await gone(pid), "the player's process outlived its connection"
    assert Path(f"/proc/{zygote_pid(server)}").exists()       # the zygote stays


async def test_stopping_the_server_takes_the_players_processes_down(served):
    server = served["server"]
    term = await Term.open(served["port"], "anna", key=served["keys"][0], command="solo")
    try:
        await term.wait_for("[8] Statistics")
        (pid,) = players_of(server.proc.pid)
        zygote = zygote_pid(server)
        server.proc.kill()                    # not even a clean stop: PR_SET_PDEATHSIG
        server.proc.wait(10)
        assert await gone(pid) and await gone(zygote)
    finally:
        term.close()


def test_the_zygote_runs_only_its_fixed_entry_points():
    """What a request may name: one of the entries, bounded words, environment, folder, size."""
    good = {"argv": ["launcher"], "env": {"HOME": "/x"}, "cwd": "/x", "size": [80, 24]}
    assert check_request(json.dumps(good).encode()) == good
    bad = [dict(good, argv=["python"]), dict(good, argv=["-c", "import os"]), dict(good, argv=[]),
           dict(good, argv=["seat"] + ["x"] * 9), dict(good, argv=["seat", "x" * 5000]),
           dict(good, argv=["seat", "a\0b"]), dict(good, env={"LD_PRELOAD=": "x"}),
           dict(good, env={f"V{n}": "x" for n in range(40)}), dict(good, cwd="relative"),
           dict(good, size=[0, 24]), dict(good, size=[80, 10_000]), dict(good, size=[80.5, 24]),
           dict(good, more=1), ["launcher"]]
    for req in bad:
        with pytest.raises(ValueError):
            check_request(json.dumps(req).encode())
    with pytest.raises(ValueError):
        check_request(b"\xff")


def test_a_zygote_refuses_what_is_not_a_request(tmp_path):
    """A zygote of its own, sent what it must refuse: each gets a refusal and nothing runs."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    env = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8"}
    proc = subprocess.Popen([sys.executable, "-m", "tui.serve.zygote", str(theirs.fileno())],
                            pass_fds=(theirs.fileno(),), env=env, cwd=Path(__file__).parents[2])
    theirs.close()
    ours.settimeout(60)
    try:
        assert "ready" in json.loads(ours.recv(4096))
        marker = tmp_path / "ran"
        slave = os.open("/dev/null", os.O_RDWR)
        fds = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [slave]))]
        for raw, with_fd in ((json.dumps({"argv": ["sh", "-c", f"touch {marker}"], "env": {}, "cwd": "/",
                                          "size": [80, 24]}).encode(), True),
                             (b"not json", True), (b"x" * 70_000, True),
                             (json.dumps({"argv": ["launcher"], "env": {}, "cwd": "/", "size": [80, 24]}).encode(),
                              False)):
            ours.sendmsg([raw], fds if with_fd else [])
            assert "refused" in json.loads(ours.recv(4096))["error"]
        os.close(slave)
        assert not marker.exists()
        assert proc.poll() is None            # still serving
    finally:
        ours.close()                          # the server's end gone: the zygote ends
        assert proc.wait(10) == 0


GIVE_UP = r"""
import asyncio, json, os, sys
from pathlib import Path
from tui.serve import zygote

zygote.FORK_TIMEOUT, zygote.RESTART_PAUSE = 2.0, 0.0


def children() -> dict[int, str]:
    # this process's children and the State line of each (/proc/PID/status)
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if int(fields["PPid"]) == os.getpid():
            out[int(entry)] = fields["State"].split()[0]
    return out


async def main():
    assert zygote.Zygote.adopt_orphans()
    # each zygote is one that hangs mid-fork (HUNG: it stops itself once it has forked, its
    # reply never sent), the first and the one started again
    z = zygote.Zygote(sys.argv[1], lambda line: print(line, file=sys.stderr, flush=True))
    await z.start()
    master, slave = os.openpty()
    try:
        await z.spawn(["launcher"], {"TERM": "xterm", "HOME": "/tmp"}, Path("/tmp"), slave, (80, 24))
        refused = ""
    except zygote.ZygoteError as exc:
        refused = str(exc)
    z.close()
    await asyncio.sleep(0.2)
    print(json.dumps({"refused": refused, "children": children()}))

asyncio.run(main())
"""

# a zygote that stops itself (SIGSTOP) once it has forked a player, before its reply: hung
# mid-fork, every time, as no outside timing could make it (run as the zygote's "python")
HUNG = r"""
import os, signal, sys
sys.path.insert(0, sys.argv[1])
from tui.serve import zygote
forked = zygote._spawn


def hung(*args, **kwargs):
    made = forked(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGSTOP)
    return made


zygote._spawn = hung
sys.exit(zygote.main(int(sys.argv[2])))
"""


def test_a_zygote_given_up_on_mid_fork_leaves_no_zombie_and_no_app(tmp_path):
    """The server gives up on a zygote that forked but never answered (hung mid-fork, twice:
    the first and the one started again): both are killed, and every process of their forks
    the server adopts is reaped. It has no child left, none a zombie (State Z)."""
    root = Path(__file__).parents[2]
    (tmp_path / "hung.py").write_text(HUNG, encoding="utf-8")
    python = tmp_path / "python"                     # what the server runs as "-P -m tui.serve.zygote FD"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" -P "{tmp_path / "hung.py"}" "{root}" "$4"\n',
                      encoding="utf-8")
    python.chmod(0o755)
    out = subprocess.run([sys.executable, "-c", GIVE_UP, str(python)], capture_output=True, text=True,
                         timeout=180, cwd=root)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.splitlines()[-1])
    assert got["refused"] == "the server cannot start apps right now", got
    assert got["children"] == {}, got                  # no zombie, no app left running for nobody
    assert out.stderr.count("did not answer") == 2, out.stderr


RESEEDED = r"""
import os, random, secrets, socket, sys
from tui.serve import child, zygote


def draws(argv):
    print(random.getrandbits(64), secrets.token_hex(8), flush=True)
    return 0


child.main = draws                    # what the forked player's process runs: its draws
assert zygote.Zygote.adopt_orphans()
random.seed(1)                        # the zygote's state at the fork, shared by every child
ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
req = {"argv": ["launcher"], "env": {"HOME": "/tmp"}, "cwd": "/tmp", "size": [80, 24]}
for _ in range(2):
    master, slave = os.openpty()
    pid, go = zygote._spawn(req, slave, os.getpid(), theirs)
    zygote._let_go(*go)
    os.close(slave)
    status = os.waitpid(pid, 0)[1]
    said = b""
    while True:                       # all it wrote, however the terminal hands it over
        try:
            chunk = os.read(master, 200)
        except OSError:               # EIO: the player's side is closed and drained
            break
        if not chunk:
            break
        said += chunk
    os.close(master)
    print(repr((os.waitstatus_to_exitcode(status), said.decode(errors="replace").split())))
print(random.getrandbits(64))         # what the zygote itself draws next
"""


def test_two_forked_players_draw_different_random_numbers():
    """Forked from one state, each player's process gets ``random`` reseeded (``secrets`` reads
    the kernel's): two children draw numbers different from each other and from the zygote's."""
    out = subprocess.run([sys.executable, "-c", RESEEDED], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parents[2])
    assert out.returncode == 0, out.stderr
    first, second, zygotes = out.stdout.splitlines()
    (first_code, first), (second_code, second) = eval(first), eval(second)
    assert first_code == second_code == 0 and len(first) == len(second) == 2, out.stdout
    assert first[0] != second[0] and first[1] != second[1]
    assert zygotes not in (first[0], second[0])


WARM_SEAT = r"""
import os, sys, tempfile, threading
from pathlib import Path
host = Path(sys.argv[1])
os.environ["WARTABLE_DATA_DIR"] = str(host)
tempfile.tempdir = sys.argv[2]
from tui.serve import zygote
zygote.warm_seat()
print(os.environ["WARTABLE_DATA_DIR"] == str(host), sorted(p.name for p in host.iterdir()),
      sorted(os.listdir(sys.argv[2])), threading.active_count(), "textual.pilot" in sys.modules)
"""


def test_the_zygote_warms_a_seat_in_a_scratch_folder_it_removes(tmp_path):
    """The zygote plays a Roads seat's first frames headless before it forks anyone (its caches
    then shared by every seat): in a scratch folder of its own, removed after; the host's data
    folder untouched, the environment as it was, no thread left running to be forked."""
    host, scratch = tmp_path / "host", tmp_path / "tmp"
    host.mkdir()
    scratch.mkdir()
    out = subprocess.run([sys.executable, "-c", WARM_SEAT, str(host), str(scratch)], capture_output=True,
                         text=True, timeout=120, cwd=Path(__file__).parents[2])
    assert out.returncode == 0 and "could not warm" not in out.stderr, out.stderr
    assert out.stdout.split("\n")[0] == "True [] [] 1 True"

"""The zygote of `wartable serve --ssh`: one process that has imported Textual, the rules and the
content of every game once, and forks each connection's app from there (issue 24, item 4).

A fresh interpreter per connection costs each player ~47 MiB and a second of imports. The zygote
pays that once; after ``gc.freeze()`` its pages stay shared by every child it forks (the collector
never walks, and so never writes, the frozen objects), and a child starts at the app's first frame.

    server  --(SOCK_SEQPACKET: one JSON request, the PTY's slave fd by SCM_RIGHTS)-->  zygote
    zygote  --(one JSON reply: the player's pid, or the refusal)-->  server

A request names one of the fixed entry points of ``tui.serve.child`` (``ENTRIES``) with bounded
arguments, environment, folder and size; ``child.main`` checks each entry's own arguments, as it
does for a fresh interpreter: nothing else is ever run. The zygote forks twice: the middle
process ends once the reply is sent, so the player's process is adopted by the server (a child
subreaper, ``PR_SET_CHILD_SUBREAPER``), which waits for it, kills it when its player leaves, and
takes it down with it (``PR_SET_PDEATHSIG``). A zygote that dies takes no player with it; one
the server gives up on is killed with its unanswered fork, whose processes the server reaps.

The player's process, before the app: a session of its own with the PTY as controlling terminal
and stdio, every other descriptor closed, signals as a fresh interpreter has them, not dumpable
(``PR_SET_DUMPABLE`` 0: another process of the same uid cannot ptrace it nor read its
``/proc/PID/mem`` or ``environ``), the environment and working folder the server gave,
``random`` reseeded. Then ``child.main``: the same ``run_guarded``, the same exit codes.
What a fork cannot give each player (``--no-zygote`` can): a hash seed and an address-space
layout (ASLR) of its own; every child has the zygote's (Python fixes the hash seed when the
interpreter starts). Its random numbers are its own: ``random`` is reseeded (by its own at-fork
hook, and again in ``_become``); ``secrets`` keeps no state (it reads ``os.urandom``).
"""

from __future__ import annotations

import array
import asyncio
import json
import os
import re
import signal
import socket
import sys
import time
from pathlib import Path

ENTRIES = ("launcher", "seat", "lobby", "spectator")   # child.main's entry points: the only things run
MAX_REQUEST = 64 * 1024                   # bytes of one request
MAX_ARGS, MAX_ARG = 5, 4096               # words of argv (the entry's name first), and chars in each
MAX_VARS, MAX_VALUE = 32, 4096            # environment variables, and chars in each value
MAX_COLS, MAX_ROWS = 500, 200
NAME_RE = re.compile(r"[A-Z_][A-Z0-9_]{0,63}")
READY_TIMEOUT = 60.0                      # seconds for a new zygote's imports (a loaded machine)
FORK_TIMEOUT = 10.0
RESTART_PAUSE = 5.0                       # a zygote that died young is started again after this

PR_SET_PDEATHSIG, PR_SET_NAME, PR_SET_CHILD_SUBREAPER = 1, 15, 36


class ZygoteError(Exception):
    """The zygote cannot start a player's process: said to the player in one line."""


def _prctl(option: int, value) -> bool:
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(option, value, 0, 0, 0) == 0


# ==========================================================================================
# The request: what the server may ask, checked on the zygote's side
# ==========================================================================================
def check_request(raw: bytes) -> dict:
    """The request as a dict, checked: ValueError for anything not of its form."""
    if len(raw) > MAX_REQUEST:
        raise ValueError("request too long")
    req = json.loads(raw.decode("utf-8"))
    if not isinstance(req, dict) or set(req) != {"argv", "env", "cwd", "size"}:
        raise ValueError("not a request")
    argv, env, cwd, size = req["argv"], req["env"], req["cwd"], req["size"]

    def text(value, most: int) -> bool:
        return isinstance(value, str) and len(value) <= most and "\0" not in value

    if not (isinstance(argv, list) and 1 <= len(argv) <= MAX_ARGS and all(text(a, MAX_ARG) for a in argv)
            and argv[0] in ENTRIES):
        raise ValueError("no such entry point")
    if not (isinstance(env, dict) and len(env) <= MAX_VARS
            and all(text(k, 64) and NAME_RE.fullmatch(k) and text(v, MAX_VALUE) for k, v in env.items())):
        raise ValueError("bad environment")
    if not (text(cwd, MAX_ARG) and os.path.isabs(cwd)):
        raise ValueError("bad folder")
    if not (isinstance(size, list) and len(size) == 2 and all(type(n) is int for n in size)
            and 1 <= size[0] <= MAX_COLS and 1 <= size[1] <= MAX_ROWS):
        raise ValueError("bad size")
    return req


# ==========================================================================================
# The zygote process
# ==========================================================================================
WARM = ("queue", "textual.app", "textual.widgets", "textual.drivers.linux_driver",
        "textual.layouts.factory", "textual.layouts.horizontal",
        "textual.layouts.stream", "textual.scrollbar", "tui.textual_insides", "tui.app", "tui.launcher",
        "tui.game_screen", "tui.new_game", "tui.new_roads", "tui.new_toi", "tui.new_victory",
        "tui.saves_screens", "tui.settings_screen", "tui.widgets.command_menu", "tui.widgets.confirm",
        "tui.widgets.common_screens", "tui.fallblau.screen", "tui.toi.screen", "tui.victory.screen",
        "tui.roads.screen", "tui.roads.menu", "tui.serve.seat", "tui.serve.spectator", "tui.serve.child",
        "tui.serve.lobby", "tui.serve.store", "tui.serve.hosted",
        "rules.fallblau", "rules.roads", "rules.roads.describe", "rules.roads.supply", "rules.toi",
        "rules.victory")   # what a first frame of each game imports (sys.modules after one, in a fork)


def warm() -> None:
    """Import what a first frame needs, of every game, load every game's content, and make one
    game of each with its legal moves (what the rules compute once and keep, the children share)."""
    from importlib import import_module
    for name in WARM:
        import_module(name)
    from tui.textual_insides import warm_first_frame
    warm_first_frame()                        # Textual's and rich's private first-frame modules
    from rules.fallblau.reference import load_reference
    from rules.registry import factories
    load_reference()
    options = {"toi": {"players": ("A", "B")}, "victory": {"players": ("A", "B")}}
    for game_id, new_game in factories().items():
        new_game(seed=0, **options.get(game_id, {})).legal()


def warm_seat() -> None:
    """Play the first moments of a hosted Roads seat, headless (``App.run_test``): its first
    frame, the map (``v``) and a cursor move, in a scratch data folder removed after. What a
    seat's first frames make once and keep (Textual's and rich's class-level and module-level
    caches, the code the interpreter has warmed up) is then made here, shared by every child,
    not in each seat's own memory: a Roads seat's USS went from 20.5 to 19.1 MiB. A failure is
    said on the server's log and the zygote serves on without it."""
    import asyncio
    import shutil
    import tempfile
    from tui.serve import games
    from tui.serve.seat import SeatApp

    async def play(seat) -> None:
        app = SeatApp(seat)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("v", "right")
            await pilot.pause()

    scratch = tempfile.mkdtemp(prefix="wartable-zygote-")
    before = os.environ.get("WARTABLE_DATA_DIR")
    os.environ["WARTABLE_DATA_DIR"] = scratch          # never the host's data folder
    try:
        asyncio.run(play(games.create("roads", seed=0, spectators=False)[0]))
    except Exception as exc:                           # warming only: serving does not need it
        print(f"wartable serve: the zygote could not warm a seat ({type(exc).__name__}: {exc})",
              file=sys.stderr, flush=True)
    finally:
        if before is None:
            os.environ.pop("WARTABLE_DATA_DIR", None)
        else:
            os.environ["WARTABLE_DATA_DIR"] = before
        shutil.rmtree(scratch, ignore_errors=True)


def main(fd: int) -> int:
    sock = socket.socket(fileno=fd)
    server = os.getppid()
    _prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))     # the server's end is ours
    if os.getppid() != server:
        return 1
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # the server's ctrl+c is the server's
    import gc
    gc.disable()                   # no collection leaves holes in pages the children share
    warm()
    warm_seat()
    gc.freeze()                    # pages of what is imported stay shared with every child
    gc.enable()                    # what serving makes is collected (the frozen is never walked)
    sock.send(json.dumps({"ready": os.getpid()}).encode())
    while True:
        try:
            raw, ancdata, flags, _ = sock.recvmsg(MAX_REQUEST + 1, socket.CMSG_SPACE(4 * array.array("i").itemsize))
        except InterruptedError:
            continue
        if not raw:
            return 0                          # the server has gone
        fds = _fds(ancdata)
        try:
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC) or len(fds) != 1:
                raise ValueError("a request with one terminal")
            pid, go = _spawn(check_request(raw), fds[0], server, sock)
            reply = {"pid": pid}
        except (ValueError, UnicodeDecodeError) as exc:
            reply, go = {"error": f"refused: {exc}"}, None
        except OSError as exc:
            reply, go = {"error": exc.strerror or str(exc)}, None
        finally:
            for one in fds:
                os.close(one)
        sock.send(json.dumps(reply).encode())
        if go is not None:
            _let_go(*go)


def _fds(ancdata) -> list[int]:
    fds = array.array("i")
    for level, kind, data in ancdata:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(data[:len(data) - len(data) % fds.itemsize])
    return list(fds)


def _spawn(req: dict, slave: int, server: int, sock: socket.socket) -> tuple[int, tuple[int, int]]:
    """Fork twice; the player's pid, and what ``_let_go`` needs once the reply is sent.

    The middle process waits for the zygote's go (a byte on a pipe, written only after the
    reply naming the player's pid has gone to the server) before it ends and lets the server
    adopt the player's process, which until then stays in the zygote's process group. So a
    server that gives up on a reply (``Zygote.spawn``) finds every process of the fork either
    in that group or named by a reply already in its socket, and can end and reap them all: a
    zygote killed mid-fork leaves neither a zombie nor an app running for nobody. Without the
    go (the zygote died), the middle process kills the player's process and reaps it."""
    sys.stdout.flush()
    sys.stderr.flush()
    r, w = os.pipe()
    go_r, go_w = os.pipe()
    middle = os.fork()
    if middle == 0:
        try:
            os.close(r)
            os.close(go_w)
            pid = os.fork()
            if pid == 0:
                os.close(w)
                os.close(go_r)
                _become(req, slave, server, sock)        # never returns
            os.write(w, str(pid).encode())
            os.close(w)
            if os.read(go_r, 1) != b"g":                 # the zygote is gone: so is the player
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        finally:
            os._exit(0)
    os.close(w)
    os.close(go_r)
    try:
        got = os.read(r, 32)
    finally:
        os.close(r)
    if not got:
        os.close(go_w)
        os.waitpid(middle, 0)
        raise OSError("the fork failed")
    return int(got), (middle, go_w)


def _let_go(middle: int, go_w: int) -> None:
    """After the reply: the middle process may end (the server adopts the player's process)."""
    try:
        os.write(go_w, b"g")
    except OSError:
        pass
    finally:
        os.close(go_w)
        os.waitpid(middle, 0)


def _become(req: dict, slave: int, server: int, sock: socket.socket) -> None:
    """In the player's process: set it up as a fresh interpreter would be, run the app, exit."""
    code = 1
    try:
        from tui.serve import child
        sock.detach()                     # its descriptor is closed below, with the rest
        for sig in signal.valid_signals():    # as a fresh interpreter has them
            if sig not in (signal.SIGKILL, signal.SIGSTOP):
                try:
                    signal.signal(sig, signal.SIG_DFL)
                except (OSError, ValueError):
                    pass
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_IGN)
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        for std in (0, 1, 2):
            os.dup2(slave, std)
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))
        child.not_dumpable()              # before the player's environment is set
        deadline = time.monotonic() + FORK_TIMEOUT
        while os.getppid() != server:     # adopted by the server once the middle process ends
            if time.monotonic() > deadline:
                os._exit(1)
            time.sleep(0.001)
        os.setsid()                       # only now out of the zygote's group (see _spawn)
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        import fcntl
        import struct
        import termios
        cols, rows = req["size"]
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        import random
        random.seed()
        import gc
        gc.enable()                       # the zygote's pause is not the player's
        sys.stdout.reconfigure(line_buffering=True)   # as Python sets it on a terminal
        _prctl(PR_SET_NAME, process_name(req["argv"]).encode())
        code = child.main(req["argv"])    # PR_SET_PDEATHSIG (the server's), the terminal, the app
        import atexit
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.__stderr__):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
    except BaseException:                 # nothing ever returns into the zygote's loop
        code = 1
        try:                              # one line, never a traceback
            os.write(2, b"wartable: the app could not be started.\r\n")
        except OSError:
            pass
    os._exit(code & 0xFF if isinstance(code, int) else 1)


def process_name(argv: list[str]) -> str:
    """The name ``ps -o comm`` and ``top`` show for a player's process (15 characters at most):
    ``seat`` and the hosted game's number, or the entry point."""
    if argv[0] == "seat" and len(argv) >= 2:
        return f"seat {Path(argv[1]).name.rsplit('-', 1)[-1][:10]}"
    if argv[0] == "spectator" and len(argv) >= 2:
        return f"watch {Path(argv[1]).name.rsplit('-', 1)[-1][:9]}"
    return f"wartable {argv[0]}"[:15]


# ==========================================================================================
# The server's side
# ==========================================================================================
def environment() -> dict[str, str]:
    """The zygote's own environment: what Python needs, nothing of the host's (each child is
    given the player's by its request)."""
    env = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


STRAY_WAIT = 5.0                          # seconds to see a given-up fork's processes end


def _stat(pid: int) -> tuple[str, int, int] | None:
    """State, parent pid and process group of ``pid`` from ``/proc/PID/stat`` (None: gone)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            raw = f.read()
    except OSError:
        return None
    fields = raw[raw.rfind(b")") + 2:].split()       # the name, in brackets, may hold spaces
    return fields[0].decode(), int(fields[1]), int(fields[2])


def _in_group(group: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) != group:
            st = _stat(int(entry))
            if st is not None and st[2] == group:
                out.append(int(entry))
    return out


def _late_replies(sock: socket.socket) -> list[int]:
    """The players' pids in replies already in the socket, read without waiting."""
    pids = []
    while True:
        try:
            raw = sock.recv(4096, socket.MSG_DONTWAIT)
        except (BlockingIOError, OSError):
            break
        if not raw:
            break
        try:
            pid = json.loads(raw).get("pid")
        except (ValueError, AttributeError):
            continue
        if type(pid) is int and pid > 0:
            pids.append(pid)
    return pids


async def reap_strays(group: int, late: list[int], kill: bool) -> int:
    """Reap the processes of a dead zygote's group (and ``late``, players named by a reply
    given up on) that have become the server's children, killing them first when ``kill``;
    until none is left or ``STRAY_WAIT`` has passed. Only the server's own children are
    signalled or waited for, so a pid another process has reused is never touched. How many
    were reaped."""
    me, reaped = os.getpid(), 0
    deadline = time.monotonic() + STRAY_WAIT
    while True:
        left = set(_in_group(group)) | {pid for pid in late if _stat(pid) is not None}
        for pid in sorted(left):
            st = _stat(pid)
            if st is None or st[1] != me:
                continue                  # not (yet) the server's: its parent reaps it, or it comes here
            if kill and st[0] != "Z":
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = 0
            if done:
                reaped += 1
                left.discard(pid)
        if not left or time.monotonic() > deadline:
            return reaped
        await asyncio.sleep(0.01)


class Player:
    """A player's process forked by the zygote and adopted by the server: what the session uses
    of ``asyncio.subprocess.Process`` (``pid``, ``returncode``, ``wait``)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._pidfd = os.pidfd_open(pid)

    async def wait(self) -> int:
        if self.returncode is None:
            loop = asyncio.get_running_loop()
            ended = loop.create_future()
            loop.add_reader(self._pidfd, lambda: ended.done() or ended.set_result(None))
            try:
                await ended
            finally:
                loop.remove_reader(self._pidfd)
            _, status = os.waitpid(self.pid, 0)
            self.returncode = os.waitstatus_to_exitcode(status)
            os.close(self._pidfd)
        return self.returncode


class Zygote:
    """The server's handle on its zygote: started at once, started again when it dies."""

    def __init__(self, python: str, say) -> None:
        self.python = python
        self.say = say
        self.proc: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self.lock = asyncio.Lock()          # one request at a time: replies come in order
        self.started_at = 0.0
        self.closing = False
        self.watcher: asyncio.Task | None = None

    @staticmethod
    def adopt_orphans() -> bool:
        """Make this process the one that adopts its descendants' orphans (the players'
        processes, when the zygote's middle process ends); whether the kernel allows it."""
        return _prctl(PR_SET_CHILD_SUBREAPER, 1)

    async def start(self) -> None:
        """Start a zygote and wait until it is ready; ZygoteError when it cannot be."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.started_at = time.monotonic()
        try:
            proc = await asyncio.create_subprocess_exec(
                # -P: no working folder in sys.path (wartable is found where it is installed)
                self.python, "-P", "-m", "tui.serve.zygote", str(theirs.fileno()), pass_fds=(theirs.fileno(),),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, env=environment(),
                cwd="/", start_new_session=True)
        except OSError as exc:
            ours.close()
            raise ZygoteError(f"the zygote cannot be started ({exc.strerror or exc})") from None
        finally:
            theirs.close()
        ours.setblocking(False)
        loop = asyncio.get_running_loop()
        try:
            ready = await asyncio.wait_for(loop.sock_recv(ours, 4096), READY_TIMEOUT)
        except (OSError, asyncio.TimeoutError):
            ready = b""
        if not ready:
            ours.close()
            if proc.returncode is None:
                proc.kill()
            await proc.wait()
            raise ZygoteError(f"the zygote ended before it was ready (exit code {proc.returncode})")
        self.proc, self.sock = proc, ours
        self.say(f"zygote ready (process {proc.pid}) in {time.monotonic() - self.started_at:.1f} s")
        self.watcher = loop.create_task(self._watch(proc))

    async def _watch(self, proc: asyncio.subprocess.Process) -> None:
        code = await proc.wait()
        if self.closing or proc is not self.proc:
            return
        self.say(f"the zygote (process {proc.pid}) ended (exit code {code}); starting a new one")
        async with self.lock:
            if proc is self.proc:
                self._forget()
                await reap_strays(proc.pid, [], kill=False)     # middle processes it left
                await self._restart()

    def _forget(self) -> None:
        if self.sock is not None:
            self.sock.close()
        self.proc = self.sock = None

    async def _restart(self) -> None:
        wait = RESTART_PAUSE - (time.monotonic() - self.started_at)
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            await self.start()
        except ZygoteError as exc:
            self.say(str(exc))

    async def spawn(self, argv: list[str], env: dict[str, str], cwd: Path, slave: int,
                    size: tuple[int, int]) -> Player:
        """Fork a player's process running ``child.main(argv)`` on the terminal ``slave``;
        ZygoteError when it cannot be (the zygote refused, or is gone and cannot come back)."""
        request = json.dumps({"argv": argv, "env": env, "cwd": str(cwd), "size": list(size)}).encode()
        loop = asyncio.get_running_loop()
        async with self.lock:
            for attempt in range(2):          # a zygote found dead is started again, once
                if self.sock is None:
                    await self._restart()
                    if self.sock is None:
                        raise ZygoteError("the server cannot start apps right now")
                try:
                    self.sock.sendmsg([request], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                                   array.array("i", [slave]))])
                    raw = await asyncio.wait_for(loop.sock_recv(self.sock, 4096), FORK_TIMEOUT)
                except (OSError, asyncio.TimeoutError):
                    raw = b""
                if raw:
                    break
                self.say("the zygote did not answer; starting a new one")
                await self._give_up()
            else:
                raise ZygoteError("the server cannot start apps right now")
        reply = json.loads(raw)
        if "pid" not in reply:
            raise ZygoteError(str(reply.get("error", "refused")))
        return Player(int(reply["pid"]))

    async def _give_up(self) -> None:
        """The zygote did not answer: it and every process of the fork it was making are
        killed, and those the server adopts are reaped (``_spawn`` says why none escapes)."""
        proc, sock = self.proc, self.sock
        self.proc = self.sock = None
        if proc is None:
            if sock is not None:
                sock.close()
            return
        group = proc.pid                  # started in a session of its own: it leads its group
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass
        await proc.wait()
        late = _late_replies(sock) if sock is not None else []
        if sock is not None:
            sock.close()
        await reap_strays(group, late, kill=True)

    def _kill_zygote(self) -> None:
        proc = self.proc
        self._forget()
        if proc is not None and proc.returncode is None:
            try:
                proc.kill()
            except ProcessLookupError:
                pass

    def close(self) -> None:
        self.closing = True
        self._kill_zygote()


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1])))

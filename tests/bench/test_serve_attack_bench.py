"""`wartable serve --ssh` under attack from loopback: what a guessing loop and slot-holding
clients cost a player already at the table (key to settled screen of a playing seat), and a new
player logging in with a key meanwhile. Prints figures and asserts nothing about time:

    .venv/bin/python -m pytest tests/bench/test_serve_attack_bench.py -m bench -s -p no:xdist

The attacker runs from 127.0.0.2 in a process of its own (``python -m tests.bench.test_serve_attack_bench
guess|hold PORT SECONDS``), bounded in time, and only ever against the loopback server here:
  guess: 4 loops, each connecting and trying 3 wrong join codes per connection, as fast as the
         server answers;
  hold:  keeps 40 TCP connections open that never speak, and reopens each one the server closes.
The player's key is an arrow moving the Roads map cursor of the Axis seat, as in
test_serve_bench.py. Figures: median, p99 and max.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time

import asyncssh
import pytest

from tests.bench.test_serve_bench import LEFT, RIGHT, cpu_seconds, hosted, load, ms, press, ready
from tests.support.ssh_term import ROOT, Server, Term

pytestmark = pytest.mark.bench
PRESSES = 40
ATTACK_SECONDS = 40
ATTACKER = "127.0.0.2"          # another loopback address: the players are at 127.0.0.1


def attacker(what: str, port: int, seconds: float) -> subprocess.Popen:
    # niced: on a network the attacker's CPU is not the host's; here the two share 2 cores
    return subprocess.Popen(["nice", "-n", "19", sys.executable, "-m", "tests.bench.test_serve_attack_bench",
                             what, str(port), str(seconds)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)


async def measure(term: Term) -> list[float]:
    settled = []
    for n in range(PRESSES):
        _, s = await press(term, RIGHT if n % 2 == 0 else LEFT)
        settled.append(s)
        await asyncio.sleep(0.2)
    return settled


async def key_login(port: int, key) -> float:
    t0 = time.perf_counter()
    term = await Term.open(port, "player", key=key, command="solo")
    try:
        await term.wait_for("WWII campaign wargames", 60)
    finally:
        term.close()
    return time.perf_counter() - t0


def test_a_guessing_loop_and_slot_holders_cost_a_playing_seat_nothing(tmp_path):
    data = tmp_path / "data"
    seats = hosted(data, 1)[0]
    key = asyncssh.generate_private_key("ssh-ed25519")
    (data / "keys").write_text(key.export_public_key().decode())
    server = Server(data, "--codes", "--authorized-keys", str(data / "keys"), "--max-per-address", "64")
    print(f"\n[attack bench] start: {load()}, {os.cpu_count()} cores")
    rows = []
    try:
        async def main():
            term = await Term.open(server.port, seats["axis"].code)
            await ready(term)
            cpu0, t0 = cpu_seconds(server.proc.pid), time.perf_counter()
            settled = await measure(term)
            login = await key_login(server.port, key)
            share = (cpu_seconds(server.proc.pid) - cpu0) / (time.perf_counter() - t0)
            rows.append(("no attack", settled, login, share, ""))
            for what in ("guess", "hold"):
                proc = attacker(what, server.port, ATTACK_SECONDS)
                await asyncio.sleep(3)                     # the attack under way
                cpu0, t0 = cpu_seconds(server.proc.pid), time.perf_counter()
                settled = await measure(term)
                login = await key_login(server.port, key)
                share = (cpu_seconds(server.proc.pid) - cpu0) / (time.perf_counter() - t0)
                out, _ = await asyncio.get_running_loop().run_in_executor(None, proc.communicate)
                rows.append((what, settled, login, share, out.decode(errors="replace").strip()))
            term.close()
        asyncio.run(main())
    finally:
        log = server.stop()
    for what, settled, login, share, said in rows:
        print(f"[attack bench] {what:9}: playing seat, key to settled screen {ms(settled)}; "
              f"a key login meanwhile {login:.2f} s; the server busy {share * 100:.0f}% of a core")
        if said:
            print(f"[attack bench] {what:9}: the attacker: {said}")
    print(f"[attack bench] server log: {log.count('wrong join code')} wrong codes answered, "
          f"{log.count('too many user names')} connections cut for user names, "
          f"{log.count('too long to log in')} idle connections evicted")
    print(f"[attack bench] end: {load()}")


# -- the attacker, in its own process ------------------------------------------------------------

async def guess_loop(port: int, until: float, tally: dict) -> None:
    from tests.tui.test_serve_ssh_attacks import WRONG, guess
    n = 0
    while time.monotonic() < until:
        names = [WRONG[(n + k) % len(WRONG)] for k in range(3)]
        n += 3
        try:
            client, _ = await asyncio.wait_for(guess(port, names, source=ATTACKER),
                                               max(0.1, until - time.monotonic()))
        except asyncio.TimeoutError:
            break
        tally["connections"] += 1
        tally["answered"] += len(client.banners) if client else 0


async def guessing(port: int, seconds: float) -> str:
    tally = {"connections": 0, "answered": 0}
    until = time.monotonic() + seconds
    await asyncio.gather(*(guess_loop(port, until, tally) for _ in range(4)))
    return (f"{tally['connections']} connections in {seconds:.0f} s, {tally['answered']} wrong codes answered "
            f"({tally['answered'] / seconds:.1f} a second)")


def holding(port: int, seconds: float) -> str:
    until = time.monotonic() + seconds
    held: list[socket.socket] = []
    opened = closed = 0
    while time.monotonic() < until:
        while len(held) < 40 and time.monotonic() < until:
            try:
                held.append(socket.create_connection(("127.0.0.1", port), timeout=2,
                                                     source_address=(ATTACKER, 0)))
                held[-1].setblocking(False)
                opened += 1
            except OSError:
                break
        time.sleep(0.2)
        for s in list(held):                        # closed by the server: open another
            try:
                if s.recv(65536) == b"":
                    raise ConnectionResetError
            except BlockingIOError:
                continue
            except OSError:
                pass
            else:
                continue
            held.remove(s)
            s.close()
            closed += 1
    for s in held:
        s.close()
    return f"{opened} idle connections opened in {seconds:.0f} s, {closed} of them closed by the server"


if __name__ == "__main__":
    what, port, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    print(asyncio.run(guessing(port, seconds)) if what == "guess" else holding(port, seconds))

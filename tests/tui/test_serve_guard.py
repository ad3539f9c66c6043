"""The join-code guard (tui.serve.guard) and the code index (tui.serve.games.CodeIndex), on a
clock the test moves: wrong codes slow their address down, nobody is shut out."""

from __future__ import annotations

import asyncio

import pytest

from tui.serve import games, guard
from tui.serve.guard import BASE, CAP, FREE, MOST_WAITING, WINDOW, Busy, CodeGuard, address_key


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)


def guarded() -> tuple[CodeGuard, Clock]:
    clock = Clock()
    return CodeGuard(clock=clock, sleep=clock.sleep), clock


def test_the_first_wrong_codes_are_answered_at_once_then_each_try_waits_longer():
    g, clock = guarded()
    for _ in range(FREE):
        assert g.step("10.0.0.1") == 0.0
        g.wrong("10.0.0.1")
    steps = []
    for _ in range(8):
        steps.append(g.step("10.0.0.1"))
        g.wrong("10.0.0.1")
    assert steps[:3] == [BASE, BASE * 2, BASE * 4]
    assert steps == sorted(steps) and steps[-1] == CAP
    assert g.step("10.0.0.2") == 0.0                       # another address is not slowed
    clock.now += WINDOW + 1                                # wrong codes are forgotten in time
    assert g.step("10.0.0.1") == 0.0


def test_waiting_tries_from_one_address_are_answered_one_step_apart_and_bounded():
    g, clock = guarded()
    for _ in range(FREE + 1):
        g.wrong("10.0.0.1")
    step = g.step("10.0.0.1")

    async def tries(n):
        return await asyncio.gather(*(g.turn("10.0.0.1") for _ in range(n)), return_exceptions=True)

    asyncio.run(tries(3))
    # three tries at one moment: answered at step, 2 steps, 3 steps: never faster than one a step
    assert clock.slept == pytest.approx([step, 2 * step, 3 * step])

    # past MOST_WAITING at once, a try is refused as busy (never looked up)
    clock.slept.clear()
    release = asyncio.Event()

    async def hold(seconds):
        await release.wait()

    g.sleep = hold

    async def crowd():
        waiting = [asyncio.ensure_future(g.turn("10.0.0.1")) for _ in range(MOST_WAITING)]
        await asyncio.sleep(0)
        with pytest.raises(Busy):
            await g.turn("10.0.0.1")
        await g.turn("10.0.0.9")                    # no wait at all for an address with no fails
        release.set()
        await asyncio.gather(*waiting)
    asyncio.run(crowd())


def test_ipv6_counts_by_its_64_and_mapped_ipv4_as_ipv4():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:10.1.2.3") == "10.1.2.3"
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key("not an address") == "not an address"
    g, _ = guarded()
    for n in range(FREE + 1):
        g.wrong(f"2001:db8::{n:x}")
    assert g.step("2001:db8::ffff") > 0


def test_the_guard_remembers_a_bounded_number_of_addresses(monkeypatch):
    monkeypatch.setattr(guard, "MOST_ADDRESSES", 50)
    g, _ = guarded()
    for n in range(500):
        g.wrong(f"10.0.{n // 250}.{n % 250}")
    assert len(g.addresses) == 50
    for _ in range(1000):
        g.wrong("10.9.9.9")
    assert len(g.addresses["10.9.9.9"].fails) <= FREE + 64


def test_the_code_index_reads_seats_once_and_again_only_when_a_game_is_made(monkeypatch):
    first = games.create("roads", seed=3)
    reads = []
    real = games.all_seats
    monkeypatch.setattr(games, "all_seats", lambda: reads.append(1) or real())
    index = games.CodeIndex()
    assert index.find(first[0].code) == first[0]
    for _ in range(50):
        assert index.find("abcde-fghjk") is None
    assert index.find(first[1].code.upper()) == first[1]
    assert len(reads) == 1                                  # one read for all those look-ups
    second = games.create("roads", seed=4)
    assert index.find(second[1].code) == second[1]          # a game made since is found
    assert len(reads) == 2
    assert index.find("nope") is None and index.find("") is None

"""How fast join codes may be tried from one address: shared by the SSH and the web server.

A join code is about 50 bits, so guessing one is hopeless at any rate a server answers slowly.
The guard makes it so: the first ``FREE`` wrong codes an address tries within ``WINDOW`` are
answered at once; after those, every code tried from that address waits its turn, one turn
every ``step`` seconds, the step doubling with each further wrong code up to ``CAP``. Nobody is
shut out: a right code typed behind the same address (players behind one NAT) still gets in,
only later, and a key login never waits for anyone's wrong codes. Tries waiting at once from
one address are bounded (``MOST_WAITING``); past that a try is refused outright, as busy.

An IPv6 address counts by its /64 (the block one host is usually given), so a guesser cannot
walk around the count by changing the low bits. Memory is bounded: at most ``MOST_ADDRESSES``
addresses are remembered, the oldest forgotten first.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field

FREE = 10                # wrong codes per address within the window, answered at once
WINDOW = 600.0           # seconds a wrong code is remembered
BASE, CAP = 0.25, 5.0    # the first step of the back-off, and the longest
MOST_WAITING = 8         # tries from one address waiting at once
MOST_ADDRESSES = 4096


def address_key(address: str) -> str:
    """The unit the guard counts: an IPv4 address, an IPv6 /64 (an IPv4-mapped one as IPv4)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address[:64]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def remembered(table: OrderedDict, address: str, make):
    """What ``table`` keeps for ``address`` (by ``address_key``), made by ``make()`` the first
    time; the table keeps the MOST_ADDRESSES used last, forgetting the oldest."""
    key = address_key(address)
    entry = table.get(key)
    if entry is None:
        entry = table[key] = make()
        while len(table) > MOST_ADDRESSES:
            table.popitem(last=False)
    else:
        table.move_to_end(key)
    return entry


@dataclass
class _Address:
    fails: deque = field(default_factory=deque)   # monotonic stamps of recent wrong codes
    next_turn: float = 0.0                          # when the next waiting try may be answered
    waiting: int = 0


class Busy(Exception):
    """Too many tries from one address are waiting already."""


class CodeGuard:
    def __init__(self, clock=time.monotonic, sleep=asyncio.sleep) -> None:
        self.clock = clock
        self.sleep = sleep
        self.addresses: OrderedDict[str, _Address] = OrderedDict()

    def _entry(self, address: str) -> _Address:
        return remembered(self.addresses, address, _Address)

    def _recent(self, entry: _Address, now: float) -> int:
        while entry.fails and entry.fails[0] < now - WINDOW:
            entry.fails.popleft()
        return len(entry.fails)

    def step(self, address: str) -> float:
        """Seconds between the answers to tries from ``address`` now (0: answered at once)."""
        entry = self._entry(address)
        over = self._recent(entry, self.clock()) - FREE
        return 0.0 if over < 0 else min(CAP, BASE * 2 ** over)

    async def turn(self, address: str) -> None:
        """Wait until a code tried from ``address`` may be looked up; Busy when too many wait."""
        entry = self._entry(address)
        now = self.clock()
        step = self.step(address)
        if step == 0.0:
            return
        if entry.waiting >= MOST_WAITING:
            raise Busy(address)
        at = max(now, entry.next_turn) + step
        entry.next_turn = at
        entry.waiting += 1
        try:
            await self.sleep(at - now)
        finally:
            entry.waiting -= 1

    def wrong(self, address: str) -> None:
        """Count a wrong code from ``address``."""
        entry = self._entry(address)
        entry.fails.append(self.clock())
        while len(entry.fails) > FREE + 64:          # enough to reach CAP; no more is needed
            entry.fails.popleft()

    def fails(self, address: str) -> int:
        return self._recent(self._entry(address), self.clock())

"""The web visitors' folders (tui/serve/visitors.py): a holder of the server's link cannot fill
them all for good, and no player's folder is ever given up."""

from __future__ import annotations

import asyncio
import os
import time

import aiohttp
import pytest

from tests.tui.test_serve_web import free_port, start_server, stop_server
from tui.serve.visitors import IDLE, NEW_PER_ADDRESS, NEW_WINDOW, TooMany, Visitors


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def ids(n: int) -> list[str]:
    return [f"{k:032x}" for k in range(1, n + 1)]


def long_ago(path, seconds: float = IDLE + 60) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_an_address_is_given_only_so_many_new_folders_an_hour(tmp_path):
    clock = Clock()
    visitors = Visitors(tmp_path, most=100, clock=clock)
    for visitor in ids(NEW_PER_ADDRESS):
        assert visitors.make(visitor, "203.0.113.5") is not None
    with pytest.raises(TooMany):
        visitors.make(f"{99:032x}", "203.0.113.5")
    assert visitors.make(f"{98:032x}", "203.0.113.6") is not None      # another address is not held up
    clock.now += NEW_WINDOW + 1
    assert visitors.make(f"{99:032x}", "203.0.113.5") is not None      # and the hour passes


def test_an_ipv6_address_counts_by_its_64(tmp_path):
    visitors = Visitors(tmp_path, most=100, clock=Clock())
    for k, visitor in enumerate(ids(NEW_PER_ADDRESS)):
        visitors.make(visitor, f"2001:db8:1:2::{k + 1:x}")
    with pytest.raises(TooMany):
        visitors.make(f"{99:032x}", "2001:db8:1:2:ffff::1")
    assert visitors.make(f"{99:032x}", "2001:db8:1:3::1") is not None


def test_when_full_the_folder_visited_longest_ago_that_holds_nothing_is_given_up(tmp_path):
    visitors = Visitors(tmp_path, most=3, clock=Clock())
    a, b, c, d = ids(4)
    for visitor, address in ((a, "198.51.100.1"), (b, "198.51.100.2"), (c, "198.51.100.3")):
        visitors.make(visitor, address)
    long_ago(tmp_path / a, IDLE + 300)
    long_ago(tmp_path / b, IDLE + 600)          # b: the longest ago
    (tmp_path / a / "cache").mkdir()            # what the app makes for itself is nothing of a player's
    (tmp_path / a / "cache" / "roads.json").write_text("{}")
    assert visitors.make(d, "198.51.100.4") is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([a, c, d])


def test_a_folder_with_a_save_statistics_or_settings_is_never_given_up(tmp_path):
    visitors = Visitors(tmp_path, most=3, clock=Clock())
    a, b, c, d = ids(4)
    for visitor, address in ((a, "198.51.100.1"), (b, "198.51.100.2"), (c, "198.51.100.3")):
        visitors.make(visitor, address)
    (tmp_path / a / "saves").mkdir()
    (tmp_path / a / "saves" / "autosave.json").write_text("{}")
    (tmp_path / b / "stats.json").write_text("[]")
    (tmp_path / c / "config.toml").write_text("")
    for visitor in (a, b, c):
        long_ago(tmp_path / visitor)
    assert visitors.make(d, "198.51.100.4") is None
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([a, b, c])


def test_a_folder_in_use_or_visited_lately_is_not_given_up(tmp_path):
    visitors = Visitors(tmp_path, most=2, clock=Clock())
    a, b, c = ids(3)
    visitors.make(a, "198.51.100.1")
    visitors.make(b, "198.51.100.2")
    long_ago(tmp_path / a)
    visitors.running[a] += 1                    # its app runs: the player is on the launcher
    assert visitors.make(c, "198.51.100.3") is None
    visitors.running[a] -= 1
    visitors.visited(a)                         # let in again just now
    assert visitors.make(c, "198.51.100.3") is None
    long_ago(tmp_path / a)
    assert visitors.make(c, "198.51.100.3") is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([b, c])


def from_address(source: str) -> aiohttp.ClientSession:
    """A browser (keeping no cookie: each visit a new visitor) from one loopback address."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar(),
                                 connector=aiohttp.TCPConnector(local_addr=(source, 0)))


def test_a_link_holder_making_new_visitors_in_a_loop_is_refused_and_fills_nothing_for_good(tmp_path):
    """From loopback, as an attacker with the link: one address making new visitors is refused
    after its share (429, one line); when the folders are full (503), the ones that held nothing
    and were left long ago make room for a newcomer, while a player's folder with a save stays."""
    data = tmp_path / "data"
    most = NEW_PER_ADDRESS + 2
    proc, web = start_server(data, free_port(), "--max-visitors", str(most))
    folders = data / "serve" / "visitors"

    async def visits(source: str, times: int) -> list[tuple[int, str]]:
        answers = []
        async with from_address(source) as http:
            for _ in range(times):
                async with http.get(web) as page:
                    answers.append((page.status, await page.text()))
        return answers

    try:
        flood = asyncio.run(visits("127.0.0.9", NEW_PER_ADDRESS + 4))
        assert [status for status, _ in flood] == [200] * NEW_PER_ADDRESS + [429] * 4
        assert all(text.count("\n") == 1 and "too often" in text for status, text in flood if status != 200)
        other = asyncio.run(visits("127.0.0.11", 3))      # another address: the room left, then full
        assert [status for status, _ in other] == [200, 200, 503]
        made = sorted(folders.iterdir())
        assert len(made) == most
        (made[0] / "saves").mkdir()                       # one was a player's: a save in it
        (made[0] / "saves" / "autosave.json").write_text("{}")
        for folder in made:
            long_ago(folder)
        assert [status for status, _ in asyncio.run(visits("127.0.0.10", 1))] == [200]
        left = sorted(folders.iterdir())
        assert len(left) == most and made[0] in left      # the player's folder stayed
    finally:
        stop_server(proc, data)

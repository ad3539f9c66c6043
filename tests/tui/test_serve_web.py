"""`wartable serve --web`: the page, the app behind its websocket, the limits (the page in a real
browser: test_serve_browser.py)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time

import aiohttp
import pytest

from tests.support.ssh_term import ROOT, plain


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site(str):
    """The server's address, and its data folder (``data``)."""


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    data = tmp_path_factory.mktemp("web") / "data"
    port = free_port()
    env = dict(os.environ, WARTABLE_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--web", str(port),
                             "--max-per-address", "2", "--codes"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    line = proc.stdout.readline().decode()
    assert f"http://127.0.0.1:{port}" in line, line
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 20
    while time.monotonic() < end:                   # listening (bounded wait)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    site = Site(url)
    site.data = data
    yield site
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    end = time.monotonic() + 10                     # its apps end with it (PR_SET_PDEATHSIG)
    while apps_of(data) and time.monotonic() < end:
        time.sleep(0.1)
    left = apps_of(data)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"app processes outlived the server: {left}"


def apps_of(data) -> list[int]:
    """Running wartable processes started for this server (their data folder is under ``data``
    or they inherited it), from /proc."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = open(f"/proc/{entry}/cmdline", "rb").read()
            env = open(f"/proc/{entry}/environ", "rb").read()
        except OSError:
            continue
        if b"tui.serve.child" in cmd and str(data).encode() in env:
            pids.append(int(entry))
    return pids


async def _app_screen(url: str, until: str, width: int = 100, height: int = 30, send: list | None = None,
                      path: str = "/ws") -> str:
    out = b""
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"{url.replace('http', 'ws')}{path}?width={width}&height={height}") as ws:
            for message in send or []:
                await ws.send_str(json.dumps(message))
            end = time.monotonic() + 30
            while time.monotonic() < end and until not in plain(out):
                try:
                    msg = await asyncio.wait_for(ws.receive(), 1)
                except asyncio.TimeoutError:
                    continue
                if msg.type == aiohttp.WSMsgType.BINARY:
                    out += msg.data
                elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    break
    return plain(out)


async def test_the_page_and_the_launcher_behind_its_websocket(web):
    async with aiohttp.ClientSession() as http:
        async with http.get(web) as page:
            assert page.status == 200
            assert "wartable" in await page.text()
        # the page's websocket is on the address the browser used
        async with http.get(web, headers={"Host": "wartable.example:8123"}) as page:
            assert 'data-session-websocket-url="ws://wartable.example:8123/ws"' in await page.text()
    shown = await _app_screen(web, "WWII campaign wargames")
    assert "WWII campaign wargames" in shown


async def test_garbage_messages_and_huge_sizes_do_not_take_the_server_down(web):
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"{web.replace('http', 'ws')}/ws?width=99999999&height=x") as ws:
            for junk in ("not json", json.dumps({"a": 1}), json.dumps(["resize", {"width": 10**9, "height": -5}]),
                         json.dumps(["stdin", "\x1b[" + "9" * 3000 + "m" + "\xff" * 100])):
                await ws.send_str(junk)
            await asyncio.sleep(0.5)
    shown = await _app_screen(web, "WWII campaign wargames")       # the next visitor is served
    assert "WWII campaign wargames" in shown


async def test_a_seat_of_a_hosted_game_by_its_join_code(web):
    from tui.serve import games
    old = os.environ.get("WARTABLE_DATA_DIR")
    os.environ["WARTABLE_DATA_DIR"] = str(web.data)
    try:
        axis, soviet = games.create("roads", seed=7)
    finally:
        os.environ["WARTABLE_DATA_DIR"] = old
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{web}/seat/{soviet.code}") as page:
            assert page.status == 200
            assert f'/ws/seat/{soviet.code}"' in await page.text()
        async with http.get(f"{web}/seat/abcde-fghjk") as page:
            assert page.status == 404
        async with http.get(f"{web}/seat/%3Cscript%3E") as page:
            assert page.status == 404 and "<script>" not in await page.text()
    # the seat's top line can be painted a frame before its menu: wait for the menu's line
    shown = await _app_screen(web, "Waiting for Axis", path=f"/ws/seat/{soviet.code}")
    assert "seat: Soviet" in shown and "Waiting for Axis" in shown


async def test_connections_from_one_address_are_limited(web):
    # last in the file: the tabs it holds keep their places until their apps have ended
    async with aiohttp.ClientSession() as http:
        held = []
        end = time.monotonic() + 20
        while len(held) < 2 and time.monotonic() < end:     # earlier tests' tabs may still be closing
            try:
                held.append(await http.ws_connect(f"{web.replace('http', 'ws')}/ws"))
            except aiohttp.WSServerHandshakeError:
                await asyncio.sleep(0.2)
        assert len(held) == 2
        try:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{web.replace('http', 'ws')}/ws")
            assert refused.value.status == 503
        finally:
            for ws in held:
                await ws.close()

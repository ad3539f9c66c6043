"""`wartable serve --web`: the page, the app behind its websocket, the limits (the page in a real
browser: test_serve_browser.py); and what an attacker would try, over loopback: no token or a
wrong one, a websocket from another site's page, a forged Host, many visitors, many wrong join
codes, odd messages, a failure."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest

from tests.support.ssh_term import ROOT, plain


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site(str):
    """The launcher's link, as the server printed it (``/?token=...``); ``base`` is the server's
    address, ``token`` its secret, ``data`` its data folder."""


def start_server(data, port: int, *args: str) -> tuple[subprocess.Popen, Site]:
    env = dict(os.environ, WARTABLE_DATA_DIR=str(data), PYTHONUNBUFFERED="1", HOST_ONLY="the host's own")
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--web", str(port), *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    line = proc.stdout.readline().decode()
    link = re.search(r"http://\S+", line)         # the first address printed: the launcher's link
    assert link and link.group(0).startswith(f"http://127.0.0.1:{port}/?token="), line
    end = time.monotonic() + 20
    while time.monotonic() < end:                   # listening (bounded wait)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    site = Site(link.group(0))
    site.base = f"http://127.0.0.1:{port}"
    site.token = link.group(0).split("token=", 1)[1]
    site.data = data
    return proc, site


def stop_server(proc: subprocess.Popen, data) -> None:
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


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    data = tmp_path_factory.mktemp("web") / "data"
    proc, site = start_server(data, free_port(), "--max-per-address", "2", "--codes")
    yield site
    stop_server(proc, data)


_SOURCES = itertools.count()


def browser(cookies: bool = True) -> aiohttp.ClientSession:
    """A client that keeps cookies as a browser does (aiohttp's own jar refuses an IP address's),
    connecting from an address of its own (127.0.0.2, .3, ...: all loopback), so that what one
    test's connections count against their address is not another's."""
    n = next(_SOURCES)
    source = f"127.0.{n // 250}.{n % 250 + 2}"
    jar = aiohttp.CookieJar(unsafe=True) if cookies else aiohttp.DummyCookieJar()
    return aiohttp.ClientSession(cookie_jar=jar, connector=aiohttp.TCPConnector(local_addr=(source, 0)))


async def let_in(http: aiohttp.ClientSession, web: Site) -> None:
    """Follow the launcher's link, as a player does: its cookie is kept in ``http``'s jar."""
    async with http.get(web) as page:
        assert page.status == 200, await page.text()


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


@asynccontextmanager
async def app_open(http: aiohttp.ClientSession, web: Site, until: str, path: str = "/ws",
                   width: int = 100, height: int = 30, send: list | None = None):
    """The websocket of ``path``, open, once ``until`` is on its screen (bounded wait): (ws, screen)."""
    out = b""
    async with http.ws_connect(f"{web.base.replace('http', 'ws')}{path}?width={width}&height={height}",
                               origin=web.base) as ws:
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
        yield ws, plain(out)


async def _app_screen(web: Site, until: str, width: int = 100, height: int = 30, send: list | None = None,
                      path: str = "/ws", http: aiohttp.ClientSession | None = None) -> str:
    """What the app behind ``path``'s websocket shows, once ``until`` is on it (bounded wait);
    through ``http``, or a new visitor let in by the link."""
    async with browser() as mine:
        if http is None:
            http = mine
            await let_in(http, web)
        async with app_open(http, web, until, path, width, height, send) as (_, shown):
            return shown


def visitor_of(http: aiohttp.ClientSession) -> str:
    """The visitor id in ``http``'s cookie (the part before the dot)."""
    return next(c.value.split(".")[0] for c in http.cookie_jar if c.key.startswith("wartable-"))


def child_places(data) -> dict[str, tuple[dict[str, str], str]]:
    """HOME -> (environment, working directory) of each app process of the server on ``data``."""
    places = {}
    for pid in apps_of(data):
        try:
            raw = open(f"/proc/{pid}/environ", "rb").read()
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        env = dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)
        places[env.get("HOME", "")] = (env, cwd)
    return places


async def test_the_page_and_the_launcher_behind_its_websocket(web):
    async with browser() as http:
        await let_in(http, web)
        async with http.get(web.base) as page:
            assert page.status == 200
            assert "wartable" in await page.text()
            text, policy = await page.text(), page.headers.get("Content-Security-Policy", "")
        # the page's websocket is on the server's own address, and the page may open no other
        socket = web.base.replace("http", "ws")
        assert f'data-session-websocket-url="{socket}/ws"' in text
        assert f"connect-src {socket};" in policy and "default-src 'none'" in policy
        assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
        assert "googleapis" not in text and "<script>" not in text     # no font from Google, no inline script
    shown = await _app_screen(web, "WWII campaign wargames")
    assert "WWII campaign wargames" in shown


def test_the_page_escapes_what_it_is_given():
    from tui.serve.page import page
    shown = page("http://h/static/", 'ws://h/ws"x', "<b>Anna & James</b>")
    assert "<b>" not in shown and "&lt;b&gt;Anna &amp; James&lt;/b&gt;" in shown
    assert 'data-session-websocket-url="ws://h/ws&quot;x"' in shown


async def test_the_launcher_needs_the_link_with_its_token(web):
    ws = web.base.replace("http", "ws")
    async with browser() as http:
        # no token, a wrong one, one that is no text a token is made of: one line, no launcher
        for url in (web.base, f"{web.base}/?token=", f"{web.base}/?token={web.token[:-1]}x",
                    f"{web.base}/?token=%C3%A9%ED%A0%80", f"{web.base}/?token={web.token}&token=x"):
            async with http.get(url) as page:
                text = await page.text()
                assert page.status == 403, url
                assert text.startswith("wartable: ") and text.count("\n") == 1, text
                assert "textual" not in text and "Set-Cookie" not in page.headers
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{ws}/ws", origin=web.base)
        assert refused.value.status == 403
        # a cookie of the right shape that this server did not sign
        http.cookie_jar.update_cookies({f"wartable-{web.base.rsplit(':', 1)[1]}": "a" * 32 + "." + "b" * 64})
        async with http.get(web.base) as page:
            assert page.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{ws}/ws", origin=web.base)
        assert refused.value.status == 403

        # the link: a cookie only scripts of no page can read, sent to this site only, and on
        # to the launcher by the page itself, without the token in the address
        http.cookie_jar.clear()
        async with http.get(web) as page:
            assert page.status == 200
            cookie = page.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
            assert web.token not in cookie
            assert page.headers["Cache-Control"] == "no-store"
            body = await page.text()
            assert "location.replace(location.pathname)" in body and web.token not in body
        async with http.get(web.base) as page:
            assert page.status == 200 and "data-session-websocket-url" in await page.text()
    assert "WWII campaign wargames" in await _app_screen(web, "WWII campaign wargames")


async def test_each_visitor_has_a_data_folder_of_its_own_never_the_hosts(web):
    visitors = Path(web.data) / "serve" / "visitors"
    async with browser() as anna, browser() as ben:
        await let_in(anna, web)
        await let_in(ben, web)
        mine = {visitor_of(anna), visitor_of(ben)}
        assert len(mine) == 2
        await let_in(anna, web)                                   # the link again: the same visitor
        assert visitor_of(anna) in mine
        folders = {str(visitors / v) for v in mine}
        async with app_open(anna, web, "WWII campaign wargames"), app_open(ben, web, "WWII campaign wargames"):
            places = child_places(web.data)
        assert folders <= set(places), (folders, list(places))
        for home in folders:
            env, cwd = places[home]
            # its home, its data folder and its working directory: the visitor's folder, and
            # nothing else of the server's environment
            assert env["WARTABLE_DATA_DIR"] == home and cwd == home
            assert home != os.environ.get("HOME") and env.get("HOST_ONLY") is None
            assert set(env) <= {"HOME", "WARTABLE_DATA_DIR", "PATH", "LANG", "LC_ALL", "PYTHONPATH", "COLUMNS",
                                "ROWS", "TEXTUAL_DRIVER", "TEXTUAL_FPS", "TEXTUAL_COLOR_SYSTEM", "TERM_PROGRAM",
                                "TERM_PROGRAM_VERSION", "WARTABLE_SERVE_LOGS"}, sorted(env)
            assert env["WARTABLE_SERVE_LOGS"] == str(Path(web.data) / "serve" / "logs")   # the host's log
            assert stat.S_IMODE(os.stat(home).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(visitors).st_mode) == 0o700
    assert not (Path(web.data) / "saves").exists() and not (Path(web.data) / "stats.json").exists()


def test_a_stranger_with_the_link_makes_no_more_visitor_folders_than_the_host_allows(tmp_path):
    data = tmp_path / "data"
    proc, web = start_server(data, free_port(), "--max-visitors", "2")

    async def visits():
        async with browser() as first, browser() as second:
            await let_in(first, web)
            await let_in(second, web)
            for _ in range(20):                    # a new browser every time: no cookie kept
                async with browser() as stranger:
                    async with stranger.get(web) as page:
                        text = await page.text()
                        assert page.status == 503 and text.count("\n") == 1, text
                        assert "(2)" in text and "Set-Cookie" not in page.headers
            await let_in(first, web)               # those who have a folder still come in
            async with first.get(web.base) as page:
                assert page.status == 200
    try:
        asyncio.run(visits())
        assert len(os.listdir(data / "serve" / "visitors")) == 2
    finally:
        stop_server(proc, data)


async def test_the_page_takes_its_addresses_from_the_configuration_never_from_the_host_header(web):
    port = web.base.rsplit(":", 1)[1]
    async with browser() as http:
        await let_in(http, web)
        for forged in ("wartable.example:8123", 'evil.example"><script>alert(1)</script>', f"127.0.0.1:{port}.evil"):
            async with http.get(web.base, headers={"Host": forged}) as page:
                text = await page.text()
                assert page.status == 200
                assert "evil" not in text and "wartable.example" not in text and "<script>alert" not in text
                assert f'"ws://127.0.0.1:{port}/ws"' in text and f'"http://127.0.0.1:{port}/static/' in text
        # localhost is this server's own name too: the page stays on it (the cookie is the host's)
        async with http.get(web.base, headers={"Host": f"localhost:{port}"}) as page:
            assert f'"ws://localhost:{port}/ws"' in await page.text()


async def test_a_websocket_from_another_sites_page_is_refused(web, monkeypatch):
    from tui.serve import games
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(web.data))  # a game of the server's
    seat = games.create("roads", seed=8)[0]
    port = web.base.rsplit(":", 1)[1]
    ws = web.base.replace("http", "ws")
    async with browser() as http:
        await let_in(http, web)                            # the cookie is the visitor's own
        for path in ("/ws", f"/ws/seat/{seat.code}"):
            # a page elsewhere opens the websocket with the player's cookie: the browser says so in
            # Origin; no Origin at all is no page of ours either
            for origin in ("http://evil.example", "null", f"http://127.0.0.1:{port}.evil.example",
                           f"http://127.0.0.1:{int(port) + 1}", f"https://127.0.0.1:{port}", None):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(f"{ws}{path}", origin=origin)
                assert refused.value.status == 403, (path, origin)
            async with http.get(f"{web.base}{path}", headers={"Origin": "http://evil.example"}) as answer:
                text = await answer.text()
                assert answer.status == 403 and text.startswith("wartable: ") and text.count("\n") == 1
        for origin in (f"http://localhost:{port}", web.base):
            async with http.ws_connect(f"{ws}/ws", origin=origin) as opened:
                assert not opened.closed


@asynccontextmanager
async def in_process(port: int = 0, **options):
    """The web server in this process, on loopback (aiohttp's TestServer): (server, its URL)."""
    from aiohttp.test_utils import TestServer
    from tui.serve.web import make_server
    port = port or free_port()
    server = make_server("127.0.0.1", port, codes=True, **options)
    listening = TestServer(await server._make_app(), host="127.0.0.1", port=port)
    await listening.start_server()
    try:
        yield server, f"http://127.0.0.1:{port}"
    finally:
        await listening.close()


async def test_behind_a_proxy_the_public_url_is_the_pages_only_address_and_origin():
    public = "https://games.example.org/wartable"
    async with in_process(public_url=public + "/") as (server, url), browser(cookies=False) as http:
        async with http.get(f"{url}/?token={server.token}") as page:
            cookie = page.headers["Set-Cookie"]
            assert "Secure" in cookie and "Path=/wartable" in cookie and "SameSite=Strict" in cookie
        pair = cookie.split(";", 1)[0]
        async with http.get(url, headers={"Cookie": pair, "Host": "127.0.0.1"}) as page:
            text = await page.text()
            assert '"wss://games.example.org/wartable/ws"' in text
            assert '"https://games.example.org/wartable/static/' in text and "127.0.0.1" not in text
        # the origin check comes first: a page of the public address is past it (and then needs
        # the cookie); the server's own loopback address is no page of it
        async with http.get(f"{url}/ws", headers={"Origin": "https://games.example.org"}) as answer:
            assert answer.status == 403 and "link" in await answer.text()
        for origin in (url, "http://games.example.org", "https://games.example.org:8443"):
            async with http.get(f"{url}/ws", headers={"Origin": origin, "Cookie": pair}) as answer:
                assert answer.status == 403 and "Origin" in await answer.text(), origin


def test_every_address_needs_the_public_url_and_a_bad_one_is_refused(capsys):
    from tui.cli import main
    from tui.serve.web import page_bases              # (checked first: a server that took these would serve)
    with pytest.raises(ValueError, match="--public-url"):
        page_bases("0.0.0.0", 8000)
    assert main(["serve", "--web", "8000", "--host", "0.0.0.0"]) == 2
    assert "--public-url" in capsys.readouterr().err
    assert main(["serve", "--web", "8000", "--host", "::"]) == 2
    assert "--public-url" in capsys.readouterr().err
    for bad in ("ftp://games.example.org", "https://user:pw@games.example.org", "https://games.example.org/?a=b",
                'https://games.example.org/"><script>', "https://games example.org", "https://x:99999"):
        assert main(["serve", "--web", "8000", "--host", "0.0.0.0", "--public-url", bad]) == 2, bad
        assert "wartable serve: --public-url" in capsys.readouterr().err, bad
    assert main(["serve", "--ssh", "2222", "--codes", "--public-url", "https://games.example.org"]) == 2
    assert "--public-url is for --web" in capsys.readouterr().err


async def test_garbage_messages_and_huge_sizes_do_not_take_the_server_down(web):
    async with browser() as http:
        await let_in(http, web)
        async with http.ws_connect(f"{web.base.replace('http', 'ws')}/ws?width=99999999&height=x",
                                   origin=web.base) as ws:
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
        soviet_data = str(games.seat_data_dir(soviet))
    finally:
        os.environ["WARTABLE_DATA_DIR"] = old
    async with browser(cookies=False) as http:            # no cookie: the code is the credential
        async with http.get(f"{web.base}/seat/{soviet.code}") as page:
            assert page.status == 200
            assert f'/ws/seat/{soviet.code}"' in await page.text()
        async with http.get(f"{web.base}/seat/abcde-fghjk") as page:
            assert page.status == 404
        async with http.get(f"{web.base}/seat/%3Cscript%3E") as page:
            assert page.status == 404 and "<script>" not in await page.text()
    # the seat's top line can be painted a frame before its menu: wait for the menu's line
    async with browser(cookies=False) as http:
        async with app_open(http, web, "Waiting for Axis", path=f"/ws/seat/{soviet.code}") as (_, shown):
            places = child_places(web.data)
    # the seat's process lives in the seat's own data folder (serve/seats/), as over SSH
    env, cwd = places[soviet_data]
    assert env["WARTABLE_DATA_DIR"] == cwd == soviet_data and "HOST_ONLY" not in env
    assert "seat: Soviet" in shown and "Waiting for Axis" in shown


async def test_odd_text_from_the_page_never_ends_it_nor_reaches_the_app_as_bad_bytes(web):
    # lone surrogates (JSON carries them), NULs, what is no message, sizes that are none
    odd = ['["stdin", "\\ud800"]', '["stdin", "a\\udfff\\ud800b\\u0000\\uffff"]',
           '["stdin", 5]', '["stdin"]', '["stdin", ["x"]]', "[]", "{}", '"stdin"', "null", "not json",
           "[" * 5000 + "]" * 5000, '["resize", {"width": "x", "height": 5}]', '["resize", {"width": 1e400}]',
           '["resize", null]', '["resize", {"width": 1e308, "height": -1e308}]', '["ping", {"a": [1]}]',
           '["ping", "' + "x" * 100000 + '"]', json.dumps(["stdin", "\x1b[" + "9" * 3000 + "m"])]
    async with browser() as http:
        await let_in(http, web)
        async with app_open(http, web, "WWII campaign wargames") as (ws, _):
            for text in odd:
                await ws.send_str(text)
            await ws.send_str(json.dumps(["ping", "still here"]))
            await ws.send_str(json.dumps(["resize", {"width": 90, "height": 27}]))
            pong, drawn = None, b""
            end = time.monotonic() + 20
            while time.monotonic() < end and not (pong and drawn):
                try:
                    msg = await asyncio.wait_for(ws.receive(), 1)
                except asyncio.TimeoutError:
                    continue
                if msg.type == aiohttp.WSMsgType.TEXT:
                    pong = pong or (json.loads(msg.data) == ["pong", "still here"])
                elif msg.type == aiohttp.WSMsgType.BINARY and pong:
                    drawn += msg.data                      # the app, still running, drew its new size
                else:
                    assert msg.type == aiohttp.WSMsgType.BINARY, msg
            assert pong and drawn


async def test_a_failing_handler_answers_one_line_never_a_traceback(monkeypatch):
    from tui.serve import games

    def broken(code):
        raise RuntimeError("secret detail of the server")
    monkeypatch.setattr(games, "find", broken)
    asyncio.get_running_loop().set_debug(True)       # aiohttp then puts the traceback in a 500
    async with in_process() as (server, url), browser(cookies=False) as http:
        async with http.get(f"{url}/seat/abcde-fghjk") as page:
            text = await page.text()
    assert page.status == 500
    assert "Traceback" not in text and "secret detail" not in text, text
    assert text == "wartable: something went wrong on the server; its log says what.\n"


def wrong_code(n: int) -> str:
    """A join code of the right shape that no game has (``n``: which one)."""
    from tui.serve.games import CODE_ALPHABET
    return "zzzzz-" + "".join(CODE_ALPHABET[(n // len(CODE_ALPHABET) ** i) % len(CODE_ALPHABET)] for i in range(5))


async def test_wrong_codes_slow_their_address_and_the_right_code_still_opens_its_seat_later(web, monkeypatch):
    from tui.serve import games
    from tui.serve.guard import BASE, FREE
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(web.data))
    axis = games.create("roads", seed=9)[0]
    async with browser(cookies=False) as guesser, browser(cookies=False) as other:
        took = []
        for n in range(FREE + 2):
            start = time.monotonic()
            async with guesser.get(f"{web.base}/seat/{wrong_code(n)}") as page:
                assert page.status == 404 and "no hosted game has that join code" in await page.text()
            took.append(time.monotonic() - start)
        # the free ones answered at once (their median: one may lag on a loaded machine), then
        # slowed (a wait the guard sleeps: a lower bound that load cannot break)
        assert sorted(took[:FREE])[FREE // 2] < BASE and min(took[FREE:]) >= BASE * 0.9, took
        async with other.get(f"{web.base}/seat/abcde-fghjk") as page:                 # not another address
            assert page.status == 404
        # the right code from the guesser's address: never "no game has it"; its seat opens, later
        start = time.monotonic()
        async with guesser.get(f"{web.base}/seat/{axis.code}") as page:
            assert page.status == 200 and f"/ws/seat/{axis.code}" in await page.text()
        assert time.monotonic() - start >= BASE * 2 * 0.9
        async with app_open(guesser, web, "seat: Axis", path=f"/ws/seat/{axis.code}") as (_, shown):
            assert "seat: Axis" in shown


async def test_too_many_codes_waiting_at_once_from_one_address_are_refused_as_busy(web):
    from tui.serve.guard import FREE, MOST_WAITING
    async with browser(cookies=False) as guesser:
        for n in range(FREE):
            async with guesser.get(f"{web.base}/seat/{wrong_code(n)}") as page:
                assert page.status == 404

        async def guess(n):
            async with guesser.get(f"{web.base}/seat/{wrong_code(100 + n)}") as page:
                return page.status, await page.text()
        answers = await asyncio.gather(*(guess(n) for n in range(MOST_WAITING + 4)))
    busy = [text for status, text in answers if status == 429]
    assert len(busy) == 4, answers
    assert busy[0] == "wartable: too many tries at once from your address; wait a moment.\n"
    assert sorted(status for status, _ in answers) == [404] * MOST_WAITING + [429] * 4


async def test_connections_from_one_address_are_limited(web):
    # last in the file: the tabs it holds keep their places until their apps have ended
    async with browser() as http:
        await let_in(http, web)
        held = []
        end = time.monotonic() + 20
        while len(held) < 2 and time.monotonic() < end:     # earlier tests' tabs may still be closing
            try:
                held.append(await http.ws_connect(f"{web.base.replace('http', 'ws')}/ws", origin=web.base))
            except aiohttp.WSServerHandshakeError:
                await asyncio.sleep(0.2)
        assert len(held) == 2
        try:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{web.base.replace('http', 'ws')}/ws", origin=web.base)
            assert refused.value.status == 503
        finally:
            for ws in held:
                await ws.close()

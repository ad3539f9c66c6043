"""`wartable serve --web` in a real browser: headless Chromium, driven over its DevTools protocol
(raw CDP over aiohttp), opens the link the server prints and a seat link, reads what the page's
terminal shows and types into it, as a player would.

The page is textual-serve's: an xterm.js terminal painted on a canvas, so its text is in no DOM
node. A script Chromium runs before the page's own (HOOK) keeps the xterm.js ``Terminal`` that
textual.js stores as ``.terminal``; the tests read its rows through xterm.js's public API
(``buffer.active.getLine(y).translateToString()``): what the page shows, parsed by the page.

The page is 1100x700 CSS pixels, set by ``Emulation.setDeviceMetricsOverride``: headless
Chromium's ``--window-size`` is the outer window, whose viewport is smaller by a browser UI it
does not draw (557 rows of pixels for 700 with these flags, 613 with fewer).

Without Chromium the tests skip and say so; under CI (``CI=true``) they fail instead: .ci/run
installs Debian's chromium where it is missing, and a browser test that skips in CI rots unseen.
"""

from __future__ import annotations

import asyncio
import base64
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from tests.support.ssh_term import ROOT

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chromium-headless-shell", "headless_shell")
WIDTH, HEIGHT = 1100, 700                 # the page, in CSS pixels
WAIT = 30.0                               # seconds, for anything the tests wait on

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars",
         # /dev/shm is 64 MB in many containers; Debian's wrapper adds this flag only when its
         # check of the free space works (it does not where findmnt prints two lines)
         "--disable-dev-shm-usage",
         # loopback only: the page must load nothing from elsewhere (textual-serve's own page
         # asked fonts.googleapis.com for its font), and the test must not wait on a network
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost")

HOOK = """
(() => {
  // what the page's Content-Security-Policy refused, for the test to read
  window.__wartableRefused = [];
  document.addEventListener("securitypolicyviolation",
                            e => window.__wartableRefused.push(`${e.violatedDirective} ${e.blockedURI}`));
  // textual.js keeps its terminal as `this.terminal = new Terminal(...)`: this setter sees that
  // assignment, keeps the Terminal for the test, and gives the object a plain property of its
  // own, so that the page runs as it would without it.
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    set(value) {
      Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
      if (value && value.buffer && value.buffer.active && !window.__wartableXterm) {
        window.__wartableXterm = value;
      }
    },
  });
})();
"""

READ = """
(() => {
  const t = window.__wartableXterm;
  if (!t) return null;
  const buffer = t.buffer.active, lines = [];
  for (let y = 0; y < t.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  const box = t.element.querySelector(".xterm-screen").getBoundingClientRect();
  return {cols: t.cols, rows: t.rows, lines, page: [innerWidth, innerHeight],
          screen: [box.left, box.top, box.width, box.height],
          focused: document.activeElement === t.textarea};
})()
"""

KEYS = {"8": ("Digit8", 56), "q": ("KeyQ", 81)}     # key: (code, Windows virtual key code)


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture(scope="module")
def chromium() -> str:
    found = next((shutil.which(name) for name in BROWSERS if shutil.which(name)), None)
    if found:
        return found
    why = f"no Chromium here (looked for {', '.join(BROWSERS)})"
    if in_ci():
        pytest.fail(f"{why}: under CI the browser test must run, not skip. .ci/run installs Debian's "
                    "chromium where it is missing: see what it said above the tests.", pytrace=False)
    pytest.skip(f"{why}; to run it: apt-get install --no-install-recommends chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Site:
    """The server: the link it printed first (``launcher``), the scheme and address of that
    link (``origin``), its data folder (``data``) and what it printed (``output``)."""

    def __init__(self, launcher: str, data: Path, output: list[str]) -> None:
        parts = urlsplit(launcher)
        self.launcher, self.data, self.output = launcher, data, output
        self.origin, self.port = f"{parts.scheme}://{parts.netloc}", parts.port


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    data = tmp_path_factory.mktemp("browser") / "data"
    env = dict(os.environ, WARTABLE_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--web", str(free_port()), "--codes"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    output: list[str] = []
    lines: queue.Queue[str] = queue.Queue()

    def drain() -> None:                  # read all it prints, so that it never blocks on a full pipe
        for raw in proc.stdout:
            line = raw.decode(errors="replace")
            output.append(line)
            lines.put(line)

    threading.Thread(target=drain, daemon=True).start()
    try:
        try:
            first = lines.get(timeout=WAIT)
        except queue.Empty:
            pytest.fail(f"the server printed nothing within {WAIT:.0f} s", pytrace=False)
        # the launcher link, whatever it carries (a secret token in its query, say): opened as printed
        link = re.search(r"http://\S+", first)
        assert link, f"the server's first line gives no link: {first!r}"
        site = Site(link.group(0), data, output)
        end = time.monotonic() + WAIT
        while True:                       # it prints its link before it listens
            try:
                socket.create_connection(("127.0.0.1", site.port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < end and proc.poll() is None, \
                    f"the server is not listening on {site.port}: {''.join(output)}"
                time.sleep(0.1)
        yield site
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)     # the server and any app it left behind
        except ProcessLookupError:
            pass
        proc.wait()


class Page:
    """Headless Chromium with a fresh profile, and a DevTools session on its tab."""

    def __init__(self, exe: str, folder: Path) -> None:
        self.exe, self.profile, self.log = exe, folder / "profile", folder / "chromium.log"
        self.ids = iter(range(1, 1_000_000))

    async def __aenter__(self) -> "Page":
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen([self.exe, *FLAGS, f"--user-data-dir={self.profile}",
                                          "--remote-debugging-port=0", "about:blank"],
                                         stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT))
        try:
            port = await self._devtools_port()
            end = time.monotonic() + WAIT
            while True:
                async with self.http.get(f"http://127.0.0.1:{port}/json/list") as listing:
                    tabs = [t for t in await listing.json() if t.get("type") == "page"]
                if tabs:
                    break
                assert time.monotonic() < end, "Chromium opened no tab"
                await asyncio.sleep(0.1)
            self.ws = await self.http.ws_connect(tabs[0]["webSocketDebuggerUrl"], max_msg_size=0)
        except BaseException:
            await self._end()
            raise
        return self

    async def __aexit__(self, *exc) -> None:
        await self._end()

    async def _devtools_port(self) -> int:
        # Chromium writes the port it got into the (fresh) profile once DevTools listens
        active = self.profile / "DevToolsActivePort"
        end = time.monotonic() + WAIT
        while not (active.is_file() and active.read_text().strip()):
            if self.proc.poll() is not None or time.monotonic() > end:
                tail = self.log.read_text(errors="replace")[-2000:]
                pytest.fail(f"Chromium opened no DevTools port (exit code {self.proc.poll()}):\n{tail}",
                            pytrace=False)
            await asyncio.sleep(0.05)
        return int(active.read_text().split()[0])

    async def _end(self) -> None:
        if getattr(self, "ws", None) is not None:
            await self.ws.close()
        await self.http.close()
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)   # the browser and every process it started
        except ProcessLookupError:
            pass
        self.proc.wait(10)

    async def call(self, method: str, **params) -> dict:
        n = next(self.ids)
        await self.ws.send_json({"id": n, "method": method, "params": params})
        async with asyncio.timeout(WAIT):
            while True:                   # events in between are not asked for here
                msg = await self.ws.receive()
                assert msg.type == aiohttp.WSMsgType.TEXT, f"DevTools closed during {method}: {msg}"
                reply = msg.json()
                if reply.get("id") == n:
                    if "navigated" in reply.get("error", {}).get("message", ""):
                        raise Navigating(method)
                    assert "error" not in reply, f"{method}: {reply['error']}"
                    return reply.get("result", {})

    async def open(self, url: str) -> None:
        await self.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
                        deviceScaleFactor=1, mobile=False)
        await self.call("Page.enable")
        await self.call("Page.addScriptToEvaluateOnNewDocument", source=HOOK)
        went = await self.call("Page.navigate", url=url)
        assert not went.get("errorText"), f"{url}: {went['errorText']}"

    async def evaluate(self, expression: str, promise: bool = False):
        got = await self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                              awaitPromise=promise)
        assert "exceptionDetails" not in got, got["exceptionDetails"]
        return got["result"].get("value")

    async def screen(self) -> dict | None:
        """The terminal's rows as the page holds them (``lines``), its size in cells and the
        page's; None before textual.js made its terminal (or while the page is still loading:
        Page.navigate answers before the new document is in, and a script sent to the old one
        is refused)."""
        try:
            return await self.evaluate(READ)
        except Navigating:
            return None

    async def wait_for(self, *words: str) -> dict:
        """The screen once it shows every one of ``words`` (bounded: fails with what it shows)."""
        end = time.monotonic() + WAIT
        while True:
            shown = await self.screen()
            text = "\n".join(shown["lines"]) if shown else ""
            if shown and all(word in text for word in words):
                return shown
            if time.monotonic() > end:
                if shown is None:
                    pytest.fail("the page made no xterm.js terminal that HOOK could see (has "
                                "textual-serve's textual.js changed how it keeps it?)", pytrace=False)
                missing = [w for w in words if w not in text]
                rows = "\n".join(line.rstrip() for line in shown["lines"]).strip("\n")
                pytest.fail(f"after {WAIT:.0f} s the page shows no {missing}; it shows:\n{rows}", pytrace=False)
            await asyncio.sleep(0.1)

    async def click(self, x: float, y: float) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    async def press(self, key: str) -> None:
        code, vk = KEYS[key]
        await self.call("Input.dispatchKeyEvent", type="keyDown", key=key, code=code, text=key,
                        windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk)
        await self.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=code,
                        windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk)

    async def screenshot(self) -> bytes:
        # two animation frames first: xterm.js paints what it was sent on the next one
        await self.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))",
                            promise=True)
        shot = await self.call("Page.captureScreenshot", format="png")
        return base64.b64decode(shot["data"])


class Navigating(Exception):
    """DevTools refused a call because the page was navigating ("Inspected target navigated or
    closed"): the document it was sent to is gone."""


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR", "not a PNG"
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


async def test_the_launcher_link_shows_the_launcher_filling_the_page(chromium, site, tmp_path):
    async with Page(chromium, tmp_path) as page:
        await page.open(site.launcher)
        shown = await page.wait_for("wartable: WWII campaign wargames", "New campaign: Roads to Stalingrad",
                                    "No game in progress.", "Keys: the key in brackets")
        assert shown["page"] == [WIDTH, HEIGHT]
        assert png_size(await page.screenshot()) == (WIDTH, HEIGHT)
        # the terminal fills the page: what is left over either way is less than one cell
        left, top, width, height = shown["screen"]
        assert (left, top) == (0, 0)
        assert 0 <= WIDTH - width < width / shown["cols"], (shown["cols"], width)
        assert 0 <= HEIGHT - height < height / shown["rows"], (shown["rows"], height)


async def test_the_page_loads_nothing_from_elsewhere_and_its_policy_refuses_nothing_it_needs(
        chromium, site, tmp_path):
    """The page's font, script and styles come from the server itself (textual-serve's page asked
    Google for its font), and its Content-Security-Policy lets through all the page does."""
    async with Page(chromium, tmp_path) as page:
        await page.open(site.launcher)
        await page.wait_for("wartable: WWII campaign wargames", "[8] Statistics")
        seen = await page.evaluate("""document.fonts.ready.then(() => ({
            refused: window.__wartableRefused,
            loaded: performance.getEntriesByType("resource").map(e => e.name),
            font: [...document.fonts].filter(f => f.family.includes("Roboto Mono")).map(f => f.status)}))""",
                                   promise=True)
        assert seen["refused"] == []
        assert seen["loaded"] and all(url.startswith(site.origin + "/") for url in seen["loaded"]), seen["loaded"]
        assert any(url.endswith("/static/js/textual.js") for url in seen["loaded"])
        assert seen["font"] == ["loaded"], seen


async def test_keys_typed_into_the_page_reach_the_app(chromium, site, tmp_path):
    async with Page(chromium, tmp_path) as page:
        await page.open(site.launcher)
        shown = await page.wait_for("WWII campaign wargames", "[8] Statistics")
        before = await page.screenshot()
        # a player clicks into the page to type there: on the terminal, below the launcher's lines
        left, top, width, height = shown["screen"]
        await page.click(left + width * 0.8, top + height * 0.95)
        assert (await page.screen())["focused"], "a click on the terminal did not give it the keyboard"
        await page.press("8")                                      # [8] Statistics
        shown = await page.wait_for("Statistics of finished games", "No finished games yet.")
        assert "WWII campaign wargames" not in "\n".join(shown["lines"])
        # the screen's footer is on the page's last row: the app draws at the page's size
        assert shown["lines"][-1].split() == ["q", "Back"], shown["lines"][-3:]
        assert await page.screenshot() != before, "the page was not repainted"
        await page.press("q")                                      # back
        shown = await page.wait_for("WWII campaign wargames", "[8] Statistics")
        assert "Statistics of finished games" not in "\n".join(shown["lines"])


async def test_a_seat_link_shows_that_seat(chromium, site, tmp_path, monkeypatch):
    from tui.serve import games
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(site.data))      # the server's data folder
    axis, soviet = games.create("roads", seed=7)
    async with Page(chromium, tmp_path) as page:
        await page.open(f"{site.origin}/seat/{soviet.code}")
        # the seat's top line can be painted a frame before its menu: wait for both
        shown = await page.wait_for("seat: Soviet", "Waiting for Axis")
        assert "seat: Axis" not in "\n".join(shown["lines"])
        assert shown["page"] == [WIDTH, HEIGHT]

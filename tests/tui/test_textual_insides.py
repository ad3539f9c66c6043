"""What tui/textual_insides.py relies on inside Textual (a test per entry, named after it, that
fails when an upgrade changes it), and that it does what it is there for."""

from __future__ import annotations

import codecs
import importlib
import os
import select
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.support.screens import until
from tests.support.ssh_term import ROOT
from tui import textual_insides
from tui.app import WartableApp

SIZE = (80, 24)


@pytest.mark.parametrize("module, name", textual_insides.LENIENT_DRIVERS)
def test_lenient_driver_textual_makes_its_input_decoder_by_the_global_name_getincrementaldecoder(module, name):
    """lenient_driver runs Textual's run_input_thread over globals whose getincrementaldecoder
    replaces what it cannot decode: that works only while the function calls that global name
    itself and has no closure. If this fails, read the entry in tui/textual_insides.py (perhaps
    Textual decodes leniently now, and the entry can go)."""
    driver_class = getattr(importlib.import_module(module), name)
    assert "run_input_thread" in vars(driver_class), f"{name}.run_input_thread moved"
    function = driver_class.run_input_thread
    assert textual_insides.DECODER_NAME in function.__code__.co_names, \
        f"{name}.run_input_thread no longer calls getincrementaldecoder"
    assert function.__globals__[textual_insides.DECODER_NAME] is codecs.getincrementaldecoder
    assert function.__closure__ is None
    lenient = textual_insides.lenient_driver(driver_class)
    assert issubclass(lenient, driver_class) and lenient is not driver_class
    decoder = lenient.run_input_thread.__globals__[textual_insides.DECODER_NAME]
    assert decoder is textual_insides.replacing_decoder
    assert function.__globals__[textual_insides.DECODER_NAME] is codecs.getincrementaldecoder  # Textual's untouched


def test_every_wartable_app_runs_on_the_lenient_driver():
    from textual.drivers.linux_driver import LinuxDriver
    assert WartableApp().driver_class is textual_insides.lenient_driver(LinuxDriver)


@pytest.mark.parametrize("bad", [b"\xff", b"\x80", b"\x80\xbf", b"\xe9", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98",
                                 b"\xf8", b"\xed\xa0\x80", b"\xc0\xaf"],
                         ids=["ff", "lone-continuation", "two-continuations", "latin1-e-acute", "truncated-2",
                              "truncated-3", "truncated-4", "8bit-meta-x", "surrogate", "overlong"])
async def test_a_byte_that_is_not_utf8_is_read_and_the_next_key_still_works(bad, tmp_path, monkeypatch):
    """The driver a wartable app runs on a terminal, reading from a pipe into a running app: the
    bad bytes, alone and then just before a key, leave its input thread alive and the app
    answering: 8 opens Statistics, q comes back."""
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    app = WartableApp()
    read_end, write_end = os.pipe()
    failed: list[BaseException] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "LauncherScreen")
            driver = app.driver_class(app)      # what reads a terminal's keys (the test's is headless)
            driver.fileno = read_end

            def read_keys() -> None:
                try:
                    driver.run_input_thread()
                except BaseException as exc:    # today's Textual: UnicodeDecodeError
                    failed.append(exc)

            thread = threading.Thread(target=read_keys, daemon=True)
            thread.start()
            for keys in (bad, b"8"), (b"q",), (bad + b"8",), (b"q",):
                for chunk in keys:
                    os.write(write_end, chunk)
                    await pilot.pause(0.1)
                want = "StatsScreen" if keys[-1].endswith(b"8") else "LauncherScreen"
                await until(pilot, lambda: failed or type(app.screen).__name__ == want, seconds=5)
                assert not failed, f"the input thread died: {failed[0]!r}"
                assert type(app.screen).__name__ == want
            assert thread.is_alive() and app.return_code is None
            driver.exit_event.set()
            thread.join(5)
    finally:
        os.close(write_end)
        os.close(read_end)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    assert not failed


def test_the_web_driver_too_reads_a_byte_that_is_not_utf8_and_the_next_key(tmp_path):
    """The launcher as `wartable serve --web` runs it (textual-serve's packets on its stdin and
    stdout): a data packet with 0xff, one with lone continuation bytes, then a Latin-1 e-acute
    with 8 after it, opens Statistics. (textual-serve sends each browser message as whole UTF-8;
    this is the driver's own defence. A packet that decodes to nothing at all, b"" or a lone
    e-acute, still ends Textual's parser: see tui/textual_insides.py.)"""
    env = dict(os.environ, TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver", WARTABLE_DATA_DIR=str(tmp_path),
               COLUMNS="80", ROWS="24")
    proc = subprocess.Popen([sys.executable, "-m", "tui.serve.child", "launcher"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    raw, screen = bytearray(), bytearray()

    def read_until(needle: bytes | None, seconds: float) -> bool:
        """Read the app's packets (after its prelude line) until the screen data shows ``needle``
        (None: until the app has drawn nothing for half a second)."""
        end = time.monotonic() + seconds
        quiet = time.monotonic() + 0.5
        while (needle not in screen if needle else time.monotonic() < quiet) and time.monotonic() < end:
            if select.select([proc.stdout], [], [], 0.05)[0]:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                raw.extend(chunk)
                quiet = time.monotonic() + 0.5
            if b"__GANGLION__\n" in raw:
                del raw[:raw.index(b"__GANGLION__\n") + 13]
            while len(raw) >= 5 and len(raw) >= 5 + int.from_bytes(raw[1:5], "big"):
                size = int.from_bytes(raw[1:5], "big")
                if raw[:1] == b"D":
                    screen.extend(raw[5:5 + size])
                del raw[:5 + size]
        return needle in screen if needle else time.monotonic() >= quiet

    try:
        assert read_until(b"[8] Statistics", 30)
        assert read_until(None, 10)                  # the launcher's menu has the keys now
        del screen[:]
        for data in (b"\xff", b"\x80\xbf", b"\xe98"):
            proc.stdin.write(b"D" + len(data).to_bytes(4, "big") + data)
            proc.stdin.flush()
        assert read_until(b"Statistics of finished games", 15), "the app took no key after 0xff"
        assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()

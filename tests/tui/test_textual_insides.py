"""What tui/textual_insides.py relies on inside Textual (a test per entry, named after it, that
fails when an upgrade changes it), and that it does what it is there for."""

from __future__ import annotations

import hashlib
import inspect
import os
import signal
import threading

import pytest
import textual

from tests.support.screens import until
from tui import textual_insides
from tui.app import WartableApp

SIZE = (80, 24)


def test_lenient_linux_driver_copies_the_input_loop_of_this_textual():
    """LenientLinuxDriver is Textual's LinuxDriver.run_input_thread written out again with a
    lenient decoder: when an upgrade changes Textual's loop, copy it anew (the one change:
    ``errors="replace"``), or drop the driver if Textual decodes leniently now; then record the
    new digest. See the entry in tui/textual_insides.py."""
    from textual.drivers.linux_driver import LinuxDriver
    source = inspect.getsource(LinuxDriver.run_input_thread)
    assert hashlib.sha256(source.encode()).hexdigest() == textual_insides.LINUX_INPUT_LOOP, \
        "Textual's LinuxDriver.run_input_thread changed since tui/textual_insides.py copied it"
    assert textual.__version__ in textual_insides.CHECKED_ON, "a Textual not checked yet: check every entry"


def test_every_wartable_app_runs_on_the_lenient_driver():
    assert WartableApp().driver_class is textual_insides.LenientLinuxDriver


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


def test_the_private_first_frame_modules_the_zygote_warms_are_still_there():
    """tui.textual_insides.FIRST_FRAME_MODULES: an upgrade that renames one fails here by name."""
    import importlib
    import sys

    from tui.textual_insides import FIRST_FRAME_MODULES, warm_first_frame
    warm_first_frame()
    for name in FIRST_FRAME_MODULES:
        assert name in sys.modules, name
        assert importlib.util.find_spec(name) is not None, name

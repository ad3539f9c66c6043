"""What wartable relies on inside Textual, beyond its documented API: all of it here, and why.

Each entry says what we use, why, the Textual versions it was checked on, and the change in
Textual itself that would let us drop it (worded so it can be offered upstream).
``tests/tui/test_textual_insides.py`` fails, by the entry's name, when an upgrade changes
what an entry relies on. (Older private uses elsewhere in ``tui/`` are to move here under an
issue of their own.)

Checked on Textual 8.2.8.

Input that is not UTF-8 (``LenientLinuxDriver``)
-----------------------------------------------
Why: ``LinuxDriver.run_input_thread`` decodes the terminal's bytes with a strict UTF-8 decoder.
One byte that is not UTF-8 (``0xff``, an 8-bit Meta key, a Latin-1 terminal's ``é``) raises
UnicodeDecodeError in the input thread, and the app panics: over SSH, any player could end
their own session with one byte, and see the server's paths in the traceback.

What we use: ``LenientLinuxDriver`` is ``LinuxDriver`` with its input loop written out again,
the same loop but for the decoder, which replaces what it cannot decode (U+FFFD, which no key is
bound to). The loop uses three private names: ``textual._loop.loop_last``,
``textual._parser.ParseError`` and ``textual._xterm_parser.XTermParser``, and the driver's
``fileno``, ``exit_event`` and ``_debug``. The test holds a digest of Textual's loop as it was copied: when
an upgrade changes it, the test fails, and the copy below is to be made again from the new one.

The web is not affected: textual-serve encodes what a page types as UTF-8 itself (our server
with ``errors="replace"``, ``tui.serve.web``), so its driver only ever reads whole UTF-8.
``LinuxInlineDriver`` has the strict decoder too; wartable never runs inline.

Upstream change: ``getincrementaldecoder("utf-8")(errors="replace")`` in
``drivers/linux_driver.py``, ``drivers/linux_inline_driver.py`` and ``drivers/web_driver.py``
(Textualize/textual issue #6456, still open at 8.2.8). Once released, the driver goes and
``WartableApp.get_driver_class`` returns Textual's own.
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder

from textual._loop import loop_last
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

CHECKED_ON = ("8.2.8",)
# sha256 of inspect.getsource(LinuxDriver.run_input_thread) on the versions above
LINUX_INPUT_LOOP = "d796af6d69db337d6fa6bd463984f7d17188d991dbb22f60efb92a8a9619507c"


class LenientLinuxDriver(LinuxDriver):
    """Textual's LinuxDriver; a byte that is not UTF-8 is read as U+FFFD."""

    def run_input_thread(self) -> None:
        """Wait for input and dispatch events (Textual 8.2.8's loop, decoding leniently)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        fileno = self.fileno
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")(errors="replace").decode      # the one change

        def process_selector_events(selector_events, final: bool = False) -> None:
            for last, (_selector_key, mask) in loop_last(selector_events):
                if mask & selectors.EVENT_READ:
                    unicode_data = decode(os.read(fileno, 1024 * 4), final=final and last)
                    if not unicode_data:
                        break                     # this can occur if stdin is piped
                    for event in parser.feed(unicode_data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process_selector_events(selector.select(0.1))
            selector.unregister(self.fileno)
            process_selector_events(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass


def lenient_driver(driver_class: type) -> type:
    """The driver class to run instead of ``driver_class``: Textual's Linux driver with input
    decoded leniently; any other driver (the web's, a test's) as it is."""
    return LenientLinuxDriver if driver_class is LinuxDriver else driver_class


# ==========================================================================================
# What Textual and rich import only for the first frame (the zygote of `serve --ssh`)
# ==========================================================================================
# Why: the zygote imports ahead what a first frame of each game would import, so that every
# forked player shares those pages instead of importing its own copy (issue 24 item 4). These
# modules are private (Textual's input parser and writer thread, imported by the driver when it
# starts; rich's table of character widths, loaded at the first measure). Checked on Textual
# 8.2.8 and rich 14. If a name goes, the import fails here by name (test_textual_insides).
# Upstream: a public "warm up" hook (e.g. App.preload()) would make this list unnecessary.
FIRST_FRAME_MODULES = ("textual._xterm_parser", "textual.drivers._writer_thread")


def warm_first_frame() -> None:
    """Import the private modules a first frame needs, and load rich's cell widths."""
    from importlib import import_module
    for name in FIRST_FRAME_MODULES:
        import_module(name)
    from rich._unicode_data import load as cell_table
    cell_table()

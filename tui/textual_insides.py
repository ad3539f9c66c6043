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


# ==========================================================================================
# Only the cells that changed, on the wire (``ChangedCellsApp``)
# ==========================================================================================
# Why: for a partial update Textual writes every changed line whole, from the left edge of each
# widget on it (``ChopsUpdate.render_segments``): a map-cursor arrow on the Roads screen sent
# about 2 KB to an 80x24 terminal, for a dozen cells that changed; over a slow SSH link that is
# felt (issue 24 item 6). ``ChangedCellsApp._display`` keeps the frame last sent, cell by cell
# (``WireFrame``: character and the exact escape sequence of its style, None where unknown),
# and sends for a partial update only the runs of cells that differ from it (a cursor move, then
# the cells with their styles), or the line as Textual writes it when that is shorter.
# A full update (a new screen, a resize, the repaint after Ctrl+Z) is sent as Textual sends it
# and becomes the frame; so is anything else the app draws, which makes the frame unknown. The
# styles are rendered by Textual's own ``Strip.render_style``, so a cell's bytes are Textual's.
# What we use: ``App._display`` (overridden; the same checks before it writes), ``ChopsUpdate``'s
# ``chops``/``spans``/``chop_ends`` and ``LayoutUpdate``'s ``strips``/``region`` (read as
# ``ChopsUpdate.render_segments`` reads them), ``Strip._segments``, ``Console._color_system``.
# Checked on Textual 8.2.8; the test holds a digest of ``ChopsUpdate.render_segments`` and of
# ``App._display``, and fails by this entry's name when an upgrade changes them.
# Upstream change: ``ChopsUpdate`` could write only what differs from the frame it last wrote
# (the compositor keeps the last frame's strips anyway), or the driver could take strips and
# diff them; an ``App.render_updates`` hook that receives an update and returns the text to
# write would let an app do it without overriding ``_display``.

from rich.cells import get_character_cell_size
from rich.color import ColorSystem
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import Strip

# sha256 of inspect.getsource(...) on the versions in CHECKED_ON
CHOPS_RENDER_SEGMENTS = "4c1cdb567e0b8354bd70cb129da78a42314c39eb8aacd5bf21951cbd5aaba0ef"
APP_DISPLAY = "4b78dff6669a455c0d601652ec402e80f72b631694c39c6c752b42d3bc71ca65"


class Unmodelled(Exception):
    """A strip holds something the frame does not model (a control segment, a control
    character, a zero-width first character): the update goes as Textual writes it."""


def _move_to(x: int, y: int) -> str:
    return f"\x1b[{y + 1};{x + 1}H"          # as rich's Control.move_to


class WireFrame:
    """The terminal's cells as last sent: per line a list of (text, style's sequence, style),
    None where not known; a wide character's second cell has the text ""."""

    def __init__(self, driver, width: int, height: int) -> None:
        self.driver = driver
        self.width, self.height = width, height
        self.lines: list[list] = [[None] * width for _ in range(height)]
        self.keys: dict = {}                 # style -> Strip.render_style(style, "")

    def cells(self, strip: Strip, color_system) -> list:
        keys, out = self.keys, []
        append = out.append
        for text, style, control in strip._segments:
            if control:
                raise Unmodelled
            if style is None:
                key = ""
            else:
                key = keys.get(style)
                if key is None:
                    if len(keys) > 4096:
                        keys.clear()
                    key = keys[style] = Strip.render_style(style, "", color_system)
            if text.isascii() and text.isprintable():
                out.extend([(ch, key, style) for ch in text])
                continue
            for ch in text:
                size = get_character_cell_size(ch)
                if size == 1:
                    append((ch, key, style))
                elif size == 2:
                    append((ch, key, style))
                    append(("", key, style))
                elif out and ch.isprintable():            # a combining mark joins its cell
                    i = -2 if out[-1][0] == "" else -1
                    text_, key_, style_ = out[i]
                    out[i] = (text_ + ch, key_, style_)
                else:
                    raise Unmodelled
        return out

    def put(self, y: int, x: int, cells: list) -> None:
        if y >= self.height or x + len(cells) > self.width:
            raise Unmodelled
        self.lines[y][x:x + len(cells)] = cells


def _render_run(cells: list, color_system) -> str:
    """Cells as text, consecutive cells of one style in one styled piece (as a Strip renders)."""
    parts, start = [], 0
    render = Strip.render_style
    for i in range(1, len(cells) + 1):
        if i == len(cells) or cells[i][1] != cells[start][1]:
            text = "".join(cell[0] for cell in cells[start:i])
            style = cells[start][2]
            parts.append(text if style is None else render(style, text, color_system))
            start = i
    return "".join(parts)


def _changed_runs(old: list, new: list, x1: int, x2: int) -> list[list[int]]:
    """[start, end) runs of cells in x1..x2 where ``new`` differs from ``old`` (a cell not known
    differs), whole characters (a wide character's second cell goes with it)."""
    runs: list[list[int]] = []
    x = x1
    while x < x2:
        a, b = old[x], new[x]
        if a is not None and a[0] == b[0] and a[1] == b[1]:
            x += 1
            continue
        start = x            # never a wide character's right half: that differs only with its left
        x += 1
        while x < x2:
            a, b = old[x], new[x]
            if a is not None and a[0] == b[0] and a[1] == b[1] and b[0] != "":
                break
            x += 1
        if runs and runs[-1][1] >= start:
            runs[-1][1] = x
        else:
            runs.append([start, x])
    return runs


class ChangedCells(CompositorUpdate):
    """A partial update (``ChopsUpdate``) written as the cells that changed from ``frame``."""

    def __init__(self, frame: WireFrame, update: ChopsUpdate) -> None:
        self.frame = frame
        self.update = update

    def render_segments(self, console) -> str:
        update, frame = self.update, self.frame
        color_system = console._color_system or ColorSystem.TRUECOLOR
        try:
            lines = _chops_pieces(update)
            return "".join(_line_text(frame, y, pieces, console, color_system) for y, pieces in lines.items())
        except Unmodelled:
            frame.lines = [[None] * frame.width for _ in range(frame.height)]
            return update.render_segments(console)


def _chops_pieces(update: ChopsUpdate) -> dict[int, list[tuple[int, Strip]]]:
    """What ``ChopsUpdate.render_segments`` writes, per line: (x, strip) in order."""
    lines: dict[int, list[tuple[int, Strip]]] = {}
    chops, chop_ends = update.chops, update.chop_ends
    for y, x1, x2 in update.spans:
        pieces = lines.setdefault(y, [])
        for end, (x, strip) in zip(chop_ends[y], chops[y].items()):
            if strip is None or x > x2 or end <= x1:
                continue
            if x2 > x >= x1 and end <= x2:
                pieces.append((x, strip))
            else:
                pieces.append((x, strip.crop(0, min(end, x2) - x)))
    return lines


def _line_text(frame: WireFrame, y: int, pieces, console, color_system) -> str:
    """The shorter of: the changed runs of line ``y``; the line as Textual writes it."""
    if y >= frame.height:
        raise Unmodelled
    old = frame.lines[y]
    new = list(old)
    low, high = frame.width, 0
    for x, strip in pieces:
        cells = frame.cells(strip, color_system)
        if x + len(cells) > frame.width:
            raise Unmodelled
        new[x:x + len(cells)] = cells
        low, high = min(low, x), max(high, x + len(cells))
    if low >= high:
        return ""
    runs = _changed_runs(old, new, low, high)
    frame.lines[y] = new
    if not runs:
        return ""
    # two runs close together go as one when the cells between cost less than a move
    merged = [runs[0]]
    for start, end in runs[1:]:
        last = merged[-1]
        apart = len(_move_to(start, y)) + len(_render_run(new[start:end], color_system)) \
            + len(_render_run(new[last[0]:last[1]], color_system))
        if len(_render_run(new[last[0]:end], color_system)) <= apart:
            last[1] = end
        else:
            merged.append([start, end])
    ours = "".join(_move_to(start, y) + _render_run(new[start:end], color_system) for start, end in merged)
    textuals = "".join(_move_to(x, y) + strip.render(console) for x, strip in pieces if strip.cell_length)
    return ours if len(ours) <= len(textuals) else textuals


class FullFrame(CompositorUpdate):
    """A full update (``LayoutUpdate``), written as Textual writes it, kept as the frame."""

    def __init__(self, frame: WireFrame, update: LayoutUpdate) -> None:
        self.frame = frame
        self.update = update

    def render_segments(self, console) -> str:
        update, frame = self.update, self.frame
        color_system = console._color_system or ColorSystem.TRUECOLOR
        text = update.render_segments(console)
        x = update.region.x
        try:
            for y, line in enumerate(update.strips, update.region.y):
                cells = []
                for strip in line:
                    cells.extend(frame.cells(strip, color_system))
                frame.put(y, x, cells)
        except Unmodelled:
            frame.lines = [[None] * frame.width for _ in range(frame.height)]
        return text


class ChangedCellsApp:
    """An App mixin: partial updates go to the terminal as the cells that changed."""

    _wire_frame: WireFrame | None = None

    def _display(self, screen, renderable) -> None:
        driver = self._driver
        if renderable is None or self._batch_count or not self._running or self._closed \
                or driver is None or self.is_headless or driver.is_inline:
            super()._display(screen, renderable)        # Textual writes nothing, or inline
            return
        width, height = self.size
        frame = self._wire_frame
        if isinstance(renderable, LayoutUpdate):
            if frame is None or frame.driver is not driver or (frame.width, frame.height) != (width, height) \
                    or renderable.region == self.size.region:
                frame = self._wire_frame = WireFrame(driver, width, height)   # the terminal's is unknown
            renderable = FullFrame(frame, renderable)
        elif isinstance(renderable, ChopsUpdate) and renderable.spans:
            if frame is None or frame.driver is not driver or (frame.width, frame.height) != (width, height):
                frame = self._wire_frame = WireFrame(driver, width, height)
            renderable = ChangedCells(frame, renderable)
        else:
            self._wire_frame = None                     # drawn some other way: unknown now
        super()._display(screen, renderable)

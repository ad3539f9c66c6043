"""What wartable relies on inside Textual, beyond its documented API: all of it here, and why.

Each entry says what we use, why, the Textual versions it was checked on, and the change in
Textual itself that would let us drop it (worded so it can be offered upstream).
``tests/tui/test_textual_insides.py`` fails, by the entry's name, when an upgrade changes
what an entry relies on. No other module of ``tui/`` uses a private Textual name
(``test_no_private_textual_name_outside_this_module``): what needs one goes here.

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
# Repaint only the lines a change touched (``LineCompositor``)
# ==========================================================================================
# Why: the key budget (a key to a settled screen <= 2x a bare app's). Textual's compositor
# answers a partial update (a menu's highlight moving over two lines) by asking every widget
# that overlaps the *box around all* the changed regions for all of its lines in that box, then
# keeps the few lines that changed: on a game screen a dozen widgets each drawing every line for
# two lines of menu; a map cursor move drew everything between its lines too. ``LineCompositor``
# asks only the widgets that show something in the changed spans themselves (line and
# columns), and only for those lines, front to back; a line is done at the first widget that
# covers its changed columns (the first paint of a cell wins, so nothing behind could show).
# The terminal receives the same bytes (tests/tui/test_screen_speed.py compares them).
# What we use: ``textual._compositor.Compositor`` subclassed (``render_partial_update``,
# ``_get_renders``, ``_regions_to_spans``, ``_dirty_regions``, ``visible_widgets``) and
# ``Screen._compositor`` replaced before the screen is mounted. Used by every game screen and
# the launcher. Checked on Textual 8.2.8 (digests in ``INSIDES``).
# Upstream change: ``Compositor._get_renders`` could take the changed spans (not their bounding
# box) for a partial update, and skip widgets with nothing in them; then the class goes.

from typing import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.app import App, ScreenStackError
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip


class LineCompositor(Compositor):
    _spans: dict[int, list[tuple[int, int]]] | None = None     # line -> changed (x1, x2), while updating

    def render_partial_update(self) -> ChopsUpdate | None:
        spans: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in self._regions_to_spans(self._dirty_regions):
            spans.setdefault(y, []).append((x1, x2))
        self._spans = spans
        try:
            return super().render_partial_update()
        finally:
            self._spans = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        spans = self._spans
        if crop is None or crop == self.size.region or not spans:
            yield from super()._get_renders(crop)        # a full frame: Textual's own way
            return
        _rich_traceback_guard = True  # noqa: F841  (as Textual: a widget's error, not ours)
        top, bottom = crop.y, crop.bottom
        # each changed line's spans, cut to the screen, until a widget covers them all
        open_lines = {y: [(max(x1, crop.x), min(x2, crop.right)) for x1, x2 in row]
                      for y, row in spans.items() if top <= y < bottom}
        for widget, (region, clip) in self.visible_widgets.items():
            if not open_lines:
                return                # every changed cell is painted: nothing behind shows
            x, y, width, height = region.intersection(clip)
            if not width or not height:
                continue
            right = x + width
            # the changed lines it shows something on (every column of them: the cuts of a line
            # are where widgets begin and end, so a strip cut in x could not be divided at them)
            lines = [line for line in range(max(y, top), min(y + height, bottom))
                     if line in open_lines and any(x1 < right and x2 > x for x1, x2 in open_lines[line])]
            if not lines:
                continue
            y1, y2 = lines[0], lines[-1] + 1
            shown = Region(x, y1, width, y2 - y1)
            yield region, shown, widget.render_lines(Region(x - region.x, y1 - region.y, width, y2 - y1))
            for line in lines:
                if all(x <= x1 and x2 <= right for x1, x2 in open_lines[line]):
                    del open_lines[line]      # it covers that line's changed cells


def use_line_compositor(screen: Screen) -> None:
    """Give a screen (not yet mounted) a ``LineCompositor``."""
    screen._compositor = LineCompositor()


# ==========================================================================================
# A screen laid out once and drawn once when it first appears (``SteadyScreen``, ``SteadyApp``)
# ==========================================================================================
# Why: the first-frame budgets (the launcher <= 1.1x a bare app, a save onto its screen <= 1.5x).
# Textual, left to itself, works a screen out several times before its first frame:
# - the frame a screen draws while the app is still starting (inside the app's start-up batch)
#   is rendered whole and thrown away (``App._display`` drops it), and nothing draws it again
#   until the update timer's first tick, a whole period later;
# - every Resize a screen gets lays it out again, even at the size it was just laid out at: its
#   own first layout sends it one, and the driver's first size report sends one to every screen;
# - the first Resize gives the screen its breakpoint class (``-narrow``/``-wide``), which
#   restyles every widget; and its first ScreenResume restyles every widget, just styled.
# ``SteadyScreen`` holds a frame asked for during the app's batch until the batch ends
# (``SteadyApp._end_batch`` wakes the screen in front), lays out again only at a new size, and
# has its breakpoint class from the start. The frame is the same; it is worked out once.
# What we use: ``App._batch_count``, ``App._end_batch`` (extended), ``App._size``,
# ``App._driver``; ``Screen._on_screen_resume`` (its event's ``refresh_styles``),
# ``Screen._screen_resized``, ``Screen._compositor_refresh``, ``Screen._on_timer_update``,
# ``Screen._repaint_required``, ``Screen._compositor.size``. Checked on Textual 8.2.8.
# Dropped: ``App._disable_tooltips`` (no screen made Textual's tooltip widget): 0.5% of the
# launcher's first-frame instructions and 0.4% of a Fall Blau save's, under the 10% it must earn.
# Upstream change: draw the frame asked for in the start-up batch when the batch ends (not at
# the timer's first tick); skip a Resize at the size a screen was laid out at; give a screen
# its breakpoint classes when it is made; let ScreenResume not restyle a screen just mounted.

def breakpoint_classes(app: App, horizontal=None, vertical=None) -> set[str]:
    """The breakpoint classes Textual gives a screen at the app's size (``Screen._on_resize``),
    for the app's breakpoints or the ones given."""
    width, height = app.size
    classes: set[str] = set()
    for breakpoints, size in ((horizontal if horizontal is not None else app.HORIZONTAL_BREAKPOINTS or [], width),
                              (vertical if vertical is not None else app.VERTICAL_BREAKPOINTS or [], height)):
        for at, name in sorted(breakpoints, reverse=True):
            if size >= at:
                classes.add(name)
                break
    return classes


class SteadyScreen(Screen):
    """A screen laid out once and drawn once when it first appears (see above)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        try:
            app = self.app
        except Exception:           # made outside a running app: Textual sets them on resize
            return
        if self.HORIZONTAL_BREAKPOINTS is None and self.VERTICAL_BREAKPOINTS is None \
                and (app._size is not None or app._driver is not None):
            self.add_class(*breakpoint_classes(app), update=False)   # styled when mounted

    _resumed = False

    def _on_screen_resume(self, event) -> None:
        if not self._resumed:
            # its widgets were styled as they were mounted, with the screen's breakpoint class
            # already on it and the focus styles kept by Textual as the focus moves: the first
            # resume does not style every widget again (Textual's, next in the MRO, lays out)
            self._resumed = True
            event.refresh_styles = False

    def _screen_resized(self, size) -> None:
        if size == self._compositor.size:   # laid out at this size already: nothing moves
            return
        super()._screen_resized(size)

    _drawn = False
    _after_frame: list | None = None

    def after_first_frame(self, callback) -> None:
        """Run ``callback`` once the screen's first frame is on the terminal (at once, after the
        next refresh, when it is already): work the first frame need not wait for (the
        autosave, a toast). ``call_after_refresh`` may run before it: a frame held in the
        app's start-up batch comes after the callbacks of that refresh."""
        if self._drawn:
            self.call_after_refresh(callback)
            return
        if self._after_frame is None:
            self._after_frame = []
            # a screen never drawn (the too-small notice over it from the start) runs them anyway
            self.app.set_timer(self.AFTER_FRAME_LATEST, self._run_after_frame)
        self._after_frame.append(callback)

    AFTER_FRAME_LATEST = 2.0      # seconds

    def _run_after_frame(self) -> None:
        callbacks, self._after_frame = self._after_frame or (), None
        for callback in callbacks:
            callback()

    def release_held_frame(self) -> None:
        """The app's start-up batch is over (``SteadyApp._end_batch``): a frame held meanwhile
        is drawn once the messages already sent to the screen are handled, not at the first
        tick of Textual's update timer (that timer starts when first resumed and waits a whole
        period, a 60th of a second, before it lays out and draws)."""
        if self._drawn or not self._repaint_required:
            self.check_idle()
            return
        self.call_later(self._draw_held)

    def _draw_held(self) -> None:
        if not self._drawn and self.is_current and not self.app._batch_count:
            self._on_timer_update()       # what the timer's tick does: layout, then the frame
        else:
            self.check_idle()

    def _compositor_refresh(self) -> None:
        app = self.app
        if app._batch_count and self is app.screen and not app.is_inline:
            self._repaint_required = True   # drawn when the batch ends, once
            return
        super()._compositor_refresh()
        if not self._drawn and self is app.screen:
            self._drawn = True
            for callback in self._after_frame or ():
                self.call_after_refresh(callback)
            self._after_frame = None


class SteadyApp(App):
    """An app whose screens may be ``SteadyScreen``: when its start-up batch ends, the screen
    in front draws the frame it held."""

    _start_batch_over = False

    def _end_batch(self) -> None:
        super()._end_batch()
        if not self._batch_count:
            try:
                screen = self.screen
            except ScreenStackError:
                return
            if isinstance(screen, SteadyScreen) and not self._start_batch_over:
                screen.release_held_frame()     # the start-up batch: its screen is laid out
            else:
                screen.check_idle()
            self._start_batch_over = True


# ==========================================================================================
# Widgets' own private state: the log's known width, the option list's lines, a node's bindings
# ==========================================================================================
# ``RichLog._size_known`` (the log panel): whether the log knows its width yet. Why: RichLog
# holds writes until it knows its size and scrolls after the next refresh (a frame with the
# log's top, a layout and a frame more after every command); the panel wraps at its own width
# and scrolls at once once the size is known. Upstream change: a public ``RichLog.size_known``.
#
# ``OptionList._clear_caches``, ``_index_to_line``, ``_heights`` (the command menu). Why: an
# option list wraps its entries again only on a resize, not when its scrollbar comes or goes
# (entries two columns narrower lost their last lines: a fifth move never shown at 80x24,
# a playtest bug), and a highlight move repaints every line (the key budget): the menu repaints
# the two entries' lines. Upstream change: OptionList re-wraps when the scrollbar shows or
# hides, and repaints only the old and new highlighted entries.
#
# ``DOMNode._bindings`` (the help screen's list of keys): the bindings as the keymap left them.
# Upstream change: a public ``DOMNode.bindings`` (the BindingsMap) or ``shown_bindings()``.
# Checked on Textual 8.2.8.

def log_size_known(log) -> bool:
    """A RichLog knows its width (its first Resize came)."""
    return log._size_known


def rewrap_options(option_list) -> None:
    """An OptionList's entries wrapped again at its width as it is now."""
    option_list._clear_caches()


def option_lines(option_list, index: int) -> tuple[int, int] | None:
    """(first line, height) of entry ``index`` in an OptionList's content, or None."""
    try:
        return option_list._index_to_line[index], option_list._heights[index]
    except KeyError:
        return None


def shown_bindings(node) -> list:
    """The bindings a node shows (after the keymap), in their order."""
    return list(node._bindings.shown_keys)


# What each entry relies on, as Textual has it: sha256 of ``inspect.getsource`` of each, on the
# versions in CHECKED_ON (tests/tui/test_textual_insides.py fails by the entry's name when one
# changes or goes: read the change, check the entry, record the new digest).
INSIDES: dict[str, dict[str, str]] = {
    "line_compositor": {
        "textual._compositor.Compositor.render_partial_update":
            "888dccc892d8ecc28bab71d9bf3a2983109bf88252471634214a586416d5dbc5",
        "textual._compositor.Compositor._get_renders":
            "8ac93299aa5d3bef43b3924a9d09741de8855d9c4823502bcf304fbd8fd40f17",
        "textual._compositor.Compositor._regions_to_spans":
            "af3b73d8e34fb8b9415517a490cd06717fad31d4e44ab0aad8fa60e64e12dac3",
    },
    "steady_screen": {
        "textual.app.App._end_batch":
            "588c75faa310d6693ec0b244dc6813e12b06ae688dda581fb5a5b63f1a3990c2",
        "textual.app.App._display":
            "4b78dff6669a455c0d601652ec402e80f72b631694c39c6c752b42d3bc71ca65",
        "textual.screen.Screen._on_screen_resume":
            "f39caa8ec4424d3cade603cf3bd714950323ca9bf16e922ba0dcad147fb9b9cf",
        "textual.screen.Screen._screen_resized":
            "9ac8cd9df56307829154c091a9e9b0b4bfa5eece40941ddb994165fe51f5e895",
        "textual.screen.Screen._compositor_refresh":
            "7a40efe563816a061e3ee82fefdc73ac853717b4dbdeb4359f1202cdfbd2878d",
        "textual.screen.Screen._on_timer_update":
            "421401660de142c5973004a369930228e8b242dcf4921b17e5aff7cad51990da",
        "textual.screen.Screen._on_resize":
            "ba5f7fb1b5a3327d190739f45c3fa7fed0edce724a511c4d6fb4fc94cb8214b9",
    },
    "widget_state": {
        "textual.widgets._rich_log.RichLog.on_resize":
            "cf260ebd1925bbb3d50a2716a6d74f07f1fa95681f033cd23bce3c5c5482f9c0",
        "textual.widgets._option_list.OptionList._clear_caches":
            "6fbcea2f0b8c91a08f68335bfcf06d4dcda19de27537e385391d8c559cc65878",
        "textual.widgets._option_list.OptionList._heights":
            "f7db473bb3b8e7b2aa4172d92afca78fff943208648b3d18db720827dbadb11d",
        "textual.widgets._option_list.OptionList._index_to_line":
            "04010a327bf34277cedd2d762a90ef403f35fed3acc45306d537ef939ddc9377",
        "textual.binding.BindingsMap.shown_keys":
            "ab2fdcb1d5d9a761d7ce9c3e53277c963570050512a3fb75a01bbc3a96c0edef",
    },
}


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
# Rows that moved up (a battle's step-through) go as a terminal scroll first (``_scroll_up``).
# A full update (a new screen, a resize, the repaint after Ctrl+Z) is sent as Textual sends it
# and becomes the frame: nothing tells us then that the terminal still shows our frame (that is
# also why a step-through that relays out, a full update each step, still sends whole frames).
# Anything else the app draws makes the frame unknown. The styles are rendered by Textual's own
# ``Strip.render_style``, so a cell's bytes are Textual's. Cost: about 0.8 ms a map-cursor move.
# What we use: ``App._display`` (overridden; the same checks before it writes), ``ChopsUpdate``'s
# ``chops``/``spans``/``chop_ends`` and ``LayoutUpdate``'s ``strips``/``region`` (read as
# ``ChopsUpdate.render_segments`` reads them), ``Strip._segments``, ``Console._color_system``.
# Checked on Textual 8.2.8; the test holds a digest of ``ChopsUpdate.render_segments`` and of
# ``App._display``, and fails by this entry's name when an upgrade changes them.
# Upstream change: ``ChopsUpdate`` could write only what differs from the frame it last wrote
# (the compositor keeps the last frame's strips anyway), or the driver could take strips and
# diff them, told by the driver when the terminal's content is lost (resize, SIGCONT) so full
# updates could be diffed too; an ``App.render_updates`` hook that receives an update and
# returns the text to write would let an app do it without overriding ``_display``.

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
    """The terminal's cells as last sent: per line a list of (text, the style's own sequence),
    None where not known; a wide character's second cell has the text "". A cell's style is
    ``styles[sequence]`` (any style written so: it renders the same)."""

    def __init__(self, driver, width: int, height: int) -> None:
        self.driver = driver
        self.width, self.height = width, height
        self.lines: list[list] = [[None] * width for _ in range(height)]
        self.keys: dict = {}                 # style -> Strip.render_style(style, "")
        self.styles: dict = {"": None}       # and back

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
                    self.styles.setdefault(key, style)
            if text.isascii() and text.isprintable():
                out.extend([(ch, key) for ch in text])
                continue
            for ch in text:
                size = get_character_cell_size(ch)
                if size == 1:
                    append((ch, key))
                elif size == 2:
                    append((ch, key))
                    append(("", key))
                elif out and ch.isprintable():            # a combining mark joins its cell
                    i = -2 if out[-1][0] == "" else -1
                    out[i] = (out[i][0] + ch, out[i][1])
                else:
                    raise Unmodelled
        return out

    def put(self, y: int, x: int, cells: list) -> None:
        if y >= self.height or x + len(cells) > self.width:
            raise Unmodelled
        self.lines[y][x:x + len(cells)] = cells


def _render_run(cells: list, styles: dict, color_system) -> str:
    """Cells as text, consecutive cells of one style in one styled piece (as a Strip renders)."""
    parts, start = [], 0
    render = Strip.render_style
    for i in range(1, len(cells) + 1):
        if i == len(cells) or cells[i][1] != cells[start][1]:
            text = "".join(cell[0] for cell in cells[start:i])
            style = styles[cells[start][1]]
            parts.append(text if style is None else render(style, text, color_system))
            start = i
    return "".join(parts)


def _changed_runs(old: list, new: list, x1: int, x2: int) -> list[list[int]]:
    """[start, end) runs of cells in x1..x2 where ``new`` differs from ``old`` (a cell not known
    differs), whole characters (a wide character's second cell goes with it)."""
    runs: list[list[int]] = []
    x = x1
    while x < x2:
        if old[x] == new[x]:
            x += 1
            continue
        start = x            # never a wide character's right half: that differs only with its left
        x += 1
        while x < x2 and (old[x] != new[x] or (new[x] is not None and new[x][0] == "")):
            x += 1
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
            targets = {y: _target(frame, y, pieces, console, color_system)
                       for y, pieces in _chops_pieces(update).items()}
            out = [_scroll_up(frame, targets)]
            out += [_line_text(frame, y, *targets[y], color_system) for y in sorted(targets)]
            return "".join(out)
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


def _target(frame: WireFrame, y: int, pieces, console, color_system):
    """Line ``y`` as the update leaves it, the columns it writes, and its text as Textual's."""
    if y >= frame.height:
        raise Unmodelled
    new = list(frame.lines[y])
    low, high = frame.width, 0
    for x, strip in pieces:
        cells = frame.cells(strip, color_system)
        if x + len(cells) > frame.width:
            raise Unmodelled
        new[x:x + len(cells)] = cells
        low, high = min(low, x), max(high, x + len(cells))
    textuals = "".join(_move_to(x, y) + strip.render(console) for x, strip in pieces if strip.cell_length)
    return new, low, high, textuals


SCROLL_GAIN = 3            # lines a scroll must put right to be worth its 15 or so bytes


def _alike(a: list, b: list) -> bool:
    """All but one of the quarters of two lines are the same (a scrollbar beside moves too)."""
    q = max(1, len(a) // 4)
    parts = range(0, len(a), q)
    return sum(a[i:i + q] == b[i:i + q] for i in parts) >= len(parts) - 1


def _scroll_up(frame: WireFrame, targets: dict) -> str:
    """When lines moved up (the step-through of a battle, a log: every line of it changes), the
    terminal scrolls them (DECSTBM, SU: xterm, VTE, tmux, xterm.js) and the frame with them;
    the lines of the scrolled rows are then written where they differ after it. Full-width rows
    only (a terminal's left and right margins are not widely known), and only rows known."""
    if len(targets) < SCROLL_GAIN:
        return ""
    lines, height = frame.lines, frame.height
    rows = [targets[y][0] if y in targets else lines[y] for y in range(height)]
    known = [None not in row for row in rows]
    best, best_gain = None, 0
    for k in (1, 2, 3):
        y = 0
        while y < height - k:
            if not (known[y] and None not in lines[y + k] and _alike(rows[y], lines[y + k])):
                y += 1
                continue
            top, gain = y, 0
            while y < height - k and known[y] and None not in lines[y + k] and _alike(rows[y], lines[y + k]):
                gain += rows[y] != lines[y] and not _alike(rows[y], lines[y])
                y += 1
            bottom = y - 1 + k                  # rows top..bottom go up k; the last k come in blank
            if gain > best_gain and all(known[bottom + 1 - k:bottom + 1]):
                best, best_gain = (top, bottom, k), gain
    if best is None or best_gain < SCROLL_GAIN:
        return ""
    top, bottom, k = best
    for y in range(top, bottom + 1):          # each row of the region is then written where it differs
        targets[y] = (rows[y], 0, frame.width, None)
    lines[top:bottom + 1 - k] = lines[top + k:bottom + 1]
    lines[bottom + 1 - k:bottom + 1] = [[None] * frame.width for _ in range(k)]
    return f"\x1b[{top + 1};{bottom + 1}r\x1b[{k}S\x1b[r"


def _line_text(frame: WireFrame, y: int, new: list, low: int, high: int, textuals: str | None,
               color_system) -> str:
    """The shorter of: the changed runs of line ``y``; the line as Textual writes it (None:
    not to be written so, the line has moved)."""
    if low >= high:
        return ""
    runs = _changed_runs(frame.lines[y], new, low, high)
    frame.lines[y] = new
    if not runs:
        return ""
    styles = frame.styles
    # two runs close together go as one when the cells between (all known) cost less than a move
    merged = [runs[0]]
    for start, end in runs[1:]:
        last = merged[-1]
        if None in new[last[1]:start]:
            merged.append([start, end])
            continue
        apart = len(_move_to(start, y)) + len(_render_run(new[start:end], styles, color_system)) \
            + len(_render_run(new[last[0]:last[1]], styles, color_system))
        if len(_render_run(new[last[0]:end], styles, color_system)) <= apart:
            last[1] = end
        else:
            merged.append([start, end])
    ours = "".join(_move_to(start, y) + _render_run(new[start:end], styles, color_system) for start, end in merged)
    return ours if textuals is None or len(ours) <= len(textuals) else textuals


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

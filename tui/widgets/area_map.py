"""An area map drawn from a grid: two terminal columns per grid cell, every cell in its area;
or, in the overview (``set_scale(1)``), one column per cell, so the whole front shows at once.

The static layer (water, borders with their river glyphs, area fills) is built once per map and
scale and kept; the screen gives each area a label (a few short rows of text) and a style, and may mark
areas (legal targets: their empty cells show a dot, so the mark reads without colour); only the
rows of the areas that changed are drawn again. Each label row goes where its area has room
(``label_slots``: the anchor's row first, then the rows below and above), so a small area still
shows its code. The cursor is an area: arrows move it to the neighbour in that direction; a
screen that shows the area under the cursor passes ``on_move`` (called at once, so the map and
that line reach the terminal in one frame), else ``Moved`` is posted. Enter posts ``Activated``.
Letters jump to an area by name, except the screen's own keys (``leave``) as a name's first letter.
The board may come later (``set_board``): a screen is shown before its game has loaded.

The map object needs: ``width``, ``height``, ``areas`` (id -> object with ``name``, ``col``,
``row``), ``area_at(col, row)``, ``water_at(col, row)``, ``neighbours(id)``, ``border(a, b)``.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

# Border glyphs by kind, (vertical, horizontal, corner): a shape of its own for each, so the
# kind reads without colour: plain thin, minor dashed, major heavy, Volga double, straits dotted.
GLYPHS = {
    "none": ("│", "─", "┼"), "minor": ("╎", "╌", "┼"), "major": ("┃", "━", "╋"),
    "volga": ("║", "═", "╬"), "kerch": ("⁞", "┄", "⁞"),
}
RANK = {"none": 0, "minor": 1, "major": 2, "volga": 3, "kerch": 4}
BORDER_STYLE = {
    "none": Style(color="grey50"), "minor": Style(color="cyan"), "major": Style(color="blue", bold=True),
    "volga": Style(color="bright_blue", bold=True), "kerch": Style(color="magenta", bold=True),
}
PLAIN = Style()
WATER = {"sea": ("~", Style(color="blue")), "lake": ("=", Style(color="cyan")), "off": (" ", PLAIN)}
CURSOR = Style(reverse=True, bold=True, underline=True)
MARK = ("·", Style(color="bright_green", bold=True))     # a legal target's empty cells
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
# Terminal columns per grid cell: two, so that the smallest areas (Rostov is four cells of the
# 78 x 40 grid) hold their code, city mark and units with a border glyph between them and their
# neighbours' labels (playtest finding 7). A vertical border takes the right column of its cell.
SCALE = 2
OVERVIEW = 1          # the overview: one column per cell, each area shows only its code
VERTICAL = {v for v, _h, _c in GLYPHS.values()} | {c for _v, _h, c in GLYPHS.values()}


class AreaMap(ScrollView, can_focus=True):
    """The map: a scrolling grid of areas with labels, styles and an area cursor."""

    BINDINGS = [
        Binding("up", "step('up')", "Up", show=False),
        Binding("down", "step('down')", "Down", show=False),
        Binding("left", "step('left')", "Left", show=False),
        Binding("right", "step('right')", "Right", show=False),
        Binding("enter", "activate", "Act here", show=False),
    ]

    class Moved(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    class Activated(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    def __init__(self, board: Any = None, *, id: str | None = None,
                 on_move: Callable[[str], None] | None = None, leave: str = "") -> None:
        super().__init__(id=id)
        self.leave = leave                # letters left to the screen's keys, not names
        self.board = None
        self.cursor: str = ""
        self.scale = SCALE
        self.on_move = on_move
        self._labels: dict[str, list[tuple[str, Style]]] = {}
        self._fills: dict[str, Style] = {}
        self._marks: frozenset[str] = frozenset()
        # drawn rows: row -> {the cursor area when its label is on the row, else None: strip}, so
        # a cursor going back and forth finds both looks of a row drawn
        self._strips: dict[int, dict[str | None, Strip]] = {}
        self._static_runs: dict[int, list] = {}
        self._styles: dict[tuple, Style] = {}
        self._label_rows: dict[int, list[tuple[str, int, int, int]]] = {}
        self._typed = ""
        self._typed_at = 0.0
        if board is not None:
            self.set_board(board)

    def set_board(self, board: Any) -> None:
        """The map to draw (once: the static layer and the label slots are built here)."""
        self.board = board
        self.cursor = next(iter(board.areas))
        self._layers()

    def set_scale(self, scale: int) -> None:
        """Columns per grid cell: ``SCALE`` or ``OVERVIEW``. The labels are the screen's to give
        again (``paint``), fitted to the new ``room``; the cursor and the marks stay."""
        if scale == self.scale:
            return
        self.scale = scale
        if self.board is not None:
            self._layers()

    def _layers(self) -> None:
        board = self.board
        self._static, self._slots, self._rows_of = prepare(board, self.scale)
        self._labels, self._label_rows = {}, {}
        self._strips.clear()
        self._static_runs = {}
        self.virtual_size = Size(board.width * self.scale, board.height)
        self.refresh()
        # the cursor in sight once the new size is laid out (a scroll before clamps to nothing)
        self.call_after_refresh(self._follow)

    # -- what the screen gives ---------------------------------------------------------------
    def paint(self, labels: dict[str, list[tuple[str, Style]]], fills: dict[str, Style],
              marks: frozenset[str] | set[str] = frozenset()) -> None:
        """Set every area's label rows, fill and mark; only the rows of changed areas are redrawn."""
        marks = frozenset(marks)
        changed = {a for a in self.board.areas
                   if labels.get(a) != self._labels.get(a) or fills.get(a) != self._fills.get(a)
                   or ((a in marks) != (a in self._marks))}
        self._labels, self._fills, self._marks = dict(labels), dict(fills), marks
        self._label_rows = {}
        for area, rows in self._labels.items():
            for i, (y, x, length) in enumerate(self._slots[area][:len(rows)]):
                self._label_rows.setdefault(y, []).append((area, i, x, length))
        self._dirty(changed)

    @property
    def marks(self) -> frozenset[str]:
        return self._marks

    def goto(self, area: str) -> None:
        if self.board is None or area not in self.board.areas or area == self.cursor:
            return
        old, self.cursor = self.cursor, area
        self._dirty({old, area}, labels_only=True)
        self._follow()
        if self.on_move is not None:
            self.on_move(area)
        else:
            self.post_message(self.Moved(area))

    # -- drawing -------------------------------------------------------------------------------
    def _dirty(self, areas: set[str], labels_only: bool = False) -> None:
        """Ask Textual to repaint what of `areas` is in view: all their rows, their drawings
        dropped; or (``labels_only``: the cursor moved, which marks a label) only their labels'
        cells, so a cursor move sends the terminal the two labels, not whole lines (the rows'
        drawings are kept by where the cursor is: ``_row``)."""
        if labels_only:
            slots = [slot for a in areas for slot in self._slots[a][:len(self._labels.get(a, ()))]]
            left, top = int(self.scroll_offset.x), int(self.scroll_offset.y)
            width, height = self.size
            for y, x, n in slots:
                x0, x1 = max(0, x - left), min(width, x + n - left)
                if top <= y < top + height and x0 < x1:
                    self.refresh(Region(x0, y - top, x1 - x0, 1))
            return
        rows = {y for a in areas for y, _x, _n in self._slots[a][:max(3, len(self._labels.get(a, ())))]}
        rows |= {r for a in areas for r in self._rows_of.get(a, ())}
        for r in rows:
            self._strips.pop(r, None)
        if rows:
            top = int(self.scroll_offset.y)
            for r in rows:
                if top <= r < top + self.size.height:
                    self.refresh(Region(0, r - top, self.size.width, 1))

    def _row(self, y: int) -> Strip:
        look = self.cursor if any(a == self.cursor for a, *_ in self._label_rows.get(y, ())) else None
        drawn = self._strips.setdefault(y, {})
        strip = drawn.get(look)
        if strip is not None:
            return strip
        overlay: dict[int, tuple[str, Style, bool]] = {}
        spans: list[tuple[int, int]] = []
        for area, i, x0, length in self._label_rows.get(y, ()):
            text, style = self._labels[area][i]
            text = text[:length]
            on_cursor = area == self.cursor
            for j, ch in enumerate(text):
                overlay[x0 + j] = (ch, style, on_cursor)
            if text:
                spans.append((x0, x0 + len(text)))
        spans.sort()
        # one segment per run of cells drawn alike (styles compared by identity: they are the
        # layer's, the fills' and the labels' own objects), so a row is a few dozen segments;
        # the layer's runs of like cells go in whole, cell by cell only under a label or a mark
        segments = []
        combine = self._combine
        fills, marks = self._fills, self._marks
        mark_ch, mark_style = MARK
        run: list[str] = []
        key: tuple = (None, None, None, False)
        static = self._static[y]
        for x0, x1, style, area, chars in self._runs(y):
            fill = fills.get(area) if area is not None else None
            marked = area in marks and " " in chars
            if marked:
                pieces = [(x0, x1, True)]
            else:                         # the run cut where labels begin and end
                pieces, at = [], x0
                for a, b in spans:
                    if a < x1 and b > at:
                        if a > at:
                            pieces.append((at, a, False))
                        pieces.append((max(a, at), min(b, x1), True))
                        at = min(b, x1)
                if at < x1:
                    pieces.append((at, x1, False))
            for p0, p1, by_cell in pieces:
                if not by_cell:
                    if not (style is key[0] and key[1] is None and fill is key[2] and not key[3]):
                        if run:
                            segments.append(Segment("".join(run), combine(*key)))
                            run = []
                        key = (style, None, fill, False)
                    run.append(chars[p0 - x0:p1 - x0])
                    continue
                for x in range(p0, p1):
                    ch = static[x][0]
                    extra, cursor = None, False
                    if x in overlay:
                        covered = ch
                        ch, extra, cursor = overlay[x]
                        if covered != " ":            # a label on its area's bottom border: underlined
                            extra = self._underlined(extra)
                    elif marked and ch == " ":
                        ch, extra = mark_ch, mark_style
                    if not (style is key[0] and extra is key[1] and fill is key[2] and cursor == key[3]):
                        if run:
                            segments.append(Segment("".join(run), combine(*key)))
                            run = []
                        key = (style, extra, fill, cursor)
                    run.append(ch)
        if run:
            segments.append(Segment("".join(run), combine(*key)))
        strip = Strip(segments, self.board.width * self.scale)
        drawn[look] = strip
        return strip

    def _runs(self, y: int) -> list[tuple[int, int, Style, str | None, str]]:
        """Row y of the static layer as runs of cells of one style (by identity) and one area:
        (start, end, style, area, glyphs)."""
        found = self._static_runs.get(y)
        if found is None:
            found = []
            row = self._static[y]
            start = 0
            for x in range(1, len(row) + 1):
                if x == len(row) or row[x][1] is not row[start][1] or row[x][2] != row[start][2]:
                    found.append((start, x, row[start][1], row[start][2],
                                  "".join(ch for ch, _s, _a in row[start:x])))
                    start = x
            self._static_runs[y] = found
        return found

    def _underlined(self, style: Style) -> Style:
        found = self._styles.get(("u", style))
        if found is None:
            found = self._styles[("u", style)] = style + Style(underline=True)
        return found

    @property
    def room(self) -> dict[str, list[int]]:
        """Each area's label room (``room``): the screen fits its labels to it."""
        return room(self._slots) if self.board is not None else {}

    def _combine(self, style: Style, extra: Style | None, fill: Style | None, cursor: bool) -> Style:
        key = (style, extra, fill, cursor)
        found = self._styles.get(key)
        if found is None:
            found = style + extra if extra is not None else style
            if fill is not None:
                found = fill + found
            if cursor:
                found = found + CURSOR
            self._styles[key] = found
        return found

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        if self.board is None or row >= self.board.height:
            return Strip([Segment(" " * self.size.width, Style())], self.size.width)
        strip = self._row(row).crop(scroll_x, scroll_x + self.size.width)
        if strip.cell_length < self.size.width:      # the viewport is wider than the map
            strip = strip.extend_cell_length(self.size.width, Style())
        return strip

    # -- the cursor ------------------------------------------------------------------------------
    def action_step(self, direction: str) -> None:
        if self.board is None:
            return
        target = neighbour_towards(self.board, self.cursor, direction)
        if target:
            self.goto(target)

    def action_activate(self) -> None:
        self.post_message(self.Activated(self.cursor))

    def on_key(self, event) -> None:
        ch = event.character
        if not ch or len(ch) != 1 or not (ch.isalpha() or ch in " -"):
            return
        now = time.monotonic()
        typing = bool(self._typed) and now - self._typed_at < 1.2
        if not typing and ch in self.leave:
            return                        # a screen key (a name goes on with it, never starts)
        self._typed = (self._typed if typing else "") + ch.lower()
        self._typed_at = now
        found = find_area(self.board, self._typed) if self.board is not None else None
        if found:
            self.goto(found)
        event.stop()
        event.prevent_default()

    def _follow(self) -> None:
        """Scroll only when the cursor's area label is out of sight (a scroll repaints it all)."""
        if self.board is None:
            return
        row, col, _n = self._slots[self.cursor][0]
        x, y = self.scroll_offset
        w, h = self.scrollable_content_region.size
        if x + 2 <= col <= x + w - 6 and y + 1 <= row <= y + h - 3:
            return
        self.scroll_to_region(Region(max(0, col - 8), max(0, row - 3), 18, 7), animate=False, immediate=True)

    def on_resize(self) -> None:
        self._follow()


_LAYERS: dict[tuple[int, int], tuple[Any, tuple]] = {}


def prepare(board: Any, scale: int = SCALE) -> tuple[list, dict, dict]:
    """A board's static layer, label slots and rows per area at a scale, built once per board
    and scale (a screen may build them in a loading thread before it shows the board)."""
    found = _LAYERS.get((id(board), scale))
    if found is None or found[0] is not board:
        static = _static_layer(board, scale)
        made = (static, label_slots(board, static, scale),
                {a: sorted({r for _, r in board.cells_of(a)}) for a in board.areas})
        found = _LAYERS[(id(board), scale)] = (board, made)
    return found[1]


def neighbour_towards(board: Any, area: str, direction: str) -> str | None:
    """The neighbour of `area` best lying in `direction` (by the areas' anchors)."""
    dx, dy = DIRECTIONS[direction]
    a = board.areas[area]
    best, score = None, math.inf
    for n in board.neighbours(area):
        b = board.areas[n]
        vx, vy = b.col - a.col, (b.row - a.row) * 2          # a cell is twice as tall as wide
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        dist = math.hypot(vx, vy)
        s = dist * (dist / along) ** 2                      # far off the axis costs more
        if s < score:
            best, score = n, s
    return best


def find_area(board: Any, typed: str) -> str | None:
    """The area whose name starts with `typed` (cities first), or None."""
    typed = typed.strip().lower()
    if not typed:
        return None
    hits = [a for a in board.areas.values() if a.name.lower().startswith(typed)]
    hits.sort(key=lambda a: (not getattr(a, "city", False), a.name))
    return hits[0].id if hits else None


def label_slots(board: Any, static: list[list[tuple[str, Style, str | None]]],
                scale: int = SCALE) -> dict[str, list[tuple[int, int, int]]]:
    """(row, column, length) of each area's label rows, first the code's. A label covers only its
    own area's empty cells and plain horizontal borders, never a vertical border, so a border glyph
    always stands between two areas' labels on a row; a horizontal river is covered only in an
    area with fewer than two rows of room for two letters; in the overview (one column a cell) an
    area without two free cells on a row takes its border cells too, so it still shows its code,
    and a city without three takes its river, then its border cells for its code and mark, and
    keeps its rows of one cell (last) for the mark; ``apart`` then keeps two areas' rows from
    meeting. The code's row is the one nearest the anchor with room for the code and its city
    mark (three cells), else for two; the rest follow below it, then above it."""
    plain_h = GLYPHS["none"][1]
    slots: dict[str, list[tuple[int, int, int]]] = {}
    for area in board.areas:
        a = board.areas[area]
        anchor = a.col * scale
        cells = board.cells_of(area)
        rows = sorted({r for _c, r in cells}, key=lambda r: (abs(r - a.row), r))
        # only the area's own columns can be free: the scan runs over them alone
        left, right = min(c for c, _r in cells) * scale, (max(c for c, _r in cells) + 1) * scale

        def best(y: int, rivers: bool, borders: bool = False) -> tuple[int, int]:
            """The longest run of free cells on row y, the one nearest the anchor's column first."""
            found, run, start = (0, 0), 0, 0
            line = static[y]
            for x in range(left, right + 1):
                free = False
                if x < right:
                    ch, _s, owner = line[x]
                    free = owner == area and (borders or ch == " " or ch == plain_h
                                              or (rivers and ch not in VERTICAL))
                if free:
                    start, run = (x, run + 1) if run == 0 else (start, run + 1)
                elif run:
                    if run > found[1] or (run == found[1] and abs(start - anchor) < abs(found[0] - anchor)):
                        found = (start, run)
                    run = 0
            return found

        runs = {y: best(y, False) for y in rows}
        if sum(1 for _x, n in runs.values() if n >= 2) < 2:
            # a small area: its rows along a river are room too (the label underlined there, so
            # the river still reads as a line under it)
            wet = {y: best(y, True) for y in rows}
            runs = {y: runs[y] if runs[y][1] >= 2 else wet[y] for y in rows}
        if scale == OVERVIEW and not any(n >= 2 for _x, n in runs.values()):
            runs = {y: best(y, True, True) for y in rows}
        city = scale == OVERVIEW and getattr(a, "city", False)
        if city and not any(n >= 3 for _x, n in runs.values()):
            # a city's code and mark (three cells): along a river, else on its own border cells
            for wider in ({y: best(y, True) for y in rows}, {y: best(y, True, True) for y in rows}):
                if any(n >= 3 for _x, n in wider.values()):
                    runs = {y: wider[y] if wider[y][1] >= 3 else runs[y] for y in rows}
                    break
        singles: list[int] = []
        if any(n >= 2 for _x, n in runs.values()):     # a row of one cell holds nothing
            # (but a city's mark in the overview: such rows come last)
            singles = [y for y in rows if runs[y][1] == 1] if city else []
            runs = {y: r for y, r in runs.items() if r[1] >= 2 or y in singles}
            rows = [y for y in rows if y in runs and y not in singles]
        code_rows = ([y for y in rows if runs[y][1] >= 3] or [y for y in rows if runs[y][1] >= 2]
                     or sorted(rows, key=lambda y: -runs[y][1])[:1])
        top = code_rows[0]
        order = ([top] + sorted((y for y in rows if y > top)) + sorted((y for y in rows if y < top), reverse=True)
                 + sorted(singles, key=lambda y: abs(y - top)))
        slots[area] = [(y, runs[y][0], runs[y][1]) for y in order if runs[y][1] > 0]
    # a city with one row of room needs three cells of it (its code and mark)
    keep = {area: 3 for area, rows in slots.items()
            if scale == OVERVIEW and getattr(board.areas[area], "city", False) and len(rows) == 1}
    return apart(slots, static, keep)


def apart(slots: dict[str, list[tuple[int, int, int]]],
          static: list[list[tuple[str, Style, str | None]]],
          keep: dict[str, int] | None = None) -> dict[str, list[tuple[int, int, int]]]:
    """No two areas' label rows side by side on a row. Where the overview let a small area's row
    take its border cells, one of two rows that meet gives back the cell at the meeting: one
    that keeps what a code's row needs (``keep``: three cells for a city with one row, else
    two), then one whose glyph (a border) then shows between them, then the longer row's. An
    area whose code's row is left too short takes its next row of two cells for the code. (In
    the detail a vertical border always stands between two areas' free cells: nothing changes
    there.)"""
    keep = keep or {}
    by_row: dict[int, list[list]] = {}
    for area, rows in slots.items():
        for i, (y, x, n) in enumerate(rows):
            by_row.setdefault(y, []).append([x, n, area, i])
    def cost(run: list, y: int, x: int) -> tuple:
        """What giving back cell x of `run` costs: a code's row cut short, a free cell (no
        border shows between), a short row."""
        need = keep.get(run[2], 2) if run[3] == 0 else 0
        return (run[1] <= need, need, static[y][x][0] == " ", -run[1])

    for y, runs in by_row.items():
        runs.sort()
        for left, right in zip(runs, runs[1:]):
            while left[1] > 0 and right[1] > 0 and left[0] + left[1] >= right[0]:
                if cost(left, y, left[0] + left[1] - 1) <= cost(right, y, right[0]):
                    left[1] -= 1
                else:
                    right[0], right[1] = right[0] + 1, right[1] - 1
    out: dict[str, list[tuple[int, int, int]]] = {area: list(rows) for area, rows in slots.items()}
    for y, runs in by_row.items():
        for x, n, area, i in runs:
            out[area][i] = (y, x, n)
    for area, rows in out.items():
        rows = [r for r in rows if r[2] > 0]
        if rows and rows[0][2] < 2:
            code = next((r for r in rows if r[2] >= 2), rows[0])
            rows = [code] + [r for r in rows if r is not code]
        out[area] = rows
    return out


def placed(board: Any, slots: dict, labels: dict[str, list[tuple[str, Any]]]) -> dict[tuple[int, int], tuple[str, str]]:
    """(column, row) -> (area, character) of every label character drawn: each label row in its
    slot, cut to the slot's length (what ``_row`` draws; the tests check it against the cells)."""
    out: dict[tuple[int, int], tuple[str, str]] = {}
    for area, rows in labels.items():
        for (y, x0, length), (text, _style) in zip(slots[area], rows):
            for j, ch in enumerate(text[:length]):
                out[(x0 + j, y)] = (area, ch)
    return out


def room(slots: dict) -> dict[str, list[int]]:
    """Each area's label room: the length of each of its label rows, the code's first."""
    return {area: [n for _y, _x, n in rows] for area, rows in slots.items()}


def _static_layer(board: Any, scale: int = SCALE) -> list[list[tuple[str, Style, str | None]]]:
    """(glyph, style, area) for every cell: water, borders by kind, or an empty interior."""
    owner: dict[tuple[int, int], str] = {}
    for area in board.areas:
        for cell in board.cells_of(area):
            owner[tuple(cell)] = area
    kinds_of: dict[tuple[str, str], str] = {}

    def kind(a: str, b: str) -> str:
        found = kinds_of.get((a, b))
        if found is None:
            try:
                found = board.border(a, b)
            except (KeyError, ValueError):
                found = "none"
            kinds_of[(a, b)] = found
        return found

    looks: dict[tuple, tuple[str, Style, str | None]] = {}

    def look(area: str, right: str | None, below: str | None) -> tuple[str, Style, str | None]:
        """A terminal cell of `area` with `right` beside it and `below` under it (the same
        for every such cell: worked out once)."""
        found = looks.get((area, right, below))
        if found is None:
            kinds = []
            if right not in (None, area):
                kinds.append(("v", kind(area, right)))
            if below not in (None, area):
                kinds.append(("h", kind(area, below)))
            if not kinds:
                found = (" ", PLAIN, area)
            else:
                strongest = max((k for _, k in kinds), key=lambda k: RANK.get(k, 0))
                vertical, horizontal, corner = GLYPHS.get(strongest, GLYPHS["none"])
                ch = corner if len(kinds) == 2 else vertical if kinds[0][0] == "v" else horizontal
                found = (ch, BORDER_STYLE.get(strongest, PLAIN), area)
            looks[(area, right, below)] = found
        return found

    rows = []
    for y in range(board.height):
        row: list[tuple[str, Style, str | None]] = []
        for col in range(board.width):
            area = owner.get((col, y))
            if area is None:
                ch, style = WATER.get(board.water_at(col, y) or "off", WATER["off"])
                row += [(ch, style, None)] * scale
                continue
            # a vertical border in the right column of its cell, a horizontal one all along it
            below = owner.get((col, y + 1))
            row += [look(area, area, below)] * (scale - 1)
            row.append(look(area, owner.get((col + 1, y)), below))
        rows.append(row)
    return rows

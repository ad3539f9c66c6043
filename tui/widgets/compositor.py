"""A compositor that repaints only the lines a change touched.

Textual's compositor answers a partial update (a menu's highlight moving over two lines) by
asking every widget that overlaps the *box around all* the changed regions for all of its lines
in that box, then keeps the few lines that changed: on a game screen that is a dozen widgets
(the screen, its containers, the panels beside the menu, the log, the footer) each drawing
every line, for two lines of menu; a map cursor move (a few map lines and the pane under the
map) drew everything between them too. ``LineCompositor`` asks only the widgets that show
something in the changed spans themselves (line and columns), and only for those lines, front
to back; a line is done at the first widget that covers its changed columns (widgets are
painted front to back and the first paint of a cell wins, so nothing behind it could show). The
terminal receives the same bytes: the lines and cuts of the update are Textual's own, only
work that Textual throws away is not done.

Used by every game screen (``GameScreen``) and the launcher; ``use_line_compositor(screen)``
puts one in a screen before it is mounted.
"""

from __future__ import annotations

from typing import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
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


def use_line_compositor(screen) -> None:
    """Give a screen (not yet mounted) a ``LineCompositor``."""
    screen._compositor = LineCompositor()

"""A compositor that repaints only the lines a change touched.

Textual's compositor answers a partial update (a menu's highlight moving over two lines) by
asking every widget whose *container* overlaps the changed lines for all of its lines, then
keeps the few lines that changed: on a game screen that is a dozen widgets (the screen, its
containers, the panels beside the menu, the log, the footer) each drawing every line, for two
lines of menu. ``LineCompositor`` asks only the widgets that show something on the changed
lines, and only for those lines, front to back, stopping at the first that covers all of them (widgets are painted
front to back and the first paint of a cell wins, so nothing behind it could show). The
terminal receives the same bytes: the lines and cuts of the update are Textual's own, only
work that Textual throws away is not done.

Used by every game screen (``GameScreen``) and the launcher; ``use_line_compositor(screen)``
puts one in a screen before it is mounted.
"""

from __future__ import annotations

from typing import Iterable

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip


class LineCompositor(Compositor):
    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        if crop is None or crop == self.size.region:
            yield from super()._get_renders(crop)        # a full frame: Textual's own way
            return
        _rich_traceback_guard = True  # noqa: F841  (as Textual: a widget's error, not ours)
        top, bottom = crop.y, crop.bottom
        left, right = crop.x, crop.right
        for widget, (region, clip) in self.visible_widgets.items():
            x, y, width, height = region.intersection(clip)
            if not width or not height:
                continue
            if x >= right or x + width <= left:          # nothing of it in the changed columns
                continue
            # only the changed lines; every column of them (the cuts of a line are where
            # widgets begin and end, so a strip cut in x could not be divided at them)
            y1, y2 = max(y, top), min(y + height, bottom)
            if y2 <= y1:
                continue
            shown = Region(x, y1, width, y2 - y1)
            yield region, shown, widget.render_lines(Region(x - region.x, y1 - region.y, width, y2 - y1))
            if x <= left and x + width >= right and y <= top and y + height >= bottom:
                return            # it covers every changed cell: nothing behind it shows there


def use_line_compositor(screen) -> None:
    """Give a screen (not yet mounted) a ``LineCompositor``."""
    screen._compositor = LineCompositor()

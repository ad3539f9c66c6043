"""A fixed-height panel of short lines, none wrapped: each line is cut to the width with an
ellipsis, and when there are more lines than rows the last row says how many more and which key
shows them all (``more``), at the end of the last row. The lines are rendered once per update, so a panel that changes on
every key (the area under the map cursor) repaints without a layout pass or a wrap, and a frame
that only passes over it costs a lookup."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class TextLines(Widget):
    DEFAULT_CSS = "TextLines { height: 4; }"

    def __init__(self, *, id: str | None = None, more: str = "") -> None:
        super().__init__(id=id)
        self.more = more                  # e.g. "a: all" (the key that shows every line)
        self._lines: list[Text] = []
        self._strips: list[Strip] | None = None

    def update(self, lines: list[Text] | Text) -> None:
        self._lines = lines if isinstance(lines, list) else [lines]
        self._strips = None
        self.refresh()

    @property
    def plain(self) -> str:
        """Every line, shown or not."""
        return "\n".join(line.plain for line in self._lines)

    @property
    def shown(self) -> list[str]:
        """The rows as they are on screen."""
        return [strip.text.rstrip() for strip in self._strips_made()]

    def _strips_made(self) -> list[Strip]:
        width, height = max(1, self.size.width), max(1, self.size.height)
        if self._strips is not None and (not self._strips or self._strips[0].cell_length == width):
            return self._strips
        console, base = self.app.console, self.rich_style
        lines = _fill(console, self._lines, width, height)
        hidden = len(self._lines) - len(lines)
        if hidden > 0:                    # the last row ends saying what is left out
            mark = Text(f" …+{hidden} line{'s' if hidden > 1 else ''}" + (f" ({self.more})" if self.more else ""),
                        style="italic")
            last = lines[-1].copy()
            room = max(0, width - mark.cell_len)
            if last.cell_len > room:
                last.truncate(room)
            lines[-1] = Text.assemble(last, mark)
        strips = []
        for line in lines:
            if line.cell_len > width:
                line = line.copy()
                line.truncate(width, overflow="ellipsis")
            segments = list(Segment.apply_style(line.render(console), base))
            strips.append(Strip(segments, line.cell_len).extend_cell_length(width, base))
        self._strips = strips
        return strips

    def render_line(self, y: int) -> Strip:
        lines = self._strips_made()
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.rich_style)

    def on_resize(self) -> None:
        self._strips = None


def _fill(console, lines: list[Text], width: int, height: int) -> list[Text]:
    """The rows to show: the lines as they are, but a line too long for the width wraps into
    the rows the lines leave spare (the last lines first: the first are the shortest)."""
    rows = [[line] for line in lines[:height]]
    spare = height - len(rows)
    for i in range(len(rows) - 1, -1, -1):
        if spare <= 0:
            break
        if lines[i].cell_len > width:
            wrapped = list(lines[i].wrap(console, width))
            extra = min(spare, len(wrapped) - 1)
            if extra > 0:
                rows[i] = wrapped[:extra] + [Text(" ").join(wrapped[extra:])]
                spare -= extra
    return [row for group in rows for row in group]

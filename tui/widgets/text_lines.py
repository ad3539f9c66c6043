"""A fixed-height panel of wrapped text whose lines are rendered once per update: a line that
changes on every key (the area under the map cursor) repaints without a layout pass, and a
frame that only passes over it costs a lookup."""

from __future__ import annotations

from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget


class TextLines(Widget):
    DEFAULT_CSS = "TextLines { height: 4; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()
        self._strips: list[Strip] | None = None

    def update(self, text: Text) -> None:
        self._text = text
        self._strips = None
        self.refresh()

    @property
    def plain(self) -> str:
        return self._text.plain

    def _lines(self) -> list[Strip]:
        width = self.size.width
        if self._strips is None or (self._strips and self._strips[0].cell_length != width):
            console = self.app.console
            options = console.options.update_width(max(1, width))
            lines = console.render_lines(self._text, options, style=self.rich_style, pad=True, new_lines=False)
            self._strips = [Strip(line, width) for line in lines[:max(1, self.size.height)]]
        return self._strips

    def render_line(self, y: int) -> Strip:
        lines = self._lines()
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.rich_style)

    def on_resize(self) -> None:
        self._strips = None

"""A Static that repaints only when what it shows changes, and lays the screen out again only
when its height may change: a panel a key does not touch costs that key nothing."""

from __future__ import annotations

from typing import Any, Callable

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

_UNKNOWN = object()


def _lines(content: Any, width: int) -> int | None:
    """The lines a text takes at ``width`` when none of them wraps; None when that is unknown."""
    if isinstance(content, Text):
        content = content.plain
    if not isinstance(content, str) or width <= 0:
        return None
    rows = content.split("\n")
    if any(cell_len(row) > width for row in rows):
        return None
    return len(rows)


class Panel(Static):
    """``put(content)`` skips content equal to what is shown; ``put_keyed(key, make)`` skips
    building the content at all when ``key`` (e.g. the game's state version) is unchanged."""

    def __init__(self, content: Any = "", **kwargs) -> None:
        super().__init__(content, **kwargs)
        self._content: Any = content
        self._key: Any = _UNKNOWN

    def put(self, content: Any) -> bool:
        """Show ``content``; False (nothing done) when it is what the panel shows already."""
        if isinstance(content, (str, Text)) and type(content) is type(self._content) \
                and content == self._content:
            return False
        if self._fixed_height():
            layout = False
        else:
            width = self.content_region.width
            before, after = _lines(self._content, width), _lines(content, width)
            layout = before is None or before != after
        self._content = content
        self._key = _UNKNOWN
        self.update(content, layout=layout)
        return True

    def _fixed_height(self) -> bool:
        """True when the styles give the panel a height of its own (not from its content)."""
        height = self.styles.height
        return height is not None and not height.is_auto

    def put_keyed(self, key: Any, make: Callable[[], Any]) -> bool:
        """Show ``make()`` unless ``key`` is the key of what is shown (then ``make`` is not called)."""
        if key == self._key:
            return False
        self.put(make())
        self._key = key
        return True

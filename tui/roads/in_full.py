"""What the Roads screen's panes show in part, in full over the board: the area under the map
cursor (`a`), and the supply track, the battle and the hand (`h`)."""

from __future__ import annotations

from textual.binding import Binding

from tui.widgets.text_screen import TextScreen


class AreaScreen(TextScreen):
    """The area under the cursor in full; a closes it as it opened it."""

    BINDINGS = [Binding("a", "close", show=False)]


class InfoScreen(TextScreen):
    """The supply track, the battle and the hand in full; h closes it as it opened it."""

    BINDINGS = [Binding("h", "close", show=False)]

    def __init__(self, body) -> None:
        super().__init__("Supply track, battle and hand", body)

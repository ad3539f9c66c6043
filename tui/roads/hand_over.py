"""Hot-seat hand-overs on the Roads screen: the pass screen that hides the board while the
keyboard changes hands, from which the game can also be saved or left; what happened since the
incoming player last had the keyboard (tui/roads/since.py), after a load too (from what the
save keeps, ``Game.events_since``); and each side's own map cursor,
kept across hand-overs so that neither sees where the other looked.

``HandOver`` is a part of ``RoadsScreen`` (tui/roads/screen.py), whose ``__init__`` holds the
state these methods share (``_seen``, ``_keyboard``, ``_map_seat``, ``_map_places``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding

from tui.game_screen import PassScreen as SharedPassScreen
from tui.widgets.footer import Footer

from .panels import NAME

if TYPE_CHECKING:
    from tui.widgets.area_map import AreaMap


class HandOver:
    """The methods of ``RoadsScreen`` that hand the keyboard from one player to the other."""

    def pass_screen(self, who: str, note: str = "", cancellable: bool = False):
        """Opaque: nothing of the board shows through while the keyboard changes hands (and no
        frame blends the board beneath it)."""
        screen = PassScreen(self, who, note, cancellable)
        screen.add_class("rd-opaque")
        return screen

    def _show_since(self) -> None:
        """Hot-seat: the player who has just taken the keyboard sees first what happened since
        they last had it: the events since then, the public log every seat sees."""
        if not self.hot_seat or self.game is None or self.app.screen is not self or self._concealed:
            return
        seat, events = self._seat, self.game.events
        if seat is None or seat == self._keyboard:
            return
        if self._keyboard is not None:
            self._seen[self._keyboard] = len(events)     # all that its player has seen
        self._keyboard = seat
        since = events[min(self._seen.get(seat, len(events)), len(events)):]
        if since and self.game.outcome is None:
            from .since import SinceScreen
            self.app.push_screen(SinceScreen(f"{self.name_of(seat)} ({NAME[seat]})", since))

    def _seen_at_open(self) -> dict[str, int]:
        """Where each side's unseen events begin when a game is opened: a game resumed or loaded
        shows each player, at the first hand-over, what happened since that side last gave a
        command (``Game.events_since``, which a save keeps); a new game, or a save that cannot
        tell (written before saves kept it), shows only what happens from now on."""
        events = self.game.events
        seen = {}
        for side in NAME:
            since = self.game.events_since(side) if self.game.log else None
            seen[side] = len(events) - len(since) if since is not None else len(events)
        return seen

    def _map_for(self, seat: str | None, amap: AreaMap) -> None:
        """Each side keeps its own map cursor and scroll across hand-overs: the other side does
        not see where one looked (playtest finding 1). A side's first look starts at its own
        start area; a side that comes back to a battle begun while it was away finds its
        cursor on the battle."""
        if seat is None or seat == self._map_seat:
            return
        fight = self._battle_key()
        if self._map_seat is not None:
            self._map_places[self._map_seat] = (amap.cursor, amap.scroll_offset.x, amap.scroll_offset.y,
                                                amap.scale, fight)
        self._map_seat = seat
        place = self._map_places.get(seat)
        if place is None:
            amap.goto(self._start_area())
        elif fight is not None and fight != place[4]:
            amap.goto(fight[0])               # a battle begun while the other side had the seat
        else:
            amap.goto(place[0])
            if place[3] == amap.scale:        # a scroll taken at the other scale is not this one's
                amap.scroll_to(place[1], place[2], animate=False, immediate=True)

    def _battle_key(self) -> tuple | None:
        """The battle under way, as a side saw it when it left the seat (None: no battle)."""
        b = self.game.state.battle
        return None if b is None else (b.area, b.attacker, b.came_from)


class PassScreen(SharedPassScreen):
    """Roads' pass screen (named as the shared one: tests and tools know it so), from which the game can also be saved (s) or left (q, asked first) when
    the other player has gone: it shows nothing of either side (playtest finding 14)."""

    BINDINGS = [Binding("s", "save", "Save", id="save"), Binding("q", "leave", "Leave", id="back")]

    def __init__(self, owner, who: str, note: str = "", cancellable: bool = False) -> None:
        super().__init__(who, note, cancellable)
        self.owner = owner

    def compose(self) -> ComposeResult:
        yield from super().compose()
        if not self.cancellable:
            yield Footer()

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("save", "leave"):
            return not self.cancellable          # an undo's pass keeps its q: cancel
        return super().check_action(action, parameters)

    def action_save(self) -> None:
        from tui.fallblau.screen import SaveNameScreen
        self.app.push_screen(SaveNameScreen(), self.owner._save_as)

    def action_leave(self) -> None:
        from tui.widgets.confirm import ConfirmScreen
        where = ("The game is autosaved as it stands: Resume the last game brings it back to this "
                 "hand-over." if self.owner.autosave else "This game is not autosaved: save it first (s).")

        def answered(yes: bool | None) -> None:
            if yes and self.is_attached:
                self.dismiss(None)               # None: nobody took the keyboard
                self.app.pop_screen()            # and the game screen beneath it

        self.app.push_screen(ConfirmScreen("Leave the game for the launcher?", where), answered)

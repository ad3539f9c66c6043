"""One seat of a hosted game: the app for one side, at its own terminal.

The screen always shows ``view(side)`` of its seat (no pass screens: the other side sits at
another terminal). The seat applies only its own commands, under the game's lock: it first
catches up with the save, checks the command is still legal, applies it and rewrites the save.
A few times a second it looks at the save's file stamp; when the other seat has written, it
replays the new commands (an undo over there, or anything it cannot follow, reloads the save).
"""

from __future__ import annotations

import os
from pathlib import Path

from rich.text import Text

from rules.core.codec import CodecError, command_from_json, command_to_json
from rules.core.errors import DiceExhausted, IllegalCommand, SaveError
from rules.core.save import parse
from tui import storage
from tui.app import WartableApp
from tui.roads.screen import RoadsScreen
from tui.widgets.log_panel import LogPanel

from .games import Seat, locked, write

POLL = 0.2          # seconds between looks at the save


class SeatLink:
    """A seat's tie to the shared save: what it last saw, catching up, writing."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.stamp: tuple[int, int, int] | None = None
        self.known: list = []             # the JSON of the log this seat holds

    def _stamp_now(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.seat.save_path)
        except OSError:
            return None
        return st.st_ino, st.st_mtime_ns, st.st_size

    def changed(self) -> bool:
        return self._stamp_now() != self.stamp

    def load(self):
        """The game as the save holds it now."""
        stamp = self._stamp_now()
        game = storage.load(self.seat.save_path)
        self.stamp = stamp
        self.known = [command_to_json(c) for c in game.log]
        return game

    def catch_up(self, game):
        """(game, new events, reloaded): ``game`` with the commands the save holds beyond its
        log replayed; when the save is not ``game``'s log plus more (an undo), the save's game."""
        stamp = self._stamp_now()
        if stamp == self.stamp:
            return game, [], False
        text = storage.read_save(self.seat.save_path)
        doc = parse(text)
        raw = doc.get("commands") if isinstance(doc, dict) else None
        n = len(self.known)
        if isinstance(raw, list) and len(raw) >= n and raw[:n] == self.known:
            events = []
            try:
                for item in raw[n:]:
                    cmd = command_from_json(game.command_types, item)
                    events.extend(game.apply(cmd))
                    self.known.append(item)
            except (IllegalCommand, CodecError, DiceExhausted, RecursionError):
                pass
            else:
                if game.digest() == doc.get("digest"):
                    self.stamp = stamp
                    return game, events, False
        fresh = storage.load_text(text)
        self.stamp = stamp
        self.known = [command_to_json(c) for c in fresh.log]
        return fresh, [], True

    def wrote(self, game) -> None:
        write(self.seat, game)
        self.stamp = self._stamp_now()
        self.known = [command_to_json(c) for c in game.log]


class SeatRoadsScreen(RoadsScreen):
    """Roads for one side: its own view only, its own commands only, the other side's as they come."""

    def __init__(self, game, link: SeatLink, note: str = "") -> None:
        self.link = link
        self.side = link.seat.side
        self.note = note
        super().__init__(game, autosave=False)
        self._seat = self.side
        self._concealed = False

    @property
    def hot_seat(self) -> bool:
        return False                      # the other side is at another terminal: no pass screens

    def _seat_for(self, to_act: str | None) -> str | None:
        return self.side

    def keeps_secrets(self) -> bool:
        return False

    def player_to_act(self) -> str | None:
        return None

    def on_mount(self) -> None:           # RoadsScreen's mount runs after this one
        self.set_interval(POLL, self._poll)
        label = self.link.seat.label
        self.query_one(LogPanel).write(Text(f"You hold the {label} seat of this game. q at the top "
                                            "of the menu (or ctrl+c) leaves it; the game waits.", style="bold"))
        if self.note:
            self.query_one(LogPanel).write(Text(self.note, style="bold"))
            self.notify(self.note, timeout=60)

    # -- the other seat's commands -----------------------------------------------------
    def _poll(self) -> None:
        if not self.link.changed():
            return
        self._catch_up(show=True)

    def _catch_up(self, show: bool) -> None:
        try:
            game, events, reloaded = self.link.catch_up(self.game)
        except SaveError as exc:
            self.notify(f"The game's save cannot be read: {exc}", severity="error", timeout=10)
            return
        if reloaded:
            self.game = game
            self.query_one(LogPanel).write(Text("The other side took its last command back.", style="bold"))
            self.refresh_view()
        elif events:
            if show:
                self.after(events)
            else:
                self.query_one(LogPanel).add_events(events)
                self.refresh_view()

    # -- this seat's commands ----------------------------------------------------------
    def play(self, command) -> bool:
        with locked(self.link.seat):
            self._catch_up(show=False)
            if self.game.to_act() != self.side:
                self.notify("It is not your turn now: the game moved on.", severity="warning")
                self.refresh_view()
                return False
            try:
                events = self.game.apply(command)
            except IllegalCommand as exc:
                self.notify(str(exc), severity="error", timeout=8)
                self.refresh_view()
                return False
            self._write()
        self.after(events)
        return True

    def _write(self) -> None:
        try:
            self.link.wrote(self.game)
        except OSError as exc:
            self.notify(f"The game could not be saved: {exc.strerror or exc}.", severity="error", timeout=15)

    def action_undo(self) -> None:
        """Only this seat's own last command, before the other side has answered it."""
        with locked(self.link.seat):
            self._catch_up(show=False)
            if not self.game.can_undo or not self.game.undo():
                self.notify(self.UNDO_REFUSED, severity="warning")
                return
            if self.game.to_act() != self.side:
                self.game = self.link.load()          # the other side's command: put it back
                self.notify("The last command is the other side's: only they can take it back.",
                            severity="warning")
                self.refresh_view()
                return
            self._write()
        self.query_one(LogPanel).write(Text("UNDO the last command was taken back.", style="bold"))
        self.refresh_view()

    def action_back(self) -> None:
        from tui.widgets.command_menu import CommandMenu
        if not self.query_one(CommandMenu).back():
            self.app.exit()


SCREENS = {"roads": SeatRoadsScreen}


class SeatApp(WartableApp):
    """The app in seat mode: straight onto the seat's screen; leaving it ends the app."""

    def __init__(self, seat: Seat, note: str = "") -> None:
        self.link = SeatLink(seat)
        game = self.link.load()
        super().__init__(game, autosave=False)
        self.note = note

    def open_game(self, game) -> None:
        self.push_screen(SCREENS[game.game_id](game, self.link, self.note))


def run_seat(folder: Path, side: str, note: str = "") -> int:
    from .games import seats_of
    seat = next((s for s in seats_of(Path(folder)) if s.side == side), None)
    if seat is None:
        raise SystemExit(f"wartable: no seat '{side}' in {folder}")
    SeatApp(seat, note).run()
    return 0

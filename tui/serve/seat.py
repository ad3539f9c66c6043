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

    def seen(self) -> None:
        """Take the save as it is now as seen (one that cannot be read is told once, not again
        at every look)."""
        self.stamp = self._stamp_now()

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
                    events.extend(type(game).apply(game, cmd))     # the class's: never the seat's own
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
        if len(self.known) == len(game.log) - 1:
            self.known.append(command_to_json(game.log[-1]))
        elif len(self.known) == len(game.log) + 1:
            self.known.pop()
        else:
            self.known = [command_to_json(c) for c in game.log]

    # -- a seat that applies through the game itself (Tide of Iron, Victory) ------------------
    def bind(self, game, allowed, shown) -> None:
        """Make ``game.apply`` and ``game.undo`` the seat's: under the lock, after catching up
        (``shown(events, reloaded)`` tells the screen what the others did), only commands
        ``allowed(game, cmd)`` lets this seat give, written to the save at once. Undo takes back
        only this seat's own last command, and only while nobody has acted after it."""
        cls = type(game)
        mine: list[int] = []                  # log lengths right after this seat's commands

        def apply(cmd):
            with locked(self.seat):
                self.sync_into(game, shown)
                if not allowed(game, cmd):
                    raise IllegalCommand(f"Not yours to give now: {game.describe(cmd)}"
                                         if hasattr(game, "describe") else "Not yours to give now.")
                events = cls.apply(game, cmd)
                self.wrote(game)
                mine.append(len(game.log))
            return events

        def undo() -> bool:
            with locked(self.seat):
                self.sync_into(game, shown)
                if not mine or mine[-1] != len(game.log) or not cls.undo(game):
                    return False
                mine.pop()
                self.wrote(game)
            return True

        game.apply, game.undo = apply, undo

    def sync_into(self, game, shown) -> None:
        """Catch ``game`` (the object itself) up with the save; tell ``shown`` what changed."""
        fresh, events, reloaded = self.catch_up(game)
        if reloaded:
            bound = {k: game.__dict__[k] for k in ("apply", "undo") if k in game.__dict__}
            game.__dict__.clear()
            game.__dict__.update(fresh.__dict__)
            game.__dict__.update(bound)
        if events or reloaded:
            shown(events, reloaded)


class SeatScreen:
    """What every seat's screen does besides its game: greet the player, watch the save
    (``_poll``, a few times a second), and end the app when the player leaves the top menu."""

    link: SeatLink
    note: str

    def on_mount(self) -> None:           # the game screen's own mount runs after this one
        self.app.seat_shown = True
        self.set_interval(POLL, self._poll)
        self.query_one(LogPanel).note(Text(f"You hold the seat of {self.link.seat.label} in this game. q at "
                                            "the top of the menu (or ctrl+c) leaves it; the game waits.",
                                            style="bold"))
        if self.note:
            self.query_one(LogPanel).note(Text(self.note, style="bold"))
            self.notify(self.note, timeout=60)
        self.call_after_refresh(self._show_since_played)

    def _show_since_played(self) -> None:
        """What the others did since this seat's player last gave a command (the public log,
        ``Game.events_since``, which the save keeps): shown once, as the seat opens."""
        game = self.game
        if game is None or not game.log or game.outcome is not None:
            return
        since = game.events_since(self.link.seat.side)
        if since:
            from tui.roads.since import SinceScreen
            self.app.push_screen(SinceScreen(self.link.seat.label, since, "since you last played"))

    def _poll(self) -> None:
        raise NotImplementedError

    def action_back(self) -> None:
        from tui.widgets.command_menu import CommandMenu
        if not self.query_one(CommandMenu).back():
            self.app.exit()


class SeatRoadsScreen(SeatScreen, RoadsScreen):
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
            self.query_one(LogPanel).note(Text("The other side took its last command back.", style="bold"))
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
        self.query_one(LogPanel).note(Text("UNDO the last command was taken back.", style="bold"))
        self.refresh_view()

class SeatMixin(SeatScreen):
    """A Tide of Iron or Victory screen at one seat: the game applies through the seat
    (``SeatLink.bind``), the save is watched, and there are no pass screens."""

    def _bind_seat(self, link: SeatLink, note: str) -> None:
        self.link = link
        self.player = link.seat.side
        self.note = note
        link.bind(self.game, self.seat_allows, self._others)

    def seat_allows(self, game, cmd) -> bool:
        raise NotImplementedError

    def _poll(self) -> None:
        if self.game is None or not self.link.changed():
            return
        with locked(self.link.seat):
            try:
                self.link.sync_into(self.game, self._others)
            except SaveError as exc:
                self.notify(f"The game's save cannot be read: {exc}", severity="error", timeout=10)

    def _others(self, events, reloaded: bool) -> None:
        log = self.query_one(LogPanel)
        if reloaded:
            log.note(Text("Another player took their last command back.", style="bold"))
        log.add_events(events)
        self.refresh_view()
        if self.game.outcome is not None:
            self.call_after_refresh(self.show_end)

    def player_to_act(self):
        return None                       # no pass screens: every player has a terminal

    def _undo_now(self) -> None:
        if not self.game.undo():
            self.notify("Only your own last command can be taken back, before anyone acts after it.",
                        severity="warning")
            self.refresh_view()
            return
        self.query_one(LogPanel).note(Text("UNDO the last command was taken back.", style="bold"))
        self.refresh_view()

    def action_undo(self) -> None:
        self._undo_now()

def _toi_screen():
    from tui.toi.screen import ToIScreen
    from rules.toi.game import SIDE_NAME

    class SeatToIScreen(SeatMixin, ToIScreen):
        """Tide of Iron for one player: their side's turns only (the sides swap between the two
        campaigns of a double campaign); no secrets, so the whole record shows."""

        def __init__(self, game, link: SeatLink, note: str = "") -> None:
            super().__init__(game, autosave=False)
            self._bind_seat(link, note)

        def my_side(self) -> str | None:
            return next((s for s, p in self.game.state.players.items() if p == self.player), None)

        def seat_allows(self, game, cmd) -> bool:
            if game.state.phase == "status":  # TOI Red October: both buy at once, each their own
                return getattr(cmd, "side", None) in (None, self.my_side())
            return game.state.to_act in (None, self.my_side())

        def refresh_view(self) -> None:
            super().refresh_view()
            from tui.widgets.command_menu import CommandMenu
            to_act = self.game.state.to_act
            if to_act is not None and to_act != self.my_side():
                self.query_one(CommandMenu).set_entries(
                    [], f"Waiting for the {SIDE_NAME[to_act]} player ({self.game.player(to_act)})")
            elif self.game.state.phase == "status":
                from tui.toi.menu import FREE_KEYS, menu_entries
                title, entries = menu_entries(self.game)
                mine = [(path, cmd) for path, cmd in entries if self.seat_allows(self.game, cmd)]
                if self.my_side() in self.game.state.buyers:
                    mine = [(("Enter the command on the cards (e)",), "result-form")] + mine
                else:
                    title = f"Waiting for {', '.join(self.game.player(s) for s in self.game.state.buyers)}"
                self.query_one(CommandMenu).set_entries(mine, title, keep_place=self._repeats(),
                                                        free_keys=FREE_KEYS)

    return SeatToIScreen


def _victory_screen():
    from tui.victory.menu import menu_commands, menu_entries
    from tui.victory.screen import VictoryScreen, _owner

    class SeatVictoryScreen(SeatMixin, VictoryScreen):
        """Victory for one player: their own Battle Group and commands, and the commands of a
        battle's table that name no player; the others' Battle Groups stay secret in round robin
        (7.1; ``VictoryScreen.keeps_secrets``, as in hot-seat play)."""

        def __init__(self, game, link: SeatLink, note: str = "") -> None:
            self._seat_player = link.seat.side
            super().__init__(game, autosave=False)
            self._bind_seat(link, note)

        def _deal(self) -> None:
            self._to_act = self._seat_player if self.game is not None else None
            self.concealed = False

        def _reseat(self) -> bool:
            self._to_act, self.concealed = self._seat_player, False
            return False

        def player_to_act(self):
            return self._seat_player

        def seat_allows(self, game, cmd) -> bool:
            return _owner(cmd) in (None, self._seat_player)

        def refresh_view(self) -> None:
            self._to_act, self.concealed = self._seat_player, False
            super().refresh_view()
            from tui.widgets.command_menu import CommandMenu
            game = self.game
            mine = [c for c in menu_commands(game) if _owner(c) in (None, self._seat_player)]
            if not mine:
                waiting = ", ".join(game.acting()) or "nobody"
                self.query_one(CommandMenu).set_entries([], f"Waiting for {waiting}")
                return
            title, entries = menu_entries(game, mine)
            entries = [(path[1:] if path[0] == self._seat_player and len(path) > 1 else path, cmd)
                       for path, cmd in entries]
            self.query_one(CommandMenu).set_entries(entries, title, keep_place=self._repeats())

    return SeatVictoryScreen


def screen_for(game_id: str):
    if game_id == "roads":
        return SeatRoadsScreen
    return _toi_screen() if game_id == "toi" else _victory_screen()


class SeatApp(WartableApp):
    """The app in seat mode: straight onto the seat's screen; leaving it ends the app."""

    seat_shown = False

    def pop_screen(self):
        """A seated player is never handed the launcher beneath (its saves and new games are
        the host's): when the seat's screen goes (its end screen closed, or left any other
        way), the session ends."""
        result = super().pop_screen()
        if self.seat_shown and len(self.screen_stack) <= 1 and self.return_code is None:
            self.exit()
        return result

    def __init__(self, seat: Seat, note: str = "") -> None:
        self.link = SeatLink(seat)
        game = self.link.load()
        super().__init__(game, autosave=False)
        self.note = note

    def open_game(self, game) -> None:
        self.push_screen(screen_for(game.game_id)(game, self.link, self.note))


def run_seat(folder: Path, side: str, note: str = "") -> int:
    from .games import seats_of
    seat = next((s for s in seats_of(Path(folder)) if s.side == side), None)
    if seat is None:
        raise SystemExit(f"wartable: no seat '{side}' in {folder}")
    app = SeatApp(seat, note)
    app.run()
    return app.return_code or 0

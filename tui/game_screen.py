"""What every hot-seat campaign screen shares: apply a legal command, autosave, log, undo,
named saves, the end, and a pass-the-keyboard screen when another player must act.

The seat model (DESIGN.md, "The terminal"): a screen shows one player's view at a time, the
seat (``_to_act``). Whenever the seat passes to another player, a PassScreen covers the screen
first; while it does (``concealed``), a game with secrets renders nobody's secrets. Undoing
another player's command passes the keyboard back to that player before it is taken back.
"""

from __future__ import annotations

from rich.text import Text
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.core.errors import IllegalCommand
from rules.core.events import Event
from tui import storage
from tui.widgets.log_panel import LogPanel
from tui.textual_insides import SteadyScreen, shown_bindings, use_line_compositor


class PassScreen(ModalScreen[bool]):
    """Hot-seat: hide the screen until the named player has the keyboard. Dismissed with True
    (Enter, Space); a cancellable one (an undo that needs another player) also takes q or Esc,
    dismissing with False."""

    BINDINGS = [Binding("enter", "go", "Ready", id="confirm"), Binding("space", "go", show=False),
                Binding("q", "cancel", "Cancel", id="cancel"), Binding("escape", "cancel", show=False)]

    def __init__(self, who: str, note: str = "", cancellable: bool = False) -> None:
        super().__init__()
        self.who = who
        self.note = note
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        body = Text.assemble(("Pass the keyboard to ", ""), (self.who, "bold"), (".", ""))
        if self.note:
            body.append(f"\n\n{self.note}")
        body.append("\n\nPress Enter when you are ready.")
        if self.cancellable:
            body.append("\nq or Esc: cancel (nothing is changed).")
        with Vertical(id="pass"):
            yield Static(body)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "cancel":
            return self.cancellable
        return True

    def action_go(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        if self.cancellable:
            self.dismiss(False)


class GameScreen(SteadyScreen):
    """Base of the campaign screens: subclasses compose, refresh and name the player to act.

    Given a save (``load=``) instead of a game, the screen is shown at once with a loading mark
    in its menu, and the save is replayed in a thread after that first frame; the game then
    fills the screen. Until it does, only ``q`` (back) works. A save already loading in a
    thread (``loading=``, started when the app was made) is waited for a moment when the
    screen is made: loaded by then, the screen is composed for the game and its first frame
    shows it (one frame drawn, not a loading frame and then the game); not yet, it fills the
    screen when it is.
    """

    LOAD_GRACE = 0.2      # seconds the screen waits for a save already loading
    # the menu has the keys from the first frame (Textual's default focuses the first widget
    # that takes focus, the board, and the menu took it from there: two restyles and a frame)
    AUTO_FOCUS = "#menu-options"

    UNDO_REFUSED = "Cannot undo past a roll, a draw or the start of the game."
    # a save keeps the game (its commands and a checkpoint of the last state) and the state at
    # the last roll or reveal, from which a load rebuilds the undo steps since (rules.core.save);
    # a save with none to keep (or one written before saves kept them) undoes nothing past it
    UNDO_LOADED = ("Cannot undo past the point where this game was loaded: it was saved at a roll "
                   "or a reveal, or by a wartable that kept no undo steps.")

    def _undo_refused(self) -> str:
        loaded = getattr(self.game, "loaded_at", 0)
        return self.UNDO_LOADED if loaded and len(self.game.log) == loaded else self.UNDO_REFUSED
    BINDINGS = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("q", "back", "Back", id="back"),
        Binding("s", "save", "Save", id="save"),
        Binding("l", "log", "Log", id="log"),
    ]

    def __init__(self, game=None, *, autosave: bool = True, load: tuple[Path, int] | None = None,
                 loading: storage.Loading | None = None) -> None:
        super().__init__()
        use_line_compositor(self)         # a key repaints only the lines it changed
        if (game is None) == (load is None):
            raise ValueError("A game screen needs a game or a save to load (path, commands), not both.")
        # a save already loading is waited for a moment now, before the screen is composed:
        # loaded by then, every widget is made for the game (the footer with the game's keys,
        # the panels filled when mounted) and the first frame shows it
        self._preloaded = (game is None and loading is not None and loading.wait(self.LOAD_GRACE)
                           and loading.error is None)
        if self._preloaded:
            game = loading.game
        self.game = game
        self.autosave = autosave
        self._load = load
        self._loading = loading
        self._autosave_failed = False
        self._to_act = None               # the seat: whose view the screen shows
        self._deal()

    # -- what subclasses provide ---------------------------------------------------
    def refresh_view(self) -> None:
        raise NotImplementedError

    def player_to_act(self) -> str | None:
        """Who alone must act now, as a name for the pass screen (None: anyone, or shared)."""
        return None

    def end_screen(self) -> ModalScreen:
        raise NotImplementedError

    def keeps_secrets(self) -> bool:
        """Players hold secrets from each other now (hand-overs then hide the screen)."""
        return False

    def confirmation(self, command) -> tuple[str, object] | None:
        """What `command` will do, as (title, body), when it cannot be taken back or loses
        something (a roll, a withdrawal, the end of a turn, a loss of resources): the player
        confirms it first. None: it is given at once."""
        return None

    def owner_of(self, command) -> str | None:
        """The player whose secret `command` is (None: a public command): undoing it passes
        the keyboard back to that player first."""
        return None

    # -- the shared flow ---------------------------------------------------------------
    def on_mount(self) -> None:
        if self._preloaded:
            self._show_loaded()                     # the game in the screen's first frame
            return
        if self.game is None:
            from tui.widgets.command_menu import CommandMenu
            path, commands = self._load
            self.query_one(CommandMenu).note(f"Loading the save ({commands} commands)…")
            self.call_after_refresh(self._start_loading)
            return
        self._autosave()                  # the game in progress, from the moment it is shown
        self._show_game()

    def _deal(self) -> None:
        """Seat the player to act; a game with secrets is dealt through the pass screen."""
        self._to_act = self.player_to_act() if self.game is not None else None
        self.concealed = self.game is not None and self.keeps_secrets() and self._to_act is not None

    def _show_game(self) -> None:
        self.query_one(LogPanel).add_recent(self.game.events)
        self.refresh_view()
        self.query_one("#menu-options").focus()
        if self.game.outcome is not None:
            self.call_after_refresh(self.show_end)
        elif self.concealed:
            self.call_after_refresh(self.hand_over, self._to_act)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """While the save loads there is no game to act on: only back."""
        return self.game is not None or action == "back"

    def _start_loading(self) -> None:
        self.run_worker(self._replay, thread=True, exit_on_error=False, group="load")

    def _replay(self) -> None:
        """In a thread: replay the save, then hand the game (or the problem) to the screen."""
        from rules.core.errors import SaveError
        try:
            game = self._loading.result() if self._loading is not None else storage.load(self._load[0])
        except SaveError as exc:
            self.app.call_from_thread(self._load_failed, str(exc))
        else:
            self.prepare(game)
            self.app.call_from_thread(self._loaded, game)

    def prepare(self, game) -> None:
        """In the loading thread, after the save has loaded: work the screen would otherwise do
        on the UI thread when the game is shown (``prepare_game``)."""
        self.prepare_game(game)

    @staticmethod
    def prepare_game(game) -> None:
        """That work, given to a ``storage.Loading`` too (nothing here)."""

    def _loaded(self, game) -> None:
        if not self.is_attached:
            return                      # left while it loaded
        self.game = game
        self._deal()
        self.refresh_bindings()
        self._show_loaded()

    def _show_loaded(self) -> None:
        """A loaded save's game onto the screen."""
        self._show_game()
        # written once the game is on screen (a write waits for the disk); a command given
        # before then autosaves by itself (and this writes the same game again), and leaving
        # the screen before then writes it first
        self._autosave_due = True
        self.after_first_frame(self._autosave_if_due)
        started = getattr(self.app, "started", None)
        if started is not None:
            self.after_first_frame(started)       # the start-up's first frame that matters

    _autosave_due = False

    def _autosave_if_due(self) -> None:
        if self._autosave_due and self.game is not None and self.is_attached:
            self._autosave()

    def _load_failed(self, problem: str) -> None:
        if not self.is_attached:
            return
        report = getattr(self.app, "load_failed", None)
        if report is not None:
            report(self, problem)
        else:
            self.app.pop_screen()
            self.notify(problem, severity="error", timeout=10)

    def action_back(self) -> None:
        """Climb one menu level; at the top, back to the launcher (the game is autosaved)."""
        from tui.widgets.command_menu import CommandMenu
        if not self.query_one(CommandMenu).back():
            self._autosave_if_due()
            self.app.pop_screen()

    def give(self, command) -> None:
        """Play a command the player chose, after the confirmation it needs (unless the player
        turned confirmations off); cancelled, nothing changes."""
        from tui.widgets.confirm import ConfirmScreen, confirmations_on
        ask = self.confirmation(command) if confirmations_on(self.app) else None
        if ask is None:
            self.play(command)
            return
        version = self.game.version

        def answered(yes: bool | None) -> None:
            self.holds_keys = False
            if yes and self.game is not None and self.game.version == version:
                self.play(command)

        self.holds_keys = True            # keys typed after the answer wait for what it opens
        self.app.push_screen(ConfirmScreen(*ask), answered)

    holds_keys = False

    def play(self, command) -> bool:
        try:
            events = self.game.apply(command)
        except IllegalCommand as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return False
        self.after(events)
        return True

    def present(self, events: list[Event], done) -> None:
        """Show what a command caused before play goes on; screens may step through it."""
        done()

    def after(self, events: list[Event]) -> None:
        self._autosave()
        self.query_one(LogPanel).add_events(events)
        handover = self._reseat()
        self.refresh_view()
        self.present(events, lambda: self._settled(handover))

    def _reseat(self) -> bool:
        """Move the seat to whoever must act now; True when that is a hand-over to another
        player (the screen is then concealed, in a game with secrets, until the pass)."""
        before = self._to_act
        self._to_act = self.player_to_act()
        handover = self._to_act is not None and self._to_act != before
        self.concealed = handover and self.keeps_secrets()
        return handover

    def _settled(self, handover: bool = False) -> None:
        if self.game.outcome is not None:
            self.show_end()
            return
        if handover and self._to_act is not None:
            self.hand_over(self._to_act)

    def hand_over(self, who: str, note: str = "", then=None, cancellable: bool = False) -> None:
        """Cover the screen with a pass screen for `who`; when they are at the keyboard the seat
        is theirs (``then`` runs first: an undo waiting for them). Cancelled: nothing changes."""
        if self.keeps_secrets() and not self.concealed:
            self.concealed = True
            self.refresh_view()

        def passed(ready: bool | None) -> None:
            if ready is None:             # closed with the app, not by a player
                return
            if ready is False:
                self._show_seat()
                return
            self._to_act = who
            self.concealed = False
            if then is not None:
                then()                    # it shows the view itself (or hands over again)
            elif self.is_mounted:
                self.refresh_view()

        self.app.push_screen(self.pass_screen(who, note, cancellable), passed)

    def pass_screen(self, who: str, note: str = "", cancellable: bool = False) -> PassScreen:
        """The pass screen for `who` (a screen may style its own)."""
        return PassScreen(who, note, cancellable)

    def _show_seat(self) -> None:
        """The player the seat belongs to has the keyboard: show their view."""
        self.concealed = False
        if self.is_mounted:
            self.refresh_view()

    def _autosave(self) -> None:
        """Write the autosave. A full or read-only disk does not stop play: the player is told
        once (and again when it works again), and the game goes on unsaved meanwhile."""
        self._autosave_due = False
        if not self.autosave:
            return
        try:
            storage.autosave(self.game)
        except OSError as exc:
            if not self._autosave_failed:
                self.notify(f"Autosave failed: {exc.strerror or exc} ({storage.autosave_path()}). "
                            "Play goes on, but this game is not being saved.",
                            severity="error", timeout=15)
            self._autosave_failed = True
            return
        if self._autosave_failed:
            self.notify("Autosave works again: the game is saved.")
        self._autosave_failed = False

    def show_end(self) -> None:
        if self.game.outcome is None:     # late: a key typed meanwhile took the end back (undo)
            return
        if self.autosave:
            try:
                warning = storage.record_result(self.game)
            except OSError as exc:
                self.notify(f"Could not record the result: {exc.strerror or exc}", severity="error",
                            timeout=10)
            else:
                if warning:
                    self.notify(warning, severity="warning", timeout=10)
        self.app.push_screen(self.end_screen())

    def action_undo(self) -> None:
        if not self.game.can_undo:
            self.notify(self._undo_refused(), severity="warning")
            return
        owner = self.owner_of(self.game.log[-1]) if self.keeps_secrets() and self.game.log else None
        if owner is not None and owner != self._to_act:
            # another player's secret command: they take the keyboard back before it is undone
            self.hand_over(owner, f"u takes back {owner}'s last command, with {owner}'s view.",
                           then=self._undo_now, cancellable=True)
            return
        self._undo_now()

    def _undo_now(self) -> None:
        if not self.game.undo():
            self.notify(self._undo_refused(), severity="warning")
            return
        self._autosave()
        self.query_one(LogPanel).note(Text("UNDO the last command was taken back.", style="bold"))
        if self.keeps_secrets():
            if self._reseat():
                self.hand_over(self._to_act)
                return
        else:
            self._to_act = self.player_to_act()
        self.refresh_view()

    def keys_help(self) -> str:
        """The keys of this screen, for the help screen."""
        keys = ", ".join(f"{self.app.get_key_display(b)} {b.description.lower()}"
                         for b in shown_bindings(self) if b.description)
        return ("Keys: digits and letters choose a menu entry; arrows and Enter also work. "
                f"{keys}. A roll, a withdrawal, the end of a turn or a loss asks first: Enter or y "
                "does it, Esc or q does not (the launcher's Settings turn this off).")

    def action_save(self) -> None:
        from tui.widgets.common_screens import SaveNameScreen
        self.app.push_screen(SaveNameScreen(), self._save_as)

    def _save_as(self, name: str | None) -> None:
        if not name:
            return
        try:
            path = storage.save_named(self.game, name)
        except (ValueError, OSError) as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Saved as '{name}' ({path.name}).")

    def action_log(self) -> None:
        from tui.widgets.common_screens import LogScreen
        self.app.push_screen(LogScreen(self.game.events))

    def export(self, documents: dict[str, str]) -> None:
        try:
            paths = storage.export_markdown(documents)
        except OSError as exc:
            self.notify(f"Export failed: {exc}", severity="error")
            return
        self.notify("Exported: " + ", ".join(str(p) for p in paths), timeout=10)

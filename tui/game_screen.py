"""What every hot-seat campaign screen shares: apply a legal command, autosave, log, undo,
named saves, the end, and a pass-the-keyboard screen when another player must act."""

from __future__ import annotations

from rich.text import Text
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from rules.core.errors import IllegalCommand
from rules.core.events import Event
from tui import storage
from tui.widgets.log_panel import LogPanel


class PassScreen(ModalScreen[None]):
    """Hot-seat: hide the screen until the named player has the keyboard."""

    BINDINGS = [Binding("enter", "go", "Ready", id="confirm"), Binding("space", "go", show=False)]

    def __init__(self, who: str) -> None:
        super().__init__()
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(id="pass"):
            yield Static(Text.assemble(("Pass the keyboard to ", ""), (self.who, "bold"),
                                       (".\n\nPress Enter when you are ready.", "")))

    def action_go(self) -> None:
        self.dismiss(None)


class GameScreen(Screen):
    """Base of the campaign screens: subclasses compose, refresh and name the player to act.

    Given a save (``load=``) instead of a game, the screen is shown at once with a loading mark
    in its menu, and the save is replayed in a thread after that first frame; the game then
    fills the screen. Until it does, only ``q`` (back) works.
    """

    UNDO_REFUSED = "Cannot undo past a roll, a draw or the start of the game."
    BINDINGS = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("q", "back", "Back", id="back"),
        Binding("s", "save", "Save", id="save"),
        Binding("l", "log", "Log", id="log"),
    ]

    def __init__(self, game=None, *, autosave: bool = True, load: tuple[Path, int] | None = None) -> None:
        super().__init__()
        if (game is None) == (load is None):
            raise ValueError("A game screen needs a game or a save to load (path, commands), not both.")
        self.game = game
        self.autosave = autosave
        self._autosave_failed = False
        self._load = load
        self._to_act = self.player_to_act() if game is not None else None

    # -- what subclasses provide ---------------------------------------------------
    def refresh_view(self) -> None:
        raise NotImplementedError

    def player_to_act(self) -> str | None:
        """Who alone must act now, as a name for the pass screen (None: anyone, or shared)."""
        return None

    def end_screen(self) -> ModalScreen:
        raise NotImplementedError

    # -- the shared flow ---------------------------------------------------------------
    def on_mount(self) -> None:
        if self.game is None:
            from tui.widgets.command_menu import CommandMenu
            path, commands = self._load
            self.query_one(CommandMenu).note(f"Loading the save ({commands} commands)…")
            self.call_after_refresh(self._start_loading)
            return
        self._autosave()                  # the game in progress, from the moment it is shown
        self._show_game()

    def _show_game(self) -> None:
        self.query_one(LogPanel).add_recent(self.game.events)
        self.refresh_view()
        self.query_one("#menu-options").focus()
        if self.game.outcome is not None:
            self.call_after_refresh(self.show_end)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """While the save loads there is no game to act on: only back."""
        return self.game is not None or action == "back"

    def _start_loading(self) -> None:
        self.run_worker(self._replay, thread=True, exit_on_error=False, group="load")

    def _replay(self) -> None:
        """In a thread: replay the save, then hand the game (or the problem) to the screen."""
        from rules.core.errors import SaveError
        try:
            game = storage.load(self._load[0])
        except SaveError as exc:
            self.app.call_from_thread(self._load_failed, str(exc))
        else:
            self.app.call_from_thread(self._loaded, game)

    def _loaded(self, game) -> None:
        if not self.is_attached:
            return                      # left while it loaded
        self.game = game
        self._to_act = self.player_to_act()
        self.refresh_bindings()
        self._autosave()
        self._show_game()

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
            self.app.pop_screen()

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
        self.refresh_view()
        self.present(events, self._settled)

    def _settled(self) -> None:
        if self.game.outcome is not None:
            self.show_end()
            return
        to_act = self.player_to_act()
        if to_act is not None and to_act != self._to_act:
            self.app.push_screen(PassScreen(to_act))
        self._to_act = to_act

    def _autosave(self) -> None:
        """Write the autosave. A full or read-only disk does not stop play: the player is told
        once (and again when it works again), and the game goes on unsaved meanwhile."""
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
        if self.game.undo():
            self._autosave()
            self.query_one(LogPanel).write(Text("UNDO the last command was taken back.", style="bold"))
            self._to_act = self.player_to_act()
            self.refresh_view()
        else:
            self.notify(self.UNDO_REFUSED, severity="warning")

    def keys_help(self) -> str:
        """The keys of this screen, for the help screen."""
        keys = ", ".join(f"{'?' if b.key == 'question_mark' else b.key} {b.description.lower()}"
                         for b in self._bindings.shown_keys if b.description)
        return ("Keys: digits and letters choose a menu entry; arrows and Enter also work. "
                f"{keys}.")

    def action_save(self) -> None:
        from tui.fallblau.screen import SaveNameScreen
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
        from tui.fallblau.screen import LogScreen
        self.app.push_screen(LogScreen(self.game.events))

    def export(self, documents: dict[str, str]) -> None:
        try:
            paths = storage.export_markdown(documents)
        except OSError as exc:
            self.notify(f"Export failed: {exc}", severity="error")
            return
        self.notify("Exported: " + ", ".join(str(p) for p in paths), timeout=10)

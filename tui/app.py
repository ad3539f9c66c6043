"""The wartable Textual app: the launcher, the game screens, and the too-small notice."""

from __future__ import annotations

import gc
from functools import partial
from pathlib import Path

from textual import events
from textual.app import ScreenStackError
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Static

from tui import storage
from tui.textual_insides import ChangedCellsApp, SteadyApp, SteadyScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24
HERE = Path(__file__).parent


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is below 80x24: nothing else is drawn, nothing is lost."""

    def compose(self):
        with Middle():
            with Center():
                yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self.update_size()

    def update_size(self, size=None) -> None:
        w, h = size if size is not None else self.app.size
        try:
            text = self.query_one("#too-small-text", Static)
        except NoMatches:
            return                        # pushed but not composed yet: its mount shows the size
        text.update(f"Please enlarge the window.\nwartable needs {MIN_WIDTH}x{MIN_HEIGHT}, this is {w}x{h}.")


class LauncherBeneath(SteadyScreen):
    """The bottom screen of an app opened on a save: blank, and made the launcher when the
    player comes back to it. The launcher itself is not made unseen at the start (its menu
    reads every save in the saves folder: the more saves, the slower a save opened)."""

    _covered = False

    def on_screen_suspend(self) -> None:
        self._covered = True

    def on_screen_resume(self) -> None:
        if self._covered:                 # back from the game: the launcher, made now and
            from tui.launcher import LauncherScreen   # kept above (q there quits)
            self._covered = False
            self.app.push_screen(LauncherScreen())


class WartableApp(ChangedCellsApp, SteadyApp):     # only the changed cells go to the terminal
    CSS_PATH = HERE / "app.tcss"      # absolute, so a subclass elsewhere finds it; game screens bring their own
    TITLE = "wartable"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def __init__(self, game=None, *, autosave: bool = True, save: tuple[Path, str, int] | None = None) -> None:
        # The styles of the screen the app opens on are read with the app's own: a screen
        # that brings new styles when pushed makes Textual parse every style again and restyle
        # every widget (a tenth of the first frame's time).
        first = game.game_id if game is not None else save[1] if save is not None else None
        css = [self.CSS_PATH]
        if first is not None:
            screen_css = self._screen_class(first).CSS_PATH
            css += screen_css if isinstance(screen_css, list) else [screen_css]
        super().__init__(css_path=css)
        self.start_game = game
        self.start_save = save          # (path, game id, commands): shown at once, loaded meanwhile
        # the save starts loading now, while the app starts and its screen is composed
        self._start_loading = (storage.Loading(save[0], self._screen_class(save[1]).prepare_game)
                               if save is not None and self.preloads(save[1]) else None)
        self.load_error: str | None = None
        self.autosave = autosave
        self._too_small: TooSmallScreen | None = None
        self._mounted = False
        self._held_keys: list[events.Key] = []
        # made while the collector is paused (``wartable`` pauses it for the start): resume it
        # once the first frame that matters is shown (see ``started``)
        self._collector_paused = not gc.isenabled()
        # ask before a roll, a withdrawal, the end of a turn or a loss (the launcher's Settings)
        self.confirmations = True
        # the computer's strength offered first for a new Roads game (the last one chosen)
        self.roads_strength = "normal"

    def get_driver_class(self):
        """Textual's driver for this terminal (or the one TEXTUAL_DRIVER names: the web's), with
        input that is not UTF-8 read as U+FFFD instead of ending the app (tui.textual_insides)."""
        from tui.textual_insides import lenient_driver
        return lenient_driver(super().get_driver_class())

    def panic(self, *renderables) -> None:
        """An unexpected error ends the app (Textual's panic: its input thread failed, say) with
        exit code 1; Textual's own ends it with 0, as if all went well."""
        super().panic(*renderables)
        if not self.return_code:
            self.exit(return_code=1)

    def on_mount(self) -> None:
        try:
            keymap = storage.load_keymap()
        except ValueError as exc:
            self.notify(f"{exc} Using the default keys.", severity="error", timeout=10)
        else:
            self.set_keymap({action: key for action, key in keymap.items()})
        try:
            settings = storage.load_settings()
            self.confirmations = settings["confirmations"]
            self.roads_strength = settings["roads_strength"]
        except ValueError as exc:
            self.notify(f"{exc} Using the default settings.", severity="error", timeout=10)
        if self.start_game is not None:
            self.open_game(self.start_game)
        elif self.start_save is not None:
            self.open_save(*self.start_save, loading=self._start_loading)
        self._mounted = True
        self.call_after_refresh(self.check_size)
        if self.start_save is None:
            self.call_after_refresh(self.started)      # the launcher, or a game, in this frame
        self.set_timer(3, self.started)                # in any case (a save that fails to load)

    _tidied = False

    def started(self) -> None:
        """The first frame that matters is on screen (the launcher, or the game loaded into
        its screen): the garbage collector, paused for the start, runs again; what is alive
        now (modules, content, the screen) is frozen out of its walks first. What killed
        processes left behind (their temp files) is removed now, not before the first frame."""
        if not self._tidied:
            self._tidied = True
            storage.remove_stale_temp_files()
        if self._collector_paused:
            self._collector_paused = False
            gc.freeze()
            gc.enable()

    def get_default_screen(self):
        """The launcher is the bottom screen: every other screen returns to it (made only when
        it is first shown, for an app opened on a save)."""
        if self.start_save is not None:
            return LauncherBeneath()
        from tui.launcher import LauncherScreen
        return LauncherScreen()

    def open_game(self, game, resumed: bool = False) -> None:
        """Show a game on its own screen (chosen by the game's id); the screen autosaves it.
        Unless it is the autosave's own game (``resumed``), an unfinished game in the autosave
        is first kept as a named save, and the player told so."""
        note = None if resumed else self.keep_in_progress()
        self._push_game_screen(self._screen_class(game.game_id)(game, autosave=self.autosave), note)

    def _push_game_screen(self, screen, note: str | None) -> None:
        """Push a game's screen; ``note`` (the game in progress kept) is told once it is up (a
        toast now lands on the old screen; one before the screen's first frame delays it)."""
        self.push_screen(screen)
        if note is not None:
            tell = partial(self.notify, note, timeout=10)
            if isinstance(screen, SteadyScreen):
                screen.after_first_frame(tell)
            else:
                self.call_after_refresh(tell)

    def keep_in_progress(self) -> str | None:
        """A new or loaded game is about to take the autosave: keep the one in progress. The
        note to tell the player (once the new screen is up) when one was kept."""
        if not self.autosave:
            return None
        try:
            name = storage.keep_in_progress()
        except OSError as exc:
            self.notify(f"The game in progress could not be kept: {exc.strerror or exc}.",
                        severity="error", timeout=10)
            return None
        if name is None:
            return None
        return f"The game in progress was kept as the save '{name}' (Load a save)."

    # -- keys typed faster than screens appear ---------------------------------------------
    def _screen_ready(self) -> bool:
        """The screen in front is mounted and not waiting on an answer it was just given (a
        confirmation closed, its command not played yet: ``holds_keys``)."""
        try:
            screen = self.screen
        except ScreenStackError:
            return False
        return screen.is_mounted and not getattr(screen, "holds_keys", False)

    async def on_event(self, event: events.Event) -> None:
        """A key reaches a screen only once that screen is composed and mounted. A key typed
        while a screen is being pushed (or one still on its way back up from the screen it was
        typed at when another was pushed, or typed right after a confirmation) waits, in order,
        for the new screen to be ready."""
        if isinstance(event, events.Key) and (self._held_keys or not self._screen_ready()):
            self._held_keys.append(event)
            if len(self._held_keys) == 1:
                self.set_timer(0.005, self._release_keys)
            return
        await super().on_event(event)

    def key_for_the_next_screen(self, key: str, character: str | None) -> None:
        """A key a closing screen does not take (it closed for it): it goes, before any key
        typed after it, to the screen beneath once that screen is ready (a fresh event: it is
        dispatched as typed, not as one already forwarded)."""
        self._held_keys.insert(0, events.Key(key, character))
        if len(self._held_keys) == 1:
            self.set_timer(0.005, self._release_keys)

    async def _release_keys(self) -> None:
        while self._held_keys:
            if not self._screen_ready():
                self.set_timer(0.005, self._release_keys)
                return
            await super().on_event(self._held_keys.pop(0))

    # -- the too-small notice ------------------------------------------------------------------
    def push_screen(self, screen, *args, **kwargs):
        """While the too-small notice is up it stays on top: a screen pushed meanwhile (a
        resolution, a pass screen, the end) goes beneath it."""
        notice = self._too_small
        if notice is None or screen is notice or self.screen is not notice:
            return super().push_screen(screen, *args, **kwargs)
        self.pop_screen()
        result = super().push_screen(screen, *args, **kwargs)
        self._too_small = TooSmallScreen()
        super().push_screen(self._too_small)
        return result

    @staticmethod
    def preloads(game_id: str) -> bool:
        """Whether a save of this game is loaded in a thread from the moment it is opened (and
        is then usually in its screen's first frame): every game's. (Roads showed its loading
        frame first and imported its engine in a thread after it: the game came a frame, a
        second layout and a second map render later.)"""
        return True

    def open_save(self, path: Path, game_id: str, commands: int,
                  loading: storage.Loading | None = None) -> None:
        """Show a save's game screen at once; the game fills it when its load (in a thread) is
        done, in its first frame when the load is quick, or after a frame marked as loading.
        The screen autosaves it then."""
        if loading is None and self.preloads(game_id):
            loading = storage.Loading(path, self._screen_class(game_id).prepare_game)
        note = None
        if Path(path).resolve() != storage.autosave_path().resolve():
            note = self.keep_in_progress()
        cls = self._screen_class(game_id)
        load = (Path(path), commands)
        self._push_game_screen(cls(autosave=self.autosave, load=load, loading=loading) if loading is not None
                               else cls(autosave=self.autosave, load=load), note)

    def load_failed(self, screen, problem: str) -> None:
        """A save opened by open_save cannot be loaded: back where the player was, with the
        problem; when the app was started on that save alone, end with it (exit code 1)."""
        if self.start_save is not None and len(self.screen_stack) <= 2:
            self.load_error = problem
            self.exit(return_code=1)
            return
        if self.screen is screen:
            self.pop_screen()
        self.notify(problem, severity="error", timeout=10)

    @staticmethod
    def _screen_class(game_id: str):
        if game_id == "toi":
            from tui.toi.screen import ToIScreen
            return ToIScreen
        if game_id == "roads":
            from tui.roads.screen import RoadsScreen
            return RoadsScreen
        if game_id == "victory":
            from tui.victory.screen import VictoryScreen
            return VictoryScreen
        from tui.fallblau.screen import FallBlauScreen
        return FallBlauScreen

    def on_resize(self, event) -> None:
        if self._mounted:          # the first resize comes before the screens are pushed
            self.check_size(event.size)

    def check_size(self, size=None) -> None:
        """Show the notice on top while the terminal is below 80x24; remove it after."""
        w, h = size if size is not None else self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif small and self._too_small is not None:
            self._too_small.update_size((w, h))
        elif not small and self._too_small is not None:
            screen, self._too_small = self._too_small, None
            if self.screen is screen:
                self.pop_screen()


def run_launcher() -> int:
    """The launcher; the app's exit code (1 when it failed)."""
    app = WartableApp()
    app.run()
    return app.return_code or 0


def run_game(game) -> int:
    """Open the app straight on a game's screen (the launcher stays beneath it)."""
    app = WartableApp(game)
    app.run()
    return app.return_code or 0


def run_save(path: Path, game_id: str, commands: int, what: str) -> int:
    """Open the app on a save's screen at once and load the game into it; a save that cannot be
    loaded ends the app with ``what: problem`` on stderr and exit code 1."""
    import sys
    app = WartableApp(save=(Path(path), game_id, commands))
    app.run()
    if app.load_error is not None:
        print(f"{what}: {app.load_error}", file=sys.stderr)
        return 1
    return app.return_code or 0


run_fallblau = run_game

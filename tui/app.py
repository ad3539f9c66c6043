"""The wartable Textual app: the launcher, the game screens, and the too-small notice."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from tui import storage

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
        self.query_one("#too-small-text", Static).update(
            f"Please enlarge the window.\nwartable needs {MIN_WIDTH}x{MIN_HEIGHT}, this is {w}x{h}.")


class WartableApp(App):
    CSS_PATH = HERE / "app.tcss"      # absolute, so a subclass elsewhere finds it; game screens bring their own
    TITLE = "wartable"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def __init__(self, game=None, *, autosave: bool = True) -> None:
        super().__init__()
        self.start_game = game
        self.autosave = autosave
        self._too_small: TooSmallScreen | None = None
        self._mounted = False

    def on_mount(self) -> None:
        try:
            keymap = storage.load_keymap()
        except ValueError as exc:
            self.notify(f"{exc} Using the default keys.", severity="error", timeout=10)
        else:
            self.set_keymap({action: key for action, key in keymap.items()})
        if self.start_game is not None:
            self.open_game(self.start_game)
        self._mounted = True
        self.call_after_refresh(self.check_size)

    def get_default_screen(self):
        """The launcher is the bottom screen: every other screen returns to it."""
        from tui.launcher import LauncherScreen
        return LauncherScreen()

    def open_game(self, game) -> None:
        """Show a game on its own screen (chosen by the game's id)."""
        if game.game_id == "toi":
            from tui.toi.screen import ToIScreen
            self.push_screen(ToIScreen(game, autosave=self.autosave))
        elif game.game_id == "roads":
            from tui.roads.screen import RoadsScreen
            self.push_screen(RoadsScreen(game, autosave=self.autosave))
        elif game.game_id == "victory":
            from tui.victory.screen import VictoryScreen
            self.push_screen(VictoryScreen(game, autosave=self.autosave))
        else:
            from tui.fallblau.screen import FallBlauScreen
            self.push_screen(FallBlauScreen(game, autosave=self.autosave))
        if self.autosave:
            storage.autosave(game)

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
    WartableApp().run()
    return 0


def run_game(game) -> int:
    """Open the app straight on a game's screen (the launcher stays beneath it)."""
    WartableApp(game).run()
    return 0


run_fallblau = run_game

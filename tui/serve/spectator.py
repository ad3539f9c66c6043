"""A spectator's seat of a hosted game: live and read-only, only what both sides may see.

The screen draws the game the way the replay of an unfinished game does (``tui.replay``'s
``GameView``: Roads as neither side sees it, a round robin's Battle Groups as counts), with the
public log, and follows the save as the players move (the same catching up as a seat,
``SeatLink``). It gives no command: no menu, no undo, no save or export; its keys scroll the
board (arrows, PgUp/PgDn), open the help (?) and leave (q). It never takes the game's lock and
never writes the game's folder.

Reached by a watch code (``ssh CODE@host``, ``/watch/CODE`` on the web, ``watch CODE`` for a
key), or from the lobby with the game's folder: ``SpectatorScreen(watch)`` in an app, or the
child entry ``spectator GAME_DIR`` (``run_spectator``).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from rules.core.errors import SaveError
from tui.app import WartableApp
from tui.replay import VIEWS
from tui.widgets.footer import Footer
from tui.widgets.log_panel import LogPanel

from .games import Watch, watch_of
from .seat import POLL, SeatLink

NAMES = {"roads": "Roads to Stalingrad", "toi": "Tide of Iron", "victory": "Victory"}

HELP = ("You are watching a hosted game as a spectator: you see what both sides may see (the "
        "board, the public log), never a hand, a drawn chit, a secret choice or a Battle Group, "
        "and you give no command. The screen follows the players as they move.\n"
        "Keys: arrows, PgUp/PgDn, Home/End scroll the board. ? this help. q (or ctrl+c) leaves; "
        "the game goes on without you.\n")


class SpectatorScreen(Screen):
    CSS_PATH = Path(__file__).with_name("spectator.tcss")

    BINDINGS = [
        Binding("q", "leave", "Leave", id="back"),
        Binding("question_mark", "help", "Help", id="help"),
    ]

    def __init__(self, watch: Watch) -> None:
        super().__init__()
        self.watch = watch
        self.link = SeatLink(watch)          # only its reading half: a spectator never writes
        self.game = None
        self.view = VIEWS[watch.game_id](False)    # always the public view, over or not
        self.frames = 0                       # the frames drawn (a test reads each one)
        self.problem = ""                     # the save could not be read at the last look

    def compose(self) -> ComposeResult:
        yield Static(id="watch-status")
        with VerticalScroll(id="watch-board"):
            yield Static(id="watch-map")
        yield self.view.log(id="watch-log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#watch-board").focus()
        self._follow()
        self.set_interval(POLL, self._poll)

    def _poll(self) -> None:
        if self.link.changed():
            self._follow()

    def _follow(self) -> None:
        """Catch up with the save and draw what changed."""
        log = self.query_one(LogPanel)
        try:
            if self.game is None:
                self.game = self.link.load()
                log.add_events(self.game.events)
            else:
                self.game, events, reloaded = self.link.catch_up(self.game)
                if reloaded:
                    log.clear()
                    log.note(Text("A player took their last command back.", style="bold"))
                    log.add_events(self.game.events)
                else:
                    log.add_events(events)
        except SaveError as exc:
            self.link.seen()                  # told once, not at every look
            self.problem = f"The game's save cannot be read: {exc}"
            if self.game is None:
                self.query_one("#watch-status", Static).update(Text(self.problem, style="bold"))
            else:
                self._draw()                  # the last position, under the problem
            return
        self.problem = ""
        self._draw()

    def _draw(self) -> None:
        game = self.game
        wide = self.app.size.width >= 120
        head = Text(f"Watching {NAMES[game.game_id]} ({self.watch.game_dir.name}), command {len(game.log)}",
                    style="bold", no_wrap=True, overflow="ellipsis")
        head.append("  the game is over" if game.outcome is not None else "  live",
                    style="not bold")
        status = self.view.status(game, wide)
        if isinstance(status, Text):
            status.no_wrap, status.overflow = True, "ellipsis"
        if self.problem:
            status = Text(self.problem, style="bold reverse", no_wrap=True, overflow="ellipsis")
        self.query_one("#watch-status", Static).update(Group(head, status))
        self.query_one("#watch-map", Static).update(self.view.board(game, wide))
        self.frames += 1

    def action_help(self) -> None:
        from tui.widgets.common_screens import HelpScreen
        self.app.push_screen(HelpScreen("Watching a game", (), keys=HELP))

    def action_leave(self) -> None:
        self.app.exit()


class SpectatorApp(WartableApp):
    """The app of a spectator: the game's spectator screen and nothing beneath it."""

    def __init__(self, watch: Watch) -> None:
        super().__init__(None, autosave=False)
        self.watch = watch

    def get_default_screen(self):
        return SpectatorScreen(self.watch)


def run_spectator(folder: Path | str) -> int:
    """Watch the hosted game in ``folder`` (the lobby's entry, and the child's ``spectator``);
    SystemExit when that game may not be watched."""
    watch = watch_of(Path(folder))
    if watch is None:
        raise SystemExit(f"wartable: the game in {folder} may not be watched")
    app = SpectatorApp(watch)
    app.run()
    return app.return_code or 0

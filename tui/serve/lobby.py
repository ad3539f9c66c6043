"""The lobby: what `ssh -p PORT HOST` with an authorized key opens (issue 24 item 1).

    Your games, the ones waiting for you first (game, your side, the others, whose turn, since
    when, the last move in words): Enter takes your seat.
    Open games (a seat open to any key, or kept for you): Enter takes it.
    Games to watch (their players let spectators in): Enter opens the spectator's seat.
    New hosted game: the game, its options, your seat, each other seat open or kept for a name.
    Solo play: the launcher, in your key's own folder.

The lobby reads the store (``tui.serve.store``) again every ``REFRESH`` seconds, so a game that
comes to you is marked at once. It never shows another side's secrets: only whose turn it is and
the last move's public log line. Choosing a seat, solo play or watching ends the lobby's app with
what to run (``run_lobby`` runs it in the same process, then opens the lobby again).
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from tui.widgets.command_menu import CommandMenu

from . import hosted
from .store import GameRow, Store, check_name, name_for_key

REFRESH = 1.0          # seconds between reads of the store
HERE = Path(__file__).resolve().parent.parent


def since(moment: float, now: float | None = None) -> str:
    """How long ago, in a few letters: "5 min", "3 h", "2 days"."""
    gone = max(0.0, (time.time() if now is None else now) - moment)
    if gone < 60:
        return "just now"
    if gone < 3600:
        return f"{int(gone // 60)} min"
    if gone < 86400:
        return f"{int(gone // 3600)} h"
    return f"{int(gone // 86400)} days"


def whose(row: GameRow, me: str) -> str:
    if row.over:
        return "over"
    if not row.started:
        free = sum(1 for s in row.seats if s.player is None)
        return f"waiting for {free} player{'s' if free > 1 else ''}"
    if row.at_table:
        return "at the table"
    if row.waits_for(me):
        return "YOUR TURN"
    names = [s.player or s.label for s in row.seats if s.side in row.to_play]
    return f"{', '.join(names) or 'nobody'} to play"


def line_mine(row: GameRow, me: str) -> str:
    seat = row.seat_of(me)
    rest = [s for s in row.seats if s is not seat]
    named = [s.player or f"{s.reserved} (kept)" for s in rest if s.player or s.reserved]
    free = sum(1 for s in rest if not (s.player or s.reserved))
    others = ", ".join(named + ([f"{free} open"] if free else []))
    side = seat.label if seat is not None else "?"
    mark = "* " if row.waits_for(me) else "  "
    return f"{mark}{hosted.TITLES[row.game]}: {side} v {others} · {whose(row, me)} · {since(row.since)}"


def line_open(row: GameRow, me: str) -> str:
    free = [s.label for s in row.seats if s.player is None and (s.reserved is None or s.reserved.lower() == me.lower())]
    who = ", ".join(s.player for s in row.seats if s.player)
    extra = hosted.options_text(row.game, row.options)
    return f"{hosted.TITLES[row.game]}{f' ({extra})' if extra else ''} with {who}: seat {', '.join(free)}"


def line_watch(row: GameRow) -> str:
    who = " v ".join(s.player or "open" for s in row.seats)
    return f"{hosted.TITLES[row.game]}: {who} · {since(row.since)}"


def details(row: GameRow, me: str) -> str:
    """The highlighted game in words, below the list."""
    lines = [f"{hosted.TITLES[row.game]} {hosted.options_text(row.game, row.options)}".strip()]
    lines.append("Seats: " + "; ".join(
        f"{s.label if row.game == 'roads' or not row.started else s.side}: "
        f"{s.player or (f'kept for {s.reserved}' if s.reserved else 'open')}" for s in row.seats))
    if row.started:
        lines.append(f"{whose(row, me).capitalize()} since {time.strftime('%Y-%m-%d %H:%M', time.localtime(row.since))}.")
        if row.last_move:
            lines.append(f"Last move: {row.last_move}")
    return "\n".join(lines)


class NameScreen(Screen):
    """Asked once per key whose comment in the authorized-keys file names no player."""

    BINDINGS = [Binding("escape", "quit", "Quit", id="back")]

    def __init__(self, store: Store, key: str) -> None:
        super().__init__()
        self.store = store
        self.key = key

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(Text("wartable lobby: your name", style="bold"))
            yield Static("Other players see you by this name, and keep seats for you by it. "
                         "It is kept for your key.")
            yield Input(id="lobby-name", max_length=40, placeholder="your name")
            yield Static(id="lobby-problem")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted, "#lobby-name")
    def _named(self, event: Input.Submitted) -> None:
        try:
            player = self.store.name_key(self.key, event.value)
        except ValueError as exc:
            self.query_one("#lobby-problem", Static).update(Text(str(exc)))
            return
        self.app.me = player.name
        self.app.switch_screen(LobbyScreen())

    def action_quit(self) -> None:
        self.app.exit(None)


class LobbyScreen(Screen):
    BINDINGS = [Binding("q", "quit", "Quit", id="back"),
                Binding("question_mark", "help", "Help", id="help")]

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(id="lobby-title")
            yield CommandMenu(id="lobby-menu")
            yield Static(id="lobby-info")
            yield Static("Keys: the key in brackets, or arrows and Enter · q quit", id="lobby-keys")

    def on_mount(self) -> None:
        self.shown: tuple = ()
        self.title_shown = ""
        self.rows: dict[str, GameRow] = {}
        self.refresh_list()
        self.set_interval(REFRESH, self.refresh_list)

    def on_screen_resume(self) -> None:
        self.refresh_list()

    def refresh_list(self) -> None:
        app = self.app
        me = app.me
        try:
            mine, open_, watch = app.store.games_of(me), app.store.open_games(me), app.store.watchable(me)
        except Exception as exc:            # sqlite3.Error: said, and tried again at the next refresh
            self.query_one("#lobby-info", Static).update(Text(f"The lobby's records cannot be read now: {exc}"))
            return
        entries = [((line_mine(r, me),), ("mine", r.id)) for r in mine]
        entries += [((f"Open: {line_open(r, me)}",), ("open", r.id)) for r in open_]
        entries += [((f"Watch: {line_watch(r)}",), ("watch", r.id)) for r in watch]
        entries += [(("New hosted game",), ("new",)), (("Solo play (the launcher)",), ("solo",)),
                    (("Quit",), ("quit",))]
        shown = tuple((path, cmd, self._stamp(cmd)) for path, cmd in entries)
        self.rows = {r.id: r for r in (*mine, *open_, *watch)}
        waiting = sum(1 for r in mine if r.waits_for(me))
        title = f"wartable lobby · {me} · {waiting} game{'s' if waiting != 1 else ''} waiting for you"
        if title != self.title_shown:             # an unchanged screen sends nothing
            self.title_shown = title
            self.query_one("#lobby-title", Static).update(Text(title, style="bold"))
        if shown != self.shown:
            self.shown = shown
            self.query_one(CommandMenu).set_entries(entries, "Lobby", keep_place=True)
            self.query_one("#menu-options").focus()

    def _stamp(self, cmd) -> tuple:
        return ()

    @on(CommandMenu.Highlighted)
    def _highlighted(self, message: CommandMenu.Highlighted) -> None:
        info = self.query_one("#lobby-info", Static)
        cmd = message.commands[0] if message.commands else None
        if cmd and len(cmd) == 2 and cmd[1] in self.rows:
            info.update(Text(details(self.rows[cmd[1]], self.app.me)))     # never read as markup
        else:
            info.update("")

    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if not message.current:
            return
        kind = message.command[0]
        app = self.app
        if kind == "quit":
            app.exit(None)
        elif kind == "solo":
            app.exit(("solo",))
        elif kind == "new":
            self.app.push_screen(NewHostedScreen())
        elif kind == "mine":
            row = app.store.game(message.command[1])
            seat = hosted.seat_of(app.root, row, app.me) if row else None
            if seat is None:
                self.notify("The game starts when every seat is taken.", severity="warning")
                return
            app.exit(("seat", str(seat.game_dir), seat.side))
        elif kind == "open":
            row = self.rows.get(message.command[1])
            if row is None:
                return
            from tui.widgets.confirm import ConfirmScreen
            self.app.push_screen(ConfirmScreen(
                f"Take a seat at {hosted.TITLES[row.game]} with {', '.join(s.player for s in row.seats if s.player)}?",
                "The seat is yours for the whole game; it starts when every seat is taken."),
                lambda yes, game_id=row.id: yes and self._take(game_id))
        elif kind == "watch":
            app.exit(("watch", str(app.root / message.command[1])))

    def _take(self, game_id: str) -> None:
        app = self.app
        row = app.store.game(game_id)
        free = [s for s in row.seats if s.player is None and (s.reserved is None or s.reserved.lower() == app.me.lower())] if row else []
        if not free:
            self.notify("That seat was taken meanwhile.", severity="warning")
            self.refresh_list()
            return
        kept = [s for s in free if s.reserved is not None]
        try:
            row = hosted.take(app.store, app.root, game_id, (kept or free)[0].side, app.me)
        except (ValueError, OSError) as exc:
            self.notify(str(exc), severity="error", timeout=8)
            self.refresh_list()
            return
        self.notify(f"You sit at {hosted.TITLES[row.game]}"
                    + ("." if row.started else "; it starts when every seat is taken."))
        self.refresh_list()

    def action_quit(self) -> None:
        self.app.exit(None)

    def action_help(self) -> None:
        self.notify("* marks a game waiting for you. Enter takes your seat, an open seat, or watches. "
                    "q quits.", timeout=8)


class NewHostedScreen(Screen):
    """A new hosted game: the launcher's new-game choices for the game and its options, your
    seat, and for each other seat: open to any key, or kept for one named player."""

    BINDINGS = [Binding("escape", "back", "Back", id="back"), Binding("q", "back", show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.game = "roads"
        self.options = hosted.default_options(self.game)
        self.mine = 0
        self.kept: dict[str, str] = {}
        self.watchable = True
        self.editing: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield CommandMenu(id="new-menu")
            yield Input(id="new-name", max_length=40, placeholder="a player's name (empty: open to any key)")
            yield Static("Enter changes a choice · Esc or q back", id="lobby-keys")

    def on_mount(self) -> None:
        self.query_one(Input).display = False
        self.redraw()

    def redraw(self) -> None:
        seats = hosted.slots(self.game, self.options)
        self.mine = min(self.mine, len(seats) - 1)
        entries = [((f"Game: {hosted.TITLES[self.game]}",), ("game",))]
        if self.game == "toi":
            entries += [((f"First scenario: {self.options['start']}",), ("start",)),
                        ((f"Double campaign (sides switched): {'yes' if self.options['double'] else 'no'}",), ("double",)),
                        ((f"One scenario alone: {'yes' if self.options['standalone'] else 'no'}",), ("standalone",))]
        if self.game == "victory":
            entries += [((f"Mode: {self.options['mode']}",), ("mode",)),
                        ((f"Players: {self.options['players']}",), ("players",))]
        entries.append(((f"Your seat: {seats[self.mine][1]}",), ("mine",)))
        for index, (slot, label) in enumerate(seats):
            if index != self.mine:
                kept = self.kept.get(slot, "")
                entries.append(((f"{label} seat: {'kept for ' + kept if kept else 'open to any key'}",), ("kept", slot)))
        entries += [((f"Spectators: {'allowed' if self.watchable else 'not allowed'}",), ("watch",)),
                    (("Host the game",), ("host",))]
        self.query_one(CommandMenu).set_entries(entries, "New hosted game", keep_place=True)
        self.query_one("#menu-options").focus()

    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if not message.current:
            return
        what = message.command[0]
        if what == "game":
            self.game = hosted.GAMES[(hosted.GAMES.index(self.game) + 1) % len(hosted.GAMES)]
            self.options, self.kept, self.mine = hosted.default_options(self.game), {}, 0
        elif what == "start":
            order = hosted.toi_scenarios()
            self.options["start"] = order[(order.index(self.options["start"]) + 1) % len(order)]
        elif what in ("double", "standalone"):
            self.options[what] = not self.options[what]
            if self.options[what]:
                self.options["standalone" if what == "double" else "double"] = False
        elif what == "mode":
            modes = hosted.VICTORY_MODES
            mode = modes[(modes.index(self.options["mode"]) + 1) % len(modes)]
            self.options = {"mode": mode, "players": {"duel": 2, "round-robin": 3, "team": 4}[mode]}
            self.kept = {}
        elif what == "players":
            mode = self.options["mode"]
            low = {"duel": 2, "round-robin": 3, "team": 2}[mode]
            high = 2 if mode == "duel" else hosted.MAX_PLAYERS
            n = self.options["players"] + 1
            self.options["players"] = n if n <= high else low
            self.kept = {}
        elif what == "mine":
            self.mine = (self.mine + 1) % len(hosted.slots(self.game, self.options))
            self.kept.pop(hosted.slots(self.game, self.options)[self.mine][0], None)
        elif what == "kept":
            self.editing = message.command[1]
            box = self.query_one(Input)
            box.value = self.kept.get(self.editing, "")
            box.display = True
            box.focus()
            return
        elif what == "watch":
            self.watchable = not self.watchable
        elif what == "host":
            from tui.widgets.confirm import ConfirmScreen
            seats = hosted.slots(self.game, self.options)
            self.app.push_screen(ConfirmScreen(
                f"Host {hosted.TITLES[self.game]}, you as {seats[self.mine][1]}?",
                "Open seats are listed for every key; it starts when every seat is taken."),
                lambda yes: yes and self._host())
            return
        self.redraw()

    @on(Input.Submitted, "#new-name")
    def _named(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if value:
            try:
                value = check_name(value)
            except ValueError as exc:
                self.notify(str(exc), severity="error")
                return
            self.kept[self.editing] = value
        else:
            self.kept.pop(self.editing, None)
        self.query_one(Input).display = False
        self.editing = None
        self.redraw()

    def _host(self) -> None:
        app = self.app
        seats = hosted.slots(self.game, self.options)
        try:
            game_id = hosted.new_game(app.store, self.game, self.options, app.me, seats[self.mine][0],
                                      self.kept, self.watchable)
        except ValueError as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        app.pop_screen()
        self.notify(f"Hosted: {hosted.TITLES[self.game]} ({game_id}). It starts when every seat is taken.")

    def action_back(self) -> None:
        box = self.query_one(Input)
        if box.display:
            box.display = False
            self.editing = None
            self.redraw()
            return
        self.app.pop_screen()


class LobbyApp(App):
    CSS_PATH = HERE / "app.tcss"
    TITLE = "wartable lobby"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+c", "quit", "Quit", show=False, priority=True)]

    def __init__(self, store: Store, root: Path, key: str, name: str) -> None:
        super().__init__()
        self.store = store
        self.root = root
        self.key = key
        self.me = name

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen() if self.me else NameScreen(self.store, self.key))

    def action_quit(self) -> None:
        self.exit(None)


def run_lobby(serve_dir: Path, key: str, comment: str) -> int:
    """The lobby, and what is chosen in it, until the player quits."""
    store = Store.open_in(Path(serve_dir))
    root = Path(serve_dir) / "games"
    name = name_for_key(store, key, comment)
    while True:
        app = LobbyApp(store, root, key, name)
        choice = app.run()
        if app.return_code:
            return app.return_code
        name = app.me
        if not choice:
            return 0
        if choice[0] == "seat":
            from .games import claim, seats_of
            from .seat import run_seat
            seat = next((s for s in seats_of(Path(choice[1])) if s.side == choice[2]), None)
            if seat is not None:
                claim(seat, key)        # `resume` takes it back
            run_seat(Path(choice[1]), choice[2])
        elif choice[0] == "solo":
            from tui.app import run_launcher
            run_launcher()
        elif choice[0] == "watch":
            watch(Path(choice[1]))


def watch(folder: Path) -> int:
    """The spectator's seat of a game in the lobby's list (``tui.serve.spectator``): a live,
    read-only seat of the public view. A game its players closed meanwhile is said so, and the
    lobby comes back."""
    from .spectator import run_spectator
    try:
        return run_spectator(folder)
    except SystemExit as refused:
        print(f"{refused}\r")
        time.sleep(2)
        return 1

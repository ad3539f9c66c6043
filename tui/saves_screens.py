"""Screens over the data directory: pick a save to load or replay, and the statistics."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Label, Static

from rules.core.errors import SaveError
from tui import storage
from tui.widgets.command_menu import CommandMenu
from tui.widgets.footer import Footer


class SavesScreen(Screen):
    """Pick a save to load or to replay; broken saves are listed with their problem."""

    BINDINGS = [Binding("q", "back", "Back", id="back")]

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode

    def compose(self) -> ComposeResult:
        with Vertical(id="saves"):
            yield CommandMenu(id="saves-menu")
            yield Static(id="saves-info")
        yield Footer()

    def on_mount(self) -> None:
        entries = []
        try:
            saves, problem = storage.list_saves(), ""
        except SaveError as exc:
            saves, problem = [], str(exc)
        for save in saves:
            when = save.modified.strftime("%Y-%m-%d %H:%M")
            if save.ok:
                label = f"{save.name} · {save.game_id} · {save.commands} commands · {when}"
            else:
                label = f"{save.name} · CANNOT BE READ: {save.problem}"
            entries.append(((label,), save))
        title = "Load a save" if self.mode == "load" else "Replay a save"
        menu = self.query_one(CommandMenu)
        menu.set_entries(entries, title)
        info = f"Saves are kept in {storage.saves_dir()}"
        if problem:
            info = problem
        elif not entries:
            info = "No saves yet. " + info
        self.query_one("#saves-info", Static).update(info)
        self.query_one("#menu-options").focus()

    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if not message.current:
            return
        save = message.command
        try:
            text = storage.read_save(save.path)       # read once, safely (a regular file, bounded)
            game = storage.load_text(text)
            if self.mode != "load":
                from tui.replay import ReplayScreen
                replay = ReplayScreen(game, save.name)
        except (SaveError, ValueError) as exc:
            self.notify(f"{save.name}: {exc}", severity="error", timeout=10)
            return
        self.app.pop_screen()
        if self.mode == "load":
            self.app.open_game(game)
        else:
            self.app.push_screen(replay)

    def action_back(self) -> None:
        self.app.pop_screen()


class StatsScreen(Screen):
    BINDINGS = [Binding("q", "back", "Back", id="back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="stats"):
            yield Label("Statistics of finished games", id="stats-title")
            yield DataTable(id="stats-table", cursor_type="row")
            # Roads to Stalingrad's games one by one: whom against and both sides' VP
            yield Label("Roads to Stalingrad, latest games", id="stats-roads-title")
            yield DataTable(id="stats-roads", cursor_type="row")
            yield Static(id="stats-info")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        table.add_columns("Game", "Mode", "Played", "Won", "Brilliant", "Best VP")
        unavailable = False
        try:
            rows, warning = storage.stats_summary()
        except storage.StatsUnavailable as exc:
            rows, warning, unavailable = [], f"No statistics to show. {exc}", True
        for row in rows:
            table.add_row(row["game"], row["mode"], str(row["played"]), str(row["won"]),
                          str(row["brilliant"]), str(row["best_vp"]))
        roads = self.query_one("#stats-roads", DataTable)
        games = []
        if not unavailable:
            try:
                games, _again = storage.roads_games()
            except storage.StatsUnavailable:
                games = []
        roads.add_columns("Date", "Against", "Result", "Axis VP", "Soviet VP")
        for game in games:
            roads.add_row(game["date"], game["against"], game["result"], game["axis_vp"], game["soviet_vp"])
        roads.display = bool(games)
        self.query_one("#stats-roads-title", Label).display = bool(games)
        info = "No finished games yet." if not rows and not unavailable else ""
        if warning:
            info = f"{warning} {info}"
        self.query_one("#stats-info", Static).update(info)
        table.focus()

    def action_back(self) -> None:
        self.app.pop_screen()

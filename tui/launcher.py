"""The launcher: pick a game, start or resume a campaign, load, replay, statistics."""

from __future__ import annotations

import datetime
import secrets

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Label, Static

from rules.core.errors import SaveError
from tui import storage
from tui.widgets.command_menu import CommandMenu

TITLE = "wartable: WWII campaign wargames"


class LauncherScreen(Screen):
    BINDINGS = [Binding("q", "quit", "Quit", id="back"),
                Binding("question_mark", "help", "Help", id="help")]

    def compose(self) -> ComposeResult:
        with Vertical(id="launcher"):
            yield Static(Text(TITLE, style="bold"), id="launcher-title")
            yield CommandMenu(id="launcher-menu")
            yield Static(id="launcher-info")
        yield Footer()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def on_mount(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        resume = "Resume the last game"
        info = "No game in progress."
        for save in storage.list_saves():
            if save.path.name == "autosave.json":
                if save.ok:
                    when = save.modified.strftime("%Y-%m-%d %H:%M")
                    resume = f"Resume the last game ({save.game_id}, {save.commands} commands, {when})"
                    info = ""
                else:
                    info = f"The autosave cannot be read: {save.problem}"
        entries = [
            (("New campaign: Fall Blau (solo)",), "new-fallblau"),
            ((resume,), "resume"),
            (("Load a save",), "load"),
            (("Replay a save",), "replay"),
            (("Statistics",), "stats"),
            (("Rules reference: Fall Blau",), "rules"),
            (("Quit",), "quit"),
        ]
        self.query_one(CommandMenu).set_entries(entries, "Launcher")
        self.query_one("#launcher-info", Static).update(info)
        self.query_one("#menu-options").focus()

    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        choice = message.command
        if choice == "new-fallblau":
            self.app.push_screen(NewFallBlauScreen())
        elif choice == "resume":
            try:
                game = storage.last_game()
            except SaveError as exc:
                self.notify(str(exc), severity="error", timeout=10)
                return
            if game is None:
                self.notify("There is no game to resume yet.", severity="warning")
                return
            self.app.open_game(game)
        elif choice in ("load", "replay"):
            self.app.push_screen(SavesScreen(choice))
        elif choice == "stats":
            self.app.push_screen(StatsScreen())
        elif choice == "rules":
            from rules.fallblau.help import load_help
            from tui.fallblau.screen import HelpScreen
            self.app.push_screen(HelpScreen("Rules reference: Campaign: Fall Blau", list(load_help().values())))
        elif choice == "quit":
            self.app.exit()

    def action_quit(self) -> None:
        self.app.exit()

    def action_help(self) -> None:
        self.notify("Press a key shown in brackets, or move with the arrows and press Enter. q quits.")


class NewFallBlauScreen(Screen):
    """New campaign options: Generals and their order, modes, seed."""

    BINDINGS = [
        Binding("x", "draw", "Random", id="draw"),
        Binding("h", "hard", "Hard", id="hard"),
        Binding("m", "missions", "Missions", id="missions"),
        Binding("d", "daily", "Daily", id="daily"),
        Binding("e", "seed", "Seed", id="seed"),
        Binding("enter", "start", "Start", id="confirm"),
        Binding("q", "back", "Back", id="back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        from rules.fallblau.content import load
        self.content = load()
        self.ids = list(self.content.generals)
        self.picked: list[str] = []
        self.hard = False
        self.missions = False
        self.daily = False
        self.seed = secrets.randbelow(1_000_000)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="newgame"):
            yield Static(id="newgame-body")
            yield Input(placeholder="seed (digits), Enter to keep", id="seed-input", type="integer")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).display = False
        self._redraw()

    def _redraw(self) -> None:
        t = Text("New campaign: Fall Blau\n\n", style="bold")
        t.append("Choose three Generals in frontline order (press 1-5; press again to take back):\n")
        for index, gid in enumerate(self.ids, start=1):
            g = self.content.generals[gid]
            pos = f"-> position {self.picked.index(gid) + 1}" if gid in self.picked else ""
            kind = "Panzer" if g.kind == "panzer" else "regular"
            t.append(f" [{index}] {g.name}, {g.army} ({kind}, {g.cubes} cubes) {pos}\n", style="bold" if pos else None)
            width = max(20, self.app.size.width - 8)
            ability = g.ability_text if len(g.ability_text) <= width else g.ability_text[: width - 1] + "…"
            t.append(f"     {ability}\n", style="italic")
        t.append(f"\n [x] draw three at random   [h] Hard Mode: {'ON' if self.hard else 'off'}"
                 f"   [m] Missions Mode: {'ON' if self.missions else 'off'}\n")
        seed = f"daily campaign {self.seed}" if self.daily else str(self.seed)
        t.append(f" [d] daily campaign seed   [e] enter a seed   seed: {seed}\n")
        ready = len(self.picked) == 3
        t.append("\n [Enter] start the campaign" if ready else "\n Pick three Generals to start.",
                 style="bold" if ready else "italic")
        t.append("   [q] back")
        self.query_one("#newgame-body", Static).update(t)

    def on_key(self, event) -> None:
        if self.query_one(Input).has_focus:
            return
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.ids):
                gid = self.ids[index]
                if gid in self.picked:
                    self.picked.remove(gid)
                elif len(self.picked) < 3:
                    self.picked.append(gid)
                self._redraw()
                event.stop()

    def action_draw(self) -> None:
        self.picked = []
        pool = list(self.ids)
        for _ in range(3):
            self.picked.append(pool.pop(secrets.randbelow(len(pool))))
        self._redraw()

    def action_hard(self) -> None:
        self.hard = not self.hard
        self._redraw()

    def action_missions(self) -> None:
        self.missions = not self.missions
        self._redraw()

    def action_daily(self) -> None:
        self.daily = not self.daily
        if self.daily:
            self.seed = int(datetime.date.today().strftime("%Y%m%d"))
        self._redraw()

    def action_seed(self) -> None:
        box = self.query_one(Input)
        box.display = True
        box.value = ""
        box.focus()

    @on(Input.Submitted, "#seed-input")
    def _seed_entered(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text:
            try:
                self.seed = int(text)
                self.daily = False
            except ValueError:
                self.notify("A seed is a whole number.", severity="error")
        event.input.display = False
        self.set_focus(None)
        self._redraw()

    def action_start(self) -> None:
        if self.query_one(Input).has_focus:
            return
        if len(self.picked) != 3:
            self.notify("Pick three Generals first (1-5), or x to draw them at random.", severity="warning")
            return
        from rules.fallblau import new_game
        game = new_game(seed=self.seed, generals=tuple(self.picked), hard=self.hard, missions=self.missions)
        self.app.pop_screen()
        self.app.open_game(game)

    def action_back(self) -> None:
        self.app.pop_screen()


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
        for save in storage.list_saves():
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
        if not entries:
            info = "No saves yet. " + info
        self.query_one("#saves-info", Static).update(info)
        self.query_one("#menu-options").focus()

    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        save = message.command
        try:
            game = storage.load(save.path)
        except SaveError as exc:
            self.notify(f"{save.name}: {exc}", severity="error", timeout=10)
            return
        self.app.pop_screen()
        if self.mode == "load":
            self.app.open_game(game)
        else:
            from tui.fallblau.replay import ReplayScreen
            self.app.push_screen(ReplayScreen(save.path.read_text(encoding="utf-8"), save.name))

    def action_back(self) -> None:
        self.app.pop_screen()


class StatsScreen(Screen):
    BINDINGS = [Binding("q", "back", "Back", id="back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="stats"):
            yield Label("Statistics of finished games", id="stats-title")
            yield DataTable(id="stats-table", cursor_type="row")
            yield Static(id="stats-info")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Game", "Mode", "Played", "Won", "Brilliant", "Best VP")
        rows, warning = storage.stats_summary()
        for row in rows:
            table.add_row(row["game"], row["mode"], str(row["played"]), str(row["won"]),
                          str(row["brilliant"]), str(row["best_vp"]))
        info = "No finished games yet." if not rows else ""
        if warning:
            info = f"{warning} {info}"
        self.query_one("#stats-info", Static).update(info)
        table.focus()

    def action_back(self) -> None:
        self.app.pop_screen()

"""The launcher: pick a game, start or resume a campaign, load, replay, statistics."""

from __future__ import annotations


from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from rules.core.errors import SaveError
from tui import storage
from tui.widgets.command_menu import CommandMenu
from tui.textual_insides import use_line_compositor

TITLE = "wartable: WWII campaign wargames"


class LauncherScreen(Screen):
    BINDINGS = [Binding("q", "quit", "Quit", id="back"),
                Binding("question_mark", "help", "Help", id="help")]

    def __init__(self) -> None:
        super().__init__()
        use_line_compositor(self)         # a key repaints only the lines it changed

    def compose(self) -> ComposeResult:
        with Vertical(id="launcher"):
            yield Static(Text(TITLE, style="bold"), id="launcher-title")
            yield CommandMenu(id="launcher-menu")
            yield Static(id="launcher-info")
            yield Static("Keys: the key in brackets, or arrows and Enter · q quit", id="launcher-keys")

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        resume = "Resume the last game"
        info = "No game in progress."
        try:
            saves = storage.list_saves()
        except SaveError as exc:
            saves, info = [], str(exc)
        for save in saves:
            if save.path.name == "autosave.json":
                if save.ok:
                    when = save.modified.strftime("%Y-%m-%d %H:%M")
                    resume = f"Resume the last game ({save.game_id}, {save.commands} commands, {when})"
                    info = ""
                else:
                    info = f"The autosave cannot be read: {save.problem}"
        entries = [
            (("New campaign: Fall Blau (solo)",), "new-fallblau"),
            (("New campaign: Tide of Iron, Stalingrad (hot-seat)",), "new-toi"),
            (("New campaign: Victory, The Blocks of War (hot-seat)",), "new-victory"),
            (("New campaign: Roads to Stalingrad",), "new-roads"),
            ((resume,), "resume"),
            (("Load a save",), "load"),
            (("Replay a save",), "replay"),
            (("Statistics",), "stats"),
            (("Rules and cards", "Campaign: Fall Blau"), "rules-fallblau"),
            (("Rules and cards", "Roads to Stalingrad"), "rules-roads"),
            (("Rules and cards", "Tide of Iron, Stalingrad campaign"), "rules-toi"),
            (("Rules and cards", "Victory campaign"), "rules-victory"),
            (("Settings",), "settings"),
            (("Quit",), "quit"),
        ]
        self.query_one(CommandMenu).set_entries(entries, "Launcher")
        self.query_one("#launcher-info", Static).update(info)
        self.query_one("#menu-options").focus()

    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if not message.current:
            return
        choice = message.command
        if choice == "new-fallblau":
            from tui.new_game import NewFallBlauScreen
            self.app.push_screen(NewFallBlauScreen())
        elif choice == "new-toi":
            from tui.new_toi import NewToIScreen
            self.app.push_screen(NewToIScreen())
        elif choice == "new-victory":
            from tui.new_victory import NewVictoryScreen
            self.app.push_screen(NewVictoryScreen())
        elif choice == "new-roads":
            from tui.new_roads import NewRoadsScreen
            self.app.push_screen(NewRoadsScreen())
        elif choice == "resume":
            try:
                game = storage.last_game()
            except SaveError as exc:
                self.notify(str(exc), severity="error", timeout=10)
                return
            if game is None:
                self.notify("There is no game to resume yet.", severity="warning")
                return
            self.app.open_game(game, resumed=True)
        elif choice in ("load", "replay"):
            from tui.saves_screens import SavesScreen
            self.app.push_screen(SavesScreen(choice))
        elif choice == "stats":
            from tui.saves_screens import StatsScreen
            self.app.push_screen(StatsScreen())
        elif choice.startswith("rules-"):
            self.app.push_screen(rules_reference(choice.removeprefix("rules-")))
        elif choice == "settings":
            from tui.settings_screen import SettingsScreen
            self.app.push_screen(SettingsScreen())
        elif choice == "quit":
            self.app.exit()

    def action_quit(self) -> None:
        self.app.exit()


def rules_reference(game_id: str):
    """The rules reference of a game, as its screen's `r` shows it (with its cards and chits),
    read before any game of it is open."""
    from tui.widgets.common_screens import HelpScreen
    if game_id == "fallblau":
        from rules.fallblau.help import load_help
        from tui.fallblau.cards import card_reference
        return HelpScreen("Rules reference: Campaign: Fall Blau", list(load_help().values()),
                          extra=card_reference())
    if game_id == "roads":
        from rules.roads.content import load_content
        from rules.roads.help import card_reference, chit_reference, load_help
        content = load_content()
        return HelpScreen("Rules reference: Roads to Stalingrad", list(load_help().values())
                          + chit_reference(content) + card_reference(content, None))
    if game_id == "toi":
        from rules.toi.help import TOPIC_IDS, load_help
        topics = load_help()
        return HelpScreen("Rules reference: Tide of Iron, Stalingrad campaign", [topics[t] for t in TOPIC_IDS])
    from rules.victory.help import rules_reference as victory_reference
    return HelpScreen("Rules reference: Victory campaign (rule 3's changes first)", victory_reference())

    def action_help(self) -> None:
        self.notify("Press a key shown in brackets, or move with the arrows and press Enter. q quits.")

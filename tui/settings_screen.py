"""The launcher's Settings: each setting with its value, Enter (or its key) switches it (or
turns it to its next choice); the value is kept in config.toml's [settings] table in the user
data directory."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui import storage
from tui.widgets.command_menu import CommandMenu, Keyed

# setting -> (what it does, shown with its value)
SETTINGS = {
    "confirmations": "Ask before a roll, a withdrawal, the end of a turn or a loss of resources",
    "roads_strength": "The computer in a new Roads to Stalingrad game",
}


def shown(value: bool | str) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return value


def next_value(name: str, value: bool | str) -> bool | str:
    """The value Enter gives the setting: the other of on and off, or the next choice."""
    if name in storage.SETTING_CHOICES:
        choices = storage.SETTING_CHOICES[name]
        return choices[(choices.index(value) + 1) % len(choices)] if value in choices \
            else storage.DEFAULT_SETTINGS[name]
    return not value


class SettingsScreen(Screen):
    BINDINGS = [Binding("q", "back", "Back", id="back"), Binding("escape", "back", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="settings"):
            yield Static(Text("Settings", style="bold"), id="settings-title")
            yield CommandMenu(id="settings-menu")
            yield Static(id="settings-info")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_menu()

    def refresh_menu(self) -> None:
        entries = []
        for number, (name, text) in enumerate(SETTINGS.items(), start=1):
            value = shown(getattr(self.app, name, storage.DEFAULT_SETTINGS[name]))
            entries.append(((Keyed(f"{text}: {value}", str(number)),), name))
        entries.append(((Keyed("Back to the launcher", "b"),), "back"))
        self.query_one(CommandMenu).set_entries(entries, "Settings (Enter or the key switches)")
        self.query_one("#settings-info", Static).update(
            f"Kept in {storage.config_path()} ([settings]); keys can be remapped there in [keys].")
        self.query_one("#menu-options").focus()

    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if not message.current:
            return
        if message.command == "back":
            self.app.pop_screen()
            return
        name = message.command
        value = next_value(name, getattr(self.app, name, storage.DEFAULT_SETTINGS[name]))
        try:
            storage.save_setting(name, value)
        except (OSError, ValueError) as exc:
            self.notify(f"The setting could not be saved: {exc}", severity="error", timeout=10)
            return
        setattr(self.app, name, value)
        self.refresh_menu()

    def action_back(self) -> None:
        self.app.pop_screen()

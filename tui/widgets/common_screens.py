"""Screens every game shares: the help (keys and rulebook topics), the whole log, and a save's
name. Light on purpose (Textual and the log panel only): a game's screen imports them without
another game's rules."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from rules.core.events import Event
from tui.widgets.log_panel import LogPanel


def reflow(text: str) -> str:
    """Join the hard-wrapped lines of a help text so the terminal wraps it to its own width;
    list items ("- ", "* ", "1. ") and blank lines still start new lines."""
    out: list[str] = []
    for line in text.strip().splitlines():
        stripped = line.strip()
        starts_item = stripped[:2] in ("- ", "* ") or (stripped[:1].isdigit() and stripped[1:3] in (". ", ") "))
        if not out or not stripped or not out[-1] or starts_item:
            out.append(stripped)
        else:
            out[-1] += " " + stripped
    return "\n".join(out)


class HelpScreen(ModalScreen[None]):
    """Keys, and our summary of the rulebook passages for the decision at hand."""

    BINDINGS = [Binding("q", "close", "Close", id="back"), Binding("escape", "close", show=False),
                Binding("question_mark", "close", show=False)]

    KEYS = ("Keys: 1-9 and letters choose a menu entry; arrows and Enter also work. "
            "u undo (never past a roll or a draw). q back, or leave to the launcher (autosaved). "
            "s save under a name. r rules reference. "
            "v moves the keys to the board (arrows, PgUp/PgDn, Home/End scroll it) and back to the "
            "menu. x the cards (a highlighted card first). l the whole log. ! a hint: the best next "
            "order and why, with its exact odds. ? this help. Before a roll, the end of a turn or a loss, a confirmation says what will "
            "happen: Enter or y does it, Esc or q does not (the launcher's Settings turn it off).\n")

    def __init__(self, title: str, topics, keys: bool | str = False, extra: Text | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.topics = topics
        self.keys = keys
        self.extra = extra                  # shown after the topics (Fall Blau: the card reference)

    def compose(self) -> ComposeResult:
        body = Text()
        if self.keys:
            body.append((self.keys if isinstance(self.keys, str) else self.KEYS) + "\n", style="bold")
        for t in self.topics:
            body.append(f"{t.title}", style="bold underline")
            body.append(f"  ({t.section})\n", style="italic")
            body.append(reflow(t.text) + "\n\n")
        if self.extra is not None:
            body.append_text(self.extra)
        with Vertical(id="help"):
            yield Label(f"{self.title_text}  (q: close, arrows scroll)", id="help-title")
            with VerticalScroll(id="help-scroll"):
                yield Static(body)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    BINDINGS = [Binding("q", "close", "Close", id="back"), Binding("escape", "close", show=False)]

    def __init__(self, events: list[Event]) -> None:
        super().__init__()
        self.events = events

    def compose(self) -> ComposeResult:
        with Vertical(id="fulllog"):
            yield Label("The whole log (q: close, arrows scroll)")
            yield LogPanel(id="fulllog-body")

    def on_mount(self) -> None:
        log = self.query_one(LogPanel)
        log.add_events(self.events)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)


class SaveNameScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="savename"):
            yield Label("Save under a name (letters, digits, space, - and _); Enter saves, "
                        "an empty name cancels:")
            yield Input(placeholder="name", id="savename-input", max_length=40)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if self.is_active:            # a second Enter arrives after the first closed it
            self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)

"""`/` on the Roads screen: go to an area by name or code, completed as it is typed; the map
cursor goes there and the keyboard stays where it was."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Static


class GotoScreen(ModalScreen[str | None]):
    """Go to an area by name: the names that match show under the field as it is typed."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, board) -> None:
        super().__init__()
        self.board = board

    def compose(self) -> ComposeResult:
        names = sorted((a.name for a in self.board.areas.values()),
                       key=lambda n: (not self._is_city(n), n))
        with Vertical(id="goto"):
            yield Static("Go to which area? (name or code; Right completes, Enter goes, Esc cancels)")
            yield Input(placeholder="e.g. Stalingrad", id="goto-input",
                        suggester=SuggestFromList(names, case_sensitive=False))
            yield Static("", id="goto-matches")

    def _is_city(self, name: str) -> bool:
        return any(a.city for a in self.board.areas.values() if a.name == name)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_key(self, event) -> None:
        """Letters typed right after `/`, before the field had the keyboard, go into it (not
        lost, nor taken as the game's keys)."""
        field = self.query_one(Input)
        if not field.has_focus and event.is_printable and event.character:
            event.stop()
            field.focus()
            field.insert_text_at_cursor(event.character)

    def matches(self, typed: str) -> list[str]:
        """Area ids whose name starts with `typed` or whose code it is (cities first)."""
        typed = typed.strip().lower()
        if not typed:
            return []
        hits = [a for a in self.board.areas.values()
                if a.name.lower().startswith(typed) or a.code.lower() == typed]
        hits.sort(key=lambda a: (a.code.lower() != typed, not a.city, a.name))
        return [a.id for a in hits]

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        hits = self.matches(event.value)
        names = ", ".join(self.board.areas[a].name for a in hits[:6]) + (" …" if len(hits) > 6 else "")
        self.query_one("#goto-matches", Static).update(names or ("no area is named so" if event.value else ""))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        hits = self.matches(event.value)
        if hits:
            self.dismiss(hits[0])
        else:
            self.notify(f"No area is named '{event.value}'.", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)

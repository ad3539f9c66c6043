"""The log panel: every order, draw and roll as the rules engine told it."""

from __future__ import annotations

from typing import Iterable

from rich.text import Text
from textual.widgets import RichLog

from rules.core.events import Event

# How each kind of event is marked: a word first (never colour alone), then a style.
MARKS = {
    "turn": ("TURN", "bold"), "roll": ("DICE", "cyan"), "draw": ("CARD", "magenta"),
    "capture": ("WON ", "bold green"), "loss": ("LOSS", "bold red"), "hit": ("HITS", "green"),
    "counterattack": ("SOV ", "red"), "reinforce": ("SOV ", "red"), "mission": ("MISS", "yellow"),
    "end": ("END ", "bold reverse"), "attack": ("ATK ", ""), "advance": ("ADV ", ""),
    "arrive-axis": ("AXIS", "bold"), "arrive-soviet": ("SOV ", "red"),     # Roads: by the unit's side
}


def event_text(event: Event) -> Text:
    word, style = MARKS.get(event.kind, ("    ", ""))
    line = Text()
    line.append(word, style=style or None)
    line.append(" " + event.text)
    if event.dice:
        line.append("  [" + " ".join(str(d) for d in event.dice) + "]", style="bold")
    if event.modifiers:
        line.append("  " + "; ".join(event.modifiers), style="italic")
    if event.rule:
        line.append(f"  ({event.rule})", style="dim")
    return line


class LogPanel(RichLog):
    """A scrolling log of events, newest at the bottom."""

    text_of = staticmethod(event_text)      # how one event reads (a game's log may mark its own)

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("min_width", 20)      # wrap to the panel, however narrow
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000, **kwargs)

    def add_events(self, events: Iterable[Event]) -> None:
        """Events as lines, in one write: each write re-measures, re-sizes and scrolls the log,
        so a command's events (or a whole log) cost one of those, not one per event."""
        texts = [self.text_of(event) for event in events]
        if texts:
            self.write(Text("\n").join(texts))

    def fits(self, events: Iterable[Event]) -> bool:
        """These events, wrapped as the panel wraps them, fit in the lines it shows: written
        last, they are all in sight at once (a short result needs no screen of its own)."""
        width, height = self.scrollable_content_region.size
        if width <= 0 or height <= 0:
            return False
        lines = 0
        for event in events:
            lines += len(self.text_of(event).wrap(self.app.console, width))
            if lines > height:
                return False
        return True

    # Events drawn as a game opens: every one is wrapped and drawn before the first frame (200
    # cost 30 ms of a 0.2 s budget), and the panel shows 4 to 11 lines; the whole log is a key
    # (l) away.
    RECENT = 40

    def add_recent(self, events: list[Event]) -> None:
        """A game's log as it opens: its last ``RECENT`` events, after a note of how many came
        before (the whole log is on ``l``)."""
        if len(events) > self.RECENT:
            self.write(Text(f"({len(events) - self.RECENT} earlier events: l shows the whole log)",
                            style="dim"))
        self.add_events(events[-self.RECENT:])

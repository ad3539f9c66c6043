"""The log panel: every order, draw and roll as the rules engine told it."""

from __future__ import annotations

import re
from typing import Iterable

from rich.text import Text
from textual.widgets import RichLog

from rules.core.events import Event
from tui.textual_insides import log_size_known

# How each kind of event is marked: a word first (never colour alone), then a style.
MARKS = {
    "turn": ("TURN", "bold"), "roll": ("DICE", "cyan"), "draw": ("CARD", "magenta"),
    "capture": ("WON ", "bold green"), "loss": ("LOSS", "bold red"), "hit": ("HITS", "green"),
    "counterattack": ("SOV ", "red"), "reinforce": ("SOV ", "red"), "mission": ("MISS", "yellow"),
    "end": ("END ", "bold reverse"), "attack": ("ATK ", ""), "advance": ("ADV ", ""),
    "arrive-axis": ("AXIS", "bold"), "arrive-soviet": ("SOV ", "red"),     # Roads: by the unit's side
}


def event_text(event: Event, dice: bool = True, rule: bool = True, mark: bool = True) -> Text:
    """One event as a log line: its mark, its sentence, the dice, the modifiers, the rule
    (``dice``, ``rule``: False leaves them out, when the lines above show them already;
    ``mark``: False leaves out the mark column, for a caller that sets it beside, ``event_mark``)."""
    line = Text()
    if mark:
        word, style = MARKS.get(event.kind, ("    ", ""))
        line.append(word, style=style or None)
        line.append(" ")
    line.append(event.text)
    if event.dice and dice:
        line.append("  [" + " ".join(str(d) for d in event.dice) + "]", style="bold")
    if event.modifiers:
        line.append("  " + "; ".join(event.modifiers), style="italic")
    if event.rule and rule:
        line.append(f"  ({event.rule})", style="dim")
    return line


def event_mark(event: Event) -> tuple[str, str]:
    """The word that marks an event's kind and its style (("", "") for an unmarked kind)."""
    word, style = MARKS.get(event.kind, ("", ""))
    return word.strip(), style


def cited_once(events: Iterable[Event]) -> list[Text]:
    """Events with a rule cited where it starts to apply, not again on the lines right after
    it, and no dice told twice (a sentence that lists its dice, a result after the roll with
    the same dice). Everything is still said: the whole log (l) and the step-through cite
    every line."""
    last_rule = ""
    last_dice: tuple[int, ...] = ()
    out = []
    for event in events:
        repeat = event.dice == last_dice or _names_dice(event)
        out.append(event_text(event, dice=not repeat, rule=event.rule != last_rule))
        last_rule = event.rule
        last_dice = event.dice or last_dice
    return out


def _names_dice(event: Event) -> bool:
    """The sentence lists the dice, in order ("White dice: 2 5 2; black dice: 4")."""
    told = iter(re.findall(r"\b\d\b", event.text))
    return all(str(die) in told for die in event.dice)


class LogPanel(RichLog):
    """A scrolling log of events, newest at the bottom."""

    text_of = staticmethod(event_text)      # how one event reads (a game's log may mark its own)

    def __init__(self, cite_once_below: int = 0, **kwargs) -> None:
        """``cite_once_below``: on a screen narrower than this, a command's events cite each
        rule once and repeat no dice (``cited_once``), so more results fit in the panel."""
        kwargs.setdefault("min_width", 20)      # wrap to the panel, however narrow
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000, **kwargs)
        self.cite_once_below = cite_once_below
        self._written: list[Event | Text] = []      # what is in the panel, to wrap anew
        self._wrapped_at = 0                         # the width it was wrapped at

    # What a resize rewraps: the panel's last lines (the whole log is a key away).
    REWRAP = 200

    def on_resize(self, event) -> None:
        """Wrapped at the width the panel had when they were written, lines written narrow stay
        narrow in a wider window: a new width wraps the last ``REWRAP`` items again (playtest
        of 26 November: at 140 columns, lines written at 80 stayed at 78)."""
        width = event.size.width
        if self._wrapped_at and width != self._wrapped_at and self._written:
            items, self._written = self._written[-self.REWRAP:], []
            self.clear()
            self._write_items(items)
        self._wrapped_at = width

    def _write_items(self, items: list[Event | Text]) -> None:
        self._written.extend(items)
        del self._written[:-self.REWRAP]
        texts: list[Text] = []
        run: list[Event] = []
        for item in items:
            if isinstance(item, Event):
                run.append(item)
                continue
            texts += self.texts(run) + [item]
            run = []
        texts += self.texts(run)
        if texts:
            self._put(Text("\n").join(texts))

    def _put(self, text: Text) -> None:
        """Write lines the panel already keeps (in one write: each re-measures and scrolls),
        wrapped at the panel's width once it is known (not the console's, which a resize may
        not have reached yet)."""
        width = self.scrollable_content_region.width if log_size_known(self) else 0
        super().write(text, width=width if width >= self.min_width else None)

    def note(self, text: Text) -> None:
        """A line written as it is ("UNDO ..."), kept to be wrapped anew with the events."""
        self._write_items([text])

    def scroll_end(self, *args, immediate: bool = False, **kwargs):
        """To the end at once once the panel knows its size (RichLog holds its writes until it
        does, and scrolled after the next refresh: a frame with the log's top, a layout and a
        frame more, after the game's first frame and after every command)."""
        return super().scroll_end(*args, immediate=immediate or log_size_known(self), **kwargs)

    def texts(self, events: Iterable[Event]) -> list[Text]:
        """The lines these events are written as, on this screen."""
        if self.cite_once_below and self.is_attached and self.app.size.width < self.cite_once_below:
            return cited_once(events)
        return [self.text_of(event) for event in events]

    def add_events(self, events: Iterable[Event]) -> None:
        """Events as lines, in one write: each write re-measures, re-sizes and scrolls the log,
        so a command's events (or a whole log) cost one of those, not one per event."""
        self._write_items(list(events))

    def fits(self, events: Iterable[Event], height: int | None = None) -> bool:
        """These events, wrapped as the panel wraps them, fit in the lines it shows (or in
        ``height`` lines): written last, they are all in sight at once (a short result needs
        no screen of its own)."""
        return self.lines_for(events, height) is not None

    def lines_for(self, events: Iterable[Event], most: int | None = None) -> int | None:
        """The lines these events take in the panel, wrapped as it wraps them; None when more
        than ``most`` (default: the lines it shows)."""
        width, height = self.scrollable_content_region.size
        most = height if most is None else most
        if width <= 0 or most <= 0:
            return None
        lines = 0
        for text in self.texts(events):
            lines += len(text.wrap(self.app.console, width))
            if lines > most:
                return None
        return lines

    # Events drawn as a game opens: every one is wrapped and drawn before the first frame (200
    # cost 30 ms of a 0.2 s budget), and the panel shows 4 to 11 lines; the whole log is a key
    # (l) away.
    RECENT = 40

    def add_recent(self, events: list[Event]) -> None:
        """A game's log as it opens: its last ``RECENT`` events, after a note of how many came
        before (the whole log is on ``l``)."""
        note = []
        if len(events) > self.RECENT:
            note = [Text(f"({len(events) - self.RECENT} earlier events: l shows the whole log)", style="dim")]
        self._write_items(note + list(events[-self.RECENT:]))

"""The game base every game package builds on (after python-chess's Board).

A game holds its state (attrs, the whole truth), its dice, the command log and an
undo stack. ``legal()`` is the one list of what may be done; ``apply()`` accepts only
a member of it and returns the events it caused; ``undo()`` steps back one command
but never past a roll, a draw or any other reveal.
"""

from __future__ import annotations

import pickle
from collections import deque
import json
from typing import Any, ClassVar

import attrs

from .command import Command, command_problem
from .dice import Dice
from .errors import IllegalCommand
from .events import Event
from .files import MAX_NOTE
from .later import later_defaults
from .legal import Legal, PlainLegal, Span
from .sha import sha256


def state_digest(state: Any) -> str:
    """A stable fingerprint of a state: sha256 of its canonical JSON form (what
    ``attrs.asdict`` gives, built by ``_plain`` several times faster)."""
    text = json.dumps(_plain(state), sort_keys=True, separators=(",", ":"), default=str)
    return sha256(text.encode()).hexdigest()


_FIELD_NAMES: dict[type, tuple[tuple[str, ...], dict[str, Any]]] = {}


def _plain(value: Any) -> Any:
    """``attrs.asdict(value, recurse=True)`` for plain-data states: attrs values become dicts,
    lists, tuples and sets become lists, dicts keep their keys; a field added later (``LATER``)
    is left out while it holds its default, so older states keep their digest."""
    t = type(value)
    if t is str or t is int or t is bool or t is float or value is None:
        return value
    if t is list or t is tuple or t is set or t is frozenset:
        return [_plain(v) for v in value]
    if t is dict:
        return {_plain(k): _plain(v) for k, v in value.items()}
    shape = _FIELD_NAMES.get(t)
    if shape is None:
        if not attrs.has(t):
            return value            # json.dumps writes it with default=str, as before
        shape = _FIELD_NAMES[t] = (tuple(a.name for a in attrs.fields(t)), later_defaults(t))
    names, later = shape
    if later:
        return {n: _plain(getattr(value, n)) for n in names
                if n not in later or getattr(value, n) != later[n]}
    return {n: _plain(getattr(value, n)) for n in names}


def snapshot_of(state: Any) -> bytes:
    """A state frozen for undo, as its pickle: one bytes object. Only ``restore`` turns it back
    into objects, and only on undo, so a command pays the dump alone (a third of a deep copy),
    and the undo stack holds no objects for the garbage collector to walk."""
    return pickle.dumps(state, pickle.HIGHEST_PROTOCOL)


def restore(snapshot: bytes) -> Any:
    """The state ``snapshot_of`` froze, as fresh objects."""
    return pickle.loads(snapshot)


# the actor (``Game.actor``) of a command any player at the table may give (a battle's shared
# rolls, a result confirmed): never a side, so ``events_since`` reads on past it
TABLE = "table"


class Game:
    """Base class: subclasses provide ``_legal()``, ``_apply()``, ``outcome`` and ``view()``."""

    game_id: ClassVar[str] = ""
    UNDO_DEPTH: ClassVar[int] = 50
    command_types: ClassVar[tuple[type[Command], ...]] = ()
    # True for a game whose _legal() never lists a Span: legal() is then a PlainLegal (a tuple)
    plain_legal: ClassVar[bool] = False

    def __init__(self, state: Any, dice: Dice, *, seed: int, options: dict, undo: bool = True):
        self.state = state
        self.dice = dice
        self.seed = seed
        self.options = options
        self.dice_spec = dice.spec()
        self.log: list[Command] = []
        self.events: list[Event] = []
        # for each command of the log: the side that gave it (None: not known) and the number of
        # events logged once it was carried out; ``events_since`` reads it, a save keeps it
        self.acted: list[tuple[str | None, int]] = []
        # public notes, by the number (0-based) of the command they came with: a line a player
        # may read, e.g. why the computer gave the command (``annotate``); saved with the game
        self.notes: dict[int, str] = {}
        self._note = ""
        self.track_undo = undo
        # the last UNDO_DEPTH commands can be taken back (fewer when a roll or draw intervenes);
        # a bounded stack keeps memory and garbage-collection pauses small in long campaigns
        self._undo: deque[tuple[bytes, int, int]] = deque(maxlen=self.UNDO_DEPTH)
        self._version = 0
        self._cache: tuple[int, Legal | PlainLegal] | None = None
        self.loaded_at = 0        # commands read from a save: undo never goes back past them

    # -- what subclasses provide -------------------------------------------------
    def _legal(self) -> list[Command | Span]:
        raise NotImplementedError

    def _apply(self, cmd: Command) -> list[Event]:
        raise NotImplementedError

    @property
    def outcome(self) -> Any:
        raise NotImplementedError

    def view(self, side: str | None = None) -> Any:
        raise NotImplementedError

    def actor(self, cmd: Command) -> str | None:
        """The side that gave ``cmd`` (a legal command); None, the default, for a game that
        does not say (then ``events_since`` knows nothing)."""
        return None

    def events_since(self, side: str) -> list[Event] | None:
        """The events logged since ``side`` last gave a command (all of them when it never has):
        what its player has not seen yet, for a "since you last played" screen. These are the
        public log every seat sees (a hand, chits held, a secret choice are never events). None
        when it is not known: a command since then whose side is not recorded (a game loaded
        from a save written before saves kept it, or a game whose commands name no side)."""
        for actor, end in reversed(self.acted):
            if actor == side:
                return self.events[end:]
            if actor is None:
                return None
        return list(self.events)

    # -- the public protocol ------------------------------------------------------
    def _legal_now(self) -> Legal | PlainLegal:
        """Every command the side to act may give now, as an immutable sequence (ranges of
        numbers listed compactly, see ``rules.core.legal``). Empty only when the game is over."""
        cache = self._cache
        if cache is None or cache[0] != self._version:
            listed = self._legal()
            cache = self._cache = (self._version, PlainLegal(listed) if self.plain_legal else Legal(listed))
        return cache[1]

    # the public name of the same method (no second call); apply() and is_legal() call
    # _legal_now, so a subclass that wraps legal() cannot change what they judge by
    legal = _legal_now

    def is_legal(self, cmd: Command) -> bool:
        if command_problem(cmd, self.command_types) is not None:
            return False           # a command is its declared types (bool is never an int)
        try:
            return cmd in self._legal_now()
        except TypeError:          # unhashable: a malformed command is never legal
            return False

    def annotate(self, note: str) -> None:
        """Let the next command applied carry ``note``: a public line (never a secret), kept in
        ``notes`` and in the save, and logged as an event of kind "note" before the command's
        own events. The next ``apply`` takes it whether or not the command is legal. It is kept
        as a save holds it: one line, each character that is not printable (a newline, an
        escape) made a space, the ends stripped, and cut to its first ``MAX_NOTE`` (1,000)
        characters when longer; when nothing is left there is no note. (A save whose note is
        longer than ``MAX_NOTE`` is refused when loaded: rules/core/save.py.)"""
        line = "".join(ch if ch.isprintable() else " " for ch in note).strip()
        self._note = line[:MAX_NOTE]

    def apply(self, cmd: Command) -> list[Event]:
        """Carry out a legal command; anything else raises ``IllegalCommand`` and changes nothing."""
        note, self._note = self._note, ""
        malformed = command_problem(cmd, self.command_types)
        if malformed is not None:
            raise IllegalCommand(malformed)
        cache = self._cache        # the list legal() gave at this version, as a rule
        listed = cache[1] if cache is not None and cache[0] == self._version else self._legal_now()
        try:                       # is_legal() without typing the command a second time
            legal = cmd in listed
        except TypeError:          # unhashable: a malformed command is never legal
            legal = False
        if not legal:
            raise IllegalCommand(self.explain_illegal(cmd))
        if self.track_undo:
            snapshot, reveals = snapshot_of(self.state), self.dice.reveals
        events = self._apply(cmd)
        if note:
            events = self._noted(note, events)
        self._version += 1
        if self.track_undo:
            if self.dice.reveals != reveals or any(e.reveal for e in events):
                self._undo.clear()
            else:
                self._undo.append((snapshot, len(self.log), len(self.events)))
        self.log.append(cmd)
        self.events.extend(events)
        self.acted.append((self.actor(cmd), len(self.events)))
        return events

    def _noted(self, note: str, events: list[Event]) -> list[Event]:
        """The command about to be logged carries ``note``: its event first, then the command's."""
        self.notes[len(self.log)] = note
        return [Event(note, kind="note")] + events

    def explain_illegal(self, cmd: Command) -> str:
        """Why ``cmd`` is refused now: the IllegalCommand message. Games may say more."""
        malformed = command_problem(cmd, self.command_types)
        if malformed is not None:
            return malformed
        return f"Not a legal command now: {describe(cmd)}"

    def explain(self, cmd: Command) -> str:
        """Why ``cmd`` would be refused now ("" when it is legal): for forms that check as you type."""
        return "" if self.is_legal(cmd) else self.explain_illegal(cmd)

    def describe(self, cmd: Command) -> str:
        return describe(cmd)

    @property
    def version(self) -> int:
        """Counts the changes of the state (each command and each undo): a view drawn at one
        version is still right while the version is the same."""
        return self._version

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        """Take back the last command, unless a roll, draw or reveal stands in the way."""
        if not self._undo:
            return False
        snapshot, log_len, events_len = self._undo.pop()
        self.state = restore(snapshot)
        del self.log[log_len:]
        del self.events[events_len:]
        del self.acted[log_len:]
        self.notes.pop(log_len, None)
        self._version += 1
        return True

    def undo_base(self) -> tuple[Any, int] | None:
        """Where the oldest undo step goes back to (the last roll or reveal, or UNDO_DEPTH
        commands back): its state and the number of commands logged there; None when nothing
        can be undone. A save keeps it, so that a loaded game undoes as far as before."""
        if not self._undo:
            return None
        snapshot, log_len, _events_len = self._undo[0]
        return restore(snapshot), log_len

    def digest(self) -> str:
        return state_digest(self.state)

    # -- loading a save (rules.core.save): no undo snapshots ---------------------------
    def replay(self, cmd: Command, *, trusted: bool = False, note: str = "") -> None:
        """Apply a command read from a save, typed and judged like ``apply()`` but with no undo
        snapshot (undo in a loaded game starts where it was loaded). ``trusted`` (a sealed
        save): legality by the game's direct check instead of listing every legal command.
        ``note``: the public note the command was saved with (``annotate``)."""
        malformed = command_problem(cmd, self.command_types)
        if malformed is not None:
            raise IllegalCommand(malformed)
        if not (self._allowed(cmd) if trusted else self.is_legal(cmd)):
            raise IllegalCommand(self.explain_illegal(cmd))
        events = self._apply(cmd)
        if note:
            events = self._noted(note, events)
        self._version += 1
        self._undo.clear()
        self.log.append(cmd)
        self.events.extend(events)
        self.acted.append((self.actor(cmd), len(self.events)))
        self.loaded_at = len(self.log)

    def _allowed(self, cmd: Command) -> bool:
        """Whether a well-typed command is legal now; games with a direct check override this."""
        return self.is_legal(cmd)

    def resume_at(self, state: Any, log: list[Command], events: list[Event],
                  notes: dict[int, str] | None = None,
                  acted: list[tuple[str | None, int]] | None = None) -> None:
        """Put the game at a save's checkpoint: its state, command log, events, notes and who
        gave each command (``acted``; not known for any when None) (the dice are restored by
        the caller). Undo starts here."""
        self.state = state
        self.log = list(log)
        self.events = list(events)
        self.acted = list(acted) if acted is not None else [(None, len(self.events))] * len(self.log)
        self.notes = dict(notes or {})
        self._undo.clear()
        self.loaded_at = len(self.log)
        self._version += 1


def describe(cmd: Command) -> str:
    return cmd.describe() if isinstance(cmd, Command) else repr(cmd)


MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError)


class CheckedGame(Game):
    """A game whose every command is judged by one check, ``_problem(cmd)`` (None: allowed, else
    the reason): ``legal()`` is the candidates that pass it, and a refusal quotes it. Subclasses
    provide ``_candidates()``, ``_problem()`` and ``_now()`` (where the game stands, in words)."""

    def _candidates(self) -> list[Command | Span]:
        """The commands that may be legal now; a ``Span`` gives numbers as ranges, whose values
        the game derives from the bounds ``_problem`` checks, so one check judges the span."""
        raise NotImplementedError

    def _problem(self, cmd: Command) -> str | None:
        raise NotImplementedError

    def _now(self) -> str:
        raise NotImplementedError

    def _legal(self) -> list[Command | Span]:
        out: list[Command | Span] = []
        problem = self._problem
        for c in self._candidates():
            if isinstance(c, Span):
                if len(c) and problem(c.first) is None:
                    out.append(c)
            elif problem(c) is None:
                out.append(c)
        return out

    def _allowed(self, cmd: Command) -> bool:
        try:
            return self._problem(cmd) is None
        except MALFORMED:
            return False

    def explain_illegal(self, cmd: Command) -> str:
        malformed = command_problem(cmd, self.command_types)
        if malformed is not None:
            return malformed
        try:
            reason = self._problem(cmd)
        except MALFORMED:           # a malformed command: say so, never crash
            reason = None
        return reason or f"Not a legal command now: {self._describe_safe(cmd)} ({self._now()})."

    def _describe_safe(self, cmd: Command) -> str:
        try:
            return self.describe(cmd)
        except MALFORMED:
            return repr(cmd)

"""The game base every game package builds on (after python-chess's Board).

A game holds its state (attrs, the whole truth), its dice, the command log and an
undo stack. ``legal()`` is the one list of what may be done; ``apply()`` accepts only
a member of it and returns the events it caused; ``undo()`` steps back one command
but never past a roll, a draw or any other reveal.
"""

from __future__ import annotations

import hashlib
import pickle
from collections import deque
import json
from typing import Any, ClassVar

import attrs

from .command import Command
from .dice import Dice
from .errors import IllegalCommand
from .events import Event


def state_digest(state: Any) -> str:
    """A stable fingerprint of a state: sha256 of its canonical JSON form."""
    plain = attrs.asdict(state, recurse=True)
    text = json.dumps(plain, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def snapshot_of(state: Any) -> Any:
    """A deep copy of a state for undo: pickled and unpickled, several times faster than
    copy.deepcopy for attrs classes (states are plain data, so they always pickle)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class Game:
    """Base class: subclasses provide ``_legal()``, ``_apply()``, ``outcome`` and ``view()``."""

    game_id: ClassVar[str] = ""
    UNDO_DEPTH: ClassVar[int] = 50
    command_types: ClassVar[tuple[type[Command], ...]] = ()

    def __init__(self, state: Any, dice: Dice, *, seed: int, options: dict, undo: bool = True):
        self.state = state
        self.dice = dice
        self.seed = seed
        self.options = options
        self.dice_spec = dice.spec()
        self.log: list[Command] = []
        self.events: list[Event] = []
        self.track_undo = undo
        # the last UNDO_DEPTH commands can be taken back (fewer when a roll or draw intervenes);
        # a bounded stack keeps memory and garbage-collection pauses small in long campaigns
        self._undo: deque[tuple[Any, int, int]] = deque(maxlen=self.UNDO_DEPTH)
        self._version = 0
        self._cache: tuple[int, list[Command], frozenset[Command]] | None = None

    # -- what subclasses provide -------------------------------------------------
    def _legal(self) -> list[Command]:
        raise NotImplementedError

    def _apply(self, cmd: Command) -> list[Event]:
        raise NotImplementedError

    @property
    def outcome(self) -> Any:
        raise NotImplementedError

    def view(self, side: str | None = None) -> Any:
        raise NotImplementedError

    # -- the public protocol ------------------------------------------------------
    def legal(self) -> list[Command]:
        """Every command the side to act may give now. Empty only when the game is over."""
        return list(self._legal_now()[0])

    def is_legal(self, cmd: Command) -> bool:
        try:
            return cmd in self._legal_now()[1]
        except TypeError:          # unhashable: a malformed command is never legal
            return False

    def _legal_now(self) -> tuple[list[Command], frozenset[Command]]:
        if self._cache is None or self._cache[0] != self._version:
            cmds = self._legal()
            self._cache = (self._version, cmds, frozenset(cmds))
        return self._cache[1], self._cache[2]

    def apply(self, cmd: Command) -> list[Event]:
        """Carry out a legal command; anything else raises ``IllegalCommand`` and changes nothing."""
        if not self.is_legal(cmd):
            raise IllegalCommand(self.explain_illegal(cmd))
        snapshot = snapshot_of(self.state) if self.track_undo else None
        reveals = self.dice.reveals
        events = self._apply(cmd)
        self._version += 1
        if self.track_undo:
            if self.dice.reveals != reveals or any(e.reveal for e in events):
                self._undo.clear()
            else:
                self._undo.append((snapshot, len(self.log), len(self.events)))
        self.log.append(cmd)
        self.events.extend(events)
        return events

    def explain_illegal(self, cmd: Command) -> str:
        """Why ``cmd`` is refused now: the IllegalCommand message. Games may say more."""
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
        self.state, log_len, events_len = self._undo.pop()
        del self.log[log_len:]
        del self.events[events_len:]
        self._version += 1
        return True

    def digest(self) -> str:
        return state_digest(self.state)


def describe(cmd: Command) -> str:
    return cmd.describe() if isinstance(cmd, Command) else repr(cmd)


MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError)


class CheckedGame(Game):
    """A game whose every command is judged by one check, ``_problem(cmd)`` (None: allowed, else
    the reason): ``legal()`` is the candidates that pass it, and a refusal quotes it. Subclasses
    provide ``_candidates()``, ``_problem()`` and ``_now()`` (where the game stands, in words)."""

    def _candidates(self) -> list[Command]:
        raise NotImplementedError

    def _problem(self, cmd: Command) -> str | None:
        raise NotImplementedError

    def _now(self) -> str:
        raise NotImplementedError

    def _legal(self) -> list[Command]:
        return [c for c in self._candidates() if self._problem(c) is None]

    def explain_illegal(self, cmd: Command) -> str:
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

"""The web visitors' data folders: who may have a new one, and which old one may be given up.

Each browser let in by the server's link gets a folder of its own (its saves, statistics and
settings), at most ``most`` of them. Two things keep a holder of the link from filling them all
and shutting everyone else out for good:

- an address (an IPv6 /64, as the code guard counts) may be given at most ``NEW_PER_ADDRESS``
  new folders within ``NEW_WINDOW`` seconds;
- when all are taken, a new visitor takes the place of the folder let in longest ago that holds
  nothing of a player's (no save, statistics or settings: a browser that looked and left), was
  last let in more than ``IDLE`` seconds ago, and has no app running in it. A folder with a save
  in it is never given up.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections import Counter, OrderedDict, deque
from pathlib import Path

from .guard import remembered

NEW_PER_ADDRESS = 8          # new folders one address may be given ...
NEW_WINDOW = 3600.0          # ... within this many seconds
IDLE = 3600.0                # a folder holding nothing may be given up this long after its last visit
ID = r"[0-9a-f]{32}"                      # a visitor's id, and its folder's name: secrets.token_hex(16)
ID_RE = re.compile(ID + r"\Z")

# what in a visitor's folder is the player's own (tui.storage's names)
KEPT = ("saves", "stats.json", "config.toml", "exports")


class TooMany(Exception):
    """The address has been given its share of new folders for now."""


class Visitors:
    def __init__(self, root: Path, most: int, clock=time.monotonic) -> None:
        self.root, self.most, self.clock = root, most, clock
        self.given: OrderedDict[str, deque] = OrderedDict()   # address -> stamps of new folders
        self.running: Counter[str] = Counter()                # visitor -> apps running in its folder

    def folder(self, visitor: str) -> Path | None:
        """The visitor's folder, if it is still there."""
        path = self.root / visitor
        return path if path.is_dir() else None

    def visited(self, visitor: str) -> None:
        """The visitor was let in again: its folder is the last one to give up."""
        try:
            os.utime(self.root / visitor)
        except OSError:
            pass

    def make(self, visitor: str, address: str) -> Path | None:
        """A new folder for ``visitor`` (mode 700), or None when all are taken by folders that
        hold a player's things or are in use. TooMany when ``address`` had its share."""
        stamps = self._stamps(address)
        now = self.clock()
        while stamps and stamps[0] < now - NEW_WINDOW:
            stamps.popleft()
        if len(stamps) >= NEW_PER_ADDRESS:
            raise TooMany(address)
        if self._kept() >= self.most and not self._give_up_one():
            return None
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = self.root / visitor
        path.mkdir(mode=0o700, exist_ok=True)
        stamps.append(now)
        return path

    def _stamps(self, address: str) -> deque:
        return remembered(self.given, address, deque)

    def _ids(self) -> list[Path]:
        try:
            return [entry for entry in self.root.iterdir() if ID_RE.match(entry.name) and entry.is_dir()]
        except FileNotFoundError:
            return []

    def _kept(self) -> int:
        return len(self._ids())

    def holds_nothing(self, path: Path) -> bool:
        """Nothing of a player's is in the folder (what the app makes for itself, a cache, is not)."""
        for name in KEPT:
            kept = path / name
            if kept.is_file() or (kept.is_dir() and any(kept.iterdir())):
                return False
        return True

    def _give_up_one(self) -> bool:
        """Remove the folder visited longest ago that may be given up; whether there was one."""
        cutoff = time.time() - IDLE
        spare = []
        for path in self._ids():
            try:
                visited = path.stat().st_mtime
            except OSError:
                continue
            if visited < cutoff and not self.running[path.name] and self.holds_nothing(path):
                spare.append((visited, path))
        if not spare:
            return False
        shutil.rmtree(min(spare)[1], ignore_errors=True)
        return True

"""The games wartable knows, by id, and loading any save by replay.

Each game's package is imported only when that game is made: loading a Fall Blau save does not
import Tide of Iron or Victory (their rules and attrs classes cost a third of a second to import).
"""

from __future__ import annotations

from importlib import import_module

from rules.core import save
from rules.core.game import Game

PACKAGES = {"fallblau": "rules.fallblau", "toi": "rules.toi", "victory": "rules.victory"}


def _factory(package: str):
    def new_game(*args, **kwargs) -> Game:
        return import_module(package).new_game(*args, **kwargs)
    new_game.__qualname__ = new_game.__name__ = f"{package}.new_game"
    return new_game


def factories() -> dict:
    """Game id -> its ``new_game`` (the package is imported at the first call)."""
    return {game_id: _factory(package) for game_id, package in PACKAGES.items()}


def load_save(text: str, upto: int | None = None) -> Game:
    """Rebuild a game from save text; raises SaveError with a clear message."""
    return save.loads(text, factories(), upto=upto)

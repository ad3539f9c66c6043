"""The games wartable knows, by id, and loading any save by replay.

Each game's package is imported only when that game is made: loading a Fall Blau save does not
import Tide of Iron or Victory (their rules and attrs classes cost a third of a second to import).
"""

from __future__ import annotations

from importlib import import_module

from rules.core import save
from rules.core.game import Game

PACKAGES = {"fallblau": "rules.fallblau", "roads": "rules.roads", "toi": "rules.toi", "victory": "rules.victory"}


def _factory(package: str):
    def new_game(*args, **kwargs) -> Game:
        return import_module(package).new_game(*args, **kwargs)
    new_game.__qualname__ = new_game.__name__ = f"{package}.new_game"
    return new_game


def factories() -> dict:
    """Game id -> its ``new_game`` (the package is imported at the first call)."""
    return {game_id: _factory(package) for game_id, package in PACKAGES.items()}


# Where each game's state says the game is over: (field, its value then). A save's checkpoint
# holds the final state, so whether a save's game is over is read there without building it.
OVER = {"fallblau": ("over", True), "roads": ("phase", "over"), "toi": ("over", True), "victory": ("over", True)}


def over_in_checkpoint(doc: dict) -> bool | None:
    """Whether the game of a save document (its header and seal already checked, as
    ``rules.core.save_header`` does) is over, read from its checkpoint's state: None when the
    save has no checkpoint or its state does not say (then only loading the game tells)."""
    field = OVER.get(doc.get("game"))
    checkpoint = doc.get("checkpoint")
    state = checkpoint.get("state") if isinstance(checkpoint, dict) else None
    fields = state.get("f") if isinstance(state, dict) else None
    if field is None or not isinstance(fields, dict) or field[0] not in fields:
        return None
    return fields[field[0]] == field[1]


def load_save(text: str, upto: int | None = None) -> Game:
    """Rebuild a game from save text; raises SaveError with a clear message."""
    return save.loads(text, factories(), upto=upto)

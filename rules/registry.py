"""The games wartable knows, by id, and loading any save by replay."""

from __future__ import annotations

from rules.core import save
from rules.core.game import Game


def factories() -> dict:
    from rules import fallblau, roads, toi, victory
    return {fallblau.GAME_ID: fallblau.new_game, roads.GAME_ID: roads.new_game, toi.GAME_ID: toi.new_game,
            victory.GAME_ID: victory.new_game}


def load_save(text: str, upto: int | None = None) -> Game:
    """Rebuild a game from save text; raises SaveError with a clear message."""
    return save.loads(text, factories(), upto=upto)

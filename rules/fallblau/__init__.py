"""Campaign: Fall Blau, the solitaire card-and-dice game (rulebook: fall-blau.txt).

    from rules.fallblau import new_game
    game = new_game(seed=7, generals=("hoth", "paulus", "ruoff"))
    game.legal(); game.apply(cmd); game.undo(); game.outcome
"""

from .commands import (
    COMMANDS, Advance, Attack, ChooseGeneral, ChooseSlot, Consolidate, Discard, EndTurn,
    OrderDeck, PlayEvent, Reorganize, Reroll, UseAbility,
)
from .game import FallBlau, Outcome, View, new_game

GAME_ID = "fallblau"

__all__ = [
    "COMMANDS", "Advance", "Attack", "ChooseGeneral", "ChooseSlot", "Consolidate", "Discard",
    "EndTurn", "FallBlau", "GAME_ID", "OrderDeck", "Outcome", "PlayEvent", "Reorganize", "Reroll",
    "UseAbility", "View", "new_game",
]

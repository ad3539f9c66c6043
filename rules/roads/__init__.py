"""Campaign Commander: Roads to Stalingrad (rulebook:
campaign-commander-roads-to-stalingrad.txt), two players, hot-seat.

    from rules.roads import new_game
    game = new_game(seed=7)
    game.legal(); game.apply(cmd); game.undo(); game.outcome
    game.view("axis"); game.view("soviet"); game.to_act()
"""

from .commands import (
    COMMANDS, Choose, ChooseUnit, Decline, DiscardCard, DrawCard, EndOperation, Gather, Halt,
    Move, PlaceRP, PlaceUnit, PlayCard, PlayChit, Rebuild, Release, Reorganize, Restore, Retreat,
    StartOperation, StopRetreat,
)
from .game import Outcome, Roads, new_game
from .state import AXIS, SOVIET
from .view import View

GAME_ID = "roads"

__all__ = [
    "AXIS", "COMMANDS", "Choose", "ChooseUnit", "Decline", "DiscardCard", "DrawCard",
    "EndOperation", "GAME_ID", "Gather", "Halt", "Move", "Outcome", "PlaceRP", "PlaceUnit",
    "PlayCard", "PlayChit", "Rebuild", "Release", "Reorganize", "Restore", "Retreat", "Roads",
    "SOVIET", "StartOperation", "StopRetreat", "View", "new_game",
]

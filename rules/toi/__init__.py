"""Tide of Iron: Stalingrad, the campaign layer (rulebook: tide-of-iron-stalingrad-campaign.txt).

The battles are fought on the players' own table; wartable runs the campaign around them.

    from rules.toi import new_game
    game = new_game(seed=0, start="ramming-speed", double=False, standalone=False)
    game.legal(); game.apply(cmd); game.undo(); game.outcome; game.explain(cmd)
"""

from .commands import (
    COMMANDS, AdvancedDivision, BeginBattle, Buy, ConfirmResult, DemoteElites, DonePurchasing,
    EndBattle, Halve, PenaltyEach, PenaltyTwo, PenaltyType, RaiseObjective, Replace, Score,
    SetCommand, SetInitiative, StatusPhase,
)
from .game import Outcome, TideOfIron, View, new_game

GAME_ID = "toi"

__all__ = [
    "COMMANDS", "AdvancedDivision", "BeginBattle", "Buy", "ConfirmResult", "DemoteElites",
    "DonePurchasing", "EndBattle", "GAME_ID", "Halve", "Outcome", "PenaltyEach", "PenaltyTwo",
    "PenaltyType", "RaiseObjective", "Replace", "Score", "SetCommand", "SetInitiative",
    "StatusPhase", "TideOfIron", "View", "new_game",
]

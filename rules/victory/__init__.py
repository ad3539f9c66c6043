"""Victory: The Blocks of War, the campaign game (rulebook: victory-blocks-campaign.txt).

The ten battles are fought on the players' own Victory table; wartable runs the campaign
around them: Battle Groups, maps, battle length, the Regroup Phase, forcepools, victory levels
and the multi-player options.

    from rules.victory import new_game
    game = new_game(seed=0, players=("Anna", "James"))              # duel: Axis, Allied
    game = new_game(players=("A", "B", "C"), mode="round-robin")
    game = new_game(mode="team", teams={"axis": ["A", "B"], "allied": ["C"]})
    game.legal(); game.apply(cmd); game.undo(); game.outcome; game.explain(cmd)
"""

from .commands import (
    COMMANDS,
    AddUnit,
    CallSpecialGroup,
    ConfirmBattleGroup,
    ConfirmReinforcements,
    DeclineSpecialGroup,
    Deployed,
    DrawPairings,
    EndTransfers,
    EngineerRoll,
    EnterBattlePoints,
    LoseUnit,
    MarineRoll,
    NextTurn,
    Reinforce,
    RemoveUnit,
    RollBattleLength,
    RollInitiative,
    RollLayout,
    RollMaps,
    SpecialUnit,
    Transfer,
    UnitsDone,
    Withdraw,
)
from .game import Outcome, Roster, Victory, View, new_game

GAME_ID = "victory"

__all__ = [
    "COMMANDS",
    "GAME_ID",
    "AddUnit",
    "CallSpecialGroup",
    "ConfirmBattleGroup",
    "ConfirmReinforcements",
    "DeclineSpecialGroup",
    "Deployed",
    "DrawPairings",
    "EndTransfers",
    "EngineerRoll",
    "EnterBattlePoints",
    "LoseUnit",
    "MarineRoll",
    "NextTurn",
    "Outcome",
    "Reinforce",
    "RemoveUnit",
    "RollBattleLength",
    "RollInitiative",
    "RollLayout",
    "RollMaps",
    "Roster",
    "SpecialUnit",
    "Transfer",
    "UnitsDone",
    "Victory",
    "View",
    "Withdraw",
    "new_game",
]

"""The rulebook's Campaign Phase Example, replayed step by step through legal()/apply().

After Ramming Speed, James (Soviet) has 2 ammunition, 4 morale and 12 supply; he held the
initiative at the end but lost; he scored 3 CVP from three campaign command objectives.
"""

from __future__ import annotations

from rules.toi import (
    Buy, ConfirmResult, DonePurchasing, Halve, RaiseObjective, Score,
    SetCommand, SetInitiative,
)
from rules.toi.setup import setup_sheet


def test_campaign_phase_example_replays_to_the_stated_results(toi):
    """TOI Campaign Phase Example (A-E), with TOI Using the Campaign Phase Table's supply 6 example."""
    game = toi.new(players=("Anna", "James"))
    assert game.state.players == {"german": "Anna", "soviet": "James"}
    toi.to_result(game)
    # (A) James writes down the command on his cards
    toi.play(game, SetCommand("soviet", "ammunition", 2))
    toi.play(game, SetCommand("soviet", "morale", 4))
    toi.play(game, SetCommand("soviet", "supply", 12))
    for t in ("ammunition", "morale", "supply"):         # the German player's cards: 3-5 rows
        toi.play(game, SetCommand("german", t, 4))
    # he held the initiative at the end of the last Status Phase
    toi.play(game, SetInitiative("soviet"))
    # three CVP from three campaign command objectives; the Germans held the building
    toi.play(game, Score("soviet", "command-objectives", 3))
    toi.play(game, Score("german", "building-40a", 1))
    assert game.scenario_cvp("soviet") == 3
    assert game.scenario_cvp("german") == 5
    events = toi.play(game, ConfirmResult())
    rec = game.state.ledger[0]
    # he lost while holding the initiative: no bonus CVP, and no penalty for losing
    assert rec.winner == "german"
    assert rec.bonus == {"german": 0, "soviet": 0}
    assert "none" in rec.penalty
    assert any(e.rule == "TOI Initiative at the End of a Scenario" and "no penalty" in e.text for e in events)
    # the German player acts first in the table (initiative in Order No. 227): all 3-5, automatic.
    # James's ammunition 2 (C): lost at once, an unarmed restriction; morale 4: remove two -> 2.
    assert game.state.cards["soviet"]["ammunition"].tokens == 0
    assert game.state.next_mods["soviet"].unarmed == 1
    assert game.state.cards["soviet"]["morale"].tokens == 2
    # (B) 12 supply: he may halve it for +1 CVP
    assert game.legal() == [Halve("supply", True), Halve("supply", False)]
    assert game.state.to_act == "soviet"
    toi.play(game, Halve("supply", True))
    assert game.state.cards["soviet"]["supply"].tokens == 6
    assert rec.total("soviet") == 4                     # "bringing his total CVP up to four"
    # 6 supply is the 6-9 row: choose an objective of the next scenario, +1
    assert game.state.decision.kind == "raise"
    assert game.legal() == [RaiseObjective("command-objectives")]   # the only one Soviets score in Order No. 227
    toi.play(game, RaiseObjective("command-objectives"))
    assert game.state.next_mods["soviet"].raised == "command-objectives"
    assert game.state.cards["soviet"]["supply"].tokens == 4          # "leaving him with 4 to spend"
    effects = [(e.type, e.before, e.row, e.after) for e in rec.effects if e.side == "soviet"]
    assert effects == [("ammunition", 2, "0-2", 0), ("morale", 4, "3-5", 2),
                       ("supply", 12, "10+", 6), ("supply", 6, "6-9", 4)]
    # Resource Acquisitions: the German player (initiative in Order No. 227) buys first
    assert game.state.phase == "purchase" and game.state.to_act == "german"
    toi.play(game, DonePurchasing("german"))
    cards = game.state.cards["soviet"]
    assert (cards["ammunition"].tokens, cards["morale"].tokens, cards["supply"].tokens) == (0, 2, 4)
    # (D) flip the Morale and Supply cards to Veteran: 1 morale, 1 supply
    toi.play(game, Buy("soviet", "veteran", (0, 1, 0), detail="morale"))
    toi.play(game, Buy("soviet", "veteran", (0, 0, 1), detail="supply"))
    assert cards["morale"].veteran and cards["supply"].veteran and not cards["ammunition"].veteran
    # his last morale on an advanced deployment hex
    toi.play(game, Buy("soviet", "advanced-hex", (0, 1, 0), division=1))
    # (E) 3 supply is not enough for a base and four regular infantry (5 in all)
    squad = Buy("soviet", "squad", (0, 0, 5), division=1, figures=("regular",) * 4)
    assert not [c for c in game.legal() if isinstance(c, Buy) and c.item == "squad"]
    assert toi.refused(game, squad) == (
        "Not enough supply command: the base needs 1 and 4 regular infantry need 4 (5 in all); "
        "the Soviet player has 3.")
    # the Urban Warfare deck, any 3, paid with the 3 supply
    toi.play(game, Buy("soviet", "urban-deck", (0, 0, 3)))
    assert (cards["ammunition"].tokens, cards["morale"].tokens, cards["supply"].tokens) == (0, 0, 0)
    assert [c for c in game.legal() if isinstance(c, Buy)] == []
    toi.play(game, DonePurchasing("soviet"))
    # on to Order No. 227, whose sheet shows everything
    assert game.state.scenario == "order-227" and game.state.phase == "setup"
    sheet = setup_sheet(game).side("soviet")
    assert sheet.veteran == ("morale", "supply")
    assert sheet.raised == "command-objectives"
    assert sheet.restrictions == ("One squad sets up with an unarmed restriction.",)
    assert sheet.divisions[0].advanced_hexes == 1
    assert "Urban Warfare deck (unlocked)" in sheet.strategy_decks
    assert sheet.command == {"ammunition": 2, "morale": 2, "supply": 2}
    assert game.totals() == {"german": 5, "soviet": 4}


def test_campaign_phase_example_advanced_hex_is_legal_from_order_227(toi):
    """TOI Advanced Deployment Hexes: beginning with Order No. 227 (the example buys one for it)."""
    game = toi.new()
    toi.result(game, german=4, soviet=(2, 4, 4), initiative="soviet",
               scores={"german": {"building-40a": 1}})
    toi.auto_table(game)
    toi.play(game, DonePurchasing("german"))
    assert Buy("soviet", "advanced-hex", (0, 1, 0), division=1) in game.legal()
    assert Buy("soviet", "advanced-hex", (0, 1, 0), division=2) in game.legal()


def test_save_of_the_example_round_trips_through_the_registry(toi):
    """DESIGN "Saves, replay, undo": load_save(dumps(game)) gives back the same game, log and
    digest (commands tagged by their type)."""
    from rules.core import save
    from rules.registry import load_save

    game = toi.new(players=("Anna", "James"))
    toi.result(game, german=4, soviet=(2, 4, 12), initiative="soviet",
               scores={"german": {"building-40a": 1}, "soviet": {"command-objectives": 3}})
    toi.play(game, Halve("supply", True))
    toi.play(game, RaiseObjective("command-objectives"))
    toi.play(game, DonePurchasing("german"))
    toi.play(game, Buy("soviet", "urban-deck", (0, 1, 2)))
    text = save.dumps(game)
    assert '"game":"toi"' in text and '"type":"Buy"' in text
    loaded = load_save(text)
    assert type(loaded).__name__ == "TideOfIron"
    assert loaded.digest() == game.digest()
    assert loaded.options == {"start": "ramming-speed", "double": False, "standalone": False,
                              "players": ["Anna", "James"]}
    assert loaded.legal() == game.legal()

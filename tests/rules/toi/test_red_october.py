"""Red October's in-scenario purchases (TOI Red October: Reinforcements): in each Status Phase
from round 2 both players may buy from the Resource Acquisitions Table, never taking a Campaign
Command card below 2 command."""

from __future__ import annotations

from rules.toi import BeginBattle, Buy, DonePurchasing, EndBattle, SetCommand, StatusPhase
from rules.toi.setup import setup_sheet

FOUR = ("regular",) * 4


def battle(toi, start="red-october"):
    game = toi.new(start=start)
    toi.play(game, BeginBattle())
    return game


def test_status_phase_purchases_open_from_round_2_to_the_last_round(toi):
    """TOI Red October: Reinforcements: "During each Status Phase beginning in round 2"."""
    game = battle(toi)
    assert game.legal() == [StatusPhase(r) for r in range(2, 8)] + [EndBattle()]
    assert toi.refused(game, StatusPhase(1)) == "Red October's Status Phase purchases start in round 2."
    assert toi.refused(game, StatusPhase(8)) == "Red October has 7 rounds: there is no round 8."
    toi.play(game, StatusPhase(3))
    assert game.state.phase == "status" and game.state.to_act is None
    assert toi.refused(game, EndBattle()) == "Close the Status Phase purchases first: each player finishes with Done."
    toi.play(game, DonePurchasing("soviet"))
    toi.play(game, DonePurchasing("german"))
    assert game.state.phase == "battle"
    assert toi.refused(game, StatusPhase(3)) == "The Status Phase of round 3 is past (the last opened was round 3)."
    assert game.legal() == [StatusPhase(r) for r in range(4, 8)] + [EndBattle()]


def test_other_scenarios_have_no_status_phase_purchases(toi):
    """TOI Resource Acquisitions Table: "All purchases occur in the Campaign Phase" (Red October
    is the exception)."""
    game = battle(toi, start="ramming-speed")
    assert game.legal() == [EndBattle()]
    assert toi.refused(game, StatusPhase(2)) == "Ramming Speed has no purchases in its Status Phases."


def test_no_purchase_may_take_a_card_below_2(toi):
    """TOI Red October: Reinforcements: "A player may not purchase any item that would force him
    to go below 2 command on any Campaign Command card"."""
    game = battle(toi)
    toi.play(game, StatusPhase(2))
    # the cards hold 2 each from the set-up: nothing can be bought
    assert [c for c in game.legal() if isinstance(c, Buy)] == []
    toi.play(game, SetCommand("soviet", "supply", 6))
    squad = Buy("soviet", "squad", (0, 0, 5), division=1, figures=FOUR)
    assert toi.refused(game, squad) == (
        "Red October: no purchase may take a Campaign Command card below 2 command; this leaves the supply card at 1.")
    toi.play(game, SetCommand("soviet", "supply", 7))
    toi.play(game, squad)
    assert game.state.cards["soviet"]["supply"].tokens == 2
    toi.play(game, SetCommand("soviet", "ammunition", 4))
    toi.play(game, SetCommand("soviet", "morale", 3))
    # supply 2: any light tank would leave the supply card at 1
    assert [c for c in game.legal() if isinstance(c, Buy) and c.item == "light-tank"] == []
    toi.play(game, SetCommand("soviet", "supply", 3))
    # now only the wild paid in ammunition keeps every card at 2 or more
    light = [c for c in game.legal() if isinstance(c, Buy) and c.item == "light-tank"]
    assert [(c.pay, c.division) for c in light] == [((2, 1, 1), 1), ((2, 1, 1), 2)]
    assert "leaves the morale card at 1" in toi.refused(game, Buy("soviet", "light-tank", (1, 2, 1), division=1))


def test_only_reinforcements_in_the_status_phase(toi):
    """TOI Red October: Reinforcements (ruling): reinforcements are units (squads, tanks) and what
    equips a squad (a specialization, removing the unarmed restriction); set-up items (veteran
    flips, advanced hexes, starting cards, decks) are bought in the Campaign Phase."""
    game = battle(toi)
    toi.play(game, StatusPhase(2))
    for t in ("ammunition", "morale", "supply"):
        toi.play(game, SetCommand("german", t, 10))
    items = {c.item for c in game.legal() if isinstance(c, Buy)}
    assert items == {"squad", "specialization", "light-tank", "heavy-tank"}
    assert "only reinforcements can be bought" in toi.refused(game, Buy("german", "starting-card", (2, 0, 0)))
    assert "only reinforcements can be bought" in toi.refused(game, Buy("german", "veteran", (1, 0, 0), detail="ammunition"))


def test_status_phase_purchases_are_recorded_and_bases_keep_alternating(toi):
    """TOI Red October: Reinforcements; TOI Resource Acquisitions Table (bases alternate)."""
    game = battle(toi)
    toi.play(game, StatusPhase(2))
    toi.play(game, SetCommand("german", "supply", 12))
    toi.play(game, Buy("german", "squad", (0, 0, 5), division=1, figures=FOUR))
    toi.play(game, DonePurchasing("german"))
    assert "has finished purchasing in this Status Phase" in toi.refused(game, SetCommand("german", "supply", 9))
    toi.play(game, DonePurchasing("soviet"))
    toi.play(game, StatusPhase(4))
    assert toi.refused(game, Buy("german", "squad", (0, 0, 5), division=1, figures=FOUR)) == \
        "Bases alternate divisions: the next base goes to division 2 (the last went to division 1)."
    toi.play(game, Buy("german", "squad", (0, 0, 5), division=2, figures=FOUR))
    assert game.state.cards["german"]["supply"].tokens == 2
    rec = game.state.ledger[0]
    assert [(p.when, p.division) for p in rec.purchases] == [("Status Phase 2", 1), ("Status Phase 4", 2)]
    sheet = setup_sheet(game).side("german")
    assert sheet.reinforcements_bought == (
        "Status Phase 2: a squad base with 4 regular infantry for division 1",
        "Status Phase 4: a squad base with 4 regular infantry for division 2")
    assert [d.squad_bases for d in sheet.divisions] == [7, 7]      # the printed set-up is unchanged
    # the result form starts from the command left on the cards
    toi.play(game, DonePurchasing("german"))
    toi.play(game, DonePurchasing("soviet"))
    toi.play(game, EndBattle())
    assert game.state.cards["german"]["supply"].tokens == 2


def test_unarmed_restriction_can_be_removed_in_a_status_phase(toi):
    """TOI Resource Acquisitions Table: remove unarmed restriction (ammunition 2). Ammunition 0-2
    leaves no ammunition to pay for it in the Campaign Phase (ruling: it is bought in Red
    October's Status Phases, where the restriction stands on a squad in play)."""
    game = toi.new(start="gully-of-death")
    toi.result(game, german=4, soviet=(1, 4, 4), initiative="soviet", scores={"german": {"building-48a": 1}})
    toi.play(game, DonePurchasing("german"))
    assert game.state.next_mods["soviet"].unarmed == 1
    assert "Not enough ammunition command" in toi.refused(game, Buy("soviet", "remove-unarmed", (2, 0, 0)))
    toi.play(game, DonePurchasing("soviet"))
    assert setup_sheet(game).side("soviet").restrictions == ("One squad sets up with an unarmed restriction.",)
    toi.play(game, BeginBattle())
    toi.play(game, StatusPhase(2))
    toi.play(game, SetCommand("soviet", "ammunition", 4))
    toi.play(game, Buy("soviet", "remove-unarmed", (2, 0, 0)))
    assert game.state.mods["soviet"].unarmed == 0
    assert setup_sheet(game).side("soviet").restrictions == ()
    assert [c for c in game.legal() if isinstance(c, Buy) and c.item == "remove-unarmed"] == []

"""The set-up sheet (TOI Campaign Scenario Set Up; TOI Campaign Phase, steps 2-3: printed forces
plus everything imposed and bought) and the Markdown exports of the sheet and the whole record."""

from __future__ import annotations

from rules.toi import Buy, DonePurchasing, Halve, RaiseObjective, Replace
from rules.toi.export import campaign_markdown, setup_markdown
from rules.toi.setup import setup_sheet


def test_first_sheet_is_the_printed_scenario(toi):
    """TOI Campaign Scenario Set Up: set up like any scenario, two tokens per card, Recruit side."""
    game = toi.new(players=("Anna", "James"))
    sheet = setup_sheet(game)
    assert (sheet.scenario, sheet.number, sheet.of, sheet.upcoming) == ("ramming-speed", 1, 4, False)
    g = sheet.side("german")
    assert g.player == "Anna" and g.command == {"ammunition": 2, "morale": 2, "supply": 2} and g.veteran == ()
    assert [(d.squad_bases, d.regular, d.elite, d.vehicles) for d in g.divisions] == [
        (8, 20, 6, {"Panzer III": 2}), (8, 20, 6, {"StuG III": 2})]
    assert all(d.changes == () for d in g.divisions) and g.notes == ()
    md = setup_markdown(game)
    assert md.startswith("# Ramming Speed — set-up sheet (scenario 1 of 4, campaign 1)")
    assert "| 1 | 8 | 20 | 6 | 2 | 1 | 1 | 2 Panzer III | - |" in md


def test_sheet_of_the_next_scenario_shows_purchases_and_imposed_changes(toi):
    """TOI Campaign Phase, steps 2-3: the next scenario's set-up with the table's effects and the
    purchases; it fills up during the Campaign Phase."""
    game = toi.new()
    toi.result(game, german=(7, 4, 12), soviet=(2, 4, 4), initiative="soviet", scores={"german": {"building-40a": 1}})
    toi.play(game, Replace("two-elites", 2))               # ammunition 7 -> 5
    toi.play(game, Halve("supply", False))                 # morale 4 -> 2; supply 12 kept: 6-9 effect
    toi.play(game, RaiseObjective("building-45a"))         # supply -> 10
    sheet = setup_sheet(game)
    assert sheet.upcoming and sheet.scenario == "order-227" and sheet.number == 2
    toi.play(game, Buy("german", "squad", (0, 0, 5), division=1, figures=("regular",) * 4))
    toi.play(game, Buy("german", "light-tank", (1, 1, 2), division=1))
    officer = Buy("german", "squad", (0, 2, 5), division=2, figures=("regular", "regular", "elite", "officer"))
    assert toi.refused(game, officer) == "Not enough morale command: 1 officer needs 2; the German player has 1."
    toi.play(game, DonePurchasing("german"))
    toi.play(game, DonePurchasing("soviet"))
    sheet = setup_sheet(game)
    assert not sheet.upcoming and sheet.scenario == "order-227"
    g, s = sheet.side("german"), sheet.side("soviet")
    d1, d2 = g.divisions
    assert (d1.squad_bases, d1.regular, d1.elite, d1.officers, d1.vehicles) == (10, 28, 6, 2, {"Panzer III": 3})
    assert (d2.squad_bases, d2.regular, d2.elite) == (9, 22, 8)
    assert g.raised == "building-45a"
    assert [o.raised_by for o in sheet.objectives if o.id == "building-45a"] == [("german",)]
    assert s.restrictions == ("One squad sets up with an unarmed restriction.",)
    md = setup_markdown(game)
    assert "**+1 for the German player (raised)**" in md
    assert "Restriction: One squad sets up with an unarmed restriction." in md
    assert "Ammunition 6-9: two regular infantry replaced by two elite infantry." in md
    assert "| 1 | 10 | 28 | 6 | 2 | 1 | 1 | 3 Panzer III | - |" in md


def test_campaign_markdown_records_every_scenario_and_the_totals(toi):
    """TOI Campaign Phase, step 1: the record on a separate sheet: command, initiative, CVP;
    plus the table's effects, purchases, unspent command lost and the totals."""
    game = toi.new(start="gully-of-death", players=("Anna", "James"))
    toi.result(game, german=4, soviet=(4, 4, 12), initiative="soviet", scores={"german": {"building-48a": 1}})
    toi.play(game, Halve("supply", True))
    toi.play(game, RaiseObjective("command-objectives"))
    toi.play(game, DonePurchasing("german"))
    toi.play(game, Buy("soviet", "veteran", (0, 0, 1), detail="supply"))
    toi.play(game, DonePurchasing("soviet"))
    toi.result(game, initiative="soviet", scores={"soviet": {"command-objectives": 2, "soviet-hill": 1}})
    md = campaign_markdown(game)
    assert md.startswith("# Tide of Iron: Stalingrad — Campaign")
    assert "German: Anna. Soviet: James." in md
    assert "| 1 | Gully of Death (campaign 1) | German | Anna | 4 | 4 | 4 |  | 5 | 0 | 0 | 5 | yes |" in md
    assert "| 1 | Gully of Death (campaign 1) | Soviet | James | 4 | 4 | 12 | yes | 0 | 0 | 1 | 1 |  |" in md
    assert "| Soviet | supply | 12 | 10+ | Halved to 6 for +1 CVP. | 6 |" in md
    assert "| Soviet | Campaign Phase | the supply Campaign Command card flips to its Veteran side (permanent) | 1 supply |" in md
    assert "\nUnspent command lost: German 2 ammunition, 2 morale, 2 supply; Soviet 2 ammunition, 2 morale, 3 supply." in md
    assert "- German (Anna) 5 CVP, Soviet (James) 1 + 3 + 1 CVP." not in md
    assert "- German (Anna) 5 CVP, Soviet (James) 5 CVP." in md
    assert "## Outcome" in md and "A tie: the Soviet player wins" in md


def test_view_is_the_same_open_information_for_both_sides(toi):
    """TOI Campaign Command Cards are face up and purchases are made in the open: both sides'
    views show the same thing, and a view is a copy (editing it changes nothing)."""
    game = toi.new()
    toi.result(game, german=4, soviet=(4, 4, 12), initiative="soviet", scores={"german": {"building-40a": 1}})
    g, s = game.view("german"), game.view("soviet")
    assert g == s
    assert (g.scenario, g.phase, g.to_act, g.decision.kind) == ("ramming-speed", "table", "soviet", "halve")
    assert g.cvp == {"german": 5, "soviet": 0} and g.totals == {"german": 5, "soviet": 0}
    g.cards["soviet"]["supply"].tokens = 99
    g.record.scores["german"].clear()
    assert game.state.cards["soviet"]["supply"].tokens == 12
    assert game.state.ledger[0].scores["german"] == {"building-40a": 1}

"""The Campaign Phase Table: every row for every command type (TOI Campaign Phase Table, TOI
Using the Campaign Phase Table; Morale 0-2 from the short campaign excerpt, DESIGN ruling).

Each test ends Ramming Speed with the German player on quiet 3-5 rows (so only the Soviet
side's cells act) unless it says otherwise; the next scenario is Order No. 227.
"""

from __future__ import annotations

import pytest

from rules.toi import AdvancedDivision, DemoteElites, Halve, PenaltyEach, RaiseObjective, Replace, Score
from rules.toi.tables import CAMPAIGN_PHASE_TABLE, ROWS, row_for, table_effect


def to_table(toi, soviet, german=4, start="ramming-speed"):
    """End the first scenario: the German player wins (penalty skipped: the Soviet side held the
    initiative and lost), so the cards enter the table exactly as entered."""
    game = toi.new(start=start)
    scorable = next(o.id for o in game.current.objectives if o.scorable_by("german"))
    toi.result(game, german=german, soviet=soviet, initiative="soviet", scores={"german": {scorable: 1}})
    return game


def cmd(game, side="soviet"):
    return {t: c.tokens for t, c in game.state.cards[side].items()}


def effects(game, side="soviet"):
    return [(e.type, e.before, e.row, e.after) for e in game.state.ledger[-1].effects if e.side == side]


def test_campaign_phase_table_rows_cover_every_total():
    """TOI Campaign Phase Table: the first column, 0-2, 3-5, 6-9 and 10+."""
    assert [row_for(n) for n in range(13)] == ["0-2"] * 3 + ["3-5"] * 3 + ["6-9"] * 4 + ["10+"] * 3
    assert row_for(40) == "10+"
    assert set(CAMPAIGN_PHASE_TABLE) == {(r, t) for r in ROWS for t in ("ammunition", "morale", "supply")}
    assert "elite" in table_effect(1, "morale")          # the excerpt's Morale 0-2 cell
    with pytest.raises(ValueError):
        row_for(-1)


# ---------------------------------------------------------------------------- 0-2
def test_ammunition_0_2_drops_to_zero_with_an_unarmed_restriction(toi):
    """TOI Campaign Phase Table: Ammunition 0-2."""
    game = to_table(toi, soviet=(2, 4, 4))
    assert cmd(game)["ammunition"] == 0
    assert game.state.next_mods["soviet"].unarmed == 1
    assert effects(game)[0] == ("ammunition", 2, "0-2", 0)


def test_supply_0_2_drops_to_zero_with_a_starving_restriction(toi):
    """TOI Campaign Phase Table: Supply 0-2."""
    game = to_table(toi, soviet=(4, 4, 1))
    assert cmd(game)["supply"] == 0
    assert game.state.next_mods["soviet"].starving == 1
    assert effects(game)[2] == ("supply", 1, "0-2", 0)


def test_morale_0_2_follows_the_excerpt_two_elites_become_regulars(toi):
    """TOI Campaign Phase Table: Morale 0-2 (excerpt ruling): command to 0, two starting elite
    infantry replaced by regulars; the division is chosen when both have elites."""
    game = to_table(toi, soviet=(4, 0, 4))
    # Order No. 227's Soviet divisions: 6 elites and 1 elite
    assert game.state.decision.kind == "demote"
    assert game.legal() == [DemoteElites(1), DemoteElites(2)]
    toi.play(game, DemoteElites(2))          # division 2 has one: the second comes from division 1
    d1, d2 = game.state.next_mods["soviet"].divisions
    assert (d1.elite, d1.regular, d2.elite, d2.regular) == (-1, 1, -1, 1)
    assert cmd(game)["morale"] == 0
    assert effects(game)[1][:3] == ("morale", 0, "0-2")


def test_morale_0_2_takes_both_elites_from_the_chosen_division(toi):
    """TOI Campaign Phase Table: Morale 0-2 (excerpt ruling)."""
    game = to_table(toi, soviet=(4, 2, 4))
    toi.play(game, DemoteElites(1))
    d1, d2 = game.state.next_mods["soviet"].divisions
    assert (d1.elite, d1.regular, d2.elite, d2.regular) == (-2, 2, 0, 0)


def test_morale_0_2_is_automatic_when_one_division_has_elites(toi):
    """TOI Campaign Phase Table: Morale 0-2 (excerpt ruling): Red October's Soviet division 1 has
    no elites, so both come from division 2 without a choice."""
    game = to_table(toi, soviet=(4, 1, 4), start="gully-of-death")
    assert game.state.decision is None and game.state.phase == "purchase"
    d1, d2 = game.state.next_mods["soviet"].divisions
    assert (d1.elite, d2.elite, d2.regular) == (0, -2, 2)
    assert cmd(game)["morale"] == 0


# ---------------------------------------------------------------------------- 3-5
@pytest.mark.parametrize("t", ["ammunition", "morale", "supply"])
@pytest.mark.parametrize("value", [3, 4, 5])
def test_3_5_removes_two_command(toi, t, value):
    """TOI Campaign Phase Table: 3-5, every type: remove two; the rest may be spent."""
    soviet = {"ammunition": 4, "morale": 4, "supply": 4, t: value}
    game = to_table(toi, soviet=soviet)
    assert game.state.phase == "purchase"
    assert cmd(game)[t] == value - 2
    assert (t, value, "3-5", value - 2) in effects(game)


# ---------------------------------------------------------------------------- 6-9
@pytest.mark.parametrize("kind, field", [("mg", "mg_crews"), ("mortar", "mortar_crews"), ("two-elites", "elite")])
def test_ammunition_6_9_replaces_two_regulars_then_removes_two(toi, kind, field):
    """TOI Campaign Phase Table: Ammunition 6-9 (MG crew, mortar crew or two elites)."""
    game = to_table(toi, soviet=(7, 4, 4))
    assert game.state.decision.kind == "replace"
    assert set(game.legal()) == {Replace(k, d) for k in ("mg", "mortar", "two-elites") for d in (1, 2)}
    toi.play(game, Replace(kind, 2))
    d2 = game.state.next_mods["soviet"].divisions[1]
    assert d2.regular == -2
    assert getattr(d2, field) == (2 if kind == "two-elites" else 1)
    assert cmd(game)["ammunition"] == 5
    assert effects(game)[0] == ("ammunition", 7, "6-9", 5)


def test_morale_6_9_lets_a_division_use_the_advanced_hexes(toi):
    """TOI Campaign Phase Table: Morale 6-9."""
    game = to_table(toi, soviet=(4, 9, 4))
    assert game.legal() == [AdvancedDivision(1), AdvancedDivision(2)]
    toi.play(game, AdvancedDivision(2))
    assert game.state.next_mods["soviet"].divisions[1].advanced_setup
    assert not game.state.next_mods["soviet"].divisions[0].advanced_setup
    assert cmd(game)["morale"] == 7


def test_supply_6_9_raises_an_objective_the_side_can_score(toi):
    """TOI Campaign Phase Table: Supply 6-9 ("Choose an objective and increase its value by 1");
    only objectives of the next scenario that this side can score are offered."""
    game = to_table(toi, german=(4, 4, 6), soviet=4)
    assert game.state.to_act == "german"
    assert game.legal() == [RaiseObjective(o) for o in
                            ("victory-objective", "minefield-hex", "razor-wire-hex", "building-45a")]
    assert "Only the Soviet player may score" in toi.refused(game, RaiseObjective("command-objectives"))
    toi.play(game, RaiseObjective("building-45a"))
    assert game.state.next_mods["german"].raised == "building-45a"
    assert cmd(game, "german")["supply"] == 4


def test_raised_objective_is_worth_one_more_to_the_side_that_raised_it(toi):
    """TOI Campaign Phase Table: Supply 6-9: the raised objective counts +1 CVP in the next
    scenario for that side only ('once' objective: when scored)."""
    game = to_table(toi, german=(4, 4, 6), soviet=4)
    toi.play(game, RaiseObjective("building-45a"))
    toi.done(game)
    toi.to_result(game)
    toi.enter(game, initiative="german", scores={"german": {"building-45a": 1}})
    assert game.scenario_cvp("german") == 4            # 3 + 1


def test_raised_each_objective_adds_one_for_the_marked_item(toi):
    """TOI Campaign Phase Table: Supply 6-9 (ruling): raising an 'each' objective raises one item
    of it (one campaign command objective, as in the rulebook's example): +1 CVP when that item
    is among those scored (Score(..., raised=True))."""
    game = to_table(toi, soviet=(4, 4, 6))
    toi.play(game, RaiseObjective("command-objectives"))
    toi.done(game)
    toi.to_result(game)
    toi.enter(game, initiative="german", scores={"soviet": {"command-objectives": 2}})
    assert game.scenario_cvp("soviet") == 2
    toi.play(game, Score("soviet", "command-objectives", 2, raised=True))
    assert game.scenario_cvp("soviet") == 3
    assert "when at least one is scored" in toi.refused(game, Score("soviet", "command-objectives", 0, raised=True))
    assert "did not raise" in toi.refused(game, Score("german", "victory-objective", 1, raised=True))


# ---------------------------------------------------------------------------- 10+
def test_10_plus_halved_gains_a_cvp_and_applies_the_new_row(toi):
    """TOI Campaign Phase Table: 10+, halved (round down): +1 CVP, then the row of the new total
    (11 -> 5: the 3-5 row, remove two)."""
    game = to_table(toi, soviet=(4, 11, 4))
    assert game.legal() == [Halve("morale", True), Halve("morale", False)]
    toi.play(game, Halve("morale", True))
    assert cmd(game)["morale"] == 3
    assert game.state.ledger[0].halving["soviet"] == 1
    assert effects(game)[1:3] == [("morale", 11, "10+", 5), ("morale", 5, "3-5", 3)]


def test_10_plus_declined_takes_the_6_9_effect_and_removes_two(toi):
    """TOI Campaign Phase Table: 10+ ("If a CVP is not gained, the player gains the 6-9 effect")."""
    game = to_table(toi, soviet=(12, 4, 4))
    toi.play(game, Halve("ammunition", False))
    assert game.state.decision.kind == "replace"
    toi.play(game, Replace("mg", 1))
    assert cmd(game)["ammunition"] == 10
    assert game.state.ledger[0].halving["soviet"] == 0
    assert game.state.next_mods["soviet"].divisions[0].mg_crews == 1


def test_10_plus_halving_into_10_plus_again_counts_as_6_9(toi):
    """TOI Campaign Phase Table: 10+ (ruling): 25 halves to 12, still 10+; the 10+ row applies
    once, so 12 gets the 6-9 effect (no second halving), then remove two -> 10."""
    game = to_table(toi, soviet=(4, 4, 25))
    toi.play(game, Halve("supply", True))
    assert game.state.decision.kind == "raise"            # not a second Halve
    assert not any(isinstance(c, Halve) for c in game.legal())
    toi.play(game, RaiseObjective("command-objectives"))
    assert cmd(game)["supply"] == 10
    assert game.state.ledger[0].halving["soviet"] == 1
    assert effects(game)[2:] == [("supply", 25, "10+", 12), ("supply", 12, "10+ again: counts as 6-9", 10)]


def test_10_plus_halving_to_6_9_takes_that_effect(toi):
    """TOI Campaign Phase Example (B): 12 supply halves to 6, the 6-9 row, then 4 are left."""
    game = to_table(toi, soviet=(4, 4, 12))
    toi.play(game, Halve("supply", True))
    toi.play(game, RaiseObjective("command-objectives"))
    assert cmd(game)["supply"] == 4


def test_table_runs_initiative_holder_of_the_next_scenario_first(toi):
    """TOI Resource Acquisitions Table (buying order), applied to the whole Campaign Phase: after
    Order No. 227 the Soviet side (initiative in Gully of Death) goes first."""
    game = toi.new(start="order-227")
    toi.result(game, german=(4, 4, 6), soviet=(4, 4, 7), initiative="german",
               scores={"german": {"victory-objective": 1}})
    toi.play(game, PenaltyEach())                       # the Soviet 7 supply drops to 6 first
    assert game.state.to_act == "soviet" and game.state.decision.kind == "raise"
    toi.play(game, RaiseObjective("command-majority"))
    assert game.state.to_act == "german" and game.state.decision.kind == "raise"
    sides = [e.side for e in game.state.ledger[0].effects]
    assert sides == ["soviet"] * 3 + ["german"] * 2     # German ammunition and morale done; supply waits

"""Result entry (TOI Campaign Phase, step 1: record command, initiative and CVP) and bad entries
refused with a clear message and nothing changed (DESIGN "The rules model")."""

from __future__ import annotations

import pytest

from rules.toi import (
    BeginBattle, Buy, ConfirmResult, DonePurchasing, EndBattle, Halve, PenaltyEach, Score,
    SetCommand, SetInitiative,
)


@pytest.fixture
def entry(toi):
    game = toi.new()
    toi.to_result(game)
    return game


def test_result_entry_lists_every_value_and_objective_count(toi, entry):
    """TOI Campaign Phase, step 1: every card value 0..max_command, both initiative holders, every
    count each objective allows; Confirm only once the initiative is entered."""
    legal = entry.legal()
    for side in ("german", "soviet"):
        for t in ("ammunition", "morale", "supply"):
            assert [c.value for c in legal if isinstance(c, SetCommand) and (c.side, c.card) == (side, t)] == list(range(41))
        assert [c.count for c in legal if isinstance(c, Score) and (c.side, c.objective) == (side, "command-objectives")] \
            == [0, 1, 2, 3]
        assert [c.count for c in legal if isinstance(c, Score) and (c.side, c.objective) == (side, "building-40a")] \
            == [0, 1]
    assert SetInitiative("german") in legal and SetInitiative("soviet") in legal
    assert ConfirmResult() not in legal
    toi.play(entry, SetInitiative("german"))
    assert ConfirmResult() in entry.legal()


def test_the_form_starts_from_the_set_up_command(entry):
    """TOI Campaign Scenario Set Up: two command on each card; the form starts there."""
    assert all(c.tokens == 2 for side in entry.state.cards.values() for c in side.values())
    assert entry.scenario_cvp("german") == entry.scenario_cvp("soviet") == 0


def test_negative_command_is_refused(toi, entry):
    """TOI Campaign Phase, step 1: command on a card is never negative."""
    assert toi.refused(entry, SetCommand("german", "supply", -1)) == "Command cannot be negative."


def test_command_over_the_maximum_is_refused(toi, entry):
    """Ruling (content rules.toml max_command = 40): result entry is bounded."""
    assert toi.refused(entry, SetCommand("soviet", "morale", 41)) == "Command cannot be more than 40 on one card."
    assert toi.refused(entry, SetCommand("soviet", "fuel", 4)) == "Unknown command type 'fuel': ammunition, morale or supply."
    assert toi.refused(entry, SetCommand("romanian", "morale", 4)) == "Unknown side 'romanian': german or soviet."
    assert toi.refused(entry, SetCommand("soviet", "morale", 4.5)) == (
        "Malformed command SetCommand: value must be int, not float 4.5.")   # rules.core: typed commands


def test_a_once_objective_scored_twice_is_refused(toi, entry):
    """TOI scenario objectives: a "once" objective is scored or not."""
    assert toi.refused(entry, Score("german", "building-40a", 2)) == \
        "Ramming Speed's objective 'Building on map 40A' can be scored at most once."
    assert toi.refused(entry, Score("german", "command-objectives", 4)) == \
        "Ramming Speed's objective 'Campaign command objectives' can be counted at most 3 times for one side."
    assert toi.refused(entry, Score("german", "command-objectives", -1)) == "A count cannot be negative."


def test_an_exclusive_objective_scored_by_both_sides_is_refused(toi, entry):
    """TOI Ramming Speed: "more figures in the building ... than your opponent": one side only;
    the campaign command objectives: at most three between both sides."""
    toi.play(entry, Score("german", "building-40a", 1))
    assert toi.refused(entry, Score("soviet", "building-40a", 1)) == (
        "Ramming Speed's objective 'Building on map 40A' can be scored by one side only: the German player has it "
        "(set theirs to 0 first).")
    toi.play(entry, Score("german", "command-objectives", 2))
    assert toi.refused(entry, Score("soviet", "command-objectives", 2)) == (
        "Ramming Speed's objective 'Campaign command objectives' can be counted at most 3 times by both sides together: "
        "the German player has 2.")
    toi.play(entry, Score("soviet", "command-objectives", 1))
    toi.play(entry, Score("german", "building-40a", 0))
    toi.play(entry, Score("soviet", "building-40a", 1))
    assert entry.scenario_cvp("soviet") == 6 and entry.scenario_cvp("german") == 2


def test_a_side_scoring_the_other_sides_objective_is_refused(toi):
    """TOI Order No. 227: the objectives marked "Germans only" / "Soviets only"."""
    game = toi.new(start="order-227")
    toi.to_result(game)
    assert toi.refused(game, Score("soviet", "victory-objective", 1)) == \
        "Only the German player may score Order No. 227's objective 'Victory objective'."
    assert toi.refused(game, Score("german", "command-objectives", 1)) == \
        "Only the Soviet player may score Order No. 227's objective 'Campaign command objectives'."
    assert toi.refused(game, Score("german", "pavlovs-house", 1)).startswith(
        "Order No. 227 has no objective 'pavlovs-house' (its objectives: victory-objective, ")


def test_confirming_without_the_initiative_holder_is_refused(toi, entry):
    """TOI Campaign Phase, step 1: "record who held initiative at the end of the scenario"."""
    assert toi.refused(entry, ConfirmResult()) == \
        "Enter who held the initiative at the end of the scenario before confirming the result."


def test_commands_of_another_phase_are_refused_with_the_reason(toi):
    """DESIGN "The rules model": anything not in legal() raises IllegalCommand and changes nothing."""
    game = toi.new()
    assert "result entry" in toi.refused(game, Score("german", "building-40a", 1))
    assert "Command is entered after the battle" in toi.refused(game, SetCommand("german", "supply", 3))
    assert "Purchases are made in the Campaign Phase" in toi.refused(game, Buy("german", "starting-card", (2, 0, 0)))
    assert "No halving (10+) is asked" in toi.refused(game, Halve("supply", True))
    assert "No choice of the loser's penalty is asked" in toi.refused(game, PenaltyEach())
    assert "The battle can only end while it is being fought" in toi.refused(game, EndBattle())
    toi.play(game, BeginBattle())
    assert "once" in toi.refused(game, BeginBattle())
    assert "Purchasing is finished" in toi.refused(game, DonePurchasing("german"))
    assert toi.refused(game, "EndBattle") == "Not a command: str 'EndBattle'."      # rules.core: typed commands
    assert toi.refused(game, None) == "Not a command: NoneType None."


def test_malformed_purchase_is_refused_without_crashing(toi):
    """DESIGN "The rules model": a malformed command is refused as illegal, with a reason."""
    game = toi.new()
    toi.result(game, german=12, soviet=4, initiative="soviet", scores={"german": {"building-40a": 1}})
    toi.auto_table(game)
    assert game.state.phase == "purchase"
    assert toi.refused(game, Buy("german", "starting-card", [2, 0, 0])) == \
        "Malformed command Buy: pay must be tuple[int, int, int], not list [2, 0, 0]."
    assert toi.refused(game, Buy("german", "starting-card", (3, -1, 0))) == \
        "Pay must be three amounts (ammunition, morale, supply), none negative."
    assert toi.refused(game, Buy("german", "squad", (0, 0, 5), division=1, figures=["regular"] * 4)) == \
        "Malformed command Buy: figures must be tuple[str, ...], not list ['regular', 'regular', 'regular', 're...."
    assert toi.refused(game, Buy("german", "squad", (0, 0, 5), division=3, figures=("regular",) * 4)) == \
        "Order No. 227's German forces have division 1 and 2: there is no division 3."
    assert toi.refused(game, Buy("german", "tiger", (2, 2, 2))).startswith("Unknown item 'tiger'")
    assert toi.refused(game, Buy("german", "squad", (2, 0, 5), division=1, figures=("mg-crew", "regular", "regular", "elite"))) == \
        "List a squad's figures in the table's order: regular, regular, elite, mg-crew."


def test_undo_steps_back_through_entries(toi, entry):
    """DESIGN "Saves, replay, undo": with no chance in this layer, every command can be undone."""
    before = entry.digest()
    toi.play(entry, SetCommand("german", "supply", 7))
    toi.play(entry, SetInitiative("soviet"))
    assert entry.undo() and entry.undo()
    assert entry.digest() == before

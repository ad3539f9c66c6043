"""The end of the campaign (TOI Measure of Campaign Success), the double campaign with sides
switched, standalone scenarios and later starts (TOI Campaign Overview)."""

from __future__ import annotations

import pytest

from rules.toi import ConfirmResult, Halve, new_game

WIN_G = {"german": {"building-40a": 1}}


def test_campaign_runs_all_four_scenarios_and_totals_cvp(toi):
    """TOI Measure of Campaign Success: after the fourth scenario, add the CVP of every scenario;
    the highest total wins."""
    game = toi.new()
    assert game.state.run == ["ramming-speed", "order-227", "gully-of-death", "red-october"]
    toi.scenario(game, initiative="german", scores=WIN_G)                          # G 5+1
    toi.scenario(game, initiative="german", scores={"soviet": {"command-objectives": 3}})   # S 3, no bonus
    toi.scenario(game, initiative="soviet", scores={"german": {"building-48a": 1}})          # G 5
    assert game.outcome is None
    toi.result(game, initiative="german", scores={"soviet": {"soviet-hill": 2}})             # S 2
    assert game.state.over and game.legal() == []
    o = game.outcome
    assert o.totals == {"german": 11, "soviet": 5}
    assert o.winner == "german" and o.by == "side" and not o.draw
    assert [r.scenario for r in game.state.ledger] == game.state.run


def test_a_tied_campaign_goes_to_the_soviet_player(toi):
    """TOI Measure of Campaign Success: "If the result is a tie, the Soviet player wins"."""
    game = toi.new(start="gully-of-death")
    toi.scenario(game, initiative="soviet", scores={"german": {"building-48a": 1}})          # G 5
    toi.result(game, initiative="german", scores={"soviet": {"soviet-hill": 5}})             # S 5
    o = game.outcome
    assert o.totals == {"german": 5, "soviet": 5}
    assert o.winner == "soviet"
    assert "tie" in o.reason.lower()


def test_later_start_runs_from_that_scenario_to_red_october(toi):
    """TOI Campaign Overview: players may launch the campaign from a different starting point."""
    game = toi.new(start="order-227")
    assert game.state.run == ["order-227", "gully-of-death", "red-october"]
    assert game.state.cards["german"]["supply"].tokens == 2
    toi.scenario(game, initiative="german")
    assert game.state.scenario == "gully-of-death"
    with pytest.raises(ValueError):
        new_game(start="stalingrad")


def test_standalone_scenario_has_no_campaign_phase_and_the_scenario_winner_wins(toi):
    """TOI Campaign Overview: each scenario can be played as a stand-alone scenario."""
    game = toi.new(start="order-227", standalone=True)
    assert game.state.run == ["order-227"]
    toi.result(game, initiative="soviet", german=12, soviet=12, scores={"german": {"victory-objective": 1}})
    o = game.outcome
    assert o.winner == "german" and o.totals == {"german": 5, "soviet": 0}
    assert game.state.ledger[0].effects == [] and game.state.phase == "over"


def double_scenario(toi, game, g, s, initiative, halve=None):
    """Play one scenario of Gully of Death (G: building-48a 5, command-majority 3; S:
    sewer-eliminations 2 each, command-majority 3) or Red October (german-top-floor /
    soviet-hill 1 each). Cards end on 4 (3-5 rows, no choices) except that `halve` = (side,
    types) puts 10 on those cards and halves each for +1 CVP."""
    values = {"german": 4, "soviet": 4}
    if halve:
        values[halve[0]] = {t: (10 if t in halve[1] else 4) for t in ("ammunition", "morale", "supply")}
    toi.to_result(game)
    toi.enter(game, german=values["german"], soviet=values["soviet"], initiative=initiative,
              scores={"german": g, "soviet": s})
    toi.play(game, ConfirmResult())
    while game.state.phase in ("penalty", "table"):
        legal = game.legal()
        yes = [c for c in legal if isinstance(c, Halve) and c.yes]
        toi.play(game, yes[0] if yes else legal[0])
    toi.done(game)


def test_double_campaign_switches_sides_and_totals_all_scenarios(toi):
    """TOI Measure of Campaign Success: play the campaign twice, switching sides; CVP totalled
    from all the scenarios."""
    game = toi.new(start="gully-of-death", double=True, players=("Anna", "James"))
    assert game.state.players == {"german": "Anna", "soviet": "James"}
    double_scenario(toi, game, {"building-48a": 1}, {}, "soviet")           # Anna 5
    double_scenario(toi, game, {}, {"soviet-hill": 1}, "german")            # James 1
    assert game.state.campaign == 2 and game.state.index == 0
    assert game.state.players == {"german": "James", "soviet": "Anna"}
    assert game.state.scenario == "gully-of-death"
    assert all(c.tokens == 2 for side in game.state.cards.values() for c in side.values())
    double_scenario(toi, game, {"building-48a": 1}, {}, "soviet")           # James 5
    double_scenario(toi, game, {}, {"soviet-hill": 4}, "german")            # Anna 4
    o = game.outcome
    assert o.by == "player" and o.totals == {"Anna": 9, "James": 6} and o.winner == "Anna"
    assert len(game.state.ledger) == 4


def test_double_campaign_tie_broken_by_cvp_as_the_soviet_player(toi):
    """TOI Measure of Campaign Success: "A tie is broken by the player who scored the most CVP as
    a Soviet player"."""
    game = toi.new(start="red-october", double=True, players=("Anna", "James"))
    double_scenario(toi, game, {"german-top-floor": 4}, {"soviet-hill": 2}, "soviet")   # Anna G 4, James S 2
    double_scenario(toi, game, {"german-top-floor": 3}, {"soviet-hill": 1}, "soviet")   # James G 3, Anna S 1
    o = game.outcome
    assert o.totals == {"Anna": 5, "James": 5}
    assert o.winner == "James"
    assert "CVP scored as the Soviet player: Anna 1, James 2" in o.reason


# Campaign 1 of the next two tests (Anna German, James Soviet), Gully of Death then Red October:
#   German 3 (majority) beats Soviet 2 (one sewer elimination); James held the initiative and lost
#   (no bonus, no penalty); he halves 10 supply for +1: 3-3. Red October 0-0, Soviet initiative:
#   James wins the tie, +1. Campaign 1: Anna 3, James 4 (all as Soviet, one Soviet win).
def campaign_1(toi):
    game = toi.new(start="gully-of-death", double=True, players=("Anna", "James"))
    double_scenario(toi, game, {"command-majority": 1}, {"sewer-eliminations": 1}, "soviet",
                    halve=("soviet", ("supply",)))
    double_scenario(toi, game, {}, {}, "soviet")
    assert [r.winner for r in game.state.ledger[:2]] == ["german", "soviet"]
    assert game.totals(1) == {"german": 3, "soviet": 4}
    return game


def test_double_campaign_still_tied_after_both_tie_breaks_is_a_draw(toi):
    """TOI Measure of Campaign Success: both tie-breaks equal: a draw (ruling: the rulebook names
    no further tie-break). A CVP for halving counts in the totals, not for who won the scenario."""
    game = campaign_1(toi)
    # campaign 2, the mirror: James German 3 beats Anna Soviet 2, Anna halves; then Anna wins 0-0
    double_scenario(toi, game, {"command-majority": 1}, {"sewer-eliminations": 1}, "soviet",
                    halve=("soviet", ("supply",)))
    double_scenario(toi, game, {}, {}, "soviet")
    o = game.outcome
    assert o.totals == {"Anna": 7, "James": 7}
    assert "CVP scored as the Soviet player: Anna 4, James 4" in o.reason
    assert "scenarios won as the Soviet player: Anna 1, James 1" in o.reason
    assert o.draw and o.winner is None


def test_double_campaign_tie_broken_by_scenarios_won_as_the_soviet_player(toi):
    """TOI Measure of Campaign Success: "If still tied, the player who won the most scenarios as
    the Soviet player is victorious"."""
    game = campaign_1(toi)
    # campaign 2 (James German): Anna's 2 (a sewer elimination) beats 0; James held the initiative
    # (no penalty) and halves two cards: 2. Red October 1-1, Soviet initiative: Anna wins, +1.
    double_scenario(toi, game, {}, {"sewer-eliminations": 1}, "german", halve=("german", ("ammunition", "supply")))
    double_scenario(toi, game, {"german-top-floor": 1}, {"soviet-hill": 1}, "soviet")
    o = game.outcome
    assert [r.winner for r in game.state.ledger] == ["german", "soviet", "soviet", "soviet"]
    assert o.totals == {"Anna": 3 + 2 + 2, "James": 4 + 2 + 1}
    assert "CVP scored as the Soviet player: Anna 4, James 4" in o.reason
    assert "scenarios won as the Soviet player: Anna 2, James 1" in o.reason
    assert o.winner == "Anna" and not o.draw

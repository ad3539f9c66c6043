"""Who wins a scenario, the initiative bonus and the penalty for losing (TOI Penalty for Losing a
Scenario; TOI Initiative at the End of a Scenario)."""

from __future__ import annotations

from rules.toi import ConfirmResult, PenaltyEach, PenaltyTwo, PenaltyType

# Ramming Speed: building-40a 5 CVP (both, once, exclusive); command-objectives 1 CVP each (max 3)


def test_most_cvp_wins_the_scenario(toi):
    """TOI Penalty for Losing a Scenario: the player who scored the most CVP won."""
    game = toi.new()
    toi.result(game, initiative="german", scores={"german": {"command-objectives": 1},
                                                  "soviet": {"command-objectives": 2}})
    rec = game.state.ledger[0]
    assert rec.winner == "soviet"
    assert rec.objective_cvp == {"german": 1, "soviet": 2}


def test_a_tie_goes_to_the_initiative_holder_who_gains_the_bonus(toi):
    """TOI Initiative at the End of a Scenario: on equal CVP the player with the initiative at the
    end of the Status Phase is the winner; having won while holding it, he gains +1 CVP."""
    game = toi.new()
    toi.result(game, initiative="soviet", scores={"german": {"command-objectives": 1},
                                                  "soviet": {"command-objectives": 1}})
    rec = game.state.ledger[0]
    assert rec.winner == "soviet"
    assert rec.bonus == {"german": 0, "soviet": 1}
    assert (rec.total("german"), rec.total("soviet")) == (1, 2)
    assert game.state.decision.kind == "penalty" and game.state.to_act == "german"


def test_initiative_holder_who_wins_gains_one_cvp(toi):
    """TOI Initiative at the End of a Scenario: held it and won: +1 CVP."""
    game = toi.new()
    toi.result(game, initiative="german", scores={"german": {"building-40a": 1}})
    rec = game.state.ledger[0]
    assert rec.bonus == {"german": 1, "soviet": 0}
    assert rec.total("german") == 6


def test_initiative_holder_who_loses_has_no_bonus_and_no_penalty(toi):
    """TOI Initiative at the End of a Scenario: held it and lost: no CVP bonus, and no command
    loss penalty."""
    game = toi.new()
    toi.result(game, german=4, soviet=4, initiative="soviet", scores={"german": {"building-40a": 1}})
    rec = game.state.ledger[0]
    assert rec.winner == "german" and rec.bonus == {"german": 0, "soviet": 0}
    assert game.state.decision is None and game.state.phase == "purchase"
    assert rec.after_penalty["soviet"] == {"ammunition": 4, "morale": 4, "supply": 4}


def test_loser_penalty_each_loses_one_of_each_type(toi):
    """TOI Penalty for Losing a Scenario: lose one command of each type."""
    game = toi.new()
    toi.result(game, german=4, soviet=(5, 4, 3), initiative="german", scores={"german": {"building-40a": 1}})
    assert game.legal() == [PenaltyEach(), PenaltyTwo()]
    assert game.state.to_act == "soviet"                  # the loser chooses
    toi.play(game, PenaltyEach())
    assert game.state.ledger[0].after_penalty["soviet"] == {"ammunition": 4, "morale": 3, "supply": 2}
    assert game.state.ledger[0].after_penalty["german"] == {"ammunition": 4, "morale": 4, "supply": 4}


def test_loser_penalty_two_of_one_type_chosen_by_the_winner(toi):
    """TOI Penalty for Losing a Scenario: alternatively two of one type, the type chosen by the
    winner."""
    game = toi.new()
    toi.result(game, german=4, soviet=(5, 4, 3), initiative="german", scores={"german": {"building-40a": 1}})
    toi.play(game, PenaltyTwo())
    assert game.state.to_act == "german"                  # now the winner chooses
    assert game.legal() == [PenaltyType("ammunition"), PenaltyType("morale"), PenaltyType("supply")]
    toi.play(game, PenaltyType("ammunition"))
    assert game.state.ledger[0].after_penalty["soviet"] == {"ammunition": 3, "morale": 4, "supply": 3}
    assert "two ammunition" in game.state.ledger[0].penalty


def test_penalty_never_takes_command_below_zero(toi):
    """TOI Penalty for Losing a Scenario (ruling): a card never goes below 0."""
    game = toi.new()
    toi.result(game, german=4, soviet=(0, 1, 4), initiative="german", scores={"german": {"building-40a": 1}})
    toi.play(game, PenaltyTwo())
    toi.play(game, PenaltyType("morale"))
    assert game.state.ledger[0].after_penalty["soviet"] == {"ammunition": 0, "morale": 0, "supply": 4}
    game = toi.new()
    toi.result(game, german=4, soviet=(0, 1, 4), initiative="german", scores={"german": {"building-40a": 1}})
    toi.play(game, PenaltyEach())
    assert game.state.ledger[0].after_penalty["soviet"] == {"ammunition": 0, "morale": 0, "supply": 3}


def test_penalty_comes_before_the_campaign_phase_table(toi):
    """TOI Penalty for Losing a Scenario: "this command loss occurs before determining any bonus
    effects or CVP gained from the scenario due to command totals": 10 supply less 2 is 8, so
    no halving is offered."""
    game = toi.new()
    toi.result(game, german=4, soviet=(4, 4, 10), initiative="german", scores={"german": {"building-40a": 1}})
    toi.play(game, PenaltyTwo())
    toi.play(game, PenaltyType("supply"))
    assert game.state.decision.kind == "raise"            # 8: the 6-9 row, not 10+
    assert game.state.decision.data == ("soviet", "supply", 8, "6-9")


def test_halving_cvp_counts_in_the_total_but_not_for_the_winner(toi):
    """TOI Penalty for Losing a Scenario (note) and TOI Campaign Phase Example: the winner is
    decided before the table; a CVP for halving adds to the scenario's total afterwards."""
    game = toi.new()
    toi.result(game, german=4, soviet=(4, 4, 12), initiative="soviet",
               scores={"german": {"command-objectives": 3}, "soviet": {}})
    rec = game.state.ledger[0]
    assert rec.winner == "german"
    toi.auto_table(game, PenaltyEach())
    assert rec.halving["soviet"] == 1
    assert rec.winner == "german" and (rec.total("german"), rec.total("soviet")) == (3, 1)


def test_last_scenario_decides_winner_and_bonus_but_no_penalty_or_table(toi):
    """TOI Measure of Campaign Success: the campaign closes right after the last scenario's Status
    Phase: the winner and initiative bonus count, but no penalty, table or purchases follow."""
    game = toi.new(start="red-october")
    events = toi.result(game, german=12, soviet=1, initiative="german",
                        scores={"german": {"german-top-floor": 3}})
    rec = game.state.ledger[0]
    assert rec.winner == "german" and rec.bonus["german"] == 1 and rec.total("german") == 4
    assert rec.penalty == "" and rec.effects == [] and rec.halving == {"german": 0, "soviet": 0}
    assert game.state.over and game.legal() == []
    assert any("no penalty" in e.text for e in events)
    assert toi.refused(game, ConfirmResult()) == "The campaign is over: no more commands."

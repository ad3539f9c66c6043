"""FB Victory Points and Soviet Reinforcements: the red circles of the Campaign Progress track."""

import pytest

from rules.fallblau import Attack, ChooseSlot, PlayEvent

REINFORCE = "FB Victory Points and Soviet Reinforcements"


@pytest.mark.parametrize("circle", [4, 9, 14, 19, 24])
def test_landing_on_a_red_circle_adds_two_red_cubes_to_the_card_worth_most_vp(make_game, play, place, circle):
    """FB Victory Points and Soviet Reinforcements: stopping on a red circle (4, 9, 14, 19, 24) adds 2 red cubes."""
    game = make_game()
    s = game.state
    s.vp = circle - 2
    s.hand = ["flagge_auf_dem_elbrus"]
    place(game, 0, "millerovo", red=3)
    place(game, 1, "stalingrad", red=6)
    events = play(game, PlayEvent("flagge_auf_dem_elbrus"))
    assert s.vp == circle
    assert s.front[1].red == 8 and s.front[0].red == 3
    assert any(e.rule == REINFORCE and e.kind == "reinforce" for e in events)


@pytest.mark.parametrize("start", [3, 5, 6, 20])
def test_passing_over_or_stopping_off_a_red_circle_adds_nothing(make_game, play, place, start):
    """FB Victory Points and Soviet Reinforcements: only a stop on a red circle counts (3->5, 5->7, 6->8, 20->22 do not)."""
    game = make_game()
    s = game.state
    s.vp = start
    s.hand = ["flagge_auf_dem_elbrus"]
    place(game, 1, "stalingrad", red=6)
    play(game, PlayEvent("flagge_auf_dem_elbrus"))
    assert s.vp == start + 2
    assert s.front[1].red == 6


def test_capture_landing_on_a_red_circle_reinforces_the_best_remaining_card(make_game, play, place):
    """FB Victory Points and Soviet Reinforcements: the captured card is gone; the best card still on the front gets the cubes."""
    game = make_game()
    s = game.state
    s.vp = 3
    place(game, 1, "stalingrad", red=0)
    place(game, 0, "millerovo", red=3)
    place(game, 2, "salsk", red=2)
    play(game, Attack("paulus", 1))                # no dice: captured (6 VP) -> 9, a red circle
    assert s.vp == 9
    assert s.front[0].red == 5 and s.front[2].red == 2


def test_red_circle_tie_is_a_choose_slot_decision(make_game, play, place):
    """FB Victory Points and Soviet Reinforcements: if there is a tie, the player chooses the card."""
    game = make_game()
    s = game.state
    s.vp = 2
    s.hand = ["flagge_auf_dem_elbrus"]
    place(game, 1, "kalach", red=3)
    place(game, 2, "millerovo", red=3)
    play(game, PlayEvent("flagge_auf_dem_elbrus"))
    assert s.decision.kind == "reinforce" and s.decision.rule == REINFORCE
    assert game.legal() == [ChooseSlot(1), ChooseSlot(2)]
    play(game, ChooseSlot(2))
    assert s.front[2].red == 5 and s.front[1].red == 3


def test_red_circle_ignored_with_no_card_in_play(make_game, play):
    """FB Victory Points and Soviet Reinforcements: with no Campaign card in play, ignore the rule."""
    game = make_game()
    s = game.state
    s.vp = 2
    s.hand = ["flagge_auf_dem_elbrus"]
    events = play(game, PlayEvent("flagge_auf_dem_elbrus"))
    assert s.vp == 4
    assert game.red_reserve() == 20
    assert any("ignored" in e.text for e in events)
    assert s.decision is None


def test_reinforcement_takes_what_is_left_of_the_red_reserve(make_game, play, place):
    """FB Components (20 Soviet cubes), ruling: reinforcements take only what is left in the reserve."""
    game = make_game()
    s = game.state
    s.vp = 2
    s.hand = ["flagge_auf_dem_elbrus"]
    place(game, 0, "stalingrad", red=10)
    place(game, 1, "grozny", red=9)
    events = play(game, PlayEvent("flagge_auf_dem_elbrus"))
    assert s.front[0].red == 11
    assert game.red_reserve() == 0
    assert any("only 1 left in the reserve" in e.text for e in events)


def test_reinforcement_can_go_to_a_counterattack_card_worth_most_vp(make_game, play, place):
    """FB Major Soviet Counter-Attacks: it acts like a normal Campaign card, VP included."""
    game = make_game()
    s = game.state
    s.vp = 2
    s.hand = ["flagge_auf_dem_elbrus"]
    place(game, 0, "salsk", red=2)                                       # 1 VP
    place(game, 1, "gegenstoss_bei_woronesch", red=4, counterattack=True)  # 2 VP
    play(game, PlayEvent("flagge_auf_dem_elbrus"))
    assert s.front[1].red == 6

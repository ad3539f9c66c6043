"""FB Ending the Game: the two ways the campaign ends, and the victory levels."""

import pytest

from rules.fallblau import Attack, EndTurn


def end_by_calendar(game, play):
    game.state.calendar = 14          # Mid November: the next turn moves into the Winter Offensive
    play(game, EndTurn())
    assert game.state.over


def test_outcome_is_none_while_the_game_goes_on(make_game, play):
    """FB Ending the Game: the game goes on until one of the end conditions."""
    game = make_game()
    play(game, EndTurn())
    assert game.outcome is None and game.legal()


def test_game_ends_when_every_campaign_card_is_captured(make_game, play, place):
    """FB Ending the Game: the game ends when all of the Campaign cards are captured."""
    game = make_game()
    s = game.state
    s.captured = [c for c in game.content.campaign if c != "astrakhan"]
    s.unlocked = []
    s.vp = 30
    place(game, 0, "astrakhan", red=0)
    events = play(game, Attack("hoth", 0))
    assert s.over
    assert len(s.captured) == 15
    o = game.outcome
    assert o.reason == "every Campaign card is captured."
    assert (o.track, o.vp, o.level) == (35, 35, "brilliant")
    assert any(e.kind == "end" and e.rule == "FB Ending the Game" for e in events)
    assert game.legal() == []


def test_capturing_a_counterattack_card_is_not_needed_to_end_the_game(make_game, play, place):
    """FB Ending the Game: 'all of the Campaign cards': Major Counter-Attack cards left on the front do not matter."""
    game = make_game()
    s = game.state
    s.captured = [c for c in game.content.campaign if c != "salsk"]
    s.unlocked = []
    place(game, 0, "salsk", red=0)
    place(game, 1, "gegenstoss_bei_woronesch", red=4, counterattack=True)
    play(game, Attack("hoth", 0))
    assert s.over


@pytest.mark.parametrize("vp, level", [(0, "defeat"), (26, "defeat"), (27, "victory"), (29, "victory"),
                                       (30, "brilliant"), (41, "brilliant")])
def test_victory_levels_27_standard_and_30_brilliant(make_game, play, vp, level):
    """FB Ending the Game: 27+ VP Standard Victory, 30+ Brilliant Victory, less than 27 a defeat."""
    game = make_game()
    game.state.vp = vp
    end_by_calendar(game, play)
    o = game.outcome
    assert (o.level, o.vp, o.victory_at, o.brilliant_at) == (level, vp, 27, 30)
    assert o.won == (level != "defeat")


def test_final_vp_is_the_track_less_two_per_general_lost(make_game, play):
    """FB Losing a General / Ending the Game: the victory level uses VP less 2 per General lost."""
    game = make_game()
    s = game.state
    s.vp = 31
    del s.generals["ruoff"]
    s.slots[2] = None
    s.lost = ["ruoff"]
    end_by_calendar(game, play)
    o = game.outcome
    assert (o.track, o.generals_lost, o.vp, o.level) == (31, 1, 29, "victory")
    assert "less 2 for Generals lost" in game.events[-1].text

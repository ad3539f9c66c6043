"""DESIGN "Saves, replay, undo" and "The rules model": undo stops at reveals; illegal commands change nothing."""

import pytest

from rules.core.errors import IllegalCommand
from rules.fallblau import Advance, Attack, Consolidate, Discard, EndTurn, PlayEvent, Reorganize


def test_undo_steps_back_over_a_consolidate(make_game, play):
    """DESIGN undo: a command with no roll or draw can be taken back."""
    game = make_game()
    before = game.digest()
    play(game, Consolidate("hoth"))
    assert game.can_undo
    assert game.undo() is True
    assert game.digest() == before
    assert game.log == []
    assert Consolidate("hoth") in game.legal()


def test_undo_steps_back_over_several_quiet_commands(make_game, play):
    """DESIGN undo: Consolidate, Reorganize and a supply card can all be taken back one by one."""
    game = make_game()
    digests = [game.digest()]
    for cmd in (Consolidate("hoth"), Reorganize(("paulus", "hoth", "ruoff")), PlayEvent("nachschub")):
        play(game, cmd)
        digests.append(game.digest())
    for expected in reversed(digests[:-1]):
        assert game.undo() is True
        assert game.digest() == expected
    assert game.undo() is False


def test_undo_never_goes_back_past_a_roll(make_game, play, place):
    """DESIGN undo: never past a die roll."""
    game = make_game(dice=[2, 2, 2, 2, 2])
    place(game, 0, "millerovo")
    play(game, Attack("hoth", 0))
    after = game.digest()
    assert not game.can_undo
    assert game.undo() is False
    assert game.digest() == after


def test_undo_stops_at_the_last_roll(make_game, play, place):
    """DESIGN undo: after a roll, later quiet commands may be undone back to the roll, no further."""
    game = make_game(dice=[2, 2, 2, 2, 2])
    place(game, 0, "millerovo")
    play(game, Attack("hoth", 0))
    after_roll = game.digest()
    play(game, Consolidate("paulus"))
    assert game.undo() is True
    assert game.digest() == after_roll
    assert game.undo() is False


def test_undo_never_goes_back_past_a_draw(make_game, play):
    """DESIGN undo: never past a card draw (the turn's Event cards)."""
    game = make_game()
    play(game, Consolidate("hoth"))
    play(game, EndTurn())
    after = game.digest()
    assert game.undo() is False
    assert game.digest() == after


def test_undo_of_an_advance(make_game, play):
    """DESIGN undo: an Advance reveals nothing (the card was face up in the queue): it can be undone."""
    game = make_game()
    before = game.digest()
    play(game, Advance("hoth", "voronezh"))
    assert game.undo() is True
    assert game.digest() == before
    assert game.state.unlocked == ["voronezh"]


@pytest.mark.parametrize("cmd", [
    Attack("hoth", 0),                       # no card in front
    Advance("hoth", "rostov"),               # not unlocked
    Advance("paulus", "voronezh", "millerovo", 0),   # a regular General's second card
    Discard("nachschub"),                    # no discard is pending
    PlayEvent("flagge_auf_dem_elbrus"),      # not in hand
    Reorganize(("hoth", "paulus", "ruoff")), # the current order
])
def test_illegal_command_raises_and_leaves_the_state_unchanged(make_game, cmd):
    """DESIGN The rules model: anything not in legal() raises IllegalCommand and changes nothing."""
    game = make_game()
    before, log, events = game.digest(), list(game.log), len(game.events)
    assert cmd not in game.legal()
    with pytest.raises(IllegalCommand):
        game.apply(cmd)
    assert game.digest() == before
    assert game.log == log and len(game.events) == events


def test_orders_are_illegal_while_a_decision_is_pending(make_game, play):
    """DESIGN The rules model: while a Decision is pending, legal() lists only its answers."""
    game = make_game(deck=["fuehrerweisung_45", "nachschub"])
    before = game.digest()
    with pytest.raises(IllegalCommand):
        game.apply(Consolidate("hoth"))
    with pytest.raises(IllegalCommand):
        game.apply(EndTurn())
    assert game.digest() == before


def test_order_of_an_exhausted_general_is_illegal(make_game, play):
    """FB Step 4: an exhausted General may not be given an order; trying changes nothing."""
    game = make_game()
    play(game, Consolidate("hoth"))
    before = game.digest()
    with pytest.raises(IllegalCommand):
        game.apply(Consolidate("hoth"))
    assert game.digest() == before

"""The players' names and the computer's side ride in the save's options (for the screens)."""

import pytest

from rules import registry
from rules.core import save
from rules.roads import new_game


def test_players_and_computer_survive_a_save():
    game = new_game(seed=3, players={"axis": "Anna", "soviet": "Ben"}, computer="soviet")
    game.apply(game.legal()[0])
    again = registry.load_save(save.dumps(game))
    assert again.options == {"players": {"axis": "Anna", "soviet": "Ben"}, "computer": "soviet"}
    assert again.view("axis") == game.view("axis")


def test_a_new_game_without_names_has_no_options():
    assert new_game(seed=1).options == {}


def test_the_computer_plays_a_side():
    with pytest.raises(ValueError, match="the computer plays"):
        new_game(seed=1, computer="germany")


def test_the_computers_strength_survives_a_save():
    game = new_game(seed=3, computer="axis", strength="hard")
    game.apply(game.legal()[0])
    again = registry.load_save(save.dumps(game))
    assert again.options == {"computer": "axis", "strength": "hard"}


def test_the_computers_strength_is_one_of_three_and_needs_a_computer():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        new_game(seed=1, computer="axis", strength="brutal")
    with pytest.raises(ValueError, match="against the computer"):
        new_game(seed=1, strength="hard")


def test_a_game_knows_the_searchs_strengths_without_importing_it():
    """new_game checks a strength against its own names (a game is made, or a save opened,
    without importing the search): they are the search's."""
    from rules.roads.ai.search import STRENGTHS
    from rules.roads.game import STRENGTHS as names
    assert names == tuple(STRENGTHS)

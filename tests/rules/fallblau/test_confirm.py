"""The words of a Fall Blau confirmation (``rules.fallblau.confirm``): what a command that
cannot be taken back will do, said before it, for the screen and plain mode alike."""

from __future__ import annotations

from rules.fallblau import Discard, EndTurn, UseAbility
from rules.fallblau.confirm import confirmation


def test_step_5_ending_the_turn_names_each_counter_attack_and_the_general_it_falls_on(make_game, place):
    """FB Local Soviet Counter-Attacks: each Campaign card in play counter-attacks the General
    directly in front of it, a die per red cube."""
    game = make_game()
    place(game, 0, "voronezh", red=2)
    place(game, 1, "millerovo", red=1)
    game.state.slots[1] = None                              # no General faces Millerovo
    title, body = confirmation(game, EndTurn())
    cubes = game.state.generals["hoth"].cubes
    assert title == "End the turn?"
    assert body.startswith("The Germans lose the initiative. Step 5: each card with red cubes")
    assert f"  Voronezh (2 red) against Hermann Hoth ({cubes} grey)" in body.splitlines()
    assert "  Millerovo (1 red) against nobody: no counter-attack" in body.splitlines()
    assert body.endswith("It cannot be taken back.")


def test_step_5_with_no_red_cubes_in_play_the_turn_ends_with_no_counter_attack(make_game):
    _title, body = confirmation(make_game(), EndTurn())
    assert "  none: no card in play has red cubes." in body.splitlines()


def test_hoths_ability_says_how_many_grey_cubes_are_left_after(make_game):
    """FB Generals: Hoth pays a grey cube to be ready again."""
    game = make_game()
    cubes = game.state.generals["hoth"].cubes
    assert confirmation(game, UseAbility("hoth")) == (
        "Hermann Hoth gives up a grey cube to be ready again?", f"He has {cubes}; {cubes - 1} are left after.")


def test_a_discard_at_the_hand_limit_goes_before_the_draw(make_game):
    title, body = confirmation(make_game(), Discard("nachschub"))
    assert title == "Discard Nachschub?"
    assert body == "It goes to the discard pile; then the cards are drawn, which cannot be taken back."

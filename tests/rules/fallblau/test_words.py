"""Issue 10 item 8: Fall Blau's words read as English and name what the player will meet."""

from __future__ import annotations

from rules.core.words import count
from tui.fallblau.map_panel import queue_and_captured
from tui.fallblau.text import captured_words


def test_counts_read_as_english():
    assert count(0, "grey cube") == "no grey cubes"
    assert count(1, "grey cube") == "1 grey cube"
    assert count(2, "grey cube") == "2 grey cubes"
    assert count(1, "white die") == "1 white die" and count(3, "white die") == "3 white dice"
    assert count(2, "six") == "2 sixes"


def test_elista_shows_the_red_cubes_it_will_deploy(make_game):
    """FB Deploying Campaign Cards: Elista deploys with 4 red cubes while Grozny is not captured,
    and the queue says 4, not its printed 2."""
    game = make_game()
    s = game.state
    s.unlocked = ["elista"]
    assert game.deploy_red("elista") == 4
    assert "Elista 2VP/4red" in queue_and_captured(game).plain
    s.captured.append("grozny")
    assert game.deploy_red("elista") == 2
    assert "Elista 2VP/2red" in queue_and_captured(game).plain


def test_captured_counts_campaign_cards_apart_from_counter_attack_cards(make_game):
    game = make_game()
    counter = [c for c in game.content.events if game.content.events[c].effect == "counterattack"][0]
    game.state.captured = ["voronezh", "millerovo", counter]
    words = captured_words(game)
    assert words.startswith("Captured: 2 of 15 Campaign cards (Voronezh, Millerovo)")
    assert words.endswith(f"and 1 counter-attack card ({game.name(counter)})")


def test_the_card_reference_file_is_checked_with_file_table_and_field():
    """content/fallblau/reference.toml: every Event effect needs its line; unknown placeholders,
    effects and cards are refused with the file, the table and the field named."""
    import copy

    import pytest

    from rules.core.content import read_toml
    from rules.core.errors import ContentError
    from rules.fallblau.content import load
    from rules.fallblau.reference import check

    good = read_toml("fallblau", "reference.toml")
    check(good, load())
    cases = [
        (lambda raw: raw["effect"].pop("boost"), "[effect]: field 'boost': missing"),
        (lambda raw: raw["effect"].update(boost="+{dice} black dice"), "[effect]: field 'boost': unknown placeholder(s) ['dice']"),
        (lambda raw: raw["effect"].update(teleport="x"), "[effect]: field 'teleport': no Event card has this effect"),
        (lambda raw: raw["card"].update(nobody="x"), "[card]: field 'nobody': no Event card has this id"),
        (lambda raw: raw["deck"].update(hard=""), "[deck]: field 'hard': needs a line of text"),
    ]
    for spoil, message in cases:
        raw = copy.deepcopy(good)
        spoil(raw)
        with pytest.raises(ContentError) as caught:
            check(raw, load())
        assert str(caught.value).startswith("content/fallblau/reference.toml: ")
        assert message in str(caught.value), str(caught.value)

"""Hosted games made through the lobby (tui/serve/hosted.py): seats known before the save, the
save made when the last seat is taken with every player's name in it, whose turn."""

from __future__ import annotations

import pytest

from tests.support.club import club  # noqa: F401  (the fixture)
from tui import storage
from tui.serve import hosted
from tui.serve.store import TABLE


@pytest.mark.parametrize("game, options", [
    ("roads", {}),
    ("toi", {"start": "gully-of-death", "double": False, "standalone": True}),
    ("victory", {"mode": "duel", "players": 2}),
    ("victory", {"mode": "round-robin", "players": 3}),
    ("victory", {"mode": "team", "players": 3}),
])
def test_the_save_is_made_when_the_last_seat_is_taken_with_each_players_name(club, game, options):
    s, root = club
    if game == "toi":
        options["start"] = hosted.toi_scenarios()[2]
    seats = hosted.slots(game, options)
    game_id = hosted.new_game(s, game, options, "Ann", seats[-1][0], {}, True)
    joiners = ["Bob", "Cy"][:len(seats) - 1]
    for (slot, _), name in zip(seats, joiners):
        row = hosted.take(s, root, game_id, slot, name)
        assert row.started == (name == joiners[-1])
    saved = storage.load(hosted.seat_of(root, row, "Ann").save_path)
    text = repr(saved.options)
    for name in ["Ann", *joiners]:
        assert name in text                                   # every player's name is in the game
        assert hosted.seat_of(root, row, name) is not None
    if game == "toi":                                         # a scenario's set-up: at the table
        assert row.to_play == (TABLE,)
    else:
        assert row.to_play and set(row.to_play) <= {s.side for s in row.seats}
    if game == "toi":
        assert saved.options["start"] == options["start"] and saved.options["standalone"]


def test_a_kept_seat_is_only_its_players_and_bad_choices_are_told(club):
    s, root = club
    game_id = hosted.new_game(s, "roads", {}, "Ann", "axis", {"soviet": "Bob"}, False)
    with pytest.raises(ValueError, match="kept for another"):
        hosted.take(s, root, game_id, "soviet", "Cy")
    assert hosted.take(s, root, game_id, "soviet", "Bob").started
    with pytest.raises(ValueError, match="no mode"):
        hosted.new_game(s, "victory", {"mode": "chaos", "players": 2}, "Ann", "axis", {}, True)
    with pytest.raises(ValueError, match="3 to 6 players"):
        hosted.new_game(s, "victory", {"mode": "round-robin", "players": 9}, "Ann", "seat-1", {}, True)
    with pytest.raises(ValueError, match="cannot be hosted"):
        hosted.new_game(s, "fallblau", {}, "Ann", "axis", {}, True)
    with pytest.raises(ValueError, match="second seat for yourself"):
        hosted.new_game(s, "roads", {}, "Ann", "axis", {"soviet": "ann"}, True)

"""Maps, layout, the attacker and deployment (VIC 4.2 Maps, 4.3 Battle Group Deployment)."""

from __future__ import annotations

from rules.victory import (
    Deployed,
    NextTurn,
    RollInitiative,
    RollLayout,
    RollMaps,
    tables,
)


def test_roll_maps_reads_the_chart_4_1_6(vic):
    """VIC 4.2: 3d6 rolled in sequence: 4, 1, 6 gives Axis map 9 and Allied map 13."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2])
    vic.choose_all(game)
    events = vic.play(game, RollMaps())
    m = vic.match(game)
    assert (m.map_rolls, m.axis_map, m.allied_map) == ((4, 1, 6), 9, 13)
    assert events[0].dice == (4, 1, 6) and events[0].rule == "VIC 4.2 Maps"
    assert "Axis map 9 (Island Chain)" in events[0].text and "Allied map 13 (Archipelago)" in events[0].text


def test_layout_is_rerolled_until_the_maps_fit(vic):
    """VIC 4.2: "If the maps do not fit together according to the chart, re-roll until they match up
    (land with land, sea with sea)": Central Plains (all land, Allied 1) against the Peninsula (Axis 7,
    "321") fits layouts 2 and 5 only; rolls 1, 3, 4, 6, 7, 8 are re-rolled, every roll logged."""
    misses = [n for n in range(1, 9) if not tables.layout_fits(1, 7, n)]
    assert misses == [1, 3, 4, 6, 7, 8]
    game = vic.new(rolls=[3, 2, 1] + misses + [5])
    vic.choose_all(game)
    vic.play(game, RollMaps())
    m = vic.match(game)
    assert (m.allied_map, m.axis_map) == (1, 7)
    events = vic.play(game, RollLayout())
    assert m.layout_rolls == misses + [5] and m.layout == 5
    rolls = [e for e in events if e.kind == "roll"]
    assert [e.dice for e in rolls] == [(n,) for n in misses + [5]]
    assert all("does not fit" in e.text for e in rolls[:-1]) and "the maps fit" in rolls[-1].text
    assert game.legal() == [RollInitiative(1)]


def test_initiative_at_the_start_is_1d6_each_with_ties_rerolled(vic):
    """VIC 4.3: at the campaign's start roll for the initiative (1d6 each, ties re-rolled); the winner
    is the attacker and deploys first, and has the initiative in the first turn."""
    game = vic.new(rolls=vic.MAPS_416 + [3, 3, 2, 2, 2, 5])
    vic.choose_all(game)
    vic.play(game, RollMaps())
    vic.play(game, RollLayout())
    events = vic.play(game, RollInitiative())
    m = vic.match(game)
    assert m.initiative_rolls == [(3, 3), (2, 2), (2, 5)]
    assert [e.dice for e in events] == [(3, 3), (2, 2), (2, 5)]
    assert m.attacker == "James"
    assert vic.refused(game, Deployed("Anna")) == "The attacker (James) deploys first (4.3)."
    vic.play(game, Deployed("James"))
    events = vic.play(game, Deployed("Anna"))
    assert "Turn 1: James has the initiative" in events[-1].text
    assert m.step == "battle" and m.turn == 1


def test_the_previous_winner_attacks_without_an_initiative_roll(vic):
    """VIC 4.3: "The person who won the previous battle is considered the attacker and must deploy his
    BG first"; no initiative roll is made."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1] + vic.MAPS_416 + [1])
    vic.choose_all(game)
    vic.battle(game, {"Anna": (3, 0), "James": (5, 1)})     # James wins battle 1 by 4
    assert game.battle == 2
    vic.play(game, RollMaps())
    events = vic.play(game, RollLayout())
    m = vic.match(game)
    assert m.attacker == "James" and m.step == "deploy" and m.initiative_rolls == []
    assert "James won the previous battle" in events[-1].text
    message = vic.refused(game, RollInitiative())
    assert message == "James won the previous battle: James is the attacker; no initiative roll (4.3)."
    assert game.legal() == [Deployed("James")]


def test_after_a_draw_the_initiative_is_rolled_again(vic):
    """VIC 4.3: "In case of a draw in the previous battle ... roll for the initiative prior to
    deployment"."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2, 1] + vic.MAPS_416 + [6, 1])
    vic.choose_all(game)
    vic.battle(game, {"Anna": (4, 0), "James": (2, 1)})     # 4 BP each: a draw
    assert vic.match(game).step == "maps" and game.force("Anna").last == "draw"
    vic.play(game, RollMaps())
    vic.play(game, RollLayout())
    assert game.legal() == [RollInitiative(1)]
    vic.play(game, RollInitiative())
    assert vic.match(game).attacker == "Anna"


def test_nothing_happens_in_the_battle_before_deployment(vic):
    """VIC 4.3: after both Battle Groups are deployed, begin play: no turn before that."""
    game = vic.new(rolls=vic.MAPS_416 + [5, 2])
    vic.choose_all(game)
    assert "Roll the maps first" in vic.refused(game, RollLayout())
    vic.play(game, RollMaps())
    vic.play(game, RollLayout())
    vic.play(game, RollInitiative())
    assert "has not begun" in vic.refused(game, NextTurn())

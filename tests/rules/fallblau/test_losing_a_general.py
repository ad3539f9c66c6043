"""FB Losing a General."""

from rules.fallblau import Consolidate, EndTurn, Reorganize

LOST = "FB Losing a General"


def wipe_out_hoth(make_game, play, place, extra_dice=()):
    game = make_game(dice=[1, 1, 1, *extra_dice])
    game.state.generals["hoth"].cubes = 2
    place(game, 0, "millerovo", red=3)
    events = play(game, EndTurn())
    return game, events


def test_general_with_no_grey_cubes_left_is_removed_from_the_game(make_game, play, place):
    """FB Losing a General: a General who loses all grey cubes is wiped out and his card removed."""
    game, events = wipe_out_hoth(make_game, play, place)
    s = game.state
    assert "hoth" not in s.generals
    assert s.lost == ["hoth"]
    assert s.slots == [None, "paulus", "ruoff"]
    assert any(e.rule == LOST and e.kind == "loss" for e in events)
    assert not any(getattr(c, "general", None) == "hoth" for c in game.legal())
    assert s.front[0].card == "millerovo" and s.front[0].red == 3     # the card stays in play
    assert game.grey_reserve() == 5


def test_card_facing_no_general_does_not_counterattack(make_game, play, place):
    """FB Losing a General: cards with no General facing them remain in play but do not counter-attack."""
    game, _ = wipe_out_hoth(make_game, play, place)
    events = play(game, EndTurn())                    # no dice are scripted: none may be rolled
    assert any("faces no General" in e.text and e.rule == LOST for e in events)
    assert game.state.front[0].red == 3
    assert {g: x.cubes for g, x in game.state.generals.items()} == {"paulus": 6, "ruoff": 5}


def test_card_counterattacks_again_once_a_general_faces_it(make_game, play, place):
    """FB Losing a General: 'as long as no General is directly in front': a reorganized General is attacked."""
    game, _ = wipe_out_hoth(make_game, play, place, extra_dice=(1, 4, 4))
    play(game, Reorganize(("ruoff", "paulus", None)))
    play(game, EndTurn())
    assert game.state.generals["ruoff"].cubes == 4


def test_each_general_lost_costs_two_vp_at_the_end(make_game, play, place):
    """FB Losing a General: deduct 2 VP per General lost at the end of the game."""
    game, _ = wipe_out_hoth(make_game, play, place)
    s = game.state
    s.vp = 29
    s.calendar = 14
    play(game, EndTurn())
    o = game.outcome
    assert (o.track, o.generals_lost, o.vp, o.level) == (29, 1, 27, "victory")
    assert s.vp == 29                    # the track itself is not lowered during play


def test_game_ends_when_every_general_is_lost(make_game, play, place):
    """FB Losing a General (ruling): with no General left the campaign is over."""
    game = make_game(dice=[1, 1, 1])
    s = game.state
    for slot, card in enumerate(("millerovo", "kalach", "salsk")):
        place(game, slot, card, red=1)
    for g in s.generals.values():
        g.cubes = 1
    s.vp = 30
    play(game, EndTurn())
    assert s.over and s.generals == {} and len(s.lost) == 3
    assert game.outcome.reason == "every German army is destroyed."
    assert game.outcome.vp == 24 and game.outcome.level == "defeat"
    assert game.legal() == []


def test_lost_general_cannot_be_readied_or_consolidated(make_game, play, place):
    """FB Losing a General: you continue the game with one less General."""
    game, _ = wipe_out_hoth(make_game, play, place)
    assert Consolidate("hoth") not in game.legal()
    play(game, Consolidate("paulus"))
    assert set(game.state.generals) == {"paulus", "ruoff"}

"""FB Advance order and Deploying Campaign Cards."""

from rules.fallblau import Advance, Attack


def test_advance_costs_one_supply_and_deploys_card_in_front_with_its_red_cubes(make_game, play):
    """FB Advance order: 1 supply brings a card from the queue directly in front of the General."""
    game = make_game()
    s = game.state
    events = play(game, Advance("paulus", "voronezh"))
    assert s.supply == 4
    assert s.front[1].card == "voronezh" and s.front[1].red == 3
    assert s.unlocked == []
    assert s.generals["paulus"].ready is False
    assert any(e.rule == "FB Deploying Campaign Cards" for e in events)


def test_advance_not_allowed_with_a_card_in_front(make_game, place):
    """FB Advance order: a General with a Campaign card directly in front may not Advance."""
    game = make_game()
    game.state.unlocked = ["millerovo", "kalach"]
    place(game, 0, "rostov")
    legal = game.legal()
    assert not any(isinstance(c, Advance) and c.general == "hoth" for c in legal)
    assert Advance("paulus", "millerovo") in legal


def test_advance_not_allowed_with_an_empty_unlocked_queue(make_game):
    """FB Advance order: may not be given if there are no Campaign cards in the unlocked queue."""
    game = make_game()
    game.state.unlocked = []
    assert not any(isinstance(c, Advance) for c in game.legal())


def test_advance_may_bring_any_card_of_the_queue(make_game):
    """FB Advance order: ANY unlocked Campaign card may be moved to the frontline."""
    game = make_game()
    game.state.unlocked = ["millerovo", "kalach", "salsk"]
    legal = game.legal()
    for card in ("millerovo", "kalach", "salsk"):
        assert Advance("ruoff", card) in legal


def test_advance_needs_the_supply(make_game):
    """FB Step 4: orders can only be issued with the necessary supplies."""
    game = make_game()
    game.state.supply = 0
    assert not any(isinstance(c, Advance) for c in game.legal())


def test_panzer_general_may_bring_second_card_to_empty_adjacent_position_for_one_more_supply(make_game, play):
    """FB Advance order (Panzer armies): +1 supply brings a second card to an empty space adjacent."""
    game = make_game()
    s = game.state
    s.unlocked = ["millerovo", "kalach"]
    play(game, Advance("hoth", "millerovo", "kalach", 1))
    assert s.supply == 3
    assert s.front[0].card == "millerovo" and s.front[0].red == 3
    assert s.front[1].card == "kalach" and s.front[1].red == 3
    assert s.unlocked == []


def test_panzer_second_card_only_to_an_empty_adjacent_position(make_game, place):
    """FB Deploying Campaign Cards: the second card goes to an empty space adjacent to the first."""
    game = make_game(generals=("paulus", "hoth", "ruoff"))
    s = game.state
    s.unlocked = ["millerovo", "kalach"]
    seconds = {c.second_slot for c in game.legal() if isinstance(c, Advance) and c.second}
    assert seconds == {0, 2}                       # Hoth in the middle: both sides
    game = make_game(generals=("paulus", "hoth", "ruoff"))
    game.state.unlocked = ["millerovo", "kalach"]
    place(game, 2, "salsk")
    seconds = {c.second_slot for c in game.legal() if isinstance(c, Advance) and c.second}
    assert seconds == {0}
    game = make_game(generals=("hoth", "paulus", "ruoff"))
    game.state.unlocked = ["millerovo", "kalach"]
    seconds = {c.second_slot for c in game.legal() if isinstance(c, Advance) and c.second}
    assert seconds == {1}                          # position 3 is not adjacent to position 1


def test_panzer_second_card_needs_the_extra_supply(make_game):
    """FB Advance order (Panzer armies): the second card costs an additional supply."""
    game = make_game()
    game.state.unlocked = ["millerovo", "kalach"]
    game.state.supply = 1
    advances = [c for c in game.legal() if isinstance(c, Advance) and c.general == "hoth"]
    assert advances and all(c.second is None for c in advances)


def test_regular_general_cannot_bring_a_second_card(make_game):
    """FB Advance order: only Panzer armies may bring a second card."""
    game = make_game()
    game.state.unlocked = ["millerovo", "kalach"]
    for g in ("paulus", "ruoff"):
        advances = [c for c in game.legal() if isinstance(c, Advance) and c.general == g]
        assert advances and all(c.second is None for c in advances)


def test_elista_deploys_four_red_cubes_unless_grozny_is_captured(make_game, play):
    """FB Deploying Campaign Cards: Elista deploys 4 red cubes if Grozny is not captured."""
    game = make_game()
    game.state.unlocked = ["elista"]
    events = play(game, Advance("paulus", "elista"))
    assert game.state.front[1].red == 4
    assert any("Grozny" in e.text and "not captured" in e.text for e in events)


def test_elista_deploys_two_red_cubes_once_grozny_is_captured(make_game, play):
    """FB Deploying Campaign Cards: Elista usually deploys with two red cubes."""
    game = make_game()
    game.state.unlocked = ["elista"]
    game.state.captured = ["grozny"]
    play(game, Advance("paulus", "elista"))
    assert game.state.front[1].red == 2


def test_astrakhan_deploys_five_red_cubes(make_game, play):
    """FB Deploying Campaign Cards: Astrakhan has five red cubes."""
    game = make_game()
    game.state.unlocked = ["astrakhan"]
    play(game, Advance("ruoff", "astrakhan"))
    assert game.state.front[2].card == "astrakhan" and game.state.front[2].red == 5


def test_deploying_takes_only_what_is_left_of_twenty_red_cubes(make_game, play, place):
    """FB Components (20 Soviet cubes), ruling: a deployment takes what is left in the reserve."""
    game = make_game()
    place(game, 0, "stalingrad", red=9)
    place(game, 1, "grozny", red=9)
    game.state.unlocked = ["astrakhan"]
    assert game.red_reserve() == 2
    events = play(game, Advance("ruoff", "astrakhan"))
    assert game.state.front[2].red == 2
    assert game.red_reserve() == 0
    assert any("only 2 left in the reserve" in e.text for e in events)


def test_advanced_card_can_then_be_attacked_by_another_general(make_game, play):
    """FB Attack! order: a card brought by Advance is a target for the General facing it or beside it."""
    game = make_game()
    play(game, Advance("paulus", "voronezh"))
    legal = game.legal()
    assert Attack("hoth", 1) in legal and Attack("ruoff", 1) in legal


def test_a_major_counterattack_card_in_front_also_blocks_advance(make_game, place):
    """FB Advance order / Major Soviet Counter-Attacks: the event card in front acts like a Campaign card."""
    game = make_game()
    place(game, 1, "angriffe_bei_kotluban", red=3, counterattack=True)
    assert not any(isinstance(c, Advance) and c.general == "paulus" for c in game.legal())
    assert Advance("hoth", "voronezh") in game.legal()

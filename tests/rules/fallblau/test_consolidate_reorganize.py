"""FB Consolidate order and Reorganizing the Frontline."""

from rules.fallblau import Attack, Consolidate, EndTurn, Reorganize


def test_consolidate_adds_a_grey_cube_and_two_supply(make_game, play):
    """FB Consolidate order: add a grey cube (up to the start) to that General and 2 supply to the depot."""
    game = make_game(generals=("hoth", "salmuth", "paulus"))
    s = game.state
    s.generals["hoth"].cubes = 3
    events = play(game, Consolidate("hoth"))
    assert s.generals["hoth"].cubes == 4
    assert s.supply == 7
    assert s.generals["hoth"].ready is False
    assert events[-1].rule == "FB Consolidate order"


def test_consolidate_never_exceeds_the_starting_cubes(make_game, play):
    """FB Consolidate order: do not exceed the starting number of grey cubes."""
    game = make_game()
    play(game, Consolidate("paulus"))
    assert game.state.generals["paulus"].cubes == 6
    assert game.state.supply == 8          # Paulus: +2, +1 for his ability


def test_consolidate_cube_goes_only_to_the_consolidating_general(make_game, play):
    """FB Consolidate order: cubes can only be added to the General who Consolidates."""
    game = make_game(generals=("hoth", "salmuth", "ruoff"))
    s = game.state
    s.generals["hoth"].cubes = 3
    s.generals["salmuth"].cubes = 3
    play(game, Consolidate("salmuth"))
    assert s.generals["hoth"].cubes == 3 and s.generals["salmuth"].cubes == 4


def test_supply_depot_holds_at_most_ten(make_game, play):
    """FB Setup (supply depot, ruling 0-10): Consolidate never raises supply above 10."""
    game = make_game()
    game.state.supply = 9
    events = play(game, Consolidate("hoth"))
    assert game.state.supply == 10
    assert "+1 supply" in events[-1].text


def test_reorganize_costs_one_supply_and_sets_the_new_order(make_game, play):
    """FB Reorganizing the Frontline: for 1 supply, change the order of the Generals."""
    game = make_game()
    events = play(game, Reorganize(("ruoff", "hoth", "paulus")))
    s = game.state
    assert s.slots == ["ruoff", "hoth", "paulus"]
    assert s.supply == 4
    assert events[0].rule == "FB Reorganizing the Frontline"
    assert all(g.ready for g in s.generals.values())     # not an order: nobody is exhausted


def test_reorganize_offers_every_other_order(make_game):
    """FB Reorganizing the Frontline: any new order of the Generals (5 others for 3 Generals)."""
    game = make_game()
    orders = {c.order for c in game.legal() if isinstance(c, Reorganize)}
    assert len(orders) == 5
    assert ("hoth", "paulus", "ruoff") not in orders


def test_reorganize_needs_one_supply(make_game):
    """FB Reorganizing the Frontline: it costs one supply."""
    game = make_game()
    game.state.supply = 0
    assert not any(isinstance(c, Reorganize) for c in game.legal())


def test_reorganize_at_any_point_of_the_orders_step_even_after_orders(make_game, play, place):
    """FB Reorganizing the Frontline: at any point during your turn, e.g. between orders, to face a card."""
    game = make_game(generals=("hoth", "paulus", "salmuth"), dice=[3, 3, 3, 3, 3, 3])
    place(game, 2, "millerovo", red=6)
    play(game, Consolidate("hoth"))
    play(game, Reorganize(("salmuth", "hoth", "paulus")))
    assert game.state.slots == ["salmuth", "hoth", "paulus"]
    assert game.state.generals["hoth"].ready is False        # exhausted stays exhausted
    play(game, Attack("paulus", 2))                           # Paulus now faces Millerovo: 6 dice
    assert "millerovo" in game.state.captured and game.dice.remaining == []


def test_reorganize_lets_generals_fill_a_position_left_by_a_lost_general(make_game, play):
    """FB Losing a General / Reorganizing: Generals may be re-deployed into an empty position."""
    game = make_game()
    s = game.state
    del s.generals["hoth"]
    s.slots[0] = None
    s.lost = ["hoth"]
    orders = {c.order for c in game.legal() if isinstance(c, Reorganize)}
    assert ("paulus", None, "ruoff") in orders
    assert len(orders) == 5
    play(game, Reorganize(("ruoff", "paulus", None)))
    assert s.slots == ["ruoff", "paulus", None]


def test_reorganize_lone_general_may_move_to_another_position(make_game, play):
    """FB Reorganizing the Frontline (ruling): a last General may also move to face another card."""
    game = make_game()
    s = game.state
    for g in ("hoth", "ruoff"):
        del s.generals[g]
        s.slots[s.slots.index(g)] = None
    s.lost = ["hoth", "ruoff"]
    orders = {c.order for c in game.legal() if isinstance(c, Reorganize)}
    assert orders == {("paulus", None, None), (None, None, "paulus")}
    play(game, Reorganize((None, None, "paulus")))
    assert s.slots == [None, None, "paulus"] and s.supply == 4


def test_reorganize_is_not_offered_outside_the_orders_step(make_game, play):
    """FB Reorganizing the Frontline (ruling): only in the orders step, not while a decision is pending."""
    game = make_game()
    s = game.state
    s.hand = ["nachschub", "beutelager", "eisenbahnpioniere", "gewaltmarsch", "genesenen_kompanien"]
    s.deck = ["flagge_auf_dem_elbrus", "dora_rail_gun"]
    play(game, EndTurn())
    assert s.decision.kind == "discard"
    assert not any(isinstance(c, Reorganize) for c in game.legal())

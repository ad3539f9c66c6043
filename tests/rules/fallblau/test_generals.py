"""The five Generals' abilities (content brief; FB Setup: choose any 3 Generals)."""

from rules.fallblau import (Advance, Attack, ChooseGeneral, Consolidate, EndTurn, OrderDeck, Reroll,
                            UseAbility)

ABILITY = "FB General ability"


# ---------------------------------------------------------------- Hoth

def test_hoth_may_pay_a_grey_cube_to_be_ready_again_after_his_order(make_game, play):
    """Hoth: once per turn, after his order, remove 1 of his grey cubes to ready him again."""
    game = make_game()
    assert UseAbility("hoth") not in game.legal()          # no order yet
    play(game, Consolidate("hoth"))
    assert UseAbility("hoth") in game.legal()
    events = play(game, UseAbility("hoth"))
    hoth = game.state.generals["hoth"]
    assert hoth.cubes == 4 and hoth.ready is True
    assert events[0].rule == ABILITY
    assert game.grey_reserve() == 1


def test_hoth_ability_once_per_turn(make_game, play):
    """Hoth: the ability may be used once per turn."""
    game = make_game()
    play(game, Consolidate("hoth"))
    play(game, UseAbility("hoth"))
    play(game, Consolidate("hoth"))
    assert game.state.generals["hoth"].ready is False
    assert UseAbility("hoth") not in game.legal()


def test_hoth_ability_is_available_again_next_turn(make_game, play):
    """Hoth: once per turn: the next turn he may use it again."""
    game = make_game()
    play(game, Consolidate("hoth"))
    play(game, UseAbility("hoth"))
    play(game, EndTurn())
    assert UseAbility("hoth") not in game.legal()
    play(game, Consolidate("hoth"))
    assert UseAbility("hoth") in game.legal()


def test_hoth_ability_needs_an_order_not_an_exhausting_event(make_game, play):
    """Hoth: only after he carries out an order; an Event that exhausts him does not count."""
    game = make_game(deck=["fuehrerweisung_45", "nachschub"])
    play(game, ChooseGeneral("hoth"))
    assert game.state.generals["hoth"].ready is False
    assert UseAbility("hoth") not in game.legal()


def test_hoth_ability_cannot_spend_his_last_grey_cube(make_game, play):
    """Hoth (ruling): the cube paid must not be his last one."""
    game = make_game()
    game.state.generals["hoth"].cubes = 1
    play(game, Advance("hoth", "voronezh"))
    assert UseAbility("hoth") not in game.legal()


def test_only_hoth_has_the_ready_ability(make_game, play):
    """Generals: the other Generals cannot pay a cube to be ready again."""
    game = make_game()
    play(game, Consolidate("paulus"))
    assert not any(isinstance(c, UseAbility) for c in game.legal())


# ---------------------------------------------------------------- Kleist

def test_kleist_orders_the_top_three_events_before_the_draw(make_game, play):
    """Kleist: before drawing Event cards, look at the top 3 and put them back in any order."""
    game = make_game(generals=("kleist", "paulus", "ruoff"), deck=["nachschub", "beutelager", "eisenbahnpioniere"])
    s = game.state
    assert s.decision is not None and s.decision.kind == "peek"
    legal = game.legal()
    assert len(legal) == 6 and all(isinstance(c, OrderDeck) for c in legal)
    assert OrderDeck(("eisenbahnpioniere", "nachschub", "beutelager")) in legal
    assert s.hand == []
    play(game, OrderDeck(("eisenbahnpioniere", "nachschub", "beutelager")))
    assert s.hand == ["eisenbahnpioniere", "nachschub"]
    assert s.deck[0] == "beutelager"
    assert s.decision is None


def test_kleist_can_push_a_stop_card_below_the_two_draws(make_game, play):
    """Kleist: reordering decides which two cards are drawn this turn."""
    game = make_game(generals=("kleist", "paulus", "ruoff"), deck=["partisanen", "nachschub", "beutelager"])
    play(game, OrderDeck(("nachschub", "beutelager", "partisanen")))
    assert game.state.supply == 5
    assert game.state.hand == ["nachschub", "beutelager"]
    assert game.state.deck[0] == "partisanen"


def test_kleist_looks_once_per_turn_at_the_draw_step_only(make_game, play):
    """Kleist (ruling): the look is part of Step 3, once per turn; never during the orders step."""
    game = make_game(generals=("kleist", "paulus", "ruoff"), deck=["nachschub", "beutelager", "eisenbahnpioniere", "gewaltmarsch"])
    play(game, OrderDeck(("nachschub", "beutelager", "eisenbahnpioniere")))
    assert not any(isinstance(c, OrderDeck) for c in game.legal())
    play(game, EndTurn())
    assert game.state.decision.kind == "peek"
    assert {c.order[0] for c in game.legal()} == {"eisenbahnpioniere", "gewaltmarsch", game.state.deck[2]}
    assert game.state.hand == ["nachschub", "beutelager"]


# ---------------------------------------------------------------- Paulus

def test_paulus_consolidate_gives_one_more_supply(make_game, play):
    """Paulus: when he Consolidates, gain 1 more supply (3 in all)."""
    game = make_game()
    play(game, Consolidate("paulus"))
    assert game.state.supply == 8
    play(game, Consolidate("hoth"))
    assert game.state.supply == 10


def test_paulus_ignores_the_fortress_minus_one_against_stalingrad(make_game, play, place):
    """Paulus: his attacks on Stalingrad ignore the Fortress -1."""
    game = make_game(dice=[3, 3, 3, 1, 2, 2])
    place(game, 1, "stalingrad", red=6)
    events = play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 3
    assert game.state.generals["paulus"].cubes == 5
    assert game.state.supply == 3                  # Stalingrad: 1 + 1 extra supply
    hit = next(e for e in events if e.kind == "hit")
    assert any("Friedrich Paulus" in m for m in hit.modifiers)


def test_paulus_keeps_the_fortress_minus_one_elsewhere_and_others_keep_it_on_stalingrad(make_game, play, place):
    """Paulus: only Stalingrad; other Generals attacking Stalingrad still suffer the -1."""
    game = make_game(dice=[3, 3, 3, 3, 3, 4])
    place(game, 0, "voronezh", red=6)
    place(game, 1, "stalingrad", red=6)
    play(game, Attack("paulus", 0))                # adjacent: 3 dice, all 3-1 = 2: misses
    assert game.state.front[0].red == 6
    play(game, Attack("hoth", 1))                  # adjacent: 3 dice, 3-1 = 2 misses, 4-1 = 3 hits
    assert game.state.front[1].red == 5


# ---------------------------------------------------------------- Ruoff

def test_ruoff_may_reroll_one_white_die_as_a_decision(make_game, play, place):
    """Ruoff: once per Attack!, re-roll one white die (a pending Reroll decision)."""
    game = make_game(dice=[1, 1, 3, 5, 2, 6])
    place(game, 2, "millerovo", red=6)
    play(game, Attack("ruoff", 2))
    s = game.state
    assert s.decision.kind == "reroll"
    assert game.legal() == [Reroll(None), Reroll(0), Reroll(2), Reroll(3), Reroll(4)]
    assert s.front[2].red == 6                     # nothing applied yet
    events = play(game, Reroll(0))
    assert s.decision is None and s.attack is None
    assert s.front[2].red == 3                     # 6, 3, 5 hit
    assert s.generals["ruoff"].cubes == 4          # one 1 left
    assert any(e.rule == ABILITY and e.dice == (6,) for e in events)


def test_ruoff_may_keep_the_roll(make_game, play, place):
    """Ruoff: the re-roll is optional."""
    game = make_game(dice=[1, 1, 3, 5, 2])
    place(game, 2, "millerovo", red=6)
    play(game, Attack("ruoff", 2))
    play(game, Reroll(None))
    assert game.state.front[2].red == 4
    assert game.state.generals["ruoff"].cubes == 3


def test_ruoff_is_offered_no_reroll_when_every_white_die_hit(make_game, play, place):
    """Ruoff (RULINGS: Ruoff): with every white die a hit, no re-roll decision is offered."""
    game = make_game(dice=[3, 4, 5, 6, 3])
    place(game, 2, "millerovo", red=6)
    play(game, Attack("ruoff", 2))
    s = game.state
    assert s.decision is None and s.attack is None       # resolved at once
    assert s.front[2].red == 1
    assert not any(isinstance(c, Reroll) for c in game.legal())


def test_ruoff_is_offered_a_reroll_when_one_die_missed(make_game, play, place):
    """Ruoff (RULINGS: Ruoff): a single miss among hits is enough for the re-roll."""
    game = make_game(dice=[3, 4, 5, 6, 2])
    place(game, 2, "millerovo", red=6)
    play(game, Attack("ruoff", 2))
    assert game.state.decision.kind == "reroll"


def test_ruoff_rerolls_white_dice_only(make_game, play, place):
    """Ruoff: only a white die may be re-rolled (black dice from a card are not offered)."""
    game = make_game(dice=[2, 2, 2, 2, 2, 1, 6])
    game.state.hand = ["sturmgeschuetz_abteilung"]
    place(game, 2, "millerovo", red=6)
    play(game, Attack("ruoff", 2, "sturmgeschuetz_abteilung"))
    assert game.legal() == [Reroll(None), Reroll(0)]


def test_ruoff_ignores_the_mountain_minus_one(make_game, play, place):
    """Ruoff: his mountain troops ignore the Mountain -1."""
    game = make_game(dice=[2, 3, 3, 2, 2])
    place(game, 2, "pyatigorsk", red=6)
    play(game, Attack("ruoff", 2))
    events = play(game, Reroll(None))
    assert game.state.front[2].red == 4
    assert game.state.generals["ruoff"].cubes == 5
    hit = next(e for e in events if e.kind == "hit")
    assert any("Richard Ruoff" in m for m in hit.modifiers)


# ---------------------------------------------------------------- Salmuth

def test_salmuth_counterattack_ones_are_rolled_again_only_a_second_one_counts(make_game, play, place):
    """Salmuth: a Soviet counter-attack die showing 1 is rolled once more; only a second 1 removes a cube."""
    game = make_game(generals=("hoth", "paulus", "salmuth"), dice=[1, 1, 5, 1, 4])
    place(game, 2, "millerovo", red=3)
    events = play(game, EndTurn())
    assert game.state.generals["salmuth"].cubes == 4
    again = [e for e in events if e.rule == ABILITY]
    assert again and again[0].dice == (1, 4)


def test_salmuth_without_ones_rolls_nothing_more(make_game, play, place):
    """Salmuth: only dice that hit are rolled again."""
    game = make_game(generals=("hoth", "paulus", "salmuth"), dice=[2, 3, 4])
    place(game, 2, "millerovo", red=3)
    play(game, EndTurn())
    assert game.state.generals["salmuth"].cubes == 5
    assert game.dice.remaining == []


def test_salmuth_with_chuikov_rerolls_every_hit(make_game, play, place):
    """Salmuth (ruling): with Chuikov a hit is a 1-2; each hit is rolled again and must hit again."""
    game = make_game(generals=("hoth", "paulus", "salmuth"), dice=[1, 2, 3, 4, 5, 6, 2, 3])
    game.state.permanents = ["chuikov"]
    place(game, 2, "stalingrad", red=6)
    play(game, EndTurn())
    assert game.state.generals["salmuth"].cubes == 4

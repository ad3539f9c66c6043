"""FB Attack! order: dice, hits, losses, icons, Panzertruppen, overkill, dice cards, capture."""

from rules.fallblau import Attack

REGULARS = ("hoth", "paulus", "salmuth")   # Hoth (Panzer) at 1, Paulus and Salmuth (regular) at 2 and 3


def roll_event(events):
    return next(e for e in events if e.kind == "roll")


def hit_event(events):
    return next(e for e in events if e.kind == "hit")


def test_attack_rolls_one_white_die_per_grey_cube(make_game, play, place):
    """FB Attack! order: roll a white die per grey cube under the attacking General."""
    game = make_game(generals=REGULARS, dice=[2, 2, 2, 2, 2, 2])
    place(game, 1, "millerovo", red=6)
    events = play(game, Attack("paulus", 1))
    assert roll_event(events).dice == (2, 2, 2, 2, 2, 2)
    assert game.state.front[1].red == 6
    assert game.dice.remaining == []


def test_attack_on_adjacent_card_rolls_half_the_dice_rounded_up(make_game, play, place):
    """FB Attack! order: an adjacent card is attacked with half the dice, rounded up."""
    game = make_game(generals=REGULARS, dice=[2, 2, 2, 2, 2, 2])
    place(game, 0, "millerovo", red=6)
    events = play(game, Attack("paulus", 0))        # 6 cubes -> 3 dice
    assert len(roll_event(events).dice) == 3
    assert "half, rounded up" in roll_event(events).text
    game.state.front[0] = None
    place(game, 1, "salsk", red=6)
    events = play(game, Attack("hoth", 1))          # 5 cubes -> 3 dice
    assert len(roll_event(events).dice) == 3
    assert game.dice.remaining == []


def test_attack_die_of_three_or_more_removes_a_red_cube(make_game, play, place):
    """FB Attack! order: each roll of 3 or more destroys one red cube."""
    game = make_game(generals=REGULARS, dice=[3, 4, 5, 6, 2, 2])
    place(game, 1, "millerovo", red=6)
    play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 2
    assert game.state.generals["paulus"].cubes == 6


def test_attack_natural_one_loses_a_grey_cube(make_game, play, place):
    """FB Attack! order: each roll of 1 destroys one grey cube."""
    game = make_game(generals=REGULARS, dice=[1, 1, 3, 2, 2, 2])
    place(game, 1, "millerovo", red=6)
    play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 5
    assert game.state.generals["paulus"].cubes == 4
    assert game.grey_reserve() == 2


def test_attack_on_fortress_minus_one_so_one_or_two_lose_and_four_plus_hit(make_game, play, place):
    """FB Attack! order: Fortress -1: lose a grey cube on 1-2, need 4+ to remove a red cube."""
    game = make_game(generals=REGULARS, dice=[1, 2, 3, 4, 5, 6])
    place(game, 1, "voronezh", red=6)
    events = play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 3
    assert game.state.generals["paulus"].cubes == 4
    assert "-1 Fortress" in hit_event(events).modifiers


def test_attack_on_mountain_minus_one_so_one_or_two_lose_and_four_plus_hit(make_game, play, place):
    """FB Attack! order: Mountains -1 on every attack die."""
    game = make_game(generals=REGULARS, dice=[1, 2, 3, 4, 5])
    place(game, 2, "pyatigorsk", red=6)
    events = play(game, Attack("salmuth", 2))
    assert game.state.front[2].red == 4
    assert game.state.generals["salmuth"].cubes == 3
    assert "-1 Mountain" in hit_event(events).modifiers


def test_attack_costs_one_supply(make_game, play, place):
    """FB Attack! order: an Attack! order costs 1 supply."""
    game = make_game(generals=REGULARS, dice=[2] * 6)
    place(game, 1, "millerovo")
    play(game, Attack("paulus", 1))
    assert game.state.supply == 4


def test_attack_costs_the_cards_extra_supply(make_game, play, place):
    """FB Attack! order: some Campaign cards have an additional supply cost when attacked."""
    game = make_game(generals=REGULARS, dice=[2] * 6)
    place(game, 1, "maikop")
    play(game, Attack("paulus", 1))
    assert game.state.supply == 3


def test_attack_not_allowed_without_the_full_supply_cost(make_game, place):
    """FB Step 4: orders need the necessary supplies, including a card's extra cost."""
    game = make_game(generals=REGULARS)
    place(game, 1, "maikop")
    place(game, 0, "millerovo")
    game.state.supply = 1
    legal = game.legal()
    assert Attack("paulus", 1) not in legal
    assert Attack("paulus", 0) in legal
    game = make_game(generals=REGULARS)
    place(game, 0, "millerovo")
    game.state.supply = 0
    assert not any(isinstance(c, Attack) for c in game.legal())


def test_attack_only_the_card_in_front_or_adjacent_to_it(make_game, place):
    """FB Attack! order: only the card directly in front of the General or one adjacent to it."""
    game = make_game(generals=REGULARS)
    place(game, 2, "millerovo")
    legal = game.legal()
    assert Attack("hoth", 2) not in legal
    assert Attack("paulus", 2) in legal
    assert Attack("salmuth", 2) in legal


def test_attack_adjacent_card_allowed_with_no_card_in_front(make_game, place):
    """FB Attack! order (ruling): the positions beside a General are in reach even with no card in front of him."""
    game = make_game(generals=REGULARS)
    place(game, 1, "millerovo")
    assert game.state.front[0] is None
    assert Attack("hoth", 1) in game.legal()


def test_attack_exhausts_the_general(make_game, play, place):
    """FB Step 4: after resolving an order the General is exhausted."""
    game = make_game(generals=REGULARS, dice=[2] * 6)
    place(game, 1, "millerovo", red=6)
    play(game, Attack("paulus", 1))
    assert game.state.generals["paulus"].ready is False
    assert not any(getattr(c, "general", None) == "paulus" for c in game.legal())


def test_panzertruppen_modified_six_removes_two_red_cubes(make_game, play, place):
    """FB Panzertruppen Rule: a Panzer army's (modified) 6 removes two red cubes."""
    game = make_game(generals=REGULARS, dice=[6, 2, 2, 2, 2])
    place(game, 0, "millerovo", red=6)
    events = play(game, Attack("hoth", 0))
    assert game.state.front[0].red == 4
    assert any("Panzertruppen" in m for m in hit_event(events).modifiers)


def test_regular_general_six_removes_one_red_cube(make_game, play, place):
    """FB Panzertruppen Rule: only Panzer armies double on a 6."""
    game = make_game(generals=REGULARS, dice=[6, 2, 2, 2, 2, 2])
    place(game, 1, "millerovo", red=6)
    play(game, Attack("paulus", 1))
    assert game.state.front[1].red == 5


def test_panzertruppen_impossible_under_mountain_or_fortress_minus_one(make_game, play, place):
    """FB Panzertruppen vs Mountains and Fortified Cities: the -1 makes a 6 impossible."""
    game = make_game(generals=REGULARS, dice=[6, 6, 6, 6, 6])
    place(game, 0, "voronezh", red=10)
    play(game, Attack("hoth", 0))
    assert game.state.front[0].red == 5


def test_panzertruppen_restored_when_a_cancel_card_is_in_play(make_game, play, place):
    """FB Panzertruppen vs Mountains: Pionier Battalions removes the -1, so a 6 doubles again."""
    game = make_game(generals=REGULARS, dice=[6, 6, 2, 2, 2])
    game.state.permanents = ["pionier_battalions"]
    place(game, 0, "voronezh", red=10)
    play(game, Attack("hoth", 0))
    assert game.state.front[0].red == 6


def test_panzertruppen_applies_to_white_dice_only(make_game, play, place):
    """FB Panzertruppen Rule (ruling): black dice from an Event card remove one red cube on a 6."""
    game = make_game(generals=REGULARS, dice=[2, 2, 2, 2, 2, 6, 6])
    game.state.hand = ["sturmgeschuetz_abteilung"]
    place(game, 0, "millerovo", red=6)
    play(game, Attack("hoth", 0, "sturmgeschuetz_abteilung"))
    assert game.state.front[0].red == 4


def test_overkill_never_lose_more_grey_than_red_defending(make_game, play, place):
    """FB Attack!: Overkill rule: rolling 1,1,1,3,5 against 2 red cubes loses only 2 grey cubes."""
    game = make_game(generals=REGULARS, dice=[1, 1, 1, 3, 5])
    place(game, 0, "kalach", red=2)
    events = play(game, Attack("hoth", 0))
    assert game.state.generals["hoth"].cubes == 3
    assert "kalach" in game.state.captured
    loss = next(e for e in events if e.kind == "loss")
    assert loss.rule == "FB Attack!: overkill"


def test_overkill_counts_red_before_the_attack_when_card_survives(make_game, play, place):
    """FB Attack!: Overkill rule: the cap is the red cubes on the card being attacked."""
    game = make_game(generals=REGULARS, dice=[1, 1, 1, 1, 2, 2])
    place(game, 1, "millerovo", red=2)
    play(game, Attack("paulus", 1))
    assert game.state.generals["paulus"].cubes == 4
    assert game.state.front[1].red == 2


def test_attack_removes_no_more_red_than_on_the_card(make_game, play, place):
    """FB Attack! order: hits beyond the defending red cubes are lost; the card is captured."""
    game = make_game(generals=REGULARS, dice=[6, 6, 6, 6, 6, 6])
    place(game, 1, "millerovo", red=3)
    play(game, Attack("paulus", 1))
    assert game.state.front[1] is None
    assert game.red_reserve() == 20


def test_boost_card_adds_black_dice_chosen_in_the_command(make_game, play, place):
    """FB The Event Deck: an Event card adds extra black dice; chosen before any dice are rolled."""
    game = make_game(generals=REGULARS, dice=[2, 2, 2, 2, 2, 2, 3, 4])
    game.state.hand = ["sturmgeschuetz_abteilung"]
    place(game, 1, "millerovo", red=6)
    events = play(game, Attack("paulus", 1, "sturmgeschuetz_abteilung"))
    assert game.state.front[1].red == 4
    assert "sturmgeschuetz_abteilung" in game.state.discard
    assert game.state.hand == []
    assert len(roll_event(events).dice) == 8
    card_events = [e for e in events if e.kind == "card"]
    assert card_events and card_events[0].rule == "FB The Event Deck: one dice card per attack"
    # the card was played before the dice: its event comes before the roll
    assert events.index(card_events[0]) < events.index(roll_event(events))


def test_black_dice_never_cost_grey_cubes(make_game, play, place):
    """FB The Event Deck: additional black dice do not remove a grey cube on a roll of 1."""
    game = make_game(generals=REGULARS, dice=[2, 2, 2, 2, 2, 2, 1, 1, 1])
    game.state.hand = ["nebelwerfer_regiment"]
    place(game, 1, "millerovo", red=6)
    play(game, Attack("paulus", 1, "nebelwerfer_regiment"))
    assert game.state.generals["paulus"].cubes == 6


def test_black_dice_suffer_the_icon_minus_one(make_game, play, place):
    """FB Attack! order: the -1 applies to each die roll, black dice too (a black 3 misses a Fortress)."""
    game = make_game(generals=REGULARS, dice=[3, 3, 3, 3, 3, 3, 3, 4])
    game.state.hand = ["schwere_artillerie"]
    place(game, 1, "voronezh", red=6)
    play(game, Attack("paulus", 1, "schwere_artillerie"))
    assert game.state.front[1].red == 5
    assert game.state.generals["paulus"].cubes == 6


def test_only_dice_cards_in_hand_are_offered_as_the_one_boost_of_an_attack(make_game, place):
    """FB The Event Deck: only ONE Event card may add dice to each Attack!; non-dice cards are not offered."""
    game = make_game(generals=REGULARS)
    game.state.hand = ["sturmgeschuetz_abteilung", "flak_kampftrupp", "nachschub", "luftwaffe_support-1"]
    place(game, 1, "millerovo")
    boosts = {c.boost for c in game.legal() if isinstance(c, Attack) and c.general == "paulus" and c.target == 1}
    assert boosts == {None, "sturmgeschuetz_abteilung", "flak_kampftrupp"}


def test_second_dice_card_stays_in_hand_after_an_attack(make_game, play, place):
    """FB The Event Deck: one dice card per Attack!: the other stays in hand for a later attack."""
    game = make_game(generals=REGULARS, dice=[2] * 6 + [2, 2])
    game.state.hand = ["sturmgeschuetz_abteilung", "flak_kampftrupp"]
    place(game, 1, "millerovo", red=6)
    play(game, Attack("paulus", 1, "flak_kampftrupp"))
    assert game.state.hand == ["sturmgeschuetz_abteilung"]
    assert any(isinstance(c, Attack) and c.boost == "sturmgeschuetz_abteilung" for c in game.legal())


def test_capture_adds_vp_and_unlocks_listed_cards(make_game, play, place):
    """FB Attack! order: removing all red captures the card, adds its VP and unlocks the listed cards."""
    game = make_game(generals=REGULARS, dice=[4, 5, 6, 3, 3])
    s = game.state
    s.unlocked = []
    place(game, 0, "voronezh")
    events = play(game, Attack("hoth", 0))
    assert s.front[0] is None
    assert s.captured == ["voronezh"]
    assert s.vp == 1
    assert s.unlocked == ["millerovo", "kalach"]
    assert s.generals["hoth"].cubes == 5
    rules = [e.rule for e in events]
    assert "FB Attack!: capture" in rules and rules.count("FB Attack!: unlock") == 2


def test_capture_does_not_unlock_cards_already_in_queue_on_front_or_captured(make_game, play, place):
    """FB Attack! order: unlocking places cards in the queue once; captured or deployed cards stay where they are."""
    game = make_game(generals=REGULARS, dice=[3, 3, 3, 2, 2, 2])
    s = game.state
    s.unlocked = []
    s.captured = ["voronezh", "kalach", "millerovo"]
    place(game, 1, "rostov", red=0)
    place(game, 2, "krasnodar")                 # rostov unlocks krasnodar, kotelnikovo, salsk
    s.unlocked = ["salsk"]
    play(game, Attack("paulus", 1))
    assert s.unlocked == ["salsk", "kotelnikovo"]


def test_card_with_no_red_cubes_is_captured_by_an_attack_without_dice(make_game, play, place):
    """FB The Event Deck (ruling): a card emptied by a special attack is captured by an Attack! order without rolling."""
    game = make_game(generals=REGULARS, dice=[])
    place(game, 0, "millerovo", red=0)
    events = play(game, Attack("hoth", 0))
    s = game.state
    assert "millerovo" in s.captured and s.front[0] is None
    assert s.vp == 2
    assert s.supply == 4
    assert not any(e.kind == "roll" for e in events)


def test_general_losing_last_grey_cube_in_an_attack_is_lost(make_game, play, place):
    """FB Losing a General: a General may be wiped out by rolling too many 1s when attacking."""
    game = make_game(generals=REGULARS, dice=[1])
    place(game, 0, "millerovo", red=3)
    game.state.generals["hoth"].cubes = 1
    play(game, Attack("hoth", 0))
    s = game.state
    assert "hoth" not in s.generals and s.lost == ["hoth"]
    assert s.slots == [None, "paulus", "salmuth"]
    assert s.front[0].red == 3


def test_attack_that_captures_and_wipes_out_the_general_scores_the_capture(make_game, play, place):
    """FB Attack! order / Losing a General (ruling): the capture (VP, unlocks) counts, then the General is lost."""
    game = make_game(generals=REGULARS, dice=[1, 3, 3])
    s = game.state
    s.hand = ["sturmgeschuetz_abteilung"]
    s.generals["hoth"].cubes = 1
    s.unlocked = []
    place(game, 0, "salsk", red=2)
    play(game, Attack("hoth", 0, "sturmgeschuetz_abteilung"))
    assert s.captured == ["salsk"] and s.vp == 1
    assert s.unlocked == ["pyatigorsk", "elista"]
    assert s.lost == ["hoth"] and s.slots[0] is None


def test_no_dice_card_is_offered_against_a_card_with_no_red_cubes(make_game, place):
    """FB The Event Deck (ruling): a dice card would be wasted where no dice are rolled, so it is not offered."""
    game = make_game(generals=REGULARS, dice=[])
    place(game, 0, "millerovo", red=0)
    game.state.hand = [next(e for e, c in game.content.events.items() if c.effect == "boost")]
    attacks = [c for c in game.legal() if isinstance(c, Attack) and c.target == 0]
    assert attacks and all(a.boost is None for a in attacks)

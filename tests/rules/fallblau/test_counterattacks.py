"""FB Step 5: Local Soviet Counter-Attacks; Major Soviet Counter-Attacks; Zhukov and Chuikov."""

from rules.fallblau import Attack, ChooseSlot, EndTurn
from rules.fallblau.state import FrontCard

LOCAL = "FB Step 5: Local Soviet Counter-Attacks"
MAJOR = "FB Major Soviet Counter-Attacks"


def rolls(events, rule):
    return [e for e in events if e.kind == "roll" and e.rule == rule]


# ---------------------------------------------------------------- local counter-attacks

def test_local_counterattack_one_die_per_red_cube_and_each_one_destroys_a_grey_cube(make_game, play, place):
    """FB Step 5: roll a die per red cube below the card; each 1 destroys a grey cube of the General facing it."""
    game = make_game(dice=[1, 1, 4])
    place(game, 0, "millerovo", red=3)
    events = play(game, EndTurn())
    assert game.state.generals["hoth"].cubes == 3
    assert rolls(events, LOCAL)[0].dice == (1, 1, 4)
    assert game.dice.remaining == []


def test_local_counterattack_ignores_mountain_and_fortress(make_game, play, place):
    """FB Step 5: the -1 for Mountain or Fortress does not apply when the Soviets counter-attack."""
    game = make_game(dice=[1, 2, 2])
    place(game, 0, "voronezh", red=3)
    play(game, EndTurn())
    assert game.state.generals["hoth"].cubes == 4


def test_local_counterattack_hits_only_the_general_directly_in_front(make_game, play, place):
    """FB Step 5: each Campaign card counter-attacks the General directly in front of it."""
    game = make_game(dice=[1, 1, 1])
    place(game, 1, "millerovo", red=3)
    play(game, EndTurn())
    cubes = {g: x.cubes for g, x in game.state.generals.items()}
    assert cubes == {"hoth": 5, "paulus": 3, "ruoff": 5}


def test_local_counterattacks_resolved_one_at_a_time_along_the_frontline(make_game, play, place):
    """FB Step 5: counter-attacks are resolved one at a time (position 1 to 3)."""
    game = make_game(dice=[1, 1, 1, 1, 4, 4])
    place(game, 0, "millerovo", red=3)
    place(game, 2, "kalach", red=3)
    events = play(game, EndTurn())
    r = rolls(events, LOCAL)
    assert [e.dice for e in r] == [(1, 1, 1), (1, 4, 4)]
    assert "Millerovo" in r[0].text and "Kalach" in r[1].text
    assert game.state.generals["hoth"].cubes == 2 and game.state.generals["ruoff"].cubes == 4


def test_no_local_counterattack_without_cards_in_play_or_without_red_cubes(make_game, play, place):
    """FB Step 5: with no Campaign cards in play ignore the step; a card without red cubes rolls no die."""
    game = make_game(dice=[])
    events = play(game, EndTurn())
    assert rolls(events, LOCAL) == []
    place(game, 0, "millerovo", red=0)
    events = play(game, EndTurn())
    assert rolls(events, LOCAL) == []
    assert game.state.generals["hoth"].cubes == 5


def test_zhukov_adds_a_die_to_every_counterattack(make_game, play, place):
    """FB Step 5 (General Zhukov in play): Soviet counter-attacks roll 1 extra die."""
    game = make_game(dice=[1, 1, 1, 1])
    game.state.permanents = ["general_zhukov"]
    place(game, 0, "millerovo", red=3)
    events = play(game, EndTurn())
    r = rolls(events, LOCAL)[0]
    assert len(r.dice) == 4 and "General Zhukov in play" in r.modifiers
    assert game.state.generals["hoth"].cubes == 1


def test_card_with_no_red_cubes_does_not_counterattack_even_with_zhukov(make_game, play, place):
    """FB Step 5 (ruling): Zhukov's extra die joins a counter-attack; a card with 0 red cubes makes
    none, so it rolls no die at all, Zhukov or not (local and Major alike)."""
    game = make_game(dice=[])
    game.state.permanents = ["general_zhukov"]
    place(game, 0, "millerovo", red=0)
    place(game, 1, "gegenstoss_bei_woronesch", red=0, counterattack=True)
    events = play(game, EndTurn())
    assert rolls(events, LOCAL) == [] and rolls(events, MAJOR) == []
    assert [g.cubes for g in game.state.generals.values()] == [5, 6, 5]


def test_chuikov_makes_stalingrad_counterattacks_hit_on_one_or_two(make_game, play, place):
    """FB Step 5 (Chuikov in play): Stalingrad's counter-attacks destroy a grey cube on 1 or 2."""
    game = make_game(dice=[1, 2, 2, 3, 4, 5])
    game.state.permanents = ["chuikov"]
    place(game, 1, "stalingrad", red=6)
    play(game, EndTurn())
    assert game.state.generals["paulus"].cubes == 3


def test_chuikov_does_not_help_other_cards(make_game, play, place):
    """FB Step 5 (Chuikov): only Stalingrad's counter-attacks are affected."""
    game = make_game(dice=[1, 2, 2])
    game.state.permanents = ["chuikov"]
    place(game, 1, "millerovo", red=3)
    play(game, EndTurn())
    assert game.state.generals["paulus"].cubes == 5


# ---------------------------------------------------------------- Major Soviet Counter-Attacks

def test_major_counterattack_deploys_to_the_empty_position_and_attacks_at_once(make_game, play, place):
    """FB Major Soviet Counter-Attacks: priority to an empty space; it counter-attacks immediately."""
    game = make_game(dice=[1, 1, 4, 4])
    place(game, 0, "millerovo", red=0)
    place(game, 2, "kalach", red=0)
    game.state.deck = ["gegenstoss_bei_woronesch", "eisenbahnpioniere"]
    events = play(game, EndTurn())
    s = game.state
    assert s.front[1] == FrontCard("gegenstoss_bei_woronesch", 4, counterattack=True)
    assert s.generals["paulus"].cubes == 4          # most cubes, but faces the only empty space
    assert rolls(events, MAJOR)[0].dice == (1, 1, 4, 4)
    assert "eisenbahnpioniere" in s.hand
    assert "gegenstoss_bei_woronesch" not in s.discard


def test_major_counterattack_among_empty_positions_faces_general_with_fewest_cubes(make_game, play):
    """FB Major Soviet Counter-Attacks: with several empty spaces, in front of the General with the fewest cubes."""
    game = make_game(dice=[1, 4, 4])
    game.state.generals["ruoff"].cubes = 2
    game.state.deck = ["angriffe_bei_kotluban", "eisenbahnpioniere"]
    play(game, EndTurn())
    s = game.state
    assert s.front[2] is not None and s.front[2].card == "angriffe_bei_kotluban" and s.front[2].red == 3
    assert s.front[0] is None and s.front[1] is None
    assert s.generals["ruoff"].cubes == 1


def test_major_counterattack_tie_is_a_choose_slot_decision(make_game, play):
    """FB Major Soviet Counter-Attacks: in case of a tie, choose where to deploy the card."""
    game = make_game(deck=["gegenstoss_bei_woronesch", "nachschub"], dice=[1, 2, 3, 4])
    s = game.state
    assert s.decision is not None and s.decision.kind == "deploy"
    assert s.decision.rule == MAJOR
    assert game.legal() == [ChooseSlot(0), ChooseSlot(2)]    # Hoth 5 and Ruoff 5; Paulus has 6
    assert s.hand == []
    play(game, ChooseSlot(2))
    assert s.front[2].card == "gegenstoss_bei_woronesch"
    assert s.generals["ruoff"].cubes == 4
    assert s.hand == ["nachschub"]


def test_major_counterattack_prefers_an_empty_position_facing_a_general(make_game, play, place):
    """FB Major Soviet Counter-Attacks (ruling): an empty space facing a General before one facing nobody."""
    game = make_game(dice=[1, 1, 1])
    s = game.state
    del s.generals["hoth"]
    s.slots[0] = None
    s.lost = ["hoth"]
    place(game, 1, "millerovo", red=0)
    s.deck = ["angriffe_bei_kotluban", "eisenbahnpioniere"]
    play(game, EndTurn())
    assert s.front[0] is None
    assert s.front[2].card == "angriffe_bei_kotluban"
    assert s.generals["ruoff"].cubes == 2


def test_major_counterattack_card_stays_and_counterattacks_each_turn(make_game, play):
    """FB Major Soviet Counter-Attacks: afterwards it acts like a normal Campaign card (local counter-attacks)."""
    game = make_game(deck=["gegenstoss_bei_woronesch", "nachschub"], dice=[4, 4, 4, 4, 1, 1, 4, 4])
    play(game, ChooseSlot(0))
    assert game.state.generals["hoth"].cubes == 5
    events = play(game, EndTurn())
    assert rolls(events, LOCAL)[0].dice == (1, 1, 4, 4)
    assert game.state.generals["hoth"].cubes == 3
    assert game.state.front[0].card == "gegenstoss_bei_woronesch"


def test_major_counterattack_card_can_be_captured_for_its_vp(make_game, play):
    """FB Major Soviet Counter-Attacks: it stays in play until captured, and is worth VP like a Campaign card."""
    game = make_game(deck=["gegenstoss_bei_woronesch", "nachschub"], dice=[4, 4, 4, 4, 3, 3, 3, 3, 2])
    play(game, ChooseSlot(0))
    play(game, Attack("hoth", 0))
    s = game.state
    assert s.front[0] is None
    assert s.captured == ["gegenstoss_bei_woronesch"]
    assert s.vp == 2
    assert s.unlocked == ["voronezh"]


def test_major_counterattack_on_full_frontline_deploys_temporarily_then_joins_the_card(make_game, play, place):
    """FB Major Soviet Counter-Attacks: full frontline: attack the General with fewest cubes, move the red cubes onto the card facing him, discard the event."""
    game = make_game(dice=[1, 1, 5, 5])
    s = game.state
    place(game, 0, "millerovo", red=0)
    place(game, 1, "kalach", red=0)
    place(game, 2, "salsk", red=0)
    s.generals["hoth"].cubes = 3
    s.deck = ["gegenstoss_bei_woronesch", "eisenbahnpioniere"]
    events = play(game, EndTurn())
    assert s.generals["hoth"].cubes == 1
    assert s.front[0] == FrontCard("millerovo", 4)
    assert s.temporary is None
    assert "gegenstoss_bei_woronesch" in s.discard
    assert all(f.card != "gegenstoss_bei_woronesch" for f in s.front)
    assert any("join" in e.text and e.rule == MAJOR for e in events)
    assert game.red_reserve() == 16


def test_major_counterattack_on_full_frontline_tie_is_a_decision(make_game, play, place):
    """FB Major Soviet Counter-Attacks: full frontline, tie for fewest cubes: you choose."""
    game = make_game(dice=[6, 6, 6, 1, 4, 4])
    s = game.state
    place(game, 0, "millerovo", red=1)
    place(game, 1, "kalach", red=0)
    place(game, 2, "salsk", red=2)
    s.deck = ["angriffe_bei_kotluban", "eisenbahnpioniere"]
    play(game, EndTurn())                           # local counter-attacks: 1 + 2 dice, all miss
    assert s.decision.kind == "deploy" and "temporarily" in s.decision.prompt
    assert game.legal() == [ChooseSlot(0), ChooseSlot(2)]
    assert s.temporary is None
    play(game, ChooseSlot(2))
    assert s.generals["ruoff"].cubes == 4
    assert s.front[2] == FrontCard("salsk", 5)
    assert "angriffe_bei_kotluban" in s.discard


def test_zhukov_adds_a_die_to_major_counterattacks(make_game, play):
    """FB Step 5 note / Major Soviet Counter-Attacks: Zhukov's extra die applies to every counter-attack."""
    game = make_game(dice=[1, 1, 1, 1, 1])
    game.state.permanents = ["general_zhukov"]
    game.state.generals["hoth"].cubes = 4
    game.state.deck = ["gegenstoss_bei_woronesch", "eisenbahnpioniere"]
    play(game, EndTurn())
    assert game.state.front[0].card == "gegenstoss_bei_woronesch"
    assert "hoth" in game.state.lost              # 5 dice of 1 against his 4 cubes


def test_major_counterattack_takes_what_is_left_of_the_red_reserve(make_game, play, place):
    """FB Components (20 Soviet cubes), ruling: a counter-attack card deploys with what is left."""
    game = make_game(dice=[6] * 18 + [1, 1])
    s = game.state
    place(game, 0, "stalingrad", red=9)
    place(game, 2, "grozny", red=9)
    s.deck = ["gegenstoss_bei_woronesch", "eisenbahnpioniere"]
    events = play(game, EndTurn())
    assert s.front[1] == FrontCard("gegenstoss_bei_woronesch", 2, counterattack=True)
    assert game.red_reserve() == 0
    assert s.generals["paulus"].cubes == 4
    assert any("only 2 left in the reserve" in e.text for e in events)

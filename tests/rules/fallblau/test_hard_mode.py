"""FB Hard Mode: the four skull cards."""

from rules.fallblau import Advance, ChooseSlot, EndTurn

SKULLS = {"gegenoffensive_am_don", "treibstoffmangel", "fruehe_rasputiza", "ueberdehnte_nachschublinien"}


def all_cards(s):
    return s.deck + s.hand + s.discard + s.permanents


def test_hard_mode_shuffles_the_four_skull_cards_into_a_31_card_deck(make_game):
    """FB Components / Hard Mode: 31 Event cards, 4 of them the Hard Mode skull cards."""
    hard = make_game(hard=True)
    cards = all_cards(hard.state)
    assert len(cards) == 31 == len(set(cards))
    assert SKULLS <= set(cards)
    assert all(hard.content.events[c].hard for c in SKULLS)


def test_standard_game_has_27_event_cards_without_skulls(make_game):
    """FB Setup: the Hard Mode cards are only added for a more difficult game."""
    game = make_game()
    cards = all_cards(game.state)
    assert len(cards) == 27 == len(set(cards))
    assert not SKULLS & set(cards)


def test_fruehe_rasputiza_moves_the_calendar_one_box(make_game, play):
    """FB Hard Mode (our skull card): Frühe Rasputiza moves the calendar one box forward."""
    game = make_game(hard=True, deck=["fruehe_rasputiza", "nachschub", "beutelager"])
    s = game.state
    assert game.calendar_label() == "Mid July"
    assert s.turns_played == 1
    assert "fruehe_rasputiza" in s.discard
    assert s.hand == ["nachschub"]                 # the second of the two cards drawn
    play(game, EndTurn())
    assert game.calendar_label() == "Late July"


def test_fruehe_rasputiza_into_the_winter_offensive_ends_the_game(make_game, play):
    """FB Step 1 / Hard Mode: the game ends as soon as the calendar moves into the Soviet Winter Offensive."""
    game = make_game(hard=True)
    s = game.state
    s.calendar = 13                  # Early November: the next turn is Mid November
    s.deck = ["fruehe_rasputiza", "treibstoffmangel"]
    play(game, EndTurn())
    assert s.over
    assert "Soviet Winter Offensive" in game.outcome.reason
    assert s.supply == 5                           # the second card was never drawn
    assert s.deck == ["treibstoffmangel"]


def test_ueberdehnte_nachschublinien_makes_every_advance_cost_one_more(make_game, play):
    """FB Hard Mode (our skull card): while in play every Advance order costs 1 more supply."""
    game = make_game(hard=True, deck=["ueberdehnte_nachschublinien", "nachschub", "beutelager"])
    s = game.state
    assert s.permanents == ["ueberdehnte_nachschublinien"]
    assert "(2 supply)" in game.describe(Advance("paulus", "voronezh"))
    play(game, Advance("paulus", "voronezh"))
    assert s.supply == 3


def test_ueberdehnte_nachschublinien_raises_the_supply_needed_to_advance(make_game):
    """FB Hard Mode: with 1 supply no Advance is possible; a Panzer second card needs 3."""
    game = make_game(hard=True, deck=["ueberdehnte_nachschublinien", "nachschub", "beutelager"])
    game.state.supply = 1
    assert not any(isinstance(c, Advance) for c in game.legal())
    game = make_game(hard=True, deck=["ueberdehnte_nachschublinien", "nachschub", "beutelager"])
    game.state.unlocked = ["millerovo", "kalach"]
    game.state.supply = 2
    advances = [c for c in game.legal() if isinstance(c, Advance) and c.general == "hoth"]
    assert advances and all(c.second is None for c in advances)


def test_treibstoffmangel_loses_three_supply(make_game):
    """FB Hard Mode (our skull card): Treibstoffmangel loses 3 supply."""
    game = make_game(hard=True, deck=["treibstoffmangel", "nachschub"])
    assert game.state.supply == 2


def test_gegenoffensive_am_don_is_a_five_cube_major_counterattack(make_game, play):
    """FB Hard Mode / Major Soviet Counter-Attacks: Gegenoffensive am Don deploys with 5 red cubes."""
    game = make_game(hard=True, deck=["gegenoffensive_am_don", "nachschub"], dice=[1, 1, 1, 4, 4])
    assert game.legal() == [ChooseSlot(0), ChooseSlot(2)]    # tie between Hoth and Ruoff
    play(game, ChooseSlot(0))
    s = game.state
    assert s.front[0].card == "gegenoffensive_am_don" and s.front[0].red == 5
    assert s.generals["hoth"].cubes == 2


def test_hard_mode_keeps_the_27_30_thresholds(make_game, play):
    """FB Ending the Game / DESIGN ruling: Hard Mode uses the standard 27/30 thresholds."""
    game = make_game(hard=True)
    game.state.vp = 28
    game.state.calendar = 14
    play(game, EndTurn())
    o = game.outcome
    assert (o.victory_at, o.brilliant_at, o.level) == (27, 30, "victory")


def test_fruehe_rasputiza_into_an_early_box_starts_the_new_month(make_game, play):
    """FB Missions Mode with Hard Mode (ruling): a calendar card moving into an Early box starts a new month."""
    game = make_game(hard=True, missions=True,
                     mission_deck=["tor_zum_kaukasus", "oel_von_maikop", "gebirgskrieg", "blitzfeldzug"])
    s = game.state
    s.calendar = 2                   # Mid July: the next turn is Late July
    s.deck = ["fruehe_rasputiza", "eisenbahnpioniere"]
    play(game, EndTurn())
    assert game.calendar_label() == "Early August"
    assert s.missions_failed == ["tor_zum_kaukasus", "oel_von_maikop"]
    assert s.missions == ["gebirgskrieg", "blitzfeldzug"]

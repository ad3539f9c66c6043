"""FB Setup and How to Play: the five-step turn, the calendar, the hand and the kinds of Event card."""

import pytest

from rules.core.errors import IllegalCommand
from rules.fallblau import Attack, Consolidate, Discard, EndTurn, PlayEvent


def test_setup_places_generals_supply_vp_and_voronezh_unlocked(make_game):
    """FB Setup: Generals with their starting cubes in the chosen order, supply 5, VP 0, Voronezh unlocked."""
    game = make_game(generals=("ruoff", "hoth", "paulus"))
    s = game.state
    assert s.slots == ["ruoff", "hoth", "paulus"]
    assert {g: st.cubes for g, st in s.generals.items()} == {"ruoff": 5, "hoth": 5, "paulus": 6}
    assert s.supply == 5
    assert s.vp == 0
    assert s.unlocked == ["voronezh"]
    assert s.front == [None, None, None]
    assert game.outcome is None


def test_setup_deals_grey_cubes_out_of_sixteen(make_game):
    """FB Components: 16 German cubes; Paulus 6 + Hoth 5 + Ruoff 5 leave none in the reserve."""
    game = make_game(generals=("hoth", "paulus", "ruoff"))
    assert game.grey_reserve() == 0
    game = make_game(generals=("hoth", "kleist", "ruoff"))
    assert game.grey_reserve() == 1


def test_first_turn_is_early_july_with_two_events_drawn(make_game):
    """FB How to Play: turn 1 moves the calendar from Start Here to Early July and draws two events."""
    game = make_game(deck=["eisenbahnpioniere", "gewaltmarsch", "nachschub"])
    s = game.state
    assert game.calendar_label() == "Early July"
    assert s.turns_played == 1
    assert s.hand == ["eisenbahnpioniere", "gewaltmarsch"]
    assert s.deck[0] == "nachschub"


def test_step1_calendar_advances_one_box_each_turn(make_game, play):
    """FB Step 1: Adjust the Calendar: one box to the right each turn."""
    game = make_game()
    play(game, EndTurn())
    assert game.calendar_label() == "Mid July"
    assert game.state.turns_played == 2
    play(game, EndTurn())
    assert game.calendar_label() == "Late July"


def test_step1_calendar_moves_from_late_to_early_of_next_month(make_game, play):
    """FB Step 1: moving from a Late box goes to the Early box of the next month."""
    game = make_game()
    game.state.calendar = 3          # Late July
    play(game, EndTurn())
    assert game.calendar_label() == "Early August"


def test_step2_all_generals_are_readied(make_game, play):
    """FB Step 2: Ready Generals: every exhausted General is ready at the start of a turn."""
    game = make_game()
    for g in ("hoth", "paulus", "ruoff"):
        play(game, Consolidate(g))
    assert not any(g.ready for g in game.state.generals.values())
    play(game, EndTurn())
    assert all(g.ready for g in game.state.generals.values())


def test_step3_draws_two_event_cards_each_turn(make_game, play):
    """FB Step 3: Draw Events: two Event cards from the top of the deck."""
    game = make_game()
    game.state.deck = ["gewaltmarsch", "eisenbahnpioniere", "genesenen_kompanien"]
    play(game, EndTurn())
    assert game.state.hand == ["nachschub", "beutelager", "gewaltmarsch", "eisenbahnpioniere"]
    assert game.state.deck == ["genesenen_kompanien"]


def test_calendar_has_fourteen_turns_then_soviet_winter_offensive_ends_game(make_game, play):
    """FB Step 1 / Ending the Game: 14 turns (Early July to Mid November); moving into the Winter Offensive ends it."""
    game = make_game()
    s = game.state
    s.deck, s.discard, s.hand = [], [], []     # no cards: every turn is a plain EndTurn
    labels = [game.calendar_label()]
    for _ in range(13):
        play(game, EndTurn())
        labels.append(game.calendar_label())
    assert s.turns_played == 14
    assert labels[-1] == "Mid November"
    assert game.outcome is None
    events = play(game, EndTurn())
    assert s.over and s.turns_played == 14
    assert game.outcome is not None
    assert "Soviet Winter Offensive" in game.outcome.reason
    assert any(e.rule == "FB Step 1: Adjust the Calendar" and e.kind == "end" for e in events)
    assert game.legal() == []


def test_game_ends_immediately_on_entering_winter_offensive_without_drawing(make_game, play):
    """FB Step 1: when the cube moves into Soviet Winter Offensive the game ends at once (no ready, no draw)."""
    game = make_game()
    s = game.state
    s.calendar = 14                   # Mid November
    deck_before = list(s.deck)
    hand_before = list(s.hand)
    play(game, Consolidate("hoth"))
    play(game, EndTurn())
    assert s.over
    assert s.deck == deck_before and s.hand == hand_before
    assert s.generals["hoth"].ready is False


def test_hand_limit_five_discard_before_drawing_as_pending_decision(make_game, play):
    """FB Step 3 / The Event Deck: hand of five; before drawing, choose and discard one card."""
    game = make_game()
    s = game.state
    s.hand = ["nachschub", "beutelager", "eisenbahnpioniere", "gewaltmarsch", "genesenen_kompanien"]
    s.deck = ["flagge_auf_dem_elbrus", "dora_rail_gun", "schwere_artillerie"]
    play(game, EndTurn())
    assert s.decision is not None and s.decision.kind == "discard"
    assert s.decision.rule == "FB The Event Deck: hand limit"
    assert game.legal() == [Discard(c) for c in s.hand]
    assert s.deck[0] == "flagge_auf_dem_elbrus"         # nothing drawn yet
    play(game, Discard("gewaltmarsch"))
    assert "gewaltmarsch" in s.discard
    assert "flagge_auf_dem_elbrus" in s.hand
    # the second draw needs a second discard
    assert s.decision is not None and s.decision.kind == "discard"
    play(game, Discard("nachschub"))
    assert len(s.hand) == 5
    assert s.hand[-2:] == ["flagge_auf_dem_elbrus", "dora_rail_gun"]
    assert s.deck == ["schwere_artillerie"]


def test_hand_below_five_draws_without_discarding(make_game, play):
    """FB Step 3: with four cards the first draw needs no discard; the second one does."""
    game = make_game()
    s = game.state
    s.hand = ["nachschub", "beutelager", "eisenbahnpioniere", "gewaltmarsch"]
    s.deck = ["flagge_auf_dem_elbrus", "dora_rail_gun"]
    play(game, EndTurn())
    assert len(s.hand) == 5 and s.hand[-1] == "flagge_auf_dem_elbrus"
    assert s.decision.kind == "discard"


def test_stop_card_is_resolved_when_drawn(make_game):
    """FB Step 3 IMPORTANT: stop cards are played and resolved immediately."""
    game = make_game(deck=["partisanen", "nachschub"])
    s = game.state
    assert s.supply == 4
    assert "partisanen" in s.discard and "partisanen" not in s.hand
    assert s.hand == ["nachschub"]
    assert any(e.rule == "FB The Event Deck: stop" for e in game.events)


def test_permanent_card_goes_into_play_when_drawn(make_game):
    """FB The Event Deck: permanent cards stay in play and are not held in hand."""
    game = make_game(deck=["pionier_battalions", "nachschub"])
    s = game.state
    assert s.permanents == ["pionier_battalions"]
    assert s.hand == ["nachschub"]
    assert any(e.rule == "FB The Event Deck: permanent" for e in game.events)


def test_hold_cards_are_kept_across_turns(make_game, play):
    """FB Step 3: unused cards stay in hand for the next turn."""
    game = make_game()
    game.state.deck = ["gewaltmarsch", "eisenbahnpioniere"]
    play(game, EndTurn())
    assert game.state.hand[:2] == ["nachschub", "beutelager"]


def test_hold_card_may_be_played_during_the_turn(make_game, play):
    """FB Step 3: hold cards may be played at any time during the turn."""
    game = make_game()
    assert PlayEvent("nachschub") in game.legal()
    events = play(game, PlayEvent("nachschub"))
    assert game.state.supply == 7
    assert "nachschub" in game.state.discard and "nachschub" not in game.state.hand
    assert events[0].rule == "FB Event: Nachschub"


def test_hold_cards_are_played_only_in_the_orders_step(make_game, play):
    """FB Step 3 (ruling): "played at any time during the turn" is read as the orders step (Step 4):
    not while a Step 3 draw waits on a decision such as the hand-limit discard."""
    game = make_game()
    s = game.state
    s.hand = ["nachschub", "beutelager", "eisenbahnpioniere", "gewaltmarsch", "genesenen_kompanien"]
    s.deck = ["flagge_auf_dem_elbrus", "dora_rail_gun"]
    assert PlayEvent("nachschub") in game.legal()         # Step 4 of turn 1
    play(game, EndTurn())                                 # turn 2, Step 3: the hand is full
    assert s.decision is not None and s.decision.kind == "discard"
    assert not any(isinstance(c, PlayEvent) for c in game.legal())
    with pytest.raises(IllegalCommand):
        game.apply(PlayEvent("nachschub"))
    assert s.supply == 5 and "nachschub" in s.hand
    play(game, Discard("gewaltmarsch"))
    play(game, Discard("beutelager"))
    assert s.decision is None                             # Step 4 again: hold cards may be played
    assert PlayEvent("nachschub") in game.legal()


def test_turn_does_not_end_by_itself_when_every_general_is_exhausted(make_game, play, place):
    """FB Ending the Turn (ruling): with every General exhausted the player may still play hold cards;
    the turn ends only on EndTurn (no counter-attack, no calendar move before it)."""
    game = make_game(dice=[])
    s = game.state
    place(game, 0, "millerovo", red=3)
    for g in ("hoth", "paulus", "ruoff"):
        play(game, Consolidate(g))
    assert not any(g.ready for g in s.generals.values())
    assert s.turns_played == 1 and game.calendar_label() == "Early July"
    assert s.generals["hoth"].cubes == 5                  # Millerovo has not counter-attacked
    legal = game.legal()
    assert {PlayEvent("nachschub"), PlayEvent("beutelager"), EndTurn()} <= set(legal)
    assert not any(isinstance(c, (Attack, Consolidate)) for c in legal)
    play(game, PlayEvent("nachschub"))
    assert s.turns_played == 1 and EndTurn() in game.legal()


def test_exhausted_general_cannot_be_given_orders(make_game, play):
    """FB Step 4: only a ready General may be issued an order; he is exhausted afterwards."""
    game = make_game()
    play(game, Consolidate("paulus"))
    assert game.state.generals["paulus"].ready is False
    assert not any(getattr(c, "general", None) == "paulus" for c in game.legal())
    assert Consolidate("hoth") in game.legal()


def test_end_turn_is_always_available_in_orders_step(make_game, play):
    """FB Ending the Turn: the player may stop issuing orders at any time."""
    game = make_game()
    assert EndTurn() in game.legal()
    for g in ("hoth", "paulus", "ruoff"):
        play(game, Consolidate(g))
    assert EndTurn() in game.legal()


def test_discard_lists_copies_of_a_card_once(make_game, play):
    """FB The Event Deck: hand limit (ruling): copies of a card are alike, so Discard lists the first copy only."""
    game = make_game()
    s = game.state
    s.hand = ["luftwaffe_support-1", "luftwaffe_support-2", "nachschub", "beutelager", "gewaltmarsch"]
    s.deck = ["eisenbahnpioniere", "genesenen_kompanien"]
    play(game, EndTurn())
    assert game.legal() == [Discard("luftwaffe_support-1"), Discard("nachschub"), Discard("beutelager"),
                            Discard("gewaltmarsch")]


def test_full_hand_discards_before_drawing_even_a_stop_card(make_game, play):
    """FB Step 3 (ruling): 'before drawing, choose and discard one card' applies whatever the next card is."""
    game = make_game()
    s = game.state
    s.hand = ["nachschub", "beutelager", "eisenbahnpioniere", "gewaltmarsch", "genesenen_kompanien"]
    s.deck = ["partisanen", "dora_rail_gun"]
    play(game, EndTurn())
    assert s.decision.kind == "discard" and s.supply == 5
    play(game, Discard("gewaltmarsch"))
    assert s.supply == 4 and "partisanen" in s.discard
    assert s.hand[-1] == "dora_rail_gun"           # the stop card left room: no second discard
    assert len(s.hand) == 5 and s.decision is None


def test_describe_names_the_order_and_its_supply_cost(make_game, place):
    """FB Attack! order: the menu text states the supply an order costs, extra supply included."""
    game = make_game()
    place(game, 1, "stalingrad")
    assert game.describe(Attack("paulus", 1)) == "Attack!: Friedrich Paulus attacks Stalingrad (2 supply)"
    assert game.describe(Consolidate("hoth")) == "Consolidate: Hermann Hoth"

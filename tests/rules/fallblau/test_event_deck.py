"""FB The Event Deck: running out of cards."""

from rules.fallblau import ChooseGeneral, EndTurn

EMPTY = "FB The Event Deck: empty deck"


def test_empty_deck_exhausts_a_general_of_your_choice_and_reshuffles_the_discards(make_game, play):
    """FB The Event Deck: when the deck runs out, exhaust a General of your choosing and reshuffle the discards."""
    game = make_game()
    s = game.state
    s.deck = []
    s.discard = ["gewaltmarsch", "eisenbahnpioniere", "genesenen_kompanien"]
    play(game, EndTurn())
    assert s.decision.kind == "empty_deck" and s.decision.rule == EMPTY
    assert game.legal() == [ChooseGeneral("hoth"), ChooseGeneral("paulus"), ChooseGeneral("ruoff")]
    events = play(game, ChooseGeneral("paulus"))
    assert s.generals["paulus"].ready is False
    assert s.generals["hoth"].ready and s.generals["ruoff"].ready
    assert s.hand == ["nachschub", "beutelager", "gewaltmarsch", "eisenbahnpioniere"]
    assert s.deck == ["genesenen_kompanien"]
    assert s.discard == []
    assert any(e.rule == EMPTY and e.reveal for e in events)


def test_deck_running_out_between_the_two_draws(make_game, play):
    """FB The Event Deck: the deck may run out on the second card; the first one is drawn as usual."""
    game = make_game()
    s = game.state
    s.deck = ["gewaltmarsch"]
    s.discard = ["eisenbahnpioniere", "genesenen_kompanien"]
    play(game, EndTurn())
    assert s.hand[-1] == "gewaltmarsch"
    assert s.decision.kind == "empty_deck"
    play(game, ChooseGeneral("ruoff"))
    assert s.hand[-1] == "eisenbahnpioniere"
    assert s.deck == ["genesenen_kompanien"]
    assert s.generals["ruoff"].ready is False


def test_empty_deck_with_one_ready_general_exhausts_him_without_asking(make_game, play):
    """FB The Event Deck (ruling): the choice is among ready Generals; a single one is exhausted at once."""
    game = make_game()
    s = game.state
    for g in ("hoth", "ruoff"):
        del s.generals[g]
        s.slots[s.slots.index(g)] = None
    s.lost = ["hoth", "ruoff"]
    s.deck = []
    s.discard = ["gewaltmarsch", "eisenbahnpioniere"]
    play(game, EndTurn())
    assert s.decision is None
    assert s.generals["paulus"].ready is False
    assert s.hand[-2:] == ["gewaltmarsch", "eisenbahnpioniere"]


def test_empty_deck_and_empty_discard_draw_nothing(make_game, play):
    """FB The Event Deck (ruling): with no cards left anywhere nothing is drawn and nobody is exhausted."""
    game = make_game()
    s = game.state
    s.deck, s.discard = [], []
    play(game, EndTurn())
    assert s.hand == ["nachschub", "beutelager"]
    assert all(g.ready for g in s.generals.values())
    assert s.decision is None

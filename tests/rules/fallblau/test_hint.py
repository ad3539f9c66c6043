"""The hint (issue 25 item 4): the best next order with its reason in words, from exact odds and
the cards not yet seen; it never reads the order of the Event deck."""

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from rules.fallblau import Attack, ChooseSlot, Consolidate, EndTurn, PlayEvent, Reorganize, new_game
from rules.fallblau.hint import (
    HintBot, counter_risk, hint, major_next_turn, turns_left, unseen_events,
)
from rules.fallblau.odds import attack_odds, attack_outcomes

REGULARS = ("hoth", "paulus", "salmuth")   # Hoth (Panzer, 5) at 1, Paulus (6) at 2, Salmuth (5) at 3


def test_hint_attack_names_the_exact_capture_odds(make_game, place):
    """FB Attack! order: the hint's odds are the exact odds the confirmation shows."""
    game = make_game(generals=REGULARS)
    place(game, 1, "millerovo", red=1)
    h = hint(game)
    assert h.command == Attack("paulus", 1)
    capture = attack_odds(game, h.command).capture
    assert capture == 1 - Fraction(1, 3) ** 6     # a 1 or a 2 on all six dice keeps Millerovo standing
    assert f"{float(capture):.1%} to capture Millerovo" in h.text
    assert "unlocks Rostov-on-Don, Kalach" in h.text
    assert h.rule == "FB Attack! order"


def test_float_outcomes_are_the_exact_odds(make_game, place):
    """FB Attack! order: the search weighs the same joint outcomes as the exact odds."""
    game = make_game(generals=REGULARS)
    place(game, 1, "stalingrad", red=6)
    cmd = Attack("paulus", 1)
    outcomes = attack_outcomes(game, cmd)
    exact = attack_odds(game, cmd)
    assert abs(sum(outcomes.values()) - 1) < 1e-12
    capture = sum(p for (removed, _), p in outcomes.items() if removed >= 6)
    assert abs(capture - float(exact.capture)) < 1e-12


def test_counter_risk_is_the_exact_binomial_with_zhukov_and_salmuth(make_game, place):
    """FB Step 5: a die per red cube, each 1 a grey cube; Zhukov adds a die; Salmuth rolls hits again."""
    game = make_game(generals=REGULARS)
    loss, wiped = counter_risk(game, "paulus", "millerovo", 3, 1)
    assert abs(wiped - (1 - (5 / 6) ** 3)) < 1e-12 and abs(loss - wiped) < 1e-12
    game.state.permanents.append("general_zhukov")
    assert abs(counter_risk(game, "paulus", "millerovo", 3, 1)[1] - (1 - (5 / 6) ** 4)) < 1e-12
    assert abs(counter_risk(game, "salmuth", "millerovo", 3, 9)[0] - 4 / 36) < 1e-12


def test_chuikov_makes_stalingrad_hit_on_one_or_two(make_game):
    """FB Event: Chuikov: Stalingrad's counter-attacks hit on 1-2."""
    game = make_game(generals=REGULARS)
    game.state.permanents.append("chuikov")
    assert abs(counter_risk(game, "paulus", "stalingrad", 6, 9)[0] - 2.0) < 1e-12
    assert abs(counter_risk(game, "paulus", "kalach", 6, 9)[0] - 1.0) < 1e-12


def test_end_turn_hint_gives_the_counter_attack_risk_in_words(make_game, place):
    """FB Step 5: with no supply left, the hint ends the turn and says what the counter-attack risks."""
    game = make_game(generals=REGULARS)
    s = game.state
    s.discard += s.hand
    s.hand.clear()
    s.supply = 0
    for g in s.generals.values():
        g.ready = False
    place(game, 1, "millerovo", red=3)
    h = hint(game)
    assert h.command == EndTurn()
    assert "Millerovo counter-attacks Friedrich Paulus with 3 dice (16.7% each to hit): 0.50 grey cubes lost" in h.text
    assert h.rule == "FB Step 5: Local Soviet Counter-Attacks"


def test_reorganize_hint_moves_a_weak_general_from_a_strong_card(make_game, place):
    """FB Reorganizing the Frontline: a General with one cube facing six red cubes changes places."""
    game = make_game(generals=REGULARS)
    s = game.state
    s.discard += s.hand
    s.hand.clear()
    s.supply = 1
    s.generals["paulus"].cubes = 1
    for g in s.generals.values():
        g.ready = False
    place(game, 1, "stalingrad", red=6)
    h = hint(game)
    assert isinstance(h.command, Reorganize) and h.command.order[1] != "paulus"
    assert "counter-attacks cost" in h.text and h.rule == "FB Reorganizing the Frontline"


def test_last_turn_attacks_rather_than_consolidates(make_game, place):
    """FB Ending the Game: on the last turn cubes and supply buy nothing; only VP count."""
    game = make_game(generals=REGULARS)
    s = game.state
    s.unlocked.clear()
    place(game, 1, "stalingrad", red=6)
    s.generals["paulus"].cubes = 3
    assert not isinstance(hint(game).command, Attack)       # 3 cubes against 6, with time to spare
    s.calendar = len(game.c.calendar) - 2
    game._cache = None
    assert turns_left(game) == 0
    h = hint(game)
    assert h.command == Attack("paulus", 1)
    assert "last turn" in h.text


def test_the_unseen_cards_are_the_deck_and_the_major_risk_counts_them(make_game):
    """FB Major Soviet Counter-Attacks: the chance is from the cards not yet seen (hypergeometric)."""
    game = make_game(generals=REGULARS)
    unseen = unseen_events(game)
    assert sorted(unseen) == sorted(game.state.deck)
    majors = sum(game.content.events[e].effect == "counterattack" for e in unseen)
    n = len(unseen)
    assert abs(major_next_turn(game) - (1 - (n - majors) * (n - majors - 1) / (n * (n - 1)))) < 1e-12
    text = hint_text_at_end_turn(game)
    assert f"{majors} of the {n + 2} Event cards not yet seen" not in text      # the hand was seen
    assert f"{majors} of the {n} Event cards not yet seen" in text


def hint_text_at_end_turn(game):
    s = game.state
    s.supply = 0
    s.discard += s.hand
    s.hand.clear()
    for g in s.generals.values():
        g.ready = False
    game._cache = None
    return hint(game).text


def test_hint_never_reads_the_order_of_the_deck():
    """The hint reads only what the player may know: the same position with the unseen cards in
    another order gives the same hint, word for word."""
    top = ["nachschub", "beutelager"]
    rest_a = ["partisanen", "general_zhukov", "fuehrerweisung_45"]
    a = new_game(seed=0, generals=REGULARS, deck=top + rest_a)
    b = new_game(seed=0, generals=REGULARS, deck=top + rest_a[::-1])
    assert a.state.deck != b.state.deck
    assert hint(a) == hint(b)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_hint_bot_plays_only_legal_commands_to_the_end(seed, hard):
    """Every hint is one of legal()'s commands, to the end of the game; then there is none."""
    game = new_game(seed=seed, generals=REGULARS, hard=hard, undo=False)
    bot = HintBot()
    while game.outcome is None:
        cmd = bot.choose(game)
        assert cmd in game.legal()
        game.apply(cmd)
    assert hint(game) is None


def test_consolidate_hint_says_what_it_buys_and_the_next_major_risk(make_game, place):
    """FB Consolidate order: a grey cube back (up to the start) and 2 supply, Paulus 1 more (FB
    General ability); the hint says so, with the chance of a Major Soviet Counter-Attack in next
    turn's draws."""
    game = make_game(generals=REGULARS)
    s = game.state
    s.discard += s.hand
    s.hand.clear()
    s.unlocked.clear()
    s.supply = 0
    for g in ("hoth", "salmuth"):
        s.generals[g].ready = False
    s.generals["paulus"].cubes = 4
    h = hint(game)
    assert h.command == Consolidate("paulus")
    assert "It buys 1 grey cube for Friedrich Paulus and 3 supply, 1 of it his own (supply 0 to 3)" in h.text
    assert f"{major_next_turn(game):.1%} chance" in h.text and h.rule == "FB Consolidate order"


def test_play_card_hint_says_what_the_card_buys(make_game):
    """FB The Event Deck: a hold card played for supply when the depot runs low."""
    game = make_game(generals=REGULARS)
    s = game.state
    s.supply = 1
    s.unlocked.clear()
    for g in s.generals.values():
        g.ready = False
    h = hint(game)
    assert h.command == PlayEvent("nachschub")
    assert "Nachschub adds 2 supply (supply 1 to 3)." in h.text and h.rule == "FB The Event Deck"


class SealedDeck(list):
    """The Event deck face down: its size may be read, never a card."""

    def _peek(self, *args):
        raise AssertionError("the hint looked at the Event deck")

    __getitem__ = __iter__ = __contains__ = index = count = _peek


def test_hint_reads_no_card_of_the_face_down_deck():
    """Over whole games the hint and its words read the deck's size (the view's deck_size), never
    a card of it (a General who looks ahead puts the top cards in order: those are shown)."""
    for seed in range(4):
        game = new_game(seed=seed, generals=REGULARS, hard=seed % 2 == 1, undo=False)
        while game.outcome is None:
            s = game.state
            if s.decision is None or s.decision.kind != "peek":
                game.legal()                        # legal() itself is the rules', before the seal
                deck = s.deck
                s.deck = SealedDeck(deck)
                try:
                    h = hint(game)
                finally:
                    s.deck = deck
            else:
                h = hint(game)
            game.apply(h.command)


def test_a_tied_major_counter_attack_goes_where_it_harms_least(make_game):
    """FB Major Soviet Counter-Attacks: tied among Generals of 5 cubes, it is put in front of
    Salmuth, who rolls its hits again (FB General ability); the hint says what it costs there."""
    game = make_game(generals=("hoth", "ruoff", "salmuth"), deck=("brueckenkopf_serafimowitsch", "nachschub"))
    assert game.state.decision.kind == "deploy"
    h = hint(game)
    assert h.command == ChooseSlot(2)
    assert "Brückenkopf Serafimowitsch counter-attacks Hans von Salmuth with 3 dice" in h.text
    assert "rolls the hits again" in h.text and h.rule == "FB Major Soviet Counter-Attacks"

"""Undo (rules.core.game.Game.undo) on Fall Blau games: it steps back through commands but
never past a die roll, a card draw or any other reveal (DESIGN "Saves, replay, undo")."""

from __future__ import annotations

import attrs
import pytest

from rules.core.dice import FixedDice
from rules.fallblau import (Advance, Attack, Consolidate, EndTurn, OrderDeck, PlayEvent, Reorganize, Reroll,
                            UseAbility, new_game)

GENERALS = ("hoth", "paulus", "ruoff")
# harmless cards on top, so turns 1-3 bring no stop card and no decision
QUIET = ["nachschub", "beutelager", "gewaltmarsch", "eisenbahnpioniere", "flagge_auf_dem_elbrus",
         "ersatz_bataillone-1"]


def quiet_game(**kw):
    kw.setdefault("generals", GENERALS)
    kw.setdefault("deck", QUIET)
    return new_game(seed=1, **kw)


def mark(game):
    """Everything undo must put back."""
    return (game.digest(), attrs.asdict(game.state), len(game.log), len(game.events), game.legal(),
            game.outcome)


def test_a_new_game_has_nothing_to_undo():
    game = quiet_game()
    assert game.state.hand == ["nachschub", "beutelager"]
    assert game.state.decision is None
    assert not game.can_undo
    before = mark(game)
    assert game.undo() is False
    assert mark(game) == before


@pytest.mark.parametrize("cmd", [
    Consolidate("paulus"),
    Consolidate("hoth"),
    Reorganize(("ruoff", "hoth", "paulus")),
    PlayEvent("nachschub"),
    Advance("hoth", "voronezh"),
], ids=["consolidate-paulus", "consolidate-hoth", "reorganize", "play-supply-card", "advance"])
def test_undo_after_a_command_that_reveals_nothing_restores_the_exact_state(cmd):
    game = quiet_game()
    before = mark(game)
    events = game.apply(cmd)
    assert events and not any(e.reveal for e in events)
    assert game.can_undo
    assert game.digest() != before[0]
    assert game.undo() is True
    assert mark(game) == before
    assert game.log == []
    assert not game.can_undo


def test_undo_truncates_log_and_events_to_their_lengths_before():
    game = quiet_game()
    game.apply(Consolidate("paulus"))
    log, events = list(game.log), list(game.events)
    game.apply(PlayEvent("nachschub"))
    assert len(game.log) == 2 and len(game.events) > len(events)
    game.undo()
    assert game.log == log
    assert game.events == events


def test_undo_is_impossible_right_after_an_attack_roll():
    game = quiet_game()
    game.apply(Advance("paulus", "voronezh"))
    assert game.can_undo
    game.apply(Attack("hoth", 1))           # Hoth attacks the adjacent card: dice are rolled
    assert any(e.dice for e in game.events)
    assert not game.can_undo
    before = mark(game)
    assert game.undo() is False
    assert mark(game) == before


def test_undo_is_impossible_after_the_turn_ends_and_cards_are_drawn():
    game = quiet_game()
    game.apply(Consolidate("hoth"))
    hand = len(game.state.hand)
    game.apply(EndTurn())
    assert len(game.state.hand) == hand + 2     # the new turn drew two cards
    assert not game.can_undo
    before = mark(game)
    assert game.undo() is False
    assert mark(game) == before


def test_several_undos_in_a_row_stop_at_the_start():
    game = quiet_game()
    marks = []
    for cmd in (Consolidate("hoth"), Reorganize(("ruoff", "hoth", "paulus")), PlayEvent("nachschub"),
                PlayEvent("beutelager"), Advance("paulus", "voronezh")):
        marks.append(mark(game))
        game.apply(cmd)
    for expected in reversed(marks):
        assert game.can_undo
        assert game.undo() is True
        assert mark(game) == expected
    assert not game.can_undo
    assert game.undo() is False
    assert mark(game) == marks[0]


def test_several_undos_in_a_row_stop_at_the_last_reveal():
    game = quiet_game()
    game.apply(Consolidate("hoth"))
    game.apply(EndTurn())                        # draws: a reveal
    after_draw = mark(game)
    game.apply(Consolidate("ruoff"))
    game.apply(PlayEvent("gewaltmarsch", general="ruoff"))
    game.apply(Consolidate("ruoff"))
    assert [game.undo() for _ in range(4)] == [True, True, True, False]
    assert mark(game) == after_draw


def test_undo_then_a_different_command():
    game = quiet_game()
    game.apply(Consolidate("hoth"))
    assert game.undo()
    game.apply(Consolidate("paulus"))
    s = game.state
    assert game.log == [Consolidate("paulus")]
    assert s.generals["hoth"].ready and not s.generals["paulus"].ready
    assert s.supply == 5 + 2 + 1               # Consolidate +2, Paulus +1
    # the new command is undoable in its turn, back to the start
    start = quiet_game()
    assert game.undo()
    assert mark(game) == mark(start)


def test_redo_after_undo_gives_the_same_state():
    game = quiet_game()
    game.apply(Advance("hoth", "voronezh"))
    after = game.digest()
    game.undo()
    game.apply(Advance("hoth", "voronezh"))
    assert game.digest() == after


def test_undo_of_hoths_ability_and_his_order():
    game = quiet_game()
    start = mark(game)
    game.apply(Advance("hoth", "voronezh"))
    assert UseAbility("hoth") in game.legal()
    game.apply(UseAbility("hoth"))
    assert game.state.generals["hoth"].cubes == 4
    assert game.undo() and game.state.generals["hoth"].cubes == 5
    assert game.undo()
    assert mark(game) == start


def test_undo_of_a_kept_roll_goes_back_to_the_reroll_choice_but_no_further():
    # Hoth brings Voronezh in front of position 1; Ruoff attacks it from position 2
    game = new_game(seed=0, generals=("hoth", "ruoff", "paulus"), deck=QUIET, dice=FixedDice([6, 5, 1, 3, 2, 1]))
    game.apply(Advance("hoth", "voronezh"))
    game.apply(Attack("ruoff", 0))              # adjacent: 3 white dice; the 1 is worth a re-roll
    assert game.state.decision is not None and game.state.decision.kind == "reroll"
    assert not game.can_undo                    # the dice are out
    choice = mark(game)
    game.apply(Reroll(None))                    # keep: nothing new is revealed
    assert game.state.decision is None
    assert game.can_undo
    assert game.undo()
    assert mark(game) == choice
    assert not game.can_undo
    game.apply(Reroll(game.legal()[1].die))     # a re-roll is a new die: no undo
    assert not game.can_undo


def test_undo_stops_at_the_peek_and_the_draw_that_follows():
    game = new_game(seed=3, generals=("kleist", "paulus", "ruoff"), deck=QUIET)
    assert game.state.decision is not None and game.state.decision.kind == "peek"
    assert not game.can_undo                    # Kleist has looked at the deck
    order = game.legal()[-1]
    assert isinstance(order, OrderDeck)
    game.apply(order)                           # the draws follow at once
    assert not game.can_undo
    assert game.state.hand == list(order.order[:2])


def test_undo_takes_back_a_mission_reward():
    game = new_game(seed=2, generals=GENERALS, deck=QUIET, missions=True,
                    mission_deck=["vorratslager", "vormarsch"])
    assert game.state.missions == ["vorratslager", "vormarsch"]
    before = mark(game)
    game.apply(Consolidate("paulus"))           # supply 5 -> 8: Vorratslager is met
    assert game.state.missions_done == ["vorratslager"]
    assert game.state.vp == 1
    assert game.undo()
    assert mark(game) == before
    assert game.state.missions == ["vorratslager", "vormarsch"]


def test_undo_after_an_illegal_command_is_unaffected():
    game = quiet_game()
    game.apply(Consolidate("hoth"))
    from rules.core.errors import IllegalCommand
    with pytest.raises(IllegalCommand):
        game.apply(Consolidate("hoth"))         # Hoth is no longer ready
    assert game.undo() and game.log == []
    assert not game.can_undo


def test_games_without_undo_never_undo():
    game = quiet_game(undo=False)
    game.apply(Consolidate("hoth"))
    assert not game.can_undo
    before = mark(game)
    assert game.undo() is False
    assert mark(game) == before


def test_the_undone_state_is_not_shared_with_later_play():
    game = quiet_game()
    game.apply(Consolidate("hoth"))
    game.apply(Consolidate("paulus"))
    game.undo()
    after_one = game.digest()
    game.apply(Consolidate("ruoff"))            # mutates the restored state
    game.undo()
    assert game.digest() == after_one
    game.undo()
    assert mark(game) == mark(quiet_game())

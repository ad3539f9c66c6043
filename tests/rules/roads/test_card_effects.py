"""The effects of our cards that no rulebook section describes (content/roads/cards.toml's
vocabulary; RULINGS "Our cards' effects"), each pinned in the small world on fixed dice.

    w1 - a1 - b1 ~ e1
    w2 - a2 = b2 - e2
    w3 - a3 - b3 - e3        Axis cities in columns w and a, Soviet in b and e
"""

from __future__ import annotations

from rules.roads import Decline, Gather, Halt, Move, PlayCard, PlayChit, StartOperation, battle
from rules.roads.commands import MoveRP, RemoveRP
from rules.roads.state import AXIS, SOVIET
from tests.rules.roads.small_world import small_game
from tests.rules.roads.test_battle import chit, fight
from tests.rules.roads.test_cards import card_action


def test_move_rp_moves_an_own_rp_by_ground_to_an_own_city_within_its_range():
    game = card_action(AXIS, ["a-x-lorries"], rp={AXIS: {"a2": 3}, SOVIET: {"e2": 3}})
    game.apply(PlayCard(AXIS, "a-x-lorries"))
    moves = {(c.origin, c.area) for c in game.legal() if isinstance(c, MoveRP)}
    assert ("a2", "w1") in moves and ("a2", "a3") in moves
    assert not any(area[0] in "be" for _, area in moves)  # never into Soviet cities
    assert Decline(AXIS) in game.legal()
    game.apply(MoveRP(AXIS, "a2", "w1"))
    assert game.state.rp[AXIS] == {"a2": 1, "w1": 1}      # (one spent on the opening operation)


def test_discard_enemy_the_opponent_discards_at_random_face_down():
    game = card_action(AXIS, ["a-x-abwehr"], rolls=[2])
    game.state.cards[SOVIET].hand = ["s-katyusha", "s-supplies", "s-repair"]
    game.apply(PlayCard(AXIS, "a-x-abwehr"))
    assert game.state.cards[SOVIET].hand == ["s-katyusha", "s-repair"]     # the 2nd of three (d3 = 2)
    assert game.state.cards[SOVIET].discards == ["s-supplies"]
    assert "s-supplies" not in str(game.view(AXIS))       # face down: the Axis never sees which


def test_enemy_rp_the_opponent_chooses_which_of_its_rps_to_remove():
    game = card_action(SOVIET, ["s-x-logistics"], rp={AXIS: {"a2": 3, "w1": 1}, SOVIET: {"e2": 3}})
    game.apply(PlayCard(SOVIET, "s-x-logistics"))
    assert game.to_act() == AXIS
    assert sorted(c.area for c in game.legal()) == ["a2", "w1"]
    game.apply(RemoveRP(AXIS, "w1"))
    assert "w1" not in game.state.rp[AXIS]


def test_free_move_the_next_move_of_the_operation_costs_no_sp():
    game = small_game(hands={AXIS: ["a-x-march"]})
    game.apply(StartOperation(AXIS, "a2"))
    game.apply(PlayCard(AXIS, "a-x-march"))
    game.apply(Gather(AXIS, "pz"))
    game.apply(Move(AXIS, "a3"))                          # Panzers: 2 SP, free
    assert game.state.operation.sp == 6
    game.apply(Halt(AXIS))
    game.apply(Gather(AXIS, "inf2"))
    game.apply(Move(AXIS, "w1"))                          # the next one pays
    assert game.state.operation.sp == 5


def test_extra_chits_an_attack_card_draws_more_chits_now_for_its_sp():
    game = fight([], ["axis-assault"], hands={AXIS: ["a-x-keil"]})
    before = len(game.state.battle.drawn[AXIS])
    game.apply(PlayCard(AXIS, "a-x-keil"))
    assert len(game.state.battle.drawn[AXIS]) == before + 2
    assert game.state.operation.sp == 6 - 1 - 2           # the move, then the card


def test_cancel_chit_the_enemys_next_chit_has_no_effect():
    game = fight([1], ["axis-ambush", "axis-assault", "soviet-ambush"], hands={AXIS: ["a-x-88"]})
    game.apply(PlayCard(AXIS, "a-x-88"))
    chit(game, AXIS, "axis-ambush")                       # the 3rd Army passes (1)
    checks = sum(e.kind == "check" for e in game.events)
    game.apply(PlayChit(SOVIET, game.state.battle.drawn[SOVIET][0]))
    assert sum(e.kind == "check" for e in game.events) == checks
    assert any("cancelled by a card" in e.text for e in game.events)


def test_tactical_the_sides_draws_in_this_battle_grow_by_the_modifier():
    game = fight([], ["axis-assault"], hands={AXIS: ["a-x-stug"]})
    assert battle.draw_count(game, AXIS) == 2             # the 2nd Infantry Corps' TV
    game.apply(PlayCard(AXIS, "a-x-stug"))
    assert battle.draw_count(game, AXIS) == 3


def test_initiative_roll_adds_to_the_sides_next_roll_for_the_map():
    game = card_action(AXIS, ["a-x-air"])
    game.apply(PlayCard(AXIS, "a-x-air"))
    assert game.state.rolloff_bonus == {AXIS: 2}

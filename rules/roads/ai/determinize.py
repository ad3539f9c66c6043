"""Determinization (PIMC / ISMCTS sampling, brief roads-ai-and-engines 4.3): a whole Roads game
built from one side's ``view`` and the printed content and map, with everything that side cannot
see sampled from the AI's own random generator.

What is sampled: the other side's hand, both decks' order and both sides' face-down discards,
dealt from the cards not yet seen face up (played or in the viewer's hand); the other side's
Card/Map choice while it is still hidden. The dice of the built game are seeded from the AI's
generator, never from the real game's dice, so the AI cannot see a future roll.

What is not rebuilt: a battle under way and a pending choice beyond the viewer's own (the view
shows neither the cups nor the steps still to resolve). The search does not decide there: see
``search.py``, which hands those decisions to the doctrine policy.
"""

from __future__ import annotations

import random

import attrs

from rules.core.dice import SeededDice

from ..game import Roads
from ..sequence import CARD, MAP
from ..state import AXIS, SIDES, SOVIET, Cards, RoadsState, Sequence
from ..view import View


def unseen_cards(view: View, content, side: str) -> list[str]:
    """The cards of ``side`` the viewer has not seen face up, in a fixed order."""
    seen = {k for sd, k in view.played if sd == side}
    if side == view.side:
        seen |= set(view.hand)
    return sorted(c.id for c in content.cards.values() if c.side == side and c.id not in seen)


def can_determinize(view: View) -> bool:
    return view.battle is None and (view.pending is None or view.to_act == view.side)


def determinize(view: View, content, board, rng: random.Random) -> Roads:
    """A game consistent with ``view`` (the viewer's side is ``view.side``); undo is off."""
    if view.battle is not None:
        raise ValueError("a battle under way cannot be rebuilt from a view (its cups are hidden)")
    me = view.side
    counts = {name: dict(pairs) for name, pairs in
              (("hand", view.hand_sizes), ("deck", view.deck_sizes), ("discards", view.discard_counts))}
    cards = {}
    for sd in SIDES:
        pool = unseen_cards(view, content, sd)
        rng.shuffle(pool)
        hand = list(view.hand) if sd == me else [pool.pop() for _ in range(min(counts["hand"][sd], len(pool)))]
        discards = [pool.pop() for _ in range(min(counts["discards"][sd], len(pool)))]
        deck = pool[: counts["deck"][sd]]   # a card set ready face down is the one left over
        cards[sd] = Cards(deck=deck, hand=hand, discards=discards,
                          played=[k for s2, k in view.played if s2 == sd])
    rp = {AXIS: {}, SOVIET: {}}
    for sd, area, n in view.rp:
        rp[sd][area] = n
    if view.revealed:
        choice = dict(view.revealed)
    else:
        choice = {sd: (view.my_choice if sd == me else rng.choice((CARD, MAP))) for sd in view.chosen}
    state = RoadsState(
        units={c.id: attrs.evolve(c) for c in view.units},
        control=dict(view.control), rp=rp, cards=cards, initiative=view.initiative,
        phase=view.phase,
        sequence=Sequence(number=view.sequence, choice=choice, queue=[list(q) for q in view.queue]),
        operation=attrs.evolve(view.operation) if view.operation else None,
        pending=[attrs.evolve(view.pending)] if view.pending else [],
        permanents=dict(view.permanents), cards_done=view.cards_done, winter_at=view.winter_at,
        d45_next=view.d45_next, railheads=view.railheads,
        soviet_reinforcements=view.soviet_reinforcements, operations=dict(view.operations),
        axis_rebuilt_op=view.axis_rebuilt_op, leader=view.leader, leader_gone=view.leader_gone,
        end_reason=view.end_reason,
        # a card action whose card asked for a choice: the entry ends once it is answered
        entry_done=view.phase == "card" and view.pending is not None)
    seed = rng.randrange(2 ** 31)
    return Roads(state, SeededDice(seed), content, board, seed=seed, options={}, undo=False)

"""Determinization (PIMC / ISMCTS sampling, brief roads-ai-and-engines 4.3): a whole Roads game
built from one side's ``view`` and the printed content and map, with everything that side cannot
see sampled from the AI's own random generator.

What is sampled: the other side's hand, both decks' order and both sides' face-down discards,
dealt from the cards not yet seen face up (played or in the viewer's hand); the other side's
Card/Map choice while it is still hidden. The dice of the built game are seeded from the AI's
generator, never from the real game's dice, so the AI cannot see a future roll.

A battle under way is rebuilt from what the table shows (``BattleView``: the units, the chits
and cards face up, the steps still to resolve, the viewer's own chits, the sizes of the cups and
of the other side's chits in hand); the other side's chits in hand and both cups are sampled
from the chit set that fill the cups now (9.5.1, 19), less the chits each side has played in this
battle, most recent first, down to the sizes shown (the chits played before the last refill are
not told apart: an approximation, never a peek). What is not rebuilt: a pending choice beyond the
viewer's own (the view does not show it).
"""

from __future__ import annotations

import random

import attrs

from rules.core.dice import SeededDice

from ..battle import fill_cup
from ..game import Roads
from ..sequence import CARD, MAP
from ..state import AXIS, SIDES, SOVIET, Battle, Cards, RoadsState, Sequence, other
from ..view import View


def unseen_cards(view: View, content, side: str) -> list[str]:
    """The cards of ``side`` the viewer has not seen face up, in a fixed order."""
    seen = {k for sd, k in view.played if sd == side}
    if side == view.side:
        seen |= set(view.hand) | ({view.my_ready} if view.my_ready else set())
    return sorted(c.id for c in content.cards.values() if c.side == side and c.id not in seen)


def can_determinize(view: View) -> bool:
    return view.pending is None or view.to_act == view.side


def determinize(view: View, content, board, rng: random.Random) -> Roads:
    """A game consistent with ``view`` (the viewer's side is ``view.side``); undo is off."""
    me = view.side
    counts = {name: dict(pairs) for name, pairs in
              (("hand", view.hand_sizes), ("deck", view.deck_sizes), ("discards", view.discard_counts))}
    cards = {}
    for sd in SIDES:
        pool = unseen_cards(view, content, sd)
        rng.shuffle(pool)
        # the other side's count takes in an Event it may have set face down (2.3): dealt to its
        # hand here, since the viewer cannot tell; the viewer's own is set again as it is
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
        ready={me: view.my_ready} if view.my_ready else {},
        # a card action whose card asked for a choice: the entry ends once it is answered
        entry_done=view.phase == "card" and view.pending is not None)
    seed = rng.randrange(2 ** 31)
    world = Roads(state, SeededDice(seed), content, board, seed=seed, options={}, undo=False)
    if view.battle is not None:
        _sample_battle(world, view, rng)
    return world


def _sample_battle(world: Roads, view: View, rng: random.Random) -> None:
    """The battle under way as the table shows it, its hidden chits sampled (9.5.1-9.5.5)."""
    bv = view.battle
    me, foe = view.side, other(view.side)
    b = Battle(area=bv.area, attacker=bv.attacker, came_from=bv.came_from, crossing=bv.crossing,
               attackers=list(bv.attackers), defenders=list(bv.defenders), turn=bv.turn,
               played=[list(p) for p in bv.played], fortified=dict(bv.fortified),
               cohesion_mod=dict(bv.cohesion_mod), draw_mod=dict(bv.draw_mod),
               cancel_next={sd: True for sd in bv.cancel_next}, rerolls=dict(bv.rerolls),
               cards=[list(c) for c in bv.cards], steps=[list(e) for e in bv.steps],
               retreats=list(bv.retreating), retreat_path=list(bv.retreat_path), after_card=bv.after_card)
    b.drawn = {me: list(bv.my_chits), foe: []}
    world.state.battle = b
    sizes = dict(bv.cup_sizes)
    for sd in SIDES:
        fill_cup(world, sd)                       # the set as it would fill now, less my chits
        played = [k.split("#")[0] for s2, k in reversed(bv.played) if s2 == sd]
        held = bv.their_chits if sd == foe else 0
        need = held + sizes.get(sd, 0)
        pool = _less_played(sorted(b.cups[sd]), played, need)
        rng.shuffle(pool)
        if len(pool) < need:
            # a cup filled while a condition held that holds no more (19: a panzer has left)
            extra = [k for k in _conditional(world, sd) if k not in pool and k not in b.drawn[sd]]
            rng.shuffle(extra)
            pool += extra[:need - len(pool)]
        b.drawn[sd] = b.drawn[sd] if sd == me else pool[:held]
        if sd in sizes:
            b.cups[sd] = pool[held:held + sizes[sd]]
        else:
            del b.cups[sd]


def _conditional(world: Roads, side: str) -> list[str]:
    """The chits of ``side`` that a cup leaves out while their condition fails (19)."""
    stavka = "stavka" in world.state.permanents
    out = []
    for chit in world.content.chits.values():
        if chit.side == side and chit.only_if in ("panzer", "soviet-armor", "soviet-defender"):
            copies = chit.count if (stavka or not chit.held_back) else chit.count - chit.held_back
            out += [f"{chit.id}#{k}" for k in range(1, copies + 1)]
    return sorted(out)


def _less_played(pool: list[str], played: list[str], size: int) -> list[str]:
    """``pool`` less one chit of each kind in ``played`` (most recent first) while it is larger
    than ``size``."""
    pool = list(pool)
    for kind in played:
        if len(pool) <= size:
            break
        for i, inst in enumerate(pool):
            if inst.split("#")[0] == kind:
                del pool[i]
                break
    return pool

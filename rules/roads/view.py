"""What one side may see (series 4.2.2, 4.2.3c, 9.5.2): the board as the cardboard shows it,
its own hand and drawn chits, never the other side's, nor either deck's order, nor the face of
a discarded card, nor a secret choice before both are in."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from rules.core.attrs_classes import frozen

from .state import AXIS, SOVIET, Counter, Operation, Pending, other

if TYPE_CHECKING:
    from .game import Roads


@frozen
class BattleView:
    area: str
    attacker: str
    came_from: str
    crossing: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    my_chits: tuple[str, ...]            # the viewer's drawn chits, face up to the viewer only
    their_chits: int                     # how many the other side holds, face down
    cup_sizes: tuple[tuple[str, int], ...]
    played: tuple[tuple[str, str], ...]  # (side, chit) face up
    turn: str
    fortified: tuple[tuple[str, str], ...]
    retreating: tuple[str, ...]
    cards: tuple[tuple[str, str], ...]
    # public at the table, from the chits and cards face up (9.5.4, 9.6.3f, the battle cards):
    steps: tuple[tuple[str, str, int], ...] = ()     # (side, chit or "card:ID", step) to resolve
    retreat_path: tuple[str, ...] = ()               # areas the retreating unit has entered
    cohesion_mod: tuple[tuple[str, int], ...] = ()   # side -> card modifier to its checks
    draw_mod: tuple[tuple[str, int], ...] = ()       # side -> card modifier to its draws
    cancel_next: tuple[str, ...] = ()                # sides whose next chit is cancelled
    rerolls: tuple[tuple[str, int], ...] = ()        # side -> re-rolls of failed checks left
    after_card: bool = False                          # a card's choice under way keeps the chit turn (9.4)


@frozen
class View:
    side: str | None
    phase: str
    to_act: str | None
    sequence: int
    units: tuple[Counter, ...]
    control: tuple[tuple[str, str], ...]
    rp: tuple[tuple[str, str, int], ...]          # (side, area, count)
    initiative: str | None
    permanents: tuple[tuple[str, str], ...]
    cards_done: int
    winter_at: int
    d45_next: str
    railheads: int
    soviet_reinforcements: int
    axis_rebuilt_op: int
    operations: tuple[tuple[str, int], ...]
    leader: str
    leader_gone: bool
    hand: tuple[str, ...]                         # the viewer's own hand
    hand_sizes: tuple[tuple[str, int], ...]
    deck_sizes: tuple[tuple[str, int], ...]
    discard_counts: tuple[tuple[str, int], ...]   # face down: counts only
    played: tuple[tuple[str, str], ...]           # (side, card) face up
    my_choice: str                                # the viewer's own Card/Map choice ("" if none yet)
    my_ready: str                                 # the viewer's own Event set face down ("" if none)
    chosen: tuple[str, ...]                       # the sides that have chosen
    revealed: tuple[tuple[str, str], ...]         # both choices, once both are in
    queue: tuple[tuple[str, str], ...]
    operation: Operation | None
    battle: BattleView | None
    pending: Pending | None                       # only the viewer's own pending choice
    vp: tuple[tuple[str, int], ...]
    end_reason: str


def _battle_view(g: Roads, side: str | None) -> BattleView | None:
    b = g.state.battle
    if b is None:
        return None
    mine = tuple(b.drawn.get(side, [])) if side else ()
    theirs = len(b.drawn.get(other(side), [])) if side else 0
    return BattleView(
        area=b.area, attacker=b.attacker, came_from=b.came_from, crossing=b.crossing,
        attackers=tuple(b.attackers), defenders=tuple(b.defenders), my_chits=mine,
        their_chits=theirs, cup_sizes=tuple((k, len(v)) for k, v in sorted(b.cups.items())),
        played=tuple((p[0], p[1]) for p in b.played), turn=b.turn,
        fortified=tuple(sorted(b.fortified.items())), retreating=tuple(b.retreats),
        cards=tuple((c[0], c[1]) for c in b.cards),
        steps=tuple((e[0], e[1], e[2]) for e in b.steps), retreat_path=tuple(b.retreat_path),
        cohesion_mod=tuple(sorted(b.cohesion_mod.items())), draw_mod=tuple(sorted(b.draw_mod.items())),
        cancel_next=tuple(sorted(k for k, v in b.cancel_next.items() if v)),
        rerolls=tuple(sorted(b.rerolls.items())), after_card=b.after_card)


def make_view(g: Roads, side: str | None) -> View:
    from .victory import score
    s = g.state
    ch = s.sequence.choice
    both = len(ch) == 2
    pending = s.pending[0] if s.pending and side == s.pending[0].side else None
    vp = score(g)
    return View(
        side=side, phase=s.phase, to_act=g.to_act(), sequence=s.sequence.number,
        units=tuple(attrs.evolve(c) for c in s.units.values()),
        control=tuple(sorted(s.control.items())),
        rp=tuple((sd, a, n) for sd in (AXIS, SOVIET) for a, n in sorted(s.rp[sd].items())),
        initiative=s.initiative, permanents=tuple(sorted(s.permanents.items())),
        cards_done=s.cards_done, winter_at=s.winter_at, d45_next=s.d45_next,
        railheads=s.railheads, soviet_reinforcements=s.soviet_reinforcements,
        axis_rebuilt_op=s.axis_rebuilt_op, operations=tuple(sorted(s.operations.items())),
        leader=s.leader, leader_gone=s.leader_gone,
        hand=tuple(s.cards[side].hand) if side in s.cards else (),
        # a card set ready with the Card/Map choice is still held (2.3): counted, so the other
        # side cannot tell one was set (the 2.3.4 ruling keeps it secret until it plays)
        hand_sizes=tuple((sd, len(s.cards[sd].hand) + (sd in s.ready)) for sd in (AXIS, SOVIET)),
        deck_sizes=tuple((sd, len(s.cards[sd].deck)) for sd in (AXIS, SOVIET)),
        discard_counts=tuple((sd, len(s.cards[sd].discards)) for sd in (AXIS, SOVIET)),
        played=tuple((sd, k) for sd in (AXIS, SOVIET) for k in s.cards[sd].played),
        my_choice=ch.get(side, "") if side else "",
        my_ready=s.ready.get(side, "") if side else "",
        chosen=tuple(sorted(ch)),
        revealed=tuple(sorted(ch.items())) if both else (),
        queue=tuple((q[0], q[1]) for q in s.sequence.queue),
        operation=attrs.evolve(s.operation) if s.operation else None,
        battle=_battle_view(g, side), pending=attrs.evolve(pending) if pending else None,
        vp=tuple(sorted(vp.items())), end_reason=s.end_reason)

"""The Operational Sequence (series 4.2; campaign 4, 12): the secret Card/Map choice, the
roll-off, the order of what follows, and the card actions (4.2.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.events import Event

from .commands import Choose, DiscardCard, DrawCard, PlayCard, StartOperation
from .state import AXIS, SIDES, SOVIET, Pending, Sequence, other

if TYPE_CHECKING:
    from .game import Roads

CARD, MAP = "card", "map"


def chooser(g: Roads) -> str | None:
    """Each side chooses in turn (Axis, then Soviet), each hidden from the other."""
    for side in SIDES:
        if side not in g.state.sequence.choice:
            return side
    return None


def choose_legal(g: Roads) -> list:
    side = chooser(g)
    choices = []
    if can_card(g, side):
        choices.append(CARD)
    if g.state.rp[side]:
        choices.append(MAP)                   # ruling: Map needs an RP on the map to spend
    ready = [k for k in dict.fromkeys(g.state.cards[side].hand) if _against_operation(g, k)]
    # ruling (2.3.4 with 4.2.2, RULINGS.md): an Event is set face down only with Card. With
    # Map it could never act: winning a both-Map roll-off leaves no enemy operation, losing
    # one means the side "cannot do anything" until the next sequence, and against Card the
    # side operates itself. Only Card against the enemy's Map leaves a moment to strike.
    return [Choose(side, ch, ev) for ch in choices for ev in ("", *(ready if ch == CARD else ()))]


def _against_operation(g: Roads, card: str) -> bool:
    """Series 2.3.4 ruling: an Event that acts on the enemy's operation is set face down with
    the Card choice and played when the enemy's Map operation begins."""
    c = g.content.cards[card]
    return c.kind == "event" and any(e.op == "enemy-sp" for e in c.effect)


def can_card(g: Roads, side: str) -> bool:
    c = g.state.cards[side]
    return bool(c.hand) or bool(c.deck)


def choose(g: Roads, cmd: Choose) -> list[Event]:
    s = g.state
    s.sequence.choice[cmd.side] = cmd.choice
    if cmd.event:
        s.cards[cmd.side].hand.remove(cmd.event)
        s.ready[cmd.side] = cmd.event
    events = [Event(f"{g.side_name(cmd.side)} have chosen (hidden until both are in).", "CC 4.2.2",
                    "choice", reveal=True)]
    if len(s.sequence.choice) < 2:
        return events
    return events + reveal(g)


def _roll_off(g: Roads, rule: str, for_map: bool = True) -> tuple[str, list[Event]]:
    """4.2.2: 1d10 each, +2 for the initiative; ties to the initiative (ruling: with no
    initiative after the STAVKA, ties are rolled again). A card's bonus is for the roll for
    the Map only, not the roll that orders two Card actions."""
    s = g.state
    events = []
    cards = s.rolloff_bonus if for_map else {}
    while True:
        die = g.rules.rolloff_die
        axis, soviet = g.dice.roll(1, die)[0], g.dice.roll(1, die)[0]
        bonus = g.rules.initiative_bonus
        ta = axis + (bonus if s.initiative == AXIS else 0) + cards.get(AXIS, 0)
        ts = soviet + (bonus if s.initiative == SOVIET else 0) + cards.get(SOVIET, 0)
        if ta > ts or (ta == ts and s.initiative == AXIS):
            winner = AXIS
        elif ts > ta or (ta == ts and s.initiative == SOVIET):
            winner = SOVIET
        else:
            winner = None
        mods = tuple(f"+{bonus} initiative ({g.side_name(s.initiative)})" for _ in [0] if s.initiative)
        mods += tuple(f"+{n} card ({g.side_name(sd)})" for sd, n in sorted(cards.items()))
        if for_map:
            s.rolloff_bonus = {}
        s.sequence.rolls = {AXIS: ta, SOVIET: ts}
        text = (f"Roll-off: Axis {axis} (total {ta}), Soviet {soviet} (total {ts})"
                + (f": {g.side_name(winner)} win." if winner else ": a tie with no initiative, roll again."))
        events.append(Event(text, rule, "roll", dice=(axis, soviet), modifiers=mods, reveal=True))
        if winner:
            return winner, events


def reveal(g: Roads) -> list[Event]:
    s = g.state
    ch = s.sequence.choice
    events = [Event(f"Revealed: Axis {ch[AXIS].title()}, Soviet {ch[SOVIET].title()}.", "CC 4.2.2",
                    "reveal", reveal=True)]
    if ch[AXIS] == MAP and ch[SOVIET] == MAP:
        winner, rolls = _roll_off(g, "CC 4.2.2 (both Map)")   # a card's bonus counts here only
        events += rolls
        s.sequence.queue = [[winner, MAP]]
        events.append(Event(f"{g.side_name(other(winner))} must wait for the next sequence.",
                            "CC 4.2.2", "sequence"))
    elif ch[AXIS] == CARD and ch[SOVIET] == CARD:
        if s.initiative:
            first = s.initiative
        else:
            first, rolls = _roll_off(g, "CC 4.2.2 (both Card; ruling: no initiative)", for_map=False)
            events += rolls
        s.sequence.queue = [[first, CARD], [other(first), CARD]]
    else:
        mapper = AXIS if ch[AXIS] == MAP else SOVIET
        s.sequence.queue = [[mapper, MAP], [other(mapper), CARD]]
    return events + advance(g)


def advance(g: Roads) -> list[Event]:
    """Go on to the next thing the sequence holds, or begin a new sequence."""
    s = g.state
    events: list[Event] = []
    while s.phase != "over":
        if not s.sequence.queue:
            for side, card in sorted(s.ready.items()):          # an Event set ready goes back unseen
                s.cards[side].hand.append(card)
            s.ready = {}
            s.sequence = Sequence(number=s.sequence.number + 1)
            s.phase = "choose"
            return events
        side, what = s.sequence.queue[0]
        if what == MAP:
            if s.rp[side]:
                s.phase = "operation"
                return events
            events.append(Event(f"{g.side_name(side)} have no RP left to spend: no operation.",
                                "CC 5.2", "sequence"))
        else:
            if card_legal(g, side):
                s.phase = "card"
                return events
            events.append(Event(f"{g.side_name(side)} have no card action.", "CC 4.2.3", "sequence"))
        s.sequence.queue.pop(0)
    return events


def done(g: Roads) -> list[Event]:
    """The current entry of the queue is finished."""
    s = g.state
    if s.sequence.queue:
        s.sequence.queue.pop(0)
    return advance(g)


# -- on-board operation start (5.2; campaign 12) -----------------------------------------------------
def operation_side(g: Roads) -> str:
    return g.state.sequence.queue[0][0]


def start_legal(g: Roads) -> list:
    from .operations import start_areas
    side = operation_side(g)
    return [StartOperation(side, a) for a in start_areas(g, side)]


# -- card actions (4.2.3) -------------------------------------------------------------------------
def card_side(g: Roads) -> str:
    return g.state.sequence.queue[0][0]


def card_legal(g: Roads, side: str) -> list:
    from .cards import playable_now
    s = g.state
    c = s.cards[side]
    cmds: list = [PlayCard(side, k) for k in dict.fromkeys(c.hand)
                  if playable_now(g, side, k, card_action=True)]
    held = len(c.hand) + (1 if side in s.ready else 0)      # 2.3: a card set ready is still held
    if held < g.rules.hand_limit and c.deck:
        cmds.append(DrawCard(side))
    cmds += [DiscardCard(side, k) for k in dict.fromkeys(c.hand)]
    return cmds


def draw(g: Roads, cmd: DrawCard) -> list[Event]:
    """4.2.3b; 4.2.4a: drawing the last card of one's deck ends the game."""
    s = g.state
    c = s.cards[cmd.side]
    card = c.deck.pop(0)
    c.hand.append(card)
    events = [Event(f"{g.side_name(cmd.side)} draw a card ({len(c.deck)} left in the deck).",
                    "CC 4.2.3b", "draw", reveal=True)]
    if not c.deck:
        s.phase = "over"
        s.end_reason = f"the {g.side_name(cmd.side)} drew the last card of their deck"
        events.append(Event(f"The {g.side_name(cmd.side)} deck is empty: the game ends.", "CC 4.2.4a", "end"))
        return events
    s.entry_done = True
    return events


def discard(g: Roads, cmd: DiscardCard) -> list[Event]:
    """4.2.3c: face down, for one RP placed by campaign rule 5."""
    s = g.state
    c = s.cards[cmd.side]
    c.hand.remove(cmd.card)
    c.discards.append(cmd.card)
    s.cards_done += 1
    s.entry_done = True
    s.pending.append(Pending("place-rp", cmd.side, "CC 4.2.3c", count=1, source="discard"))
    return [Event(f"{g.side_name(cmd.side)} discard a card face down for one RP.", "CC 4.2.3c",
                  "discard")]

"""Fall Blau's legal commands as menu paths: order, then General, then target, then card."""

from __future__ import annotations

from rules.core.command import Command
from rules.fallblau import (
    Advance, Attack, Consolidate, EndTurn, FallBlau, PlayEvent, Reorganize, UseAbility,
)


def menu_entries(game: FallBlau) -> tuple[str, list[tuple[tuple[str, ...], Command]]]:
    """The menu title and (path, command) for every legal command."""
    s = game.state
    n = game.name
    legal = game.legal()
    if s.decision is not None:
        return s.decision.prompt, [((game.describe(cmd),), cmd) for cmd in legal]
    out = []
    for cmd in legal:
        match cmd:
            case Advance(general=g, card=card, second=second, second_slot=slot):
                tail = "this card only" if second is None else f"and {n(second)} to position {slot + 1}"
                cost = game.advance_cost() + (game.c.panzer_second_cost if second else 0)
                path = ("Advance", n(g), n(card), f"{tail} ({cost} supply)")
            case Attack(general=g, target=t, boost=b):
                card = s.front[t].card
                where = "" if t == game.slot_of(g) else " (adjacent)"
                path = ("Attack!", n(g), f"{n(card)}{where} ({game.attack_cost(t)} supply)",
                        f"with {n(b)}" if b else "no dice card")
            case Consolidate(general=g):
                path = ("Consolidate", n(g))
            case PlayEvent(card=card, general=g, target=t):
                on = n(g) if g else n(s.front[t].card) if t is not None else "play it"
                path = ("Play a card", n(card), on)
            case Reorganize(order=order):
                path = ("Reorganize",
                        " | ".join(n(g).split()[-1] if g else "(empty)" for g in order)
                        + f" ({game.c.reorganize_cost} supply)")
            case UseAbility(general=g):
                path = ("Ability", f"{n(g)} pays a grey cube to be ready again")
            case EndTurn():
                path = ("End the turn",)
            case _:
                path = (game.describe(cmd),)
        out.append((path, cmd))
    return "Orders", out

"""Fall Blau's legal commands as menu paths: order, then General, then target, then card.

Keys never move (DESIGN.md, "The terminal"): each order has its letter, a General the number
of his place on the front (as on the board), a target the number of its place."""

from __future__ import annotations

from rules.core.command import Command
from tui.widgets.command_menu import Keyed, entry_keys
from rules.fallblau import (
    Advance, Attack, Consolidate, EndTurn, FallBlau, PlayEvent, Reorganize, UseAbility,
)


# each order's own key, wherever it is offered (the letters no screen binding uses)
ORDER = {label: Keyed(label, key) for label, key in (
    ("Advance", "d"), ("Attack!", "t"), ("Consolidate", "c"), ("Play a card", "p"),
    ("Reorganize", "o"), ("Ability", "b"), ("End the turn", "n"))}
# the keys an entry without a fixed one takes: never an order's (nor y)
FREE_KEYS = entry_keys("".join(label.key for label in ORDER.values()))


def menu_entries(game: FallBlau) -> tuple[str, list[tuple[tuple[str, ...], Command]]]:
    """The menu title and (path, command) for every legal command."""
    s = game.state
    n = game.name
    legal = game.legal()
    if s.decision is not None:
        return s.decision.prompt, [((game.describe(cmd),), cmd) for cmd in legal]
    out = []

    def general(g) -> Keyed:
        return Keyed(n(g), str(game.slot_of(g) + 1))

    for cmd in legal:
        match cmd:
            case Advance(general=g, card=card, second=second, second_slot=slot):
                tail = "this card only" if second is None else f"and {n(second)} to position {slot + 1}"
                cost = game.advance_cost() + (game.c.panzer_second_cost if second else 0)
                path = (ORDER["Advance"], general(g), n(card), f"{tail} ({cost} supply)")
            case Attack(general=g, target=t, boost=b):
                card = s.front[t].card
                where = "" if t == game.slot_of(g) else " (adjacent)"
                path = (ORDER["Attack!"], general(g),
                        Keyed(f"{n(card)}{where} ({game.attack_cost(t)} supply)", str(t + 1)),
                        f"with {n(b)}" if b else "no dice card")
            case Consolidate(general=g):
                path = (ORDER["Consolidate"], general(g))
            case PlayEvent(card=card, general=g, target=t):
                on = n(g) if g else n(s.front[t].card) if t is not None else "play it"
                path = (ORDER["Play a card"], n(card), on)
            case Reorganize(order=order):
                path = (ORDER["Reorganize"],
                        " | ".join(n(g).split()[-1] if g else "(empty)" for g in order)
                        + f" ({game.c.reorganize_cost} supply)")
            case UseAbility(general=g):
                path = (ORDER["Ability"], f"{n(g)} pays a grey cube to be ready again")
            case EndTurn():
                path = (ORDER["End the turn"],)
            case _:
                path = (game.describe(cmd),)
        out.append((path, cmd))
    return "Orders", out

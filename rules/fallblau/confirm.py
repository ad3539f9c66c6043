"""What a Fall Blau command will do, said before it is given when it cannot be taken back
(a roll, the end of the turn, a loss): the words of the confirmation, for the screen, plain
mode and any other seat alike (DESIGN "The terminal": say what will happen, with exact odds
where we have them, and take one key)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.words import count

from .commands import Attack, Discard, EndTurn, PlayEvent, Reroll, UseAbility

if TYPE_CHECKING:
    from .game import FallBlau


def dice_text(o) -> str:
    return count(o.white, "white die") + (f" + {count(o.black, 'black die')}" if o.black else "")


def odds_text(o) -> str:
    """An Attack!'s exact odds in words (the odds panel's figures), for the confirmation."""
    lines = [f"Dice: {dice_text(o)}.  Chance to capture: {float(o.capture):.1%}."]
    losses = [f"{k}: {float(p):.1%}" for k, p in sorted(o.grey_lost.items()) if p]
    lines.append("Grey cubes lost: " + " · ".join(losses) + ".")
    if o.general_lost:
        lines.append(f"Chance to lose the General: {float(o.general_lost):.1%}.")
    lines += list(o.notes)
    return "\n".join(lines)


def air_strike_text(game: FallBlau, card: str, target: int) -> str:
    """An air strike's exact odds (FB The Event Deck: black dice that cannot capture)."""
    from math import comb
    from . import combat
    ev, front = game.content.events[card], game.state.front[target]
    mod, notes = combat.icon_modifier(game.content, game.state, front.card, None, ev.ignore_icons)
    p = sum(combat.black_die(v, mod, game.c) for v in range(1, 7)) / 6
    removed: dict[int, float] = {}
    for hits in range(ev.n + 1):
        chance = comb(ev.n, hits) * p ** hits * (1 - p) ** (ev.n - hits)
        removed[min(hits, front.red)] = removed.get(min(hits, front.red), 0.0) + chance
    odds = " · ".join(f"{k}: {v:.1%}" for k, v in sorted(removed.items()) if v)
    return (f"{ev.n} black dice at {game.name(front.card)} ({front.red} red); it cannot capture.\n"
            f"Red cubes removed: {odds}.\n" + "".join(f"{n}\n" for n in notes)
            + "The dice cannot be taken back.")


def confirmation(game: FallBlau, command, odds: dict | None = None) -> tuple[str, str] | None:
    """Attack! (its exact odds), a re-roll, the end of the turn (the counter-attacks to
    come), Hoth's grey cube and a discard are confirmed first: none can be taken back.
    (title, body), or None for a command given at once. ``odds``: a cache of Attack! odds
    by (game version, command)."""
    s = game.state
    odds = {} if odds is None else odds
    match command:
        case Attack():
            from .odds import attack_odds  # imported when an Attack! is first confirmed
            o = odds.get((game.version, command)) or attack_odds(game, command)
            odds[(game.version, command)] = o
            return game.describe(command) + "?", odds_text(o) + "\nThe dice cannot be taken back."
        case PlayEvent(card=card, target=target) if game.content.events[card].effect == "air_strike":
            return game.describe(command) + "?", air_strike_text(game, card, target)
        case Reroll(die=die) if die is not None:
            return (f"Re-roll the white {s.attack.white[die]}?",
                    "The new die stands, good or bad; it cannot be taken back.")
        case EndTurn():
            lines = ["The Germans lose the initiative. Step 5: each card with red cubes "
                     "counter-attacks the General facing it (a die per red cube; each 1 "
                     "destroys a grey cube):"]
            for slot, card in enumerate(s.front):
                if card is not None and card.red:
                    g = s.slots[slot]
                    facing = (f"{game.name(g)} ({s.generals[g].cubes} grey)" if g
                              else "nobody: no counter-attack")
                    lines.append(f"  {game.name(card.card)} ({card.red} red) against {facing}")
            if len(lines) == 1:
                lines.append("  none: no card in play has red cubes.")
            bonus = [game.name(p) for p in s.permanents if game.content.events[p].effect == "soviet_bonus"]
            if bonus:
                lines.append(f"  In play for the Soviets: {', '.join(bonus)} (more dice or hits).")
            lines.append("Then the next turn begins (the calendar moves, cards are drawn). "
                         "It cannot be taken back.")
            return "End the turn?", "\n".join(lines)
        case UseAbility(general=g):
            return (f"{game.name(g)} gives up a grey cube to be ready again?",
                    f"He has {s.generals[g].cubes}; {s.generals[g].cubes - 1} are left after.")
        case Discard(card=card):
            return (f"Discard {game.name(card)}?",
                    "It goes to the discard pile; then the cards are drawn, which cannot be taken back.")
    return None

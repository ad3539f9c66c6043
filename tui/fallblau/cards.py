"""Fall Blau's card reference: every card of every deck with its whole text (`x`, and the end
of `r`), the cards a highlighted menu entry concerns first, and the short preview of Kleist's
reordering and of a discard. Words from content/ (cards, and reference.toml for the rest)."""

from __future__ import annotations

from typing import Iterable

from rich.text import Text

from rules.fallblau import Advance, Attack, Discard, OrderDeck, PlayEvent
from rules.fallblau.content import Content, load
from rules.fallblau.reference import load_reference, short

WHEN = {"hold": "hold: play any time in your turn", "stop": "stop: resolved when drawn",
        "permanent": "permanent: stays in play"}
WHEN_SHORT = {"hold": "any time", "stop": "at once", "permanent": "stays"}
ICON = {"mountain": "Mountain (-1 to attack dice)", "fortress": "Fortress (-1 to attack dice)"}


def base_id(content: Content, card: str) -> str:
    """A printed copy's card ('luftwaffe_support-2') as its card ('luftwaffe_support')."""
    return content.events[card].id if card in content.events else card


def cards_of(game, commands: Iterable) -> list[str]:
    """The cards the commands under a menu entry concern, in order, each once: a card played,
    discarded, reordered (Kleist), added to an attack, attacked or brought up by an Advance."""
    s, out = game.state, []
    for cmd in commands:
        match cmd:
            case PlayEvent(card=card) | Discard(card=card):
                found = [card]
            case OrderDeck(order=order):
                found = list(order)
            case Attack(target=t, boost=b):
                found = ([s.front[t].card] if s.front[t] else []) + ([b] if b else [])
            case Advance(card=card, second=second):
                found = [card] + ([second] if second else [])
            case _:
                found = []
        for card in found:
            if card not in out:
                out.append(card)
    return out


def card_entry(content: Content, card: str, game=None) -> Text:
    """One card, whole: its name, what kind it is and its values, then its text."""
    out = Text()
    if card in content.campaign:
        c = content.campaign[card]
        out.append(c.name, style="bold")
        facts = [f"{c.vp} VP", f"{c.red} red cubes"]
        cond = c.red_if_not_captured
        if cond is not None:
            facts[-1] = (f"{cond.red} red cubes while {content.campaign[cond.card].name} is not captured, "
                         f"else {c.red}")
        if c.icon in ICON:
            facts.append(ICON[c.icon])
        if c.extra_supply:
            facts.append(f"attacking it costs {c.extra_supply} more supply")
        if c.unlocks:
            facts.append("unlocks " + ", ".join(content.campaign[u].name for u in c.unlocks))
        out.append(f"  Campaign card: {'; '.join(facts)}\n")
        if game is not None:
            mark = _campaign_mark(game, card)
            if mark:
                out.append(f"  ({mark})\n", style="italic")
        out.append(c.text + "\n")
    elif card in content.events or any(e.id == card for e in content.events.values()):
        e = content.events.get(card) or next(e for e in content.events.values() if e.id == card)
        out.append(e.name, style="bold")
        copies = f" ×{e.copies}" if e.copies > 1 else ""
        skull = ", Hard Mode (skull)" if e.hard else ""
        out.append(f"{copies}  [{WHEN[e.timing]}{skull}]  {short(e, content)}\n", style="italic")
        out.append(e.text + "\n")
    elif card in content.missions:
        m = content.missions[card]
        out.append(m.name, style="bold")
        out.append("  Mission card\n", style="italic")
        out.append(m.text + "\n")
    return out


def _campaign_mark(game, card: str) -> str:
    s = game.state
    if card in s.captured:
        return "captured"
    if any(f is not None and f.card == card for f in s.front):
        return "on the frontline"
    if card in s.unlocked:
        return f"unlocked: deploys with {game.deploy_red(card)} red cubes"
    return ""


def card_reference(game=None, first: Iterable[str] = ()) -> Text:
    """Every card of every deck, whole. With a game: the cards in `first` (a highlighted entry's)
    come first, then the hand and the cards in play; then the decks as printed."""
    content = game.content if game is not None else load()
    ref = load_reference()
    out = Text(ref.deck["keys"] + "\n\n", style="italic")

    def section(title: str, note: str, cards: Iterable[str]) -> None:
        out.append(title + "\n", style="bold underline")
        if note:
            out.append(note + "\n", style="italic")
        seen: list[str] = []
        for card in cards:
            key = base_id(content, card)
            if key in seen:
                continue
            seen.append(key)
            out.append_text(card_entry(content, key, game))
        if not seen:
            out.append("(none)\n", style="dim")
        out.append("\n")

    first = list(first)
    if first:
        section("This entry's cards", "", first)
    if game is not None:
        s = game.state
        section(f"Your hand ({len(s.hand)}/{game.c.hand_size})", "", s.hand)
        if s.permanents:
            section("In play", "", s.permanents)
        if s.missions:
            section("Missions this month", "", s.missions)
    section("Campaign cards", ref.deck["campaign"], content.campaign)
    standard = [c for c, e in content.events.items() if not e.hard]
    section("Event deck", ref.deck["event"], sorted(standard, key=lambda c: ("hold", "permanent", "stop").index(content.events[c].timing)))
    section("Hard Mode cards", ref.deck["hard"], [c for c, e in content.events.items() if e.hard])
    section("Mission cards", ref.deck["missions"], content.missions)
    return out


def preview(game, commands: list) -> Text | None:
    """Beside a highlighted Kleist order or discard: each card's name, when and what it does,
    in a few lines (x shows them whole)."""
    if len(commands) != 1 or not isinstance(commands[0], (OrderDeck, Discard)):
        return None
    content = game.content
    cmd = commands[0]
    cards = cmd.order if isinstance(cmd, OrderDeck) else (cmd.card,)
    out = Text()
    for number, card in enumerate(cards, start=1):
        e = content.events[card]
        head = f"{number}. " if isinstance(cmd, OrderDeck) else ""      # the top of the deck first
        out.append(f"{head}{e.name}", style="bold")
        out.append(f" ({WHEN_SHORT[e.timing]}): {short(e, content)}\n")
    out.append("x: their whole text", style="italic")
    return out

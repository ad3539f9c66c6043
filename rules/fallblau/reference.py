"""The card reference's words (content/fallblau/reference.toml): each deck's heading and a short
line for every Event card, made from its effect and values (validated at load)."""

from __future__ import annotations

import string
from typing import get_args

from rules.core.content import ContentError, loaded_once, read_toml, require

from .content import Content, EventCard, EventEffect, load

FILE = "content/fallblau/reference.toml"
DECKS = ("campaign", "event", "hard", "missions", "keys")
FIELDS = ("n", "icon", "extra_dice", "hit_on", "only_card")


class Reference:
    def __init__(self, deck: dict[str, str], effect: dict[str, str], card: dict[str, str]) -> None:
        self.deck = deck
        self.effect = effect
        self.card = card


def _check_template(text: object, where: str, field: str) -> None:
    require(isinstance(text, str) and text.strip() != "", where, field, "needs a line of text")
    try:
        names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError as exc:
        raise ContentError(f"{where}: field '{field}': {exc}") from None
    unknown = sorted(names - set(FIELDS))
    require(not unknown, where, field, f"unknown placeholder(s) {unknown} (known: {', '.join(FIELDS)})")


def check(raw: dict, content: Content) -> Reference:
    """Validate the reference file against the cards it speaks of."""
    deck, effect, card = raw.get("deck"), raw.get("effect"), raw.get("card", {})
    for table, value in (("deck", deck), ("effect", effect), ("card", card)):
        require(isinstance(value, dict), f"{FILE}: [{table}]", table, "must be a table")
    for key in DECKS:
        require(isinstance(deck.get(key), str) and deck[key].strip() != "", f"{FILE}: [deck]", key, "needs a line of text")
    for kind in get_args(EventEffect):
        require(kind in effect, f"{FILE}: [effect]", kind, "missing: every Event effect needs a short line")
        _check_template(effect[kind], f"{FILE}: [effect]", kind)
    for kind in effect:
        require(kind in get_args(EventEffect), f"{FILE}: [effect]", kind, "no Event card has this effect")
    ids = {e.id for e in content.events.values()}
    for card_id, text in card.items():
        require(card_id in ids, f"{FILE}: [card]", card_id, "no Event card has this id")
        _check_template(text, f"{FILE}: [card]", card_id)
    return Reference(dict(deck), dict(effect), dict(card))


@loaded_once
def load_reference() -> Reference:
    return check(read_toml("fallblau", "reference.toml"), load())


def short(card: EventCard, content: Content | None = None) -> str:
    """One short line of what Event `card` does, e.g. "+2 black dice for one Attack!"."""
    content = content or load()
    ref = load_reference()
    template = ref.card.get(card.id) or ref.effect[card.effect]
    only = content.campaign[card.only_card].name if card.only_card in content.campaign else card.only_card
    icon = {"mountain": "Mountain", "fortress": "Fortress"}.get(card.icon, card.icon)
    return template.format(n=card.n, icon=icon, extra_dice=card.extra_dice, hit_on=card.hit_on, only_card=only)

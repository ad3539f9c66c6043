"""Roads to Stalingrad help: our summaries of the series and campaign rules, the topics for the
decision at hand, and the printed card and chit lists as references."""

from __future__ import annotations

from functools import cache

from rules.core.help import Topic, load_topics

TOPIC_IDS = ("sequence", "card_action", "operation", "movement", "battle", "cohesion", "supply",
             "reinforcements", "permanents", "victory", "computer")


@cache
def load_help() -> dict[str, Topic]:
    return load_topics("roads", TOPIC_IDS)


def topics_for(game) -> list[Topic]:
    """The topics for what the side to act must decide now."""
    s = game.state
    topics = load_help()
    if s.phase == "over":
        ids: tuple[str, ...] = ("victory",)
    elif s.battle is not None:
        ids = ("battle", "cohesion")
    elif s.pending:
        ids = ("supply", "reinforcements") if "unit" in s.pending[0].kind else ("supply", "card_action")
    elif s.operation is not None:
        ids = ("operation", "movement", "supply")
    elif s.phase == "operation":
        ids = ("operation", "supply", "movement")
    elif s.phase == "choose":
        ids = ("sequence", "card_action", "operation")
    else:
        ids = ("card_action", "permanents")
    if game.options.get("computer") or s.phase != "over":
        ids += ("computer",)          # its reasons in the log, and the hint (`!`), in any game
    return [topics[i] for i in ids]


def card_reference(content, side: str | None, hand: tuple[str, ...] = (),
                   played: tuple[tuple[str, str], ...] = ()) -> list[Topic]:
    """Every card of both printed decks (one entry per name); the viewer's own cards in hand and
    the cards played face up are marked. The other side's hand is never marked."""
    face_up = {k for _s, k in played}
    seen: dict[tuple[str, str], list[str]] = {}
    for card_id, card in content.cards.items():
        seen.setdefault((card.side, card.name), []).append(card_id)
    out = []
    for (card_side, name), ids in sorted(seen.items()):
        card = content.cards[ids[0]]
        marks = []
        if side == card_side and any(i in hand for i in ids):
            marks.append("in your hand")
        if any(i in face_up for i in ids):
            marks.append("played")
        count = f" x{len(ids)}" if len(ids) > 1 else ""
        head = f"{'Axis' if card_side == 'axis' else 'Soviet'}: {name}{count}"
        if marks:
            head += " (" + ", ".join(marks) + ")"
        out.append(Topic(id=ids[0], title=head, section=f"{card.kind}, {card.sp} SP", text=card.text))
    return out


def chit_reference(content) -> list[Topic]:
    return [Topic(id=k, title=f"Chit: {'Axis' if ch.side == 'axis' else 'Soviet'} {ch.name} x{ch.count}",
                  section="CC 9.5, RtS 19", text=ch.text) for k, ch in sorted(content.chits.items())]

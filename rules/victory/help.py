"""Victory help: our summaries of the campaign rules; the rule 3 changes form the reference card."""

from __future__ import annotations

from functools import cache

from rules.core.help import Topic, load_topics

TOPIC_IDS = ("carriers", "engineers", "marines", "supply", "battle_group", "maps", "deployment",
             "length", "withdrawal", "regroup", "special", "victory", "multiplayer", "screen_words")
REFERENCE_CARD = ("carriers", "engineers", "marines", "supply")


@cache
def load_help() -> dict[str, Topic]:
    return load_topics("victory", TOPIC_IDS)


def reference_card() -> list[Topic]:
    """Rule 3.0's changes to the Victory rules, as one card."""
    topics = load_help()
    return [topics[t] for t in REFERENCE_CARD]


def rules_reference() -> list[Topic]:
    """The whole campaign rules summary: rule 3's card first, then every other topic in order."""
    topics = load_help()
    return reference_card() + [topics[t] for t in TOPIC_IDS if t not in REFERENCE_CARD]

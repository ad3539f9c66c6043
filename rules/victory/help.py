"""Victory help: our summaries of the campaign rules; the rule 3 changes form the reference card."""

from __future__ import annotations

from functools import cache

from rules.core.help import Topic, load_topics

TOPIC_IDS = ("carriers", "engineers", "marines", "supply", "battle_group", "maps", "deployment",
             "length", "withdrawal", "regroup", "special", "victory", "multiplayer")
REFERENCE_CARD = ("carriers", "engineers", "marines", "supply")


@cache
def load_help() -> dict[str, Topic]:
    return load_topics("victory", TOPIC_IDS)


def reference_card() -> list[Topic]:
    """Rule 3.0's changes to the Victory rules, as one card."""
    topics = load_help()
    return [topics[t] for t in REFERENCE_CARD]

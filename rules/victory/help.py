"""Victory help: our summaries of the campaign rules; the rule 3 changes form the reference card."""

from __future__ import annotations

from functools import cache

import attrs

from rules.core.content import entries, read_toml, require

TOPIC_IDS = ("carriers", "engineers", "marines", "supply", "battle_group", "maps", "deployment",
             "length", "withdrawal", "regroup", "special", "victory", "multiplayer")
REFERENCE_CARD = ("carriers", "engineers", "marines", "supply")


@attrs.frozen
class Topic:
    id: str
    title: str
    section: str
    text: str


@cache
def load_help() -> dict[str, Topic]:
    file = "content/victory/help.toml"
    topics = {t.id: t for t in entries(read_toml("victory", "help.toml"), "topic", Topic, file)}
    for tid in TOPIC_IDS:
        require(tid in topics, f"{file}: topic '{tid}'", "id", "this topic is missing")
    for tid in topics:
        require(tid in TOPIC_IDS, f"{file}: topic '{tid}'", "id", "not a topic the game asks for")
    return topics


def reference_card() -> list[Topic]:
    """Rule 3.0's changes to the Victory rules, as one card."""
    topics = load_help()
    return [topics[t] for t in REFERENCE_CARD]

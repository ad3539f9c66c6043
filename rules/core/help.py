"""Rules help as content: our summaries of a rulebook, by topic, with the section each sums up.

Each game's ``help.py`` names its topics; ``content/<game>/help.toml`` holds the texts.
"""

from __future__ import annotations

from rules.core.attrs_classes import frozen

from .content import entries, read_toml, require


@frozen
class Topic:
    id: str
    title: str
    section: str
    text: str


def load_topics(game: str, topic_ids: tuple[str, ...]) -> dict[str, Topic]:
    """The topics of ``content/<game>/help.toml``: exactly ``topic_ids``, none missing, none extra."""
    file = f"content/{game}/help.toml"
    topics = {t.id: t for t in entries(read_toml(game, "help.toml"), "topic", Topic, file)}
    for tid in topic_ids:
        require(tid in topics, f"{file}: topic '{tid}'", "id", "this topic is missing")
    for tid in topics:
        require(tid in topic_ids, f"{file}: topic '{tid}'", "id", "not a topic the game asks for")
    return topics

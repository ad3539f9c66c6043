"""Tide of Iron help: our summaries of the campaign rules, one topic per step of the campaign,
and the topics for the step at hand."""

from __future__ import annotations

from functools import cache

import attrs

from rules.core.content import entries, read_toml, require

TOPIC_IDS = ("overview", "setup", "battle", "status", "result", "winner", "penalty", "table",
             "purchase", "end")

PHASE_TOPICS = {
    "setup": ("setup", "overview"), "battle": ("battle",), "status": ("status", "purchase"),
    "result": ("result", "winner"), "penalty": ("penalty", "winner"), "table": ("table",),
    "purchase": ("purchase",), "over": ("end",),
}


@attrs.frozen
class Topic:
    id: str
    title: str
    section: str
    text: str


@cache
def load_help() -> dict[str, Topic]:
    file = "content/toi/help.toml"
    topics = {t.id: t for t in entries(read_toml("toi", "help.toml"), "topic", Topic, file)}
    for tid in TOPIC_IDS:
        require(tid in topics, f"{file}: topic '{tid}'", "id", "this topic is missing")
    for tid in topics:
        require(tid in TOPIC_IDS, f"{file}: topic '{tid}'", "id", "not a topic the game asks for")
    return topics


def topics_for(game) -> list[Topic]:
    topics = load_help()
    return [topics[t] for t in PHASE_TOPICS.get(game.state.phase, ("overview",))]

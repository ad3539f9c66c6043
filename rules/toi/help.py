"""Tide of Iron help: our summaries of the campaign rules, one topic per step of the campaign,
and the topics for the step at hand."""

from __future__ import annotations

from functools import cache

from rules.core.help import Topic, load_topics

TOPIC_IDS = ("overview", "command_cards", "setup", "battle", "status", "result", "winner", "penalty",
             "table", "purchase", "end", "screen_words")

PHASE_TOPICS = {
    "setup": ("setup", "overview"), "battle": ("battle",), "status": ("status", "purchase"),
    "result": ("result", "winner"), "penalty": ("penalty", "winner"), "table": ("table",),
    "purchase": ("purchase",), "over": ("end",),
}


@cache
def load_help() -> dict[str, Topic]:
    return load_topics("toi", TOPIC_IDS)


def topics_for(game) -> list[Topic]:
    topics = load_help()
    return [topics[t] for t in PHASE_TOPICS.get(game.state.phase, ("overview",))]

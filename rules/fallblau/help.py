"""Rules help: our own summaries of the rulebook, by topic, with the section each sums up.

``topics_for(game)`` names the topics for the decision at hand, for the `?` screen.
"""

from __future__ import annotations

from functools import cache

from rules.core.help import Topic, load_topics

from .game import FallBlau

TOPIC_IDS = (
    "overview", "setup", "turn", "calendar", "ready", "draw", "hand_limit", "event_kinds",
    "orders", "advance", "panzer", "attack", "modifiers", "panzertruppen", "overkill",
    "boost", "air_strike", "capture", "consolidate", "reorganize", "local_counterattacks",
    "major_counterattack", "losing_general", "empty_deck", "reinforcements", "deployment",
    "abilities", "end_game", "hard_mode", "missions",
)


@cache
def load_help() -> dict[str, Topic]:
    return load_topics("fallblau", TOPIC_IDS)


DECISION_TOPICS = {
    "discard": ("hand_limit", "draw"),
    "empty_deck": ("empty_deck",),
    "exhaust": ("event_kinds", "ready"),
    "lose_cubes": ("event_kinds", "losing_general"),
    "deploy": ("major_counterattack",),
    "reinforce": ("reinforcements",),
    "reroll": ("abilities", "attack"),
    "peek": ("abilities", "draw"),
}


def topics_for(game: FallBlau) -> list[Topic]:
    """The help topics for what the player must decide now."""
    topics = load_help()
    s = game.state
    if s.over:
        ids: tuple[str, ...] = ("end_game", "losing_general")
    elif s.decision is not None:
        ids = DECISION_TOPICS.get(s.decision.kind, ("turn",))
    else:
        ids = ("orders", "advance", "attack", "modifiers", "consolidate", "reorganize", "event_kinds")
    return [topics[i] for i in ids]

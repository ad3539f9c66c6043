"""The computer opponent of Roads to Stalingrad (issue 12): determinized search with doctrine
rollouts, at three strengths, an explanation for every decision, and a hint for either side."""

from .determinize import determinize
from .evaluate import evaluate
from .search import STRENGTHS, Decision, Effort, Public, SearchBot, hint



def make_ai(strength: str, seed: int = 0, *, budget: bool = True) -> SearchBot:
    """The computer at ``strength``: expert is ``ExpertBot`` (expert.py), the others ``SearchBot``."""
    if strength == "expert":
        from .expert import ExpertBot
        return ExpertBot(seed, budget=budget)
    return SearchBot(strength, seed, budget=budget)


__all__ = ["STRENGTHS", "Decision", "Effort", "Public", "SearchBot", "determinize", "evaluate", "hint",
           "make_ai"]

"""The computer opponent of Roads to Stalingrad (issue 12): determinized search with doctrine
rollouts, at three strengths, an explanation for every decision, and a hint for either side."""

from .determinize import determinize
from .evaluate import evaluate
from .search import STRENGTHS, Decision, Effort, Public, SearchBot, hint

__all__ = ["STRENGTHS", "Decision", "Effort", "Public", "SearchBot", "determinize", "evaluate", "hint"]

"""Expert (issue 25, item 2): hard's search, with the worlds spent where the choice is made.

Hard plays every candidate in five worlds and keeps the doctrine's choice unless another
candidate beats it by more than 1.5 standard errors of their paired difference (``_choice``);
with five worlds that noise is 3-7 points against differences of 0.1-3 (NOTES, the Axis losses
at 31002 and 31004), so hard mostly keeps the doctrine even where the search saw better. Expert
plays every candidate in the same first worlds, then only the doctrine's choice and the
``challengers`` best other candidates in ``refine`` more worlds (a race between the few that
matter, instead of more worlds for all): with three times the worlds on the candidates that can
win, a real difference clears the noise bar where hard's could not. Battle decisions search twice
hard's worlds. It reads only its side's view, as every strength does (``Public``).
"""

from __future__ import annotations

import time

from .search import SearchBot, _means

CHALLENGERS = 2        # candidates raced against the doctrine's choice after the first worlds
REFINE = 9             # more worlds for those (and the doctrine's choice)


class ExpertBot(SearchBot):
    """The search at strength "expert" (``STRENGTHS["expert"]`` for the first worlds)."""

    def __init__(self, seed: int = 0, *, budget: bool = True, challengers: int = CHALLENGERS,
                 refine: int = REFINE, effort=None):
        """``effort`` replaces the first worlds' effort (small efforts keep tests fast)."""
        super().__init__("expert", seed, budget=budget, effort=effort)
        self.challengers = challengers
        self.refine = refine

    def _sample(self, pub, view, cands, worlds: int, play_on):
        """As ``SearchBot._sample``, then ``refine`` more worlds for the doctrine's choice and
        the best ``challengers`` others (None for the rest in those worlds: no evidence)."""
        values = [[] for _ in cands]
        begun = time.perf_counter()
        self._worlds(pub, view, cands, worlds, play_on, values, begun)
        means = _means(values)
        others = sorted((i for i in range(1, len(cands)) if means[i] != float("-inf")),
                        key=lambda i: -means[i])[: self.challengers]
        if others and self.refine:
            self._worlds(pub, view, cands, self.refine, play_on, values, begun,
                         before=_count_worlds(values), race={0, *others})
        return values


def _count_worlds(values) -> int:
    return len(values[0]) if values else 0

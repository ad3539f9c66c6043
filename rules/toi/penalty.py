"""Tide of Iron: the penalty for losing a scenario (TOI Penalty for Losing a Scenario)."""

from __future__ import annotations

from .citations import R_PENALTY, SIDE_NAME
from .commands import PenaltyEach, PenaltyTwo, PenaltyType
from .state import TYPES, other


class Penalty:
    """TOI Penalty for Losing a Scenario: one of each type, two of one, or the winner's choice."""

    def _why_PenaltyEach(self, cmd: PenaltyEach) -> str | None:
        return self._answer_problem(("penalty",), "choice of the loser's penalty")

    def _why_PenaltyTwo(self, cmd: PenaltyTwo) -> str | None:
        return self._answer_problem(("penalty",), "choice of the loser's penalty")

    def _why_PenaltyType(self, cmd: PenaltyType) -> str | None:
        return self._answer_problem(("penalty_type",), "type for the loser's penalty") or self._type_problem(cmd.card)

    def _lose(self, side: str, t: str, n: int) -> int:
        # TOI Penalty for Losing a Scenario (ruling: never below 0)
        card = self.state.cards[side][t]
        lost = min(n, card.tokens)     # never below 0
        card.tokens -= lost
        return lost

    def _do_penalty_each(self, cmd: PenaltyEach) -> None:
        s = self.state
        loser = s.decision.data[0]
        s.decision = None
        lost = [f"{t} -{self._lose(loser, t, 1)}" for t in TYPES]
        s.record.penalty = f"{SIDE_NAME[loser]} lost one of each type ({', '.join(lost)})"
        self._emit(f"{SIDE_NAME[loser]} loses one command of each type: {', '.join(lost)}.", R_PENALTY, "penalty")
        self._start_table()

    def _do_penalty_two(self, cmd: PenaltyTwo) -> None:
        s = self.state
        loser, winner = s.decision.data
        self._emit(f"{SIDE_NAME[loser]} will lose two command of one type; {SIDE_NAME[winner]} chooses the type.",
                   R_PENALTY, "penalty")
        self._decide("penalty_type", winner, f"{SIDE_NAME[winner]}: which type of command does "
                     f"{SIDE_NAME[loser]} lose two of?", R_PENALTY, (loser,))

    def _do_penalty_type(self, cmd: PenaltyType) -> None:
        s = self.state
        loser = s.decision.data[1]
        s.decision = None
        lost = self._lose(loser, cmd.card, 2)
        s.record.penalty = f"{SIDE_NAME[loser]} lost two {cmd.card} (chosen by {SIDE_NAME[other(loser)]}; -{lost})"
        self._emit(f"{SIDE_NAME[loser]} loses two {cmd.card} command (-{lost}, now "
                   f"{s.cards[loser][cmd.card].tokens}).", R_PENALTY, "penalty")
        self._start_table()

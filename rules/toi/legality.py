"""Tide of Iron: the one list of what may be done now, and the checks every refusal shares.

One source of legality: ``_candidates()`` lists the commands of the moment and ``CheckedGame``
keeps those ``_problem()`` finds nothing wrong with; ``explain_illegal()`` reports the same
``_problem()``, which hands each command to its section's ``_why_<Command>`` check."""

from __future__ import annotations

from typing import Any

from rules.core.command import Command, Decision, is_int as _is_int, is_str as _is_str
from rules.core.legal import Span

from .citations import REPLACE_KINDS, SIDE_NAME
from .commands import (
    COMMANDS, AdvancedDivision, BeginBattle, ConfirmResult, DemoteElites, DonePurchasing,
    EndBattle, Halve, PenaltyEach, PenaltyTwo, PenaltyType, RaiseObjective, Replace, Score,
    SetCommand, SetInitiative, StatusPhase,
)
from .content import Scenario
from .state import SIDES, TYPES, other


class Legality:
    """legal() and refusals (TOI Campaign Play): candidates, the dispatch to each section's check, the shared checks."""

    def _candidates(self) -> list[Command]:
        s = self.state
        if s.over:
            return []
        if s.decision is not None:
            return self._answers(s.decision)
        if s.phase == "setup":
            return [BeginBattle()]
        if s.phase == "battle":
            rounds = range(max(2, s.status_round + 1), self.current.rounds + 1)
            return [StatusPhase(r) for r in rounds] + [EndBattle()]
        if s.phase == "status":
            out: list[Command] = []
            for side in s.buyers:
                out += self._set_commands(side)
                out += self._buy_candidates(side)
                out.append(DonePurchasing(side))
            return out
        if s.phase == "result":
            out = []
            for side in SIDES:
                out += self._set_commands(side)
            out += [SetInitiative(side) for side in SIDES]
            for o in self.current.objectives:
                for side in SIDES:
                    for raised in (False, True):
                        counts = self._score_counts(side, o, raised)
                        out.append(Span(Score(side, o.id, counts.start, raised), count=counts))
            out.append(ConfirmResult())
            return out
        if s.phase == "purchase":
            buyer = s.buyers[0]
            return self._buy_candidates(buyer) + [DonePurchasing(buyer)]
        return []

    def _set_commands(self, side: str) -> list[Span]:
        return [Span(SetCommand(side, t, 0), value=self._command_values()) for t in TYPES]

    def _command_values(self) -> range:
        """The command a card may show (TOI Campaign Command cards)."""
        return range(self.c.max_command + 1)

    def _score_counts(self, side: str, o: Any, raised: bool) -> range:
        """How many times `side` may count objective `o` now (TOI Victory Objectives; a raised
        item is counted only among at least one scored)."""
        top = min(o.max, 1) if o.kind == "once" else o.max
        rival = other(side)
        theirs = self.state.record.scores[rival].get(o.id, 0) if o.scorable_by(rival) else 0
        if o.exclusive and o.kind == "once" and theirs >= 1:
            top = 0
        if o.exclusive and o.kind == "each":
            top = min(top, o.max - theirs)
        return range(1 if raised else 0, max(top, 0) + 1)

    def _answers(self, d: Decision) -> list[Command]:
        side = d.data[0]
        if d.kind == "penalty":
            return [PenaltyEach(), PenaltyTwo()]
        if d.kind == "penalty_type":
            return [PenaltyType(t) for t in TYPES]
        if d.kind == "halve":
            return [Halve(d.data[1], True), Halve(d.data[1], False)]
        nxt = self.next_scenario
        numbers = [div.number for div in nxt.side(side).divisions]
        if d.kind == "replace":
            return [Replace(k, n) for n in numbers for k in REPLACE_KINDS]
        if d.kind == "advanced":
            return [AdvancedDivision(n) for n in numbers]
        if d.kind == "raise":
            return [RaiseObjective(o.id) for o in nxt.objectives]
        if d.kind == "demote":
            return [DemoteElites(n) for n in numbers]
        raise AssertionError(f"unknown decision {d.kind}")

    def _problem(self, cmd: Any) -> str | None:
        if not isinstance(cmd, Command) or type(cmd) not in COMMANDS:
            return f"Not a Tide of Iron campaign command: {self._describe_safe(cmd)}."
        if self.state.over:
            return "The campaign is over: no more commands."
        return getattr(self, f"_why_{type(cmd).__name__}")(cmd)

    def _now(self) -> str:
        s = self.state
        name = self.current.name
        if s.over:
            return "the campaign is over"
        if s.decision is not None:
            return f"now: {s.decision.prompt}"
        return {
            "setup": f"now: the set-up of {name}",
            "battle": f"now: the battle of {name} on your table",
            "status": f"now: the Status Phase of round {s.status_round} in {name}",
            "result": f"now: result entry for {name}",
            "purchase": f"now: Resource Acquisitions, {self.who(s.buyers[0]) if s.buyers else ''} buying",
        }.get(s.phase, f"now: {s.phase}")

    def _wrong_time(self, text: str) -> str:
        return f"{text} ({self._now()})."

    def _side_problem(self, side: Any) -> str | None:
        if side not in SIDES or not _is_str(side):
            return f"Unknown side {side!r}: german or soviet."
        return None

    def _type_problem(self, t: Any) -> str | None:
        if t not in TYPES or not _is_str(t):
            return f"Unknown command type {t!r}: ammunition, morale or supply."
        return None

    def _division_problem(self, sc: Scenario, side: str, division: Any) -> str | None:
        numbers = [d.number for d in sc.side(side).divisions]
        if not _is_int(division) or division not in numbers:
            listed = " and ".join(str(n) for n in numbers)
            return f"{sc.name}'s {SIDE_NAME[side]} forces have division {listed}: there is no division {division!r}."
        return None

    def _answer_problem(self, kinds: tuple[str, ...], what: str) -> str | None:
        d = self.state.decision
        if d is None or d.kind not in kinds:
            return self._wrong_time(f"No {what} is asked")
        return None

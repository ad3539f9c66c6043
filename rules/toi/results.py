"""Tide of Iron: entering a scenario's result (TOI Campaign Phase, step 1: Record end-of-scenario
statistics; TOI Initiative at the End of a Scenario)."""

from __future__ import annotations

from typing import Any

from .citations import R_INITIATIVE, R_PENALTY, R_RECORD, R_RED_OCTOBER, R_SUCCESS, SIDE_NAME
from .commands import ConfirmResult, Score, SetCommand, SetInitiative
from .legality import _is_int, _is_str
from .state import SIDES, TYPES, Record, fresh_mods, other


class Results:
    """TOI Campaign Phase, step 1: command left, initiative held, objectives scored, the result confirmed."""

    def _why_SetCommand(self, cmd: SetCommand) -> str | None:
        s = self.state
        if s.phase not in ("result", "status") or s.decision is not None:
            return self._wrong_time("Command is entered after the battle, or in a Red October Status Phase")
        for problem in (self._side_problem(cmd.side), self._type_problem(cmd.card)):
            if problem:
                return problem
        if s.phase == "status" and cmd.side not in s.buyers:
            return f"The {SIDE_NAME[cmd.side]} player has finished purchasing in this Status Phase."
        if not _is_int(cmd.value):
            return "Command must be a whole number."
        if cmd.value not in self._command_values():
            if cmd.value < 0:
                return "Command cannot be negative."
            return f"Command cannot be more than {self.c.max_command} on one card."
        return None

    def _why_SetInitiative(self, cmd: SetInitiative) -> str | None:
        if self.state.phase != "result" or self.state.decision is not None:
            return self._wrong_time("Who held the initiative is entered after the battle")
        return self._side_problem(cmd.side)

    def _why_Score(self, cmd: Score) -> str | None:
        s, sc = self.state, self.current
        if s.phase != "result" or s.decision is not None:
            return self._wrong_time("Objectives are scored in the result entry after the battle")
        problem = self._side_problem(cmd.side)
        if problem:
            return problem
        o = sc.objective(cmd.objective) if _is_str(cmd.objective) else None
        if o is None:
            ids = ", ".join(x.id for x in sc.objectives)
            return f"{sc.name} has no objective {cmd.objective!r} (its objectives: {ids})."
        if not o.scorable_by(cmd.side):
            return f"Only the {SIDE_NAME[o.side]} player may score {sc.name}'s objective '{o.name}'."
        if not _is_int(cmd.count):
            return "The count must be a whole number."
        if type(cmd.raised) is not bool:
            return "'raised' is yes or no."
        if cmd.count not in self._score_counts(cmd.side, o, cmd.raised):
            return self._count_problem(cmd, o)
        if cmd.raised:
            if s.record.raised[cmd.side] != o.id:
                return f"The {SIDE_NAME[cmd.side]} player did not raise '{o.name}' for this scenario."
            if o.kind == "once":
                return f"'{o.name}' is scored once: scoring it already counts the raise (+1)."
        return None

    def _count_problem(self, cmd: Score, o: Any) -> str:
        """Why a count outside `_score_counts` is refused, in words."""
        s, sc = self.state, self.current
        if cmd.count < 0:
            return "A count cannot be negative."
        if o.kind == "once" and cmd.count > 1:
            return f"{sc.name}'s objective '{o.name}' can be scored at most once."
        if cmd.count > o.max:
            return f"{sc.name}'s objective '{o.name}' can be counted at most {o.max} times for one side."
        rival = other(cmd.side)
        theirs = s.record.scores[rival].get(o.id, 0) if o.scorable_by(rival) else 0
        if o.exclusive and o.kind == "once":
            return (f"{sc.name}'s objective '{o.name}' can be scored by one side only: the "
                    f"{SIDE_NAME[rival]} player has it (set theirs to 0 first).")
        if o.exclusive and o.kind == "each" and cmd.count + theirs > o.max:
            return (f"{sc.name}'s objective '{o.name}' can be counted at most {o.max} times by both sides "
                    f"together: the {SIDE_NAME[rival]} player has {theirs}.")
        return "The raised item can only be among those scored when at least one is scored."

    def _why_ConfirmResult(self, cmd: ConfirmResult) -> str | None:
        s = self.state
        if s.phase != "result" or s.decision is not None:
            return self._wrong_time("The result is confirmed at the end of result entry")
        if not s.record.initiative:
            return "Enter who held the initiative at the end of the scenario before confirming the result."
        return None

    def _do_set_command(self, cmd: SetCommand) -> None:
        # TOI Campaign Phase, step 1: "record how much command each player has of each type"
        # (or, in Red October's Status Phases, the command a side has before it buys)
        card = self.state.cards[cmd.side][cmd.card]
        card.tokens = cmd.value
        rule = R_RED_OCTOBER if self.state.phase == "status" else R_RECORD
        self._emit(f"{SIDE_NAME[cmd.side]} {cmd.card} command: {cmd.value}.", rule, "entry")

    def _do_set_initiative(self, cmd: SetInitiative) -> None:
        self.state.record.initiative = cmd.side
        self._emit(f"{SIDE_NAME[cmd.side]} held the initiative at the end of the scenario.", R_RECORD, "entry")

    def _do_score(self, cmd: Score) -> None:
        rec = self.state.record
        if cmd.count:
            rec.scores[cmd.side][cmd.objective] = cmd.count
        else:
            rec.scores[cmd.side].pop(cmd.objective, None)
        if rec.raised[cmd.side] == cmd.objective:
            rec.raised_scored[cmd.side] = cmd.raised
        o = self.current.objective(cmd.objective)
        marked = " (the raised item among them)" if cmd.raised else ""
        self._emit(f"{SIDE_NAME[cmd.side]} scores '{o.name}' x{cmd.count}{marked}: {self.scenario_cvp(cmd.side)} CVP "
                   f"on the form.", R_RECORD, "entry")

    def _do_confirm(self, cmd: ConfirmResult) -> None:
        # TOI Campaign Phase, step 1; TOI Penalty for Losing a Scenario; TOI Initiative at the End
        s = self.state
        rec = s.record
        rec.command = {side: {t: s.cards[side][t].tokens for t in TYPES} for side in SIDES}
        for side in SIDES:
            rec.objective_cvp[side] = self.scenario_cvp(side)
            cmds = ", ".join(f"{t} {rec.command[side][t]}" for t in TYPES)
            self._emit(f"{SIDE_NAME[side]}: {cmds}; {rec.objective_cvp[side]} CVP from the objectives.", R_RECORD, "result")
        winner, tie = self.scenario_winner(rec)
        rec.winner = winner
        holder = rec.initiative
        why = f" (a tie at {rec.objective_cvp[winner]} CVP goes to the initiative holder)" if tie else ""
        self._emit(f"{SIDE_NAME[winner]} wins {self.current.name}{why}.", "TOI Penalty for Losing a Scenario: the winner",
                   "winner")
        if holder == winner:
            rec.bonus[winner] = 1
            self._emit(f"{SIDE_NAME[winner]} held the initiative and won: +1 CVP.", R_INITIATIVE, "winner")
        else:
            self._emit(f"{SIDE_NAME[holder]} held the initiative but lost: no bonus CVP, and no penalty for losing.",
                       R_INITIATIVE, "winner")
        last = s.index == len(s.run) - 1
        if last:
            rec.status = "done"
            if not self.standalone:
                self._emit("The last scenario of the campaign: no penalty, Campaign Phase Table or purchases.",
                           R_SUCCESS, "result")
            self._end_of_campaign()
            return
        rec.status = "campaign"
        nxt = self.next_scenario
        s.next_mods = {side: fresh_mods(len(nxt.side(side).divisions)) for side in SIDES}
        if holder == winner:
            loser = other(winner)
            s.phase = "penalty"
            self._decide("penalty", loser,
                         f"{SIDE_NAME[loser]} lost: lose one command of each type, or two of one type that "
                         f"{SIDE_NAME[winner]} chooses?", R_PENALTY, (winner,))
        else:
            rec.penalty = f"none: {SIDE_NAME[holder]} lost while holding the initiative"
            self._start_table()

    def scenario_winner(self, rec: Record) -> tuple[str, bool]:
        """TOI Penalty for Losing a Scenario / Initiative at the End: most CVP wins; a tie goes to
        the side that held the initiative at the end of the last Status Phase."""
        g, v = rec.objective_cvp["german"], rec.objective_cvp["soviet"]
        if g != v:
            return ("german" if g > v else "soviet"), False
        return rec.initiative, True

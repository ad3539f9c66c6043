"""Tide of Iron: the battle on the players' table, and Red October's Status Phases, where both
sides buy reinforcements (TOI Red October: Reinforcements)."""

from __future__ import annotations

from .citations import R_RECORD, R_RED_OCTOBER
from .commands import EndBattle, StatusPhase
from .legality import _is_int
from .state import SIDES


class RedOctober:
    """TOI Red October: Reinforcements: Status Phases during the battle, and its end."""

    def _why_StatusPhase(self, cmd: StatusPhase) -> str | None:
        s, sc = self.state, self.current
        if s.phase != "battle" or s.decision is not None:
            return self._wrong_time("A Status Phase purchase window opens during the battle")
        if not sc.in_scenario_purchases:
            return f"{sc.name} has no purchases in its Status Phases."
        if not _is_int(cmd.round):
            return "The round must be a whole number."
        if cmd.round < 2:
            return f"{sc.name}'s Status Phase purchases start in round 2."
        if cmd.round > sc.rounds:
            return f"{sc.name} has {sc.rounds} rounds: there is no round {cmd.round}."
        if cmd.round <= s.status_round:
            return f"The Status Phase of round {cmd.round} is past (the last opened was round {s.status_round})."
        return None

    def _why_EndBattle(self, cmd: EndBattle) -> str | None:
        s = self.state
        if s.phase == "status":
            return "Close the Status Phase purchases first: each player finishes with Done."
        if s.phase != "battle" or s.decision is not None:
            return self._wrong_time("The battle can only end while it is being fought")
        return None

    def _do_status_phase(self, cmd: StatusPhase) -> None:
        s = self.state
        s.phase, s.status_round = "status", cmd.round
        s.buyers = list(SIDES)
        self._emit(f"Status Phase of round {cmd.round}: both players may buy reinforcements; no Campaign Command "
                   f"card may go below {self.c.start_command}. Enter each card's command first.", R_RED_OCTOBER, "status")

    def _do_end_battle(self, cmd: EndBattle) -> None:
        s = self.state
        s.phase = "result"
        s.record.status = "result"
        self._emit(f"{self.current.name} is over: enter each card's command, who held the initiative and the "
                   f"objectives scored.", R_RECORD, "result")

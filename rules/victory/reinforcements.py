"""Victory: reinforcements after a battle (VIC 5.4 Reinforcements)."""

from __future__ import annotations

from typing import Any

from .citations import POOL_NAME, R_REINFORCE, _plural
from .commands import ConfirmReinforcements, Reinforce
from .legality import _is_str
from .state import Match


class Reinforcements:
    """VIC 5.4 Reinforcements: who reinforces, from which pools, and the confirmation."""

    def _reinforce_problem(self, p: Any) -> str | None:
        problem = self._player_problem(p) or self._campaign_problem()
        if problem:
            return problem
        r = self.state.round
        if r.step != "battles":
            return self._wrong_time("Reinforcements are picked in the Regroup Phase (5.4)")
        if p in r.reinforced:
            return f"{p}'s reinforcements after battle {r.number} have joined the Battle Group already (5.4)."
        m = self.match_of(p)
        if m is None:
            if r.number >= self.c.battles:
                return f"Battle {r.number} is the last: there are no more reinforcements."
            return None
        if m.step in ("maps", "layout", "initiative", "deploy", "battle", "bp", "losses"):
            return self._wrong_time("Reinforcements are picked in the Regroup Phase after Victory Points, losses and "
                                    "augmentation (5.0: in order)")
        if m.step != "reinforce":
            return f"{p}'s reinforcements after battle {r.number} are done (5.4)."
        first = self._reinforcer(m)
        if p != first:
            return f"{first} picks reinforcements first; then {p} (5.4)."
        return None

    def _pools_text(self, p: str) -> str:
        pools = self.allowed_pools(p)
        m = self.match_of(p)
        names = ", ".join(POOL_NAME[x] for x in pools)
        if m is None:
            return f"{p} sat out battle {self.battle}: the Standard Forcepool only"
        if m.winner == p:
            return f"{p} won battle {self.battle} by {m.margin} VP: the {names} Forcepools (Table 3)"
        if m.winner:
            return f"{p} lost battle {self.battle}: the Standard Forcepool only (5.4)"
        return f"battle {self.battle} was a draw: both players pick from the Standard Forcepool only (5.4)"

    def _why_Reinforce(self, cmd: Reinforce) -> str | None:
        problem = self._reinforce_problem(cmd.player)
        if problem:
            return problem
        ut = self.content.units.get(cmd.unit_type) if _is_str(cmd.unit_type) else None
        if ut is None:
            return f"Unknown unit type {cmd.unit_type!r} (types: {', '.join(self.content.units)})."
        if ut.pool not in self.allowed_pools(cmd.player):
            return f"{self._pools_text(cmd.player)}; {ut.id} ({ut.name}) is in the {POOL_NAME[ut.pool]} Forcepool."
        n = self.c.reinforcements
        if len(self.state.round.picks.get(cmd.player, [])) >= n:
            return f"5.4: {cmd.player} has picked {n} reinforcements already (ten units each Regroup Phase)."
        return None

    def _why_ConfirmReinforcements(self, cmd: ConfirmReinforcements) -> str | None:
        problem = self._reinforce_problem(cmd.player)
        if problem:
            return problem
        n = self.c.reinforcements
        have = len(self.state.round.picks.get(cmd.player, []))
        if have != n:
            return f"5.4: each player chooses {n} reinforcements; {cmd.player} has picked {have}."
        return None

    def _reinforcer(self, m: Match) -> str:
        # VIC 5.4: the Axis player of the battle picks first, then the Allied (hot-seat order)
        r = self.state.round
        for p in m.players:
            if p not in r.reinforced:
                return p
        return ""

    def _reinforcing(self, p: str) -> bool:
        s = self.state
        r = s.round
        if s.phase != "campaign" or r is None or r.step != "battles" or p in r.reinforced:
            return False
        m = self.match_of(p)
        if m is not None:
            return m.step == "reinforce" and self._reinforcer(m) == p
        return p in r.byes and r.number < self.c.battles

    def _do_reinforce(self, cmd: Reinforce) -> None:
        r = self.state.round
        u = self._new_unit(cmd.player, cmd.unit_type, self.c.reinforcement_cv,
                           f"reinforcement after battle {r.number}")
        r.picks.setdefault(cmd.player, []).append(u)
        n = len(r.picks[cmd.player])
        what = "a reinforcement" if self._secret() else f"{u.id} ({self._type_name(u.unit_type)})"
        self._emit(f"{cmd.player} picks {what}: {n} of {self.c.reinforcements}.", R_REINFORCE, "reinforce")

    def _do_confirm_reinforcements(self, cmd: ConfirmReinforcements) -> None:
        # VIC 5.4: "All units chosen enter the players BG at 1 CV"
        r = self.state.round
        f = self.force(cmd.player)
        picks = r.picks.pop(cmd.player, [])
        f.units.extend(picks)
        r.reinforced.append(cmd.player)
        if self._secret():
            listing = _plural(len(picks), "unit")
        else:
            listing = ", ".join(u.id for u in picks) or "no units"
        self._emit(f"{cmd.player}'s reinforcements join the Battle Group at {self.c.reinforcement_cv} CV: {listing}. "
                   f"Battle Group: {len(f.units)} units.", R_REINFORCE, "reinforce")
        m = self.match_of(cmd.player)
        if m is None:
            self._check_round_end()
            return
        if self._reinforcer(m):
            self._emit(f"{self._reinforcer(m)} picks reinforcements next.", R_REINFORCE, "reinforce")
            return
        self._special_group_offer(m)

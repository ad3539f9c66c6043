"""Victory: the Special Reinforcement Group (VIC 5.5 Special Reinforcement Group)."""

from __future__ import annotations

from typing import Any

from . import tables
from .citations import R_SPECIAL
from .commands import CallSpecialGroup, DeclineSpecialGroup, SpecialUnit
from .state import Match


class SpecialGroup:
    """VIC 5.5 Special Reinforcement Group: the offer, calling or declining it, and its units."""

    def _special_problem(self, p: Any, step: str) -> str | None:
        problem = self._player_problem(p) or self._campaign_problem()
        if problem:
            return problem
        if self.mode != "duel":
            return "7.0: the Special Reinforcement Group (5.5) is not used in the multi-player options."
        m = self.match_of(p)
        f = self.force(p)
        if m is None or m.special_player != p or m.step not in ("special", "special_units"):
            if f.special_called:
                return f"5.5: {p} called the Special Reinforcement Group after battle {f.special_called}: once per campaign."
            return self._wrong_time(f"5.5: the player whose VP trail by {self.c.special_group_lead} or more may call "
                                    f"the Special Reinforcement Group in the Regroup Phase, after reinforcements")
        if m.step != step:
            if step == "special":
                return f"{p} has called the Special Reinforcement Group: take its units."
            return f"{p} has not called the Special Reinforcement Group."
        return None

    def _why_CallSpecialGroup(self, cmd: CallSpecialGroup) -> str | None:
        return self._special_problem(cmd.player, "special")

    def _why_DeclineSpecialGroup(self, cmd: DeclineSpecialGroup) -> str | None:
        return self._special_problem(cmd.player, "special")

    def _why_SpecialUnit(self, cmd: SpecialUnit) -> str | None:
        problem = self._special_problem(cmd.player, "special_units")
        if problem:
            return problem
        m = self.match_of(cmd.player)
        options = self.special_options(m)
        if cmd.unit_type not in options:
            slot = m.special_types[len(m.special_units)]
            branch = self.content.units[slot].branch
            subs = ", ".join(options[1:])
            return (f"5.5: this slot of the Special Reinforcement Group is {slot} ({self._type_name(slot)}); a standard "
                    f"{branch} type may be substituted ({subs}), not {cmd.unit_type!r}.")
        return None

    def special_options(self, m: Match) -> tuple[str, ...]:
        """5.5: the Table 4 type of the next slot, then the standard types of its branch."""
        if m.step != "special_units" or len(m.special_units) >= len(m.special_types):
            return ()
        slot = m.special_types[len(m.special_units)]
        return (slot, *self.content.standard_of(self.content.units[slot].branch))

    def _special_group_offer(self, m: Match) -> None:
        # VIC 5.5: "If one players VP's is greater than the others by 9 or more, the player with
        # fewer VP's may call for a one time Special Reinforcement Group"; 7.0: not in multi-player
        if self.mode == "duel":
            totals = self.totals()
            a, b = m.players
            lead = totals[a] - totals[b]
            trailing = b if lead > 0 else a
            if abs(lead) >= self.c.special_group_lead and not self.force(trailing).special_called:
                m.special_player = trailing
                m.step = "special"
                leader = m.opponent(trailing)
                self._emit(f"{leader} leads {totals[leader]} VP to {totals[trailing]} (by {abs(lead)}): {trailing} may "
                           f"call the one-time Special Reinforcement Group; {leader} would gain "
                           f"{self.c.special_group_vp} VP.", R_SPECIAL, "special")
                return
        m.step = "done"
        self._check_round_end()

    def _do_call_special_group(self, cmd: CallSpecialGroup) -> None:
        m = self.match_of(cmd.player)
        roll = self.dice.roll(1)[0]
        types = tables.special_group(roll, self.content)
        m.special_called, m.special_roll, m.special_types = True, roll, tuple(types)
        self.force(cmd.player).special_called = self.battle
        other = m.opponent(cmd.player)
        m.bonus[other] = m.bonus.get(other, 0) + self.c.special_group_vp
        m.step = "special_units"
        names = ", ".join(types)
        self._emit(f"{cmd.player} calls the Special Reinforcement Group and rolls {roll}: one {self.c.special_group_cv} "
                   f"CV unit each of {names} (a standard type of the same branch may stand in for any). {other} "
                   f"gains {self.c.special_group_vp} VP.", R_SPECIAL, "roll", (roll,))

    def _do_decline_special_group(self, cmd: DeclineSpecialGroup) -> None:
        m = self.match_of(cmd.player)
        self._emit(f"{cmd.player} does not call the Special Reinforcement Group now.", R_SPECIAL, "special")
        m.step = "done"
        self._check_round_end()

    def _do_special_unit(self, cmd: SpecialUnit) -> None:
        # VIC 5.5: "Add one 2 CV unit of each type to your BG ... MA, IN, and EN may be substituted
        # for Army units; FA, DB, and TB ... for Air units; SS, CA, and DD ... for Naval units"
        m = self.match_of(cmd.player)
        slot = m.special_types[len(m.special_units)]
        u = self._new_unit(cmd.player, cmd.unit_type, self.c.special_group_cv,
                           f"Special Reinforcement Group after battle {self.battle}")
        if cmd.unit_type != slot:
            u.notes.append(f"substituted for {slot} ({self._type_name(slot)})")
        self.force(cmd.player).units.append(u)
        m.special_units.append(u.id)
        sub = f" in place of {slot}" if cmd.unit_type != slot else ""
        self._emit(f"{cmd.player} adds {u.id} ({self._type_name(u.unit_type)}) at {u.cv} CV{sub}.", R_SPECIAL, "special")
        if len(m.special_units) == len(m.special_types):
            m.step = "done"
            self._check_round_end()

"""Victory: choosing Battle Groups, and the units they are made of (VIC 4.1 Choosing Battle
Groups; VIC 2.0 Unit Scale and Strength)."""

from __future__ import annotations

from typing import Any

from .citations import CV_NAME, POOL_NAME, R_CHOOSE, R_REINFORCE
from .commands import AddUnit, ConfirmBattleGroup, RemoveUnit
from .legality import _is_int, _is_str
from .state import Unit


class BattleGroups:
    """VIC 4.1 Choosing Battle Groups: adding and removing units, confirming the group; numbering new units."""

    def _chooser_problem(self, p: Any, what: str) -> str | None:
        s = self.state
        problem = self._player_problem(p)
        if problem:
            return problem
        if s.phase != "choose":
            return self._wrong_time(f"{what} only while the Battle Groups are chosen at the campaign's start (4.1)")
        if p != s.chooser:
            return f"It is {s.chooser}'s turn to choose a Battle Group (4.1); {p} chooses in turn."
        return None

    def _why_AddUnit(self, cmd: AddUnit) -> str | None:
        s = self.state
        if s.phase != "choose" and _is_str(cmd.player) and cmd.player in s.forces:
            return self._wrong_time("Battle Groups are chosen at the campaign's start (4.1); in the Regroup Phase "
                                    "reinforcements are picked with Reinforce (5.4)")
        problem = self._chooser_problem(cmd.player, "Units are added")
        if problem:
            return problem
        ut = self.content.units.get(cmd.unit_type) if _is_str(cmd.unit_type) else None
        standard = ", ".join(self.content.standard)
        if ut is None:
            return f"Unknown unit type {cmd.unit_type!r} (Table 1's standard types: {standard})."
        if ut.pool != "std":
            return (f"4.1: a Battle Group is chosen from the {len(self.content.standard)} standard types of Table 1 "
                    f"({standard}); {ut.id} ({ut.name}) is in the {POOL_NAME[ut.pool]} Forcepool.")
        split = self.c.start_split
        if not _is_int(cmd.cv) or cmd.cv not in split:
            levels = ", ".join(str(cv) for cv in split)
            return f"4.1: units begin at {levels} CV, not {cmd.cv!r}."
        f = self.force(cmd.player)
        size = self.c.battle_group_size
        if len(f.units) >= size:
            return f"{cmd.player}'s Battle Group already has {size} units (4.1: any {size} units)."
        have = sum(1 for u in f.units if u.cv == cmd.cv)
        if have >= split[cmd.cv]:
            return (f"4.1: only {split[cmd.cv]} units may begin at {cmd.cv} CV ({CV_NAME.get(cmd.cv, '')}), and "
                    f"{cmd.player}'s Battle Group has {have} at {cmd.cv} CV already.")
        return None

    def _why_RemoveUnit(self, cmd: RemoveUnit) -> str | None:
        s = self.state
        problem = self._player_problem(cmd.player)
        if problem:
            return problem
        if s.phase == "choose":
            problem = self._chooser_problem(cmd.player, "Units are removed")
            if problem:
                return problem
            if not _is_str(cmd.unit) or self.unit(cmd.player, cmd.unit) is None:
                return f"{cmd.player}'s Battle Group has no unit {cmd.unit!r}."
            return None
        if not self._reinforcing(cmd.player):
            return self._wrong_time(f"{cmd.player} is not picking reinforcements: only a Battle Group being chosen "
                                    f"or a reinforcement picked in this Regroup Phase can be taken back")
        picks = s.round.picks.get(cmd.player, [])
        if not any(u.id == cmd.unit for u in picks):
            listed = ", ".join(u.id for u in picks) or "none yet"
            return f"{cmd.unit!r} is not among {cmd.player}'s reinforcements picked now ({listed})."
        return None

    def _why_ConfirmBattleGroup(self, cmd: ConfirmBattleGroup) -> str | None:
        problem = self._chooser_problem(cmd.player, "A Battle Group is confirmed")
        if problem:
            return problem
        f = self.force(cmd.player)
        size = self.c.battle_group_size
        if len(f.units) != size:
            split = ", ".join(f"{n} at {cv} CV" for cv, n in self.c.start_split.items())
            return f"4.1: a Battle Group has {size} units ({split}); {cmd.player} has {len(f.units)}."
        return None

    def _type_name(self, t: str) -> str:
        ut = self.content.units.get(t)
        return f"{ut.name}" if ut else t

    def _next_number(self, p: str, unit_type: str) -> int:
        f = self.force(p)
        r = self.state.round
        picks = r.picks.get(p, []) if r else []
        used = [u.number for u in (*f.units, *f.gone, *picks) if u.unit_type == unit_type]
        return max(used, default=0) + 1

    def _new_unit(self, p: str, unit_type: str, cv: int, joined: str) -> Unit:
        n = self._next_number(p, unit_type)
        return Unit(id=f"{unit_type}-{n}", unit_type=unit_type, number=n, cv=cv, joined=joined)

    def _do_add_unit(self, cmd: AddUnit) -> None:
        # VIC 4.1: any 10 units of the 9 standard types; two at 3 CV, four at 2 CV, four at 1 CV
        f = self.force(cmd.player)
        u = self._new_unit(cmd.player, cmd.unit_type, cmd.cv, "Battle Group")
        f.units.append(u)
        what = "a unit" if self._secret() else f"{u.id} ({self._type_name(u.unit_type)})"
        self._emit(f"{cmd.player} adds {what} at {u.cv} CV ({CV_NAME.get(u.cv, '')}): "
                   f"{len(f.units)} of {self.c.battle_group_size}.", R_CHOOSE, "choose")

    def _do_remove_unit(self, cmd: RemoveUnit) -> None:
        s = self.state
        if s.phase == "choose":
            f = self.force(cmd.player)
            f.units = [u for u in f.units if u.id != cmd.unit]
            what = "a unit" if self._secret() else cmd.unit
            self._emit(f"{cmd.player} takes {what} back out of the Battle Group: {len(f.units)} of "
                       f"{self.c.battle_group_size}.", R_CHOOSE, "choose")
            return
        picks = s.round.picks[cmd.player]
        s.round.picks[cmd.player] = [u for u in picks if u.id != cmd.unit]
        what = "a reinforcement" if self._secret() else cmd.unit
        self._emit(f"{cmd.player} takes {what} back: {len(s.round.picks[cmd.player])} of {self.c.reinforcements} "
                   f"picked.", R_REINFORCE, "reinforce")

    def _do_confirm_battle_group(self, cmd: ConfirmBattleGroup) -> None:
        s = self.state
        f = self.force(cmd.player)
        f.confirmed = True
        if self._secret():
            listing = f"{len(f.units)} units"
        else:
            listing = ", ".join(f"{u.id} {u.cv}" for u in f.units)
        self._emit(f"{cmd.player}'s Battle Group is chosen: {listing}.", R_CHOOSE, "choose")
        waiting = [p for p in s.order if not s.forces[p].confirmed]
        if waiting:
            s.chooser = waiting[0]
            self._emit(f"{s.chooser} chooses a Battle Group next.", R_CHOOSE, "choose")
            return
        s.chooser = ""
        s.phase = "campaign"
        self._begin_round(1)

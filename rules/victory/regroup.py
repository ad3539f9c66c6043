"""Victory: the Regroup Phase's first steps (VIC 5.0 Regroup Phase; VIC 5.1 Calculate Victory
Points; VIC 5.2 Withdraw Battle Groups; VIC 5.3 Augmentation)."""

from __future__ import annotations

from . import tables
from .citations import R_AUGMENT, R_BG_WITHDRAW, R_REINFORCE, R_VICTORY, R_VP, R_WITHDRAW, _plural
from .commands import EnterBattlePoints, LoseUnit, UnitsDone
from .legality import _is_int, _is_str
from .state import BattlePoints, Match


class Regroup:
    """VIC 5.1 Victory Points, 5.2 withdrawing Battle Groups (units lost) and 5.3 augmentation."""

    def _why_EnterBattlePoints(self, cmd: EnterBattlePoints) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "bp":
            if m.step == "battle" or m.step in ("maps", "layout", "initiative", "deploy"):
                return self._wrong_time("Battle Points are calculated in the Regroup Phase, when the battle is over (5.1)")
            return f"Battle Points for battle {self.battle} are entered already (5.1): the Regroup Phase has moved on."
        if cmd.player in m.bp:
            return f"{cmd.player}'s Battle Points for battle {self.battle} are entered already ({m.bp[cmd.player].total} BP)."
        for field, value, top in (("cities' value", cmd.cities, tables.MAX_CITY_VALUE),
                                  ("resources", cmd.resources, tables.MAX_RESOURCES)):
            if not _is_int(value):
                return f"Battle Points: {field} must be a whole number, not {value!r}."
            if value not in range(top + 1):      # the ranges legal() spans
                if value < 0:
                    return f"Battle Points cannot be negative: {field} {value} (5.1 counts what is in supply, 0 or more)."
                return f"Battle Points: {field} {value} is more than two maps hold (at most {top})."
        return None

    def _why_LoseUnit(self, cmd: LoseUnit) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "losses":
            if m.step in ("maps", "layout", "initiative", "deploy", "battle", "bp"):
                return self._wrong_time("Units lost are entered in the Regroup Phase, after the Victory Points (5.2)")
            return f"The units lost in battle {self.battle} are entered already (5.2)."
        if cmd.player in m.losses_done:
            return f"{cmd.player} has finished entering the units lost in battle {self.battle}."
        if not _is_str(cmd.unit) or self.unit(cmd.player, cmd.unit) is None:
            if _is_str(cmd.unit) and cmd.unit in m.lost.get(cmd.player, []):
                return f"{cmd.unit} is entered as lost already."
            return f"{cmd.player}'s Battle Group has no unit {cmd.unit!r}."
        if type(cmd.cut_off) is not bool:
            return "cut_off is yes or no."
        return None

    def _why_UnitsDone(self, cmd: UnitsDone) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "losses":
            return self._wrong_time("Units lost are entered in the Regroup Phase, after the Victory Points (5.2)")
        if cmd.player in m.losses_done:
            return f"{cmd.player} has finished entering the units lost in battle {self.battle}."
        return None

    def _do_enter_battle_points(self, cmd: EnterBattlePoints) -> None:
        m = self.match_of(cmd.player)
        total = tables.battle_points(cmd.cities, cmd.resources, self.content)
        m.bp[cmd.player] = BattlePoints(cmd.cities, cmd.resources, total)
        self._emit(f"{cmd.player}: cities {cmd.cities} + {cmd.resources} resources x {self.c.resource_bp} = "
                   f"{total} BP.", R_VP, "entry")
        if len(m.bp) == 2:
            self._calculate_victory_points(m)

    def _calculate_victory_points(self, m: Match) -> None:
        # VIC 5.1: "The player with the most BP's wins this battle ... subtract the losing players
        # BP's from the winning players BP's ... The loser scores 0 VP's. Tie battles are drawn"
        a, b = m.players
        bp = {p: m.bp[p].total for p in m.players}
        if m.withdrawn:
            # VIC 4.5: the opponent of the withdrawing player gets 4 VP or his calculated VP
            w = m.withdrawn
            o = m.opponent(w)
            calculated = max(0, bp[o] - bp[w])
            m.vp = {w: 0, o: max(self.c.withdrawal_min_vp, calculated)}
            m.winner, m.margin = o, m.vp[o]
            self._emit(f"{o} {bp[o]} BP, {w} {bp[w]} BP: calculated VP {calculated}; {w} withdrew, so {o} scores "
                       f"max({self.c.withdrawal_min_vp}, {calculated}) = {m.vp[o]} VP and {w} 0.", R_WITHDRAW, "vp")
        elif bp[a] == bp[b]:
            m.vp = {a: 0, b: 0}
            m.winner, m.margin = "", 0
            self._emit(f"{a} {bp[a]} BP, {b} {bp[b]} BP: a drawn battle; neither player scores VP.", R_VP, "vp")
        else:
            w, loser = (a, b) if bp[a] > bp[b] else (b, a)
            m.vp = {w: bp[w] - bp[loser], loser: 0}
            m.winner, m.margin = w, m.vp[w]
            self._emit(f"{w} {bp[w]} BP, {loser} {bp[loser]} BP: {w} wins battle {self.battle} and scores "
                       f"{bp[w]} - {bp[loser]} = {m.vp[w]} VP; {loser} scores 0.", R_VP, "vp")
        for p in m.players:
            self.force(p).last = "draw" if not m.winner else ("won" if m.winner == p else "lost")
        totals = self.totals()
        self._emit("Campaign VP: " + ", ".join(f"{p} {totals[p]}" for p in self.state.order) + ".", R_VP, "vp")
        if self.battle >= self.c.battles:
            m.step = "done"
            self._emit(f"Battle {self.battle} was the last: no further Regroup.", R_VICTORY, "regroup")
            self._check_round_end()
            return
        m.step = "losses"
        self._emit("Withdraw the Battle Groups: enter each unit destroyed in the battle or unable to trace supply.",
                   R_BG_WITHDRAW, "regroup")

    def _do_lose_unit(self, cmd: LoseUnit) -> None:
        # VIC 5.2: "All units which are unable to trace a supply line are destroyed"
        m = self.match_of(cmd.player)
        f = self.force(cmd.player)
        u = self.unit(cmd.player, cmd.unit)
        f.units.remove(u)
        how = "cut off (no supply line) and destroyed" if cmd.cut_off else "destroyed"
        u.left = f"{how} in battle {self.battle}"
        f.gone.append(u)
        m.lost[cmd.player].append(u.id)
        self._emit(f"{cmd.player}'s {u.id} ({self._type_name(u.unit_type)}, {u.cv} CV) was {how} in battle "
                   f"{self.battle}.", R_BG_WITHDRAW, "loss")

    def _do_units_done(self, cmd: UnitsDone) -> None:
        m = self.match_of(cmd.player)
        m.losses_done.append(cmd.player)
        f = self.force(cmd.player)
        self._emit(f"{cmd.player}: {_plural(len(m.lost[cmd.player]), 'unit')} lost; "
                   f"{_plural(len(f.units), 'survivor')} withdrawn and kept.", R_BG_WITHDRAW, "regroup")
        if len(m.losses_done) < 2:
            return
        self._augment(m)
        m.step = "reinforce"
        first = self._reinforcer(m)
        self._emit(f"Reinforcements: each player picks {self.c.reinforcements} units at {self.c.reinforcement_cv} CV; "
                   f"{first} first. {self._pools_text(m.axis)}. {self._pools_text(m.allied)}.", R_REINFORCE, "reinforce")

    def _augment(self, m: Match) -> None:
        # VIC 5.3: "Add one step to each surviving unit in your BG. 4 CV units cannot be increased."
        top = self.c.max_cv
        for p in m.players:
            raised = 0
            for u in self.force(p).units:
                if u.cv < top:
                    u.cv = min(top, u.cv + self.c.augmentation)
                    u.notes.append(f"augmented to {u.cv} CV after battle {self.battle}")
                    raised += 1
            at_top = len(self.force(p).units) - raised
            tail = f"; {at_top} at {top} CV stay" if at_top else ""
            self._emit(f"{p}: {_plural(raised, 'survivor')} gain one step{tail}.", R_AUGMENT, "regroup")

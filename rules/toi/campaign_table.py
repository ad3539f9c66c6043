"""Tide of Iron: the Campaign Phase Table, row by row for each side (TOI Campaign Phase Table;
TOI Using the Campaign Phase Table; TOI Advanced Deployment Hexes)."""

from __future__ import annotations

from . import tables
from .citations import REPLACE_KINDS, R_TABLE, SIDE_NAME
from .commands import AdvancedDivision, DemoteElites, Halve, RaiseObjective, Replace
from .legality import _is_str
from .state import SIDES, TYPES, TableEffect, Task


class CampaignTable:
    """TOI Campaign Phase Table: 10+ (halve), 6-9 (replace, advanced deployment, raise an objective), 0-2 (demote, restrict)."""

    def _why_Halve(self, cmd: Halve) -> str | None:
        problem = self._answer_problem(("halve",), "halving (10+)")
        if problem:
            return problem
        t = self.state.decision.data[1]
        if cmd.card != t:
            return f"The table is at the {t} command now, not {cmd.card!r}."
        if type(cmd.yes) is not bool:
            return "Halve: yes or no."
        return None

    def _why_Replace(self, cmd: Replace) -> str | None:
        problem = self._answer_problem(("replace",), "Ammunition 6-9 replacement")
        if problem:
            return problem
        side = self.state.decision.data[0]
        if cmd.kind not in REPLACE_KINDS or not _is_str(cmd.kind):
            return f"Two regular infantry are replaced by an MG crew ('mg'), a mortar crew ('mortar') or two elites ('two-elites'), not {cmd.kind!r}."
        nxt = self.next_scenario
        problem = self._division_problem(nxt, side, cmd.division)
        if problem:
            return problem
        have = self._figures(side, cmd.division, "regular")
        if have < 2:
            return f"Division {cmd.division} has {have} regular infantry in {nxt.name}: two are needed."
        return None

    def _why_AdvancedDivision(self, cmd: AdvancedDivision) -> str | None:
        problem = self._answer_problem(("advanced",), "Morale 6-9 division")
        if problem:
            return problem
        return self._division_problem(self.next_scenario, self.state.decision.data[0], cmd.division)

    def _why_RaiseObjective(self, cmd: RaiseObjective) -> str | None:
        problem = self._answer_problem(("raise",), "Supply 6-9 objective")
        if problem:
            return problem
        side = self.state.decision.data[0]
        nxt = self.next_scenario
        o = nxt.objective(cmd.objective) if _is_str(cmd.objective) else None
        if o is None:
            ids = ", ".join(x.id for x in nxt.objectives)
            return f"{nxt.name} has no objective {cmd.objective!r} (its objectives: {ids})."
        if not o.scorable_by(side):
            return f"Only the {SIDE_NAME[o.side]} player may score {nxt.name}'s objective '{o.name}': raise one you can score."
        return None

    def _why_DemoteElites(self, cmd: DemoteElites) -> str | None:
        problem = self._answer_problem(("demote",), "Morale 0-2 division")
        if problem:
            return problem
        side = self.state.decision.data[0]
        problem = self._division_problem(self.next_scenario, side, cmd.division)
        if problem:
            return problem
        if self._figures(side, cmd.division, "elite") < 1:
            return f"Division {cmd.division} has no elite infantry in {self.next_scenario.name}."
        return None

    def _start_table(self) -> None:
        s = self.state
        rec = s.record
        rec.after_penalty = {side: {t: s.cards[side][t].tokens for t in TYPES} for side in SIDES}
        s.phase, s.decision = "table", None
        order = self.initiative_order(self.next_scenario)
        s.tasks = [Task(side, t) for side in order for t in TYPES]
        self._emit(f"Campaign Phase Table: {SIDE_NAME[order[0]]} first (initiative in {self.next_scenario.name}), "
                   f"then {SIDE_NAME[order[1]]}; ammunition, morale, supply.", R_TABLE, "table")
        self._run_table()

    def _run_table(self) -> None:
        s = self.state
        while s.tasks and s.decision is None:
            task = s.tasks.pop(0)
            self._table_row(task.side, task.type, task.may_halve)
        if s.decision is None and not s.tasks:
            self._start_purchases()

    def _table_row(self, side: str, t: str, may_halve: bool) -> None:
        """Cross-reference the command total with the type and apply that cell."""
        v = self.state.cards[side][t].tokens
        row = tables.row_for(v)
        if row == "10+" and may_halve:
            # TOI Campaign Phase Table: 10+ (halve for +1 CVP, or take the 6-9 effect)
            self._decide("halve", side, f"{SIDE_NAME[side]} has {v} {t} command (10+): halve it to {v // 2} "
                         f"for +1 CVP, or keep it and take the 6-9 effect?", f"{R_TABLE}: {t.capitalize()} 10+",
                         (t, v))
        elif row in ("10+", "6-9"):
            label = "6-9" if row == "6-9" else "10+ again: counts as 6-9"
            self._six_to_nine(side, t, v, label)
        elif row == "3-5":
            self._remove_two(side, t, v, "3-5", f"Remove two {t} command.")
        else:
            self._zero_to_two(side, t, v)

    def _remove_two(self, side: str, t: str, before: int, label: str, text: str) -> None:
        # TOI Campaign Phase Table: rows 3-5 and 6-9 end with "Remove two ... command"
        card = self.state.cards[side][t]
        card.tokens = max(0, card.tokens - tables.REMOVE)
        rule = f"{R_TABLE}: {t.capitalize()} {'3-5' if label == '3-5' else '6-9'}"
        self.state.record.effects.append(TableEffect(side, t, before, label, text, card.tokens))
        self._emit(f"{SIDE_NAME[side]} {t} {before} ({label}): {text} {card.tokens} left to spend.", rule, "table")

    def _do_halve(self, cmd: Halve) -> None:
        s = self.state
        side, t, before = s.decision.data
        s.decision, s.to_act = None, None
        rule = f"{R_TABLE}: {t.capitalize()} 10+"
        if cmd.yes:
            card = s.cards[side][t]
            card.tokens = before // 2
            s.record.halving[side] += 1
            text = f"Halved to {card.tokens} for +1 CVP."
            s.record.effects.append(TableEffect(side, t, before, "10+", text, card.tokens, halved=True))
            self._emit(f"{SIDE_NAME[side]} {t} {before} (10+): halved to {card.tokens} (round down), +1 CVP.", rule, "table")
            # "Gain any effects based on your new command total" (a second 10+ counts as 6-9)
            self._table_row(side, t, may_halve=False)
        else:
            self._emit(f"{SIDE_NAME[side]} keeps {before} {t} (10+): the 6-9 effect applies.", rule, "table")
            self._six_to_nine(side, t, before, "10+, kept: 6-9 effect")
        self._run_table()

    def _six_to_nine(self, side: str, t: str, before: int, label: str) -> None:
        nxt = self.next_scenario
        rule = f"{R_TABLE}: {t.capitalize()} 6-9"
        data = (t, before, label)
        if t == "ammunition":
            # replace two regular infantry with an MG crew, a mortar crew or two elites
            if any(self._figures(side, d.number, "regular") >= 2 for d in nxt.side(side).divisions):
                self._decide("replace", side, f"{SIDE_NAME[side]} ammunition {before}: replace two regular infantry "
                             f"of which division with an MG crew, a mortar crew or two elites?", rule, data)
                return
            self._finish_six_nine(side, t, before, label, f"No division has two regular infantry in {nxt.name} to replace.")
        elif t == "morale":
            # one division may use the advanced set-up hexes as well
            order = self.c.scenario_order
            if order.index(nxt.id) >= order.index(self.c.advanced_hexes_from):
                self._decide("advanced", side, f"{SIDE_NAME[side]} morale {before}: which division may also set up in "
                             f"the advanced set-up hexes of {nxt.name}?", rule, data)
                return
            self._finish_six_nine(side, t, before, label, f"{nxt.name} has no advanced set-up hexes in use.")
        else:
            # increase the value of an objective by 1
            if any(o.scorable_by(side) for o in nxt.objectives):
                self._decide("raise", side, f"{SIDE_NAME[side]} supply {before}: which objective of {nxt.name} is worth "
                             f"1 more CVP to you?", rule, data)
                return
            self._finish_six_nine(side, t, before, label, f"{nxt.name} has no objective you can score to raise.")

    def _finish_six_nine(self, side: str, t: str, before: int, label: str, text: str) -> None:
        self.state.decision, self.state.to_act = None, None
        self._remove_two(side, t, before, label, f"{text} Then remove two {t} command.")

    def _do_replace(self, cmd: Replace) -> None:
        s = self.state
        side, t, before, label = s.decision.data
        d = s.next_mods[side].divisions[cmd.division - 1]
        d.regular -= 2
        if cmd.kind == "mg":
            d.mg_crews += 1
        elif cmd.kind == "mortar":
            d.mortar_crews += 1
        else:
            d.elite += 2
        note = f"Ammunition 6-9: two regular infantry replaced by {REPLACE_KINDS[cmd.kind]}."
        d.notes.append(note)
        self._finish_six_nine(side, t, before, label, f"Division {cmd.division}: two regular infantry make way for "
                              f"{REPLACE_KINDS[cmd.kind]}.")
        self._run_table()

    def _do_advanced(self, cmd: AdvancedDivision) -> None:
        s = self.state
        side, t, before, label = s.decision.data
        d = s.next_mods[side].divisions[cmd.division - 1]
        d.advanced_setup = True
        d.notes.append("Morale 6-9: may also set up in the advanced set-up hexes.")
        self._finish_six_nine(side, t, before, label, f"Division {cmd.division} may also use the advanced set-up hexes.")
        self._run_table()

    def _do_raise(self, cmd: RaiseObjective) -> None:
        s = self.state
        side, t, before, label = s.decision.data
        m = s.next_mods[side]
        m.raised = cmd.objective
        o = self.next_scenario.objective(cmd.objective)
        item = " (one item of it, marked on the map)" if o.kind == "each" else ""
        m.notes.append(f"Supply 6-9: objective '{o.name}'{item} is worth 1 more CVP to this side.")
        self._finish_six_nine(side, t, before, label, f"Objective '{o.name}' of {self.next_scenario.name}{item} is "
                              f"worth 1 more CVP to {SIDE_NAME[side]}.")
        self._run_table()

    def _zero_to_two(self, side: str, t: str, before: int) -> None:
        s = self.state
        card = s.cards[side][t]
        card.tokens = 0
        rule = f"{R_TABLE}: {t.capitalize()} 0-2"
        m = s.next_mods[side]
        if t == "ammunition":
            m.unarmed += 1
            m.notes.append("Ammunition 0-2: one squad sets up with an unarmed restriction.")
            self._zero_done(side, t, before, "Command to 0; one squad sets up with an unarmed restriction.", rule)
        elif t == "supply":
            m.starving += 1
            m.notes.append("Supply 0-2: one squad sets up with a starving restriction.")
            self._zero_done(side, t, before, "Command to 0; one squad sets up with a starving restriction.", rule)
        else:
            # the short excerpt's cell (DESIGN ruling): two starting elites become regulars, if able
            divisions = [d.number for d in self.next_scenario.side(side).divisions
                         if self._figures(side, d.number, "elite") >= 1]
            if len(divisions) >= 2:
                self._decide("demote", side, f"{SIDE_NAME[side]} morale {before} (0-2): two starting elite infantry "
                             f"become regulars; from which division first?", rule, (t, before, "0-2"))
                return
            if divisions:
                self._demote(side, t, before, divisions[0])
            else:
                self._zero_done(side, t, before, f"Command to 0; no elite infantry in {self.next_scenario.name} to "
                                "replace.", rule)

    def _zero_done(self, side: str, t: str, before: int, text: str, rule: str) -> None:
        self.state.record.effects.append(TableEffect(side, t, before, "0-2", text, 0))
        self._emit(f"{SIDE_NAME[side]} {t} {before} (0-2): {text}", rule, "table")

    def _do_demote(self, cmd: DemoteElites) -> None:
        s = self.state
        side, t, before, _ = s.decision.data
        s.decision, s.to_act = None, None
        self._demote(side, t, before, cmd.division)
        self._run_table()

    def _demote(self, side: str, t: str, before: int, first: int) -> None:
        # TOI Campaign Phase Table: Morale 0-2 (excerpt): two elites become regulars, if able
        numbers = [first] + [d.number for d in self.next_scenario.side(side).divisions if d.number != first]
        left, parts = 2, []
        for n in numbers:
            take = min(left, self._figures(side, n, "elite"))
            if take:
                d = self.state.next_mods[side].divisions[n - 1]
                d.elite -= take
                d.regular += take
                d.notes.append(f"Morale 0-2: {take} elite infantry replaced by regular infantry.")
                parts.append(f"division {n}: {take}")
                left -= take
            if not left:
                break
        text = f"Command to 0; elite infantry become regulars ({', '.join(parts)})."
        self._zero_done(side, t, before, text, f"{R_TABLE}: Morale 0-2")

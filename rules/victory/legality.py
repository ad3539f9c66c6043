"""Victory: the one list of what may be done now, and the checks every refusal shares.

One source of legality: ``_candidates()`` lists the commands of the moment and ``CheckedGame``
keeps those ``_problem()`` finds nothing wrong with; ``explain_illegal()`` reports the same
``_problem()``, which hands each command to its section's ``_why_<Command>`` check."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.command import Command, is_int as _is_int, is_str as _is_str
from rules.core.legal import Span

from . import tables
from .commands import (
    COMMANDS, AddUnit, CallSpecialGroup, ConfirmBattleGroup, ConfirmReinforcements,
    DeclineSpecialGroup, Deployed, DrawPairings, EndTransfers, EngineerRoll, EnterBattlePoints,
    LoseUnit, MarineRoll, NextTurn, Reinforce, RemoveUnit, RollBattleLength, RollInitiative,
    RollLayout, RollMaps, SpecialUnit, Transfer, UnitsDone, Withdraw,
)
from .state import Match


class Legality:
    """legal() and refusals (VIC 4.0 Campaign Game Play): candidates, the dispatch to each section's check, the shared checks."""

    def _candidates(self) -> list[Command]:
        s = self.state
        if s.over:
            return []
        if s.phase == "choose":
            return self._choose_candidates(s.chooser)
        r = s.round
        if r.step == "pairings":
            return [DrawPairings()]
        if r.step == "transfers":
            return self._transfer_candidates() + [EndTransfers()]
        out: list[Command] = []
        for m in r.matches:
            out += self._match_candidates(m)
        for p in r.byes:
            out += self._reinforce_candidates(p)
        return out

    def _choose_candidates(self, p: str) -> list[Command]:
        f = self.force(p)
        out: list[Command] = []
        if len(f.units) < self.c.battle_group_size:
            counts = Counter(u.cv for u in f.units)
            for t in self.content.standard:
                for cv, limit in self.c.start_split.items():
                    if counts[cv] < limit:
                        out.append(AddUnit(p, t, cv))
        out += [RemoveUnit(p, u.id) for u in f.units]
        out.append(ConfirmBattleGroup(p))
        return out

    def _match_candidates(self, m: Match) -> list[Command]:
        t = m.table
        if m.step == "maps":
            return [RollMaps(t)]
        if m.step == "layout":
            return [RollLayout(t)]
        if m.step == "initiative":
            return [RollInitiative(t)]
        if m.step == "deploy":
            return [Deployed(self._next_deployer(m))]
        if m.step == "battle":
            if self._length_roll_due(m):
                return [RollBattleLength(t)]
            out: list[Command] = [NextTurn(t)]
            out += [Withdraw(p) for p in m.players]
            for p in m.players:
                for u in self.force(p).units:
                    if u.unit_type == "EN":
                        out.append(EngineerRoll(p, u.id))
                    elif u.unit_type == "MA":
                        out.append(MarineRoll(p, u.id))
            return out
        if m.step == "bp":
            return [Span(EnterBattlePoints(p, 0, 0), cities=range(tables.MAX_CITY_VALUE + 1),
                         resources=range(tables.MAX_RESOURCES + 1)) for p in m.players if p not in m.bp]
        if m.step == "losses":
            out = []
            for p in m.players:
                if p in m.losses_done:
                    continue
                for u in self.force(p).units:
                    out += [LoseUnit(p, u.id), LoseUnit(p, u.id, True)]
                out.append(UnitsDone(p))
            return out
        if m.step == "reinforce":
            return self._reinforce_candidates(self._reinforcer(m))
        if m.step == "special":
            return [CallSpecialGroup(m.special_player), DeclineSpecialGroup(m.special_player)]
        if m.step == "special_units":
            return [SpecialUnit(m.special_player, t) for t in self.special_options(m)]
        return []

    def _reinforce_candidates(self, p: str) -> list[Command]:
        if not self._reinforcing(p):
            return []
        picks = self.state.round.picks.get(p, [])
        out: list[Command] = []
        if len(picks) < self.c.reinforcements:
            out += [Reinforce(p, t) for t in self.content.pool_types(self.allowed_pools(p))]
        out += [RemoveUnit(p, u.id) for u in picks]
        out.append(ConfirmReinforcements(p))
        return out

    def _transfer_candidates(self) -> list[Command]:
        out: list[Command] = []
        for sender in self.state.order:
            for receiver in self.state.order:
                if receiver == sender or self.force(receiver).team != self.force(sender).team:
                    continue
                out += [Transfer(sender, receiver, u.id) for u in self.force(sender).units]
        return out

    def _problem(self, cmd: Any) -> str | None:
        if not isinstance(cmd, Command) or type(cmd) not in COMMANDS:
            return f"Not a Victory campaign command: {self._describe_safe(cmd)}."
        if self.state.over:
            return "The campaign is over: no more commands."
        return getattr(self, f"_why_{type(cmd).__name__}")(cmd)

    def _now(self) -> str:
        s = self.state
        if s.over:
            return "the campaign is over"
        if s.phase == "choose":
            return f"now: {s.chooser} chooses a Battle Group"
        r = s.round
        if r.step == "pairings":
            return f"now: the pairings for battle {r.number}"
        if r.step == "transfers":
            return f"now: the transfers after battle {r.number}"
        steps = [f"table {m.table}: {self._step_text(m)}" for m in r.matches if m.step != "done"]
        steps += [f"{p} (sitting out) picks reinforcements" for p in r.byes if self._reinforcing(p)]
        return f"now: battle {r.number}, " + "; ".join(steps) if steps else f"now: battle {r.number}"

    def _step_text(self, m: Match) -> str:
        return {
            "maps": "roll the maps",
            "layout": "roll the map layout",
            "initiative": "roll for the initiative",
            "deploy": f"{self._next_deployer(m) if len(m.deployed) < 2 else ''} deploys",
            "battle": f"turn {m.turn}",
            "bp": "enter Battle Points",
            "losses": "enter the units lost",
            "reinforce": f"{self._reinforcer(m)} picks reinforcements",
            "special": f"{m.special_player} may call the Special Reinforcement Group",
            "special_units": f"{m.special_player} takes the Special Reinforcement Group's units",
        }.get(m.step, m.step)

    def _wrong_time(self, text: str) -> str:
        return f"{text} ({self._now()})."

    def _player_problem(self, p: Any) -> str | None:
        if not _is_str(p) or p not in self.state.forces:
            return f"Unknown player {p!r} (players: {', '.join(self.state.order)})."
        return None

    def _campaign_problem(self) -> str | None:
        if self.state.phase == "choose":
            return self._wrong_time("The Battle Groups are still being chosen (4.1)")
        return None

    def _match_problem(self, p: str) -> tuple[Match | None, str | None]:
        """The match of `p`, or why there is none (sitting out, or Battle Groups still chosen)."""
        problem = self._player_problem(p) or self._campaign_problem()
        if problem:
            return None, problem
        if self.state.round.step != "battles":
            return None, self._wrong_time("No battle is being fought or regrouped")
        m = self.match_of(p)
        if m is None:
            return None, f"{p} sits out battle {self.battle}: no battle to play."
        return m, None

    def _table_problem(self, table: Any) -> tuple[Match | None, str | None]:
        problem = self._campaign_problem()
        if problem:
            return None, problem
        r = self.state.round
        if r.step != "battles":
            return None, self._wrong_time("No battle is being fought")
        m = self.match_at(table)
        if m is None:
            tables_ = ", ".join(str(x.table) for x in r.matches)
            return None, f"Battle {r.number} is fought at table {tables_}: there is no table {table!r}."
        return m, None

    def _battle_over_text(self, m: Match) -> str:
        return f"Battle {self.battle} at table {m.table} is over" if len(self.state.round.matches) > 1 \
            else f"Battle {self.battle} is over"

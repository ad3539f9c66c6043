"""Victory: the battle on the players' table: its turns and length, early withdrawal, and the
Engineers' and Marines' rolls (VIC 4.4 Battle Length; VIC 4.5 Early Withdrawal; VIC 3.2
Engineers; VIC 3.3 Marines)."""

from __future__ import annotations

from typing import Any

from . import tables
from .citations import R_ENGINEERS, R_LENGTH, R_MARINES, R_WITHDRAW, _plural
from .commands import EngineerRoll, MarineRoll, NextTurn, RollBattleLength, Withdraw
from .legality import _is_str
from .state import Match


class Battle:
    """VIC 4.4 Battle Length, 4.5 Early Withdrawal, 3.2 Engineers and 3.3 Marines."""

    def _battle_problem(self, m: Match, what: str) -> str | None:
        if m.step in ("maps", "layout", "initiative", "deploy"):
            return self._wrong_time(f"Battle {self.battle} has not begun: {what} only during the battle")
        if m.step != "battle":
            return f"{self._battle_over_text(m)}: {what} only during the battle."
        if self._length_roll_due(m):
            return (f"Turn {m.turn}: the player with the initiative first rolls 1d6 on Table 2 to see whether the "
                    f"battle ends (4.4).")
        return None

    def _why_NextTurn(self, cmd: NextTurn) -> str | None:
        m, problem = self._table_problem(cmd.table)
        return problem or self._battle_problem(m, "turns are played")

    def _why_RollBattleLength(self, cmd: RollBattleLength) -> str | None:
        m, problem = self._table_problem(cmd.table)
        if problem:
            return problem
        if m.step != "battle":
            return self._battle_problem(m, "the battle length is rolled")
        first = self.c.length_roll_from_turn
        if m.turn < first:
            return f"4.4: the battle-length roll begins at turn {first}; this is turn {m.turn}."
        if m.rolled:
            return f"The battle-length roll of turn {m.turn} is made: the battle goes on through turn {m.turn}."
        return None

    def _why_Withdraw(self, cmd: Withdraw) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "battle":
            if m.step in ("maps", "layout", "initiative", "deploy"):
                return self._wrong_time(f"Battle {self.battle} has not begun: a Battle Group withdraws at the start "
                                        f"of a movement phase during the battle (4.5)")
            return (f"{self._battle_over_text(m)}: a Battle Group withdraws only during the battle, at the start of "
                    f"a movement phase (4.5).")
        return self._battle_problem(m, "a Battle Group withdraws")

    def _unit_roll_problem(self, player: Any, unit: Any, unit_type: str, rule: str) -> str | None:
        m, problem = self._match_problem(player)
        if problem:
            return problem
        problem = self._battle_problem(m, f"{unit_type} units roll")
        if problem:
            return problem
        u = self.unit(player, unit) if _is_str(unit) else None
        if u is None:
            return f"{player}'s Battle Group has no unit {unit!r}."
        if u.unit_type != unit_type:
            return f"{rule}: only {unit_type} units make this roll; {u.id} is {self._type_name(u.unit_type)}."
        if f"{player}/{u.id}" in m.tried:
            return f"{rule}: {u.id} has made its one attempt this movement phase (turn {m.turn})."
        return None

    def _why_EngineerRoll(self, cmd: EngineerRoll) -> str | None:
        return self._unit_roll_problem(cmd.player, cmd.unit, "EN", "3.2")

    def _why_MarineRoll(self, cmd: MarineRoll) -> str | None:
        return self._unit_roll_problem(cmd.player, cmd.unit, "MA", "3.3")

    def _length_roll_due(self, m: Match) -> bool:
        return m.step == "battle" and m.turn >= self.c.length_roll_from_turn and not m.rolled

    def _do_next_turn(self, cmd: NextTurn) -> None:
        m = self.match_at(cmd.table)
        m.tried = []
        nxt = m.turn + 1
        if nxt >= self.c.last_turn:
            # VIC 4.4 Table 2: "12 Battle Ends, Go to Regroup Phase"
            m.turns_played = m.turn
            self._end_battle(m, f"turn {nxt} ends the battle (Table 2)", R_LENGTH)
            return
        m.turn, m.rolled = nxt, False
        due = ""
        if nxt >= self.c.length_roll_from_turn:
            due = (f" Before movement the player with the initiative rolls 1d6: {self.content.battle_length[nxt]} "
                   f"or less ends the battle (Table 2).")
        self._emit(f"Turn {nxt}.{due}", R_LENGTH, "turn")

    def _do_roll_battle_length(self, cmd: RollBattleLength) -> None:
        # VIC 4.4: "At the beginning of turn 7 and all subsequent turns, the player with the
        # initiative rolls 1d6 prior to movement and consults Table 2"
        m = self.match_at(cmd.table)
        roll = self.dice.roll(1)[0]
        m.length_rolls.append((m.turn, roll))
        limit = self.content.battle_length[m.turn]
        if tables.battle_ends(m.turn, roll, self.content):
            self._emit(f"Turn {m.turn} battle length: {roll}, at or below {limit}: the battle ends immediately.",
                       R_LENGTH, "roll", (roll,))
            m.turns_played = m.turn - 1
            self._end_battle(m, f"a battle-length roll of {roll} on turn {m.turn}", R_LENGTH)
            return
        m.rolled = True
        self._emit(f"Turn {m.turn} battle length: {roll}, above {limit}: the battle continues through turn {m.turn}.",
                   R_LENGTH, "roll", (roll,))

    def _end_battle(self, m: Match, how: str, rule: str) -> None:
        m.step, m.ended = "bp", how
        self._emit(f"Battle {self.battle} is over after {_plural(m.turns_played, 'turn')} ({how}). Regroup Phase: "
                   f"each player enters Battle Points (cities in supply + {self.c.resource_bp} per resource in "
                   f"supply).", rule, "regroup")

    def _do_withdraw(self, cmd: Withdraw) -> None:
        # VIC 4.5: "The opposing player gets 4 VP's or his calculated VP's, whichever is higher"
        m = self.match_of(cmd.player)
        m.withdrawn = cmd.player
        m.turns_played = m.turn
        opp = m.opponent(cmd.player)
        self._emit(f"{cmd.player} withdraws the Battle Group in turn {m.turn}: {opp} will score "
                   f"{self.c.withdrawal_min_vp} VP or the calculated VP, whichever is higher.", R_WITHDRAW, "withdraw")
        self._end_battle(m, f"{cmd.player} withdrew in turn {m.turn}", R_WITHDRAW)

    def _unit_roll(self, player: str, unit_id: str, rule: str, success: str, failure: str, check) -> None:
        m = self.match_of(player)
        u = self.unit(player, unit_id)
        roll = self.dice.roll(1)[0]
        m.tried.append(f"{player}/{unit_id}")
        ok = check(u.cv, roll)
        text = (f"{player}'s {u.id} ({u.cv} CV) rolls {roll}: {'at or below' if ok else 'above'} its CV, "
                f"{success if ok else failure}.")
        m.unit_rolls.append(f"turn {m.turn}: {text}")
        self._emit(text, rule, "roll", (roll,))

    def _do_engineer_roll(self, cmd: EngineerRoll) -> None:
        # VIC 3.2: "rolling one die less than or equal to its' current CV"
        self._unit_roll(cmd.player, cmd.unit, R_ENGINEERS, "the infrastructure is repaired or one airfield level "
                        "is built", "no repair this movement phase", tables.engineer_roll)

    def _do_marine_roll(self, cmd: MarineRoll) -> None:
        # VIC 3.3: "rolling one die less than or equal to its' current CV"
        self._unit_roll(cmd.player, cmd.unit, R_MARINES, "a Mulberry is placed in its hex",
                        "no Mulberry this movement phase", tables.marine_roll)

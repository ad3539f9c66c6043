"""Victory: every command in words, for menus and logs."""

from __future__ import annotations

from rules.core.command import Command

from .commands import (
    AddUnit, CallSpecialGroup, ConfirmBattleGroup, ConfirmReinforcements, DeclineSpecialGroup,
    Deployed, DrawPairings, EndTransfers, EngineerRoll, EnterBattlePoints, LoseUnit, MarineRoll,
    NextTurn, Reinforce, RemoveUnit, RollBattleLength, RollInitiative, RollLayout, RollMaps,
    SpecialUnit, Transfer, UnitsDone, Withdraw,
)
from .legality import _is_int


class Describe:
    """Describing commands for menus and logs."""

    def describe(self, cmd: Command) -> str:
        name = self._type_name
        match cmd:
            case AddUnit(player=p, unit_type=t, cv=cv):
                return f"{p}: add {t} ({name(t)}) at {cv} CV"
            case RemoveUnit(player=p, unit=u):
                return f"{p}: take {u} back"
            case ConfirmBattleGroup(player=p):
                return f"{p}: the Battle Group is chosen"
            case DrawPairings():
                return f"Match up the players for battle {self.battle}"
            case RollMaps(table=t):
                return "Roll 3d6 for the maps" + (f" (table {t})" if self.mode != "duel" else "")
            case RollLayout(table=t):
                return "Roll 1d8 for the map layout" + (f" (table {t})" if self.mode != "duel" else "")
            case RollInitiative(table=t):
                return "Roll for the initiative (1d6 each)" + (f" (table {t})" if self.mode != "duel" else "")
            case Deployed(player=p):
                return f"{p} has deployed"
            case NextTurn(table=t):
                m = self.match_at(t)
                nxt = m.turn + 1 if m else "?"
                return f"End the turn: turn {nxt}" + (f" (table {t})" if self.mode != "duel" else "")
            case RollBattleLength(table=t):
                return "Roll 1d6 for battle length (Table 2)" + (f" (table {t})" if self.mode != "duel" else "")
            case Withdraw(player=p):
                return f"{p} withdraws the Battle Group"
            case EngineerRoll(player=p, unit=u):
                return f"{p}: {u} tries to repair or build (roll at or below its CV)"
            case MarineRoll(player=p, unit=u):
                return f"{p}: {u} tries to emplace a Mulberry (roll at or below its CV)"
            case EnterBattlePoints(player=p, cities=c, resources=r):
                total = c + self.c.resource_bp * r if _is_int(c) and _is_int(r) else "?"
                return f"{p}: cities {c}, resources {r} ({total} BP)"
            case LoseUnit(player=p, unit=u, cut_off=cut):
                return f"{p}: {u} {'cut off (no supply)' if cut else 'destroyed'}"
            case UnitsDone(player=p):
                return f"{p}: no more units lost"
            case Reinforce(player=p, unit_type=t):
                return f"{p}: reinforce with {t} ({name(t)})"
            case ConfirmReinforcements(player=p):
                return f"{p}: the reinforcements are picked"
            case CallSpecialGroup(player=p):
                return f"{p}: call the Special Reinforcement Group"
            case DeclineSpecialGroup(player=p):
                return f"{p}: do not call the Special Reinforcement Group now"
            case SpecialUnit(player=p, unit_type=t):
                return f"{p}: take {t} ({name(t)}) at {self.c.special_group_cv} CV"
            case Transfer(sender=a, receiver=b, unit=u):
                return f"{a}: transfer {u} to {b}"
            case EndTransfers():
                return "End the transfers"
        return cmd.describe() if isinstance(cmd, Command) else repr(cmd)

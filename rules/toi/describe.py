"""Tide of Iron: every command in words, for menus and logs."""

from __future__ import annotations

from rules.core.command import Command

from . import tables
from .citations import REPLACE_KINDS, SIDE_NAME
from .commands import (
    AdvancedDivision, BeginBattle, Buy, ConfirmResult, DemoteElites, DonePurchasing, EndBattle,
    Halve, PenaltyEach, PenaltyTwo, PenaltyType, RaiseObjective, Replace, Score, SetCommand,
    SetInitiative, StatusPhase,
)
from .legality import _is_int, _is_str


class Describe:
    """Describing commands for menus and logs."""

    def describe(self, cmd: Command) -> str:
        s = self.state
        match cmd:
            case BeginBattle():
                return f"Begin the battle of {self.current.name}"
            case StatusPhase(round=r):
                return f"Status Phase of round {r}: open purchases"
            case EndBattle():
                return "The battle is over: enter the result"
            case SetCommand(side=side, card=t, value=v):
                return f"{SIDE_NAME.get(side, side)} {t} command: {v}"
            case SetInitiative(side=side):
                return f"{SIDE_NAME.get(side, side)} held the initiative at the end"
            case Score(side=side, objective=obj, count=n, raised=raised):
                o = self.current.objective(obj) if _is_str(obj) else None
                value = f" ({o.cvp * n if _is_int(n) else '?'} CVP)" if o else ""
                mark = ", the raised item among them" if raised else ""
                return f"{SIDE_NAME.get(side, side)} scores {self.current.objective_name(obj)} x{n}{value}{mark}"
            case ConfirmResult():
                return "Confirm the result"
            case PenaltyEach():
                return "Lose one command of each type"
            case PenaltyTwo():
                return "Lose two command of one type (the winner chooses it)"
            case PenaltyType(card=t):
                return f"The loser loses two {t} command"
            case Halve(card=t, yes=True):
                return f"Halve {t} command for +1 CVP"
            case Halve(card=t, yes=False):
                return f"Keep {t} command: take the 6-9 effect"
            case Replace(kind=k, division=d):
                return f"Division {d}: two regular infantry make way for {REPLACE_KINDS.get(k, k)}"
            case AdvancedDivision(division=d):
                return f"Division {d} may also use the advanced set-up hexes"
            case RaiseObjective(objective=obj):
                return f"Raise objective {self.next_scenario.objective_name(obj) if self.next_scenario else repr(obj)} by 1 CVP"
            case DemoteElites(division=d):
                return f"Elite infantry become regulars in division {d} first"
            case Buy(side=side, item=item, pay=pay, division=d, detail=detail, figures=figures):
                what = {
                    "veteran": f"flip the {detail} card to Veteran",
                    "advanced-hex": f"an advanced set-up hex for division {d}",
                    "squad": f"a squad for division {d}: base + {tables.figures_text(figures) if isinstance(figures, tuple) else figures}",
                    "specialization": f"a {detail} specialization",
                    "remove-unarmed": "remove the unarmed restriction",
                    "light-tank": f"a {self.c.light_tank.get(side, 'light tank')} for division {d}",
                    "heavy-tank": f"a {self.c.heavy_tank.get(side, 'heavy tank')} for division {d}",
                    "starting-card": "one more starting card",
                    "artillery-deck": "unlock an Artillery deck",
                    "urban-deck": "unlock the Urban Warfare deck",
                }.get(item, str(item))
                paid = tables.pay_text(pay) if isinstance(pay, tuple) and len(pay) == 3 else repr(pay)
                return f"{SIDE_NAME.get(side, side)} buys {what} ({paid})"
            case DonePurchasing(side=side):
                lost = " (unspent command is lost)" if s.phase == "purchase" else ""
                return f"{SIDE_NAME.get(side, side)} is done buying{lost}"
        return cmd.describe() if isinstance(cmd, Command) else repr(cmd)

"""Victory: the end of the campaign and its winner (VIC 6.0 Campaign Victory)."""

from __future__ import annotations

import attrs

from rules.core.attrs_classes import frozen

from . import tables
from .citations import R_ROUND_ROBIN, R_TEAM, R_VICTORY
from .state import ALLIED, AXIS, SIDE_NAME


@frozen
class Outcome:
    """The end of the campaign.

    Duel (6.0): ``net`` VP, the Table 5 ``level`` and Tournament Points ``tp`` (a Draw: 1 each;
    ``winner`` None). Round robin (7.1): the player with the most VP (``winners`` holds all the
    players tied at the top; ``winner`` None on a tie). Team play (7.2): the team ("axis" or
    "allied") with the most VP summed over its players."""

    mode: str
    winner: str | None
    totals: dict[str, int]
    reasons: tuple[str, ...]
    winners: tuple[str, ...] = ()
    team_totals: dict[str, int] = attrs.Factory(dict)
    net: int = 0
    level: str = ""
    tp: dict[str, int] = attrs.Factory(dict)

    @property
    def reason(self) -> str:
        return " ".join(self.reasons)


class CampaignEnd:
    """VIC 6.0 Campaign Victory: the last battle, the totals and the winner of each mode."""

    def _finish(self) -> None:
        s = self.state
        s.round.step = "done"
        s.over, s.phase = True, "over"
        o = self._final_outcome()
        rule = {"duel": R_VICTORY, "round-robin": R_ROUND_ROBIN, "team": R_TEAM}[s.mode]
        for reason in o.reasons:
            self._emit(reason, rule, "end")

    def _final_outcome(self) -> Outcome:
        s = self.state
        totals = self.totals()
        listing = ", ".join(f"{p} {totals[p]}" for p in s.order)
        if s.mode == "duel":
            # VIC 6.0: "Subtract the lower result from the higher result ... compares this result with Table 5"
            a, b = s.order
            net = abs(totals[a] - totals[b])
            level, tp = tables.victory_level(net, self.content)
            reasons = [f"Campaign VP: {listing}; net {net} VP."]
            if level == "Draw" or totals[a] == totals[b]:
                reasons.append(f"Net {net} VP: a Draw (Table 5); each player gains 1 TP.")
                return Outcome("duel", None, totals, tuple(reasons), net=net, level="Draw", tp={a: 1, b: 1})
            winner, loser = (a, b) if totals[a] > totals[b] else (b, a)
            reasons.append(f"{winner} wins: a {level} victory (Table 5), {tp} TP.")
            return Outcome("duel", winner, totals, tuple(reasons), winners=(winner,), net=net, level=level,
                           tp={winner: tp, loser: 0})
        if s.mode == "round-robin":
            # VIC 7.1: "The player with the most VP's at the end of the campaign wins"
            top = max(totals.values())
            best = tuple(p for p in s.order if totals[p] == top)
            reasons = [f"Campaign VP: {listing}."]
            if len(best) == 1:
                reasons.append(f"{best[0]} has the most VP ({top}) and wins the campaign.")
                return Outcome("round-robin", best[0], totals, tuple(reasons), winners=best)
            reasons.append(f"{' and '.join(best)} share the most VP ({top}): the campaign is shared.")
            return Outcome("round-robin", None, totals, tuple(reasons), winners=best)
        # VIC 7.2: "The team with the most VP's at the end of the campaign wins"
        teams = self.team_totals()
        reasons = [f"Campaign VP: {listing}. Axis team {teams[AXIS]}, Allied team {teams[ALLIED]}."]
        if teams[AXIS] == teams[ALLIED]:
            reasons.append("The teams are level: the campaign is drawn.")
            return Outcome("team", None, totals, tuple(reasons), team_totals=teams)
        winner = AXIS if teams[AXIS] > teams[ALLIED] else ALLIED
        members = tuple(p for p in s.order if s.forces[p].team == winner)
        reasons.append(f"The {SIDE_NAME[winner]} team ({', '.join(members)}) has the most VP and wins the campaign.")
        return Outcome("team", winner, totals, tuple(reasons), winners=members, team_totals=teams)

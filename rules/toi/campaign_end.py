"""Tide of Iron: the end of a campaign and its outcome (TOI Measure of Campaign Success)."""

from __future__ import annotations

from rules.core.attrs_classes import frozen

from .citations import R_SUCCESS, SIDE_NAME
from .state import SIDES, TYPES, Card


@frozen
class Outcome:
    """The end of the game: the winner (a side; a player in a double campaign; None: a draw),
    total CVP per side (per player in a double campaign) and the reasons, tie rules included."""

    winner: str | None
    totals: dict[str, int]
    reasons: tuple[str, ...]
    by: str = "side"             # "side" or "player"
    draw: bool = False

    @property
    def reason(self) -> str:
        return " ".join(self.reasons)


def new_cards(tokens: int) -> dict[str, dict[str, Card]]:
    """A set of Campaign Command cards per side, Recruit side up (TOI Campaign Command Cards)."""
    return {side: {t: Card(tokens) for t in TYPES} for side in SIDES}


class CampaignEnd:
    """TOI Measure of Campaign Success: the CVP totals, a double campaign's second half, the winner."""

    def _end_of_campaign(self) -> None:
        # TOI Measure of Campaign Success: the end, or the second campaign with sides switched
        s = self.state
        if self.double and s.campaign == 1:
            totals = self.totals(1)
            self._emit(f"The first campaign ends: German ({self.player('german')}) {totals['german']} CVP, Soviet "
                       f"({self.player('soviet')}) {totals['soviet']} CVP. The players switch sides.", R_SUCCESS, "end")
            s.campaign = 2
            s.index = 0
            s.players = {"german": s.players["soviet"], "soviet": s.players["german"]}
            s.cards = new_cards(self.c.start_command)
            self._begin_scenario()
            return
        s.over = True
        s.phase, s.to_act, s.decision, s.tasks, s.buyers = "over", None, None, [], []
        o = self._final_outcome()
        for reason in o.reasons:
            self._emit(reason, R_SUCCESS, "end")

    def _final_outcome(self) -> Outcome:
        s = self.state
        if self.standalone:
            rec = s.ledger[-1]
            totals = {side: rec.total(side) for side in SIDES}
            text = (f"{SIDE_NAME[rec.winner]} ({rec.players[rec.winner]}) wins the scenario "
                    f"{self.scenario(rec.scenario).name}: German {totals['german']}, Soviet {totals['soviet']} CVP.")
            return Outcome(rec.winner, totals, (text,))
        if not self.double:
            totals = self.totals(1)
            g, v = totals["german"], totals["soviet"]
            text = f"German ({self.player('german')}) {g} CVP, Soviet ({self.player('soviet')}) {v} CVP."
            if g > v:
                return Outcome("german", totals, (text, "The German player wins the campaign."))
            if v > g:
                return Outcome("soviet", totals, (text, "The Soviet player wins the campaign."))
            return Outcome("soviet", totals, (text, "A tie: the Soviet player wins, having stopped the German advance."))
        # a double campaign: CVP over all the scenarios of both campaigns, by player
        players = list(self.options["players"])
        totals = {p: 0 for p in players}
        as_soviet = {p: 0 for p in players}
        won_as_soviet = {p: 0 for p in players}
        for rec in s.ledger:
            for side in SIDES:
                totals[rec.players[side]] += rec.total(side)
            sov = rec.players["soviet"]
            as_soviet[sov] += rec.total("soviet")
            won_as_soviet[sov] += rec.winner == "soviet"
        a, b = players
        reasons = [f"{a} {totals[a]} CVP, {b} {totals[b]} CVP over both campaigns."]
        for metric, label in ((totals, None), (as_soviet, "CVP scored as the Soviet player"),
                              (won_as_soviet, "scenarios won as the Soviet player")):
            if label:
                reasons.append(f"Tied: {label}: {a} {metric[a]}, {b} {metric[b]}.")
            if metric[a] != metric[b]:
                win = a if metric[a] > metric[b] else b
                reasons.append(f"{win} wins the double campaign.")
                return Outcome(win, totals, tuple(reasons), by="player")
        reasons.append("Still tied: the double campaign is a draw.")
        return Outcome(None, totals, tuple(reasons), by="player", draw=True)

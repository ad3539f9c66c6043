"""Tide of Iron: setting up each scenario of the campaign and starting its battle
(TOI Campaign Scenario Set Up)."""

from __future__ import annotations

from .citations import R_PLAY, R_SETUP, SIDE_NAME
from .commands import BeginBattle
from .state import SIDES, TYPES, Record, fresh_mods


class ScenarioSetUp:
    """TOI Campaign Scenario Set Up: the first scenario, each next one, and the battle begun."""

    def start(self) -> None:
        """Set up the first scenario (called once by new_game)."""
        self._out = []
        if self.standalone:
            self._emit(f"Standalone scenario: {self.current.name}. The scenario's winner wins; there is no Campaign Phase.",
                       "TOI Campaign Overview", "setup")
        else:
            names = ", ".join(self.scenario(x).name for x in self.state.run)
            twice = " The campaign is played twice, sides switched." if self.double else ""
            self._emit(f"The campaign: {names}.{twice}", "TOI Campaign Overview", "setup")
        self._begin_scenario()
        self.events.extend(self._out)

    def _begin_scenario(self) -> None:
        # TOI Campaign Scenario Set Up: cards Recruit side up at the campaign's start; two
        # command tokens on each Campaign Command card at every scenario's set-up
        s = self.state
        sc = self.current
        s.phase, s.to_act, s.decision, s.status_round = "setup", None, None, 0
        s.buyers, s.tasks = [], []
        if s.index == 0:
            s.mods = {side: fresh_mods(len(sc.side(side).divisions)) for side in SIDES}
        else:
            s.mods = s.next_mods
        s.next_mods = {side: fresh_mods(0) for side in SIDES}
        for side in SIDES:
            for card in s.cards[side].values():
                card.tokens = self.c.start_command
        rec = Record(campaign=s.campaign, scenario=sc.id, players=dict(s.players),
                     raised={side: s.mods[side].raised for side in SIDES})
        rec.command = {side: {t: self.c.start_command for t in TYPES} for side in SIDES}
        s.ledger.append(rec)
        campaign = f"Campaign {s.campaign}, scenario" if self.double else "Scenario"
        self._emit(f"{campaign} {s.index + 1} of {len(s.run)}: {sc.name}. German: {self.player('german')}; "
                   f"Soviet: {self.player('soviet')}.", R_SETUP, "setup")
        self._emit(f"Each player places {self.c.start_command} command tokens on each Campaign Command card.",
                   R_SETUP, "setup")
        for side in SIDES:
            vets = [t for t in TYPES if s.cards[side][t].veteran]
            if vets:
                self._emit(f"{SIDE_NAME[side]} Veteran cards: {', '.join(vets)}.", "TOI Campaign Command Cards", "setup")
            m = s.mods[side]
            for note in m.notes + [n for d in m.divisions for n in d.notes]:
                self._emit(f"{SIDE_NAME[side]} set-up: {note}", R_SETUP, "setup")

    def _why_BeginBattle(self, cmd: BeginBattle) -> str | None:
        if self.state.phase != "setup" or self.state.decision is not None:
            return self._wrong_time("The battle begins once, after the set-up")
        return None

    def _do_begin_battle(self, cmd: BeginBattle) -> None:
        s = self.state
        s.phase = "battle"
        s.record.status = "battle"
        sc = self.current
        self._emit(f"The battle of {sc.name} is fought on the table: {sc.rounds} rounds, "
                   f"{SIDE_NAME[sc.starting_initiative]} initiative first.", R_PLAY, "battle")

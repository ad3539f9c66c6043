"""Victory: the maps and their layout, the attacker and deployment (VIC 4.2 Maps; VIC 4.2 Maps:
Map Layout Chart; VIC 4.3 Battle Group Deployment)."""

from __future__ import annotations

from typing import Any

from . import tables
from .citations import R_DEPLOY, R_LAYOUT, R_MAPS
from .commands import Deployed, RollInitiative, RollLayout, RollMaps
from .state import Match


class MapsAndDeployment:
    """VIC 4.2 Maps and 4.3 Battle Group Deployment: map and layout rolls, initiative, deployment in turn."""

    def _table_step_problem(self, table: Any, step: str, text: str) -> str | None:
        m, problem = self._table_problem(table)
        if problem:
            return problem
        if m.step != step:
            return self._wrong_time(text)
        return None

    def _why_RollMaps(self, cmd: RollMaps) -> str | None:
        return self._table_step_problem(cmd.table, "maps", "The maps are rolled once, before the battle (4.2)")

    def _why_RollLayout(self, cmd: RollLayout) -> str | None:
        m, problem = self._table_problem(cmd.table)
        if problem:
            return problem
        if m.step == "maps":
            return "Roll the maps first: the layout is rolled for the two maps drawn (4.2)."
        return self._table_step_problem(cmd.table, "layout", "The map layout is rolled once, after the maps (4.2)")

    def _why_RollInitiative(self, cmd: RollInitiative) -> str | None:
        m, problem = self._table_problem(cmd.table)
        if problem:
            return problem
        if m.step != "initiative" and m.attacker and not m.initiative_rolls and m.step in ("maps", "layout", "deploy"):
            return f"{m.attacker_reason}: {m.attacker} is the attacker; no initiative roll (4.3)."
        if m.step in ("maps", "layout"):
            return "Roll the maps and their layout first: the initiative is rolled before deployment (4.2, 4.3)."
        return self._table_step_problem(cmd.table, "initiative", "The initiative is rolled before deployment, at "
                                        "the campaign's start and after a draw (4.3)")

    def _why_Deployed(self, cmd: Deployed) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "deploy":
            return self._wrong_time("Battle Groups deploy after the maps and the attacker are settled (4.3)")
        if cmd.player in m.deployed:
            return f"{cmd.player} has deployed already."
        first = self._next_deployer(m)
        if cmd.player != first:
            return f"The attacker ({m.attacker}) deploys first (4.3)."
        return None

    def _next_deployer(self, m: Match) -> str:
        # VIC 4.3: the attacker deploys first
        return m.attacker if m.attacker not in m.deployed else m.defender

    def _do_roll_maps(self, cmd: RollMaps) -> None:
        # VIC 4.2: "Roll 3d6 sequentially and consult the 2-map random generator chart"
        m = self.match_at(cmd.table)
        rolls = self.dice.roll(3)
        allied, axis = tables.two_maps(rolls, self.content)
        m.map_rolls, m.allied_map, m.axis_map = tuple(rolls), allied, axis
        m.step = "layout"
        maps = self.content.maps
        self._emit(f"Maps {'-'.join(str(x) for x in rolls)}: Axis map {axis} ({maps[axis].name}) for {m.axis}, "
                   f"Allied map {allied} ({maps[allied].name}) for {m.allied}.", R_MAPS, "roll", rolls)

    def _do_roll_layout(self, cmd: RollLayout) -> None:
        # VIC 4.2: "roll 1d8 and consult the map layout chart. If the maps do not fit together
        # according to the chart, re-roll until they match up (land with land, sea with sea)"
        m = self.match_at(cmd.table)
        maps = self.content.maps
        while True:
            roll = self.dice.roll(1, 8)[0]
            m.layout_rolls.append(roll)
            lay = self.content.layouts[roll]
            ally_edge = maps[m.allied_map].edge(lay.allied_edge)
            axis_edge = maps[m.axis_map].edge(lay.axis_edge)
            if self.content.fits(m.allied_map, m.axis_map, roll):
                m.layout = roll
                self._emit(f"Layout {roll}: {lay.text} {ally_edge.capitalize()} meets {axis_edge}: the maps fit.",
                           R_LAYOUT, "roll", (roll,))
                break
            self._emit(f"Layout {roll} does not fit: Allied {lay.allied_edge} edge is {ally_edge}, Axis "
                       f"{lay.axis_edge} edge is {axis_edge}. Re-roll.", R_LAYOUT, "roll", (roll,))
        if m.attacker:
            m.step = "deploy"
            self._emit(f"{m.attacker_reason}: {m.attacker} is the attacker, deploys first and has the initiative "
                       f"in the first turn.", R_DEPLOY, "deploy")
        else:
            m.step = "initiative"
            why = "the campaign's start" if self.battle == 1 else "no single winner of the previous battle"
            self._emit(f"Roll for the initiative ({why}): the winner is the attacker and deploys first.",
                       R_DEPLOY, "deploy")

    def _do_roll_initiative(self, cmd: RollInitiative) -> None:
        # VIC 4.3: "roll for the initiative prior to deployment" (1d6 each; ties are re-rolled)
        m = self.match_at(cmd.table)
        while True:
            a, b = self.dice.roll(2)
            m.initiative_rolls.append((a, b))
            if a != b:
                break
            self._emit(f"Initiative: {m.axis} {a}, {m.allied} {b}: a tie, roll again.", R_DEPLOY, "roll", (a, b))
        m.attacker = m.axis if a > b else m.allied
        m.attacker_reason = f"{m.attacker} won the initiative roll"
        self._emit(f"Initiative: {m.axis} {a}, {m.allied} {b}: {m.attacker} wins the initiative, is the attacker "
                   f"and deploys first.", R_DEPLOY, "roll", (a, b))
        m.step = "deploy"

    def _do_deployed(self, cmd: Deployed) -> None:
        # VIC 4.3: "All units must be deployed in friendly cities and towns"; the attacker first
        m = self.match_of(cmd.player)
        m.deployed.append(cmd.player)
        self._emit(f"{cmd.player} has deployed the Battle Group in friendly cities and towns.", R_DEPLOY, "deploy")
        if len(m.deployed) < 2:
            return
        m.step, m.turn, m.rolled = "battle", 1, False
        self._emit(f"Turn 1: {m.attacker} has the initiative. Play by the Victory rules with the changes of 3.0.",
                   R_DEPLOY, "battle")

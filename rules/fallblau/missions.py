"""FB Missions Mode: a Mission pays when it is met, at any time in the month.

A part of the ``FallBlau`` game class (``rules/fallblau/game.py``), by rulebook section."""

from __future__ import annotations

from . import combat


class Missions:
    """FB Missions Mode: the methods of ``FallBlau`` that carry it out."""

    # ======================================================================
    # Missions (FB Missions Mode)
    # ======================================================================
    def _check_missions(self) -> None:
        s = self.state
        met = True
        while met and s.missions and not s.over:
            met = False
            for m in list(s.missions):
                if self._mission_met(m):
                    met = True
                    s.missions.remove(m)
                    s.missions_done.append(m)
                    spec = self.content.missions[m]
                    rewards = []
                    if spec.reward_supply:
                        gain = min(spec.reward_supply, self.c.supply_max - s.supply)
                        s.supply += gain
                        rewards.append(f"+{gain} supply")
                    if spec.reward_vp:
                        rewards.append(f"+{spec.reward_vp} VP")
                    self._emit(f"Mission accomplished: {spec.name} ({', '.join(rewards)}).", "FB Missions Mode", "mission")
                    if spec.reward_vp:
                        self._gain_vp(spec.reward_vp)

    def _mission_met(self, mission: str) -> bool:
        s = self.state
        m = self.content.missions[mission]
        kind = m.kind
        if kind == "supply_at_least":
            return s.supply >= m.n
        if kind == "vp_at_least":
            return s.vp >= m.n
        if kind == "full_strength":
            return len(s.generals) >= m.n and all(
                g.cubes >= self.content.generals[gid].cubes for gid, g in s.generals.items())
        caps = s.month_captures          # the other Missions (_CAPTURE_KINDS) ask for captures this month
        if not caps:
            return False
        if kind == "capture_card":
            return m.card in caps
        if kind == "capture_icon":
            return any(combat.card_icon(self.content, c) == m.icon for c in caps)
        if kind == "capture_count":
            return len(caps) >= m.n
        if kind == "capture_vp":
            return sum(combat.card_vp(self.content, c) for c in caps) >= m.n
        if kind == "destroy_counterattack":
            return any(c in self.content.events for c in caps)
        raise AssertionError(kind)

"""Victory: more than two players: round robin pairings and team transfers (VIC 7.0
Multi-Player Options; VIC 7.1 Round Robin; VIC 7.2 Team Play)."""

from __future__ import annotations

from .citations import R_MAPS, R_PLAY, R_ROUND_ROBIN, R_TEAM, _plural
from .commands import DrawPairings, EndTransfers, Transfer
from .legality import _is_str
from .state import ALLIED, AXIS, SIDE_NAME, Match, Round, TransferRecord


class MultiPlayer:
    """VIC 7.1 Round Robin (rounds, pairings, byes) and 7.2 Team Play (transfers between battles)."""

    def _why_DrawPairings(self, cmd: DrawPairings) -> str | None:
        problem = self._campaign_problem()
        if problem:
            return problem
        if self.state.round.step != "pairings":
            return self._wrong_time("The players are matched up once, at the start of each battle")
        return None

    def transfers_out(self, player: str) -> int:
        r = self.state.round
        return sum(1 for t in r.transfers if t.sender == player) if r else 0

    def transfers_in(self, player: str) -> int:
        r = self.state.round
        return sum(1 for t in r.transfers if t.receiver == player) if r else 0

    def _why_Transfer(self, cmd: Transfer) -> str | None:
        s = self.state
        problem = self._player_problem(cmd.sender) or self._player_problem(cmd.receiver)
        if problem:
            return problem
        if s.mode != "team":
            return "7.2: units are transferred between Battle Groups only in team play."
        problem = self._campaign_problem()
        if problem:
            return problem
        r = s.round
        if r.step != "transfers":
            return self._wrong_time("7.2: units are transferred after each battle, once every Regroup Phase is done")
        if cmd.sender == cmd.receiver:
            return "A transfer goes to another player's Battle Group."
        fs, fr = self.force(cmd.sender), self.force(cmd.receiver)
        if fs.team != fr.team:
            return (f"7.2: transfers go between teammates; {cmd.sender} plays for the {SIDE_NAME[fs.team]} team and "
                    f"{cmd.receiver} for the {SIDE_NAME[fr.team]} team.")
        if not _is_str(cmd.unit) or self.unit(cmd.sender, cmd.unit) is None:
            return f"{cmd.sender}'s Battle Group has no unit {cmd.unit!r}."
        if any(t.receiver == cmd.sender and t.new_id == cmd.unit for t in r.transfers):
            return f"{cmd.unit} was transferred to {cmd.sender} after this battle: it cannot be passed on until the next."
        out_max, in_max = self.c.transfer_out_max, self.c.transfer_in_max
        if self.transfers_out(cmd.sender) >= out_max:
            return (f"7.2: {cmd.sender} has transferred {out_max} units out after this battle already "
                    f"(at most {out_max}).")
        if self.transfers_in(cmd.receiver) >= in_max:
            return (f"7.2: {cmd.receiver} has received {in_max} units after this battle already (at most {in_max}; "
                    f"units sent out do not add to it).")
        return None

    def _why_EndTransfers(self, cmd: EndTransfers) -> str | None:
        problem = self._campaign_problem()
        if problem:
            return problem
        if self.state.mode != "team" or self.state.round.step != "transfers":
            return self._wrong_time("7.2: transfers are made after each battle in team play")
        return None

    def _begin_round(self, number: int) -> None:
        s = self.state
        r = Round(number)
        s.rounds.append(r)
        if s.mode == "duel":
            self._emit(f"Battle {number} of {self.c.battles}.", R_PLAY, "battle")
            self._open_match(r, Match(1, s.order[0], s.order[1]))
            return
        r.step = "pairings"
        rule = R_ROUND_ROBIN if s.mode == "round-robin" else R_TEAM
        self._emit(f"Battle {number} of {self.c.battles}: match up the players.", rule, "battle")

    def _pick_bye(self, candidates: list[str]) -> str:
        """Sitting out rotates: among the players who sat out least, the last in the drawn order."""
        fewest = min(self.force(p).byes for p in candidates)
        return [p for p in candidates if self.force(p).byes == fewest][-1]

    def _do_draw_pairings(self, cmd: DrawPairings) -> None:
        # VIC 7.1: "All players involved are randomly matched up for each battle ... Axis and Allied
        # players are chosen randomly for each battle"; VIC 7.2: "Axis players are randomly matched
        # up with Allied players"
        s = self.state
        r = s.round
        pairs: list[tuple[str, str]] = []
        if s.mode == "round-robin":
            drawn = self.dice.shuffle(list(s.order))
            if len(drawn) % 2:
                bye = self._pick_bye(drawn)
                drawn.remove(bye)
                r.byes.append(bye)
            pairs = [(drawn[i], drawn[i + 1]) for i in range(0, len(drawn), 2)]
            rule = R_ROUND_ROBIN
        else:
            axis = self.dice.shuffle([p for p in s.order if s.forces[p].team == AXIS])
            allied = self.dice.shuffle([p for p in s.order if s.forces[p].team == ALLIED])
            for side in (axis, allied):
                while len(side) > min(len(axis), len(allied)):
                    bye = self._pick_bye(side)
                    side.remove(bye)
                    r.byes.append(bye)
            pairs = list(zip(axis, allied))
            rule = R_TEAM
        for p in r.byes:
            f = self.force(p)
            f.byes += 1
            f.last = "bye"
        text = "; ".join(f"table {i}: {a} (Axis) against {b} (Allied)" for i, (a, b) in enumerate(pairs, start=1))
        self._emit(f"Battle {r.number} pairings: {text}.", rule, "pairing")
        if r.byes:
            more = "" if r.number >= self.c.battles else " They pick reinforcements as after a draw: Standard Forcepool only."
            self._emit(f"Sitting out battle {r.number}: {', '.join(r.byes)}.{more}", rule, "pairing")
        r.step = "battles"
        for i, (a, b) in enumerate(pairs, start=1):
            self._open_match(r, Match(i, a, b))

    def _open_match(self, r: Round, m: Match) -> None:
        # VIC 4.3: "The person who won the previous battle is considered the attacker"; at the
        # campaign's start and after a draw, roll for the initiative
        r.matches.append(m)
        m.lost = {p: [] for p in m.players}
        for p in m.players:
            for u in self.force(p).units:
                u.service.append((r.number, u.cv))
        won = [p for p in m.players if self.force(p).last == "won"]
        if len(won) == 1:
            m.attacker = won[0]
            m.attacker_reason = f"{won[0]} won the previous battle"
        where = f" at table {m.table}" if self.mode != "duel" else ""
        self._emit(f"Battle {r.number}{where}: {m.axis} (Axis) against {m.allied} (Allied). Roll 3d6 for the maps.",
                   R_MAPS, "battle")

    def _check_round_end(self) -> None:
        s = self.state
        r = s.round
        if any(m.step != "done" for m in r.matches):
            return
        last = r.number >= self.c.battles
        if not last and any(p not in r.reinforced for p in r.byes):
            return
        if last:
            self._finish()
            return
        if s.mode == "team":
            r.step = "transfers"
            self._emit(f"After battle {r.number}: teammates may transfer units, each player at most "
                       f"{self.c.transfer_out_max} out and {self.c.transfer_in_max} in.", R_TEAM, "transfer")
            return
        r.step = "done"
        self._begin_round(r.number + 1)

    def _do_transfer(self, cmd: Transfer) -> None:
        # VIC 7.2: "players may transfer up to 5 units out of their BG and receive up to 10 units
        # from other players BG's"
        r = self.state.round
        fs, fr = self.force(cmd.sender), self.force(cmd.receiver)
        old = self.unit(cmd.sender, cmd.unit)
        fs.units.remove(old)
        new = self._new_unit(cmd.receiver, old.unit_type, old.cv, old.joined)
        new.service = list(old.service)
        new.notes = list(old.notes) + [f"transferred from {cmd.sender} (as {old.id}) after battle {r.number}"]
        old.left = f"transferred to {cmd.receiver} (as {new.id}) after battle {r.number}"
        fs.gone.append(old)
        fr.units.append(new)
        r.transfers.append(TransferRecord(cmd.sender, cmd.receiver, old.unit_type, old.cv, old.id, new.id))
        self._emit(f"{cmd.sender} transfers {old.id} ({self._type_name(old.unit_type)}, {old.cv} CV) to "
                   f"{cmd.receiver}, where it is {new.id}. {cmd.sender} has sent {self.transfers_out(cmd.sender)} of "
                   f"{self.c.transfer_out_max}; {cmd.receiver} has received {self.transfers_in(cmd.receiver)} of "
                   f"{self.c.transfer_in_max}.", R_TEAM, "transfer")

    def _do_end_transfers(self, cmd: EndTransfers) -> None:
        r = self.state.round
        self._emit(f"Transfers after battle {r.number} are over ({_plural(len(r.transfers), 'unit')} moved).",
                   R_TEAM, "transfer")
        r.step = "done"
        self._begin_round(r.number + 1)

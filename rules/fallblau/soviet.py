"""FB Soviet Counter-Attacks and reinforcements: a card's red cubes strike its General, Major Soviet Counter-Attacks deploy and strike, reinforcements join the front.

A part of the ``FallBlau`` game class (``rules/fallblau/game.py``), by rulebook section."""

from __future__ import annotations

from rules.core.make import maker
from rules.core.words import count

from . import combat
from .commands import ChooseSlot
from .state import FrontCard, Task, Temporary

_task = maker(Task)


class SovietCounterAttacks:
    """FB Soviet Counter-Attacks and reinforcements: the methods of ``FallBlau`` that carry it out."""

    # ======================================================================
    # Counter-attacks (FB Step 5, Major Soviet Counter-Attacks)
    # ======================================================================
    def _counterattack(self, slot: int, card: str, red: int, rule: str) -> None:
        s = self.state
        gid = s.slots[slot]
        if gid is None or red == 0:
            return
        extra, hit_on, notes = 0, 1, []
        effect = self._t.effect
        for p in s.permanents:
            if effect[p] != "soviet_bonus":
                continue
            ev = self.content.events[p]
            if not ev.only_card or ev.only_card == card:
                extra += ev.extra_dice
                hit_on = max(hit_on, ev.hit_on)
                notes.append(ev.name)
        dice = self.dice.roll(red + extra)
        hits = combat.soviet_hits(dice, hit_on)
        mods = tuple(f"{n} in play" for n in notes) if notes else ()
        hit_text = "1" if hit_on == 1 else f"1-{hit_on}"
        self._emit(f"{self.name(card)} counter-attacks {self.name(gid)} with {len(dice)} dice; each {hit_text} destroys a grey cube.",
                   rule, "roll", dice=dice, modifiers=mods)
        if hits and self.content.generals[gid].ability.counterattack_reroll_ones:
            again = self.dice.roll(hits)
            hits = combat.soviet_hits(again, hit_on)
            self._emit(f"{self.name(gid)} rolls the {count(len(again), 'hit')} again: only {hits} stand.", "FB General ability",
                       "roll", dice=again)
        g = s.generals[gid]
        lost = min(hits, g.cubes)
        g.cubes -= lost
        self._emit(f"{self.name(gid)} loses {count(lost, 'grey cube')} ({g.cubes} left).", rule, "loss")
        if g.cubes == 0:
            self._general_lost(gid)

    def _major_counterattack(self, card: str) -> None:
        # FB Major Soviet Counter-Attacks: an empty space first, then the General with fewest cubes
        s = self.state
        empty = [slot for slot in range(3) if s.front[slot] is None]
        if empty:
            facing = [slot for slot in empty if s.slots[slot] is not None]
            pool = facing or empty
            temporary = False
        else:
            pool = [slot for slot in range(3) if s.slots[slot] is not None]
            temporary = True
        if not pool:
            s.discard.append(card)
            return
        fewest = min(s.generals[s.slots[x]].cubes if s.slots[x] else 0 for x in pool)
        ties = tuple(x for x in pool if (s.generals[s.slots[x]].cubes if s.slots[x] else 0) == fewest)
        if len(ties) > 1:
            where = "temporarily in front of" if temporary else "at an empty space facing"
            self._decide("deploy", f"{self.name(card)} deploys {where} the General with the fewest cubes: choose the position.",
                         "FB Major Soviet Counter-Attacks", ties)
            s.tasks.insert(0, _task("deploy_pending", card=card, n=int(temporary)))
            return
        self._place_counterattack(card, ties[0], temporary)

    def _place_counterattack(self, card: str, slot: int, temporary: bool) -> None:
        s = self.state
        ev = self.content.events[card]
        red = min(ev.n, self.red_reserve())
        short = f" (only {red} left in the reserve)" if red < ev.n else ""
        if temporary:
            s.temporary = Temporary(card, slot, red)
            self._emit(f"{ev.name} deploys for the moment at position {slot + 1} with {red} red cubes{short}: the frontline is full.",
                       "FB Major Soviet Counter-Attacks", "counterattack")
        else:
            s.front[slot] = FrontCard(card, red, counterattack=True)
            self._emit(f"{ev.name} deploys at position {slot + 1} with {red} red cubes{short}.",
                       "FB Major Soviet Counter-Attacks", "counterattack")
        self._push(_task("counterattack", card=card, slot=slot, n=int(temporary)))

    def _task_counterattack(self, task: Task) -> None:
        s = self.state
        if task.n:   # temporary: attack, then its cubes join the card facing that General
            t = s.temporary
            self._counterattack(task.slot, t.card, t.red, "FB Major Soviet Counter-Attacks")
            s.temporary = None
            s.front[task.slot].red += t.red
            s.discard.append(t.card)
            self._emit(f"{self.name(t.card)}'s {t.red} red cubes join {self.name(s.front[task.slot].card)}; "
                       "the card is discarded.", "FB Major Soviet Counter-Attacks", "counterattack")
        else:
            front = s.front[task.slot]
            if front is not None and front.card == task.card:
                self._counterattack(task.slot, task.card, front.red, "FB Major Soviet Counter-Attacks")

    def _task_reinforce(self, task: Task) -> None:
        # FB Victory Points and Soviet Reinforcements (a red circle), or the Event card that sent them
        s = self.state
        rule = (f"FB Event: {self.content.events[task.card].name}" if task.card in self.content.events
                else "FB Victory Points and Soviet Reinforcements")
        cards = [(combat.card_vp(self.content, f.card), slot) for slot, f in enumerate(s.front) if f]
        if not cards:
            self._emit("No card is on the frontline: the reinforcements are ignored.", rule, "reinforce")
            return
        best = max(vp for vp, _ in cards)
        ties = tuple(slot for vp, slot in cards if vp == best)
        if len(ties) > 1:
            self._decide("reinforce", f"Choose the card worth {best} VP that gets {task.n} red cubes.", rule, ties)
            s.tasks.insert(0, _task("reinforce_pending", n=task.n))
            return
        self._reinforce(ties[0], task.n, rule)

    def _reinforce(self, slot: int, n: int, rule: str) -> None:
        card = self.state.front[slot]
        added = min(n, self.red_reserve())
        card.red += added
        short = f" (only {added} left in the reserve)" if added < n else ""
        self._emit(f"{count(added, 'red cube', 'No')} reinforce {self.name(card.card)}{short}.", rule, "reinforce")

    def _answer_slot(self, cmd: ChooseSlot) -> None:
        s = self.state
        kind, rule = s.decision.kind, s.decision.rule
        s.decision = None
        pending = s.tasks.pop(0)
        if kind == "reinforce":
            self._reinforce(cmd.slot, pending.n, rule)
        else:
            self._place_counterattack(pending.card, cmd.slot, temporary=bool(pending.n))

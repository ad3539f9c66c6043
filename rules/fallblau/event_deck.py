"""FB The Event Deck (Step 3: Draw Events): cards drawn, discarded and reshuffled, stop cards resolved at once, Event cards played from the hand (air strikes).

A part of the ``FallBlau`` game class (``rules/fallblau/game.py``), by rulebook section."""

from __future__ import annotations

from typing import Any

from rules.core.make import maker
from rules.core.words import count

from . import combat
from .commands import ChooseGeneral, Discard, PlayEvent
from .state import Task

_task = maker(Task)


class EventDeck:
    """FB The Event Deck (Step 3: the methods of ``FallBlau`` that carry it out."""

    def _task_draw(self, task: Task) -> None:
        # FB The Event Deck: hand limit five, discard before drawing
        s = self.state
        if len(s.hand) >= self.c.hand_size:
            self._decide("discard", f"Your hand is full ({self.c.hand_size}): choose a card to discard before drawing.",
                         "FB The Event Deck: hand limit", ())
            s.tasks.insert(0, task)
            return
        if not s.deck:
            if not s.discard:
                self._emit("The Event deck and discard pile are both empty: no card is drawn.", "FB The Event Deck")
                return
            # FB The Event Deck: when it runs out, exhaust a General of your choice and reshuffle
            ready = tuple(g for g in s.slots if g is not None and s.generals[g].ready)
            s.tasks.insert(0, task)
            if len(ready) > 1:
                self._decide("empty_deck", "The Event deck has run out: choose a General to exhaust.",
                             "FB The Event Deck: empty deck", ready)
            else:
                self._reshuffle(ready[0] if ready else None)
            return
        card = s.deck.pop(0)
        ev = self.content.events[card]
        if ev.timing == "stop":
            self._emit(f"Drawn: {ev.name} (stop): {ev.text}", "FB The Event Deck: stop", "draw", reveal=True)
            self._push(_task("stop", card=card))
        elif ev.timing == "permanent":
            s.permanents.append(card)
            self._emit(f"Drawn: {ev.name} (permanent, now in play): {ev.text}", "FB The Event Deck: permanent", "draw", reveal=True)
        else:
            s.hand.append(card)
            self._emit(f"Drawn: {ev.name}.", "FB Step 3: Draw Events", "draw", reveal=True)

    def _answer_discard(self, cmd: Discard) -> None:
        s = self.state
        s.hand.remove(cmd.card)
        s.discard.append(cmd.card)
        s.decision = None
        self._emit(f"Discarded {self.name(cmd.card)} to make room.", "FB The Event Deck: hand limit", "card")

    def _reshuffle(self, general: str | None) -> None:
        s = self.state
        if general is not None:
            s.generals[general].ready = False
            self._emit(f"The Event deck has run out: {self.name(general)} is exhausted.", "FB The Event Deck: empty deck")
        else:
            self._emit("The Event deck has run out; no General is ready to exhaust.", "FB The Event Deck: empty deck")
        s.deck = self.dice.shuffle(s.discard)
        s.discard = []
        self._emit(f"The discard pile is shuffled into a new Event deck of {len(s.deck)} cards.",
                   "FB The Event Deck: empty deck", "draw", reveal=True)

    def _answer_general(self, cmd: ChooseGeneral) -> None:
        s = self.state
        kind, rule = s.decision.kind, s.decision.rule
        s.decision = None
        if kind == "empty_deck":
            self._reshuffle(cmd.general)
        elif kind == "exhaust":
            self._exhaust(cmd.general, rule)
        else:
            card = s.tasks.pop(0)   # the lose_cubes stop card waiting on this answer
            self._lose_cubes(cmd.general, self.content.events[card.card].n, self.content.events[card.card].name)

    def _task_stop(self, task: Task) -> None:
        s = self.state
        ev = self.content.events[task.card]
        rule = f"FB Event: {ev.name}"
        if ev.effect == "counterattack":
            self._major_counterattack(task.card)
            return
        s.discard.append(task.card)
        if ev.effect == "lose_supply":
            lost = min(ev.n, s.supply)
            s.supply -= lost
            self._emit(f"{ev.name}: {lost} supply lost (now {s.supply}).", rule, "card")
        elif ev.effect == "exhaust":
            ready = tuple(g for g in s.slots if g is not None and s.generals[g].ready)
            if len(ready) > 1:
                self._decide("exhaust", f"{ev.name}: choose a ready General to exhaust.", rule, ready)
            elif ready:
                self._exhaust(ready[0], rule)
            else:
                self._emit(f"{ev.name}: no General is ready; no effect.", rule, "card")
        elif ev.effect == "lose_cubes":
            alive = tuple(g for g in s.slots if g is not None)
            if len(alive) > 1:
                s.tasks.insert(0, _task("lose_cubes_pending", card=task.card))
                self._decide("lose_cubes", f"{ev.name}: choose the General who loses {count(ev.n, 'grey cube')}.", rule, alive)
            elif alive:
                self._lose_cubes(alive[0], ev.n, ev.name)
        elif ev.effect == "reinforce":
            self._push(_task("reinforce", n=ev.n, card=task.card))
        elif ev.effect == "calendar":
            self._advance_calendar(ev.n, rule)
            if not s.over:
                self._emit(f"{ev.name}: the calendar moves to {self.calendar_label()}.", rule, "turn")

    # ---------------------------------------------------------------- hold cards
    def _do_play(self, cmd: PlayEvent) -> None:
        s = self.state
        ev = self.content.events[cmd.card]
        rule = f"FB Event: {ev.name}"
        s.hand.remove(cmd.card)
        s.discard.append(cmd.card)
        if ev.effect == "supply":
            gain = min(ev.n, self.c.supply_max - s.supply)
            s.supply += gain
            self._emit(f"{ev.name}: +{gain} supply (now {s.supply}).", rule, "card")
        elif ev.effect == "vp":
            self._emit(f"{ev.name}: +{ev.n} VP.", rule, "card")
            self._gain_vp(ev.n)
        elif ev.effect == "replacements":
            g = s.generals[cmd.general]
            start = self.content.generals[cmd.general].cubes
            add = min(ev.n, start - g.cubes, self.grey_reserve())
            g.cubes += add
            self._emit(f"{ev.name}: {self.name(cmd.general)} gains {count(add, 'grey cube')} ({g.cubes}).", rule, "card")
        elif ev.effect == "ready":
            s.generals[cmd.general].ready = True
            self._emit(f"{ev.name}: {self.name(cmd.general)} is ready again.", rule, "card")
        elif ev.effect == "air_strike":
            self._air_strike(ev, cmd.target)

    def _air_strike(self, ev: Any, target: int) -> None:
        # FB The Event Deck: special attacks with black dice cannot capture
        s = self.state
        card = s.front[target]
        mod, notes = combat.icon_modifier(self.content, s, card.card, None, ev.ignore_icons)
        dice = self.dice.roll(ev.n)
        hits = min(combat.black_hits(dice, mod, self.c), card.red)
        card.red -= hits
        left = " It cannot capture the card: an Attack! order must finish it." if card.red == 0 else ""
        self._emit(f"{ev.name} strikes {self.name(card.card)}: {count(hits, 'red cube')} removed ({card.red} left).{left}",
                   f"FB Event: {ev.name}", "roll", dice=dice, modifiers=notes)

"""Campaign: Fall Blau, the game: setup, the five-step turn, orders and attacks. The Event deck
(``event_deck.py``), the Soviet counter-attacks and reinforcements (``soviet.py``) and the
Missions (``missions.py``) are parts of the same ``FallBlau`` class, a module each.

Each function reads like the rulebook section it implements; the section is cited as
"FB <section>" in a comment and in the events it emits.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable

import attrs

from rules.core.attrs_classes import frozen
from rules.core.command import Command, Decision
from rules.core.dice import Dice, SeededDice
from rules.core.events import Event
from rules.core.game import Game
from rules.core.make import maker
from rules.core.words import count

from . import combat
from .commands import (
    COMMANDS, Advance, Attack, ChooseGeneral, ChooseSlot, Consolidate, Discard, EndTurn,
    OrderDeck, PlayEvent, Reorganize, Reroll, UseAbility,
)
from .content import Content, load, tables
from .event_deck import EventDeck
from .missions import Missions
from .soviet import SovietCounterAttacks
from .state import FallBlauState, FrontCard, GeneralState, PendingAttack, Task

WINTER_RULE = "FB Adjust the Calendar"

_task = maker(Task)       # Task(...) in a third of the time; likewise the decisions asked, the deck orders offered
_decision = maker(Decision)
_order_deck = maker(OrderDeck)
# the steps every turn queues, made once (a Task is a frozen value, so one can stand in many queues)
_BEGIN_TURN, _DRAW, _END_TURN = Task("begin_turn"), Task("draw"), Task("end_turn")
_LOCALS = tuple(Task("local", slot=slot) for slot in range(3))
_END_TURN_CMD = EndTurn()


def _made_once(make: Callable[[Any], Any]) -> tuple[dict, Callable[[Any], Any]]:
    """A table of values made once, and the function that makes a missing one and keeps it: read
    it as ``table.get(key) or fill(key)`` (every value is a non-empty tuple or a command).

    legal() is rebuilt after every command: the same frozen commands come back again and again,
    so each is made once and shared (a lookup costs a fraction of an attrs __init__). A plain dict
    read with get: a subclass of dict with ``__missing__`` is read through a Python-level
    ``__getitem__`` slot (dict's own is a method, not a slot wrapper), several times slower, and a
    functools.cache call costs more still; a random game looks up some 700. The commands of a game
    are a finite set (about 7,000 with every Panzer double advance), so the tables are unbounded:
    an LRU bound below that set made it evict and rebuild in long games.
    """
    table: dict = {}

    def fill(key: Any) -> Any:
        value = table[key] = make(key)
        return value
    return table, fill


# the frontline positions a General at each position may attack (FB Attack! order: in front or adjacent)
_NEAR = ((0, 1), (0, 1, 2), (1, 2))
# the Missions met only by captures made this month (FB Missions Mode)
_CAPTURE_KINDS = frozenset({"capture_card", "capture_icon", "capture_count", "capture_vp", "destroy_counterattack"})
_BY_VALUES = _CAPTURE_KINDS | {"supply_at_least", "vp_at_least"}
_NO_BOOST: tuple[str | None, ...] = (None,)
_EMPTY_HAND: tuple[tuple[str | None, ...], tuple[str, ...]] = (_NO_BOOST, ())


def _attacks(gid: str, target: int, boosts: tuple[str | None, ...]) -> tuple[Attack, ...]:
    """`gid`'s Attack! orders on position `target`, with each dice card of `boosts` (None: none)."""
    return tuple(Attack(gid, target, b) for b in boosts)


def _advance_orders(gid: str, unlocked: tuple[str, ...], beside: tuple[int, ...] | None) -> tuple[Advance, ...]:
    """FB Advance order: `gid` brings a card of the unlocked queue in front of him; when he may
    bring a second (Panzer), `beside` holds the empty positions beside him, one per second card."""
    out = [Advance(gid, card) for card in unlocked]
    if beside is not None:
        for first, second in itertools.permutations(unlocked, 2):
            out += [Advance(gid, first, second, x) for x in beside]
    return tuple(out)


def _reorganizations(current: tuple[str | None, ...]) -> tuple[Reorganize, ...]:
    """Every other arrangement of the Generals on the three positions (FB Reorganizing the Frontline)."""
    alive = [g for g in current if g is not None]
    out = []
    for positions in itertools.permutations(range(3), len(alive)):
        order: list[str | None] = [None, None, None]
        for gid, pos in zip(alive, positions):
            order[pos] = gid
        if tuple(order) != current:
            out.append(Reorganize(tuple(order)))
    return tuple(out)


# the orders and answers legal() lists, by what they are made of
# (General, target, dice cards): five Generals, three targets, the dice cards a hand can hold
_ATTACKS, _attacks_made = _made_once(lambda key: _attacks(*key))
# (General, unlocked queue, positions beside)
_ADVANCES, _advances_made = _made_once(lambda key: _advance_orders(*key))
_REORGANIZATIONS, _reorganizations_made = _made_once(_reorganizations)   # by frontline: at most 6 * 6 * 6
_CONSOLIDATE, _consolidate_made = _made_once(Consolidate)                # by General
_USE_ABILITY, _use_ability_made = _made_once(UseAbility)                 # by General
_PLAY_EVENT, _play_event_made = _made_once(lambda key: PlayEvent(*key))  # (card, General or None, target or None)
_REROLL, _reroll_made = _made_once(Reroll)                               # by white die (None: keep the roll)
_DISCARD, _discard_made = _made_once(Discard)                            # by card
_CHOOSE_GENERAL, _choose_general_made = _made_once(ChooseGeneral)        # by General
_CHOOSE_SLOT, _choose_slot_made = _made_once(ChooseSlot)                 # by position


_OF_CONTENT: dict[int, tuple[Content, tuple]] = {}


def _of_content(content: Content, t: Any) -> tuple:
    """What a game reads of its content, worked out once per Content (read once, never changed):
    the Missions met only by captures made this month; whether every Mission is met or not by
    the supply, the VP, the Missions and the month's captures alone (not "full_strength": the
    Generals' cubes); the Generals who look at the Event deck ahead; a frontline position's
    General by name, or "(empty)"; the Campaign cards unlocked at the start; the Event cards of
    a game, by Hard Mode or not (new_game)."""
    hit = _OF_CONTENT.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    made = (frozenset(m for m, spec in content.missions.items() if spec.kind in _CAPTURE_KINDS),
            all(spec.kind in _BY_VALUES for spec in content.missions.values()),
            frozenset(g for g, spec in content.generals.items() if spec.ability.peek_events),
            {None: "(empty)"} | {g: t.names[g] for g in content.generals},
            tuple(k for k, v in content.campaign.items() if v.start_unlocked),
            {hard: tuple(content.event_ids(hard)) for hard in (False, True)})
    _OF_CONTENT[id(content)] = (content, made)
    return made


@frozen
class Outcome:
    level: str            # "brilliant", "victory" or "defeat"
    vp: int               # final VP: the track less 2 per General lost
    track: int            # VP on the Campaign Progress track
    generals_lost: int
    victory_at: int
    brilliant_at: int
    reason: str

    @property
    def won(self) -> bool:
        return self.level != "defeat"


@frozen
class View:
    """What the player sees: everything but the order of the Event and Mission decks."""

    calendar: str
    turn: int
    supply: int
    vp: int
    slots: tuple[str | None, ...]
    generals: tuple[GeneralState, ...]
    front: tuple[FrontCard | None, ...]
    unlocked: tuple[str, ...]
    hand: tuple[str, ...]
    deck_size: int
    discard: tuple[str, ...]
    permanents: tuple[str, ...]
    captured: tuple[str, ...]
    lost: tuple[str, ...]
    missions: tuple[str, ...]
    decision: Decision | None
    peek: tuple[str, ...]
    attack: PendingAttack | None


class FallBlau(EventDeck, SovietCounterAttacks, Missions, Game):
    game_id = "fallblau"
    command_types = COMMANDS
    plain_legal = True        # _legal() lists commands only (no Span)

    def __init__(self, state: FallBlauState, dice: Dice, content: Content, *, seed: int,
                 options: dict, hard: bool, missions: bool, undo: bool = True):
        super().__init__(state, dice, seed=seed, options=options, undo=undo)
        self.content = content
        self.c = content.constants
        self._t = tables(content)
        # name(card) is read for nearly every event: the table's own lookup, with no Python frame
        self.name = self._t.names.__getitem__
        self.hard = hard
        self.missions_mode = missions
        self._out: list[Event] = []
        self._splits: dict[tuple[str, ...], tuple[tuple[str | None, ...], tuple[str, ...]]] = {}
        # the Generals who may pay a cube to be ready again (Hoth), in the order of the generals
        # dict they were found in (a dict the rules only ever take Generals out of)
        self._readiers_of: dict[str, GeneralState] | None = None
        self._readiers: tuple[str, ...] = ()
        (self._capture_missions, self._missions_by_values, self._peekers,
         self._holder_name) = _of_content(content, self._t)[:4]
        self._unmet: tuple | None = None     # the values the Missions were last found unmet at (_settle)

    # ======================================================================
    # The public surface
    # ======================================================================
    @property
    def outcome(self) -> Outcome | None:
        if not self.state.over:
            return None
        return self._final_outcome()

    def _final_outcome(self) -> Outcome:
        s = self.state
        t = self.c.missions if self.missions_mode else self.c.standard
        final = s.vp - self.c.general_lost_vp * len(s.lost)
        level = "brilliant" if final >= t.brilliant else "victory" if final >= t.victory else "defeat"
        return Outcome(level, final, s.vp, len(s.lost), t.victory, t.brilliant, s.end_reason)

    def view(self, side: str | None = "german") -> View:
        s = self.state
        peek = tuple(s.deck[: len(s.decision.data)]) if s.decision and s.decision.kind == "peek" else ()
        return View(
            calendar=self.calendar_label(), turn=s.turns_played, supply=s.supply, vp=s.vp,
            slots=tuple(s.slots), generals=tuple(attrs.evolve(g) for g in s.generals.values()),
            front=tuple(attrs.evolve(f) if f else None for f in s.front),
            unlocked=tuple(s.unlocked), hand=tuple(s.hand), deck_size=len(s.deck),
            discard=tuple(s.discard), permanents=tuple(s.permanents), captured=tuple(s.captured),
            lost=tuple(s.lost), missions=tuple(s.missions), decision=s.decision, peek=peek,
            attack=attrs.evolve(s.attack) if s.attack else None,
        )

    def calendar_label(self) -> str:
        return self.c.calendar[min(self.state.calendar, len(self.c.calendar) - 1)]

    def name(self, card: str) -> str:
        return self._t.names[card]

    def red_reserve(self) -> int:
        s = self.state
        on_cards = 0
        for f in s.front:
            if f is not None:
                on_cards += f.red
        if s.temporary is not None:
            on_cards += s.temporary.red
        return self.c.red_cubes - on_cards

    def grey_reserve(self) -> int:
        cubes = 0
        for g in self.state.generals.values():
            cubes += g.cubes
        return self.c.grey_cubes - cubes

    def slot_of(self, general: str) -> int:
        return self.state.slots.index(general)

    def attack_cost(self, target: int) -> int:
        return self.c.attack_cost + self._t.extra_supply[self.state.front[target].card]

    def advance_cost(self) -> int:
        cost = self.c.advance_cost
        effect = self._t.effect
        for p in self.state.permanents:
            if effect[p] == "advance_cost":
                cost += self._t.n[p]
        return cost

    # ======================================================================
    # legal(): the one list of what may be done now
    # ======================================================================
    def _legal(self) -> list[Command]:
        s = self.state
        if s.over:
            return []
        if s.decision is not None:
            return self._answers(s.decision)
        return self._orders()

    def _answers(self, d: Decision) -> list[Command]:
        s = self.state
        if d.kind == "discard":
            return [_DISCARD.get(card) or _discard_made(card) for card in self._distinct_hand()]
        if d.kind in ("empty_deck", "exhaust", "lose_cubes"):
            return [_CHOOSE_GENERAL.get(g) or _choose_general_made(g) for g in d.data]
        if d.kind in ("deploy", "reinforce"):
            return [_CHOOSE_SLOT.get(slot) or _choose_slot_made(slot) for slot in d.data]
        if d.kind == "reroll":
            seen: dict[int, int] = {}
            for index, value in enumerate(s.attack.white):
                seen.setdefault(value, index)
            return [_REROLL.get(i) or _reroll_made(i) for i in [None, *sorted(seen.values())]]
        if d.kind == "peek":
            top = s.deck[: len(d.data)]
            printed = self._t.printed.__getitem__
            if len(set(map(printed, top))) == len(top):     # no two copies of a card: every order differs
                return [_order_deck(p) for p in itertools.permutations(top)]
            # copies of a card are the same card: list each distinct order once
            orders: dict[tuple[str, ...], OrderDeck] = {}
            for p in itertools.permutations(top):
                key = tuple(map(printed, p))
                if key not in orders:
                    orders[key] = _order_deck(p)    # too many to keep: made each time
            return list(orders.values())
        raise AssertionError(f"unknown decision {d.kind}")

    def _orders(self) -> list[Command]:
        # FB Step 4: orders by each ready General, hold cards, abilities, reorganizing, ending the turn
        s, c, t = self.state, self.c, self._t
        cmds: list[Command] = []
        boosts, plays = (self._splits.get(tuple(s.hand)) or self._hand_split()) if s.hand else _EMPTY_HAND
        front, supply, generals, slots = s.front, s.supply, s.generals, s.slots
        can_advance = False
        if s.unlocked:
            advance_cost = self.advance_cost() if s.permanents else c.advance_cost
            can_advance = supply >= advance_cost
        attack_cost, extra = c.attack_cost, t.extra_supply
        for slot, gid in enumerate(slots):
            if gid is None or not generals[gid].ready:
                continue
            if can_advance and front[slot] is None:
                cmds += self._advances(gid, slot, advance_cost)
            # FB Attack! order: the card in front or one adjacent to it, with a dice card or none
            for target in _NEAR[slot]:
                card = front[target]
                if card is not None and supply >= attack_cost + extra[card.card]:
                    # no dice card against a card already emptied: no dice are rolled there
                    key = gid, target, boosts if card.red else _NO_BOOST
                    cmds += _ATTACKS.get(key) or _attacks_made(key)
            cmds.append(_CONSOLIDATE.get(gid) or _consolidate_made(gid))
        for card in plays:                   # dice cards are played with an Attack!
            self._plays(card, cmds)
        if self._readiers_of is not generals:
            self._readiers_of = generals
            self._readiers = tuple(gid for gid in generals if gid in t.ready_for_cube)
        for gid in self._readiers:           # Hoth (FB General ability), while in the game
            g = generals.get(gid)
            if g is not None and not g.ready and g.ordered and not g.ability_used and g.cubes >= 2:
                cmds.append(_USE_ABILITY.get(gid) or _use_ability_made(gid))
        if supply >= c.reorganize_cost and generals:   # a lone General may move too
            key = tuple(slots)
            cmds += _REORGANIZATIONS.get(key) or _reorganizations_made(key)
        cmds.append(_END_TURN_CMD)
        return cmds

    def _distinct_hand(self) -> list[str]:
        """The hand with the copies of a card (ids '<id>-1', '<id>-2'...) listed once: the first held."""
        first: dict[str, str] = {}
        printed = self._t.printed
        for card in self.state.hand:
            first.setdefault(printed[card], card)
        return list(first.values())

    def _hand_split(self) -> tuple[tuple[str | None, ...], tuple[str, ...]]:
        """The distinct hand as (None and the dice cards, for an Attack! with one or none; the
        other cards, played on their own), worked out once per hand in a game (kept in _splits)."""
        boosts: list[str | None] = [None]
        plays: list[str] = []
        effect = self._t.effect
        for card in self._distinct_hand():
            (boosts if effect[card] == "boost" else plays).append(card)
        split = self._splits[tuple(self.state.hand)] = (tuple(boosts), tuple(plays))
        return split

    def _advances(self, gid: str, slot: int, cost: int) -> tuple[Command, ...]:
        # FB Advance order, by `gid` at `slot` (no card in front of him) for `cost` supply (he has it)
        s = self.state
        beside = None       # a Panzer General who can pay for it may bring a second card beside him
        if gid in self._t.panzer and s.supply >= cost + self.c.panzer_second_cost:
            beside = tuple(x for x in (slot - 1, slot + 1) if 0 <= x < 3 and s.front[x] is None)
        key = gid, tuple(s.unlocked), beside
        return _ADVANCES.get(key) or _advances_made(key)

    def _plays(self, card: str, cmds: list[Command]) -> None:
        """Add to `cmds` each way to play hold card `card` now (dice cards go with an Attack!)."""
        s = self.state
        effect = self._t.effect[card]
        if effect == "supply" or effect == "vp":
            key = card, None, None
            cmds.append(_PLAY_EVENT.get(key) or _play_event_made(key))
        elif effect == "replacements":
            if self.grey_reserve() > 0:
                start = self._t.start_cubes
                for g in s.slots:
                    if g is not None and s.generals[g].cubes < start[g]:
                        key = card, g, None
                        cmds.append(_PLAY_EVENT.get(key) or _play_event_made(key))
        elif effect == "ready":
            for g in s.slots:
                if g is not None and not s.generals[g].ready:
                    key = card, g, None
                    cmds.append(_PLAY_EVENT.get(key) or _play_event_made(key))
        elif effect == "air_strike":
            for target, f in enumerate(s.front):
                if f is not None and f.red > 0:
                    key = card, None, target
                    cmds.append(_PLAY_EVENT.get(key) or _play_event_made(key))

    # ======================================================================
    # apply(): carry out a legal command, then settle pending steps
    # ======================================================================
    def _apply(self, cmd: Command) -> list[Event]:
        self._out = []
        _HANDLERS[type(cmd)](self, cmd)
        self._settle()
        return self._out

    # _emit(text, rule="", kind="info", dice=(), modifiers=(), reveal=False): an Event of the
    # command, appended to self._out; dice and modifiers come as tuples (rolls are tuples) and
    # the Event holds them as given (made as rules.core.make makes it, in one call)
    _emit = maker(Event, into="_out")

    def _settle(self) -> None:
        """Run pending steps until the player must choose, the turn is theirs, or the game ends."""
        s = self.state
        missions = self.missions_mode
        while not s.over:
            # FB Missions Mode: a Mission is met the moment it holds (a capture Mission, only
            # once a card has been captured this month)
            if missions and s.missions and (s.month_captures or not self._capture_missions.issuperset(s.missions)):
                # what the Missions read (_mission_met): the same values as when they were last found
                # unmet, they are unmet still
                values = (s.supply, s.vp, tuple(s.missions), tuple(s.month_captures))
                if values != self._unmet:
                    self._check_missions()
                    if self._missions_by_values and len(s.missions) == len(values[2]):    # none was met
                        self._unmet = values
            if s.over or s.decision is not None or not s.tasks:
                break
            task = s.tasks.pop(0)
            _TASK_STEPS[task.kind](self, task)
        if s.over:
            s.tasks.clear()
            s.decision = None
            s.attack = None

    def _push(self, *tasks: Task) -> None:
        """Put tasks at the front of the queue, to run next, in the order given."""
        self.state.tasks[:0] = tasks

    def _decide(self, kind: str, prompt: str, rule: str, data: tuple) -> None:
        self.state.decision = _decision(kind, prompt, rule, tuple(data))

    def _end_game(self, reason: str, rule: str) -> None:
        s = self.state
        if s.over:
            return
        # FB Missions Mode: a Mission pays when met, at any time in the month: even by the final step
        self._check_missions()
        s.over = True
        s.end_reason = reason
        o = self._final_outcome()
        self._emit(f"The campaign ends: {reason}", rule, "end")
        lost = f", less {self.c.general_lost_vp * o.generals_lost} for Generals lost" if o.generals_lost else ""
        self._emit(f"Final score {o.vp} VP ({o.track} on the track{lost}): {o.level.upper()}.",
                   "FB Ending the Game", "end")

    # ======================================================================
    # Setup and the turn (FB How to Play, steps 1-5)
    # ======================================================================
    def setup(self) -> None:
        s = self.state
        self._out = []
        for slot, gid in enumerate(s.slots):
            self._emit(f"{self.name(gid)} takes position {slot + 1} with {s.generals[gid].cubes} grey cubes.", "FB Setup")
        self._emit(f"{self.name(s.unlocked[0])} stands in the unlocked queue; supply {s.supply}, VP 0.", "FB Setup")
        if self.hard:
            self._emit("Hard Mode: the four skull cards are shuffled into the Event deck.", "FB Hard Mode")
        if self.missions_mode:
            t = self.c.missions
            self._emit(f"Missions Mode: victory needs {t.victory} VP, Brilliant Victory {t.brilliant}.", "FB Missions Mode")
        s.tasks = [_BEGIN_TURN]
        self._settle()
        self.events.extend(self._out)

    def _task_begin_turn(self, task: Task) -> None:
        s = self.state
        # Step 1: adjust the calendar
        self._advance_calendar(1, "FB Step 1: Adjust the Calendar")
        if s.over:
            return
        s.turns_played += 1
        # Step 2: ready all Generals
        for g in s.generals.values():
            g.ready, g.ordered, g.ability_used = True, False, False
        self._emit(f"Turn {s.turns_played}, {self.calendar_label()}: all Generals are ready.", "FB Step 2: Ready Generals", "turn")
        # Step 3: draw events (a peek first for a General who looks ahead)
        draws = [_DRAW] * self.c.draws_per_turn
        for g in s.generals:
            if g in self._peekers:          # the first General who looks ahead does so first
                self._push(_task("peek", card=g), *draws)
                break
        else:
            self._push(*draws)

    def _advance_calendar(self, boxes: int, rule: str) -> None:
        s = self.state
        last = len(self.c.calendar) - 1
        for _ in range(boxes):
            s.calendar += 1
            if s.calendar >= last:
                s.calendar = last
                self._end_game("the Soviet Winter Offensive begins.", rule)
                return
            if self._is_early(s.calendar):
                self._new_month()

    @staticmethod
    def _is_early(box: int) -> bool:
        return box >= 1 and (box - 1) % 3 == 0

    def _new_month(self) -> None:
        # FB Missions Mode: unmet missions are discarded, two new ones drawn each Early box
        s = self.state
        s.month_captures.clear()
        if not self.missions_mode:
            return
        for m in s.missions:
            s.missions_failed.append(m)
            self._emit(f"Mission '{self.name(m)}' was not met and is discarded.", "FB Missions Mode", "mission")
        s.missions.clear()
        for _ in range(self.c.missions_per_month):
            if s.mission_deck:
                m = s.mission_deck.pop(0)
                s.missions.append(m)
                self._emit(f"New mission: {self.name(m)}: {self.content.missions[m].text}", "FB Missions Mode",
                           "mission", reveal=True)

    def _do_end_turn(self, cmd: EndTurn) -> None:
        self._emit("The Germans lose the initiative.", "FB Ending the Turn", "turn")
        self._push(_END_TURN)

    def _task_end_turn(self, task: Task) -> None:
        # Step 5: each card facing a General counter-attacks him, one at a time
        self._push(*_LOCALS, _BEGIN_TURN)

    def _task_local(self, task: Task) -> None:
        s = self.state
        card = s.front[task.slot]
        if card is None or card.red == 0:
            return
        if s.slots[task.slot] is None:
            self._emit(f"{self.name(card.card)} faces no General and does not counter-attack.",
                       "FB Losing a General", "counterattack")
            return
        self._counterattack(task.slot, card.card, card.red, "FB Step 5: Local Soviet Counter-Attacks")

    # ======================================================================
    # Step 3: the Event deck
    # ======================================================================
    def _task_peek(self, task: Task) -> None:
        s = self.state
        ability = self.content.generals[task.card].ability
        if task.card not in s.generals:
            return
        look = min(ability.peek_events, len(s.deck))
        if look < 2:        # nothing to put in order: the next draw shows the card anyway
            return
        names = ", ".join(map(self.name, s.deck[:look]))
        self._emit(f"{self.name(task.card)} looks at the top {look} Event cards: {names}.",
                   "FB General ability", "draw", reveal=True)
        self._decide("peek", f"Put the top {look} Event cards back in the order you choose (top first).",
                     "FB General ability", tuple(range(look)))

    def _answer_order(self, cmd: OrderDeck) -> None:
        s = self.state
        s.deck[: len(cmd.order)] = list(cmd.order)
        s.decision = None
        self._emit("The cards go back: " + ", ".join(map(self.name, cmd.order)) + " (top first).",
                   "FB General ability", "draw")

    def _exhaust(self, general: str, rule: str) -> None:
        """A stop card exhausts a General: the event cites that card (FB Event: ...)."""
        self.state.generals[general].ready = False
        self._emit(f"{self.name(general)} is exhausted.", rule, "card")

    def _lose_cubes(self, general: str, n: int, source: str) -> None:
        g = self.state.generals[general]
        lost = min(n, g.cubes)
        g.cubes -= lost
        self._emit(f"{source}: {self.name(general)} loses {count(lost, 'grey cube')}.", f"FB Event: {source}", "loss")
        if g.cubes == 0:
            self._general_lost(general)

    # ======================================================================
    # Step 4: orders
    # ======================================================================
    def _spend(self, supply: int) -> None:
        self.state.supply -= supply

    def _order_given(self, gid: str) -> None:
        g = self.state.generals[gid]
        g.ready, g.ordered = False, True

    def _do_advance(self, cmd: Advance) -> None:
        # FB Advance order and Deploying Campaign Cards
        s = self.state
        cost = self.advance_cost() + (self.c.panzer_second_cost if cmd.second else 0)
        self._spend(cost)
        self._order_given(cmd.general)
        self._deploy(cmd.card, self.slot_of(cmd.general), cmd.general)
        if cmd.second is not None:
            self._deploy(cmd.second, cmd.second_slot, cmd.general, second=True)
        self._emit(f"Advance cost {cost} supply (now {s.supply}).", "FB Advance order")

    def deploy_red(self, card: str) -> int:
        """The red cubes Campaign card `card` deploys with now (before the reserve's limit): its
        own, or its condition's while the card named there is not captured (Elista while
        Grozny stands)."""
        spec = self.content.campaign[card]
        cond = spec.red_if_not_captured
        return cond.red if cond is not None and cond.card not in self.state.captured else spec.red

    def _deploy(self, card: str, slot: int, gid: str, second: bool = False) -> None:
        # FB Deploying Campaign Cards
        s = self.state
        spec = self.content.campaign[card]
        red = self.deploy_red(card)
        cond = spec.red_if_not_captured
        note = f" ({self.name(cond.card)} is not captured)" if red != spec.red else ""
        placed = min(red, self.red_reserve())
        short = f", only {placed} left in the reserve" if placed < red else ""
        s.unlocked.remove(card)
        s.front[slot] = FrontCard(card, placed)
        how = "as a second card (Panzer)" if second else "in front of him"
        self._emit(f"{self.name(gid)} advances: {spec.name} deploys at position {slot + 1} {how} "
                   f"with {red} red cubes{note}{short}.", "FB Deploying Campaign Cards", "advance")

    def _do_consolidate(self, cmd: Consolidate) -> None:
        # FB Consolidate order
        s = self.state
        g = s.generals[cmd.general]
        start = self.content.generals[cmd.general].cubes
        cubes = max(0, min(self.c.consolidate_cubes, start - g.cubes, self.grey_reserve()))
        g.cubes += cubes
        bonus = self.content.generals[cmd.general].ability.consolidate_supply
        gain = min(self.c.consolidate_supply + bonus, self.c.supply_max - s.supply)
        s.supply += gain
        self._order_given(cmd.general)
        extra = f" (+{bonus} {self.name(cmd.general)})" if bonus else ""
        self._emit(f"{self.name(cmd.general)} consolidates: +{count(cubes, 'grey cube')}, +{gain} supply{extra} "
                   f"(supply {s.supply}).", "FB Consolidate order", "consolidate")

    def _do_reorganize(self, cmd: Reorganize) -> None:
        # FB Reorganizing the Frontline
        s = self.state
        self._spend(self.c.reorganize_cost)
        s.slots = list(cmd.order)
        order = ", ".join(map(self._holder_name.__getitem__, cmd.order))
        self._emit(f"The frontline is reorganized for {self.c.reorganize_cost} supply: {order}.", "FB Reorganizing the Frontline")

    def _do_ability(self, cmd: UseAbility) -> None:
        g = self.state.generals[cmd.general]
        g.cubes -= 1
        g.ready, g.ability_used = True, True
        self._emit(f"{self.name(cmd.general)} gives up a grey cube ({g.cubes} left) to be ready again.", "FB General ability")

    # ---------------------------------------------------------------- Attack!
    def _do_attack(self, cmd: Attack) -> None:
        # FB Attack! order
        s = self.state
        gid = cmd.general
        card = s.front[cmd.target]
        cost = self.attack_cost(cmd.target)
        self._spend(cost)
        self._order_given(gid)
        adjacent = cmd.target != self.slot_of(gid)
        where = "the adjacent card " if adjacent else ""
        self._emit(f"{self.name(gid)} attacks {where}{self.name(card.card)} for {cost} supply.", "FB Attack! order", "attack")
        black_n = 0
        if cmd.boost is not None:
            s.hand.remove(cmd.boost)
            s.discard.append(cmd.boost)
            black_n = self.content.events[cmd.boost].n
            self._emit(f"{self.name(cmd.boost)} adds {black_n} black dice.", "FB The Event Deck: one dice card per attack", "card")
        if card.red == 0:
            self._emit(f"{self.name(card.card)} has no red cubes left: no dice are needed.", "FB Attack! order", "attack")
            self._capture(cmd.target)
            return
        white_n = combat.white_dice_count(s.generals[gid].cubes, adjacent)
        white = list(self.dice.roll(white_n))
        black = list(self.dice.roll(black_n)) if black_n else []
        half = " (half, rounded up, against an adjacent card)" if adjacent else ""
        self._emit(f"White dice{half}: {' '.join(map(str, white))}" + (f"; black dice: {' '.join(map(str, black))}" if black else ""),
                   "FB Attack! order", "roll", dice=tuple(white + black))
        rerolls = self.content.generals[gid].ability.reroll_white
        s.attack = PendingAttack(gid, cmd.target, cmd.boost, white, black, rerolls)
        self._offer_reroll_or_resolve()

    def _offer_reroll_or_resolve(self) -> None:
        s = self.state
        a = s.attack
        if a.rerolls_left > 0 and self._reroll_can_help(a):
            self._decide("reroll", f"{self.name(a.general)} may re-roll one white die.", "FB General ability", ())
            return
        self._resolve_attack()

    def _reroll_can_help(self, a: PendingAttack) -> bool:
        """A re-roll is offered only while a white die shows less than a die's best result
        (RULINGS: Ruoff): when every white die hit, there is nothing to re-roll for."""
        mod, _ = combat.icon_modifier(self.content, self.state, self.state.front[a.target].card, a.general)
        panzer = self.content.generals[a.general].kind == "panzer"
        best = combat.white_die(6, mod, panzer, self.c)
        return any(combat.white_die(v, mod, panzer, self.c) != best for v in a.white)

    def _answer_reroll(self, cmd: Reroll) -> None:
        s = self.state
        a = s.attack
        s.decision = None
        if cmd.die is None:
            a.rerolls_left = 0
            self._emit(f"{self.name(a.general)} keeps the roll.", "FB General ability")
        else:
            old = a.white[cmd.die]
            a.white[cmd.die] = self.dice.roll(1)[0]
            a.rerolls_left -= 1
            self._emit(f"{self.name(a.general)} re-rolls a {old}: it shows {a.white[cmd.die]}.", "FB General ability",
                       "roll", dice=(a.white[cmd.die],))
        self._offer_reroll_or_resolve()

    def _resolve_attack(self) -> None:
        s = self.state
        a = s.attack
        s.attack = None
        card = s.front[a.target]
        gid = a.general
        mod, notes = combat.icon_modifier(self.content, s, card.card, gid)
        panzer = self.content.generals[gid].kind == "panzer"
        hits = losses = doubles = 0
        for value in a.white:
            h, l = combat.white_die(value, mod, panzer, self.c)
            hits, losses = hits + h, losses + l
            doubles += h == 2
        hits += combat.black_hits(a.black, mod, self.c)
        red_before = card.red
        kept = min(losses, red_before)        # FB Overkill rule
        removed = min(hits, red_before)
        card.red -= removed
        mods = tuple(notes) + ((f"Panzertruppen: {count(doubles, 'six')} remove 2 each",) if doubles else ())
        self._emit(f"{count(removed, 'red cube', 'No')} removed from {self.name(card.card)} ({card.red} left).",
                   "FB Attack! order", "hit", dice=tuple(a.white + a.black), modifiers=mods)
        if losses:
            over = f" (overkill rule: {losses} rolled, {red_before} red cubes defended)" if kept < losses else ""
            self._emit(f"{self.name(gid)} loses {count(kept, 'grey cube')}{over}.", "FB Attack!: overkill" if over else "FB Attack! order", "loss")
        g = s.generals[gid]
        g.cubes -= min(kept, g.cubes)
        if card.red == 0:
            self._capture(a.target)
        if g.cubes == 0:
            self._general_lost(gid)

    def _capture(self, slot: int) -> None:
        # FB Attack!: capture, VP and unlocks
        s = self.state
        card = s.front[slot]
        s.front[slot] = None
        s.captured.append(card.card)
        s.month_captures.append(card.card)
        vp = combat.card_vp(self.content, card.card)
        self._emit(f"{self.name(card.card)} is captured: +{vp} VP.", "FB Attack!: capture", "capture")
        if card.card in self.content.campaign:
            for u in self.content.campaign[card.card].unlocks:
                if u not in s.unlocked and u not in s.captured and all(f is None or f.card != u for f in s.front):
                    s.unlocked.append(u)
                    self._emit(f"{self.name(u)} is unlocked.", "FB Attack!: unlock", "capture")
        self._gain_vp(vp)
        if self.content.campaign.keys() <= set(s.captured):
            self._end_game("every Campaign card is captured.", "FB Ending the Game")

    def _gain_vp(self, vp: int) -> None:
        # FB Victory Points and Soviet Reinforcements: landing on a red circle
        s = self.state
        s.vp += vp
        if vp > 0 and s.vp in self.c.red_circles:
            self._emit(f"The VP track stops on a red circle at {s.vp}: Soviet reinforcements.",
                       "FB Victory Points and Soviet Reinforcements", "reinforce")
            self._push(_task("reinforce", n=self.c.red_circle_cubes))

    # ======================================================================
    # Losing a General (FB Losing a General)
    # ======================================================================
    def _general_lost(self, gid: str) -> None:
        s = self.state
        if gid not in s.generals:
            return
        del s.generals[gid]
        s.slots[s.slots.index(gid)] = None
        s.lost.append(gid)
        self._emit(f"{self.name(gid)} and his army are wiped out: -{self.c.general_lost_vp} VP at the end of the game.",
                   "FB Losing a General", "loss")
        if not s.generals:
            self._end_game("every German army is destroyed.", "FB Losing a General")

    # ======================================================================
    # Describing commands for menus and logs
    # ======================================================================
    def describe(self, cmd: Command) -> str:
        n = self.name
        match cmd:
            case Advance(general=g, card=card, second=None):
                return f"Advance: {n(g)} brings {n(card)} ({self.advance_cost()} supply)"
            case Advance(general=g, card=card, second=second, second_slot=slot):
                cost = self.advance_cost() + self.c.panzer_second_cost
                return f"Advance: {n(g)} brings {n(card)}, and {n(second)} to position {slot + 1} ({cost} supply)"
            case Attack(general=g, target=t, boost=b):
                card = self.state.front[t].card if self.state.front[t] else "?"
                with_card = f" with {n(b)}" if b else ""
                return f"Attack!: {n(g)} attacks {n(card)}{with_card} ({self.attack_cost(t)} supply)"
            case Consolidate(general=g):
                return f"Consolidate: {n(g)}"
            case PlayEvent(card=card, general=g, target=t):
                on = f" on {n(g)}" if g else f" on {n(self.state.front[t].card)}" if t is not None else ""
                return f"Play {n(card)}{on}"
            case Reorganize(order=order):
                return "Reorganize: " + ", ".join(n(g) if g else "(empty)" for g in order) + f" ({self.c.reorganize_cost} supply)"
            case UseAbility(general=g):
                return f"Ability: {n(g)} pays a grey cube to be ready again"
            case EndTurn():
                return "End the turn (Soviet counter-attacks)"
            case Discard(card=card):
                return f"Discard {n(card)}"
            case ChooseGeneral(general=g):
                return f"Choose {n(g)}"
            case ChooseSlot(slot=slot):
                card = self.state.front[slot]
                return f"Position {slot + 1}" + (f" ({n(card.card)})" if card else "")
            case Reroll(die=None):
                return "Keep the roll"
            case Reroll(die=i):
                return f"Re-roll the white die showing {self.state.attack.white[i]}"
            case OrderDeck(order=order):
                return " / ".join(n(x) for x in order)
        return cmd.describe()


# the method that carries out each command (apply) and each kind of Task (_settle)
_HANDLERS = {
    Advance: FallBlau._do_advance, Attack: FallBlau._do_attack, Consolidate: FallBlau._do_consolidate,
    PlayEvent: FallBlau._do_play, Reorganize: FallBlau._do_reorganize, UseAbility: FallBlau._do_ability,
    EndTurn: FallBlau._do_end_turn, Discard: FallBlau._answer_discard,
    ChooseGeneral: FallBlau._answer_general, ChooseSlot: FallBlau._answer_slot,
    Reroll: FallBlau._answer_reroll, OrderDeck: FallBlau._answer_order,
}
_TASK_STEPS = {kind: getattr(FallBlau, "_task_" + kind) for kind in (
    "begin_turn", "peek", "draw", "stop", "counterattack", "local", "reinforce", "end_turn")}


def new_game(seed: int = 0, generals: tuple[str, ...] | list[str] | None = None, hard: bool = False,
             missions: bool = False, dice: Dice | None = None, deck: list[str] | None = None,
             mission_deck: list[str] | None = None, undo: bool = True) -> FallBlau:
    """Set up a campaign (FB Setup).

    ``generals``: three General ids in frontline order (None: drawn at random).
    ``deck``/``mission_deck``: for tests, the cards on top of the deck in this order, the rest
    following. ``dice`` defaults to ``SeededDice(seed)``.
    """
    content = load()
    c = content.constants
    dice = dice if dice is not None else SeededDice(seed)
    drawn = generals is None
    if drawn:   # drawn from the seed, so a replay draws the same three again
        generals = tuple(dice.shuffle(sorted(content.generals))[:3])
    generals = tuple(generals)
    if len(generals) != 3 or len(set(generals)) != 3:
        raise ValueError("choose three different Generals")
    for g in generals:
        if g not in content.generals:
            raise ValueError(f"unknown General '{g}'")
    options: dict[str, Any] = {"generals": None if drawn else list(generals), "hard": bool(hard), "missions": bool(missions)}
    *_, start_unlocked, event_ids = _of_content(content, tables(content))
    all_events = event_ids[bool(hard)]
    if deck is not None:
        unknown = [x for x in deck if x not in all_events]
        if unknown or len(set(deck)) != len(deck):
            raise ValueError(f"deck names unknown or repeated cards: {unknown or deck}")
        options["deck"] = list(deck)
        event_deck = list(deck) + [x for x in all_events if x not in deck]
    else:
        event_deck = dice.shuffle(all_events)
    mission_order: list[str] = []
    if missions:
        if mission_deck is not None:
            options["mission_deck"] = list(mission_deck)
            mission_order = list(mission_deck) + [m for m in content.missions if m not in mission_deck]
        else:
            mission_order = dice.shuffle(list(content.missions))
    grey = c.grey_cubes
    states = {}
    for g in generals:
        cubes = min(content.generals[g].cubes, grey)
        grey -= cubes
        states[g] = GeneralState(g, cubes)
    state = FallBlauState(
        calendar=0, supply=c.start_supply, vp=0, slots=list(generals), generals=states,
        front=[None, None, None], unlocked=list(start_unlocked),
        deck=event_deck, mission_deck=mission_order,
    )
    game = FallBlau(state, dice, content, seed=seed, options=options, hard=hard, missions=missions, undo=undo)
    game.setup()
    return game

"""Campaign Commander: Roads to Stalingrad, the game: set-up (campaign 17), the one list of
legal commands, and carrying commands out. The rules themselves live in the modules named
after their rulebook sections (sequence, operations, movement, battle, supply, cards, victory).
"""

from __future__ import annotations

from rules.core.attrs_classes import frozen
from rules.core.command import Command
from rules.core.dice import Dice, SeededDice
from rules.core.events import Event
from rules.core.game import Game

from . import battle, cards, movement, operations, sequence
from .commands import (
    COMMANDS, Choose, ChooseUnit, Decline, DiscardCard, DrawCard, EndOperation, Gather, Halt,
    Move, MoveRP, PlaceRP, PlaceUnit, PlayCard, PlayChit, Rebuild, Release, RemoveRP, Reorganize,
    Restore, Retreat, StartOperation, StopRetreat,
)
from .content import Content, load_content
from .geography import update_isolation
from .state import AXIS, POOL, SIDE_NAME, SIDES, SOVIET, Cards, Counter, RoadsState, Sequence
from .view import View, make_view
from .victory import breakdown


@frozen
class Outcome:
    winner: str | None          # "axis", "soviet", or None for a draw (4.3.2)
    axis_vp: int
    soviet_vp: int
    reason: str

    @property
    def draw(self) -> bool:
        return self.winner is None


def _fixed_facts(board, content) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    # campaign 1.b.I, 1.d.I: the areas on the Volga or the Kerch Straits (fixed by the map)
    straits_and_volga = frozenset(a for a in board.areas for n in board.neighbours(a)
                                  if board.border(a, n) in ("kerch", "volga"))
    # campaign 3.b: the Hungarian and the Rumanian counters (fixed by the content)
    apart_units = {n: tuple(u for u, d in content.units.items() if d.nation == n)
                   for n in ("hungarian", "rumanian")}
    return straits_and_volga, apart_units


_FIXED: dict[tuple[int, int], tuple] = {}      # (map, content) -> the facts above


class Roads(Game):
    game_id = "roads"
    command_types = COMMANDS

    def __init__(self, state: RoadsState, dice: Dice, content: Content, board, *, seed: int,
                 options: dict, undo: bool = True):
        super().__init__(state, dice, seed=seed, options=options, undo=undo)
        self.content = content
        self.map = board
        self.rules = content.rules
        self._trace_cache: dict = {}
        self._memo: dict | None = None        # facts kept while legal() is listed (nothing moves then)
        # fixed by the map and the content, so worked out once for each (the AI builds many games)
        fixed = _FIXED.get((id(board), id(content)))
        if fixed is None or fixed[0] is not board or fixed[1] is not content:
            fixed = _FIXED[(id(board), id(content))] = (board, content, *_fixed_facts(board, content))
        self.straits_and_volga, self.apart_units = fixed[2], fixed[3]

    # -- names ----------------------------------------------------------------------------------
    def side_name(self, side: str | None) -> str:
        return SIDE_NAME.get(side or "", "No one")

    def area_name(self, area: str) -> str:
        a = self.map.areas.get(area)
        return a.name if a else area

    def unit_name(self, unit: str) -> str:
        if unit == "manstein":
            return self.content.leader.name
        return self.content.units[unit].name

    def card_name(self, card: str) -> str:
        return self.content.cards[card].name

    def describe(self, cmd: Command) -> str:
        from .describe import describe
        try:
            return describe(self, cmd)
        except (KeyError, AttributeError, TypeError):
            return repr(cmd)

    def requirements_met(self, side: str, card: str) -> bool:
        return cards.requirements_met(self, side, card)

    # -- who acts -----------------------------------------------------------------------------
    def to_act(self) -> str | None:
        """The side whose decision the game now waits for (None when the game is over)."""
        s = self.state
        if s.phase == "over":
            return None
        if s.pending:
            return s.pending[0].side
        if s.battle is not None:
            if s.battle.steps and not s.battle.retreats and battle._needs_choice(self):
                return battle.step_chooser(self, s.battle.steps[0])
            return battle.acting_side(self)
        if s.phase == "choose":
            return sequence.chooser(self)
        return s.sequence.queue[0][0] if s.sequence.queue else None

    def actor(self, cmd: Command) -> str | None:
        """Every command names the side that gives it (rules/roads/commands.py)."""
        return cmd.side

    def apply(self, cmd: Command) -> list[Event]:
        """As every game; in addition undo never crosses into the other side's turn: once the
        other side is to act, what came before is final for both (no secret can be taken back
        after the other player has seen the board move)."""
        before = self.to_act()
        events = super().apply(cmd)
        if self.to_act() != before:
            self._undo.clear()
        return events

    # -- the one list of legal commands ----------------------------------------------------------
    def _legal(self) -> list[Command]:
        self._memo = {}
        try:
            return self._legal_list()
        finally:
            self._memo = None

    def _legal_list(self) -> list[Command]:
        s = self.state
        if s.phase == "over":
            return []
        if s.pending:
            return self._pending_legal()
        if s.battle is not None:
            if s.battle.steps and not s.battle.retreats and battle._needs_choice(self):
                return battle.choose_unit_legal(self)
            return battle.legal(self)
        if s.phase == "choose":
            return sequence.choose_legal(self)
        if s.phase == "card":
            return sequence.card_legal(self, sequence.card_side(self))
        # an on-board operation
        side = sequence.operation_side(self)
        if s.operation is None:
            return sequence.start_legal(self)
        cmds = movement.legal(self, side) + operations.legal(self, side)
        cmds += [PlayCard(side, k) for k in dict.fromkeys(s.cards[side].hand)
                 if cards.playable_now(self, side, k)]
        return cmds

    def _pending_legal(self) -> list[Command]:
        from .supply import rp_areas
        p = self.state.pending[0]
        side = p.side
        if p.kind == "place-rp":
            return [PlaceRP(side, a) for a in rp_areas(self, side)]
        if p.kind == "place-unit":
            return [PlaceUnit(side, p.data[0], a) for a in cards.unit_places(self, side, p.data[0])]
        if p.kind == "pick-unit":
            return [ChooseUnit(side, u) for u in p.data] + [Decline(side)]
        if p.kind in ("rebuild", "reorganize"):
            return [Restore(side, u) for u in cards.restorable(self, side, p.kind)] + [Decline(side)]
        if p.kind == "leader":
            return [PlaceUnit(side, "manstein", a) for a in cards.leader_areas(self)]
        if p.kind == "move-rp":
            return [MoveRP(side, o, a) for o, a in cards.rp_moves(self, side, int(p.data[0]))] + [Decline(side)]
        if p.kind == "remove-rp":
            return [RemoveRP(side, a) for a in sorted(self.state.rp[side])]
        raise ValueError(f"unknown pending choice {p.kind!r}")

    # -- carrying a command out -------------------------------------------------------------------
    def _apply(self, cmd: Command) -> list[Event]:
        s = self.state
        self._trace_cache.clear()
        if s.pending:
            events = self._answer(cmd)
        elif isinstance(cmd, Choose):
            events = sequence.choose(self, cmd)
        elif isinstance(cmd, DrawCard):
            events = sequence.draw(self, cmd)
        elif isinstance(cmd, DiscardCard):
            events = sequence.discard(self, cmd)
        elif isinstance(cmd, PlayCard):
            if s.battle is not None:
                events = battle.play_card(self, cmd)
            else:
                if s.phase == "card":
                    s.entry_done = True
                events = cards.play(self, cmd.side, cmd.card)
        elif isinstance(cmd, StartOperation):
            events = operations.start(self, cmd)
        elif isinstance(cmd, Gather):
            events = movement.gather(self, cmd)
        elif isinstance(cmd, Release):
            events = movement.release(self, cmd)
        elif isinstance(cmd, Move):
            events = movement.move(self, cmd)
        elif isinstance(cmd, Halt):
            events = movement.halt(self, cmd)
        elif isinstance(cmd, Reorganize):
            events = operations.reorganize(self, cmd)
        elif isinstance(cmd, Rebuild):
            events = operations.rebuild(self, cmd)
        elif isinstance(cmd, EndOperation):
            events = operations.end(self, cmd)
        elif isinstance(cmd, PlayChit):
            events = battle.play_chit(self, cmd)
        elif isinstance(cmd, ChooseUnit):
            events = battle.choose_unit(self, cmd)
        elif isinstance(cmd, Retreat):
            events = battle.retreat(self, cmd)
        elif isinstance(cmd, StopRetreat):
            events = battle.stop_retreat(self, cmd)
        else:                                   # legal() lists nothing else
            raise AssertionError(f"no handler for {cmd!r}")
        # 9.6.6b, e: isolation judged once a command has moved units, RPs or control
        return events + update_isolation(self) + self._settle()

    def _answer(self, cmd: Command) -> list[Event]:
        s = self.state
        if isinstance(cmd, PlaceRP):
            return cards.place_rp(self, cmd.side, cmd.area)
        if isinstance(cmd, PlaceUnit):
            return cards.place_unit(self, cmd.side, cmd.unit, cmd.area)
        if isinstance(cmd, ChooseUnit):
            return cards.pick_unit(self, cmd.side, cmd.unit)
        if isinstance(cmd, Restore):
            return cards.restore(self, cmd.side, cmd.unit)
        if isinstance(cmd, MoveRP):
            return cards.move_rp(self, cmd.side, cmd.origin, cmd.area)
        if isinstance(cmd, RemoveRP):
            return cards.remove_rp(self, cmd.side, cmd.area)
        if isinstance(cmd, Decline):
            s.pending.pop(0)
            return [Event(f"{self.side_name(cmd.side)} take no more from the card.", "CC 2.3.3", "card")]
        raise AssertionError(f"no answer handler for {cmd!r}")

    def _settle(self) -> list[Event]:
        """After a command: drop pending choices nobody can answer, end an operation with
        nothing left to spend, and move the Operational Sequence on once the card action or
        the operation of this entry is done."""
        s = self.state
        events = cards.settle(self)
        if s.phase == "over" or s.pending or s.battle is not None:
            return events
        if s.phase == "operation" and s.operation is not None and operations.exhausted(self):
            events += operations.end(self, reason="no SP left")
        if s.entry_done:
            s.entry_done = False
            events += sequence.done(self)
        return events

    # -- the public surface ---------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        s = self.state
        if s.phase != "over":
            return None
        a, v = breakdown(self, AXIS).total, breakdown(self, SOVIET).total
        winner = AXIS if a > v else SOVIET if v > a else None
        return Outcome(winner, a, v, s.end_reason)

    def view(self, side: str | None = None) -> View:
        return make_view(self, side)


def initial_state(content: Content, m, dice: Dice) -> RoadsState:
    """Campaign 17 and rule 12: counters and RPs as printed, decks shuffled, five cards each,
    and the game opens with a German operation."""
    units = {}
    for u in content.units.values():
        units[u.id] = Counter(u.id, u.side, u.setup or POOL)
    control = {a.id: a.control for a in m.areas.values()}
    rp = {AXIS: {a.id: a.rp_axis for a in m.areas.values() if a.rp_axis},
          SOVIET: {a.id: a.rp_soviet for a in m.areas.values() if a.rp_soviet}}
    decks = {}
    for side in SIDES:
        ids = sorted(c.id for c in content.cards.values() if c.side == side)
        deck = dice.shuffle(ids)
        hand = deck[: content.rules.hand_limit]
        decks[side] = Cards(deck=deck[content.rules.hand_limit:], hand=hand)
    state = RoadsState(units=units, control=control, rp=rp, cards=decks)
    state.sequence = Sequence(number=0, queue=[[AXIS, "map"]])
    state.phase = "operation"
    return state


# the computer's strengths (rules.roads.ai.search.STRENGTHS, whose names a test checks against
# these): a game is made without importing the search
STRENGTHS = ("easy", "normal", "hard", "expert")


def new_game(seed: int = 0, dice: Dice | None = None, *, undo: bool = True,
             players: dict | None = None, computer: str = "", strength: str = "") -> Roads:
    """`players` names the side's players for the screens ({"axis": "Anna", ...}); `computer`
    is the side the computer plays ("" for two players), `strength` its strength (easy, normal,
    hard; "" is normal). All are kept in the save."""
    from .map import load_map
    if computer not in ("", AXIS, SOVIET):
        raise ValueError(f"the computer plays 'axis' or 'soviet', not {computer!r}")
    if strength and strength not in STRENGTHS:
        raise ValueError(f"the computer's strength is one of {', '.join(STRENGTHS)}, not {strength!r}")
    if strength and not computer:
        raise ValueError("a strength is for a game against the computer")
    options: dict = {}
    if players:
        options["players"] = {side: str(players[side]) for side in (AXIS, SOVIET) if players.get(side)}
    if computer:
        options["computer"] = computer
    if strength:
        options["strength"] = strength
    content = load_content()
    board = load_map()
    dice = dice if dice is not None else SeededDice(seed)
    state = initial_state(content, board, dice)
    game = Roads(state, dice, content, board, seed=seed, options=options, undo=undo)
    update_isolation(game)
    return game

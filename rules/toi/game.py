"""Tide of Iron: Stalingrad, the campaign layer (rulebook: tide-of-iron-stalingrad-campaign.txt).

The battles are fought on the players' own table; this engine runs everything around them:
each scenario's set-up, result entry, the Campaign Phase (penalty for losing, the Campaign Phase
Table, the Resource Acquisitions Table), the CVP ledger and the campaign's end.

Each function reads like the rulebook section it implements; the section is cited as
"TOI <section>" in a comment and in the events it emits.

One source of legality: ``_legal()`` lists the candidate commands of the moment and keeps
those ``_problem()`` finds nothing wrong with; ``explain_illegal()`` reports the same
``_problem()``, so a refusal always says why.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from rules.core.command import Command, Decision
from rules.core.dice import Dice, SeededDice
from rules.core.events import Event
from rules.core.game import CheckedGame
from rules.core.legal import Span

from . import tables
from .commands import (
    COMMANDS, AdvancedDivision, BeginBattle, Buy, ConfirmResult, DemoteElites, DonePurchasing,
    EndBattle, Halve, PenaltyEach, PenaltyTwo, PenaltyType, RaiseObjective, Replace, Score,
    SetCommand, SetInitiative, StatusPhase,
)
from .content import Content, Scenario, load
from .state import (
    SIDES, TYPES, Card, Purchase, Record, SideMods, TableEffect, Task, ToIState, fresh_mods, other,
)

SIDE_NAME = {"german": "German", "soviet": "Soviet"}
REPLACE_KINDS = {"mg": "an MG crew", "mortar": "a mortar crew", "two-elites": "two elite infantry"}

R_SETUP = "TOI Campaign Scenario Set Up"
R_RECORD = "TOI Campaign Phase, step 1: Record end-of-scenario statistics"
R_INITIATIVE = "TOI Initiative at the End of a Scenario"
R_PENALTY = "TOI Penalty for Losing a Scenario"
R_TABLE = "TOI Campaign Phase Table"
R_ACQ = "TOI Resource Acquisitions Table"
R_ADVANCED = "TOI Advanced Deployment Hexes"
R_RED_OCTOBER = "TOI Red October: Reinforcements"
R_SUCCESS = "TOI Measure of Campaign Success"
R_PLAY = "TOI Campaign Play"


@functools.lru_cache(maxsize=1024)
def _figures_problem(figures: Any, holes: int) -> str | None:
    """What is wrong with a squad's figures (TOI Resource Acquisitions Table), whatever the moment."""
    if not isinstance(figures, tuple) or not all(_is_str(f) for f in figures):
        return "A squad's figures are a list of names."
    unknown = [f for f in figures if f not in tables.FIGURE_ORDER]
    if unknown:
        return f"Unknown figure {unknown[0]!r} (figures: {', '.join(tables.FIGURE_ORDER)})."
    if len(figures) != holes:
        return (f"A base can only be bought with all {holes} holes filled by newly bought figures: "
                f"{len(figures)} given.")
    if figures.count("regular") % 2:
        return "Regular infantry are bought two for one price: buy them in pairs."
    if tables.canonical(figures) != figures:
        return "List a squad's figures in the table's order: " + ", ".join(tables.canonical(figures)) + "."
    return None


def _is_int(x: Any) -> bool:
    return type(x) is int


def _is_str(x: Any) -> bool:
    return type(x) is str


@attrs.frozen
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


@attrs.frozen
class View:
    """What a player sees: the whole campaign layer is open information (command cards are face
    up, purchases are made in the open), so both sides see the same thing."""

    campaign: int
    campaigns: int
    scenario: str
    scenario_name: str
    number: int
    of: int
    phase: str
    to_act: str | None
    players: dict[str, str]
    cards: dict[str, dict[str, Card]]
    record: Record
    decision: Decision | None
    cvp: dict[str, int]              # the result form's scenario CVP (objectives and raise)
    totals: dict[str, int]           # CVP so far, per side, in this campaign
    buyers: tuple[str, ...]
    status_round: int
    ledger: tuple[Record, ...]


class TideOfIron(CheckedGame):
    game_id = "toi"
    command_types = COMMANDS

    def __init__(self, state: ToIState, dice: Dice, content: Content, *, seed: int, options: dict,
                 double: bool, standalone: bool, undo: bool = True):
        super().__init__(state, dice, seed=seed, options=options, undo=undo)
        self.content = content
        self.c = content.constants
        self.double = double
        self.standalone = standalone
        self._out: list[Event] = []
        self._buy_cache: dict[tuple, tuple[Command | Span, ...]] = {}   # the candidates never change

    # ======================================================================
    # The public surface
    # ======================================================================
    def scenario(self, scenario_id: str | None = None) -> Scenario:
        return self.content.scenarios[scenario_id or self.state.scenario]

    @property
    def current(self) -> Scenario:
        return self.scenario()

    @property
    def next_scenario(self) -> Scenario | None:
        s = self.state
        if s.index + 1 < len(s.run):
            return self.scenario(s.run[s.index + 1])
        return None

    def player(self, side: str) -> str:
        return self.state.players[side]

    def who(self, side: str) -> str:
        """'the German player (Anna)'."""
        return f"the {SIDE_NAME[side]} player ({self.player(side)})"

    def scenario_cvp(self, side: str, record: Record | None = None) -> int:
        """The result form's CVP for `side`: each objective's CVP times its count, plus 1 for an
        objective this side raised (TOI Campaign Phase Table: Supply 6-9) when it is scored."""
        rec = record or self.state.record
        sc = self.scenario(rec.scenario)
        total = 0
        for o in sc.objectives:
            total += o.cvp * rec.scores[side].get(o.id, 0)
        raised = sc.objective(rec.raised[side]) if rec.raised[side] else None
        if raised is not None:
            once_scored = raised.kind == "once" and rec.scores[side].get(raised.id, 0) >= 1
            item_scored = raised.kind == "each" and rec.raised_scored[side]
            total += 1 if once_scored or item_scored else 0
        return total

    def totals(self, campaign: int | None = None) -> dict[str, int]:
        """CVP per side over the finished scenarios of a campaign (default: the current one)."""
        campaign = campaign or self.state.campaign
        out = {side: 0 for side in SIDES}
        for rec in self.state.ledger:
            if rec.campaign == campaign and rec.winner:
                for side in SIDES:
                    out[side] += rec.total(side)
        return out

    def initiative_order(self, scenario: Scenario) -> list[str]:
        """The side with the initiative in `scenario` first (it buys first)."""
        first = scenario.starting_initiative
        return [first, other(first)]

    @property
    def outcome(self) -> Outcome | None:
        if not self.state.over:
            return None
        return self._final_outcome()

    def view(self, side: str | None = None) -> View:
        s = self.state
        return View(
            campaign=s.campaign, campaigns=2 if self.double else 1, scenario=s.scenario,
            scenario_name=self.current.name, number=s.index + 1, of=len(s.run), phase=s.phase,
            to_act=s.to_act, players=dict(s.players),
            cards={sd: {t: attrs.evolve(c) for t, c in cards.items()} for sd, cards in s.cards.items()},
            record=_copy(s.record), decision=s.decision,
            cvp={sd: self.scenario_cvp(sd) for sd in SIDES}, totals=self.totals(),
            buyers=tuple(s.buyers), status_round=s.status_round,
            ledger=tuple(_copy(r) for r in s.ledger),
        )

    # ======================================================================
    # legal(): the one list of what may be done now
    # ======================================================================
    def _candidates(self) -> list[Command]:
        s = self.state
        if s.over:
            return []
        if s.decision is not None:
            return self._answers(s.decision)
        if s.phase == "setup":
            return [BeginBattle()]
        if s.phase == "battle":
            rounds = range(max(2, s.status_round + 1), self.current.rounds + 1)
            return [StatusPhase(r) for r in rounds] + [EndBattle()]
        if s.phase == "status":
            out: list[Command] = []
            for side in s.buyers:
                out += self._set_commands(side)
                out += self._buy_candidates(side)
                out.append(DonePurchasing(side))
            return out
        if s.phase == "result":
            out = []
            for side in SIDES:
                out += self._set_commands(side)
            out += [SetInitiative(side) for side in SIDES]
            for o in self.current.objectives:
                for side in SIDES:
                    for raised in (False, True):
                        counts = self._score_counts(side, o, raised)
                        out.append(Span(Score(side, o.id, counts.start, raised), count=counts))
            out.append(ConfirmResult())
            return out
        if s.phase == "purchase":
            buyer = s.buyers[0]
            return self._buy_candidates(buyer) + [DonePurchasing(buyer)]
        return []

    def _set_commands(self, side: str) -> list[Span]:
        return [Span(SetCommand(side, t, 0), value=self._command_values()) for t in TYPES]

    def _command_values(self) -> range:
        """The command a card may show (TOI Campaign Command cards)."""
        return range(self.c.max_command + 1)

    def _score_counts(self, side: str, o: Any, raised: bool) -> range:
        """How many times `side` may count objective `o` now (TOI Victory Objectives; a raised
        item is counted only among at least one scored)."""
        top = min(o.max, 1) if o.kind == "once" else o.max
        rival = other(side)
        theirs = self.state.record.scores[rival].get(o.id, 0) if o.scorable_by(rival) else 0
        if o.exclusive and o.kind == "once" and theirs >= 1:
            top = 0
        if o.exclusive and o.kind == "each":
            top = min(top, o.max - theirs)
        return range(1 if raised else 0, max(top, 0) + 1)

    def _answers(self, d: Decision) -> list[Command]:
        side = d.data[0]
        if d.kind == "penalty":
            return [PenaltyEach(), PenaltyTwo()]
        if d.kind == "penalty_type":
            return [PenaltyType(t) for t in TYPES]
        if d.kind == "halve":
            return [Halve(d.data[1], True), Halve(d.data[1], False)]
        nxt = self.next_scenario
        numbers = [div.number for div in nxt.side(side).divisions]
        if d.kind == "replace":
            return [Replace(k, n) for n in numbers for k in REPLACE_KINDS]
        if d.kind == "advanced":
            return [AdvancedDivision(n) for n in numbers]
        if d.kind == "raise":
            return [RaiseObjective(o.id) for o in nxt.objectives]
        if d.kind == "demote":
            return [DemoteElites(n) for n in numbers]
        raise AssertionError(f"unknown decision {d.kind}")

    def _buy_candidates(self, side: str) -> list[Command | Span]:
        sc, mods = self._purchase_target()
        divisions = self._base_divisions(side, sc, mods[side])
        status = self.state.phase == "status"
        key = (side, sc.id, divisions, status)
        cached = self._buy_cache.get(key)
        if cached is None:
            cached = self._buy_cache[key] = tuple(
                c for c in self._all_buys(side, sc, divisions)
                # a Status Phase buys reinforcements only: the rest need not be judged
                if not status or tables.ITEMS[(c.template if isinstance(c, Span) else c).item].reinforcement)
        return list(cached)

    def _all_buys(self, side: str, sc: Scenario, divisions: range) -> list[Command | Span]:
        numbers = [d.number for d in sc.side(side).divisions]
        out: list[Command | Span] = []
        for t in TYPES:
            out.append(Buy(side, "veteran", tables.unit(t), detail=t))
        for n in numbers:
            out.append(Buy(side, "advanced-hex", tables.unit("morale"), division=n))
        for figures in tables.squad_compositions(self.c.base_holes):
            out.append(Span(Buy(side, "squad", tables.squad_cost(figures), divisions.start, figures=figures),
                            division=divisions))
        for sp in tables.SPECIALIZATIONS:
            out.append(Buy(side, "specialization", tables.unit("ammunition", 2), detail=sp))
        out.append(Buy(side, "remove-unarmed", tables.unit("ammunition", 2)))
        for n in numbers:
            out += [Buy(side, "light-tank", pay, division=n) for pay in tables.light_tank_payments()]
            out.append(Buy(side, "heavy-tank", tables.HEAVY_TANK_COST, division=n))
        out += [Buy(side, "starting-card", pay) for pay in tables.any_split(2)]
        for deck in tables.DECKS:
            out += [Buy(side, deck, pay) for pay in tables.any_split(3)]
        return out

    # ======================================================================
    # Why a command is refused (the same checks legal() keeps)
    # ======================================================================
    def _problem(self, cmd: Any) -> str | None:
        if not isinstance(cmd, Command) or type(cmd) not in COMMANDS:
            return f"Not a Tide of Iron campaign command: {self._describe_safe(cmd)}."
        if self.state.over:
            return "The campaign is over: no more commands."
        return getattr(self, f"_why_{type(cmd).__name__}")(cmd)

    def _now(self) -> str:
        s = self.state
        name = self.current.name
        if s.over:
            return "the campaign is over"
        if s.decision is not None:
            return f"now: {s.decision.prompt}"
        return {
            "setup": f"now: the set-up of {name}",
            "battle": f"now: the battle of {name} on your table",
            "status": f"now: the Status Phase of round {s.status_round} in {name}",
            "result": f"now: result entry for {name}",
            "purchase": f"now: Resource Acquisitions, {self.who(s.buyers[0]) if s.buyers else ''} buying",
        }.get(s.phase, f"now: {s.phase}")

    def _wrong_time(self, text: str) -> str:
        return f"{text} ({self._now()})."

    def _side_problem(self, side: Any) -> str | None:
        if side not in SIDES or not _is_str(side):
            return f"Unknown side {side!r}: german or soviet."
        return None

    def _type_problem(self, t: Any) -> str | None:
        if t not in TYPES or not _is_str(t):
            return f"Unknown command type {t!r}: ammunition, morale or supply."
        return None

    def _division_problem(self, sc: Scenario, side: str, division: Any) -> str | None:
        numbers = [d.number for d in sc.side(side).divisions]
        if not _is_int(division) or division not in numbers:
            listed = " and ".join(str(n) for n in numbers)
            return f"{sc.name}'s {SIDE_NAME[side]} forces have division {listed}: there is no division {division!r}."
        return None

    # -- the battle ------------------------------------------------------------
    def _why_BeginBattle(self, cmd: BeginBattle) -> str | None:
        if self.state.phase != "setup" or self.state.decision is not None:
            return self._wrong_time("The battle begins once, after the set-up")
        return None

    def _why_StatusPhase(self, cmd: StatusPhase) -> str | None:
        s, sc = self.state, self.current
        if s.phase != "battle" or s.decision is not None:
            return self._wrong_time("A Status Phase purchase window opens during the battle")
        if not sc.in_scenario_purchases:
            return f"{sc.name} has no purchases in its Status Phases."
        if not _is_int(cmd.round):
            return "The round must be a whole number."
        if cmd.round < 2:
            return f"{sc.name}'s Status Phase purchases start in round 2."
        if cmd.round > sc.rounds:
            return f"{sc.name} has {sc.rounds} rounds: there is no round {cmd.round}."
        if cmd.round <= s.status_round:
            return f"The Status Phase of round {cmd.round} is past (the last opened was round {s.status_round})."
        return None

    def _why_EndBattle(self, cmd: EndBattle) -> str | None:
        s = self.state
        if s.phase == "status":
            return "Close the Status Phase purchases first: each player finishes with Done."
        if s.phase != "battle" or s.decision is not None:
            return self._wrong_time("The battle can only end while it is being fought")
        return None

    # -- result entry ----------------------------------------------------------
    def _why_SetCommand(self, cmd: SetCommand) -> str | None:
        s = self.state
        if s.phase not in ("result", "status") or s.decision is not None:
            return self._wrong_time("Command is entered after the battle, or in a Red October Status Phase")
        for problem in (self._side_problem(cmd.side), self._type_problem(cmd.card)):
            if problem:
                return problem
        if s.phase == "status" and cmd.side not in s.buyers:
            return f"The {SIDE_NAME[cmd.side]} player has finished purchasing in this Status Phase."
        if not _is_int(cmd.value):
            return "Command must be a whole number."
        if cmd.value not in self._command_values():
            if cmd.value < 0:
                return "Command cannot be negative."
            return f"Command cannot be more than {self.c.max_command} on one card."
        return None

    def _why_SetInitiative(self, cmd: SetInitiative) -> str | None:
        if self.state.phase != "result" or self.state.decision is not None:
            return self._wrong_time("Who held the initiative is entered after the battle")
        return self._side_problem(cmd.side)

    def _why_Score(self, cmd: Score) -> str | None:
        s, sc = self.state, self.current
        if s.phase != "result" or s.decision is not None:
            return self._wrong_time("Objectives are scored in the result entry after the battle")
        problem = self._side_problem(cmd.side)
        if problem:
            return problem
        o = sc.objective(cmd.objective) if _is_str(cmd.objective) else None
        if o is None:
            ids = ", ".join(x.id for x in sc.objectives)
            return f"{sc.name} has no objective {cmd.objective!r} (its objectives: {ids})."
        if not o.scorable_by(cmd.side):
            return f"Only the {SIDE_NAME[o.side]} player may score {sc.name}'s objective '{o.name}'."
        if not _is_int(cmd.count):
            return "The count must be a whole number."
        if type(cmd.raised) is not bool:
            return "'raised' is yes or no."
        if cmd.count not in self._score_counts(cmd.side, o, cmd.raised):
            return self._count_problem(cmd, o)
        if cmd.raised:
            if s.record.raised[cmd.side] != o.id:
                return f"The {SIDE_NAME[cmd.side]} player did not raise '{o.name}' for this scenario."
            if o.kind == "once":
                return f"'{o.name}' is scored once: scoring it already counts the raise (+1)."
        return None

    def _count_problem(self, cmd: Score, o: Any) -> str:
        """Why a count outside `_score_counts` is refused, in words."""
        s, sc = self.state, self.current
        if cmd.count < 0:
            return "A count cannot be negative."
        if o.kind == "once" and cmd.count > 1:
            return f"{sc.name}'s objective '{o.name}' can be scored at most once."
        if cmd.count > o.max:
            return f"{sc.name}'s objective '{o.name}' can be counted at most {o.max} times for one side."
        rival = other(cmd.side)
        theirs = s.record.scores[rival].get(o.id, 0) if o.scorable_by(rival) else 0
        if o.exclusive and o.kind == "once":
            return (f"{sc.name}'s objective '{o.name}' can be scored by one side only: the "
                    f"{SIDE_NAME[rival]} player has it (set theirs to 0 first).")
        if o.exclusive and o.kind == "each" and cmd.count + theirs > o.max:
            return (f"{sc.name}'s objective '{o.name}' can be counted at most {o.max} times by both sides "
                    f"together: the {SIDE_NAME[rival]} player has {theirs}.")
        return "The raised item can only be among those scored when at least one is scored."

    def _why_ConfirmResult(self, cmd: ConfirmResult) -> str | None:
        s = self.state
        if s.phase != "result" or s.decision is not None:
            return self._wrong_time("The result is confirmed at the end of result entry")
        if not s.record.initiative:
            return "Enter who held the initiative at the end of the scenario before confirming the result."
        return None

    # -- answers to the Campaign Phase's choices ---------------------------------
    def _answer_problem(self, kinds: tuple[str, ...], what: str) -> str | None:
        d = self.state.decision
        if d is None or d.kind not in kinds:
            return self._wrong_time(f"No {what} is asked")
        return None

    def _why_PenaltyEach(self, cmd: PenaltyEach) -> str | None:
        return self._answer_problem(("penalty",), "choice of the loser's penalty")

    def _why_PenaltyTwo(self, cmd: PenaltyTwo) -> str | None:
        return self._answer_problem(("penalty",), "choice of the loser's penalty")

    def _why_PenaltyType(self, cmd: PenaltyType) -> str | None:
        return self._answer_problem(("penalty_type",), "type for the loser's penalty") or self._type_problem(cmd.card)

    def _why_Halve(self, cmd: Halve) -> str | None:
        problem = self._answer_problem(("halve",), "halving (10+)")
        if problem:
            return problem
        t = self.state.decision.data[1]
        if cmd.card != t:
            return f"The table is at the {t} command now, not {cmd.card!r}."
        if type(cmd.yes) is not bool:
            return "Halve: yes or no."
        return None

    def _why_Replace(self, cmd: Replace) -> str | None:
        problem = self._answer_problem(("replace",), "Ammunition 6-9 replacement")
        if problem:
            return problem
        side = self.state.decision.data[0]
        if cmd.kind not in REPLACE_KINDS or not _is_str(cmd.kind):
            return f"Two regular infantry are replaced by an MG crew ('mg'), a mortar crew ('mortar') or two elites ('two-elites'), not {cmd.kind!r}."
        nxt = self.next_scenario
        problem = self._division_problem(nxt, side, cmd.division)
        if problem:
            return problem
        have = self._figures(side, cmd.division, "regular")
        if have < 2:
            return f"Division {cmd.division} has {have} regular infantry in {nxt.name}: two are needed."
        return None

    def _why_AdvancedDivision(self, cmd: AdvancedDivision) -> str | None:
        problem = self._answer_problem(("advanced",), "Morale 6-9 division")
        if problem:
            return problem
        return self._division_problem(self.next_scenario, self.state.decision.data[0], cmd.division)

    def _why_RaiseObjective(self, cmd: RaiseObjective) -> str | None:
        problem = self._answer_problem(("raise",), "Supply 6-9 objective")
        if problem:
            return problem
        side = self.state.decision.data[0]
        nxt = self.next_scenario
        o = nxt.objective(cmd.objective) if _is_str(cmd.objective) else None
        if o is None:
            ids = ", ".join(x.id for x in nxt.objectives)
            return f"{nxt.name} has no objective {cmd.objective!r} (its objectives: {ids})."
        if not o.scorable_by(side):
            return f"Only the {SIDE_NAME[o.side]} player may score {nxt.name}'s objective '{o.name}': raise one you can score."
        return None

    def _why_DemoteElites(self, cmd: DemoteElites) -> str | None:
        problem = self._answer_problem(("demote",), "Morale 0-2 division")
        if problem:
            return problem
        side = self.state.decision.data[0]
        problem = self._division_problem(self.next_scenario, side, cmd.division)
        if problem:
            return problem
        if self._figures(side, cmd.division, "elite") < 1:
            return f"Division {cmd.division} has no elite infantry in {self.next_scenario.name}."
        return None

    # -- purchases ---------------------------------------------------------------
    def _purchase_target(self) -> tuple[Scenario, SideMods | dict]:
        """The scenario purchases are for and its set-up changes: the next scenario in the
        Campaign Phase, the current one in a Red October Status Phase."""
        s = self.state
        if s.phase == "status":
            return self.current, s.mods
        return (self.next_scenario or self.current), s.next_mods

    def _why_DonePurchasing(self, cmd: DonePurchasing) -> str | None:
        s = self.state
        if s.phase not in ("purchase", "status") or s.decision is not None:
            return self._wrong_time("Purchasing is finished in the Campaign Phase or a Red October Status Phase")
        problem = self._side_problem(cmd.side)
        if problem:
            return problem
        return self._buyer_problem(cmd.side)

    def _buyer_problem(self, side: str) -> str | None:
        s = self.state
        if side not in s.buyers:
            where = "in this Status Phase" if s.phase == "status" else "for the next scenario"
            return f"The {SIDE_NAME[side]} player has finished purchasing {where}."
        if s.phase == "purchase" and side != s.buyers[0]:
            first = s.buyers[0]
            return (f"The {SIDE_NAME[first]} player buys first: they have the initiative in "
                    f"{self.next_scenario.name}.")
        return None

    def _why_Buy(self, b: Buy) -> str | None:
        s = self.state
        if s.phase not in ("purchase", "status") or s.decision is not None:
            return self._wrong_time("Purchases are made in the Campaign Phase's Resource Acquisitions, "
                                    "or in Red October's Status Phases from round 2")
        problem = self._side_problem(b.side) or self._buyer_problem(b.side)
        if problem:
            return problem
        side = b.side
        item = tables.ITEMS.get(b.item) if _is_str(b.item) else None
        if item is None:
            return f"Unknown item {b.item!r} (items: {', '.join(tables.ITEMS)})."
        if s.phase == "status" and not item.reinforcement:
            return (f"In {self.current.name}'s Status Phases only reinforcements can be bought (squads, tanks, "
                    f"specializations, removing the unarmed restriction): '{item.id}' is bought in the Campaign Phase.")
        pay = b.pay
        if not (type(pay) is tuple and len(pay) == 3 and _is_int(pay[0]) and _is_int(pay[1]) and _is_int(pay[2])
                and pay[0] >= 0 and pay[1] >= 0 and pay[2] >= 0):
            return "Pay must be three amounts (ammunition, morale, supply), none negative."
        sc, mods = self._purchase_target()
        m = mods[side]
        if item.division:
            problem = self._division_problem(sc, side, b.division)
            if problem:
                return problem
        elif b.division != 0:
            return f"'{item.id}' is not bought for a division: division must be 0."
        wants_detail = item.id in ("veteran", "specialization")
        if not wants_detail and b.detail != "":
            return f"'{item.id}' takes no detail."
        if item.id != "squad" and b.figures != ():
            return f"Only a squad is bought with figures, not '{item.id}'."
        # item by item, as the table and its notes say (TOI Resource Acquisitions Table)
        if item.id == "veteran":
            problem = self._type_problem(b.detail)
            if problem:
                return problem
            if s.cards[side][b.detail].veteran:
                return f"The {SIDE_NAME[side]} {b.detail} card is already on its Veteran side (a permanent flip)."
        elif item.id == "specialization":
            if b.detail not in tables.SPECIALIZATIONS or not _is_str(b.detail):
                return f"A specialization is one of {', '.join(tables.SPECIALIZATIONS)}, not {b.detail!r}."
        elif item.id == "advanced-hex":
            order = self.c.scenario_order
            if order.index(sc.id) < order.index(self.c.advanced_hexes_from):
                first = self.scenario(self.c.advanced_hexes_from).name
                return f"Advanced set-up hexes can be bought from {first} on; the next scenario is {sc.name}."
        elif item.id == "squad":
            problem = self._squad_problem(b, sc, m)
            if problem:
                return problem
        elif item.id == "remove-unarmed":
            if m.unarmed == 0:
                return f"The {SIDE_NAME[side]} player has no unarmed restriction to remove."
        elif item.id in ("light-tank", "heavy-tank"):
            if not self._has_armour(side, b.division, sc, m):
                return (f"Division {b.division} does not start {sc.name} with armour: the "
                        f"{SIDE_NAME[side]} player may not buy tanks for it.")
            if item.id == "heavy-tank" and side == "german" and _sig33b(sc):
                return (f"The sIG 33b operations card is in effect for {sc.name}: the German player may not "
                        f"buy StuG IIIs.")
        elif item.id == "starting-card":
            if m.starting_cards >= self.c.max_starting_cards:
                return f"At most {self.c.max_starting_cards} extra starting cards can be bought for a scenario."
        elif item.id in tables.DECKS and item.id in m.decks:
            return f"The {tables.DECKS[item.id]} is already unlocked for {sc.name}: each deck once."
        accepted = tables.payments(item.id, b.detail, b.figures)
        if pay not in accepted:
            return self._price_problem(b, item, accepted)
        return self._afford_problem(b, item)

    def _squad_problem(self, b: Buy, sc: Scenario, m: SideMods) -> str | None:
        try:
            problem = _figures_problem(b.figures, self.c.base_holes)
        except TypeError:              # unhashable: never a squad's figures
            problem = "A squad's figures are a list of names."
        if problem:
            return problem
        if b.division not in self._base_divisions(b.side, sc, m):
            previous = self._last_base_division(b.side)
            return (f"Bases alternate divisions: the next base goes to division {previous % len(sc.side(b.side).divisions) + 1} "
                    f"(the last went to division {previous}).")
        return None

    def _base_divisions(self, side: str, sc: Scenario, m: SideMods) -> range:
        """The divisions `side`'s next squad base may go to (TOI Resource Acquisitions Table: "if
        purchasing multiple bases", alternate divisions; a single base goes to either)."""
        count = len(sc.side(side).divisions)
        previous = self._last_base_division(side) if m.bases else 0
        if not previous:
            return range(1, count + 1)
        expected = previous % count + 1
        return range(expected, expected + 1)

    def _last_base_division(self, side: str) -> int:
        """The division of `side`'s latest squad base (one of the `bases` counted for the target)."""
        for rec in reversed(self.state.ledger):
            for p in reversed(rec.purchases):
                if p.side == side and p.item == "squad":
                    return p.division
        return 0

    def _price_problem(self, b: Buy, item: tables.Item, accepted: list) -> str:
        if item.id == "veteran":
            return (f"A Campaign Command card is flipped with 1 command of its own type: pay "
                    f"{accepted[0]} for the {b.detail} card.")
        if item.id == "light-tank":
            return "A light tank costs 1 of each type plus 1 of any: pay (2, 1, 1), (1, 2, 1) or (1, 1, 2)."
        if item.cost.startswith("any"):
            n = sum(accepted[0])
            return f"{item.name} costs any {n}: the three amounts must add up to {n}."
        return f"{item.name} costs {tables.pay_text(accepted[0])}: pay {accepted[0]}."

    def _afford_problem(self, b: Buy, item: tables.Item) -> str | None:
        s = self.state
        cards = s.cards[b.side]
        pay = b.pay
        floor = self.c.start_command if s.phase == "status" else 0   # Red October: never below the start
        for i, t in enumerate(TYPES):
            left = cards[t].tokens - pay[i]
            if left < 0 or (pay[i] and left < floor):
                break
        else:
            return None                # affordable: the common case, and no words needed
        have = {t: cards[t].tokens for t in TYPES}
        for i, t in enumerate(TYPES):
            need = b.pay[i]
            if need > have[t]:
                if item.id == "squad":
                    fig = tables.squad_figure_cost(b.figures)[i]
                    paying = tuple(f for f in b.figures if tables.LOTS[f].cost[i])
                    parts = []
                    if tables.BASE_COST[i]:
                        parts.append(f"the base needs {tables.BASE_COST[i]}")
                    if fig:
                        verb = "need" if len(paying) > 1 else "needs"
                        parts.append(f"{tables.figures_text(paying)} {verb} {fig}")
                    what = " and ".join(parts) + (f" ({need} in all)" if len(parts) > 1 else "")
                else:
                    what = f"{item.name.lower()} needs {need}"
                return f"Not enough {t} command: {what}; the {SIDE_NAME[b.side]} player has {have[t]}."
        if s.phase == "status":
            floor = self.c.start_command
            for i, t in enumerate(TYPES):
                if b.pay[i] and have[t] - b.pay[i] < floor:
                    return (f"{self.current.name}: no purchase may take a Campaign Command card below {floor} "
                            f"command; this leaves the {t} card at {have[t] - b.pay[i]}.")
        return None

    def _has_armour(self, side: str, division: int, sc: Scenario, m: SideMods) -> bool:
        """Does `division` start `sc` with armour (printed, or a tank already bought for it)?"""
        printed = sc.side(side).division(division)
        if printed is not None and printed.armour > 0:
            return True
        if sum(m.divisions[division - 1].vehicles.values()) > 0:
            return True
        if self.state.phase == "status":   # a tank that arrived in an earlier Status Phase
            return any(p.side == side and p.division == division and p.item in ("light-tank", "heavy-tank")
                       for p in self.state.record.purchases)
        return False

    def _figures(self, side: str, division: int, field: str) -> int:
        """A division's count of a figure in the next scenario, with the changes made so far."""
        nxt = self.next_scenario
        printed = getattr(nxt.side(side).division(division), field)
        mods = self.state.next_mods[side].divisions[division - 1]
        return printed + getattr(mods, field)

    # ======================================================================
    # apply()
    # ======================================================================
    def _apply(self, cmd: Command) -> list[Event]:
        self._out = []
        handler = {
            BeginBattle: self._do_begin_battle, StatusPhase: self._do_status_phase, EndBattle: self._do_end_battle,
            SetCommand: self._do_set_command, SetInitiative: self._do_set_initiative, Score: self._do_score,
            ConfirmResult: self._do_confirm, PenaltyEach: self._do_penalty_each, PenaltyTwo: self._do_penalty_two,
            PenaltyType: self._do_penalty_type, Halve: self._do_halve, Replace: self._do_replace,
            AdvancedDivision: self._do_advanced, RaiseObjective: self._do_raise, DemoteElites: self._do_demote,
            Buy: self._do_buy, DonePurchasing: self._do_done,
        }[type(cmd)]
        handler(cmd)
        return self._out

    def _emit(self, text: str, rule: str = "", kind: str = "info") -> None:
        self._out.append(Event(text, rule, kind))

    def _decide(self, kind: str, side: str, prompt: str, rule: str, data: tuple) -> None:
        self.state.decision = Decision(kind, prompt, rule, (side, *data))
        self.state.to_act = side

    # ======================================================================
    # Scenario set-up (TOI Campaign Scenario Set Up)
    # ======================================================================
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

    def _do_begin_battle(self, cmd: BeginBattle) -> None:
        s = self.state
        s.phase = "battle"
        s.record.status = "battle"
        sc = self.current
        self._emit(f"The battle of {sc.name} is fought on the table: {sc.rounds} rounds, "
                   f"{SIDE_NAME[sc.starting_initiative]} initiative first.", R_PLAY, "battle")

    # ======================================================================
    # Red October: purchases in the Status Phases (TOI Red October: Reinforcements)
    # ======================================================================
    def _do_status_phase(self, cmd: StatusPhase) -> None:
        s = self.state
        s.phase, s.status_round = "status", cmd.round
        s.buyers = list(SIDES)
        self._emit(f"Status Phase of round {cmd.round}: both players may buy reinforcements; no Campaign Command "
                   f"card may go below {self.c.start_command}. Enter each card's command first.", R_RED_OCTOBER, "status")

    def _do_end_battle(self, cmd: EndBattle) -> None:
        s = self.state
        s.phase = "result"
        s.record.status = "result"
        self._emit(f"{self.current.name} is over: enter each card's command, who held the initiative and the "
                   f"objectives scored.", R_RECORD, "result")

    # ======================================================================
    # Result entry (TOI Campaign Phase, step 1)
    # ======================================================================
    def _do_set_command(self, cmd: SetCommand) -> None:
        # TOI Campaign Phase, step 1: "record how much command each player has of each type"
        # (or, in Red October's Status Phases, the command a side has before it buys)
        card = self.state.cards[cmd.side][cmd.card]
        card.tokens = cmd.value
        rule = R_RED_OCTOBER if self.state.phase == "status" else R_RECORD
        self._emit(f"{SIDE_NAME[cmd.side]} {cmd.card} command: {cmd.value}.", rule, "entry")

    def _do_set_initiative(self, cmd: SetInitiative) -> None:
        self.state.record.initiative = cmd.side
        self._emit(f"{SIDE_NAME[cmd.side]} held the initiative at the end of the scenario.", R_RECORD, "entry")

    def _do_score(self, cmd: Score) -> None:
        rec = self.state.record
        if cmd.count:
            rec.scores[cmd.side][cmd.objective] = cmd.count
        else:
            rec.scores[cmd.side].pop(cmd.objective, None)
        if rec.raised[cmd.side] == cmd.objective:
            rec.raised_scored[cmd.side] = cmd.raised
        o = self.current.objective(cmd.objective)
        marked = " (the raised item among them)" if cmd.raised else ""
        self._emit(f"{SIDE_NAME[cmd.side]} scores '{o.name}' x{cmd.count}{marked}: {self.scenario_cvp(cmd.side)} CVP "
                   f"on the form.", R_RECORD, "entry")

    def _do_confirm(self, cmd: ConfirmResult) -> None:
        # TOI Campaign Phase, step 1; TOI Penalty for Losing a Scenario; TOI Initiative at the End
        s = self.state
        rec = s.record
        rec.command = {side: {t: s.cards[side][t].tokens for t in TYPES} for side in SIDES}
        for side in SIDES:
            rec.objective_cvp[side] = self.scenario_cvp(side)
            cmds = ", ".join(f"{t} {rec.command[side][t]}" for t in TYPES)
            self._emit(f"{SIDE_NAME[side]}: {cmds}; {rec.objective_cvp[side]} CVP from the objectives.", R_RECORD, "result")
        winner, tie = self.scenario_winner(rec)
        rec.winner = winner
        holder = rec.initiative
        why = f" (a tie at {rec.objective_cvp[winner]} CVP goes to the initiative holder)" if tie else ""
        self._emit(f"{SIDE_NAME[winner]} wins {self.current.name}{why}.", "TOI Penalty for Losing a Scenario: the winner",
                   "winner")
        if holder == winner:
            rec.bonus[winner] = 1
            self._emit(f"{SIDE_NAME[winner]} held the initiative and won: +1 CVP.", R_INITIATIVE, "winner")
        else:
            self._emit(f"{SIDE_NAME[holder]} held the initiative but lost: no bonus CVP, and no penalty for losing.",
                       R_INITIATIVE, "winner")
        last = s.index == len(s.run) - 1
        if last:
            rec.status = "done"
            if not self.standalone:
                self._emit("The last scenario of the campaign: no penalty, Campaign Phase Table or purchases.",
                           R_SUCCESS, "result")
            self._end_of_campaign()
            return
        rec.status = "campaign"
        nxt = self.next_scenario
        s.next_mods = {side: fresh_mods(len(nxt.side(side).divisions)) for side in SIDES}
        if holder == winner:
            loser = other(winner)
            s.phase = "penalty"
            self._decide("penalty", loser,
                         f"{SIDE_NAME[loser]} lost: lose one command of each type, or two of one type that "
                         f"{SIDE_NAME[winner]} chooses?", R_PENALTY, (winner,))
        else:
            rec.penalty = f"none: {SIDE_NAME[holder]} lost while holding the initiative"
            self._start_table()

    def scenario_winner(self, rec: Record) -> tuple[str, bool]:
        """TOI Penalty for Losing a Scenario / Initiative at the End: most CVP wins; a tie goes to
        the side that held the initiative at the end of the last Status Phase."""
        g, v = rec.objective_cvp["german"], rec.objective_cvp["soviet"]
        if g != v:
            return ("german" if g > v else "soviet"), False
        return rec.initiative, True

    # ======================================================================
    # Penalty for Losing a Scenario (TOI Penalty for Losing a Scenario)
    # ======================================================================
    def _lose(self, side: str, t: str, n: int) -> int:
        # TOI Penalty for Losing a Scenario (ruling: never below 0)
        card = self.state.cards[side][t]
        lost = min(n, card.tokens)     # never below 0
        card.tokens -= lost
        return lost

    def _do_penalty_each(self, cmd: PenaltyEach) -> None:
        s = self.state
        loser = s.decision.data[0]
        s.decision = None
        lost = [f"{t} -{self._lose(loser, t, 1)}" for t in TYPES]
        s.record.penalty = f"{SIDE_NAME[loser]} lost one of each type ({', '.join(lost)})"
        self._emit(f"{SIDE_NAME[loser]} loses one command of each type: {', '.join(lost)}.", R_PENALTY, "penalty")
        self._start_table()

    def _do_penalty_two(self, cmd: PenaltyTwo) -> None:
        s = self.state
        loser, winner = s.decision.data
        self._emit(f"{SIDE_NAME[loser]} will lose two command of one type; {SIDE_NAME[winner]} chooses the type.",
                   R_PENALTY, "penalty")
        self._decide("penalty_type", winner, f"{SIDE_NAME[winner]}: which type of command does "
                     f"{SIDE_NAME[loser]} lose two of?", R_PENALTY, (loser,))

    def _do_penalty_type(self, cmd: PenaltyType) -> None:
        s = self.state
        loser = s.decision.data[1]
        s.decision = None
        lost = self._lose(loser, cmd.card, 2)
        s.record.penalty = f"{SIDE_NAME[loser]} lost two {cmd.card} (chosen by {SIDE_NAME[other(loser)]}; -{lost})"
        self._emit(f"{SIDE_NAME[loser]} loses two {cmd.card} command (-{lost}, now "
                   f"{s.cards[loser][cmd.card].tokens}).", R_PENALTY, "penalty")
        self._start_table()

    # ======================================================================
    # The Campaign Phase Table (TOI Campaign Phase Table; TOI Using the Campaign Phase Table)
    # ======================================================================
    def _start_table(self) -> None:
        s = self.state
        rec = s.record
        rec.after_penalty = {side: {t: s.cards[side][t].tokens for t in TYPES} for side in SIDES}
        s.phase, s.decision = "table", None
        order = self.initiative_order(self.next_scenario)
        s.tasks = [Task(side, t) for side in order for t in TYPES]
        self._emit(f"Campaign Phase Table: {SIDE_NAME[order[0]]} first (initiative in {self.next_scenario.name}), "
                   f"then {SIDE_NAME[order[1]]}; ammunition, morale, supply.", R_TABLE, "table")
        self._run_table()

    def _run_table(self) -> None:
        s = self.state
        while s.tasks and s.decision is None:
            task = s.tasks.pop(0)
            self._table_row(task.side, task.type, task.may_halve)
        if s.decision is None and not s.tasks:
            self._start_purchases()

    def _table_row(self, side: str, t: str, may_halve: bool) -> None:
        """Cross-reference the command total with the type and apply that cell."""
        v = self.state.cards[side][t].tokens
        row = tables.row_for(v)
        if row == "10+" and may_halve:
            # TOI Campaign Phase Table: 10+ (halve for +1 CVP, or take the 6-9 effect)
            self._decide("halve", side, f"{SIDE_NAME[side]} has {v} {t} command (10+): halve it to {v // 2} "
                         f"for +1 CVP, or keep it and take the 6-9 effect?", f"{R_TABLE}: {t.capitalize()} 10+",
                         (t, v))
        elif row in ("10+", "6-9"):
            label = "6-9" if row == "6-9" else "10+ again: counts as 6-9"
            self._six_to_nine(side, t, v, label)
        elif row == "3-5":
            self._remove_two(side, t, v, "3-5", f"Remove two {t} command.")
        else:
            self._zero_to_two(side, t, v)

    def _remove_two(self, side: str, t: str, before: int, label: str, text: str) -> None:
        # TOI Campaign Phase Table: rows 3-5 and 6-9 end with "Remove two ... command"
        card = self.state.cards[side][t]
        card.tokens = max(0, card.tokens - tables.REMOVE)
        rule = f"{R_TABLE}: {t.capitalize()} {'3-5' if label == '3-5' else '6-9'}"
        self.state.record.effects.append(TableEffect(side, t, before, label, text, card.tokens))
        self._emit(f"{SIDE_NAME[side]} {t} {before} ({label}): {text} {card.tokens} left to spend.", rule, "table")

    def _do_halve(self, cmd: Halve) -> None:
        s = self.state
        side, t, before = s.decision.data
        s.decision, s.to_act = None, None
        rule = f"{R_TABLE}: {t.capitalize()} 10+"
        if cmd.yes:
            card = s.cards[side][t]
            card.tokens = before // 2
            s.record.halving[side] += 1
            text = f"Halved to {card.tokens} for +1 CVP."
            s.record.effects.append(TableEffect(side, t, before, "10+", text, card.tokens, halved=True))
            self._emit(f"{SIDE_NAME[side]} {t} {before} (10+): halved to {card.tokens} (round down), +1 CVP.", rule, "table")
            # "Gain any effects based on your new command total" (a second 10+ counts as 6-9)
            self._table_row(side, t, may_halve=False)
        else:
            self._emit(f"{SIDE_NAME[side]} keeps {before} {t} (10+): the 6-9 effect applies.", rule, "table")
            self._six_to_nine(side, t, before, "10+, kept: 6-9 effect")
        self._run_table()

    # -- 6-9 ------------------------------------------------------------------------
    def _six_to_nine(self, side: str, t: str, before: int, label: str) -> None:
        nxt = self.next_scenario
        rule = f"{R_TABLE}: {t.capitalize()} 6-9"
        data = (t, before, label)
        if t == "ammunition":
            # replace two regular infantry with an MG crew, a mortar crew or two elites
            if any(self._figures(side, d.number, "regular") >= 2 for d in nxt.side(side).divisions):
                self._decide("replace", side, f"{SIDE_NAME[side]} ammunition {before}: replace two regular infantry "
                             f"of which division with an MG crew, a mortar crew or two elites?", rule, data)
                return
            self._finish_six_nine(side, t, before, label, f"No division has two regular infantry in {nxt.name} to replace.")
        elif t == "morale":
            # one division may use the advanced set-up hexes as well
            order = self.c.scenario_order
            if order.index(nxt.id) >= order.index(self.c.advanced_hexes_from):
                self._decide("advanced", side, f"{SIDE_NAME[side]} morale {before}: which division may also set up in "
                             f"the advanced set-up hexes of {nxt.name}?", rule, data)
                return
            self._finish_six_nine(side, t, before, label, f"{nxt.name} has no advanced set-up hexes in use.")
        else:
            # increase the value of an objective by 1
            if any(o.scorable_by(side) for o in nxt.objectives):
                self._decide("raise", side, f"{SIDE_NAME[side]} supply {before}: which objective of {nxt.name} is worth "
                             f"1 more CVP to you?", rule, data)
                return
            self._finish_six_nine(side, t, before, label, f"{nxt.name} has no objective you can score to raise.")

    def _finish_six_nine(self, side: str, t: str, before: int, label: str, text: str) -> None:
        self.state.decision, self.state.to_act = None, None
        self._remove_two(side, t, before, label, f"{text} Then remove two {t} command.")

    def _do_replace(self, cmd: Replace) -> None:
        s = self.state
        side, t, before, label = s.decision.data
        d = s.next_mods[side].divisions[cmd.division - 1]
        d.regular -= 2
        if cmd.kind == "mg":
            d.mg_crews += 1
        elif cmd.kind == "mortar":
            d.mortar_crews += 1
        else:
            d.elite += 2
        note = f"Ammunition 6-9: two regular infantry replaced by {REPLACE_KINDS[cmd.kind]}."
        d.notes.append(note)
        self._finish_six_nine(side, t, before, label, f"Division {cmd.division}: two regular infantry make way for "
                              f"{REPLACE_KINDS[cmd.kind]}.")
        self._run_table()

    def _do_advanced(self, cmd: AdvancedDivision) -> None:
        s = self.state
        side, t, before, label = s.decision.data
        d = s.next_mods[side].divisions[cmd.division - 1]
        d.advanced_setup = True
        d.notes.append("Morale 6-9: may also set up in the advanced set-up hexes.")
        self._finish_six_nine(side, t, before, label, f"Division {cmd.division} may also use the advanced set-up hexes.")
        self._run_table()

    def _do_raise(self, cmd: RaiseObjective) -> None:
        s = self.state
        side, t, before, label = s.decision.data
        m = s.next_mods[side]
        m.raised = cmd.objective
        o = self.next_scenario.objective(cmd.objective)
        item = " (one item of it, marked on the map)" if o.kind == "each" else ""
        m.notes.append(f"Supply 6-9: objective '{o.name}'{item} is worth 1 more CVP to this side.")
        self._finish_six_nine(side, t, before, label, f"Objective '{o.name}' of {self.next_scenario.name}{item} is "
                              f"worth 1 more CVP to {SIDE_NAME[side]}.")
        self._run_table()

    # -- 0-2 ------------------------------------------------------------------------
    def _zero_to_two(self, side: str, t: str, before: int) -> None:
        s = self.state
        card = s.cards[side][t]
        card.tokens = 0
        rule = f"{R_TABLE}: {t.capitalize()} 0-2"
        m = s.next_mods[side]
        if t == "ammunition":
            m.unarmed += 1
            m.notes.append("Ammunition 0-2: one squad sets up with an unarmed restriction.")
            self._zero_done(side, t, before, "Command to 0; one squad sets up with an unarmed restriction.", rule)
        elif t == "supply":
            m.starving += 1
            m.notes.append("Supply 0-2: one squad sets up with a starving restriction.")
            self._zero_done(side, t, before, "Command to 0; one squad sets up with a starving restriction.", rule)
        else:
            # the short excerpt's cell (DESIGN ruling): two starting elites become regulars, if able
            divisions = [d.number for d in self.next_scenario.side(side).divisions
                         if self._figures(side, d.number, "elite") >= 1]
            if len(divisions) >= 2:
                self._decide("demote", side, f"{SIDE_NAME[side]} morale {before} (0-2): two starting elite infantry "
                             f"become regulars; from which division first?", rule, (t, before, "0-2"))
                return
            if divisions:
                self._demote(side, t, before, divisions[0])
            else:
                self._zero_done(side, t, before, f"Command to 0; no elite infantry in {self.next_scenario.name} to "
                                "replace.", rule)

    def _zero_done(self, side: str, t: str, before: int, text: str, rule: str) -> None:
        self.state.record.effects.append(TableEffect(side, t, before, "0-2", text, 0))
        self._emit(f"{SIDE_NAME[side]} {t} {before} (0-2): {text}", rule, "table")

    def _do_demote(self, cmd: DemoteElites) -> None:
        s = self.state
        side, t, before, _ = s.decision.data
        s.decision, s.to_act = None, None
        self._demote(side, t, before, cmd.division)
        self._run_table()

    def _demote(self, side: str, t: str, before: int, first: int) -> None:
        # TOI Campaign Phase Table: Morale 0-2 (excerpt): two elites become regulars, if able
        numbers = [first] + [d.number for d in self.next_scenario.side(side).divisions if d.number != first]
        left, parts = 2, []
        for n in numbers:
            take = min(left, self._figures(side, n, "elite"))
            if take:
                d = self.state.next_mods[side].divisions[n - 1]
                d.elite -= take
                d.regular += take
                d.notes.append(f"Morale 0-2: {take} elite infantry replaced by regular infantry.")
                parts.append(f"division {n}: {take}")
                left -= take
            if not left:
                break
        text = f"Command to 0; elite infantry become regulars ({', '.join(parts)})."
        self._zero_done(side, t, before, text, f"{R_TABLE}: Morale 0-2")

    # ======================================================================
    # Resource Acquisitions (TOI Resource Acquisitions Table)
    # ======================================================================
    def _start_purchases(self) -> None:
        s = self.state
        rec = s.record
        rec.to_spend = {side: {t: s.cards[side][t].tokens for t in TYPES} for side in SIDES}
        s.phase = "purchase"
        s.buyers = self.initiative_order(self.next_scenario)
        s.to_act = s.buyers[0]
        self._emit(f"Resource Acquisitions: {SIDE_NAME[s.buyers[0]]} buys first (initiative in "
                   f"{self.next_scenario.name}). Unspent command is lost.", R_ACQ, "purchase")

    def _do_buy(self, b: Buy) -> None:
        # TOI Resource Acquisitions Table (and Red October: Reinforcements in a Status Phase)
        s = self.state
        sc, mods = self._purchase_target()
        m = mods[b.side]
        for i, t in enumerate(TYPES):
            s.cards[b.side][t].tokens -= b.pay[i]
        when = f"Status Phase {s.status_round}" if s.phase == "status" else "Campaign Phase"
        in_scenario = s.phase == "status"
        d = m.divisions[b.division - 1] if b.division else None
        if b.item == "veteran":
            s.cards[b.side][b.detail].veteran = True
            text = f"the {b.detail} Campaign Command card flips to its Veteran side (permanent)"
        elif b.item == "advanced-hex":
            d.advanced_hexes += 1
            text = f"one advanced set-up hex for division {b.division}"
        elif b.item == "squad":
            m.bases += 1
            text = f"a squad base with {tables.figures_text(b.figures)} for division {b.division}"
            if not in_scenario:
                d.squad_bases += 1
                d.regular += b.figures.count("regular")
                d.elite += b.figures.count("elite")
                d.officers += b.figures.count("officer")
                d.mg_crews += b.figures.count("mg-crew")
                d.mortar_crews += b.figures.count("mortar-crew")
        elif b.item == "specialization":
            text = f"a {b.detail} specialization"
            if not in_scenario:
                m.specializations.append(b.detail)
        elif b.item == "remove-unarmed":
            m.unarmed -= 1
            text = "the unarmed restriction is removed"
        elif b.item in ("light-tank", "heavy-tank"):
            name = (self.c.light_tank if b.item == "light-tank" else self.c.heavy_tank)[b.side]
            text = f"a {name} for division {b.division}"
            if not in_scenario:
                d.vehicles[name] = d.vehicles.get(name, 0) + 1
        elif b.item == "starting-card":
            m.starting_cards += 1
            text = "one more starting card"
        else:
            m.decks.append(b.item)
            text = f"the {tables.DECKS[b.item]} is unlocked"
        s.record.purchases.append(Purchase(b.side, b.item, b.pay, b.division, b.detail, b.figures, when, text))
        left = ", ".join(f"{t} {s.cards[b.side][t].tokens}" for t in TYPES)
        rule = R_RED_OCTOBER if in_scenario else R_ACQ
        arrives = f", arriving in the Status Phase of round {s.status_round}" if in_scenario else f" for {sc.name}"
        self._emit(f"{SIDE_NAME[b.side]} pays {tables.pay_text(b.pay)}: {text}{arrives}. Left: {left}.", rule, "purchase")

    def _do_done(self, cmd: DonePurchasing) -> None:
        # TOI Campaign Phase Table: "Unspent command is lost"; TOI Campaign Phase, step 4
        s = self.state
        if s.phase == "status":
            s.buyers.remove(cmd.side)
            self._emit(f"{SIDE_NAME[cmd.side]} is done buying in this Status Phase.", R_RED_OCTOBER, "status")
            if not s.buyers:
                s.phase = "battle"
                self._emit("The battle goes on.", R_RED_OCTOBER, "battle")
            return
        # "Unspent command is lost"
        rec = s.record
        lost = {t: s.cards[cmd.side][t].tokens for t in TYPES}
        rec.lost[cmd.side] = dict(lost)
        for t in TYPES:
            s.cards[cmd.side][t].tokens = 0
        lost_text = ", ".join(f"{n} {t}" for t, n in lost.items() if n) or "nothing"
        self._emit(f"{SIDE_NAME[cmd.side]} is done buying; unspent command is lost: {lost_text}.", R_ACQ, "purchase")
        s.buyers.pop(0)
        if s.buyers:
            s.to_act = s.buyers[0]
            return
        rec.status = "done"
        s.index += 1
        self._emit("Continue playing: on to the next scenario.", "TOI Campaign Phase, step 4: Continue playing", "setup")
        self._begin_scenario()

    # ======================================================================
    # The end (TOI Measure of Campaign Success)
    # ======================================================================
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

    # ======================================================================
    # Describing commands for menus and logs
    # ======================================================================
    def describe(self, cmd: Command) -> str:
        s = self.state
        match cmd:
            case BeginBattle():
                return f"Begin the battle of {self.current.name}"
            case StatusPhase(round=r):
                return f"Status Phase of round {r}: open purchases"
            case EndBattle():
                return "The battle is over: enter the result"
            case SetCommand(side=side, card=t, value=v):
                return f"{SIDE_NAME.get(side, side)} {t} command: {v}"
            case SetInitiative(side=side):
                return f"{SIDE_NAME.get(side, side)} held the initiative at the end"
            case Score(side=side, objective=obj, count=n, raised=raised):
                o = self.current.objective(obj) if _is_str(obj) else None
                value = f" ({o.cvp * n if _is_int(n) else '?'} CVP)" if o else ""
                mark = ", the raised item among them" if raised else ""
                return f"{SIDE_NAME.get(side, side)} scores {self.current.objective_name(obj)} x{n}{value}{mark}"
            case ConfirmResult():
                return "Confirm the result"
            case PenaltyEach():
                return "Lose one command of each type"
            case PenaltyTwo():
                return "Lose two command of one type (the winner chooses it)"
            case PenaltyType(card=t):
                return f"The loser loses two {t} command"
            case Halve(card=t, yes=True):
                return f"Halve {t} command for +1 CVP"
            case Halve(card=t, yes=False):
                return f"Keep {t} command: take the 6-9 effect"
            case Replace(kind=k, division=d):
                return f"Division {d}: two regular infantry make way for {REPLACE_KINDS.get(k, k)}"
            case AdvancedDivision(division=d):
                return f"Division {d} may also use the advanced set-up hexes"
            case RaiseObjective(objective=obj):
                return f"Raise objective {self.next_scenario.objective_name(obj) if self.next_scenario else repr(obj)} by 1 CVP"
            case DemoteElites(division=d):
                return f"Elite infantry become regulars in division {d} first"
            case Buy(side=side, item=item, pay=pay, division=d, detail=detail, figures=figures):
                what = {
                    "veteran": f"flip the {detail} card to Veteran",
                    "advanced-hex": f"an advanced set-up hex for division {d}",
                    "squad": f"a squad for division {d}: base + {tables.figures_text(figures) if isinstance(figures, tuple) else figures}",
                    "specialization": f"a {detail} specialization",
                    "remove-unarmed": "remove the unarmed restriction",
                    "light-tank": f"a {self.c.light_tank.get(side, 'light tank')} for division {d}",
                    "heavy-tank": f"a {self.c.heavy_tank.get(side, 'heavy tank')} for division {d}",
                    "starting-card": "one more starting card",
                    "artillery-deck": "unlock an Artillery deck",
                    "urban-deck": "unlock the Urban Warfare deck",
                }.get(item, str(item))
                paid = tables.pay_text(pay) if isinstance(pay, tuple) and len(pay) == 3 else repr(pay)
                return f"{SIDE_NAME.get(side, side)} buys {what} ({paid})"
            case DonePurchasing(side=side):
                lost = " (unspent command is lost)" if s.phase == "purchase" else ""
                return f"{SIDE_NAME.get(side, side)} is done buying{lost}"
        return cmd.describe() if isinstance(cmd, Command) else repr(cmd)


def _sig33b(sc: Scenario) -> bool:
    """Is the sIG 33b operations card in effect for the German player in `sc`?"""
    return any("sig 33b" in op.lower() for op in sc.german.operations)


def _copy(rec: Record) -> Record:
    import copy
    return copy.deepcopy(rec)


def new_cards(tokens: int) -> dict[str, dict[str, Card]]:
    """A set of Campaign Command cards per side, Recruit side up (TOI Campaign Command Cards)."""
    return {side: {t: Card(tokens) for t in TYPES} for side in SIDES}


def new_game(seed: int = 0, start: str = "ramming-speed", double: bool = False, standalone: bool = False,
             dice: Dice | None = None, players: tuple[str, str] | list[str] = ("Player 1", "Player 2"),
             undo: bool = True) -> TideOfIron:
    """Start a campaign (or one standalone scenario).

    ``start``: the first scenario; the campaign runs from it to the last (Red October).
    ``standalone``: that scenario alone, no Campaign Phase. ``double``: the campaign twice,
    sides switched (``players[0]`` is German in the first campaign, Soviet in the second).
    The layer has no chance; ``dice`` is taken for API symmetry (default ``SeededDice(seed)``).
    """
    content = load()
    c = content.constants
    if start not in c.scenario_order:
        raise ValueError(f"unknown scenario '{start}' (scenarios: {', '.join(c.scenario_order)})")
    if double and standalone:
        raise ValueError("a standalone scenario cannot also be a double campaign")
    players = tuple(players)
    if len(players) != 2 or not all(isinstance(p, str) and p.strip() for p in players) or players[0] == players[1]:
        raise ValueError("name two different players")
    dice = dice if dice is not None else SeededDice(seed)
    begin = c.scenario_order.index(start)
    run = [start] if standalone else list(c.scenario_order[begin:])
    options: dict[str, Any] = {"start": start, "double": bool(double), "standalone": bool(standalone),
                               "players": list(players)}
    state = ToIState(campaign=1, index=0, run=run, players={"german": players[0], "soviet": players[1]},
                     cards=new_cards(c.start_command))
    game = TideOfIron(state, dice, content, seed=seed, options=options, double=bool(double),
                      standalone=bool(standalone), undo=undo)
    game.start()
    return game

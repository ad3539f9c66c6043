"""Tide of Iron: Stalingrad, the campaign layer (rulebook: tide-of-iron-stalingrad-campaign.txt).

The battles are fought on the players' own table; this engine runs everything around them:
each scenario's set-up, result entry, the Campaign Phase (penalty for losing, the Campaign Phase
Table, the Resource Acquisitions Table), the CVP ledger and the campaign's end.

Each function reads like the rulebook section it implements; the section is cited as
"TOI <section>" in a comment and in the events it emits. The ``TideOfIron`` class here holds
the public surface and ``apply()``; the rules are in one module per rulebook section, each a
mixin class of ``TideOfIron``: ``scenario_setup`` (Campaign Scenario Set Up), ``red_october``
(the battle and Red October's Status Phases), ``results`` (Campaign Phase, step 1),
``penalty`` (Penalty for Losing a Scenario), ``campaign_table`` (Campaign Phase Table),
``purchases`` (Resource Acquisitions Table) and ``campaign_end`` (Measure of Campaign
Success); ``legality`` lists the candidates and dispatches each refusal check, ``describe``
words the commands and ``citations`` holds the section names cited.

One source of legality: ``_legal()`` lists the candidate commands of the moment and keeps
those ``_problem()`` finds nothing wrong with; ``explain_illegal()`` reports the same
``_problem()``, so a refusal always says why.
"""

from __future__ import annotations

from typing import Any

import attrs

from rules.core.attrs_classes import frozen
from rules.core.command import Command, Decision
from rules.core.dice import Dice, SeededDice
from rules.core.events import Event
from rules.core.game import TABLE, CheckedGame
from rules.core.legal import Span

from .campaign_end import CampaignEnd, Outcome, new_cards
from .campaign_table import CampaignTable
from .citations import SIDE_NAME
from .commands import (
    COMMANDS, AdvancedDivision, BeginBattle, Buy, ConfirmResult, DemoteElites, DonePurchasing,
    EndBattle, Halve, PenaltyEach, PenaltyTwo, PenaltyType, RaiseObjective, Replace, Score,
    SetCommand, SetInitiative, StatusPhase,
)
from .content import Content, Scenario, load
from .describe import Describe
from .legality import Legality
from .penalty import Penalty
from .purchases import Purchases
from .red_october import RedOctober
from .results import Results
from .scenario_setup import ScenarioSetUp
from .state import SIDES, Card, Record, ToIState, other


@frozen
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


class TideOfIron(
    Legality, ScenarioSetUp, RedOctober, Results, Penalty, CampaignTable, Purchases, CampaignEnd,
    Describe, CheckedGame,
):
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

    def actor(self, cmd: Command) -> str | None:
        """The player who gave ``cmd``, as a hosted seat names them: a command of one side is
        its player's; one of the table (a battle begun, a result confirmed) is either's:
        ``TABLE``, never a player, so ``events_since`` reads on past it."""
        side = getattr(cmd, "side", None)
        return self.state.players.get(side, TABLE) if side else TABLE

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


def _copy(rec: Record) -> Record:
    import copy
    return copy.deepcopy(rec)


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

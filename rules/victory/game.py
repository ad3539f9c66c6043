"""Victory: The Blocks of War, the campaign game (rulebook: victory-blocks-campaign.txt).

The ten battles are fought on the players' own Victory table; this engine runs everything
around them: choosing Battle Groups (4.1), the maps and their layout (4.2), the attacker and
deployment (4.3), battle length (4.4), early withdrawal (4.5), the Regroup Phase in order
(5.1 Victory Points, 5.2 withdrawing Battle Groups, 5.3 augmentation, 5.4 reinforcements,
5.5 the Special Reinforcement Group), campaign victory (6.0) and the multi-player options
(7.1 round robin, 7.2 team play). Engineers and Marines (3.2, 3.3) roll through the game.

Each function reads like the rulebook section it implements; the section is cited as
"VIC <section>" in a comment and in the events it emits. The ``Victory`` class here holds the
public surface, ``apply()`` and the opening; the rules are in one module per rulebook section,
each a mixin class of ``Victory``: ``battle_groups`` (4.1, 2.0), ``maps_deployment`` (4.2,
4.3), ``battle`` (4.4, 4.5, 3.2, 3.3), ``regroup`` (5.0-5.3), ``reinforcements`` (5.4),
``special_group`` (5.5), ``multi_player`` (7.0-7.2) and ``campaign_end`` (6.0); ``legality``
lists the candidates and dispatches each refusal check, ``describe`` words the commands and
``citations`` holds the section names cited.

One source of legality: ``_legal()`` lists the candidate commands of the moment and keeps
those ``_problem()`` finds nothing wrong with; ``explain_illegal()`` reports the same
``_problem()``, so a refusal always says why.
"""

from __future__ import annotations

import copy
from typing import Any

from rules.core.attrs_classes import frozen
from rules.core.command import Command
from rules.core.dice import Dice, SeededDice
from rules.core.events import Event
from rules.core.game import TABLE, CheckedGame
from rules.core.legal import Span

from . import tables
from .battle import Battle
from .battle_groups import BattleGroups
from .campaign_end import CampaignEnd, Outcome
from .citations import POOL_NAME, R_CHOOSE, R_PLAY, R_ROUND_ROBIN, R_TEAM  # noqa: F401 (POOL_NAME: tui reads it here)
from .commands import (
    COMMANDS, AddUnit, CallSpecialGroup, ConfirmBattleGroup, ConfirmReinforcements,
    DeclineSpecialGroup, Deployed, DrawPairings, EndTransfers, EngineerRoll, EnterBattlePoints,
    LoseUnit, MarineRoll, NextTurn, Reinforce, RemoveUnit, RollBattleLength, RollInitiative,
    RollLayout, RollMaps, SpecialUnit, Transfer, UnitsDone, Withdraw,
)
from .content import Content, load
from .describe import Describe
from .legality import Legality, _is_int
from .maps_deployment import MapsAndDeployment
from .multi_player import MultiPlayer
from .regroup import Regroup
from .reinforcements import Reinforcements
from .special_group import SpecialGroup
from .state import ALLIED, AXIS, Force, Match, Round, Unit, VictoryState


MODES = ("duel", "round-robin", "team")


@frozen
class Roster:
    """A Battle Group as one player sees it: another player's is a count only in round robin
    (7.1: "it is important that all players keep their BG secret")."""

    name: str
    team: str
    count: int
    units: tuple[Unit, ...] | None
    gone: tuple[Unit, ...] | None
    last: str
    byes: int
    special_called: int


@frozen
class View:
    """What ``viewer`` may see (None: everything, as for the export)."""

    viewer: str | None
    mode: str
    phase: str
    battle: int
    battles: int
    players: tuple[str, ...]
    rosters: dict[str, Roster]
    rounds: tuple[Round, ...]
    picked: dict[str, int]              # reinforcements picked so far this Regroup, per player
    totals: dict[str, int]
    team_totals: dict[str, int]
    acting: tuple[str, ...]
    outcome: Outcome | None


class Victory(
    Legality, BattleGroups, MapsAndDeployment, Battle, Regroup, Reinforcements, SpecialGroup,
    MultiPlayer, CampaignEnd, Describe, CheckedGame,
):
    game_id = "victory"
    command_types = COMMANDS

    def __init__(self, state: VictoryState, dice: Dice, content: Content, *, seed: int, options: dict,
                 undo: bool = True):
        super().__init__(state, dice, seed=seed, options=options, undo=undo)
        self.content = content
        self.c = content.constants
        self._out: list[Event] = []

    # ======================================================================
    # The public surface
    # ======================================================================
    @property
    def mode(self) -> str:
        return self.state.mode

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.state.order)

    def force(self, player: str) -> Force:
        return self.state.forces[player]

    def unit(self, player: str, unit_id: str) -> Unit | None:
        for u in self.state.forces[player].units:
            if u.id == unit_id:
                return u
        return None

    @property
    def battle(self) -> int:
        """The number of the battle being fought or prepared (0 while Battle Groups are chosen)."""
        r = self.state.round
        return r.number if r else 0

    def match_of(self, player: str) -> Match | None:
        """The current battle round's match of `player` (None: choosing, sitting out, or over)."""
        r = self.state.round
        if r is None or self.state.phase != "campaign":
            return None
        for m in r.matches:
            if player in m.players:
                return m
        return None

    def match_at(self, table: Any) -> Match | None:
        r = self.state.round
        if r is None or not _is_int(table):
            return None
        for m in r.matches:
            if m.table == table:
                return m
        return None

    def totals(self) -> dict[str, int]:
        """Campaign VP so far per player: battle VP (5.1, 4.5) plus Special Group awards (5.5)."""
        out = {p: 0 for p in self.state.order}
        for r in self.state.rounds:
            for m in r.matches:
                for p, v in m.vp.items():
                    out[p] += v
                for p, v in m.bonus.items():
                    out[p] += v
        return out

    def team_totals(self) -> dict[str, int]:
        """7.2: the VP of each team, summed over its players (team play only)."""
        if self.mode != "team":
            return {}
        totals = self.totals()
        out = {AXIS: 0, ALLIED: 0}
        for p, f in self.state.forces.items():
            out[f.team] += totals[p]
        return out

    def margin(self, player: str) -> int:
        """5.4: the VP `player` won the current battle round's battle by (0: lost, drew, sat out)."""
        m = self.match_of(player)
        if m is None or m.winner != player:
            return 0
        return m.margin

    def allowed_pools(self, player: str) -> tuple[str, ...]:
        return tables.forcepools(self.margin(player), self.content)

    def actor(self, cmd: Command) -> str | None:
        """The player who gave ``cmd``: the one it names (its ``player``, a transfer's
        ``sender``); a command of a battle's table or of the campaign (rolls, pairings) is
        either player's: ``TABLE``, so ``events_since`` reads on past it."""
        return getattr(cmd, "player", None) or getattr(cmd, "sender", None) or TABLE

    def acting(self) -> tuple[str, ...]:
        """The players some legal command is waiting on (the players of a battle for its rolls)."""
        out: list[str] = []
        # a span's commands differ only in their numbers: its first speaks for all of them
        for part in self.legal().parts():
            cmd = part.first if isinstance(part, Span) else part
            names: tuple[str, ...] = ()
            if hasattr(cmd, "player"):
                names = (cmd.player,)
            elif isinstance(cmd, Transfer):
                names = (cmd.sender,)
            elif hasattr(cmd, "table"):
                m = self.match_at(cmd.table)
                names = m.players if m else ()
            elif isinstance(cmd, (DrawPairings, EndTransfers)):
                names = tuple(self.state.order)
            for n in names:
                if n not in out:
                    out.append(n)
        return tuple(p for p in self.state.order if p in out)

    @property
    def outcome(self) -> Outcome | None:
        if not self.state.over:
            return None
        return self._final_outcome()

    def view(self, player: str | None = None) -> View:
        s = self.state
        secret = s.mode == "round-robin" and player is not None
        rosters = {}
        for p in s.order:
            f = s.forces[p]
            hidden = secret and p != player
            rosters[p] = Roster(
                name=p, team=f.team, count=len(f.units),
                units=None if hidden else tuple(copy.deepcopy(f.units)),
                gone=None if hidden else tuple(copy.deepcopy(f.gone)),
                last=f.last, byes=f.byes, special_called=f.special_called)
        rounds = []
        picked: dict[str, int] = {}
        for r in s.rounds:
            rc = copy.deepcopy(r)
            if secret:
                rc.picks = {p: units for p, units in rc.picks.items() if p == player}
            rounds.append(rc)
        r = s.round
        if r is not None:
            picked = {p: len(units) for p, units in r.picks.items()}
        return View(viewer=player, mode=s.mode, phase=s.phase, battle=self.battle, battles=self.c.battles,
                    players=tuple(s.order), rosters=rosters, rounds=tuple(rounds), picked=picked,
                    totals=self.totals(), team_totals=self.team_totals(), acting=self.acting(),
                    outcome=self.outcome)

    # ======================================================================
    # Helpers on the flow
    # ======================================================================
    def _secret(self) -> bool:
        """7.1: in round robin each player keeps the Battle Group secret: the shared log does not
        name the types a player picks."""
        return self.mode == "round-robin"

    # ======================================================================
    # apply()
    # ======================================================================
    def _apply(self, cmd: Command) -> list[Event]:
        self._out = []
        handler = {
            AddUnit: self._do_add_unit, RemoveUnit: self._do_remove_unit,
            ConfirmBattleGroup: self._do_confirm_battle_group, DrawPairings: self._do_draw_pairings,
            RollMaps: self._do_roll_maps, RollLayout: self._do_roll_layout, RollInitiative: self._do_roll_initiative,
            Deployed: self._do_deployed, NextTurn: self._do_next_turn, RollBattleLength: self._do_roll_battle_length,
            Withdraw: self._do_withdraw, EngineerRoll: self._do_engineer_roll, MarineRoll: self._do_marine_roll,
            EnterBattlePoints: self._do_enter_battle_points, LoseUnit: self._do_lose_unit,
            UnitsDone: self._do_units_done, Reinforce: self._do_reinforce,
            ConfirmReinforcements: self._do_confirm_reinforcements, CallSpecialGroup: self._do_call_special_group,
            DeclineSpecialGroup: self._do_decline_special_group, SpecialUnit: self._do_special_unit,
            Transfer: self._do_transfer, EndTransfers: self._do_end_transfers,
        }[type(cmd)]
        handler(cmd)
        return self._out

    def _emit(self, text: str, rule: str = "", kind: str = "info", dice: tuple[int, ...] = ()) -> None:
        self._out.append(Event(text, rule, kind, dice=tuple(dice)))

    def start(self) -> None:
        """The campaign's opening (called once by new_game)."""
        s = self.state
        self._out = []
        c = self.c
        if s.mode == "duel":
            axis, allied = s.order
            self._emit(f"A campaign of {c.battles} battles. Axis: {axis}; Allied: {allied}.", R_PLAY, "setup")
        elif s.mode == "round-robin":
            self._emit(f"A round-robin campaign of {c.battles} battles for {', '.join(s.order)}: players are matched "
                       f"at random each battle, with Axis and Allied drawn at random; keep your Battle Group secret. "
                       f"The Special Reinforcement Group is not used.", R_ROUND_ROBIN, "setup")
        else:
            axis = [p for p in s.order if s.forces[p].team == AXIS]
            allied = [p for p in s.order if s.forces[p].team == ALLIED]
            self._emit(f"A team campaign of {c.battles} battles. Axis team: {', '.join(axis)}; Allied team: "
                       f"{', '.join(allied)}. Axis players are matched at random with Allied players each battle. "
                       f"The Special Reinforcement Group is not used.", R_TEAM, "setup")
        split = ", ".join(f"{n} at {cv} CV" for cv, n in c.start_split.items())
        self._emit(f"Each player chooses {c.battle_group_size} units from the standard types of Table 1 "
                   f"({', '.join(self.content.standard)}): {split}. {s.chooser} chooses first.", R_CHOOSE, "setup")
        self.events.extend(self._out)


def new_game(seed: int = 0, players: tuple[str, ...] | list[str] = ("Axis", "Allies"), mode: str = "duel",
             teams: dict[str, list[str]] | None = None, dice: Dice | None = None, undo: bool = True) -> Victory:
    """Start a campaign.

    ``mode="duel"``: two players, ``players[0]`` Axis and ``players[1]`` Allied.
    ``mode="round-robin"``: three or more players, matched at random each battle (an odd player
    sits out); sides drawn at random per battle. ``mode="team"``: ``teams={"axis": [...],
    "allied": [...]}``; Axis players are matched at random with Allied players (the extra players
    of a larger team sit out, in turn); ``players`` is then taken from the teams.
    ``dice`` defaults to ``SeededDice(seed)``.
    """
    content = load()
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")
    team_of: dict[str, str] = {}
    if mode == "team":
        if not isinstance(teams, dict) or sorted(teams) != [ALLIED, AXIS]:
            raise ValueError('team play needs teams={"axis": [...], "allied": [...]}')
        for side in (AXIS, ALLIED):
            if not isinstance(teams[side], (list, tuple)) or not teams[side]:
                raise ValueError(f"the {side} team needs at least one player")
            for p in teams[side]:
                team_of[p] = side
        players = [*teams[AXIS], *teams[ALLIED]]
        teams = {AXIS: list(teams[AXIS]), ALLIED: list(teams[ALLIED])}
    elif teams is not None:
        raise ValueError("teams are only for team play (mode='team')")
    players = list(players)
    if not all(isinstance(p, str) and p.strip() and p == p.strip() for p in players):
        raise ValueError("every player needs a name (no leading or trailing spaces)")
    if len(set(players)) != len(players):
        raise ValueError("name each player once")
    if mode == "duel" and len(players) != 2:
        raise ValueError("a duel has two players: Axis first, then Allied")
    if mode == "round-robin" and len(players) < 3:
        raise ValueError("round robin needs three or more players")
    dice = dice if dice is not None else SeededDice(seed)
    options: dict[str, Any] = {"players": list(players), "mode": mode}
    if mode == "team":
        options["teams"] = teams
    forces = {p: Force(p, team=team_of.get(p, "")) for p in players}
    state = VictoryState(mode=mode, order=list(players), forces=forces, chooser=players[0])
    game = Victory(state, dice, content, seed=seed, options=options, undo=undo)
    game.start()
    return game

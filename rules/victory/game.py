"""Victory: The Blocks of War, the campaign game (rulebook: victory-blocks-campaign.txt).

The ten battles are fought on the players' own Victory table; this engine runs everything
around them: choosing Battle Groups (4.1), the maps and their layout (4.2), the attacker and
deployment (4.3), battle length (4.4), early withdrawal (4.5), the Regroup Phase in order
(5.1 Victory Points, 5.2 withdrawing Battle Groups, 5.3 augmentation, 5.4 reinforcements,
5.5 the Special Reinforcement Group), campaign victory (6.0) and the multi-player options
(7.1 round robin, 7.2 team play). Engineers and Marines (3.2, 3.3) roll through the game.

Each function reads like the rulebook section it implements; the section is cited as
"VIC <section>" in a comment and in the events it emits.

One source of legality: ``_legal()`` lists the candidate commands of the moment and keeps
those ``_problem()`` finds nothing wrong with; ``explain_illegal()`` reports the same
``_problem()``, so a refusal always says why.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import attrs

from rules.core.command import Command
from rules.core.dice import Dice, SeededDice
from rules.core.events import Event
from rules.core.game import CheckedGame
from rules.core.legal import Span

from . import tables
from .commands import (
    COMMANDS,
    AddUnit,
    CallSpecialGroup,
    ConfirmBattleGroup,
    ConfirmReinforcements,
    DeclineSpecialGroup,
    Deployed,
    DrawPairings,
    EndTransfers,
    EngineerRoll,
    EnterBattlePoints,
    LoseUnit,
    MarineRoll,
    NextTurn,
    Reinforce,
    RemoveUnit,
    RollBattleLength,
    RollInitiative,
    RollLayout,
    RollMaps,
    SpecialUnit,
    Transfer,
    UnitsDone,
    Withdraw,
)
from .content import Content, load
from .state import (
    ALLIED,
    AXIS,
    SIDE_NAME,
    BattlePoints,
    Force,
    Match,
    Round,
    TransferRecord,
    Unit,
    VictoryState,
)

MODES = ("duel", "round-robin", "team")

R_OVERVIEW = "VIC 1.0 Overview"
R_UNITS = "VIC 2.0 Unit Scale and Strength"
R_ENGINEERS = "VIC 3.2 Engineers"
R_MARINES = "VIC 3.3 Marines"
R_PLAY = "VIC 4.0 Campaign Game Play"
R_CHOOSE = "VIC 4.1 Choosing Battle Groups"
R_MAPS = "VIC 4.2 Maps"
R_LAYOUT = "VIC 4.2 Maps: Map Layout Chart"
R_DEPLOY = "VIC 4.3 Battle Group Deployment"
R_LENGTH = "VIC 4.4 Battle Length"
R_WITHDRAW = "VIC 4.5 Early Withdrawal"
R_REGROUP = "VIC 5.0 Regroup Phase"
R_VP = "VIC 5.1 Calculate Victory Points"
R_BG_WITHDRAW = "VIC 5.2 Withdraw Battle Groups"
R_AUGMENT = "VIC 5.3 Augmentation"
R_REINFORCE = "VIC 5.4 Reinforcements"
R_SPECIAL = "VIC 5.5 Special Reinforcement Group"
R_VICTORY = "VIC 6.0 Campaign Victory"
R_MULTI = "VIC 7.0 Multi-Player Options"
R_ROUND_ROBIN = "VIC 7.1 Round Robin"
R_TEAM = "VIC 7.2 Team Play"

CV_NAME = {1: "Green", 2: "Seasoned", 3: "Veteran", 4: "Crack"}
POOL_NAME = {"std": "Standard", "+1": "+1", "+2": "+2", "+3": "+3", "+4": "+4"}


def _is_int(x: Any) -> bool:
    return type(x) is int


def _is_str(x: Any) -> bool:
    return type(x) is str


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@attrs.frozen
class Outcome:
    """The end of the campaign.

    Duel (6.0): ``net`` VP, the Table 5 ``level`` and Tournament Points ``tp`` (a Draw: 1 each;
    ``winner`` None). Round robin (7.1): the player with the most VP (``winners`` holds all the
    players tied at the top; ``winner`` None on a tie). Team play (7.2): the team ("axis" or
    "allied") with the most VP summed over its players."""

    mode: str
    winner: str | None
    totals: dict[str, int]
    reasons: tuple[str, ...]
    winners: tuple[str, ...] = ()
    team_totals: dict[str, int] = attrs.Factory(dict)
    net: int = 0
    level: str = ""
    tp: dict[str, int] = attrs.Factory(dict)

    @property
    def reason(self) -> str:
        return " ".join(self.reasons)


@attrs.frozen
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


@attrs.frozen
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


class Victory(CheckedGame):
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
    # legal(): the one list of what may be done now
    # ======================================================================
    def _candidates(self) -> list[Command]:
        s = self.state
        if s.over:
            return []
        if s.phase == "choose":
            return self._choose_candidates(s.chooser)
        r = s.round
        if r.step == "pairings":
            return [DrawPairings()]
        if r.step == "transfers":
            return self._transfer_candidates() + [EndTransfers()]
        out: list[Command] = []
        for m in r.matches:
            out += self._match_candidates(m)
        for p in r.byes:
            out += self._reinforce_candidates(p)
        return out

    def _choose_candidates(self, p: str) -> list[Command]:
        f = self.force(p)
        out: list[Command] = []
        if len(f.units) < self.c.battle_group_size:
            counts = Counter(u.cv for u in f.units)
            for t in self.content.standard:
                for cv, limit in self.c.start_split.items():
                    if counts[cv] < limit:
                        out.append(AddUnit(p, t, cv))
        out += [RemoveUnit(p, u.id) for u in f.units]
        out.append(ConfirmBattleGroup(p))
        return out

    def _match_candidates(self, m: Match) -> list[Command]:
        t = m.table
        if m.step == "maps":
            return [RollMaps(t)]
        if m.step == "layout":
            return [RollLayout(t)]
        if m.step == "initiative":
            return [RollInitiative(t)]
        if m.step == "deploy":
            return [Deployed(self._next_deployer(m))]
        if m.step == "battle":
            if self._length_roll_due(m):
                return [RollBattleLength(t)]
            out: list[Command] = [NextTurn(t)]
            out += [Withdraw(p) for p in m.players]
            for p in m.players:
                for u in self.force(p).units:
                    if u.unit_type == "EN":
                        out.append(EngineerRoll(p, u.id))
                    elif u.unit_type == "MA":
                        out.append(MarineRoll(p, u.id))
            return out
        if m.step == "bp":
            return [Span(EnterBattlePoints(p, 0, 0), cities=range(tables.MAX_CITY_VALUE + 1),
                         resources=range(tables.MAX_RESOURCES + 1)) for p in m.players if p not in m.bp]
        if m.step == "losses":
            out = []
            for p in m.players:
                if p in m.losses_done:
                    continue
                for u in self.force(p).units:
                    out += [LoseUnit(p, u.id), LoseUnit(p, u.id, True)]
                out.append(UnitsDone(p))
            return out
        if m.step == "reinforce":
            return self._reinforce_candidates(self._reinforcer(m))
        if m.step == "special":
            return [CallSpecialGroup(m.special_player), DeclineSpecialGroup(m.special_player)]
        if m.step == "special_units":
            return [SpecialUnit(m.special_player, t) for t in self.special_options(m)]
        return []

    def _reinforce_candidates(self, p: str) -> list[Command]:
        if not self._reinforcing(p):
            return []
        picks = self.state.round.picks.get(p, [])
        out: list[Command] = []
        if len(picks) < self.c.reinforcements:
            out += [Reinforce(p, t) for t in self.content.pool_types(self.allowed_pools(p))]
        out += [RemoveUnit(p, u.id) for u in picks]
        out.append(ConfirmReinforcements(p))
        return out

    def _transfer_candidates(self) -> list[Command]:
        out: list[Command] = []
        for sender in self.state.order:
            for receiver in self.state.order:
                if receiver == sender or self.force(receiver).team != self.force(sender).team:
                    continue
                out += [Transfer(sender, receiver, u.id) for u in self.force(sender).units]
        return out

    # ======================================================================
    # Why a command is refused (the same checks legal() keeps)
    # ======================================================================
    def _problem(self, cmd: Any) -> str | None:
        if not isinstance(cmd, Command) or type(cmd) not in COMMANDS:
            return f"Not a Victory campaign command: {self._describe_safe(cmd)}."
        if self.state.over:
            return "The campaign is over: no more commands."
        return getattr(self, f"_why_{type(cmd).__name__}")(cmd)

    def _now(self) -> str:
        s = self.state
        if s.over:
            return "the campaign is over"
        if s.phase == "choose":
            return f"now: {s.chooser} chooses a Battle Group"
        r = s.round
        if r.step == "pairings":
            return f"now: the pairings for battle {r.number}"
        if r.step == "transfers":
            return f"now: the transfers after battle {r.number}"
        steps = [f"table {m.table}: {self._step_text(m)}" for m in r.matches if m.step != "done"]
        steps += [f"{p} (sitting out) picks reinforcements" for p in r.byes if self._reinforcing(p)]
        return f"now: battle {r.number}, " + "; ".join(steps) if steps else f"now: battle {r.number}"

    def _step_text(self, m: Match) -> str:
        return {
            "maps": "roll the maps",
            "layout": "roll the map layout",
            "initiative": "roll for the initiative",
            "deploy": f"{self._next_deployer(m) if len(m.deployed) < 2 else ''} deploys",
            "battle": f"turn {m.turn}",
            "bp": "enter Battle Points",
            "losses": "enter the units lost",
            "reinforce": f"{self._reinforcer(m)} picks reinforcements",
            "special": f"{m.special_player} may call the Special Reinforcement Group",
            "special_units": f"{m.special_player} takes the Special Reinforcement Group's units",
        }.get(m.step, m.step)

    def _wrong_time(self, text: str) -> str:
        return f"{text} ({self._now()})."

    def _player_problem(self, p: Any) -> str | None:
        if not _is_str(p) or p not in self.state.forces:
            return f"Unknown player {p!r} (players: {', '.join(self.state.order)})."
        return None

    def _campaign_problem(self) -> str | None:
        if self.state.phase == "choose":
            return self._wrong_time("The Battle Groups are still being chosen (4.1)")
        return None

    def _match_problem(self, p: str) -> tuple[Match | None, str | None]:
        """The match of `p`, or why there is none (sitting out, or Battle Groups still chosen)."""
        problem = self._player_problem(p) or self._campaign_problem()
        if problem:
            return None, problem
        if self.state.round.step != "battles":
            return None, self._wrong_time("No battle is being fought or regrouped")
        m = self.match_of(p)
        if m is None:
            return None, f"{p} sits out battle {self.battle}: no battle to play."
        return m, None

    def _table_problem(self, table: Any) -> tuple[Match | None, str | None]:
        problem = self._campaign_problem()
        if problem:
            return None, problem
        r = self.state.round
        if r.step != "battles":
            return None, self._wrong_time("No battle is being fought")
        m = self.match_at(table)
        if m is None:
            tables_ = ", ".join(str(x.table) for x in r.matches)
            return None, f"Battle {r.number} is fought at table {tables_}: there is no table {table!r}."
        return m, None

    def _battle_over_text(self, m: Match) -> str:
        return f"Battle {self.battle} at table {m.table} is over" if len(self.state.round.matches) > 1 \
            else f"Battle {self.battle} is over"

    # -- 4.1 Choosing Battle Groups ---------------------------------------------------
    def _chooser_problem(self, p: Any, what: str) -> str | None:
        s = self.state
        problem = self._player_problem(p)
        if problem:
            return problem
        if s.phase != "choose":
            return self._wrong_time(f"{what} only while the Battle Groups are chosen at the campaign's start (4.1)")
        if p != s.chooser:
            return f"It is {s.chooser}'s turn to choose a Battle Group (4.1); {p} chooses in turn."
        return None

    def _why_AddUnit(self, cmd: AddUnit) -> str | None:
        s = self.state
        if s.phase != "choose" and _is_str(cmd.player) and cmd.player in s.forces:
            return self._wrong_time("Battle Groups are chosen at the campaign's start (4.1); in the Regroup Phase "
                                    "reinforcements are picked with Reinforce (5.4)")
        problem = self._chooser_problem(cmd.player, "Units are added")
        if problem:
            return problem
        ut = self.content.units.get(cmd.unit_type) if _is_str(cmd.unit_type) else None
        standard = ", ".join(self.content.standard)
        if ut is None:
            return f"Unknown unit type {cmd.unit_type!r} (Table 1's standard types: {standard})."
        if ut.pool != "std":
            return (f"4.1: a Battle Group is chosen from the {len(self.content.standard)} standard types of Table 1 "
                    f"({standard}); {ut.id} ({ut.name}) is in the {POOL_NAME[ut.pool]} Forcepool.")
        split = self.c.start_split
        if not _is_int(cmd.cv) or cmd.cv not in split:
            levels = ", ".join(str(cv) for cv in split)
            return f"4.1: units begin at {levels} CV, not {cmd.cv!r}."
        f = self.force(cmd.player)
        size = self.c.battle_group_size
        if len(f.units) >= size:
            return f"{cmd.player}'s Battle Group already has {size} units (4.1: any {size} units)."
        have = sum(1 for u in f.units if u.cv == cmd.cv)
        if have >= split[cmd.cv]:
            return (f"4.1: only {split[cmd.cv]} units may begin at {cmd.cv} CV ({CV_NAME.get(cmd.cv, '')}), and "
                    f"{cmd.player}'s Battle Group has {have} at {cmd.cv} CV already.")
        return None

    def _why_RemoveUnit(self, cmd: RemoveUnit) -> str | None:
        s = self.state
        problem = self._player_problem(cmd.player)
        if problem:
            return problem
        if s.phase == "choose":
            problem = self._chooser_problem(cmd.player, "Units are removed")
            if problem:
                return problem
            if not _is_str(cmd.unit) or self.unit(cmd.player, cmd.unit) is None:
                return f"{cmd.player}'s Battle Group has no unit {cmd.unit!r}."
            return None
        if not self._reinforcing(cmd.player):
            return self._wrong_time(f"{cmd.player} is not picking reinforcements: only a Battle Group being chosen "
                                    f"or a reinforcement picked in this Regroup Phase can be taken back")
        picks = s.round.picks.get(cmd.player, [])
        if not any(u.id == cmd.unit for u in picks):
            listed = ", ".join(u.id for u in picks) or "none yet"
            return f"{cmd.unit!r} is not among {cmd.player}'s reinforcements picked now ({listed})."
        return None

    def _why_ConfirmBattleGroup(self, cmd: ConfirmBattleGroup) -> str | None:
        problem = self._chooser_problem(cmd.player, "A Battle Group is confirmed")
        if problem:
            return problem
        f = self.force(cmd.player)
        size = self.c.battle_group_size
        if len(f.units) != size:
            split = ", ".join(f"{n} at {cv} CV" for cv, n in self.c.start_split.items())
            return f"4.1: a Battle Group has {size} units ({split}); {cmd.player} has {len(f.units)}."
        return None

    # -- 7.1 / 7.2 pairings ----------------------------------------------------------------
    def _why_DrawPairings(self, cmd: DrawPairings) -> str | None:
        problem = self._campaign_problem()
        if problem:
            return problem
        if self.state.round.step != "pairings":
            return self._wrong_time("The players are matched up once, at the start of each battle")
        return None

    # -- 4.2 / 4.3 -----------------------------------------------------------------------
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

    # -- 4.4 / 4.5 / 3.2 / 3.3 ------------------------------------------------------------------
    def _battle_problem(self, m: Match, what: str) -> str | None:
        if m.step in ("maps", "layout", "initiative", "deploy"):
            return self._wrong_time(f"Battle {self.battle} has not begun: {what} only during the battle")
        if m.step != "battle":
            return f"{self._battle_over_text(m)}: {what} only during the battle."
        if self._length_roll_due(m):
            return (f"Turn {m.turn}: the player with the initiative first rolls 1d6 on Table 2 to see whether the "
                    f"battle ends (4.4).")
        return None

    def _why_NextTurn(self, cmd: NextTurn) -> str | None:
        m, problem = self._table_problem(cmd.table)
        return problem or self._battle_problem(m, "turns are played")

    def _why_RollBattleLength(self, cmd: RollBattleLength) -> str | None:
        m, problem = self._table_problem(cmd.table)
        if problem:
            return problem
        if m.step != "battle":
            return self._battle_problem(m, "the battle length is rolled")
        first = self.c.length_roll_from_turn
        if m.turn < first:
            return f"4.4: the battle-length roll begins at turn {first}; this is turn {m.turn}."
        if m.rolled:
            return f"The battle-length roll of turn {m.turn} is made: the battle goes on through turn {m.turn}."
        return None

    def _why_Withdraw(self, cmd: Withdraw) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "battle":
            if m.step in ("maps", "layout", "initiative", "deploy"):
                return self._wrong_time(f"Battle {self.battle} has not begun: a Battle Group withdraws at the start "
                                        f"of a movement phase during the battle (4.5)")
            return (f"{self._battle_over_text(m)}: a Battle Group withdraws only during the battle, at the start of "
                    f"a movement phase (4.5).")
        return self._battle_problem(m, "a Battle Group withdraws")

    def _unit_roll_problem(self, player: Any, unit: Any, unit_type: str, rule: str) -> str | None:
        m, problem = self._match_problem(player)
        if problem:
            return problem
        problem = self._battle_problem(m, f"{unit_type} units roll")
        if problem:
            return problem
        u = self.unit(player, unit) if _is_str(unit) else None
        if u is None:
            return f"{player}'s Battle Group has no unit {unit!r}."
        if u.unit_type != unit_type:
            return f"{rule}: only {unit_type} units make this roll; {u.id} is {self._type_name(u.unit_type)}."
        if f"{player}/{u.id}" in m.tried:
            return f"{rule}: {u.id} has made its one attempt this movement phase (turn {m.turn})."
        return None

    def _why_EngineerRoll(self, cmd: EngineerRoll) -> str | None:
        return self._unit_roll_problem(cmd.player, cmd.unit, "EN", "3.2")

    def _why_MarineRoll(self, cmd: MarineRoll) -> str | None:
        return self._unit_roll_problem(cmd.player, cmd.unit, "MA", "3.3")

    # -- 5.1 / 5.2 -------------------------------------------------------------------------
    def _why_EnterBattlePoints(self, cmd: EnterBattlePoints) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "bp":
            if m.step == "battle" or m.step in ("maps", "layout", "initiative", "deploy"):
                return self._wrong_time("Battle Points are calculated in the Regroup Phase, when the battle is over (5.1)")
            return f"Battle Points for battle {self.battle} are entered already (5.1): the Regroup Phase has moved on."
        if cmd.player in m.bp:
            return f"{cmd.player}'s Battle Points for battle {self.battle} are entered already ({m.bp[cmd.player].total} BP)."
        for field, value, top in (("cities' value", cmd.cities, tables.MAX_CITY_VALUE),
                                  ("resources", cmd.resources, tables.MAX_RESOURCES)):
            if not _is_int(value):
                return f"Battle Points: {field} must be a whole number, not {value!r}."
            if value not in range(top + 1):      # the ranges legal() spans
                if value < 0:
                    return f"Battle Points cannot be negative: {field} {value} (5.1 counts what is in supply, 0 or more)."
                return f"Battle Points: {field} {value} is more than two maps hold (at most {top})."
        return None

    def _why_LoseUnit(self, cmd: LoseUnit) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "losses":
            if m.step in ("maps", "layout", "initiative", "deploy", "battle", "bp"):
                return self._wrong_time("Units lost are entered in the Regroup Phase, after the Victory Points (5.2)")
            return f"The units lost in battle {self.battle} are entered already (5.2)."
        if cmd.player in m.losses_done:
            return f"{cmd.player} has finished entering the units lost in battle {self.battle}."
        if not _is_str(cmd.unit) or self.unit(cmd.player, cmd.unit) is None:
            if _is_str(cmd.unit) and cmd.unit in m.lost.get(cmd.player, []):
                return f"{cmd.unit} is entered as lost already."
            return f"{cmd.player}'s Battle Group has no unit {cmd.unit!r}."
        if type(cmd.cut_off) is not bool:
            return "cut_off is yes or no."
        return None

    def _why_UnitsDone(self, cmd: UnitsDone) -> str | None:
        m, problem = self._match_problem(cmd.player)
        if problem:
            return problem
        if m.step != "losses":
            return self._wrong_time("Units lost are entered in the Regroup Phase, after the Victory Points (5.2)")
        if cmd.player in m.losses_done:
            return f"{cmd.player} has finished entering the units lost in battle {self.battle}."
        return None

    # -- 5.4 Reinforcements -----------------------------------------------------------------
    def _reinforce_problem(self, p: Any) -> str | None:
        problem = self._player_problem(p) or self._campaign_problem()
        if problem:
            return problem
        r = self.state.round
        if r.step != "battles":
            return self._wrong_time("Reinforcements are picked in the Regroup Phase (5.4)")
        if p in r.reinforced:
            return f"{p}'s reinforcements after battle {r.number} have joined the Battle Group already (5.4)."
        m = self.match_of(p)
        if m is None:
            if r.number >= self.c.battles:
                return f"Battle {r.number} is the last: there are no more reinforcements."
            return None
        if m.step in ("maps", "layout", "initiative", "deploy", "battle", "bp", "losses"):
            return self._wrong_time("Reinforcements are picked in the Regroup Phase after Victory Points, losses and "
                                    "augmentation (5.0: in order)")
        if m.step != "reinforce":
            return f"{p}'s reinforcements after battle {r.number} are done (5.4)."
        first = self._reinforcer(m)
        if p != first:
            return f"{first} picks reinforcements first; then {p} (5.4)."
        return None

    def _pools_text(self, p: str) -> str:
        pools = self.allowed_pools(p)
        m = self.match_of(p)
        names = ", ".join(POOL_NAME[x] for x in pools)
        if m is None:
            return f"{p} sat out battle {self.battle}: the Standard Forcepool only"
        if m.winner == p:
            return f"{p} won battle {self.battle} by {m.margin} VP: the {names} Forcepools (Table 3)"
        if m.winner:
            return f"{p} lost battle {self.battle}: the Standard Forcepool only (5.4)"
        return f"battle {self.battle} was a draw: both players pick from the Standard Forcepool only (5.4)"

    def _why_Reinforce(self, cmd: Reinforce) -> str | None:
        problem = self._reinforce_problem(cmd.player)
        if problem:
            return problem
        ut = self.content.units.get(cmd.unit_type) if _is_str(cmd.unit_type) else None
        if ut is None:
            return f"Unknown unit type {cmd.unit_type!r} (types: {', '.join(self.content.units)})."
        if ut.pool not in self.allowed_pools(cmd.player):
            return f"{self._pools_text(cmd.player)}; {ut.id} ({ut.name}) is in the {POOL_NAME[ut.pool]} Forcepool."
        n = self.c.reinforcements
        if len(self.state.round.picks.get(cmd.player, [])) >= n:
            return f"5.4: {cmd.player} has picked {n} reinforcements already (ten units each Regroup Phase)."
        return None

    def _why_ConfirmReinforcements(self, cmd: ConfirmReinforcements) -> str | None:
        problem = self._reinforce_problem(cmd.player)
        if problem:
            return problem
        n = self.c.reinforcements
        have = len(self.state.round.picks.get(cmd.player, []))
        if have != n:
            return f"5.4: each player chooses {n} reinforcements; {cmd.player} has picked {have}."
        return None

    # -- 5.5 Special Reinforcement Group ---------------------------------------------------
    def _special_problem(self, p: Any, step: str) -> str | None:
        problem = self._player_problem(p) or self._campaign_problem()
        if problem:
            return problem
        if self.mode != "duel":
            return "7.0: the Special Reinforcement Group (5.5) is not used in the multi-player options."
        m = self.match_of(p)
        f = self.force(p)
        if m is None or m.special_player != p or m.step not in ("special", "special_units"):
            if f.special_called:
                return f"5.5: {p} called the Special Reinforcement Group after battle {f.special_called}: once per campaign."
            return self._wrong_time(f"5.5: the player whose VP trail by {self.c.special_group_lead} or more may call "
                                    f"the Special Reinforcement Group in the Regroup Phase, after reinforcements")
        if m.step != step:
            if step == "special":
                return f"{p} has called the Special Reinforcement Group: take its units."
            return f"{p} has not called the Special Reinforcement Group."
        return None

    def _why_CallSpecialGroup(self, cmd: CallSpecialGroup) -> str | None:
        return self._special_problem(cmd.player, "special")

    def _why_DeclineSpecialGroup(self, cmd: DeclineSpecialGroup) -> str | None:
        return self._special_problem(cmd.player, "special")

    def _why_SpecialUnit(self, cmd: SpecialUnit) -> str | None:
        problem = self._special_problem(cmd.player, "special_units")
        if problem:
            return problem
        m = self.match_of(cmd.player)
        options = self.special_options(m)
        if cmd.unit_type not in options:
            slot = m.special_types[len(m.special_units)]
            branch = self.content.units[slot].branch
            subs = ", ".join(options[1:])
            return (f"5.5: this slot of the Special Reinforcement Group is {slot} ({self._type_name(slot)}); a standard "
                    f"{branch} type may be substituted ({subs}), not {cmd.unit_type!r}.")
        return None

    def special_options(self, m: Match) -> tuple[str, ...]:
        """5.5: the Table 4 type of the next slot, then the standard types of its branch."""
        if m.step != "special_units" or len(m.special_units) >= len(m.special_types):
            return ()
        slot = m.special_types[len(m.special_units)]
        return (slot, *self.content.standard_of(self.content.units[slot].branch))

    # -- 7.2 transfers ------------------------------------------------------------------------
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

    # ======================================================================
    # Helpers on the flow
    # ======================================================================
    def _next_deployer(self, m: Match) -> str:
        # VIC 4.3: the attacker deploys first
        return m.attacker if m.attacker not in m.deployed else m.defender

    def _length_roll_due(self, m: Match) -> bool:
        return m.step == "battle" and m.turn >= self.c.length_roll_from_turn and not m.rolled

    def _reinforcer(self, m: Match) -> str:
        # VIC 5.4: the Axis player of the battle picks first, then the Allied (hot-seat order)
        r = self.state.round
        for p in m.players:
            if p not in r.reinforced:
                return p
        return ""

    def _reinforcing(self, p: str) -> bool:
        s = self.state
        r = s.round
        if s.phase != "campaign" or r is None or r.step != "battles" or p in r.reinforced:
            return False
        m = self.match_of(p)
        if m is not None:
            return m.step == "reinforce" and self._reinforcer(m) == p
        return p in r.byes and r.number < self.c.battles

    def _type_name(self, t: str) -> str:
        ut = self.content.units.get(t)
        return f"{ut.name}" if ut else t

    def _next_number(self, p: str, unit_type: str) -> int:
        f = self.force(p)
        r = self.state.round
        picks = r.picks.get(p, []) if r else []
        used = [u.number for u in (*f.units, *f.gone, *picks) if u.unit_type == unit_type]
        return max(used, default=0) + 1

    def _new_unit(self, p: str, unit_type: str, cv: int, joined: str) -> Unit:
        n = self._next_number(p, unit_type)
        return Unit(id=f"{unit_type}-{n}", unit_type=unit_type, number=n, cv=cv, joined=joined)

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

    # ======================================================================
    # VIC 4.1 Choosing Battle Groups
    # ======================================================================
    def _do_add_unit(self, cmd: AddUnit) -> None:
        # VIC 4.1: any 10 units of the 9 standard types; two at 3 CV, four at 2 CV, four at 1 CV
        f = self.force(cmd.player)
        u = self._new_unit(cmd.player, cmd.unit_type, cmd.cv, "Battle Group")
        f.units.append(u)
        what = "a unit" if self._secret() else f"{u.id} ({self._type_name(u.unit_type)})"
        self._emit(f"{cmd.player} adds {what} at {u.cv} CV ({CV_NAME.get(u.cv, '')}): "
                   f"{len(f.units)} of {self.c.battle_group_size}.", R_CHOOSE, "choose")

    def _do_remove_unit(self, cmd: RemoveUnit) -> None:
        s = self.state
        if s.phase == "choose":
            f = self.force(cmd.player)
            f.units = [u for u in f.units if u.id != cmd.unit]
            what = "a unit" if self._secret() else cmd.unit
            self._emit(f"{cmd.player} takes {what} back out of the Battle Group: {len(f.units)} of "
                       f"{self.c.battle_group_size}.", R_CHOOSE, "choose")
            return
        picks = s.round.picks[cmd.player]
        s.round.picks[cmd.player] = [u for u in picks if u.id != cmd.unit]
        what = "a reinforcement" if self._secret() else cmd.unit
        self._emit(f"{cmd.player} takes {what} back: {len(s.round.picks[cmd.player])} of {self.c.reinforcements} "
                   f"picked.", R_REINFORCE, "reinforce")

    def _do_confirm_battle_group(self, cmd: ConfirmBattleGroup) -> None:
        s = self.state
        f = self.force(cmd.player)
        f.confirmed = True
        if self._secret():
            listing = f"{len(f.units)} units"
        else:
            listing = ", ".join(f"{u.id} {u.cv}" for u in f.units)
        self._emit(f"{cmd.player}'s Battle Group is chosen: {listing}.", R_CHOOSE, "choose")
        waiting = [p for p in s.order if not s.forces[p].confirmed]
        if waiting:
            s.chooser = waiting[0]
            self._emit(f"{s.chooser} chooses a Battle Group next.", R_CHOOSE, "choose")
            return
        s.chooser = ""
        s.phase = "campaign"
        self._begin_round(1)

    # ======================================================================
    # The battle round: pairings (VIC 7.1, 7.2) and each battle's opening
    # ======================================================================
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

    # ======================================================================
    # VIC 4.2 Maps
    # ======================================================================
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

    # ======================================================================
    # VIC 4.3 Battle Group Deployment
    # ======================================================================
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

    # ======================================================================
    # VIC 4.4 Battle Length
    # ======================================================================
    def _do_next_turn(self, cmd: NextTurn) -> None:
        m = self.match_at(cmd.table)
        m.tried = []
        nxt = m.turn + 1
        if nxt >= self.c.last_turn:
            # VIC 4.4 Table 2: "12 Battle Ends, Go to Regroup Phase"
            m.turns_played = m.turn
            self._end_battle(m, f"turn {nxt} ends the battle (Table 2)", R_LENGTH)
            return
        m.turn, m.rolled = nxt, False
        due = ""
        if nxt >= self.c.length_roll_from_turn:
            due = (f" Before movement the player with the initiative rolls 1d6: {self.content.battle_length[nxt]} "
                   f"or less ends the battle (Table 2).")
        self._emit(f"Turn {nxt}.{due}", R_LENGTH, "turn")

    def _do_roll_battle_length(self, cmd: RollBattleLength) -> None:
        # VIC 4.4: "At the beginning of turn 7 and all subsequent turns, the player with the
        # initiative rolls 1d6 prior to movement and consults Table 2"
        m = self.match_at(cmd.table)
        roll = self.dice.roll(1)[0]
        m.length_rolls.append((m.turn, roll))
        limit = self.content.battle_length[m.turn]
        if tables.battle_ends(m.turn, roll, self.content):
            self._emit(f"Turn {m.turn} battle length: {roll}, at or below {limit}: the battle ends immediately.",
                       R_LENGTH, "roll", (roll,))
            m.turns_played = m.turn - 1
            self._end_battle(m, f"a battle-length roll of {roll} on turn {m.turn}", R_LENGTH)
            return
        m.rolled = True
        self._emit(f"Turn {m.turn} battle length: {roll}, above {limit}: the battle continues through turn {m.turn}.",
                   R_LENGTH, "roll", (roll,))

    def _end_battle(self, m: Match, how: str, rule: str) -> None:
        m.step, m.ended = "bp", how
        self._emit(f"Battle {self.battle} is over after {_plural(m.turns_played, 'turn')} ({how}). Regroup Phase: "
                   f"each player enters Battle Points (cities in supply + {self.c.resource_bp} per resource in "
                   f"supply).", rule, "regroup")

    # ======================================================================
    # VIC 4.5 Early Withdrawal
    # ======================================================================
    def _do_withdraw(self, cmd: Withdraw) -> None:
        # VIC 4.5: "The opposing player gets 4 VP's or his calculated VP's, whichever is higher"
        m = self.match_of(cmd.player)
        m.withdrawn = cmd.player
        m.turns_played = m.turn
        opp = m.opponent(cmd.player)
        self._emit(f"{cmd.player} withdraws the Battle Group in turn {m.turn}: {opp} will score "
                   f"{self.c.withdrawal_min_vp} VP or the calculated VP, whichever is higher.", R_WITHDRAW, "withdraw")
        self._end_battle(m, f"{cmd.player} withdrew in turn {m.turn}", R_WITHDRAW)

    # ======================================================================
    # VIC 3.2 Engineers, 3.3 Marines
    # ======================================================================
    def _unit_roll(self, player: str, unit_id: str, rule: str, success: str, failure: str, check) -> None:
        m = self.match_of(player)
        u = self.unit(player, unit_id)
        roll = self.dice.roll(1)[0]
        m.tried.append(f"{player}/{unit_id}")
        ok = check(u.cv, roll)
        text = (f"{player}'s {u.id} ({u.cv} CV) rolls {roll}: {'at or below' if ok else 'above'} its CV, "
                f"{success if ok else failure}.")
        m.unit_rolls.append(f"turn {m.turn}: {text}")
        self._emit(text, rule, "roll", (roll,))

    def _do_engineer_roll(self, cmd: EngineerRoll) -> None:
        # VIC 3.2: "rolling one die less than or equal to its' current CV"
        self._unit_roll(cmd.player, cmd.unit, R_ENGINEERS, "the infrastructure is repaired or one airfield level "
                        "is built", "no repair this movement phase", tables.engineer_roll)

    def _do_marine_roll(self, cmd: MarineRoll) -> None:
        # VIC 3.3: "rolling one die less than or equal to its' current CV"
        self._unit_roll(cmd.player, cmd.unit, R_MARINES, "a Mulberry is placed in its hex",
                        "no Mulberry this movement phase", tables.marine_roll)

    # ======================================================================
    # VIC 5.1 Calculate Victory Points
    # ======================================================================
    def _do_enter_battle_points(self, cmd: EnterBattlePoints) -> None:
        m = self.match_of(cmd.player)
        total = tables.battle_points(cmd.cities, cmd.resources, self.content)
        m.bp[cmd.player] = BattlePoints(cmd.cities, cmd.resources, total)
        self._emit(f"{cmd.player}: cities {cmd.cities} + {cmd.resources} resources x {self.c.resource_bp} = "
                   f"{total} BP.", R_VP, "entry")
        if len(m.bp) == 2:
            self._calculate_victory_points(m)

    def _calculate_victory_points(self, m: Match) -> None:
        # VIC 5.1: "The player with the most BP's wins this battle ... subtract the losing players
        # BP's from the winning players BP's ... The loser scores 0 VP's. Tie battles are drawn"
        a, b = m.players
        bp = {p: m.bp[p].total for p in m.players}
        if m.withdrawn:
            # VIC 4.5: the opponent of the withdrawing player gets 4 VP or his calculated VP
            w = m.withdrawn
            o = m.opponent(w)
            calculated = max(0, bp[o] - bp[w])
            m.vp = {w: 0, o: max(self.c.withdrawal_min_vp, calculated)}
            m.winner, m.margin = o, m.vp[o]
            self._emit(f"{o} {bp[o]} BP, {w} {bp[w]} BP: calculated VP {calculated}; {w} withdrew, so {o} scores "
                       f"max({self.c.withdrawal_min_vp}, {calculated}) = {m.vp[o]} VP and {w} 0.", R_WITHDRAW, "vp")
        elif bp[a] == bp[b]:
            m.vp = {a: 0, b: 0}
            m.winner, m.margin = "", 0
            self._emit(f"{a} {bp[a]} BP, {b} {bp[b]} BP: a drawn battle; neither player scores VP.", R_VP, "vp")
        else:
            w, loser = (a, b) if bp[a] > bp[b] else (b, a)
            m.vp = {w: bp[w] - bp[loser], loser: 0}
            m.winner, m.margin = w, m.vp[w]
            self._emit(f"{w} {bp[w]} BP, {loser} {bp[loser]} BP: {w} wins battle {self.battle} and scores "
                       f"{bp[w]} - {bp[loser]} = {m.vp[w]} VP; {loser} scores 0.", R_VP, "vp")
        for p in m.players:
            self.force(p).last = "draw" if not m.winner else ("won" if m.winner == p else "lost")
        totals = self.totals()
        self._emit("Campaign VP: " + ", ".join(f"{p} {totals[p]}" for p in self.state.order) + ".", R_VP, "vp")
        if self.battle >= self.c.battles:
            m.step = "done"
            self._emit(f"Battle {self.battle} was the last: no further Regroup.", R_VICTORY, "regroup")
            self._check_round_end()
            return
        m.step = "losses"
        self._emit("Withdraw the Battle Groups: enter each unit destroyed in the battle or unable to trace supply.",
                   R_BG_WITHDRAW, "regroup")

    # ======================================================================
    # VIC 5.2 Withdraw Battle Groups, 5.3 Augmentation
    # ======================================================================
    def _do_lose_unit(self, cmd: LoseUnit) -> None:
        # VIC 5.2: "All units which are unable to trace a supply line are destroyed"
        m = self.match_of(cmd.player)
        f = self.force(cmd.player)
        u = self.unit(cmd.player, cmd.unit)
        f.units.remove(u)
        how = "cut off (no supply line) and destroyed" if cmd.cut_off else "destroyed"
        u.left = f"{how} in battle {self.battle}"
        f.gone.append(u)
        m.lost[cmd.player].append(u.id)
        self._emit(f"{cmd.player}'s {u.id} ({self._type_name(u.unit_type)}, {u.cv} CV) was {how} in battle "
                   f"{self.battle}.", R_BG_WITHDRAW, "loss")

    def _do_units_done(self, cmd: UnitsDone) -> None:
        m = self.match_of(cmd.player)
        m.losses_done.append(cmd.player)
        f = self.force(cmd.player)
        self._emit(f"{cmd.player}: {_plural(len(m.lost[cmd.player]), 'unit')} lost; "
                   f"{_plural(len(f.units), 'survivor')} withdrawn and kept.", R_BG_WITHDRAW, "regroup")
        if len(m.losses_done) < 2:
            return
        self._augment(m)
        m.step = "reinforce"
        first = self._reinforcer(m)
        self._emit(f"Reinforcements: each player picks {self.c.reinforcements} units at {self.c.reinforcement_cv} CV; "
                   f"{first} first. {self._pools_text(m.axis)}. {self._pools_text(m.allied)}.", R_REINFORCE, "reinforce")

    def _augment(self, m: Match) -> None:
        # VIC 5.3: "Add one step to each surviving unit in your BG. 4 CV units cannot be increased."
        top = self.c.max_cv
        for p in m.players:
            raised = 0
            for u in self.force(p).units:
                if u.cv < top:
                    u.cv = min(top, u.cv + self.c.augmentation)
                    u.notes.append(f"augmented to {u.cv} CV after battle {self.battle}")
                    raised += 1
            at_top = len(self.force(p).units) - raised
            tail = f"; {at_top} at {top} CV stay" if at_top else ""
            self._emit(f"{p}: {_plural(raised, 'survivor')} gain one step{tail}.", R_AUGMENT, "regroup")

    # ======================================================================
    # VIC 5.4 Reinforcements
    # ======================================================================
    def _do_reinforce(self, cmd: Reinforce) -> None:
        r = self.state.round
        u = self._new_unit(cmd.player, cmd.unit_type, self.c.reinforcement_cv,
                           f"reinforcement after battle {r.number}")
        r.picks.setdefault(cmd.player, []).append(u)
        n = len(r.picks[cmd.player])
        what = "a reinforcement" if self._secret() else f"{u.id} ({self._type_name(u.unit_type)})"
        self._emit(f"{cmd.player} picks {what}: {n} of {self.c.reinforcements}.", R_REINFORCE, "reinforce")

    def _do_confirm_reinforcements(self, cmd: ConfirmReinforcements) -> None:
        # VIC 5.4: "All units chosen enter the players BG at 1 CV"
        r = self.state.round
        f = self.force(cmd.player)
        picks = r.picks.pop(cmd.player, [])
        f.units.extend(picks)
        r.reinforced.append(cmd.player)
        if self._secret():
            listing = _plural(len(picks), "unit")
        else:
            listing = ", ".join(u.id for u in picks) or "no units"
        self._emit(f"{cmd.player}'s reinforcements join the Battle Group at {self.c.reinforcement_cv} CV: {listing}. "
                   f"Battle Group: {len(f.units)} units.", R_REINFORCE, "reinforce")
        m = self.match_of(cmd.player)
        if m is None:
            self._check_round_end()
            return
        if self._reinforcer(m):
            self._emit(f"{self._reinforcer(m)} picks reinforcements next.", R_REINFORCE, "reinforce")
            return
        self._special_group_offer(m)

    # ======================================================================
    # VIC 5.5 Special Reinforcement Group
    # ======================================================================
    def _special_group_offer(self, m: Match) -> None:
        # VIC 5.5: "If one players VP's is greater than the others by 9 or more, the player with
        # fewer VP's may call for a one time Special Reinforcement Group"; 7.0: not in multi-player
        if self.mode == "duel":
            totals = self.totals()
            a, b = m.players
            lead = totals[a] - totals[b]
            trailing = b if lead > 0 else a
            if abs(lead) >= self.c.special_group_lead and not self.force(trailing).special_called:
                m.special_player = trailing
                m.step = "special"
                leader = m.opponent(trailing)
                self._emit(f"{leader} leads {totals[leader]} VP to {totals[trailing]} (by {abs(lead)}): {trailing} may "
                           f"call the one-time Special Reinforcement Group; {leader} would gain "
                           f"{self.c.special_group_vp} VP.", R_SPECIAL, "special")
                return
        m.step = "done"
        self._check_round_end()

    def _do_call_special_group(self, cmd: CallSpecialGroup) -> None:
        m = self.match_of(cmd.player)
        roll = self.dice.roll(1)[0]
        types = tables.special_group(roll, self.content)
        m.special_called, m.special_roll, m.special_types = True, roll, tuple(types)
        self.force(cmd.player).special_called = self.battle
        other = m.opponent(cmd.player)
        m.bonus[other] = m.bonus.get(other, 0) + self.c.special_group_vp
        m.step = "special_units"
        names = ", ".join(types)
        self._emit(f"{cmd.player} calls the Special Reinforcement Group and rolls {roll}: one {self.c.special_group_cv} "
                   f"CV unit each of {names} (a standard type of the same branch may stand in for any). {other} "
                   f"gains {self.c.special_group_vp} VP.", R_SPECIAL, "roll", (roll,))

    def _do_decline_special_group(self, cmd: DeclineSpecialGroup) -> None:
        m = self.match_of(cmd.player)
        self._emit(f"{cmd.player} does not call the Special Reinforcement Group now.", R_SPECIAL, "special")
        m.step = "done"
        self._check_round_end()

    def _do_special_unit(self, cmd: SpecialUnit) -> None:
        # VIC 5.5: "Add one 2 CV unit of each type to your BG ... MA, IN, and EN may be substituted
        # for Army units; FA, DB, and TB ... for Air units; SS, CA, and DD ... for Naval units"
        m = self.match_of(cmd.player)
        slot = m.special_types[len(m.special_units)]
        u = self._new_unit(cmd.player, cmd.unit_type, self.c.special_group_cv,
                           f"Special Reinforcement Group after battle {self.battle}")
        if cmd.unit_type != slot:
            u.notes.append(f"substituted for {slot} ({self._type_name(slot)})")
        self.force(cmd.player).units.append(u)
        m.special_units.append(u.id)
        sub = f" in place of {slot}" if cmd.unit_type != slot else ""
        self._emit(f"{cmd.player} adds {u.id} ({self._type_name(u.unit_type)}) at {u.cv} CV{sub}.", R_SPECIAL, "special")
        if len(m.special_units) == len(m.special_types):
            m.step = "done"
            self._check_round_end()

    # ======================================================================
    # The end of a battle round; VIC 7.2 transfers
    # ======================================================================
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

    # ======================================================================
    # VIC 6.0 Campaign Victory, 7.1 / 7.2
    # ======================================================================
    def _finish(self) -> None:
        s = self.state
        s.round.step = "done"
        s.over, s.phase = True, "over"
        o = self._final_outcome()
        rule = {"duel": R_VICTORY, "round-robin": R_ROUND_ROBIN, "team": R_TEAM}[s.mode]
        for reason in o.reasons:
            self._emit(reason, rule, "end")

    def _final_outcome(self) -> Outcome:
        s = self.state
        totals = self.totals()
        listing = ", ".join(f"{p} {totals[p]}" for p in s.order)
        if s.mode == "duel":
            # VIC 6.0: "Subtract the lower result from the higher result ... compares this result with Table 5"
            a, b = s.order
            net = abs(totals[a] - totals[b])
            level, tp = tables.victory_level(net, self.content)
            reasons = [f"Campaign VP: {listing}; net {net} VP."]
            if level == "Draw" or totals[a] == totals[b]:
                reasons.append(f"Net {net} VP: a Draw (Table 5); each player gains 1 TP.")
                return Outcome("duel", None, totals, tuple(reasons), net=net, level="Draw", tp={a: 1, b: 1})
            winner, loser = (a, b) if totals[a] > totals[b] else (b, a)
            reasons.append(f"{winner} wins: a {level} victory (Table 5), {tp} TP.")
            return Outcome("duel", winner, totals, tuple(reasons), winners=(winner,), net=net, level=level,
                           tp={winner: tp, loser: 0})
        if s.mode == "round-robin":
            # VIC 7.1: "The player with the most VP's at the end of the campaign wins"
            top = max(totals.values())
            best = tuple(p for p in s.order if totals[p] == top)
            reasons = [f"Campaign VP: {listing}."]
            if len(best) == 1:
                reasons.append(f"{best[0]} has the most VP ({top}) and wins the campaign.")
                return Outcome("round-robin", best[0], totals, tuple(reasons), winners=best)
            reasons.append(f"{' and '.join(best)} share the most VP ({top}): the campaign is shared.")
            return Outcome("round-robin", None, totals, tuple(reasons), winners=best)
        # VIC 7.2: "The team with the most VP's at the end of the campaign wins"
        teams = self.team_totals()
        reasons = [f"Campaign VP: {listing}. Axis team {teams[AXIS]}, Allied team {teams[ALLIED]}."]
        if teams[AXIS] == teams[ALLIED]:
            reasons.append("The teams are level: the campaign is drawn.")
            return Outcome("team", None, totals, tuple(reasons), team_totals=teams)
        winner = AXIS if teams[AXIS] > teams[ALLIED] else ALLIED
        members = tuple(p for p in s.order if s.forces[p].team == winner)
        reasons.append(f"The {SIDE_NAME[winner]} team ({', '.join(members)}) has the most VP and wins the campaign.")
        return Outcome("team", winner, totals, tuple(reasons), winners=members, team_totals=teams)

    # ======================================================================
    # Describing commands for menus and logs
    # ======================================================================
    def describe(self, cmd: Command) -> str:
        name = self._type_name
        match cmd:
            case AddUnit(player=p, unit_type=t, cv=cv):
                return f"{p}: add {t} ({name(t)}) at {cv} CV"
            case RemoveUnit(player=p, unit=u):
                return f"{p}: take {u} back"
            case ConfirmBattleGroup(player=p):
                return f"{p}: the Battle Group is chosen"
            case DrawPairings():
                return f"Match up the players for battle {self.battle}"
            case RollMaps(table=t):
                return "Roll 3d6 for the maps" + (f" (table {t})" if self.mode != "duel" else "")
            case RollLayout(table=t):
                return "Roll 1d8 for the map layout" + (f" (table {t})" if self.mode != "duel" else "")
            case RollInitiative(table=t):
                return "Roll for the initiative (1d6 each)" + (f" (table {t})" if self.mode != "duel" else "")
            case Deployed(player=p):
                return f"{p} has deployed"
            case NextTurn(table=t):
                m = self.match_at(t)
                nxt = m.turn + 1 if m else "?"
                return f"End the turn: turn {nxt}" + (f" (table {t})" if self.mode != "duel" else "")
            case RollBattleLength(table=t):
                return "Roll 1d6 for battle length (Table 2)" + (f" (table {t})" if self.mode != "duel" else "")
            case Withdraw(player=p):
                return f"{p} withdraws the Battle Group"
            case EngineerRoll(player=p, unit=u):
                return f"{p}: {u} tries to repair or build (roll at or below its CV)"
            case MarineRoll(player=p, unit=u):
                return f"{p}: {u} tries to emplace a Mulberry (roll at or below its CV)"
            case EnterBattlePoints(player=p, cities=c, resources=r):
                total = c + self.c.resource_bp * r if _is_int(c) and _is_int(r) else "?"
                return f"{p}: cities {c}, resources {r} ({total} BP)"
            case LoseUnit(player=p, unit=u, cut_off=cut):
                return f"{p}: {u} {'cut off (no supply)' if cut else 'destroyed'}"
            case UnitsDone(player=p):
                return f"{p}: no more units lost"
            case Reinforce(player=p, unit_type=t):
                return f"{p}: reinforce with {t} ({name(t)})"
            case ConfirmReinforcements(player=p):
                return f"{p}: the reinforcements are picked"
            case CallSpecialGroup(player=p):
                return f"{p}: call the Special Reinforcement Group"
            case DeclineSpecialGroup(player=p):
                return f"{p}: do not call the Special Reinforcement Group now"
            case SpecialUnit(player=p, unit_type=t):
                return f"{p}: take {t} ({name(t)}) at {self.c.special_group_cv} CV"
            case Transfer(sender=a, receiver=b, unit=u):
                return f"{a}: transfer {u} to {b}"
            case EndTransfers():
                return "End the transfers"
        return cmd.describe() if isinstance(cmd, Command) else repr(cmd)


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

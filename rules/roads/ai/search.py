"""The search opponent: Perfect-Information Monte Carlo over determinized worlds with doctrine
rollouts (brief roads-ai-and-engines 4.3: ensemble determinization, expert playouts).

At each decision with more than one legal command:
1. the doctrine of the heuristic bot ranks the legal commands from the view and the best few
   become the candidates (the move generator's pruning of the MTG and LotR searches);
2. several worlds consistent with the view are sampled (``determinize``);
3. in each world every candidate is played, then both sides play on by doctrine for a horizon of
   commands (the battles of that horizon are fought with the world's own chits and dice, which
   is how the odds of an attack are estimated), and the position is evaluated (``evaluate``);
   all candidates of one world share its dice seed (common random numbers);
4. the doctrine's choice stands unless another candidate beats it, world by world, by more than
   the noise of the worlds (``_choice``); then the best of those wins, and one line says why.

Inside a battle (which chit, which unit checks, where to retreat, a card played in the battle)
every legal answer is searched the same way in worlds whose hidden chits are sampled
(``determinize``): each answer is played, the rest of the battle is fought by doctrine with the
world's chits and dice, and the position at the battle's end is evaluated. The strengths differ
only in effort: candidates, worlds, horizon and battle worlds (easy decides battles by doctrine).

The bot reads the real game only through ``Public``: the legal commands, whose turn it is, the
view of the side to act, the printed content and map. It never reads the state.
"""

from __future__ import annotations

import pickle
import random
import time

from rules.core.attrs_classes import define, frozen
from rules.core.dice import SeededDice
from rules.core.errors import IllegalCommand

from ..bots import HeuristicBot, _Context
from ..commands import (
    Choose, DiscardCard, Gather, Move, PlayCard, PlayChit, Release, Retreat, StartOperation, StopRetreat,
)
from ..game import Roads
from ..state import AXIS, SOVIET
from .determinize import can_determinize, determinize
from .evaluate import evaluate


@frozen
class Effort:
    candidates: int          # commands searched, the doctrine's best first
    samples: int             # determinized worlds
    horizon: int             # commands played on by doctrine after the candidate
    budget: float            # seconds: no world is begun that would end past it (one always is)
    battle_worlds: int = 0   # worlds for a decision inside a battle (0: by doctrine)


STRENGTHS = {
    "easy": Effort(candidates=2, samples=2, horizon=12, budget=0.5),
    "normal": Effort(candidates=4, samples=3, horizon=30, budget=2.5, battle_worlds=24),
    "hard": Effort(candidates=6, samples=5, horizon=50, budget=4.5, battle_worlds=48),
    # the first worlds of expert.py's race (ExpertBot: make_ai("expert"))
    "expert": Effort(candidates=6, samples=5, horizon=50, budget=1.8, battle_worlds=72),
}
BATTLE_CANDIDATES = 8        # answers searched inside a battle, the doctrine's best first
BATTLE_HORIZON = 150         # commands at most to the end of a battle in a rollout
EVIDENCE = 1.5               # standard errors a command must gain over the doctrine's choice


class Public:
    """What a player at the table sees of a game: its legal commands, whose turn it is, one
    side's view, the printed content and map, the names. Nothing else of the game gets through."""

    def __init__(self, game):
        self._game = game
        self.content = game.content
        self.map = game.map

    def legal(self):
        return self._game.legal()

    def to_act(self):
        return self._game.to_act()

    def view(self, side):
        if side != self._game.to_act():
            raise PermissionError("the AI may see only the view of the side it plays")
        return self._game.view(side)

    def describe(self, cmd) -> str:
        return self._game.describe(cmd)

    def area_name(self, area: str) -> str:
        return self._game.area_name(area)

    def decision_seed(self, salt: str) -> str:
        """A seed for the decision at hand, from the game's seed, the number of commands given
        and the side to act (issue 25 item 3: a loaded game plays on as it would have). Only a
        digest of the seed gets through (str seeds are hashed by ``random``), never the seed
        that rolls the game's dice."""
        g = self._game
        return f"roads-ai/{salt}/{g.seed}/{len(g.log)}/{g.to_act()}"

    def released(self, view) -> set[tuple[int, str]]:
        """(operation number, unit) for the units the side of ``view`` released in its operation
        under way (public: the release is made on the map), read from the log, so that a game
        loaded in mid-operation remembers them as the uninterrupted game does."""
        g = self._game
        op = view.operation
        if op is None or op.side != view.side:
            return set()
        out = set()
        for cmd in reversed(g.log):
            if isinstance(cmd, StartOperation) and cmd.side == op.side:
                break
            if isinstance(cmd, Release) and cmd.side == op.side:
                out.add((op.number, cmd.unit))
        return out


class _Rollout(HeuristicBot):
    """The doctrine as a rollout policy inside a sampled world, its distance tables shared by
    every rollout. The world is the AI's own sample, so the policy reads it directly through a
    light view with the fields the doctrine uses (the full view also scores VP: too slow here)."""

    _shared: dict[str, dict[str, int]] = {}

    def __init__(self, seed: int):
        super().__init__(seed)
        self._dist = _Rollout._shared

    def choose(self, game):
        cmds = game.legal()
        if len(cmds) == 1:
            return cmds[0]
        s = game.state
        side = game.to_act()
        view = _LightView(
            units=tuple(s.units.values()), control=s.control,
            permanents=tuple(s.permanents.items()), hand=s.cards[side].hand,
            rp=tuple((sd, a, n) for sd in (AXIS, SOVIET) for a, n in s.rp[sd].items()),
            operation=s.operation, initiative=s.initiative,
            pending=s.pending[0] if s.pending and s.pending[0].side == side else None,
            deck_sizes=((AXIS, len(s.cards[AXIS].deck)), (SOVIET, len(s.cards[SOVIET].deck))))
        ctx = _Context(game, view, side, self)
        best = max(cmds, key=lambda c: ctx.score(c) + self.rng.random() * 0.01)
        if isinstance(best, Release) and s.operation is not None:
            self.released.add((s.operation.number, best.unit))
        return best


@frozen
class _LightView:
    units: tuple
    control: dict
    permanents: tuple
    hand: list
    rp: tuple
    operation: object
    initiative: str | None
    pending: object
    deck_sizes: tuple
    vp: object = None         # not kept: the doctrine scores the world itself when it needs them


@define
class Decision:
    command: object
    reason: str
    seconds: float
    searched: bool
    public: str = ""          # the line as the other side may read it (``public_line``)


class SearchBot:
    """The computer opponent at one strength (easy, normal, hard)."""

    def __init__(self, strength: str = "normal", seed: int = 0, *, budget: bool = True,
                 effort: Effort | None = None):
        """``budget=False`` drops the time cap (the decision then depends on the seed alone);
        ``effort`` replaces the strength's effort (small efforts keep tests fast)."""
        if strength not in STRENGTHS:
            raise ValueError(f"unknown strength {strength!r} (choose from {', '.join(STRENGTHS)})")
        self.name = strength
        self.effort = effort or STRENGTHS[strength]
        self.use_budget = budget
        self.seed = seed
        self.rng = random.Random(seed)
        self.policy = HeuristicBot(seed)
        self.explain = ""                 # the line for the last decision
        self.decisions: list[Decision] = []

    def choose(self, game):
        return self.decide(game).command

    def decide(self, game) -> Decision:
        start = time.perf_counter()
        self._runner, self._margin = None, ""      # the runner-up of a search, and its words
        pub = Public(game)
        side = pub.to_act()
        cmds = pub.legal()
        view = pub.view(side)
        # every random choice of this decision from the game's position alone, none carried over
        # from the bot's earlier decisions: a reloaded game plays on exactly as it would have
        key = pub.decision_seed(f"{self.name}/{self.seed}")
        self.rng = random.Random(key)
        self.policy.rng = random.Random(key + "/doctrine")
        self.policy.released |= pub.released(view)
        if len(cmds) == 1:
            cmd, why, searched = cmds[0], "the only legal command", False
        elif view.battle is not None and self.effort.battle_worlds and can_determinize(view):
            cmd, why = self._search_battle(pub, view, cmds)
            searched = True
        elif view.battle is not None or not can_determinize(view):
            cmd = self.policy.choose(pub)
            why, searched = self._doctrine_reason(pub, view, cmd), False
        else:
            cmd, why = self._search(pub, view, cmds)
            searched = True
        if isinstance(cmd, Release) and view.operation is not None:
            # the doctrine then ranks that unit's Gather last: no gather-release loop
            self.policy.released.add((view.operation.number, cmd.unit))
        line = f"{pub.describe(cmd)}: {why}"
        d = Decision(cmd, line, time.perf_counter() - start, searched,
                     public_line(pub, cmd, why, self._margin, self._runner))
        self.explain = line
        self.decisions.append(d)
        return d

    # -- the search -------------------------------------------------------------------------------
    def _search(self, pub, view, cmds):
        e = self.effort
        side = view.side
        ctx = _Context(pub, view, side, self.policy)
        ranked = sorted(range(len(cmds)), key=lambda i: -ctx.score(cmds[i]))
        cands = [cmds[i] for i in ranked[: e.candidates] if not self._regathers(view, cmds[i])]
        if len(cands) <= 1:
            return (cands or [cmds[ranked[0]]])[0], "the doctrine's choice"
        took = [[] for _ in cands]

        def play_on(i, g, seed):
            _rollout(g, e.horizon, seed)
            cmd = cands[i]
            if isinstance(cmd, Move) and _foes_in(view, cmd.area, side):
                took[i].append(g.state.control.get(cmd.area) == side
                               and not _foes_in_state(g, cmd.area, side))

        values = self._sample(pub, view, cands, e.samples, play_on)
        means = _means(values)
        best = _choice(values, means)
        return cands[best], self._search_reason(pub, cands, means, took, best, _count(values[best]))

    def _regathers(self, view, cmd) -> bool:
        """A Gather of a unit this side released in this operation: searching it again could
        release and gather the same unit for ever (a sim found it), so it is not a candidate."""
        op = view.operation
        return (isinstance(cmd, Gather) and op is not None
                and (op.number, cmd.unit) in self.policy.released)

    def _search_battle(self, pub, view, cmds):
        """Every answer (up to BATTLE_CANDIDATES, the doctrine's best first) played in sampled
        worlds, the battle fought to its end by doctrine, the position then evaluated."""
        side = view.side
        bv = view.battle
        ctx = _Context(pub, view, side, self.policy)
        ranked = sorted(range(len(cmds)), key=lambda i: -ctx.score(cmds[i]))
        kinds = {}                                # two chits of one kind are one answer
        for i in ranked:
            kinds.setdefault(pub.describe(cmds[i]), cmds[i])
        cands = list(kinds.values())[:BATTLE_CANDIDATES]
        if len(cands) == 1:
            return cands[0], f"battle of {pub.area_name(bv.area)}: every answer is the same"
        held = [[] for _ in cands]

        def fight_on(i, g, seed):
            bots = {AXIS: _Rollout(seed), SOVIET: _Rollout(seed + 1)}
            for _ in range(BATTLE_HORIZON):
                if g.state.battle is None or g.to_act() is None:
                    break
                g.apply(bots[g.to_act()].choose(g))
            held[i].append(g.state.control.get(bv.area) == side and not _foes_in_state(g, bv.area, side))

        values = self._sample(pub, view, cands, self.effort.battle_worlds, fight_on)
        means = _means(values)
        best = _choice(values, means)
        n = _count(values[best])
        where = pub.area_name(bv.area)
        aim = "clear" if side == bv.attacker else "hold"
        guesses = f"{n} guess{'es' if n != 1 else ''} at the chits it cannot see"
        if isinstance(cands[best], (Retreat, StopRetreat)):
            # a retreat's worth is where the unit ends up, not the battle's odds
            parts = [f"battle of {where}: the retreat that leaves it best placed, worth "
                     f"{_points(means[best])} points in {guesses}"]
        else:
            parts = [f"battle of {where}: {100 * sum(held[best]) / max(1, n):.0f}% to {aim} it in {guesses}"]
        others = [i for i in range(len(cands)) if i != best and means[i] != float("-inf")]
        if others:
            self._margin, self._runner = _margin(pub, cands, means, best, others)
            parts.append(self._margin)
        return cands[best], ", ".join(parts)

    def _sample(self, pub, view, cands, worlds: int, play_on) -> list[list[float | None]]:
        """The value of each candidate in each of up to ``worlds`` sampled worlds: the candidate
        played, then ``play_on(i, game, seed)``, then the evaluation for the side to act (None
        where the candidate is not legal in that world). All candidates of one world share its
        dice seed (common random numbers), so their values pair up world by world."""
        values = [[] for _ in cands]
        self._worlds(pub, view, cands, worlds, play_on, values, time.perf_counter())
        return values

    def _worlds(self, pub, view, cands, worlds, play_on, values, begun, before=0, race=None) -> None:
        """``worlds`` more sampled worlds, each value appended to ``values``; only the
        candidates in ``race`` are played (all when None; None for the others). The budget
        counts every world of the decision since ``begun``, ``before`` of them already played."""
        for k in range(worlds):
            spent = time.perf_counter() - begun
            done = before + k
            if done and self.use_budget and spent + spent / done > self.effort.budget:
                return                           # the next world would end past the budget
            world = determinize(view, pub.content, pub.map, self.rng)
            # each candidate plays on its own copy of the world: a pickle round trip in memory
            # (never to or from disk) is the fastest whole copy of a state
            frozen = pickle.dumps(world.state, protocol=pickle.HIGHEST_PROTOCOL)
            seed = self.rng.randrange(2 ** 31)
            for i, cmd in enumerate(cands):
                if race is not None and i not in race:
                    values[i].append(None)
                    continue
                g = Roads(pickle.loads(frozen), SeededDice(seed), pub.content, pub.map,
                          seed=seed, options={}, undo=False)
                try:
                    g.apply(cmd)
                except IllegalCommand:
                    values[i].append(None)       # not legal in this world: no evidence for it
                    continue
                play_on(i, g, seed)
                values[i].append(evaluate(g, view.side))

    # -- explanations -------------------------------------------------------------------------------
    def _search_reason(self, pub, cands, means, took, best, worlds) -> str:
        parts = []
        if took[best]:
            n = len(took[best])
            parts.append(f"takes {pub.area_name(cands[best].area)} in {sum(took[best])} of {n} "
                         f"guess{'es' if n != 1 else ''}")
        # in a player's words: the value is VP-like (evaluate.py), the worlds are guesses at
        # what the AI cannot see
        guesses = f"{worlds} guess{'es' if worlds != 1 else ''}"
        parts.append(f"worth {_points(means[best])} points (VP and position) looking {self.effort.horizon} "
                     f"commands ahead, averaged over {guesses} at the cards and chits it cannot see")
        others = [i for i in range(len(cands)) if i != best and means[i] != float("-inf")]
        if others:
            self._margin, self._runner = _margin(pub, cands, means, best, others)
            parts.append(self._margin)
        return ", ".join(parts)

    def _doctrine_reason(self, pub, view, cmd) -> str:
        b = view.battle
        if b is not None:
            where = pub.area_name(b.area)
            if isinstance(cmd, PlayChit):
                return f"battle of {where}: by doctrine, the chit that hurts the enemy most for the least risk"
            if isinstance(cmd, Retreat):
                return f"battle of {where}: by doctrine, the retreat towards the friendly front"
            return f"battle of {where}: by doctrine (this strength does not search battles)"
        return "by doctrine"


def _means(values) -> list[float]:
    out = []
    for v in values:
        seen = [x for x in v if x is not None]
        out.append(sum(seen) / len(seen) if seen else float("-inf"))
    return out


def _count(v) -> int:
    return sum(1 for x in v if x is not None)


def _gain(values, i: int, base: int) -> tuple[float, float, int]:
    """Candidate ``i`` against ``base`` over the worlds where both were played: the mean of the
    paired differences, its standard error and the number of worlds."""
    d = [a - b for a, b in zip(values[i], values[base]) if a is not None and b is not None]
    n = len(d)
    if n < 2:
        return (d[0] if d else 0.0), float("inf"), n
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, (var / n) ** 0.5, n


def _choice(values, means) -> int:
    """The doctrine's choice (candidate 0) unless another candidate beats it by more than
    EVIDENCE standard errors of their paired difference; then the best mean of those that do.

    A sim game showed why (NOTES, the Axis losses at seeds 31002 and 31004): with five worlds
    the paired differences between two moves spread by 3-7 points while their means differ by
    0.1-3, so the best mean alone is mostly the luck of the worlds, and a force moved that way
    wandered behind the front for whole operations. The doctrine aims; the search overrules it
    where it sees a difference larger than its own noise (an attack's odds, a battle's chit)."""
    if means[0] == float("-inf"):
        return max(range(len(means)), key=lambda i: (means[i], -i))
    clear = []
    for i in range(1, len(values)):
        mean, se, n = _gain(values, i, 0)
        if n >= 2 and mean > 0 and mean > EVIDENCE * se:
            clear.append(i)
    return max(clear, key=lambda i: (means[i], -i)) if clear else 0


def _points(value: float) -> str:
    """A score as the explanations give it: signed, one decimal, never "-0.0"."""
    return f"{value:+.1f}" if round(value, 1) != 0 else "+0.0"


def _margin(pub, cands, means, best, others) -> tuple[str, object]:
    """How the choice compares with the best other candidate, in a player's words: a higher
    score kept below the doctrine's choice is said to be within the guesswork (``_choice``)."""
    runner = max(others, key=lambda i: means[i])
    gap = means[best] - means[runner]
    name = pub.describe(cands[runner])
    if abs(gap) < 0.05:
        return f"level with {name} (the doctrine breaks the tie)", cands[runner]
    if gap < 0:
        return (f"{name} scored {-gap:.1f} points more, too little against the spread of the "
                f"guesses to overrule the doctrine"), cands[runner]
    return f"{gap:.1f} points more than {name}", cands[runner]


# commands that name what the other side may not see: a card or chit still in hand, a card
# discarded face down (4.2.3c), the secret Card/Map choice (4.2.2)
SECRET = (PlayCard, PlayChit, DiscardCard, Choose)


def public_line(pub, cmd, why: str, margin: str, runner) -> str:
    """The explanation as the other side may read it: a secret command is not named, and a
    runner-up still in hand is left out."""
    if margin and isinstance(runner, SECRET):
        why = why[: -len(margin) - 2] if why.endswith(", " + margin) else why
    if isinstance(cmd, Choose):
        return "made the Card/Map choice (secret until both are in)"
    if isinstance(cmd, DiscardCard):
        return "discarded a card face down"
    return f"{pub.describe(cmd)}: {why}"


def _foes_in(view, area: str, side: str) -> bool:
    return any(c.where == area and c.side != side for c in view.units)


def _foes_in_state(g: Roads, area: str, side: str) -> bool:
    return any(c.where == area and c.side != side for c in g.state.units.values())


def _rollout(g: Roads, horizon: int, seed: int) -> None:
    bots = {AXIS: _Rollout(seed), SOVIET: _Rollout(seed + 1)}
    for _ in range(horizon):
        side = g.to_act()
        if side is None:
            return
        g.apply(bots[side].choose(g))


def hint(game, side: str):
    """What the hard AI would do now for ``side`` and why, from that side's view only:
    (command, reason). ``side`` must be the side to act."""
    if game.to_act() != side:
        raise ValueError(f"it is not the {side} side's turn")
    view = game.view(side)
    bot = SearchBot("hard", seed=view.sequence * 7919 + view.cards_done)
    d = bot.decide(game)
    return d.command, d.reason



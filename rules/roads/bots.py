"""Bots for Roads to Stalingrad: a random-legal bot and a heuristic bot. Both read only the
acting side's ``view`` (and the printed map and counters), and choose from ``legal()``."""

from __future__ import annotations

import random
from collections import deque

from .commands import (
    Choose, ChooseUnit, Decline, DiscardCard, DrawCard, EndOperation, Gather, Halt, Move,
    PlaceRP, PlaceUnit, PlayCard, PlayChit, Rebuild, Release, Reorganize, Restore, Retreat,
    StartOperation, StopRetreat,
)
from .state import AXIS, GONE, SOVIET, other
from .victory import score as vp_score


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal())


class HeuristicBot:
    """Scores every legal command by simple doctrine: take the cities that score, attack
    where the odds favour it, keep supply, play cards that help now, hurry or slow winter."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._dist: dict[str, dict[str, int]] = {}
        self.released: set[tuple[int, str]] = set()     # (operation number, unit) given up

    # -- helpers over public information -------------------------------------------------------
    def dist(self, game, start: str) -> dict[str, int]:
        if start not in game.map.areas:          # off the map (the west edge from Kerch)
            return {}
        if start not in self._dist:
            seen = {start: 0}
            todo = deque([start])
            while todo:
                here = todo.popleft()
                for n in game.map.neighbours(here):
                    if n not in seen:
                        seen[n] = seen[here] + 1
                        todo.append(n)
            self._dist[start] = seen
        return self._dist[start]

    def choose(self, game):
        cmds = game.legal()
        side = game.to_act()
        view = game.view(side)
        ctx = _Context(game, view, side, self)
        best = max(cmds, key=lambda c: ctx.score(c) + self.rng.random() * 0.01)
        if isinstance(best, Release) and view.operation is not None:
            self.released.add((view.operation.number, best.unit))
        return best


_VALUES: dict[tuple, float] = {}             # (map, side, area) -> _Context.value
END_SCORE = 0.2                               # the doctrine's score for ending an operation


class _Context:
    def __init__(self, game, view, side, bot):
        self.g, self.v, self.side, self.bot = game, view, side, bot
        self.foe = other(side)
        self.at: dict[str, list] = {}
        at = self.at
        for c in view.units:
            where = c.where
            if where in at:
                at[where].append(c)
            else:
                at[where] = [c]
        # read only: a view's pairs become a dict; a rollout's light view lends the world's own
        self.control = view.control if type(view.control) is dict else dict(view.control)
        self.winter = any(k == "winter" for k, _ in view.permanents)
        self._front: dict[str, int] = {}         # area -> front_distance, for this decision
        self._objective: dict[str, int] = {}     # area -> objective_distance, for this decision
        self._foe_areas: list[str] | None = None  # areas on the map with enemy units
        self._targets: list[str] | None = None   # areas worth taking (value >= 1) not held
        self._force: float | None = None         # the strength of the operation's force
        self._own: list | None = None            # own_weights()
        self._steps: dict[str, float] = {}        # area -> best_step, for this decision
        self._links: set[str] | None = None       # open_links()

    # -- what an area is worth to the side ----------------------------------------------------------
    def value(self, area: str) -> float:
        key = (self.g.map, self.side, area)      # printed values only: kept per map and side
        v = _VALUES.get(key)
        if v is None:
            a = self.g.map.areas[area]
            own = a.vp_axis if self.side == AXIS else a.vp_soviet
            theirs = a.vp_soviet if self.side == AXIS else a.vp_axis
            v = _VALUES[key] = own + 0.6 * theirs + (0.5 if a.city else 0)
        return v

    def enemies(self, area: str) -> list:
        return [c for c in self.at.get(area, []) if c.side == self.foe]

    def friends(self, area: str) -> list:
        return [c for c in self.at.get(area, []) if c.side == self.side]

    def strength(self, counters) -> float:
        total = 0.0
        for c in counters:
            u = self.g.content.units[c.id]
            vals = u.depleted if c.depleted else u
            total += vals.tactical + vals.cohesion / 3 - (1 if c.disorganized else 0)
        return total

    def lead(self) -> int:
        """The side's VP less the enemy's, as the VP track shows them (a rollout's light view
        carries none: its world is scored, as the track would show it)."""
        vp = dict(self.v.vp) if self.v.vp is not None else vp_score(self.g)
        return vp[self.side] - vp[self.foe]

    def objective_distance(self, area: str) -> int:
        """Distance to the nearest area worth taking from the enemy."""
        if area not in self._objective:
            self._objective[area] = self._objective_distance(area)
        return self._objective[area]

    def _objective_distance(self, area: str) -> int:
        d = self.bot.dist(self.g, area)
        if self._targets is None:
            self._targets = [a for a, ctl in self.control.items() if ctl != self.side and self.value(a) >= 1]
        return min((d.get(a, 99) for a in self._targets), default=99)

    def own_weights(self) -> list[tuple[str, float]]:
        """(area, strength of the side's units there / (1 + its distance to the front)) for the
        areas on the map holding units of the side, for this decision (an area with none adds
        nothing to an operation's score)."""
        if self._own is None:
            areas = self.g.map.areas
            self._own = []
            for where, cs in self.at.items():
                own = [c for c in cs if c.side == self.side]
                if where in areas and own:
                    self._own.append((where, self.strength(own) / (1 + self.front_distance(where))))
        return self._own

    def front_distance(self, area: str) -> int:
        if area not in self._front:
            self._front[area] = self._front_distance(area)
        return self._front[area]

    def _front_distance(self, area: str) -> int:
        d = self.bot.dist(self.g, area)
        if self._foe_areas is None:
            areas = self.g.map.areas
            self._foe_areas = [where for where, cs in self.at.items()
                               if where in areas and any(c.side == self.foe for c in cs)]
        return min((d.get(a, 99) for a in self._foe_areas), default=99)

    # -- scores ---------------------------------------------------------------------------------------
    def score(self, cmd) -> float:
        v = self.v
        if isinstance(cmd, Choose):
            hand = len(v.hand)
            rp = sum(n for sd, _, n in v.rp if sd == self.side)
            want_map = 0.6 if self.side == AXIS and not self.winter else 0.35
            if self.side == SOVIET and self.winter:
                want_map = 0.6
            if hand >= 5:
                want_map += 0.3
            if rp >= 3:
                want_map += 0.2
            if hand <= 1:
                want_map -= 0.3
            return want_map + self.bot.rng.random() * 0.4 if cmd.choice == "map" else 0.5
        if isinstance(cmd, StartOperation):
            near = 0.0
            d = self.bot.dist(self.g, cmd.area)
            for where, weight in self.own_weights():
                if d.get(where, 99) <= 3:
                    near += weight
            return near
        op = v.operation
        if isinstance(cmd, Gather):
            if op is not None and (op.number, cmd.unit) in self.bot.released:
                return -10
            if cmd.unit == "manstein":
                return 4
            c = next(c for c in v.units if c.id == cmd.unit)
            if c.disorganized:
                return -1
            base = self.strength([c]) / 2
            if op and op.force:
                if (not any(isinstance(m, Move) for m in self.g.legal())
                        or self.best_step(c.where) <= END_SCORE):
                    return END_SCORE - 0.1           # a force with nowhere to go: no bigger
                return 2 + base                      # thicken the stack already chosen
            front = self.front_distance(c.where)
            obj = self.objective_distance(c.where)
            score = base + 4 - min(front, 4) + (2 - min(obj, 2))
            if self.best_step(c.where) <= END_SCORE:
                # no step its stack would take: gathered, it would only end the operation unmoved
                return min(score, END_SCORE - 0.1)
            return score
        if isinstance(cmd, Release):
            return -5
        if isinstance(cmd, Move):
            return self.move_score(cmd)
        if isinstance(cmd, Halt):
            here = op.path[-1] if op.path else op.start
            # campaign 5.b: an empty city of the chain is a link an enemy may walk into unopposed
            lone = len(op.force) == 1                # a garrison is one unit; a stack goes on
            return 1.0 + (self.garrison(here) if lone and here in self.open_links() else 0)
        if isinstance(cmd, (Reorganize, Rebuild)):
            return 6
        if isinstance(cmd, EndOperation):
            return END_SCORE
        if isinstance(cmd, PlayCard):
            return self.card_score(cmd.card, playing=True)
        if isinstance(cmd, DrawCard):
            if dict(v.deck_sizes).get(self.side) == 1:
                # 4.2.4a: drawing the last card of one's deck ends the game now, on the VP as they
                # stand: a win when ahead; when level or behind, a draw or a loss given away
                return 20 if self.lead() > 0 else -20
            return 3 - len(v.hand) * 0.5
        if isinstance(cmd, DiscardCard):
            return 1.2 - self.card_score(cmd.card, playing=False) / 5
        if isinstance(cmd, (PlaceRP, PlaceUnit)):
            return 5 - min(self.front_distance(cmd.area), 5) + self.value(cmd.area) / 5
        if isinstance(cmd, PlayChit):
            return self.chit_score(cmd.chit)
        if isinstance(cmd, ChooseUnit):
            c = next((c for c in v.units if c.id == cmd.unit), None)
            if c is None:
                return 0
            u = self.g.content.units[c.id]
            strength = (u.depleted if c.depleted else u).cohesion
            if c.side == self.side:
                return strength if v.pending is None else u.tactical + strength / 2
            return -strength
        if isinstance(cmd, Retreat):
            return 1 - self.front_distance(cmd.area) * 0.01
        if isinstance(cmd, StopRetreat):
            return 2
        if isinstance(cmd, Restore):
            return 3
        if isinstance(cmd, Decline):
            return -1
        return 0

    def move_score(self, cmd) -> float:
        v = self.v
        op = v.operation
        if cmd.area == GONE:
            return 0.5 if self.winter else -2
        if self._force is None:
            self._force = self.strength([c for c in v.units if c.id in op.force])
        here = op.path[-1] if op.path else op.start
        lone = len(op.force) == 1
        return self.step_score(cmd.area, self._force, here, lone and here in self.open_links(), lone)

    def step_score(self, area: str, mine: float, here: str, opens: bool, lone: bool) -> float:
        """A step of a force of strength ``mine`` from ``here`` into ``area``; ``opens``: the
        force is all the side has in ``here``, a link of its chain (``open_links``); ``lone``:
        the force is one unit, a garrison (a stack is for attacking: it goes on)."""
        v = self.v
        enemies = self.enemies(area)
        if enemies:
            theirs = self.strength(enemies)
            if self.g.map.areas[area].terrain == "mountain":
                theirs *= 1.5
            ratio = mine / max(theirs, 0.5)
            if self.side == AXIS and v.initiative == AXIS:
                ratio *= 1.3
            return 6 * ratio - 5 + self.value(area)
        links = self.open_links()
        gain = -self.garrison(here) if opens else 0.0     # a link left open behind it
        if self.control.get(area) != self.side:
            gain += 1.5 + self.value(area)
        elif lone and area in links:
            gain += self.garrison(area)           # a link of the chain to hold (campaign 5.b)
        if any(sd == self.foe and a == area for sd, a, _ in v.rp):
            gain += 3
        closer = self.objective_distance(here) - self.objective_distance(area)
        exposed = sum(1 for n in self.g.map.neighbours(area) if self.enemies(n))
        return gain + closer * 1.2 - exposed * 0.4 + 0.5

    def best_step(self, area: str) -> float:
        """The best first step the stack in ``area`` could take once gathered (the force so far
        and every friend there that may be gathered now), scored as its move would be; -inf
        when it has none. The doctrine gathers the whole stack, so this is what it will weigh."""
        if area not in self._steps:
            op = self.v.operation
            force = set(op.force) if op is not None else set()
            free = {m.unit for m in self.g.legal() if isinstance(m, Gather)} | force
            friends = self.friends(area)
            stack = [c for c in friends if c.id in free]
            mine = self.strength(stack)
            a = self.g.map.areas
            lone = len(stack) == 1
            opens = (lone and len(friends) == 1 and area in a and a[area].city and self.control.get(area) == self.side
                     and self.front_distance(area) <= 2)
            self._steps[area] = max((self.step_score(n, mine, area, opens, lone) for n in self.g.map.neighbours(area)
                                     if n in a), default=float("-inf"))
        return self._steps[area]

    def open_links(self) -> set[str]:
        """Campaign 5.b: the side's controlled cities within two areas of an enemy unit with
        none of its units in them but the force on the move: links of its chain that an enemy
        could walk into unopposed (once the force has gone on)."""
        if self._links is None:
            areas = self.g.map.areas
            op = self.v.operation
            force = set(op.force) if op is not None and op.side == self.side else set()
            self._links = {a for a, ctl in self.control.items()
                           if ctl == self.side and a in areas and areas[a].city
                           and all(c.id in force for c in self.friends(a))
                           and self.front_distance(a) <= 2}
        return self._links

    def garrison(self, area: str) -> float:
        """What holding an open link is worth: its own value, and more the nearer the enemy."""
        return 1.5 + self.value(area) + (2 - self.front_distance(area))

    def chit_score(self, chit: str) -> float:
        d = self.g.content.chits[chit.split("#")[0]]
        total = 0.0
        for st in d.steps:
            weight = 2.0 if st.fail in ("disorganize", "disorganize-deplete") else 1.0
            harm = weight * (1 + st.modifier / 3) if st.action == "check" else weight + 0.5
            total += harm if st.on == self.foe else -harm
            if st.action == "fortify":
                total += 2
        return total

    def card_score(self, card: str, playing: bool) -> float:
        c = self.g.content.cards[card]
        score = 3.0
        for eff in c.effect:
            op = eff.op
            if op == "permanent":
                key = eff.key
                if key == "winter":
                    score += 6 if self.side == SOVIET else -8
                elif key == "stavka":
                    score += 4 if self.winter else -2
                else:
                    score += 4
            elif op in ("gain-rp", "reinforce", "leader"):
                score += 4
            elif op in ("rebuild", "reorganize"):
                score += 2
            elif op == "sudden-death":
                score += 5
            else:
                score += 2
        return score


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
SEARCH_BOTS = ("easy", "normal", "hard", "expert")


def _strength(name: str):
    """The search AI of ``rules.roads.ai`` at one strength, as a BOT name (imported late: the
    AI itself plays its rollouts with the heuristic bot above). ``budget=False`` drops its time
    cap, so that its decisions depend on the seed alone (the sim)."""
    def make(seed: int = 0, *, budget: bool = True):
        from .ai import make_ai
        return make_ai(name, seed, budget=budget)
    make.__name__ = name
    return make


BOTS.update({name: _strength(name) for name in SEARCH_BOTS})


def make_bot(name: str, seed: int, *, budget: bool = True):
    """The bot called ``name``; ``budget`` is the search AI's time cap (the other bots have none)."""
    if name in SEARCH_BOTS:
        return BOTS[name](seed, budget=budget)
    return BOTS[name](seed)

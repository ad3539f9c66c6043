"""The hint: the best next order for the decision at hand, with its reason in words.

Every legal command (``game.legal()``, nothing else) is scored by the greedy bot's heuristic,
then corrected by what an exact search adds to it:

- an Attack! is weighed over its exact joint outcomes (red cubes removed, grey cubes lost,
  ``odds.attack_outcomes``), with the counter-attack its General then faces at the end of the
  turn (FB Step 5) computed exactly from the red cubes left (binomial dice, Zhukov, Chuikov,
  a General who rolls the hits again);
- an Advance is charged the counter-attack the new card makes at once at the end of the turn;
- a Reorganize is worth the counter-attack losses it spares;
- grey cubes, supply and a General's survival are worth less as the calendar runs out: on the
  last turn only VP count (FB Ending the Game, FB Losing a General: 2 VP each);
- the risk of a Major Soviet Counter-Attack next turn is counted from the Event cards not yet
  seen, which the player knows (every card less the hand, the discards, the cards in play).

The hint reads only what the player may know (``game.view()``'s fields): never the order of
the Event deck or of the Mission deck (a General who looks ahead sees the top cards: those the
view shows too).
"""

from __future__ import annotations

from math import comb

from rules.core.attrs_classes import frozen
from rules.core.command import Command
from rules.core.words import count

from . import combat
from .bots import GreedyBot
from .commands import (
    Advance, Attack, ChooseGeneral, ChooseSlot, Consolidate, Discard, EndTurn, OrderDeck, PlayEvent,
    Reorganize, Reroll, UseAbility,
)
from .game import FallBlau
from .odds import attack_outcomes

# in the greedy bot's units: a grey cube, a supply, a General wiped out (his 2 VP and his orders)
CUBE, SUPPLY, GENERAL = 0.9, 0.3, 6.0
# the turns ahead over which cubes and supply still buy orders (their worth falls to 0 by the last)
HORIZON = 5


@frozen
class Hint:
    command: Command
    order: str                   # the command in words (game.describe)
    reasons: tuple[str, ...]     # why, one short sentence each
    rule: str                    # the rulebook section it rests on

    @property
    def text(self) -> str:
        return f"Hint: {self.order}. " + " ".join(self.reasons)


def turns_left(game: FallBlau) -> int:
    """Turns after this one before the Soviet Winter Offensive (FB Step 1: 0 on the last turn)."""
    return max(0, len(game.c.calendar) - 2 - game.state.calendar)


def counter_dice(game: FallBlau, card: str, red: int) -> tuple[int, float]:
    """(dice, chance one destroys a grey cube) of `card`'s counter-attack with `red` cubes (FB Step 5:
    a 1; Zhukov adds a die, Chuikov hits on 1-2 for Stalingrad)."""
    extra, hit_on = 0, 1
    for p in game.state.permanents:
        ev = game.content.events[p]
        if ev.effect == "soviet_bonus" and (not ev.only_card or ev.only_card == card):
            extra += ev.extra_dice
            hit_on = max(hit_on, ev.hit_on)
    return red + extra, hit_on / 6


def counter_risk(game: FallBlau, gid: str, card: str, red: int, cubes: int) -> tuple[float, float]:
    """(grey cubes expected lost, chance the General is wiped out) when `card` with `red` cubes
    counter-attacks General `gid` holding `cubes` (exact binomial; FB General ability: a General who
    rolls the hits again keeps a cube unless the second roll hits too)."""
    if red <= 0 or cubes <= 0:
        return 0.0, 0.0
    n, p = counter_dice(game, card, red)
    if game.content.generals[gid].ability.counterattack_reroll_ones:
        p = p * p
    key = n, p, cubes
    hit = _RISKS.get(key)
    if hit is None:
        hit = _RISKS[key] = _binomial_risk(n, p, cubes)
    return hit


# (dice, chance a die hits, cubes) -> the risk: a few hundred values, made once
_RISKS: dict[tuple[int, float, int], tuple[float, float]] = {}


def _binomial_risk(n: int, p: float, cubes: int) -> tuple[float, float]:
    expected = wiped = 0.0
    for k in range(n + 1):
        pk = comb(n, k) * p**k * (1 - p) ** (n - k)
        expected += pk * min(k, cubes)
        if k >= cubes:
            wiped += pk
    return expected, wiped


def unseen_events(game: FallBlau) -> list[str]:
    """The Event cards the player has not seen, that is the Event deck's cards in an unknown order
    (every card of the game less the hand, the discards, the cards in play or captured)."""
    s = game.state
    seen = set(s.hand) | set(s.discard) | set(s.permanents) | set(s.captured)
    seen |= {f.card for f in s.front if f is not None}
    if s.temporary is not None:
        seen.add(s.temporary.card)
    return [e for e in game.content.event_ids(game.hard) if e not in seen]


def deploying(game: FallBlau) -> str | None:
    """The Major Soviet Counter-Attack card whose tied position is being chosen (drawn face up)."""
    tasks = game.state.tasks
    return tasks[0].card if tasks and tasks[0].kind == "deploy_pending" else None


def major_next_turn(game: FallBlau) -> float:
    """The chance the next turn's two draws bring a Major Soviet Counter-Attack, from the cards
    not yet seen (hypergeometric; FB Major Soviet Counter-Attacks)."""
    unseen = unseen_events(game)
    n = len(unseen)
    if n == 0:
        return 0.0
    k = sum(1 for e in unseen if game.content.events[e].effect == "counterattack")
    draws = min(game.c.draws_per_turn, n)
    return 1 - comb(n - k, draws) / comb(n, draws)


class HintSearch:
    """Scores the legal commands of one decision; `best` is the hint's command."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def best(self, game: FallBlau) -> Command:
        legal = game.legal()
        # the first of the best scores, as the greedy bot breaks ties
        return max(enumerate(legal), key=lambda pair: (self.score(game, pair[1]), -pair[0]))[1]

    def worth(self, game: FallBlau) -> float:
        """How much a grey cube or a supply still buys: 1 with HORIZON turns or more ahead, 0 on the last."""
        return min(1.0, turns_left(game) / HORIZON)

    def score(self, game: FallBlau, cmd: Command) -> float:
        s = game.state
        if s.decision is not None:
            if s.decision.kind == "deploy":
                return -self.deploy_risk(game, cmd.slot)
            return self.greedy.score(game, cmd)
        worth = self.worth(game)
        match cmd:
            case Attack():      # weighed here in full, over its exact outcomes
                return self.attack_value(game, cmd, worth)
            case EndTurn():
                return 0.0
        base = self.greedy.score(game, cmd)
        match cmd:
            case Advance(general=g, card=card, second=second):
                red = min(game.deploy_red(card), game.red_reserve())
                loss, wiped = counter_risk(game, g, card, red, s.generals[g].cubes)
                base -= CUBE * worth * loss + self.general_cost(worth) * wiped
                if turns_left(game) == 0 and not self._attackable_now(game, g):
                    return -1.0     # the last turn: a card no one can attack now is only a counter-attack
                return base
            case Consolidate(general=g):
                if turns_left(game) == 0:
                    return -1.0     # cubes and supply buy nothing after the last turn
                gain = base - 0.6
                return 0.6 + gain * worth + self._consolidate_guard(game, g)
            case Reorganize(order=order):
                spared = self.front_risk(game, tuple(s.slots)) - self.front_risk(game, order)
                return -2.0 + spared - SUPPLY * worth * game.c.reorganize_cost + 1.5
        return base

    def general_cost(self, worth: float) -> float:
        """A General wiped out: 2 VP at the end (FB Losing a General), and his orders while time remains."""
        return 2.0 + (GENERAL - 2.0) * worth

    def front_risk(self, game: FallBlau, order: tuple[str | None, ...]) -> float:
        """The end-of-turn counter-attack cost, in score units, with the Generals in `order`."""
        s = game.state
        worth = self.worth(game)
        total = 0.0
        for slot, gid in enumerate(order):
            f = s.front[slot]
            if gid is None or f is None:
                continue
            loss, wiped = counter_risk(game, gid, f.card, f.red, s.generals[gid].cubes)
            total += CUBE * worth * loss + self.general_cost(worth) * wiped
        return total

    def deploy_risk(self, game: FallBlau, slot: int) -> float:
        """The cost, in score units, of a Major Soviet Counter-Attack deployed at `slot`: it strikes
        the General there at once with its red cubes (FB Major Soviet Counter-Attacks), so a tie is
        broken toward the General it hurts least (Salmuth rolls the hits again)."""
        s = game.state
        card = deploying(game)
        gid = s.slots[slot]
        if gid is None or card is None:
            return 0.0
        worth = self.worth(game)
        red = min(game.content.events[card].n, game.red_reserve())
        loss, wiped = counter_risk(game, gid, card, red, s.generals[gid].cubes)
        return CUBE * worth * loss + self.general_cost(worth) * wiped

    def attack_value(self, game: FallBlau, cmd: Attack, worth: float) -> float:
        s = game.state
        f = s.front[cmd.target]
        gid = cmd.general
        cubes = s.generals[gid].cubes
        vp = combat.card_vp(game.content, f.card)
        unlocks = len(game.content.campaign[f.card].unlocks) if f.card in game.content.campaign else 0
        own = game.slot_of(gid)
        facing = s.front[own]
        before = counter_risk(game, gid, facing.card, facing.red, cubes) if facing else (0.0, 0.0)
        gcost = self.general_cost(worth)
        value = 0.0
        for (removed, lost), p in attack_outcomes(game, cmd).items():
            left = cubes - lost
            if left <= 0:
                value += p * (-gcost - CUBE * worth * cubes + (removed >= f.red) * (3.0 + vp))
                continue
            v = -CUBE * worth * lost
            if removed >= f.red:
                v += 3.0 + vp + 0.3 * unlocks * worth
            else:
                v += 0.6 * removed
            # the counter-attack he faces at the end of the turn, from the card in front of him
            red_after = (0 if removed >= f.red else f.red - removed) if own == cmd.target else (facing.red if facing else 0)
            if facing is not None:
                loss, wiped = counter_risk(game, gid, facing.card, red_after, left)
                v -= CUBE * worth * (loss - before[0]) + gcost * (wiped - before[1])
            value += p * v
        if cmd.boost:
            value -= 1.2 * worth
        cost = game.attack_cost(cmd.target)
        value -= SUPPLY * worth * cost
        if s.supply - cost < 1:
            value -= 0.5 * worth
        return value

    def _attackable_now(self, game: FallBlau, advancing: str) -> bool:
        """Another ready General stands in front of or beside the advancing General's position."""
        s = game.state
        slot = game.slot_of(advancing)
        return any(g is not None and g != advancing and s.generals[g].ready and abs(x - slot) <= 1
                   for x, g in enumerate(s.slots))

    def _consolidate_guard(self, game: FallBlau, gid: str) -> float:
        """A cube for the General with fewest cubes when a Major Counter-Attack may come next turn."""
        s = game.state
        fewest = min(g.cubes for g in s.generals.values())
        if s.generals[gid].cubes != fewest or fewest > 3:
            return 0.0
        missing = game.content.generals[gid].cubes - s.generals[gid].cubes
        return CUBE * major_next_turn(game) if missing > 0 else 0.0


def hint(game: FallBlau, search: HintSearch | None = None) -> Hint | None:
    """The best next command for the decision at hand, with its reasons; None once the game is over."""
    if game.outcome is not None or not game.legal():
        return None
    cmd = (search or HintSearch()).best(game)
    reasons, rule = _reasons(game, cmd)
    return Hint(cmd, game.describe(cmd), tuple(reasons), rule)


def _pct(p: float) -> str:
    return f"{float(p):.1%}"


def _risk_words(game: FallBlau, gid: str, card: str, red: int, cubes: int) -> str:
    """A counter-attack's risk in words: the dice, the cubes expected lost, the chance of a wipe-out."""
    n, p = counter_dice(game, card, red)
    loss, wiped = counter_risk(game, gid, card, red, cubes)
    again = (f", and {game.name(gid)} rolls the hits again"
             if game.content.generals[gid].ability.counterattack_reroll_ones else "")
    words = (f"{game.name(card)} counter-attacks {game.name(gid)} with {count(n, 'die')} "
             f"({_pct(p)} each to hit{again}): {loss:.2f} grey cubes lost on average")
    return words + (f", {_pct(wiped)} he is wiped out" if wiped >= 0.0005 else "")


def _major_words(game: FallBlau) -> str:
    unseen = unseen_events(game)
    majors = sum(1 for e in unseen if game.content.events[e].effect == "counterattack")
    return (f"Next turn's draws bring a Major Soviet Counter-Attack with {_pct(major_next_turn(game))} chance "
            f"({majors} of the {len(unseen)} Event cards not yet seen).")


def _reasons(game: FallBlau, cmd: Command) -> tuple[list[str], str]:
    """Why `cmd`, in words, and the rulebook section it rests on."""
    from .odds import attack_odds       # the exact fractions, for the one command shown
    s, name = game.state, game.name
    left = turns_left(game)
    last = " This is the last turn: only VP count now." if left == 0 else ""
    match cmd:
        case Attack(general=g, target=t):
            f = s.front[t]
            o = attack_odds(game, cmd)
            vp = combat.card_vp(game.content, f.card)
            out = [f"Exact odds: {_pct(o.capture)} to capture {name(f.card)} ({count(vp, 'VP')}) "
                   f"with {count(o.white, 'white die')}" + (f" and {count(o.black, 'black die')}" if o.black else "")
                   + f"; most likely {count(o.likely_grey(), 'grey cube')} lost"
                   + (f", {_pct(o.general_lost)} {name(g)} is wiped out." if o.general_lost else ".")]
            unlocks = game.content.campaign[f.card].unlocks if f.card in game.content.campaign else ()
            if unlocks:
                out.append("A capture unlocks " + ", ".join(map(name, unlocks)) + ".")
            own = s.front[game.slot_of(g)]
            if own is not None and own.red:
                out.append("If it stands: " + _risk_words(game, g, own.card, own.red, s.generals[g].cubes)
                           + " at the end of the turn.")
            if o.notes:
                out.append("Notes: " + "; ".join(o.notes) + ".")
            return [*out, *([last.strip()] if last else [])], "FB Attack! order"
        case Advance(general=g, card=card, second=second):
            red = min(game.deploy_red(card), game.red_reserve())
            vp = game.content.campaign[card].vp
            out = [f"{name(card)} is worth {count(vp, 'VP')} behind {count(red, 'red cube')}."]
            if second:
                out.append(f"{name(second)} comes too, for {game.c.panzer_second_cost} more supply.")
            out.append("At the end of the turn " + _risk_words(game, g, card, red, s.generals[g].cubes) + ".")
            return out, "FB Advance order"
        case Consolidate(general=g):
            spec = game.content.generals[g]
            cubes = max(0, min(game.c.consolidate_cubes, spec.cubes - s.generals[g].cubes, game.grey_reserve()))
            gain = min(game.c.consolidate_supply + spec.ability.consolidate_supply, game.c.supply_max - s.supply)
            bonus = f", {spec.ability.consolidate_supply} of it his own" if spec.ability.consolidate_supply else ""
            out = [f"It buys {count(cubes, 'grey cube')} for {name(g)} and {gain} supply{bonus} "
                   f"(supply {s.supply} to {s.supply + gain}): worth more now than any attack or advance."]
            if left:
                out.append(_major_words(game))
            return out, "FB Consolidate order"
        case Reorganize(order=order):
            search = HintSearch()
            before, after = search.front_risk(game, tuple(s.slots)), search.front_risk(game, order)
            out = [f"For {game.c.reorganize_cost} supply "
                   f"the Generals face the cards that threaten them least: the end-of-turn counter-attacks "
                   f"cost {before:.2f} before and {after:.2f} after (grey cubes and wipe-outs weighed)."]
            return out, "FB Reorganizing the Frontline"
        case PlayEvent(card=card, general=g, target=t):
            ev = game.content.events[card]
            words = {
                "vp": f"{name(card)} scores {count(ev.n, 'VP')} now.",
                "supply": f"{name(card)} adds {ev.n} supply (supply {s.supply} to {min(game.c.supply_max, s.supply + ev.n)}).",
                "replacements": f"{name(card)} gives {name(g)} up to {count(ev.n, 'grey cube')} back." if g else "",
                "ready": f"{name(card)} readies {name(g)} for another order this turn." if g else "",
                "air_strike": (f"{name(card)} strikes {name(s.front[t].card)} with {count(ev.n, 'black die')} "
                               "before an Attack!: the black dice cost no grey cubes.") if t is not None else "",
            }
            return [words.get(ev.effect) or f"{name(card)} helps now more than in hand."], "FB The Event Deck"
        case UseAbility(general=g):
            cubes = s.generals[g].cubes
            return [f"{name(g)} gives up a grey cube ({cubes} now, {cubes - 1} after) to give a second order "
                    "this turn: an order is worth more than a cube while the calendar runs."], "FB General ability"
        case EndTurn():
            out = ["No order left is worth its cost."]
            for slot, f in enumerate(s.front):
                gid = s.slots[slot]
                if f is not None and f.red and gid is not None:
                    out.append("Then " + _risk_words(game, gid, f.card, f.red, s.generals[gid].cubes) + ".")
            if left:
                out.append(_major_words(game))
            return out, "FB Step 5: Local Soviet Counter-Attacks"
        case Discard(card=card):
            return [f"{name(card)} is the card that helps least in hand ({game.content.events[card].effect.replace('_', ' ')})."], \
                "FB The Event Deck: hand limit"
        case ChooseGeneral(general=g):
            why = ("he has the most grey cubes to lose" if s.decision.kind == "lose_cubes"
                   else "he is the weakest, the one whose orders are worth least")
            return [f"{name(g)}: {why} ({count(s.generals[g].cubes, 'grey cube')})."], s.decision.rule
        case ChooseSlot(slot=slot):
            f = s.front[slot]
            if s.decision.kind == "reinforce" and f is not None:
                return [f"{name(f.card)} takes the red cubes: of the tied cards it holds fewest "
                        f"({count(f.red, 'red cube')})."], s.decision.rule
            card, gid = deploying(game), s.slots[slot]
            if s.decision.kind == "deploy" and card is not None and gid is not None:
                red = min(game.content.events[card].n, game.red_reserve())
                return ["At once " + _risk_words(game, gid, card, red, s.generals[gid].cubes)
                        + ": of the tied positions, the least harm."], s.decision.rule
            return [f"Position {slot + 1}: the tied positions are alike; the first is taken."], s.decision.rule
        case Reroll(die=None):
            return ["Every white die already did its best: keep the roll."], "FB General ability"
        case Reroll(die=i):
            return [f"A new die beats the {s.attack.white[i]}: the lowest white die is re-rolled."], "FB General ability"
        case OrderDeck():
            return ["The cards that help come first, the harmful last."], "FB General ability"
    return [game.describe(cmd) + "."], ""


class HintBot:
    """Follows the hint every turn."""

    def __init__(self, seed: int = 0) -> None:
        self.search = HintSearch()

    def choose(self, game: FallBlau) -> Command:
        return self.search.best(game)

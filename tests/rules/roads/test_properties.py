"""Roads to Stalingrad property tests (DESIGN "Testing"): random legal games keep the invariants
after every command (every counter somewhere it may be, SP never negative, hands at most five,
every chit of a battle in one place, campaign 3's nationalities, no dead end, the game ends), any
command not in legal() is refused with nothing changed, a view never holds the other side's
secrets, and a save reloads to the identical game.

Most games are played in the small world (tests/rules/roads/small_world.py) with decks of
hypothesis' choosing, the Hungarians and Rumanians on the map; a few on the real campaign.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.command import Command
from rules.core.dice import SeededDice
from rules.roads import (
    Choose, ChooseUnit, DiscardCard, DrawCard, EndOperation, Gather, Halt, Move, PlaceRP, PlayCard,
    PlayChit, Rebuild, Reorganize, Retreat, StartOperation, StopRetreat, new_game,
)
from rules.roads.game import Roads
from rules.roads.movement import NON_GERMAN
from rules.roads.state import AXIS, DESTROYED, GONE, POOL, SIDES, SOVIET, other
from rules.roads.supply import within
from rules.roads.view import make_view
from tests.rules.roads.small_world import content, small_game
from tests.support.rules import assert_refused, assert_reloads_identically, refuse_sample

HAND = 5
MAX_COMMANDS = 6000          # small-world games take under 1,000 commands, campaigns about 1,200
PROPS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

AXIS_CARDS = sorted(k for k, c in content().cards.items() if c.side == AXIS)
SOVIET_CARDS = sorted(k for k, c in content().cards.items() if c.side == SOVIET)


@attrs.frozen
class Setup:
    seed: int
    bot: int
    axis_deck: tuple[str, ...]
    soviet_deck: tuple[str, ...]

    def game(self, undo: bool = False) -> Roads:
        return small_game(dice=SeededDice(self.seed), units={"rum": "a1", "hun": "w3"}, undo=undo,
                          decks={AXIS: list(self.axis_deck), SOVIET: list(self.soviet_deck)})


setups = st.builds(
    Setup,
    seed=st.integers(0, 2**32 - 1),
    bot=st.integers(0, 2**32 - 1),
    axis_deck=st.lists(st.sampled_from(AXIS_CARDS), min_size=1, max_size=12).map(tuple),
    soviet_deck=st.lists(st.sampled_from(SOVIET_CARDS), min_size=1, max_size=12).map(tuple),
)


# ====================================================================== invariants
def check(game: Roads) -> None:
    s = game.state
    areas = game.map.areas
    # every unit on the map, in the pool, destroyed or gone by the west edge (1.d.II)
    assert set(s.units) == set(game.content.units)
    for c in s.units.values():
        assert c.where in areas or c.where in (POOL, DESTROYED, GONE), (c.id, c.where)
        if c.where not in areas:
            assert not c.isolated, c.id
    # SP never negative; RPs positive and only in areas of the map
    if s.operation is not None:
        assert s.operation.sp >= 0
    for side in SIDES:
        assert all(n > 0 and a in areas for a, n in s.rp[side].items()), s.rp[side]
        assert len(s.cards[side].hand) <= HAND
    # every chit of a battle in one place: a cup or a hand, once, and of the right side's set
    b = s.battle
    if b is not None:
        for side in SIDES:
            where = b.cups.get(side, []) + b.drawn.get(side, [])
            assert len(where) == len(set(where)), f"a {side} chit is in two places"
            for inst in where + [p[1] for p in b.played if p[0] == side]:
                name, _, k = inst.partition("#")
                chit = game.content.chits[name]
                assert chit.side == side and 1 <= int(k) <= chit.count, inst
            if side == SOVIET:      # rule 19: an assigned Field Fortification lies on its unit, nowhere else
                assert not set(b.fortified.values()) & set(where), "a Field Fortification is in two places"
        assert set(b.attackers) | set(b.defenders) <= {u for u, c in s.units.items() if c.where == b.area}
    # series 12.2: a leader is never alone in an area
    if s.leader:
        assert any(c.where == s.leader and c.side == AXIS for c in s.units.values()), s.leader
    # campaign 3: one non-German nation per area; Hungarians and Rumanians three areas apart
    nations: dict[str, set[str]] = {}
    for c in s.units.values():
        n = game.content.units[c.id].nation
        if c.where in areas and n in NON_GERMAN:
            nations.setdefault(c.where, set()).add(n)
    assert all(len(v) == 1 for v in nations.values()), nations
    hun = [c.where for c in s.units.values() if c.where in areas and game.content.units[c.id].nation == "hungarian"]
    rum = {c.where for c in s.units.values() if c.where in areas and game.content.units[c.id].nation == "rumanian"}
    for h in hun:
        assert not rum & set(within(game, h, 2, lambda a: True)), (h, rum)
    # no dead end; the end is final
    legal = game.legal()
    if game.outcome is None:
        assert legal, "no legal command before the game is over"
        assert {c.side for c in legal} == {game.to_act()}
    else:
        assert legal == []
    assert len(legal) == len(set(legal)), "legal() lists a command twice"


def play(game: Roads, rng: random.Random, on_step=None) -> int:
    check(game)
    n = 0
    while game.outcome is None:
        assert n < MAX_COMMANDS, "the game does not end"
        cmd = rng.choice(game.legal())
        if on_step is not None:
            on_step(game, cmd)
        game.apply(cmd)
        n += 1
        check(game)
    return n


@given(setup=setups)
@PROPS
def test_random_games_in_the_small_world_keep_the_invariants_and_end(setup):
    game = setup.game()
    n = play(game, random.Random(setup.bot))
    assert n == len(game.log)
    assert game.outcome.reason


def test_random_campaigns_keep_the_invariants_and_end():
    for seed in range(3):
        game = new_game(seed=seed, undo=False)
        play(game, random.Random(seed))


# ====================================================================== refusals
def candidates(game: Roads) -> list[Command]:
    """Commands of every kind that are plausible somewhere in the game."""
    s = game.state
    out: list[Command] = [Command()]
    for side in SIDES:
        out += [Choose(side, "map"), Choose(side, "card"), Choose(side, "sideways"), DrawCard(side),
                EndOperation(side), Halt(side), StopRetreat(side)]
        out += [PlayCard(side, k) for k in game.content.cards] + [DiscardCard(side, k) for k in s.cards[other(side)].hand]
        out += [StartOperation(side, a) for a in ("a2", "e2", "b3")]
        out += [PlaceRP(side, a) for a in ("w1", "e1", "b2")]
        out += [Move(side, a) for a in ("a1", "b2", "e3", GONE, "nowhere")]
        out += [Retreat(side, a) for a in ("a1", "e1")]
    for u in s.units:
        side = s.units[u].side
        out += [Gather(side, u), Gather(other(side), u), Reorganize(side, u), Rebuild(side, u),
                ChooseUnit(side, u), ChooseUnit(other(side), u)]
    for name in list(game.content.chits)[:6]:
        out += [PlayChit(AXIS, f"{name}#1"), PlayChit(SOVIET, f"{name}#1")]
    return out


@given(setup=setups)
@PROPS
def test_commands_not_in_legal_are_refused_with_nothing_changed(setup):
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    refused = 0

    def probe(game, _next):
        nonlocal refused
        refused += refuse_sample(game, rng, candidates(game), 4)

    play(game, rng, probe)
    for cmd in rng.sample(game.log, min(8, len(game.log))):
        assert_refused(game, cmd)                         # after the end, everything
    assert refused > 0


# ====================================================================== secrets
def scrambled(game: Roads, side: str) -> Roads:
    """The same game with every secret of `side`'s opponent changed: its hand swapped with cards
    of its deck, its deck and discards reordered, its drawn chits swapped with chits of its cup,
    and its Card/Map choice flipped while it is still hidden."""
    foe = other(side)
    state = pickle.loads(pickle.dumps(game.state))
    cards = state.cards[foe]
    pool = cards.hand + cards.deck + cards.discards
    random.Random(len(pool)).shuffle(pool)
    h, d = len(cards.hand), len(cards.deck)
    cards.hand, cards.deck, cards.discards = pool[:h], pool[h:h + d], pool[h + d:]
    b = state.battle
    if b is not None and b.drawn.get(foe):
        mixed = b.drawn[foe] + b.cups.get(foe, [])
        mixed.reverse()
        n = len(b.drawn[foe])
        b.drawn[foe], b.cups[foe] = mixed[:n], mixed[n:]
    ch = state.sequence.choice
    if foe in ch and len(ch) == 1:
        ch[foe] = "card" if ch[foe] == "map" else "map"
    if foe in state.ready:
        state.ready[foe] = pool[0] if pool else state.ready[foe]
    return Roads(state, game.dice, game.content, game.map, seed=game.seed, options={}, undo=False)


@given(setup=setups)
@PROPS
def test_a_view_never_holds_the_other_sides_secrets(setup):
    game = setup.game()
    rng = random.Random(setup.bot)
    looked = 0

    def look(game, _next):
        nonlocal looked
        for side in SIDES:
            view = make_view(game, side)
            assert view.hand == tuple(game.state.cards[side].hand)
            assert make_view(scrambled(game, side), side) == view
            looked += 1

    play(game, rng, look)
    assert looked


# ====================================================================== save and load
@given(seed=st.integers(0, 2**32 - 1), bot=st.integers(0, 2**32 - 1), steps=st.integers(0, 400))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_save_and_load_at_any_point_of_a_campaign_give_the_identical_game(seed, bot, steps):
    game = new_game(seed=seed, undo=False)
    rng = random.Random(bot)
    while game.outcome is None and len(game.log) < steps:
        game.apply(rng.choice(game.legal()))
    assert_reloads_identically(game)


def test_the_random_games_reach_battles_retreats_and_both_ends():
    """The small-world games go through the rules' corners, so the invariants were checked there."""
    seen: Counter = Counter()
    for i in range(60):
        rng = random.Random(i)
        decks = {AXIS: rng.choices(AXIS_CARDS, k=10), SOVIET: rng.choices(SOVIET_CARDS, k=10)}
        game = small_game(dice=SeededDice(i), units={"rum": "a1", "hun": "w3"}, undo=False, decks=decks)

        def note(game, cmd):
            seen[type(cmd).__name__] += 1

        play(game, rng, note)
        seen[game.outcome.reason.split()[1]] += 1
        seen["destroyed"] += any(c.where == DESTROYED for c in game.state.units.values())
    assert {"PlayChit", "Retreat", "ChooseUnit", "PlaceRP", "Move", "Axis", "Soviet"} <= set(seen)
    assert seen["destroyed"] > 0


def test_a_campaign_view_never_holds_the_other_sides_secrets():
    game = new_game(seed=11, undo=False)
    rng = random.Random(11)
    while game.outcome is None and len(game.log) < 600:
        for side in SIDES:
            assert make_view(scrambled(game, side), side) == make_view(game, side)
        game.apply(rng.choice(game.legal()))


# ====================================================================== undo
@given(setup=setups)
@PROPS
def test_undo_goes_back_one_command_but_never_past_a_roll_a_draw_a_reveal_or_the_other_side(setup):
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    while game.outcome is None:
        assert len(game.log) < MAX_COMMANDS
        before = (game.digest(), len(game.log), game.legal())
        reveals, seat = game.dice.reveals, game.to_act()
        cmd = rng.choice(before[2])
        events = game.apply(cmd)
        revealed = game.dice.reveals != reveals or any(e.reveal for e in events)
        # nor into the other side's turn (what the other player has seen is final)
        assert game.can_undo == (not revealed and game.to_act() == seat)
        if isinstance(cmd, (Choose, DrawCard, PlayChit)):
            assert not game.can_undo                      # a secret choice, a card drawn, a chit shown
        if game.can_undo:
            after = game.digest()
            assert game.undo()
            assert (game.digest(), len(game.log), game.legal()) == before
            game.apply(cmd)
            assert game.digest() == after
        check(game)

"""Fall Blau property tests (DESIGN "Testing"): random legal play keeps the invariants
(cube counts conserved, hand limit, supply track, no dead end, the game ends) and any
command not in legal() is refused with no change.

The bot picks among legal(), uniformly or (an "aggressive" bot, which gets much further into
the campaign and empties the red reserve) weighted towards Attack! and Advance; hypothesis
draws the seed, the three Generals in frontline order, Hard and Missions Mode, the bot's style
and its seed. A plain smoke test plays 300 seeded games with the same checks.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.command import Command
from rules.core.errors import IllegalCommand
from rules.fallblau import (Advance, Attack, ChooseGeneral, ChooseSlot, Consolidate, Discard, EndTurn,
                            OrderDeck, PlayEvent, Reorganize, Reroll, UseAbility, new_game)
from rules.fallblau.content import load
from tests.support.rules import assert_refused, assert_reloads_identically

CONTENT = load()
GENERAL_IDS = sorted(CONTENT.generals)
GREY = 16
RED = 20
HAND = 5
SUPPLY_MAX = 10
TURNS = 14
MAX_COMMANDS = 1500      # far above any game seen (about 60-130 commands)

ANSWERS = (Discard, ChooseGeneral, ChooseSlot, Reroll, OrderDeck)
ORDERS = (Advance, Attack, Consolidate, PlayEvent, Reorganize, UseAbility, EndTurn)

AGGRESSIVE = {Attack: 8, Advance: 6, PlayEvent: 4, Consolidate: 2, UseAbility: 2, Reorganize: 0.2}


def choose(rng: random.Random, legal: list[Command], aggressive: bool) -> Command:
    if not aggressive:
        return rng.choice(legal)
    return rng.choices(legal, [AGGRESSIVE.get(type(c), 1) for c in legal])[0]


PROPS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@attrs.frozen
class Setup:
    seed: int
    generals: tuple[str, str, str]
    hard: bool
    missions: bool
    bot: int
    aggressive: bool = False

    def choose(self, rng: random.Random, legal: list[Command]) -> Command:
        return choose(rng, legal, self.aggressive)

    def game(self, undo: bool = False):
        return new_game(seed=self.seed, generals=self.generals, hard=self.hard, missions=self.missions,
                        undo=undo)


setups = st.builds(
    Setup,
    seed=st.integers(0, 2**32 - 1),
    generals=st.permutations(GENERAL_IDS).map(lambda p: tuple(p[:3])),
    hard=st.booleans(),
    missions=st.booleans(),
    bot=st.integers(0, 2**32 - 1),
    aggressive=st.booleans(),
)


def test_the_constants_the_invariants_use():
    k = CONTENT.constants
    assert (k.grey_cubes, k.red_cubes, k.hand_size, k.supply_max) == (GREY, RED, HAND, SUPPLY_MAX)
    assert len(k.calendar) == TURNS + 2


# ====================================================================== invariants
class Watch:
    """Checks every invariant of a state, and the ones that compare with the state before."""

    def __init__(self, game):
        self.game = game
        self.vp = game.state.vp
        self.calendar = game.state.calendar
        self.turns = game.state.turns_played
        self.lost = list(game.state.lost)
        self.captured = list(game.state.captured)
        self.events = game.content.event_ids(game.hard)
        self.check()

    def check(self):
        g, s = self.game, self.game.state
        # grey cubes: 16 on Generals and in reserve, none made or lost from the box
        # (the reserves are derived from what is on the table, so what bites is that they never
        # go negative and that no General holds more than his start or fewer than one cube)
        grey_reserve = g.grey_reserve()
        assert grey_reserve >= 0
        assert sum(x.cubes for x in s.generals.values()) + grey_reserve == GREY
        for gid, x in s.generals.items():
            assert x.id == gid
            assert 1 <= x.cubes <= CONTENT.generals[gid].cubes, (gid, x.cubes)
        # red cubes: 20 on the frontline cards (and a temporary counter-attack) and in reserve
        red_reserve = g.red_reserve()
        on_cards = sum(f.red for f in s.front if f) + (s.temporary.red if s.temporary else 0)
        assert red_reserve >= 0
        assert on_cards + red_reserve == RED
        assert all(f.red >= 0 for f in s.front if f)
        # hand, supply, tracks
        assert len(s.hand) <= HAND
        assert 0 <= s.supply <= SUPPLY_MAX
        assert s.vp >= self.vp, "VP went down"
        assert s.calendar >= self.calendar, "the calendar went back"
        assert 0 <= s.calendar <= TURNS + 1
        assert self.turns <= s.turns_played <= TURNS
        assert s.lost[: len(self.lost)] == self.lost
        assert s.captured[: len(self.captured)] == self.captured
        # Generals: every living General stands in exactly one position, the lost in none
        standing = [x for x in s.slots if x is not None]
        assert sorted(standing) == sorted(s.generals)
        assert not set(s.lost) & set(s.generals)
        assert len(s.generals) + len(s.lost) == 3
        # every Event card is in exactly one place
        pending = [t.card for t in s.tasks if t.kind in ("stop", "deploy_pending", "lose_cubes_pending")]
        places = (s.deck + s.hand + s.discard + s.permanents
                  + [c for c in s.captured if c in CONTENT.events]
                  + [f.card for f in s.front if f and f.counterattack]
                  + ([s.temporary.card] if s.temporary else []) + pending)
        assert Counter(places) == Counter(self.events), "an Event card was lost or duplicated"
        # every Campaign card is locked, unlocked, on the frontline or captured, once
        campaign = (s.unlocked + [f.card for f in s.front if f and not f.counterattack]
                    + [c for c in s.captured if c in CONTENT.campaign])
        assert len(campaign) == len(set(campaign))
        assert set(campaign) <= set(CONTENT.campaign)
        # missions
        assert len(s.missions) <= CONTENT.constants.missions_per_month
        if not g.missions_mode:
            assert not s.missions and not s.mission_deck
        # no dead end; the end is final
        legal = g.legal()
        if g.outcome is None:
            assert not s.over
            assert legal, "no legal command before the game is over"
            if s.decision is not None:
                assert all(isinstance(c, ANSWERS) for c in legal)
            else:
                assert all(isinstance(c, ORDERS) for c in legal)
                assert EndTurn() in legal
        else:
            assert s.over
            assert legal == []
            assert s.decision is None and not s.tasks
        assert len(legal) == len(set(legal)), "legal() lists a command twice"
        self.vp, self.calendar, self.turns = s.vp, s.calendar, s.turns_played
        self.lost, self.captured = list(s.lost), list(s.captured)


def check_outcome(game):
    o = game.outcome
    s = game.state
    assert o is not None
    assert s.turns_played <= TURNS
    assert o.track == s.vp
    assert o.generals_lost == len(s.lost)
    assert o.vp == s.vp - 2 * len(s.lost)
    assert o.level in ("brilliant", "victory", "defeat")
    assert o.won == (o.vp >= o.victory_at)
    assert (o.level == "brilliant") == (o.vp >= o.brilliant_at)
    if game.missions_mode:
        assert (o.victory_at, o.brilliant_at) == (32, 36)
    else:
        assert (o.victory_at, o.brilliant_at) == (27, 30)
    if not s.generals:
        assert "destroyed" in o.reason
    elif all(c in s.captured for c in CONTENT.campaign):
        assert "captured" in o.reason
    else:
        assert "Winter" in o.reason
        assert s.calendar == TURNS + 1


def play_checked(game, rng: random.Random, on_step=None, aggressive: bool = False) -> int:
    watch = Watch(game)
    n = 0
    while game.outcome is None:
        assert n < MAX_COMMANDS, "the game does not end"
        cmd = choose(rng, game.legal(), aggressive)
        if on_step is not None:
            on_step(game, cmd)
        game.apply(cmd)
        n += 1
        watch.check()
    check_outcome(game)
    # after the end, nothing more is legal
    with pytest.raises(IllegalCommand):
        game.apply(EndTurn())
    return n


@given(setup=setups)
@PROPS
def test_random_play_keeps_the_invariants_and_ends(setup):
    game = setup.game()
    n = play_checked(game, random.Random(setup.bot), aggressive=setup.aggressive)
    assert n == len(game.log)
    assert game.state.turns_played <= TURNS


# ====================================================================== illegal commands
def illegal_candidates(game) -> list[Command]:
    """Commands that look plausible but should not be in legal() in this state."""
    s = game.state
    alive = list(s.generals)
    absent = [x for x in GENERAL_IDS if x not in s.generals]
    hold = [e for e in CONTENT.events if CONTENT.events[e].timing == "hold"]
    out: list[Command] = [
        Command(),
        Attack("guderian", 1), Consolidate("guderian"), Advance("guderian", "voronezh"),
        UseAbility("guderian"), ChooseGeneral("guderian"),
        Reorganize(tuple(s.slots)),
        Reorganize(("hoth", "hoth", "hoth")),
        Reorganize((None, None, None)),
        PlayEvent("no_such_card"), Discard("no_such_card"),
        ChooseSlot(3), ChooseSlot(-1), Reroll(7), OrderDeck(("voronezh",)),
        EndTurn(),
    ]
    for gid in absent:
        out += [Attack(gid, t) for t in range(3)]
        out += [Consolidate(gid), Advance(gid, "voronezh"), UseAbility(gid), ChooseGeneral(gid)]
        out.append(PlayEvent("gewaltmarsch", general=gid))
    for gid in alive:
        out += [Attack(gid, -1), Attack(gid, 3), Attack(gid, 1, boost="nachschub"),
                Attack(gid, 1, boost="no_such_card"), Consolidate(gid), UseAbility(gid), ChooseGeneral(gid)]
        out += [Advance(gid, card) for card in CONTENT.campaign if card not in s.unlocked]
        out += [Advance(gid, card, card, 1) for card in s.unlocked]        # the same card twice
    out += [PlayEvent(card) for card in hold if card not in s.hand]
    out += [PlayEvent(card, target=1) for card in hold if card not in s.hand]
    out += [PlayEvent(card) for card in s.hand if CONTENT.events[card].effect == "boost"]
    out += [Discard(card) for card in s.hand]
    out += [ChooseSlot(x) for x in range(3)]
    out += [Reroll(None), Reroll(0), Reroll(1)]
    out.append(OrderDeck(tuple(s.deck[:3])))
    out.append(OrderDeck(tuple(reversed(s.deck[:3]))))
    return out


def other_decision_answers(game) -> list[Command]:
    """Legal commands of another moment: the orders list while a decision is pending, and
    answers while orders are given."""
    s = game.state
    if s.decision is None:
        return [Discard(c) for c in s.hand] + [ChooseGeneral(g) for g in s.generals] + [Reroll(None)]
    return [EndTurn()] + [Consolidate(g) for g in s.generals] + [Reorganize(tuple(reversed(s.slots)))]


@given(setup=setups)
@PROPS
def test_commands_not_in_legal_are_refused_without_change(setup):
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    refused = 0

    def probe(game, _next):
        nonlocal refused
        legal = set(game.legal())
        candidates = [c for c in illegal_candidates(game) + other_decision_answers(game) if c not in legal]
        for cmd in rng.sample(candidates, min(6, len(candidates))):
            assert_refused(game, cmd)
            refused += 1

    play_checked(game, rng, probe, aggressive=setup.aggressive)
    # and after the end, every command is refused, even ones that were legal once
    for cmd in rng.sample(game.log, min(10, len(game.log))):
        assert_refused(game, cmd)
    assert refused > 0


@given(setup=setups, data=st.data())
@PROPS
def test_any_command_of_another_state_is_refused_unless_legal(setup, data):
    """Commands that were legal at some earlier point are refused now unless legal() lists them."""
    game = setup.game()
    rng = random.Random(setup.bot)
    steps = data.draw(st.integers(0, 150), label="steps")
    seen: list[Command] = []
    while game.outcome is None and len(game.log) < steps:
        legal = game.legal()
        seen += legal
        game.apply(setup.choose(rng, legal))
    legal = set(game.legal())
    stale = [c for c in dict.fromkeys(seen) if c not in legal]
    for cmd in stale[:: max(1, len(stale) // 25)]:
        assert_refused(game, cmd)
    for cmd in legal:
        assert game.is_legal(cmd)


@pytest.mark.parametrize("cmd", [
    Reorganize(["ruoff", "paulus", "hoth"]),      # type: ignore[arg-type]
    OrderDeck(["nachschub"]),                      # type: ignore[arg-type]
    "EndTurn",
    None,
], ids=["reorganize-list", "orderdeck-list", "string", "none"])
def test_malformed_commands_are_refused_as_illegal(cmd):
    game = new_game(seed=1, generals=("hoth", "paulus", "ruoff"), deck=["nachschub", "beutelager"])
    assert_refused(game, cmd)


@given(setup=setups, data=st.data())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_save_and_load_at_any_point_gives_the_same_game(setup, data):

    game = setup.game()
    rng = random.Random(setup.bot)
    steps = data.draw(st.integers(0, 200), label="steps")
    while game.outcome is None and len(game.log) < steps:
        game.apply(setup.choose(rng, game.legal()))
    assert_reloads_identically(game)


# ====================================================================== undo
def hidden(game) -> tuple:
    s = game.state
    return (game.dice.reveals, len(s.deck), len(s.mission_deck), s.decision)


def revealed_since(game, before: tuple) -> bool:
    """Did the last command show something new (seen from the state, not from the events)?
    A die or shuffle, a card drawn from the Event or Mission deck, or a look at the deck."""
    reveals, deck, mission_deck, _ = before
    s = game.state
    peek = s.decision is not None and s.decision.kind == "peek"
    return game.dice.reveals != reveals or len(s.deck) < deck or len(s.mission_deck) < mission_deck or peek


@given(setup=setups)
@PROPS
def test_undo_after_any_undoable_command_restores_the_state(setup):
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    watch = Watch(game)
    while game.outcome is None:
        assert len(game.log) < MAX_COMMANDS
        before = (game.digest(), len(game.log), len(game.events), game.legal())
        secrets = hidden(game)
        cmd = setup.choose(rng, before[3])
        events = game.apply(cmd)
        revealed = revealed_since(game, secrets)
        assert revealed == (any(e.reveal for e in events) or game.dice.reveals != secrets[0])
        assert game.can_undo == (not revealed)
        if revealed:
            after = game.digest()
            assert game.undo() is False
            assert game.digest() == after
        else:
            after = game.digest()
            assert game.undo() is True
            assert (game.digest(), len(game.log), len(game.events), game.legal()) == before
            game.apply(cmd)                      # the same command again gives the same state
            assert game.digest() == after
        watch.check()
    check_outcome(game)


@given(setup=setups)
@PROPS
def test_undo_all_the_way_back_to_the_last_reveal(setup):
    """Undo repeatedly after a stretch of play: it goes back command by command and stops
    exactly at the state right after the last reveal."""
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    history = [game.digest()]    # the state after the last reveal (setup), then after each command
    while game.outcome is None and len(game.log) < 400:
        secrets = hidden(game)
        game.apply(setup.choose(rng, game.legal()))
        if revealed_since(game, secrets):
            history = [game.digest()]
        else:
            history.append(game.digest())
        if rng.random() < 0.08 and len(history) > 1:
            steps = 0
            while game.undo():
                steps += 1
                history.pop()
                assert game.digest() == history[-1]
            assert steps >= 1 and len(history) == 1
            assert not game.can_undo


# ====================================================================== the smoke run
def test_smoke_300_seeded_random_games():
    """'Thousands of random games', in small: 300 games across every setup and both bots,
    fully checked; the run must reach the rarer corners of the rules too."""
    levels, reasons, decisions = Counter(), Counter(), Counter()
    longest = temporary = empty_red = 0
    for i in range(300):
        rng = random.Random(i)
        generals = tuple(rng.sample(GENERAL_IDS, 3))
        aggressive = (i // 2) % 2 == 1
        game = new_game(seed=i, generals=generals, hard=i % 2 == 1, missions=i % 3 == 0, undo=False)

        def note(game, _cmd):
            nonlocal temporary, empty_red
            if game.state.decision is not None:
                decisions[game.state.decision.kind] += 1
            temporary += game.state.temporary is not None
            empty_red += game.red_reserve() == 0

        n = play_checked(game, rng, note, aggressive=aggressive)
        longest = max(longest, n)
        levels[game.outcome.level] += 1
        reasons[game.outcome.reason] += 1
        temporary += any("deploys for the moment" in e.text for e in game.events)
    assert longest < MAX_COMMANDS
    assert sum(levels.values()) == 300
    # what the random games went through (so the invariants were checked there)
    assert set(decisions) == {"peek", "reroll", "deploy", "exhaust", "discard", "empty_deck", "reinforce"}
    assert len(reasons) >= 2 and levels["defeat"] < 300
    assert temporary > 0 and empty_red > 0

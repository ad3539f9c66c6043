"""Property tests (DESIGN "Testing"): random legal play always reaches the end of the campaign in
every mode, never meets a state with no legal command before the end, and keeps the invariants
(CV 1-4, ten picks at most, transfer limits, VP never negative); any command not in legal() is
refused with a reason and no change; saves round-trip anywhere; undo restores the state.

The bot picks among legal(), uniformly or, with some probability, among the commands that move the
game on (confirm, done, next turn, rolls), so Battle Group choices do not take thousands of steps.
Hypothesis draws the mode, the number of players and the bot seed.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.command import Command
from rules.core.errors import IllegalCommand
from rules.victory import (
    AddUnit,
    CallSpecialGroup,
    ConfirmBattleGroup,
    ConfirmReinforcements,
    Deployed,
    DrawPairings,
    EndTransfers,
    EnterBattlePoints,
    LoseUnit,
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
    new_game,
)
from rules.victory.commands import COMMANDS
from tests.support.rules import assert_refused, assert_reloads_identically

PROGRESS = (ConfirmBattleGroup, ConfirmReinforcements, UnitsDone, NextTurn, RollBattleLength, EndTransfers,
            DrawPairings, RollMaps, RollLayout, RollInitiative, Deployed, EnterBattlePoints, CallSpecialGroup,
            SpecialUnit)
MAX_COMMANDS = 6000
PROPS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@attrs.frozen
class Setup:
    mode: str
    count: int
    bot: int
    push: float

    def game(self, undo=False):
        names = ["Anna", "James", "Kurt", "Lena", "Mira"][:self.count]
        if self.mode == "team":
            cut = max(1, self.count // 2)
            return new_game(seed=self.bot, mode="team", teams={"axis": names[:cut], "allied": names[cut:]}, undo=undo)
        return new_game(seed=self.bot, players=names, mode=self.mode, undo=undo)

    def choose(self, rng: random.Random, legal: list[Command]) -> Command:
        progress = [c for c in legal if isinstance(c, PROGRESS)]
        if progress and rng.random() < self.push:
            return rng.choice(progress)
        if rng.random() < 0.7:      # keep the BP entries small and losses light, like real battles
            light = [c for c in legal if not isinstance(c, (EnterBattlePoints, LoseUnit, RemoveUnit, Transfer))]
            light += [c for c in legal if isinstance(c, EnterBattlePoints) and c.cities < 12 and c.resources < 3]
            if light:
                return rng.choice(light)
        return rng.choice(legal)


@st.composite
def setups(draw):
    mode = draw(st.sampled_from(["duel", "round-robin", "team"]), label="mode")
    count = {"duel": 2, "round-robin": draw(st.integers(3, 5), label="players"),
             "team": draw(st.integers(2, 5), label="players")}[mode]
    return Setup(mode, count, draw(st.integers(0, 10**6), label="bot"), draw(st.sampled_from([0.3, 0.6]), label="push"))


def check(game):
    s = game.state
    legal = game.legal()
    assert len(legal) == len(set(legal)), "legal() lists a command twice"
    c = game.c
    for f in s.forces.values():
        assert all(1 <= u.cv <= c.max_cv for u in f.units), "a CV out of 1..4"
        assert len({u.id for u in f.units}) == len(f.units), "two units share an id"
    assert all(v >= 0 for v in game.totals().values())
    r = s.round
    if r is not None:
        assert all(len(p) <= c.reinforcements for p in r.picks.values())
        for p in s.order:
            assert game.transfers_out(p) <= c.transfer_out_max and game.transfers_in(p) <= c.transfer_in_max
        assert len({p for m in r.matches for p in m.players} | set(r.byes)) == len(r.matches) * 2 + len(r.byes)
    if game.outcome is None:
        assert not s.over
        assert legal, f"no legal command before the end ({game._now()})"
    else:
        assert s.over and legal == [] and len(s.rounds) == c.battles
    if s.mode != "duel":
        assert not any(m.special_player for rr in s.rounds for m in rr.matches), "5.5 is ignored in multi-player"


def play_out(setup: Setup, game, rng, on_step=None) -> int:
    n = 0
    check(game)
    while game.outcome is None:
        assert n < MAX_COMMANDS, "the campaign does not end"
        cmd = setup.choose(rng, game.legal())
        if on_step:
            on_step(game, cmd)
        game.apply(cmd)
        n += 1
        check(game)
    return n


@given(setup=setups())
@PROPS
def test_random_legal_play_always_reaches_the_end(setup):
    """VIC 6.0 / 7.1 / 7.2: every campaign (duel, round robin, team) ends after ten battles with an
    outcome; no dead end on the way; the invariants hold throughout."""
    game = setup.game()
    n = play_out(setup, game, random.Random(setup.bot))
    assert n == len(game.log)
    o = game.outcome
    assert o.totals == game.totals() and o.mode == setup.mode
    if setup.mode == "duel":
        assert o.net == abs(o.totals["Anna"] - o.totals["James"])
    with pytest.raises(IllegalCommand, match="The campaign is over"):
        game.apply(NextTurn())


@given(setup=setups())
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_commands_not_in_legal_are_refused_with_a_reason_and_no_change(setup):
    """DESIGN "The rules model": apply() accepts only a member of legal(); anything else raises
    IllegalCommand (with a reason from explain_illegal) and changes nothing; every listed command
    explains as legal."""
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    seen: dict[Command, None] = {}
    refused = 0
    always = [RollMaps(), NextTurn(), Withdraw("Anna"), EnterBattlePoints("Anna", -1, 0), AddUnit("Anna", "IN", 3),
              Reinforce("James", "EAR"), Transfer("Anna", "James", "IN-1"), EndTransfers(), DrawPairings(),
              CallSpecialGroup("James"), LoseUnit("Anna", "IN-1")]

    def probe(game, _next):
        nonlocal refused
        listed = game.legal()
        legal = set(listed)
        for cmd in rng.sample(listed, min(4, len(listed))):
            seen[cmd] = None
            assert game.explain(cmd) == ""
        if rng.random() > 0.1:                 # a sample of the steps: each check digests twice
            return
        pool = [c for c in list(seen)[-300:] + always if c not in legal]
        for cmd in rng.sample(pool, min(2, len(pool))):
            assert_refused(game, cmd)
            assert game.explain(cmd) == game.explain_illegal(cmd) != ""
            refused += 1

    play_out(setup, game, rng, probe)
    for cmd in rng.sample(game.log, min(5, len(game.log))):   # after the end, even once-legal commands
        assert_refused(game, cmd)
    assert refused > 0


@given(setup=setups(), data=st.data())
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_save_and_load_at_any_point_gives_the_same_game(setup, data):
    """DESIGN "Saves, replay, undo": rules.registry.load_save(rules.core.save.dumps(game)) replays to
    the same digest, the same legal commands and the same outcome."""
    game = setup.game()
    rng = random.Random(setup.bot)
    steps = data.draw(st.integers(0, 900), label="steps")
    while game.outcome is None and len(game.log) < steps:
        game.apply(setup.choose(rng, game.legal()))
    assert_reloads_identically(game)


@given(setup=setups())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_undo_restores_the_state_but_never_past_a_roll(setup):
    """DESIGN "Saves, replay, undo": undo steps back a command but never past a die roll or a draw."""
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    while game.outcome is None and len(game.log) < 250:
        before = (game.digest(), len(game.log), game.legal())
        reveals = game.dice.reveals
        cmd = setup.choose(rng, before[2])
        game.apply(cmd)
        after = game.digest()
        if game.dice.reveals != reveals:
            assert not game.undo(), "undo went back past a roll"
            continue
        assert game.undo()
        assert (game.digest(), len(game.log), game.legal()) == before
        game.apply(cmd)
        assert game.digest() == after


def test_smoke_seeded_campaigns_reach_every_step_and_cite_the_rulebook():
    """'Thousands of random games', in small: 18 seeded campaigns over every mode; every kind of
    command is reached, every event cites a VIC section, every command has its own label."""
    kinds: set[type] = set()
    modes = [("duel", 2), ("round-robin", 3), ("round-robin", 4), ("team", 3), ("team", 4), ("team", 2)]
    for i in range(18):
        mode, count = modes[i % len(modes)]
        setup = Setup(mode, count, i, (0.3, 0.6)[i % 2])
        game = setup.game()

        def note(game, cmd):
            kinds.add(type(cmd))

        play_out(setup, game, random.Random(i), note)
        assert all(e.rule.startswith("VIC ") and e.text for e in game.events), "every event cites the rulebook"
        for cmd in game.log[:: max(1, len(game.log) // 40)]:
            assert not game.describe(cmd).startswith(type(cmd).__name__ + "("), "a command without its own label"
    assert kinds == set(COMMANDS), set(COMMANDS) - kinds

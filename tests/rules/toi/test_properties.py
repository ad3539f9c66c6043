"""Property tests (DESIGN "Testing"): random legal play always reaches the end of the campaign,
never meets a state with no legal command before the end, never shows negative command; any
command not in legal() is refused with a reason and no change; saves round-trip anywhere.

The bot picks among legal(), uniformly or, with some probability, among the commands that move
the game on (confirm, done, begin/end battle, initiative), so result entry and purchase windows
do not take thousands of steps. Hypothesis draws the start, double/standalone and the bot seed.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.command import Command
from rules.core.errors import IllegalCommand
from rules.toi import (
    BeginBattle, Buy, ConfirmResult, DonePurchasing, EndBattle, Halve, PenaltyEach, Score, SetCommand,
    SetInitiative, StatusPhase, new_game,
)
from rules.toi.content import load
from tests.support.rules import assert_refused, assert_reloads_identically

ORDER = load().constants.scenario_order
PROGRESS = (ConfirmResult, DonePurchasing, EndBattle, BeginBattle, SetInitiative, StatusPhase)
MAX_COMMANDS = 20_000
PROPS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@attrs.frozen
class Setup:
    start: str
    double: bool
    standalone: bool
    bot: int
    push: float

    def game(self, undo=False):
        return new_game(seed=self.bot, start=self.start, double=self.double, standalone=self.standalone,
                        players=("Anna", "James"), undo=undo)

    def choose(self, rng: random.Random, legal: list[Command]) -> Command:
        progress = [c for c in legal if isinstance(c, PROGRESS)]
        if progress and rng.random() < self.push:
            return rng.choice(progress)
        return rng.choice(legal)


@st.composite
def setups(draw):
    start = draw(st.sampled_from(ORDER), label="start")
    mode = draw(st.sampled_from(["campaign", "double", "standalone"]), label="mode")
    return Setup(start, mode == "double", mode == "standalone", draw(st.integers(0, 10**6), label="bot"),
                 draw(st.sampled_from([0.1, 0.3, 0.6]), label="push"))


def check(game):
    s = game.state
    legal = game.legal()
    assert len(legal) == len(set(legal)), "legal() lists a command twice"
    for side in s.cards.values():
        for card in side.values():
            assert 0 <= card.tokens <= game.c.max_command, "command out of range"
    if game.outcome is None:
        assert not s.over
        assert legal, f"no legal command before the end ({s.phase})"
        if s.decision is not None:
            assert s.to_act == s.decision.data[0] or s.decision.kind == "penalty_type"
            assert s.to_act in ("german", "soviet")
        if s.phase == "purchase":
            assert s.to_act == s.buyers[0]
            assert all(c.side == s.to_act for c in legal if isinstance(c, (Buy, DonePurchasing)))
        for c in legal:
            if isinstance(c, Buy):
                have = [s.cards[c.side][t].tokens for t in ("ammunition", "morale", "supply")]
                assert all(p <= h for p, h in zip(c.pay, have)), "an unaffordable purchase is listed"
                if s.phase == "status":
                    assert all(h - p >= 2 for p, h in zip(c.pay, have) if p), "a Red October card below 2"
    else:
        assert s.over and legal == [] and s.phase == "over"
    assert len(s.ledger) <= len(s.run) * (2 if game.double else 1)


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


def check_outcome(game):
    o = game.outcome
    s = game.state
    scenarios = len(s.run) * (2 if game.double else 1)
    assert len(s.ledger) == scenarios and all(r.status == "done" and r.winner for r in s.ledger)
    if game.double:
        assert set(o.totals) == {"Anna", "James"}
        assert sum(o.totals.values()) == sum(r.total(side) for r in s.ledger for side in ("german", "soviet"))
        assert o.draw == (o.winner is None)
    else:
        assert o.totals == {side: sum(r.total(side) for r in s.ledger) for side in ("german", "soviet")}
        if not game.standalone:
            g, v = o.totals["german"], o.totals["soviet"]
            assert o.winner == ("german" if g > v else "soviet")
    assert all(v >= 0 for v in o.totals.values())


@given(setup=setups())
@PROPS
def test_random_legal_play_always_reaches_the_end(setup):
    """TOI Measure of Campaign Success: every campaign (single, double, standalone, any start)
    ends; no dead end on the way; command never negative."""
    game = setup.game()
    n = play_out(setup, game, random.Random(setup.bot))
    assert n == len(game.log)
    check_outcome(game)
    with pytest.raises(IllegalCommand, match="The campaign is over"):
        game.apply(ConfirmResult())


@given(setup=setups())
@PROPS
def test_commands_not_in_legal_are_refused_with_a_reason_and_no_change(setup):
    """DESIGN "The rules model": apply() accepts only a member of legal(); anything else raises
    IllegalCommand (with a reason from explain_illegal) and changes nothing."""
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    seen: dict[Command, None] = {}
    refused = 0
    always = [BeginBattle(), EndBattle(), ConfirmResult(), DonePurchasing("german"), DonePurchasing("soviet"),
              SetCommand("german", "supply", -1), SetCommand("soviet", "morale", 41), Score("german", "nowhere", 1),
              Buy("soviet", "starting-card", (1, 0, 0)), Halve("supply", True), PenaltyEach()]

    def probe(game, _next):
        nonlocal refused
        listed = game.legal()
        legal = set(listed)
        for cmd in rng.sample(listed, min(5, len(listed))):
            seen[cmd] = None
            assert game.explain(cmd) == ""
        if len(game.log) > 30 and rng.random() > 0.15:      # a sample of the steps: each check digests twice
            return
        pool = [c for c in list(seen)[-400:] + always if c not in legal]
        for cmd in rng.sample(pool, min(2, len(pool))):
            assert_refused(game, cmd)
            assert game.explain(cmd) == game.explain_illegal(cmd) != ""
            refused += 1

    play_out(setup, game, rng, probe)
    for cmd in rng.sample(game.log, min(10, len(game.log))):   # after the end, even once-legal commands
        assert_refused(game, cmd)
    assert refused > 0


@given(setup=setups(), data=st.data())
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_save_and_load_at_any_point_gives_the_same_game(setup, data):
    """DESIGN "Saves, replay, undo": load_save(dumps(game)) replays to the same digest."""
    game = setup.game()
    rng = random.Random(setup.bot)
    steps = data.draw(st.integers(0, 600), label="steps")
    while game.outcome is None and len(game.log) < steps:
        game.apply(setup.choose(rng, game.legal()))
    assert_reloads_identically(game)


@given(setup=setups())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_undo_after_every_command_restores_the_state(setup):
    """DESIGN "Saves, replay, undo": the layer has no chance, so every command can be undone."""
    game = setup.game(undo=True)
    rng = random.Random(setup.bot)
    while game.outcome is None and len(game.log) < 400:
        before = (game.digest(), len(game.log), game.legal())
        cmd = setup.choose(rng, before[2])
        game.apply(cmd)
        after = game.digest()
        assert game.undo()
        assert (game.digest(), len(game.log), game.legal()) == before
        game.apply(cmd)
        assert game.digest() == after


def test_smoke_150_seeded_campaigns():
    """'Thousands of random games', in small: 150 seeded games over every start and mode; the
    rarer choices (halving, demotion, penalties, Status Phase purchases) are all reached."""
    kinds: set[str] = set()
    items: set[str] = set()
    for i in range(150):
        rng = random.Random(i)
        setup = Setup(ORDER[i % len(ORDER)], i % 3 == 1, i % 3 == 2, i, (0.1, 0.3, 0.6)[(i // 3) % 3])

        def note(game, cmd):
            assert not game.describe(cmd).startswith(type(cmd).__name__ + "("), "a command without its own label"
            if game.state.decision is not None:
                kinds.add(game.state.decision.kind)
            if isinstance(cmd, Buy):
                items.add(cmd.item + (" (status)" if game.state.phase == "status" else ""))

        game = setup.game()
        play_out(setup, game, rng, note)
        check_outcome(game)
        assert all(e.rule.startswith("TOI ") and e.text for e in game.events), "every event cites the rulebook"
    assert kinds == {"penalty", "penalty_type", "halve", "replace", "advanced", "raise", "demote"}
    assert {"veteran", "advanced-hex", "squad", "specialization", "light-tank", "heavy-tank",
            "starting-card", "artillery-deck", "urban-deck", "squad (status)"} <= items


WEIRD = [None, -1, 0, 1, 99, "", "german", "soviet", "supply", "squad", [1], (1, 2, 3), (0, 0, 5),
         ("regular",) * 4, True, 1.5, {"a": 1}, ("x",), (1, -1, 0)]


def test_malformed_commands_of_every_kind_are_refused_as_illegal():
    """DESIGN "The rules model": a command with fields of the wrong kind or range (a list for a
    tuple, None, a float...) is refused with IllegalCommand and a message, never another error."""
    from rules.toi.commands import COMMANDS
    rng = random.Random(5)
    for i, start in enumerate(ORDER):
        setup = Setup(start, False, False, i, 0.3)
        game = setup.game()

        def fuzz(game, _next):
            for _ in range(3):
                cls = rng.choice(COMMANDS)
                cmd = cls(*[rng.choice(WEIRD) for _ in attrs.fields(cls)])
                if not game.is_legal(cmd):
                    with pytest.raises(IllegalCommand, match="."):
                        game.apply(cmd)

        play_out(setup, game, rng, fuzz)

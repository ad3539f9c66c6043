"""Expert (issue 25, item 2; rules/roads/ai/expert.py): hard's first worlds, then a race of the
doctrine's choice against the best challengers in more worlds; fair like every strength."""

from __future__ import annotations

import pytest

from rules.roads import new_game
from rules.roads.ai import Effort, SearchBot, make_ai
from rules.roads.ai.expert import ExpertBot
from rules.roads.ai.search import Public, _means
from rules.roads.bots import BOTS
from tests.rules.roads.test_ai import _advance, _hidden_battle_twin, _hidden_twin, _in_battle

SMALL = Effort(candidates=5, samples=2, horizon=4, budget=99.0, battle_worlds=4)


def test_expert_is_a_bot_name_for_the_sim_and_a_strength_for_a_game():
    bot = BOTS["expert"](1, budget=False)
    assert isinstance(bot, ExpertBot) and bot.name == "expert" and not bot.use_budget
    assert type(make_ai("hard", 1)) is SearchBot
    game = new_game(seed=1, computer="soviet", strength="expert")
    assert game.options["strength"] == "expert"


def test_after_the_first_worlds_only_the_doctrines_choice_and_the_best_challengers_race_on():
    game = _advance(new_game(seed=3, undo=False), 80)
    pub = Public(game)
    view = pub.view(pub.to_act())
    cands = pub.legal()[:5]
    assert len(cands) == 5
    bot = ExpertBot(seed=2, budget=False, challengers=2, refine=3, effort=SMALL)
    played = []
    values = bot._sample(pub, view, cands, 2, lambda i, g, seed: played.append(i))
    assert [len(v) for v in values] == [5] * 5            # 2 + 3 worlds, None where not played
    first = [v[:2] for v in values]
    assert all(x is not None for v in first for x in v)  # every candidate legal in every world
    means = _means(first)
    challengers = sorted(range(1, 5), key=lambda i: -means[i])[:2]
    raced = {i for i in range(5) if values[i][2] is not None}
    assert raced == {0, *challengers}
    for i in set(range(5)) - {0, *challengers}:
        assert values[i][2:] == [None, None, None]
    assert played.count(0) == 5 and len(played) == 2 * 5 + 3 * 3


@pytest.mark.parametrize("seed", [1, 2])
def test_expert_decides_the_same_whatever_it_cannot_see(seed):
    # issue 12, item 6 and issue 25, item 2: it reads only its side's view
    game = _advance(new_game(seed=seed, undo=False), 40 * seed)
    side = game.to_act()
    twin = _hidden_twin(game, side, seed + 100)
    a = ExpertBot(seed=7, budget=False, refine=2, effort=SMALL).decide(game)
    b = ExpertBot(seed=7, budget=False, refine=2, effort=SMALL).decide(twin)
    assert a.searched and (a.command, a.reason) == (b.command, b.reason)


def test_expert_fights_a_battle_the_same_whatever_it_cannot_see():
    game = _in_battle(2)
    side = game.to_act()
    twin = _hidden_battle_twin(game, side, 102)
    a = ExpertBot(seed=7, budget=False, refine=2, effort=SMALL).decide(game)
    b = ExpertBot(seed=7, budget=False, refine=2, effort=SMALL).decide(twin)
    assert a.searched and (a.command, a.reason) == (b.command, b.reason)

"""The heuristic bot's doctrine (rules/roads/bots.py), which is also the AI's move ranking and the
policy of its rollouts: the odd moves of issue 23 item 5, pinned on fixed positions.

``saves/roads-doctrine-gather.json`` (seed 3, 26 commands) and ``saves/roads-doctrine-garrison.json``
(seed 5, 31 commands) are games played by the doctrine before the fix: in the first the Soviets
gathered the 13th Army, whose every step scored below ending the operation, and ended it
without moving; in the second the 1st Tank Corps went on past Ostrogozhsk, an empty Soviet city
two areas from the Axis, and left it open."""

from __future__ import annotations

from pathlib import Path

from rules.registry import load_save
from rules.roads import commands as c
from rules.roads.bots import END_SCORE, HeuristicBot, _Context
from rules.roads.state import SOVIET

SAVES = Path(__file__).parent / "saves"


def _position(name: str):
    return load_save((SAVES / name).read_text())


def test_cc_5_2_the_doctrine_gathers_no_unit_it_would_only_end_the_operation_with():
    game = _position("roads-doctrine-gather.json")
    assert len(game.log) == 26 and game.to_act() == SOVIET
    assert game.state.operation is not None and not game.state.operation.force
    bot = HeuristicBot(7)
    ctx = _Context(game, game.view(SOVIET), SOVIET, bot)
    thirteenth = c.Gather(SOVIET, "13-army")
    assert thirteenth in game.legal()
    assert ctx.score(thirteenth) < END_SCORE            # its stack has no step worth taking
    assert ctx.score(thirteenth) < ctx.score(c.EndOperation(SOVIET))
    # the doctrine plays the operation out: every force it gathers moves before the end
    number = game.state.operation.number
    ended_unmoved = []
    while game.state.operation is not None and game.state.operation.number == number:
        op = game.state.operation
        cmd = bot.choose(game)
        if isinstance(cmd, c.EndOperation) and op.force and not op.path:
            ended_unmoved.append(list(op.force))
        game.apply(cmd)
    assert ended_unmoved == []


def test_campaign_5_b_the_doctrine_garrisons_an_empty_city_of_its_chain_near_the_enemy():
    game = _position("roads-doctrine-garrison.json")
    assert len(game.log) == 31 and game.to_act() == SOVIET
    op = game.state.operation
    assert op.force == ["1-tc"] and not op.path
    assert game.state.control["ostrogozhsk"] == SOVIET
    assert not any(u.where == "ostrogozhsk" for u in game.state.units.values())
    bot = HeuristicBot(7)
    assert "ostrogozhsk" in _Context(game, game.view(SOVIET), SOVIET, bot).open_links()
    move = bot.choose(game)
    assert move == c.Move(SOVIET, "ostrogozhsk")
    game.apply(move)
    # the force stays in the city it garrisons: leaving would open the link again
    assert bot.choose(game) == c.Halt(SOVIET)
    game.apply(c.Halt(SOVIET))
    assert [u.id for u in game.state.units.values() if u.where == "ostrogozhsk"] == ["1-tc"]


"""Victory points (series 4.3; campaign 16) pinned in the small world.

    w1 - a1 - b1 ~ e1        e2 (Stalingrad) is worth 3 to the Axis, a2 2 to the Soviets;
    w2 - a2 = b2 - e2        the Axis trace runs back to w2, the Soviet one to e2 or e1's
    w3 - a3 - b3 - e3        supply symbol
"""

from __future__ import annotations

import attrs

from rules.roads.state import AXIS, DESTROYED, GONE, POOL, SOVIET
from rules.roads.victory import breakdown
from tests.rules.roads.small_world import SmallMap, _areas, _borders, small_game


def over(game):
    game.state.phase = "over"
    game.state.end_reason = "test"
    return game.outcome


def test_rts_16_a_a_city_scores_for_its_controller_when_it_fulfils_rule_5s_trace():
    game = small_game(units={"t1": POOL})
    game.state.control["e2"] = AXIS
    assert game.state.railheads == 0                      # ruling: no Railhead Advance needed to score
    assert breakdown(game, AXIS).cities == 3              # a3 - b3 - e3 - e2: three enemy-free areas


def test_rts_16_a_a_city_without_the_trace_scores_nothing():
    game = small_game(units={"t1": "b3"})
    game.state.control["e2"] = AXIS
    assert breakdown(game, AXIS).cities == 0              # every way back is blocked or too long


def test_rts_16_a_soviet_cities_trace_to_their_sources():
    game = small_game(units={"pz": "w2", "inf": "w2"})
    game.state.control["a2"] = SOVIET
    assert breakdown(game, SOVIET).cities == 2            # a2 - b2 - e2
    game2 = small_game(units={"pz": "w2", "inf": "a3", "inf2": "a1", "a1": POOL, "a2": POOL, "ita": "b2"})
    game2.state.control["a2"] = SOVIET
    assert breakdown(game2, SOVIET).cities == 0           # cut off: Axis units all round a2


def test_rts_16_a_15_e_stalingrad_is_worth_more_to_the_axis_once_directive_45_is_played():
    game = small_game(units={"t1": POOL})
    areas = [attrs.evolve(a, vp_axis_d45=5) if a.id == "e2" else a for a in _areas()]
    game.map = SmallMap(areas, _borders())
    game.state.control["e2"] = AXIS
    assert breakdown(game, AXIS).cities == 3
    game.state.permanents["directive-45"] = AXIS
    game._trace_cache.clear()
    assert breakdown(game, AXIS).cities == 5


def test_rts_16_b_i_the_soviets_score_1_per_axis_infantry_2_per_german_panzer_3_for_manstein():
    game = small_game()
    for u in ("inf", "ita"):
        game.state.units[u].where = DESTROYED
    assert breakdown(game, SOVIET).units == 2             # German and Italian infantry: 1 each
    game.state.units["pz"].where = DESTROYED
    assert breakdown(game, SOVIET).units == 4
    game.state.leader_gone = True
    assert breakdown(game, SOVIET).units == 7
    game.state.units["kerch"].where = GONE                # left by the west edge: not destroyed
    assert breakdown(game, SOVIET).units == 7


def test_rts_16_b_ii_the_axis_scores_1_per_two_soviet_units_destroyed():
    game = small_game()
    game.state.units["a1"].where = DESTROYED
    assert breakdown(game, AXIS).units == 0
    game.state.units["a2"].where = DESTROYED
    assert breakdown(game, AXIS).units == 1
    game.state.units["t1"].where = DESTROYED
    assert breakdown(game, AXIS).units == 1


def test_cc_4_3_1_the_higher_total_wins():
    game = small_game()
    game.state.units["inf"].where = DESTROYED             # Soviet 1 (a2 is Axis-held: no city)
    outcome = over(game)
    assert (outcome.winner, outcome.axis_vp, outcome.soviet_vp) == (SOVIET, 0, 1)


def test_cc_4_3_2_a_tie_is_a_draw():
    game = small_game()
    game.state.units["inf"].where = DESTROYED
    game.state.units["a1"].where = game.state.units["a2"].where = DESTROYED
    outcome = over(game)
    assert (outcome.axis_vp, outcome.soviet_vp) == (1, 1)
    assert outcome.winner is None and outcome.draw


def test_cc_4_3_no_outcome_before_the_game_ends():
    assert small_game().outcome is None

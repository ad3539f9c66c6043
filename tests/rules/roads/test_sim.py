"""The balance sim's figures measure what their names say (rules/roads/sim.py)."""

from __future__ import annotations

from rules.roads.sim import summer_gains
from rules.roads.state import AXIS, SOVIET
from tests.rules.roads.small_world import small_game


def gains(axis_holds=()):
    """The summer advance in the small world (Axis rear w2; the Soviets begin with columns b
    and e) once the Axis controls `axis_holds`."""
    game = small_game()
    soviet_at_start = {a for a, side in game.state.control.items() if side == SOVIET}
    for a in axis_holds:
        game.state.control[a] = AXIS
    return summer_gains(game, soviet_at_start)


def test_the_summer_advance_counts_soviet_cities_the_axis_holds_traced_to_its_rear():
    assert gains() == set()
    assert gains(["b3", "e3"]) == {"b3", "e3"}            # w2 - w3 - a3 - b3 - e3: a chain of cities
    assert gains(["b3", "e1"]) == {"b3"}                  # e1 is cut off: b1 and e2 hold Soviet armies


def test_the_sim_reports_the_summer_advance_as_held_cities():
    from rules.roads.sim import SUMMER_CITIES, simulate
    result = simulate(1, "random", "random", seed=0)
    assert result.advance == (result.advance_cities >= SUMMER_CITIES)
    assert f"{SUMMER_CITIES}+ Soviet cities held as winter came" in result.report()

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


class _LoadedClock:
    """A clock on a machine so loaded that every reading is a second after the last: with its
    time cap the AI would begin one world per decision and no more."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_the_sim_plays_the_ai_without_its_time_cap_so_a_rerun_on_a_loaded_machine_is_the_same(monkeypatch):
    """Issue 12, item 5 (the sims are rerun from a fresh clone and the table compared): `wartable
    sim roads` plays the search AI without its time cap, so its decisions depend on the seed alone."""
    from rules.roads.ai import search
    from rules.roads.sim import play_one, simulate

    def played(**kw):
        lines = []
        result = simulate(1, "random", "easy", seed=5, on_game=lines.append, **kw)
        game = play_one(5, "random", "easy", **kw)[0]
        return [line.rsplit("  ", 1)[0] for line in lines], result.report(), list(game.log)   # less the seconds

    quiet = played()
    monkeypatch.setattr(search, "time", _LoadedClock())
    assert played() == quiet
    assert played(budget=True)[2] != quiet[2]          # the cap on, the load changes the AI's game
    assert quiet[0][0].startswith("game 1/1  seed 5  Soviet wins  VP Axis 0 Soviet ")

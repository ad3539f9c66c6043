"""The Roads panels show Manstein (series 12, campaign 12.2): where he is, in the area line and
on the supply track, and that he is gone once eliminated (16.b)."""

from __future__ import annotations

from rules.roads import new_game
from tui.roads import panels


def test_manstein_is_shown_in_his_area_and_on_the_supply_track():
    game = new_game(seed=1)
    area = next(u.where for u in game.state.units.values() if u.side == "axis" and u.where in game.map.areas)
    game.state.leader = area
    view = game.view("axis")
    assert "Manstein (leader)" in panels.detail(game, view, area).plain
    assert f"Manstein: in {game.area_name(area)}" in panels.supply_track(game, view).plain
    other = next(a for a in game.map.areas if a != area)
    assert "Manstein" not in panels.detail(game, view, other).plain


def test_an_eliminated_manstein_is_said_on_the_supply_track():
    game = new_game(seed=1)
    game.state.leader, game.state.leader_gone = "", True
    assert "Manstein: eliminated (16.b)" in panels.supply_track(game, game.view("soviet")).plain
    assert "Manstein" not in panels.supply_track(game, new_game(seed=1).view("soviet")).plain

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


def test_the_area_pane_lists_a_stack_in_short_lines_with_every_unit_and_its_values():
    """Issue 11: the pane under the map shows a stack whole at 80 columns: the count by kind,
    every unit by its short name with cohesion-movement-tactical (campaign 2) and its flags,
    and the borders by kind; `detail` (the `a` screen) has every unit and border in full."""
    game = new_game(seed=1)
    view = game.view("axis")
    area = max(game.map.areas, key=lambda a: sum(1 for u in view.units if u.where == a and u.side == "axis"))
    stack = [u for u in view.units if u.where == area]
    lines = [line.plain for line in panels.detail_lines(game, view, area)]
    assert lines[0].startswith(f"{game.area_name(area)} ({game.map.areas[area].code})")
    assert lines[1].startswith(f"Axis {len(stack)} (")
    for u in stack:
        unit = game.content.units[u.id]
        assert f"{unit.short} {unit.cohesion}-{unit.movement}-{unit.tactical}" in lines[1]
    assert lines[-1].startswith("Borders: ")
    for n in game.map.neighbours(area):
        assert game.area_name(n) in lines[-1]
    assert all(len(line) <= 80 for line in lines), lines
    full = panels.detail(game, view, area).plain
    assert all(panels.unit_line(game, u) in full for u in stack)


def test_the_area_pane_flags_depleted_disorganized_and_isolated_units_in_words():
    """The values shown are as they stand: the depleted side's (CC 9.6.4), each less one when
    disorganized (9.6.3), never below one (9.6.2c), the same the engine rolls against."""
    from rules.roads import values as standing
    game = new_game(seed=1)
    unit = next(u for u in game.state.units.values() if u.side == "soviet" and u.where in game.map.areas)
    unit.depleted, unit.disorganized, unit.isolated = True, True, True
    line = next(t.plain for t in panels.detail_lines(game, game.view("soviet"), unit.where)
                if t.plain.startswith("Soviet"))
    printed = game.content.units[unit.id].depleted
    shown = f"{standing.cohesion(game, unit.id)}-{standing.movement(game, unit.id)}-" \
            f"{max(1, printed.tactical - 1)}"
    assert f"{game.content.units[unit.id].short} {shown} [dep dis iso]" in line
    assert standing.cohesion(game, unit.id) == max(1, printed.cohesion - 1)


def test_manstein_is_on_the_area_pane_of_his_area():
    game = new_game(seed=1)
    area = next(u.where for u in game.state.units.values() if u.side == "axis" and u.where in game.map.areas)
    game.state.leader = area
    assert any("Manstein (leader)" in t.plain for t in panels.detail_lines(game, game.view("axis"), area))


def test_every_permanent_card_in_effect_is_named_and_directive_45_gives_its_next_box():
    """The supply track's "In effect" line names each permanent card in play (RtS 15) by its
    name, never its key, and Directive 45 with the box its next odd RP goes to (15.e.IV-V); the
    hand panel's reasons name them the same way."""
    from rules.roads.cards import PERMANENT_WORDS
    from rules.roads.content import PERMANENT_KEYS

    assert set(panels.PERMANENT) == set(PERMANENT_WORDS) == set(PERMANENT_KEYS)
    game = new_game(seed=1)
    game.state.permanents.update({"order-227": "soviet", "directive-45": "axis"})
    game.state.d45_next = "B"
    line = next(l for l in panels.supply_track(game, game.view("axis")).plain.splitlines()
                if l.startswith("In effect"))
    assert "Order 227" in line and "Directive 45 (next box B)" in line
    assert "order-227" not in line and "directive-45" not in line


def test_the_kerch_straits_are_named_once_in_an_areas_borders():
    """A river's border is "major river Don"; the straits' kind is their name already (was
    "Kerch Straits Kerch Straits: Kerch")."""
    game = new_game(seed=1)
    assert panels._border_groups(game, "taman") == [("open", ["Krymskaya"]), ("Kerch Straits", ["Kerch"])]

"""The Roads map's labels read as the printed map's (issue 11, the map panel; playtest finding 7):
every label character lies in a cell of its own area, never next to another area's label on a
row (a border glyph stands between them), every city shows its mark with its code, the Active
Operation's marker sits in its own area, and a small area drops its label's tail in a fixed
order (marks, then units) rather than drawing into a neighbour. Checked on real positions of the
bots' games (seeds 1-3) from both seats, and on the screen at 80x24 and 160x50; the overview
(one column a cell, ``+``) the same way: each area's code in its own cells, every city's mark
with it or on the area's next row, no two areas' labels side by side."""

from __future__ import annotations

from functools import lru_cache

import pytest
from rich.style import Style

from rules.roads import new_game
from rules.roads.bots import BOTS
from tui.app import WartableApp
from tui.roads import panels
from tui.roads.screen import RoadsScreen
from tui.widgets.area_map import OVERVIEW, AreaMap, placed, prepare, room

SEEDS = (1, 2, 3)
EVERY = 60            # a position every this many commands of a bots' game


@lru_cache(maxsize=None)
def positions(seed: int) -> tuple:
    """Games at several points of a bots' game (copies, from the start to the end)."""
    game = new_game(seed=seed)
    bots = {s: BOTS["heuristic"](seed) for s in ("axis", "soviet")}
    out, n = [], 0
    while game.outcome is None:
        if n % EVERY == 0:
            out.append(new_game(seed=seed))
            for cmd in game.log:
                out[-1].apply(cmd)
        game.apply(bots[game.to_act()].choose(game))
        n += 1
    out.append(game)
    return tuple(out)


def drawn(game, seat):
    static, slots, _rows = prepare(game.map)
    labels, _fills = panels.map_labels(game, game.view(seat), room(slots))
    return static, labels, placed(game.map, slots, labels)


def check_overview(game, seat) -> None:
    """The overview: every label character in a cell of its own area, never next to another
    area's label on a row; each area's code first, every city's mark with it or on a row of its
    own area below it; the other rows nothing but control and units."""
    static, slots, _rows = prepare(game.map, OVERVIEW)
    labels, _fills = panels.map_labels(game, game.view(seat), room(slots), overview=True)
    cells = placed(game.map, slots, labels)
    assert len(static[0]) == game.map.width
    for (x, y), (area, ch) in cells.items():
        assert static[y][x][2] == area, f"{area}'s {ch!r} at ({x}, {y}) is in {static[y][x][2]}"
        for nx in (x - 1, x + 1):
            other = cells.get((nx, y))
            assert other is None or other[0] == area, f"{area}'s label touches {other[0]}'s at ({nx}, {y})"
    for area, a in game.map.areas.items():
        mark = "◉" if (a.vp_axis or a.vp_soviet) else "•" if a.city else ""
        rows = [text for text, _style in labels[area]]
        assert rows and rows[0] in (a.code, a.code + mark), (area, rows)
        if mark:
            assert "".join(rows).count(mark) == 1, (area, rows)
        assert all(set(r) <= set("AaSs·0123456789!i" + mark) for r in rows[1:]), (area, rows)


def check(game, seat) -> None:
    static, labels, cells = drawn(game, seat)
    view = game.view(seat)
    for (x, y), (area, ch) in cells.items():
        assert static[y][x][2] == area, f"{area}'s {ch!r} at ({x}, {y}) is in {static[y][x][2]}"
        for nx in (x - 1, x + 1):
            other = cells.get((nx, y))
            assert other is None or other[0] == area, f"{area}'s label touches {other[0]}'s at ({nx}, {y})"
    op = view.operation.area if view.operation else ""
    units = {u.where for u in view.units}
    for area, a in game.map.areas.items():
        rows = [text for text, _style in labels[area]]
        mark = "◉" if (a.vp_axis or a.vp_soviet) else "•" if a.city else ""
        # the code first, with its city mark, in every area
        assert rows and rows[0].startswith(a.code + mark), (area, rows)
        text = "".join(rows)
        if mark:
            assert text.count(a.code) == 1 and f"{a.code}{mark}" in text
        assert ("»" in text) == (area == op)
        if area in units:             # the units' count always shows (only flags and marks drop)
            assert any(f"{letter}{n}" in text for letter in "AS" for n in range(1, 20)), (area, rows)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_label_lies_in_its_own_area_on_the_bots_positions(seed):
    for game in positions(seed):
        for seat in ("axis", "soviet"):
            check(game, seat)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_overview_shows_each_code_in_its_own_area_on_the_bots_positions(seed):
    for game in positions(seed):
        for seat in ("axis", "soviet"):
            check_overview(game, seat)


def test_a_small_area_drops_its_label_tail_in_a_fixed_order():
    """Marks (the operation, a battle, RPs) go before units' flags, flags before the count; a
    token with a short form (»OP, ») takes it when the long one does not fit."""
    rows = [(["Rs◉"], Style()), (["A2", "!", "i", "S1"], Style()), ([("»OP", "»"), "R2"], Style())]
    assert panels.fit(rows, [3, 3]) == [("Rs◉", Style()), ("A2!", Style())]
    assert panels.fit(rows, [3, 4, 2]) == [("Rs◉", Style()), ("A2!i", Style()), ("»", Style())]
    assert panels.fit(rows, [5]) == [("Rs◉A2", Style())]
    assert panels.fit(rows, [3, 9, 5]) == [("Rs◉", Style()), ("A2!iS1", Style()), ("»OPR2", Style())]


def test_rostov_taganrog_and_izyum_read_whole():
    """The playtest's corners: Rostov held by two Axis corps shows its code, VP mark and A2;
    Taganrog's Active Operation marker is Taganrog's; Izyum, a city, shows its mark."""
    game = new_game(seed=42)
    for u in list(game.state.units.values())[:2]:
        u.where = "rostov"
    _static, labels, cells = drawn(game, "axis")
    assert [t for t, _s in labels["rostov"]][:2] == ["Rs◉", "A2"]
    assert labels["izyum"][0][0] == "Iz•"
    assert {a for a, _ch in cells.values() if _ch == "◉"} >= {"rostov"}


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_screen_draws_each_label_in_its_own_area(size):
    """The map widget draws what ``placed`` says, at both sizes: each label character is the
    character on screen in that cell (the map scrolled over the whole board)."""
    game = positions(2)[len(positions(2)) // 2]
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, RoadsScreen))   # under a pass
        amap = screen.query_one(AreaMap)
        view = screen._view
        static, slots, _rows = prepare(game.map)
        labels, _fills = panels.map_labels(game, view, room(slots))
        cells = placed(game.map, slots, labels)
        assert cells
        for (x, y), (area, ch) in cells.items():
            line = amap._row(y).text
            assert line[x] == ch and static[y][x][2] == area


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_overview_draws_each_label_in_its_own_area(size):
    """``+`` on the screen: the map at one column a cell draws what ``placed`` says for the
    overview, each character in a cell of its own area; ``+`` again, the detail's labels."""
    game = positions(2)[len(positions(2)) // 2]
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, RoadsScreen))
        while app.screen is not screen:          # a pass screen: the player has the keyboard
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("plus")
        await pilot.pause()
        amap = screen.query_one(AreaMap)
        assert amap.scale == OVERVIEW
        static, slots, _rows = prepare(game.map, OVERVIEW)
        labels, _fills = panels.map_labels(game, screen._view, room(slots), overview=True)
        cells = placed(game.map, slots, labels)
        assert len(cells) >= 2 * len(game.map.areas)
        for (x, y), (area, ch) in cells.items():
            assert amap._row(y).text[x] == ch and static[y][x][2] == area
        await pilot.press("plus")
        await pilot.pause()
        assert amap.scale == 2 and amap._row(0).cell_length == 2 * game.map.width

"""The area map draws a row from the static layer's runs of like cells (issue 11, the map panel;
speed: a map cursor move redraws a few rows): each row is the same strip, segment for segment,
as drawing it cell by cell, with the labels, fills, marks and the cursor of real positions of a
bots' game, at both scales."""

from __future__ import annotations

from rich.segment import Segment

from rules.roads import new_game
from rules.roads.bots import BOTS
from tui.roads import panels
from tui.widgets.area_map import MARK, OVERVIEW, SCALE, AreaMap, prepare


def cell_by_cell(amap: AreaMap, y: int) -> list[Segment]:
    """Row y drawn one cell at a time: every cell's glyph and style (the layer's, the label's
    over it, underlined on a border, a mark's on an empty cell of a marked area, the fill of its
    area, the cursor's on the cursor area's labels), a segment per run of cells drawn alike."""
    overlay = {}
    for area, i, x0, length in amap._label_rows.get(y, ()):
        text, style = amap._labels[area][i]
        for j, ch in enumerate(text[:length]):
            overlay[x0 + j] = (ch, style, area == amap.cursor)
    segments, run, key = [], [], (None, None, None, False)
    for x, (ch, style, area) in enumerate(amap._static[y]):
        extra, cursor = None, False
        if x in overlay:
            covered = ch
            ch, extra, cursor = overlay[x]
            if covered != " ":
                extra = amap._underlined(extra)
        elif ch == " " and area in amap.marks:
            ch, extra = MARK
        fill = amap._fills.get(area) if area is not None else None
        if not (style is key[0] and extra is key[1] and fill is key[2] and cursor == key[3]):
            if run:
                segments.append(Segment("".join(run), amap._combine(*key)))
                run = []
            key = (style, extra, fill, cursor)
        run.append(ch)
    if run:
        segments.append(Segment("".join(run), amap._combine(*key)))
    return segments


def test_a_row_from_runs_is_the_row_drawn_cell_by_cell():
    game = new_game(seed=2)
    bots = {s: BOTS["heuristic"](2) for s in ("axis", "soviet")}
    checked = 0
    for n in range(400):
        if game.outcome is not None:
            break
        if n % 80 == 0:
            for scale in (SCALE, OVERVIEW):
                amap = AreaMap()
                amap.board, amap.scale, amap.cursor = game.map, scale, next(iter(game.map.areas))
                amap._static, amap._slots, amap._rows_of = prepare(game.map, scale)
                for seat in ("axis", "soviet"):
                    view = game.view(seat)
                    labels, fills = panels.map_labels(game, view, amap.room, overview=scale == OVERVIEW)
                    marks = set(list(game.map.areas)[n % 7::5])
                    for cursor in list(game.map.areas)[::9]:
                        amap.cursor = cursor
                        amap._strips.clear()
                        amap.paint(labels, fills, marks)
                        amap._strips.clear()
                        for y in range(game.map.height):
                            assert list(amap._row(y)) == cell_by_cell(amap, y), (scale, seat, cursor, y)
                            checked += 1
        game.apply(bots[game.to_act()].choose(game))
    assert checked > 1000


def cells(strip) -> list[tuple[str, object]]:
    return [(ch, seg.style) for seg in strip for ch in seg.text]


def fresh(amap: AreaMap, y: int) -> list:
    """Row y drawn afresh (the rows the map keeps drawn left as they are)."""
    kept, amap._strips = amap._strips, {}
    try:
        return cells(amap._row(y))
    finally:
        amap._strips = kept


def test_a_cursor_move_changes_only_the_two_areas_label_cells():
    """The map repaints only the label cells of the areas the cursor leaves and enters (not
    their whole lines): every cell that a move changes lies in one of those label slots; and the
    rows it keeps drawn (by where the cursor is), across moves and repaints of other views, are
    the rows drawn afresh."""
    game = new_game(seed=3)
    amap = AreaMap()
    amap.board, amap.scale, amap.cursor = game.map, SCALE, next(iter(game.map.areas))
    amap._static, amap._slots, amap._rows_of = prepare(game.map, SCALE)
    areas = list(game.map.areas)
    for step, (old, new) in enumerate(zip(areas[::3], areas[1::3])):
        if step % 6 == 0:                 # another seat's view, other marks: a repaint
            seat = ("axis", "soviet")[step // 6 % 2]
            labels, fills = panels.map_labels(game, game.view(seat), amap.room)
            amap.paint(labels, fills, set(areas[step % 4::4]))
        amap.cursor, was = old, amap.cursor
        amap._dirty({was, old}, labels_only=True)
        before = {y: cells(amap._row(y)) for y in range(game.map.height)}
        amap.cursor = new
        amap._dirty({old, new}, labels_only=True)
        slots = [s for a in (old, new) for s in amap._slots[a][:len(amap._labels[a])]]
        for y in range(game.map.height):
            after = cells(amap._row(y))
            assert after == fresh(amap, y), (old, new, y)
            for x, (was_cell, now) in enumerate(zip(before[y], after)):
                if was_cell != now:
                    assert any(y == sy and sx <= x < sx + n for sy, sx, n in slots), (old, new, x, y)

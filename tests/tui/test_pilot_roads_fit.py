"""Roads to Stalingrad at 80x24 (and 120x40): what the screen offers fits and can be reached.
Every entry of a long menu is shown whole when highlighted, the status pane's values all
show, the hint's thinking mark comes and goes, and the footer and help name ! and +
(playtest of 26 November)."""

from __future__ import annotations

import threading

import pytest
from textual.geometry import Region

from rules.roads import commands as c
from tests.support.roads import replayed
from tests.support.screens import flat, frame, key_for, menu, shown, stack, until
from tests.tui.test_pilot_roads import by_keys, settle
from tui.app import WartableApp
from tui.roads import panels

SIZES = [(80, 24), (120, 40)]


def entry_text(app, index: int) -> str:
    """The entry at ``index`` as the menu writes it (key, label, group count), spaces squeezed."""
    key, label, leaf = menu(app).items()[index]
    count = "" if leaf else f"  ({len(menu(app)._items[index].entries)}) ›"
    return " ".join(f"[{key or ' '}] {label}{count}".split())


async def every_entry_shown(pilot, app) -> None:
    """Down through the level from the highlighted entry round to it again: each entry, when
    highlighted, is on screen whole (every line of it) inside the menu's list."""
    options = menu(app).options
    count = len(menu(app).items())
    seen = set()
    for _ in range(count):
        index = options.highlighted
        seen.add(index)
        text = entry_text(app, index)
        assert text in shown(app, options), (
            f"entry {index + 1} of {count} is not shown whole: {text!r}\nshown: {shown(app, options)!r}")
        await pilot.press("down")
        await pilot.pause()
    assert seen == set(range(count))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_entry_of_a_long_gather_list_is_reached_and_shown_whole(size):
    """Eighteen units to gather, some wrapping onto a third line: each is shown whole when the
    arrows reach it, also after an undo brings the list back. (OptionList wrapped an entry's
    lines at the width before its scrollbar came; under the scrollbar "[2 SP]" lost "SP]".)"""
    game = replayed(1, 82, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    gathers = [cmd for cmd in game.legal() if isinstance(cmd, c.Gather)]
    assert len(gathers) >= 15
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press(key_for(app, "Gather the force"))
        await pilot.pause()
        assert len(menu(app).items()) == len(gathers)
        await every_entry_shown(pilot, app)
        by_area: dict[str, list] = {}
        for cmd in gathers:
            by_area.setdefault(game.state.units[cmd.unit].where, []).append(cmd)
        first = next(cmds[0] for cmds in by_area.values() if len(cmds) > 1)
        await by_keys(pilot, app, first)       # the list shrinks to that area's units
        assert len(menu(app).items()) < len(gathers)
        await pilot.press("u")                 # and the whole list comes back, at the same level
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen" and len(menu(app).items()) == len(gathers)
        await every_entry_shown(pilot, app)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_fifth_move_is_reached_and_shown(size):
    """The playtest's list: five moves, the fifth (Voroshilovgrad) below the fold at 80x24."""
    game = replayed(1, 2, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    moves = [cmd for cmd in game.legal() if isinstance(cmd, c.Move)]
    assert len(moves) == 5 and moves[-1].area == "voroshilovgrad"
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press(key_for(app, "Move the force"))
        await pilot.pause()
        await every_entry_shown(pilot, app)
        await pilot.press("q")                 # and the top level, back up
        await pilot.pause()
        assert menu(app).place[1] == ()
        await every_entry_shown(pilot, app)


def pane_rows(app, selector: str) -> list[str]:
    """The rows a panel draws at its width (all of them, also those its pane scrolls out)."""
    panel = app.screen.query_one(selector)
    region = Region(0, 0, panel.size.width, panel.size.height)
    return [strip.text.rstrip() for strip in panel.render_lines(region)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_supply_tracks_values_stay_beside_their_labels(size):
    """Late in a game (an Axis operation with its force, 45 cards played or discarded: the
    bots' game of seed 1 after 923 commands), no line of the supply track wraps a value away
    from its label: at 80x24 (33 columns) in shorter words, wider in the long ones."""
    game = replayed(1, 923, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        width = app.screen.query_one("#rd-track").size.width
        rows = pane_rows(app, "#rd-track")
        assert rows == panels.supply_text(game, game.view("axis"), width).plain.splitlines()
        assert all(len(row) <= width for row in rows), rows
        done = game.state.cards_done
        if width < 40:
            assert width == 33 and f"Cards played/discarded (7.c): {done}" in rows
            op = game.state.operation            # the bots' game is in an operation here
            assert op is not None and f"{op.side.capitalize()} op at {game.area_name(op.area)}: {op.sp} SP left" in rows
            assert any(row.startswith("Force: ") for row in rows), rows
        else:
            assert f"Cards played or discarded (7.c): {done}" in rows
        for side in ("Axis", "Soviet"):
            assert any(row.startswith(side) and row[-1].isdigit() for row in rows)


async def test_the_first_screen_shows_the_cards_played_with_their_number():
    """The playtest's frame at 80x24: the pane's fourth row is the cards played or discarded,
    and its number is on it (it had wrapped onto a row the pane does not show)."""
    game = replayed(1, 0, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "Cards played/discarded (7.c): 0" in shown(app, app.screen.query_one("#rd-info"))


async def test_the_hint_shows_a_thinking_mark_until_it_is_done_or_cancelled(monkeypatch):
    """`!` thinks in a worker: "hint: thinking" is on the title bar at once and the menu still
    answers the arrows; `!` again cancels it (the mark goes at once, and what the worker
    returns later is dropped); a command given while it thinks drops it too; a hint let
    finish opens and leaves no mark behind."""
    from rules.roads.ai import hint

    gates: list[threading.Event] = []

    def held(game, side):                      # each hint waits for the test to let it go
        gate = threading.Event()
        gates.append(gate)
        gate.wait(20)
        return hint(game, side)

    monkeypatch.setattr("rules.roads.ai.hint", held)      # the screen imports it when asked
    game = replayed(1, 82, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        screen = app.screen

        def title() -> str:
            return frame(app).split("\n")[0]

        assert "thinking" not in title()
        await pilot.press("exclamation_mark")
        await until(pilot, lambda: len(gates) == 1)
        assert screen.thinking == "hint" and title().startswith("⧗ hint: thinking…")
        options = menu(app).options
        before = options.highlighted
        await pilot.press("down")                          # the screen answers keys meanwhile
        await pilot.pause()
        assert options.highlighted == before + 1
        await pilot.press("exclamation_mark")              # cancelled: the mark goes at once
        await pilot.pause()
        assert not screen.thinking and "thinking" not in title()
        gates[0].set()                                     # its answer comes, and is dropped
        await until(pilot, lambda: screen._hints_running == 0)
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen" and "thinking" not in title()

        await pilot.press("exclamation_mark")              # a command given meanwhile drops it
        await until(pilot, lambda: len(gates) == 2)
        assert "hint: thinking" in title()
        gather = next(cmd for cmd in game.legal() if isinstance(cmd, c.Gather))
        await by_keys(pilot, app, gather)
        assert gather in game.log and "thinking" not in title()
        gates[1].set()
        await until(pilot, lambda: screen._hints_running == 0)
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen"

        await pilot.press("exclamation_mark")              # let finish: the hint, no mark
        await until(pilot, lambda: len(gates) == 3)
        gates[2].set()
        await until(pilot, lambda: stack(app)[-1] == "HintScreen")
        await pilot.pause()
        assert "Hint for Axis" in flat(app) and not screen.thinking
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen" and "thinking" not in title()


@pytest.mark.parametrize("size", [(80, 24), (86, 24), (120, 40), (140, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_footer_names_hint_and_overview_where_there_is_room_and_help_lists_them(size):
    """After the other keys, `! Hint` and `+ Overview` show where they fit whole (never cut
    into); at 80 columns the footer is as it was, and `?` lists ! and + with every key."""
    game = replayed(1, 0, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        footer = next(line for line in frame(app).split("\n") if " u Undo " in line).rstrip()
        keys = (" h Hand  v Map  x Cards  / Go to  u Undo  ? Help  q Back  s Save  l Log  r Rules")
        assert footer.startswith(keys)
        extra = footer[len(keys):]
        if size[0] >= 120:
            assert extra == "  ! Hint  + Overview"
        else:
            assert extra == "" and "!" not in footer         # no room: none of it
        await pilot.press("question_mark")
        await pilot.pause()
        assert stack(app)[-1] == "HelpScreen"
        assert "/ go to, ! hint, + overview." in app.screen.keys
        assert "! hint, + overview" in flat(app).replace(" │ ", " ")      # on screen, at the top

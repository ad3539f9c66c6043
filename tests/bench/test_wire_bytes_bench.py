"""Bytes on the wire per key (issue 24 item 6): what a key makes the app write to its terminal,
which is what an SSH link carries. They print figures and assert nothing. Run:

    .venv/bin/python -m pytest tests/bench/test_wire_bytes_bench.py -m bench -s -p no:xdist

(a) in a real 80x24 PTY, as ../shared/tools/key_bytes.py measures (the same drain: every byte
    until 0.25 s pass without one): an arrow in the Fall Blau orders menu, an arrow moving the
    Roads map cursor (`v` gives the map the keyboard), and a key in a bare Textual app;
(b) in-process, every string the app hands its driver (tests.support.terminal.Tap): the same
    menu and map cursor, and a step of a Roads battle (space in its step-through), each as
    wartable writes it (only the cells that changed) and as Textual alone would.
Median and max of each.
"""

from __future__ import annotations

import asyncio
import os
import select
import statistics

import pytest

from tests.bench.test_roads_tui_bench import cursor_keys, mid_game
from tests.bench.test_tui_bench import WARTABLE

pytestmark = pytest.mark.bench
PRESSES = 20
QUIET = 0.25                     # as key_bytes.py
WARM = 4                         # map-cursor arrows made before counting (the map scrolls to the cursor)
ARROWS = {"right": b"\x1b[C", "left": b"\x1b[D", "down": b"\x1b[B", "up": b"\x1b[A"}


def _drain(fd: int, quiet: float) -> int:
    got = 0
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return got
        got += len(os.read(fd, 65536))


def _pty_bytes(argv: list[str], marker: str, env: dict, prep: str, keys: list[str]) -> list[int]:
    from tests.bench.pty_probe import Term

    term = Term(argv, marker, env)
    try:
        _drain(term.fd, 0.8)
        for ch in prep:
            os.write(term.fd, ch.encode())
            _drain(term.fd, 0.5)
        sizes = []
        for key in keys:
            os.write(term.fd, ARROWS.get(key, key.encode()))
            sizes.append(_drain(term.fd, QUIET))
        return sizes
    finally:
        term.close()


def _figures(sizes: list[int]) -> str:
    return f"median {statistics.median(sizes):.0f} max {max(sizes)} bytes"


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A Fall Blau game with a full hand and a Roads game mid-way, saved: the PTY opens the saves
    (`wartable load`), in-process opens the same games."""
    from rules.core.save import dumps
    from tests.bench.test_tui_bench import full_hand_game

    data = tmp_path_factory.mktemp("wire-bytes")
    (data / "saves").mkdir()
    games = {"fallblau": full_hand_game(), "roads": mid_game()}
    paths = {}
    for name, game in games.items():
        paths[name] = data / "saves" / f"{name}.json"
        paths[name].write_text(dumps(game), encoding="utf-8")
    env = dict(os.environ, WARTABLE_DATA_DIR=str(data), COLUMNS="80", LINES="24")
    env.pop("NO_COLOR", None)
    env.pop("TEXTUAL_COLOR_SYSTEM", None)
    return games, paths, env


def test_pty_bytes_per_key(saved):
    """In an 80x24 PTY: the Fall Blau menu, the Roads map cursor, the bare app."""
    from tests.bench.pty_probe import BARE_ARGV, BARE_MARKER

    games, paths, env = saved
    autosave = paths["roads"].parent / "autosave.json"
    autosave.unlink(missing_ok=True)          # no game in progress: it would be kept first
    menu = _pty_bytes(WARTABLE + ["load", str(paths["fallblau"])], "Orders", env, "", ["down", "up"] * (PRESSES // 2))
    autosave.unlink(missing_ok=True)
    # the first arrows may scroll the map to the cursor: they are left out, as a player moves on
    cursor = _pty_bytes(WARTABLE + ["load", str(paths["roads"])], "seat:", env, "v",
                        cursor_keys(games["roads"], PRESSES + WARM))[WARM:]
    autosave.unlink(missing_ok=True)
    bare = _pty_bytes(BARE_ARGV, BARE_MARKER, env, "", ["x"] * PRESSES)
    print(f"\nbytes per key in an 80x24 PTY ({PRESSES} keys each, as key_bytes.py):"
          f"\n  Fall Blau menu (down/up): {_figures(menu)}"
          f"\n  Roads map cursor (arrows): {_figures(cursor)} (goal <= 600)"
          f"\n  bare Textual (x):          {_figures(bare)}")


async def _tapped(app, keys: list[str], before=None) -> list[int]:
    from tests.support.terminal import Tap
    from tests.tui.test_textual_insides import _drawn

    sizes = []
    async with app.run_test(size=(80, 24)) as pilot:
        await _drawn(pilot)
        if before is not None:
            await before(app, pilot)
            await _drawn(pilot)
        tap = Tap(app)
        for key in keys:
            await pilot.press(key)
            await _drawn(pilot)
            sizes.append(len(tap.take().encode()))
    return sizes


def _textual_alone(cls):
    """The app as Textual alone writes to the terminal (whole changed lines)."""
    from textual.app import App

    return type("TextualAlone", (cls,), {"_display": App._display})


def test_in_process_bytes_per_key(saved, monkeypatch):
    """What the app hands its driver for a key: the menu, the map cursor, a battle step (in 256
    colours, as the PTY's xterm-256color)."""
    from tui.app import WartableApp
    from tui.fallblau.screen import ResolutionScreen
    from tui.roads.screen import STEP_KINDS
    from tui.widgets.area_map import AreaMap

    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "256")   # read at import from the env
    monkeypatch.delenv("NO_COLOR", raising=False)
    games = saved[0]
    game = games["roads"]
    # a battle's events, stepped through as the Roads screen steps them (one step per chit,
    # check or result), enough for every press
    fights = [e for e in game.events if e.rule.startswith(("CC 9", "RtS 19"))][:3 * PRESSES]

    async def focus_map(app, pilot):
        await pilot.press("v")                           # as the PTY: v gives the map the keyboard
        await pilot.pause()
        assert isinstance(app.focused, AreaMap)
        for key in cursor_keys(game, WARM):              # the first arrows may scroll the map
            await pilot.press(key)

    async def open_steps(app, pilot):
        steps = ResolutionScreen(fights, STEP_KINDS)
        steps.add_class("rd-opaque")
        app.push_screen(steps)
        await pilot.pause()

    cases = {"Fall Blau menu (down/up)": (games["fallblau"], ["down", "up"] * (PRESSES // 2), None),
             "Roads map cursor (arrows)": (game, cursor_keys(game, PRESSES + WARM)[WARM:], focus_map),
             "Roads battle step (space)": (game, ["space"] * PRESSES, open_steps)}
    print(f"\nbytes per key handed to the driver, in-process at 80x24, 256 colours ({PRESSES} keys each):")
    for what, (played, keys, before) in cases.items():
        ours = asyncio.run(_tapped(WartableApp(played, autosave=False), keys, before))
        alone = asyncio.run(_tapped(_textual_alone(WartableApp)(played, autosave=False), keys, before))
        print(f"  {what}: {_figures(ours)}; Textual alone {_figures(alone)}")

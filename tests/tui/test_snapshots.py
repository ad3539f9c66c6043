"""Golden frames of the main screens, at 80x24 and 120x40, in colour and with NO_COLOR.

pytest-textual-snapshot needs pytest < 9, so the frames are made here: each case is rendered
with ``App.run_test()`` and kept twice under tests/tui/snapshots/:

    <name>.svg   ``App.export_screenshot()``: the exact picture, colours included
    <name>.txt   the characters of the frame, one line per terminal row (trailing spaces cut):
                 what to read when a golden changes

Both are compared exactly. After an intended change of the screens, rewrite them with

    .venv/bin/python -m pytest tests/tui/test_snapshots.py --update-snapshots -n 0

and read the .txt diff before committing. Frames are deterministic: fixed seeds, an empty data
directory (no dates on the launcher), games given to the app (no random seed on screen),
COLUMNS/LINES set to the frame size as a real terminal of that size would report them.
"""

from __future__ import annotations

import difflib
import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from rules.fallblau import Advance, new_game
from tui.app import WartableApp
from tui.fallblau.screen import EndScreen, FallBlauScreen, HelpScreen
from tui.launcher import LauncherScreen
from tui.widgets.command_menu import CommandMenu

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE_HINT = ".venv/bin/python -m pytest tests/tui/test_snapshots.py --update-snapshots -n 0"
GENERALS = ("hoth", "paulus", "ruoff")
SIZES = [(80, 24), (120, 40)]
COLOURS = ["colour", "nocolor"]


# ==========================================================================================
# Frames
# ==========================================================================================
def text_frame(app) -> str:
    """The characters on screen, every row, trailing spaces cut (the .txt golden)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    rows = console.export_text(styles=False).split("\n")[:height]
    assert len(rows) == height, f"{len(rows)} rows for a {width}x{height} screen"
    return "\n".join(row.rstrip() for row in rows) + "\n"


def key_for(app, label_start: str) -> str:
    for key, label, _leaf in app.screen.query_one(CommandMenu).items():
        if label.startswith(label_start):
            return key
    raise AssertionError(f"no menu entry starts with {label_start!r}")


def passed_through(app, label_start: str) -> bool:
    return any(label.startswith(label_start) for label in app.screen.query_one(CommandMenu)._prefix)


# ==========================================================================================
# The cases: (app, what to do before the frame is taken)
# ==========================================================================================
def midgame():
    """Seed 7, six commands chosen by a seeded policy, applied before the app starts."""
    game = new_game(seed=7, generals=GENERALS)
    rng = random.Random(7)
    for _ in range(6):
        game.apply(rng.choice(game.legal()))
    assert game.outcome is None
    return game


def finished():
    game = new_game(seed=3, generals=GENERALS)
    rng = random.Random(3)
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
    return game


async def launcher(pilot):
    assert isinstance(pilot.app.screen, LauncherScreen)
    assert "No game in progress." in text_frame(pilot.app)


async def fallblau(pilot):
    assert isinstance(pilot.app.screen, FallBlauScreen)


async def odds(pilot):
    app = pilot.app
    await pilot.press(key_for(app, "Attack!"))
    if not passed_through(app, "Friedrich Paulus"):
        await pilot.press(key_for(app, "Friedrich Paulus"))
    assert isinstance(app.screen, FallBlauScreen)
    assert app.screen.query_one(CommandMenu).depth >= 2      # one-group levels are passed through
    frame = " ".join(text_frame(app).split())
    assert "Odds (" in frame and "capture" in frame, frame


async def end(pilot):
    assert isinstance(pilot.app.screen, EndScreen)


async def help_screen(pilot):
    await pilot.press("question_mark")
    assert isinstance(pilot.app.screen, HelpScreen)


async def hint_screen(pilot):
    """`!`: the hint over the game (tui/fallblau/hint.py)."""
    from tui.fallblau.hint import HintScreen
    await pilot.press("exclamation_mark")
    assert isinstance(pilot.app.screen, HintScreen)
    assert "Hint: " in text_frame(pilot.app)


def odds_game():
    game = new_game(seed=7, generals=GENERALS)
    game.apply(next(c for c in game.legal()
                    if isinstance(c, Advance) and c.general == "hoth" and c.second is None))
    return game


def toi_result():
    """Tide of Iron, Ramming Speed's result form filled in as in the rulebook's Campaign Phase
    Example (James, Soviet: ammunition 2, morale 4, supply 12, three command objectives, held
    the initiative; the Germans hold the building), not yet confirmed."""
    from rules.toi import BeginBattle, EndBattle, Score, SetCommand, SetInitiative
    from rules.toi import new_game as toi_new_game
    game = toi_new_game(players=("Anna", "James"))
    for cmd in (BeginBattle(), EndBattle(), *(SetCommand("german", t, 4) for t in ("ammunition", "morale", "supply")),
                SetCommand("soviet", "morale", 4), SetCommand("soviet", "supply", 12), SetInitiative("soviet"),
                Score("german", "building-40a", 1), Score("soviet", "command-objectives", 3)):
        game.apply(cmd)
    return game


def toi_purchase():
    """The same example carried on to James's Resource Acquisitions (0 ammunition, 2 morale,
    4 supply to spend)."""
    from rules.toi import ConfirmResult, DonePurchasing, Halve, RaiseObjective
    game = toi_result()
    for cmd in (ConfirmResult(), Halve("supply", True), RaiseObjective("command-objectives"), DonePurchasing("german")):
        game.apply(cmd)
    return game


async def toi_screen(pilot):
    from tui.toi.screen import ToIScreen
    assert isinstance(pilot.app.screen, ToIScreen)


CASES = {
    "launcher": (lambda: None, launcher),
    "fallblau-midgame": (midgame, fallblau),
    "odds-preview": (odds_game, odds),
    "end": (finished, end),
    "help": (lambda: new_game(seed=5, generals=GENERALS), help_screen),
    "hint": (odds_game, hint_screen),
    "toi-result": (toi_result, toi_screen),
    "toi-purchase": (toi_purchase, toi_screen),
}


# -- Victory: The Blocks of War ------------------------------------------------------------
def victory_regroup():
    """A duel's first Regroup Phase, worked by hand with fixed dice: maps 4-1-6, layout 3,
    initiative 5-2 (Anna), a length roll of 1 on turn 7; 14 BP to 12, so Anna won by 2 VP and
    picks from the Standard, +1 and +2 Forcepools. She lost IN-2 and has picked three units."""
    from rules.core.dice import FixedDice
    from rules.victory import (
        AddUnit,
        ConfirmBattleGroup,
        Deployed,
        EnterBattlePoints,
        LoseUnit,
        NextTurn,
        Reinforce,
        RollBattleLength,
        RollInitiative,
        RollLayout,
        RollMaps,
        UnitsDone,
    )
    from rules.victory import new_game as victory_new_game
    group = ((3, "IN"), (3, "EN"), (2, "FA"), (2, "DB"), (2, "MA"), (2, "CA"), (1, "SS"), (1, "DD"), (1, "TB"),
             (1, "IN"))
    game = victory_new_game(players=("Anna", "James"), dice=FixedDice([4, 1, 6, 3, 5, 2, 1, 1, 1, 1, 6, 6]))
    for p in game.players:
        for cv, t in group:
            game.apply(AddUnit(p, t, cv))
        game.apply(ConfirmBattleGroup(p))
    for cmd in (RollMaps(), RollLayout(), RollInitiative(), Deployed("Anna"), Deployed("James"), *[NextTurn()] * 6,
                RollBattleLength(), EnterBattlePoints("Anna", 10, 2), EnterBattlePoints("James", 8, 2),
                LoseUnit("Anna", "IN-2"), UnitsDone("Anna"), UnitsDone("James"), Reinforce("Anna", "AR"),
                Reinforce("Anna", "MT"), Reinforce("Anna", "IN")):
        game.apply(cmd)
    return game


def victory_battle():
    """The same duel in battle 2 (maps 1-1-1, layout 6, Anna attacking as the winner of
    battle 1), turn 7, the battle-length roll made (6: the battle goes on)."""
    from rules.victory import (
        ConfirmReinforcements,
        Deployed,
        NextTurn,
        Reinforce,
        RollBattleLength,
        RollLayout,
        RollMaps,
    )
    game = victory_regroup()
    for cmd in (*[Reinforce("Anna", "IN")] * 7, ConfirmReinforcements("Anna"), *[Reinforce("James", "DD")] * 10,
                ConfirmReinforcements("James"), RollMaps(), RollLayout(), Deployed("Anna"), Deployed("James"),
                *[NextTurn()] * 6, RollBattleLength()):
        game.apply(cmd)
    return game


async def victory_screen(pilot):
    from tui.victory.screen import VictoryScreen
    assert isinstance(pilot.app.screen, VictoryScreen)


CASES.update({
    "victory-battle": (victory_battle, victory_screen),
    "victory-regroup": (victory_regroup, victory_screen),
})


async def render(case: str, size: tuple[int, int], cases: dict | None = None) -> tuple[str, str]:
    """(SVG, text) of `case` (a (make_game, prepare) pair of `cases`, default CASES) at `size`."""
    make_game, prepare = (CASES if cases is None else cases)[case]
    app = WartableApp(game=make_game(), autosave=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await prepare(pilot)
        await pilot.pause()
        return app.export_screenshot(), text_frame(app)


# ==========================================================================================
# Golden comparison
# ==========================================================================================
def check_golden(path: Path, actual: str, update: bool, tmp_path: Path) -> str | None:
    """None when ``actual`` equals the golden (or the golden was rewritten), else the problem."""
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8", newline="\n")
        return None
    if not path.exists():
        return (f"the golden frame {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path} "
                f"is missing. Create it with:\n    {UPDATE_HINT}\nthen read the new .txt file to check it.")
    expected = path.read_text(encoding="utf-8")
    if expected == actual:
        return None
    fresh = tmp_path / path.name
    fresh.write_text(actual, encoding="utf-8", newline="\n")
    message = f"{path.name} differs from its golden; the new frame is in {fresh}"
    if path.suffix == ".txt":
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                    "golden", "now", lineterm="")
        message += "\n" + "\n".join(diff)
    return message + f"\nIf the change is intended: {UPDATE_HINT}"


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("case", list(CASES))
async def test_snapshot(case, size, colour, monkeypatch, update_snapshots, tmp_path):
    await assert_golden(CASES, case, size, colour, monkeypatch, update_snapshots, tmp_path)


async def assert_golden(cases, case, size, colour, monkeypatch, update_snapshots, tmp_path) -> None:
    """Render `case` of `cases` at `size` in `colour` and compare it with its golden frames."""
    if colour == "nocolor":
        monkeypatch.setenv("NO_COLOR", "1")   # read by Textual when the App is constructed
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    # Headless, the app's Rich console would measure text for an 80x25 terminal whatever the
    # test size (a real terminal gives its own size), and RichLog wraps the log to it.
    monkeypatch.setenv("COLUMNS", str(size[0]))
    monkeypatch.setenv("LINES", str(size[1]))
    svg, txt = await render(case, size, cases)
    name = f"{case}-{size[0]}x{size[1]}-{colour}"
    problems = [p for p in (check_golden(SNAPSHOTS / f"{name}.txt", txt, update_snapshots, tmp_path),
                            check_golden(SNAPSHOTS / f"{name}.svg", svg, update_snapshots, tmp_path)) if p]
    assert not problems, "\n\n".join(problems)


# The terminal-window decoration of Rich's SVG template (its three buttons and its default
# text colour, used for the title) is not ours.
_CHROME = {"#ff5f57", "#febc2e", "#28c840", "#c5c8c6"}


@pytest.mark.parametrize("case", list(CASES))
def test_nocolor_goldens_are_grey_and_read_the_same_as_colour(case):
    """NO_COLOR frames use greys only, and say exactly what the colour frames say."""
    for width, height in SIZES:
        stem = SNAPSHOTS / f"{case}-{width}x{height}"
        colour_txt, nocolor_txt = Path(f"{stem}-colour.txt"), Path(f"{stem}-nocolor.txt")
        nocolor_svg = Path(f"{stem}-nocolor.svg")
        if not (colour_txt.exists() and nocolor_txt.exists() and nocolor_svg.exists()):
            pytest.fail(f"golden frames for {case} are missing; create them with:\n    {UPDATE_HINT}")
        assert colour_txt.read_text(encoding="utf-8") == nocolor_txt.read_text(encoding="utf-8")
        colours = set(re.findall(r"#[0-9a-fA-F]{6}\b", nocolor_svg.read_text(encoding="utf-8")))
        coloured = sorted(c for c in colours - _CHROME if not (c[1:3] == c[3:5] == c[5:7]))
        assert not coloured, f"{nocolor_svg.name} has colours under NO_COLOR: {coloured}"

"""Terminal-UI benchmarks: wartable's Textual app against a bare Textual app.

They print figures and assert nothing about time. Run:

    .venv/bin/python -m pytest tests/bench/test_tui_bench.py -m bench -s -p no:xdist

Budgets (ratios to a bare ``textual.app.App`` on the same machine):
  (a) start-up to the first interactive frame, headless 80x24: 1.2x
  (b) key press to repaint on the busiest screen (Fall Blau mid-game, full hand): 2x
  (c) peak memory of the process (its RSS high-water mark) at its first frame: 1.5x
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import ClassVar

import pytest

from rules.core.save import dumps
from rules.fallblau import Attack, new_game

pytestmark = pytest.mark.bench

ROOT = Path(__file__).resolve().parents[2]
RUNS = 5
PRESSES = 30
GENERALS = ("hoth", "paulus", "ruoff")

# The child process: imports, starts the app headless at 80x24, and at the first frame of the
# screen that matters (the launcher, the Fall Blau screen, or a bare app's default screen) prints
# the seconds since the parent spawned it and its peak RSS, then exits.
CHILD = r"""
import json, resource, sys, time
kind, spawned = sys.argv[1], float(sys.argv[2])

def peak_kb():
    # VmHWM: the peak RSS of this program image. ru_maxrss is not used on Linux: it survives
    # execve, so a child starts with the parent's (pytest's) peak at the fork.
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

from textual.app import App
if kind == "bare":
    app, target = App(), "Screen"
elif kind == "ours":
    from tui.app import WartableApp
    app, target = WartableApp(), "LauncherScreen"
else:
    from tui import storage
    from tui.app import WartableApp
    app, target = WartableApp(storage.load(sys.argv[3]), autosave=False), "FallBlauScreen"

shown = {}
original = App._display

def _display(self, screen, renderable):
    original(self, screen, renderable)
    if (not shown and renderable is not None and not self._batch_count
            and type(screen).__name__ == target and self.screen is screen):
        shown["seconds"] = time.time() - spawned
        shown["peak_kb"] = peak_kb()
        self.exit()

App._display = _display
app.run(headless=True, size=(80, 24))
shown["life_peak_kb"] = peak_kb()
print(json.dumps(shown))
"""


def full_hand_game():
    """A standard game mid-way with a full hand, no pending decision and an attack on offer."""
    for seed in range(200):
        game = new_game(seed=seed, generals=GENERALS)
        rng = random.Random(seed)
        for _ in range(300):
            s = game.state
            if game.outcome is not None:
                break
            if (len(s.hand) == game.c.hand_size and s.decision is None
                    and any(isinstance(c, Attack) for c in game.legal())):
                return game
            game.apply(rng.choice(game.legal()))
    raise AssertionError("no full-hand position found")


def child_run(kind: str, save: Path | None = None) -> dict:
    """One start-up in a fresh process; the child reports its own figures."""
    args = [sys.executable, "-c", CHILD, kind, ""]
    if save is not None:
        args.append(str(save))
    args[4] = repr(time.time())                           # the clock starts at the spawn
    done = subprocess.run(args, cwd=ROOT, env=dict(os.environ), capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert "seconds" in figures, f"{kind}: no first frame seen\n{done.stderr[-2000:]}"
    return figures


def median(values) -> float:
    return statistics.median(values)


@pytest.fixture(scope="module")
def startups(tmp_path_factory) -> dict[str, list[dict]]:
    save = tmp_path_factory.mktemp("bench") / "fullhand.json"
    save.write_text(dumps(full_hand_game()), encoding="utf-8")
    child_run("bare")                                     # warm the file cache and .pyc files
    child_run("ours")
    runs: dict[str, list[dict]] = {"bare": [], "ours": [], "ours-game": []}
    for _ in range(RUNS):                                 # interleaved: drift hits all alike
        runs["bare"].append(child_run("bare"))
        runs["ours"].append(child_run("ours"))
        runs["ours-game"].append(child_run("ours-game", save))
    return runs


def test_time_to_first_interactive_frame(startups):
    bare = median(r["seconds"] for r in startups["bare"])
    ours = median(r["seconds"] for r in startups["ours"])
    game = median(r["seconds"] for r in startups["ours-game"])
    print(f"\nfirst frame (headless 80x24, median of {RUNS}): launcher {ours:.3f} s, bare Textual "
          f"{bare:.3f} s, ratio {ours / bare:.2f}x (budget 1.1x); "
          f"Fall Blau screen from a save {game:.3f} s ({game / bare:.2f}x)")


def test_peak_memory(startups):
    def mib(kind: str, field: str) -> float:
        return median(r[field] for r in startups[kind]) / 1024

    bare, ours, game = mib("bare", "peak_kb"), mib("ours", "peak_kb"), mib("ours-game", "peak_kb")
    print(f"\npeak RSS at the first frame (VmHWM, median of {RUNS}): launcher {ours:.1f} MiB, "
          f"bare Textual {bare:.1f} MiB, ratio {ours / bare:.2f}x (budget 1.5x); "
          f"Fall Blau screen {game:.1f} MiB ({game / bare:.2f}x)")
    bare, ours, game = (mib(k, "life_peak_kb") for k in ("bare", "ours", "ours-game"))
    print(f"peak RSS over the whole run, start to exit (VmHWM): launcher {ours:.1f} MiB, bare "
          f"{bare:.1f} MiB, ratio {ours / bare:.2f}x; Fall Blau screen {game:.1f} MiB ({game / bare:.2f}x)")


# ------------------------------------------------------------------------------------------
# (b) key press to repaint
# ------------------------------------------------------------------------------------------
async def _timed_presses(app, keys: list[str]) -> tuple[list[float], list[float]]:
    """Per key: (1) ``pilot.press`` + ``pilot.pause()`` as a test would, which includes
    Textual's wait-for-idle polling (tens of ms whatever the work); (2) the key event posted
    straight to the app, every message it causes handled, and the frame composed: the work."""
    from textual import events

    paused, direct = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys:
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            paused.append(time.perf_counter() - start)
        for key in keys:
            event = events.Key(key, key if len(key) == 1 else None)
            event.set_sender(app)
            start = time.perf_counter()
            await app._post_message(event)
            for _ in range(3):                               # messages that post messages
                await pilot._wait_for_screen()
            app.screen._on_timer_update()                   # compose the frame now
            direct.append(time.perf_counter() - start)
            await pilot.pause()
    return paused, direct


def _bare_app():
    from textual.app import App
    from textual.widgets import Static

    class Counter(App):
        BINDINGS: ClassVar = [("x", "bump", "Bump")]

        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def compose(self):
            yield Static("0", id="count")

        def action_bump(self) -> None:
            self.count += 1
            self.query_one("#count", Static).update(str(self.count))

    return Counter()


def test_key_press_to_repaint():
    from tui.app import WartableApp
    from tui.fallblau.menu import menu_entries
    from tui.widgets.command_menu import MENU_KEYS

    game = full_hand_game()
    _title, entries = menu_entries(game)
    tops = list(dict.fromkeys(path[0] for path, _cmd in entries))
    attack = MENU_KEYS[tops.index("Attack!")]
    play = MENU_KEYS[tops.index("Play a card")]
    # open the Attack! group (odds preview), move the highlight, climb back; the same with the
    # hand's cards: each press re-lists a menu level and redraws the preview
    cycle = [attack, "down", "up", "q", play, "down", "q"]
    keys = (cycle * (PRESSES // len(cycle) + 1))[:PRESSES]
    ours, ours_direct = asyncio.run(_timed_presses(WartableApp(game, autosave=False), keys))
    assert game.digest() == full_hand_game().digest(), "the presses gave a command"
    bare, bare_direct = asyncio.run(_timed_presses(_bare_app(), ["x"] * PRESSES))
    o, b = median(ours) * 1000, median(bare) * 1000
    print(f"\nkey press to repaint (pilot.press + pause, median of {PRESSES}): Fall Blau full hand "
          f"{o:.1f} ms (max {max(ours) * 1000:.1f}), bare Textual {b:.1f} ms "
          f"(max {max(bare) * 1000:.1f}), ratio {o / b:.2f}x (budget 2x)")
    o, b = median(ours_direct) * 1000, median(bare_direct) * 1000
    print(f"key event to composed frame, no idle polling (median of {PRESSES}): Fall Blau full hand "
          f"{o:.2f} ms (max {max(ours_direct) * 1000:.2f}), bare Textual {b:.2f} ms "
          f"(max {max(bare_direct) * 1000:.2f}), ratio {o / b:.2f}x")


# ------------------------------------------------------------------------------------------
# (d) in a real 80x24 pseudo-terminal, as a player sees it: the launcher's first frame, a saved
#     game onto its screen, and a key in each game's menu to a settled screen, each against the
#     bare Textual app in the same run (pairs interleaved). Median, p99 and max of each.
# ------------------------------------------------------------------------------------------
PTY_PAIRS = 10
PTY_PRESSES = 40
MIDGAME_COMMANDS = 150          # Tide of Iron and Victory saves: this many random legal commands


def _midgame(game_id: str, options: dict):
    from rules import registry
    game = registry.factories()[game_id](seed=1, **options)
    rng = random.Random(1)
    while len(game.log) < MIDGAME_COMMANDS:
        game.apply(rng.choice(game.legal()))
        assert game.outcome is None
    return game


def _attack_choice_game():
    """Fall Blau at a decision where a General's Attack! offers two or more targets (each
    highlight shows its odds); with the keys that open that General's targets."""
    from tui.fallblau.menu import menu_entries
    from tui.widgets.command_menu import MENU_KEYS

    for seed in range(200):
        game = new_game(seed=seed, generals=GENERALS)
        rng = random.Random(seed)
        for _ in range(300):
            if game.outcome is not None:
                break
            if game.state.decision is None:
                _title, entries = menu_entries(game)
                tops = list(dict.fromkeys(path[0] for path, _ in entries))
                if "Attack!" in tops:
                    generals = list(dict.fromkeys(p[1] for p, _ in entries if p[0] == "Attack!"))
                    for i, g in enumerate(generals):
                        targets = {p[2] for p, _ in entries if p[:2] == ("Attack!", g)}
                        if len(targets) >= 2 and len(generals) >= 2:
                            return game, [MENU_KEYS[tops.index("Attack!")], MENU_KEYS[i]]
            game.apply(rng.choice(game.legal()))
    raise AssertionError("no position with an attack on two targets found")


def _first_group_key(game) -> str:
    """The key that opens the first group of a Victory menu (a player's entries): players keep
    their own digit (``Keyed``), so it is not always 1."""
    from tui.victory.menu import menu_entries
    from tui.widgets.command_menu import MENU_KEYS, key_hint

    _title, entries = menu_entries(game)
    return key_hint(entries[0][0][0]) or MENU_KEYS[0]


def _menu_title(game) -> str:
    """The command menu's title once the game is on its screen: the mark that it is loaded."""
    if game.game_id == "toi":
        from tui.toi.menu import menu_entries
    elif game.game_id == "victory":
        from tui.victory.menu import menu_entries
    else:
        from tui.fallblau.menu import menu_entries
    return menu_entries(game)[0]


@pytest.fixture(scope="module")
def pty_env(tmp_path_factory):
    """A scratch data directory with a save of each game; the environment to run wartable in."""
    data = tmp_path_factory.mktemp("pty-data")
    (data / "saves").mkdir()
    attack, attack_keys = _attack_choice_game()
    games = {"fallblau": full_hand_game(), "fallblau-attack": attack,
             "toi": _midgame("toi", {}), "victory": _midgame("victory", {"players": ("Anna", "James")})}
    saves = {}
    for name, game in games.items():
        path = data / "saves" / f"{name}.json"
        path.write_text(dumps(game), encoding="utf-8")
        saves[name] = (path, _menu_title(game), len(game.log))
    env = dict(os.environ, WARTABLE_DATA_DIR=str(data), COLUMNS="80", LINES="24")
    env.pop("NO_COLOR", None)
    # `resume` gets a data directory of its own: opening any other save autosaves over it
    resume = tmp_path_factory.mktemp("pty-resume")
    (resume / "saves").mkdir()
    (resume / "saves" / "autosave.json").write_text(dumps(games["fallblau"]), encoding="utf-8")
    return {"env": env, "resume_env": dict(env, WARTABLE_DATA_DIR=str(resume)), "saves": saves,
            "attack_keys": attack_keys, "victory_keys": [_first_group_key(games["victory"])]}


# the installed console script, as a player starts it (python -m tui.cli where there is none)
_SCRIPT = Path(sys.executable).with_name("wartable")
WARTABLE = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "tui.cli"]


def _line(what: str, ours: list[float], bare: list[float], unit: str = "ms", budget: str = "") -> str:
    from tests.bench.pty_probe import summary

    scale = 1000 if unit == "ms" else 1
    o, b = summary(ours), summary(bare)
    fmt = (lambda v: f"{v * scale:.1f}") if unit == "ms" else (lambda v: f"{v:.3f}")
    pairs = [x / y for x, y in zip(ours, bare)]
    return (f"{what}: median {fmt(o[0])} p99 {fmt(o[1])} max {fmt(o[2])} {unit}; bare median {fmt(b[0])} "
            f"p99 {fmt(b[1])} max {fmt(b[2])} {unit}; ratio of medians {o[0] / b[0]:.2f}x, pairwise "
            f"median {statistics.median(pairs):.2f}x p99 {summary(pairs)[1]:.2f}x{budget}")


def test_pty_first_frames(pty_env):
    """Spawn to first frame: the launcher, and each saved game onto its screen (`wartable load`,
    `wartable resume`) with the game shown in its menu (the menu's title), against the bare
    app's first frame. (A save of these games loads while the app starts and is in its screen's
    first frame; there is no loading frame to time. Roads' loading frame: test_roads_tui_bench.)"""
    from tests.bench.pty_probe import BARE_ARGV, BARE_MARKER, first_frame

    env, saves = pty_env["env"], pty_env["saves"]
    cases = {"launcher first frame": (WARTABLE, "Launcher", env)}
    for name in ("fallblau", "toi", "victory"):
        path, title, count = saves[name]
        cases[f"{name} save ({count} commands) onto its screen, game shown"] = (
            WARTABLE + ["load", str(path)], title, env)
    cases["fallblau resume onto its screen"] = (WARTABLE + ["resume"], saves["fallblau"][1], pty_env["resume_env"])
    first_frame(BARE_ARGV, BARE_MARKER, env)                          # warm the caches
    for argv, marker, case_env in cases.values():
        first_frame(argv, marker, case_env)
    times: dict[str, list[float]] = {k: [] for k in cases}
    bare: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(PTY_PAIRS):
        for what, (argv, marker, case_env) in cases.items():
            times[what].append(first_frame(argv, marker, case_env))
            bare[what].append(first_frame(BARE_ARGV, BARE_MARKER, env))
    print(f"\nin an 80x24 PTY, spawn to first frame ({PTY_PAIRS} pairs with the bare app's first frame):")
    for what in cases:
        budget = " (budget 1.1x)" if what.startswith("launcher") else " (budget 1.5x)"
        print("  " + _line(what, times[what], bare[what], unit="s", budget=budget))


def _key_case(env, argv, marker, setup, key, presses):
    from tests.bench.pty_probe import Term

    term = Term(argv, marker, env)
    try:
        for k in setup:
            term.press(k)
        term.settle(0.3)
        other = {"down": "up", "up": "down"}.get(key, key)
        return [term.press(key if i % 2 == 0 else other) for i in range(presses)]
    finally:
        term.close()


def test_pty_key_to_settled_screen(pty_env):
    """An arrow in each menu to a settled screen, against a key in the bare app (a repaint)."""
    from tests.bench.pty_probe import BARE_ARGV, BARE_MARKER, Term

    env, saves = pty_env["env"], pty_env["saves"]
    cases = {
        "launcher menu": (WARTABLE, "Launcher", []),
        "Fall Blau orders menu, new game (seed 3)":
            (WARTABLE + ["fallblau", "--seed", "3", "--generals", ",".join(GENERALS)], "Orders", []),
        "Fall Blau orders menu, full hand": (WARTABLE + ["load", str(saves["fallblau"][0])], "Orders", []),
        "Fall Blau Attack! targets (odds preview)":
            (WARTABLE + ["load", str(saves["fallblau-attack"][0])], "Orders", pty_env["attack_keys"]),
        "Tide of Iron menu": (WARTABLE + ["load", str(saves["toi"][0])], saves["toi"][1], []),
        "Victory menu (a player's entries)":
            (WARTABLE + ["load", str(saves["victory"][0])], saves["victory"][1], pty_env["victory_keys"]),
    }
    print(f"\nin an 80x24 PTY, key to settled screen ({PTY_PRESSES} presses, down and up in turn; "
          "the bare app: a key that repaints a line):")
    for what, (argv, marker, setup) in cases.items():
        bare_term = Term(BARE_ARGV, BARE_MARKER, env)
        ours: list[float] = []
        bare: list[float] = []
        try:
            ours = _key_case(env, argv, marker, setup, "down", PTY_PRESSES)
            bare = [bare_term.press("x") for _ in range(PTY_PRESSES)]
        finally:
            bare_term.close()
        print("  " + _line(what, ours, bare, budget=" (budget 2x)"))

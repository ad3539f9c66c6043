"""Random keys typed fast into every screen never crash the app (Textual Pilot, 80x24).

Each screen gets its own seeded run: keys from everything a player can press, arriving 0 to
60 ms apart (half of them together), never waiting for the app to settle. The app must still
be running at the end with no exception. `q` on the launcher would quit, so a quit is counted
and the typing goes on. Bounded (80 keys a screen) so the whole file takes about half a minute on two cores.
"""

from __future__ import annotations

import os
import random

import pytest

from rules.fallblau import new_game as new_fallblau
from rules.toi import new_game as new_toi
from rules.victory import new_game as new_victory
from tui import storage
from tui.app import WartableApp
from tests.support.keys import random_gaps, random_keys, type_fast
from tests.support.rules import finished_fallblau

# Longer local runs: WARTABLE_FUZZ_KEYS=2000 WARTABLE_FUZZ_SEEDS=10 python3 run.py test tests/tui/test_fuzz_keys.py
KEYS_PER_RUN = int(os.environ.get("WARTABLE_FUZZ_KEYS", "80"))
SEEDS = range(int(os.environ.get("WARTABLE_FUZZ_SEEDS", "1")))
GENERALS = ("hoth", "paulus", "ruoff")


class FuzzApp(WartableApp):
    """The app, except that a request to quit is counted instead of obeyed while typing."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.typing = False
        self.quits = 0

    def exit(self, *args, **kwargs) -> None:
        if self.typing:
            self.quits += 1
            return
        super().exit(*args, **kwargs)


def some_saves() -> None:
    """A data directory with a save of every game, a broken save and a statistics record."""
    rng = random.Random(1)
    fb = new_fallblau(seed=4, generals=GENERALS)
    for _ in range(12):
        fb.apply(rng.choice(fb.legal()))
    storage.autosave(fb)
    toi = new_toi(players=("Anna", "Ben"))
    for _ in range(6):
        toi.apply(rng.choice(toi.legal()))
    storage.save_named(toi, "toi game")
    vic = new_victory(seed=2, players=("Axis", "Allies"), mode="duel")
    for _ in range(30):
        vic.apply(rng.choice(vic.legal()))
    storage.save_named(vic, "victory game")
    (storage.saves_dir() / "broken.json").write_text('{"format": "wartable-save", ', encoding="utf-8")
    storage.record_result(finished_fallblau())


def _push(factory):
    async def setup(app, pilot):
        app.push_screen(factory(app))
        await pilot.pause()
    return setup


def _launcher_screen(name):
    def factory(app):
        if name == "new-fallblau":
            from tui.new_game import NewFallBlauScreen
            return NewFallBlauScreen()
        if name == "new-toi":
            from tui.new_toi import NewToIScreen
            return NewToIScreen()
        if name == "new-victory":
            from tui.new_victory import NewVictoryScreen
            return NewVictoryScreen()
        from tui.saves_screens import SavesScreen, StatsScreen
        return StatsScreen() if name == "stats" else SavesScreen(name)
    return _push(factory)


def _help(app):
    from tui.fallblau.screen import HelpScreen
    from rules.fallblau.help import load_help
    return HelpScreen("Rules reference", list(load_help().values()))


def _log(app):
    from tui.fallblau.screen import LogScreen
    return LogScreen(app.screen.game.events)


def _replay(app):
    from tui.replay import ReplayScreen
    return ReplayScreen(storage.load(storage.autosave_path()), "autosave")


async def _nothing(app, pilot):
    await pilot.pause()


# name: (the game the app opens on, or None for the launcher; how to reach the screen)
SCREENS = {
    "launcher": (None, _nothing),
    "new-fallblau": (None, _launcher_screen("new-fallblau")),
    "new-toi": (None, _launcher_screen("new-toi")),
    "new-victory": (None, _launcher_screen("new-victory")),
    "load": (None, _launcher_screen("load")),
    "replay": (None, _launcher_screen("replay")),
    "stats": (None, _launcher_screen("stats")),
    "fallblau": (lambda: new_fallblau(seed=5, generals=GENERALS), _nothing),
    "fallblau-missions-hard": (lambda: new_fallblau(seed=8, generals=("kleist", "hoth", "paulus"),
                                                    hard=True, missions=True), _nothing),
    "fallblau-end": (finished_fallblau, _nothing),
    "fallblau-help": (lambda: new_fallblau(seed=5, generals=GENERALS), _push(_help)),
    "fallblau-log": (lambda: new_fallblau(seed=5, generals=GENERALS), _push(_log)),
    "fallblau-replay": (None, _push(_replay)),
    "toi": (lambda: new_toi(players=("Anna", "Ben")), _nothing),
    "toi-red-october": (lambda: new_toi(start="red-october", players=("Anna", "Ben")), _nothing),
    "victory-duel": (lambda: new_victory(seed=3, players=("Axis", "Allies"), mode="duel"), _nothing),
    "victory-round-robin": (lambda: new_victory(seed=3, players=("Anna", "Ben", "Carl"),
                                                mode="round-robin"), _nothing),
}


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", list(SCREENS))
async def test_random_fast_keys_never_crash_the_screen(name, seed):
    make_game, reach = SCREENS[name]
    if make_game is None:             # the launcher's screens: saves and statistics to show
        some_saves()
    app = FuzzApp(make_game() if make_game else None)
    rng = random.Random(f"fuzz-{name}-{seed}")
    async with app.run_test(size=(80, 24)) as pilot:
        await reach(app, pilot)
        app.typing = True
        await type_fast(app, random_keys(rng, KEYS_PER_RUN), random_gaps(rng, KEYS_PER_RUN))
        await pilot.pause(0.2)
        app.typing = False
        assert app._exception is None
        assert app.is_running and app.screen_stack, "the app stopped"

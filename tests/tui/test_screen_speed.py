"""Screens as fast as the rules: a key repaints only what it changed, and a save opens on its
screen at once (marked as loading) while the game is replayed in a thread.

Pilot at 80x24; every test has its own empty data directory (tests/conftest.py).
"""

from __future__ import annotations

import re
import threading

from rules.core.save import dumps
from rules.fallblau import Advance, new_game
from rules.fallblau import odds as fallblau_odds   # the screen imports attack_odds from here when asked
from rules.registry import load_save
from tui import storage
from tui.app import WartableApp
from tui.fallblau import screen as fallblau_screen
from tui.fallblau.screen import FallBlauScreen
from tui.launcher import LauncherScreen
from tui.widgets.odds_panel import OddsPanel
from tests.support.screens import flat, key_for, labels, menu, passed_through, stack

GENERALS = ("hoth", "paulus", "ruoff")
SIZE = (80, 24)


def odds_game():
    """Seed 7 after Hoth advances alone: Paulus may attack Voronezh (adjacent)."""
    game = new_game(seed=7, generals=GENERALS)
    game.apply(next(c for c in game.legal()
                    if isinstance(c, Advance) and c.general == "hoth" and c.second is None))
    return game


def gate_load(monkeypatch):
    """Hold the replay of ``storage.load`` until the returned event is set."""
    release = threading.Event()
    real = storage.load

    def held(path):
        assert release.wait(30), "the test never released the load"
        return real(path)

    monkeypatch.setattr(storage, "load", held)
    return release


def _opened_on_save(path, game) -> WartableApp:
    """The app as `wartable load PATH` makes it, on a save of ``game`` written at ``path``."""
    path.write_text(dumps(game), encoding="utf-8")
    return WartableApp(save=(path, game.game_id, len(game.log)))


def _menu_notes(monkeypatch) -> list[str]:
    """The notes the command menu shows from now on (a loading frame writes one), recorded."""
    from tui.widgets.command_menu import CommandMenu

    notes: list[str] = []
    real_note = CommandMenu.note
    monkeypatch.setattr(CommandMenu, "note", lambda menu, text: (notes.append(text), real_note(menu, text)))
    return notes


async def wait_for(pilot, condition, tries: int = 200) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("the screen never got there")


# -- a save onto its screen ---------------------------------------------------------------------
def app_on_held_save(monkeypatch, tmp_path):
    """The app started on a save whose replay waits for the returned event."""
    game = odds_game()
    path = tmp_path / "mine.json"
    path.write_text(dumps(game), encoding="utf-8")
    release = gate_load(monkeypatch)
    return game, release, WartableApp(save=(path, "fallblau", len(game.log)))


async def test_a_save_shows_its_screen_marked_loading_then_the_game_fills_it(monkeypatch, tmp_path):
    game, release, app = app_on_held_save(monkeypatch, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen) and app.screen.game is None
        assert f"Loading the save ({len(game.log)} commands)" in flat(app)
        await pilot.press("u", "s", "l", "1", "down", "enter")        # nothing to act on yet
        assert stack(app) == ["LauncherBeneath", "FallBlauScreen"]
        release.set()
        await wait_for(pilot, lambda: app.screen.game is not None)
        await pilot.pause()
        assert app.screen.game.digest() == game.digest()
        assert "Orders" in flat(app) and "Loading the save" not in flat(app)
        assert labels(app), "the menu lists the legal commands"
        assert storage.last_game().digest() == game.digest()          # autosaved once loaded
        await pilot.press(key_for(app, "Attack!"))                    # and it plays
        assert menu(app).depth >= 1                    # (levels with one group are passed through)


async def test_a_save_loaded_while_the_app_starts_is_in_its_screens_first_frame(monkeypatch, tmp_path):
    """The save starts loading (in a thread) when the app is made: a quick one is loaded by the
    time its screen is mounted, and that screen's first frame shows the game (no loading frame,
    then a second with the game): the same screen as a game opened directly."""
    notes = _menu_notes(monkeypatch)
    game = odds_game()
    path = tmp_path / "mine.json"
    app = _opened_on_save(path, game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert stack(app) == ["LauncherBeneath", "FallBlauScreen"]
        assert app.screen.game is not None and app.screen.game.digest() == game.digest()
        assert notes == [], "a loading frame was drawn"
        loaded = flat(app)
        assert storage.last_game().digest() == game.digest()          # autosaved once shown
    direct = WartableApp(load_save(dumps(game)), autosave=False)
    async with direct.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert flat(direct) == loaded


async def test_leaving_while_a_save_loads_goes_back_and_the_late_game_is_dropped(monkeypatch, tmp_path):
    _game, release, app = app_on_held_save(monkeypatch, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        loading = app.screen
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)
        release.set()
        await wait_for(pilot, lambda: not any(w.is_running for w in app.workers))
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen) and loading.game is None
        assert not storage.autosave_path().exists()


async def test_a_save_that_does_not_load_ends_the_app_with_its_problem(tmp_path):
    game = odds_game()
    doc = dumps(game).replace(game.digest(), "0" * 64)
    path = tmp_path / "edited.json"
    path.write_text(doc, encoding="utf-8")
    app = WartableApp(save=(path, "fallblau", len(game.log)))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.load_error is not None)
    assert "edited or is damaged" in app.load_error and app.return_code == 1
    assert path.read_text(encoding="utf-8") == doc


async def test_a_save_chosen_in_the_launcher_that_does_not_load_goes_back_with_the_problem(tmp_path):
    game = odds_game()
    path = tmp_path / "edited.json"
    path.write_text(dumps(game).replace(game.digest(), "0" * 64), encoding="utf-8")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_save(path, "fallblau", len(game.log))
        await wait_for(pilot, lambda: isinstance(app.screen, LauncherScreen) and app.load_error is None
                       and not any(w.is_running for w in app.workers))
        await pilot.pause()
        assert stack(app) == ["LauncherScreen"]
        assert any("edited or is damaged" in str(n.message) for n in app._notifications)


async def test_a_save_opens_without_reparsing_the_styles_and_resumes_a_paused_collector(tmp_path,
                                                                                       monkeypatch):
    """Start-up: the first screen's styles are read with the app's (pushing a screen with new
    styles re-parses every style); a collector paused by ``wartable`` runs again, with what is
    alive frozen out of its walks, once the game is on screen."""
    import gc

    from textual.css.stylesheet import Stylesheet

    reparses = count_calls(monkeypatch, Stylesheet, "reparse")
    game = odds_game()
    path = tmp_path / "mine.json"
    path.write_text(dumps(game), encoding="utf-8")
    gc.disable()
    try:
        app = WartableApp(save=(path, "fallblau", len(game.log)))
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: getattr(app.screen, "game", None) is not None)
            await wait_for(pilot, gc.isenabled)
            assert gc.get_freeze_count() > 0
            assert reparses == []
    finally:
        gc.enable()


async def test_the_app_leaves_a_running_collector_alone():
    import gc

    app = WartableApp(new_game(seed=3, generals=GENERALS), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert gc.isenabled() and not app._collector_paused


# -- a key repaints only what it changed -------------------------------------------------------
def count_calls(monkeypatch, module, name: str) -> list:
    calls: list = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


async def test_a_highlight_move_rebuilds_no_panel_and_leaves_a_blank_preview_alone(monkeypatch):
    maps = count_calls(monkeypatch, fallblau_screen, "frontline")
    statuses = count_calls(monkeypatch, fallblau_screen, "status_line")
    entries = count_calls(monkeypatch, fallblau_screen, "menu_entries")
    app = WartableApp(new_game(seed=3, generals=GENERALS), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        odds = app.screen.query_one(OddsPanel)
        updates = count_calls(monkeypatch, odds, "update")
        before = (len(maps), len(statuses), len(entries))
        assert before == (1, 1, 1)
        for key in ("down", "down", "up", "down"):
            await pilot.press(key)
        await pilot.pause()
        assert (len(maps), len(statuses), len(entries)) == before
        assert updates == []                   # the top level previews nothing: never repainted
        app.screen.refresh_view()              # the same state again: nothing rebuilt
        assert (len(maps), len(statuses), len(entries)) == before


async def test_the_footer_is_one_line_repainted_only_when_the_keys_it_shows_change(monkeypatch, tmp_path):
    """The footer is one widget (Textual's is a widget per key, rebuilt whole on every change of
    the bindings): it shows the keys the screen offers, and is drawn again only when they change."""
    from tui.widgets.footer import Footer

    game, release, app = app_on_held_save(monkeypatch, tmp_path)
    drawn = count_calls(monkeypatch, Footer, "render")

    def keys():
        footer = app.screen.query_one(Footer)
        assert not footer.children
        return {binding.key: enabled for binding, enabled in footer._shown}

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert keys() == {"q": True}                                     # loading: only back
        assert "q Back" in flat(app)
        release.set()
        await wait_for(pilot, lambda: app.screen.game is not None)
        await wait_for(pilot, lambda: len(keys()) > 1)                   # loaded: every key works
        assert set(keys()) == {"u", "question_mark", "q", "s", "l", "r", "v", "x", "exclamation_mark"} and all(keys().values())
        assert "u Undo ? Help q Back" in flat(app)
        await pilot.pause()
        shown = len(drawn)
        assert shown <= 3
        for key in ("down", "down", "up"):
            await pilot.press(key)
        app.screen.refresh_bindings()            # the same keys again
        app.screen.query_one("#menu-options").focus()
        await pilot.pause()
        assert len(drawn) == shown and all(keys().values())


async def open_paulus_attacks(pilot) -> None:
    """The Attack! menu at Paulus's targets: Voronezh highlighted, its odds beside it."""
    await pilot.press(key_for(pilot.app, "Attack!"))
    if not passed_through(pilot.app, "Friedrich Paulus"):    # one General: passed through
        await pilot.press(key_for(pilot.app, "Friedrich Paulus"))
    await pilot.pause()


async def test_odds_come_right_after_the_move_and_each_is_worked_out_once_per_state(monkeypatch):
    worked = count_calls(monkeypatch, fallblau_odds, "attack_odds")
    app = WartableApp(odds_game(), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_paulus_attacks(pilot)
        shown = flat(app)
        assert "Odds (3 white dice)" in shown and "capture 12.5%" in shown, shown
        assert len(worked) == 1
        await pilot.press("q")                 # away and back: the odds are remembered
        await pilot.press(key_for(app, "Attack!"))
        await pilot.pause()
        assert "capture 12.5%" in flat(app) and len(worked) == 1


async def test_odds_asked_for_an_older_state_are_never_shown(monkeypatch):
    game = odds_game()
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await open_paulus_attacks(pilot)
        screen = app.screen
        version, cmd = screen._previewing
        worked = count_calls(monkeypatch, fallblau_odds, "attack_odds")
        await pilot.press("q")
        screen.play(next(c for c in game.legal() if c.describe().startswith("Consolidate")))
        await pilot.pause()
        screen._work_out_odds((version, cmd))  # a late preview of the state before the command
        assert worked == []
        assert "Odds (" not in flat(app)


def test_a_long_game_opens_with_only_its_recent_log(tmp_path):
    """Thousands of events are not all drawn as a save opens: the last ones and a note."""
    from tui.widgets.log_panel import LogPanel

    class Recorder(LogPanel):
        def __init__(self):
            super().__init__()
            self.lines: list = []

        def _put(self, text):
            self.lines.append(text)

    game = load_save(dumps(odds_game()))
    events = game.events * 100
    panel = Recorder()
    panel.add_recent(events)
    (written,) = panel.lines                      # the note and the recent events in one write
    note, *body = written.plain.split("\n")
    assert f"{len(events) - LogPanel.RECENT} earlier events" in note
    assert body == [LogPanel.text_of(e).plain for e in events[-LogPanel.RECENT:]]


# -- the line compositor: the same bytes, from only the widgets on the changed lines ------------
def _midgame_toi():
    import random

    from rules.toi import new_game as toi_game
    game = toi_game(seed=1)
    rng = random.Random(1)
    while len(game.log) < 150:
        game.apply(rng.choice(game.legal()))
    return game


def _partial_update_text(app, compositor, cls, dirty) -> str:
    """The bytes a partial update of ``dirty`` sends, as the compositor class ``cls`` makes it."""
    real = compositor.__class__
    compositor.__class__ = cls
    try:
        compositor._dirty_regions = set(dirty)
        update = compositor.render_partial_update()
    finally:
        compositor.__class__ = real
    text = "" if update is None else update.render_segments(app.console)
    # a cursor move that writes nothing before the next move (Textual makes one for a piece of
    # line that begins just where the change ends) changes no cell
    return re.sub(r"(\x1b\[\d+;\d+H)+(?=\x1b\[\d+;\d+H|\n|$)", "", text)


async def test_the_line_compositor_sends_the_bytes_textuals_would_for_any_change():
    """Every widget's region, random parts of the screen and pairs of them, on a Fall Blau, a
    Tide of Iron and a Roads to Stalingrad screen: the update writes Textual's text at Textual's
    places, byte for byte (but for cursor moves that write nothing)."""
    import random

    from textual._compositor import Compositor
    from textual.geometry import Region

    from tests.bench.test_roads_tui_bench import mid_game
    from tests.bench.test_tui_bench import full_hand_game
    from tui.textual_insides import LineCompositor

    rng = random.Random(8)
    for game in (full_hand_game(), _midgame_toi(), mid_game()):
        app = WartableApp(game, autosave=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            compositor = app.screen._compositor
            assert isinstance(compositor, LineCompositor)
            regions = [r for r, _clip in compositor.visible_widgets.values()]
            for _ in range(60):
                x, y = rng.randrange(80), rng.randrange(24)
                regions.append(Region(x, y, rng.randint(1, 80 - x), rng.randint(1, 24 - y)))
            cases = ([[r] for r in regions] + [rng.sample(regions, 2) for _ in range(40)]
                     + [rng.sample(regions, 4) for _ in range(20)])
            for dirty in cases:
                dirty = [r.intersection(Region(0, 0, 80, 24)) for r in dirty]
                dirty = [r for r in dirty if r.area]
                if not dirty:
                    continue
                ours = _partial_update_text(app, compositor, LineCompositor, dirty)
                textuals = _partial_update_text(app, compositor, Compositor, dirty)
                assert ours == textuals, dirty


async def settled(pilot, tries: int = 50) -> None:
    """Pause until a pause draws nothing more: the screen opened is drawn first (its first frame
    as soon as it is laid out), and what settles after it (a scrollbar that appears when the
    board is filled, the scrollbars it narrows) in the next few frames. A pause alone can end
    between those and the frame of their scrollbars (Textual's scrollbars are not children the
    pause waits for)."""
    from textual._compositor import Compositor

    compositor = pilot.app.screen._compositor
    for _ in range(tries):
        before = getattr(compositor, "_frames", 0)
        real = Compositor.render_update

        def counted(self, *args, **kwargs):
            self._frames = getattr(self, "_frames", 0) + 1
            return real(self, *args, **kwargs)

        Compositor.render_update = counted
        try:
            await pilot.pause(0.02)
        finally:
            Compositor.render_update = real
        if getattr(compositor, "_frames", 0) == before:
            return
    raise AssertionError("the screen never settled")


async def test_a_highlight_move_draws_only_the_menu(monkeypatch):
    """An arrow in the menu: the menu's entries are the only widget asked for lines, and only
    for the lines that changed (Textual would ask every widget beside and behind it)."""
    from textual.widget import Widget

    from tests.bench.test_tui_bench import full_hand_game

    for game in (full_hand_game(), _midgame_toi()):
        app = WartableApp(game, autosave=False)
        async with app.run_test(size=SIZE) as pilot:
            await settled(pilot)
            drawn: list = []
            real = Widget.render_lines
            monkeypatch.setattr(Widget, "render_lines",
                                lambda widget, crop: drawn.append((widget.id, crop.height)) or real(widget, crop))
            for key in ("down", "up"):
                drawn.clear()
                await pilot.press(key)
                await pilot.pause()
                assert drawn and {name for name, _ in drawn} == {"menu-options"}, drawn
                assert all(height <= 4 for _, height in drawn), drawn
            monkeypatch.undo()


async def test_a_map_cursor_move_draws_only_the_map_lines_and_the_area_pane(monkeypatch):
    """An arrow on the Roads map: the map is asked only for the lines around the two areas'
    labels, and the pane under the map for its lines; nothing beside or between them (the menu,
    the panels, the containers), and no layout."""
    from textual.screen import Screen
    from textual.widget import Widget

    from tests.bench.test_roads_tui_bench import cursor_keys, mid_game
    from tui.widgets.area_map import AreaMap

    game = mid_game()
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        amap = app.screen.query_one(AreaMap)
        amap.focus()
        await pilot.pause(0.2)
        drawn: list = []
        real, real_layout = Widget.render_lines, Screen._refresh_layout
        monkeypatch.setattr(Widget, "render_lines",
                            lambda widget, crop: drawn.append((widget.id, crop.height)) or real(widget, crop))
        monkeypatch.setattr(Screen, "_refresh_layout",
                            lambda screen, *a, **k: drawn.append(("layout", 0)) or real_layout(screen, *a, **k))
        for key in cursor_keys(game, 8):
            cursor, scroll = amap.cursor, amap.scroll_offset
            drawn.clear()
            await pilot.press(key)
            await pilot.pause()
            assert amap.cursor != cursor
            assert drawn and {name for name, _ in drawn} <= {"rd-map", "rd-detail"}, drawn
            if amap.scroll_offset == scroll:          # a scroll to follow the cursor draws it all
                assert all(height <= 8 for name, height in drawn if name == "rd-map"), drawn
        monkeypatch.undo()


async def test_an_app_opened_on_a_save_makes_the_launcher_only_when_it_is_shown(monkeypatch, tmp_path):
    """The launcher lists every save: opened on a save, the app does not make it unseen
    beneath the game; back from the game (q), the launcher is there, its list read then."""
    listed = count_calls(monkeypatch, storage, "list_saves")
    game = odds_game()
    path = tmp_path / "mine.json"
    app = _opened_on_save(path, game)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: getattr(app.screen, "game", None) is not None)
        assert "LauncherScreen" not in stack(app) and listed == []
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LauncherScreen))
        await pilot.pause()
        assert len(listed) == 1
        assert "Resume the last game (fallblau" in flat(app)
        await pilot.press("q")                                       # the launcher's q quits
        await pilot.pause()
    assert app.return_code == 0


async def test_a_roads_save_lays_out_its_screen_once_for_its_keys_and_width(monkeypatch, tmp_path):
    """Opening a Roads save: the footer shows the keys that work from the loading frame ("Back"
    alone), and the game's keys once it has loaded (not empty first); at 160 columns the screen
    is ``-wide`` as it is made, not restyled after its first frame."""
    from tests.bench.test_roads_tui_bench import mid_game
    from tui.roads.screen import RoadsScreen
    from tui.widgets.footer import Footer

    def shown() -> list[str]:
        footer = app.screen.query_one(Footer)
        return [binding.description for binding, _enabled in footer._shown or ()]

    game = mid_game(120)
    path = tmp_path / "roads.json"
    path.write_text(dumps(game), encoding="utf-8")
    release = gate_load(monkeypatch)
    made: list = []
    real_init = RoadsScreen.__init__

    def init(screen, *args, **kwargs):
        real_init(screen, *args, **kwargs)
        made.append(set(screen.classes))

    monkeypatch.setattr(RoadsScreen, "__init__", init)
    app = WartableApp(save=(path, "roads", len(game.log)))
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RoadsScreen))
        await pilot.pause()
        assert made == [{"-wide"}]
        assert shown() == ["Back"]
        release.set()
        await wait_for(pilot, lambda: app.screen.game is not None)
        await pilot.pause(0.3)
        keys = shown()
        assert "Undo" in keys and "Map" in keys


async def test_a_roads_save_loaded_while_the_app_starts_is_in_its_screens_first_frame(monkeypatch, tmp_path):
    """Roads too: the save loads (and the map's layers are built) in a thread from when the app
    is made; the screen's first frame shows the game, no loading frame before it, and it is the
    screen of the game opened directly; it is autosaved once shown."""
    from tests.bench.test_roads_tui_bench import mid_game
    from tui.roads.screen import RoadsScreen

    notes = _menu_notes(monkeypatch)
    game = mid_game(120)
    path = tmp_path / "roads.json"
    app = _opened_on_save(path, game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert stack(app) == ["LauncherBeneath", "RoadsScreen"]
        screen = app.screen
        assert isinstance(screen, RoadsScreen) and screen.game.digest() == game.digest()
        assert screen.computer == "soviet" and not screen.concealed and not screen._concealed
        assert notes == [], "a loading frame was drawn"
        # SteadyScreen's flag (a RoadsScreen method of that name once hid it: the held first
        # frame then waited for Textual's update timer)
        assert screen._drawn is True
        await pilot.pause(0.1)
        loaded = flat(app)
        assert storage.last_game().digest() == game.digest()          # autosaved once shown
    direct = WartableApp(load_save(dumps(game)), autosave=False)
    async with direct.run_test(size=SIZE) as pilot:
        await pilot.pause(0.1)
        assert flat(direct) == loaded

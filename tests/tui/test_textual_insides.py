"""What tui/textual_insides.py relies on inside Textual (a test per entry, named after it, that
fails when an upgrade changes it), and that it does what it is there for."""

from __future__ import annotations

import hashlib
import inspect
import os
import signal
import threading
from pathlib import Path

import pytest
import textual

from tests.support.screens import until
from tui import textual_insides
from tui.app import WartableApp

SIZE = (80, 24)


def test_lenient_linux_driver_copies_the_input_loop_of_this_textual():
    """LenientLinuxDriver is Textual's LinuxDriver.run_input_thread written out again with a
    lenient decoder: when an upgrade changes Textual's loop, copy it anew (the one change:
    ``errors="replace"``), or drop the driver if Textual decodes leniently now; then record the
    new digest. See the entry in tui/textual_insides.py."""
    from textual.drivers.linux_driver import LinuxDriver
    source = inspect.getsource(LinuxDriver.run_input_thread)
    assert hashlib.sha256(source.encode()).hexdigest() == textual_insides.LINUX_INPUT_LOOP, \
        "Textual's LinuxDriver.run_input_thread changed since tui/textual_insides.py copied it"
    assert textual.__version__ in textual_insides.CHECKED_ON, "a Textual not checked yet: check every entry"


def test_every_wartable_app_runs_on_the_lenient_driver():
    assert WartableApp().driver_class is textual_insides.LenientLinuxDriver


# ---- The entries of INSIDES: what each relies on, as this Textual has it -----------------

def _resolve(qualified: str):
    """``textual.screen.Screen._on_resize`` -> the function (a property's getter)."""
    import importlib
    parts = qualified.split(".")
    for i in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for name in parts[i:]:
            found = getattr(found, name)
        found = found.fget if isinstance(found, property) else found
        return getattr(found, "func", found)          # a cached property's function
    raise ImportError(qualified)


@pytest.mark.parametrize("entry", sorted(textual_insides.INSIDES))
def test_what_each_entry_relies_on_is_as_this_textual_has_it(entry):
    """Each entry of tui/textual_insides.py (line_compositor, steady_screen, widget_state)
    against the Textual it was checked on: a name gone or a source changed fails
    here by the entry's name. Read the change, check the entry, then record the new digest."""
    assert textual.__version__ in textual_insides.CHECKED_ON, "a Textual not checked yet: check every entry"
    for qualified, digest in textual_insides.INSIDES[entry].items():
        try:
            source = inspect.getsource(_resolve(qualified))
        except (ImportError, AttributeError) as exc:
            pytest.fail(f"{entry}: {qualified} is gone from this Textual ({exc})")
        assert hashlib.sha256(source.encode()).hexdigest() == digest, \
            f"{entry}: Textual's {qualified} changed since tui/textual_insides.py was checked"


def _private_names(cls) -> set[str]:
    """The private names Textual's classes in ``cls``'s MRO define, in their bodies or on self."""
    import re
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.startswith("textual"):
            names |= {n for n in vars(base) if n.startswith("_") and not n.startswith("__")}
            names |= set(re.findall(r"self\.(_[a-z]\w*)\s*(?::[^=\n]*)?=", inspect.getsource(base)))
    return names


def test_no_private_textual_name_outside_this_module():
    """Only tui/textual_insides.py imports a private module of Textual or rich, overrides or
    sets a private name of a Textual class it subclasses, or reads one of the private names of
    the Textual objects tui/ works with (App, Screen, Widget, the widgets it uses, the
    compositor, bindings) that no code of ours defines."""
    import ast
    import importlib
    import re
    from pathlib import Path

    from textual._compositor import Compositor
    from textual.app import App
    from textual.binding import BindingsMap
    from textual.screen import Screen
    from textual.widget import Widget
    from textual.widgets import DataTable, Input, OptionList, RichLog, Static

    import tui

    class _W(Widget):
        pass

    class _S(Screen):
        pass

    class _A(App):
        pass

    made = set(vars(_W)) | set(vars(_S)) | set(vars(_A))   # what Textual puts in every subclass
    root = Path(tui.__file__).parent
    files = [p for p in sorted(root.rglob("*.py")) if p.name != "textual_insides.py"]
    ours: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        ours |= set(re.findall(r"self\.(_[a-z]\w*)\s*(?::[^=\n]*)?=", text)) | set(re.findall(r"def (_[a-z]\w*)", text))
        ours |= set(re.findall(r"^\s+(_[a-z]\w*)\s*(?::[^=\n]*)?=", text, re.M))
    reached: set[str] = set()
    for cls in (App, Screen, Widget, RichLog, OptionList, Input, Static, DataTable, Compositor, BindingsMap):
        reached |= _private_names(cls)
    reached -= made
    found = []
    for path in files:
        where = path.relative_to(root.parent)
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            modules = ([node.module] if isinstance(node, ast.ImportFrom) and node.module
                       else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            found += [f"{where}:{node.lineno}: imports {m}" for m in modules
                      if re.match(r"(textual|rich)(\.\w+)*\._", m)]
        for number, line in enumerate(text.splitlines(), 1):
            found += [f"{where}:{number}: {name}" for name in re.findall(r"(?<!\bos)\.(_[a-z]\w*)\b", line)
                      if name in reached and name not in ours]
        module = importlib.import_module(".".join(where.with_suffix("").parts))
        for cls in vars(module).values():
            if (isinstance(cls, type) and cls.__module__ == module.__name__
                    and any(b.__module__.startswith("textual") for b in cls.__mro__[1:])):
                names = {n for n in vars(cls) if n.startswith("_") and not n.startswith(("__", "_default_"))}
                names |= set(re.findall(r"self\.(_[a-z]\w*)\s*(?::[^=\n]*)?=", inspect.getsource(cls)))
                found += [f"{where}: {cls.__name__} sets Textual's {n}" for n in sorted((names - made) & _private_names(cls))]
    assert not found, "private Textual names outside tui/textual_insides.py:\n" + "\n".join(found)


@pytest.mark.parametrize("bad", [b"\xff", b"\x80", b"\x80\xbf", b"\xe9", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98",
                                 b"\xf8", b"\xed\xa0\x80", b"\xc0\xaf"],
                         ids=["ff", "lone-continuation", "two-continuations", "latin1-e-acute", "truncated-2",
                              "truncated-3", "truncated-4", "8bit-meta-x", "surrogate", "overlong"])
async def test_a_byte_that_is_not_utf8_is_read_and_the_next_key_still_works(bad, tmp_path, monkeypatch):
    """The driver a wartable app runs on a terminal, reading from a pipe into a running app: the
    bad bytes, alone and then just before a key, leave its input thread alive and the app
    answering: 8 opens Statistics, q comes back."""
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    app = WartableApp()
    read_end, write_end = os.pipe()
    failed: list[BaseException] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "LauncherScreen")
            driver = app.driver_class(app)      # what reads a terminal's keys (the test's is headless)
            driver.fileno = read_end

            def read_keys() -> None:
                try:
                    driver.run_input_thread()
                except BaseException as exc:    # today's Textual: UnicodeDecodeError
                    failed.append(exc)

            thread = threading.Thread(target=read_keys, daemon=True)
            thread.start()
            for keys in (bad, b"8"), (b"q",), (bad + b"8",), (b"q",):
                for chunk in keys:
                    os.write(write_end, chunk)
                    await pilot.pause(0.1)
                want = "StatsScreen" if keys[-1].endswith(b"8") else "LauncherScreen"
                await until(pilot, lambda: failed or type(app.screen).__name__ == want, seconds=5)
                assert not failed, f"the input thread died: {failed[0]!r}"
                assert type(app.screen).__name__ == want
            assert thread.is_alive() and app.return_code is None
            driver.exit_event.set()
            thread.join(5)
    finally:
        os.close(write_end)
        os.close(read_end)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    assert not failed


def test_the_private_first_frame_modules_the_zygote_warms_are_still_there():
    """tui.textual_insides.FIRST_FRAME_MODULES: an upgrade that renames one fails here by name."""
    import importlib
    import sys

    from tui.textual_insides import FIRST_FRAME_MODULES, warm_first_frame
    warm_first_frame()
    for name in FIRST_FRAME_MODULES:
        assert name in sys.modules, name
        assert importlib.util.find_spec(name) is not None, name


# ---- Only the cells that changed, on the wire (ChangedCellsApp) ---------------------------

def test_changed_cells_app_relies_on_chops_update_and_app_display_of_this_textual():
    """ChangedCellsApp reads a ChopsUpdate as ChopsUpdate.render_segments does and overrides
    App._display with its checks: when an upgrade changes either, read them again (the entry
    in tui/textual_insides.py says what is relied on), then record the new digests."""
    from textual._compositor import ChopsUpdate, LayoutUpdate
    from textual.app import App
    from textual.strip import Strip

    digest = lambda f: hashlib.sha256(inspect.getsource(f).encode()).hexdigest()   # noqa: E731
    assert digest(ChopsUpdate.render_segments) == textual_insides.CHOPS_RENDER_SEGMENTS, \
        "Textual's ChopsUpdate.render_segments changed: ChangedCells must read chops as it does"
    assert digest(App._display) == textual_insides.APP_DISPLAY, \
        "Textual's App._display changed: ChangedCellsApp._display must make the same checks"
    assert {"chops", "spans", "chop_ends"} <= set(inspect.signature(ChopsUpdate).parameters)
    assert {"strips", "region"} <= set(inspect.signature(LayoutUpdate).parameters)
    assert hasattr(Strip([]), "_segments") and callable(Strip.render_style)
    assert textual.__version__ in textual_insides.CHECKED_ON


def _textuals_full_frame(app, size) -> "Screen":
    from tests.support.terminal import Screen

    screen = Screen(*size)
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    screen.feed(update.render_segments(app.console))
    return screen


async def _drawn(pilot) -> None:
    """Pause until nothing is waiting to be drawn."""
    app = pilot.app
    for _ in range(40):
        await pilot.pause()
        screen = app.screen
        if not (screen._compositor._dirty_regions or screen._dirty_widgets or screen._layout_required
                or screen._repaint_required):
            return
    raise AssertionError("the screen never settled")


def _diff(ours, theirs) -> str:
    for y, (a, b) in enumerate(zip(ours.cells, theirs.cells)):
        for x, (ca, cb) in enumerate(zip(a, b)):
            if ca != cb:
                return f"first difference at x={x} y={y}: sent {ca!r}, Textual's frame {cb!r}\n" \
                       f"sent:\n{ours.text()}\nTextual:\n{theirs.text()}"
    return ""


# moves, choices, and the keys that open a screen over the game (help, log, rules, hand, cards)
WALK_KEYS = ["up", "down", "left", "right", "up", "down", "tab", "shift+tab", "enter", "space", "v",
             "pagedown", "pageup", "home", "end", "escape", "1", "2", "question_mark", "l", "r", "h", "x"]


def _games():
    from tests.bench.test_roads_tui_bench import mid_game
    from tests.bench.test_tui_bench import full_hand_game
    from tests.tui.test_screen_speed import _midgame_toi
    return {"fallblau": full_hand_game, "roads": mid_game, "toi": _midgame_toi}


OWN_PROCESS = "WARTABLE_TEST_OWN_PROCESS"     # set where a walk runs in a process of its own


def _run_walks_alone(selection: str, colours: str | None, data: Path) -> str:
    """Run the walks picked by ``selection`` (a -k expression) in a new pytest process: a
    style's escape sequence is kept on the style itself, shared by every app of a process, so a
    walk after other tests' apps (NO_COLOR, another colour system) in the same worker compares
    frames rendered two ways. One process, one colour system, as in play."""
    import subprocess
    import sys

    env = dict(os.environ, WARTABLE_DATA_DIR=str(data), **{OWN_PROCESS: "1"})
    if colours is not None:
        env["TEXTUAL_COLOR_SYSTEM"] = colours
    env.pop("NO_COLOR", None)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                          __file__, "-k", selection], env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    return run.stdout


@pytest.mark.parametrize("size", ["80x24", "120x40"])
def test_changed_cells_replayed_in_a_process_of_their_own(size, tmp_path):
    """Every walk below at one size, in one process of its own (in this process's colour
    system): two processes of four walks, which the test workers can run side by side."""
    out = _run_walks_alone(f"replayed_show and {size}", None, tmp_path)
    assert "4 passed" in out, out[-500:]


@pytest.mark.skipif(os.environ.get(OWN_PROCESS) != "1",
                    reason="run in a process of its own (test_changed_cells_replayed_in_a_process_of_their_own)")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game_name,env", [("fallblau", {}), ("roads", {}), ("toi", {}),
                                           ("roads", {"NO_COLOR": "1"})],
                         ids=["fallblau", "roads", "toi", "roads-no-color"])
async def test_changed_cells_replayed_show_textuals_own_full_frame(game_name, env, size, tmp_path, monkeypatch):
    """A random walk of keys in a game: the bytes the app wrote, replayed into a model of a
    terminal, show after every key exactly the frame Textual renders whole (every cell's
    character, style and link); and partial updates did go out as changed cells. (In the
    colour system of this process; test_changed_cells_in_each_colour_system runs it in others.)"""
    import random

    from tests.support.terminal import Screen, Tap

    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("NO_COLOR", raising=False)
    if "NO_COLOR" in env:
        monkeypatch.setenv("NO_COLOR", env["NO_COLOR"])      # read by each App as it is made
    game = _games()[game_name]()
    rng = random.Random(f"{game_name}{size}{sorted(env.items())}")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await _drawn(pilot)
        tap = Tap(app)
        app.screen.refresh()                     # a full frame, through the tap: the start
        await _drawn(pilot)
        wire = Screen(*size, fill="?")
        wire.feed(tap.take())
        assert not _diff(wire, _textuals_full_frame(app, size)), _diff(wire, _textuals_full_frame(app, size))
        partial = 0
        now = size
        for step in range(60):
            key = rng.choice(WALK_KEYS)
            if step in (20, 40):             # a resize: the terminal's cells unknown, a full frame
                now = (size[0] + 9, size[1] + 5) if step == 20 else size
                await pilot.resize_terminal(*now)
                wire = Screen(*now, fill="?")
            else:
                await pilot.press(key)
            await _drawn(pilot)
            if app.return_code is not None or not app.is_running:
                break
            sent = tap.take()
            wire.feed(sent)
            frame = app._wire_frame
            partial += bool(sent) and frame is not None and frame.width == now[0]
            problem = _diff(wire, _textuals_full_frame(app, now))
            assert not problem, f"after {step + 1} keys (the last {key!r}): {problem}"
        assert step >= 30, "the walk ended early"
        assert partial >= 10


_GLYPHS = ["a", "b", " ", "─", "┼", "│", "╋", "•", "中", "文", "🙂", "e\u0301", "·", "…"]


def _strip(draw, width: int, styles):
    """A strip exactly ``width`` cells wide of glyphs (wide ones, box drawing, a combining mark)
    in a few styles (one with a link)."""
    from hypothesis import strategies as st
    from rich.cells import cell_len
    from rich.segment import Segment
    from textual.strip import Strip

    segments, used = [], 0
    while used < width:
        text = "".join(draw(st.lists(st.sampled_from(_GLYPHS), min_size=1, max_size=6)))
        while cell_len(text) > width - used:
            text = text[:-1]
        if not text or not cell_len(text):
            text = " "
        segments.append(Segment(text, draw(st.sampled_from(styles))))
        used += cell_len(text)
    return Strip(segments, width)


@pytest.mark.parametrize("color_system", ["truecolor", "standard"])
def test_changed_cells_of_wide_characters_and_box_drawing_replay_as_textuals_writes(color_system):
    """Property: a full frame or none, then partial updates of random pieces of lines (wide characters,
    box drawing, a combining mark, styles, a link) in random spans; what ChangedCells writes,
    replayed, leaves every cell as Textual's own writes of the same updates leave it; and never
    more bytes than Textual's."""
    import io

    from hypothesis import given, settings
    from hypothesis import strategies as st
    from rich.console import Console
    from rich.style import Style
    from textual._compositor import ChopsUpdate, LayoutUpdate
    from textual.geometry import Region

    from tests.support.terminal import Screen

    width, height = 30, 6
    styles = [None, Style(bold=True), Style(color="red", bgcolor="blue"), Style(color="#336699"),
              Style(underline=True, link="https://example.org/a"), Style(color="red", bgcolor="blue", meta={"x": 1})]

    @settings(max_examples=60, deadline=None)
    @given(st.data())
    def check(data):
        draw = data.draw
        console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                          color_system=color_system, legacy_windows=False)
        cuts = [sorted({0, width} | set(draw(st.lists(st.integers(1, width - 1), max_size=3))))
                for _ in range(height)]
        lines = [{a: _strip(draw, b - a, styles) for a, b in zip(row, row[1:])} for row in cuts]
        frame = textual_insides.WireFrame(object(), width, height)
        ours, theirs = Screen(width, height, fill="?"), Screen(width, height, fill="?")
        full = LayoutUpdate([list(line.values()) for line in lines], Region(0, 0, width, height))
        if draw(st.booleans()):              # else partial updates on a frame not known at all
            sent = textual_insides.FullFrame(frame, full).render_segments(console)
            assert sent == full.render_segments(console)
            ours.feed(sent)
            theirs.feed(sent)
        for _ in range(draw(st.integers(1, 6))):
            changed = draw(st.lists(st.integers(0, height - 1), min_size=1, max_size=height, unique=True))
            for y in changed:
                for a, b in zip(cuts[y], cuts[y][1:]):
                    if draw(st.booleans()):
                        lines[y][a] = _strip(draw, b - a, styles)
            spans = []
            for y in sorted(changed):        # one span on the line, or two with a gap between
                marks = sorted(draw(st.lists(st.sampled_from(cuts[y]), min_size=2, max_size=4, unique=True)))
                spans += [(y, marks[0], marks[1])] + ([(y, marks[2], marks[3])] if len(marks) == 4 else [])
            chops = [dict(line) for line in lines]
            update = ChopsUpdate(chops, spans, [row[1:] for row in cuts])
            mine = textual_insides.ChangedCells(frame, update).render_segments(console)
            textuals = update.render_segments(console)
            ours.feed(mine)
            theirs.feed(textuals)
            assert ours.cells == theirs.cells, _diff(ours, theirs)
            assert len(mine) <= len(textuals)

    check()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_battle_stepped_through_replays_as_textuals_frame_and_scrolls_the_terminal(size, tmp_path,
                                                                                          monkeypatch):
    """The step-through of Roads battles (space, one chit, check or result a step, the text
    moving up as it grows): after every step the replayed bytes show Textual's own full frame,
    and some steps went as a terminal scroll (DECSTBM, SU) and the cells still different."""
    from tests.bench.test_roads_tui_bench import mid_game
    from tests.support.terminal import Screen, Tap
    from tui.fallblau.screen import ResolutionScreen
    from tui.roads.screen import STEP_KINDS

    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    game = mid_game()
    fights = [e for e in game.events if e.rule.startswith(("CC 9", "RtS 19"))][:120]
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=size) as pilot:
        await _drawn(pilot)
        steps = ResolutionScreen(fights, STEP_KINDS)
        steps.add_class("rd-opaque")
        app.push_screen(steps)
        await _drawn(pilot)
        tap = Tap(app)
        app.screen.refresh()
        await _drawn(pilot)
        wire = Screen(*size, fill="?")
        wire.feed(tap.take())
        scrolls = 0
        for step in range(40):
            await pilot.press("space")
            await _drawn(pilot)
            sent = tap.take()
            scrolls += "S\x1b[r" in sent
            wire.feed(sent)
            problem = _diff(wire, _textuals_full_frame(app, size))
            assert not problem, f"after {step + 1} steps: {problem}"
        assert scrolls


@pytest.mark.parametrize("colours", ["standard", "256", "truecolor"])
def test_changed_cells_in_each_colour_system(colours, tmp_path):
    """The random walks of Fall Blau and Roads at 80x24 in a process of their own whose Textual
    renders in ``colours`` (TEXTUAL_COLOR_SYSTEM, which Textual reads once, at import; a style's
    sequence is then kept on the style itself, shared by every app of the process: one process,
    one colour system, as in play)."""
    out = _run_walks_alone("replayed_show and (fallblau-80x24 or roads-80x24)", colours, tmp_path)
    assert "2 passed" in out, out[-500:]

"""The log panel wraps its lines anew when its width changes: lines written in an 80-column
window do not stay cut at 78 in a wider one (playtest of 26 November), and notes written as
they are (an undo's) are kept through it."""

from __future__ import annotations

from rich.text import Text

import random

from rules.fallblau import new_game
from tui.app import WartableApp
from tui.widgets.log_panel import LogPanel


async def test_a_wider_window_wraps_the_log_anew_and_keeps_its_notes():
    game = new_game(seed=4, generals=("hoth", "paulus", "ruoff"))
    rng = random.Random(4)
    while len(game.events) < 40 and game.outcome is None:
        game.apply(rng.choice(game.legal()))
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPanel)
        log.note(Text("UNDO the last command was taken back."))
        await pilot.pause()
        narrow = len(log.lines)
        narrow_width = log.scrollable_content_region.width
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await pilot.pause()
        assert log.scrollable_content_region.width > narrow_width
        assert len(log.lines) < narrow                     # fewer lines: wrapped at the new width
        text = "\n".join(strip.text for strip in log.lines)
        assert "UNDO the last command was taken back." in text
        last = LogPanel.text_of(game.events[-1]).plain
        assert " ".join(text.split()).endswith(" ".join(last.split())) or \
            " ".join(last.split()) in " ".join(text.split())

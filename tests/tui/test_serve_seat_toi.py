"""A hosted Tide of Iron seat in a Red October Status Phase, where both players buy at once
(TOI Red October): each seat offers and gives only its own side's purchases and "done", so the
lobby's mark (each until done buying) means what it says. By Pilot at 80x24."""

from __future__ import annotations

import pytest

from rules.core.game import IllegalCommand
from rules.toi.commands import BeginBattle, DonePurchasing, StatusPhase
from tui import storage
from tui.serve import games
from tui.serve.seat import SeatApp

SIZE = (80, 24)


def labels(app) -> list[str]:
    return [label for _, label, _ in app.screen.query_one("CommandMenu").items()]


async def test_a_status_phase_seat_buys_and_finishes_only_for_its_own_side(tmp_path, monkeypatch):
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(tmp_path))
    seats = {s.side: s for s in games.create("toi", seed=3, start="red-october", players=("Anna", "Ben"))}
    game = storage.load(seats["Anna"].save_path)
    game.apply(BeginBattle())
    game.apply(StatusPhase(2))
    games.write(seats["Anna"], game)
    app = SeatApp(seats["Anna"])
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await pilot.pause(0.05)
            if type(app.screen).__name__ == "SinceScreen":    # what the table entered before
                await pilot.press("enter")
            if type(app.screen).__name__ == "SeatToIScreen":
                break
        menu = labels(app)
        assert any("German (Anna)" in label for label in menu)
        assert not any("Soviet" in label for label in menu), menu
        with pytest.raises(IllegalCommand, match="Not yours"):
            app.screen.game.apply(DonePurchasing("soviet"))
        app.screen.game.apply(DonePurchasing("german"))
        app.screen.refresh_view()
        await pilot.pause()
        assert not any("buy" in label for label in labels(app)), labels(app)   # waiting for Ben
    assert storage.load(seats["Anna"].save_path).state.buyers == ["soviet"]

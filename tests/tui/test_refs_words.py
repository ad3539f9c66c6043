"""Issue 10 items 6 and 8 at 80x24, by keys: cards and rules at hand, words for people.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

from rules.core.save import dumps
from rules.fallblau import new_game
from tui import storage
from tui.app import WartableApp
from tui.fallblau.screen import FallBlauScreen
from tests.support.screens import flat, key_for, stack

SIZE = (80, 24)
GENERALS = ("hoth", "kleist", "paulus")


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


def autosaved_in_progress():
    """A Fall Blau game one command in, in the autosave."""
    game = new_game(seed=7, generals=GENERALS)
    game.apply(game.legal()[0])
    storage.autosave(game)
    return game


# ==========================================================================================
# Item 8: a new campaign keeps the one in progress
# ==========================================================================================
async def test_a_new_campaign_keeps_the_one_in_progress_as_a_named_save():
    old = autosaved_in_progress()
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "New campaign: Fall Blau"))
        await pilot.pause()
        await pilot.press("1", "2", "4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen), stack(app)
        kept = [s for s in storage.list_saves() if s.name.startswith("in-progress-fallblau-")]
        assert len(kept) == 1
        assert any(f"kept as the save '{kept[0].name}'" in m for m in notes(app)), notes(app)
        assert dumps(storage.load(kept[0].path)) == dumps(old)        # the old game, whole
        assert storage.last_game().options["generals"] == ["hoth", "kleist", "ruoff"]


async def test_resuming_the_game_in_progress_keeps_no_copy_and_a_finished_game_is_not_kept():
    autosaved_in_progress()
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "Resume"))
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen), stack(app)
        assert [s.name for s in storage.list_saves()] == ["autosave"]
    # a game not begun (no command yet) has nothing to keep
    storage.autosave(new_game(seed=8, generals=GENERALS))
    assert storage.keep_in_progress() is None


# ==========================================================================================
# Item 6: Fall Blau's cards at hand
# ==========================================================================================
def kleist_game():
    """Kleist's look at the top three Event cards is the first decision (seed 7)."""
    game = new_game(seed=7, generals=GENERALS)
    assert game.state.decision.kind == "peek"
    return game


async def test_x_shows_every_card_of_every_deck_and_the_highlighted_cards_first():
    from rules.fallblau.content import load
    from tui.widgets.text_screen import TextScreen
    game = kleist_game()
    top = list(game.state.deck[:3])
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Kleist's reordering shows what each card does beside the order
        first = game.content.events[top[0]]
        assert f"1. {first.name}" in flat(app)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        body = app.screen.body.plain
        assert body.index("This entry's cards") < body.index(first.text) < body.index("Campaign cards")
        content = load()
        for card in [*content.campaign.values(), *content.events.values(), *content.missions.values()]:
            assert card.name in body and card.text in body, card.name
        assert "Elista" in body and "4 red cubes while Grozny is not captured, else 2" in body
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen)


async def test_r_shows_the_rules_then_the_cards():
    from tui.fallblau.screen import HelpScreen
    app = WartableApp(game=kleist_game())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("end")
        await pilot.pause()
        assert "Mission card" in flat(app)


async def test_the_setup_screen_shows_whole_abilities_and_answers_help_rules_and_cards():
    from rules.fallblau.content import load
    from tui.fallblau.screen import HelpScreen
    from tui.new_game import NewFallBlauScreen
    from tui.widgets.text_screen import TextScreen
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "New campaign: Fall Blau"))
        await pilot.pause()
        assert isinstance(app.screen, NewFallBlauScreen)
        for general in load().generals.values():
            assert general.ability_text in flat(app), general.name       # whole, never cut with …
        for key, screen, words in (("question_mark", HelpScreen, "Help: a new campaign"),
                                   ("r", HelpScreen, "Rules reference"),
                                   ("c", TextScreen, "Cards: Campaign: Fall Blau")):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen) and words in flat(app), stack(app)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, NewFallBlauScreen)


# ==========================================================================================
# Item 6: the Tide of Iron rules reference, with the Command cards' sides and the screen's words
# ==========================================================================================
async def test_toi_r_shows_the_rules_reference_with_rec_vet_and_the_veteran_side():
    from rules.toi import new_game as toi_game
    from rules.toi.help import load_help
    from tui.fallblau.screen import HelpScreen
    from tui.toi.screen import ToIScreen
    app = WartableApp(game=toi_game(players=("Anna", "James")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "rec" in flat(app)                                   # the cards row uses the word
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Rules reference: Tide of Iron" in flat(app)
        body = str(app.screen.query_one("#help-scroll Static").content)
        for topic in load_help().values():
            assert topic.title in body
        assert "rec: the Recruit side" in body and "VET: the Veteran side" in body
        assert "The rulebook does not print that text" in body
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen)

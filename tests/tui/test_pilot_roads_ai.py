"""The Roads computer opponent on the screen (issue 12, item 3), driven by keys at 80x24: it
thinks in a worker thread with a visible mark while the screen answers keys, its explanation
goes to the log, and the hint key shows what the hard AI would do for the side to act."""

from __future__ import annotations

import threading

from rules.roads import new_game
from rules.roads.ai import SearchBot, hint
from rules.roads.bots import BOTS
from tests.support.screens import flat, frame, key_for, stack, until
from tui import storage
from tui.app import WartableApp
from tui.roads import screen as roads_screen
from tui.roads.screen import RoadsScreen
from tui.widgets.area_map import AreaMap
from tui.widgets.log_panel import LogPanel

SIZE = (80, 24)


async def test_the_computer_thinks_off_the_ui_thread_with_a_mark_and_logs_why(monkeypatch):
    go = threading.Event()
    decide = SearchBot.decide

    def held(self, copy):                                  # the search waits for the test
        assert threading.current_thread() is not threading.main_thread()
        go.wait(20)
        return decide(self, copy)

    monkeypatch.setattr(SearchBot, "decide", held)
    game = new_game(seed=5, players={"axis": "Computer", "soviet": "Anna"}, computer="axis",
                    strength="easy")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.bot.name == "easy"                   # the strength kept in the options
        await until(pilot, lambda: screen.thinking == "computer")
        assert "thinking" in frame(app).split("\n")[0]     # the mark on the status line
        assert not screen.query_one(AreaMap).has_focus
        await pilot.press("v")                             # the screen answers keys meanwhile
        await pilot.pause()
        assert screen.query_one(AreaMap).has_focus
        assert len(game.log) == 0
        go.set()
        await until(pilot, lambda: len(game.log) > 0)
        await until(pilot, lambda: not screen.thinking)
        assert "thinking" not in frame(app).split("\n")[0]
        logged = [line.text.strip() for line in screen.query_one(LogPanel).lines]
        assert any("Computer (easy): " in line for line in logged)


async def test_the_hint_key_shows_what_the_hard_ai_would_do_for_the_side_to_act(monkeypatch):
    go = threading.Event()

    def held(game, side):                                  # the hint waits for the test
        go.wait(20)
        return hint(game, side)

    monkeypatch.setattr("rules.roads.ai.hint", held)       # the screen imports it when asked
    game = new_game(seed=6, players={"axis": "Anna", "soviet": "Ben"})
    bot = BOTS["heuristic"](1)
    while len(game.legal()) < 3 or game.to_act() != "axis":
        game.apply(bot.choose(game))
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: stack(app)[-1] == "PassScreen")
        await pilot.press("enter")                         # hot-seat: Anna takes the keyboard
        await pilot.pause()
        screen = app.screen
        before = len(game.log)
        await pilot.press("exclamation_mark")
        await until(pilot, lambda: screen.thinking == "hint", 5)
        assert "hint" in frame(app).split("\n")[0]
        go.set()
        await until(pilot, lambda: stack(app)[-1] == "HintScreen")
        await pilot.pause()
        text = flat(app)
        assert "Hint for Axis" in text
        assert any(game.describe(cmd) in text for cmd in game.legal())
        assert len(game.log) == before                     # a hint plays nothing
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen"
        assert "hint" not in frame(app).split("\n")[0]


async def test_the_new_campaign_screen_offers_the_computers_strength():
    app = WartableApp(autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "New campaign: Roads to Stalingrad"))
        await pilot.pause()
        assert "computer:" not in flat(app)               # hot-seat: no strength to choose
        await pilot.press("m")                             # you the Axis, the computer the Soviets
        await pilot.pause()
        assert "[s] computer: normal" in flat(app)
        await pilot.press("s")
        await pilot.pause()
        assert "[s] computer: hard" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RoadsScreen)
        assert app.screen.game.options["strength"] == "hard" and app.screen.bot.name == "hard"
    assert storage.load_settings()["roads_strength"] == "hard"

    app = WartableApp(autosave=False)                      # the next start offers it first
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "New campaign: Roads to Stalingrad"))
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert "[s] computer: hard" in flat(app)
        assert "kept for your next game" in flat(app)


async def test_the_new_campaign_screen_offers_expert_after_hard_and_plays_it():
    """Issue 25, item 2: expert (rules/roads/ai/expert.py) is the fourth strength."""
    from rules.roads.ai.expert import ExpertBot
    app = WartableApp(autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "New campaign: Roads to Stalingrad"))
        await pilot.pause()
        await pilot.press("m", "s", "s")
        await pilot.pause()
        assert "[s] computer: expert (up to 2 s a move, the strongest)" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.game.options["strength"] == "expert"
        assert isinstance(app.screen.bot, ExpertBot) and app.screen.bot.name == "expert"
    assert storage.load_settings()["roads_strength"] == "expert"


async def test_the_settings_turn_the_computers_strength_through_its_four_choices():
    app = WartableApp(autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "Settings"))
        await pilot.pause()
        assert "The computer in a new Roads to Stalingrad game: normal" in flat(app)
        for expected in ("hard", "expert", "easy", "normal", "hard"):
            await pilot.press(key_for(app, "The computer in a new Roads"))
            await pilot.pause()
            assert f"The computer in a new Roads to Stalingrad game: {expected}" in flat(app)
        assert app.roads_strength == "hard"
    assert storage.load_settings() == {"confirmations": True, "roads_strength": "hard"}


async def test_a_failed_search_still_lets_the_computer_move(monkeypatch):
    def broken(self, copy):
        raise RuntimeError("no worlds")

    monkeypatch.setattr(SearchBot, "decide", broken)
    game = new_game(seed=5, players={"axis": "Computer", "soviet": "Anna"}, computer="axis")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(game.log) > 0)
        await pilot.pause()
        logged = [line.text.strip() for line in app.screen.query_one(LogPanel).lines]
        assert any("Computer (normal): " in line and "by doctrine" in line for line in logged)


async def test_the_computers_battle_is_stepped_through_when_the_keyboard_comes_back(monkeypatch):
    """Against the computer, what it did (its moves, the battle it began, its chit and checks)
    is stepped through, one result at a time, when the player gets the keyboard back, as the
    player's own results are: not left to the log alone (playtest of 26 November, finding 1)."""
    from rules.roads.ai.search import Decision
    from tui.roads.screen import STEP_KINDS

    doctrine = BOTS["heuristic"](1)

    def by_doctrine(self, copy):                           # quick and the same on every run
        cmd = doctrine.choose(copy)
        return Decision(cmd, "doctrine", 0.0, False, public=copy.describe(cmd))

    monkeypatch.setattr(SearchBot, "decide", by_doctrine)
    monkeypatch.setattr(roads_screen, "BOT_PAUSE", 0.01)
    game = new_game(seed=4, players={"axis": "Computer", "soviet": "Anna"}, computer="axis")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: stack(app)[-1] == "ResolutionScreen")
        await pilot.pause()
        assert game.to_act() == "soviet"                   # the computer stopped: the player's turn
        steps = app.screen
        assert "The computer's turn" in flat(app)
        assert steps.events == game.events                 # all it did since the start, in order
        assert any(e.kind == "chit" for e in steps.events) and any(e.dice for e in steps.events)
        first_stop = steps.shown
        assert steps.events[first_stop - 1].kind in STEP_KINDS and first_stop < len(steps.events)
        await pilot.press("space")                         # one result at a time
        await pilot.pause()
        assert steps.shown > first_stop
        await pilot.press("a")
        await pilot.pause()
        assert steps.shown == len(steps.events)
        await pilot.press("q")
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen" and len(game.log) == 4


async def test_the_computers_moves_alone_are_not_stepped_through():
    """Only moves among what the computer did: nothing to step through, the log panel tells
    them; a die among them: stepped through."""
    from rules.core.events import Event

    game = new_game(seed=4, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert game.to_act() == "axis"                     # the player's keyboard
        done = []
        screen._computers_turn([Event("16th Army moves into Livny", kind="move")], lambda: done.append(1))
        await pilot.pause()
        assert done == [1] and stack(app)[-1] == "RoadsScreen"
        screen._computers_turn([Event("Soviet rolls", kind="roll", dice=(4,))], lambda: done.append(2))
        await pilot.pause()
        assert stack(app)[-1] == "ResolutionScreen" and done == [1]
        await pilot.press("q")
        await pilot.pause()
        assert done == [1, 2] and stack(app)[-1] == "RoadsScreen"


def _doctrine(monkeypatch):
    """The computer plays the heuristic bot's command at once (quick, the same on every run)."""
    from rules.roads.ai.search import Decision

    doctrine = BOTS["heuristic"](1)

    def by_doctrine(self, copy):
        cmd = doctrine.choose(copy)
        return Decision(cmd, "doctrine", 0.0, False, public=copy.describe(cmd))

    monkeypatch.setattr(SearchBot, "decide", by_doctrine)
    monkeypatch.setattr(roads_screen, "BOT_PAUSE", 0.01)


def _at_the_card_or_map_choice():
    """Seed 3 played by the bots up to the Soviet's Card/Map choice (the player's, against the
    computer's Axis) after which, Card chosen, the choices are revealed and the Axis acts."""
    from rules.roads import commands as c

    game = new_game(seed=3, players={"axis": "Computer", "soviet": "Anna"}, computer="axis")
    bots = {side: BOTS["heuristic"](3) for side in ("axis", "soviet")}
    for _ in range(11):
        game.apply(bots[game.to_act()].choose(game))
    assert game.to_act() == "soviet" and c.Choose("soviet", "card") in game.legal()
    return game


def _pushed(app, monkeypatch) -> list[str]:
    """The headings of the step-throughs the app shows, in order."""
    from tui.fallblau.screen import ResolutionScreen

    headings: list[str] = []
    push = type(app).push_screen

    def recorded(self, screen, *args, **kwargs):
        if isinstance(screen, ResolutionScreen):
            headings.append(screen.heading)
        return push(self, screen, *args, **kwargs)

    monkeypatch.setattr(type(app), "push_screen", recorded)
    return headings


async def _choose_card_and_wait(pilot, app, game) -> None:
    """The player chooses Card (menu keys, confirmed); then no key until the computer stops."""
    from tests.support.screens import key_for

    await until(pilot, lambda: stack(app)[-1] == "RoadsScreen" and not app.screen.thinking)
    await pilot.press(key_for(app, "Card or Map"))
    await pilot.press(key_for(app, "Choose Card"))
    assert stack(app)[-1] == "ConfirmScreen"
    before = len(game.log)
    await pilot.press("y")
    # no key pressed from here: the summary comes up by itself when the computer stops
    await until(pilot, lambda: stack(app)[-1] == "ResolutionScreen" and game.to_act() == "soviet")
    assert len(game.log) > before + 1                      # the computer acted in between


async def test_the_computers_turn_shows_when_it_stops_with_the_players_reveal_and_no_popup_before(
        monkeypatch):
    """Playtest of 26 November (hard): the summary of the computer's turn is on top as soon as
    the computer stops, without a key (a key pressed then was lost to it); the Card/Map reveal
    after the player's choice no longer holds the computer up in a popup of its own: it is the
    first step of the one summary. After the summary, the next key is the menu's."""
    from tests.support.screens import menu

    _doctrine(monkeypatch)
    game = _at_the_card_or_map_choice()
    app = WartableApp(game, autosave=False)
    headings = _pushed(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await _choose_card_and_wait(pilot, app, game)
        await pilot.pause()
        steps = app.screen
        assert headings == ["The computer's turn"]        # one popup per hand-back: no "What happens"
        assert "The computer's turn" in flat(app)
        assert steps.events[steps.shown - 1].kind == "reveal" and "Revealed" in flat(app)
        assert not app._held_keys
        await pilot.press("q")
        await until(pilot, lambda: stack(app)[-1] == "RoadsScreen")
        key, label, leaf = menu(app).items()[0]
        depth = menu(app).depth
        await pilot.press(key)                             # the menu's entry, not lost
        await until(pilot, lambda: menu(app).depth > depth or stack(app)[-1] == "ConfirmScreen", 5)
        assert menu(app).depth > depth or stack(app)[-1] == "ConfirmScreen", (label, stack(app))


async def test_a_menu_key_typed_on_the_computers_turn_closes_it_and_does_its_menu_action(monkeypatch):
    """A key the summary does not take (not space, Enter, a, q, the scroll's) is not eaten: it
    closes the summary and goes to the board, where it means what it always means."""
    from tests.support.screens import menu

    _doctrine(monkeypatch)
    game = _at_the_card_or_map_choice()
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await _choose_card_and_wait(pilot, app, game)
        await pilot.pause()
        board = app.screen_stack[-2]
        version = game.version
        key, label, leaf = next(item for item in board.query_one("CommandMenu").items() if item[0] not in "aq")
        await pilot.press(key)
        await until(pilot, lambda: stack(app)[-1] != "ResolutionScreen", 5)
        await until(pilot, lambda: menu(app).depth > 0 or stack(app)[-1] == "ConfirmScreen", 5)
        assert stack(app)[-1] in ("RoadsScreen", "ConfirmScreen"), stack(app)
        assert menu(app).depth > 0 or stack(app)[-1] == "ConfirmScreen", label
        assert game.version == version                     # nothing played without its key

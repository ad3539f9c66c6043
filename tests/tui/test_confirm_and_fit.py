"""Issue 10, items 3-5, by keys at 80x24: nothing irreversible without seeing it first (one
shared confirmation, and a setting that turns it off), short Fall Blau results in place, and
every Fall Blau panel readable (or scrolled by keys) late in a campaign.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

import pytest


from rules.fallblau import Advance, Attack, ChooseGeneral, EndTurn, PlayEvent, new_game
from rules.fallblau.bots import GreedyBot
from rules.fallblau.odds import attack_odds
from rules.toi import DonePurchasing
from rules.victory import Withdraw
from tui import storage
from tui.app import WartableApp
from tui.fallblau.screen import FallBlauScreen, ResolutionScreen
from tui.launcher import LauncherScreen
from tui.replay import ReplayScreen
from tui.settings_screen import SettingsScreen
from tui.toi.screen import ToIScreen
from tui.victory.screen import VictoryScreen
from tui.widgets.confirm import ConfirmScreen
from tests.support.screens import flat, frame, key_for, passed_through, shown, stack
from tests.tui.test_pilot_toi import example_at_soviet_purchases
from tests.tui.test_pilot_victory import in_battle

SIZE = (80, 24)
GENERALS = ("hoth", "paulus", "ruoff")


async def walk(pilot, *labels: str) -> None:
    for label in labels:
        if not passed_through(pilot.app, label):
            await pilot.press(key_for(pilot.app, label))
    await pilot.pause()


def late_game(turn: int = 9, seed: int = 11):
    """A Fall Blau campaign played by the greedy bot up to `turn` (cards captured, in play)."""
    game = new_game(seed=seed, generals=GENERALS)
    bot = GreedyBot(seed)
    while game.outcome is None and game.state.turns_played < turn:
        game.apply(bot.choose(game))
    assert game.outcome is None and game.state.decision is None
    return game


# ==========================================================================================
# Item 3: one confirmation before a roll, a withdrawal, the end of a turn, a loss
# ==========================================================================================
async def test_an_attack_asks_first_with_its_exact_odds_and_esc_changes_nothing():
    game = new_game(seed=5, generals=GENERALS)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await walk(pilot, "Advance", "Hermann Hoth")
        await pilot.press(key_for(app, "Attack!"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), stack(app)
        attack = next(c for c in game.legal() if isinstance(c, Attack) and c.boost is None)
        odds = attack_odds(game, attack)
        text = flat(app)
        assert f"{game.describe(attack)}?" in text
        assert f"Chance to capture: {float(odds.capture):.1%}." in text
        assert "Enter or y: do it · Esc or q: not now" in text
        before = game.digest()
        await pilot.press("escape")
        assert isinstance(app.screen, FallBlauScreen) and game.digest() == before
        await pilot.press(key_for(app, "Attack!"), "n")      # n is End the turn's, not "no"
        assert isinstance(app.screen, ConfirmScreen) and game.digest() == before
        await pilot.press("q")
        assert isinstance(app.screen, FallBlauScreen) and game.digest() == before
        await pilot.press(key_for(app, "Attack!"), "y")
        assert isinstance(game.log[-1], Attack)


async def test_the_end_of_the_turn_names_the_counter_attacks_to_come():
    game = late_game()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "End the turn"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        text = flat(app)
        assert "End the turn?" in text and "counter-attacks the General facing it" in text
        s = game.state
        for slot, card in enumerate(s.front):
            if card is not None and card.red and s.slots[slot]:
                assert f"{game.name(card.card)} ({card.red} red) against" in text
        await pilot.press("enter")
        assert any(isinstance(c, EndTurn) for c in game.log[-3:]), game.log[-3:]


async def test_an_air_strike_asks_first_with_the_chance_of_each_result():
    game = new_game(seed=891506, generals=("ruoff", "hoth", "paulus"))     # Dora Rail-Gun in hand
    game.apply(next(c for c in game.legal() if isinstance(c, Advance) and c.general == "ruoff"))
    strike = next(c for c in game.legal() if isinstance(c, PlayEvent)
                  and game.content.events[c.card].effect == "air_strike")
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await walk(pilot, "Play a card")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), stack(app)
        text = flat(app)
        assert f"{game.describe(strike)}?" in text
        assert "4 black dice at Voronezh (3 red); it cannot capture." in text
        assert "Red cubes removed: 0: 1.2% · 1: 9.9% · 2: 29.6% · 3: 59.3%." in text   # 4 dice, 2/3 each
        await pilot.press("enter")
        assert game.log[-1] == strike


async def test_confirmations_turned_off_in_settings_are_kept_and_a_roll_is_then_at_once():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "Settings"))
        assert isinstance(app.screen, SettingsScreen)
        assert "Ask before a roll, a withdrawal, the end of a turn or a loss of resources: on" in flat(app)
        await pilot.press(key_for(app, "Ask before a roll"))
        assert "loss of resources: off" in flat(app)
        assert app.confirmations is False
        assert "confirmations = false" in storage.config_path().read_text(encoding="utf-8")
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)

    game = new_game(seed=5, generals=GENERALS)
    app = WartableApp(game=game)                       # a new start reads the setting
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.confirmations is False
        await walk(pilot, "Advance", "Hermann Hoth")
        await pilot.press(key_for(app, "Attack!"))
        assert isinstance(game.log[-1], Attack)            # rolled at once, as before
        assert not isinstance(app.screen, ConfirmScreen)


def test_the_settings_file_keeps_the_keys_table_and_refuses_a_bad_value():
    path = storage.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('[keys]\nundo = "ctrl+z"\n', encoding="utf-8")
    storage.save_setting("confirmations", False)
    assert storage.load_keymap()["undo"] == "ctrl+z"
    assert storage.load_settings() == {"confirmations": False, "roads_strength": "normal"}
    storage.save_setting("confirmations", True)
    storage.save_setting("roads_strength", "easy")
    assert storage.load_settings() == {"confirmations": True, "roads_strength": "easy"}
    assert path.read_text(encoding="utf-8").count("confirmations") == 1
    with pytest.raises(ValueError, match="unknown setting or value: roads_strength = 'brutal'"):
        storage.save_setting("roads_strength", "brutal")
    path.write_text('[settings]\nconfirmations = "no"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"config\.toml: \[settings\] 'confirmations' must be true or false"):
        storage.load_settings()
    path.write_text('[settings]\nroads_strength = "brutal"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"config\.toml: \[settings\] 'roads_strength' must be one of "
                                         r"'easy', 'normal', 'hard', 'expert', not 'brutal'"):
        storage.load_settings()


def test_the_strength_setting_offers_the_ais_strengths():
    from rules.roads.bots import SEARCH_BOTS
    assert storage.SETTING_CHOICES["roads_strength"] == SEARCH_BOTS


async def test_victory_withdraw_says_it_ends_the_battle_and_asks_first():
    game = in_battle(turn=4)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await walk(pilot, "Anna")
        await pilot.press(key_for(app, "Anna withdraws the Battle Group"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), stack(app)
        assert "Withdraw ends the battle (4.5): James scores 4 VP" in flat(app)
        await pilot.press("escape")
        assert isinstance(app.screen, VictoryScreen) and not isinstance(game.log[-1], Withdraw)
        await pilot.press(key_for(app, "Anna withdraws the Battle Group"), "enter")
        assert isinstance(game.log[-1], Withdraw)


async def test_tide_of_iron_done_buying_says_how_much_command_is_thrown_away():
    game = example_at_soviet_purchases()
    cards = game.state.cards["soviet"]
    total = sum(card.tokens for card in cards.values())
    assert total > 0
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = len(game.log)
        await pilot.press(key_for(app, "Soviet is done buying"))
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), stack(app)
        assert f"Done buying throws away {total} unspent command" in flat(app)
        await pilot.press("escape")
        assert isinstance(app.screen, ToIScreen) and len(game.log) == commands
        await pilot.press(key_for(app, "Soviet is done buying"), "enter")
        assert game.log[-1] == DonePurchasing("soviet")


# ==========================================================================================
# Item 4: a short Fall Blau result stays in the log; a long one is stepped through
# ==========================================================================================
async def test_a_short_result_is_shown_in_the_log_with_no_screen_to_dismiss():
    game = new_game(seed=25, generals=GENERALS)        # the first draw exhausts a General: a decision
    assert game.state.decision is not None and game.state.decision.kind == "exhaust"
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, game.describe(ChooseGeneral("paulus"))))
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen), stack(app)       # no step-through
        log = shown(app, app.screen.query_one("#log"))
        for event in game.events[-2:]:
            assert event.text in log, (event.text, log)


async def test_a_long_result_is_still_stepped_through():
    game = late_game()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "End the turn"), "enter")      # counter-attacks and draws
        assert isinstance(app.screen, ResolutionScreen), stack(app)


async def test_at_80x24_an_attack_of_five_lines_stays_in_a_taller_log_until_the_next_command():
    """The log shows 4 lines at 80x24. An attack whose result takes 5 (each rule cited once,
    no dice told twice) is not stepped through: the log grows to show it all, the board keeps
    the rest of the screen, and the next command gives the log its own height back."""
    game = new_game(seed=2, generals=GENERALS)
    for cmd in (game.legal()[0], Attack("hoth", 0, None)):     # Gegenstoß at position 1; Hoth attacks
        game.apply(cmd)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log")
        assert log.scrollable_content_region.height == 4
        await walk(pilot, "Attack!")
        await pilot.press("enter")                          # the confirmation
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, FallBlauScreen), stack(app)      # no step-through
        result = game.events[-4:]
        assert [e.kind for e in result] == ["attack", "roll", "hit", "loss"]
        in_log = shown(app, log)
        for event in result:
            assert event.text in in_log, (event.text, in_log)
        assert in_log.count("(FB Attack! order)") == 1            # cited once, on the first line
        assert log.scrollable_content_region.height == 5
        await walk(pilot, "Consolidate")                          # the next command
        await pilot.pause()
        assert log.scrollable_content_region.height == 4


# ==========================================================================================
# Item 5: Fall Blau readable at 80x24
# ==========================================================================================
async def test_late_in_a_campaign_every_board_line_is_in_sight_or_scrolled_to_by_keys():
    game = late_game()
    s = game.state
    s.hand = [c for c in game.content.events if game.content.events[c].timing == "hold"][:5]
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = frame(app).split("\n")
        # the top line keeps every number; the VP track is one line, not wrapped
        assert f"turn {s.turns_played}/14" in rows[0] and f"deck {len(s.deck)}" in rows[0]
        vp_row = next(r for r in rows if r.startswith("VP "))
        assert "b" in vp_row.split("│")[0]                       # the brilliant mark on the same row
        board = app.screen.query_one("#board")
        seen = shown(app, board)
        assert "Captured:" in seen and "In play:" in seen
        assert board.max_scroll_y > 0 and "Hand (5/5)" not in seen        # the hand is below
        assert "v Board/menu" in rows[-2] or "v Board/menu" in flat(app)  # the key is in the footer
        await pilot.press("v")
        assert board.has_focus
        await pilot.press("end")
        seen = shown(app, board)
        assert "Hand (5/5)" in seen and game.name(s.hand[-1]) in seen
        await pilot.press("home")
        assert "Supply" in shown(app, board)
        await pilot.press("v")
        assert app.screen.query_one("#menu-options").has_focus            # back to the menu
        await pilot.press("question_mark")
        assert "v moves the keys" in flat(app)            # the help says what v does


async def test_the_replay_header_next_command_and_status_each_keep_their_line():
    game = late_game()
    storage.save_named(game, "late")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "Replay a save"))
        await pilot.press(key_for(app, "late"))
        assert isinstance(app.screen, ReplayScreen)
        for _ in range(12):
            await pilot.press("n")
        rows = frame(app).split("\n")
        assert rows[0].startswith("Replay of 'late': command 12 of ")
        assert rows[1].startswith("next: ")
        assert "turn " in rows[2] and "deck " in rows[2]

"""The Victory: The Blocks of War campaign screens driven by real key presses (Textual Pilot, 80x24).

Each test presses the keys the players would press and reads what they would see: the current
screen, the menu entries ("[key] label") and the characters of the frame. Menu keys are looked
up from the visible labels, never hard-wired to a position. Battle Points are typed into their
form the way a player types them: digits, Enter to the next field, Enter to record.

The centre piece is a hand-worked first battle of a duel, started from the launcher with fixed
dice: maps 4-1-6 (the rulebook's example: Axis map 9, Allied map 13), layout 3, initiative 5 to
2 (Anna attacks), a battle-length roll of 1 on turn 7 (the battle ends after six turns), Battle
Points 10 + 2x2 = 14 against 8 + 2x2 = 12 (Anna wins by 2 VP, so she may pick from the
Standard, +1 and +2 Forcepools and James from the Standard only), losses, augmentation, ten
reinforcements each, and the second battle with Anna attacking without a roll.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

import io
import json
import random

from rich.console import Console
from textual.widgets import Input

import rules.victory
from rules.core.dice import FixedDice
from rules.core.save import dumps
from rules.victory import (
    AddUnit,
    ConfirmBattleGroup,
    ConfirmReinforcements,
    DeclineSpecialGroup,
    Deployed,
    DrawPairings,
    EngineerRoll,
    EnterBattlePoints,
    LoseUnit,
    MarineRoll,
    NextTurn,
    Reinforce,
    RollBattleLength,
    RollInitiative,
    RollLayout,
    RollMaps,
    UnitsDone,
    Withdraw,
    new_game,
)
from rules.victory.export import campaign_markdown
from rules.victory.game import POOL_NAME
from rules.victory.help import reference_card, rules_reference
from tui import storage
from tui.app import WartableApp
from tui.fallblau.screen import HelpScreen, LogScreen
from tui.game_screen import PassScreen
from tui.launcher import LauncherScreen
from tui.new_victory import NewVictoryScreen
from tui.victory.screen import BattlePointsScreen, VictoryEndScreen, VictoryScreen
from tui.victory.menu import FREE_KEYS
from tui.widgets.command_menu import MENU_KEYS
from tui.widgets.confirm import ConfirmScreen
from tests.support.screens import frame, flat, shown, menu, labels, key_for, passed_through

SIZE = (80, 24)
# A Battle Group by 4.1: two units at 3 CV, four at 2 CV, four at 1 CV.
GROUP = ((3, "IN"), (3, "EN"), (2, "FA"), (2, "DB"), (2, "MA"), (2, "CA"), (1, "SS"), (1, "DD"), (1, "TB"), (1, "IN"))
NAMES = {"IN": "Infantry", "EN": "Engineers", "FA": "Fighter", "DB": "Dive Bomber", "MA": "Marines",
         "CA": "Cruiser", "SS": "Submarine", "DD": "Destroyer", "TB": "Torpedo Bomber", "AR": "Armor",
         "MT": "Motorized Infantry"}
# Battle 1: maps 4-1-6, layout 3, initiative Anna 5 James 2, length roll 1 on turn 7;
# battle 2: maps 1-1-1, layout 6.
ROLLS = (4, 1, 6, 3, 5, 2, 1, 1, 1, 1, 6)


# ==========================================================================================
# Helpers: what the players see, and the keys to reach it
# ==========================================================================================
def board(app) -> str:
    """The campaign board: rosters, VP table, battles (under any modal screen on top)."""
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, VictoryScreen))
    return shown(app, screen.query_one("#vic-board"))


def log(app) -> str:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, VictoryScreen))
    return shown(app, screen.query_one("#vic-log"))


async def choose(pilot, *labels_: str) -> None:
    """Walk the command menu by the keys shown in front of the labels."""
    here = menu(pilot.app)._prefix
    if (labels_ and not any(x.startswith(labels_[0]) for x in labels(pilot.app))
            and not (here and here[-1].startswith(labels_[0]))):
        while menu(pilot.app).depth:  # the menu stayed where the last unit was added: to the top
            await pilot.press("q")
    for label in labels_:
        if not passed_through(pilot.app, label):
            await pilot.press(key_for(pilot.app, label))
    await pilot.pause()
    if isinstance(pilot.app.screen, ConfirmScreen):     # a roll, a withdrawal, the end of a turn
        await pilot.press("enter")
        await pilot.pause()


async def pass_to(pilot, player: str) -> None:
    """The pass screen names the player who takes the keyboard; Enter hands it over."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, PassScreen), f"no pass screen; on {type(pilot.app.screen).__name__}"
    assert f"Pass the keyboard to {player}." in flat(pilot.app)
    await pilot.press("enter")
    assert isinstance(pilot.app.screen, VictoryScreen)


async def battle_points(pilot, player: str, cities: str, resources: str) -> None:
    """Open the player's Battle Points form from the menu, type both numbers, Enter, Enter."""
    await choose(pilot, player)
    assert isinstance(pilot.app.screen, BattlePointsScreen)
    assert f"{player}: Battle Points (5.1)" in flat(pilot.app)
    await pilot.press(*cities, "enter", *resources, "enter")
    await pilot.pause()


def error(app) -> str:
    """What the Battle Points form says under its fields."""
    return shown(app, app.screen.query_one("#bp-error"))


def text_of(renderable) -> str:
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(renderable)
    return " ".join(console.export_text().split())


def notes(app) -> list[tuple[str, str]]:
    return [(n.severity, n.message) for n in app._notifications]


def autosaved_commands() -> int:
    return len(json.loads(storage.autosave_path().read_text(encoding="utf-8"))["commands"])


def chosen(players=("Anna", "James"), mode="duel", rolls=None, seed=0, undo=True):
    """A campaign whose Battle Groups are chosen (GROUP for everyone), through the API."""
    game = new_game(seed=seed, players=players, mode=mode, undo=undo,
                    dice=FixedDice(rolls) if rolls is not None else None)
    for p in game.players:
        for cv, t in GROUP:
            game.apply(AddUnit(p, t, cv))
        game.apply(ConfirmBattleGroup(p))
    return game


def in_battle(turn: int = 3):
    """Battle 1 of a duel under way at `turn` (maps, layout and initiative from ROLLS)."""
    game = chosen(rolls=ROLLS)
    for cmd in (RollMaps(), RollLayout(), RollInitiative(), Deployed("Anna"), Deployed("James"),
                *[NextTurn()] * (turn - 1)):
        game.apply(cmd)
    return game


def at_battle_points():
    game = in_battle(7)
    game.apply(RollBattleLength())          # 1: the battle ends after six turns
    assert game.state.round.matches[0].step == "bp"
    return game


# ==========================================================================================
# A duel from the launcher, by keys: the hand-worked first battle
# ==========================================================================================
async def test_a_duel_from_the_launcher_through_its_first_battle_by_keys(monkeypatch):
    started = []

    def fixed_new_game(**kwargs):
        game = new_game(**kwargs, dice=FixedDice(ROLLS))
        started.append(game)
        return game

    monkeypatch.setattr(rules.victory, "new_game", fixed_new_game)
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "New campaign: Victory")
        assert isinstance(app.screen, NewVictoryScreen)
        assert "[m] mode: duel" in frame(app)

        # the mode goes round: duel, round robin, team play, duel; each with its own names
        await pilot.press("m")
        assert "[m] mode: round-robin" in frame(app) and "players: Anna, Ben, Carl" in frame(app)
        await pilot.press("m")
        assert "[m] mode: team" in frame(app) and "players: Anna, Ben | Carl, Dora" in frame(app)
        await pilot.press("m")
        assert "[m] mode: duel" in frame(app) and "first is Axis, the second Allied" in flat(app)

        await pilot.press("n")
        assert app.screen.query_one(Input).has_focus
        await pilot.press(*"Anna, James", "enter")
        assert "[n] players: Anna, James" in frame(app)
        await pilot.press("enter")
        await pilot.pause()

        assert isinstance(app.screen, VictoryScreen)
        game = app.screen.game
        assert started == [game] and game.mode == "duel" and game.players == ("Anna", "James")
        assert "choosing Battle Groups" in frame(app) and "to act: Anna" in frame(app)
        assert "Anna's Battle Group: 0 units" in board(app)

        # 4.1 by the menu: only the CV levels still open are offered
        for player in ("Anna", "James"):
            for n, (cv, t) in enumerate(GROUP):
                await choose(pilot, player, "Add a unit")
                levels = labels(app)
                assert ("at 3 CV" in levels) == (n < 2) and ("at 2 CV" in levels) == (n < 6)
                await choose(pilot, f"at {cv} CV", f"{t} {NAMES[t]}")
            await choose(pilot, player)
            assert "Add a unit" not in labels(app)
            await choose(pilot, "the Battle Group is chosen")
            if player == "Anna":
                await pass_to(pilot, "James")
                assert "James's Battle Group: 0 units" in board(app)
        assert [(u.id, u.cv) for u in game.force("James").units][:3] == [("IN-1", 3), ("EN-1", 3), ("FA-1", 2)]
        assert game.battle == 1 and "battle 1/10" in frame(app)

        # 4.2 maps and layout, 4.3 initiative and deployment: each roll shown
        await choose(pilot, "Battle: Anna (Axis) v James (Allied) · Roll 3d6 for the maps")
        assert "maps (4-1-6): Allied 13 Archipelago, Axis 9 Island Chain" in board(app)
        await choose(pilot, "Battle: Anna (Axis) v James (Allied) · Roll 1d8 for the map layout")
        assert "layout 3: Axis map east of the Allied map" in board(app)
        await choose(pilot, "Battle: Anna (Axis) v James (Allied) · Roll for the initiative")
        assert "Initiative: Anna 5, James 2: Anna wins the initiative" in log(app)
        await pass_to(pilot, "Anna")                       # the attacker deploys first
        assert "attacker: Anna (won the initiative roll)" in board(app)
        await choose(pilot, "Anna · Anna has deployed")
        await pass_to(pilot, "James")
        await choose(pilot, "James · James has deployed")
        assert "step: battle on the table" in board(app) and "turn 1" in board(app)

        # 4.4: six turns, then the battle-length roll comes first in turn 7
        for turn in range(2, 8):
            await choose(pilot, f"Battle: Anna (Axis) v James (Allied) · End the turn: turn {turn}")
        assert game.state.round.matches[0].turn == 7
        assert labels(app) == ["Battle: Anna (Axis) v James (Allied) · Roll 1d6 for battle length (Table 2)"]
        assert "1 or less ends the battle (Table 2)" in log(app)
        await choose(pilot, "Battle")
        assert "turn 7; length rolls turn 7: 1" in board(app)
        assert "ended: a battle-length roll of 1 on turn 7" in board(app)

        # 5.1 Battle Points by the form: 10 + 2x2 = 14 against 8 + 2x2 = 12
        await battle_points(pilot, "Anna", "10", "2")
        await pass_to(pilot, "James")
        await battle_points(pilot, "James", "8", "2")
        assert isinstance(app.screen, VictoryScreen)
        m = game.state.round.matches[0]
        assert (m.bp["Anna"].total, m.bp["James"].total, m.vp) == (14, 12, {"Anna": 2, "James": 0})
        assert "Anna 2 10 won" in board(app) and "James 0 10 lost" in board(app)
        assert autosaved_commands() == len(game.log)

        # the keys gave the same campaign as the same commands through the API
        expected = at_battle_points()
        expected.apply(EnterBattlePoints("Anna", 10, 2))
        expected.apply(EnterBattlePoints("James", 8, 2))
        assert game.log == expected.log and game.digest() == expected.digest()


async def test_the_regroup_phase_by_keys_offers_only_the_allowed_forcepools_then_the_next_battle():
    """The hand-worked battle 1 carried on: Anna won by 2 VP (14 BP to 12)."""
    game = at_battle_points()
    game.apply(EnterBattlePoints("Anna", 10, 2))
    game.apply(EnterBattlePoints("James", 8, 2))
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Anna 2 10 won" in board(app) and "James 0 10 lost" in board(app)

        # 5.2 losses, by type then unit
        await choose(pilot, "Anna", "Units lost", "IN Infantry", "IN-2 destroyed")
        await choose(pilot, "Anna", "no more units lost")
        await pass_to(pilot, "James")
        await choose(pilot, "James", "Units lost", "DD Destroyer", "DD-1 cut off")
        await choose(pilot, "James", "Units lost", "TB Torpedo Bomber", "TB-1 destroyed")
        await choose(pilot, "James", "no more units lost")
        assert [u.left for u in game.force("James").gone] == ["cut off (no supply line) and destroyed in battle 1",
                                                              "destroyed in battle 1"]

        # 5.3 augmentation, 5.4 reinforcements: Anna won by 2 VP: Standard, +1, +2
        await pass_to(pilot, "Anna")
        assert game.unit("Anna", "IN-1").cv == 4 and game.unit("James", "SS-1").cv == 2
        assert "Reinforcements picked: 0 of 10 from the Standard, +1, +2 Forcepools" in board(app)
        await choose(pilot, "Anna", "Reinforcements")
        assert labels(app) == ["Standard Forcepool", "+1 Forcepool", "+2 Forcepool"]
        await choose(pilot, "+2 Forcepool")
        assert labels(app) == ["CV Carrier", "AR Armor", "AB Airborne"]
        await choose(pilot, "AR Armor")
        for t, pool in [("MT", "+1")] * 3 + [("IN", "std")] * 6:
            await choose(pilot, "Anna", "Reinforcements", f"{POOL_NAME[pool]} Forcepool", f"{t} {NAMES[t]}")
        assert "Reinforcements picked: 10 of 10" in board(app) and "AR-1 Armor 1 Green" in board(app)
        await choose(pilot, "Anna")
        assert "Reinforcements at 1 CV (5.4)" not in labels(app)       # ten: no more offered
        await choose(pilot, "the reinforcements are picked")
        await pass_to(pilot, "James")

        # the loser picks from the Standard Forcepool only: no +1 or +2 type is offered
        assert "Reinforcements picked: 0 of 10 from the Standard Forcepool Unit Type CV" in board(app)
        await choose(pilot, "James", "Reinforcements")
        assert menu(app)._prefix[-1] == "Standard Forcepool"        # the one pool: passed through
        offered = labels(app)
        assert offered == ["FA Fighter", "DB Dive Bomber", "TB Torpedo Bomber", "SS Submarine", "CA Cruiser",
                           "DD Destroyer", "MA Marines", "IN Infantry", "EN Engineers"]
        assert not {"AR Armor", "CV Carrier", "AB Airborne", "MT Motorized Infantry"} & set(offered)
        await pilot.press("q")                       # q climbs past the passed-through levels
        assert menu(app).depth == 0
        for _ in range(10):
            await choose(pilot, "James", "Reinforcements", "Standard Forcepool", "IN Infantry")
        await choose(pilot, "James", "the reinforcements are picked")

        # the next battle: Anna won the previous one, so she attacks without a roll
        assert game.battle == 2 and "battle 2/10" in frame(app)
        assert [len(game.force(p).units) for p in game.players] == [19, 18]
        assert [u.id for u in game.force("Anna").units][-10:] == [
            "AR-1", "MT-1", "MT-2", "MT-3", "IN-3", "IN-4", "IN-5", "IN-6", "IN-7", "IN-8"]
        assert "Anna 2 19 won" in board(app) and "James 0 18 lost" in board(app)
        await choose(pilot, "Battle: Anna (Axis) v James (Allied) · Roll 3d6 for the maps")
        await choose(pilot, "Battle: Anna (Axis) v James (Allied) · Roll 1d8 for the map layout")
        await pass_to(pilot, "Anna")
        assert "attacker: Anna (won the previous battle)" in board(app)
        assert labels(app) == ["Anna · Anna has deployed"]                 # no initiative roll
        assert autosaved_commands() == len(game.log)


async def test_new_campaign_team_play_from_the_launcher_and_a_refused_duel_of_three():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "New campaign: Victory")
        await pilot.press("n", *"Anna, Ben, Carl", "enter", "enter")        # a duel of three
        await pilot.pause()
        assert isinstance(app.screen, NewVictoryScreen)
        assert any(sev == "error" and "a duel has two players" in msg for sev, msg in notes(app))

        await pilot.press("m", "m", "enter")                                # team play, default names
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen)
        game = app.screen.game
        assert game.mode == "team" and game.players == ("Anna", "Ben", "Carl", "Dora")
        assert [game.force(p).team for p in game.players] == ["axis", "axis", "allied", "allied"]
        assert "Anna Axis 0 0" in board(app) and "total Allied 0" in board(app)
        await pilot.press("q")
        assert isinstance(app.screen, LauncherScreen)


# ==========================================================================================
# Early withdrawal (4.5)
# ==========================================================================================
async def test_withdrawal_from_the_menu_gives_the_opponent_at_least_4_vp():
    game = in_battle(turn=4)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # 3.2: one engineer attempt per unit and turn, success at or below its CV (a 1 here)
        await choose(pilot, "Anna", "Engineer roll (3.2) · EN-1 tries to repair or build")
        assert "Anna's EN-1 (3 CV) rolls 1: at or below its CV, the infrastructure is repaired" in log(app)
        await choose(pilot, "Anna")
        assert not any(label.startswith("Engineer roll") for label in labels(app))
        assert labels(app)[0] == "Anna withdraws the Battle Group"
        await choose(pilot, "Anna withdraws the Battle Group")
        assert isinstance(game.log[-1], Withdraw)
        assert "Anna withdraws the Battle Group in turn 4" in log(app)
        assert "ended: Anna withdrew in turn 4" in board(app)
        assert set(labels(app)) == {"Anna · Enter Battle Points (5.1)", "James · Enter Battle Points (5.1)"}

        # Anna 20 BP, James 12: James's calculated VP are 0, so he scores the 4 of 4.5
        await battle_points(pilot, "Anna", "16", "2")
        await pass_to(pilot, "James")
        await battle_points(pilot, "James", "12", "0")
        assert game.state.round.matches[0].vp == {"Anna": 0, "James": 4}
        assert "James scores max(4, 0) = 4 VP and Anna 0." in log(app)
        assert "Campaign VP: Anna 0, James 4." in log(app)
        await choose(pilot, "James", "Units lost")                     # the Regroup goes on
        assert game.state.round.matches[0].step == "losses"


# ==========================================================================================
# Battle Points refused: the engine's reason, and nothing changes
# ==========================================================================================
async def test_a_refused_battle_points_entry_shows_the_reason_and_changes_nothing():
    game = at_battle_points()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before, commands = game.digest(), len(game.log)
        saved = storage.autosave_path().read_text(encoding="utf-8")

        await battle_points(pilot, "Anna", "-3", "2")
        assert isinstance(app.screen, BattlePointsScreen)                 # still open
        reason = game.explain(EnterBattlePoints("Anna", -3, 2))
        assert reason.startswith("Battle Points cannot be negative")
        assert f"Refused: {reason}" in error(app)

        await pilot.press("shift+tab", *"41", "enter", "enter")          # over the cap of 40
        await pilot.pause()
        reason = game.explain(EnterBattlePoints("Anna", 41, 2))
        assert "at most 40" in reason and f"Refused: {reason}" in error(app)

        await pilot.press("shift+tab", "-", "enter", "enter")             # not a number at all
        await pilot.pause()
        assert "Whole numbers only." in error(app)

        assert game.digest() == before and len(game.log) == commands
        assert storage.autosave_path().read_text(encoding="utf-8") == saved
        await pilot.press("escape")                                       # Cancel closes it too
        assert isinstance(app.screen, VictoryScreen)
        assert game.digest() == before

        # the Cancel button is reached by Tab: Escape is never the only way out
        await choose(pilot, "James")
        await pilot.press("tab", "tab", "tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen) and game.digest() == before


# ==========================================================================================
# The rule 3 reference card, help, the log, and the Markdown export
# ==========================================================================================
async def test_r_shows_the_rule_3_reference_card_and_question_mark_the_help():
    game = in_battle()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        assert isinstance(app.screen, HelpScreen)
        text = flat(app)
        assert "Rules reference: Victory campaign (rule 3's changes first)" in text
        assert reference_card()[0].title in text
        titles = [t.title for t in reference_card()]
        assert len(titles) == 4
        # the whole campaign summary follows, ending with the words the screen uses
        body = str(app.screen.query_one("#help-scroll Static").content)
        for topic in rules_reference():
            assert topic.title in body
        assert "CV: a unit's combat value" in body
        await pilot.press("q")
        assert isinstance(app.screen, VictoryScreen)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen) and "Help: Victory campaign game" in flat(app)
        await pilot.press("q")
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        whole = shown(app, app.screen.query_one("#fulllog-body"))
        # Victory's own marks, and lines wrapped to the box, not cut at its edge
        assert "TURN Turn 3. (VIC 4.4 Battle Length)" in whole and "SOV" not in frame(app)
        assert "Turn 1: Anna has the initiative. Play by the Victory rules with the changes of 3.0." in whole
        await pilot.press("q")
        assert isinstance(app.screen, VictoryScreen)


async def test_x_writes_the_campaign_record_as_markdown_into_exports():
    game = at_battle_points()
    game.apply(EnterBattlePoints("Anna", 10, 2))
    game.apply(EnterBattlePoints("James", 8, 2))
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        files = sorted(storage.exports_dir().glob("victory-campaign-record-*.md"))
        assert len(files) == 1
        assert files[0].read_text(encoding="utf-8") == campaign_markdown(game)
        assert any(sev == "information" and "Exported:" in msg and files[0].name in msg for sev, msg in notes(app))
        assert "| 1 | 1 | Anna | James |" in files[0].read_text(encoding="utf-8")


# ==========================================================================================
# Round robin: each Battle Group is secret (7.1)
# ==========================================================================================
async def test_round_robin_shows_only_the_acting_players_battle_group_even_behind_the_pass_screen():
    game = new_game(seed=1, players=("Anna", "Ben", "Carl"), mode="round-robin")
    for cv, t in GROUP[:9]:
        game.apply(AddUnit("Anna", t, cv))
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        # a resumed round robin is dealt to its seat through the pass screen: nothing shows
        await pilot.pause()
        assert "EN-1" not in flat(app) and "Engineers" not in flat(app)
        await pass_to(pilot, "Anna")
        assert "Anna's Battle Group: 9 units" in board(app)
        assert "Ben's Battle Group" not in flat(app) and "Carl's Battle Group" not in flat(app)
        await choose(pilot, "Add a unit", "at 1 CV", "IN Infantry")
        await choose(pilot, "the Battle Group is chosen")

        # the pass screen lets the board show through: no Battle Group is on it
        assert isinstance(app.screen, PassScreen)
        assert "Anna's Battle Group" not in board(app) and "Ben's Battle Group:" not in board(app)
        text = flat(app)
        assert "EN-1" not in text and "Engineers" not in text
        hidden = app.screen_stack[-2].query_one("#vic-roster").content
        assert "Ben's Battle Group is shown when Ben has the keyboard." in text_of(hidden)
        await pass_to(pilot, "Ben")
        text = board(app)
        assert "Ben's Battle Group: 0 units" in text
        assert "Anna's Battle Group" not in text and "EN-1" not in flat(app)
        assert "Anna 0 10" in text                                        # a count only


async def test_round_robin_battle_points_are_public_and_the_losses_go_seat_by_seat():
    """Both players enter Battle Points from one public menu (no Battle Group shows); the
    losses that follow are secret, so each player takes the keyboard for them in turn."""
    game = round_robin_regroup(until_bp=True)
    assert game.acting() == ("Anna", "Ben")
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen)
        assert "Battle Group:" not in board(app)
        await battle_points(pilot, "Anna", "10", "2")
        assert isinstance(app.screen, VictoryScreen)
        assert "Battle Group:" not in board(app) and "Cruiser" not in flat(app)
        await battle_points(pilot, "Ben", "8", "2")
        assert "Battle Group:" not in board(app) and "Cruiser" not in flat(app)
        assert labels(app) == ["Anna: take the keyboard (Battle Group)", "Ben: take the keyboard (Battle Group)"]
        await choose(pilot, "Ben: take the keyboard")
        assert isinstance(app.screen, PassScreen) and "Cruiser" not in flat(app)
        await pass_to(pilot, "Ben")
        roster = text_of(app.screen.query_one("#vic-roster").content)
        assert roster.startswith("Ben's Battle Group: 10 units Unit Type CV CA-1 Cruiser 3 Veteran")
        assert not any("Anna" in label for label in labels(app))           # Ben's entries only
        await choose(pilot, "Units lost")
        assert not any("Anna" in label for label in labels(app))


def round_robin_regroup(carl_picked: bool = True, until_bp: bool = False):
    """Battle 1: Anna (Axis) against Ben, Carl sits out; Anna won by 2 VP, no losses. Carl
    picks his reinforcements at the same time as Anna; Ben after Anna."""
    game = new_game(seed=1, players=("Anna", "Ben", "Carl"), mode="round-robin",
                    dice=FixedDice([4, 1, 6, 3, 5, 2, 1]))
    ben = ((3, "CA"), (3, "CA"), (2, "SS"), (2, "SS"), (2, "SS"), (2, "SS"), (1, "DD"), (1, "DD"), (1, "DD"), (1, "DD"))
    for p, group in (("Anna", GROUP), ("Ben", ben), ("Carl", GROUP)):
        for cv, t in group:
            game.apply(AddUnit(p, t, cv))
        game.apply(ConfirmBattleGroup(p))
    game.apply(DrawPairings())
    assert game.state.round.byes == ["Carl"]
    if carl_picked:                               # sitting out, Carl may pick at any time
        for cmd in (*[Reinforce("Carl", "IN")] * 10, ConfirmReinforcements("Carl")):
            game.apply(cmd)
    for cmd in (RollMaps(), RollLayout(), RollInitiative(), Deployed("Anna"), Deployed("Ben"),
                *[NextTurn()] * 6, RollBattleLength()):
        game.apply(cmd)
    if until_bp:
        return game
    for cmd in (EnterBattlePoints("Anna", 10, 2), EnterBattlePoints("Ben", 8, 2), UnitsDone("Anna"), UnitsDone("Ben"),
                *([Reinforce("Anna", "MT")] * 9 if carl_picked else [])):
        game.apply(cmd)
    return game


async def test_round_robin_players_acting_at_once_take_the_keyboard_in_turn_and_see_only_their_own():
    """Leak 1: Anna could open Carl's entry of the shared menu and read his group. Now the
    menu offers seats, each behind a pass screen, and a seat's menu holds its own commands."""
    game = round_robin_regroup(carl_picked=False)
    assert game.acting() == ("Anna", "Carl")
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Battle Group:" not in board(app)                          # nobody's, at the top
        assert labels(app) == ["Anna: take the keyboard (Battle Group)", "Carl: take the keyboard (Battle Group)"]
        await choose(pilot, "Carl")
        assert "Battle Group:" not in board(app)
        await pass_to(pilot, "Carl")
        assert "Carl's Battle Group: 10 units" in board(app) and "Anna's Battle Group" not in board(app)
        assert "from the Standard Forcepool" in board(app)       # Carl sat out: Std only
        assert not any(label.startswith("Anna") for label in labels(app))
        await choose(pilot, "Hide my Battle Group")
        assert "Battle Group:" not in board(app)
        await choose(pilot, "Anna")
        await pass_to(pilot, "Anna")
        await choose(pilot, "Reinforcements")
        assert "Anna's Battle Group: 10 units" in board(app) and "Carl's Battle Group" not in board(app)
        assert labels(app) == ["Standard Forcepool", "+1 Forcepool", "+2 Forcepool"]


async def test_round_robin_reinforcement_picks_hand_over_through_the_pass_screen():
    """Leak 4: after one player's reinforcement picks the next player's came up unannounced."""
    game = round_robin_regroup(carl_picked=False)
    for cmd in [Reinforce("Carl", "IN")] * 9:
        game.apply(cmd)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Carl: take the keyboard")
        await pass_to(pilot, "Carl")
        await choose(pilot, "Reinforcements", "IN Infantry")
        await choose(pilot, "the reinforcements are picked")
        assert isinstance(app.screen, PassScreen)              # Anna alone has picks left
        text = flat(app)
        assert "Carl's Battle Group" not in text and "Infantry" not in text
        await pass_to(pilot, "Anna")
        assert "Anna's Battle Group: 10 units" in board(app) and "Carl's Battle Group" not in board(app)


async def test_round_robin_undo_after_a_hand_over_passes_the_keyboard_back_first():
    """Leak 2: u after a hand-over brought the previous player's group back on screen."""
    game = round_robin_regroup()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pass_to(pilot, "Anna")
        await choose(pilot, "Reinforcements", "+1 Forcepool", "MT Motorized Infantry")
        await choose(pilot, "the reinforcements are picked")
        await pass_to(pilot, "Ben")
        await pilot.press("u")                                  # Ben types u: Anna's command
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        text = flat(app)
        assert "Pass the keyboard to Anna." in text and "u takes back Anna's last command" in text
        assert "Cruiser" not in text and "Motorized Infantry" not in text
        await pilot.press("q")                                  # cancelled: nothing changes
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen) and "Ben's Battle Group: 10 units" in board(app)
        assert game.log[-1] == ConfirmReinforcements("Anna")
        await pilot.press("u")
        await pass_to(pilot, "Anna")
        assert game.log[-1] != ConfirmReinforcements("Anna")
        assert "Anna's Battle Group: 10 units" in board(app) and "Cruiser" not in flat(app)


async def test_round_robin_x_during_play_exports_no_battle_group():
    """Leak 3: x wrote every player's Battle Group into exports/ mid-campaign."""
    game = round_robin_regroup()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pass_to(pilot, "Anna")
        await pilot.press("x")
        await pilot.pause()
        text = sorted(storage.exports_dir().glob("victory-campaign-record-*.md"))[0].read_text(encoding="utf-8")
        assert "Kept secret until the campaign ends (7.1)." in text
        assert "CA-1" not in text and "Cruiser" not in text and "EN-1" not in text
        assert "| 1 | 1 | Anna | Ben |" in text


def test_the_record_is_whole_at_the_end_and_in_a_duel():
    game = round_robin_regroup()
    assert "CA-1" in campaign_markdown(game) and "CA-1" not in campaign_markdown(game, public=True)
    duel = chosen()
    assert campaign_markdown(duel, public=True) == campaign_markdown(duel)


# ==========================================================================================
# Undo, resume
# ==========================================================================================
async def test_u_undoes_a_choice_but_not_a_roll():
    game = new_game(seed=3, players=("Anna", "James"))
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = game.digest()
        await choose(pilot, "Anna", "Add a unit", "at 3 CV", "EN Engineers")
        assert "Anna's Battle Group: 1 unit" in board(app) and autosaved_commands() == 1
        await pilot.press("u")
        await pilot.pause()
        assert game.digest() == before and game.log == []
        assert "UNDO the last command was taken back." in log(app)
        assert "Anna's Battle Group: 0 units" in board(app) and autosaved_commands() == 0

    game = in_battle()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("u")                    # the last commands were turns after the rolls
        await pilot.press("u")
        assert game.state.round.matches[0].turn == 1
        await pilot.press("u", "u")               # the deployments
        await pilot.pause()
        assert game.state.round.matches[0].step == "deploy"
        await pilot.press("u")                    # the initiative roll stands
        await pilot.pause()
        assert game.state.round.matches[0].step == "deploy"
        assert any(sev == "warning" and "Cannot undo past a roll" in msg for sev, msg in notes(app))


async def test_a_victory_autosave_is_resumed_from_the_launcher():
    game = in_battle(turn=2)
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Battle: Anna (Axis) v James (Allied) · End the turn: turn 3")
        digest, commands = game.digest(), len(game.log)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert f"Resume the last game (victory, {commands} commands" in flat(app)
        await choose(pilot, "Resume the last game")
        assert isinstance(app.screen, VictoryScreen)
        resumed = app.screen.game
        assert resumed is not game and resumed.digest() == digest and resumed.log == game.log
        assert "turn 3" in board(app) and "battle 1/10" in frame(app)
        await choose(pilot, "Battle: Anna (Axis) v James (Allied) · End the turn: turn 4")
        assert resumed.state.round.matches[0].turn == 4


# ==========================================================================================
# A whole campaign: played through the API to the last Regroup, finished by keys
# ==========================================================================================
async def test_a_ten_battle_duel_finished_by_keys_reaches_the_end_screen():
    seed = 11
    game = new_game(seed=seed, players=("Anna", "James"), undo=False)
    rng = random.Random(seed)
    while not (game.battle == 10 and game.state.round.matches[0].step == "bp"):
        game.apply(rng.choice(game.legal()))
    before = game.totals()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "battle 10/10" in frame(app)
        await battle_points(pilot, "Anna", "30", "5")                     # 40 BP
        await pass_to(pilot, "James")
        await battle_points(pilot, "James", "4", "1")                     # 6 BP
        await pilot.pause()

        outcome = game.outcome
        assert outcome is not None
        assert game.state.rounds[-1].matches[0].vp == {"Anna": 34, "James": 0}
        assert outcome.totals == {"Anna": before["Anna"] + 34, "James": before["James"]}
        assert isinstance(app.screen, VictoryEndScreen)
        text = shown(app, app.screen.query_one("#end"))
        assert "THE CAMPAIGN IS OVER" in text
        for reason in outcome.reasons:
            assert reason in text
        assert storage.last_game().digest() == game.digest()

        # the record can still be exported: closing this screen leaves the campaign
        await pilot.press("x")
        await pilot.pause()
        files = list(storage.exports_dir().glob("victory-campaign-record-*.md"))
        assert len(files) == 1 and files[0].read_text(encoding="utf-8") == campaign_markdown(game)
        assert "## Result" in campaign_markdown(game) and outcome.reasons[-1] in campaign_markdown(game)

        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)


# ==========================================================================================
# Every menu entry keeps a key, however large the Battle Group grows
# ==========================================================================================
async def test_a_large_battle_groups_losses_are_split_so_every_entry_has_a_key():
    """Four battles with no losses and Infantry for every reinforcement: 32 IN units, so 64
    loss entries under "IN Infantry", more than the menu has keys: they come in ranges."""
    game = chosen(seed=4, undo=False)
    rng = random.Random(4)
    prefer = (UnitsDone, DeclineSpecialGroup, Reinforce, ConfirmReinforcements)
    while not (game.battle == 4 and game.state.round.matches[0].step == "losses"):
        legal = game.legal()
        picks = [c for kind in prefer for c in legal
                 if isinstance(c, kind) and (kind is not Reinforce or c.unit_type == "IN")]
        bp = [c for c in legal if isinstance(c, EnterBattlePoints)]
        game.apply(picks[0] if picks else rng.choice(bp) if bp else
                   next(c for c in legal if not isinstance(c, (Withdraw, EngineerRoll, MarineRoll))))
    infantry = [u.id for u in game.force("Anna").units if u.unit_type == "IN"]
    assert len(infantry) == 32
    app = WartableApp(game=game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Anna", "Units lost", "IN Infantry")
        items = menu(app).items()
        size = len(MENU_KEYS)                     # entries per range: one range per key
        assert len(items) == -(-64 // size) and all(key in FREE_KEYS for key, _label, _leaf in items)
        last_of_first = f"{infantry[(size - 1) // 2]} {'cut off (no supply)' if size % 2 == 0 else 'destroyed'}"
        assert items[0][1] == f"{infantry[0]} destroyed … {last_of_first}"
        await choose(pilot, items[-1][1])
        inner = menu(app).items()
        assert all(key in FREE_KEYS for key, _label, _leaf in inner) and len(inner) == 64 - size * (len(items) - 1)
        assert inner[-1][1] == f"{infantry[-1]} cut off (no supply)"
        await choose(pilot, inner[-1][1])
        assert game.log[-1] == LoseUnit("Anna", infantry[-1], True)


def test_the_save_of_a_victory_campaign_is_what_the_screens_resume():
    """The autosave the launcher reads is the engine's own save text."""
    game = in_battle()
    storage.autosave(game)
    assert storage.autosave_path().read_text(encoding="utf-8") == dumps(game)
    assert storage.last_game().digest() == game.digest()

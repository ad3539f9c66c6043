"""The Tide of Iron campaign screens driven by real key presses (Textual Pilot, 80x24).

Each test presses the keys the players would press and reads what they would see: the
current screen, the menu entries ("[key] label"), the characters of the frame, or the
characters inside one widget's place on the screen. Menu keys are looked up from the visible
labels, never hard-wired to a position. The result form is filled the way a player fills it:
Tab to a field, type, Tab or Enter.

The centre piece replays the rulebook's Campaign Phase Example (Ramming Speed: James, the
Soviet player, ends with ammunition 2, morale 4 and supply 12, held the initiative and lost,
and scored 3 CVP from three campaign command objectives) through the screens and checks the
ledger, the cards and the next set-up sheet against the rulebook.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

import json

from textual.widgets import Checkbox, Input, RadioSet, Static

from rules.toi import (
    BeginBattle,
    ConfirmResult,
    DonePurchasing,
    EndBattle,
    Halve,
    RaiseObjective,
    Score,
    SetCommand,
    SetInitiative,
    StatusPhase,
    new_game,
)
from rules.toi.export import campaign_markdown, setup_markdown
from rules.toi.content import load
from rules.toi.setup import setup_sheet
from tui import storage
from tui.app import WartableApp
from tui.launcher import LauncherScreen
from tui.new_toi import NewToIScreen
from tui.toi.result_form import ResultFormScreen
from tui.toi.screen import (
    PassScreen,
    TextScreen,
    ToIEndScreen,
    ToIScreen,
)
from tui.widgets.confirm import ConfirmScreen
from tests.support.screens import frame, flat, shown, menu, labels, key_for, passed_through, stack

SIZE = (80, 24)
TYPES = ("ammunition", "morale", "supply")


# ==========================================================================================
# Helpers: what the players see, and the keys to reach it
# ==========================================================================================
def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


def cards_row(app, side: str) -> str:
    """The command-cards row of `side` as shown on the campaign screen, spaces squeezed,
    e.g. 'Soviet: James 0 rec 2 rec 12 rec 3'."""
    name = {"german": "German", "soviet": "Soviet"}[side]
    region = app.screen.query_one("#toi-cards").content_region
    rows = frame(app).split("\n")
    for y in range(region.y, region.bottom):
        line = rows[y][region.x:region.right]
        if line.strip().startswith(f"{name}: "):
            return " ".join(line.split())
    raise AssertionError(f"no {name} row of the command cards on screen:\n{frame(app)}")


async def choose(pilot, *label_starts: str) -> None:
    """Walk the command menu by the keys shown in front of the labels."""
    for label in label_starts:
        assert isinstance(pilot.app.screen, ToIScreen), stack(pilot.app)
        if passed_through(pilot.app, label):
            continue
        await pilot.press(key_for(pilot.app, label))
        await pilot.pause()
        if isinstance(pilot.app.screen, ConfirmScreen):     # a loss of command: confirmed
            await pilot.press("enter")
            await pilot.pause()


async def pass_keyboard(pilot, side: str, player: str) -> None:
    """The pass-the-keyboard screen names the player to act; Enter hands over."""
    app = pilot.app
    await pilot.pause()
    assert isinstance(app.screen, PassScreen), stack(app)
    assert f"Pass the keyboard to the {side} player ({player})." in flat(app)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, ToIScreen), stack(app)


async def start_from_launcher(pilot, scenario_key: str = "1", names=("Anna", "James"),
                              toggles: str = "") -> ToIScreen:
    """Launcher → New campaign: Tide of Iron → first scenario, options, names → Enter."""
    app = pilot.app
    assert isinstance(app.screen, LauncherScreen)
    await pilot.press(key_for(app, "New campaign: Tide of Iron"))
    await pilot.pause()
    assert isinstance(app.screen, NewToIScreen), stack(app)
    await pilot.press(scenario_key, *toggles)
    if names:
        await pilot.press("n")
        await pilot.press(*names[0], "enter", *names[1], "enter")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, ToIScreen), stack(app)
    return app.screen


async def open_form(pilot) -> ResultFormScreen:
    await pilot.press("e")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ResultFormScreen), stack(pilot.app)
    return pilot.app.screen


async def tab_to(pilot, widget_id: str) -> None:
    """Press Tab (or Shift+Tab, whichever is shorter) until the widget with this id has the focus."""
    app = pilot.app
    chain = [w.id for w in app.screen.focus_chain]
    assert widget_id in chain, f"#{widget_id} is not in the focus chain {chain}"
    here = chain.index(app.focused.id) if app.focused is not None and app.focused.id in chain else 0
    ahead = (chain.index(widget_id) - here) % len(chain)
    key = "tab" if ahead <= len(chain) - ahead else "shift+tab"
    for _ in range(len(chain)):
        if app.focused is not None and app.focused.id == widget_id:
            return
        await pilot.press(key)
    raise AssertionError(f"Tab never reaches #{widget_id}")


async def enter_number(pilot, field_id: str, text: str, leave: str = "tab") -> None:
    """Tab to a number field (its text is selected), type over it, leave with Tab or Enter."""
    await tab_to(pilot, field_id)
    await pilot.press(*text, leave)
    await pilot.pause()


async def pick_initiative(pilot, side: str) -> None:
    """Tab to the initiative buttons, move to the side with the arrows, press Enter."""
    app = pilot.app
    await tab_to(pilot, "form-initiative")
    buttons = app.screen.query_one(RadioSet)
    target = ["german", "soviet"].index(side)
    for _ in range(3):
        if buttons._selected == target:       # the highlighted button (RadioSet keeps no public name for it)
            break
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert app.screen.game.state.record.initiative == side


async def close_form(pilot) -> None:
    """Tab to the Close button and press Enter."""
    await tab_to(pilot, "form-close")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ToIScreen), stack(pilot.app)


def form_error(app) -> str:
    return shown(app, app.screen.query_one("#form-error", Static))


def form_value(app, field_id: str) -> str:
    return app.screen.query_one(f"#{field_id}", Input).value


def ramming_speed_result(players=("Anna", "James")):
    """Ramming Speed with the example's result entered (engine calls), not yet confirmed."""
    game = new_game(players=players)
    for cmd in (BeginBattle(), EndBattle(),
                *(SetCommand("german", t, 4) for t in TYPES),
                SetCommand("soviet", "morale", 4), SetCommand("soviet", "supply", 12),
                SetInitiative("soviet"), Score("german", "building-40a", 1),
                Score("soviet", "command-objectives", 3)):
        game.apply(cmd)
    return game


def example_at_soviet_purchases():
    """The Campaign Phase Example up to James's purchases (engine calls)."""
    game = ramming_speed_result()
    for cmd in (ConfirmResult(), Halve("supply", True), RaiseObjective("command-objectives"),
                DonePurchasing("german")):
        game.apply(cmd)
    return game


def at_the_result():
    """Ramming Speed, the battle over: the result form is open to fill."""
    game = new_game(players=("Anna", "James"))
    game.apply(BeginBattle())
    game.apply(EndBattle())
    return game


def unchanged(game):
    return game.digest(), len(game.log)


# ==========================================================================================
# A new campaign from the launcher
# ==========================================================================================
async def test_new_campaign_from_the_launcher_with_start_scenario_and_names():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "New campaign: Tide of Iron"))
        await pilot.pause()
        assert isinstance(app.screen, NewToIScreen)
        assert "Ramming Speed <- start here" in flat(app)
        await pilot.press("2")
        assert "Order No. 227 <- start here" in flat(app)
        await pilot.press("d")
        assert "[d] double campaign, sides switched: YES" in flat(app)
        await pilot.press("a")                        # one scenario alone turns the double off
        assert "[a] only this scenario: YES" in flat(app) and "sides switched: no" in flat(app)
        await pilot.press("a")
        await pilot.press("n")
        assert app.focused is not None and app.focused.id == "name-0"
        await pilot.press(*"Anna", "enter", *"James", "enter")
        assert "names: German Anna, Soviet James" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app) == ["LauncherScreen", "ToIScreen"]
        game = app.screen.game
        assert game.options == {"start": "order-227", "double": False, "standalone": False,
                                "players": ["Anna", "James"]}
        assert game.digest() == new_game(start="order-227", players=("Anna", "James")).digest()
        assert "scenario 1/3: Order No. 227" in flat(app)
        assert "to act: both players" in flat(app)
        assert storage.autosave_path().exists()


async def test_tab_between_the_name_fields_keeps_the_first_name():
    """Issue 10 item 7: type a name, Tab, a second name, Enter: both names are taken."""
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "New campaign: Tide of Iron"))
        await pilot.pause()
        await pilot.press("n")
        assert "Tab or Enter for the Soviet name" in flat(app)        # the keys, while the fields are open
        await pilot.press(*"Anna", "tab", *"James", "enter")
        await pilot.pause()
        assert "names: German Anna, Soviet James" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen), stack(app)
        assert app.screen.game.options["players"] == ["Anna", "James"]


async def test_e_during_the_battle_ends_it_and_opens_the_result_form_as_the_readme_says():
    """Issue 10 item 7: the README's `e` works while the battle is on; u takes the end back."""
    game = new_game(players=("Anna", "James"))
    game.apply(BeginBattle())
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert game.state.phase == "battle"
        await open_form(pilot)
        assert game.state.phase == "result" and isinstance(game.log[-1], EndBattle)
        # the keys are on screen while the form is open
        assert "tab Next field" in flat(app) and "esc Close" in flat(app)
        assert "a refused number" in flat(app) and "keeps its field" in flat(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert game.state.phase == "battle"


async def test_before_the_battle_e_says_what_to_do_first():
    app = WartableApp(game=new_game(players=("Anna", "James")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen)
        assert any("Begin the battle" in m for m in notes(app)), notes(app)


async def test_a_refused_number_keeps_the_focus_so_the_next_value_lands_in_its_own_field():
    """Issue 10 item 7: Tab after a refusal does not move on; what is typed next replaces it."""
    game = at_the_result()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot)
        await enter_number(pilot, "cmd-german-ammunition", "41")
        assert form_error(app).startswith("Refused:")
        assert app.focused.id == "cmd-german-ammunition"
        await pilot.press("shift+tab")               # nor does Shift+Tab
        await pilot.pause()
        assert app.focused.id == "cmd-german-ammunition"
        await pilot.press(*"5", "tab", *"7", "tab")
        await pilot.pause()
        assert game.state.cards["german"]["ammunition"].tokens == 5
        assert game.state.cards["german"]["morale"].tokens == 7
        assert form_error(app) == ""


async def test_the_same_name_twice_is_refused_with_a_reason_and_nothing_starts():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "New campaign: Tide of Iron"))
        await pilot.pause()
        await pilot.press("n", *"Anna", "enter", *"Anna", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewToIScreen), stack(app)
        assert any("name two different players" in m for m in notes(app)), notes(app)
        assert not storage.autosave_path().exists()


# ==========================================================================================
# The rulebook's Campaign Phase Example, through the screens
# ==========================================================================================
async def test_the_rulebooks_campaign_phase_example_through_the_screens():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await start_from_launcher(pilot, "1", ("Anna", "James"))
        game = screen.game
        assert game.state.scenario == "ramming-speed"

        # the battle is fought on the table
        await choose(pilot, "Begin the battle of Ramming Speed")
        assert game.state.phase == "battle"
        await choose(pilot, "The battle is over")
        assert game.state.phase == "result"
        assert labels(app)[0] == "Open the result form (e)"

        # (A) the result form: command on each card, objectives, the initiative
        await open_form(pilot)
        for t in TYPES:
            await enter_number(pilot, f"cmd-german-{t}", "4")
        await enter_number(pilot, "score-german-building-40a", "1", leave="enter")
        await enter_number(pilot, "cmd-soviet-morale", "4")
        await enter_number(pilot, "cmd-soviet-supply", "12", leave="enter")
        await enter_number(pilot, "score-soviet-command-objectives", "3")
        await pick_initiative(pilot, "soviet")
        totals = shown(app, app.screen.query_one("#form-totals", Static))
        assert "German 5 CVP (amm 4 mor 4 sup 4)" in totals
        assert "Soviet 3 CVP (amm 2 mor 4 sup 12)" in totals and "initiative: Soviet" in totals
        assert "Soviet (James) <- held the initiative" in flat(app)
        # one command per field entered: no half-typed values ("1" of "12") in the log
        entries = [c for c in game.log if isinstance(c, (SetCommand, Score, SetInitiative))]
        assert entries == [*(SetCommand("german", t, 4) for t in TYPES), Score("german", "building-40a", 1),
                           SetCommand("soviet", "morale", 4), SetCommand("soviet", "supply", 12),
                           Score("soviet", "command-objectives", 3), SetInitiative("soviet")]
        await close_form(pilot)
        assert shown(app, app.screen.query_one("#toi-totals")) == (
            "Result so far German 5 CVP (amm 4 mor 4 sup 4) Soviet 3 CVP (amm 2 mor 4 sup 12) initiative: Soviet")
        assert cards_row(app, "soviet") == "Soviet: James 2 rec 4 rec 12 rec 0"

        # he held the initiative but lost: no bonus, no penalty; the table runs, German first
        await choose(pilot, "Confirm the result")
        await pass_keyboard(pilot, "Soviet", "James")
        rec = game.state.ledger[0]
        assert rec.winner == "german" and rec.bonus == {"german": 0, "soviet": 0}
        assert rec.penalty.startswith("none")
        # (C) ammunition 2 is lost at once with an unarmed restriction; morale 4 -> 2
        assert cards_row(app, "soviet") == "Soviet: James 0 rec 2 rec 12 rec 3"
        assert game.state.next_mods["soviet"].unarmed == 1
        # (B) 12 supply: halve it for +1 CVP
        assert shown(app, app.screen.query_one("#menu-crumb")).startswith("Soviet has 12 supply command (10+)")
        assert labels(app) == ["Halve supply command for +1 CVP", "Keep supply command: take the 6-9 effect"]
        await choose(pilot, "Halve supply command")
        assert cards_row(app, "soviet") == "Soviet: James 0 rec 2 rec 6 rec 4"   # "total CVP up to four"
        # 6 supply is the 6-9 row: a command objective of the next scenario is worth 1 more
        assert labels(app) == ["Raise objective 'Campaign command objectives' by 1 CVP"]
        await choose(pilot, "Raise objective 'Campaign command objectives'")
        assert game.state.cards["soviet"]["supply"].tokens == 4              # "4 to spend"
        assert [(e.type, e.before, e.row, e.after) for e in rec.effects if e.side == "soviet"] == [
            ("ammunition", 2, "0-2", 0), ("morale", 4, "3-5", 2), ("supply", 12, "10+", 6), ("supply", 6, "6-9", 4)]

        # Resource Acquisitions: the German player (initiative in Order No. 227) buys first
        await pass_keyboard(pilot, "German", "Anna")
        assert "to act: German (Anna)" in flat(app)
        await choose(pilot, "German is done buying")
        await pass_keyboard(pilot, "Soviet", "James")
        assert cards_row(app, "soviet") == "Soviet: James 0 rec 2 rec 4 rec 4"
        # only what 0 ammunition, 2 morale and 4 supply can pay for, and is allowed
        assert labels(app) == ["Buy: Flip a card to Veteran", "Buy: Advanced set-up hex", "Buy: Starting card",
                               "Buy: Artillery deck", "Buy: Urban Warfare deck",
                               "Soviet is done buying (unspent command is lost)"]
        # (D) flip the Morale and the Supply cards to Veteran
        await choose(pilot, "Buy: Flip a card to Veteran")
        assert labels(app) == ["morale · pay 1 morale", "supply · pay 1 supply"]
        await choose(pilot, "morale")
        # the same choice repeats: the menu stays where he bought, on the entry he was at
        assert menu(app).depth == 1 and labels(app) == ["supply · pay 1 supply"]
        await choose(pilot, "supply")
        assert menu(app).depth == 0           # no card left to flip: back at the top
        assert cards_row(app, "soviet") == "Soviet: James 0 rec 1 VET 3 VET 4"
        # his last morale on an advanced deployment hex
        await choose(pilot, "Buy: Advanced set-up hex", "division 1")
        # (E) 3 supply: no squad (a base and four regulars need 5); the Urban Warfare deck
        assert not any("Squad" in label for label in labels(app))
        assert "Buy: Urban Warfare deck · pay 3 supply" in labels(app)
        await choose(pilot, "Buy: Urban Warfare deck")
        assert labels(app) == ["Soviet is done buying (unspent command is lost)"]
        await choose(pilot, "Soviet is done buying")

        # on to Order No. 227: the set-up sheet shows everything, the ledger the example's figures
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen), stack(app)
        assert game.state.scenario == "order-227" and game.state.phase == "setup"
        assert "scenario 2/4: Order No. 227" in flat(app)
        assert cards_row(app, "soviet") == "Soviet: James 2 rec 2 VET 2 VET 4"
        assert cards_row(app, "german") == "German: Anna 2 rec 2 rec 2 rec 5"
        assert game.totals() == {"german": 5, "soviet": 4}
        sheet = setup_sheet(game).side("soviet")
        assert sheet.veteran == ("morale", "supply")
        assert sheet.raised == "command-objectives"
        assert sheet.restrictions == ("One squad sets up with an unarmed restriction.",)
        assert sheet.divisions[0].advanced_hexes == 1
        assert "Urban Warfare deck (unlocked)" in sheet.strategy_decks
        assert [p.item for p in rec.purchases] == ["veteran", "veteran", "advanced-hex", "urban-deck"]
        # the ledger, under the command cards; the board scrolls by keyboard (Tab, then Home/End)
        board = app.screen.query_one("#toi-board")
        for _ in range(3):
            if app.focused is board:
                break
            await pilot.press("tab")
        assert app.focused is board
        await pilot.press("home")
        await pilot.pause()
        text = shown(app, board)
        assert "1. Ramming Speed" in text
        assert "German (Anna): 5 CVP, command 4/4/4" in text
        assert "Soviet (James): 4 CVP, command 2/4/12" in text
        # autosaved after every command
        saved = json.loads(storage.autosave_path().read_text(encoding="utf-8"))
        assert saved["game"] == "toi" and len(saved["commands"]) == len(game.log)


async def test_penalty_and_campaign_phase_table_choices_pass_the_keyboard_each_time():
    """The winner held the initiative: the loser picks the penalty, the winner the type; the
    table's 6-9 choices (Ammunition: a replacement; Morale: a division on the advanced hexes)."""
    game = new_game(players=("Anna", "James"))
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Begin the battle", "The battle is over")
        await open_form(pilot)
        for t in TYPES:
            await enter_number(pilot, f"cmd-german-{t}", "4")
        await enter_number(pilot, "score-german-building-40a", "1")
        for t in TYPES:
            await enter_number(pilot, f"cmd-soviet-{t}", "7")
        await pick_initiative(pilot, "german")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen)
        await choose(pilot, "Confirm the result")

        # the loser chooses how to pay the penalty
        await pass_keyboard(pilot, "Soviet", "James")
        assert game.state.ledger[0].bonus["german"] == 1
        assert labels(app) == ["Lose one command of each type",
                               "Lose two command of one type (the winner chooses it)"]
        await choose(pilot, "Lose two command of one type")
        # the winner names the type
        await pass_keyboard(pilot, "German", "Anna")
        assert labels(app) == [f"The loser loses two {t} command" for t in TYPES]
        await choose(pilot, "The loser loses two supply command")
        assert game.state.ledger[0].penalty == "Soviet lost two supply (chosen by German; -2)"

        # the table: German 4/4/4 are all 3-5 rows (nothing to choose); Soviet 7 ammunition
        await pass_keyboard(pilot, "Soviet", "James")
        assert shown(app, app.screen.query_one("#menu-crumb")).startswith(
            "Soviet ammunition 7: replace two regular infantry")
        assert "Division 2: two regular infantry make way for two elite infantry" in labels(app)
        await choose(pilot, "Division 2: two regular infantry make way for two elite infantry")
        # 7 morale: a division may also use the advanced set-up hexes (same player: no pass screen)
        assert isinstance(app.screen, ToIScreen)
        assert labels(app) == ["Division 1 may also use the advanced set-up hexes",
                               "Division 2 may also use the advanced set-up hexes"]
        await choose(pilot, "Division 1 may also use")
        assert {t: game.state.cards["soviet"][t].tokens for t in TYPES} == {"ammunition": 5, "morale": 5, "supply": 3}
        mods = game.state.next_mods["soviet"].divisions
        assert (mods[1].regular, mods[1].elite) == (-2, 2) and mods[0].advanced_setup

        # purchases: German first, then the Soviet buys a specialization
        await pass_keyboard(pilot, "German", "Anna")
        await choose(pilot, "German is done buying")
        await pass_keyboard(pilot, "Soviet", "James")
        await choose(pilot, "Buy: Specialization")
        assert labels(app) == ["flamethrower · pay 2 ammunition", "engineer · pay 2 ammunition",
                               "antitank · pay 2 ammunition"]
        await choose(pilot, "engineer")
        # he stays among the specializations, on the one he bought; q climbs back to the top
        assert menu(app).depth == 1 and "engineer · pay 2 ammunition" in labels(app)
        assert menu(app).options.highlighted == labels(app).index("engineer · pay 2 ammunition")
        await pilot.press("q")
        await pilot.pause()
        await choose(pilot, "Soviet is done buying")
        assert game.state.scenario == "order-227" and game.state.phase == "setup"
        assert game.state.ledger[0].lost["soviet"] == {"ammunition": 3, "morale": 5, "supply": 3}
        assert setup_sheet(game).side("soviet").specializations == ("engineer",)


# ==========================================================================================
# The result form refuses bad entries with the engine's reason, and changes nothing
# ==========================================================================================
async def test_bad_entries_in_the_result_form_show_the_refusal_and_change_nothing():
    game = at_the_result()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot)
        before = unchanged(game)

        # a negative command, entered with Enter: the reason, the field marked, focus kept
        await enter_number(pilot, "cmd-german-ammunition", "-1", leave="enter")
        reason = game.explain(SetCommand("german", "ammunition", -1))
        assert reason == "Command cannot be negative."
        assert form_error(app) == f"Refused: {reason}"
        assert app.focused.id == "cmd-german-ammunition" and app.focused.has_class("-refused")
        assert unchanged(game) == before
        await pilot.press("tab")                      # a refused number keeps its field
        await pilot.pause()
        assert app.focused.id == "cmd-german-ammunition" and form_value(app, "cmd-german-ammunition") == "-1"
        await pilot.press("backspace", "tab")         # emptied: back to what the game holds, on
        await pilot.pause()
        assert form_value(app, "cmd-german-ammunition") == "2"
        assert app.focused.id == "cmd-german-morale"
        assert unchanged(game) == before

        # 99 is over the maximum: nothing of it is taken (not even the first 9)
        await enter_number(pilot, "cmd-german-morale", "99")
        reason = game.explain(SetCommand("german", "morale", 99))
        assert reason == "Command cannot be more than 40 on one card."
        assert form_error(app) == f"Refused: {reason}"
        assert app.focused.id == "cmd-german-morale" and form_value(app, "cmd-german-morale") == "99"
        assert game.state.cards["german"]["morale"].tokens == 2
        assert unchanged(game) == before
        await pilot.press("backspace", "tab")
        await pilot.pause()
        assert form_value(app, "cmd-german-morale") == "2"

        # a "once" objective counted twice
        await enter_number(pilot, "score-german-building-40a", "2")
        reason = game.explain(Score("german", "building-40a", 2))
        assert reason == "Ramming Speed's objective 'Building on map 40A' can be scored at most once."
        assert form_error(app) == f"Refused: {reason}"
        await pilot.press("backspace", "tab")
        await pilot.pause()
        assert form_value(app, "score-german-building-40a") == "0"
        assert unchanged(game) == before

        # a good value clears the message; an exclusive objective both sides claim is refused
        await tab_to(pilot, "score-german-building-40a")
        await pilot.press("1", "tab")
        await pilot.pause()
        assert form_error(app) == ""
        assert game.state.record.scores["german"] == {"building-40a": 1}
        before = unchanged(game)
        await enter_number(pilot, "score-soviet-building-40a", "1")
        assert form_error(app) == f"Refused: {game.explain(Score('soviet', 'building-40a', 1))}"
        assert "the German player has it" in form_error(app)
        assert unchanged(game) == before
        await pilot.press("backspace", "tab")

        # the message is in sight wherever the form is scrolled
        await tab_to(pilot, "cmd-german-ammunition")
        await pilot.press(*"41", "enter")
        await pilot.pause()
        assert "Refused: Command cannot be more than 40 on one card." in flat(app)

        # Esc with a refused value in the field: the form stays open with the reason; Esc again leaves
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ResultFormScreen)
        assert form_value(app, "cmd-german-ammunition") == "2"
        assert unchanged(game) == before
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen)
        assert unchanged(game) == before
        # the form shows the values the game holds when it is opened again
        await open_form(pilot)
        assert form_value(app, "score-german-building-40a") == "1"
        assert form_value(app, "cmd-german-ammunition") == "2"


async def test_the_raised_item_box_follows_the_count_and_a_refused_tick_changes_nothing():
    """Order No. 227 after the example: James raised 'command-objectives' by 1 for one item."""
    game = example_at_soviet_purchases()
    for cmd in game.legal():
        if getattr(cmd, "item", "") == "urban-deck":
            game.apply(cmd)
            break
    game.apply(DonePurchasing("soviet"))
    game.apply(BeginBattle())
    game.apply(EndBattle())
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_form(pilot)
        box = app.screen.query_one("#raised-soviet-command-objectives", Checkbox)
        assert not box.value
        # ticking it with no item counted is refused, and the box goes back
        before = unchanged(game)
        await tab_to(pilot, box.id)
        await pilot.press("space")
        await pilot.pause()
        assert form_error(app) == ("Refused: The raised item can only be among those scored when at least "
                                   "one is scored.")
        assert not box.value and unchanged(game) == before
        # two items counted, the raised one among them: 2 + 1 CVP
        await enter_number(pilot, "score-soviet-command-objectives", "2")
        await tab_to(pilot, box.id)
        await pilot.press("space")
        await pilot.pause()
        assert box.value and game.state.record.raised_scored["soviet"]
        assert game.scenario_cvp("soviet") == 3
        assert "Soviet 3 CVP" in shown(app, app.screen.query_one("#form-totals", Static))
        # the count back to 0: the box is cleared with it
        await enter_number(pilot, "score-soviet-command-objectives", "0")
        assert not box.value and not game.state.record.raised_scored["soviet"]
        assert game.scenario_cvp("soviet") == 0


# ==========================================================================================
# Export, set-up sheet, undo, resume, the end of a standalone scenario
# ==========================================================================================
async def test_x_exports_the_campaign_record_and_the_set_up_sheet_as_markdown(wartable_data_dir):
    game = example_at_soviet_purchases()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        files = sorted((wartable_data_dir / "exports").glob("*.md"))
        assert [f.name.rsplit("-", 2)[0] for f in files] == ["toi-campaign-record", "toi-setup-sheet"]
        record, sheet = (f.read_text(encoding="utf-8") for f in files)
        assert record == campaign_markdown(game)
        assert sheet == setup_markdown(game)
        assert sheet.startswith("# Order No. 227 — set-up sheet (next scenario 2 of 4, campaign 1)")
        assert any(m.startswith("Exported: ") and str(files[0]) in m for m in notes(app))
        assert isinstance(app.screen, ToIScreen)


async def test_v_shows_the_set_up_sheet_and_q_closes_it():
    game = example_at_soviet_purchases()
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert "Set-up sheet (q: close, arrows scroll)" in flat(app)
        # the Markdown is drawn: a heading without its '#', tables as columns, never '|---|'
        assert "Order No. 227 — set-up sheet (next scenario 2 of 4, campaign 1)" in flat(app)
        assert "# Order No. 227" not in flat(app)
        seen = [frame(app)]
        for _ in range(8):
            await pilot.press("pagedown")
            await pilot.pause()
            seen.append(frame(app))
        sheet = "\n".join(seen)
        assert "|---" not in sheet and "| Div. |" not in sheet
        assert "Div. Bases Regular Elite Officers MG Mortar" in " ".join(sheet.split()), sheet
        assert "Soviet set-up (James)" in sheet and "Changes against the printed sheet" in sheet
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen)


async def test_u_takes_back_the_last_choice_and_says_when_there_is_nothing_to_undo():
    game = new_game(players=("Anna", "James"))
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo." in notes(app)
        app.pop_screen()
        app.push_screen(ToIScreen(ramming_speed_result()))   # the example's result, entered
        await pilot.pause()
        game = app.screen.game
        await choose(pilot, "Confirm the result")
        await pass_keyboard(pilot, "Soviet", "James")
        await choose(pilot, "Halve supply command")
        assert game.state.cards["soviet"]["supply"].tokens == 6 and game.state.decision.kind == "raise"
        commands = len(game.log)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ToIScreen)
        assert len(game.log) == commands - 1
        assert game.state.cards["soviet"]["supply"].tokens == 12
        assert game.state.ledger[0].total("soviet") == 3
        assert labels(app) == ["Halve supply command for +1 CVP", "Keep supply command: take the 6-9 effect"]
        assert cards_row(app, "soviet") == "Soviet: James 0 rec 2 rec 12 rec 3"
        saved = json.loads(storage.autosave_path().read_text(encoding="utf-8"))
        assert len(saved["commands"]) == commands - 1
        await choose(pilot, "Keep supply command")       # the other choice, after the undo
        await choose(pilot, "Raise objective")           # kept: the 6-9 effect, then remove two
        assert game.state.cards["soviet"]["supply"].tokens == 10
        assert game.state.ledger[0].total("soviet") == 3


async def test_resume_a_tide_of_iron_autosave_from_the_launcher():
    game = ramming_speed_result()
    game.apply(ConfirmResult())                     # at James's halving choice
    storage.autosave(game)
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"Resume the last game (toi, {len(game.log)} commands" in flat(app)
        await pilot.press(key_for(app, "Resume the last game"))
        await pilot.pause()
        assert stack(app) == ["LauncherScreen", "ToIScreen"]
        resumed = app.screen.game
        assert resumed.digest() == game.digest() and resumed.log == game.log
        assert labels(app) == ["Halve supply command for +1 CVP", "Keep supply command: take the 6-9 effect"]
        assert "to act: Soviet (James)" in flat(app)
        await choose(pilot, "Halve supply command")
        assert resumed.state.cards["soviet"]["supply"].tokens == 6
        await pilot.press("q")                       # back to the launcher, autosaved
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen)
        assert f"({'toi'}, {len(resumed.log)} commands" in flat(app)


async def test_a_standalone_scenario_ends_on_its_end_screen_with_the_winner():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await start_from_launcher(pilot, "3", ("Anna", "James"), toggles="a")
        game = screen.game
        assert game.standalone and game.state.run == ["gully-of-death"]
        assert "scenario 1/1: Gully of Death" in flat(app)
        await choose(pilot, "Begin the battle", "The battle is over")
        await open_form(pilot)
        await enter_number(pilot, "score-soviet-sewer-eliminations", "2")
        await pick_initiative(pilot, "soviet")
        await close_form(pilot)
        await choose(pilot, "Confirm the result")
        await pilot.pause()
        assert isinstance(app.screen, ToIEndScreen), stack(app)
        text = flat(app)
        assert "THE SOVIET PLAYER (James) WINS" in text
        assert "Soviet: 5 CVP" in text and "German: 0 CVP" in text     # 2 x 2 CVP + 1 for the initiative
        assert "Soviet (James) wins the scenario Gully of Death" in text
        assert frame(app).split("\n")[0].startswith("scenario 1/1: Gully of Death  The scenario is over")
        assert "Gully of Death" in text and "won, initiative" in text   # the ledger
        stats = json.loads(storage.stats_path().read_text(encoding="utf-8"))["games"]
        assert [(r["game"], r["mode"]) for r in stats] == [("toi", "scenario")]
        await pilot.press("x")
        await pilot.pause()
        assert any(m.startswith("Exported: ") for m in notes(app))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LauncherScreen), stack(app)


# ==========================================================================================
# Red October: purchases in the Status Phases, both players at once
# ==========================================================================================
async def test_red_october_status_phase_command_entry_and_each_sides_own_purchases():
    game = new_game(start="red-october", standalone=True, players=("Anna", "James"))
    app = WartableApp(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Begin the battle", "Status Phase of round 2")
        assert game.state.phase == "status"
        # the cards still show the set-up's 2 each: the command now is entered in the form
        assert labels(app)[0] == "Enter the command on the cards (e)"
        form = await open_form(pilot)
        assert "Status Phase of round 2 in Red October" in flat(app)
        assert not form.query("#form-initiative") and not form.query(".form-objective")
        for t in TYPES:
            await enter_number(pilot, f"cmd-soviet-{t}", "5")
        await pilot.press("escape")
        await pilot.pause()
        assert {t: game.state.cards["soviet"][t].tokens for t in TYPES} == {t: 5 for t in TYPES}
        # each side's purchases under its own entry (the same items would look alike otherwise)
        assert labels(app)[1:] == ["German (Anna): buy or finish · German is done buying",
                                   "Soviet (James): buy or finish"]
        await choose(pilot, "Soviet (James)", "Buy: Specialization", "antitank")
        bought = game.state.record.purchases
        assert [(p.side, p.item, p.detail, p.when) for p in bought] == [
            ("soviet", "specialization", "antitank", "Status Phase 2")]
        assert game.state.cards["soviet"]["ammunition"].tokens == 3
        # the menu stays with the Soviet's purchases (the specializations are spent: one up)
        assert labels(app) == ["Buy: Light tank", "Soviet is done buying"]
        await pilot.press("q")
        await pilot.pause()
        await choose(pilot, "German (Anna)")
        await choose(pilot, "Soviet (James)", "Soviet is done buying")
        assert game.state.phase == "battle"
        assert labels(app)[0] == "Status Phase of round 3: open purchases"


def test_status_phase_command_entry_cites_the_red_october_rule():
    """TOI Red October: Reinforcements: command entered in a Status Phase cites that rule, not
    the end-of-scenario record."""
    game = new_game(start="red-october", standalone=True)
    game.apply(BeginBattle())
    game.apply(StatusPhase(2))
    events = game.apply(SetCommand("german", "ammunition", 5))
    assert events[-1].rule == "TOI Red October: Reinforcements"


async def test_resizing_to_120_columns_shows_the_wide_panels_and_keeps_the_menu_place():
    app = WartableApp(game=example_at_soviet_purchases())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Tide of Iron: Stalingrad" not in frame(app).split("\n")[0]
        assert "to act: Soviet (James)" in frame(app).split("\n")[0]
        await choose(pilot, "Buy: Flip a card to Veteran")
        assert menu(app).depth == 1
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        top = frame(app).split("\n")[0]
        assert top.startswith("Tide of Iron: Stalingrad  scenario 1/4: Ramming Speed  Resource Acquisitions")
        assert "to act: Soviet (James)" in top
        assert "# Scenario" in flat(app) and "Ramming Speed German 4 4 4 5 won" in flat(app)
        assert menu(app).depth == 1 and labels(app) == ["morale · pay 1 morale", "supply · pay 1 supply"]


async def test_after_a_purchase_the_menu_stays_where_the_player_bought():
    """Resource Acquisitions: purchases come one after another, so after a Buy the menu stays
    at the level it was given from (its crumb on screen), on the entry chosen or the one now in
    its place; it climbs only when nothing is left to buy there."""
    app = WartableApp(game=example_at_soviet_purchases())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await choose(pilot, "Buy: Flip a card to Veteran")
        assert labels(app) == ["morale · pay 1 morale", "supply · pay 1 supply"]
        await choose(pilot, "supply")
        assert menu(app).depth == 1 and labels(app) == ["morale · pay 1 morale"]
        crumb = shown(app, menu(app).query_one("#menu-crumb"))
        assert crumb == "Resource Acquisitions › Buy: Flip a card to Veteran (q: back)"
        assert menu(app).options.highlighted == 0
        await pilot.press("enter")                  # the highlighted entry: one key for the next
        await pilot.pause()
        assert [p.detail for p in app.screen.game.state.record.purchases[-2:]] == ["supply", "morale"]
        assert menu(app).depth == 0 and "Buy: Advanced set-up hex" in labels(app)


async def test_every_set_up_sheet_table_keeps_every_heading_whole_at_80x24():
    """The set-up sheet (v) at 80x24, scrolled through by keys: every column heading of every
    table is on screen whole (none cut to "Vehic…"), for every scenario's sheet."""
    for start in load().constants.scenario_order:
        game = new_game(start=start, players=("Anna", "James"))
        lines = setup_markdown(game).splitlines()
        headings = {cell.strip() for line, below in zip(lines, lines[1:]) if below.startswith("|---")
                    for cell in line.strip("|").split("|")}
        app = WartableApp(game=game)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, TextScreen), stack(app)
            seen: list[str] = []
            for _ in range(40):
                seen.extend(frame(app).split("\n"))
                await pilot.press("pagedown")
                await pilot.pause()
            assert not [line for line in seen if "…" in line], start
            header_lines = [line for line in seen if "Div." in line or "Bought" in line]
            assert header_lines, start
            missing = {h for h in headings if h and not any(f" {h} " in f" {line} " for line in seen)}
            assert not missing, (start, missing)

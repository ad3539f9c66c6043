"""Fixes from the Roads hot-seat playtest (notes/playtest-roads.md), by real keys at 80x24:
leaving by accident (finding 2), ending an operation with a force gathered (9), focus (1, 3),
results seen before the hand-over (6), wording (8) and the panels' details (10-14)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import asynccontextmanager

from rules.roads import commands as c
from rules.roads import new_game
from tests.support.screens import flat, frame, key_for, labels, menu, stack, until
from tests.tui.test_pilot_roads import by_keys, settle
from tui import storage
from tui.app import WartableApp
from tui.roads.screen import RoadsScreen

SIZE = (80, 24)
PLAYERS = {"axis": "Anna", "soviet": "Ben"}


@asynccontextmanager
async def axis_operation(autosave: bool = False, seed: int = 42, at: str = "kerch",
                         gather: tuple[str, ...] = ()):
    """A new hot-seat game (seed 42) at 80x24 with an Axis operation (at Kerch) started by keys:
    the opening most of these tests play from (or another seed's, at another RP, with the units
    ``gather`` gathered by keys). Yields the game, the app and the pilot."""
    game = new_game(seed=seed, players=PLAYERS)
    app = WartableApp(game, autosave=autosave)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await by_keys(pilot, app, c.StartOperation("axis", at))
        for unit in gather:
            await by_keys(pilot, app, c.Gather("axis", unit))
        yield game, app, pilot


async def test_undo_returns_to_the_gather_list_and_q_at_the_top_asks_before_leaving():
    async with axis_operation() as (game, app, pilot):
        await pilot.press(key_for(app, "Gather the force"))
        assert menu(app).depth == 1
        await pilot.press(key_for(app, "Add " + game.unit_name("xlii-corps")))
        await pilot.press(key_for(app, "Add " + game.unit_name("liv-corps")))
        await pilot.pause()
        assert game.state.operation.force == ["xlii-corps", "liv-corps"]
        assert menu(app).depth == 0               # nobody is left to gather: the list is gone
        await pilot.press("u")
        await pilot.pause()
        assert game.state.operation.force == ["xlii-corps"]
        assert menu(app).place[1] == ("Gather the force (5.2)",)     # back where it was chosen
        await pilot.press("q")                    # back, one level
        assert menu(app).depth == 0 and isinstance(app.screen, RoadsScreen)
        await pilot.press("q")                    # at the top: a question, not the launcher
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen"
        assert "Leave the game for the launcher?" in flat(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RoadsScreen)
        await pilot.press("q", "q")               # a second q answers no as well
        await pilot.pause()
        assert isinstance(app.screen, RoadsScreen)
        await pilot.press("q", "y")
        await pilot.pause()
        assert stack(app)[-1] == "LauncherScreen"


async def test_the_operation_ends_with_a_force_gathered_and_the_leaving_question_names_the_autosave():
    async with axis_operation(autosave=True) as (game, app, pilot):
        await by_keys(pilot, app, c.Gather("axis", "xlii-corps"))
        assert c.EndOperation("axis") in game.legal()
        await pilot.press("q")                    # out of the gather list
        assert any(label.startswith("End the operation") for label in labels(app))
        await pilot.press("q")
        await pilot.pause()
        assert "autosaved" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "LauncherScreen"


async def load_from_launcher(pilot, app, name: str) -> None:
    """From the launcher, by keys: Load a save, then the save called ``name``."""
    await pilot.press(key_for(app, "Load a save"))
    await pilot.pause()
    await pilot.press(key_for(app, name))


async def test_undo_right_after_a_resume_reaches_back_as_before_the_save():
    """Issue 23, item 12a: the save keeps the undo steps since the last reveal; undo after a
    load takes back the gather and the operation's start, then stops at the start of the game
    (where it used to stop at the load)."""
    game = new_game(seed=42, players=PLAYERS)
    game.apply(c.StartOperation("axis", "kerch"))
    game.apply(c.Gather("axis", "xlii-corps"))
    storage.save_named(game, "gathered")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await load_from_launcher(pilot, app, "gathered")
        await settle(pilot, app)
        for _ in range(40):
            if isinstance(app.screen, RoadsScreen) and app.screen.game is not None:
                break
            await pilot.pause()
        loaded = app.screen.game
        assert len(loaded.log) == 2
        for left in (1, 0):
            await pilot.press("u")
            await settle(pilot, app)
            assert len(loaded.log) == left
        await pilot.press("u")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert not any("where this game was loaded" in m for m in messages), messages
        assert any("start of the game" in m for m in messages), messages


def focused(app) -> str:
    return app.focused.id if app.focused is not None else ""


async def test_v_switches_back_from_the_map_though_it_is_valuykis_letter_and_esc_too():
    from tui.widgets.area_map import AreaMap
    game = new_game(seed=42, players=PLAYERS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        amap = app.screen.query_one(AreaMap)
        cursor = amap.cursor
        await pilot.press("v")
        assert focused(app) == "rd-map"
        await pilot.press("v")                    # not the jump to Valuyki: back to the menu
        assert focused(app) == "menu-options" and amap.cursor == cursor
        await pilot.press("v", "escape")
        assert focused(app) == "menu-options"
        app.screen.action_view()                  # v v typed faster than the focus lands
        app.screen.action_view()
        await pilot.pause()
        assert focused(app) == "menu-options"
        await pilot.press("slash", *"Valuyki", "enter")         # Valuyki is reached by /
        await pilot.pause()
        assert amap.cursor == "valuyki"


async def test_after_a_confirmation_and_a_pass_the_menu_has_the_keyboard_and_each_side_its_own_cursor():
    from rules.roads.bots import BOTS
    from tui.widgets.area_map import AreaMap
    async with axis_operation() as (game, app, pilot):
        await by_keys(pilot, app, c.Gather("axis", "xlii-corps"))
        await by_keys(pilot, app, c.Gather("axis", "liv-corps"))
        amap = app.screen.query_one(AreaMap)
        await pilot.press("v", "slash", *"Taman", "enter")
        await pilot.pause()
        assert amap.cursor == "taman" and focused(app) == "rd-map"
        await pilot.press("enter")                # on the map: the move into Taman, a battle
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen"
        await pilot.press("y")
        await settle(pilot, app, passes=False)    # the battle's first events step through
        assert game.state.battle is not None
        assert focused(app) == "menu-options"     # the confirmation handed the keyboard back
        bot = BOTS["heuristic"](42)
        await _axis_bot_until_the_pass(pilot, app, game, bot, 20)   # the battle goes on to the Soviet
        assert stack(app)[-1] == "SinceScreen"    # what the Axis did, first; Enter to the game
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen._seat == "soviet" and focused(app) == "menu-options"
        assert amap.cursor == "taman"             # the Soviet's own first look: the battle under way
        await pilot.press("slash", *"Kerch", "enter")     # the Soviet player looks elsewhere
        await pilot.pause()
        assert amap.cursor == "kerch"
        for _ in range(20):
            if game.to_act() == "axis":
                break
            await by_keys(pilot, app, bot.choose(game), passes=False)
        await pilot.pause()
        if stack(app)[-1] == "PassScreen":
            await pilot.press("enter")
            await settle(pilot, app, passes=False)   # and past what the Soviet did meanwhile
        assert app.screen._seat == "axis"
        assert amap.cursor == "taman"             # the Axis cursor is where the Axis left it


async def test_the_roll_off_is_shown_to_the_second_chooser_before_the_pass_screen():
    game = new_game(seed=1, players=PLAYERS)
    game.apply(c.StartOperation("axis", "kerch"))
    game.apply(c.EndOperation("axis"))
    game.apply(c.Choose("axis", "map"))
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.screen._seat == "soviet"
        await pilot.press(key_for(app, "Card or Map"))
        await pilot.press(key_for(app, "Choose Map"))
        await pilot.press("y")
        await pilot.pause()
        assert game.to_act() == "axis"            # the Axis won the roll-off: a hand-over follows
        assert stack(app)[-1] == "ResolutionScreen"
        await pilot.press("a")
        text = flat(app)
        assert "Revealed: Axis Map, Soviet Map" in text and "Roll-off: Axis 10" in text
        await pilot.press("space")
        await pilot.pause()
        assert stack(app)[-1] == "PassScreen"


async def test_the_card_drawn_is_shown_to_its_player_before_the_pass_and_marked_new_in_the_hand():
    from tests.support.roads import bot_game_commands, replayed
    log = bot_game_commands(3)
    at = next(i for i, cmd in enumerate(log) if isinstance(cmd, c.DrawCard) and cmd.side == "soviet"
              and log[i + 1].side == "axis")
    game = replayed(3, at, players=PLAYERS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.screen._seat == "soviet"
        await pilot.press(key_for(app, "Draw a card"))
        await pilot.pause()
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen" and "The top card of your deck" in flat(app)
        await pilot.press("enter")                  # a draw asks first (DESIGN "The terminal")
        await pilot.pause()
        drawn = game.state.cards["soviet"].hand[-1]
        name = game.card_name(drawn)
        assert stack(app)[-1] == "ResolutionScreen"
        await pilot.press("a")
        assert f"You drew {name}" in flat(app)
        await pilot.press("space")
        await pilot.pause()
        assert stack(app)[-1] == "PassScreen" and name not in flat(app)
        await pilot.press("enter")
        for _ in range(10):                       # the Axis plays on until the Soviet acts again
            if game.to_act() == "soviet":
                break
            await by_keys(pilot, app, log[len(game.log)], passes=False)
        await settle(pilot, app)
        assert app.screen._seat == "soviet"
        await pilot.press("h")
        await pilot.pause()
        assert f"New in your hand: {name}" in flat(app)


async def test_headings_say_what_a_card_asks_and_an_arrival_is_tagged_with_its_own_side():
    from tests.support.roads import bot_game_commands, replayed
    log = bot_game_commands(3)
    at = next(i for i, cmd in enumerate(log) if isinstance(cmd, c.PlaceUnit) and cmd.side == "axis")
    game = replayed(3, at, players=PLAYERS)
    card = game.content.cards[game.state.pending[0].source].name
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        crumb = str(menu(app).query_one("#menu-crumb").render())
        assert crumb.startswith(f"Axis: place a reinforcement ({card})")
        await by_keys(pilot, app, log[at], passes=False)
        unit = game.unit_name(log[at].unit)
        lines = [str(line.text) for line in app.screen.query_one("#rd-log").lines]
        assert any(f"AXIS {unit} arrives" in line for line in lines)
        assert not any(f"SOV  {unit}" in line for line in lines)


async def test_the_end_of_an_operation_says_what_comes_next_not_that_the_initiative_moves():
    async with axis_operation() as (game, app, pilot):
        await pilot.press(key_for(app, "End the operation"))
        await pilot.pause()
        text = flat(app)
        assert stack(app)[-1] == "ConfirmScreen"
        assert "6 SP left unspent are lost" in text
        assert "both sides choose Card or Map" in text and "initiative moves on" not in text


def test_placement_regions_are_named_by_their_cities():
    from tui.roads.menu import identity_keys
    labels = identity_keys(new_game(seed=1)).region_label
    assert labels["North"].startswith("Voronezh")        # not "North" for Millerovo's region
    assert all(name not in label for name in ("North", "South") for label in labels.values())


async def test_a_card_that_cannot_be_played_says_why_in_the_hand():
    game = new_game(seed=1, players=PLAYERS)
    game.apply(c.StartOperation("axis", "kerch"))
    game.apply(c.EndOperation("axis"))
    game.apply(c.Choose("axis", "map"))
    game.apply(c.Choose("soviet", "card"))
    game.apply(c.StartOperation("axis", "kharkov"))
    game.apply(c.EndOperation("axis"))
    assert game.state.phase == "card" and game.to_act() == "soviet"
    tank = next(k for k in game.state.cards["soviet"].hand if game.card_name(k) == "Tank Armies")
    assert c.PlayCard("soviet", tank) not in game.legal()
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("h", "end")             # the reasons close the hand: at its end

        def shown() -> str:
            return " ".join(flat(app).replace("│", " ").split())     # lines wrap inside the box
        await until(pilot, lambda: "Not playable now:" in shown())   # scrolled there (a busy machine: later)
        text = shown()
        assert (f"Tank Armies: not yet: 7.c needs 15 cards played or discarded, "
                f"{game.state.cards_done} so far") in text


async def test_the_gather_list_says_where_each_unit_is_and_choose_the_unit_gives_values_and_state():
    from tests.support.roads import bot_game_commands, replayed
    from tui.roads.panels import unit_line
    log = bot_game_commands(3)
    at = next(i for i, cmd in enumerate(log) if isinstance(cmd, c.ChooseUnit))
    game = replayed(3, at, players=PLAYERS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app, passes=True)
        choices = [cmd for cmd in game.legal() if isinstance(cmd, c.ChooseUnit)]
        if len(choices) > 1 and any(label.startswith("Choose the unit") for label in labels(app)):
            await pilot.press(key_for(app, "Choose the unit"))
        shown = labels(app)
        for cmd in choices:
            assert any(unit_line(game, game.state.units[cmd.unit]) in label for label in shown), shown
    async with axis_operation() as (game, app, pilot):
        await pilot.press(key_for(app, "Gather the force"))
        assert "Add XLII Corps (Kerch) to the force  [1 SP]" in labels(app)


async def _axis_bot_until_the_pass(pilot, app, game, bot, most: int) -> None:
    """``bot`` plays the Axis by keys (at most ``most`` commands) until the Soviet is to act;
    the pass screen is up, and Enter is pressed on it."""
    for _ in range(most):
        if game.to_act() == "soviet":
            break
        await by_keys(pilot, app, bot.choose(game), passes=False)
    await pilot.pause()
    assert stack(app)[-1] == "PassScreen"
    await pilot.press("enter")
    await pilot.pause()


def _chit_in_a_bot_game(results: Callable[[int], bool]):
    """Seed 3's bot game up to its first chit whose battle results (events of BATTLE_KINDS)
    number n with ``results(n)``: (the game before it, the chit's command, its events)."""
    from tests.support.roads import bot_game_commands, replayed
    from tui.roads.screen import BATTLE_KINDS
    log = bot_game_commands(3)
    probe = replayed(3, 0)
    for i, cmd in enumerate(log[:600]):
        events = probe.apply(cmd)
        if isinstance(cmd, c.PlayChit) and results(len([e for e in events if e.kind in BATTLE_KINDS])):
            return replayed(3, i, players=PLAYERS), cmd, events
    raise AssertionError("no such chit in seed 3's first 600 commands")


@asynccontextmanager
async def _chit_chosen(game, cmd):
    """The game on screen, its chit chosen by keys (its confirmation up)."""
    name = game.content.chits[cmd.chit.split("#")[0]].name
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        if any(label.startswith("Play a chit") for label in labels(app)):
            await pilot.press(key_for(app, "Play a chit"))
        await pilot.press(key_for(app, f"Play the chit {name}"))
        await pilot.pause()
        await pilot.pause()
        yield app, pilot


async def test_every_chit_shows_what_happens_even_a_short_one():
    game, cmd, _events = _chit_in_a_bot_game(lambda n: n < 3)    # a result of two lines
    at = len(game.log)
    async with _chit_chosen(game, cmd) as (app, pilot):
        assert stack(app)[-1] == "ConfirmScreen"    # a chit's rolls ask first, with its text
        assert "The chit is revealed and resolved at once" in flat(app)
        from rules.roads.odds import chit_odds
        checks = [ch for step in chit_odds(game, cmd.side, cmd.chit)[1] for ch in step.checks]
        assert all(f"{float(ch.chance) * 100:.0f}% to pass" in flat(app) for ch in checks)
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.log) == at + 1
        assert stack(app)[-1] == "ResolutionScreen"
        await pilot.press("a")
        assert "checks cohesion" in flat(app)


async def test_a_battle_is_stepped_through_one_chit_check_and_result_at_a_time():
    """Issue 11.5: a battle's events are stepped one at a time (space), as Fall Blau's are: each
    step ends at a chit, a check, a result or a retreat, and plain lines run through."""
    from tui.roads.screen import STEP_KINDS
    game, cmd, events = _chit_in_a_bot_game(lambda n: n >= 3)   # a chit with several results
    stops = [n + 1 for n, e in enumerate(events) if e.kind in STEP_KINDS]
    async with _chit_chosen(game, cmd) as (app, pilot):
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "ResolutionScreen"
        steps = app.screen
        shown = []
        while app.screen is steps and steps.shown < len(steps.events):
            shown.append(steps.shown)
            await pilot.press("space")
            await pilot.pause()
        assert shown == stops[:len(shown)]
        assert len(set(shown)) == len(shown) >= 3           # one step each, not all at once


async def test_the_pass_screen_saves_and_leaves_after_asking_and_shows_no_secret():
    from tests.tui.test_pilot_roads import _secret_names
    async with axis_operation(autosave=True) as (game, app, pilot):
        await by_keys(pilot, app, c.EndOperation("axis"))
        await by_keys(pilot, app, c.Choose("axis", "map"), passes=False)
        assert stack(app)[-1] == "PassScreen"
        secrets = _secret_names(game, "axis", "soviet") | _secret_names(game, "soviet", "axis")
        assert "s Save" in flat(app) and "q Leave" in flat(app)
        await pilot.press("s")
        await pilot.pause()
        assert stack(app)[-1] == "SaveNameScreen"
        await pilot.press(*"at the pass", "enter")
        await pilot.pause()
        assert stack(app)[-1] == "PassScreen"
        assert any(s.name == "at the pass" for s in storage.list_saves())
        await pilot.press("q")
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen"
        text = frame(app)
        assert all(name not in text for name in secrets) and "Axis Map" not in text
        await pilot.press("escape")
        await pilot.pause()
        assert stack(app)[-1] == "PassScreen"
        await pilot.press("q", "y")
        await pilot.pause()
        assert stack(app)[-1] == "LauncherScreen"



def test_every_step_that_cannot_be_taken_back_asks_first_and_says_what_it_does():
    """Playtest finding 5 (DESIGN "The terminal": a roll, a withdrawal, a reveal, a loss asks
    first): over a bots' game, every card played or drawn, RP spent or removed, chit, unit check
    and retreat is one the screen confirms, and its confirmation says what will happen."""
    from tests.support.roads import bot_game_commands, replayed
    from rules.roads.confirm import warning
    from tui.roads.menu import CONFIRM
    kinds = (c.PlayCard, c.DrawCard, c.StartOperation, c.PlayChit, c.ChooseUnit, c.Retreat)
    log = bot_game_commands(3)
    game = replayed(3, 0)
    seen = set()
    for cmd in log[:900]:
        if isinstance(cmd, kinds):
            assert isinstance(cmd, CONFIRM)
            assert len(warning(game, cmd)) > 20, cmd
            seen.add(type(cmd))
        game.apply(cmd)
    assert seen == set(kinds)


def test_a_chit_and_the_unit_that_checks_show_each_checks_exact_chance_and_what_failing_does():
    """DESIGN "The terminal" (show what a roll will do, exact odds where we have them; CC
    9.6.1): over a bots' game, every chit with a check and every unit chosen to check is
    confirmed with the chance ``rules.roads.odds`` gives and what a failure does; and the
    chit's confirmation is the same whatever the other side holds (its chits stay secret)."""
    from tests.support.roads import bot_game_commands, replayed
    from rules.roads import odds
    from tui.roads.confirm import confirmation
    log = bot_game_commands(3)
    game = replayed(3, 0)
    seen = set()
    for cmd in log[:900]:
        if isinstance(cmd, c.PlayChit):
            title, body = confirmation(game, cmd)
            why, steps = odds.chit_odds(game, cmd.side, cmd.chit)
            text = body.plain
            for step in steps:
                for check in step.checks:
                    assert f"{float(check.chance) * 100:.0f}% to pass" in text
                    assert check.on_fail in text
                    seen.add(c.PlayChit)
            b = game.state.battle
            foe = "soviet" if cmd.side == "axis" else "axis"
            held = list(b.drawn.get(foe, []))
            b.drawn[foe] = list(reversed(b.cups.get(foe, [])))[:len(held)]    # other chits held
            assert confirmation(game, cmd)[1].plain == text
            b.drawn[foe] = held
        if isinstance(cmd, c.ChooseUnit):
            check = next(x for x in odds.waiting_step(game).checks if x.unit == cmd.unit) \
                if odds.waiting_step(game).action == "check" else None
            if check is not None:
                text = confirmation(game, cmd)[1].plain
                assert f"{float(check.chance) * 100:.0f}% to pass" in text and check.on_fail in text
                seen.add(c.ChooseUnit)
        game.apply(cmd)
    assert seen == {c.PlayChit, c.ChooseUnit}


def test_the_battle_step_through_takes_events_by_kind_never_a_note_that_speaks_of_cohesion():
    """The step-through shows a battle's events (CC 9.5-9.6): chosen by their kind, so the
    computer's public note ("… its cohesion check …") never joins them."""
    from rules.core.events import Event
    from tui.roads.screen import battle_events
    note = Event("Computer (hard): Assault: their cohesion checks are weak", kind="note")
    check = Event("18th Army checks cohesion: rolls 3, modified 5 against 6: passes.", "CC 9.6.1", "check")
    retreat = Event("18th Army retreats to Kalach.", "CC 9.6.3f", "retreat")
    card = Event("Axis play Stukas: +1 to the Soviet cohesion checks.", "CC 2.3.1", "card")
    assert battle_events([note, check, card, retreat]) == [check, retreat]


async def test_a_battle_by_keys_says_the_draws_goes_to_the_battle_and_names_the_unit_choice():
    """Seed 1's opening, as a new player played it in tmux: the move into Izyum's confirmation
    names the defender, the chits each side draws (9.5.2) and the Donets' -2 to the attackers'
    cohesion (campaign 1.b, playtest of 26 November); the battle begun, the map cursor
    is on Izyum; after Combined Arms the menu's heading says which unit is chosen and for what,
    each unit with its chance of passing (9.6.1); a stack's cost is said to be paid at a halt."""
    from tests.support.screens import shown
    from tui.widgets.area_map import AreaMap
    async with axis_operation(seed=1, at="kharkov", gather=("iii-pz", "xi-corps")) as (game, app, pilot):
        await pilot.press(key_for(app, "Move the force"))
        assert "Move into Kharkov  [2 SP] +2 SP to stack if it halts there" in labels(app)
        await pilot.press(key_for(app, "Move into Izyum"))
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen"
        assert "against 9th Army (S) 6-1-1. You draw 4 battle chits, they draw 1" in app.screen.body.plain
        # campaign 1.b: the river's cost is said before the move, not first at the chit
        assert ("Attacking across the Donets: your units' cohesion is 2 lower in this battle's checks"
                in " ".join(app.screen.body.plain.split()))
        await pilot.press("y")
        await settle(pilot, app)
        assert app.screen.query_one(AreaMap).cursor == "izyum"
        chit = next(x for x in game.legal() if isinstance(x, c.PlayChit) and "combined-arms" in x.chit)
        await by_keys(pilot, app, chit)
        assert any(isinstance(x, c.ChooseUnit) for x in game.legal())
        heading = shown(app, menu(app))
        assert "Battle of Izyum: Axis, which unit checks cohesion (Combined Arms)" in heading
        await pilot.press(key_for(app, "Choose the unit"))
        assert any(label.startswith("XI Corps (A) 7-2-2 · 50% to pass") for label in labels(app)), labels(app)


async def test_undo_after_the_other_sides_secret_choice_says_why_it_stops():
    """The Card/Map choice (4.2.2): its confirmation says what each leads to; it is a reveal,
    so the next player's u is refused, and says so (not "a roll or a draw")."""
    async with axis_operation() as (game, app, pilot):
        await by_keys(pilot, app, c.EndOperation("axis"))
        from tui.roads.confirm import confirmation
        assert confirmation(game, c.Choose("axis", "card"))[1].startswith("Card: you play, draw or discard one card")
        assert "only its winner operates" in confirmation(game, c.Choose("axis", "map"))[1]
        await by_keys(pilot, app, c.Choose("axis", "card"))
        assert game.to_act() == "soviet" and isinstance(app.screen, RoadsScreen)
        await pilot.press("u")
        await pilot.pause()
        assert len(game.log) == 3
        messages = [n.message for n in app._notifications]
        assert any("a Card/Map choice" in m for m in messages), messages


def test_a_game_opened_in_a_battle_shows_the_battle_first():
    """A save resumed (or a side's first look) in the middle of a battle: the map cursor
    starts on the battle's area, not the Active Operation's."""
    from types import SimpleNamespace
    from tests.support.roads import bot_game_commands, replayed
    log = bot_game_commands(3)
    probe = replayed(3, 0)
    at = next(i for i, cmd in enumerate(log) if probe.apply(cmd) is not None and probe.state.battle is not None
              and probe.state.battle.area != probe.state.operation.area)
    game = replayed(3, at + 1)
    assert RoadsScreen._start_area(SimpleNamespace(game=game)) == game.state.battle.area


def test_a_retreats_confirmation_says_which_area_of_two_and_whether_it_may_end_there():
    """CC 9.6.3f: two areas towards the nearest RP, ending short in an area with a friendly
    RP; the confirmation of each step says which it is, as the game then does."""
    from tests.support.roads import bot_game_commands, replayed
    from tui.roads.confirm import confirmation
    log = bot_game_commands(3)
    game = replayed(3, 0)
    seen = set()
    for cmd in log[:900]:
        if isinstance(cmd, c.Retreat):
            text = confirmation(game, cmd)[1]
            step = len(game.state.battle.retreat_path) + 1
            unit = game.state.battle.retreats[0]
            assert f"area {step} of 2 (9.6.3f)" in text
            game.apply(cmd)
            b = game.state.battle
            same = b is not None and b.retreats[:1] == [unit]           # still this unit's retreat
            stop = same and any(isinstance(x, c.StopRetreat) for x in game.legal())
            assert ("It may end its retreat there" in text) == stop, text
            seen.add((step, stop))
            continue
        game.apply(cmd)
    assert {(1, True), (1, False), (2, False)} <= seen


async def test_a_side_back_at_the_keyboard_finds_its_cursor_on_a_battle_begun_while_it_was_away():
    """Seed 1, as played in tmux: the Axis looked at the map, then the Soviets attack Taganrog
    with Human Wave (the Axis player picks the unit that checks): when the keyboard comes back
    to the Axis, their map cursor is on Taganrog, not where they left it."""
    from tui.widgets.area_map import AreaMap
    opening = [c.StartOperation("axis", "kharkov"), c.Gather("axis", "iii-pz"), c.Gather("axis", "xi-corps"),
               c.Move("axis", "izyum"), c.PlayChit("axis", "axis-combined-arms#2"), c.ChooseUnit("axis", "xi-corps"),
               c.PlayChit("soviet", "soviet-ambush#1"), c.ChooseUnit("axis", "iii-pz"),
               c.PlayChit("axis", "axis-assault#3"), c.ChooseUnit("axis", "iii-pz"),
               c.PlayChit("soviet", "soviet-field-fortifications#2"), c.PlayChit("axis", "axis-combined-arms#3"),
               c.Retreat("soviet", "kupyansk"), c.Retreat("soviet", "valuyki"), c.ChooseUnit("axis", "iii-pz"),
               c.EndOperation("axis")]
    game = new_game(seed=1, players=PLAYERS)
    for cmd in opening:
        game.apply(cmd)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        amap = app.screen.query_one(AreaMap)
        assert amap.cursor != "taganrog"
        for cmd in (c.Choose("axis", "card"), c.Choose("soviet", "map"), c.StartOperation("soviet", "rostov"),
                    c.Gather("soviet", "56-army"), c.Move("soviet", "taganrog"),
                    c.PlayChit("soviet", "soviet-human-wave#1")):
            await by_keys(pilot, app, cmd)
        assert app.screen._seat == "axis" and any(isinstance(x, c.ChooseUnit) for x in game.legal())
        assert amap.cursor == "taganrog"


def test_an_attack_cards_confirmation_in_a_battle_gives_its_strikes_chance():
    """An Attack card's strike (9.4; a unit checks at once, 9.6.1) is confirmed with the chance
    the engine then rolls at, as a chit is: Blitz against the 3rd Army (CH 6) at +1, 5 in 10."""
    from rules.roads.state import AXIS
    from tests.rules.roads.test_battle import fight
    from tui.roads.confirm import confirmation
    game = fight([1], ["axis-assault"], hands={AXIS: ["a-blitz"]})
    title, body = confirmation(game, c.PlayCard(AXIS, "a-blitz"))
    assert body.plain.startswith("The card is played face up for good")
    assert "3rd Army checks cohesion:" in body.plain and "50% to pass: a d10 of 1-5 (+1 card" in body.plain



async def test_a_command_given_on_the_map_hands_the_keyboard_back_to_the_menu():
    """Enter on the map moves the LV Corps from Kharkov's operation into Kursk (no battle, no
    confirmation); the next letter is the menu entry it shows (m: Move the force), not a jump of
    the map cursor to an area named by it (Maikop, Millerovo: a key means one thing)."""
    from tui.widgets.area_map import AreaMap
    async with axis_operation(at="kharkov", gather=("lv-corps",)) as (game, app, pilot):
        amap = app.screen.query_one(AreaMap)
        await pilot.press("v", "slash", *"Kursk", "enter")
        await pilot.pause()
        assert amap.cursor == "kursk" and focused(app) == "rd-map"
        await pilot.press("enter")                # on the map: the move into Kursk
        await settle(pilot, app, passes=False)
        assert game.state.units["lv-corps"].where == "kursk"
        assert focused(app) == "menu-options"
        move = key_for(app, "Move the force")
        assert move == "m"
        await pilot.press(move)
        await pilot.pause()
        assert amap.cursor == "kursk" and menu(app).place[1] == ("Move the force (5.5)",)


async def test_the_player_taking_the_keyboard_sees_what_happened_since_and_no_secret_of_the_other():
    """Hot-seat: after the pass screen, Ben (Soviet) first sees what the Axis did since he last
    had the keyboard (the public events: the operation, the move, the battle's draws and the chit
    played), none of the Axis hand or chits in hand; Enter takes him to the game, and what he
    saw is not shown to him again at his next turn."""
    from rules.roads.bots import BOTS
    from tests.tui.test_pilot_roads import _secret_names
    async with axis_operation() as (game, app, pilot):
        bot = BOTS["heuristic"](42)
        await _axis_bot_until_the_pass(pilot, app, game, bot, 40)
        assert stack(app)[-1] == "SinceScreen"
        text = flat(app)
        assert "Ben (Soviet): since you last had the keyboard" in text
        for line in ("Axis operation 1: one RP spent in Kerch", "XLII Corps moves across the Kerch Straits",
                     "Axis play Air Strike", "47th Army checks cohesion"):
            assert line in text
        for name in _secret_names(game, "axis", "soviet"):
            assert name not in text
        await pilot.press("enter")                # one key: to the game, the menu at the keyboard
        await pilot.pause()
        assert isinstance(app.screen, RoadsScreen) and app.screen._seat == "soviet"
        assert focused(app) == "menu-options"
        seen = len(game.events)
        for _ in range(40):                       # the Soviet plays until the keyboard goes back
            if stack(app)[-1] == "PassScreen":
                break
            await by_keys(pilot, app, bot.choose(game), passes=False)
        assert game.to_act() == "axis" and len(game.events) > seen
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "SinceScreen"    # Anna sees what Ben did, not again her own
        text = flat(app)
        assert "Anna (Axis): since you last had the keyboard" in text
        assert "Axis operation 1" not in text and game.events[seen].text[:40] in text


async def test_a_kinds_key_inside_a_list_goes_to_that_kind():
    """A key means one thing: a top-level entry's key (n, End the operation) pressed inside the
    gather list, where no unit has it (Kerch: two corps keyed by their numbers), takes that entry
    as at the top (its confirmation first); it did nothing there (playtest of 26 November)."""
    async with axis_operation() as (game, app, pilot):
        end = key_for(app, "End the operation")
        await pilot.press(key_for(app, "Gather the force"))
        await pilot.pause()
        assert menu(app).depth == 1
        assert end not in {key for key, _label, _leaf in menu(app).items()}     # no unit has it
        await pilot.press(end)
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen"
        assert "End the operation" in flat(app)
        await pilot.press("escape")                                 # not now: nothing changes
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen" and len(game.log) == 1 and menu(app).depth == 0


async def test_after_a_load_the_soviet_hand_over_shows_the_axis_moves_since_the_soviet_last_played():
    """Issue 23, item 12b: a game saved after the Axis acted (the Soviet to act), loaded from the
    launcher: the first hand-over shows Ben (Soviet) what the Axis did since his last command,
    from what the save keeps; not his own last chit again, nothing of the Axis hand."""
    from tests.rules.roads.test_events_since import _until_the_soviet_acts_after_the_axis
    from tests.tui.test_pilot_roads import _secret_names
    game = _until_the_soviet_acts_after_the_axis(42)
    game.options["players"] = dict(PLAYERS)
    storage.save_named(game, "since")
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await load_from_launcher(pilot, app, "since")
        for _ in range(60):
            if stack(app)[-1] == "PassScreen":
                break
            await pilot.pause()
        assert "Ben (Soviet)" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "SinceScreen"
        text = flat(app)
        assert "Ben (Soviet): since you last had the keyboard" in text
        assert "Axis play Combined Arms" in text and "57th Army checks cohesion: rolls 3" in text
        assert "Soviet play Field Fortifications" not in text        # his own, seen before the save
        loaded = app.screen_stack[-2].game
        assert loaded.events_since("soviet") == game.events_since("soviet")
        for name in _secret_names(loaded, "axis", "soviet"):
            assert name not in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RoadsScreen) and app.screen._seat == "soviet"

"""Roads to Stalingrad's screens driven by real key presses (Textual Pilot, 80x24).

Commands are chosen the way a player chooses them: the menu path of the command is read from the
labels on screen and the key in front of each label is pressed. Pass screens, confirmations and
the battle's step-through are answered with the keys they show. The heuristic bot picks which
command a side wants, so the games are real ones.

Every test runs in its own empty data directory (tests/conftest.py sets WARTABLE_DATA_DIR).
"""

from __future__ import annotations

from rules.roads import commands as c
from rules.roads import new_game
from rules.roads.bots import BOTS
from tests.support.roads import bot_game_commands, replayed
from tests.support.screens import flat, frame, key_for, menu, stack
from tests.support.screens import shown as screen_text
from tui import storage
from tui.app import WartableApp
from tui.roads.menu import menu_entries
from tui.roads.screen import RoadsScreen

SIZE = (80, 24)


async def settle(pilot, app, passes: bool = True) -> None:
    """Answer whatever covers the game screen: the pass screen and what happened since the
    incoming player last had the keyboard, a battle's step-through."""
    for _ in range(50):
        await pilot.pause()
        top = stack(app)[-1]
        if (top == "PassScreen" and passes) or top == "SinceScreen":
            await pilot.press("enter")
        elif top == "ResolutionScreen":
            await pilot.press("a", "space")
        else:
            return


async def by_keys(pilot, app, cmd, passes: bool = True) -> None:
    """Choose `cmd` through the menu's visible labels and keys, confirming when asked."""
    await settle(pilot, app, passes)
    await keys_to(pilot, app, cmd)
    if stack(app)[-1] == "ConfirmScreen":
        await pilot.press("y")
    await settle(pilot, app, passes)
    assert stack(app)[-1] != "ConfirmScreen"


async def keys_to(pilot, app, cmd) -> None:
    """Press the keys shown in front of the labels down to `cmd`, from the top of the menu."""
    game = app.screen.game
    _title, entries = menu_entries(game)
    path = next(p for p, command in entries if command == cmd)
    m = menu(app)
    if m.depth:
        while m.depth:
            m.back()
        await pilot.pause()
    for depth in range(len(path)):
        if depth < m.depth and m._prefix[depth] == path[depth]:
            continue                    # a level with one group is passed through by the menu
        labels = [label for _k, label, _leaf in m.items()]
        # a group with one command shows as a leaf: its label joins the rest of the path
        rest = " · ".join(path[depth:])
        if rest in labels:
            await pilot.press(key_for(app, rest))
            break
        await pilot.press(key_for(app, path[depth]))     # press waits until the app is idle
    await pilot.pause()


async def until(pilot, condition, seconds: float = 10.0) -> None:
    """Let the app run until `condition()` holds or `seconds` have passed (a loaded machine may
    take many frames: a count of frames was too few at a load of 7)."""
    import time
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        await pilot.pause(0.02)


def seat(app):
    return app.screen._seat


async def test_new_campaign_from_the_launcher_names_the_seat():
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "New campaign: Roads to Stalingrad"))
        await pilot.pause()
        assert stack(app)[-1] == "NewRoadsScreen"
        await pilot.press("n")
        await pilot.press(*"Anna, Ben", "enter")
        await pilot.press("d", "ctrl+u", *"7", "enter")
        await pilot.press("enter")
        await pilot.pause()
        assert stack(app)[-1] == "PassScreen"
        assert "Anna (Axis)" in flat(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RoadsScreen)
        assert app.screen.game.seed == 7
        assert "seat: Anna (Axis)" in flat(app)
        assert "Start an operation" in flat(app)


async def test_opening_german_operation_with_a_battle_by_keys():
    game = new_game(seed=2, players={"axis": "Anna", "soviet": "Ben"})
    app = WartableApp(game, autosave=False)       # saving is tested in test_save_and_resume
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        start = next(cmd for cmd in game.legal() if isinstance(cmd, c.StartOperation) and cmd.area == "kharkov")
        await by_keys(pilot, app, start)
        assert "6 SP" in flat(app)
        bot = BOTS["heuristic"](2)
        fought = False
        for _ in range(200):
            if game.state.operation is None and game.state.battle is None:
                break
            legal = game.legal()
            attack = [m for m in legal if isinstance(m, c.Move) and any(
                u.where == m.area and u.side == "soviet" for u in game.state.units.values())]
            cmd = attack[0] if attack and not fought else bot.choose(game)
            if cmd in attack:
                fought = True
                await by_keys(pilot, app, next(x for x in legal if isinstance(x, c.Gather))) if not \
                    game.state.operation.force else None
                if cmd not in game.legal():
                    continue
            await by_keys(pilot, app, cmd)
        assert fought
        log = " ".join(e.text for e in game.events)
        assert "battle chit" in log
        assert "cohesion" in log.lower() or "play" in log


async def test_card_map_choice_with_pass_screens_then_a_card_played_and_one_discarded():
    game = new_game(seed=4, players={"axis": "Anna", "soviet": "Ben"})
    app = WartableApp(game, autosave=False)       # saving is tested in test_save_and_resume
    bots = {s: BOTS["heuristic"](4) for s in ("axis", "soviet")}
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        passes, played, discarded, chosen = 0, 0, 0, 0
        for _ in range(120):
            if played and discarded and chosen >= 2:
                break
            side = game.to_act()
            legal = game.legal()
            cards = [x for x in legal if isinstance(x, c.PlayCard)]
            drops = [x for x in legal if isinstance(x, c.DiscardCard)]
            chooses = [x for x in legal if isinstance(x, c.Choose) and x.choice == "card"]
            ends = [x for x in legal if isinstance(x, c.EndOperation)]     # back to the cards soon
            cmd = (chooses[0] if chooses else cards[0] if cards and not played else
                   drops[0] if drops and not discarded else ends[0] if ends else bots[side].choose(game))
            before = len(app.screen_stack)
            await by_keys(pilot, app, cmd)
            passes += len(app.screen_stack) < before
            played += isinstance(cmd, c.PlayCard)
            discarded += isinstance(cmd, c.DiscardCard)
            chosen += isinstance(cmd, c.Choose)
        assert played and discarded and chosen >= 2
        log = " ".join(e.text for e in game.events)
        assert "have chosen (hidden until both are in)" in log
        assert "discard a card face down for one RP" in log


async def test_save_and_resume():
    game = new_game(seed=5, players={"axis": "Anna", "soviet": "Ben"})
    app = WartableApp(game)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await by_keys(pilot, app, game.legal()[0])
        await pilot.press("s")
        await pilot.press(*"roads1", "enter")
        await pilot.pause()
        saved = len(game.log)
        await pilot.press("q")
        await pilot.pause()
    assert any(s.name == "roads1" for s in storage.list_saves())
    again = storage.last_game()
    assert again.game_id == "roads" and len(again.log) == saved
    app = WartableApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(key_for(app, "Resume the last game"))
        await settle(pilot, app)
        assert isinstance(app.screen, RoadsScreen)
        assert len(app.screen.game.log) == saved
        assert "Anna" in flat(app)


def _secret_names(game, side: str, viewer: str) -> set[str]:
    """Names of `side`'s cards in hand and drawn chits that `viewer` may not know."""
    s = game.state
    public = {game.card_name(k) for sd in ("axis", "soviet") for k in s.cards[sd].played}
    public |= {game.card_name(k) for k in s.cards[viewer].hand}
    public |= {game.card_name(k) for k in s.cards[viewer].deck}
    names = {game.card_name(k) for k in s.cards[side].hand} - public
    if s.battle is not None:
        played = {game.content.chits[k.split("#")[0]].name for _sd, k in s.battle.played}
        mine = {game.content.chits[k.split("#")[0]].name for k in s.battle.drawn.get(viewer, [])}
        names |= {game.content.chits[k.split("#")[0]].name for k in s.battle.drawn.get(side, [])} - played - mine
    return {n for n in names if len(n) > 4}


async def test_every_hand_over_keeps_the_other_sides_secrets():
    """A hot-seat game played by keys: at each pass screen nothing of either hand shows; after
    it only the seat's own secrets show (the other side's hand, chits and choice never)."""
    game = new_game(seed=6, players={"axis": "Anna", "soviet": "Ben"})
    app = WartableApp(game, autosave=False)       # saving is tested in test_save_and_resume
    bots = {s: BOTS["heuristic"](6) for s in ("axis", "soviet")}
    handovers = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await pilot.pause()
            top = stack(app)[-1]
            if top == "PassScreen":
                handovers += 1
                text = frame(app)
                for side in ("axis", "soviet"):
                    for name in _secret_names(game, side, "axis" if side == "soviet" else "soviet"):
                        assert name not in text, f"{name} shows at a hand-over"
                await pilot.press("enter")
                await pilot.pause()
                since = ""
                if stack(app)[-1] == "SinceScreen":     # what happened while this player was away
                    since = frame(app)
                    await pilot.press("enter")
                    await pilot.pause()
                viewer = seat(app)
                assert viewer == game.to_act()
                text = frame(app)
                await pilot.press("h")
                await pilot.pause()
                text += frame(app)
                await pilot.press("q")
                foe = "axis" if viewer == "soviet" else "soviet"
                logged = " ".join(e.text for e in game.events)      # the public log, all of it
                for name in _secret_names(game, foe, viewer):
                    assert name not in text, f"{name} of the {foe} side shows to the {viewer} seat"
                    # a copy played before, in the log, may be named there; nothing else is
                    assert name not in since or name in logged, f"{name} shows in what happened since"
                choice = game.state.sequence.choice.get(foe)
                if choice and len(game.state.sequence.choice) < 2:
                    assert f"{foe.title()} {choice}" not in text + since
                continue
            if top == "ResolutionScreen":
                await pilot.press("a", "space")
                continue
            if game.outcome is not None:
                break
            await by_keys(pilot, app, bots[game.to_act()].choose(game), passes=False)
    assert handovers >= 3


async def test_a_whole_game_with_bots_on_both_sides_reaches_the_end_screen():
    """Bots play both sides of a whole game; its last 20 commands go through the screen's own
    apply path (the earlier ones are applied to the same game before the screen opens, to keep
    the test fast), with every pass screen and battle step answered, to the end screen."""
    commands = list(bot_game_commands(2))
    played = replayed(2)
    game = replayed(2, len(commands) - 20, players={"axis": "A", "soviet": "S"})
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        for cmd in commands[-20:]:
            await pilot.pause()
            while not isinstance(app.screen, RoadsScreen):
                app.screen.dismiss(None)
                await pilot.pause()
            assert app.screen.play(cmd)
        for _ in range(20):
            await pilot.pause()
            if stack(app)[-1] == "RoadsEndScreen":
                break
            app.screen.dismiss(None)
        assert stack(app)[-1] == "RoadsEndScreen"
        assert game.outcome == played.outcome
        assert "THE CAMPAIGN IS OVER" in flat(app)


def test_the_menu_tells_every_card_map_choice_apart():
    """4.2.2: a Choose with an Event card set face down is its own entry, named by the card."""
    game = new_game(seed=2)
    bot = BOTS["heuristic"](2)
    seen = False
    while game.outcome is None and not seen:
        legal = game.legal()
        chooses = [x for x in legal if isinstance(x, c.Choose)]
        if any(x.event for x in chooses):
            _title, entries = menu_entries(game, legal)
            paths = [p for p, cmd in entries if isinstance(cmd, c.Choose)]
            assert len(set(paths)) == len(chooses)
            assert any(game.card_name(x.event) in " ".join(p) for x in chooses if x.event for p in paths)
            seen = True
        game.apply(bot.choose(game))
    assert seen


async def test_against_the_computer_its_commands_come_through_the_screen_and_its_hand_stays_hidden():
    game = new_game(seed=8, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    bot = BOTS["heuristic"](8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen"            # no pass screen against the computer
        soviet_moved = False
        for _ in range(60):
            await settle(pilot, app)
            if game.to_act() == "soviet":
                before = len(game.log)
                assert "computer" in flat(app).lower()
                await pilot.pause(0.8)
                await settle(pilot, app)
                soviet_moved = soviet_moved or len(game.log) > before
                text = frame(app)
                for name in _secret_names(game, "soviet", "axis"):
                    assert name not in text
                if soviet_moved:
                    break
                continue
            assert seat(app) == "axis"
            await by_keys(pilot, app, bot.choose(game))
        assert soviet_moved


async def test_slash_goes_to_an_area_by_name_and_the_menu_keeps_the_keyboard():
    """Issue 11: typing a name needed the map focused (v); `/` opens a go-to field with the
    matching names and completion, and afterwards menu keys still work."""
    from tui.widgets.area_map import AreaMap
    from tui.roads.menu import KIND_KEY

    game = new_game(seed=3, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "/ Go to" in flat(app)
        await pilot.press("slash", *"stal")
        await until(pilot, lambda: "Stalino" in flat(app))
        assert stack(app)[-1] == "GotoScreen"
        assert "Stalingrad" in flat(app) and "Stalino" in flat(app)
        await pilot.press(*"ing", "enter")
        await until(pilot, lambda: isinstance(app.screen, RoadsScreen))
        assert app.screen.query_one(AreaMap).cursor == "stalingrad"
        assert "Stalingrad (Si)" in flat(app)                    # the detail line
        await pilot.press("slash", *"Kh", "enter")              # a code goes too
        await until(pilot, lambda: isinstance(app.screen, RoadsScreen)
                    and app.screen.query_one(AreaMap).cursor == "kharkov")
        assert app.screen.query_one(AreaMap).cursor == "kharkov"
        await pilot.press(KIND_KEY[c.StartOperation])           # the menu still has the keyboard
        await until(pilot, lambda: menu(app).depth == 1)
        assert menu(app).depth == 1


async def test_the_end_of_an_operation_asks_first_on_the_shared_confirmation():
    """Roads uses the one confirmation of every game (tui/widgets/confirm.py): what will happen
    in bold, why it cannot be taken back, the same keys; n changes nothing; with confirmations
    off in Settings the command is given at once."""
    from tui.widgets.confirm import KEYS, ConfirmScreen
    game = new_game(seed=2, players={"axis": "Anna", "soviet": "Ben"})
    bot = BOTS["heuristic"](2)
    while not any(isinstance(x, c.EndOperation) for x in game.legal()) or game.state.operation.sp == 0:
        game.apply(bot.choose(game))
    end = next(x for x in game.legal() if isinstance(x, c.EndOperation))
    sp = game.state.operation.sp
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await keys_to(pilot, app, end)
        assert isinstance(app.screen, ConfirmScreen), stack(app)
        text = flat(app)
        assert f"{game.describe(end)}?" in text
        assert f"{sp} SP left unspent are lost." in text and "initiative moves on" not in text
        assert KEYS in text
        version = game.version
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RoadsScreen) and game.version == version
        await keys_to(pilot, app, end)
        await pilot.press("enter")
        await pilot.pause()
        assert game.log[-1] == end

    game = new_game(seed=2, players={"axis": "Anna", "soviet": "Ben"})
    while not any(isinstance(x, c.EndOperation) for x in game.legal()):
        game.apply(bot.choose(game))
    end = next(x for x in game.legal() if isinstance(x, c.EndOperation))
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        app.confirmations = False
        await settle(pilot, app)
        await keys_to(pilot, app, end)
        assert game.log[-1] == end and stack(app)[-1] != "ConfirmScreen"


async def test_units_that_would_share_a_key_go_under_their_bank_and_keep_their_own_keys():
    """Keys never move: when two units of one menu level hold the same key (83 units, 25 keys),
    the level first lists their fixed banks (German corps, allied corps, Soviet armies...) by
    digit, and inside a bank each unit shows its own key, the same as everywhere else. Played
    by keys at 80x24 from a bots' game at the first such gathering."""
    from tui.roads.keys import ENTRY_KEYS
    from tui.roads.menu import Identity, identity_keys
    log = bot_game_commands(1)
    game = new_game(seed=1, players={"axis": "Anna", "soviet": "Ben"})
    for cmd in log:
        _title, entries = menu_entries(game)
        path = next(p for p, x in entries if x == cmd)
        if len(path) == 3 and not isinstance(path[1], Identity) and isinstance(cmd, c.Gather):
            break
        game.apply(cmd)
    else:
        raise AssertionError("no bank level in the bots' game")
    keys = identity_keys(game)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        m = menu(app)
        await pilot.press(path[0].key)                       # the kind of action's own letter
        await pilot.pause()
        banks = m.items()
        assert (path[1].key, path[1], False) in banks and all(k.isdigit() for k, _l, _leaf in banks)
        await pilot.press(path[1].key)                       # the bank's digit
        await pilot.pause()
        shown = m.items()
        assert len({k for k, _l, _leaf in shown}) == len(shown) <= len(ENTRY_KEYS)
        for key, text, _leaf in shown:
            unit = next(x.unit for p, x in entries if p[:2] == path[:2] and p[2] == text)
            assert key == keys.unit(unit)                    # the unit's own key, as everywhere
        assert isinstance(path[2], Identity) and (path[2].key, path[2], True) in shown
        assert f"Gather the force (5.2) › {path[1]} (q: back)" in screen_text(app, m.query_one("#menu-crumb"))
        await pilot.press(path[2].key)
        await settle(pilot, app)
        assert game.log[-1] == cmd


async def test_the_area_under_the_cursor_is_read_whole_at_80x24():
    """Issue 11: a stack's pane under the map is short lines (head, units with values, borders)
    that fit 80 columns; when a battle area has more lines than the pane, its last row ends
    saying so (the borders are left out, both sides' units shown) and `a` shows the area in full (units and borders, each on its own line) and closes again;
    on the map, `a` and `v` are the screen's keys, not the first letter of a name."""
    from tui.widgets.area_map import AreaMap
    from tui.widgets.text_lines import TextLines

    game = new_game(seed=3, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    view = game.view("axis")
    stacked = max(game.map.areas, key=lambda a: sum(1 for u in view.units if u.where == a))
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        amap = app.screen.query_one(AreaMap)
        amap.goto(stacked)
        await pilot.pause()
        pane = app.screen.query_one("#rd-detail", TextLines)
        rows = pane.shown
        assert len(rows) == 3 and all(len(r) <= 80 for r in rows)
        assert rows[0].startswith(game.area_name(stacked))
        units = [u for u in view.units if u.where == stacked]
        assert rows[1].startswith(f"Axis {len(units)} (")
        for u in units:
            assert game.content.units[u.id].short in rows[1]
        assert rows[2].startswith("Borders:")
        # a Soviet army in the stack's area too: four lines for a pane of three rows
        soviet = next(u for u in game.state.units.values() if u.side == "soviet" and u.where in game.map.areas)
        soviet.where = stacked
        app.screen.refresh_view()
        await pilot.pause()
        rows = pane.shown
        assert len(rows) == 3 and all(len(r) <= 80 for r in rows)
        assert rows[2].startswith("Soviet 1 (") and rows[2].endswith("…+1 line (a: all)")
        await pilot.press("v")                                  # the map has the keyboard
        await until(pilot, lambda: amap.has_focus)
        await pilot.press("a")                                  # not a name: the area in full
        await until(pilot, lambda: stack(app)[-1] == "AreaScreen")
        assert stack(app)[-1] == "AreaScreen" and amap.cursor == stacked
        text = flat(app)
        assert game.content.units[soviet.id].name in text
        for u in units:
            assert game.content.units[u.id].name in text
        for n in game.map.neighbours(stacked):
            assert game.area_name(n) in text
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, RoadsScreen))
        await pilot.press("v")                                  # back to the menu, not to Valuyki
        await until(pilot, lambda: not amap.has_focus)
        assert amap.cursor == stacked and not amap.has_focus


async def test_plus_toggles_the_overview_and_the_cursor_stays_at_80x24():
    """The map at two columns a cell shows about 22 of the 78 grid columns at 80x24; `+` shows
    it at one column a cell (each area its code in its own cells, control, the dots), the cursor
    stays on its area and the arrows still go to the neighbours; the pane under the map details
    the area under the cursor and its border names the key; `+` again goes back."""
    from tui.widgets.area_map import OVERVIEW, SCALE, AreaMap, neighbour_towards, placed, prepare, room
    from tui.widgets.text_lines import TextLines
    from tui.roads import panels

    game = new_game(seed=3, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        amap = screen.query_one(AreaMap)
        pane = screen.query_one("#rd-detail", TextLines)
        start = amap.cursor
        assert amap.scale == SCALE and pane.border_title.startswith("+: overview")
        await pilot.press("plus")
        await until(pilot, lambda: amap.scale == OVERVIEW)
        assert amap.cursor == start and pane.border_title.startswith("+: detail")
        assert amap.virtual_size.width == game.map.width
        # every label character drawn is in a cell of its own area
        static, slots, _rows = prepare(game.map, OVERVIEW)
        labels, _fills = panels.map_labels(game, screen._view, room(slots), overview=True)
        for (x, y), (area, ch) in placed(game.map, slots, labels).items():
            assert static[y][x][2] == area and amap._row(y).text[x] == ch
        assert flat(app).count(game.map.areas[start].code) >= 1
        # the arrows go to the neighbour that way, from the map; the pane follows the cursor
        await pilot.press("v")
        await until(pilot, lambda: amap.has_focus)
        for direction in ("right", "down", "left", "up"):
            here = amap.cursor
            there = neighbour_towards(game.map, here, direction)
            await pilot.press(direction)
            await pilot.pause()
            assert amap.cursor == (there or here) and amap.scale == OVERVIEW
            assert pane.shown[0].startswith(game.area_name(amap.cursor))
        moved = amap.cursor
        await pilot.press("plus")                                 # the map's keyboard too
        await until(pilot, lambda: amap.scale == SCALE)
        assert amap.cursor == moved and pane.border_title.startswith("+: overview")
        assert amap._row(0).cell_length == SCALE * game.map.width


async def test_the_title_bar_names_whose_operation_the_sp_are_when_the_other_side_acts():
    """Playtest: defending in the enemy's operation, "to act: Soviet · 1 SP" read as the Soviets'
    SP; the bar says "Axis op 1 SP" then (and no more than "· 1 SP" in one's own operation)."""
    game = new_game(seed=2, players={"axis": "Anna", "soviet": "Ben"})
    bots = {"axis": BOTS["heuristic"](1), "soviet": BOTS["heuristic"](2)}
    for _ in range(2000):
        op = game.state.operation
        if op is not None and game.to_act() not in (None, op.side):
            break
        game.apply(bots[game.to_act()].choose(game))
    op = game.state.operation
    assert op is not None and game.to_act() != op.side
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        top = frame(app).split("\n")[0]
        owner = op.side.title()
        assert f"to act: {game.to_act().title()}" in top and f"· {owner} op {op.sp} SP" in top, top


async def test_rp_placement_banks_are_named_by_where_the_placing_side_may_place():
    """Issue 23, item 4: a bank of areas is named by the places offered in it (its two of most
    VP), not by its region's two largest cities, which may be the enemy's: a Soviet placement
    never shows a bank named after Axis-held cities it cannot place in."""
    from rules.roads.map import load_map
    from tui.roads.menu import region_labels, regions
    game = new_game(seed=5)
    bot = BOTS["heuristic"](5)
    while not (game.to_act() == "soviet" and any(isinstance(x, c.PlaceRP) for x in game.legal())):
        game.apply(bot.choose(game))
    places = {game.area_name(x.area) for x in game.legal()}
    m = load_map()
    old = {n for label in region_labels(m, regions(m)).values() for n in label.rstrip(" …").split(", ")}
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        m_ = menu(app)
        while m_.depth:
            m_.back()
        await pilot.pause()
        labels = [label for _k, label, _leaf in m_.items()]
        if not any("…" in label for label in labels):             # the group level first
            await pilot.press(key_for(app, next(label for label in labels if "Place an RP" in label)))
            labels = [label for _k, label, _leaf in m_.items()]
        banks = [label for label in labels if "…" in label or "," in label]
        assert len(banks) >= 3, labels
        for bank in banks:
            named = bank.rstrip(" …").split(", ")
            assert set(named) <= places, (bank, places)           # only where the Soviets may place
        text = frame(app)
        assert any(bank in text for bank in banks)
        assert old - places, "some region's own name is a place the Soviets cannot use"
        assert not [n for n in old - places if any(n in bank.split(", ") for bank in banks)]


async def test_undo_after_a_load_reaches_back_to_the_last_reveal():
    """Issue 23, item 12a: a loaded game undoes as far as the game that was saved (to the last
    roll or reveal), by `u` on the screen, where it stopped at the load."""
    from rules.core import save
    game = new_game(seed=11)
    bot = BOTS["heuristic"](11)
    while len(game._undo) < 2:
        game.apply(bot.choose(game))
    loaded = save.loads(save.dumps(game), {"roads": new_game})
    app = WartableApp(loaded, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = len(loaded.log)
        await pilot.press("u")
        await settle(pilot, app)
        assert len(loaded.log) == before - 1
        await pilot.press("u")
        await settle(pilot, app)
        assert len(loaded.log) == before - 2
        assert "Cannot undo past the point where this game was loaded" not in flat(app)

"""Keys that never move (DESIGN.md, "The terminal"; issue 10, item 2): each kind of action has
its own key wherever it is offered, and entries in a group keep theirs by identity (a General,
a target, a CV tier), never by their place in the list. At 80x24, by keys."""

from __future__ import annotations

import pytest

from rules.fallblau import Consolidate, EndTurn, new_game as new_fallblau
from rules.victory import AddUnit, new_game as new_victory
from tests.support.screens import key_for, labels, menu
from tui.app import WartableApp
from tui.widgets.command_menu import MENU_KEYS, Keyed, _Item, assign_keys

GENERALS = ("hoth", "paulus", "ruoff")
SIZE = (80, 24)


def test_fixed_keys_come_first_and_the_others_take_the_free_keys_in_order():
    items = [_Item("Advance", [], False), _Item("End the turn", [], True, "n"), _Item("Other", [], True),
             _Item("Clash", [], True, "n")]
    assign_keys(items)
    assert [i.key for i in items] == ["1", "n", "2", "3"]      # a clash keeps the first holder


def test_a_fixed_key_must_be_a_menu_key():
    assert Keyed("End the turn", "n") == "End the turn" and Keyed("End the turn", "n").key == "n"
    for bad in ("q", "u", "", "12"):
        assert bad not in MENU_KEYS or len(bad) != 1
        with pytest.raises(ValueError):
            Keyed("x", bad)


async def test_fall_blau_end_the_turn_keeps_its_key_after_a_consolidate():
    """It was `4` and then `3` after a Consolidate."""
    game = new_fallblau(seed=5, generals=GENERALS)
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = {label: key for key, label, _ in menu(app).items()}
        assert keys["End the turn"] == "n" and keys["Consolidate"] == "c" and keys["Advance"] == "d"
        await pilot.press("c")
        generals = {label: key for key, label, _ in menu(app).items()}
        assert generals["Friedrich Paulus"] == "2"              # his place on the front, as on the board
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(game.log[-1], Consolidate)
        assert key_for(app, "End the turn") == "n"
        await pilot.press("n", "enter")                         # Enter confirms the end of the turn
        await pilot.pause()
        assert any(isinstance(c, EndTurn) for c in game.log)


async def test_victory_cv_tiers_keep_their_keys_when_one_fills():
    """The tiers renumbered when one filled, and units landed at the wrong CV."""
    game = new_victory(seed=3, players=("Anna", "James"))
    app = WartableApp(game=game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(key_for(app, "Anna"))
        assert {label: key for key, label, _ in menu(app).items()} == {"at 3 CV": "3", "at 2 CV": "2", "at 1 CV": "1"}
        await pilot.press("3")
        await pilot.press(key_for(app, "IN Infantry"))
        await pilot.pause()
        assert "IN Infantry" in labels(app)                     # the menu stays in the tier
        await pilot.press(key_for(app, "IN Infantry"))          # and the 3 CV tier is full
        await pilot.pause()
        assert [u.cv for u in game.state.forces["Anna"].units] == [3, 3]
        assert "at 3 CV" not in labels(app)
        assert {label: key for key, label, _ in menu(app).items()} == {"at 2 CV": "2", "at 1 CV": "1"}
        await pilot.press("2")
        await pilot.press(key_for(app, "EN Engineers"))
        await pilot.pause()
        assert game.log[-1] == AddUnit("Anna", "EN", 2)


async def test_roads_each_kind_keeps_its_key_and_each_area_its_own():
    """Roads to Stalingrad: a kind of action has its key wherever offered (o operation, m move,
    g gather, n end the operation) and an area its own key in every list it is in."""
    from rules.roads import commands as rc
    from rules.roads import new_game as new_roads
    from rules.roads.bots import BOTS
    from tui.roads.menu import KIND_KEY, LABEL, identity_keys

    game = new_roads(seed=2, players={"axis": "Anna", "soviet": "Computer"}, computer="soviet")
    keys = identity_keys(game)
    bot = BOTS["heuristic"](2)
    app = WartableApp(game, autosave=False)
    seen = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(12):
            await pilot.pause()
            if game.to_act() != "axis" or app.screen.id == "_default" or len(app.screen_stack) > 2:
                break
            top = {label: key for key, label, _ in menu(app).items()}
            for kind, key in KIND_KEY.items():
                if LABEL[kind] in top:
                    assert top[LABEL[kind]] == key
            for kind in (rc.StartOperation, rc.Move):
                if LABEL[kind] in top:
                    await pilot.press(KIND_KEY[kind])
                    await pilot.pause()
                    for cmd in game.legal():
                        if isinstance(cmd, kind) and cmd.area in game.map.areas:
                            key = key_for(app, game.describe(cmd))
                            assert key == keys.area(cmd.area)
                            seen[cmd.area] = key
                    menu(app).back()
                    await pilot.pause()
            cmd = bot.choose(game)
            if isinstance(cmd, rc.Move) and any(u.where == cmd.area and u.side == "soviet"
                                                for u in game.state.units.values()):
                break                                   # a battle: enough for the keys
            app.screen.play(cmd)
    assert len(seen) >= 3


def test_roads_long_placement_lists_go_by_map_region_with_one_key_per_area():
    """Late in a game a placement lists up to 66 cities: a level of six map regions comes first,
    and inside a region no two areas share a key."""
    from rules.roads import new_game as new_roads
    from rules.roads.bots import BOTS
    from tui.roads.keys import ENTRY_KEYS
    from tui.roads.menu import BANK_KEYS, REGIONS, identity_keys, menu_entries

    game = new_roads(seed=3)
    bot = BOTS["heuristic"](3)
    region_of = {label: name for name, label in identity_keys(game).region_label.items()}
    checked = 0
    while game.outcome is None and checked < 3:
        _title, entries = menu_entries(game)
        long = [p for p, _cmd in entries if len(p) >= 3 and p[-2] in region_of]
        if long:
            checked += 1
            levels = {}
            for p in long:
                levels.setdefault(p[:-1], []).append(p[-1].key)
            for keys in levels.values():
                assert len(keys) == len(set(keys)) <= len(ENTRY_KEYS)
            assert all(p[-2].key == BANK_KEYS[REGIONS.index(region_of[p[-2]])] for p in long)
        game.apply(bot.choose(game))
    assert checked == 3


def test_roads_end_the_retreat_is_not_the_confirming_key():
    """Issue 23 item 12 (c): End the retreat had `y`, the key that confirms (with Enter)."""
    from rules.roads import commands as rc
    from tui.roads.menu import KIND_KEY
    from tui.storage import DEFAULT_KEYS
    assert KIND_KEY[rc.StopRetreat] == "0" and Keyed("End the retreat here", "0").key == "0"
    assert KIND_KEY[rc.StopRetreat] not in ("y", DEFAULT_KEYS["confirm"])
    assert KIND_KEY[rc.StopRetreat] not in MENU_KEYS        # never a free key of any menu
    assert list(KIND_KEY.values()).count("0") == 1


def roads_identity(cmd) -> tuple:
    """What a Roads entry is, whatever else is offered: its kind and its area, unit, card or
    chit (a Card or Map choice with the Event card set)."""
    fields = ("choice", "event", "unit", "card", "chit", "origin", "area")
    return (type(cmd).__name__,) + tuple(str(getattr(cmd, f, "")).split("#")[0] for f in fields)


def roads_levels(entries):
    """Every level of the Roads menu the player can open, as the screen shows it: (prefix, items)."""
    from tests.support.screens import menu_levels
    from tui.roads.keys import ENTRY_KEYS
    return menu_levels(entries, ENTRY_KEYS)


@pytest.mark.parametrize("seed", [1, 8])
def test_roads_whole_bot_games_no_key_moves_and_none_is_shared_in_a_level(seed):
    """Whole games of the heuristic bots (seed 8 gathers Manstein): in every level of every
    menu, no two entries share a key, each entry shows the key its label was given (a kind's
    letter, a bank's digit, an identity's key: none given by position), and every unit, area,
    card or chit has the same key every time it is offered, as has every kind and bank."""
    from rules.roads import new_game as new_roads
    from rules.roads.bots import BOTS
    from tui.roads.menu import Identity, menu_entries
    from tui.widgets.command_menu import key_hint

    game = new_roads(seed=seed)
    bots = {s: BOTS["heuristic"](seed) for s in ("axis", "soviet")}
    keys_of: dict[tuple, tuple] = {}
    levels = 0
    while game.outcome is None:
        _title, entries = menu_entries(game)
        for prefix, items in roads_levels(entries):
            levels += 1
            shown = [it.key for it in items]
            assert len(shown) == len(set(shown)), (prefix, [(it.key, it.label) for it in items])
            for it in items:
                given = key_hint(it.entries[0][0][len(prefix)])
                assert given and it.key == given, (prefix, it.label, it.key, given)
        for path, cmd in entries:
            identities = iter([("unit", cmd.unit), ("area", cmd.area)] if type(cmd).__name__ == "PlaceUnit"
                              else [roads_identity(cmd)])
            for label in path:
                # an identity (a unit, an area, a card, a chit) by the command; a kind of
                # action, a bank, a choice by its words
                who = next(identities) if isinstance(label, Identity) else str(label)
                assert keys_of.setdefault(who, label.key) == label.key, (cmd, path)
        game.apply(bots[game.to_act()].choose(game))
    assert levels > 1000 and len(keys_of) > 200

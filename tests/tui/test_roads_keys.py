"""Issue 23, item 12c: one key means one thing at every level of the Roads menu.

Every key that names an action anywhere in Roads (the screen's, the confirmation's, each kind
of action's, the Card/Map choice's) is reserved (tui/roads/keys.py) and never given to an entry
(an area, a unit, a card, a chit, a bank); the entries take theirs by identity from the keys
left (e, 1, 3, 5, then capitals), the same every time they are offered.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.roads import commands as c
from rules.roads import new_game
from tests.support.screens import flat, key_for, menu, menu_levels, stack
from tests.tui.test_keys_never_move import roads_identity
from tests.tui.test_pilot_roads import by_keys, settle
from tui.app import WartableApp
from tui.game_screen import GameScreen
from tui.roads.keys import CHOICE_KEY, CONFIRM_KEYS, ENTRY_KEYS, KIND_KEY, NO_EVENT_KEY, RESERVED, SCREEN_KEYS
from tui.roads.menu import menu_entries
from tui.roads.screen import RoadsScreen
from tui.widgets.confirm import ConfirmScreen

SIZE = (80, 24)
ACTION_WORDS = ("Choose Card", "Choose Map", "No Event card")


def _letter_keys(bindings) -> set[str]:
    """The single-character keys of a screen's bindings (digits and letters)."""
    out = set()
    for b in bindings:
        for key in b.key.split(","):
            key = key.strip()
            if len(key) == 1 and key.isalnum():
                out.add(key)
    return out


def test_issue_23_12c_the_reserved_keys_are_every_action_key_of_roads_and_no_entry_key():
    """Found from the code: the Roads screen's and the game screen's bindings, the
    confirmation's, every kind's key and the Card/Map choice's are reserved; the entries' keys
    are all the others (lowercase, digits, capitals), none reserved; each action has its own."""
    screen = _letter_keys(RoadsScreen.BINDINGS) | _letter_keys(GameScreen.BINDINGS)
    assert screen == set(SCREEN_KEYS)
    assert _letter_keys(ConfirmScreen.BINDINGS) == {"y", "q"} and set(CONFIRM_KEYS) == {"y", "n"}
    actions = list(KIND_KEY.values()) + list(CHOICE_KEY.values()) + [NO_EVENT_KEY]
    assert len(actions) == len(set(actions))                 # one key, one action
    assert not set(actions) & (set(SCREEN_KEYS) | {"y"})     # n is End the operation alone
    assert RESERVED == set(actions) | screen | set(CONFIRM_KEYS)
    assert not set(ENTRY_KEYS) & RESERVED and len(ENTRY_KEYS) == len(set(ENTRY_KEYS))
    everything = {chr(i) for i in range(ord("0"), ord("9") + 1)} | {chr(i) for i in range(ord("a"), ord("z") + 1)}
    everything |= {ch.upper() for ch in everything if ch.isalpha()}
    assert set(ENTRY_KEYS) == everything - RESERVED


def check_position(game, keys_of: dict) -> None:
    """At this position, no level of the menu offers an entry on a reserved key or a key twice;
    the top level's keys are the kinds'; and every entry has the key it had before."""
    _title, entries = menu_entries(game)
    for prefix, items in menu_levels(entries, ENTRY_KEYS):
        shown = [it.key for it in items]
        assert len(shown) == len(set(shown)), (prefix, [(it.key, it.label) for it in items])
        for it in items:
            kinds = {type(cmd) for _path, cmd in it.entries}
            if not prefix:
                assert kinds == {kinds.copy().pop()} and it.key == KIND_KEY[kinds.pop()], (it.label, it.key)
            elif kinds == {c.Choose} and it.label.startswith(ACTION_WORDS):
                assert it.key in RESERVED, (it.label, it.key)
            else:
                assert it.key in ENTRY_KEYS, (prefix, it.label, it.key)
    for path, cmd in entries:
        # the entry's own key (the last label's), and a bank's, are the same at every offer
        for depth in range(1, len(path)):
            who = (roads_identity(cmd), depth) if depth == len(path) - 1 else ("bank", str(path[depth]))
            if who[0] == "bank":
                who = ("bank", path[depth].key, type(cmd).__name__, str(path[depth]))
            assert keys_of.setdefault(who, path[depth].key) == path[depth].key, (cmd, path)


@given(seed=st.integers(0, 2**32 - 1), bot=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_issue_23_12c_no_menu_level_of_a_random_position_offers_an_entry_on_a_reserved_key(seed, bot, steps):
    """Random campaigns (random legal commands): at every position on the way, the menu's
    levels hold no reserved key on an entry and no key twice, and each entry keeps its key."""
    game = new_game(seed=seed, undo=False)
    rng = random.Random(bot)
    keys_of: dict = {}
    while game.outcome is None and len(game.log) < steps:
        check_position(game, keys_of)
        game.apply(rng.choice(game.legal()))
    check_position(game, keys_of)


def test_issue_23_12c_a_whole_bot_game_keeps_every_entry_off_the_reserved_keys():
    from tests.support.roads import bot_game_commands
    game = new_game(seed=3)
    keys_of: dict = {}
    for cmd in bot_game_commands(3):
        check_position(game, keys_of)
        game.apply(cmd)
    assert len(keys_of) > 150


async def test_issue_23_12c_the_new_keys_at_80x24_capitals_choose_and_n_still_ends_the_operation():
    """By keys: o opens the RPs (each area on its own key, no action's), the area's key starts
    the operation there; g opens the units, each on a key no action has; a unit's key gathers
    it; n in that list is End the operation (asked first), never a unit; the help says so."""
    game = new_game(seed=42, players={"axis": "Anna", "soviet": "Ben"})
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await pilot.pause()
        if menu(app).depth == 1 and not any("Kerch" in label for _k, label, _l in menu(app).items()):
            bank = next(k for k, label, _l in menu(app).items() if "Kerch" in label or "…" in label)
            await pilot.press(bank)
            await pilot.pause()
        for key, _label, _leaf in menu(app).items():
            assert key in ENTRY_KEYS and key not in RESERVED
        await pilot.press(key_for(app, "Spend the RP in Kerch"))
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen"
        await pilot.press("y")
        await settle(pilot, app)
        assert game.state.operation is not None and game.state.operation.area == "kerch"
        await pilot.press("g")
        await pilot.pause()
        shown = menu(app).items()
        assert shown and all(key in ENTRY_KEYS for key, _label, _leaf in shown)
        unit = key_for(app, "Add " + game.unit_name("xlii-corps"))
        assert unit.isupper() or unit.isdigit() or unit == "e"
        await pilot.press(unit)
        await pilot.pause()
        assert game.state.operation.force == ["xlii-corps"]
        if menu(app).depth == 0:
            await pilot.press("g")
            await pilot.pause()
        assert "n" not in {key for key, _l, _leaf in menu(app).items()}
        await pilot.press("n")
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen" and "End the operation" in flat(app)
        await pilot.press("n")                       # n is not "not now": nothing
        await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen" and game.state.operation is not None
        await pilot.press("escape")                  # not now
        await pilot.pause()
        assert stack(app)[-1] == "RoadsScreen" and game.state.operation is not None
        await pilot.press("question_mark")
        await pilot.pause()
        assert "One key, one meaning: capitals" in flat(app)


async def test_issue_23_12c_card_or_map_is_c_then_capital_c_or_m_and_m_is_only_move():
    """The Card/Map choice: c opens it, C chooses Card and M Map (m is Move's, everywhere)."""
    game = new_game(seed=1, players={"axis": "Anna", "soviet": "Ben"})
    game.apply(c.StartOperation("axis", "kerch"))
    game.apply(c.EndOperation("axis"))
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("c")
        await pilot.pause()
        keys = {label: key for key, label, _leaf in menu(app).items()}
        assert keys.get("Choose Card", CHOICE_KEY["card"]) == "C" and keys.get("Choose Map", "M") == "M"
        assert "m" not in keys.values() and "c" not in keys.values()
        await pilot.press("M")
        await pilot.pause()
        if stack(app)[-1] != "ConfirmScreen":        # Event cards to set: none
            await pilot.press(NO_EVENT_KEY)
            await pilot.pause()
        assert stack(app)[-1] == "ConfirmScreen"
        await pilot.press("y")
        await settle(pilot, app, passes=False)
        assert isinstance(game.log[-1], c.Choose) and game.log[-1].choice == "map"


async def test_issue_23_12c_by_keys_a_whole_operation_is_played_with_the_shown_keys():
    """The existing key walk (tests/tui/test_pilot_roads.by_keys) plays an operation by the keys
    shown, with the new keys: a start, two gathers, a move."""
    game = new_game(seed=42, players={"axis": "Anna", "soviet": "Ben"})
    app = WartableApp(game, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await by_keys(pilot, app, c.StartOperation("axis", "kerch"))
        await by_keys(pilot, app, c.Gather("axis", "xlii-corps"))
        await by_keys(pilot, app, c.Gather("axis", "liv-corps"))
        assert game.state.operation.force == ["xlii-corps", "liv-corps"]


def test_a_cards_move_an_rp_lists_each_rp_then_where_it_goes_in_words_each_on_its_own_key():
    """Found by the random positions above (seed 122): Lorry Columns' RP moves were listed as raw
    commands, 37 on one level with 28 keys, several sharing one. Now the RP's area first, then
    where it may go, each area on its own key at its level."""
    game = new_game(seed=122, undo=False)
    rng = random.Random(1)
    while len(game.log) < 23:
        game.apply(rng.choice(game.legal()))
    _title, entries = menu_entries(game)
    moves = [(path, cmd) for path, cmd in entries if isinstance(cmd, c.MoveRP)]
    assert len(moves) > 25
    for path, cmd in moves:
        assert path[-2] == f"The RP in {game.area_name(cmd.origin)}"
        assert path[-1] == f"Move the RP from {game.area_name(cmd.origin)} to {game.area_name(cmd.area)}"
    check_position(game, {})

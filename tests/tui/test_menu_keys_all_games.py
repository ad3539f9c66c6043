"""Issue 23, item 12c, in the games that share Roads' command menu: an entry never takes the key
of one of the game's actions or of the confirmation (y, n), and none is left without a key.

Checked before the change by random games: Fall Blau's entries are digits (its levels hold 7 at
most), Victory's lists reach 16 entries (w, Withdraw, and y would be their 22nd and 24th
keys), and Tide of Iron's purchase lists hold up to 46: their entries took y and n, and the
26th on had no key at all.
"""

from __future__ import annotations

import random

import pytest

from tests.support.screens import menu_levels
from tui.widgets.command_menu import CONFIRM_KEYS, key_hint


def _fallblau(seed):
    from rules.fallblau import new_game
    from tui.fallblau.menu import FREE_KEYS, ORDER, menu_entries
    return new_game(seed=seed, generals=("hoth", "paulus", "ruoff")), menu_entries, FREE_KEYS, \
        {label.key for label in ORDER.values()}


def _victory(seed):
    from rules.victory import new_game
    from tui.victory.menu import FREE_KEYS, menu_entries
    return new_game(seed=seed, players=("Anna", "James")), menu_entries, FREE_KEYS, {"w", "z"}


def _toi(seed):
    from rules.toi import new_game
    from tui.toi.menu import FREE_KEYS, menu_entries
    return new_game(seed=seed), menu_entries, FREE_KEYS, set()


@pytest.mark.parametrize("make,longest", [(_fallblau, 3), (_victory, 10), (_toi, 26)])
def test_issue_23_12c_no_entry_takes_an_actions_key_or_y_and_every_entry_has_one(make, longest):
    seen_longest = 0
    for seed in range(3):
        game, menu_entries, free_keys, actions = make(seed)
        rng = random.Random(seed)
        for _ in range(600):
            legal = list(game.legal())
            if game.outcome is not None or not legal:
                break
            _title, entries = menu_entries(game)
            for prefix, items in menu_levels(entries, free_keys):
                seen_longest = max(seen_longest, len(items))
                keys = [it.key for it in items]
                assert all(keys) and len(keys) == len(set(keys)), (prefix, keys)
                for it in items:
                    label = it.entries[0][0][len(prefix)] if len(it.entries[0][0]) > len(prefix) else ""
                    if not key_hint(label):                  # an entry, not an action's fixed key
                        assert it.key not in actions | set(CONFIRM_KEYS), (prefix, it.label, it.key)
            game.apply(rng.choice(legal))
    assert seen_longest >= longest

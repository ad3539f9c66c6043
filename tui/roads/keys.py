"""Roads to Stalingrad's keys, in one place: one key means one thing at every level of the menu
(issue 23, item 12c).

Every key that names an action anywhere in Roads is reserved: the screen's keys, the
confirmation's, each kind of action's own key (the menu's top level, offered at every level:
a kind's key pressed in a list takes that kind) and the Card/Map choice's. None is ever given
to an entry (an area, a unit, a card, a chit, or a bank of them). The entries take their keys
by identity from what is left: the lowercase letters and digits no action has, then the
capital letters, an entry's own initial first where it is free (tui/roads/menu.py).
"""

from __future__ import annotations

from string import ascii_lowercase, ascii_uppercase, digits

from rules.roads import commands as c
from tui.widgets.command_menu import CONFIRM_KEYS

# The Roads screen's own keys (tui/roads/screen.py, tui/game_screen.py): a area in full, h hand,
# l log, q back, r rules, s save, u undo, v map, x cards
SCREEN_KEYS = "ahlqrsuvx"

# Each kind of action's own key, wherever it is offered: c Card or Map, o operation, m move,
# g gather, t chit, w withdraw (retreat), p play; End the retreat is 0, not y (the confirming key).
KIND_KEY: dict[type, str] = {
    c.Choose: "c", c.StartOperation: "o", c.Move: "m", c.Gather: "g", c.Release: "b", c.Halt: "z",
    c.PlayChit: "t", c.ChooseUnit: "i", c.Retreat: "w", c.StopRetreat: "0", c.PlaceRP: "f",
    c.PlaceUnit: "k", c.MoveRP: "j", c.RemoveRP: "7", c.Restore: "8", c.Reorganize: "2",
    c.Rebuild: "4", c.PlayCard: "p", c.DrawCard: "d", c.DiscardCard: "9", c.Decline: "6",
    c.EndOperation: "n",
}
# The Card/Map choice's own keys (4.2.2): Card, Map, and no Event card set face down with it
CHOICE_KEY = {"card": "C", "map": "M"}
NO_EVENT_KEY = "N"

RESERVED: frozenset[str] = frozenset(SCREEN_KEYS + CONFIRM_KEYS + "".join(KIND_KEY.values())
                                     + "".join(CHOICE_KEY.values()) + NO_EVENT_KEY)

# The keys an entry may have, in the order they are handed out: lowercase letters and digits
# no action has, then capitals.
ENTRY_KEYS = "".join(k for k in ascii_lowercase + digits + ascii_uppercase if k not in RESERVED)

# The west edge, left from Kerch (campaign 1.d.II), offered as an area: W, for west
OFF_MAP = "gone"
OFF_MAP_KEY = "W"


def preferred(name: str, keys: str) -> list[str]:
    """The keys of ``keys`` an entry named ``name`` would best have, best first: its initial,
    then the first letters of its other words, then its other letters (as capitals)."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    letters = [w[0].upper() for w in words] + [ch.upper() for w in words for ch in w[1:]]
    return [k for k in dict.fromkeys(letters) if k in keys]

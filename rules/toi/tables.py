"""The two tables on the back of the Campaign Rules Guide, as plain data and small functions.

- The Campaign Phase Table: which row a command total falls in, and what each row does to
  each command type (our wording; the Morale 0-2 cell follows the short campaign excerpt).
- The Resource Acquisitions Table: the items, what they cost, and every way to pay a price
  that says "any" (a payment is a tuple ``(ammunition, morale, supply)``).
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache

from rules.core.attrs_classes import frozen

TYPES = ("ammunition", "morale", "supply")
Pay = tuple[int, int, int]

# ============================================================================ Campaign Phase Table
ROWS = ("0-2", "3-5", "6-9", "10+")
REMOVE = 2          # "Remove two ... command" (rows 3-5 and 6-9)


def row_for(total: int) -> str:
    """The Campaign Phase Table row of a command total."""
    if total < 0:
        raise ValueError("a command total is never negative")
    if total <= 2:
        return "0-2"
    if total <= 5:
        return "3-5"
    if total <= 9:
        return "6-9"
    return "10+"


_SPEND = "Remaining command may be spent on the Resource Acquisitions Table; unspent command is lost."

CAMPAIGN_PHASE_TABLE: dict[tuple[str, str], str] = {
    ("0-2", "ammunition"): "Ammunition command drops to 0. One of your squads sets up with an unarmed restriction.",
    ("0-2", "morale"): "Morale command drops to 0. Two of your starting elite infantry become regular infantry "
                       "(where you have them).",
    ("0-2", "supply"): "Supply command drops to 0. One of your squads sets up with a starving restriction.",
    ("3-5", "ammunition"): "Remove two ammunition command. " + _SPEND,
    ("3-5", "morale"): "Remove two morale command. " + _SPEND,
    ("3-5", "supply"): "Remove two supply command. " + _SPEND,
    ("6-9", "ammunition"): "Two regular infantry of your starting forces make way for an MG crew, a mortar crew or two "
                           "elite infantry; then remove two ammunition command. " + _SPEND,
    ("6-9", "morale"): "One of your divisions may also set up in the advanced set-up hexes; then remove two morale "
                       "command. " + _SPEND,
    ("6-9", "supply"): "One objective of the next scenario is worth 1 more to you; then remove two supply command. "
                       + _SPEND,
    ("10+", "ammunition"): "You may halve your ammunition command (round down) for +1 CVP and apply the row of the new "
                           "total; if you do not, you get the 6-9 effect.",
    ("10+", "morale"): "You may halve your morale command (round down) for +1 CVP and apply the row of the new total; "
                       "if you do not, you get the 6-9 effect.",
    ("10+", "supply"): "You may halve your supply command (round down) for +1 CVP and apply the row of the new total; "
                       "if you do not, you get the 6-9 effect.",
}


def table_effect(total: int, command_type: str) -> str:
    """What the Campaign Phase Table does to ``command_type`` at ``total``."""
    return CAMPAIGN_PHASE_TABLE[(row_for(total), command_type)]


# ============================================================================ Resource Acquisitions
@frozen
class Item:
    id: str
    name: str
    cost: str              # the price as the table states it (our wording)
    division: bool         # bought for division 1 or 2
    reinforcement: bool    # may be bought in Red October's Status Phases (units, and what equips a squad)


ITEMS: dict[str, Item] = {i.id: i for i in (
    Item("veteran", "Flip a Campaign Command card to its Veteran side", "1 command of the card's own type", False, False),
    Item("advanced-hex", "One advanced set-up hex", "morale 1", True, False),
    Item("squad", "A squad: one base with all its holes filled by new figures", "supply 1 for the base, plus the figures",
         True, True),
    Item("specialization", "A flamethrower, engineer or antitank specialization", "ammunition 2", False, True),
    Item("remove-unarmed", "Remove the unarmed restriction", "ammunition 2", False, True),
    Item("light-tank", "A light tank", "1 of each type plus 1 of any", True, True),
    Item("heavy-tank", "A heavy tank", "2 of each type", True, True),
    Item("starting-card", "One more starting card", "any 2", False, False),
    Item("artillery-deck", "Unlock an Artillery deck", "any 3", False, False),
    Item("urban-deck", "Unlock your nation's Urban Warfare deck", "any 3", False, False),
)}

SPECIALIZATIONS = ("flamethrower", "engineer", "antitank")
DECKS = {"artillery-deck": "Artillery deck", "urban-deck": "Urban Warfare deck"}


@frozen
class Lot:
    """One price of the table that buys figures: ``count`` figures of ``figure``."""

    figure: str
    label: str
    count: int
    cost: Pay


# Each figure fills one hole of a base; regular infantry come two for one price.
LOTS: dict[str, Lot] = {lot.figure: lot for lot in (
    Lot("regular", "two regular infantry", 2, (0, 0, 2)),
    Lot("elite", "one elite infantry", 1, (0, 0, 2)),
    Lot("officer", "one officer", 1, (0, 2, 0)),
    Lot("mg-crew", "one MG crew (heavy weapons)", 1, (2, 0, 0)),
    Lot("mortar-crew", "one mortar crew (heavy weapons)", 1, (2, 0, 0)),
)}
FIGURE_ORDER = tuple(LOTS)
FIGURE_NAMES = {"regular": "regular infantry", "elite": "elite infantry", "officer": "officer",
                "mg-crew": "MG crew", "mortar-crew": "mortar crew"}
BASE_COST: Pay = (0, 0, 1)


def unit(command_type: str, n: int = 1) -> Pay:
    """A payment of ``n`` command of one type."""
    pay = [0, 0, 0]
    pay[TYPES.index(command_type)] = n
    return (pay[0], pay[1], pay[2])


def any_split(n: int) -> list[Pay]:
    """Every way to pay "any n": each split of n over the three types."""
    return [(a, m, n - a - m) for a in range(n, -1, -1) for m in range(n - a, -1, -1)]


def light_tank_payments() -> list[Pay]:
    """1 of each type plus 1 wild: the wild's type tells the payments apart."""
    return [tuple(1 + (i == wild) for i in range(3)) for wild in range(3)]  # type: ignore[misc]


HEAVY_TANK_COST: Pay = (2, 2, 2)


def canonical(figures: tuple[str, ...]) -> tuple[str, ...]:
    """Figures in table order (regular, elite, officer, MG crew, mortar crew)."""
    try:
        return _canonical(figures)
    except TypeError:              # unhashable figures: sort them uncached
        return _sort_figures(figures)


@lru_cache(maxsize=1024)
def _canonical(figures: tuple[str, ...]) -> tuple[str, ...]:
    return _sort_figures(figures)


def _sort_figures(figures) -> tuple[str, ...]:
    return tuple(sorted(figures, key=lambda f: FIGURE_ORDER.index(f) if f in FIGURE_ORDER else len(FIGURE_ORDER)))


@cache
def _compositions(holes: int) -> tuple[tuple[str, ...], ...]:
    return tuple(_build_compositions(holes))


def squad_compositions(holes: int) -> list[tuple[str, ...]]:
    """Every set of new figures that fills exactly ``holes`` holes of one base (regulars in pairs)."""
    return list(_compositions(holes))


def _build_compositions(holes: int) -> list[tuple[str, ...]]:
    out = []
    singles = [f for f in FIGURE_ORDER if LOTS[f].count == 1]
    for pairs in range(holes // 2, -1, -1):
        rest = holes - 2 * pairs
        for combo in itertools.combinations_with_replacement(singles, rest):
            out.append(canonical(("regular",) * (2 * pairs) + combo))
    return out


@cache
def squad_figure_cost(figures: tuple[str, ...]) -> Pay:
    """The price of the figures alone (regulars bought two at a time)."""
    total = [0, 0, 0]
    for figure in FIGURE_ORDER:
        n = figures.count(figure)
        lot = LOTS[figure]
        lots = -(-n // lot.count)
        for i in range(3):
            total[i] += lots * lot.cost[i]
    return (total[0], total[1], total[2])


@cache
def squad_cost(figures: tuple[str, ...]) -> Pay:
    """A base plus the figures that fill it."""
    fig = squad_figure_cost(figures)
    return (fig[0] + BASE_COST[0], fig[1] + BASE_COST[1], fig[2] + BASE_COST[2])


def payments(item: str, detail: str = "", figures: tuple[str, ...] = ()) -> list[Pay]:
    """Every payment the table accepts for ``item`` (``detail``: the card type of a veteran flip)."""
    if item == "veteran":
        return [unit(detail)] if detail in TYPES else []
    if item == "advanced-hex":
        return [unit("morale")]
    if item == "squad":
        return [squad_cost(figures)]
    if item in ("specialization", "remove-unarmed"):
        return [unit("ammunition", 2)]
    if item == "light-tank":
        return light_tank_payments()
    if item == "heavy-tank":
        return [HEAVY_TANK_COST]
    if item == "starting-card":
        return any_split(2)
    if item in DECKS:
        return any_split(3)
    return []


def pay_text(pay: Pay) -> str:
    """'1 morale, 3 supply' (nothing: 'nothing')."""
    parts = [f"{n} {t}" for n, t in zip(pay, TYPES) if n]
    return ", ".join(parts) if parts else "nothing"


def figures_text(figures: tuple[str, ...]) -> str:
    """'2 regular infantry, 1 officer, 1 MG crew'."""
    parts = []
    for figure in FIGURE_ORDER:
        n = figures.count(figure)
        if n:
            parts.append(f"{n} {FIGURE_NAMES[figure]}" + ("s" if n > 1 and figure in ("officer", "mg-crew", "mortar-crew") else ""))
    return ", ".join(parts)

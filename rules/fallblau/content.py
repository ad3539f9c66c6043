"""Fall Blau content: the printed components as attrs values, loaded from
``content/fallblau/*.toml`` and validated (file, entry and field named on error).

The rulebook gives the rules; the cards are ours (see content/fallblau/NOTES.md).
"""

from __future__ import annotations

from typing import Literal

import attrs

from rules.core.attrs_classes import frozen
from rules.core.content import entries, loaded_once, read_toml, require, structure
from rules.core.kept import kept_or_read

GAME = "fallblau"
Icon = Literal["none", "mountain", "fortress"]


@frozen
class Ability:
    """A General's ability as switches the engine reads (all off by default)."""

    ready_for_cube: bool = False          # Hoth: once per turn after his order, pay 1 grey cube to ready
    peek_events: int = 0                  # Kleist: look at the top N events before drawing, reorder
    consolidate_supply: int = 0           # Paulus: Consolidate gives this much more supply
    ignore_fortress_on: tuple[str, ...] = ()  # Paulus: no Fortress -1 against these cards
    ignore_mountain: bool = False         # Ruoff: no Mountain -1
    reroll_white: int = 0                 # Ruoff: re-roll up to N white dice once per Attack!
    counterattack_reroll_ones: bool = False  # Salmuth: Soviet 1s against him are rolled again


@frozen
class General:
    id: str
    name: str
    army: str
    kind: Literal["panzer", "regular"]
    cubes: int
    ability_text: str
    ability: Ability = Ability()


@frozen
class RedIfNotCaptured:
    """Conditional deployment: ``red`` cubes instead if ``card`` is not captured (Elista)."""

    card: str
    red: int


@frozen
class CampaignCard:
    id: str
    name: str
    vp: int
    red: int
    icon: Icon = "none"
    extra_supply: int = 0
    unlocks: tuple[str, ...] = ()
    start_unlocked: bool = False
    red_if_not_captured: RedIfNotCaptured | None = None
    text: str = ""


EventTiming = Literal["hold", "stop", "permanent"]
EventEffect = Literal[
    # hold cards, played in the orders step
    "supply",          # gain n supply
    "replacements",    # n grey cubes to one General (up to his start)
    "ready",           # ready one exhausted General
    "vp",              # gain n VP
    "boost",           # add n black dice to one Attack! (the one dice card of that attack)
    "air_strike",      # separate attack with n black dice; cannot capture (Luftwaffe, Dora)
    # permanent cards, in play from the moment they are drawn
    "cancel_icon",     # no -1 for `icon` on any attack die (Romanian Mountain Corps, Pioniere)
    "soviet_bonus",    # counter-attacks get extra_dice and/or hit on 1..hit_on (Zhukov, Chuikov)
    "advance_cost",    # every Advance costs n more supply
    # stop cards, resolved when drawn
    "lose_supply",     # lose n supply
    "exhaust",         # exhaust a ready General of your choice
    "lose_cubes",      # a General of your choice loses n grey cubes
    "counterattack",   # Major Soviet Counter-Attack with n red cubes
    "reinforce",       # n red cubes on the frontline card worth most VP
    "calendar",        # the calendar moves n boxes forward
]


@frozen
class EventCard:
    id: str
    name: str
    timing: EventTiming
    effect: EventEffect
    text: str
    n: int = 0
    copies: int = 1
    hard: bool = False
    icon: Icon = "none"               # counterattack: the card's icon; cancel_icon: the icon cancelled
    vp: int = 0                       # counterattack: VP when captured
    ignore_icons: bool = False        # air_strike: no -1 for Mountain or Fortress (Dora)
    extra_dice: int = 0               # soviet_bonus
    hit_on: int = 1                   # soviet_bonus: counter-attack dice hit on 1..hit_on
    only_card: str = ""               # soviet_bonus: only counter-attacks by this card


MissionKind = Literal[
    "capture_card",        # capture card `card` this month
    "capture_icon",        # capture a card with icon `icon` this month
    "capture_count",       # capture n cards this month
    "capture_vp",          # capture cards worth n VP in all this month
    "destroy_counterattack",  # capture a Major Counter-Attack card this month
    "supply_at_least",     # have n or more supply
    "full_strength",       # every surviving General at his starting cubes, with n or more Generals left
    "vp_at_least",         # have n or more VP
]


@frozen
class Mission:
    id: str
    name: str
    kind: MissionKind
    text: str
    n: int = 0
    card: str = ""
    icon: Icon = "none"
    reward_vp: int = 0
    reward_supply: int = 0


@frozen
class Thresholds:
    victory: int
    brilliant: int


@frozen
class Constants:
    """Rule constants the rulebook leaves to the printed components."""

    calendar: tuple[str, ...]
    start_supply: int
    supply_max: int
    grey_cubes: int
    red_cubes: int
    hand_size: int
    draws_per_turn: int
    advance_cost: int
    panzer_second_cost: int
    attack_cost: int
    reorganize_cost: int
    consolidate_cubes: int
    consolidate_supply: int
    hit_on: int
    panzer_double_on: int
    red_circles: tuple[int, ...]
    red_circle_cubes: int
    general_lost_vp: int
    missions_per_month: int
    standard: Thresholds
    missions: Thresholds


@frozen
class Content:
    constants: Constants
    generals: dict[str, General]
    campaign: dict[str, CampaignCard]
    events: dict[str, EventCard]        # one entry per printed card (copies expanded)
    missions: dict[str, Mission]

    def event_ids(self, hard: bool) -> list[str]:
        return [e for e, card in self.events.items() if hard or not card.hard]


@frozen
class Tables:
    """Flat lookups derived from a ``Content`` (see ``tables``), for what the engine reads at
    every command: a card's name, an event's effect, the extra supply to attack a card."""

    names: dict[str, str]             # any card, General or Mission id -> its printed name
    effect: dict[str, str]            # event card -> its effect
    n: dict[str, int]                 # event card -> its n
    printed: dict[str, str]           # event card -> the printed card's id (copies share it)
    extra_supply: dict[str, int]      # any frontline card -> extra supply to attack it
    start_cubes: dict[str, int]       # General -> starting grey cubes
    panzer: frozenset[str]            # Panzer Generals
    ready_for_cube: frozenset[str]    # Generals who may pay a cube to ready again (Hoth)


_TABLES: dict[int, tuple[Content, Tables]] = {}


def tables(content: Content) -> Tables:
    """The ``Tables`` of ``content``, made once per Content object (content is read once and
    never changed, so they cannot go stale; the object itself is kept to check identity)."""
    hit = _TABLES.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    names: dict[str, str] = {}
    for table in (content.missions, content.generals, content.events, content.campaign):
        names.update((key, value.name) for key, value in table.items())   # campaign names win, as card_name reads
    extra = {key: 0 for key in content.events}
    extra.update((key, card.extra_supply) for key, card in content.campaign.items())
    made = Tables(
        names=names,
        effect={key: ev.effect for key, ev in content.events.items()},
        n={key: ev.n for key, ev in content.events.items()},
        printed={key: ev.id for key, ev in content.events.items()},
        extra_supply=extra,
        start_cubes={key: g.cubes for key, g in content.generals.items()},
        panzer=frozenset(key for key, g in content.generals.items() if g.kind == "panzer"),
        ready_for_cube=frozenset(key for key, g in content.generals.items() if g.ability.ready_for_cube),
    )
    _TABLES[id(content)] = (content, made)
    return made


def _expand_copies(cards: list[EventCard], file: str) -> dict[str, EventCard]:
    """One entry per printed card: copies become '<id>-1', '<id>-2'..."""
    out: dict[str, EventCard] = {}
    for card in cards:
        ids = [card.id] if card.copies == 1 else [f"{card.id}-{k}" for k in range(1, card.copies + 1)]
        for card_id in ids:
            require(card_id not in out, f"{file}: event '{card_id}'", "id",
                    "collides with another card's numbered copies (id-1, id-2...)")
            out[card_id] = card
    return out


def _unique(items, file: str, kind: str) -> dict:
    seen: dict = {}
    for number, item in enumerate(items, start=1):
        require(item.id not in seen, f"{file}: {kind} '{item.id}' (entry {number})", "id", "duplicate id")
        seen[item.id] = item
    return seen


@loaded_once
def load() -> Content:
    """Load and validate all Fall Blau content (cached: content is read once; kept between runs
    when ``rules.core.kept`` has a folder)."""
    return kept_or_read(GAME, (__name__,), _read, Content)


def _read() -> Content:
    file = "content/fallblau/rules.toml"
    constants = structure(read_toml(GAME, "rules.toml").get("constants"), Constants, f"{file}: [constants]")
    where = f"{file}: [constants]"
    require(len(constants.calendar) == 16, where, "calendar", "needs Start Here, 14 turns and the Soviet Winter Offensive (16 boxes)")
    require(0 <= constants.start_supply <= constants.supply_max, where, "start_supply", "must lie within the depot")
    require(all(0 < a < b for a, b in zip(constants.red_circles, constants.red_circles[1:])), where, "red_circles", "must rise strictly")
    for mode in ("standard", "missions"):
        t = getattr(constants, mode)
        require(0 < t.victory <= t.brilliant, where, mode, "victory must be positive and not above brilliant")

    file = "content/fallblau/generals.toml"
    generals = _unique(entries(read_toml(GAME, "generals.toml"), "general", General, file), file, "general")
    for g in generals.values():
        require(1 <= g.cubes <= 8, f"{file}: general '{g.id}'", "cubes", "must be 1 to 8")

    file = "content/fallblau/campaign.toml"
    campaign = _unique(entries(read_toml(GAME, "campaign.toml"), "card", CampaignCard, file), file, "card")
    for c in campaign.values():
        where = f"{file}: card '{c.id}'"
        require(c.vp >= 0, where, "vp", "must not be negative")
        require(1 <= c.red <= constants.red_cubes, where, "red", f"must be 1 to {constants.red_cubes}")
        require(c.extra_supply >= 0, where, "extra_supply", "must not be negative")
        for u in c.unlocks:
            require(u in campaign, where, "unlocks", f"unknown card '{u}'")
            require(u != c.id, where, "unlocks", "a card cannot unlock itself")
        if c.red_if_not_captured is not None:
            require(c.red_if_not_captured.card in campaign, where, "red_if_not_captured.card", f"unknown card '{c.red_if_not_captured.card}'")
            require(1 <= c.red_if_not_captured.red <= constants.red_cubes, where, "red_if_not_captured.red",
                    f"must be 1 to {constants.red_cubes}")
    require(sum(c.start_unlocked for c in campaign.values()) >= 1, file, "start_unlocked", "no card starts unlocked")

    file = "content/fallblau/events.toml"
    event_list = entries(read_toml(GAME, "events.toml"), "event", EventCard, file)
    _unique(event_list, file, "event")
    for e in event_list:
        where = f"{file}: event '{e.id}'"
        require(e.copies >= 1, where, "copies", "must be at least 1")
        require(e.n >= 0, where, "n", "must not be negative")
        require(e.vp >= 0, where, "vp", "must not be negative")
        needs_n = e.effect not in ("ready", "exhaust", "cancel_icon", "soviet_bonus")
        require(not needs_n or e.n > 0, where, "n", f"effect '{e.effect}' needs n > 0")
        timing = {"supply": "hold", "replacements": "hold", "ready": "hold", "vp": "hold", "boost": "hold",
                  "air_strike": "hold", "cancel_icon": "permanent", "soviet_bonus": "permanent",
                  "advance_cost": "permanent"}.get(e.effect, "stop")
        require(e.timing == timing, where, "timing", f"effect '{e.effect}' is a {timing} card")
        if e.effect == "cancel_icon":
            require(e.icon != "none", where, "icon", "name the icon the card cancels")
        if e.effect == "soviet_bonus":
            require(e.extra_dice > 0 or e.hit_on > 1, where, "extra_dice", "a Soviet bonus needs extra_dice or hit_on above 1")
            require(1 <= e.hit_on <= 3, where, "hit_on", "must be 1 to 3")
            require(not e.only_card or e.only_card in campaign, where, "only_card", f"unknown card '{e.only_card}'")
    events = _expand_copies(event_list, file)

    file = "content/fallblau/missions.toml"
    missions = _unique(entries(read_toml(GAME, "missions.toml"), "mission", Mission, file), file, "mission")
    for m in missions.values():
        where = f"{file}: mission '{m.id}'"
        require(m.reward_vp >= 0, where, "reward_vp", "must not be negative")
        require(m.reward_supply >= 0, where, "reward_supply", "must not be negative")
        require(m.reward_vp > 0 or m.reward_supply > 0, where, "reward_vp", "a mission needs a reward")
        if m.kind == "capture_card":
            require(m.card in campaign, where, "card", f"unknown card '{m.card}'")
        if m.kind == "capture_icon":
            require(m.icon != "none", where, "icon", "name the icon")
        if m.kind in ("capture_count", "capture_vp", "supply_at_least", "full_strength", "vp_at_least"):
            require(m.n > 0, where, "n", f"kind '{m.kind}' needs n > 0")
    return Content(constants, generals, campaign, events, missions)

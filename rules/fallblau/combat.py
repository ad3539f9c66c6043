"""Attack! dice (FB Attack!, Panzertruppen, Overkill): shared by the game and the odds."""

from __future__ import annotations

import math

from .content import Constants, Content
from .state import FallBlauState


def card_icon(content: Content, card: str) -> str:
    if card in content.campaign:
        return content.campaign[card].icon
    return content.events[card].icon


def card_vp(content: Content, card: str) -> int:
    if card in content.campaign:
        return content.campaign[card].vp
    return content.events[card].vp


def card_name(content: Content, card: str) -> str:
    if card in content.campaign:
        return content.campaign[card].name
    if card in content.events:
        return content.events[card].name
    if card in content.generals:
        return content.generals[card].name
    return content.missions[card].name


def icon_modifier(content: Content, state: FallBlauState, card: str, general: str | None,
                  ignore_icons: bool = False) -> tuple[int, tuple[str, ...]]:
    """The modifier to every attack die against `card` (FB Attack!: Mountains and Fortress -1),
    and the reasons a -1 does not apply (cancel cards in play, the General's ability)."""
    icon = card_icon(content, card)
    if icon == "none":
        return 0, ()
    label = icon.capitalize()
    if ignore_icons:
        return 0, (f"no {label} -1 (the card ignores it)",)
    for perm in state.permanents:
        ev = content.events[perm]
        if ev.effect == "cancel_icon" and ev.icon == icon:
            return 0, (f"no {label} -1 ({ev.name})",)
    if general is not None:
        ability = content.generals[general].ability
        if icon == "mountain" and ability.ignore_mountain:
            return 0, (f"no Mountain -1 ({content.generals[general].name})",)
        if icon == "fortress" and card in ability.ignore_fortress_on:
            return 0, (f"no Fortress -1 ({content.generals[general].name})",)
    return -1, (f"-1 {label}",)


def white_die(value: int, modifier: int, panzer: bool, c: Constants) -> tuple[int, int]:
    """(red cubes removed, grey cubes lost) for one white die."""
    final = value + modifier
    if final <= 1:
        return 0, 1
    if panzer and final >= c.panzer_double_on:
        return 2, 0
    return (1, 0) if final >= c.hit_on else (0, 0)


def black_die(value: int, modifier: int, c: Constants) -> int:
    """Red cubes removed by one black die; black dice never cost grey cubes."""
    return 1 if value + modifier >= c.hit_on else 0


def black_hits(dice: tuple[int, ...] | list[int], modifier: int, c: Constants) -> int:
    """Red cubes removed by black dice (`black_die` for each)."""
    hits = 0
    for value in dice:
        if value + modifier >= c.hit_on:
            hits += 1
    return hits


def soviet_hits(dice: tuple[int, ...], hit_on: int) -> int:
    """Grey cubes destroyed by a Soviet counter-attack: a cube for each die showing `hit_on` or
    less (FB Step 5: a 1; more with Zhukov or Chuikov in play)."""
    hits = 0
    for value in dice:
        if value <= hit_on:
            hits += 1
    return hits


def white_dice_count(cubes: int, adjacent: bool) -> int:
    """A die per grey cube; against an adjacent card, half of them rounded up."""
    return math.ceil(cubes / 2) if adjacent else cubes

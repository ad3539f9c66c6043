"""A counter's values as they stand: full or depleted side (9.6.4), less one when
disorganized (9.6.3), never below one (9.6.2c); Manstein's +1 (campaign 10.b); mountain
defenders' +2 Tactical and +1 Cohesion (campaign 1.c)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Roads


def _printed(g: Roads, unit: str):
    c = g.state.units[unit]
    u = g.content.units[unit]
    return (u.depleted if c.depleted else u), c


def standing(printed: int, disorganized: bool) -> int:
    """A printed value as it stands: less one when disorganized (9.6.3), never below one (9.6.2c)."""
    return max(1, printed - (1 if disorganized else 0))


def cohesion(g: Roads, unit: str) -> int:
    printed, c = _printed(g, unit)
    return standing(printed.cohesion, c.disorganized)


def movement(g: Roads, unit: str) -> int:
    printed, c = _printed(g, unit)
    return standing(printed.movement, c.disorganized)


def tactical(g: Roads, unit: str) -> int:
    printed, c = _printed(g, unit)
    value = printed.tactical - (1 if c.disorganized else 0)
    # campaign 10.b: +1 to the units of his stack: his own side's units in his area
    if g.state.leader and g.state.leader == c.where and c.side == g.content.leader.side:
        value += g.content.leader.tactical_bonus
    return max(1, value)


def is_armour(g: Roads, unit: str) -> bool:
    return g.content.units[unit].kind in ("panzer", "tank")


def is_infantry(g: Roads, unit: str) -> bool:
    return g.content.units[unit].kind == "infantry"

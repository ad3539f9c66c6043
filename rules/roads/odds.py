"""What a cohesion check will do, before it is rolled (series 9.5.4, 9.6; rule 19's chits):
the exact chance each unit that may check passes, and what a failure does to it.

Computed, not sampled, from the same values the roll is made against (``battle.check_value``,
``battle.roll_modifier``): a d10 ("0" read as 10) plus the modifiers passes when it is no more
than the unit's cohesion (9.6.1); a card's re-roll of a failed check is a second chance. Only
what both sides see goes in: the units, the chits and cards already played, the permanent
cards; never a chit still in a hand.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rules.core.attrs_classes import frozen

from . import battle, values
from .geography import units_in
from .state import other

if TYPE_CHECKING:
    from .game import Roads


@frozen
class CheckOdds:
    """One unit's cohesion check: the chance it passes and what a failure does."""

    unit: str
    cohesion: int                # what the modified roll is compared with (9.6.1)
    modifier: int                # added to the roll (positive is bad for the unit)
    roll_why: tuple[str, ...]    # the roll's modifiers, as the log gives them ("+2 chit")
    cohesion_why: tuple[str, ...]    # the cohesion's parts ("CH 6", "-2 river crossed")
    chance: Fraction             # of passing, a card's re-roll included
    reroll: bool                 # a card gives the unit's side a re-roll of a failed check
    on_fail: str                 # what a failure does, in the rules' words


@frozen
class StepOdds:
    """One step of a chit (or of a card's strike): whose unit, who picks it, and per unit
    that may be picked what it risks. ``action``: check, deplete (no roll) or fortify."""

    source: str                          # the chit's (or card's) name
    on: str
    chooser: str
    action: str
    checks: tuple[CheckOdds, ...]        # a check: one per unit that may be picked
    units: tuple[str, ...]               # the units that may be picked
    text: str                            # deplete or fortify: what happens, no roll


def pass_chance(cohesion: int, modifier: int, rerolls: int = 0) -> Fraction:
    """9.6.1: the chance a d10 (1-10, "0" read as 10) plus `modifier` is at most `cohesion`;
    with a card's re-roll a failed check is rolled once more."""
    p = Fraction(max(0, min(10, cohesion - modifier)), 10)
    if rerolls > 0:
        p = 1 - (1 - p) ** 2
    return p


def on_fail(g: Roads, unit: str, fail: str) -> str:
    """What failing does to `unit` (9.6.2b, 9.6.3, 9.6.4, 9.6.5, 9.6.6c)."""
    c = g.state.units[unit]
    if fail == "deplete" and not c.depleted:
        return "depleted (9.6.4): its depleted values for the rest of the game"
    again = " (already depleted: 9.6.2b)" if fail in ("deplete", "disorganize-deplete") and c.depleted else ""
    first = "depleted and " if fail == "disorganize-deplete" and not c.depleted else ""
    if c.isolated:
        return f"{first}disorganized{again} while isolated: destroyed (9.6.6c)"
    if not battle.retreat_options(g, unit):
        return f"{first}disorganized{again}, with no area to retreat to: destroyed (9.6.5)"
    # one marker only (9.6.3b): a unit disorganized already loses no more of its values
    values = "its values fall no further (one marker, 9.6.3b)" if c.disorganized else "-1 to every value"
    return (f"{first}disorganized{again}: {values}, leaves the battle and retreats two "
            "areas towards its nearest RP (9.6.3)")


def check_odds(g: Roads, unit: str, step_modifier: int, fail: str, source: str = "chit") -> CheckOdds:
    """`unit` checks cohesion now with a step's `step_modifier` and `fail` (9.6.1); `source`:
    "chit", or "card" for an Attack card's strike."""
    cohesion, why_c = battle.check_value(g, unit)
    modifier, why_m = battle.roll_modifier(g, unit, step_modifier, source)
    rerolls = g.state.battle.rerolls.get(g.state.units[unit].side, 0)
    return CheckOdds(unit, cohesion, modifier, tuple(why_m), tuple(why_c),
                     pass_chance(cohesion, modifier, rerolls), rerolls > 0, on_fail(g, unit, fail))


def step_odds(g: Roads, entry) -> StepOdds:
    """A step (``[side, chit or "card:…", index]``, as ``Battle.steps`` holds them) as it
    stands now: the units it may fall on and, for a check, each one's odds."""
    _, source, st = battle._step(g, entry)
    units = tuple(battle.step_candidates(g, entry))
    chooser = battle.step_chooser(g, entry)
    if st.action == "check":
        kind = "card" if str(entry[1]).startswith("card:") else "chit"
        checks = tuple(check_odds(g, u, st.modifier, st.fail, kind) for u in units)
        return StepOdds(source.name, st.on, chooser, "check", checks, units, "")
    if st.action == "deplete":
        text = "depleted, no roll (9.6.4); a unit depleted already is disorganized instead (9.6.2b)"
    else:
        text = "digs in: -2 to its cohesion checks in this battle (rule 19)"
    return StepOdds(source.name, st.on, chooser, st.action, (), units, text)


def chit_odds(g: Roads, side: str, chit: str) -> tuple[str, tuple[StepOdds, ...]]:
    """Playing `chit` (an instance in `side`'s hand) now: ("", its steps in the order they
    resolve, 9.5.4: the defender's units first) or (why it does nothing, ())."""
    b = g.state.battle
    d = battle.chit_def(g, chit)
    if b.cancel_next.get(side):
        return "a card cancels it: no effect (CC 2.3.2)", ()
    if d.only_if in ("panzer", "soviet-armor") and not battle._condition_holds(g, d, side):
        return "no armour of its kind is in the battle: no effect (rule 19)", ()
    defender = other(b.attacker)
    order = ([i for i, st in enumerate(d.steps) if st.on == defender]
             + [i for i, st in enumerate(d.steps) if st.on != defender])
    return "", tuple(step_odds(g, [side, d.id, i]) for i in order)


def waiting_step(g: Roads) -> StepOdds:
    """The step waiting for a unit to be chosen (``ChooseUnit``), as it stands now."""
    return step_odds(g, g.state.battle.steps[0])


def opening_draws(g: Roads, side: str, force: list[str], area: str) -> tuple[int, int]:
    """A battle begun by `force` of `side` moving into `area`: how many chits the attacker and
    the defender draw first (9.5.2: each side its best Tactical Value present; a mountain
    defender +2, campaign 1.c). Public: the counters' values, not the chits."""
    defenders = units_in(g, area, other(side))
    attack = max((values.tactical(g, u) for u in force), default=0)
    defend = max((values.tactical(g, u) for u in defenders), default=0)
    if g.map.areas[area].terrain == "mountain":
        defend += g.rules.mountain_defender_tactical
    return max(0, attack), max(0, defend)

"""What a chit, a chosen unit's check or an Attack card's strike will do, in words, for the
confirmation before it (DESIGN "The terminal": show what a roll will do, with exact odds, and
take a key before it). The odds come from ``rules.roads.odds``; this only words them.
Everything in it is public: the chit being confirmed is the confirming player's own, the rest
is on the table.

A forecast is a list of lines, each with what it is (``Line.stress``), so that a screen can
set them apart without this module knowing how."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.attrs_classes import frozen

from .odds import chit_odds, step_odds, waiting_step

if TYPE_CHECKING:
    from .game import Roads


@frozen
class Line:
    """One line of a forecast. ``stress``: "" a plain line, "strong" the line that matters most
    (who checks, the chosen unit's chance, why a chit does nothing), "failure" what a failed
    check does, "printed" the chit's own printed text."""
    text: str
    stress: str = ""


# what the unit chosen for a step does, by the step's action
DOES = {"check": "checks cohesion", "deplete": "is depleted", "fortify": "digs in"}


def chance_words(check) -> str:
    """ "40% to pass: a d10 of 1-4 (+2 chit; against cohesion 6)", the cohesion's parts when
    there are more than one (CH 7, -2 river crossed), and the re-roll when a card gives one
    (9.6.1)."""
    faces = max(0, min(10, check.cohesion - check.modifier))
    pct = f"{float(check.chance) * 100:.0f}%"
    if faces == 10:
        rolls = "any d10"
    elif faces == 0:
        rolls = "no d10"
    else:
        rolls = f"a d10 of 1-{faces}" if faces > 1 else "a d10 of 1"
    mods = ", ".join(check.roll_why) or "no modifier"
    parts = f": {', '.join(check.cohesion_why)}" if len(check.cohesion_why) > 1 else ""
    words = f"{pct} to pass: {rolls} ({mods}; against cohesion {check.cohesion}{parts})"
    if check.reroll:
        words += ", a card's re-roll included"
    return words


def _cap(line: str) -> str:
    return line[:1].upper() + line[1:]


def step_lines(g: Roads, step, side: str, lead: str) -> list[Line]:
    """One step of a chit (9.5.4): who it falls on, who picks, and per unit its chance and what
    a failure does."""
    whose = g.side_name(step.on)
    picks = "you choose which" if step.chooser == side else f"the {g.side_name(step.chooser)} player chooses which"
    if not step.units:
        return [Line(_cap(f"{lead}no {whose} unit is left for it: no effect."))]
    one = len(step.units) == 1
    article = "an" if whose[:1] in "AEIOU" else "a"
    who = g.unit_name(step.units[0]) if one else f"{article} {whose} unit ({picks})"
    if step.action != "check":
        return [Line(_cap(f"{lead}{who}: {step.text}."))]
    out = [Line(_cap(f"{lead}{who} checks cohesion:"), "strong")]
    fails = {c.on_fail for c in step.checks}
    for c in step.checks:
        name = "" if one else f"{g.unit_name(c.unit)}: "
        out.append(Line(f"  {name}{chance_words(c)}"))
        if len(fails) > 1:
            out.append(Line(f"    fails: {c.on_fail}", "failure"))
    if len(fails) == 1:
        out.append(Line(f"  A failure: {fails.pop()}.", "failure"))
    return out


def chit_forecast(g: Roads, cmd) -> list[Line]:
    """Before a chit is played: each step in the order it resolves (9.5.4), its chances and what
    a failure does, then the chit's text."""
    chit = g.content.chits[cmd.chit.split("#")[0]]
    out = [Line("The chit is revealed and resolved at once, with its rolls:")]
    why, steps = chit_odds(g, cmd.side, cmd.chit)
    if why:
        out.append(Line(f"{why[0].upper()}{why[1:]}.", "strong"))
    for i, step in enumerate(steps):
        lead = "" if len(steps) == 1 else "First " if i == 0 else "Then "
        out += step_lines(g, step, cmd.side, lead)
    out.append(Line(f"{chit.name}: {chit.text}", "printed"))
    return out


def unit_title(g: Roads, cmd) -> str:
    """ "21st Army checks cohesion (Assault)?": what the unit chosen does, and for which chit."""
    step = waiting_step(g)
    return f"{g.unit_name(cmd.unit)} {DOES[step.action]} ({step.source})?"


def unit_forecast(g: Roads, cmd) -> list[Line]:
    """Before the chosen unit takes the waiting step (9.5.4): its chance and what a failure does
    (9.6.1), and the chances of the others it could have been."""
    step = waiting_step(g)
    out = [Line(f"{g.unit_name(cmd.unit)} takes the chit's step now; it cannot be taken back.")]
    mine = next((c for c in step.checks if c.unit == cmd.unit), None)
    if mine is None:
        return out + [Line(f"It is {step.text}.")]
    out.append(Line(f"{chance_words(mine)}.", "strong"))
    out.append(Line(f"A failure: {mine.on_fail}.", "failure"))
    others = [f"{g.unit_name(c.unit)} {float(c.chance) * 100:.0f}%" for c in step.checks if c.unit != cmd.unit]
    if others:
        out.append(Line("The others would pass: " + ", ".join(others) + "."))
    return out


def strike_lines(g: Roads, cmd) -> list[Line]:
    """A card played in a battle whose effect is a strike (an Attack card: a unit checks at
    once, 9.4): that check's chances as a chit's (9.6.1); none for any other card."""
    card = g.content.cards[cmd.card]
    strikes = [i for i, eff in enumerate(card.effect) if eff.op == "strike"]
    if g.state.battle is None or not strikes or any(eff.op == "cohesion" for eff in card.effect):
        return []
    out: list[Line] = []
    for i in strikes:
        out += step_lines(g, step_odds(g, [cmd.side, "card:" + cmd.card, i]), cmd.side, "")
    return out

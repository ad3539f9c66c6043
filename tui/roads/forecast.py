"""What a chit or a chosen unit's check will do, for the confirmation before it (DESIGN "The
terminal": show what a roll will do, with exact odds, and take a key before it). The odds come
from ``rules.roads.odds``; this only words them. Everything in it is public: the chit being
confirmed is the confirming player's own, the rest is on the table."""

from __future__ import annotations

from rich.text import Text

from .panels import NAME


# what the unit chosen for a step does, by the step's action
DOES = {"check": "checks cohesion", "deplete": "is depleted", "fortify": "digs in"}


def chance_words(check) -> str:
    """ "40% to pass: a d10 of 1-4 (+2 chit; against cohesion 6)", the cohesion's parts when
    there are more than one (CH 7, -2 river crossed), and the re-roll when a card gives one."""
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


def step_text(game, step, side: str, lead: str) -> Text:
    """One step of a chit: who it falls on, who picks, and per unit its chance and what a
    failure does."""
    out = Text()
    whose = NAME[step.on]
    picks = "you choose which" if step.chooser == side else f"the {NAME[step.chooser]} player chooses which"
    if not step.units:
        out.append(_cap(f"{lead}no {whose} unit is left for it: no effect.\n"))
        return out
    one = len(step.units) == 1
    article = "an" if whose[:1] in "AEIOU" else "a"
    who = game.unit_name(step.units[0]) if one else f"{article} {whose} unit ({picks})"
    if step.action != "check":
        out.append(_cap(f"{lead}{who}: {step.text}.\n"))
        return out
    out.append(_cap(f"{lead}{who} checks cohesion:\n"), style="bold")
    fails = {c.on_fail for c in step.checks}
    for c in step.checks:
        name = "" if one else f"{game.unit_name(c.unit)}: "
        out.append(f"  {name}{chance_words(c)}\n")
        if len(fails) > 1:
            out.append(f"    fails: {c.on_fail}\n", style="italic")
    if len(fails) == 1:
        out.append(f"  A failure: {fails.pop()}.\n", style="italic")
    return out


def chit_forecast(game, cmd) -> Text:
    """Before a chit is played: each step in the order it resolves (9.5.4), its chances and what
    a failure does, then the chit's text."""
    from rules.roads.odds import chit_odds
    chit = game.content.chits[cmd.chit.split("#")[0]]
    out = Text("The chit is revealed and resolved at once, with its rolls:\n")
    why, steps = chit_odds(game, cmd.side, cmd.chit)
    if why:
        out.append(f"{why[0].upper()}{why[1:]}.\n", style="bold")
    for i, step in enumerate(steps):
        lead = "" if len(steps) == 1 else "First " if i == 0 else "Then "
        out.append_text(step_text(game, step, cmd.side, lead))
    out.append(f"{chit.name}: {chit.text}", style="dim")
    return out


def unit_title(game, cmd) -> str:
    """ "21st Army checks cohesion (Assault)?": what the unit chosen does, and for which chit."""
    from rules.roads.odds import waiting_step
    step = waiting_step(game)
    does = DOES[step.action]
    return f"{game.unit_name(cmd.unit)} {does} ({step.source})?"


def unit_forecast(game, cmd) -> Text:
    """Before the chosen unit takes the waiting step: its chance and what a failure does, and
    the chances of the others it could have been."""
    from rules.roads.odds import waiting_step
    step = waiting_step(game)
    out = Text(f"{game.unit_name(cmd.unit)} takes the chit's step now; it cannot be taken back.\n")
    mine = next((c for c in step.checks if c.unit == cmd.unit), None)
    if mine is None:
        out.append(f"It is {step.text}.")
        return out
    out.append(f"{chance_words(mine)}.\n", style="bold")
    out.append(f"A failure: {mine.on_fail}.\n", style="italic")
    others = [f"{game.unit_name(c.unit)} {float(c.chance) * 100:.0f}%" for c in step.checks if c.unit != cmd.unit]
    if others:
        out.append("The others would pass: " + ", ".join(others) + ".")
    out.rstrip()
    return out


def card_forecast(game, cmd, words: str) -> Text | str:
    """A card played in a battle whose effect is a strike (an Attack card: a unit checks at
    once): `words` (what playing it does), then that check's chances as a chit's (9.6.1)."""
    from rules.roads.odds import step_odds
    card = game.content.cards[cmd.card]
    strikes = [i for i, eff in enumerate(card.effect) if eff.op == "strike"]
    if game.state.battle is None or not strikes or any(eff.op == "cohesion" for eff in card.effect):
        return words
    out = Text(words + "\n")
    for i in strikes:
        out.append_text(step_text(game, step_odds(game, [cmd.side, "card:" + cmd.card, i]), cmd.side, ""))
    out.rstrip()
    return out

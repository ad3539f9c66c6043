"""Fall Blau as plain text: the position, the numbered legal commands, the end of the game.

For the plain mode (screen readers, scripts, slow links) and anything else that wants words
rather than widgets. Everything is said in words (READY, EXHAUSTED, Fortress...), never by colour
alone, and lines are wrapped to fit 80 columns. No Textual, no Rich.
"""

from __future__ import annotations

import textwrap

from rules.fallblau import FallBlau

WIDTH = 80
FULL, EMPTY = "■", "□"
ASCII_FULL, ASCII_EMPTY = "#", "."


def _wrap(text: str, indent: str = "", first: str | None = None, width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=indent if first is None else first,
                         subsequent_indent=indent, break_on_hyphens=False) or [first or indent]


def cube_bar(have: int, start: int, ascii_only: bool = False) -> str:
    """E.g. "■■■□□ 3/5": one mark per cube the General has, one empty mark per cube lost."""
    full, empty = (ASCII_FULL, ASCII_EMPTY) if ascii_only else (FULL, EMPTY)
    return f"{full * have}{empty * max(0, start - have)} {have}/{start}"


def mode_label(game: FallBlau) -> str:
    parts = []
    if game.hard:
        parts.append("Hard Mode")
    if game.missions_mode:
        parts.append("Missions Mode")
    return " + ".join(parts) or "Standard mode"


def thresholds(game: FallBlau):
    return game.c.missions if game.missions_mode else game.c.standard


def total_turns(game: FallBlau) -> int:
    return len(game.c.calendar) - 2   # Start Here and the Soviet Winter Offensive are not turns


def _icon_words(icon: str) -> str:
    return {"mountain": "Mountain: -1 to attack dice", "fortress": "Fortress: -1 to attack dice"}.get(icon, "")


def _card_facts(game: FallBlau, card: str, red: int | None) -> str:
    """Name, VP, red cubes, icon and extra supply of a frontline or queued card, in words."""
    content = game.content
    if card in content.campaign:
        spec = content.campaign[card]
        vp, icon, extra, kind = spec.vp, spec.icon, spec.extra_supply, ""
        red = game.deploy_red(card) if red is None else red       # queued: what it will deploy with
    else:
        ev = content.events[card]
        vp, icon, extra, kind = ev.vp, ev.icon, 0, "Major Counter-Attack, "
        red = ev.n if red is None else red
    facts = [f"{kind}{vp} VP", f"{red} red cube{'s' if red != 1 else ''}"]
    if icon != "none":
        facts.append(_icon_words(icon))
    if extra:
        facts.append(f"attacking it costs {extra} more supply")
    return f"{game.name(card)} ({', '.join(facts)})"


def captured_words(game: FallBlau) -> str:
    """What was captured, Campaign cards (out of all of them) apart from counter-attack cards:
    e.g. "Captured: 3 of 15 Campaign cards (Voronezh, ...) and 1 counter-attack card (...)"."""
    s, campaign = game.state, game.content.campaign
    cards = [c for c in s.captured if c in campaign]
    counter = [c for c in s.captured if c not in campaign]
    out = f"Captured: {len(cards)} of {len(campaign)} Campaign cards"
    if cards:
        out += f" ({', '.join(game.name(c) for c in cards)})"
    if counter:
        n = len(counter)
        out += f" and {n} counter-attack card{'s' if n != 1 else ''} ({', '.join(game.name(c) for c in counter)})"
    return out


def _general_line(game: FallBlau, slot: int, ascii_only: bool) -> list[str]:
    s, content = game.state, game.content
    gid = s.slots[slot]
    if gid is None:
        return [f"{slot + 1}. No General here (lost)."]
    spec, g = content.generals[gid], s.generals[gid]
    kind = "Panzer" if spec.kind == "panzer" else "regular"
    state = "READY" if g.ready else "EXHAUSTED"
    lines = _wrap(f"{spec.name}, {spec.army} ({kind}): {cube_bar(g.cubes, spec.cubes, ascii_only)} "
                  f"grey cubes, {state}", indent="   ", first=f"{slot + 1}. ")
    lines += _wrap(f"Ability: {spec.ability_text}", indent="     ", first="   ")
    return lines


def _front_line(game: FallBlau, slot: int) -> list[str]:
    front = game.state.front[slot]
    if front is None:
        return ["   Faces: nothing (the position is empty)."]
    return _wrap(f"Faces: {_card_facts(game, front.card, front.red)}.", indent="     ", first="   ")


def render_position(game: FallBlau, ascii_only: bool = False) -> str:
    """The whole position in words, readable at 80 columns.

    ``ascii_only`` draws the cube bar with # and . for terminals that cannot show ■ and □.
    """
    s, c = game.state, game.c
    t = thresholds(game)
    out: list[str] = []
    out.append(f"Campaign: Fall Blau, {mode_label(game)}, seed {game.seed}")
    turn = f"turn {s.turns_played} of {total_turns(game)}" if s.turns_played else "before the first turn"
    out.append(f"Calendar: {game.calendar_label()}, {turn}.")
    nxt = next((r for r in c.red_circles if r > s.vp), None)
    circle = f"next red circle at {nxt}" if nxt is not None else "no red circle left"
    out.append(f"Supply {s.supply}/{c.supply_max}.")
    out += _wrap(f"VP {s.vp}: Victory at {t.victory}, Brilliant Victory at {t.brilliant}; {circle}.")
    if s.lost:
        out.append(f"Generals lost cost {c.general_lost_vp * len(s.lost)} VP at the end of the game.")
    out.append("")
    out.append("Frontline:")
    for slot in range(3):
        out += _general_line(game, slot, ascii_only)
        out += _front_line(game, slot)
    if s.temporary is not None:
        out += _wrap(f"Deployed for the moment at position {s.temporary.slot + 1}: "
                     f"{_card_facts(game, s.temporary.card, s.temporary.red)}.", indent="  ")
    if s.attack is not None:
        a = s.attack
        black = f"; black dice {' '.join(map(str, a.black))}" if a.black else ""
        out += _wrap(f"Attack! under way: {game.name(a.general)} against position {a.target + 1}, "
                     f"white dice {' '.join(map(str, a.white))}{black}.", indent="  ")
    out.append("")
    if s.unlocked:
        out.append("Unlocked queue:")
        for card in s.unlocked:
            out += _wrap(_card_facts(game, card, None), indent="    ", first="  - ")
    else:
        out.append("Unlocked queue: empty.")
    out.append(f"Hand ({len(s.hand)} of {c.hand_size}):" if s.hand else f"Hand: empty (limit {c.hand_size}).")
    for card in s.hand:
        ev = game.content.events[card]
        out += _wrap(f"{ev.name}: {ev.text}", indent="    ", first="  - ")
    if s.permanents:
        out.append("Permanent cards in play:")
        for card in s.permanents:
            ev = game.content.events[card]
            out += _wrap(f"{ev.name}: {ev.text}", indent="    ", first="  - ")
    if game.missions_mode:
        if s.missions:
            out.append("Active missions:")
            for m in s.missions:
                spec = game.content.missions[m]
                out += _wrap(f"{spec.name}: {spec.text}", indent="    ", first="  - ")
        else:
            out.append("Active missions: none.")
    out += _wrap(captured_words(game) + ".", indent="  ", first="")
    lost = ", ".join(game.name(x) for x in s.lost) or "none"
    out.append(f"Generals lost: {lost}.")
    decks = f"Event deck {len(s.deck)} cards, discard pile {len(s.discard)}"
    if game.missions_mode:
        decks += f", mission deck {len(s.mission_deck)}"
    out.append(decks + ".")
    return "\n".join(out)


def render_legal(game: FallBlau) -> list[str]:
    """The pending decision's prompt (if any), then one numbered line per legal command:
    "1. <game.describe(cmd)>", numbered as ``game.legal()`` orders them."""
    out: list[str] = []
    decision = game.state.decision
    if decision is not None:
        out += _wrap(f"Decide: {decision.prompt}", indent="  ", first="")
    cmds = game.legal()
    width = len(str(len(cmds)))
    for number, cmd in enumerate(cmds, start=1):
        label = f"{number}.".rjust(width + 1) + " "
        out += _wrap(game.describe(cmd), indent=" " * len(label), first=label)
    return out


def summary(game: FallBlau) -> str:
    """One sentence: how the campaign went against the thresholds."""
    o = game.outcome
    if o is None:
        return "The campaign goes on."
    if o.level == "brilliant":
        return f"A Brilliant Victory with {o.vp} VP ({o.vp - o.brilliant_at} above the {o.brilliant_at} needed)."
    if o.level == "victory":
        return (f"A Victory with {o.vp} VP; a Brilliant Victory needed {o.brilliant_at} "
                f"({o.brilliant_at - o.vp} more).")
    return f"A defeat with {o.vp} VP; a Victory needed {o.victory_at} ({o.victory_at - o.vp} more)."


def render_end(game: FallBlau) -> str:
    """The end of the campaign: the level, the final VP, what was taken and lost, a summary."""
    o = game.outcome
    if o is None:
        return "The campaign is not over yet."
    s = game.state
    title = {"brilliant": "BRILLIANT VICTORY", "victory": "VICTORY", "defeat": "DEFEAT"}[o.level]
    out = [f"=== {title} ===", ""]
    out += _wrap(f"The campaign ends: {o.reason}")
    lost_vp = f", less {game.c.general_lost_vp * o.generals_lost} for Generals lost" if o.generals_lost else ""
    out.append(f"Final score: {o.vp} VP ({o.track} on the track{lost_vp}).")
    out.append(f"Needed: {o.victory_at} for a Victory, {o.brilliant_at} for a Brilliant Victory "
               f"({mode_label(game)}).")
    out += _wrap(captured_words(game) + ".", indent="  ", first="")
    lost = ", ".join(game.name(x) for x in s.lost) or "none"
    out.append(f"Generals lost: {lost}.")
    if game.missions_mode:
        out.append(f"Missions met: {len(s.missions_done)}, failed: {len(s.missions_failed)}.")
    out.append(f"Turns played: {s.turns_played}; commands given: {len(game.log)}; seed {game.seed}.")
    out.append("")
    out += _wrap(summary(game))
    return "\n".join(out)

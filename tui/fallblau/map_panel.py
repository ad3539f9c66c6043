"""The Fall Blau map panel: the frontline, the queue, captured and permanent cards."""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text

from rules.fallblau import FallBlau


ICON_WORDS = {
    True: {"mountain": " MTN", "fortress": " FORT"},
    False: {"mountain": " MOUNTAIN", "fortress": " FORTRESS"},
}


def cubes(have: int, start: int, full: str = "■", empty: str = "□") -> str:
    return full * have + empty * max(0, start - have)


def frontline(game: FallBlau, compact: bool = False) -> Group:
    """Each position: the General (army kind, cubes, READY or EXHAUSTED in words), then the card
    facing him; wide screens add his army and ability, indented."""
    s, content = game.state, game.content
    parts: list = []
    for slot in range(3):
        gid = s.slots[slot]
        line = Text(f"{slot + 1} ", style="bold")
        if gid is None:
            line.append("(no General)", style="dim")
        else:
            spec = content.generals[gid]
            g = s.generals[gid]
            kind = "PZ" if spec.kind == "panzer" else "INF"
            name = spec.name.split()[-1]
            line.append(f"{name} {kind} ", style="bold")
            line.append(f"{cubes(g.cubes, spec.cubes)} {g.cubes}/{spec.cubes} ")
            line.append("READY" if g.ready else "EXHAUSTED", style="bold green" if g.ready else "dim")
        parts.append(line)
        parts.append(Padding(_facing(game, slot, compact), (0, 0, 0, 3)))
        if not compact and gid is not None:
            spec = content.generals[gid]
            parts.append(Padding(Text(f"{spec.army}: {spec.ability_text}", style="italic dim"), (0, 0, 0, 6)))
    if s.temporary is not None:
        parts.append(Text(f"  Deployed for the moment: {game.name(s.temporary.card)} ({s.temporary.red} red)",
                          style="red"))
    return Group(*parts)


def _facing(game: FallBlau, slot: int, compact: bool) -> Text:
    content = game.content
    out = Text("vs ")
    front = game.state.front[slot]
    if front is None:
        out.append("(empty)", style="dim")
        return out
    card = front.card
    if card in content.campaign:
        spec = content.campaign[card]
        icon = ICON_WORDS[compact].get(spec.icon, "")
        extra = f" +{spec.extra_supply} supply" if spec.extra_supply else ""
        vp = spec.vp
    else:
        ev = content.events[card]
        icon = ICON_WORDS[compact].get(ev.icon, "")
        extra = " CA" if compact else " COUNTER-ATTACK"
        vp = ev.vp
    out.append(f"{game.name(card)} ", style="bold")
    out.append(f"{vp}VP ")
    out.append("●" * front.red, style="bold red")
    out.append(f" {front.red}{icon}{extra}")
    return out


def queue_and_captured(game: FallBlau) -> Text:
    s, content = game.state, game.content
    out = Text()
    out.append("Unlocked: ", style="bold")
    if s.unlocked:
        parts = []
        for card in s.unlocked:
            spec = content.campaign[card]
            icon = {"mountain": " M", "fortress": " F"}.get(spec.icon, "")
            parts.append(f"{spec.name} {spec.vp}VP/{game.deploy_red(card)}red{icon}")   # as it will deploy
        out.append(", ".join(parts))
    else:
        out.append("(none)", style="dim")
    out.append("\nCaptured: ", style="bold")
    out.append(", ".join(f"{game.name(c)}" for c in s.captured) or "(none)")
    if s.permanents:
        out.append("\nIn play: ", style="bold")
        out.append(", ".join(game.name(p) for p in s.permanents))
    if s.missions:
        out.append("\nMissions: ", style="bold")
        out.append("; ".join(f"{game.name(m)} ({content.missions[m].text})" for m in s.missions))
    if s.lost:
        out.append("\nLost: ", style="bold red")
        out.append(", ".join(game.name(g) for g in s.lost))
    return out


def status_line(game: FallBlau, wide: bool = True) -> Text:
    """One line: the calendar box, turn, supply, VP and the deck. Narrow (below 120 columns) it
    is kept within 80: the next red circle is on the VP track instead, the modes are short."""
    s, c = game.state, game.c
    t = c.missions if game.missions_mode else c.standard
    nxt = next((r for r in c.red_circles if r > s.vp), None)
    modes = [("Hard", "Hard")] if game.hard else []
    modes += [("Missions", "Msn")] if game.missions_mode else []
    label = game.calendar_label()
    out = Text()
    out.append(label if wide else label.split(" (")[0], style="bold")
    out.append(f"  turn {s.turns_played}/14  ")
    out.append(f"Supply {s.supply}/{c.supply_max}  ", style="bold")
    if wide:
        out.append(f"VP {s.vp} (win {t.victory}, brilliant {t.brilliant})", style="bold")
        if nxt is not None:
            out.append(f"  red circle at {nxt}")
    else:
        out.append(f"VP {s.vp} (win {t.victory}/{t.brilliant})", style="bold")
    out.append(f"  deck {len(s.deck)}")
    for long, short in modes:
        out.append(f"  {long if wide else short}")
    return out

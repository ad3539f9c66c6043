"""What the Roads screen shows, built from one side's ``view``: map labels, the area detail, the
supply track, the hand and the battle. Nothing here reads the other side's secrets: it is given
a View (the seat's own) and the printed content."""

from __future__ import annotations

from rich.console import Group
from rich.style import Style
from rich.text import Text

from typing import TYPE_CHECKING

if TYPE_CHECKING:                     # the rules load with the game, not with the screen
    from rules.roads.view import View

LETTER = {"axis": "A", "soviet": "S"}
NAME = {"axis": "Axis", "soviet": "Soviet"}
FILL = {"axis": Style(bgcolor="grey23"), "soviet": Style(bgcolor="dark_red")}
UNIT_STYLE = {"axis": Style(color="bright_white", bold=True), "soviet": Style(color="bright_yellow", bold=True)}
PERMANENT = {"directive-45": "Directive 45", "winter": "Winter Arrives", "stavka": "Reorganization of the STAVKA",
             "order-227": "Order 227", "railhead": "Railhead Advances"}
BORDER_WORD = {"none": "open", "minor": "minor river", "major": "major river", "volga": "the Volga",
               "kerch": "Kerch Straits"}


def map_labels(game, view: View, room: dict[str, list[int]] | None = None,
               overview: bool = False) -> tuple[dict, dict]:
    """(labels, fills) for the area map: code and city/VP mark, then control and units, then
    the Active Operation, battle and RPs, and flags (! disorganized, i isolated). Given each
    area's label room (the map's ``room``), the rows are fitted to it (``fit``). The overview
    keeps the code and mark (``overview_rows``) and the control and units' row."""
    by_area: dict[str, list] = {}
    for u in view.units:
        by_area.setdefault(u.where, []).append(u)
    rp: dict[str, list[tuple[str, int]]] = {}
    for side, area, n in view.rp:
        rp.setdefault(area, []).append((side, n))
    control = dict(view.control)
    op_area = view.operation.area if view.operation else ""
    battle_area = view.battle.area if view.battle else ""
    labels, fills = {}, {}
    for area_id, a in game.map.areas.items():
        owner = control.get(area_id, "")
        mark = "◉" if (a.vp_axis or a.vp_soviet) else "•" if a.city else ""
        rows = [([(f"{a.code}{mark}", a.code) if overview else f"{a.code}{mark}"], Style(bold=a.city))]
        units = by_area.get(area_id, [])
        line = [LETTER.get(owner, "·").lower()] if not units else []
        for side in ("axis", "soviet"):
            mine = [u for u in units if u.side == side]
            if mine:
                line.append(f"{LETTER[side]}{len(mine)}")
                if any(u.disorganized for u in mine):
                    line.append("!")
                if any(u.isolated for u in mine):
                    line.append("i")
        rows.append((line, UNIT_STYLE.get(owner, Style())))
        third: list = []
        if area_id == op_area:
            third.append(("»OP", "»"))
        if area_id == battle_area:
            third.append("⚔")
        for side, n in rp.get(area_id, []):
            third.append(f"R{n}")
        if third[:1] == [("»OP", "»")] and room is not None and not overview and len(room[area_id]) < 3:
            # no row of its own for the operation: its mark goes with the units, before their
            # flags, so the flags drop first (the units' count and the operation always show)
            at = next((i for i, t in enumerate(line) if t in ("!", "i")), len(line))
            line.insert(at, third.pop(0))
        if third and not overview:
            rows.append((third, Style(bold=True, underline=True)))
        if overview and room is not None:         # a row of its own or none: "Kas" reads as a code
            rows = overview_rows(rows, room[area_id], a.code, mark)
        labels[area_id] = fit(rows, room[area_id]) if room is not None else [
            ("".join(t if isinstance(t, str) else t[0] for t in tokens), style) for tokens, style in rows]
        if owner in FILL:
            fills[area_id] = FILL[owner]
    return labels, fills


def overview_rows(rows: list[tuple[list, Style]], room: list[int], code: str, mark: str) -> list[tuple[list, Style]]:
    """The overview's rows (the code's, then control and units'), one a place. A city whose code
    row has no cell for its mark shows the mark on a row of its own after the control's, else
    before the control, where a count of units gives way to its letter ("◉S": a city held
    by Soviet units): a city is marked in the overview too."""
    if mark and room and room[0] < len(code) + len(mark):
        rows = [([code], rows[0][1])] + rows[1:]
        if len(room) >= 3 and room[1] >= 2:
            rows = rows[:2] + [([mark], rows[0][1])]
        elif len(room) >= 2:
            tokens, style = rows[1]
            short = [(t, t[0]) if isinstance(t, str) and t[:1] in ("A", "S") and t[1:].isdigit() else t
                     for t in tokens]
            rows = [rows[0], ([mark] + short, style)]
    return rows[:len(room)]


def fit(rows: list[tuple[list, Style]], room: list[int]) -> list[tuple[str, Style]]:
    """An area's label rows fitted to its room (the length of each row it has, the code's first):
    each row takes the next place and its tokens in order while they fit (a token may offer a
    shorter form: ``("»OP", "»")``), so what is dropped goes in a fixed order: the marks' tail,
    then the units' tail. Rows left without a place of their own go on at the end of the last line
    when they fit there. The code and its city mark are one token: the code is never shown without it."""
    lines: list[list] = []
    for i, (tokens, style) in enumerate(rows):
        if i < len(room):
            lines.append(["", style, room[i]])
        elif not lines:
            break
        line = lines[-1]
        for token in tokens:
            for form in ((token,) if isinstance(token, str) else token):
                if len(line[0]) + len(form) <= line[2]:
                    line[0] += form
                    break
            else:
                break                     # this token does not fit: it and the rest are dropped
    return [(text, style) for text, style, _n in lines]


def targets(game, legal: list) -> frozenset[str]:
    """The areas the legal commands lead to (a move, a retreat, an RP for the Active Operation,
    a placement): marked on the map."""
    return frozenset(area for cmd in legal if (area := getattr(cmd, "area", None)) in game.map.areas)


def unit_line(game, counter) -> str:
    """A unit as it stands, in the rules' words (``rules.roads.describe``: the rules load with
    the game, not with the screen)."""
    from rules.roads.describe import unit_line
    return unit_line(game, counter)


KIND_SHORT = {"infantry": "inf", "panzer": "pz", "tank": "tank", "cavalry": "cav"}
FLAG_SHORT = (("depleted", "dep"), ("disorganized", "dis"), ("isolated", "iso"))


def unit_short(game, counter) -> str:
    """A unit in a few characters: short name, values as they stand (cohesion-movement-tactical:
    depleted values when depleted, less one when disorganized), and its flags: dep(leted), dis(organized), iso(lated)."""
    from rules.roads.describe import values_shown     # the rules load with the game
    u = game.content.units.get(counter.id)
    if u is None:
        return game.unit_name(counter.id)
    flags = [short for attr, short in FLAG_SHORT if getattr(counter, attr)]
    return f"{u.short} {values_shown(u, counter)}" + (
        f" [{' '.join(flags)}]" if flags else "")


def _head(game, view: View, area_id: str) -> Text:
    """Name, code, terrain, who holds it, VP circles, RPs, and the operation or battle there."""
    a = game.map.areas[area_id]
    control = dict(view.control).get(area_id, "")
    t = Text()
    t.append(a.name, style="bold")
    t.append(f" ({a.code}) {a.terrain}{', city' if a.city else ''} · held: {NAME.get(control, 'no one')}")
    vp = [f"{n} {v}" for n, v in (("Axis", a.vp_axis), ("Soviet", a.vp_soviet)) if v]
    if vp:
        t.append(" · VP " + ", ".join(vp))
    rps = [f"{NAME[s]} {n}" for s, ar, n in view.rp if ar == area_id]
    if rps:
        t.append(" · RP " + ", ".join(rps))
    if view.operation and view.operation.area == area_id:
        t.append(" · »OP here", style="bold")
    if view.battle and view.battle.area == area_id:
        t.append(" · ⚔ battle", style="bold")
    return t


def _border_groups(game, area_id: str) -> list[tuple[str, list[str]]]:
    """The neighbours by the kind of border crossed to reach them (open first, then rivers)."""
    groups: dict[str, list[str]] = {}
    for n in game.map.neighbours(area_id):
        kind = game.map.border(area_id, n)
        river = game.map.river(area_id, n)
        named = river and kind not in ("none", "volga", "kerch")       # the Kerch Straits are named already
        word = BORDER_WORD.get(kind, kind) + (f" {river}" if named else "")
        groups.setdefault(word, []).append(game.map.areas[n].name)
    return sorted(groups.items(), key=lambda kv: (kv[0] != "open", kv[0]))


def detail_lines(game, view: View, area_id: str) -> list[Text]:
    """The area under the cursor in short lines, none wrapped (the pane under the map): the
    head; the units of each side (count, count by kind, each with its values and flags); the
    borders by kind. `a` shows it in full (``detail``)."""
    lines = [_head(game, view, area_id)]
    here = [u for u in view.units if u.where == area_id]
    for side in ("axis", "soviet"):
        mine = [u for u in here if u.side == side]
        if not mine and not (view.leader == area_id and side == game.content.leader.side):
            continue
        kinds: dict[str, int] = {}
        for u in mine:
            unit = game.content.units.get(u.id)
            kind = KIND_SHORT.get(unit.kind, unit.kind) if unit else "?"
            kinds[kind] = kinds.get(kind, 0) + 1
        t = Text()
        t.append(f"{NAME[side]} {len(mine)}", style="bold")
        t.append(f" ({', '.join(f'{n} {k}' for k, n in kinds.items())}): " if kinds else ": ")
        t.append(", ".join(unit_short(game, u) for u in mine))
        if view.leader == area_id and side == game.content.leader.side:
            t.append(f" + {game.content.leader.name} (leader)")
        lines.append(t)
    if not here and view.leader != area_id:
        lines.append(Text("No units."))
    borders = Text("Borders: ", style="dim")
    borders.append(" · ".join(f"{word}: {', '.join(names)}" for word, names in _border_groups(game, area_id)),
                   style="dim")
    lines.append(borders)
    return lines


def detail(game, view: View, area_id: str) -> Text:
    """The area in full (`a`): name, terrain, control, VP, RPs, every unit with its values and
    flags on a line of its own, and every border with its kind."""
    t = _head(game, view, area_id)
    units = [unit_line(game, u) for u in view.units if u.where == area_id]
    if view.leader == area_id:                    # series 12: the leader goes with his units
        units.append(f"{game.content.leader.name} (leader)")
    t.append("\n\nUnits:" + ("".join(f"\n  {u}" for u in units) if units else " none"))
    t.append("\n\nBorders:")
    for word, names in _border_groups(game, area_id):
        t.append(f"\n  {word}: {', '.join(names)}")
    t.append("\n\n" + LEGEND, style="dim")
    return t


LEGEND = ("Map: Ku code (bold: a city) · • city · ◉ VP circle · A3 three Axis units, S2 two Soviet · "
          "a or s: held by Axis or Soviet, no units · ! disorganized · i isolated · »OP the Active "
          "Operation · ⚔ battle · R3 three RPs · dots: where the menu's commands lead · borders: "
          "│ open, ╎ minor river, ┃ major river, ║ the Volga, ⁞ Kerch Straits · ~ sea, = lake")


class ByWidth:
    """A panel drawn by ``draw(width)`` at the width it is rendered at (the pane's, less its
    scrollbar when it has one), so it chooses its words for the room it has; ``draw(None)``
    is the panel with no limit (its longest words), and ``plain`` that panel's text."""

    def __init__(self, draw) -> None:
        self.draw = draw

    def __rich_console__(self, console, options):
        yield self.draw(options.max_width)

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement
        return Measurement.get(console, options, self.draw(options.max_width))

    @property
    def plain(self) -> str:
        return self.draw(None).plain


def supply_track(game, view: View) -> ByWidth:
    """The supply track, in words that fit the pane: at 80 columns (33 of them) a value never
    wraps away from its label onto a line the pane does not show (playtest of 26 November:
    "Cards played or discarded (7.c):" with its number on the next, hidden line)."""
    return ByWidth(lambda width: supply_text(game, view, width))


def supply_text(game, view: View, width: int | None = None) -> Text:
    """The supply track at ``width`` columns (None: no limit). Each line is said in its longest
    words that fit, else shorter ones; only a list (the force, the cards in effect) may wrap."""
    def fits(*parts: str) -> bool:
        return width is None or sum(len(p) for p in parts) <= width

    def pick(*forms: str) -> str:
        return next((f for f in forms if fits(f)), forms[-1])

    t = Text()
    initiative = NAME.get(view.initiative or '', '-')
    word = "Sequence" if fits(f"Sequence {view.sequence} · initiative {initiative}") else "Seq"
    t.append(f"{word} {view.sequence}", style="bold")
    t.append(f" · initiative {initiative}")
    if view.operation:
        op = view.operation
        area, left = game.area_name(op.area), f"{op.sp} SP left"
        heads = (f"Operation: {NAME[op.side]} at {area}, ", f"{NAME[op.side]} op at {area}: ",
                 f"Op at {area}: ", f"Op {area}: ")
        head = next((h for h in heads if fits(h, left)), heads[-1])
        t.append("\n" + head, style="bold")
        t.append(left if fits(head, left) else f"{op.sp} SP", style="bold reverse")
        if op.force:
            names = ", ".join(game.unit_name(u) for u in op.force)
            # on the operation's line when all of it fits there, else on a line of its own
            # (where a long force may wrap, a unit at a time)
            t.append((" · force: " if fits(head, left, " · force: ", names) else "\nForce: ") + names)
    rp = {s: sum(n for sd, _a, n in view.rp if sd == s) for s in ("axis", "soviet")}
    rps = f"Axis {rp['axis']}, Soviet {rp['soviet']}"
    t.append("\n" + pick(f"RPs on the map: {rps}", f"RPs: {rps}"))
    vp = dict(view.vp)
    t.append(f"\nVP: Axis {vp.get('axis', 0)}, Soviet {vp.get('soviet', 0)}", style="bold")
    decks = dict(view.deck_sizes)
    hands = dict(view.hand_sizes)
    discards = dict(view.discard_counts)
    played = {s: sum(1 for sd, _k in view.played if sd == s) for s in ("axis", "soviet")}
    done = pick(f"Cards played or discarded (7.c): {view.cards_done}",
                f"Cards played/discarded (7.c): {view.cards_done}", f"Cards done (7.c): {view.cards_done}")
    t.append("\n" + done)
    if view.winter_at >= 0:
        winter = f" · Winter came at {view.winter_at}"
        t.append(winter if fits(done, winter) else "\n" + winter[3:])
    counts = {s: (decks.get(s, 0), hands.get(s, 0), played[s], discards.get(s, 0)) for s in ("axis", "soviet")}
    lines = [f"{NAME[s]}: deck {d}, hand {h}, played {p}, discarded {x}" for s, (d, h, p, x) in counts.items()]
    if all(fits(line) for line in lines):
        for line in lines:
            t.append("\n" + line)
    else:                     # narrow: a small table, the counts under their heads
        t.append("\nCards  deck  hand  played  disc.")
        for s, (d, h, p, x) in counts.items():
            t.append(f"\n{NAME[s]:<6}{d:>5}{h:>6}{p:>8}{x:>7}")
    leader = game.content.leader.name
    if view.leader:
        t.append(f"\n{leader}: in {game.area_name(view.leader)}")
    elif view.leader_gone:
        t.append(f"\n{leader}: eliminated (16.b)")
    if view.axis_rebuilt_op > 0:
        t.append("\n" + pick(f"Axis replacement used: operation {view.axis_rebuilt_op}",
                              f"Axis replacement: used in op {view.axis_rebuilt_op}",
                              f"Axis replacement: op {view.axis_rebuilt_op}"))
    else:
        t.append("\nAxis replacement: not used yet")
    perms = [PERMANENT.get(k, k) + (f" (next box {view.d45_next or 'A or B'})" if k == "directive-45" else "")
             for k, _side in view.permanents]
    if view.railheads:
        perms.append(f"Railhead Advances x{view.railheads}")
    effect = "In effect: " + (", ".join(perms) if perms else "no permanent cards")
    # narrow: a card a line, so "(next box B)" does not wrap away from its card
    t.append("\n" + effect if fits(effect) else "\nIn effect:" + "".join(f"\n  {p}" for p in perms))
    if view.revealed:
        t.append("\nChoices: " + ", ".join(f"{NAME[s]} {ch}" for s, ch in view.revealed))
    elif view.chosen:
        t.append("\nChosen (hidden): " + ", ".join(NAME[s] for s in view.chosen))
    return t


def hand(game, view: View, legal: list) -> Group:
    """The seat's own cards: type, SP cost, text, and whether each can be played now."""
    from rules.roads import commands as c
    playable = {cmd.card for cmd in legal if isinstance(cmd, c.PlayCard)}
    discard = {cmd.card for cmd in legal if isinstance(cmd, c.DiscardCard)}
    side = NAME.get(view.side or "", "")
    parts = [Text(f"{side} hand ({len(view.hand)} card{'' if len(view.hand) == 1 else 's'})", style="bold")]
    for card_id in view.hand:
        card = game.content.cards[card_id]
        line = Text(f"• {card.name}", style="bold")
        line.append(f" [{card.kind}, {card.sp} SP]")
        if card_id in playable:
            line.append(" playable now", style="bold green")
        elif card_id in discard:
            line.append(" may be discarded", style="italic")
        parts.append(line)
        parts.append(Text("  " + card.text, style="dim"))
    if not view.hand:
        parts.append(Text("  (no cards)"))
    return Group(*parts)


def hand_marked(game, view: View, legal: list, new: tuple = ()) -> Group:
    """The hand (``hand``), the cards in `new` (drawn last) named first as new, and, when its
    side is to act, why each card that cannot be played now cannot (playtest finding 10)."""
    out = hand(game, view, legal)
    new = [k for k in new if k in view.hand]
    if new:
        mark = Text("New in your hand: " + ", ".join(game.card_name(k) for k in new), style="bold reverse")
        out = Group(mark, out)
    if legal and view.side == game.to_act():
        from rules.roads.cards import why_not_playable
        reasons = [(k, why_not_playable(game, view.side, k)) for k in dict.fromkeys(view.hand)]
        reasons = [(k, why) for k, why in reasons if why]
        if reasons:
            lines = Text("Not playable now:", style="bold")
            for k, why in reasons:
                lines.append(f"\n• {game.card_name(k)}: {why}", style="not bold")
            out = Group(out, lines)
    return out


def battle(game, view: View) -> Text:
    b = view.battle
    if b is None:
        return Text("No battle under way.", style="dim")
    t = Text(f"Battle of {game.area_name(b.area)}", style="bold")
    t.append(f": {NAME[b.attacker]} attacks from {game.area_name(b.came_from)}"
             f"{'' if b.crossing == 'none' else ' across a ' + BORDER_WORD.get(b.crossing, b.crossing)}")
    t.append("\nAttackers: " + ", ".join(unit_line(game, u) for u in view.units if u.id in b.attackers))
    t.append("\nDefenders: " + ", ".join(unit_line(game, u) for u in view.units if u.id in b.defenders))
    chits = [game.content.chits[k.split('#')[0]].name for k in b.my_chits]
    t.append(f"\nYour chits: {', '.join(chits) if chits else 'none'} · theirs: {b.their_chits} face down")
    if b.played:
        t.append("\nPlayed: " + ", ".join(f"{NAME[s]} {game.content.chits[k.split('#')[0]].name}"
                                          for s, k in b.played))
    if b.turn:
        t.append(f"\nNext chit: {NAME.get(b.turn, b.turn)}")
    if b.retreating:
        t.append("\nTo retreat: " + ", ".join(game.unit_name(u) for u in b.retreating))
    return t

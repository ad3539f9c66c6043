"""Tide of Iron: buying with the command left over (TOI Resource Acquisitions Table), between
scenarios and in Red October's Status Phases."""

from __future__ import annotations

import functools
from typing import Any

from rules.core.command import Command
from rules.core.legal import Span

from . import tables
from .citations import R_ACQ, R_RED_OCTOBER, SIDE_NAME
from .commands import Buy, DonePurchasing
from .content import Scenario
from .legality import _is_int, _is_str
from .state import SIDES, TYPES, Purchase, SideMods


@functools.lru_cache(maxsize=1024)
def _figures_problem(figures: Any, holes: int) -> str | None:
    """What is wrong with a squad's figures (TOI Resource Acquisitions Table), whatever the moment."""
    if not isinstance(figures, tuple) or not all(_is_str(f) for f in figures):
        return "A squad's figures are a list of names."
    unknown = [f for f in figures if f not in tables.FIGURE_ORDER]
    if unknown:
        return f"Unknown figure {unknown[0]!r} (figures: {', '.join(tables.FIGURE_ORDER)})."
    if len(figures) != holes:
        return (f"A base can only be bought with all {holes} holes filled by newly bought figures: "
                f"{len(figures)} given.")
    if figures.count("regular") % 2:
        return "Regular infantry are bought two for one price: buy them in pairs."
    if tables.canonical(figures) != figures:
        return "List a squad's figures in the table's order: " + ", ".join(tables.canonical(figures)) + "."
    return None


def _sig33b(sc: Scenario) -> bool:
    """Is the sIG 33b operations card in effect for the German player in `sc`?"""
    return any("sig 33b" in op.lower() for op in sc.german.operations)


class Purchases:
    """TOI Resource Acquisitions Table: what may be bought, by whom, for which division, at what price."""

    def _buy_candidates(self, side: str) -> list[Command | Span]:
        sc, mods = self._purchase_target()
        divisions = self._base_divisions(side, sc, mods[side])
        status = self.state.phase == "status"
        key = (side, sc.id, divisions, status)
        cached = self._buy_cache.get(key)
        if cached is None:
            cached = self._buy_cache[key] = tuple(
                c for c in self._all_buys(side, sc, divisions)
                # a Status Phase buys reinforcements only: the rest need not be judged
                if not status or tables.ITEMS[(c.template if isinstance(c, Span) else c).item].reinforcement)
        return list(cached)

    def _all_buys(self, side: str, sc: Scenario, divisions: range) -> list[Command | Span]:
        numbers = [d.number for d in sc.side(side).divisions]
        out: list[Command | Span] = []
        for t in TYPES:
            out.append(Buy(side, "veteran", tables.unit(t), detail=t))
        for n in numbers:
            out.append(Buy(side, "advanced-hex", tables.unit("morale"), division=n))
        for figures in tables.squad_compositions(self.c.base_holes):
            out.append(Span(Buy(side, "squad", tables.squad_cost(figures), divisions.start, figures=figures),
                            division=divisions))
        for sp in tables.SPECIALIZATIONS:
            out.append(Buy(side, "specialization", tables.unit("ammunition", 2), detail=sp))
        out.append(Buy(side, "remove-unarmed", tables.unit("ammunition", 2)))
        for n in numbers:
            out += [Buy(side, "light-tank", pay, division=n) for pay in tables.light_tank_payments()]
            out.append(Buy(side, "heavy-tank", tables.HEAVY_TANK_COST, division=n))
        out += [Buy(side, "starting-card", pay) for pay in tables.any_split(2)]
        for deck in tables.DECKS:
            out += [Buy(side, deck, pay) for pay in tables.any_split(3)]
        return out

    def _purchase_target(self) -> tuple[Scenario, SideMods | dict]:
        """The scenario purchases are for and its set-up changes: the next scenario in the
        Campaign Phase, the current one in a Red October Status Phase."""
        s = self.state
        if s.phase == "status":
            return self.current, s.mods
        return (self.next_scenario or self.current), s.next_mods

    def _why_DonePurchasing(self, cmd: DonePurchasing) -> str | None:
        s = self.state
        if s.phase not in ("purchase", "status") or s.decision is not None:
            return self._wrong_time("Purchasing is finished in the Campaign Phase or a Red October Status Phase")
        problem = self._side_problem(cmd.side)
        if problem:
            return problem
        return self._buyer_problem(cmd.side)

    def _buyer_problem(self, side: str) -> str | None:
        s = self.state
        if side not in s.buyers:
            where = "in this Status Phase" if s.phase == "status" else "for the next scenario"
            return f"The {SIDE_NAME[side]} player has finished purchasing {where}."
        if s.phase == "purchase" and side != s.buyers[0]:
            first = s.buyers[0]
            return (f"The {SIDE_NAME[first]} player buys first: they have the initiative in "
                    f"{self.next_scenario.name}.")
        return None

    def _why_Buy(self, b: Buy) -> str | None:
        s = self.state
        if s.phase not in ("purchase", "status") or s.decision is not None:
            return self._wrong_time("Purchases are made in the Campaign Phase's Resource Acquisitions, "
                                    "or in Red October's Status Phases from round 2")
        problem = self._side_problem(b.side) or self._buyer_problem(b.side)
        if problem:
            return problem
        side = b.side
        item = tables.ITEMS.get(b.item) if _is_str(b.item) else None
        if item is None:
            return f"Unknown item {b.item!r} (items: {', '.join(tables.ITEMS)})."
        if s.phase == "status" and not item.reinforcement:
            return (f"In {self.current.name}'s Status Phases only reinforcements can be bought (squads, tanks, "
                    f"specializations, removing the unarmed restriction): '{item.id}' is bought in the Campaign Phase.")
        pay = b.pay
        if not (type(pay) is tuple and len(pay) == 3 and _is_int(pay[0]) and _is_int(pay[1]) and _is_int(pay[2])
                and pay[0] >= 0 and pay[1] >= 0 and pay[2] >= 0):
            return "Pay must be three amounts (ammunition, morale, supply), none negative."
        sc, mods = self._purchase_target()
        m = mods[side]
        if item.division:
            problem = self._division_problem(sc, side, b.division)
            if problem:
                return problem
        elif b.division != 0:
            return f"'{item.id}' is not bought for a division: division must be 0."
        wants_detail = item.id in ("veteran", "specialization")
        if not wants_detail and b.detail != "":
            return f"'{item.id}' takes no detail."
        if item.id != "squad" and b.figures != ():
            return f"Only a squad is bought with figures, not '{item.id}'."
        # item by item, as the table and its notes say (TOI Resource Acquisitions Table)
        if item.id == "veteran":
            problem = self._type_problem(b.detail)
            if problem:
                return problem
            if s.cards[side][b.detail].veteran:
                return f"The {SIDE_NAME[side]} {b.detail} card is already on its Veteran side (a permanent flip)."
        elif item.id == "specialization":
            if b.detail not in tables.SPECIALIZATIONS or not _is_str(b.detail):
                return f"A specialization is one of {', '.join(tables.SPECIALIZATIONS)}, not {b.detail!r}."
        elif item.id == "advanced-hex":
            order = self.c.scenario_order
            if order.index(sc.id) < order.index(self.c.advanced_hexes_from):
                first = self.scenario(self.c.advanced_hexes_from).name
                return f"Advanced set-up hexes can be bought from {first} on; the next scenario is {sc.name}."
        elif item.id == "squad":
            problem = self._squad_problem(b, sc, m)
            if problem:
                return problem
        elif item.id == "remove-unarmed":
            if m.unarmed == 0:
                return f"The {SIDE_NAME[side]} player has no unarmed restriction to remove."
        elif item.id in ("light-tank", "heavy-tank"):
            if not self._has_armour(side, b.division, sc, m):
                return (f"Division {b.division} does not start {sc.name} with armour: the "
                        f"{SIDE_NAME[side]} player may not buy tanks for it.")
            if item.id == "heavy-tank" and side == "german" and _sig33b(sc):
                return (f"The sIG 33b operations card is in effect for {sc.name}: the German player may not "
                        f"buy StuG IIIs.")
        elif item.id == "starting-card":
            if m.starting_cards >= self.c.max_starting_cards:
                return f"At most {self.c.max_starting_cards} extra starting cards can be bought for a scenario."
        elif item.id in tables.DECKS and item.id in m.decks:
            return f"The {tables.DECKS[item.id]} is already unlocked for {sc.name}: each deck once."
        accepted = tables.payments(item.id, b.detail, b.figures)
        if pay not in accepted:
            return self._price_problem(b, item, accepted)
        return self._afford_problem(b, item)

    def _squad_problem(self, b: Buy, sc: Scenario, m: SideMods) -> str | None:
        try:
            problem = _figures_problem(b.figures, self.c.base_holes)
        except TypeError:              # unhashable: never a squad's figures
            problem = "A squad's figures are a list of names."
        if problem:
            return problem
        if b.division not in self._base_divisions(b.side, sc, m):
            previous = self._last_base_division(b.side)
            return (f"Bases alternate divisions: the next base goes to division {previous % len(sc.side(b.side).divisions) + 1} "
                    f"(the last went to division {previous}).")
        return None

    def _base_divisions(self, side: str, sc: Scenario, m: SideMods) -> range:
        """The divisions `side`'s next squad base may go to (TOI Resource Acquisitions Table: "if
        purchasing multiple bases", alternate divisions; a single base goes to either)."""
        count = len(sc.side(side).divisions)
        previous = self._last_base_division(side) if m.bases else 0
        if not previous:
            return range(1, count + 1)
        expected = previous % count + 1
        return range(expected, expected + 1)

    def _last_base_division(self, side: str) -> int:
        """The division of `side`'s latest squad base (one of the `bases` counted for the target)."""
        for rec in reversed(self.state.ledger):
            for p in reversed(rec.purchases):
                if p.side == side and p.item == "squad":
                    return p.division
        return 0

    def _price_problem(self, b: Buy, item: tables.Item, accepted: list) -> str:
        if item.id == "veteran":
            return (f"A Campaign Command card is flipped with 1 command of its own type: pay "
                    f"{accepted[0]} for the {b.detail} card.")
        if item.id == "light-tank":
            return "A light tank costs 1 of each type plus 1 of any: pay (2, 1, 1), (1, 2, 1) or (1, 1, 2)."
        if item.cost.startswith("any"):
            n = sum(accepted[0])
            return f"{item.name} costs any {n}: the three amounts must add up to {n}."
        return f"{item.name} costs {tables.pay_text(accepted[0])}: pay {accepted[0]}."

    def _afford_problem(self, b: Buy, item: tables.Item) -> str | None:
        s = self.state
        cards = s.cards[b.side]
        pay = b.pay
        floor = self.c.start_command if s.phase == "status" else 0   # Red October: never below the start
        for i, t in enumerate(TYPES):
            left = cards[t].tokens - pay[i]
            if left < 0 or (pay[i] and left < floor):
                break
        else:
            return None                # affordable: the common case, and no words needed
        have = {t: cards[t].tokens for t in TYPES}
        for i, t in enumerate(TYPES):
            need = b.pay[i]
            if need > have[t]:
                if item.id == "squad":
                    fig = tables.squad_figure_cost(b.figures)[i]
                    paying = tuple(f for f in b.figures if tables.LOTS[f].cost[i])
                    parts = []
                    if tables.BASE_COST[i]:
                        parts.append(f"the base needs {tables.BASE_COST[i]}")
                    if fig:
                        verb = "need" if len(paying) > 1 else "needs"
                        parts.append(f"{tables.figures_text(paying)} {verb} {fig}")
                    what = " and ".join(parts) + (f" ({need} in all)" if len(parts) > 1 else "")
                else:
                    what = f"{item.name.lower()} needs {need}"
                return f"Not enough {t} command: {what}; the {SIDE_NAME[b.side]} player has {have[t]}."
        if s.phase == "status":
            floor = self.c.start_command
            for i, t in enumerate(TYPES):
                if b.pay[i] and have[t] - b.pay[i] < floor:
                    return (f"{self.current.name}: no purchase may take a Campaign Command card below {floor} "
                            f"command; this leaves the {t} card at {have[t] - b.pay[i]}.")
        return None

    def _has_armour(self, side: str, division: int, sc: Scenario, m: SideMods) -> bool:
        """Does `division` start `sc` with armour (printed, or a tank already bought for it)?"""
        printed = sc.side(side).division(division)
        if printed is not None and printed.armour > 0:
            return True
        if sum(m.divisions[division - 1].vehicles.values()) > 0:
            return True
        if self.state.phase == "status":   # a tank that arrived in an earlier Status Phase
            return any(p.side == side and p.division == division and p.item in ("light-tank", "heavy-tank")
                       for p in self.state.record.purchases)
        return False

    def _figures(self, side: str, division: int, field: str) -> int:
        """A division's count of a figure in the next scenario, with the changes made so far."""
        nxt = self.next_scenario
        printed = getattr(nxt.side(side).division(division), field)
        mods = self.state.next_mods[side].divisions[division - 1]
        return printed + getattr(mods, field)

    def _start_purchases(self) -> None:
        s = self.state
        rec = s.record
        rec.to_spend = {side: {t: s.cards[side][t].tokens for t in TYPES} for side in SIDES}
        s.phase = "purchase"
        s.buyers = self.initiative_order(self.next_scenario)
        s.to_act = s.buyers[0]
        self._emit(f"Resource Acquisitions: {SIDE_NAME[s.buyers[0]]} buys first (initiative in "
                   f"{self.next_scenario.name}). Unspent command is lost.", R_ACQ, "purchase")

    def _do_buy(self, b: Buy) -> None:
        # TOI Resource Acquisitions Table (and Red October: Reinforcements in a Status Phase)
        s = self.state
        sc, mods = self._purchase_target()
        m = mods[b.side]
        for i, t in enumerate(TYPES):
            s.cards[b.side][t].tokens -= b.pay[i]
        when = f"Status Phase {s.status_round}" if s.phase == "status" else "Campaign Phase"
        in_scenario = s.phase == "status"
        d = m.divisions[b.division - 1] if b.division else None
        if b.item == "veteran":
            s.cards[b.side][b.detail].veteran = True
            text = f"the {b.detail} Campaign Command card flips to its Veteran side (permanent)"
        elif b.item == "advanced-hex":
            d.advanced_hexes += 1
            text = f"one advanced set-up hex for division {b.division}"
        elif b.item == "squad":
            m.bases += 1
            text = f"a squad base with {tables.figures_text(b.figures)} for division {b.division}"
            if not in_scenario:
                d.squad_bases += 1
                d.regular += b.figures.count("regular")
                d.elite += b.figures.count("elite")
                d.officers += b.figures.count("officer")
                d.mg_crews += b.figures.count("mg-crew")
                d.mortar_crews += b.figures.count("mortar-crew")
        elif b.item == "specialization":
            text = f"a {b.detail} specialization"
            if not in_scenario:
                m.specializations.append(b.detail)
        elif b.item == "remove-unarmed":
            m.unarmed -= 1
            text = "the unarmed restriction is removed"
        elif b.item in ("light-tank", "heavy-tank"):
            name = (self.c.light_tank if b.item == "light-tank" else self.c.heavy_tank)[b.side]
            text = f"a {name} for division {b.division}"
            if not in_scenario:
                d.vehicles[name] = d.vehicles.get(name, 0) + 1
        elif b.item == "starting-card":
            m.starting_cards += 1
            text = "one more starting card"
        else:
            m.decks.append(b.item)
            text = f"the {tables.DECKS[b.item]} is unlocked"
        s.record.purchases.append(Purchase(b.side, b.item, b.pay, b.division, b.detail, b.figures, when, text))
        left = ", ".join(f"{t} {s.cards[b.side][t].tokens}" for t in TYPES)
        rule = R_RED_OCTOBER if in_scenario else R_ACQ
        arrives = f", arriving in the Status Phase of round {s.status_round}" if in_scenario else f" for {sc.name}"
        self._emit(f"{SIDE_NAME[b.side]} pays {tables.pay_text(b.pay)}: {text}{arrives}. Left: {left}.", rule, "purchase")

    def _do_done(self, cmd: DonePurchasing) -> None:
        # TOI Campaign Phase Table: "Unspent command is lost"; TOI Campaign Phase, step 4
        s = self.state
        if s.phase == "status":
            s.buyers.remove(cmd.side)
            self._emit(f"{SIDE_NAME[cmd.side]} is done buying in this Status Phase.", R_RED_OCTOBER, "status")
            if not s.buyers:
                s.phase = "battle"
                self._emit("The battle goes on.", R_RED_OCTOBER, "battle")
            return
        # "Unspent command is lost"
        rec = s.record
        lost = {t: s.cards[cmd.side][t].tokens for t in TYPES}
        rec.lost[cmd.side] = dict(lost)
        for t in TYPES:
            s.cards[cmd.side][t].tokens = 0
        lost_text = ", ".join(f"{n} {t}" for t, n in lost.items() if n) or "nothing"
        self._emit(f"{SIDE_NAME[cmd.side]} is done buying; unspent command is lost: {lost_text}.", R_ACQ, "purchase")
        s.buyers.pop(0)
        if s.buyers:
            s.to_act = s.buyers[0]
            return
        rec.status = "done"
        s.index += 1
        self._emit("Continue playing: on to the next scenario.", "TOI Campaign Phase, step 4: Continue playing", "setup")
        self._begin_scenario()

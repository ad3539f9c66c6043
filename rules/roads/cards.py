"""Campaign Cards (series 2.3, 4.2.3; campaign 6, 7.c, 10, 13, 14, 15): who may play what,
when, and what each effect of the card data does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.events import Event

from .geography import leader_follows
from .state import AXIS, POOL, SOVIET, Pending, other

if TYPE_CHECKING:
    from .game import Roads


# -- prerequisites ---------------------------------------------------------------------------------
def condition_holds(g: Roads, side: str, cond) -> bool:
    """One parsed prerequisite (content/roads/cards.toml lists the vocabulary)."""
    s = g.state
    kind = cond.kind
    if kind == "control":
        return s.control.get(cond.areas[0]) == side
    if kind == "control-any":
        return any(s.control.get(a) == side for a in cond.areas)
    if kind == "enemy-control":
        return s.control.get(cond.areas[0]) == other(side)
    if kind == "permanent":
        return cond.key in s.permanents
    if kind == "not-permanent":
        return cond.key not in s.permanents
    if kind == "winter":
        return "winter" in s.permanents
    if kind == "summer":
        return "winter" not in s.permanents
    if kind == "initiative":
        return s.initiative == side
    if kind == "cards-played-at-least":
        return s.cards_done >= cond.number
    if kind == "railhead-order":
        return railhead_ok(g)
    if kind == "vp-lead":
        from .victory import score
        vp = score(g)
        return vp[side] - vp[other(side)] >= cond.number
    raise ValueError(f"unknown condition {kind!r}")


def all_hold(g: Roads, side: str, requirements) -> bool:
    """Every entry holds; an entry holds when any of its alternatives does."""
    return all(any(condition_holds(g, side, c) for c in any_of) for any_of in requirements)


def railhead_ok(g: Roads) -> bool:
    """Campaign 6.c: the first needs Rostov and Millerovo (5.a.III); the second and third one
    each for Maikop and Grozny held."""
    s = g.state
    if s.railheads == 0:
        return all(s.control.get(c) == AXIS for c in g.rules.railhead_first)
    held = sum(1 for c in g.rules.railhead_later if s.control.get(c) == AXIS)
    return s.railheads < 1 + held


def reinforcement_ok(g: Roads) -> bool:
    """Campaign 7.c: none before 15 cards played or discarded by both sides, then one per
    five more; no limit while the Axis holds Stalingrad."""
    s = g.state
    r = g.rules
    if s.control.get(g.rules.stalingrad) == AXIS:
        return True
    if s.cards_done < r.soviet_reinforce_after:
        return False
    allowed = 1 + (s.cards_done - r.soviet_reinforce_after) // r.soviet_reinforce_every
    return s.soviet_reinforcements < allowed


def requirements_met(g: Roads, side: str, card_id: str) -> bool:
    card = g.content.cards[card_id]
    key = card.permanent
    if key and key != "railhead" and key in g.state.permanents:
        return False                                   # 15.c-d: once per game
    if key == "railhead" and not railhead_ok(g):
        return False
    if card.reinforcement and side == SOVIET and not reinforcement_ok(g):
        return False
    for eff in card.effect:
        if eff.op == "reinforce" and not _reinforcements(g, side, eff):
            return False                               # nobody left to bring
    return all_hold(g, side, g.content.requirements.get(card_id, ()))


def playable_now(g: Roads, side: str, card_id: str, card_action: bool = False) -> bool:
    """Series 2.3.1 / 4.2.3a: Operational cards as the card action; Events during one's own
    on-board operation between actions (a force gathered but not moved has done none, 5.2.5);
    Tactics and Attack cards only in battle."""
    s = g.state
    kind = g.content.cards[card_id].kind
    if s.pending or s.battle is not None:
        return False
    if kind == "operational":
        return (card_action or s.phase == "card") and requirements_met(g, side, card_id)
    if kind == "event":
        op = s.operation
        return (s.phase == "operation" and op is not None and op.side == side and not op.path
                and requirements_met(g, side, card_id))
    return False


# -- playing a card -------------------------------------------------------------------------------
def lay_down(g: Roads, side: str, card_id: str, rule: str, verb: str = "play",
             from_hand: bool = True) -> list[Event]:
    """A card is played face up: out of the hand (or from where it was set ready), onto the
    played pile, counted among the cards played or discarded (7.c, 1.b.I)."""
    s = g.state
    card = g.content.cards[card_id]
    if from_hand:
        s.cards[side].hand.remove(card_id)
    s.cards[side].played.append(card_id)
    s.cards_done += 1
    return [Event(f"{g.side_name(side)} {verb} {card.name}: {card.text}", rule, "card", reveal=True)]


def play(g: Roads, side: str, card_id: str) -> list[Event]:
    s = g.state
    card = g.content.cards[card_id]
    events = lay_down(g, side, card_id, "CC 4.2.3a")
    if card.reinforcement and side == SOVIET:
        s.soviet_reinforcements += 1
    for eff in card.effect:
        events += apply_effect(g, side, card_id, eff)
    return events


def _reinforcements(g: Roads, side: str, eff) -> list[str]:
    pool = [c.id for c in g.state.units.values() if c.side == side and c.where == POOL]
    named = list(getattr(eff, "units", []) or [])
    if named:
        return [u for u in named if u in pool]
    kind = getattr(eff, "kind", "") or ""
    return sorted(u for u in pool if not kind or g.content.units[u].kind == kind)


def apply_effect(g: Roads, side: str, card_id: str, eff) -> list[Event]:
    s = g.state
    op = eff.op
    rule = "RtS card"
    if op == "gain-rp":
        s.pending.append(Pending("place-rp", side, "RtS 5", count=eff.count, source=card_id))
        return []
    if op == "reinforce":
        units = _reinforcements(g, side, eff)
        count = eff.count if getattr(eff, "count", 0) else len(units)
        if getattr(eff, "units", None):
            for u in units:
                s.pending.append(Pending("place-unit", side, "RtS 7", data=[u], source=card_id))
        else:
            s.pending.append(Pending("pick-unit", side, "RtS 7", count=min(count, len(units)),
                                     data=units, source=card_id))
        return []
    if op in ("rebuild", "reorganize"):
        s.pending.append(Pending(op, side, "CC 10", count=eff.count, source=card_id))
        return []
    if op == "permanent":
        return put_in_play(g, side, eff.key, card_id)
    if op == "leader":
        s.pending.append(Pending("leader", side, "RtS 10.a", source=card_id))
        return []
    if op == "redeploy-kerch":
        kerch = [c.id for c in s.units.values()
                 if c.side == AXIS and g.content.units[c.id].kerch and c.where in g.map.areas
                 and g.map.areas[c.where].id == g.rules.kerch]
        for u in kerch:
            s.pending.append(Pending("place-unit", side, "RtS 1.d.III", data=[u], source=card_id))
        return [Event(f"{len(kerch)} German unit(s) may leave Kerch.", "RtS 1.d.III", "card")]
    if op == "sudden-death":
        from .content import parse_condition
        if any(condition_holds(g, side, c) for c in parse_condition(eff.condition, allow_vp=True)):
            s.phase = "over"
            s.end_reason = f"Sudden Death: {g.content.cards[card_id].name}"
            return [Event(f"Sudden Death: the condition of {g.content.cards[card_id].name} holds; "
                          "the game ends.", "CC 4.2.4b", "end")]
        return [Event("The Sudden Death condition does not hold: the game goes on.", "CC 4.2.4b", "card")]
    if op == "gain-sp":
        s.operation.sp += eff.count
        return [Event(f"+{eff.count} SP ({s.operation.sp} available).", rule, "sp")]
    if op == "free-move":
        s.operation.free_move = True
        return [Event("The next move costs no SP.", rule, "sp")]
    if op == "discard-enemy":
        foe = other(side)
        hand = s.cards[foe].hand
        events = []
        for _ in range(min(eff.count, len(hand))):
            pick = g.dice.roll(1, len(hand))[0] - 1
            lost = hand.pop(pick)
            s.cards[foe].discards.append(lost)
            s.cards_done += 1                       # 7.c: every card discarded counts
            events.append(Event(f"{g.side_name(foe)} discard a card at random, face down.", rule, "card", reveal=True))
        return events
    if op == "initiative-roll":
        s.rolloff_bonus[side] = s.rolloff_bonus.get(side, 0) + eff.modifier
        return [Event(f"+{eff.modifier} to the {g.side_name(side)} next Map roll-off.", "CC 4.2.2", "card")]
    if op == "operations":
        # ruling (Backhand Blow, RULINGS.md; the Axis player's notes: "Manstein and the two
        # operations that allows"): the side conducts that many On-Board Operations of its own
        # at once, after this card action, each spending one RP (5.2) as any operation does
        queue = s.sequence.queue
        queue[1:1] = [[side, "map"] for _ in range(eff.count)]
        return [Event(f"{g.side_name(side)} conduct {eff.count} On-Board Operations at once, "
                      "one RP each.", rule, "sequence")]
    if op == "enemy-rp":
        foe = other(side)
        s.pending.append(Pending("remove-rp", foe, "RtS card", count=eff.count, source=card_id))
        return []
    if op == "move-rp":
        s.pending.append(Pending("move-rp", side, "CC 5.3.1", count=eff.count,
                                 data=[str(eff.range or 3)], source=card_id))
        return []
    if op == "enemy-sp":
        foe_op = s.operation
        if foe_op is None or foe_op.side == side:
            return [Event("No enemy operation is under way: the card has no effect.", rule, "card")]
        lost = min(eff.count, foe_op.sp)
        foe_op.sp -= lost
        return [Event(f"The {g.side_name(foe_op.side)} operation loses {lost} SP ({foe_op.sp} left).",
                      rule, "sp")]
    if op in BATTLE_OPS:
        return []                                   # only in battle (battle_effects)
    raise ValueError(f"card {card_id}: effect {op!r} is not known to the engine")


def put_in_play(g: Roads, side: str, key: str, card_id: str) -> list[Event]:
    """Campaign 15: a permanent effect, placed on the map for the rest of the game."""
    s = g.state
    events: list[Event] = []
    if key == "railhead":
        s.railheads += 1
        s.permanents.setdefault("railhead", side)
        return [Event(f"Railhead Advance {s.railheads}: the Axis logistic head moves up.", "RtS 6", "permanent")]
    s.permanents[key] = side
    if key == "winter":
        s.winter_at = s.cards_done
        events.append(Event("Winter Arrives: Axis SP costs double (infantry moves excepted), river "
                            "crossings soften, the Volga closes for five cards.", "RtS 13, 1.b", "permanent"))
    elif key == "stavka":
        s.initiative = None
        events.append(Event("Reorganization of the STAVKA: no one holds the initiative from now on, "
                            "and the four held Soviet chits join the cups.", "RtS 4, 14", "permanent"))
    elif key == "directive-45":
        s.d45_next = ""                 # 15.e.IV: the box is empty; the first goes to either group
        events.append(Event("Directive 45: new Axis RPs are split between Army Groups A and B.",
                            "RtS 15.e", "permanent"))
    else:
        events.append(Event(f"{g.content.cards[card_id].name} is in play for the rest of the game.",
                            "RtS 15", "permanent"))
    return events


BATTLE_OPS = ("cohesion", "tactical", "extra-chits", "cancel-chit", "strike", "reroll", "withdraw")


def play_ready(g: Roads, side: str, card_id: str) -> list[Event]:
    """Series 2.3.4 ruling: the Event set face down with the Card/Map choice is revealed as the
    enemy's operation begins, and acts on it."""
    card = g.content.cards[card_id]
    events = lay_down(g, side, card_id, "CC 2.3.4", verb="reveal", from_hand=False)
    for eff in card.effect:
        events += apply_effect(g, side, card_id, eff)
    return events


def battle_effects(g: Roads, side: str, card_id: str) -> list[Event]:
    """Tactics and Attack cards in a battle (2.3.1, 9.4)."""
    from . import battle
    s = g.state
    b = s.battle
    card = g.content.cards[card_id]
    events = lay_down(g, side, card_id, "CC 2.3.1")
    for index, eff in enumerate(card.effect):
        if eff.op == "cohesion":
            target = side if eff.on == "own" else other(side)
            b.cohesion_mod[target] = b.cohesion_mod.get(target, 0) + eff.modifier
        elif eff.op == "tactical":
            b.draw_mod[side] = b.draw_mod.get(side, 0) + eff.modifier
        elif eff.op == "extra-chits":
            events += battle.draw(g, side, eff.count)
        elif eff.op == "cancel-chit":
            b.cancel_next[other(side)] = True
        elif eff.op == "reroll":
            b.rerolls[side] = b.rerolls.get(side, 0) + 1
        elif eff.op == "strike":
            b.steps.append([side, "card:" + card_id, index])
        elif eff.op == "withdraw":
            events += battle.withdraw(g, side)
        else:
            events += apply_effect(g, side, card_id, eff)
    return events


# -- answering a card's pending choices -------------------------------------------------------------
def rp_moves(g: Roads, side: str, reach: int) -> list[tuple[str, str]]:
    """Series 5.3.1 by a card: an RP goes by ground (through areas free of enemy units) to a
    controlled city free of enemy units within `reach` areas."""
    from .geography import occupancy
    from .supply import within
    s = g.state
    foe = other(side)
    occ = occupancy(g)
    free = lambda a: foe not in occ.get(a, ())          # noqa: E731
    out = []
    for origin in sorted(a for a, n in s.rp[side].items() if n > 0):
        for area in sorted(within(g, origin, reach, free)):
            if area != origin and g.map.areas[area].city and s.control.get(area) == side:
                out.append((origin, area))
    return out


def move_rp(g: Roads, side: str, origin: str, area: str) -> list[Event]:
    s = g.state
    p = s.pending[0]
    s.rp[side][origin] -= 1
    if not s.rp[side][origin]:
        del s.rp[side][origin]
    s.rp[side][area] = s.rp[side].get(area, 0) + 1
    p.count -= 1
    return [Event(f"{g.side_name(side)} move an RP from {g.area_name(origin)} to {g.area_name(area)}.",
                  "CC 5.3.1", "rp")]


def remove_rp(g: Roads, side: str, area: str) -> list[Event]:
    s = g.state
    p = s.pending[0]
    s.rp[side][area] -= 1
    if not s.rp[side][area]:
        del s.rp[side][area]
    p.count -= 1
    return [Event(f"{g.side_name(side)} remove an RP from {g.area_name(area)}.", "RtS card", "rp")]


def unit_places(g: Roads, side: str, unit: str) -> list[str]:
    """Where a reinforcement may arrive (campaign 7), keeping campaign 3 (3.c: above all)."""
    from .movement import nationality_ok
    from .supply import placement_areas
    return [a for a in placement_areas(g, side) if nationality_ok(g, [unit], a)]


def leader_areas(g: Roads) -> list[str]:
    return sorted({c.where for c in g.state.units.values()
                   if c.side == AXIS and c.where in g.map.areas
                   and g.content.units[c.id].nation in ("german", "ss")})


def restorable(g: Roads, side: str, kind: str) -> list[str]:
    flag = "depleted" if kind == "rebuild" else "disorganized"
    return sorted(c.id for c in g.state.units.values()
                  if c.side == side and c.where in g.map.areas and getattr(c, flag) and not c.isolated)


def settle(g: Roads) -> list[Event]:
    """Drop pending choices that have no possible answer, saying so."""
    from .supply import rp_areas
    s = g.state
    events: list[Event] = []
    while s.pending:
        p = s.pending[0]
        if p.kind == "place-rp" and (p.count <= 0 or not rp_areas(g, p.side)):
            if p.count > 0:
                events.append(Event(f"No city can take the {p.count} RP(s): they are lost.", "RtS 5", "rp"))
        elif p.kind == "place-unit" and not unit_places(g, p.side, p.data[0]):
            events.append(Event(f"No city can take {g.unit_name(p.data[0])}: it stays in the pool.",
                                "RtS 7", f"arrive-{p.side}"))
        elif p.kind == "pick-unit" and (p.count <= 0 or not p.data):
            pass
        elif p.kind in ("rebuild", "reorganize") and (p.count <= 0 or not restorable(g, p.side, p.kind)):
            pass
        elif p.kind == "move-rp" and (p.count <= 0 or not rp_moves(g, p.side, int(p.data[0]))):
            pass
        elif p.kind == "remove-rp" and (p.count <= 0 or not g.state.rp[p.side]):
            pass
        elif p.kind == "leader" and not leader_areas(g):
            events.append(Event("No German unit to join: Manstein does not appear.", "RtS 10.a", "card"))
        else:
            break
        s.pending.pop(0)
    return events


def place_rp(g: Roads, side: str, area: str) -> list[Event]:
    s = g.state
    p = s.pending[0]
    s.rp[side][area] = s.rp[side].get(area, 0) + 1
    p.count -= 1
    events = [Event(f"{g.side_name(side)} place an RP in {g.area_name(area)}.", "RtS 5", "rp")]
    if side == AXIS and "directive-45" in s.permanents:
        group = g.map.areas[area].army_group
        s.d45_next = "B" if group == "A" else "A"             # 15.e.IV-V
    return events


def place_unit(g: Roads, side: str, unit: str, area: str) -> list[Event]:
    s = g.state
    p = s.pending.pop(0)
    if unit == "manstein":
        s.leader = area
        return [Event(f"Manstein takes command in {g.area_name(area)}.", "RtS 10.a", f"arrive-{side}")]
    c = s.units[unit]
    left = c.where
    c.where = area
    rule = p.rule
    # the log marks an arrival with its own side's word (the unit's side is the placing side)
    events = [Event(f"{g.unit_name(unit)} arrives in {g.area_name(area)}.", rule, f"arrive-{side}")]
    if left in g.map.areas:            # redeployed from Kerch (1.d.III): as it was, Manstein along
        events += leader_follows(g, left, area)
    return events


def pick_unit(g: Roads, side: str, unit: str) -> list[Event]:
    s = g.state
    p = s.pending[0]
    p.data.remove(unit)
    p.count -= 1
    s.pending.insert(0, Pending("place-unit", side, p.rule, data=[unit], source=p.source))
    return []


def restore(g: Roads, side: str, unit: str) -> list[Event]:
    s = g.state
    p = s.pending[0]
    c = s.units[unit]
    if p.kind == "rebuild":
        c.depleted = False
        text = "is rebuilt"
    else:
        c.disorganized = False
        text = "is reorganized"
    p.count -= 1
    return [Event(f"{g.unit_name(unit)} {text}.", "CC 10", p.kind)]



# -- why a card in hand cannot be played now (the hand panel says it) ---------------------------------
PERMANENT_WORDS = {"directive-45": "Directive 45", "winter": "Winter Arrives", "stavka": "Reorganization of the STAVKA",
                   "order-227": "Order 227", "railhead": "Railhead Advances"}


def _condition_words(g: Roads, side: str, cond) -> str:
    """One unmet prerequisite in a player's words."""
    s = g.state
    names = " or ".join(g.area_name(a) for a in cond.areas)
    return {
        "control": f"needs {names} held",
        "control-any": f"needs {names} held",
        "enemy-control": f"needs {names} held by the enemy",
        "permanent": f"needs {PERMANENT_WORDS.get(cond.key, cond.key)} in play",
        "not-permanent": f"not once {PERMANENT_WORDS.get(cond.key, cond.key)} is in play",
        "winter": "only once Winter Arrives is in play",
        "summer": "not once Winter Arrives is in play",
        "initiative": "needs the initiative",
        "cards-played-at-least": f"needs {cond.number} cards played or discarded, {s.cards_done} so far",
        "railhead-order": "a Railhead Advance is not due yet (6.c)",
        "vp-lead": f"needs a lead of {cond.number} VP",
    }.get(cond.kind, cond.kind)


def why_not_playable(g: Roads, side: str, card_id: str) -> str:
    """Why `side` may not play `card_id` from its hand now ("" when it may): a battle card's
    kind, then what holds whatever the moment (once per game, 6.c, 7.c, who is left to bring,
    the prerequisites ``requirements_met`` checks), then the timing of series 2.3.1 / 4.2.3a: a
    card that will not be playable at its moment either says so before the player picks Card
    for it (playtest of 26 November: 7.c was told only once Card was chosen)."""
    kind = g.content.cards[card_id].kind
    if kind not in ("operational", "event"):
        return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} card is played in a battle"
    return _not_yet(g, side, card_id) or _not_now(g, side, kind)


def _not_now(g: Roads, side: str, kind: str) -> str:
    """The timing (2.3.1, 4.2.3a): "" when this is a moment for a card of this kind."""
    s = g.state
    if s.pending or s.battle is not None:
        return "not while a battle or a card's placement is under way"
    if kind == "operational" and s.phase != "card":
        return "an Operational card is played as your card action (4.2.3a)"
    if kind == "event":
        op = s.operation
        if s.phase != "operation" or op is None or op.side != side:
            return "an Event is played during your own operation (2.3.1)"
        if op.path:
            return "not while a force is on the move: halt it first (2.3.1)"
    return ""


def _not_yet(g: Roads, side: str, card_id: str) -> str:
    """What the card needs whatever the moment: "" when it has it."""
    s = g.state
    card = g.content.cards[card_id]
    key = card.permanent
    if key and key != "railhead" and key in s.permanents:
        return "already in play: once per game (15.c-d)"
    if key == "railhead" and not railhead_ok(g):
        if s.railheads == 0:
            need = " and ".join(g.area_name(a) for a in g.rules.railhead_first)
            return f"the first Railhead Advance needs {need} held (6.c)"
        later = " or ".join(g.area_name(a) for a in g.rules.railhead_later)
        return f"the next Railhead Advance needs one more of {later} held (6.c)"
    if card.reinforcement and side == SOVIET and not reinforcement_ok(g):
        r = g.rules
        if s.cards_done < r.soviet_reinforce_after:
            return (f"not yet: 7.c needs {r.soviet_reinforce_after} cards played or discarded, "
                    f"{s.cards_done} so far")
        allowed = 1 + (s.cards_done - r.soviet_reinforce_after) // r.soviet_reinforce_every
        due = r.soviet_reinforce_after + allowed * r.soviet_reinforce_every
        return f"not yet: 7.c allows the next reinforcement card at {due} cards played or discarded, {s.cards_done} so far"
    for eff in card.effect:
        if eff.op == "reinforce" and not _reinforcements(g, side, eff):
            return "nobody is left to bring"
    for any_of in g.content.requirements.get(card_id, ()):
        if not any(condition_holds(g, side, c) for c in any_of):
            return "; or ".join(_condition_words(g, side, c) for c in any_of)
    return ""

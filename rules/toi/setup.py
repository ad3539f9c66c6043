"""The set-up sheet of the next (or current) scenario: the printed forces plus everything the
Campaign Phase imposed or the players bought (TOI Campaign Scenario Set Up; TOI Campaign Phase,
steps 2-3). The TUI and the Markdown export both read ``setup_sheet(game)``.

During the Campaign Phase (penalty, table, purchases) the sheet is the NEXT scenario's, as it
fills up; otherwise it is the current scenario's (after the last scenario: that one).
"""

from __future__ import annotations

from rules.core.attrs_classes import frozen

from . import tables
from .content import Division, Scenario
from .state import SIDES, TYPES, DivisionMods, SideMods


@frozen
class DivisionSheet:
    number: int
    squad_bases: int
    regular: int
    elite: int
    officers: int
    mg_crews: int
    mortar_crews: int
    vehicles: dict[str, int]
    printed: Division                     # the scenario sheet as printed
    advanced_setup: bool                  # Morale 6-9: may also use the advanced set-up hexes
    advanced_hexes: int                   # advanced set-up hexes bought for it
    changes: tuple[str, ...]              # what differs from the printed sheet, in words


@frozen
class SideSheet:
    side: str
    player: str
    command: dict[str, int]               # command tokens per card at set-up
    veteran: tuple[str, ...]              # cards on their Veteran side
    starting_cards: int                   # printed + bought
    bought_cards: int
    strategy_decks: tuple[str, ...]       # printed + unlocked
    operations: tuple[str, ...]
    deployment: tuple[str, ...]
    divisions: tuple[DivisionSheet, ...]
    restrictions: tuple[str, ...]         # unarmed / starving squads
    specializations: tuple[str, ...]
    raised: str                           # objective worth 1 more CVP to this side ("" none)
    notes: tuple[str, ...]                # every imposed or bought change, in words
    reinforcements_bought: tuple[str, ...]  # Red October: bought in its Status Phases


@frozen
class ObjectiveLine:
    id: str
    text: str
    cvp: int
    side: str
    kind: str
    max: int
    exclusive: bool
    raised_by: tuple[str, ...]            # sides for which it is worth 1 more


@frozen
class SetupSheet:
    scenario: str
    name: str
    summary: str
    campaign: int
    number: int                           # 1-based position in the campaign
    of: int
    upcoming: bool                        # True: the next scenario, still being prepared
    rounds: int
    starting_initiative: str
    actions_per_turn: int
    command_objectives: int
    in_scenario_purchases: bool
    special_rules: tuple[str, ...]
    terrain: tuple[str, ...]
    reinforcements: tuple[str, ...]
    not_in_text: tuple[str, ...]
    objectives: tuple[ObjectiveLine, ...]
    sides: tuple[SideSheet, ...]

    def side(self, side: str) -> SideSheet:
        return next(s for s in self.sides if s.side == side)


def _division(printed: Division, mods: DivisionMods | None) -> DivisionSheet:
    m = mods or DivisionMods()
    vehicles = dict(printed.vehicles)
    bought = []
    for name, n in m.vehicles.items():
        vehicles[name] = vehicles.get(name, 0) + n
        bought.append(f"{n} {name} bought")
    changes = list(m.notes)
    figures = []
    for field, label in (("squad_bases", "squad bases"), ("regular", "regular infantry"), ("elite", "elite infantry"),
                         ("officers", "officers"), ("mg_crews", "MG crews"), ("mortar_crews", "mortar crews")):
        delta = getattr(m, field)
        if delta:
            figures.append(f"{delta:+d} {label}")
    if figures:
        changes.append("Against the printed sheet: " + ", ".join(figures) + ".")
    changes += [b + "." for b in bought]
    if m.advanced_hexes:
        changes.append(f"{m.advanced_hexes} advanced set-up hex(es) bought.")
    return DivisionSheet(
        number=printed.number,
        squad_bases=printed.squad_bases + m.squad_bases, regular=printed.regular + m.regular,
        elite=printed.elite + m.elite, officers=printed.officers + m.officers,
        mg_crews=printed.mg_crews + m.mg_crews, mortar_crews=printed.mortar_crews + m.mortar_crews,
        vehicles=vehicles, printed=printed, advanced_setup=m.advanced_setup, advanced_hexes=m.advanced_hexes,
        changes=tuple(changes),
    )


def _side(game, sc: Scenario, side: str, m: SideMods, tokens: int, bought_in_status: tuple[str, ...]) -> SideSheet:
    printed = sc.side(side)
    divisions = tuple(_division(d, m.divisions[i] if i < len(m.divisions) else None)
                      for i, d in enumerate(printed.divisions))
    restrictions = ["One squad sets up with an unarmed restriction."] * m.unarmed
    restrictions += ["One squad sets up with a starving restriction."] * m.starving
    decks = list(printed.strategy_decks) + [f"{tables.DECKS[d]} (unlocked)" for d in m.decks]
    cards = game.state.cards[side]
    deployment = list(printed.deployment)
    for d in divisions:
        if d.advanced_setup:
            deployment.append(f"Division {d.number} may also use the advanced set-up hexes (Morale 6-9).")
        if d.advanced_hexes:
            deployment.append(f"Division {d.number}: {d.advanced_hexes} advanced set-up hex(es) bought.")
    notes = list(m.notes)
    if m.starting_cards:
        notes.append(f"{m.starting_cards} extra starting card(s) bought.")
    for sp in m.specializations:
        notes.append(f"A {sp} specialization bought.")
    for d in m.decks:
        notes.append(f"{tables.DECKS[d]} unlocked.")
    return SideSheet(
        side=side, player=game.state.players[side], command={t: tokens for t in TYPES},
        veteran=tuple(t for t in TYPES if cards[t].veteran),
        starting_cards=printed.starting_cards + m.starting_cards, bought_cards=m.starting_cards,
        strategy_decks=tuple(decks), operations=printed.operations, deployment=tuple(deployment),
        divisions=divisions, restrictions=tuple(restrictions), specializations=tuple(m.specializations),
        raised=m.raised, notes=tuple(notes), reinforcements_bought=bought_in_status,
    )


def setup_sheet(game) -> SetupSheet:
    """The sheet of the scenario being prepared (Campaign Phase) or played (otherwise)."""
    s = game.state
    upcoming = s.phase in ("penalty", "table", "purchase") and game.next_scenario is not None
    if upcoming:
        sc, mods, number = game.next_scenario, s.next_mods, s.index + 2
        bought = {side: () for side in SIDES}
    else:
        sc, mods, number = game.current, s.mods, s.index + 1
        bought = {side: tuple(f"{p.when}: {p.text}" for p in s.record.purchases
                              if p.side == side and p.when != "Campaign Phase") for side in SIDES}
    tokens = game.c.start_command
    sides = tuple(_side(game, sc, side, mods[side], tokens, bought[side]) for side in SIDES)
    objectives = tuple(
        ObjectiveLine(o.id, o.text, o.cvp, o.side, o.kind, o.max, o.exclusive,
                      tuple(side for side in SIDES if mods[side].raised == o.id))
        for o in sc.objectives)
    return SetupSheet(
        scenario=sc.id, name=sc.name, summary=sc.summary, campaign=s.campaign, number=number, of=len(s.run),
        upcoming=upcoming, rounds=sc.rounds, starting_initiative=sc.starting_initiative,
        actions_per_turn=sc.actions_per_turn, command_objectives=sc.command_objectives,
        in_scenario_purchases=sc.in_scenario_purchases, special_rules=sc.special_rules, terrain=sc.terrain,
        reinforcements=sc.reinforcements, not_in_text=sc.not_in_text, objectives=objectives, sides=sides,
    )

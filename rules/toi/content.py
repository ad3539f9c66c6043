"""Tide of Iron (Stalingrad campaign) content: rule constants and the four scenario sheets,
loaded from ``content/toi/rules.toml`` and ``content/toi/scenarios/<id>.toml`` and validated
(every error names the file, the entry and the field).

The rulebook gives the rules; summaries and wording are ours (see content/toi/NOTES.md).
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from rules.core.attrs_classes import frozen
from rules.core.content import loaded_once, read_toml, require, structure
from rules.core.kept import kept_or_read
from rules.core.errors import ContentError

GAME = "toi"
SIDES = ("german", "soviet")
TYPES = ("ammunition", "morale", "supply")


@frozen
class Constants:
    """Rule constants the rulebook leaves to the printed components (rules.toml [constants])."""

    sides: tuple[str, ...]
    command_types: tuple[str, ...]
    start_command: int
    max_command: int
    scenario_order: tuple[str, ...]
    advanced_hexes_from: str
    max_starting_cards: int
    base_holes: int
    light_tank: dict[str, str]
    heavy_tank: dict[str, str]


@frozen
class Objective:
    """One CVP award line of a scenario sheet."""

    id: str
    name: str                         # what the players read ("Building on map 48A"), never the id
    text: str
    cvp: int
    side: Literal["both", "german", "soviet"]
    kind: Literal["once", "each"]
    max: int = 1
    exclusive: bool = False

    def scorable_by(self, side: str) -> bool:
        return self.side in ("both", side)


@frozen
class Division:
    number: int
    squad_bases: int
    regular: int
    elite: int
    officers: int
    mg_crews: int
    mortar_crews: int
    vehicles: dict[str, int] = attrs.Factory(dict)

    @property
    def armour(self) -> int:
        return sum(self.vehicles.values())


@frozen
class _SideHead:
    starting_cards: int
    strategy_decks: tuple[str, ...]
    operations: tuple[str, ...]
    deployment: tuple[str, ...] = ()


@frozen
class SideSetup:
    """One side's set-up block of a scenario sheet."""

    starting_cards: int
    strategy_decks: tuple[str, ...]
    operations: tuple[str, ...]
    deployment: tuple[str, ...]
    divisions: tuple[Division, ...]

    def division(self, number: int) -> Division | None:
        for d in self.divisions:
            if d.number == number:
                return d
        return None


@frozen
class _ScenarioHead:
    id: str
    name: str
    summary: str
    rounds: int
    starting_initiative: Literal["german", "soviet"]
    actions_per_turn: int
    command_objectives: int
    special_rules: tuple[str, ...] = ()
    terrain: tuple[str, ...] = ()
    in_scenario_purchases: bool = False
    not_in_text: tuple[str, ...] = ()
    reinforcements: tuple[str, ...] = ()


@frozen
class Scenario:
    id: str
    name: str
    summary: str
    rounds: int
    starting_initiative: str
    actions_per_turn: int
    command_objectives: int
    special_rules: tuple[str, ...]
    terrain: tuple[str, ...]
    in_scenario_purchases: bool
    not_in_text: tuple[str, ...]
    reinforcements: tuple[str, ...]
    objectives: tuple[Objective, ...]
    german: SideSetup
    soviet: SideSetup

    def side(self, side: str) -> SideSetup:
        return self.german if side == "german" else self.soviet

    def objective(self, objective_id: str) -> Objective | None:
        for o in self.objectives:
            if o.id == objective_id:
                return o
        return None

    def objective_name(self, objective_id) -> str:
        """What the players read for an objective: its name in quotes (an unknown id is shown
        as given, for the refusal that names it)."""
        o = self.objective(objective_id) if isinstance(objective_id, str) else None
        return f"'{o.name}'" if o is not None else repr(objective_id)


@frozen
class Content:
    constants: Constants
    scenarios: dict[str, Scenario]      # in campaign order


def _load_constants() -> Constants:
    file = "content/toi/rules.toml"
    where = f"{file}: [constants]"
    c = structure(read_toml(GAME, "rules.toml").get("constants"), Constants, where)
    require(tuple(c.sides) == SIDES, where, "sides", f"must be {list(SIDES)} (the engine names both sides)")
    require(tuple(c.command_types) == TYPES, where, "command_types",
            f"must be {list(TYPES)}, in this order (prices are written in it)")
    require(c.start_command >= 0, where, "start_command", "must not be negative")
    require(c.max_command >= max(c.start_command, 10), where, "max_command",
            "must be at least start_command and 10 (the table's top row)")
    require(len(c.scenario_order) >= 1, where, "scenario_order", "needs at least one scenario")
    require(len(set(c.scenario_order)) == len(c.scenario_order), where, "scenario_order", "names a scenario twice")
    require(c.advanced_hexes_from in c.scenario_order, where, "advanced_hexes_from",
            f"unknown scenario '{c.advanced_hexes_from}'")
    require(c.max_starting_cards >= 0, where, "max_starting_cards", "must not be negative")
    require(c.base_holes >= 1, where, "base_holes", "must be at least 1")
    for field in ("light_tank", "heavy_tank"):
        tanks = getattr(c, field)
        require(sorted(tanks) == sorted(SIDES), where, field, "needs one vehicle name for german and one for soviet")
        require(all(isinstance(v, str) and v for v in tanks.values()), where, field, "vehicle names must be text")
    return c


def _structure_side(raw: Any, side: str, file: str, c: Constants) -> SideSetup:
    where = f"{file}: [{side}]"
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: the table is missing")
    raw = dict(raw)
    raw_divisions = raw.pop("division", None)
    head = structure(raw, _SideHead, where)
    require(head.starting_cards >= 0, where, "starting_cards", "must not be negative")
    if not isinstance(raw_divisions, list) or not raw_divisions:
        raise ContentError(f"{where}: no [[{side}.division]] entries")
    divisions = []
    known_vehicles = {c.light_tank[side], c.heavy_tank[side]}
    for number, rd in enumerate(raw_divisions, start=1):
        label = rd.get("number", f"#{number}") if isinstance(rd, dict) else f"#{number}"
        dwhere = f"{file}: {side} division {label} (entry {number})"
        d = structure(rd, Division, dwhere)
        require(d.number == number, dwhere, "number", f"divisions must be numbered 1, 2... in order (expected {number})")
        for field in ("squad_bases", "regular", "elite", "officers", "mg_crews", "mortar_crews"):
            require(getattr(d, field) >= 0, dwhere, field, "must not be negative")
        for name, count in d.vehicles.items():
            require(name in known_vehicles, dwhere, "vehicles",
                    f"unknown {side} vehicle '{name}' (known: {', '.join(sorted(known_vehicles))})")
            require(count >= 1, dwhere, "vehicles", f"'{name}' needs a count of at least 1 (leave it out for none)")
        divisions.append(d)
    return SideSetup(head.starting_cards, tuple(head.strategy_decks), tuple(head.operations),
                     tuple(head.deployment), tuple(divisions))


def _load_scenario(scenario_id: str, c: Constants) -> Scenario:
    file = f"content/toi/scenarios/{scenario_id}.toml"
    doc = dict(read_toml(GAME, f"scenarios/{scenario_id}.toml"))
    raw_objectives = doc.pop("objective", None)
    raw_sides = {side: doc.pop(side, None) for side in SIDES}
    where = f"{file}: scenario '{doc.get('id', scenario_id)}'"
    head = structure(doc, _ScenarioHead, where)
    require(head.id == scenario_id, where, "id", f"must be '{scenario_id}', the file's name")
    require(head.name.strip() != "", where, "name", "must not be empty")
    require(head.rounds >= 1, where, "rounds", "must be at least 1")
    require(head.actions_per_turn >= 1, where, "actions_per_turn", "must be at least 1")
    require(head.command_objectives >= 0, where, "command_objectives", "must not be negative")
    if not isinstance(raw_objectives, list) or not raw_objectives:
        raise ContentError(f"{file}: no [[objective]] entries")
    objectives: list[Objective] = []
    for number, ro in enumerate(raw_objectives, start=1):
        name = ro.get("id", f"#{number}") if isinstance(ro, dict) else f"#{number}"
        owhere = f"{file}: objective '{name}' (entry {number})"
        o = structure(ro, Objective, owhere)
        require(all(o.id != other.id for other in objectives), owhere, "id", "duplicate id")
        require(o.name.strip() != "", owhere, "name", "must not be empty (the players read it)")
        require(o.cvp >= 1, owhere, "cvp", "must be at least 1")
        require(o.max >= 1, owhere, "max", "must be at least 1")
        require(o.kind == "each" or o.max == 1, owhere, "max", "a 'once' objective is scored at most once: max = 1")
        objectives.append(o)
    sides = {side: _structure_side(raw_sides[side], side, file, c) for side in SIDES}
    return Scenario(
        id=head.id, name=head.name, summary=head.summary, rounds=head.rounds,
        starting_initiative=head.starting_initiative, actions_per_turn=head.actions_per_turn,
        command_objectives=head.command_objectives, special_rules=tuple(head.special_rules),
        terrain=tuple(head.terrain), in_scenario_purchases=head.in_scenario_purchases,
        not_in_text=tuple(head.not_in_text), reinforcements=tuple(head.reinforcements),
        objectives=tuple(objectives), german=sides["german"], soviet=sides["soviet"],
    )


@loaded_once
def load() -> Content:
    """Load and validate all Tide of Iron content (cached: content is read once; kept between
    runs when ``rules.core.kept`` has a folder)."""
    return kept_or_read(GAME, (__name__,), _read, Content)


def _read() -> Content:
    c = _load_constants()
    scenarios = {sid: _load_scenario(sid, c) for sid in c.scenario_order}
    return Content(c, scenarios)

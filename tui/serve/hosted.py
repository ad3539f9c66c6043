"""Hosted games made through the lobby: their seats before the save is made, taking a seat, and
making the save once every seat is taken, with every player's name in it (issue 24 item 1).
Plain Python: the store's records and ``tui.serve.games``' folders, no Textual.

A game's seats are known from its choices before anyone sits: Roads by side, Tide of Iron by
side (German, Soviet), Victory by side in a duel, by number in round robin, by team and number
in team play. Its save is made when the last seat is taken, so each player's name is in the game
(Tide of Iron and Victory then name a seat by its player, as ``games.Seat.side`` does)."""

from __future__ import annotations

import json
from pathlib import Path

from . import games, turns
from .store import GameRow, Store

GAMES = ("roads", "toi", "victory")
TITLES = {"roads": "Roads to Stalingrad", "toi": "Tide of Iron", "victory": "Victory"}
VICTORY_MODES = ("duel", "round-robin", "team")
MAX_PLAYERS = 6


def toi_scenarios() -> list[str]:
    from rules.toi.content import load
    return list(load().constants.scenario_order)


def default_options(game: str) -> dict:
    if game == "toi":
        return {"start": toi_scenarios()[0], "double": False, "standalone": False}
    if game == "victory":
        return {"mode": "duel", "players": 2}
    return {}


def slots(game: str, options: dict) -> list[tuple[str, str]]:
    """(slot, label) of each seat of a game not made yet."""
    if game == "roads":
        return [("axis", "Axis"), ("soviet", "Soviet")]
    if game == "toi":
        return [("german", "German"), ("soviet", "Soviet")]
    mode, count = options.get("mode", "duel"), int(options.get("players", 2))
    if mode == "duel":
        return [("axis", "Axis"), ("allied", "Allied")]
    if mode == "round-robin":
        return [(f"seat-{i}", f"Player {i}") for i in range(1, count + 1)]
    axis = (count + 1) // 2
    return ([(f"axis-{i}", f"Axis {i}") for i in range(1, axis + 1)]
            + [(f"allied-{i}", f"Allied {i}") for i in range(1, count - axis + 1)])


def check_options(game: str, options: dict) -> dict:
    """The options as kept; ValueError saying what is wrong."""
    if game not in GAMES:
        raise ValueError(f"'{game}' cannot be hosted (hosted games: {', '.join(GAMES)}).")
    if game == "roads":
        return {}
    if game == "toi":
        start = options.get("start")
        if start not in toi_scenarios():
            raise ValueError(f"Tide of Iron has no scenario '{start}'.")
        double, alone = bool(options.get("double")), bool(options.get("standalone"))
        if double and alone:
            raise ValueError("A scenario alone cannot also be a double campaign.")
        return {"start": start, "double": double, "standalone": alone}
    mode, count = options.get("mode"), options.get("players")
    if mode not in VICTORY_MODES:
        raise ValueError(f"Victory has no mode '{mode}'.")
    least = {"duel": 2, "round-robin": 3, "team": 2}[mode]
    if type(count) is not int or not least <= count <= (2 if mode == "duel" else MAX_PLAYERS):
        raise ValueError(f"Victory {mode} is for {least}{'' if mode == 'duel' else f' to {MAX_PLAYERS}'} players.")
    return {"mode": mode, "players": count}


def new_game(store: Store, game: str, options: dict, creator: str, my_slot: str,
             reserved: dict[str, str], watchable: bool) -> str:
    """Record a new hosted game with ``creator`` at ``my_slot`` and each slot of ``reserved``
    kept for its named player (the others open to any key); its id."""
    options = check_options(game, options)
    seats = slots(game, options)
    names = [s for s, _ in seats]
    if my_slot not in names:
        raise ValueError(f"The game has no seat '{my_slot}'.")
    kept = {slot: name for slot, name in reserved.items() if name and slot != my_slot}
    if any(slot not in names for slot in kept):
        raise ValueError("A seat kept for a player is not one of the game's.")
    if any(name.lower() == creator.lower() for name in kept.values()):
        raise ValueError("You cannot keep a second seat for yourself.")
    if len({n.lower() for n in kept.values()}) != len(kept):
        raise ValueError("Keep one seat per player.")
    game_id = games.new_id(game)
    store.add_game(game_id, game, creator, seats, taken={my_slot: creator}, reserved=kept,
                   watchable=watchable, options=options, started=False)
    return game_id


def take(store: Store, root: Path, game_id: str, slot: str, name: str) -> GameRow:
    """Seat ``name`` at ``slot``; the save is made when that was the last seat. ValueError
    when the seat is not theirs to take (taken meanwhile, kept for another)."""
    if not store.take_seat(game_id, slot, name):
        raise ValueError("That seat was taken meanwhile, or is kept for another player.")
    start(store, root, game_id)
    return store.game(game_id)


def start(store: Store, root: Path, game_id: str) -> bool:
    """Make the game's save when every seat is taken (once, whoever gets here first)."""
    row = store.claim_start(game_id)
    if row is None:
        return False
    names = {s.side: s.player for s in row.seats}
    options = dict(row.options)
    try:
        if row.game == "roads":
            made = games.create("roads", stamp=game_id, root=root, spectators=row.watchable, players=names)
        elif row.game == "toi":
            made = games.create("toi", stamp=game_id, root=root, spectators=row.watchable, players=(names["german"], names["soviet"]),
                                **options)
        elif options["mode"] == "team":
            teams = {t: [n for s, n in names.items() if s.startswith(t + "-")] for t in ("axis", "allied")}
            made = games.create("victory", stamp=game_id, root=root, spectators=row.watchable, mode="team", teams=teams)
        else:
            made = games.create("victory", stamp=game_id, root=root, spectators=row.watchable, mode=options["mode"],
                                players=tuple(names.values()))
    except (ValueError, OSError):
        store.unclaim(game_id)
        raise
    if row.game != "roads":
        store.rename_seats(game_id, names)
    from tui import storage
    game = storage.load(made[0].save_path)
    store.set_turn(game_id, turns.to_play(game), turns.last_move(game), game.outcome is not None)
    return True


def seat_of(root: Path, row: GameRow, name: str) -> games.Seat | None:
    """The seat of ``name`` in a made game, as ``tui.serve.seat`` runs it."""
    mine = row.seat_of(name)
    if mine is None or not row.started:
        return None
    return next((s for s in games.seats_of(root / row.id) if s.side == mine.side), None)


def options_text(row_game: str, options: dict) -> str:
    """The options in a few words, for a list."""
    if row_game == "toi":
        words = [options.get("start", "")]
        words += ["double"] if options.get("double") else []
        words += ["alone"] if options.get("standalone") else []
        return ", ".join(words)
    if row_game == "victory":
        return f"{options.get('mode')}, {options.get('players')} players"
    return ""


def dumps(options: dict) -> str:
    return json.dumps(options, sort_keys=True)

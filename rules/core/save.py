"""Save files: JSON with the format version, game id, options, seed, dice, the command log, a
digest of the final state, a checkpoint (the final state, the dice position and the events, so
loading need not replay the log), the commands' public notes (format 3: ``[number, text]``
pairs, e.g. why the computer gave a command; a game without notes is written as format 2) and a
checksum over all of it.

Loading refuses, with a clear message and never half-loaded: anything beyond the bounds of
``rules.core.files`` (size, nesting, commands), broken JSON, a header field of the wrong type
(``true`` is not a number), a version wartable never wrote, and any change to the file after
wartable wrote it (the checksum covers every byte: header, options, seed, dice, log, checkpoint).
Then the game is put at the checkpoint and its digest checked; a save without a checkpoint (or
of format 1) is replayed command by command. Writes are atomic: temp file, fsync, rename.
"""

from __future__ import annotations

import copy
import gc
import json
from typing import Any, Callable

from .codec import (
    CodecError, command_from_json as _strict_command, command_to_json, declared_classes,
    event_from_json, event_to_json, state_from_json, state_to_json,
)
from .command import Command
from .dice import dice_from_spec
from .errors import DiceExhausted, IllegalCommand, SaveError
from .files import FORMAT, MAX_COMMANDS, MAX_NOTE, VERSION, bounds_problem, write_atomic  # noqa: F401
from .game import Game, state_digest
from .sha import sha256
from .save_header import (  # noqa: F401  (the header's reading, re-exported)
    DAMAGED, FIELDS, HEADER, OTHER_RULES, check_seal, header_problem, parse,
)

NewGame = Callable[..., Game]


def commands_to_json(types: tuple[type[Command], ...], commands: list[Command]) -> list[dict]:
    return [command_to_json(c) for c in commands]


def command_from_json(types: tuple[type[Command], ...], raw: Any) -> Command:
    """The command ``raw`` is the JSON form of, read strictly (CodecError otherwise)."""
    return _strict_command(types, raw)


# ==========================================================================================
# Writing
# ==========================================================================================
def checkpoint(game: Game) -> dict | None:
    """The final state, the dice position and the events, or None if the state holds a value
    its class does not declare (the save is then replayed when loaded); and, when the game
    names who gave its commands, for each command that side (null: not known) and the number
    of events logged by then (``acted``: what ``Game.events_since`` reads after a load)."""
    try:
        state = state_to_json(game.state, declared_classes(type(game.state)))
        dice = game.dice.position()
    except (CodecError, NotImplementedError):
        return None
    point = {"state": state, "dice": dice, "events": [event_to_json(e) for e in game.events]}
    base = game.undo_base() if game.track_undo else None
    # what undo needs: the state at the last roll or reveal and the commands since, which a
    # load replays on it with their undo steps (no roll among them: none was drawn since)
    if base is not None:                 # none to keep: the key is left out (older saves' text)
        point["undo"] = {"state": state_to_json(base[0], declared_classes(type(game.state))), "at": base[1]}
    if any(actor is not None for actor, _end in game.acted):   # none known: left out (older text)
        point["acted"] = [[actor, end] for actor, end in game.acted]
    return point


def dump(game: Game) -> dict:
    """The save document of a game, as plain JSON-able data (without its checksum)."""
    doc = {
        "format": FORMAT,
        "version": VERSION if game.notes else 2,
        "game": game.game_id,
        "options": copy.deepcopy(game.options),
        "seed": game.seed,
        "dice": game.dice_spec,
        "commands": commands_to_json(game.command_types, game.log),
        "digest": game.digest(),
        "checkpoint": checkpoint(game),
    }
    if game.notes:
        doc["notes"] = [[number, game.notes[number]] for number in sorted(game.notes)]
    return doc


def seal(doc: dict) -> str:
    """The text of a save document, closed by a checksum over every byte before it."""
    body = json.dumps({k: v for k, v in doc.items() if k != "check"}, separators=(",", ":"),
                      ensure_ascii=True, allow_nan=False)
    return f'{body[:-1]},"check":"{sha256(body.encode()).hexdigest()}"}}\n'


def dumps(game: Game) -> str:
    return seal(dump(game))


# ==========================================================================================
# Reading
# ==========================================================================================
def loads(text: str, factories: dict[str, NewGame], upto: int | None = None) -> Game:
    """Rebuild a game from a save; SaveError with a clear message when it cannot be.

    ``factories`` maps game ids to their ``new_game``. ``upto`` replays only the first commands
    (for the replay viewer), after checking the whole file.
    """
    collecting = gc.isenabled()
    gc.disable()          # a long campaign builds many objects at once: no collection midway
    try:
        return _loads(text, factories, upto)
    finally:
        if collecting:
            gc.enable()


def _loads(text: str, factories: dict[str, NewGame], upto: int | None) -> Game:
    doc = parse(text)
    problem = header_problem(doc)
    if problem is None and doc["version"] >= 2:
        problem = check_seal(text)
    if problem:
        raise SaveError(problem)
    new_game = factories.get(doc["game"])
    if new_game is None:
        raise SaveError(f"The save is for a game this wartable does not know: '{doc['game']}'.")
    try:
        dice = dice_from_spec(doc["dice"])
        game = new_game(seed=doc["seed"], dice=dice, **doc["options"])
    except (TypeError, ValueError, KeyError) as exc:
        raise SaveError(f"The save's setup options cannot start a game: {exc}") from None
    commands = []
    for number, raw in enumerate(doc["commands"], start=1):
        try:
            commands.append(command_from_json(game.command_types, raw))
        except (CodecError, RecursionError):
            raise SaveError(f"Command {number} of the save cannot be read: {_short(raw)}") from None
    if doc["version"] >= 3 and not doc["notes"]:
        raise SaveError(f"The save's notes are empty (wartable writes format 3 only with notes): {DAMAGED}.")
    notes = _notes(doc.get("notes", []), len(commands))
    point = doc.get("checkpoint")
    if upto is None and point is not None:
        _resume(game, point, commands, doc["digest"], notes)
        return game
    trusted = doc["version"] >= 2          # sealed: legality by the direct check, no listing
    cause = OTHER_RULES if trusted else DAMAGED
    for number, cmd in enumerate(commands[:upto] if upto is not None else commands, start=1):
        try:
            game.replay(cmd, trusted=trusted, note=notes.get(number - 1, ""))
        except IllegalCommand:
            raise SaveError(f"The save diverges at command {number}: {cmd.describe()} is not legal "
                            f"there: {cause}.") from None
        except DiceExhausted:
            raise SaveError(f"The save's scripted dice run out or are out of range at command {number}: "
                            f"{DAMAGED}.") from None
    if upto is None and game.digest() != doc["digest"]:
        raise SaveError(f"The replayed game does not match the save's digest: {cause}.")
    return game


def _notes(raw: list, commands: int) -> dict[int, str]:
    """The notes of a format-3 save, by command number: ``[number, text]`` pairs in increasing
    order, each naming a command of the save, each text a line of at most MAX_NOTE printable
    characters. Anything else is refused (wartable writes nothing else)."""
    notes: dict[int, str] = {}
    last = -1
    for pair in raw:
        if not (type(pair) is list and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is str
                and last < pair[0] < commands and 0 < len(pair[1]) <= MAX_NOTE
                and pair[1].isprintable()):
            raise SaveError(f"The save's note {_short(pair)} cannot be read: {DAMAGED}.")
        last = pair[0]
        notes[last] = pair[1]
    return notes


def _resume(game: Game, point: dict, commands: list[Command], digest: str,
            notes: dict[int, str]) -> None:
    """Put ``game`` at the save's checkpoint and check it against the digest."""
    keys = set(point) if isinstance(point, dict) else set()
    if keys - {"undo", "acted"} != {"state", "dice", "events"} or type(point["events"]) is not list:
        raise SaveError(f"The save's checkpoint cannot be read: {DAMAGED}.")
    acted = _acted(point["acted"], len(commands), len(point["events"])) if "acted" in keys else None
    try:
        state = state_from_json(point["state"], declared_classes(type(game.state)))
        events = [event_from_json(e) for e in point["events"]]
        game.dice.restore(point["dice"])
    except (CodecError, ValueError, TypeError, RecursionError):
        raise SaveError(f"The save's checkpoint cannot be read: {DAMAGED}.") from None
    if type(state) is not type(game.state) or state_digest(state) != digest:
        raise SaveError(f"The save's checkpoint does not match its digest: {OTHER_RULES}.")
    game.resume_at(state, commands, events, notes, acted)
    if "undo" in keys and game.track_undo:          # a save that keeps its undo steps
        _undo_steps(game, point["undo"], commands, events, notes, point["dice"], digest)
        game.loaded_at = 0               # undo reaches as far as it did before the save
        game.acted = list(acted) if acted is not None else [(None, len(events))] * len(commands)


def _acted(raw: Any, commands: int, events: int) -> list[tuple[str | None, int]]:
    """A checkpoint's ``acted``: for each command, ``[side, events]``: the side that gave it (a
    short printable name, or null: not known) and the events logged by then, never fewer than
    the command before and never more than the checkpoint holds. Anything else is refused."""
    if type(raw) is not list or len(raw) != commands:
        raise SaveError(f"The save's record of who gave each command cannot be read: {DAMAGED}.")
    out: list[tuple[str | None, int]] = []
    last = 0
    for pair in raw:
        if not (type(pair) is list and len(pair) == 2 and type(pair[1]) is int and last <= pair[1] <= events
                and (pair[0] is None or (type(pair[0]) is str and 0 < len(pair[0]) <= 40
                                         and pair[0].isprintable()))):
            raise SaveError(f"The save's record of who gave each command cannot be read: {DAMAGED}.")
        last = pair[1]
        out.append((pair[0], last))
    return out


def _undo_steps(game: Game, raw: Any, commands: list[Command], events: list, notes: dict[int, str],
                dice: dict, digest: str) -> None:
    """Rebuild the undo steps a save kept: from the state at the last roll or reveal, the
    commands since are applied again (with their undo snapshots, as in play); they must end
    at the checkpoint (whose state has ``digest``), events and all, or the save is refused."""
    final = game.state
    if not (isinstance(raw, dict) and set(raw) == {"state", "at"} and type(raw["at"]) is int
            and 0 <= raw["at"] < len(commands)):
        raise SaveError(f"The save's undo steps cannot be read: {DAMAGED}.")
    at = raw["at"]
    try:
        base = state_from_json(raw["state"], declared_classes(type(game.state)))
    except (CodecError, ValueError, TypeError, RecursionError):
        raise SaveError(f"The save's undo steps cannot be read: {DAMAGED}.") from None
    if type(base) is not type(final):
        raise SaveError(f"The save's undo steps cannot be read: {DAMAGED}.")
    # the events up to the base: those of the checkpoint less the ones the replay makes again
    game.resume_at(base, commands[:at], [], notes)
    made: list = []
    try:
        for number in range(at, len(commands)):
            game._note = notes.get(number, "")
            made += game.apply(commands[number])
    except (IllegalCommand, DiceExhausted):
        raise SaveError(f"The save's undo steps diverge: {DAMAGED}.") from None
    redone = len(made)
    if (redone > len(events) or game.digest() != digest
            or made != events[len(events) - redone:] or len(game._undo) != len(commands) - at):
        raise SaveError(f"The save's undo steps do not lead to its checkpoint: {DAMAGED}.")
    offset = len(events) - redone            # the undo steps' event counts, on the whole list
    game._undo = type(game._undo)(((snap, log_len, events_len + offset) for snap, log_len, events_len
                                   in game._undo), maxlen=game._undo.maxlen)
    game.events = list(events)
    game.dice.restore(dice)


def _short(raw: Any) -> str:
    try:
        shown = json.dumps(raw)
    except (TypeError, ValueError, RecursionError):
        shown = repr(type(raw))
    return shown if len(shown) <= 80 else shown[:77] + "..."

"""Save files: JSON with the format version, game id, options, seed, dice, the command
log (a cattrs tagged union) and a digest of the final state.

Loading replays the log from the options and seed and checks the digest: a truncated,
edited, diverged or future-version file is refused with a clear message, never half-loaded.
Writes are atomic: temp file, fsync, rename.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable, Union

import cattrs
from cattrs.strategies import configure_tagged_union

from .command import Command
from .dice import dice_from_spec
from .errors import DiceExhausted, IllegalCommand, SaveError
from .files import FORMAT, VERSION, write_atomic  # noqa: F401  (write_atomic re-exported)
from .game import Game


_converters: dict[tuple[type, ...], cattrs.Converter] = {}


def _converter(types: tuple[type[Command], ...]) -> cattrs.Converter:
    conv = _converters.get(types)
    if conv is None:
        conv = cattrs.Converter(forbid_extra_keys=True)
        configure_tagged_union(Union[types], conv, tag_name="type")  # type: ignore[valid-type]
        _converters[types] = conv
    return conv


def commands_to_json(types: tuple[type[Command], ...], commands: list[Command]) -> list[dict]:
    conv = _converter(types)
    return [conv.unstructure(c, unstructure_as=Union[types]) for c in commands]  # type: ignore[valid-type]


def command_from_json(types: tuple[type[Command], ...], raw: Any) -> Command:
    return _converter(types).structure(raw, Union[types])  # type: ignore[valid-type]


def dump(game: Game) -> dict:
    """The save document of a game, as plain JSON-able data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.game_id,
        "options": copy.deepcopy(game.options),
        "seed": game.seed,
        "dice": game.dice_spec,
        "commands": commands_to_json(game.command_types, game.log),
        "digest": game.digest(),
    }


def dumps(game: Game) -> str:
    return json.dumps(dump(game), indent=1)


NewGame = Callable[..., Game]


def loads(text: str, factories: dict[str, NewGame], upto: int | None = None) -> Game:
    """Rebuild a game from a save by replaying its commands; check the digest.

    ``factories`` maps game ids to their ``new_game``. ``upto`` replays only the first
    commands (for the replay viewer) and then skips the digest check.
    """
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SaveError(f"This is not a readable save: the JSON is broken ({exc.msg}, line {exc.lineno} column {exc.colno}); the file may be truncated.") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError("This is not a wartable save file.")
    version = doc.get("version")
    if not isinstance(version, int):
        raise SaveError("The save has no format version.")
    if version > VERSION:
        raise SaveError(f"The save was written by a newer wartable (format {version}; this one reads up to {VERSION}). Update wartable to load it.")
    for field, kind in (("game", str), ("options", dict), ("seed", int), ("dice", dict), ("commands", list), ("digest", str)):
        if not isinstance(doc.get(field), kind):
            raise SaveError(f"The save's field '{field}' is missing or of the wrong kind.")
    new_game = factories.get(doc["game"])
    if new_game is None:
        raise SaveError(f"The save is for a game this wartable does not know: '{doc['game']}'.")
    try:
        dice = dice_from_spec(doc["dice"])
        game = new_game(seed=doc["seed"], dice=dice, **doc["options"])
    except (TypeError, ValueError, KeyError) as exc:
        raise SaveError(f"The save's setup options cannot start a game: {exc}") from None
    commands = doc["commands"][:upto] if upto is not None else doc["commands"]
    for number, raw in enumerate(commands, start=1):
        try:
            cmd = command_from_json(game.command_types, raw)
        except Exception:
            raise SaveError(f"Command {number} of the save cannot be read: {raw!r}") from None
        try:
            game.apply(cmd)
        except IllegalCommand:
            raise SaveError(f"The save diverges at command {number}: {cmd.describe()} is not legal there. The file was edited or is damaged.") from None
        except DiceExhausted:
            raise SaveError(f"The save's scripted dice run out or are out of range at command {number}: the file was edited or is damaged.") from None
    if upto is None and game.digest() != doc["digest"]:
        raise SaveError("The replayed game does not match the save's digest: the file was edited or is damaged.")
    return game

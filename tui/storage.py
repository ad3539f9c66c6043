"""Where wartable keeps things: saves, statistics and settings, under the user data directory.

The directory comes from platformdirs (e.g. ``~/.local/share/wartable`` on Linux) unless the
environment variable ``WARTABLE_DATA_DIR`` names another one (tests and CI point it at a temporary
directory; nothing is ever written into the repo)::

    <data dir>/saves/autosave.json     the game in progress, rewritten after every command
    <data dir>/saves/<name>.json       named saves
    <data dir>/stats.json              one record per finished game
    <data dir>/config.toml             settings: an optional [keys] table and [settings] table
    <data dir>/cache/                  each game's content as validated, kept between runs (rules.core.kept)

Every write is atomic (``rules.core.save.write_atomic``); the temp files of a write killed midway
are removed at the next start (``remove_stale_temp_files``). Reading never changes a save: a
broken save is listed with its problem and left as it is. Plain Python: no Textual, so it loads fast.
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dataclasses import dataclass

from rules.core.errors import SaveError
from rules.core.files import read_save_bytes, write_atomic

if TYPE_CHECKING:
    from rules.core.game import Game

ENV_VAR = "WARTABLE_DATA_DIR"
AUTOSAVE = "autosave"
NAME_MAX = 40
_NAME_RE = re.compile(r"[^\W_]|[ _-]")   # a letter or digit (any script), space, '-' or '_'
_RESERVED = {AUTOSAVE, "con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
             *(f"lpt{i}" for i in range(10))}


# ==========================================================================================
# Places
# ==========================================================================================
def data_dir() -> Path:
    """wartable's data directory (not created here: writes create what they need)."""
    override = os.environ.get(ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs
    return platformdirs.user_data_path("wartable")


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return saves_dir() / f"{AUTOSAVE}.json"


def stats_path() -> Path:
    return data_dir() / "stats.json"


def config_path() -> Path:
    return data_dir() / "config.toml"


def cache_dir() -> Path:
    return data_dir() / "cache"


def keep_content() -> None:
    """Keep each game's content, once read from its TOML and validated, in the cache folder
    for the next run (``rules.core.kept``): a saved game then opens without reading the TOML."""
    from rules.core import kept
    kept.CACHE_DIR = cache_dir()


# ==========================================================================================
# Saves
# ==========================================================================================
def autosave(game: Game) -> Path:
    """Write the game to ``saves/autosave.json`` atomically; called after every command."""
    path = autosave_path()
    from rules.core.save import dumps
    write_atomic(path, dumps(game))
    return path


TEMP_MAX_AGE = 60.0   # seconds: a temp file older than this is no longer being written


def remove_stale_temp_files(max_age: float = TEMP_MAX_AGE) -> list[Path]:
    """Remove what atomic writes of a killed process left behind (``.<name>.<random>.tmp`` in
    the data, saves and exports folders), only files older than ``max_age`` seconds: a newer one
    may be another wartable writing right now. Returns the files removed; never fails."""
    now = time.time()
    removed: list[Path] = []
    for folder in (data_dir(), saves_dir(), exports_dir(), cache_dir()):
        try:
            candidates = list(folder.glob(".*.tmp"))
        except OSError:
            continue
        for path in candidates:
            try:
                if path.is_file() and now - path.stat().st_mtime > max_age:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue              # gone already, or not ours to remove
    return removed


def check_name(name: str) -> str:
    """The save name, stripped of surrounding spaces; ValueError saying what is wrong."""
    if not isinstance(name, str):
        raise ValueError("A save name must be text.")
    name = name.strip()
    if not name:
        raise ValueError("A save name needs at least one character.")
    if len(name) > NAME_MAX:
        raise ValueError(f"A save name may have at most {NAME_MAX} characters; '{name}' has {len(name)}.")
    bad = sorted({ch for ch in name if not _NAME_RE.fullmatch(ch)})
    if bad:
        shown = " ".join(repr(ch) for ch in bad)
        raise ValueError(f"A save name may use only letters, digits, spaces, '-' and '_'; "
                         f"'{name}' has {shown}.")
    if name.lower() in _RESERVED:
        why = "the autosave uses it" if name.lower() == AUTOSAVE else "the system reserves it"
        raise ValueError(f"'{name}' cannot be a save name: {why}. Choose another.")
    return name


def save_named(game: Game, name: str) -> Path:
    """Write the game to ``saves/<name>.json`` atomically (an older save of that name is replaced)."""
    name = check_name(name)
    path = saves_dir() / f"{name}.json"
    from rules.core.save import dumps
    write_atomic(path, dumps(game))
    return path


@dataclass(frozen=True)
class SaveInfo:
    """A save as listed: read cheaply from its JSON, without replaying it."""

    name: str               # the file name without .json ("autosave" for the autosave)
    path: Path
    game_id: str            # "" when the file cannot be read
    commands: int           # commands in the log (0 when the file cannot be read)
    modified: datetime      # the file's modification time (local time)
    ok: bool                # False: the file is broken; ``problem`` says how
    problem: str = ""


def _peek(text: str) -> tuple[str, int]:
    """(game id, command count) of save text, or ValueError with the problem; no replay.
    The same checks as loading, short of building the game: bounds, JSON, header, checksum."""
    from rules.core.save_header import check_seal, header_problem, parse

    try:
        doc = parse(text)
    except SaveError as exc:
        raise ValueError(str(exc)) from None
    problem = header_problem(doc)
    if problem is None and doc["version"] >= 2:
        problem = check_seal(text)
    if problem:
        raise ValueError(problem)
    return doc["game"], len(doc["commands"])


def list_saves() -> list[SaveInfo]:
    """Every ``*.json`` in the saves folder, newest first. Broken files are listed with their
    problem, never touched; one bad file never stops the listing of the rest.

    SaveError when the folder itself cannot be read (its permissions, or the data directory
    is a file).
    """
    folder = saves_dir()
    try:
        if not folder.is_dir():
            return []
        os.listdir(folder)            # glob passes over an unreadable folder in silence
        paths = list(folder.glob("*.json"))
    except OSError as exc:
        raise SaveError(f"The saves folder {folder} cannot be read: {exc.strerror or exc}.") from None
    out: list[SaveInfo] = []
    for path in paths:
        if path.name.startswith("."):
            continue
        try:
            info = os.stat(path)
        except OSError:
            continue   # vanished while we looked
        if stat.S_ISDIR(info.st_mode):
            continue
        modified = datetime.fromtimestamp(info.st_mtime)
        try:
            text = read_save_bytes(path).decode("utf-8")
            game_id, commands = _peek(text)
        except UnicodeDecodeError:
            out.append(SaveInfo(path.stem, path, "", 0, modified, False, "not text: the file is damaged"))
        except (SaveError, ValueError) as exc:
            out.append(SaveInfo(path.stem, path, "", 0, modified, False, str(exc)))
        except Exception as exc:      # never let one file break the list
            out.append(SaveInfo(path.stem, path, "", 0, modified, False,
                                f"cannot be read ({type(exc).__name__})"))
        else:
            out.append(SaveInfo(path.stem, path, game_id, commands, modified, True, ""))
    out.sort(key=lambda s: (s.modified, s.name), reverse=True)
    return out


def read_save(path: Path | str) -> str:
    """The text of a save file, read safely (a regular file, bounded in size, never waiting on
    a FIFO or a device); SaveError with a clear message otherwise. Never changes the file."""
    data = read_save_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("This is not a readable save: it is not text; the file is damaged.") from None


def load(path: Path | str) -> Game:
    """Rebuild the game in a save; SaveError with a clear message otherwise.

    The file is only read, never changed.
    """
    return load_text(read_save(path))


class Loading:
    """A save loaded in a thread from the moment it is asked for (``load``), so the game is
    rebuilt while the app starts and composes its screen. ``wait`` for it; then ``game``, or
    ``error`` (a SaveError with the clear message, or whatever else went wrong). ``prepare``, if
    given, is called with the game in the thread once it has loaded: what its screen would
    otherwise build on the UI thread before showing it."""

    def __init__(self, path: Path | str, prepare=None) -> None:
        import threading
        self.path = Path(path)
        self._prepare = prepare
        self.game: Game | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        threading.Thread(target=self._run, name="wartable-load", daemon=True).start()

    def _run(self) -> None:
        try:
            game = load(self.path)
            if self._prepare is not None:
                self._prepare(game)
            self.game = game
        except BaseException as exc:      # handed to whoever waits, as it is
            self.error = exc
        finally:
            self._done.set()

    def wait(self, timeout: float | None = None) -> bool:
        """True once the load is over (the game is there, or its error)."""
        return self._done.wait(timeout)

    def result(self) -> Game:
        """The game, once loaded (waiting for it); the load's error raised otherwise."""
        self._done.wait()
        if self.error is not None:
            raise self.error
        assert self.game is not None
        return self.game


def load_text(text: str) -> Game:
    """Rebuild the game in save text; SaveError with a clear message otherwise."""
    from rules.registry import load_save

    return load_save(text)


def peek(path: Path | str) -> tuple[str, int]:
    """(game id, command count) of a save, read without replaying it (so a screen can open
    while the game loads); SaveError when the file cannot be a save. ``load`` checks the rest."""
    try:
        return _peek(read_save(path))
    except ValueError as exc:
        text = str(exc)
        raise SaveError(f"This is not a loadable save: {text}.") from None


def last_game() -> Game | None:
    """The game in the autosave, or None when there is none; SaveError if it cannot be loaded."""
    path = autosave_path()
    try:
        if not path.exists():
            return None
    except OSError as exc:            # e.g. the saves folder may not be read
        raise SaveError(f"The autosave ({path}) cannot be read: {exc.strerror or exc}.") from None
    try:
        return load(path)
    except SaveError as exc:
        raise SaveError(f"The autosave ({path}) cannot be loaded, and was left as it is. {exc}") from None


def _unfinished(path: Path) -> str | None:
    """The game id of a sealed save whose game has begun and is not over by its checkpoint,
    found without loading the game (which costs a second game's rules and a replay when
    another game is opened); None when the save is anything else, or cannot tell."""
    from rules.core.save_header import check_seal, header_problem, parse
    from rules.registry import over_in_checkpoint
    try:
        text = read_save(path)
        doc = parse(text)
    except SaveError:
        return None
    if header_problem(doc) is not None or doc["version"] < 2 or check_seal(text) is not None:
        return None
    if not doc["commands"] or over_in_checkpoint(doc) is not False:
        return None
    return doc["game"]


def keep_in_progress() -> str | None:
    """Before another game takes the autosave: an unfinished game in it is kept as the named save
    ``in-progress-<game>-<date>-<time>``, so starting (or loading) a game never loses the one in
    progress. A broken autosave is kept too, as it is. Returns the name it is kept under, or None
    when there was nothing to keep (no autosave, a finished game, a game not yet begun).
    OSError when the file cannot be moved."""
    path = autosave_path()
    if not path.exists():
        return None
    game_id = _unfinished(path)
    if game_id is None:               # the checkpoint does not tell: the game does
        try:
            game = load(path)
        except SaveError:
            game = None
        if game is not None and (game.outcome is not None or not game.log):
            return None
        game_id = game.game_id if game is not None else "unreadable"
    name = f"in-progress-{game_id}-{datetime.now():%Y%m%d-%H%M%S}"
    os.replace(path, saves_dir() / f"{name}.json")
    return name


# ==========================================================================================
# Statistics
# ==========================================================================================
STATS_FORMAT = "wartable-stats"
STATS_VERSION = 1
MODES = ("standard", "hard", "missions", "hard+missions")
_RECORD_FIELDS = {"game": str, "mode": str, "level": str, "won": bool, "vp": int, "date": str,
                  "seed": int, "options": dict, "commands": int}
# Fields a record may have (a Roads game since issue 23: whom it was played against, the
# computer's strength or "hot-seat", and both sides' VP); records written before lack them.
_OPTIONAL_FIELDS = {"against": str, "axis_vp": int, "soviet_vp": int}
_MAX_AGAINST = 40           # characters of "against"
_MAX_VP = 9999              # a side's VP, either way


def game_mode(game: Game) -> str:
    """The mode a game was played in, for statistics: for Fall Blau standard, hard, missions,
    hard+missions; for Tide of Iron campaign, double campaign or scenario."""
    if game.game_id == "victory":
        return str(game.options.get("mode", "duel"))
    if game.game_id == "roads":
        computer = game.options.get("computer")
        if not computer:
            return "hot-seat"
        # the computer's side and strength (the heuristic bot unless the game names another)
        return f"against the computer ({computer}, {roads_against(game)})"
    if game.game_id == "toi":
        return "double campaign" if game.options.get("double") else (
            "scenario" if game.options.get("standalone") else "campaign")
    hard = bool(game.options.get("hard"))
    missions = bool(game.options.get("missions"))
    return "hard+missions" if hard and missions else "hard" if hard else "missions" if missions else "standard"


def roads_against(game: Game) -> str:
    """Whom a Roads game is played against: the computer's strength (easy, normal, hard; a game
    that names none plays at normal, as the screen does), or "hot-seat"."""
    if not game.options.get("computer"):
        return "hot-seat"
    return str(game.options.get("strength") or "normal")


def roads_result(game: Game) -> tuple[str, bool, int]:
    """(level, won, vp) of a finished Roads to Stalingrad game for statistics. Against the
    computer: the player's result ("victory", "defeat", "draw") and the player's VP; hot-seat:
    who won ("Axis won", "Soviet won", "draw") and the winner's VP (the higher when drawn)."""
    o = game.outcome
    vp = {"axis": o.axis_vp, "soviet": o.soviet_vp}
    computer = game.options.get("computer")
    if computer:
        player = "soviet" if computer == "axis" else "axis"
        level = "draw" if o.winner is None else "victory" if o.winner == player else "defeat"
        return level, o.winner == player, vp[player]
    if o.winner is None:
        return "draw", False, max(vp.values())
    return f"{o.winner.title()} won", True, vp[o.winner]


def _canonical(options: dict) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"), default=str)


def _moved_aside(path: Path, problem: str) -> str:
    """Move a damaged stats file aside, start a fresh one, and say so."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    try:
        _write_stats(path, [])
    except OSError:
        pass                          # the next result recorded starts it
    return (f"The statistics file was damaged ({problem}); it was moved to {target} "
            "and a fresh one was started.")


def _write_stats(path: Path, records: list[dict]) -> None:
    doc = {"format": STATS_FORMAT, "version": STATS_VERSION, "games": records}
    write_atomic(path, json.dumps(doc, indent=1))


def _check_stats(text: str) -> list[dict]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the JSON is broken ({exc.msg}: line {exc.lineno}, column {exc.colno})") from None
    if not isinstance(doc, dict) or doc.get("format") != STATS_FORMAT:
        raise ValueError("not a wartable statistics file")
    if not isinstance(doc.get("version"), int) or doc["version"] > STATS_VERSION:
        raise ValueError(f"unknown format version {doc.get('version')!r}")
    records = doc.get("games")
    if not isinstance(records, list):
        raise ValueError("the list of games is missing")
    for number, rec in enumerate(records, start=1):
        if not isinstance(rec, dict):
            raise ValueError(f"game record {number} is not a table")
        for field, kind in _RECORD_FIELDS.items():
            value = rec.get(field)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise ValueError(f"game record {number}: field '{field}' is missing or of the wrong kind")
        for field, kind in _OPTIONAL_FIELDS.items():
            if field not in rec:
                continue
            value = rec[field]
            if (not isinstance(value, kind) or (kind is int and isinstance(value, bool))
                    or (kind is int and abs(value) > _MAX_VP) or (kind is str and len(value) > _MAX_AGAINST)):
                raise ValueError(f"game record {number}: field '{field}' is of the wrong kind or too large")
    return records


class StatsUnavailable(Exception):
    """stats.json cannot be read, or is damaged and cannot be moved aside: the message says
    which; nothing was changed."""


def _read_stats() -> tuple[list[dict], str | None]:
    """The records in stats.json, and a warning if the file had to be moved aside.

    StatsUnavailable when it cannot be read, or is damaged and cannot be moved aside (a
    read-only or full disk): the damaged file is then left exactly as it is.
    """
    path = stats_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], None
    except OSError as exc:            # unreadable, or the data directory is not a folder
        raise StatsUnavailable(f"The statistics file {path} cannot be read: {exc.strerror or exc}.") from None
    try:
        return _check_stats(data.decode("utf-8")), None
    except (UnicodeDecodeError, ValueError) as exc:
        problem = "it is not text" if isinstance(exc, UnicodeDecodeError) else str(exc)
        try:
            return [], _moved_aside(path, problem)
        except OSError as move:
            raise StatsUnavailable(
                f"The statistics file {path} is damaged ({problem}) and could not be moved aside "
                f"({move.strerror or move}); it was left as it is.") from None


def record_result(game: Game) -> str | None:
    """Add a finished game to stats.json (once: the same game recorded again changes nothing).

    Returns a warning when a damaged stats file had to be moved aside, or when the result could
    not be recorded because stats.json cannot be read or moved aside; else None.
    An unfinished game is not recorded.
    """
    outcome = game.outcome
    if outcome is None:
        return None
    try:
        records, warning = _read_stats()
    except StatsUnavailable as exc:
        return f"{exc} This result was not added to the statistics."
    options = json.loads(_canonical(game.options))
    key = (game.game_id, game.seed, _canonical(options), len(game.log))
    for rec in records:
        if (rec["game"], rec["seed"], _canonical(rec["options"]), rec["commands"]) == key:
            return warning
    level = str(getattr(outcome, "level", "") or "")
    won = bool(getattr(outcome, "won", level not in ("", "defeat")))
    vp = getattr(outcome, "vp", 0)
    totals = getattr(outcome, "totals", None)
    if isinstance(totals, dict) and totals:        # the hot-seat campaigns: who won, best score
        winner = getattr(outcome, "winner", None)
        level = level or (f"{winner} won" if winner else "draw")
        won = winner is not None
        vp = max(v for v in totals.values() if isinstance(v, int))
    extra: dict[str, Any] = {}
    if game.game_id == "roads":
        level, won, vp = roads_result(game)
        extra = {"against": roads_against(game), "axis_vp": int(outcome.axis_vp),
                 "soviet_vp": int(outcome.soviet_vp)}
    records.append({
        "game": game.game_id,
        "mode": game_mode(game),
        "level": level,
        "won": won,
        "vp": int(vp) if isinstance(vp, int) else 0,
        "date": datetime.now().astimezone().isoformat(timespec="seconds"),
        "seed": game.seed,
        "options": options,
        "commands": len(game.log),
        **extra,
    })
    _write_stats(stats_path(), records)
    return warning


def stats_summary() -> tuple[list[dict[str, Any]], str | None]:
    """One row per game and mode (dicts: game, mode, played, won, brilliant, best_vp), and a
    warning when a damaged stats file had to be moved aside (else None). StatsUnavailable
    when the file cannot be read, or is damaged and cannot be moved aside."""
    records, warning = _read_stats()
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for rec in records:
        row = rows.setdefault((rec["game"], rec["mode"]), {
            "game": rec["game"], "mode": rec["mode"], "played": 0, "won": 0, "brilliant": 0,
            "best_vp": rec["vp"]})
        row["played"] += 1
        row["won"] += rec["won"]
        row["brilliant"] += rec["level"] == "brilliant"
        row["best_vp"] = max(row["best_vp"], rec["vp"])

    def order(key: tuple[str, str]) -> tuple[str, int, str]:
        game, mode = key
        return game, MODES.index(mode) if mode in MODES else len(MODES), mode

    return [rows[k] for k in sorted(rows, key=order)], warning


ROADS_SHOWN = 50            # the latest Roads games the statistics screen lists


def roads_games(limit: int = ROADS_SHOWN) -> tuple[list[dict[str, str]], str | None]:
    """The latest finished Roads to Stalingrad games, newest first (dicts of text: date,
    against, result, axis_vp, soviet_vp; "-" where a record written before issue 23 does not
    say), and a warning as ``stats_summary``'s. StatsUnavailable as ``stats_summary``."""
    records, warning = _read_stats()
    rows = []
    for rec in reversed(records):
        if rec["game"] != "roads":
            continue
        against = rec.get("against")
        if against is None:               # an older record: its options say whom
            options = rec["options"]
            against = str(options.get("strength") or "normal") if options.get("computer") else "hot-seat"
        rows.append({"date": rec["date"][:10], "against": str(against), "result": rec["level"],
                     "axis_vp": str(rec["axis_vp"]) if "axis_vp" in rec else "-",
                     "soviet_vp": str(rec["soviet_vp"]) if "soviet_vp" in rec else "-"})
        if len(rows) >= limit:
            break
    return rows, warning


# ==========================================================================================
# Settings
# ==========================================================================================
DEFAULT_KEYS: dict[str, str] = {
    "undo": "u", "help": "question_mark", "back": "q", "save": "s", "rules": "r", "log": "l",
    "confirm": "enter",
}


# `!`, the hint on the Fall Blau and Roads screens, by Textual's name and as typed: not remapped,
# and no action may take it (one key, one meaning)
HINT_KEYS = frozenset({"exclamation_mark", "!"})


def load_keymap() -> dict[str, str]:
    """The key for each action: the defaults, overridden by the ``[keys]`` table of config.toml.

    A missing file means the defaults. Anything wrong raises ValueError naming the file, the
    action and the problem.
    """
    path = config_path()
    keys = dict(DEFAULT_KEYS)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return keys
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: the settings file cannot be read ({exc}).") from None
    import tomllib                        # only when there is a settings file
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML: {exc}.") from None
    table = doc.get("keys", {})
    if not isinstance(table, dict):
        raise ValueError(f"{path}: 'keys' must be a table ([keys]) mapping actions to keys.")
    known = ", ".join(DEFAULT_KEYS)
    for action, key in table.items():
        if action not in DEFAULT_KEYS:
            raise ValueError(f"{path}: [keys] names an unknown action '{action}' (actions: {known}).")
        if not isinstance(key, str):
            raise ValueError(f"{path}: [keys] action '{action}': the key must be a string "
                             f"such as \"u\" or \"ctrl+z\", not {key!r}.")
        if not key.strip():
            raise ValueError(f"{path}: [keys] action '{action}': the key is empty.")
        keys[action] = key.strip()
    seen: dict[str, str] = {}
    screen_letters = set(DEFAULT_KEYS.values())
    for action, key in keys.items():
        for one in (k.strip() for k in key.split(",")):
            if len(one) == 1 and one.isalnum() and one not in screen_letters:
                # the menus give every other letter and digit to an action or an entry
                # (tui/roads/keys.py): one key, one meaning (issue 23, item 12)
                raise ValueError(f"{path}: [keys] action '{action}': '{one}' is a key the menus "
                                 f"give to their actions and entries; use a named key or a "
                                 f"combination such as \"ctrl+z\" or \"f2\", or swap with "
                                 f"another of u, q, s, r, l.")
            if one in HINT_KEYS:
                raise ValueError(f"{path}: [keys] action '{action}': '{one}' is the hint's key "
                                 f"on the Fall Blau and Roads screens; choose another.")
            if one in seen:
                raise ValueError(f"{path}: [keys] action '{action}': the key '{one}' is already "
                                 f"used by '{seen[one]}'.")
            seen[one] = action
    return keys


# the [settings] table: each setting, its default (its type is the default's)
DEFAULT_SETTINGS: dict[str, bool | str] = {
    "confirmations": True,      # ask before a roll, a withdrawal, the end of a turn, a loss
    "roads_strength": "normal",  # the computer's strength in a new Roads game (the last chosen)
}
# the settings that take one of a few words (rules.roads.bots.SEARCH_BOTS for the strength)
SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "roads_strength": ("easy", "normal", "hard", "expert"),
}


def _setting_problem(name: str, value: object) -> str:
    """Why ``value`` cannot be setting ``name`` ("" when it can)."""
    if name in SETTING_CHOICES:
        choices = SETTING_CHOICES[name]
        if value not in choices:
            return f"must be one of {', '.join(repr(c) for c in choices)}, not {value!r}"
    elif not isinstance(value, bool):
        return f"must be true or false, not {value!r}"
    return ""


def _config_doc() -> dict:
    path = config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: the settings file cannot be read ({exc}).") from None
    import tomllib                        # only when there is a settings file
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML: {exc}.") from None


def load_settings() -> dict[str, bool | str]:
    """The ``[settings]`` table of config.toml over the defaults. Anything wrong raises
    ValueError naming the file, the setting and the problem."""
    path = config_path()
    settings = dict(DEFAULT_SETTINGS)
    table = _config_doc().get("settings", {})
    if not isinstance(table, dict):
        raise ValueError(f"{path}: 'settings' must be a table ([settings]).")
    for name, value in table.items():
        if name not in DEFAULT_SETTINGS:
            raise ValueError(f"{path}: [settings] names an unknown setting '{name}' "
                             f"(settings: {', '.join(DEFAULT_SETTINGS)}).")
        problem = _setting_problem(name, value)
        if problem:
            raise ValueError(f"{path}: [settings] '{name}' {problem}.")
        settings[name] = value
    return settings


def save_setting(name: str, value: bool | str) -> Path:
    """Write one setting into config.toml's ``[settings]`` table, keeping the rest of the file
    as it is (the [keys] table, comments)."""
    if name not in DEFAULT_SETTINGS or _setting_problem(name, value):
        raise ValueError(f"unknown setting or value: {name} = {value!r}")
    path = config_path()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        lines = []
    if isinstance(value, bool):
        line = f"{name} = {'true' if value else 'false'}"
    else:
        line = f'{name} = "{value}"'                 # one of SETTING_CHOICES: plain words
    table = None
    for i, text in enumerate(lines):
        stripped = text.strip()
        if stripped.startswith("["):
            table = stripped
            if table == "[settings]":
                start = i
        elif table == "[settings]" and re.match(rf"{name}\s*=", stripped):
            lines[i] = line
            break
    else:
        if "[settings]" in (t.strip() for t in lines):
            lines.insert(start + 1, line)
        else:
            lines += ([""] if lines else []) + ["[settings]", line]
    text = "\n".join(lines) + "\n"
    import tomllib
    tomllib.loads(text)                   # never write a file that would not read back
    write_atomic(path, text)
    return path


# ==========================================================================================
# Exports
# ==========================================================================================
def exports_dir() -> Path:
    return data_dir() / "exports"


def export_markdown(documents: dict[str, str]) -> list[Path]:
    """Write each Markdown document as exports/<name>-<date and time>.md (atomically)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    paths = []
    for name, text in documents.items():
        path = exports_dir() / f"{name}-{stamp}.md"
        write_atomic(path, text)
        paths.append(path)
    return paths

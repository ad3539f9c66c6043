"""Hosted games: one two-player game in one folder of the data directory, one join code per seat.

    <data dir>/serve/games/<id>/game.json    the game: a sealed save, rewritten after every command
    <data dir>/serve/games/<id>/seats.json   the seats: side, label and join code of each, and
                                             the watch code when the game allows spectators
    <data dir>/serve/games/<id>/lock         taken (flock) while a seat applies a command

A seat process applies its own commands under the lock and rewrites game.json; the other seats
see the file change and replay the new commands (``tui.serve.seat``). A join code names one seat
of one game: connecting with it again takes that seat back. A watch code names a game a
spectator may watch (read-only, the public view: ``tui.serve.spectator``); a game made with
``spectators=False`` has none, and nobody may watch it. Plain Python: no Textual.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import secrets
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rules.core.files import write_atomic
from rules.core.save import dumps
from tui import storage

HOSTABLE = ("roads", "toi", "victory")
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"      # no 0/o, 1/l/i: read out loud safely
CODE_RE = re.compile(r"[a-z2-9]{5}-[a-z2-9]{5}\Z")
_ID_RE = re.compile(r"[a-z0-9-]{1,40}\Z")


def serve_dir() -> Path:
    return storage.data_dir() / "serve"


def games_dir() -> Path:
    return serve_dir() / "games"


def new_code() -> str:
    """A join code: ten letters and digits from a 31-sign alphabet (about 50 bits)."""
    chars = "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))
    return f"{chars[:5]}-{chars[5:]}"


@dataclass(frozen=True)
class Seat:
    game_dir: Path
    game_id: str          # "roads"
    side: str             # Roads: "axis" or "soviet"; Tide of Iron and Victory: the player's name
    label: str            # "Axis", or the player's name
    code: str
    key: str = ""         # the key folder ("key-…") of the SSH key that last took this seat

    @property
    def save_path(self) -> Path:
        return self.game_dir / "game.json"

    @property
    def lock_path(self) -> Path:
        return self.game_dir / "lock"


@dataclass(frozen=True)
class Watch:
    """A hosted game as a spectator reaches it: by its watch code, or from the lobby."""
    game_dir: Path
    game_id: str
    code: str

    @property
    def save_path(self) -> Path:
        return self.game_dir / "game.json"


def _seats(game) -> list[tuple[str, str]]:
    """(seat, label) of each player of a new game: Roads by side, the others by player name."""
    if game.game_id == "roads":
        return [("axis", "Axis"), ("soviet", "Soviet")]
    if game.game_id == "toi":
        return [(p, p) for p in game.options["players"]]
    return [(p, p) for p in game.players]


def create(game_id: str, *, seed: int | None = None, stamp: str | None = None, root: Path | None = None,
           spectators: bool = True, **options) -> list[Seat]:
    """Start a new hosted game (``options`` go to its ``new_game``: players, mode, teams) and
    give each seat its join code; ``spectators``: the game may be watched, by a watch code of
    its own (``watch_of``). ValueError for a game that cannot be hosted or bad options.
    ``stamp`` names its folder (the lobby's id), in ``root`` (default: ``games_dir()``)."""
    if game_id not in HOSTABLE:
        raise ValueError(f"'{game_id}' cannot be hosted with seats (hosted games: {', '.join(HOSTABLE)}).")
    from rules.registry import factories
    seed = secrets.randbelow(1_000_000_000) if seed is None else seed
    game = factories()[game_id](seed=seed, **{k: v for k, v in options.items() if v is not None})
    stamp = stamp or new_id(game_id)
    if not _ID_RE.match(stamp):
        raise ValueError(f"'{stamp}' cannot name a hosted game.")
    root = games_dir() if root is None else root
    folder = root / stamp
    # made whole under a name no listing reads, then renamed into place: the rename is what
    # changes the games folder, so the code index never caches a game without its seats
    making = root / f".{stamp}"
    making.mkdir(parents=True, exist_ok=False, mode=0o700)
    write_atomic(making / "game.json", dumps(game))
    seats = [{"side": side, "label": label, "code": new_code()} for side, label in _seats(game)]
    doc = {"game": game_id, "seats": seats}
    if spectators:
        doc["watch"] = new_code()
    write_atomic(making / "seats.json", json.dumps(doc, indent=1))
    os.chmod(making / "seats.json", 0o600)
    os.rename(making, folder)
    return [Seat(folder, game_id, s["side"], s["label"], s["code"]) for s in seats]


def new_id(game_id: str) -> str:
    return f"{game_id}-{secrets.token_hex(4)}"


def seat_data_dir(seat: Seat) -> Path:
    """The data folder (settings, cache) of a seat taken by its join code: beside the hosted
    games, never inside one, so nothing done in the app reaches a game's own files. (A seat
    taken with an SSH key runs in that key's folder.)"""
    digest = hashlib.sha256(f"{seat.game_dir.name}/{seat.side}".encode()).hexdigest()[:16]
    return serve_dir() / "seats" / f"seat-{digest}"


def watch_data_dir(watch: Watch) -> Path:
    """The data folder of the spectators who came by a game's watch code (settings only: a
    spectator writes nothing of the game), beside the hosted games as a seat's is."""
    digest = hashlib.sha256(f"{watch.game_dir.name}/watch".encode()).hexdigest()[:16]
    return serve_dir() / "seats" / f"watch-{digest}"


def watches_of(seats: list[Seat]) -> list[Watch]:
    """The watch codes of the games of ``seats`` (each game once, in order; those that may be
    watched): what ``serve`` prints beside the join codes."""
    out: dict[Path, Watch] = {}
    for seat in seats:
        if seat.game_dir not in out:
            watch = watch_of(seat.game_dir)
            if watch is not None:
                out[seat.game_dir] = watch
    return list(out.values())


def seats_of(folder: Path) -> list[Seat]:
    """The seats of the hosted game in ``folder`` ([] when it is not one, or is damaged)."""
    try:
        doc = json.loads((folder / "seats.json").read_text(encoding="utf-8"))
        game_id = doc["game"]
        if game_id not in HOSTABLE:
            return []
        return [Seat(folder, game_id, str(s["side"]), str(s["label"]), str(s["code"]), str(s.get("key", "")))
                for s in doc["seats"]]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def watch_of(folder: Path) -> Watch | None:
    """The game in ``folder`` as a spectator may watch it, or None: not a hosted game, damaged,
    or made with spectators refused. The lobby's "games you may watch" asks this."""
    try:
        doc = json.loads((Path(folder) / "seats.json").read_text(encoding="utf-8"))
        game_id, code = doc["game"], doc.get("watch")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if game_id not in HOSTABLE or not isinstance(code, str) or not CODE_RE.match(code):
        return None
    return Watch(Path(folder), game_id, code)


def watch_by_id(game_id: str) -> Watch | None:
    """The hosted game ``game_id`` (its folder's name, e.g. ``roads-1f2e3d4c``) as a spectator
    may watch it, or None: no such game, a name that is not a game's, or watching refused. The
    lobby's entry: it runs the spectator of ``watch.game_dir`` (over SSH, the zygote's entry
    ``spectator GAME_DIR``; in an app, ``tui.serve.spectator.SpectatorScreen(watch)``)."""
    if not isinstance(game_id, str) or not _ID_RE.match(game_id) or game_id.startswith("."):
        return None
    return watch_of(games_dir() / game_id)


def _folders() -> list[Path]:
    try:
        return sorted(p for p in games_dir().iterdir() if p.is_dir() and _ID_RE.match(p.name))
    except OSError:
        return []


def all_watches() -> list[Watch]:
    """Every hosted game that may be watched."""
    return [w for w in map(watch_of, _folders()) if w is not None]


def all_seats() -> list[Seat]:
    return [seat for folder in _folders() for seat in seats_of(folder)]


class CodeIndex:
    """Join code -> seat and watch code -> game, held in memory and read again only when the
    games folder changes (a game made or removed changes its mtime): a guess costs one stat and
    one dict look-up, not a read of every game's seats.json. Keyed by a digest of the code, so the look-up's timing
    tells nothing of how near a guess came."""

    def __init__(self) -> None:
        self._stamp: tuple | None = None
        self._seats: dict[bytes, Seat] = {}
        self._watches: dict[bytes, Watch] = {}

    @staticmethod
    def _digest(code: str) -> bytes:
        return hashlib.sha256(code.encode()).digest()

    def _fresh(self) -> None:
        folder = games_dir()
        try:
            st = folder.stat()
            stamp = (str(folder), st.st_ino, st.st_mtime_ns)
        except OSError:
            stamp = (str(folder), None, None)
        if stamp != self._stamp:
            self._seats = {self._digest(seat.code): seat for seat in all_seats()}
            self._watches = {self._digest(w.code): w for w in all_watches()}
            self._stamp = stamp

    def find(self, code: str) -> Seat | None:
        code = code.strip().lower()
        if not CODE_RE.match(code):
            return None
        self._fresh()
        return self._seats.get(self._digest(code))

    def find_watch(self, code: str) -> Watch | None:
        code = code.strip().lower()
        if not CODE_RE.match(code):
            return None
        self._fresh()
        return self._watches.get(self._digest(code))


_index = CodeIndex()


def find(code: str) -> Seat | None:
    """The seat a join code names, or None (a malformed code is never looked up)."""
    return _index.find(code)


def find_watch(code: str) -> Watch | None:
    """The game a watch code names, or None (a malformed code is never looked up)."""
    return _index.find_watch(code)


@contextmanager
def locked(seat: Seat):
    """Hold the game's lock while a seat reads, applies and writes (one writer at a time)."""
    fd = os.open(seat.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def claim(seat: Seat, key: str) -> Seat:
    """Note that the SSH key ``key`` holds ``seat`` (``resume`` takes it back with that key)."""
    with locked(seat):
        doc = json.loads((seat.game_dir / "seats.json").read_text(encoding="utf-8"))
        for entry in doc["seats"]:
            if entry["side"] == seat.side:
                entry["key"] = key
        write_atomic(seat.game_dir / "seats.json", json.dumps(doc, indent=1))
        os.chmod(seat.game_dir / "seats.json", 0o600)
    return Seat(seat.game_dir, seat.game_id, seat.side, seat.label, seat.code, key)


def held_by(key: str) -> Seat | None:
    """The seat ``key`` took last, in the game played most recently (None: it holds none)."""
    held = [s for s in all_seats() if key and s.key == key]

    def played(seat: Seat) -> float:
        try:
            return seat.save_path.stat().st_mtime
        except OSError:
            return 0.0
    return max(held, key=played, default=None)


def write(seat: Seat, game) -> None:
    write_atomic(seat.save_path, dumps(game))

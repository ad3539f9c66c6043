"""The lobby's records: players, their keys, hosted games, seats, whose turn, turn notices
(issue 24, item 5). One SQLite file, ``<data dir>/serve/lobby.sqlite3``, in WAL mode; the games'
own saves stay the record of each game (``tui.serve.games``).

This module is the only one that speaks SQL: everything else uses the methods of ``Store``, a
narrow interface a club could move to PostgreSQL (README, "Hosting"). Every write is one
transaction, committed before the method returns (``synchronous=FULL``): a server killed at any
moment (kill -9) keeps every record a method has returned from. Several processes open the
file at once (the server, each player's lobby): writers wait their turn (``busy_timeout``).

The schema is built by the numbered steps of ``MIGRATIONS``, each run once, in order, in one
transaction with the new ``user_version``: a file of an older version is brought up to date when
it is opened, one of a newer version (a newer wartable's) is refused.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

FILE = "lobby.sqlite3"
SIDE_FILES = ("-wal", "-shm")             # SQLite's own beside it, in WAL mode
BUSY_MS = 5000
MAX_NAME = 32                             # characters of a player's name
TABLE = "[table]"                         # in to_play: the players' own table, none of them
                                          # (brackets are never in a name: check_name)

MIGRATIONS: tuple[str, ...] = (
    # 1: players and their keys, games and their seats
    """
    CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                          created REAL NOT NULL);
    CREATE TABLE keys (folder TEXT PRIMARY KEY, player INTEGER NOT NULL REFERENCES players(id));
    CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, created REAL NOT NULL,
                        creator INTEGER REFERENCES players(id), watchable INTEGER NOT NULL,
                        to_play TEXT NOT NULL DEFAULT '', since REAL NOT NULL,
                        last_move TEXT NOT NULL DEFAULT '', over INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE seats (game TEXT NOT NULL REFERENCES games(id), side TEXT NOT NULL,
                        label TEXT NOT NULL, player INTEGER REFERENCES players(id),
                        reserved TEXT COLLATE NOCASE, PRIMARY KEY (game, side));
    CREATE INDEX seats_player ON seats(player);
    """,
    # 2: turn notices, one per (game, player, turn): sent once, or dropped as stale
    """
    CREATE TABLE notices (id INTEGER PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id),
                          player INTEGER NOT NULL REFERENCES players(id), since REAL NOT NULL,
                          made REAL NOT NULL, done REAL, outcome TEXT NOT NULL DEFAULT '',
                          UNIQUE (game, player, since));
    """,
    # 3: a game's options, and whether its save is made (when its last seat is taken)
    """
    ALTER TABLE games ADD COLUMN options TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN started INTEGER NOT NULL DEFAULT 1;
    """,
)


class StoreError(Exception):
    """The lobby's file cannot be used (said to the host in one line)."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str


@dataclass(frozen=True)
class SeatRow:
    side: str
    label: str
    player: str | None        # the name of who holds it
    reserved: str | None      # the name it is kept for, while nobody holds it


@dataclass(frozen=True)
class GameRow:
    id: str                   # the hosted game's folder name
    game: str                 # "roads", "toi", "victory"
    created: float
    watchable: bool
    to_play: tuple[str, ...]  # the sides (seats) the game waits for, or (TABLE,)
    since: float              # when it came to them
    last_move: str
    over: bool
    seats: tuple[SeatRow, ...]
    options: dict
    started: bool             # its save is made: every seat was taken

    def full(self) -> bool:
        return all(s.player is not None for s in self.seats)

    def seat_of(self, name: str) -> SeatRow | None:
        return next((s for s in self.seats if s.player is not None and s.player.lower() == name.lower()), None)

    @property
    def at_table(self) -> bool:
        """Whether the game waits on its players' own table (a Tide of Iron battle, its set-up
        or its result), which either player enters: nobody's turn."""
        return TABLE in self.to_play

    def waits_for(self, name: str) -> bool:
        seat = self.seat_of(name)
        return seat is not None and seat.side in self.to_play


@dataclass(frozen=True)
class Notice:
    id: int
    game: str
    game_name: str
    player: str
    since: float


def path_in(serve_dir: Path) -> Path:
    return Path(serve_dir) / FILE


def files(serve_dir: Path) -> list[Path]:
    """The store's files: what a player's lobby process may read and write, and nothing else."""
    main = path_in(serve_dir)
    return [main] + [main.with_name(main.name + s) for s in SIDE_FILES]


class Store:
    """The lobby's records in one SQLite file (made, and brought up to date, when opened)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(str(self.path), timeout=BUSY_MS / 1000, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the lobby's records cannot be opened ({exc}).") from None

    @classmethod
    def open_in(cls, serve_dir: Path) -> "Store":
        Path(serve_dir).mkdir(parents=True, exist_ok=True, mode=0o700)
        return cls(path_in(serve_dir))

    def close(self) -> None:
        self.db.close()

    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self) -> None:
        with self._write():
            have = self.version()
            if have > len(MIGRATIONS):
                raise StoreError(f"{self.path} is of version {have}, newer than this wartable's "
                                 f"({len(MIGRATIONS)}); upgrade wartable.")
            for number in range(have, len(MIGRATIONS)):
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        self.db.execute(statement)
            self.db.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")

    def _write(self):
        """One transaction, taken for writing at once (no deadlock between two readers that
        both turn writers): committed on leaving, rolled back on an exception."""
        store = self

        class _Tx:
            def __enter__(self):
                store.db.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind, exc, tb):
                store.db.execute("COMMIT" if kind is None else "ROLLBACK")
                return False
        return _Tx()

    # -- players and keys ----------------------------------------------------------------
    def player_of_key(self, folder: str) -> Player | None:
        row = self.db.execute("SELECT p.id, p.name FROM keys k JOIN players p ON p.id = k.player "
                              "WHERE k.folder = ?", (folder,)).fetchone()
        return Player(*row) if row else None

    def name_key(self, folder: str, name: str) -> Player:
        """Give the key ``folder`` the player ``name`` (made when new); ValueError when the
        name is not one (``check_name``) or another key's player has it."""
        name = check_name(name)
        with self._write():
            row = self.db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
            if row is None:
                pid = self.db.execute("INSERT INTO players (name, created) VALUES (?, ?)",
                                      (name, time.time())).lastrowid
            else:
                pid = row[0]
                held = self.db.execute("SELECT folder FROM keys WHERE player = ? AND folder != ?",
                                       (pid, folder)).fetchone()
                if held is not None:
                    raise ValueError(f"The name {name} is taken by another player.")
            self.db.execute("INSERT INTO keys (folder, player) VALUES (?, ?) "
                            "ON CONFLICT(folder) DO UPDATE SET player = excluded.player", (folder, pid))
        return Player(pid, name)

    def _player_id(self, name: str) -> int | None:
        row = self.db.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    # -- games and seats -----------------------------------------------------------------
    def add_game(self, game_id: str, game: str, creator: str | None, seats: list[tuple[str, str]],
                 *, taken: dict[str, str] | None = None, reserved: dict[str, str] | None = None,
                 watchable: bool = True, to_play: tuple[str, ...] = (), last_move: str = "",
                 options: dict | None = None, started: bool = True) -> None:
        """Record a new hosted game: its seats (side, label), those ``taken`` (side -> player's
        name) and those ``reserved`` (side -> the name of the one player who may take it)."""
        taken, reserved = taken or {}, reserved or {}
        now = time.time()
        with self._write():
            self.db.execute("INSERT INTO games (id, game, created, creator, watchable, to_play, since, last_move, "
                            "options, started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (game_id, game, now, self._player_id(creator) if creator else None,
                             int(watchable), ",".join(to_play), now, last_move, json.dumps(options or {}),
                             int(started)))
            for side, label in seats:
                holder = self._player_id(taken[side]) if side in taken else None
                self.db.execute("INSERT INTO seats (game, side, label, player, reserved) VALUES (?, ?, ?, ?, ?)",
                                (game_id, side, label, holder,
                                 check_name(reserved[side]) if side in reserved else None))

    def take_seat(self, game_id: str, side: str, name: str) -> bool:
        """Seat ``name`` at ``side`` when it is free (open to anyone, or kept for them), or
        theirs already; whether it is theirs now. One seat per player in a game."""
        with self._write():
            pid = self._player_id(name)
            if pid is None:
                return False
            row = self.db.execute("SELECT player, reserved FROM seats WHERE game = ? AND side = ?",
                                  (game_id, side)).fetchone()
            if row is None:
                return False
            holder, kept = row
            if holder == pid:
                return True
            if holder is not None or (kept is not None and kept.lower() != name.lower()):
                return False
            other = self.db.execute("SELECT 1 FROM seats WHERE game = ? AND player = ?", (game_id, pid)).fetchone()
            if other is not None:
                return False
            self.db.execute("UPDATE seats SET player = ?, reserved = NULL WHERE game = ? AND side = ?",
                            (pid, game_id, side))
        return True

    def game(self, game_id: str) -> GameRow | None:
        rows = self._games("WHERE g.id = ?", (game_id,))
        return rows[0] if rows else None

    def _games(self, where: str, args: tuple) -> list[GameRow]:
        found = self.db.execute(
            "SELECT g.id, g.game, g.created, g.watchable, g.to_play, g.since, g.last_move, g.over, g.options, "
            f"g.started FROM games g {where} ORDER BY g.since DESC", args).fetchall()
        out = []
        for gid, game, created, watchable, to_play, since, last, over, options, started in found:
            seats = tuple(SeatRow(side, label, holder, kept) for side, label, holder, kept in self.db.execute(
                "SELECT s.side, s.label, p.name, s.reserved FROM seats s LEFT JOIN players p ON p.id = s.player "
                "WHERE s.game = ? ORDER BY s.rowid", (gid,)))
            out.append(GameRow(gid, game, created, bool(watchable), tuple(filter(None, to_play.split(","))),
                               since, last, bool(over), seats, json.loads(options), bool(started)))
        return out

    def claim_start(self, game_id: str) -> GameRow | None:
        """The game, once, to the one caller who is to make its save: every seat taken and no
        save made yet (None for everyone else). ``started`` is set at once; ``unclaim`` sets
        it back when the save cannot be made."""
        with self._write():
            cur = self.db.execute("UPDATE games SET started = 1 WHERE id = ? AND started = 0 AND NOT EXISTS "
                                  "(SELECT 1 FROM seats WHERE game = ? AND player IS NULL)", (game_id, game_id))
            if cur.rowcount != 1:
                return None
        return self.game(game_id)

    def unclaim(self, game_id: str) -> None:
        with self._write():
            self.db.execute("UPDATE games SET started = 0 WHERE id = ?", (game_id,))

    def rename_seats(self, game_id: str, sides: dict[str, str]) -> None:
        """Give seats the sides the made game names them by (a player's name, in Tide of Iron
        and Victory: the seat the lobby made as "german" is its player's name once the save is)."""
        with self._write():
            for old, new in sides.items():
                if old != new:
                    self.db.execute("UPDATE seats SET side = ? WHERE game = ? AND side = ?", (new, game_id, old))

    def games_of(self, name: str) -> list[GameRow]:
        """The games ``name`` holds a seat in: those waiting for them first, the longest
        waiting first; then the others, the latest moved first."""
        mine = self._games("WHERE g.id IN (SELECT s.game FROM seats s JOIN players p ON p.id = s.player "
                           "WHERE p.name = ?)", (name,))
        return sorted(mine, key=lambda g: (g.over, not g.waits_for(name),
                                           g.since if g.waits_for(name) else -g.since))

    def open_games(self, name: str) -> list[GameRow]:
        """Games not over with a seat ``name`` may take (open, or kept for them), where they
        hold none yet."""
        return [g for g in self._games(
            "WHERE g.over = 0 AND EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND s.player IS NULL "
            "AND (s.reserved IS NULL OR s.reserved = ?))", (name,)) if g.seat_of(name) is None]

    def watchable(self, name: str) -> list[GameRow]:
        """Games under way that let spectators in, where ``name`` holds no seat."""
        return [g for g in self._games("WHERE g.watchable = 1 AND g.started = 1", ()) if g.seat_of(name) is None]

    def set_turn(self, game_id: str, to_play: tuple[str, ...], last_move: str, over: bool) -> list[str]:
        """Record whose turn it is now; the names of the players it has just come to (those of
        ``to_play`` it was not with before): the ones a notice may be sent to."""
        now = time.time()
        with self._write():
            row = self.db.execute("SELECT to_play FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return []
            before = set(filter(None, row[0].split(",")))
            joined = ",".join(to_play)
            if joined == row[0]:
                self.db.execute("UPDATE games SET last_move = ?, over = ? WHERE id = ?",
                                (last_move, int(over), game_id))
                return []
            self.db.execute("UPDATE games SET to_play = ?, since = ?, last_move = ?, over = ? WHERE id = ?",
                            (joined, now, last_move, int(over), game_id))
            new = [s for s in to_play if s not in before]
            names = []
            for side in new:
                if side == TABLE:             # every player is told the game is at the table
                    held = self.db.execute("SELECT p.name FROM seats s JOIN players p ON p.id = s.player "
                                           "WHERE s.game = ? ORDER BY s.rowid", (game_id,)).fetchall()
                else:
                    held = self.db.execute("SELECT p.name FROM seats s JOIN players p ON p.id = s.player "
                                           "WHERE s.game = ? AND s.side = ?", (game_id, side)).fetchall()
                names += [h[0] for h in held if h[0] not in names]
            return names

    def live_games(self) -> list[GameRow]:
        return self._games("WHERE g.over = 0 AND g.started = 1", ())

    # -- notices -----------------------------------------------------------------------------
    def add_notice(self, game_id: str, name: str) -> Notice | None:
        """A notice to ``name`` that ``game_id`` waits for them since its turn came (None:
        already made for this turn, or no such player)."""
        with self._write():
            pid = self._player_id(name)
            row = self.db.execute("SELECT since, game FROM games WHERE id = ?", (game_id,)).fetchone()
            if pid is None or row is None:
                return None
            cur = self.db.execute("INSERT OR IGNORE INTO notices (game, player, since, made) VALUES (?, ?, ?, ?)",
                                  (game_id, pid, row[0], time.time()))
            if cur.rowcount == 0:
                return None
            return Notice(cur.lastrowid, game_id, row[1], name, row[0])

    def notice_done(self, notice_id: int, outcome: str) -> None:
        with self._write():
            self.db.execute("UPDATE notices SET done = ?, outcome = ? WHERE id = ?",
                            (time.time(), outcome[:200], notice_id))

    def drop_stale_notices(self) -> int:
        """Mark as dropped every notice not yet done (a server that stopped before sending it):
        its turn may have passed; a new turn makes a new one. How many were dropped."""
        with self._write():
            return self.db.execute("UPDATE notices SET done = ?, outcome = 'stale: not sent before a restart' "
                                   "WHERE done IS NULL", (time.time(),)).rowcount

    def notices(self, game_id: str) -> list[tuple[str, float, float | None, str]]:
        """(player, since, done, outcome) of the notices of a game, oldest first."""
        return list(self.db.execute("SELECT p.name, n.since, n.done, n.outcome FROM notices n "
                                    "JOIN players p ON p.id = n.player WHERE n.game = ? ORDER BY n.id",
                                    (game_id,)))


def name_for_key(store: Store, key: str, comment: str) -> str:
    """The name a key's player goes by: the one kept for the key, else its comment in the
    authorized-keys file when that is a good name no other key has ("": ask them)."""
    known = store.player_of_key(key)
    if known is not None:
        return known.name
    try:
        return store.name_key(key, comment).name
    except (ValueError, sqlite3.Error):
        return ""


def check_name(name: str) -> str:
    """A player's name as kept: printable, at most ``MAX_NAME`` characters, words separated by
    one space; ValueError saying what is wrong."""
    if not isinstance(name, str):
        raise ValueError("A name is text.")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError("A name cannot be empty.")
    if len(cleaned) > MAX_NAME:
        raise ValueError(f"A name has at most {MAX_NAME} characters.")
    if not cleaned.isprintable() or any(c in cleaned for c in ",\\\"'`$;|&<>[]{}"):
        raise ValueError("A name holds letters, digits, spaces and simple punctuation only.")
    return cleaned

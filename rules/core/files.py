"""Save-file format constants, bounds, safe reading and atomic writes: light, so listing saves
stays fast.

A save may hold at most ``MAX_BYTES`` bytes, JSON nested at most ``MAX_DEPTH`` levels deep and
``MAX_COMMANDS`` commands; anything beyond is refused as a damaged save, saying the bound. Only a
regular file is read (a FIFO, a device or a folder is refused without waiting on it), and never
more than the bound.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import SaveError

FORMAT = "wartable-save"
VERSION = 3
MAX_NOTE = 1000               # characters in one public note of a command
MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 100
MAX_COMMANDS = 100_000

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_save_bytes(path: Path | str) -> bytes:
    """The bytes of a save file; SaveError with a clear message when it is not a regular file,
    cannot be read or is larger than ``MAX_BYTES``. Never blocks on a FIFO or a device."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise SaveError("There is no such save file.") from None
    except IsADirectoryError:
        raise SaveError("That is a folder, not a save file.") from None
    except OSError as exc:
        raise SaveError(f"The save file cannot be read: {exc.strerror or exc}.") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError("That is a folder, not a save file.")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError("That is not a regular file (a pipe, a device or a socket), so it is "
                            "not a save file; it was not read.")
        if info.st_size > MAX_BYTES:
            raise SaveError(too_big())
        chunks, total = [], 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > MAX_BYTES:
            raise SaveError(too_big())
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(f"The save file cannot be read: {exc.strerror or exc}.") from None
    finally:
        os.close(fd)


def too_big() -> str:
    return (f"This save is damaged: it is larger than a save may be ({MAX_BYTES // (1024 * 1024)} MB); "
            "it was not read.")


_NOT_BRACKETS = bytes(set(range(256)) - {ord(c) for c in "[]{}"})


def _pair_depth(brackets: bytes, limit: int) -> int:
    """Nesting depth of a bracket sequence, up to ``limit + 1``: each pass strips the innermost
    pairs (C-speed ``bytes.replace``)."""
    bare = brackets.replace(b"{", b"[").replace(b"}", b"]")
    depth = 0
    while bare and depth <= limit:
        inner = bare.replace(b"[]", b"")
        if len(inner) == len(bare):
            break                  # unbalanced brackets: the parser will say the JSON is broken
        bare, depth = inner, depth + 1
    return depth


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deep the JSON ``text`` nests, up to ``limit + 1``, without parsing it: a deeply nested
    file is refused before a parser recurses into it. A depth over ``limit`` is exact (brackets
    inside strings do not count); one within it may count them.

    The quick count takes every bracket; only when it passes ``limit`` are the strings taken out
    and the count made exact. (Brackets in strings could make a file look shallower than it is:
    such nesting is still refused, by the parser's own recursion limit.)"""
    raw = text.encode("utf-8", "replace")
    quick = _pair_depth(raw.translate(None, _NOT_BRACKETS), limit)
    if quick <= limit:
        return quick
    outside = "".join(text.replace("\\\\", "").replace('\\"', "").split('"')[::2])
    return _pair_depth(outside.encode("utf-8", "replace").translate(None, _NOT_BRACKETS), limit)


def bounds_problem(text: str) -> str | None:
    """Why save text is beyond what a save may hold (size, nesting), or None."""
    if len(text) > MAX_BYTES:
        return too_big()
    if nesting_depth(text) > MAX_DEPTH:
        return (f"This save is damaged: its JSON is nested more than {MAX_DEPTH} levels deep, "
                "deeper than any save wartable writes.")
    return None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)

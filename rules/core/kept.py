"""A game's content once read from its TOML and validated, kept on disk between runs: a process
that opens a saved game reads one pickle instead of parsing the TOML and structuring it with
cattrs again (neither tomllib nor cattrs is then imported).

The file is ``<game>-content-<digest>.pickle`` in ``CACHE_DIR``; the digest covers the Python
version, every TOML file under ``content/<game>/``, this module and ``rules/core/content.py``, and
the game's loader modules (the code that reads and checks the TOML). The file opens with a list
of the modules whose classes it holds, each with a digest of its source, checked before the
content is read: a class whose fields changed is never filled from an old file. So an edited
TOML file, loader or class is read and validated afresh, and the old file replaced.

Off unless a folder is given (``CACHE_DIR``): the terminal sets one under its data folder; the
rules alone, the tests and the tools always read the TOML. A file that cannot be read back (cut
short, damaged, from another version, foreign) is read afresh from the TOML and written again,
and so is one another user owns or may change (unpickling runs what the file says);
a folder that cannot be written (read-only, full, a file) only costs the next run the TOML.
"""

from __future__ import annotations

import io
import os
import pickle
import sys
import types
from importlib import import_module
from pathlib import Path
from typing import Any, Callable, TypeVar

from .cache_file import ours, write_whole
from .sha import sha256

T = TypeVar("T")

CACHE_DIR: Path | None = None
_MODULES = ("rules.core.kept", "rules.core.content")   # what every game's content goes through
_paths: dict[tuple[Path, str, tuple[str, ...], str], Path] = {}
_kept: dict[Path, Any] = {}


def _source(module: str) -> bytes:
    """The source of a module (imported if it is not yet: its classes are about to be used)."""
    found = sys.modules.get(module) or import_module(module)
    return Path(found.__file__).read_bytes()


def _tomls(folder) -> list:
    """Every TOML file under a content folder (an importlib Traversable), in a fixed order."""
    found = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            found += _tomls(entry)
        elif entry.name.endswith(".toml"):
            found.append(entry)
    return found


def _digest_path(folder: Path, game: str, loaders: tuple[str, ...], what: str = "content") -> Path:
    from rules.core.content import content_dir

    digest = sha256(sys.version.encode())
    for entry in _tomls(content_dir(game)):
        digest.update(entry.name.encode() + b"\0" + entry.read_bytes())
    for module in (*_MODULES, *loaders):
        digest.update(module.encode() + b"\0" + _source(module))
    return folder / f"{game}-{what}-{digest.hexdigest()[:32]}.pickle"


def _path(game: str, loaders: tuple[str, ...], what: str = "content") -> Path | None:
    """The file for the game's content as it is (its digest taken once per process)."""
    if CACHE_DIR is None:
        return None
    key = (Path(CACHE_DIR), game, loaders, what)
    found = _paths.get(key)
    if found is None:
        try:
            found = _paths[key] = _digest_path(key[0], game, loaders, what)
        except OSError:               # a content file cannot be read: no keeping, the TOML says why
            return None
    return found


def _classes_digest(modules: tuple[str, ...]) -> str:
    digest = sha256()
    for module in modules:
        digest.update(module.encode() + b"\0" + _source(module))
    return digest.hexdigest()


class _Pickler(pickle.Pickler):
    """Notes the module of every class (and function) the content holds: those that are not
    the standard library's (which the Python version covers) go into the file's header."""

    def __init__(self, file) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.modules: set[str] = set()

    def reducer_override(self, obj):
        module = (obj.__module__ if isinstance(obj, (type, types.FunctionType))
                  else type(obj).__module__)
        if module and module.partition(".")[0] not in sys.stdlib_module_names:
            self.modules.add(module)
        return NotImplemented


def kept(game: str, loaders: tuple[str, ...], kind: type | tuple[type, ...] = object,
         what: str = "content") -> Any | None:
    """The content kept for the game's files and code as they are now, or None (no folder, no
    file, or a file that is damaged, foreign, made by other code or not a ``kind``)."""
    path = _path(game, loaders, what)
    if path is None:
        return None
    if path in _kept:
        return _kept[path]
    try:
        with open(path, "rb") as f:
            if not ours(os.fstat(f.fileno())):
                return None
            modules, digest = pickle.load(f)
            if _classes_digest(modules) != digest:
                return None
            found = pickle.load(f)
    except Exception:                 # missing, cut short, foreign: read the TOML again
        return None
    if not isinstance(found, kind):
        return None
    _kept[path] = found
    return found


def keep(game: str, loaders: tuple[str, ...], content: Any, what: str = "content") -> None:
    """Write the validated content for the next run (written whole or not at all; older files
    of the game are removed). Never fails: at worst the next run reads the TOML again."""
    path = _path(game, loaders, what)
    if path is None:
        return
    _kept[path] = content

    def body() -> bytes:
        data = io.BytesIO()
        pickler = _Pickler(data)
        pickler.dump(content)
        modules = tuple(sorted(pickler.modules))
        head = pickle.dumps((modules, _classes_digest(modules)), protocol=pickle.HIGHEST_PROTOCOL)
        return head + data.getvalue()

    write_whole(path, body, f"{game}-{what}-*.pickle")


def kept_or_read(game: str, loaders: tuple[str, ...], read: Callable[[], T], kind: type[T],
                 what: str = "content") -> T:
    """The game's content (a ``kind``): kept from an earlier run, or ``read()`` (from the TOML,
    validated) and kept for the next. ``what``: another thing made from the game's content
    alone by the ``loaders``' code (a screen's tables), kept in a file of its own."""
    found = kept(game, loaders, kind, what)
    if found is not None:
        return found
    content = read()
    keep(game, loaders, content, what)
    return content

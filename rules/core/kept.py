"""A game's content once read from its TOML and validated, kept on disk between runs as plain
data (JSON): a process that opens a saved game reads one JSON file and builds the content's
attrs classes from it, instead of parsing the TOML and structuring it with cattrs again
(neither tomllib nor cattrs is then imported).

The file is ``<game>-content-<digest>.json`` in ``CACHE_DIR``; the digest covers the Python
version, every TOML file under ``content/<game>/``, this module and ``rules/core/content.py``,
and the game's loader modules (the code that reads and checks the TOML, where its classes
live). So an edited TOML file, loader or class is read and validated afresh, and the old file
replaced.

Nothing in the file is run. It is read with ``json`` and checked as it is read: it names the
classes it holds, each must be an attrs class of one of the game's loader modules with the
fields it has now, and each object is made by calling its class (its validators run); a body
whose SHA-256 is not the one the file gives, a value of another kind, or anything else out of
place, and the file is ignored: the TOML is read and validated afresh, and the file written
again. So is a file another user owns or may change.

Off unless a folder is given (``CACHE_DIR``): the terminal sets one under its data folder; the
rules alone, the tests and the tools always read the TOML. A folder that cannot be written
(read-only, full, a file) only costs the next run the TOML.
"""

from __future__ import annotations

import json
import os
import sys
from importlib import import_module
from pathlib import Path
from typing import Any, Callable, TypeVar

import attrs

from .cache_file import ours, write_whole
from .sha import sha256

T = TypeVar("T")

CACHE_DIR: Path | None = None
FORMAT = 1                                           # of the file: bumped when the encoding changes
_MODULES = ("rules.core.kept", "rules.core.content")   # what every game's content goes through
_paths: dict[tuple[Path, str, tuple[str, ...]], Path] = {}
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


def _digest_path(folder: Path, game: str, loaders: tuple[str, ...]) -> Path:
    from rules.core.content import content_dir

    digest = sha256(sys.version.encode())
    for entry in _tomls(content_dir(game)):
        digest.update(entry.name.encode() + b"\0" + entry.read_bytes())
    for module in (*_MODULES, *loaders):
        digest.update(module.encode() + b"\0" + _source(module))
    return folder / f"{game}-content-{digest.hexdigest()[:32]}.json"


def _path(game: str, loaders: tuple[str, ...]) -> Path | None:
    """The file for the game's content as it is (its digest taken once per process)."""
    if CACHE_DIR is None:
        return None
    key = (Path(CACHE_DIR), game, loaders)
    found = _paths.get(key)
    if found is None:
        try:
            found = _paths[key] = _digest_path(key[0], game, loaders)
        except OSError:               # a content file cannot be read: no keeping, the TOML says why
            return None
    return found


# ------------------------------------------------------------------------------------------
# The encoding. JSON has arrays, objects, text, numbers, true/false and null; the content has
# tuples, lists, dicts (keyed by text, numbers or frozensets), frozensets and attrs objects.
# A JSON array is a tuple (the content's most common container); every other container is
# an object with one key that says what it is: {"l": [...]} a list, {"d": [[k, v], ...]} a
# dict, {"s": [...]} a frozenset, {"o": [class number, field, ...]} an attrs object (fields
# in the class's order), {"r": n} the n-th object made (one shared by several places).
# ------------------------------------------------------------------------------------------
class _Writer:
    def __init__(self, modules: tuple[str, ...]) -> None:
        self.modules = modules
        self.classes: list[type] = []
        self.class_number: dict[type, int] = {}
        self.made: dict[int, int] = {}            # id(object) -> its number, in the order made
        self.alive: list[Any] = []                # keeps those ids unique while writing

    def value(self, v: Any) -> Any:
        kind = type(v)
        if v is None or kind in (str, int, float, bool):
            return v
        if kind is tuple:
            return [self.value(x) for x in v]
        if kind is list:
            return {"l": [self.value(x) for x in v]}
        if kind is dict:
            return {"d": [[self.value(k), self.value(x)] for k, x in v.items()]}
        if kind is frozenset:
            return {"s": sorted((self.value(x) for x in v), key=json.dumps)}
        if attrs.has(kind) and kind.__module__ in self.modules:
            number = self.made.get(id(v))
            if number is not None:
                return {"r": number}
            fields = [self.value(getattr(v, f.name)) for f in attrs.fields(kind) if f.init]
            if kind not in self.class_number:
                self.class_number[kind] = len(self.classes)
                self.classes.append(kind)
            self.made[id(v)] = len(self.alive)
            self.alive.append(v)
            return {"o": [self.class_number[kind], *fields]}
        raise TypeError(f"{kind.__name__} is not content that can be kept")


class _Damaged(Exception):
    """The file is not what this code writes: read the TOML again."""


def _classes(named: list, modules: tuple[str, ...]) -> list[tuple[type, tuple[str, ...]]]:
    """The classes a file names, each checked: an attrs class of one of the loader modules,
    with the fields (their names, in order) that it has now."""
    found = []
    for entry in named:
        if not (isinstance(entry, list) and len(entry) == 3 and entry[0] in modules):
            raise _Damaged
        module, name, fields = entry
        cls = getattr(sys.modules.get(module) or import_module(module), name, None) if isinstance(name, str) else None
        if not (isinstance(cls, type) and attrs.has(cls) and cls.__module__ == module):
            raise _Damaged
        init = tuple(f.alias for f in attrs.fields(cls) if f.init)
        if fields != [f.name for f in attrs.fields(cls) if f.init]:
            raise _Damaged
        found.append((cls, init))
    return found


_AS_IS = frozenset((str, int, float, bool, type(None)))      # JSON values that are content as read


class _Reader:
    def __init__(self, classes: list[tuple[type, tuple[str, ...]]]) -> None:
        self.classes = classes
        self.made: list[Any] = []

    def value(self, v: Any) -> Any:
        kind = type(v)
        if kind is list:                          # text and numbers, most of the content, as they are
            return tuple([x if type(x) in _AS_IS else self.value(x) for x in v])
        if kind is not dict:
            return v                              # text, a number, true/false, null
        if len(v) != 1:
            raise _Damaged
        (tag, body), = v.items()
        if tag == "o":
            if type(body) is not list or not body or type(body[0]) is not int or not 0 <= body[0] < len(self.classes):
                raise _Damaged
            cls, names = self.classes[body[0]]
            if len(body) != len(names) + 1:
                raise _Damaged
            made = cls(**{n: x if type(x) in _AS_IS else self.value(x) for n, x in zip(names, body[1:])})
            self.made.append(made)
            return made
        if tag == "r":
            if type(body) is not int or not 0 <= body < len(self.made):
                raise _Damaged
            return self.made[body]
        if type(body) is not list:
            raise _Damaged
        if tag == "l":
            return [self.value(x) for x in body]
        if tag == "s":
            return frozenset([self.value(x) for x in body])
        if tag == "d":
            if not all(type(pair) is list and len(pair) == 2 for pair in body):
                raise _Damaged
            return {k if type(k) in _AS_IS else self.value(k): x if type(x) in _AS_IS else self.value(x)
                    for k, x in body}
        raise _Damaged


def encode(content: Any, modules: tuple[str, ...]) -> bytes:
    """The file's bytes: a first line with the format, the classes and the body's SHA-256, then
    the body (the content's value). Raises TypeError for content that is not plain data and
    attrs objects of ``modules``."""
    writer = _Writer(modules)
    body = json.dumps(writer.value(content), separators=(",", ":")).encode()
    named = [[c.__module__, c.__qualname__, [f.name for f in attrs.fields(c) if f.init]] for c in writer.classes]
    head = {"format": FORMAT, "classes": named, "sha256": sha256(body).hexdigest()}
    return json.dumps(head, separators=(",", ":")).encode() + b"\n" + body


def decode(data: bytes, modules: tuple[str, ...]) -> Any:
    """The content ``encode`` wrote; ``_Damaged`` (or a TypeError/ValueError of a class's own
    checks) for anything else."""
    head_line, newline, body = data.partition(b"\n")
    if not newline:
        raise _Damaged
    head = json.loads(head_line)
    if not (isinstance(head, dict) and head.get("format") == FORMAT and isinstance(head.get("classes"), list)
            and head.get("sha256") == sha256(body).hexdigest()):
        raise _Damaged
    return _Reader(_classes(head["classes"], modules)).value(json.loads(body))


def kept(game: str, loaders: tuple[str, ...], kind: type | tuple[type, ...] = object) -> Any | None:
    """The content kept for the game's files and code as they are now, or None (no folder, no
    file, or a file that is damaged, foreign, made by other code or not a ``kind``)."""
    path = _path(game, loaders)
    if path is None:
        return None
    if path in _kept:
        return _kept[path]
    try:
        with open(path, "rb") as f:
            if not ours(os.fstat(f.fileno())):
                return None
            found = decode(f.read(), loaders)
    except Exception:                 # missing, cut short, damaged, foreign: read the TOML again
        return None
    if not isinstance(found, kind):
        return None
    _kept[path] = found
    return found


def keep(game: str, loaders: tuple[str, ...], content: Any) -> None:
    """Write the validated content for the next run (written whole or not at all; older files
    of the game are removed, the pickles of earlier versions too). Never fails: at worst the
    next run reads the TOML again."""
    path = _path(game, loaders)
    if path is None:
        return
    _kept[path] = content
    write_whole(path, lambda: encode(content, loaders), f"{game}-*-*.*")


def kept_or_read(game: str, loaders: tuple[str, ...], read: Callable[[], T], kind: type[T]) -> T:
    """The game's content (a ``kind``): kept from an earlier run, or ``read()`` (from the TOML,
    validated) and kept for the next."""
    found = kept(game, loaders, kind)
    if found is not None:
        return found
    content = read()
    keep(game, loaders, content)
    return content

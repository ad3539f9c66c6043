"""The methods attrs writes for the rules' classes, compiled once and kept between runs.

Every ``@attrs.define`` class gets its ``__init__``, ``__eq__``, ``__repr__``... as Python source
that attrs writes and compiles when the class is made: at each start that opens a game, some
fifty classes compiled (a third of the rules' import time). ``keep_methods(folder)`` keeps the
compiled code in ``attrs-methods-<Python>.marshal`` there, keyed by the exact source and file
name attrs gives, so the same source always gets the very code ``compile`` gives it (compiled
as attrs compiles it, with its module's ``__future__`` features); a class whose fields or
options change writes other source, compiled afresh and added. A class's ``__hash__`` is
compiled each run: attrs writes into it a number that differs from run to run (``_split``).

Off unless a folder is given: the terminal keeps it under its data folder's cache (as
``rules.core.kept`` keeps content); the rules alone, the tests and the tools compile as attrs
does. A file that cannot be read back (cut short, foreign, another Python or attrs) is ignored
and written again; only a file this user wrote and no one else may change is read (loading code
runs it). Nothing here changes what the classes do: attrs runs the same code either way.
"""

from __future__ import annotations

import marshal
import sys
import threading
from pathlib import Path
from types import CodeType
from typing import Any

from .cache_file import read_table, write_whole

# key -> the code, or its marshal bytes until first used (a start needs one game's classes of
# the four games' kept in the file: the others are never unmarshalled)
_codes: dict[tuple[str, str], CodeType | bytes] = {}
_path: Path | None = None
_dirty = False
_lock = threading.Lock()
_used: set[tuple[str, str]] = set()      # the keys this run asked for
# Every game's classes together write some 600 scripts; a file of many times that holds
# scripts of older versions of the code (each edit of a class adds its new ones): it is then
# written again with this run's scripts alone, so it never grows past this bound
MAX_KEPT = 4000


def _file(folder: Path) -> Path:
    """The file for this Python (its code and marshal format); the source attrs writes is in
    every key, so another attrs needs no file of its own."""
    from .sha import sha256
    return Path(folder) / f"attrs-methods-{sha256(sys.version.encode()).hexdigest()[:16]}.marshal"


def _read(path: Path) -> dict:
    return read_table(path, marshal.load)


def keep_methods(folder: Path) -> None:
    """From now on, attrs' generated methods are compiled once and kept in ``folder``: at once
    when attrs is imported already, or as soon as it is (a start that never makes a rules
    class, the launcher's, does not import attrs for this). A second call does nothing."""
    global _folder
    if _folder is not None:
        return
    _folder = Path(folder)
    if "attr._make" in sys.modules:
        _install(sys.modules["attr._make"])
    else:
        sys.meta_path.insert(0, _WhenImported)


_folder: Path | None = None


class _WhenImported:
    """A finder that only waits for ``attr._make`` to be imported, to hook it once loaded."""

    @staticmethod
    def find_spec(name: str, path=None, target=None):
        if name != "attr._make":
            return None
        sys.meta_path.remove(_WhenImported)
        from importlib.machinery import PathFinder
        spec = PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _Loader(spec.loader)
        return spec

    @staticmethod
    def invalidate_caches() -> None:
        pass


class _Loader:
    def __init__(self, loader) -> None:
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        self.loader.exec_module(module)
        _install(module)

    def __getattr__(self, name: str):
        return getattr(self.loader, name)


def _split(script: str) -> tuple[str, str | None]:
    """The script without its ``__hash__`` (blank lines in its place), and the ``__hash__``
    alone at the same lines (or None). attrs writes into ``__hash__`` the hash of a name,
    which differs from run to run (string hashes are salted per process): that function is
    compiled each run, the rest (the same text every run) is kept."""
    lines = script.split("\n")
    for start, line in enumerate(lines):
        if line.startswith("def __hash__("):
            break
    else:
        return script, None
    end = start + 1
    while end < len(lines) and (not lines[end] or lines[end][0] in " \t"):
        end += 1
    rest = "\n".join(lines[:start] + [""] * (end - start) + lines[end:])
    return rest, "\n" * start + "\n".join(lines[start:end])


def _install(make) -> None:
    """Hook attrs' compiling of the methods it writes (``attr._make._compile_and_eval``)."""
    global _path
    original = getattr(make, "_compile_and_eval", None)
    code = getattr(original, "__code__", None)
    if code is None or _folder is None or code.co_argcount != 4 \
            or code.co_varnames[:4] != ("script", "globs", "locs", "filename"):
        return                        # another attrs: it compiles as it always does
    _path = path = _file(_folder)
    _codes.update(_read(path))
    # compiled as attrs compiles it: with the __future__ features of attrs' own module
    import __future__
    features = 0
    for name in __future__.all_feature_names:
        features |= getattr(__future__, name).compiler_flag
    flags = original.__code__.co_flags & features

    def compile_and_eval(script: str, globs: dict | None, locs: Any = None, filename: str = "") -> None:
        global _dirty
        kept, fresh = _split(script)
        key = (kept, filename)
        _used.add(key)
        code = _codes.get(key)
        if type(code) is bytes:
            try:
                code = marshal.loads(code)
            except Exception:         # damaged: compiled again
                code = None
            if type(code) is CodeType:
                _codes[key] = code
            else:
                code = None
        if code is None:
            code = compile(kept, filename, "exec", flags, dont_inherit=True)
            with _lock:
                _codes[key] = code
                _dirty = True
        eval(code, globs, locs)
        if fresh is not None:
            eval(compile(fresh, filename, "exec", flags, dont_inherit=True), globs, locs)

    compile_and_eval.__wrapped__ = original    # type: ignore[attr-defined]
    make._compile_and_eval = compile_and_eval
    import atexit
    atexit.register(flush)


def flush() -> None:
    """Write what was compiled since the file was read (whole or not at all); never fails."""
    global _dirty
    path = _path
    if path is None or not _dirty:
        return
    with _lock:
        _dirty = False
        if len(_codes) > MAX_KEPT:            # mostly old code's scripts: keep this run's
            for key in [k for k in _codes if k not in _used]:
                del _codes[key]
        body = marshal.dumps({key: code if type(code) is bytes else marshal.dumps(code)
                              for key, code in _codes.items()})
    write_whole(path, lambda: body, "attrs-methods-*.marshal")

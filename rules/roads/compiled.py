"""Roads content once read and validated, kept on disk between runs: a process that opens a
Roads game reads one pickle (about 10 ms) instead of parsing and validating the TOML again
(about 100 ms). The file is named by a digest of the TOML files, of the code that reads them and
of the Python version, so an edited file or a changed loader is read and validated afresh.

Off unless a folder is given (``CACHE_DIR``): the terminal sets one under its data folder; the
rules alone, the tests and the tools always read the TOML. A file that cannot be read back (cut
short, from another version) is read afresh from the TOML and written again."""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rules.core.content import content_dir

if TYPE_CHECKING:
    from rules.roads.content import Content
    from rules.roads.map import Map

CACHE_DIR: Path | None = None
FILES = ("map.toml", "rules.toml", "units.toml", "chits.toml", "cards.toml")
PREFIX = "roads-content-"
_kept: dict[Path, tuple[Content, Map]] = {}


_paths: dict[Path, Path] = {}


def _path() -> Path | None:
    """The file for the content as it is (its digest taken once per process and folder)."""
    if CACHE_DIR is None:
        return None
    found = _paths.get(Path(CACHE_DIR))
    if found is None:
        found = _paths[Path(CACHE_DIR)] = _digest_path(Path(CACHE_DIR))
    return found


def _digest_path(folder: Path) -> Path:
    from rules.core import content as core_content
    from rules.roads import content as roads_content
    from rules.roads import map as roads_map

    digest = hashlib.sha256(sys.version.encode())
    folder_of = content_dir("roads")
    for name in FILES:
        digest.update((folder_of / name).read_bytes())
    for module in (core_content, roads_content, roads_map):
        digest.update(Path(module.__file__).read_bytes())
    return folder / f"{PREFIX}{digest.hexdigest()[:32]}.pickle"


def kept() -> tuple[Content, Map] | None:
    """The content and map kept for the files as they are now, or None (no folder, no file)."""
    path = _path()
    if path is None:
        return None
    if path in _kept:
        return _kept[path]
    from rules.roads.content import Content
    from rules.roads.map import Map
    try:
        with open(path, "rb") as f:
            found = pickle.load(f)
    except FileNotFoundError:
        return None
    except Exception:                 # cut short or foreign: read the TOML again, write anew
        return None
    if not (isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], Content)
            and isinstance(found[1], Map)):
        return None
    _kept[path] = found
    return found


def keep(content: Content, board: Map) -> None:
    """Write the validated content and map for the next run (written whole or not at all; a
    folder that cannot be written only costs the next run the TOML)."""
    path = _path()
    if path is None:
        return
    _kept[path] = (content, board)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            pickle.dump((content, board), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        for old in path.parent.glob(f"{PREFIX}*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        tmp.unlink(missing_ok=True)

"""The files of the cache folder (the content kept between runs): read only when this user wrote them and no one else may change them, written whole or
not at all, and never a reason for the program to fail."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Callable


def ours(info: os.stat_result) -> bool:
    """Only a file this user wrote, that no one else may change, is read (another user could
    otherwise hand this one content of their own): another's file is ignored and replaced."""
    if not hasattr(os, "getuid"):
        return True
    return info.st_uid == os.getuid() and not info.st_mode & 0o022


def write_whole(path: Path, body: Callable[[], bytes], others: str) -> None:
    """Write ``body()`` to ``path`` whole or not at all (a private temporary file, then a
    rename) and remove the folder's other files matching the glob ``others`` (older versions).
    Never fails: a full or read-only disk, or a body that cannot be made, leaves things as
    they were, and the next run reads its sources again."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        data = body()
        path.parent.mkdir(parents=True, exist_ok=True)
        with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        for old in path.parent.glob(others):
            if old != path:
                old.unlink(missing_ok=True)
    except Exception:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass

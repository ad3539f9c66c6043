"""What a hosted player's process may touch of the file system: Landlock (Linux 5.13 and later).

Every player's process runs as the server's user, so file modes alone let one read another's
folder. ``confine`` restricts the process itself (the kernel's Landlock, no privilege needed):
from then on it may read the system's folders and Python's (the interpreter, the libraries, the
source), and read and write only its own folders: its data folder, the server's log folder and,
for a seat, its game's folder. Other players' folders, other games, the host key and the rest of
the host's files are refused (EACCES), whatever the app is made to do. Descriptors already open
(the terminal) are not affected; nor is the network.

A kernel without Landlock (or one that refuses it) leaves the process as it was: ``confine``
says whether it took.
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys
from pathlib import Path

CREATE_RULESET, ADD_RULE, RESTRICT_SELF = 444, 445, 446     # syscall numbers, the same on every arch
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
REFER, TRUNCATE = 1 << 13, 1 << 14           # Landlock ABI 2 and 3
ALL_V1 = (1 << 13) - 1                      # execute ... make_sym: every right of ABI 1
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE   # the rights a rule on a file (not a folder) may have
READ = EXECUTE | READ_FILE | READ_DIR
SYSTEM = ("/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc", "/proc")
DEVICES = "/dev"                            # /dev/null, /dev/urandom, the terminal: read and write


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def abi() -> int:
    """The kernel's Landlock ABI version (0: none)."""
    try:
        version = _libc().syscall(ctypes.c_long(CREATE_RULESET), None, ctypes.c_size_t(0),
                                  ctypes.c_uint32(CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return 0
    return max(version, 0)


PACKAGES = ("tui", "rules", "content")      # wartable's own, wherever installed (an editable one: the checkout)


def readable() -> list[Path]:
    """The folders a player's process reads besides its own: the system's, the interpreter's,
    the library path's (the working folder's entry, "" or "/", left out) and wartable's packages'."""
    from importlib.util import find_spec
    found = [*SYSTEM, sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    found += [p for p in sys.path if p not in ("", "/") and os.path.isabs(p)]
    for name in PACKAGES:
        spec = find_spec(name)
        found += list(spec.submodule_search_locations or []) if spec is not None else []
    return [Path(p) for p in dict.fromkeys(found)]


def confine(writable: list[Path], read_only: list[Path] = ()) -> bool:
    """From now on this process (and any it starts) reads only ``readable()``, ``read_only`` (a
    spectator's game) and ``/dev``, and reads and writes only ``writable``. A readable folder that holds a writable one's parent
    (a checkout holding the data folder) is opened up around it, never over it. Whether it took."""
    version = abi()
    if version < 1:
        return False
    handled = ALL_V1 | (REFER if version >= 2 else 0) | (TRUNCATE if version >= 3 else 0)
    libc = _libc()
    ruleset = libc.syscall(ctypes.c_long(CREATE_RULESET), ctypes.byref(ctypes.c_uint64(handled)),
                           ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        return False
    try:
        keep_out = _common_parent(writable)
        for folder in readable():
            for part in _around(folder, keep_out):
                _allow(libc, ruleset, part, READ)
        _allow(libc, ruleset, Path(DEVICES), READ_FILE | WRITE_FILE | READ_DIR)
        for folder in read_only:
            _allow(libc, ruleset, folder, READ)
        for folder in writable:
            _allow(libc, ruleset, folder, handled)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return False
        return libc.syscall(ctypes.c_long(RESTRICT_SELF), ctypes.c_int(ruleset), ctypes.c_uint32(0)) == 0
    finally:
        os.close(ruleset)


def _common_parent(writable: list[Path]) -> Path | None:
    """The folder that holds all of ``writable`` (the server's, with every player's in it)."""
    try:
        common = Path(os.path.commonpath([str(p.resolve()) for p in writable]))
    except ValueError:
        return None
    return None if common == Path("/") else common


def _around(folder: Path, keep_out: Path | None) -> list[Path]:
    """``folder``, or when ``keep_out`` is inside it, each of its entries but the one on the way
    to ``keep_out``, and so on down (nothing of ``keep_out`` itself)."""
    try:
        folder = folder.resolve()
    except OSError:
        return []
    if keep_out is None or not keep_out.is_relative_to(folder):
        return [folder]
    if folder == keep_out:
        return []
    step = folder / keep_out.relative_to(folder).parts[0]
    out: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for entry in entries:
        out += _around(entry, keep_out) if entry == step else [entry]
    return out


def _allow(libc, ruleset: int, path: Path, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return                              # not there: nothing to allow
    try:
        if not os.path.isdir(f"/proc/self/fd/{fd}"):
            rights &= FILE_RIGHTS
        attr = struct.pack("=Qi", rights, fd)       # struct landlock_path_beneath_attr (packed)
        buf = ctypes.create_string_buffer(attr, len(attr))
        libc.syscall(ctypes.c_long(ADD_RULE), ctypes.c_int(ruleset), ctypes.c_int(RULE_PATH_BENEATH), buf,
                     ctypes.c_uint32(0))
    finally:
        os.close(fd)

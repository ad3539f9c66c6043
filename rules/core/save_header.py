"""The header of a save file, read without building a game: its bounds, its JSON, its header
fields and the checksum that seals it. Light on purpose (the standard library and
``rules.core.files`` only): listing saves and opening a save's screen need nothing more, and
should not pay for importing attrs and the state codec (``rules.core.save`` does the rest).
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import SaveError
from .files import FORMAT, MAX_COMMANDS, VERSION, bounds_problem
from .sha import sha256

HEADER = ("format", "version", "game", "options", "seed", "dice", "commands", "digest")
# format 3 is format 2 with the commands' public notes (``Game.notes``, e.g. why the computer
# gave a command); a game without notes is still written as format 2
FIELDS = {1: frozenset(HEADER), 2: frozenset(HEADER + ("checkpoint", "check")),
          3: frozenset(HEADER + ("checkpoint", "check", "notes"))}
_SEAL = re.compile(r',"check":"([0-9a-f]{64})"\}\n\Z')
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
DAMAGED = "the file was edited or is damaged"
# a sealed save whose checksum matches but whose game does not replay: the file is as a wartable
# wrote it, so the likely cause is a wartable whose rules play differently (an older or newer one)
OTHER_RULES = ("its checksum matches, so it is most likely from a wartable whose rules differ from "
               "this one's (an older or newer version), or it was edited and given a new checksum")


def _no_constant(name: str) -> Any:
    raise ValueError(f"'{name}' is not a number a save holds")


def parse(text: str) -> Any:
    """The JSON document of save text; SaveError for broken JSON or anything beyond the bounds."""
    problem = bounds_problem(text)
    if problem:
        raise SaveError(problem)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SaveError(f"This is not a readable save: the JSON is broken ({exc.msg}, line {exc.lineno} "
                        f"column {exc.colno}); the file may be truncated.") from None
    except RecursionError:
        raise SaveError("This save is damaged: its JSON is nested deeper than any save wartable "
                        "writes.") from None
    except (ValueError, OverflowError) as exc:
        raise SaveError(f"This save is damaged: it holds a number no save holds ({exc}).") from None
    except MemoryError:
        raise SaveError("This save is damaged: it is too large to read.") from None


def header_problem(doc: Any) -> str | None:
    """What is wrong with a save document's header (format, version, field kinds, bounds)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return "This is not a wartable save file."
    version = doc.get("version")
    if version is None:
        return "The save has no format version."
    if type(version) is not int:
        return f"The save's format version must be a whole number, not {json.dumps(version)[:20]}: {DAMAGED}."
    if version > VERSION:
        return (f"The save was written by a newer wartable (format {version}; this one reads up to "
                f"{VERSION}). Update wartable to load it.")
    if version not in FIELDS:
        return f"The save's format version {version} is not one wartable ever wrote: {DAMAGED}."
    missing = [f for f in FIELDS[version] if f not in doc]
    extra = sorted(f for f in doc if f not in FIELDS[version])
    if missing:
        return f"The save's field '{sorted(missing)[0]}' is missing or of the wrong kind."
    if extra:
        return f"The save has a field wartable does not write ('{extra[0]}'): {DAMAGED}."
    kinds = {"game": str, "options": dict, "seed": int, "dice": dict, "commands": list, "digest": str,
             "checkpoint": (dict, type(None)), "check": str, "notes": list}
    for field in FIELDS[version]:
        kind = kinds.get(field)
        if kind is not None and not (type(doc[field]) in kind if isinstance(kind, tuple) else type(doc[field]) is kind):
            return f"The save's field '{field}' is missing or of the wrong kind."
    if not _HEX64.match(doc["digest"]):
        return f"The save's digest is not a digest: {DAMAGED}."
    if len(doc["commands"]) > MAX_COMMANDS:
        return (f"This save is damaged: it holds {len(doc['commands'])} commands, more than a save may "
                f"hold ({MAX_COMMANDS}).")
    return None


def check_seal(text: str) -> str | None:
    """None when the checksum closing ``text`` matches every byte before it, else the reason."""
    match = _SEAL.search(text)
    if match is None:
        return ("The save was changed after wartable wrote it (it does not end with its checksum as "
                f"wartable writes it): the file may be truncated, or {DAMAGED}; it was not loaded.")
    body = text[:match.start()] + "}"
    if sha256(body.encode()).hexdigest() != match.group(1):
        return (f"The save was changed after wartable wrote it (its checksum does not match): {DAMAGED}; "
                "it was not loaded.")
    return None

"""Textual's parsed styles kept between runs, as ``rules.core.kept`` keeps the games' content.

At every start Textual parses the app's stylesheets, the screen's and every widget's default
styles into rule sets (and tokenizes the theme's variables to do so): a few milliseconds of
each first frame, for text that is the same from run to run. ``keep(folder)`` keeps the rule
sets Textual parses in ``textual-css-<digest>.pickle`` there, keyed by everything Textual's
own parse cache is keyed by (the CSS text, where it was read from, default or not, its tie
breaker and scope) and by the theme's variables; the digest covers the Python version and
Textual's CSS modules (another Textual parses afresh). A stylesheet whose text changes is
parsed afresh and added (a style with errors is kept with its errors: Textual reports them as
it always does). Only a file this user wrote and no one else may change is read (unpickling runs what
the file says); a file that cannot be read back is parsed afresh and written again.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

from rules.core.cache_file import read_table, write_whole

_kept: dict[tuple, bytes] = {}
_path: Path | None = None
_dirty = False
_used: set[tuple] = set()          # the keys this run asked for
# the app's, the screens' and the widgets' styles are some dozens; a file of many times that
# holds styles of older versions (each edit of a .tcss adds its new text) or of other themes:
# it is then written again with this run's alone, so it never grows past this bound
MAX_KEPT = 400

# the modules whose code makes the rule sets (a change in any parses afresh)
_MODULES = ("parse", "tokenize", "tokenizer", "_styles_builder", "styles", "model", "scalar",
            "stylesheet", "types")


def _file(folder: Path) -> Path:
    from rules.core.sha import sha256
    import textual.css as css

    digest = sha256(sys.version.encode())
    base = Path(css.__file__).parent
    for name in _MODULES:
        info = os.stat(base / f"{name}.py")
        digest.update(f"{name}:{info.st_size}:{info.st_mtime_ns}\0".encode())
    return Path(folder) / f"textual-css-{digest.hexdigest()[:16]}.pickle"


def _read(path: Path) -> dict:
    return read_table(path, pickle.load)


def keep(folder: Path) -> None:
    """From now on, the rule sets Textual parses are kept in ``folder`` (once per process)."""
    global _path
    if _path is not None:
        return
    from textual.css.stylesheet import Stylesheet

    try:
        path = _file(folder)
    except OSError:
        return
    _path = path
    _kept.update(_read(path))
    parse_rules = Stylesheet._parse_rules
    if parse_rules.__code__.co_varnames[:6] != ("self", "css", "read_from", "is_default_rules",
                                                "tie_breaker", "scope"):
        return                        # another Textual: it parses as it always does

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        global _dirty
        cache_key = (css, read_from, is_default_rules, tie_breaker, scope)
        variables, cache = getattr(self, "_variables", None), getattr(self, "_parse_cache", None)
        if type(variables) is dict and cache is not None and cache_key not in cache:
            key = (*cache_key, tuple(variables.items()))
            _used.add(key)
            found = _kept.get(key)
            if found is not None:
                try:
                    rules = pickle.loads(found)
                except Exception:     # damaged: parsed again
                    _kept.pop(key, None)
                else:
                    cache[cache_key] = rules
                    return rules
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            try:
                _kept[key] = pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL)
                _dirty = True
            except Exception:         # a style that will not pickle: parsed each run
                pass
            return rules
        return parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)

    _parse_rules.__wrapped__ = parse_rules    # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules


def flush() -> None:
    """Write the rule sets parsed since the file was read (whole or not at all); never fails."""
    global _dirty
    path = _path
    if path is None or not _dirty:
        return
    _dirty = False
    if len(_kept) > MAX_KEPT:             # mostly old styles: keep this run's
        for key in [k for k in _kept if k not in _used]:
            del _kept[key]
    write_whole(path, lambda: pickle.dumps(dict(_kept), protocol=pickle.HIGHEST_PROTOCOL),
                "textual-css-*.pickle")

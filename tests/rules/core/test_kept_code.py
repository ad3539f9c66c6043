"""The methods attrs writes for the rules' classes, compiled once and kept between runs
(rules.core.kept_code): every function made from the kept code is the one attrs' own compile
makes (code, defaults, annotations), a second run compiles nothing but each class's
``__hash__`` (attrs writes a per-process number into it), a damaged or foreign file is
compiled again, and nothing is kept (nor attrs imported) without a folder. Each case runs in
a fresh process: the hook must be in place before attrs is imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

# Imports every game's rules with the code kept in FOLDER, then runs every script attrs wrote
# both ways (attrs' own compile, and the kept code's) and compares the functions they make.
CHILD = r'''
import json, sys
from pathlib import Path
from rules.core import kept_code
folder = sys.argv[1]
if folder != "-":
    kept_code.keep_methods(Path(folder))
attrs_before = "attr" in sys.modules
import attr._make as M
hooked = hasattr(M._compile_and_eval, "__wrapped__")
ours = M._compile_and_eval
theirs = getattr(ours, "__wrapped__", ours)
seen = []
def spy(script, globs, locs=None, filename=""):
    seen.append((script, dict(globs), filename))
    return ours(script, globs, locs, filename)
M._compile_and_eval = spy
kept_before = len(kept_code._codes)
import rules.fallblau, rules.toi, rules.victory, rules.roads, rules.registry
compiled_on_import = len(kept_code._codes) > kept_before
FIELDS = ("co_code", "co_names", "co_varnames", "co_freevars", "co_cellvars", "co_flags",
          "co_firstlineno", "co_linetable", "co_exceptiontable", "co_name", "co_qualname",
          "co_filename", "co_stacksize", "co_argcount", "co_kwonlyargcount",
          "co_posonlyargcount", "co_nlocals")
def same(a, b):
    if any(getattr(a, f) != getattr(b, f) for f in FIELDS) or len(a.co_consts) != len(b.co_consts):
        return False
    for u, v in zip(a.co_consts, b.co_consts):
        if hasattr(u, "co_code"):
            if not (hasattr(v, "co_code") and same(u, v)):
                return False
        elif type(u) is not type(v) or u != v:
            return False
    return True
differ, functions = [], 0
for script, globs, filename in seen:
    mine, attrs_own = {}, {}
    ours(script, dict(globs), mine, filename)
    theirs(script, dict(globs), attrs_own, filename)
    if set(mine) != set(attrs_own):
        differ.append(filename)
        continue
    for name, f in attrs_own.items():
        g = mine[name]
        functions += 1
        if not (same(f.__code__, g.__code__) and f.__defaults__ == g.__defaults__
                and f.__kwdefaults__ == g.__kwdefaults__ and f.__annotations__ == g.__annotations__
                and f.__qualname__ == g.__qualname__):
            differ.append(f"{filename} {name}")
kept_code.flush()
print(json.dumps({"attrs_before": attrs_before, "hooked": hooked, "scripts": len(seen),
                  "hashes": sum("def __hash__(" in s for s, _, _ in seen), "functions": functions,
                  "differ": differ, "compiled_on_import": compiled_on_import}))
'''


def _run(folder: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, folder], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False,
                          env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_kept_code_makes_the_functions_attrs_makes(tmp_path):
    first = _run(str(tmp_path))
    assert first["hooked"] and first["compiled_on_import"]
    files = list(tmp_path.glob("attrs-methods-*.marshal"))
    assert len(files) == 1
    second = _run(str(tmp_path))
    assert second["hooked"]
    assert not second["compiled_on_import"], "a second run compiled a kept script again"
    assert second["scripts"] > 100 and second["hashes"] > 50 and second["functions"] > 400
    assert second["differ"] == []


def test_damaged_or_foreign_file_is_compiled_again(tmp_path):
    _run(str(tmp_path))
    (path,) = tmp_path.glob("attrs-methods-*.marshal")
    path.write_bytes(b"\x00not marshal")
    again = _run(str(tmp_path))
    assert again["compiled_on_import"] and again["differ"] == []
    assert path.read_bytes() != b"\x00not marshal"           # written whole again
    os.chmod(path, 0o666)                                     # another may change it: not read
    foreign = _run(str(tmp_path))
    assert foreign["compiled_on_import"] and foreign["differ"] == []


def test_without_a_folder_attrs_compiles_as_it_does():
    off = _run("-")
    assert not off["hooked"] and off["differ"] == []


def test_keeping_does_not_import_attrs(tmp_path):
    """The launcher keeps content and code but makes no rules class: attrs is imported only
    when a class needs it, and hooked then."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path; from rules.core import kept_code; "
         f"kept_code.keep_methods(Path({str(tmp_path)!r})); print('attr' in sys.modules)"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_file_grown_past_its_bound_keeps_this_runs_scripts_alone(tmp_path):
    """Each edit of a class adds its new scripts and keeps the old: past MAX_KEPT entries the
    file is written again with this run's scripts alone (it never grows without end)."""
    import marshal

    _run(str(tmp_path))
    (path,) = tmp_path.glob("attrs-methods-*.marshal")
    current = marshal.loads(path.read_bytes())
    stale = {(f"def __init__(self):\n    self.x = {i}\n", f"<old {i}>"): marshal.dumps(compile("pass", "<old>", "exec"))
             for i in range(4100)}
    path.write_bytes(marshal.dumps({**stale, **current}))
    again = _run(str(tmp_path))
    assert not again["compiled_on_import"] and again["differ"] == []
    path.write_bytes(marshal.dumps({**stale, **current}))
    done = subprocess.run(                      # a run that compiles something writes the file
        [sys.executable, "-c", "from pathlib import Path; from rules.core import kept_code; "
         f"kept_code.keep_methods(Path({str(tmp_path)!r})); import rules.roads; import attrs\n"
         "@attrs.define\nclass Fresh:\n    a: int = 0\n"
         "kept_code.flush()"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    kept = marshal.loads(path.read_bytes())
    assert not any(key in kept for key in stale)                # the old scripts are gone
    assert 0 < len(kept) <= len(current) + 10                   # this run's scripts are kept

"""Textual's parsed styles kept between runs (tui.kept_css): a second run parses nothing it
parsed before, and every rule set read back is the one Textual parses (its CSS, selectors, names,
pseudo-classes, errors); a damaged file is parsed again. Each case runs in a fresh process (the keeping
is set up once per process, before the app is made)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r'''
import json, sys
from pathlib import Path
from tui import kept_css
kept_css.keep(Path(sys.argv[1]))
from textual.app import App
from textual.css.stylesheet import Stylesheet
parse = Stylesheet._parse_rules.__wrapped__
app = App()
sheet = app.stylesheet
sources = [(Path("tui/app.tcss").read_text(), ("tui/app.tcss", "")),
           (Path("tui/fallblau/fallblau.tcss").read_text(), ("tui/fallblau/fallblau.tcss", "")),
           (Path("tui/roads/roads.tcss").read_text(), ("tui/roads/roads.tcss", ""))]
kept_before = len(kept_css._kept)
differ = []
for css, where in sources:
    kept = Stylesheet(variables=sheet._variables)._parse_rules(css, where)
    fresh = parse(Stylesheet(variables=sheet._variables), css, where)
    if ([(r.css, r.selector_set, r.is_default_rules, r.tie_breaker, r.selector_names, r.pseudo_classes, r.errors) for r in kept]
            != [(r.css, r.selector_set, r.is_default_rules, r.tie_breaker, r.selector_names, r.pseudo_classes, r.errors) for r in fresh]):
        differ.append(where[0])
parsed = len(kept_css._kept) > kept_before
kept_css.flush()
print(json.dumps({"parsed": parsed, "differ": differ}))
'''


def _run(folder: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, str(folder)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_kept_styles_are_the_styles_textual_parses(tmp_path):
    first = _run(tmp_path)
    assert first["parsed"] and first["differ"] == []
    second = _run(tmp_path)
    assert not second["parsed"], "a second run parsed a kept stylesheet again"
    assert second["differ"] == []


def test_a_damaged_file_is_parsed_again(tmp_path):
    _run(tmp_path)
    (path,) = tmp_path.glob("textual-css-*.pickle")
    path.write_bytes(b"not a pickle")
    again = _run(tmp_path)
    assert again["parsed"] and again["differ"] == []
    assert path.read_bytes() != b"not a pickle"


def test_a_file_grown_past_its_bound_keeps_this_runs_styles_alone(tmp_path, monkeypatch):
    """Each edit of a stylesheet adds its new text and keeps the old: past MAX_KEPT entries the
    file is written again with the styles this run asked for alone."""
    import pickle

    from tui import kept_css

    path = tmp_path / "textual-css-test.pickle"
    stale = {("old css", f"old{i}.tcss", False, 0, "", ()): b"x" for i in range(kept_css.MAX_KEPT + 1)}
    used = ("css", "tui/app.tcss", False, 0, "", ())
    monkeypatch.setattr(kept_css, "_path", path)
    monkeypatch.setattr(kept_css, "_kept", {**stale, used: b"rules"})
    monkeypatch.setattr(kept_css, "_used", {used})
    monkeypatch.setattr(kept_css, "_dirty", True)
    kept_css.flush()
    assert pickle.loads(path.read_bytes()) == {used: b"rules"}
    monkeypatch.setattr(kept_css, "_kept", {**dict(list(stale.items())[:10]), used: b"rules"})
    monkeypatch.setattr(kept_css, "_dirty", True)
    kept_css.flush()                                               # under the bound: all kept
    assert len(pickle.loads(path.read_bytes())) == 11

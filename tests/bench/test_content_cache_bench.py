"""What the content cache (``rules.core.kept``: each game's validated content kept as plain data
in the data folder's ``cache``) gains on the figures a player feels, in a real 80x24 PTY: the
launcher's first frame, a new Fall Blau game's, and each game's save onto its screen, with the
cache warm against a data folder whose ``cache`` cannot be written (every start reads and
validates the TOML). Issue 22 item 1: a cache stays only where it gains 10%.

It prints figures and asserts nothing about time. Run:

    .venv/bin/python -m pytest tests/bench/test_content_cache_bench.py -m bench -s -p no:xdist
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path

import pytest

from rules.core.save import dumps
from tests.bench.test_roads_tui_bench import LOADED, figures, mid_game
from tests.bench.test_tui_bench import GENERALS, WARTABLE, pty_env  # noqa: F401 (a fixture)

pytestmark = pytest.mark.bench
PAIRS = 10


def _cold(env: dict, tmp: Path) -> dict:
    """The same environment with a data folder whose ``cache`` is a file: nothing is kept."""
    (tmp / "saves").mkdir(parents=True)
    (tmp / "cache").write_text("not a folder", encoding="utf-8")
    return dict(env, WARTABLE_DATA_DIR=str(tmp))


def test_pty_content_cache_gain(pty_env, tmp_path):
    from tests.bench.pty_probe import first_frame

    env, saves = pty_env["env"], pty_env["saves"]
    roads = tmp_path / "roads.json"
    roads.write_text(dumps(mid_game()), encoding="utf-8")
    cases = {
        "launcher first frame": (WARTABLE, "Launcher"),
        "Fall Blau new game (seed 3)": (WARTABLE + ["fallblau", "--seed", "3", "--generals", ",".join(GENERALS)], "Orders"),
        "Fall Blau save onto its screen": (WARTABLE + ["load", str(saves["fallblau"][0])], saves["fallblau"][1]),
        "Tide of Iron save onto its screen": (WARTABLE + ["load", str(saves["toi"][0])], saves["toi"][1]),
        "Victory save onto its screen": (WARTABLE + ["load", str(saves["victory"][0])], saves["victory"][1]),
        "Roads save onto its screen": (WARTABLE + ["load", str(roads)], LOADED),
    }
    cold_env = _cold(env, tmp_path / "cold")
    warm: dict[str, list[float]] = {k: [] for k in cases}
    cold: dict[str, list[float]] = {k: [] for k in cases}
    for argv, marker in cases.values():             # write the cache, warm the .pyc and file caches
        first_frame(argv, marker, env)
        first_frame(argv, marker, cold_env)
    assert sorted(p.suffix for p in (Path(env["WARTABLE_DATA_DIR"]) / "cache").iterdir()) == [".json"] * 4
    for _ in range(PAIRS):
        for what, (argv, marker) in cases.items():
            for data in (env, cold_env):
                (Path(data["WARTABLE_DATA_DIR"]) / "saves" / "autosave.json").unlink(missing_ok=True)
            warm[what].append(first_frame(argv, marker, env))
            cold[what].append(first_frame(argv, marker, cold_env))
    print(f"\nthe content cache, warm against none, spawn to first frame in an 80x24 PTY ({PAIRS} pairs; "
          f"load average {os.getloadavg()[0]:.1f}); gain = 1 - warm/cold of the medians (keep it at >= 10%):")
    for what in cases:
        pairs = [w / c for w, c in zip(warm[what], cold[what])]
        gain = 1 - statistics.median(warm[what]) / statistics.median(cold[what])
        print(f"  {what}: warm {figures(warm[what], 's')}; cold {figures(cold[what], 's')}; "
              f"gain {gain:.0%} (pairwise median {1 - statistics.median(pairs):.0%})")

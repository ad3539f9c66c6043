"""Shared pytest set-up for the whole suite.

Every test gets its own wartable data directory (``WARTABLE_DATA_DIR`` points at a temporary
folder), so no test reads or writes the user's saves, statistics or settings, or the repo.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def wartable_data_dir(tmp_path_factory, monkeypatch):
    """A fresh, empty data directory for each test; returns its path (not created yet)."""
    path = tmp_path_factory.mktemp("wartable-data") / "data"
    monkeypatch.setenv("WARTABLE_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def no_content_kept_between_tests(monkeypatch):
    """The terminal (``wartable``, the Roads screen) keeps every game's validated content in the
    data folder's cache by setting ``rules.core.kept.CACHE_DIR`` for the process; each test
    starts with it off again, so a test that edits the TOML reads the TOML and not what an
    earlier test kept."""
    from rules.core import kept
    monkeypatch.setattr(kept, "CACHE_DIR", None)

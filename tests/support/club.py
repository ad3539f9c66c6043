"""A lobby's store with three named keys (Ann, Bob, Cy) and its games folder, for the lobby's
and the hosted games' tests."""

from __future__ import annotations

import pytest

from tui.serve.store import Store


@pytest.fixture
def club(tmp_path):
    s = Store.open_in(tmp_path / "serve")
    for key, name in (("key-a", "Ann"), ("key-b", "Bob"), ("key-c", "Cy")):
        s.name_key(key, name)
    root = tmp_path / "serve" / "games"
    root.mkdir()
    return s, root

"""Broken content on purpose: a game's ``load()`` run over edited copies of its real TOML."""

from __future__ import annotations

import copy

import pytest

import rules.core.content as core_content
from rules.core.errors import ContentError

REAL_READ = core_content.read_toml


def load_broken(monkeypatch, module, filename: str, edit) -> str:
    """Run ``module.load()`` with ``edit(doc)`` applied to a copy of ``filename``; return the
    ContentError message (the test fails if the content loads)."""

    def fake_read(game, name):
        doc = copy.deepcopy(REAL_READ(game, name))
        if name == filename:
            edit(doc)
        return doc

    monkeypatch.setattr(module, "read_toml", fake_read)
    module.load.cache_clear()
    try:
        with pytest.raises(ContentError) as info:
            module.load()
    finally:
        monkeypatch.setattr(module, "read_toml", REAL_READ)
        module.load.cache_clear()
    return str(info.value)

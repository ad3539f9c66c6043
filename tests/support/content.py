"""Broken content on purpose: a game's ``load()`` run over edited copies of its real TOML."""

from __future__ import annotations

import copy

import pytest

import rules.core.content as core_content
from rules.core.errors import ContentError

REAL_READ = core_content.read_toml


def load_broken(monkeypatch, module, filename: str, edit, loader: str = "load") -> str:
    """Run ``module.load()`` (or the cached function named ``loader``) with ``edit(doc)`` applied
    to a copy of ``filename``; return the ContentError message (the test fails if it loads)."""

    def fake_read(game, name):
        doc = copy.deepcopy(REAL_READ(game, name))
        if name == filename:
            edit(doc)
        return doc

    load = getattr(module, loader)
    monkeypatch.setattr(module, "read_toml", fake_read)
    load.cache_clear()
    try:
        with pytest.raises(ContentError) as info:
            load()
    finally:
        monkeypatch.setattr(module, "read_toml", REAL_READ)
        load.cache_clear()
    return str(info.value)

"""Roads content kept between runs in the data folder's cache (``rules.roads.compiled``): a
Roads save opens without parsing and validating the TOML again."""

from __future__ import annotations


def keep_content() -> None:
    from rules.roads import compiled
    from tui import storage
    compiled.CACHE_DIR = storage.data_dir() / "cache"

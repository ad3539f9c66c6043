"""Roads content kept between runs in the data folder's cache (``rules.core.kept``): a Roads
save opens without parsing and validating the TOML again."""

from __future__ import annotations


def keep_content() -> None:
    from tui import storage
    storage.keep_content()

"""What the Roads screen makes from the content alone, the menu's identity keys and the map's
static layers, is kept between runs with the content (``rules.core.kept``): read back it is
what the code makes; a test's own content (the small world) is never kept nor read."""

from __future__ import annotations

from rules.core import kept
from rules.roads import new_game
from tests.rules.roads.small_world import small_game
from tui.roads import menu
from tui.roads.screen import RoadsScreen
from tui.widgets import area_map


def _forget(monkeypatch) -> None:
    """As a new process: nothing made or read in memory."""
    monkeypatch.setattr(menu, "_KEYS", {})
    monkeypatch.setattr(area_map, "_LAYERS", {})
    monkeypatch.setattr(kept, "_kept", {})


def test_the_keys_and_the_map_layers_are_kept_and_read_back_as_made(tmp_path, monkeypatch):
    game = new_game(seed=1)
    fresh_keys = menu.IdentityKeys(game).__dict__
    _forget(monkeypatch)
    fresh_layers = area_map.prepare(game.map)
    monkeypatch.setattr(kept, "CACHE_DIR", tmp_path)
    _forget(monkeypatch)
    RoadsScreen.prepare_game(game)                       # made, and kept
    assert len(list(tmp_path.glob("roads-keys-*.pickle"))) == 1
    assert len(list(tmp_path.glob("roads-map-*.pickle"))) == 1
    _forget(monkeypatch)
    def not_again(*args, **kwargs):
        raise AssertionError("made again, not read back")

    monkeypatch.setattr(menu.IdentityKeys, "__init__", not_again)      # read back, not made
    monkeypatch.setattr(area_map, "_static_layer", not_again)
    RoadsScreen.prepare_game(game)
    assert menu.identity_keys(game).__dict__ == fresh_keys
    assert area_map.prepare(game.map) == fresh_layers


def test_only_the_tomls_content_counts_as_standard():
    """A test's own content (the small world) is never kept nor read: only a game of the TOML's
    content and map is "standard"."""
    assert menu.standard(new_game(seed=1))
    assert not menu.standard(small_game())

"""Roads content kept on disk between runs (rules.roads.compiled): the same content as the TOML
gives, read back from one file; a damaged file or edited TOML is read and validated afresh.
Not a rulebook rule: the house rule that content is TOML, validated at load, still holds (the
kept file is named by a digest of the TOML and of the code that validates it)."""

from __future__ import annotations

import pytest

from rules.roads import compiled
from rules.roads import content as roads_content
from rules.roads import map as roads_map


def _fresh() -> None:
    roads_content.load_content.cache_clear()
    roads_map.load_map.cache_clear()
    compiled._kept.clear()
    compiled._paths.clear()


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "CACHE_DIR", tmp_path)
    _fresh()
    yield tmp_path
    _fresh()


def test_without_a_folder_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "CACHE_DIR", None)
    _fresh()
    assert roads_content.load_content().units
    assert compiled.kept() is None
    _fresh()


def test_the_content_is_kept_and_read_back_the_same(folder):
    from_toml = roads_content.load_content()
    board = roads_map.load_map()
    files = list(folder.glob("roads-content-*.pickle"))
    assert len(files) == 1
    _fresh()
    read = roads_content.load_content()
    assert read == from_toml and read is not from_toml
    kept_board = roads_map.load_map()
    assert kept_board is compiled.kept()[1]
    assert kept_board.areas == board.areas and kept_board.width == board.width


def test_a_damaged_file_is_read_from_the_toml_and_written_again(folder, monkeypatch):
    roads_content.load_content()
    path = next(folder.glob("roads-content-*.pickle"))
    path.write_bytes(b"not a pickle")
    _fresh()
    reads = []
    real = roads_content.read_toml
    monkeypatch.setattr(roads_content, "read_toml", lambda game, name: reads.append(name) or real(game, name))
    assert roads_content.load_content().units
    assert reads                                    # validated from the TOML again
    _fresh()
    assert compiled.kept() is not None              # and kept again


def test_edited_content_is_another_file(folder, monkeypatch):
    roads_content.load_content()
    first = compiled._path()
    _fresh()
    real = compiled.content_dir

    class Edited:
        def __init__(self, base):
            self.base = base

        def __truediv__(self, name):
            path = self.base / name
            if name != "units.toml":
                return path

            class Changed:
                def read_bytes(self):
                    return path.read_bytes() + b"\n# edited\n"
            return Changed()

    monkeypatch.setattr(compiled, "content_dir", lambda game: Edited(real(game)))
    assert compiled._path() != first
    assert compiled.kept() is None                  # not the old file: read and validated afresh

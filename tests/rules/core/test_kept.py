"""Every game's content kept on disk between runs as plain data (rules.core.kept): the same
content as the TOML gives, read back from one JSON file; an edited TOML file, loader or class,
or a damaged or foreign file, is read and validated afresh, and nothing a file says is run; a
cache folder that cannot be written still plays.
Not a rulebook rule: the house rule that content is TOML, validated at load (DESIGN "Content"),
still holds, since the kept file is named by a digest of the TOML and of the code that
validates it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rules.core.content as core_content
from rules.core import kept
from rules.fallblau import content as fallblau_content
from rules.roads import content as roads_content
from rules.roads import map as roads_map
from rules.toi import content as toi_content
from rules.victory import content as victory_content

ROOT = Path(__file__).resolve().parents[3]
MODULES = {"fallblau": fallblau_content, "toi": toi_content, "victory": victory_content, "roads": roads_content}
GAMES = list(MODULES)


def _load(game: str):
    return roads_content.load_content() if game == "roads" else MODULES[game].load()


def _fresh() -> None:
    for module in (fallblau_content, toi_content, victory_content):
        module.load.cache_clear()
    roads_content.load_content.cache_clear()
    roads_map.load_map.cache_clear()
    kept._kept.clear()
    kept._paths.clear()


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setattr(kept, "CACHE_DIR", tmp_path / "cache")
    _fresh()
    yield tmp_path / "cache"
    _fresh()


@pytest.fixture
def reads(monkeypatch):
    """The TOML files each game's loader reads from now on (by name)."""
    seen: list[str] = []
    real = core_content.read_toml

    def read_toml(game, name):
        seen.append(name)
        return real(game, name)
    for module in (*MODULES.values(), roads_map):
        monkeypatch.setattr(module, "read_toml", read_toml)
    return seen


def _files(folder: Path, game: str) -> list[Path]:
    return sorted(folder.glob(f"{game}-content-*.json"))


@pytest.mark.parametrize("game", GAMES)
def test_without_a_folder_nothing_is_kept(game, tmp_path, monkeypatch):
    monkeypatch.setattr(kept, "CACHE_DIR", None)
    _fresh()
    assert _load(game)
    assert kept.kept(game, ()) is None
    assert not list(tmp_path.iterdir())
    _fresh()


@pytest.mark.parametrize("game", GAMES)
def test_the_content_is_kept_and_read_back_equal_without_the_toml(game, folder, reads):
    from_toml = _load(game)
    assert reads                                    # the first run reads and validates the TOML
    assert len(_files(folder, game)) == 1
    _fresh()
    reads.clear()
    again = _load(game)
    assert again == from_toml and again is not from_toml
    assert reads == []                              # the second reads the kept file alone


def test_roads_keeps_its_map_with_its_content(folder, reads):
    board = roads_map.load_map()
    roads_content.load_content()
    _fresh()
    reads.clear()
    kept_board = roads_map.load_map()
    assert reads == []
    assert kept_board is roads_content.kept_content()[1]
    assert kept_board.areas == board.areas and kept_board.width == board.width


def _head_and_body(path: Path) -> tuple[dict, bytes]:
    head, _, body = path.read_bytes().partition(b"\n")
    return json.loads(head), body


@pytest.mark.parametrize("game", GAMES)
def test_the_file_is_plain_data_naming_only_the_loaders_classes(game, folder):
    _load(game)
    head, body = _head_and_body(_files(folder, game)[0])
    loaders = roads_content.LOADERS if game == "roads" else (f"rules.{game}.content",)
    assert {module for module, _name, _fields in head["classes"]} <= set(loaders)
    assert f"rules.{game}.content" in {module for module, _name, _fields in head["classes"]}
    json.loads(body)                                # the body is JSON, nothing else


def _edited_copy(tmp_path: Path, game: str, monkeypatch) -> None:
    """The game's content folder copied, one TOML file in it changed (a comment added), and
    every loader pointed at the copy."""
    real = core_content.content_dir(game)
    copy = tmp_path / "content" / game
    shutil.copytree(real, copy)
    first = copy / ("tables.toml" if game == "victory" else "rules.toml")      # read by the loader
    first.write_text(first.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    monkeypatch.setattr(core_content, "content_dir", lambda g: copy if g == game else real)


@pytest.mark.parametrize("game", GAMES)
def test_an_edited_toml_file_is_read_and_validated_afresh(game, folder, tmp_path, monkeypatch, reads):
    _load(game)
    old = _files(folder, game)
    _fresh()
    _edited_copy(tmp_path, game, monkeypatch)
    reads.clear()
    assert _load(game)
    assert reads                                    # not the old file: the TOML again
    new = _files(folder, game)
    assert len(new) == 1 and new != old             # kept anew, the old file gone


def _source_edited(monkeypatch, module: str) -> None:
    real = kept._source
    monkeypatch.setattr(kept, "_source", lambda m: real(m) + (b"\n# edited\n" if m == module else b""))


@pytest.mark.parametrize("game", GAMES)
def test_an_edited_loader_is_another_file(game, folder, monkeypatch, reads):
    _load(game)
    old = _files(folder, game)
    _fresh()
    _source_edited(monkeypatch, f"rules.{game}.content")
    reads.clear()
    assert _load(game)
    assert reads
    assert _files(folder, game) != old


def _rewritten(path: Path, head: dict, body: bytes) -> None:
    """The file with another head or body, its SHA-256 made to match (as a forger would)."""
    from rules.core.sha import sha256
    head = dict(head, sha256=sha256(body).hexdigest())
    path.write_bytes(json.dumps(head).encode() + b"\n" + body)


def test_a_class_whose_fields_changed_is_not_filled_from_an_old_file(folder):
    """The file names each class's fields; a class with other fields now is not made from it."""
    roads_content.load_content()
    path = _files(folder, "roads")[0]
    head, body = _head_and_body(path)
    head["classes"][0][2] = head["classes"][0][2][:-1] + ["renamed"]
    _rewritten(path, head, body)
    _fresh()
    assert kept.kept("roads", roads_content.LOADERS) is None


@pytest.mark.parametrize("foreign", [["os", "system", []], ["builtins", "eval", []],
                                     ["rules.fallblau.state", "FrontCard", ["card", "red", "counterattack"]], ["rules.fallblau.content", "load", []]])
def test_a_file_naming_anything_but_the_loaders_attrs_classes_is_refused(foreign, folder):
    """Nothing a kept file says is run: it may name only attrs classes of the game's own loader
    modules; a function, another module's class or the standard library's are refused."""
    fallblau_content.load()
    path = _files(folder, "fallblau")[0]
    head, body = _head_and_body(path)
    head["classes"][0] = foreign
    _rewritten(path, head, body)
    _fresh()
    assert kept.kept("fallblau", ("rules.fallblau.content",)) is None


@pytest.mark.parametrize("body", [b'{"x":[]}', b'{"o":[99]}', b'{"o":[0]}', b'{"r":5}', b'{"d":[[1]]}',
                                  b'{"d":[[{"l":[]},1]]}', b'{"o":"0"}', b"[1,2", b'"text"'])
def test_a_body_out_of_place_is_refused(body, folder):
    """A body of unknown tags, a class number or shared object that is not there, an object with
    too few fields, an unhashable key, JSON cut short, or a value that is not the content."""
    fallblau_content.load()
    path = _files(folder, "fallblau")[0]
    head, _body = _head_and_body(path)
    _rewritten(path, head, body)
    _fresh()
    assert kept.kept("fallblau", ("rules.fallblau.content",), fallblau_content.Content) is None


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners and modes")
def test_a_file_others_may_change_is_never_read(folder, reads):
    """A kept file that another user could have written is read afresh from the TOML, and
    replaced by one only this user may change."""
    fallblau_content.load()
    path = _files(folder, "fallblau")[0]
    assert path.stat().st_mode & 0o777 == 0o600
    path.chmod(0o666)
    _fresh()
    reads.clear()
    assert fallblau_content.load().generals
    assert reads
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_cache_folder_that_is_a_file_still_plays(tmp_path, monkeypatch):
    blocker = tmp_path / "cache"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setattr(kept, "CACHE_DIR", blocker)
    _fresh()
    try:
        assert fallblau_content.load().generals
        assert roads_content.load_content().units
    finally:
        _fresh()
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_a_cache_folder_that_cannot_be_written_still_plays(folder, monkeypatch):
    """A read-only or full disk: the write fails, nothing is left behind, the game plays."""
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(kept.os, "replace", refused)
    assert victory_content.load().units
    assert [p for p in folder.iterdir()] == []     # the temp file removed


SCRIPT = """
import sys
from tui import storage
storage.keep_content()
game = storage.load(sys.argv[1])
print(game.game_id, len(game.log), "cattrs" in sys.modules, "tomllib" in sys.modules)
"""


@pytest.mark.parametrize("game", GAMES)
def test_a_save_opens_from_a_warm_cache_without_cattrs_or_tomllib(game, tmp_path, wartable_data_dir):
    """What `wartable load` does in the thread that loads a save: the second run reads the
    kept content, not the TOML (cattrs and tomllib are never imported)."""
    from rules import registry
    from rules.core.save import dumps

    made = registry.factories()[game](seed=3)
    made.apply(made.legal()[0])
    path = tmp_path / "game.json"
    path.write_text(dumps(made), encoding="utf-8")
    env = dict(os.environ, WARTABLE_DATA_DIR=str(wartable_data_dir))
    runs = [subprocess.run([sys.executable, "-c", SCRIPT, str(path)], cwd=ROOT, env=env, text=True,
                           capture_output=True, timeout=120) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr
    assert runs[0].stdout.split()[:2] == [game, "1"]
    assert runs[1].stdout.split() == [game, "1", "False", "False"]
    assert len(list((wartable_data_dir / "cache").glob(f"{game}-content-*.json"))) == 1


def test_content_that_is_not_plain_data_is_not_kept_and_nothing_fails(folder):
    kept.keep("fallblau", ("rules.fallblau.content",), {"a function": lambda: 0})
    assert not folder.exists() or list(folder.iterdir()) == []


def test_the_pickles_of_earlier_versions_are_removed(folder):
    folder.mkdir(parents=True)
    for old in ("fallblau-content-0123.pickle", "fallblau-keys-0123.pickle"):
        (folder / old).write_bytes(b"old")
    (folder / "roads-map-0123.pickle").write_bytes(b"another game's")
    fallblau_content.load()
    assert sorted(p.suffix for p in folder.iterdir() if p.name.startswith("fallblau")) == [".json"]
    assert (folder / "roads-map-0123.pickle").exists()      # removed when Roads writes its own

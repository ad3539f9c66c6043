"""Hostile and damaged save files (issue 8 item 2; DESIGN "Saves, replay, undo"): a save is
refused as damaged, with a clear message that says the bound it breaks, when it nests too deep,
holds a number no save holds, is not a regular file (a FIFO, a device), is too large or holds
too many commands; and a save must be exactly what wartable wrote: any edit of the header,
options, seed, dice, log or checkpoint is refused, even an edit a later command would hide.
A save loads at its checkpoint to the very game a full replay gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import attrs
import pytest

from rules import toi
from rules.core import files, save
from rules.core.errors import SaveError
from rules.registry import load_save
from tests.support import campaigns
from tui import storage

ROOT = Path(__file__).resolve().parents[3]


def refused(text: str, match: str) -> str:
    with pytest.raises(SaveError, match=match) as info:
        load_save(text)
    return str(info.value)


def resealed(doc: dict, keep_checkpoint: bool = False) -> str:
    doc = {k: v for k, v in doc.items() if k != "check"}
    if not keep_checkpoint:
        doc["checkpoint"] = None
    return save.seal(doc)


@pytest.fixture(scope="module")
def texts():
    return {g: save.dumps(campaigns.campaign(g, 42, steps=40)) for g in campaigns.GAMES}


# ====================================================================== bounds
def test_a_save_nested_50000_levels_deep_is_refused_saying_the_bound():
    deep = '{"format":"wartable-save","version":2,"options":' + "[" * 50_000 + "]" * 50_000 + "}"
    message = refused(deep, f"nested more than {files.MAX_DEPTH} levels deep")
    assert "damaged" in message
    refused("[" * 50_000, "nested|broken")               # unbalanced too: never a RecursionError


def test_nesting_hidden_behind_brackets_in_strings_is_still_refused():
    sneaky = "[" + '"][",['.join([""] * 3000) + "]" * 3000   # strings close what they open
    with pytest.raises(SaveError):
        load_save(sneaky)


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert files.nesting_depth('["[[[[]]]]"]', limit=3) == 1     # counted exactly past the limit
    assert files.nesting_depth('{"a":["[[[[[[", {"b": []}]}', limit=1) == 2    # (up to limit + 1)
    assert files.nesting_depth('["\\\\", ["\\"[[[[[["]]', limit=1) == 2


@pytest.mark.parametrize("digits", [5000, 20_000])
def test_a_number_of_thousands_of_digits_is_refused(texts, digits):
    text = texts["fallblau"].replace('"seed":42', '"seed":' + "7" * digits, 1)
    assert text != texts["fallblau"]
    refused(text, "number no save holds")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_numbers_are_refused(texts, constant):
    refused(texts["fallblau"].replace('"seed":42', f'"seed":{constant}', 1), "number no save holds")


def test_a_save_larger_than_the_bound_is_refused_unread(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:                  # sparse: no disk used
        handle.truncate(files.MAX_BYTES + 1)
    message = str(pytest.raises(SaveError, storage.load, big).value)
    assert f"larger than a save may be ({files.MAX_BYTES // 2**20} MB)" in message
    refused(" " * (files.MAX_BYTES + 1), "larger than a save may be")


def test_a_save_with_more_commands_than_the_bound_is_refused(texts):
    doc = json.loads(texts["fallblau"])
    doc["commands"] = [{"type": "EndTurn"}] * (files.MAX_COMMANDS + 1)
    refused(resealed(doc), f"more than a save may hold \\({files.MAX_COMMANDS}\\)")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_without_reading_it(device):
    if not os.path.exists(device):
        pytest.skip(f"{device} is not on this system")
    start = time.perf_counter()
    with pytest.raises(SaveError, match="not a regular file"):
        storage.load(device)
    assert time.perf_counter() - start < 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        storage.load(fifo)
    result = subprocess.run([sys.executable, "-m", "tui.cli", "load", str(fifo)], capture_output=True,
                            text=True, cwd=ROOT, env=dict(os.environ), timeout=60)
    assert result.returncode == 1
    assert "not a regular file" in result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_list_saves_keeps_listing_past_every_bad_file(texts):
    folder = storage.saves_dir()
    folder.mkdir(parents=True)
    (folder / "good.json").write_text(texts["toi"], encoding="utf-8")
    (folder / "deep.json").write_text("[" * 50_000 + "]" * 50_000, encoding="utf-8")
    (folder / "huge-number.json").write_text(texts["toi"].replace('"seed":42', '"seed":' + "9" * 5000),
                                             encoding="utf-8")
    os.mkfifo(folder / "pipe.json")
    (folder / "edited.json").write_text(texts["toi"].replace('"seed":42', '"seed":43'), encoding="utf-8")
    with open(folder / "big.json", "wb") as handle:
        handle.truncate(files.MAX_BYTES + 1)
    listed = {s.name: s for s in storage.list_saves()}
    assert set(listed) == {"good", "deep", "huge-number", "pipe", "edited", "big"}
    assert listed["good"].ok and listed["good"].game_id == "toi" and listed["good"].commands == 40
    assert "nested more than" in listed["deep"].problem
    assert "number no save holds" in listed["huge-number"].problem
    assert "not a regular file" in listed["pipe"].problem
    assert "changed after wartable wrote it" in listed["edited"].problem
    assert "larger than a save may be" in listed["big"].problem
    assert not any(listed[n].ok for n in listed if n != "good")


# ====================================================================== exactly what wartable wrote
@pytest.mark.parametrize("game_id", campaigns.GAMES)
@pytest.mark.parametrize("before,after", [
    ('"seed":42', '"seed":43'),
    ('"dice":{"kind":"seeded","seed":42}', '"dice":{"kind":"seeded","seed":43}'),
    ('"format":"wartable-save"', '"format":"wartable-save" '),
    ('"commands":[', '"commands":[ '),
])
def test_any_edit_of_the_file_is_refused(texts, game_id, before, after):
    text = texts[game_id]
    assert before in text
    message = refused(text.replace(before, after, 1), "changed after wartable wrote it")
    assert "edited or is damaged" in message


@pytest.mark.parametrize("game_id", campaigns.GAMES)
def test_an_edited_option_digest_or_checkpoint_is_refused(texts, game_id):
    text = texts[game_id]
    doc = json.loads(text)
    option = next(iter(doc["options"]))
    edited = json.loads(text)
    edited["options"][option] = "edited"
    spoiled = [json.dumps(edited, separators=(",", ":"))]
    for field in ("digest", "check"):
        spoiled.append(text.replace(doc[field], ("0" if doc[field][0] != "0" else "1") + doc[field][1:]))
    spoiled.append(text.replace('"reveals":', '"reveals":1', 1))
    for one in spoiled:
        assert one != text
        refused(one, "changed after wartable wrote it")


@pytest.mark.parametrize("value", ["0", "-5", "true", "false", "1.0", '"2"', "null"])
def test_a_version_wartable_never_wrote_is_refused(texts, value):
    text = texts["victory"].replace('"version":2', f'"version":{value}', 1)
    message = refused(text, "version|no format version")
    assert "Update wartable" not in message


@pytest.mark.parametrize("field,value", [
    ("seed", True), ("seed", 42.0), ("seed", "42"), ("game", 1), ("options", None), ("dice", []),
    ("commands", {}), ("digest", 5), ("digest", "abc"), ("checkpoint", []), ("check", 0),
])
def test_a_header_field_of_the_wrong_type_is_refused(texts, field, value):
    doc = json.loads(texts["fallblau"])
    doc[field] = value
    refused(json.dumps(doc), f"'{field}'|digest")


def test_an_edited_command_that_a_later_one_overrides_is_refused():
    """Tide of Iron result entry: the second SetCommand on a card replaces the first, so the final
    state cannot tell; the checksum over the whole log can."""
    game = toi.new_game(seed=42, players=("Anna", "James"))
    game.apply(toi.BeginBattle())
    game.apply(toi.EndBattle())
    game.apply(toi.SetCommand("german", "ammunition", 3))
    game.apply(toi.SetCommand("german", "ammunition", 5))
    text = save.dumps(game)
    first = '{"side":"german","card":"ammunition","value":3,"type":"SetCommand"}'
    assert text.count(first) == 1
    refused(text.replace(first, first.replace(":3,", ":4,")), "changed after wartable wrote it")
    assert load_save(text).log[2] == toi.SetCommand("german", "ammunition", 3)


@pytest.mark.parametrize("value", ["0.5", "true", '"1"', "1.0", "[1]"])
def test_a_command_field_of_the_wrong_type_is_refused(texts, value):
    doc = json.loads(texts["fallblau"])
    i, raw = next((i, r) for i, r in enumerate(doc["commands"]) if r["type"] in ("Attack", "ChooseSlot", "Advance"))
    field = {"Attack": "target", "ChooseSlot": "slot", "Advance": "second_slot"}[raw["type"]]
    raw[field] = json.loads(value)
    refused(json.dumps(doc, separators=(",", ":")), "changed after wartable wrote it")
    refused(resealed(doc), f"Command {i + 1} of the save cannot be read")


def test_a_checkpoint_naming_a_class_its_state_does_not_declare_is_refused(texts):
    doc = json.loads(texts["fallblau"])
    doc["checkpoint"]["state"] = {"a": "Popen", "f": {"args": "rm -rf /"}}
    refused(resealed(doc, keep_checkpoint=True), "checkpoint cannot be read")
    doc["checkpoint"]["state"] = {"t": [1, 2]}
    refused(resealed(doc, keep_checkpoint=True), "checkpoint does not match its digest")


# ====================================================================== checkpoint and old saves
@pytest.mark.parametrize("game_id", campaigns.GAMES)
def test_a_save_loads_at_its_checkpoint_to_the_game_a_replay_gives(game_id):
    game = campaigns.campaign(game_id, 5, long=True)
    text = save.dumps(game)
    at_checkpoint = load_save(text)
    replayed = load_save(resealed(json.loads(text)))
    for loaded in (at_checkpoint, replayed):
        assert loaded.digest() == game.digest()
        assert attrs.asdict(loaded.state) == attrs.asdict(game.state)
        assert loaded.log == game.log and loaded.events == game.events
        assert loaded.dice.position() == game.dice.position()
        assert loaded.legal() == game.legal() and loaded.outcome == game.outcome
        assert save.dumps(loaded) == text


@pytest.mark.parametrize("game_id", campaigns.GAMES)
def test_a_game_loaded_at_its_checkpoint_plays_on_like_the_original(game_id):
    game = campaigns.campaign(game_id, 8, steps=60)
    loaded = load_save(save.dumps(game))
    import random
    campaigns.play(game, random.Random(3), 80)
    campaigns.play(loaded, random.Random(3), 80)
    assert loaded.digest() == game.digest() and loaded.events == game.events
    assert loaded.dice.position() == game.dice.position()


@pytest.mark.parametrize("game_id", campaigns.GAMES)
def test_a_save_of_format_1_still_loads_by_replay(game_id):
    game = campaigns.campaign(game_id, 11, steps=50)
    doc = {"format": "wartable-save", "version": 1, "game": game.game_id, "options": game.options,
           "seed": game.seed, "dice": game.dice_spec,
           "commands": save.commands_to_json(game.command_types, game.log), "digest": game.digest()}
    loaded = load_save(json.dumps(doc, indent=1))
    assert loaded.digest() == game.digest() and loaded.log == game.log
    # unsealed, a format-1 file that does not replay to its digest is called edited or damaged
    wrong = dict(doc, digest=("1" if game.digest()[0] == "0" else "0") + game.digest()[1:])
    assert "edited or is damaged" in refused(json.dumps(wrong), "does not match the save's digest")
    doc["commands"][0] = {**doc["commands"][0], "type": "Nope"}
    refused(json.dumps(doc), "Command 1 of the save cannot be read")
    doc.pop("commands")
    doc["check"] = "0" * 64
    refused(json.dumps(doc), "field")

"""rules.core.save with Fall Blau games: the save document, load by replay, refusal of
damaged or edited files, and atomic writes (DESIGN "Saves, replay, undo")."""

from __future__ import annotations

import json
import os
import random
import re

import attrs
import pytest

from rules.core import save
from rules.core.dice import FixedDice
from rules.core.errors import SaveError
from rules.fallblau import COMMANDS, Consolidate, EndTurn, new_game
from rules.registry import load_save

GENERALS = ("hoth", "paulus", "ruoff")
ABSENT = "kleist"     # a General who is not in the games below


def play(game, rng: random.Random, steps: int | None = None):
    """A random bot: pick uniformly among legal() until the end (or `steps` commands)."""
    n = 0
    while game.outcome is None and (steps is None or n < steps):
        game.apply(rng.choice(game.legal()))
        n += 1
    return game


def make(seed=7, hard=False, missions=False, steps=None, generals=GENERALS, undo=False, **kw):
    game = new_game(seed=seed, generals=generals, hard=hard, missions=missions, undo=undo, **kw)
    return play(game, random.Random(seed * 31 + 1), steps)


def assert_same_game(a, b):
    assert a.digest() == b.digest()
    assert attrs.asdict(a.state) == attrs.asdict(b.state)
    assert a.legal() == b.legal()
    assert a.outcome == b.outcome
    assert a.log == b.log
    assert [str(e) for e in a.events] == [str(e) for e in b.events]
    assert a.options == b.options
    assert a.seed == b.seed


def doc_of(game) -> dict:
    """The save document as a fresh copy (editing it must not touch the game)."""
    return json.loads(save.dumps(game))


def resealed(doc: dict, keep_checkpoint: bool = False) -> str:
    """A document edited and closed with a fresh checksum, as a hostile editor could: the deeper
    checks must still refuse it. Without its checkpoint the log is replayed, command by command."""
    doc = {k: v for k, v in doc.items() if k != "check"}
    if not keep_checkpoint:
        doc["checkpoint"] = None
    return save.seal(doc)


def edited(game, change) -> str:
    doc = doc_of(game)
    change(doc)
    return resealed(doc)


def refused(text: str, match: str):
    with pytest.raises(SaveError, match=match) as info:
        load_save(text)
    return str(info.value)


# ====================================================================== round trips
@pytest.mark.parametrize("seed", [1, 7, 2024])
@pytest.mark.parametrize("steps", [None, 0, 1, 30], ids=["end", "start", "one", "mid"])
@pytest.mark.parametrize("hard,missions", [(False, False), (True, False), (False, True), (True, True)],
                         ids=["standard", "hard", "missions", "hard+missions"])
def test_save_load_replay_gives_the_identical_game(seed, steps, hard, missions):
    game = make(seed, hard, missions, steps)
    if steps is None:
        assert game.outcome is not None
    else:
        assert len(game.log) == steps
    loaded = load_save(save.dumps(game))
    assert_same_game(game, loaded)


def test_a_loaded_game_plays_on_like_the_original():
    game = make(11, steps=20)
    loaded = load_save(save.dumps(game))
    rng_a, rng_b = random.Random(5), random.Random(5)
    play(game, rng_a)
    play(loaded, rng_b)
    assert_same_game(game, loaded)


def test_save_of_a_loaded_game_is_the_same_text():
    game = make(3, True, True, steps=40)
    text = save.dumps(game)
    assert save.dumps(load_save(text)) == text


def test_fixed_dice_game_round_trips():
    rng = random.Random(99)
    script = [rng.randint(1, 6) for _ in range(3000)]
    game = new_game(seed=0, generals=GENERALS, dice=FixedDice(script))
    play(game, random.Random(4))
    assert game.outcome is not None
    doc = save.dump(game)
    assert doc["dice"] == {"kind": "fixed", "rolls": script}
    loaded = load_save(save.dumps(game))
    assert isinstance(loaded.dice, FixedDice)
    assert_same_game(game, loaded)
    assert loaded.dice.remaining == game.dice.remaining


def test_game_with_a_set_deck_round_trips():
    deck = ["nachschub", "gewaltmarsch", "partisanen"]
    game = new_game(seed=5, generals=GENERALS, deck=deck, missions=True,
                    mission_deck=["vorratslager", "vormarsch"])
    play(game, random.Random(5), 40)
    doc = save.dump(game)
    assert doc["options"]["deck"] == deck
    assert doc["options"]["mission_deck"] == ["vorratslager", "vormarsch"]
    assert_same_game(game, load_save(save.dumps(game)))


@pytest.mark.parametrize("generals", [("kleist", "salmuth", "hoth"), ("ruoff", "kleist", "paulus")])
def test_every_general_round_trips(generals):
    game = make(17, generals=generals, steps=60)
    assert_same_game(game, load_save(save.dumps(game)))


def test_replay_upto_gives_the_game_after_that_many_commands():
    game = new_game(seed=21, generals=GENERALS, missions=True, undo=False)
    rng = random.Random(21)
    digests = [game.digest()]
    while game.outcome is None:
        game.apply(rng.choice(game.legal()))
        digests.append(game.digest())
    text = save.dumps(game)
    for k in sorted({0, 1, 2, len(digests) // 3, len(digests) // 2, len(digests) - 2, len(digests) - 1}):
        partial = load_save(text, upto=k)
        assert len(partial.log) == k
        assert partial.digest() == digests[k]


def test_game_with_generals_drawn_at_random_round_trips():
    game = new_game(seed=7)               # the Generals are drawn from the seed
    loaded = load_save(save.dumps(game))  # even with no command played
    assert_same_game(game, loaded)


# ====================================================================== the document
def test_save_document_fields():
    game = make(8, hard=True, missions=False, steps=25)
    doc = save.dump(game)
    assert set(doc) == {"format", "version", "game", "options", "seed", "dice", "commands", "digest",
                        "checkpoint"}
    assert doc["format"] == "wartable-save"
    assert doc["version"] == 2 == save.VERSION - 1     # no notes: format 2 (format 3 adds notes)
    assert set(doc["checkpoint"]) - {"undo"} == {"state", "dice", "events"}   # undo: when there is one
    assert doc["game"] == "fallblau"
    assert doc["options"] == {"generals": list(GENERALS), "hard": True, "missions": False}
    assert doc["seed"] == 8
    assert doc["dice"] == {"kind": "seeded", "seed": 8}
    assert re.fullmatch(r"[0-9a-f]{64}", doc["digest"])
    assert doc["digest"] == game.digest()
    assert len(doc["commands"]) == len(game.log) == 25
    names = {cls.__name__ for cls in COMMANDS}
    for raw, cmd in zip(doc["commands"], game.log):
        assert raw["type"] == type(cmd).__name__
        assert raw["type"] in names
        fields = {a.name for a in attrs.fields(type(cmd))}
        assert set(raw) - {"type"} <= fields
    # dumps is that document as JSON text, closed by a checksum over everything before it
    text = save.dumps(game)
    sealed = json.loads(text)
    assert re.fullmatch(r"[0-9a-f]{64}", sealed.pop("check"))
    assert sealed == json.loads(json.dumps(doc))
    assert text.endswith(f',"check":"{json.loads(text)["check"]}"}}\n')


def test_dump_does_not_share_the_games_options():
    game = new_game(seed=3, generals=GENERALS)
    doc = save.dump(game)
    doc["options"]["hard"] = True
    doc["options"]["generals"].reverse()
    assert game.options == {"generals": list(GENERALS), "hard": False, "missions": False}


def test_every_command_type_is_tagged_and_read_back():
    from rules.fallblau import (Advance, Attack, ChooseGeneral, ChooseSlot, Discard, OrderDeck,
                                PlayEvent, Reorganize, Reroll, UseAbility)

    samples = [
        Advance("hoth", "voronezh"), Advance("hoth", "voronezh", "millerovo", 1), Attack("paulus", 0),
        Attack("ruoff", 2, "nebelwerfer_regiment"), Consolidate("hoth"), PlayEvent("nachschub"),
        PlayEvent("luftwaffe_support-1", target=1), PlayEvent("gewaltmarsch", general="hoth"),
        Reorganize(("ruoff", None, "hoth")), UseAbility("hoth"), EndTurn(), Discard("nachschub"),
        ChooseGeneral("paulus"), ChooseSlot(2), Reroll(None), Reroll(1), OrderDeck(("a", "b", "c")),
    ]
    assert {type(c) for c in samples} == set(COMMANDS)
    raw = save.commands_to_json(COMMANDS, samples)
    assert [r["type"] for r in raw] == [type(c).__name__ for c in samples]
    back = [save.command_from_json(COMMANDS, json.loads(json.dumps(r))) for r in raw]
    assert back == samples
    assert all(hash(c) is not None for c in back)   # tuples, not lists: usable in legal() sets


# ====================================================================== refusals
@pytest.fixture(scope="module")
def mid_game():
    return make(7, hard=True, missions=True, steps=40)


@pytest.fixture(scope="module")
def mid_text(mid_game):
    return save.dumps(mid_game)


def test_truncated_file_is_refused_at_every_cut(mid_text):
    cuts = {0, 1, 2, 10, len(mid_text) // 4, len(mid_text) // 2, len(mid_text) * 3 // 4,
            len(mid_text) - 2}
    for cut in sorted(cuts):
        message = refused(mid_text[:cut], "not a readable save")
        assert "truncated" in message
    assert "truncated" in refused(mid_text[:-1], "changed after wartable wrote it")     # the last newline


def test_save_cut_before_its_checksum_is_refused(mid_text):
    refused(mid_text[: mid_text.rindex(',"check"')] + "}", "field 'check' is missing")


@pytest.mark.parametrize("text", ["hello", "{", "{'format': 'wartable-save'}", "\x00\x01", "   "])
def test_not_json_is_refused(text):
    refused(text, "not a readable save")


@pytest.mark.parametrize("text", ["[]", "42", '"wartable-save"', "null", "{}"])
def test_json_that_is_not_a_save_document_is_refused(text):
    refused(text, "not a wartable save file")


@pytest.mark.parametrize("value", ["wartable", "wartable-save-v2", None, 1])
def test_wrong_format_is_refused(mid_game, value):
    refused(edited(mid_game, lambda d: d.__setitem__("format", value)), "not a wartable save file")


def test_missing_format_is_refused(mid_game):
    refused(edited(mid_game, lambda d: d.pop("format")), "not a wartable save file")


@pytest.mark.parametrize("value", ["1", 1.0, 2.0, True, False, [2]])
def test_odd_version_is_refused(mid_game, value):
    refused(edited(mid_game, lambda d: d.__setitem__("version", value)), "version must be a whole number")


def test_missing_version_is_refused(mid_game):
    refused(edited(mid_game, lambda d: d.__setitem__("version", None)), "no format version")
    refused(edited(mid_game, lambda d: d.pop("version")), "no format version")


@pytest.mark.parametrize("version", [0, -5, -1])
def test_version_wartable_never_wrote_is_refused(mid_game, version):
    refused(edited(mid_game, lambda d: d.__setitem__("version", version)),
            f"format version {version} is not one wartable ever wrote")


@pytest.mark.parametrize("version", [4, 99])
def test_future_version_is_refused(mid_game, version):
    message = refused(edited(mid_game, lambda d: d.__setitem__("version", version)), "newer wartable")
    assert f"format {version}" in message
    assert "Update wartable" in message


@pytest.mark.parametrize("field", ["game", "options", "seed", "dice", "commands", "digest"])
def test_missing_field_is_refused(mid_game, field):
    refused(edited(mid_game, lambda d: d.pop(field)), f"field '{field}' is missing or of the wrong kind")


@pytest.mark.parametrize("field,value", [
    ("game", 3), ("options", []), ("seed", "7"), ("dice", "seeded"), ("commands", {}), ("digest", None),
])
def test_field_of_the_wrong_kind_is_refused(mid_game, field, value):
    refused(edited(mid_game, lambda d: d.__setitem__(field, value)), f"field '{field}'")


@pytest.mark.parametrize("game_id", ["monopoly", "chess", ""])
def test_unknown_game_is_refused(mid_game, game_id):
    message = refused(edited(mid_game, lambda d: d.__setitem__("game", game_id)), "does not know")
    assert repr(game_id) in message


@pytest.mark.parametrize("change", [
    lambda o: o.__setitem__("generals", ["hoth", "paulus", "guderian"]),
    lambda o: o.__setitem__("generals", ["hoth", "paulus"]),
    lambda o: o.__setitem__("generals", ["hoth", "hoth", "ruoff"]),
    lambda o: o.__setitem__("colour", "blue"),
    lambda o: o.__setitem__("deck", ["no_such_card"]),
], ids=["unknown-general", "two-generals", "same-general-twice", "unknown-option", "unknown-deck-card"])
def test_options_that_cannot_start_a_game_are_refused(mid_game, change):
    refused(edited(mid_game, lambda d: change(d["options"])), "setup options cannot start a game")


@pytest.mark.parametrize("dice", [{"kind": "loaded"}, {"kind": "seeded", "seed": "x"}, {}])
def test_unknown_dice_are_refused(mid_game, dice):
    refused(edited(mid_game, lambda d: d.__setitem__("dice", dice)), "setup options cannot start a game")


def _first(doc, key):
    for i, raw in enumerate(doc["commands"]):
        if key(raw):
            return i
    raise AssertionError("no such command in the save")


def test_edited_general_diverges_at_that_command(mid_game):
    doc = doc_of(mid_game)
    i = _first(doc, lambda r: "general" in r and r["general"] is not None)
    doc["commands"][i]["general"] = ABSENT
    message = refused(resealed(doc), f"diverges at command {i + 1}\\b")
    # sealed anew, the file is as a wartable would write it: the message names the likely cause,
    # a wartable whose rules differ (the player of an old save is not told they edited it)
    assert "checksum matches" in message and "rules differ" in message and "edited" in message


def test_edited_attack_target_diverges_at_that_command():
    game = make(7, steps=80)
    doc = doc_of(game)
    i = _first(doc, lambda r: r["type"] == "Attack")
    doc["commands"][i]["target"] = 7
    refused(resealed(doc), f"diverges at command {i + 1}\\b")


def test_edited_advance_card_diverges_at_that_command():
    game = make(7, steps=80)
    doc = doc_of(game)
    i = _first(doc, lambda r: r["type"] == "Advance")
    doc["commands"][i]["card"] = "astrakhan"      # never unlocked at the start
    refused(resealed(doc), f"diverges at command {i + 1}\\b")


def test_command_appended_after_the_end_diverges():
    game = make(7)
    assert game.outcome is not None
    doc = doc_of(game)
    doc["commands"].append({"type": "EndTurn"})
    refused(resealed(doc), f"diverges at command {len(doc['commands'])}\\b")


def test_dropped_command_is_refused(mid_game):
    doc = doc_of(mid_game)
    del doc["commands"][5]
    refused(resealed(doc), "diverges|digest")


def test_swapped_commands_diverge():
    game = new_game(seed=1, generals=GENERALS, deck=["nachschub", "beutelager", "gewaltmarsch", "eisenbahnpioniere"])
    for cmd in (Consolidate("hoth"), EndTurn(), Consolidate("hoth")):
        game.apply(cmd)
    doc = doc_of(game)
    assert load_save(resealed(doc)).digest() == game.digest()
    n = len(doc["commands"])
    # the last Consolidate goes before the EndTurn: Hoth has already given his order
    doc["commands"][1], doc["commands"][n - 1] = doc["commands"][n - 1], doc["commands"][1]
    refused(resealed(doc), "diverges at command 2\\b")


def test_swapped_commands_of_a_bot_game_are_refused(mid_game):
    doc = doc_of(mid_game)
    # (two orders of one turn may commute and give the same game: a save is then rightly
    # accepted; moving the end of the first turn to the very start changes what follows)
    i = _first(doc, lambda r: r["type"] == "EndTurn")
    assert i > 0
    doc["commands"][0], doc["commands"][i] = doc["commands"][i], doc["commands"][0]
    refused(resealed(doc), "diverges|digest")


@pytest.mark.parametrize("raw", [
    {"type": "Nuke"},
    {"general": "hoth"},
    {"type": "Consolidate"},
    {"type": "Consolidate", "general": "hoth", "extra": 1},
    {"type": "Attack", "general": "hoth", "target": "left"},
    "EndTurn",
    None,
])
def test_unreadable_command_is_refused(mid_game, raw):
    doc = doc_of(mid_game)
    doc["commands"].insert(3, raw)
    refused(resealed(doc), "Command 4 of the save cannot be read")


def test_edited_digest_is_refused(mid_game):
    doc = doc_of(mid_game)
    flip = "0" if doc["digest"][0] != "0" else "1"
    doc["digest"] = flip + doc["digest"][1:]
    refused(resealed(doc), "does not match the save's digest")


def test_empty_digest_is_refused(mid_game):
    refused(edited(mid_game, lambda d: d.__setitem__("digest", "")), "digest")


@pytest.mark.parametrize("option", ["hard", "missions"])
def test_edited_mode_is_refused(mid_game, option):
    doc = doc_of(mid_game)
    doc["options"][option] = not doc["options"][option]
    refused(resealed(doc), "diverges|digest")


@pytest.mark.parametrize("option", ["hard", "missions"])
def test_edited_mode_of_a_fresh_game_is_refused(option):
    game = new_game(seed=3, generals=GENERALS)
    doc = doc_of(game)
    doc["options"][option] = True
    refused(resealed(doc), "digest")


def test_edited_general_order_is_refused(mid_game):
    doc = doc_of(mid_game)
    doc["options"]["generals"] = list(reversed(doc["options"]["generals"]))
    refused(resealed(doc), "diverges|digest")


@pytest.mark.parametrize("field", ["seed", "dice"])
def test_edited_seed_is_refused(mid_game, field):
    doc = doc_of(mid_game)
    if field == "seed":
        doc["seed"] += 1
        doc["dice"]["seed"] += 1     # a consistent edit of both still fails the digest
    else:
        doc["dice"]["seed"] += 1
    refused(resealed(doc), "diverges|digest")


def test_a_refused_load_raises_only_save_error(mid_text):
    """Whatever is wrong, the caller sees a SaveError (never a half-loaded game)."""
    doc = json.loads(mid_text)
    doc["commands"][2] = {"type": "Attack", "general": "hoth"}
    with pytest.raises(SaveError):
        load_save(resealed(doc))


@pytest.mark.parametrize("edit", ["short", "out-of-range"])
def test_edited_fixed_dice_script_is_refused_with_save_error(edit):
    rng = random.Random(2)
    game = new_game(seed=0, generals=GENERALS, dice=FixedDice([rng.randint(1, 6) for _ in range(500)]))
    play(game, random.Random(2), 60)
    used = 500 - len(game.dice.remaining)
    assert used > 4
    doc = doc_of(game)
    if edit == "short":
        doc["dice"]["rolls"] = doc["dice"]["rolls"][: used // 2]
    else:
        doc["dice"]["rolls"][0] = 9
    with pytest.raises(SaveError):
        load_save(resealed(doc))


# ====================================================================== atomic writes
def test_write_atomic_writes_the_text(tmp_path):
    path = tmp_path / "game.json"
    text = save.dumps(make(2, steps=10)) + "\nÜberdehnte Nachschublinien ✓"
    save.write_atomic(path, text)
    assert path.read_text(encoding="utf-8") == text
    assert os.listdir(tmp_path) == ["game.json"]


def test_write_atomic_accepts_a_string_path_and_makes_folders(tmp_path):
    path = tmp_path / "saves" / "fallblau" / "auto.json"
    save.write_atomic(str(path), "{}")
    assert path.read_text() == "{}"


def test_write_atomic_replaces_an_existing_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old contents that are longer than the new ones")
    save.write_atomic(path, "new")
    assert path.read_text() == "new"
    assert os.listdir(tmp_path) == ["game.json"]


def test_write_atomic_leaves_no_temp_files_after_many_writes(tmp_path):
    path = tmp_path / "auto.json"
    game = new_game(seed=4, generals=GENERALS, undo=False)
    rng = random.Random(4)
    for _ in range(30):
        if game.outcome is not None:
            break
        game.apply(rng.choice(game.legal()))
        save.write_atomic(path, save.dumps(game))      # autosave after every command
    assert os.listdir(tmp_path) == ["auto.json"]
    assert load_save(path.read_text()).digest() == game.digest()


def test_write_atomic_failure_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save.write_atomic(path, "old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        save.write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["game.json"]


def test_write_atomic_failure_while_writing_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    save.write_atomic(path, "old")

    def broken_fsync(fd):
        raise OSError("I/O error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="I/O error"):
        save.write_atomic(path, "new")
    monkeypatch.undo()
    assert path.read_text() == "old"
    assert os.listdir(tmp_path) == ["game.json"]


def test_write_atomic_failure_with_no_old_file_leaves_nothing(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(OSError("nope")))
    with pytest.raises(OSError):
        save.write_atomic(path, "new")
    monkeypatch.undo()
    assert os.listdir(tmp_path) == []

"""A command's public note (``Game.annotate``, format 3 of rules.core.save): the line goes with the
command into the log, the save, a resumed game and a replay, and the save's checks still hold
(DESIGN "Saves, replay, undo"; issue 12 item 2: the computer's explanation is kept)."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import save
from rules.core.errors import IllegalCommand, SaveError
from rules.fallblau import new_game
from rules.registry import load_save

GENERALS = ("hoth", "paulus", "ruoff")


def noted_game(steps=30, every=3, undo=False):
    """A Fall Blau game of random commands, every ``every``-th one carrying a note."""
    game = new_game(seed=5, generals=GENERALS, undo=undo)
    rng = random.Random(9)
    for k in range(steps):
        if game.outcome is not None:
            break
        if k % every == 0:
            game.annotate(f"Note {k}: chosen for a reason.")
        game.apply(rng.choice(game.legal()))
    return game


def notes_logged(game) -> list[str]:
    return [e.text for e in game.events if e.kind == "note"]


def test_a_note_is_logged_first_among_its_commands_events():
    game = new_game(seed=5, generals=GENERALS)
    game.annotate("Computer (hard): why.")
    events = game.apply(game.legal()[0])
    assert events[0].text == "Computer (hard): why." and events[0].kind == "note"
    assert game.notes == {0: "Computer (hard): why."}
    assert game.events[-len(events):] == events


def test_a_note_goes_with_the_next_command_only_even_an_illegal_one():
    game = new_game(seed=5, generals=GENERALS)
    game.annotate("about a command that is refused")
    with pytest.raises(IllegalCommand):
        game.apply(object())
    game.apply(game.legal()[0])
    assert game.notes == {} and notes_logged(game) == []


def test_a_note_is_one_printable_line_no_longer_than_a_save_holds():
    game = new_game(seed=5, generals=GENERALS)
    game.annotate("two\nlines\x1b[31m" + "x" * 2000)
    game.apply(game.legal()[0])
    note = game.notes[0]
    assert note.isprintable() and len(note) == save.MAX_NOTE and note.startswith("two lines [31m")
    assert load_save(save.dumps(game)).notes == game.notes


def test_the_notes_survive_save_resume_and_replay():
    game = noted_game()
    text = save.dumps(game)
    doc = json.loads(text)
    assert doc["version"] == 3 and doc["notes"] == [[n, t] for n, t in sorted(game.notes.items())]
    resumed = load_save(text)                       # from the checkpoint
    assert resumed.notes == game.notes and notes_logged(resumed) == notes_logged(game)
    assert [str(e) for e in resumed.events] == [str(e) for e in game.events]
    assert save.dumps(resumed) == text              # saved again: the same text
    doc["checkpoint"] = None                        # replayed command by command
    replayed = load_save(save.seal(doc))
    assert [str(e) for e in replayed.events] == [str(e) for e in game.events]
    assert replayed.notes == game.notes
    part = save.loads(text, {"fallblau": new_game}, upto=10)   # the replay viewer's step 10
    assert notes_logged(part) == [game.notes[n] for n in sorted(game.notes) if n < 10]


def test_a_game_without_notes_is_still_written_as_format_2():
    game = new_game(seed=5, generals=GENERALS)
    game.apply(game.legal()[0])
    doc = json.loads(save.dumps(game))
    assert doc["version"] == 2 and "notes" not in doc


def test_undo_takes_the_note_back_with_its_command():
    game = new_game(seed=5, generals=GENERALS, undo=True)
    rng = random.Random(3)
    for _ in range(200):                            # to a command that can be taken back
        game.annotate("a note")
        game.apply(rng.choice(game.legal()))
        if game.can_undo:
            break
    assert game.can_undo
    number = len(game.log) - 1
    assert game.notes.get(number) == "a note"
    game.undo()
    assert number not in game.notes
    assert notes_logged(game) == [game.notes[n] for n in sorted(game.notes)]


def _resealed(text: str, change) -> str:
    doc = json.loads(text)
    change(doc)
    return save.seal({k: v for k, v in doc.items() if k != "check"})


@pytest.mark.parametrize("change,why", [
    (lambda d: d["notes"].append([0, "out of order"]), "note"),
    (lambda d: d["notes"].append([10 ** 6, "past the last command"]), "note"),
    (lambda d: d["notes"].__setitem__(0, [0, ""]), "note"),
    (lambda d: d["notes"].__setitem__(0, [0, "a\nsecond line"]), "note"),
    (lambda d: d["notes"].__setitem__(0, [0, "x" * (save.MAX_NOTE + 1)]), "note"),
    (lambda d: d["notes"].__setitem__(0, ["0", "a number as text"]), "note"),
    (lambda d: d["notes"].__setitem__(0, {"0": "not a pair"}), "note"),
    (lambda d: d.__setitem__("notes", []), "notes are empty"),
    (lambda d: d.__setitem__("notes", {}), "wrong kind"),
    (lambda d: d.pop("notes"), "missing"),
], ids=["order", "past", "empty", "newline", "long", "string-number", "not-pair", "empty-list",
        "not-list", "missing"])
def test_a_save_whose_notes_wartable_never_wrote_is_refused(change, why):
    text = save.dumps(noted_game())
    with pytest.raises(SaveError, match=why):
        load_save(_resealed(text, change))


def test_an_edited_note_breaks_the_seal():
    text = save.dumps(noted_game())
    edited = text.replace("chosen for a reason", "chosen for no reason", 1)
    assert edited != text
    with pytest.raises(SaveError, match="checksum does not match"):
        load_save(edited)


def test_a_note_in_a_format_2_save_is_refused():
    text = save.dumps(noted_game())
    with pytest.raises(SaveError, match="does not write"):
        load_save(_resealed(text, lambda d: d.__setitem__("version", 2)))

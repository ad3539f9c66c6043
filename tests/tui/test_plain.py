"""The plain mode (tui.fallblau.plain) and the text rendering behind it (tui.fallblau.text):
whole games driven by scripted input, bad input, undo, saving, quitting and resuming."""

from __future__ import annotations

import io

import pytest

from rules.core.dice import FixedDice
from rules.fallblau import Consolidate, EndTurn, new_game
from tui import cli, storage
from tui.fallblau.plain import ASK, CANNOT_UNDO, NOT_GIVEN, NOTHING_TO_UNDO, PROMPT, run_plain
from tui.fallblau.text import cube_bar, render_end, render_legal, render_position

GENERALS = ("hoth", "paulus", "ruoff")


def fresh(seed: int = 7, **options):
    return new_game(seed=seed, generals=GENERALS, **options)


def run(game, script: str, **kwargs) -> str:
    out = io.StringIO()
    assert run_plain(game, io.StringIO(script), out, **kwargs) == 0
    return out.getvalue()


class Chooser:
    """A stdin whose every line picks a command by looking at the game: ``pick(game) -> index``."""

    def __init__(self, game, pick):
        self.game, self.pick, self.lines = game, pick, 0

    def readline(self) -> str:
        self.lines += 1
        assert self.lines < 5000, "the game did not end"
        return f"{self.pick(self.game) + 1}\n"

    def isatty(self) -> bool:
        return False


# -- whole games -------------------------------------------------------------------------------
def test_a_whole_game_always_choosing_1():
    game = fresh(seed=3)
    out = run(game, "1\n" * 2000, confirmations=False)     # every command at once, as the setting allows
    o = game.outcome
    assert o is not None
    assert out.rstrip().endswith(render_end(game))
    assert f"Final score: {o.vp} VP" in out and "The campaign ends:" in out
    assert out.count(PROMPT) == len(game.log)                 # one command per line read
    rows, warning = storage.stats_summary()
    assert warning is None and rows[0]["played"] == 1 and rows[0]["best_vp"] == o.vp
    assert storage.last_game().digest() == game.digest()       # the autosave has the end too


@pytest.mark.parametrize("hard, missions", [(False, False), (True, True)])
def test_a_whole_game_always_ending_the_turn(hard, missions):
    """Choose the last command each time (End the turn, or the last answer of a decision)."""
    game = fresh(seed=5, hard=hard, missions=missions)
    out = io.StringIO()
    assert run_plain(game, Chooser(game, lambda g: len(g.legal()) - 1), out, confirmations=False) == 0
    text = out.getvalue()
    assert game.outcome is not None and render_end(game) in text
    assert "The Germans lose the initiative. (FB Ending the Turn)" in text   # str(event) lines
    mode = "hard+missions" if hard else "standard"
    assert [(r["mode"], r["played"]) for r in storage.stats_summary()[0]] == [(mode, 1)]


def test_the_events_are_printed_as_the_log_sentences():
    game = fresh()
    index = game.legal().index(Consolidate("paulus")) + 1
    out = run(game, f"{index}\nq\n")
    for event in game.events[-1:]:
        assert str(event) in out
    assert "Friedrich Paulus consolidates" in out


def test_without_autosave_nothing_is_written(wartable_data_dir):
    game = fresh(seed=3)
    run(game, "1\n" * 2000, autosave=False, confirmations=False)
    assert game.outcome is not None
    assert not wartable_data_dir.exists()


def test_a_finished_game_just_shows_the_end():
    game = fresh(seed=3)
    while game.outcome is None:
        game.apply(game.legal()[0])
    out = run(game, "")
    assert "already over" in out and render_end(game) in out
    assert storage.stats_summary()[0][0]["played"] == 1


# -- input --------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, words", [
    ("abc", "'abc' is not a command here. Type a number from 1 to"),
    ("0", "There is no command 0: choose a number from 1 to"),
    ("99", "There is no command 99: choose a number from 1 to"),
    ("-1", "'-1' is not a command here"),
    ("1 2", "'1 2' is not a command here"),
    ("", "Type a command number, or ? for help."),
    ("u now", "'u now' is not a command here"),
])
def test_bad_input_gets_a_message_and_changes_nothing(line, words):
    game = fresh()
    digest, log = game.digest(), list(game.log)
    out = run(game, f"{line}\nq\n")
    assert words in out
    assert game.digest() == digest and game.log == log


def test_help():
    out = run(fresh(), "?\nq\n")
    assert "s NAME" in out and "undo" in out and "wartable resume --plain" in out


def test_rules_help_for_the_decision_at_hand():
    out = run(fresh(), "r\nq\n")
    assert "Attack! order" in out or "The rules help cannot be shown" in out


def test_eof_quits_cleanly_and_keeps_the_autosave():
    game = fresh()
    out = run(game, "1\n")                     # no q: the input just ends
    assert "End of input" in out
    assert storage.last_game().digest() == game.digest()


def test_scripted_input_is_echoed_after_the_prompt():
    out = run(fresh(), "?\nq\n")
    assert f"{PROMPT}?\n" in out and f"{PROMPT}q\n" in out


# -- undo -----------------------------------------------------------------------------------------
def test_undo_with_nothing_to_undo():
    game = fresh()
    assert NOTHING_TO_UNDO in run(game, "u\nq\n")


def test_undo_takes_back_a_quiet_command_and_updates_the_autosave():
    game = fresh()
    start = game.digest()
    index = game.legal().index(Consolidate("hoth")) + 1
    out = run(game, f"{index}\nu\nq\n")
    assert "Undone" in out
    assert game.digest() == start and game.log == []
    assert storage.last_game().digest() == start


def test_undo_cannot_pass_a_draw():
    game = fresh()
    index = game.legal().index(EndTurn()) + 1   # the Soviets roll and two cards are drawn
    out = run(game, f"{index}\n\nu\nq\n")                     # an empty line confirms the end of the turn
    assert CANNOT_UNDO in out and "Cannot undo past a roll or a draw." in out
    assert len(game.log) == 1


# -- saving, quitting, resuming ------------------------------------------------------------------
def test_save_under_a_name():
    game = fresh()
    out = run(game, "1\ns Before the Don\nq\n")
    assert "Saved as 'Before the Don'" in out
    assert storage.load(storage.saves_dir() / "Before the Don.json").digest() == game.digest()


def test_bad_save_names_say_why():
    out = run(fresh(), "s a/b\ns\ns autosave\nq\n")
    assert "only letters, digits, spaces, '-' and '_'" in out
    assert "Give the save a name" in out
    assert "the autosave uses it" in out


def test_quit_then_resume_continues_the_same_game(monkeypatch, capsys):
    game = fresh(seed=9)
    out = run(game, "2\n1\nq\n")
    assert "kept in the autosave" in out
    digest, log = game.digest(), list(game.log)

    monkeypatch.setattr("sys.stdin", io.StringIO("1\ny\nq\n"))        # 1 is Attack!: asked, y gives it
    assert cli.main(["resume", "--plain"]) == 0
    resumed = capsys.readouterr().out
    assert f"{game.describe(game.legal()[0])}?" in resumed and ASK in resumed
    assert render_position(game) in resumed                     # it starts where we stopped
    again = storage.last_game()
    assert again.log[:len(log)] == log and len(again.log) == len(log) + 1
    game.apply(game.legal()[0])                                 # the same command on the original
    assert again.digest() == game.digest() != digest


# -- the text rendering --------------------------------------------------------------------------
def test_cube_bar():
    assert cube_bar(3, 5) == "■■■□□ 3/5"
    assert cube_bar(0, 6) == "□□□□□□ 0/6"
    assert cube_bar(2, 5, ascii_only=True) == "##... 2/5"


def test_the_position_says_everything_in_words():
    game = new_game(seed=1, generals=GENERALS, missions=True, dice=FixedDice([1] * 200))
    text = render_position(game)
    assert "Calendar: Early July, turn 1 of 14." in text
    assert "Supply 5/10." in text
    assert "VP 0: Victory at 32, Brilliant Victory at 36; next red circle at 4." in text
    assert "1. Hermann Hoth, 4th Panzer Army (Panzer): ■■■■■ 5/5 grey cubes, READY" in text
    assert "2. Friedrich Paulus, 6th Army (regular): ■■■■■■ 6/6 grey cubes, READY" in text
    assert "Faces: nothing (the position is empty)." in text
    assert "Voronezh (1 VP, 3 red cubes, Fortress: -1 to attack dice)" in text
    assert "Hand (2 of 5):" in text and "Active missions:" in text
    assert "Captured: 0 of 15 Campaign cards." in text and "Generals lost: none." in text
    assert "Event deck" in text and "mission deck" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_the_position_after_some_play_fits_80_columns():
    game = fresh(seed=3, hard=True, missions=True)
    for _ in range(60):
        if game.outcome is not None:
            break
        text = render_position(game)
        assert all(len(line) <= 80 for line in text.splitlines()), text
        assert all(len(line) <= 80 for line in render_legal(game))
        game.apply(game.legal()[0])


def test_exhausted_and_lost_in_words():
    game = fresh()
    game.apply(Consolidate("hoth"))
    assert "■■■■■ 5/5 grey cubes, EXHAUSTED" in render_position(game)


def test_render_legal_numbers_the_commands_and_puts_the_prompt_first():
    game = fresh()
    lines = render_legal(game)
    cmds = game.legal()
    assert len(lines) == len(cmds)
    assert lines[0].lstrip() == f"1. {game.describe(cmds[0])}"
    assert lines[-1].lstrip() == f"{len(cmds)}. End the turn (Soviet counter-attacks)"
    # drive to a pending decision
    while game.state.decision is None and game.outcome is None:
        game.apply(game.legal()[-1])
    assert game.state.decision is not None
    lines = render_legal(game)
    assert lines[0].startswith("Decide: ")
    assert " ".join(lines[:-len(game.legal())]).split() == f"Decide: {game.state.decision.prompt}".split()


def test_render_end_summary():
    game = fresh(seed=3)
    assert render_end(game) == "The campaign is not over yet."
    while game.outcome is None:
        game.apply(game.legal()[0])
    o = game.outcome
    text = render_end(game)
    title = {"brilliant": "BRILLIANT VICTORY", "victory": "VICTORY", "defeat": "DEFEAT"}[o.level]
    assert text.startswith(f"=== {title} ===")
    assert f"Final score: {o.vp} VP ({o.track} on the track" in text
    assert f"Needed: {o.victory_at} for a Victory, {o.brilliant_at} for a Brilliant Victory" in text
    campaign = [c for c in game.state.captured if c in game.content.campaign]
    assert f"Captured: {len(campaign)} of 15 Campaign cards" in text
    assert "Generals lost:" in text and f"commands given: {len(game.log)}" in text
    assert all(len(line) <= 80 for line in text.splitlines())


def test_a_terminal_that_cannot_show_the_squares_gets_ascii():
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii")
    assert run_plain(fresh(), io.StringIO("q\n"), out) == 0
    out.flush()
    assert b"##### 5/5 grey cubes, READY" in raw.getvalue()


# -- confirmations (the screen's, in words) ------------------------------------------------------
def test_an_attack_says_its_exact_odds_first_and_n_gives_nothing():
    """As on the screen: before a roll the exact odds and a question; n (or end of input)
    leaves the game as it was, y gives it."""
    from rules.fallblau import Attack
    from rules.fallblau.confirm import confirmation
    game = fresh(seed=9)
    game.apply(game.legal()[1])                                    # an Advance: Attack! is offered
    attack = next(cmd for cmd in game.legal() if isinstance(cmd, Attack))
    number = game.legal().index(attack) + 1
    title, body = confirmation(game, attack)
    before = game.digest()
    out = run(game, f"{number}\nmaybe\nn\nq\n")
    assert title in out and "Chance to capture:" in body and f"  {body.splitlines()[0]}" in out
    assert "Type y (or just Enter) to give it, or n not to." in out and NOT_GIVEN in out
    assert game.digest() == before
    out = run(game, f"{number}\n")                                # end of input: not given either
    assert game.digest() == before and ASK in out
    run(game, f"{number}\ny\nq\n")
    assert game.log[-1] == attack


def test_the_end_of_the_turn_names_the_counter_attacks_and_the_setting_turns_it_off():
    game = fresh()
    index = game.legal().index(EndTurn()) + 1
    out = run(game, f"{index}\nn\nq\n")
    assert "End the turn?" in out and "counter-attacks the General facing it" in " ".join(out.split())
    asked = out[out.index("End the turn?"):out.index(ASK)].splitlines()
    assert max(len(line) for line in asked) <= 80                        # wrapped, not cut mid-word
    assert not game.log
    storage.save_setting("confirmations", False)                  # the launcher's Settings
    out = run(game, f"{index}\nq\n")
    assert "End the turn?" not in out and game.log == [EndTurn()]


# -- the hint (!) ---------------------------------------------------------------------------------
def test_bang_gives_the_hint_by_its_command_number_and_changes_nothing():
    """`!` names the hint's command by the number that gives it, with its reasons; nothing changes."""
    from rules.fallblau.hint import hint
    game = fresh(seed=7)
    before = game.digest()
    expected = hint(game)
    number = game.legal().index(expected.command) + 1
    out = run(game, "!\nq\n")
    assert f"Hint: command {number}, {expected.order}." in out
    assert all(line.startswith("  ") for line in out.split(f"{expected.order}.\n", 1)[1].split("\n")[:1])
    assert f"  ({expected.rule})" in out
    assert game.digest() == before and not game.log


def test_following_the_hint_by_number_plays_a_whole_game():
    """The number the hint names is the command it means, to the end of a game."""
    from rules.fallblau.hint import hint
    game = fresh(seed=11)
    out = io.StringIO()
    assert run_plain(game, Chooser(game, lambda g: g.legal().index(hint(g).command)), out, confirmations=False) == 0
    assert game.outcome is not None and "Final score" in out.getvalue()

"""The ladder (issue 25, item 1): its statistics on known data, its seeding, its resume, a tiny
ladder end to end (rules/roads/ai/ladder.py)."""

from __future__ import annotations

import json
import math

import pytest

from rules.roads.ai import ladder
from rules.roads.ai.ladder import Result, ratings, wilson

TINY = ("random", "heuristic")


def test_wilson_interval_matches_the_published_values():
    # Wilson (1927), z = 1.96: the textbook values, to 4 places
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_mle_of_two_bots_is_the_closed_form():
    # A scores 30 of 40 against B: expected score 3/4 means 400 log10(3) Elo
    r = ratings({("a", "b"): (30.0, 40)}, anchor="b", prior=0)
    assert r["b"] == 0
    assert r["a"] == pytest.approx(400 * math.log10(3), abs=1e-6)


def test_elo_mle_recovers_the_ratings_that_made_the_data():
    truth = {"random": 0.0, "easy": 200.0, "hard": 450.0}

    def expected(a, b):
        return 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400))

    n = 1000
    scores = {(a, b): (n * expected(a, b), n) for a, b in (("easy", "random"), ("hard", "random"),
                                                          ("hard", "easy"))}
    r = ratings(scores, anchor="random", prior=0)
    assert r == pytest.approx(truth, abs=1e-6)


def test_a_clean_sweep_is_rated_finitely_with_the_prior_draws():
    r = ratings({("easy", "random"): (60.0, 60)}, anchor="random")
    # one virtual draw: easy scored 60.5 of 61
    assert r["easy"] == pytest.approx(400 * math.log10(60.5 / 0.5), abs=1e-6)


def test_bots_with_no_chain_of_games_to_the_anchor_are_not_rated():
    scores = {("heuristic", "random"): (5.0, 6), ("expert", "hard"): (0.0, 1)}
    assert set(ratings(scores, anchor="random")) == {"random", "heuristic"}
    played = {("hard", "expert", 0): Result("hard", "expert", 0, "axis", 18, 6, 1321, 1.0, "x"),
              ("random", "heuristic", 0): Result("random", "heuristic", 0, "soviet", 0, 20, 743, 0.7, "x")}
    text = ladder.table(("random", "heuristic", "hard", "expert"), played)
    assert text.splitlines()[-1] == "  not rated (no chain of games to random): hard, expert"


def test_the_schedule_is_every_pairing_each_side_the_cheap_first_on_shared_seeds():
    plan = ladder.schedule(("hard", "random", "easy"), games=2, seed=10)
    assert plan[:4] == [("random", "easy", 10), ("easy", "random", 10),
                        ("random", "easy", 11), ("easy", "random", 11)]
    assert plan[-2:] == [("easy", "hard", 11), ("hard", "easy", 11)]
    assert len(plan) == 3 * 2 * 2 and len(set(plan)) == len(plan)


def _games(path):
    """The kept games less their seconds (the only machine-dependent field), in file order."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        del d["seconds"]
        out.append(d)
    return out


def test_a_tiny_ladder_end_to_end_in_two_processes_plays_the_games_of_one(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    seen = []
    played = ladder.run(TINY, 2, 1, str(one), seed=3, on_game=lambda r, n, t: seen.append((n, t)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    ladder.run(TINY, 2, 2, str(two), seed=3)
    key = lambda d: (d["axis"], d["seed"])            # noqa: E731 (jobs end in any order)
    assert sorted(_games(one), key=key) == sorted(_games(two), key=key)
    # and each is the sim's own game of that seed
    from rules.roads.sim import play_one
    game = play_one(4, "heuristic", "random")[0]
    r = played[("heuristic", "random", 4)]
    assert (r.winner, r.axis_vp, r.soviet_vp) == (game.outcome.winner, game.outcome.axis_vp,
                                                   game.outcome.soviet_vp)
    text = ladder.table(TINY, played)
    assert text.splitlines()[0].split()[:3] == ["bot", "against", "as"]
    both = [line for line in text.splitlines() if line.split()[:3] == ["heuristic", "random", "both"]]
    w, d, l = _score_of(played, "heuristic")
    assert both and both[0].split()[3:7] == ["4", str(w), str(d), str(l)]
    assert text.splitlines()[-1].split() == ["random", "+0"]


def _score_of(played, bot):
    w = d = l = 0
    for r in played.values():
        side = "axis" if r.axis == bot else "soviet"
        w += r.winner == side
        d += r.winner is None
        l += r.winner not in (side, None)
    return w, d, l


def test_a_rerun_continues_and_a_line_cut_short_is_played_again(tmp_path, monkeypatch):
    path = tmp_path / "ladder.jsonl"
    ladder.run(TINY, 1, 1, str(path))
    first = path.read_text(encoding="utf-8")
    assert len(first.splitlines()) == 2
    calls = []
    real = ladder.play
    monkeypatch.setattr(ladder, "play", lambda *t: calls.append(t) or real(*t))
    ladder.run(TINY, 2, 1, str(path))                 # two more games: seed 1 each way
    assert calls == [("random", "heuristic", 1), ("heuristic", "random", 1)]
    assert path.read_text(encoding="utf-8").startswith(first)
    # stopped while writing the last line: it is cut and its game played again
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: -20], encoding="utf-8")
    calls.clear()
    played = ladder.run(TINY, 2, 1, str(path))
    assert calls == [("heuristic", "random", 1)]
    assert len(played) == 4 and len(path.read_text(encoding="utf-8").splitlines()) == 4


def test_a_bad_results_line_is_refused_by_file_and_line_and_nothing_is_played(tmp_path):
    path = tmp_path / "ladder.jsonl"
    good = Result("random", "heuristic", 0, "soviet", 0, 20, 743, 0.7, ladder.fingerprint()).line()
    for bad, words in ((json.dumps({"axis": "random"}), "line 2: missing"),
                       ('{"axis": "god", ' + good[1:].split(", ", 1)[1], "line 2: field 'axis'"),
                       (good.replace('"winner": "soviet"', '"winner": "nobody"'), "field 'winner'"),
                       ("[1, 2]", "line 2: not a JSON object")):
        path.write_text(good + "\n" + bad + "\n" + good + "\n", encoding="utf-8")
        with pytest.raises(ValueError, match=words):
            ladder.run(TINY, 1, 1, str(path))
        assert path.read_text(encoding="utf-8") == good + "\n" + bad + "\n" + good + "\n"


def test_games_played_by_other_rules_are_not_resumed(tmp_path):
    path = tmp_path / "ladder.jsonl"
    old = Result("random", "heuristic", 0, "soviet", 0, 20, 743, 0.7, "0123456789ab").line() + "\n"
    path.write_text(old, encoding="utf-8")
    with pytest.raises(ValueError, match=r"other Roads rules, AI or content \(0123456789ab; now "):
        ladder.run(TINY, 1, 1, str(path))
    assert path.read_text(encoding="utf-8") == old
    assert len(ladder.fingerprint()) == 12


def test_the_cli_plays_the_ladder_and_prints_the_table(tmp_path, capsys):
    from tui.cli import main
    path = tmp_path / "l.jsonl"
    assert main(["sim", "roads", "--ladder", "--games", "1", "--bots", "random,heuristic",
                 "--results", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game 2/2  heuristic (Axis) v random (Soviet)  seed 0" in out
    assert "Elo-style rating" in out
    assert main(["sim", "roads", "--ladder", "--bots", "random,god", "--results", str(path)]) == 2
    assert "unknown bot 'god'" in capsys.readouterr().err

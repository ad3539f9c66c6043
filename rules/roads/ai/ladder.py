"""The ladder (issue 25, item 1): every pairing of the Roads bots, each side, seeded so that the
same games are played on any machine, kept game by game in a results file so that a rerun
continues, and summarised as wins/draws/losses with 95% Wilson intervals and an Elo-style rating
per bot fitted by maximum likelihood (the first bot of the ladder, random, anchored at 0).

Game k of every pairing is seed ``seed + k``, with the bots' own seeds drawn from it as the sim
draws them (``rules.roads.sim.play_one``), and the search AI plays without its time cap: a game is
a function of (Axis bot, Soviet bot, seed) alone, whatever the machine, its load or ``jobs``."""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import attrs

from rules.core.attrs_classes import frozen

from ..state import AXIS, SOVIET

LADDER = ("random", "heuristic", "easy", "normal", "hard", "expert")
COST = {"random": 0, "heuristic": 0, "easy": 1, "normal": 2, "hard": 3, "expert": 4}  # the cheap first
Z95 = 1.959963984540054          # the two-sided 95% quantile of the normal distribution
PRIOR_DRAWS = 1.0                # virtual drawn games per pairing in the rating fit (see ``ratings``)


@frozen
class Result:
    axis: str
    soviet: str
    seed: int
    winner: str | None            # AXIS, SOVIET or None for a draw
    axis_vp: int
    soviet_vp: int
    commands: int
    seconds: float
    rules: str = ""               # ``fingerprint()`` of the code and content that played it

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.axis, self.soviet, self.seed)

    def line(self) -> str:
        return json.dumps(attrs.asdict(self), sort_keys=True)


def fingerprint() -> str:
    """A digest of the Roads rules, AI and content (rules/roads and content/roads): a results
    file played by other code plays other games, and is not resumed (``run``)."""
    top = Path(__file__).resolve().parents[3]
    h = hashlib.sha256()
    for folder, pattern in (("rules/roads", "*.py"), ("content/roads", "*.toml")):
        for path in sorted((top / folder).rglob(pattern)):
            h.update(str(path.relative_to(top)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:12]


# -- statistics ---------------------------------------------------------------------------------
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes of n); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ratings(scores: dict[tuple[str, str], tuple[float, int]], anchor: str,
            prior: float = PRIOR_DRAWS, iterations: int = 10000) -> dict[str, float]:
    """Elo-style ratings by maximum likelihood (Bradley-Terry on the Elo scale: a bot rated D
    above another is expected to score 1 / (1 + 10^(-D/400)) against it), a draw counted as half a
    win. ``scores[(a, b)] = (a's score against b, games)``, each pairing given once.

    ``prior`` virtual drawn games are added to every pairing played: without them a bot that won
    every game (easy against random does) would be rated infinitely far above; with one draw per
    pairing the fit stays finite and is pulled towards equal by one game's worth. ``prior=0`` is
    the plain maximum likelihood (finite only when no bot wins or loses everything).
    Solved by Hunter's MM iteration; ``anchor`` is rated 0."""
    bots = sorted(connected(scores, anchor))
    if anchor not in bots:
        raise ValueError(f"the anchor {anchor!r} played no game")
    scores = {pair: v for pair, v in scores.items() if pair[0] in bots}
    won = {b: 0.0 for b in bots}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (score, n) in scores.items():
        if n <= 0 or a == b:
            continue
        won[a] += score + prior / 2
        won[b] += n - score + prior / 2
        games[(a, b)] = games.get((a, b), 0.0) + n + prior
        games[(b, a)] = games.get((b, a), 0.0) + n + prior
    strength = {b: 1.0 for b in bots}
    for _ in range(iterations):
        new = {}
        for i in bots:
            denom = sum(n / (strength[i] + strength[j]) for (a, j), n in games.items() if a == i)
            new[i] = won[i] / denom if denom and won[i] > 0 else 1e-300
        scale = new[anchor]
        new = {b: s / scale for b, s in new.items()}
        moved = max(abs(math.log(new[b]) - math.log(strength[b])) for b in bots)
        strength = new
        if moved < 1e-12:
            break
    return {b: 400 * math.log10(strength[b]) for b in bots}


def connected(scores, anchor: str) -> set[str]:
    """The bots linked to ``anchor`` by a chain of pairings played: only those have a rating on
    its scale (a group that never met it could sit anywhere)."""
    seen = {anchor} if any(anchor in pair for pair, (_, n) in scores.items() if n > 0) else set()
    grew = True
    while grew:
        grew = False
        for (a, b), (_, n) in scores.items():
            if n > 0 and (a in seen) != (b in seen):
                seen |= {a, b}
                grew = True
    return seen


# -- the games ----------------------------------------------------------------------------------
def pairings(bots: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every (Axis, Soviet) pairing of two different bots, the cheap ones first."""
    bots = tuple(sorted(set(bots), key=LADDER.index))      # the same plan whatever the order given
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1:]]
    pairs.sort(key=lambda p: (max(COST[p[0]], COST[p[1]]), COST[p[0]] + COST[p[1]]))
    out = []
    for a, b in pairs:
        out += [(a, b), (b, a)]
    return out


def schedule(bots: tuple[str, ...], games: int, seed: int) -> list[tuple[str, str, int]]:
    """The ladder's games in the order they are begun: pairing by pairing, the cheap first, and
    within a pairing game by game, each seed played with the bots one way and then the other."""
    out = []
    pairs = pairings(bots)
    for k in range(0, len(pairs), 2):
        for g in range(games):
            out += [(*pairs[k], seed + g), (*pairs[k + 1], seed + g)]
    return out


def play(axis: str, soviet: str, seed: int) -> Result:
    """One ladder game (run in a worker process when ``jobs`` > 1)."""
    from ..sim import play_one
    began = time.perf_counter()
    game, *_, commands = play_one(seed, axis, soviet, budget=False)
    out = game.outcome
    return Result(axis, soviet, seed, out.winner, out.axis_vp, out.soviet_vp, commands,
                  round(time.perf_counter() - began, 1), fingerprint())


# -- the results file ---------------------------------------------------------------------------
_FIELDS = {"axis": str, "soviet": str, "seed": int, "winner": (str, type(None)), "axis_vp": int,
           "soviet_vp": int, "commands": int, "seconds": (int, float), "rules": str}


def _parse(path: str, number: int, text: str) -> Result:
    where = f"{path}, line {number}"
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{where}: not a JSON object ({exc.msg})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{where}: not a JSON object")
    missing = sorted(set(_FIELDS) - set(data))
    extra = sorted(set(data) - set(_FIELDS))
    if missing or extra:
        raise ValueError(f"{where}: " + "; ".join(
            ([f"missing {', '.join(missing)}"] if missing else []) +
            ([f"unknown {', '.join(extra)}"] if extra else [])))
    for name, kind in _FIELDS.items():
        value = data[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ValueError(f"{where}: field '{name}' has the wrong type ({value!r})")
    for name in ("axis", "soviet"):
        if data[name] not in LADDER:
            raise ValueError(f"{where}: field '{name}' is not a ladder bot ({data[name]!r})")
    if data["winner"] not in (AXIS, SOVIET, None):
        raise ValueError(f"{where}: field 'winner' is not axis, soviet or null ({data['winner']!r})")
    return Result(**data)


def load(path: str) -> dict[tuple[str, str, int], Result]:
    """The games kept in ``path`` (none if it does not exist). A last line cut short (the run was
    stopped while writing it) is dropped and cut from the file; any other bad line is an error
    naming the file and line, and nothing is written."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return {}
    lines = text.split("\n")
    tail = lines.pop()                    # "" when the file ends with a newline
    done = {}
    for number, line in enumerate(lines, 1):
        if line.strip():
            r = _parse(path, number, line)
            done[r.key] = r
    if tail:
        try:
            r = _parse(path, len(lines) + 1, tail)
            done[r.key] = r
            with open(path, "a", encoding="utf-8") as f:
                f.write("\n")
        except ValueError:
            with open(path, "r+", encoding="utf-8") as f:
                f.truncate(len(text.encode("utf-8")) - len(tail.encode("utf-8")))
    return done


def _keep(path: str, result: Result) -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write(result.line() + "\n")
        f.flush()
        os.fsync(f.fileno())


def run(bots: tuple[str, ...], games: int, jobs: int, results: str, seed: int = 0,
        on_game=None) -> dict[tuple[str, str, int], Result]:
    """Play the ladder's games not yet in ``results``, in ``jobs`` processes (1: in this one),
    each kept in the file as it ends; ``on_game(result, played, total)`` is told of each.
    Returns the ladder's games, those played before included."""
    for b in bots:
        if b not in LADDER:
            raise ValueError(f"unknown bot {b!r} (the ladder's bots: {', '.join(LADDER)})")
    if len(set(bots)) < 2:
        raise ValueError("a ladder needs at least two different bots")
    if games < 1 or jobs < 1:
        raise ValueError("--games and --jobs must be at least 1")
    done = load(results)
    plan = schedule(bots, games, seed)
    now = fingerprint()
    other = sorted({done[t].rules for t in plan if t in done and done[t].rules != now})
    if other:
        raise ValueError(f"{results}: some of these games were played by other Roads rules, AI or "
                         f"content ({', '.join(other)}; now {now}): they would not be the same "
                         f"games; give another --results file")
    todo = [t for t in plan if t not in done]
    played = len(plan) - len(todo)

    def kept(r: Result) -> None:
        nonlocal played
        _keep(results, r)
        done[r.key] = r
        played += 1
        if on_game is not None:
            on_game(r, played, len(plan))

    if jobs == 1:
        for t in todo:
            kept(play(*t))
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            futures = [pool.submit(play, *t) for t in todo]
            for fut in as_completed(futures):
                kept(fut.result())
        finally:                      # stopped or failed: the games not begun are not played
            pool.shutdown(wait=True, cancel_futures=True)
    return {t: done[t] for t in plan}


# -- the table ----------------------------------------------------------------------------------
def game_line(r: Result, played: int, total: int) -> str:
    winner = f"{r.winner.title()} wins" if r.winner else "draw"
    return (f"game {played}/{total}  {r.axis} (Axis) v {r.soviet} (Soviet)  seed {r.seed}  "
            f"{winner}  VP {r.axis_vp}-{r.soviet_vp}  {r.commands} commands  {r.seconds:.0f} s")


def _score(rs, bot: str) -> tuple[int, int, int]:
    """(wins, draws, losses) of ``bot`` over the games ``rs``."""
    w = d = l = 0
    for r in rs:
        mine = AXIS if r.axis == bot else SOVIET
        if r.winner is None:
            d += 1
        elif r.winner == mine:
            w += 1
        else:
            l += 1
    return w, d, l


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def table(bots: tuple[str, ...], played: dict[tuple[str, str, int], Result]) -> str:
    """The ladder's table: per pairing (the stronger-listed bot first) and side, the first bot's
    wins/draws/losses, its win share with the 95% Wilson interval and its score (a draw half);
    then the ratings."""
    order = {b: i for i, b in enumerate(LADDER)}
    bots = tuple(sorted(bots, key=order.get))
    lines = [f"{'bot':9} {'against':9} {'as':6} {'games':>5} {'W':>4} {'D':>3} {'L':>4}  "
             f"{'wins':>5} {'95% (Wilson)':>13} {'score':>6}"]
    scores = {}
    for i, low in enumerate(bots):
        for high in bots[i + 1:]:
            both = [r for r in played.values() if {r.axis, r.soviet} == {low, high}]
            rows = (("Axis", [r for r in both if r.axis == high]),
                    ("Soviet", [r for r in both if r.soviet == high]), ("both", both))
            for side, rs in rows:
                w, d, l = _score(rs, high)
                n = w + d + l
                if not n:
                    continue
                lo, hi = wilson(w, n)
                lines.append(f"{high:9} {low:9} {side:6} {n:5} {w:4} {d:3} {l:4}  {_pct(w / n):>5} "
                             f"{_pct(lo) + '-' + _pct(hi):>13} {_pct((w + d / 2) / n):>6}")
                if side == "both":
                    scores[(high, low)] = (w + d / 2, n)
    if not scores:
        return "\n".join(lines + ["(no games played yet)"])
    rated_bots = sorted({b for pair in scores for b in pair}, key=order.get)
    rated = ratings(scores, anchor=rated_bots[0])
    lines.append("")
    lines.append(f"Elo-style ratings, the maximum likelihood over all these games ({rated_bots[0]} at 0;")
    lines.append(f"a draw counts half a win; {PRIOR_DRAWS:g} virtual draw added per pairing):")
    for b in sorted(rated, key=lambda b: -rated[b]):
        lines.append(f"  {b:9} {rated[b]:+7.0f}")
    apart = [b for b in rated_bots if b not in rated]
    if apart:
        lines.append(f"  not rated (no chain of games to {rated_bots[0]}): {', '.join(apart)}")
    return "\n".join(lines)

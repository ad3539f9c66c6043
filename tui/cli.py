"""The `wartable` command: the launcher by default, plus games, saves, stats, sim and plain play.

    wartable                                  the launcher (Textual)
    wartable fallblau [--plain] [--seed S | --daily]
                      [--generals hoth,paulus,ruoff | --random-generals] [--hard] [--missions]
    wartable resume [--plain]                 continue the last game (the autosave)
    wartable load PATH [--plain]              continue the game in a save file
    wartable stats                            finished games per game and mode
    wartable sim fallblau [--games N] ...     many bot games, win rates
    wartable sim roads [--games N] [--axis BOT] [--soviet BOT] [--seed S] [--timed]
    wartable serve --ssh PORT | --web PORT [...]   host wartable (tui/serve)
    wartable join [CODE]                      take a hosted game's seat (OpenSSH ForceCommand)

Textual is imported only when a screen is opened, so `sim`, `stats` and `--plain` never load it.
"""

from __future__ import annotations

import os
import sys
from datetime import date
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

DEFAULT_GENERALS = ("hoth", "paulus", "ruoff")


class _RoadsBots:
    """The Roads bots' names for argparse's ``choices``, read from ``rules.roads.bots`` only when
    argparse checks a value or prints help: importing the Roads rules costs a tenth of a second,
    which every start of the app (launcher, saves, Fall Blau) would otherwise pay."""

    def _names(self) -> list[str]:
        from rules.roads.bots import BOTS
        return list(BOTS)

    def __iter__(self):
        return iter(self._names())

    def __contains__(self, name) -> bool:
        return name in self._names()

    def __bool__(self) -> bool:
        return True


ROADS_BOTS = _RoadsBots()


def _parser() -> argparse.ArgumentParser:
    import argparse
    p = argparse.ArgumentParser(prog="wartable", description="WWII campaign wargames in the terminal.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    fb = sub.add_parser("fallblau", help="start a new campaign of Fall Blau (solo)",
                        description="Start a new campaign of Campaign: Fall Blau.")
    fb.add_argument("--plain", action="store_true",
                    help="plain text, line by line (screen readers, scripts, slow links)")
    seed = fb.add_mutually_exclusive_group()
    seed.add_argument("--seed", type=int, help="the seed of the dice and decks (default: a random one)")
    seed.add_argument("--daily", action="store_true", help="today's campaign: the seed is the date, YYYYMMDD")
    gens = fb.add_mutually_exclusive_group()
    gens.add_argument("--generals", metavar="A,B,C",
                      help="three Generals in frontline order (default: hoth,paulus,ruoff)")
    gens.add_argument("--random-generals", action="store_true", help="three Generals drawn from the seed")
    fb.add_argument("--hard", action="store_true", help="Hard Mode")
    fb.add_argument("--missions", action="store_true", help="Missions Mode")

    resume = sub.add_parser("resume", help="continue the last game (the autosave)")
    resume.add_argument("--plain", action="store_true", help="plain text, line by line")

    load = sub.add_parser("load", help="continue the game in a save file")
    load.add_argument("path", metavar="PATH", help="a save file (.json)")
    load.add_argument("--plain", action="store_true", help="plain text, line by line")

    sub.add_parser("stats", help="finished games per game and mode: played, won, best VP")

    sim = sub.add_parser(
        "sim", help="play many games with a bot and print win rates",
        description="Play many seeded bot games and print win rates. Roads prints one line per "
                    "game as it ends (seed, winner, VP, commands, seconds), then the summary. "
                    "Without --timed, the Roads AI (easy, normal, hard) searches without its "
                    "time cap: the same command prints the same games on any machine.")
    sim.add_argument("game", choices=["fallblau", "roads"])
    sim.add_argument("--games", type=int, default=None,
                     help="how many games (default: 1000 for Fall Blau, 100 for Roads)")
    sim.add_argument("--bot", choices=["random", "greedy", "hint"], default="greedy",
                     help="Fall Blau: the bot (default greedy)")
    sim.add_argument("--hard", action="store_true", help="Fall Blau: Hard Mode")
    sim.add_argument("--missions", action="store_true", help="Fall Blau: Missions Mode")
    sim.add_argument("--axis", choices=ROADS_BOTS, default="heuristic", metavar="BOT",
                     help="Roads: the Axis bot, one of %(choices)s (default heuristic)")
    sim.add_argument("--soviet", choices=ROADS_BOTS, default="heuristic", metavar="BOT",
                     help="Roads: the Soviet bot, one of %(choices)s (default heuristic)")
    sim.add_argument("--seed", type=int, default=0,
                     help="the seed (default 0); Roads plays seeds S, S+1, ... one per game")
    sim.add_argument("--ladder", action="store_true",
                     help="Roads: every pairing of --bots, each side, --games each; a table with 95%% "
                          "intervals and ratings (rules/roads/ai/NOTES.md, Ladder)")
    sim.add_argument("--jobs", type=int, default=1, help="Roads --ladder: processes (default 1)")
    sim.add_argument("--bots", default="random,heuristic,easy,normal,hard,expert", metavar="A,B,...",
                     help="Roads --ladder: the bots (default: all of them)")
    sim.add_argument("--results", default="roads-ladder.jsonl", metavar="PATH",
                     help="Roads --ladder: the games played, one a line; a rerun continues "
                          "(default roads-ladder.jsonl)")
    sim.add_argument("--timed", action="store_true",
                     help="Roads: give the easy/normal/hard AI its on-screen time cap per decision "
                          "(default: no cap, so its decisions depend on the seed alone and a rerun "
                          "on any machine, loaded or not, prints the same games)")
    from tui.serve.cli import add_parsers
    add_parsers(sub)
    return p


def _sim(args: argparse.Namespace) -> int:
    games = args.games if args.games is not None else (100 if args.game == "roads" else 1000)
    if games < 1:
        print("wartable sim: --games must be at least 1", file=sys.stderr)
        return 2
    if args.ladder and args.game != "roads":
        print("wartable sim: --ladder is for roads", file=sys.stderr)
        return 2
    if args.game == "roads" and args.ladder:
        return _ladder(args, games)
    if args.game == "roads":
        from rules.roads.sim import simulate as simulate_roads
        result = simulate_roads(games, args.axis, args.soviet, seed=args.seed, budget=args.timed,
                                on_game=lambda line: print(line, flush=True))
        print(result.report())
        return 0
    from rules.fallblau.sim import simulate
    print(simulate(games, args.bot, hard=args.hard, missions=args.missions, seed=args.seed).report())
    return 0


def _ladder(args: argparse.Namespace, games: int) -> int:
    from rules.roads.ai import ladder
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if args.timed:
        print("wartable sim: --ladder plays without the time cap (the same games on any machine); "
              "drop --timed", file=sys.stderr)
        return 2
    try:
        played = ladder.run(bots, games, args.jobs, args.results, seed=args.seed,
                            on_game=lambda r, n, total: print(ladder.game_line(r, n, total), flush=True))
    except (ValueError, OSError) as exc:
        print(f"wartable sim: {exc}", file=sys.stderr)
        return 2
    print(ladder.table(bots, played))
    return 0


def _play(game, plain: bool) -> int:
    """Hand the game to the plain mode or to the Textual screen (imported only now)."""
    if plain and game.game_id != "fallblau":
        print(f"wartable: plain mode is for Fall Blau; this save is a '{game.game_id}' game. "
              "Open it without --plain.", file=sys.stderr)
        return 2
    if plain:
        from tui.fallblau.plain import run_plain
        try:
            return run_plain(game, sys.stdin, sys.stdout)
        except BrokenPipeError:   # the reader went away (e.g. `| head`): the autosave has the game
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 1
    from tui.app import run_game
    return run_game(game)


def daily_seed(today: date | None = None) -> int:
    today = today or date.today()
    return int(today.strftime("%Y%m%d"))


def _fallblau(args: argparse.Namespace) -> int:
    from rules.fallblau import new_game
    from rules.fallblau.content import load

    known = sorted(load().generals)
    if args.random_generals:
        generals = None
    elif args.generals is not None:
        generals = tuple(g.strip().lower() for g in args.generals.split(",") if g.strip())
        unknown = [g for g in generals if g not in known]
        if unknown:
            print(f"wartable fallblau: unknown General(s): {', '.join(unknown)} "
                  f"(choose three of: {', '.join(known)})", file=sys.stderr)
            return 2
        if len(generals) != 3 or len(set(generals)) != 3:
            print(f"wartable fallblau: --generals needs three different Generals, e.g. "
                  f"{','.join(DEFAULT_GENERALS)} (choose from: {', '.join(known)})", file=sys.stderr)
            return 2
    else:
        generals = DEFAULT_GENERALS
    if args.daily:
        today = date.today()
        seed = daily_seed(today)
        print(f"Daily campaign for {today.isoformat()}: seed {seed}.")
    elif args.seed is not None:
        seed = args.seed
    else:
        import secrets
        seed = secrets.randbelow(1_000_000_000)
    try:
        game = new_game(seed=seed, generals=generals, hard=args.hard, missions=args.missions)
    except ValueError as exc:
        print(f"wartable fallblau: {exc}", file=sys.stderr)
        return 2
    return _play(game, args.plain)


def _open_save(path, what: str) -> int:
    """The Textual app on a save: its screen shows at once and the game loads into it. Only
    the file's header is read here (a file that is no save is refused before the screen)."""
    from rules.core.errors import SaveError
    from tui import storage

    try:
        game_id, commands = storage.peek(path)
    except SaveError as exc:
        print(f"{what}: {exc}", file=sys.stderr)
        return 1
    from tui.app import run_save
    return run_save(path, game_id, commands, what)


def _resume(args: argparse.Namespace) -> int:
    from rules.core.errors import SaveError
    from tui import storage

    if not args.plain:
        path = storage.autosave_path()
        try:
            exists = path.exists()
        except OSError as exc:            # e.g. the saves folder may not be read
            print(f"wartable resume: The autosave ({path}) cannot be read: {exc.strerror or exc}.",
                  file=sys.stderr)
            return 1
        if not exists:
            print(f"wartable resume: there is no game to resume (no autosave in {storage.saves_dir()}). "
                  "Start one with: wartable fallblau", file=sys.stderr)
            return 1
        return _open_save(path, "wartable resume: The autosave cannot be loaded, and was left as it is")
    try:
        game = storage.last_game()
    except SaveError as exc:
        print(f"wartable resume: {exc}", file=sys.stderr)
        return 1
    if game is None:
        print(f"wartable resume: there is no game to resume (no autosave in {storage.saves_dir()}). "
              "Start one with: wartable fallblau", file=sys.stderr)
        return 1
    return _play(game, args.plain)


def _load(args: argparse.Namespace) -> int:
    from rules.core.errors import SaveError
    from tui import storage

    if not args.plain:
        return _open_save(args.path, f"wartable load: {args.path}")
    try:
        game = storage.load(args.path)
    except SaveError as exc:
        print(f"wartable load: {args.path}: {exc}", file=sys.stderr)
        return 1
    return _play(game, args.plain)


def _stats(args: argparse.Namespace) -> int:
    from tui import storage

    try:
        rows, warning = storage.stats_summary()
    except storage.StatsUnavailable as exc:
        print(f"wartable stats: {exc}", file=sys.stderr)
        return 1
    if warning:
        print(f"wartable stats: {warning}", file=sys.stderr)
    if not rows:
        print("No finished games yet.")
        return 0
    head = ("Game", "Mode", "Played", "Won", "Brilliant", "Best VP")
    table = [head] + [(r["game"], r["mode"], str(r["played"]), str(r["won"]), str(r["brilliant"]),
                       str(r["best_vp"])) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    for row in table:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [cell.rjust(w) for cell, w in zip(row[2:], widths[2:])]
        print("  ".join(cells).rstrip())
    return 0


def _pause_collector(args: argparse.Namespace) -> None:
    """Before a screen opens: no garbage collection until its first frame is shown (the app
    then freezes what is alive and resumes collecting). Importing Textual, the rules and their
    content makes hundreds of thousands of objects that live as long as the program, and the
    collector walked them all twice on the way to the first frame, for nothing."""
    if args.command in ("sim", "stats") or getattr(args, "plain", False):
        return
    import gc
    gc.disable()


def _keep_content(args: argparse.Namespace) -> None:
    """Every command that plays a game keeps the games' validated content in the data
    folder's cache between runs: a save then opens without reading the TOML (rules.core.kept)."""
    if args.command != "stats":
        from tui import storage
        storage.keep_content()


def _screen_args(argv: list[str]) -> SimpleNamespace | None:
    """The arguments of the commands that open a screen at once, read without argparse (its
    import and the parser of every command cost each start a few milliseconds): the launcher
    (no arguments), ``resume`` and ``load PATH``. Anything else (an option, help, a mistake)
    is argparse's, with its messages."""
    if not argv:
        return SimpleNamespace(command=None)
    if argv == ["resume"]:
        return SimpleNamespace(command="resume", plain=False)
    if len(argv) == 2 and argv[0] == "load" and not argv[1].startswith("-"):
        return SimpleNamespace(command="load", path=argv[1], plain=False)
    return None


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    args = _screen_args(argv) or _parser().parse_args(argv)
    _pause_collector(args)
    _keep_content(args)
    if args.command == "sim":
        return _sim(args)
    if args.command == "fallblau":
        return _fallblau(args)
    if args.command == "resume":
        return _resume(args)
    if args.command == "load":
        return _load(args)
    if args.command == "stats":
        return _stats(args)
    if args.command in ("serve", "join"):
        from tui.serve import cli as serve_cli
        return serve_cli.serve(args) if args.command == "serve" else serve_cli.join(args)
    from tui.app import run_launcher

    return run_launcher()


if __name__ == "__main__":
    sys.exit(main())

"""The `wartable` command: the launcher by default, plus sim and plain-text play."""

from __future__ import annotations

import argparse
import sys


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="wartable", description="WWII campaign wargames in the terminal.")
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("sim", help="play many games with a bot and print win rates")
    sim.add_argument("game", choices=["fallblau"])
    sim.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    sim.add_argument("--bot", choices=["random", "greedy"], default="greedy")
    sim.add_argument("--hard", action="store_true", help="Hard Mode")
    sim.add_argument("--missions", action="store_true", help="Missions Mode")
    sim.add_argument("--seed", type=int, default=0)
    return p


def _sim(args: argparse.Namespace) -> int:
    from rules.fallblau.sim import simulate

    if args.games < 1:
        print("wartable sim: --games must be at least 1", file=sys.stderr)
        return 2
    print(simulate(args.games, args.bot, hard=args.hard, missions=args.missions, seed=args.seed).report())
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "sim":
        return _sim(args)
    from tui.app import run_launcher

    return run_launcher()


if __name__ == "__main__":
    sys.exit(main())

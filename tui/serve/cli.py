"""The `wartable serve` and `wartable join` commands (argparse parts and what they run)."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path


def add_parsers(sub) -> None:
    sv = sub.add_parser(
        "serve", help="host wartable over SSH or the web, one seat per player",
        description="Host wartable: an SSH server that runs only wartable (one process and terminal "
                    "per connection), and/or the same app in a browser. Binds 127.0.0.1 unless --host "
                    "says otherwise.")
    sv.add_argument("--ssh", type=int, metavar="PORT", help="serve over SSH on PORT")
    sv.add_argument("--web", type=int, metavar="PORT", help="serve in the browser (textual-serve) on PORT")
    sv.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (default 127.0.0.1: this machine only)")
    sv.add_argument("--public-url", metavar="URL",
                    help="--web: the address players type (https://games.example.org behind a proxy; "
                         "needed with --host 0.0.0.0); the page's websocket is accepted from it alone")
    sv.add_argument("--authorized-keys", type=Path, metavar="FILE",
                    help="let in the keys listed in FILE (OpenSSH authorized_keys format)")
    sv.add_argument("--codes", action="store_true",
                    help="let in whoever logs in with a seat's join code as user name (ssh CODE@host)")
    sv.add_argument("--new", choices=["roads", "toi", "victory"], action="append", default=[], metavar="GAME",
                    help="open a new game with one seat per player (roads, toi, victory) and print the "
                         "seats' join codes; implies --codes (without --ssh: open it, print the codes, and stop)")
    sv.add_argument("--no-spectators", action="store_true",
                    help="games opened by this server (--new, or `new GAME` over SSH) may not be watched: "
                         "no watch code (by default each has one, printed beside the join codes)")
    sv.add_argument("--players", metavar="NAMES",
                    help="with --new toi or victory: the players' names, comma-separated (Victory team play: "
                         "the Axis team, a slash, the Allied team: Anna,Ben/Cleo,Dan)")
    sv.add_argument("--mode", choices=["duel", "round-robin", "team"], default=None,
                    help="with --new victory: duel (default), round-robin (3 or more players) or team")
    sv.add_argument("--max-per-address", type=int, default=None, metavar="N",
                    help="--ssh: connections not yet logged in from one address (default 8, at most a "
                         "quarter of --max-startups; players logged in are not counted, so a club behind "
                         "one NAT gets in); --web: connections at once from one address (default 4)")
    sv.add_argument("--max-connections", type=int, default=32, metavar="N",
                    help="players logged in at once (default 32)")
    sv.add_argument("--max-startups", type=int, default=32, metavar="N",
                    help="SSH connections not yet logged in, at once (default 32); when full, the oldest "
                         "still not logged in after 3 s gives its place to a new one")
    sv.add_argument("--max-visitors", type=int, default=100, metavar="N",
                    help="--web: browsers given a data folder of their own, kept between starts (default 100)")
    sv.add_argument("--no-zygote", action="store_true",
                    help="--ssh: start each connection's app in a fresh Python interpreter instead of "
                         "forking it from a warm one (slower to start, more memory a player, but each "
                         "process gets a hash seed and address-space layout of its own)")
    sv.add_argument("--notify-command", metavar="CMD",
                    help="--ssh: run CMD (split into words, no shell) with a game's id, the player's "
                         "name and the game's name when a hosted game passes to a player not connected")
    sv.add_argument("--login-timeout", type=float, default=20.0, metavar="SECONDS",
                    help="a connection must log in and start its session within this of its connect "
                         "(default 20)")

    jn = sub.add_parser(
        "join", help="take a seat of a hosted game by its join code, or watch one by its watch code "
                     "(for OpenSSH's ForceCommand)",
        description="Take the seat a join code names, or watch the game a watch code names. Without CODE, the code is read from "
                    "SSH_ORIGINAL_COMMAND (what `ssh -t host CODE` sends under a ForceCommand); "
                    "with neither, the launcher opens.")
    jn.add_argument("code", nargs="?", help="the seat's join code, or a game's watch code, e.g. abcde-fghjk")


def serve(args: argparse.Namespace) -> int:
    try:
        options = new_game_options(args)
    except ValueError as exc:
        print(f"wartable serve: {exc}", file=sys.stderr)
        return 2
    if args.ssh is None and args.web is None and args.new:
        from . import games                # open the games only: for a host behind OpenSSH
        try:
            for game_id in args.new:
                seats = games.create(game_id, spectators=not args.no_spectators, **options.get(game_id, {}))
                for seat in seats:
                    print(f"{seat.label} seat of {seat.game_dir.name}: join code {seat.code}")
                for watch in games.watches_of(seats):
                    print(f"spectators of {watch.game_dir.name}: watch code {watch.code}")
        except ValueError as exc:
            print(f"wartable serve: {exc}", file=sys.stderr)
            return 2
        return 0
    if args.ssh is None and args.web is None:
        print("wartable serve: say how: --ssh PORT or --web PORT (or --new GAME to open a game only)",
              file=sys.stderr)
        return 2
    if args.ssh is not None and args.web is not None:
        print("wartable serve: one of --ssh and --web per server (run two for both)", file=sys.stderr)
        return 2
    for name in ("max_per_address", "max_connections", "max_startups", "max_visitors"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            print(f"wartable serve: --{name.replace('_', '-')} must be at least 1", file=sys.stderr)
            return 2
    from . import games
    from .child import logs_env
    if args.public_url is not None and args.web is None:
        print("wartable serve: --public-url is for --web", file=sys.stderr)
        return 2
    if args.web is not None:
        from .web import page_bases, serve_web
        try:
            page_bases(args.host, args.web, args.public_url)
        except ValueError as exc:
            print(f"wartable serve: {exc}", file=sys.stderr)
            return 2
        try:
            created = [seat for game_id in args.new
                       for seat in games.create(game_id, spectators=not args.no_spectators,
                                                **options.get(game_id, {}))]
        except ValueError as exc:
            print(f"wartable serve: {exc}", file=sys.stderr)
            return 2
        return serve_web(args.host, args.web, args.max_per_address or 4, args.max_connections,
                         codes=args.codes or bool(args.new), created=created, visitors=args.max_visitors,
                         public_url=args.public_url)
    from . import ssh
    if args.authorized_keys is None and not (args.codes or args.new):
        print("wartable serve: nobody could log in: give --authorized-keys FILE and/or --codes",
              file=sys.stderr)
        return 2
    if args.authorized_keys is not None:
        try:
            ssh.read_authorized_keys(args.authorized_keys)
        except (OSError, UnicodeDecodeError) as exc:
            print(f"wartable serve: {args.authorized_keys}: cannot be read ({exc})", file=sys.stderr)
            return 2
        except ValueError as exc:
            print(f"wartable serve: {exc}", file=sys.stderr)
            return 2
    created = []
    try:
        for game_id in args.new:
            created += games.create(game_id, spectators=not args.no_spectators, **options.get(game_id, {}))
    except ValueError as exc:
        print(f"wartable serve: {exc}", file=sys.stderr)
        return 2
    notify = None
    if args.notify_command:
        import shlex
        import shutil
        try:
            notify = shlex.split(args.notify_command)
        except ValueError as exc:
            print(f"wartable serve: --notify-command: {exc}", file=sys.stderr)
            return 2
        if not notify or shutil.which(notify[0]) is None:
            print(f"wartable serve: --notify-command: no program {notify[0] if notify else ''!r} found",
                  file=sys.stderr)
            return 2
    options = ssh.Options(port=args.ssh, host=args.host, authorized_keys=args.authorized_keys,
                          codes=args.codes or bool(args.new), per_address=args.max_per_address or 8,
                          total=args.max_connections, startups=args.max_startups,
                          login_timeout=args.login_timeout, extra_env=logs_env(),
                          zygote=not args.no_zygote, notify_command=notify,
                          spectators=not args.no_spectators)
    try:
        return ssh.serve(options, created)
    except OSError as exc:
        print(f"wartable serve: cannot listen on {args.host}:{args.ssh}: {exc.strerror or exc}", file=sys.stderr)
        return 1


def new_game_options(args: argparse.Namespace) -> dict[str, dict]:
    """The new_game options of each game in --new, from --players and --mode; ValueError."""
    if (args.players or args.mode) and not set(args.new) & {"toi", "victory"}:
        raise ValueError("--players and --mode are for --new toi or --new victory")
    if args.mode and "victory" not in args.new:
        raise ValueError("--mode is for --new victory")
    out: dict[str, dict] = {}
    text = args.players or ""
    if "toi" in args.new and text:
        out["toi"] = {"players": tuple(p.strip() for p in text.split(","))}
    if "victory" in args.new:
        mode = args.mode or "duel"
        if mode == "team":
            if text.count("/") != 1:
                raise ValueError("team play: --players AXIS,NAMES/ALLIED,NAMES (one slash between the teams)")
            axis, allied = (tuple(p.strip() for p in half.split(",") if p.strip()) for half in text.split("/"))
            out["victory"] = {"mode": mode, "teams": {"axis": list(axis), "allied": list(allied)}}
        elif text:
            out["victory"] = {"mode": mode, "players": tuple(p.strip() for p in text.split(","))}
        elif mode != "duel":
            raise ValueError(f"{mode}: name the players with --players")
    return out


def join(args: argparse.Namespace) -> int:
    from . import games
    code = args.code
    if code is None:
        words = shlex.split(os.environ.get("SSH_ORIGINAL_COMMAND", ""))
        code = words[-1] if words else None
    from .child import run_guarded        # under OpenSSH, stderr is the player's terminal too
    if not code:
        from tui.app import run_launcher
        return run_guarded(run_launcher, "launcher (wartable join)")
    seat = games.find(code)
    if seat is None:
        watch = games.find_watch(code)
        if watch is not None:             # a watch code: a spectator of that game
            from .spectator import run_spectator
            return run_guarded(lambda: run_spectator(watch.game_dir),
                               f"spectator of {watch.game_dir.name} (wartable join)")
        print("wartable join: no hosted game has that join code.", file=sys.stderr)
        return 1
    from .seat import run_seat
    return run_guarded(lambda: run_seat(seat.game_dir, seat.side),
                       f"seat {seat.side} of {seat.game_dir.name} (wartable join)")

"""`wartable serve --web PORT`: the app in a browser, through textual-serve.

Each browser tab runs its own wartable process, started from a fixed command: what a player
types goes to the app, never to a shell. ``/`` is the launcher, and it needs the server's
secret: the link printed at start (``/?token=...``, a new token at every start) sets a cookie
(HttpOnly, SameSite=Strict, signed with a key of this run) and sends the browser on to ``/``,
so the token leaves the address bar; the page and its websocket then need that cookie. The
cookie names a visitor, whose app runs in a data folder of its own (``serve/visitors/<id>`` of
the server's data folder, mode 700: its HOME, data folder and working directory, with a clean
environment), never the host's; the folders are bounded in number (``--max-visitors``).

The page's addresses come from the configuration, never from a request's Host: the ``--host``
and port it listens on (a loopback one as 127.0.0.1, [::1] or localhost), or ``--public-url``
for a server behind a proxy, which ``--host 0.0.0.0`` needs. A websocket is accepted only when
its Origin is one of those (a page of another site cannot drive the app with the player's
cookie); a missing or foreign Origin gets a one-line 403.

With join codes allowed (``--codes`` or ``--new``), ``/seat/CODE`` is that seat of a hosted
game: the code is the credential, and is only looked up (the command is built from the seat
found, never from the address); ``/watch/CODE`` is a spectator of the game whose watch code it
is. Wrong codes of either kind slow their address down (``tui.serve.guard``)
but never shut a right code out. On top of textual-serve: connections per address and in all
are limited, and the terminal sizes a page asks for are bounded.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import secrets
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

from . import child, games
from .guard import Busy, CodeGuard
from .page import page, policy
from .visitors import ID, TooMany, Visitors
from .ssh import MAX_COLS, MAX_ROWS

MOST_VISITORS = 100                     # visitor folders kept (--max-visitors)
COOKIE_DAYS = 90                        # how long a browser keeps its cookie (a restart voids it sooner)
_VISITOR_RE = re.compile(rf"({ID})\.([0-9a-f]{{64}})\Z")   # the cookie: the id, a dot, its HMAC

NO_CODE = "wartable: no hosted game has that join code.\n"
NO_WATCH = "wartable: no hosted game has that watch code.\n"
BUSY = "wartable: too many tries at once from your address; wait a moment.\n"
FAILED = "wartable: something went wrong on the server; its log says what.\n"
FOREIGN = "wartable: this websocket is for the server's own page only (the request's Origin is not it).\n"
NO_TOKEN = "wartable: this page needs the link the server printed at start (http://.../?token=...).\n"
FULL = "wartable: this server keeps data for as many visitors as it may ({}); ask its host.\n"
NEW_TOO_OFTEN = "wartable: your address has been let in as a new visitor too often this hour; use the browser you came with.\n"
GONE = "wartable: this browser's data folder is gone (given up, or removed by the host); open the server's link again.\n"
WRONG_TOKEN = "wartable: that link's token is not this server's (it prints a new link at every start).\n"

# the answer to the link: the cookie is set, and the page goes on to itself without the token.
# A script (not an HTTP redirect) goes on, so the step is the page's own, same-site: a browser
# that followed the link from another site (a chat, a mail) then sends the SameSite=Strict cookie.
TOKEN_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>wartable</title>
<script>location.replace(location.pathname);</script></head>
<body><p><a href="./">wartable: open the launcher</a></p></body></html>
"""


LOOPBACK = ("127.0.0.1", "::1", "localhost")
EVERY_ADDRESS = ("0.0.0.0", "::", "")
_PATH_RE = re.compile(r"[A-Za-z0-9._~/-]*\Z")
_HOST_RE = re.compile(r"[a-z0-9.-]+\Z|[0-9a-f:.]+\Z")        # a name, an IPv4 or an IPv6 address


def _origin(scheme: str, host: str, port: int | None) -> str:
    host = host.lower()
    if not _HOST_RE.match(host):
        raise ValueError(f"{host!r} is not a host name or address")
    host = f"[{host}]" if ":" in host else host
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{host}" if port in (None, default) else f"{scheme}://{host}:{port}"


def page_bases(host: str, port: int, public_url: str | None = None) -> list[str]:
    """The base URLs the page is served at, the link's first: from the configuration only, never
    from a request. Its websockets are accepted from these origins alone. ``--public-url`` (a
    server behind a proxy) is the only one when given; a loopback ``--host`` is reached as
    127.0.0.1, [::1] or localhost; another is reached as itself. ``--host 0.0.0.0`` (or ``::``)
    listens on every address and cannot know which one players type: it needs --public-url.
    ValueError saying what is wrong."""
    if public_url:
        try:
            return [_public_base(public_url.strip())]
        except ValueError as exc:
            raise ValueError(f"--public-url {public_url!r}: {exc}") from None
    if host in EVERY_ADDRESS:
        raise ValueError(f"--host {host!r} listens on every address, so the page cannot tell its own: "
                         "also give --public-url http://NAME:PORT, the address your players type")
    try:
        if host in LOOPBACK:
            return [_origin("http", name, port) for name in (host, *(n for n in LOOPBACK if n != host))]
        return [_origin("http", host, port)]
    except ValueError as exc:
        raise ValueError(f"--host: {exc}") from None


def _public_base(text: str) -> str:
    url = urlsplit(text)
    port = url.port                   # ValueError for a port out of range
    if url.scheme not in ("http", "https") or not url.hostname:
        raise ValueError("give http:// or https://, a host, and a port if not the scheme's own, "
                         "e.g. https://games.example.org")
    if url.username or url.password or url.query or url.fragment or not _PATH_RE.match(url.path):
        raise ValueError("only a scheme, a host, a port and a plain path")
    return _origin(url.scheme, url.hostname, port) + url.path.rstrip("/")


def launcher_argv() -> list[str]:
    return [sys.executable, "-m", "tui.serve.child", "launcher"]


def seat_argv(seat: games.Seat) -> list[str]:
    return [sys.executable, "-m", "tui.serve.child", "seat", str(seat.game_dir), seat.side]


def watch_argv(watch: games.Watch) -> list[str]:
    return [sys.executable, "-m", "tui.serve.child", "spectator", str(watch.game_dir)]


def visitors_dir() -> Path:
    return games.serve_dir() / "visitors"


def child_environment(data: Path, textual: dict[str, str]) -> dict[str, str]:
    """All a web child is given: textual-serve's own settings (``textual``: its driver, the size)
    and a home of its own, never the server's environment (the host's HOME, data folder, keys)."""
    keep = ("TEXTUAL_DRIVER", "TEXTUAL_FPS", "TEXTUAL_COLOR_SYSTEM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION",
            "COLUMNS", "ROWS")
    return {**{name: textual[name] for name in keep if name in textual}, **child.environment(data)}


def say(message: str) -> None:
    try:
        print(f"wartable serve: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass                              # no one reads the log: serving goes on


def _bounded(width, height) -> tuple[int, int]:
    """A terminal size from a page (text or numbers), cut to MAX_COLS x MAX_ROWS; ValueError,
    TypeError or OverflowError for what is no size."""
    return max(1, min(int(width), MAX_COLS)), max(1, min(int(height), MAX_ROWS))


def same(given: str, secret: str) -> bool:
    """``given`` is ``secret``, compared in constant time (any text: a non-ASCII guess is just wrong)."""
    return secrets.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))


def make_server(host: str, port: int, per_address: int = 4, total: int = 32, codes: bool = False,
                visitors: int = MOST_VISITORS, public_url: str | None = None):
    from aiohttp import WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    @web.middleware
    async def one_line_errors(request: web.Request, handler):
        """A handler's failure is told to the log, and to the client in one line, never as a
        traceback (which aiohttp sends when the loop runs in debug mode, e.g. python -X dev)."""
        try:
            return await handler(request)
        except web.HTTPException:
            raise                                # 404 and the like: aiohttp's own short answers
        except Exception as exc:
            say(f"{request.method} {request.path[:100]!r} from {request.remote} failed: {type(exc).__name__}: {exc}")
            return web.Response(status=500, text=FAILED)

    class Child(AppService):
        """One tab's app: started from ``argv`` (no shell), in ``data`` (its HOME, data folder and
        working directory), with a clean environment."""

        def __init__(self, argv: list[str], data: Path, **kwargs) -> None:
            super().__init__(" ".join(argv), **kwargs)
            self.argv = argv
            self.data = data

        def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
            return child_environment(self.data, super()._build_environment(width, height))

        async def _open_app_process(self, width: int = 80, height: int = 24):
            pipe = asyncio.subprocess.PIPE
            self._process = process = await asyncio.create_subprocess_exec(
                *self.argv, stdin=pipe, stdout=pipe, stderr=pipe, cwd=str(self.data),
                env=self._build_environment(width, height), close_fds=True)
            self._stdin = process.stdin
            return process

    class WartableWeb(Server):
        """textual-serve with a secret link, limits, and seats by join code."""

        def __init__(self) -> None:
            self.bases = page_bases(host, port, public_url)
            super().__init__("wartable", host=host, port=port, title="wartable", public_url=self.bases[0])
            # the page at each address it is served from (the request's Host picks one of
            # these, never writes itself into the page); websockets only from their origins
            self.base_at = {base.split("://", 1)[1].split("/", 1)[0]: base for base in self.bases}
            self.origins = {"/".join(base.split("/", 3)[:3]) for base in self.bases}
            self.cookie_path = urlsplit(self.bases[0]).path or "/"
            self.secure = self.bases[0].startswith("https:")
            self.open: Counter[str] = Counter()
            self.guard = CodeGuard()                     # wrong join codes slow their address
            self.visitors = Visitors(visitors_dir(), visitors)
            self.token = secrets.token_urlsafe(32)       # in the link printed at start
            self.key = secrets.token_bytes(32)           # signs the cookies of this run
            self.cookie = f"wartable-{port}"             # cookies are not kept per port: name it

        async def _make_app(self) -> web.Application:
            app = web.Application(middlewares=[one_line_errors])
            # textual-serve's routes but its /download/{key}: wartable delivers no files
            app.router.add_get("/", self.handle_index)
            app.router.add_get("/ws", self.handle_websocket)
            app.router.add_static("/static", self.statics_path)
            if codes:
                app.router.add_get("/seat/{code}", self.handle_seat_index)
                app.router.add_get("/ws/seat/{code}", self.handle_seat_websocket)
                app.router.add_get("/watch/{code}", self.handle_watch_index)
                app.router.add_get("/ws/watch/{code}", self.handle_watch_websocket)
            return app

        # -- the credential ----------------------------------------------------------------
        def _sign(self, visitor: str) -> str:
            return hmac.new(self.key, visitor.encode(), hashlib.sha256).hexdigest()

        def visitor(self, request: web.Request) -> str | None:
            """The visitor named by the request's cookie, when this run signed it; else None."""
            found = _VISITOR_RE.match(request.cookies.get(self.cookie, ""))
            if found and same(found.group(2), self._sign(found.group(1))):
                return found.group(1)
            return None

        def _let_in(self, request: web.Request) -> web.Response:
            """The answer to the link with the right token: a cookie naming the visitor. A browser
            that was here before (its cookie from an earlier run) keeps its folder."""
            earlier = _VISITOR_RE.match(request.cookies.get(self.cookie, ""))
            if earlier and self.visitors.folder(earlier.group(1)) is not None:
                visitor = earlier.group(1)
                self.visitors.visited(visitor)
            else:
                visitor = secrets.token_hex(16)
                try:
                    made = self.visitors.make(visitor, request.remote or "?")
                except TooMany:
                    return web.Response(status=429, text=NEW_TOO_OFTEN)
                if made is None:
                    return web.Response(status=503, text=FULL.format(visitors))
            response = web.Response(text=TOKEN_PAGE, content_type="text/html",
                                    headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})
            response.set_cookie(self.cookie, f"{visitor}.{self._sign(visitor)}", path=self.cookie_path,
                                max_age=COOKIE_DAYS * 86400, httponly=True, samesite="Strict",
                                secure=self.secure)
            return response

        def _base(self, request: web.Request) -> str:
            # the configured address the browser used (127.0.0.1 or localhost), else the first:
            # with --public-url, the proxy's Host says nothing
            if len(self.bases) == 1:
                return self.bases[0]
            return self.base_at.get(request.headers.get("Host", "").lower(), self.bases[0])

        def _from_page(self, request: web.Request) -> bool:
            """The websocket was opened by a page of this server (its Origin is one of ours)."""
            return request.headers.get("Origin", "").lower() in self.origins

        async def handle_index(self, request: web.Request):
            if "token" in request.query:
                given = request.query.getall("token")
                if len(given) != 1 or not same(given[0], self.token):
                    return web.Response(status=403, text=WRONG_TOKEN)
                return self._let_in(request)
            if self.visitor(request) is None:
                return web.Response(status=403, text=NO_TOKEN)
            return self._page(request, "/ws", "wartable")

        def _page(self, request: web.Request, websocket: str, name: str):
            """The app's page (tui.serve.page), its websocket at ``websocket``."""
            base = self._base(request)
            socket = "ws" + base[4:] + websocket
            return web.Response(text=page(f"{base}/static/", socket, name), content_type="text/html",
                                headers={"Content-Security-Policy": policy(socket), "Cache-Control": "no-store",
                                         "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"})

        async def _seat(self, request: web.Request, find=games.find):
            """The seat (or with ``find=games.find_watch``, the game to watch) the address's code
            names, once the guard gives the address its turn; or the answer: 404 for a wrong code
            (counted), 429 when too many of the address's wait. A right code is never refused,
            only answered later after many wrong ones."""
            address = request.remote or "?"
            try:
                await self.guard.turn(address)
            except Busy:
                return web.Response(status=429, text=BUSY)
            found = find(request.match_info["code"])
            if found is None:
                self.guard.wrong(address)
                return web.Response(status=404, text=NO_CODE if find is games.find else NO_WATCH)
            return found

        async def handle_seat_index(self, request: web.Request):
            seat = await self._seat(request)
            if isinstance(seat, web.Response):
                return seat
            return self._page(request, f"/ws/seat/{seat.code}", f"wartable: {seat.label}")

        async def handle_seat_websocket(self, request: web.Request):
            if not self._from_page(request):
                return web.Response(status=403, text=FOREIGN)
            seat = await self._seat(request)
            if isinstance(seat, web.Response):
                return seat
            return await self._limited(request, seat_argv(seat), games.seat_data_dir(seat))

        async def handle_watch_index(self, request: web.Request):
            watch = await self._seat(request, games.find_watch)
            if isinstance(watch, web.Response):
                return watch
            return self._page(request, f"/ws/watch/{watch.code}", "wartable: watching")

        async def handle_watch_websocket(self, request: web.Request):
            if not self._from_page(request):
                return web.Response(status=403, text=FOREIGN)
            watch = await self._seat(request, games.find_watch)
            if isinstance(watch, web.Response):
                return watch
            return await self._limited(request, watch_argv(watch), games.watch_data_dir(watch))

        async def handle_websocket(self, request: web.Request):
            if not self._from_page(request):
                return web.Response(status=403, text=FOREIGN)
            visitor = self.visitor(request)
            if visitor is None:
                return web.Response(status=403, text=NO_TOKEN)
            folder = self.visitors.folder(visitor)      # given up since, or removed by the host
            if folder is None:
                return web.Response(status=403, text=GONE)
            self.visitors.running[visitor] += 1
            try:
                return await self._limited(request, launcher_argv(), folder)
            finally:
                self.visitors.running[visitor] -= 1
                if self.visitors.running[visitor] <= 0:
                    del self.visitors.running[visitor]

        async def _limited(self, request: web.Request, argv: list[str], data: Path):
            address = request.remote or "?"
            if sum(self.open.values()) >= total or self.open[address] >= per_address:
                return web.Response(status=503, text="wartable: too many connections\n")
            self.open[address] += 1
            try:
                return await self._run(request, argv, data)
            finally:
                self.open[address] -= 1
                if self.open[address] <= 0:
                    del self.open[address]

        async def _run(self, request: web.Request, argv: list[str], data: Path):
            """textual-serve's websocket handler, for ``argv`` in ``data`` and with bounded sizes."""
            websocket = web.WebSocketResponse(heartbeat=15)
            sizes = []
            for name, most, default in (("width", MAX_COLS, 80), ("height", MAX_ROWS, 24)):
                try:
                    sizes.append(max(1, min(int(request.query.get(name, "")), most)))
                except ValueError:
                    sizes.append(default)
            service = None
            try:
                await websocket.prepare(request)
                data.mkdir(parents=True, exist_ok=True, mode=0o700)
                service = Child(argv, data, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                close=websocket.close, download_manager=self.download_manager, debug=self.debug)
                await service.start(*sizes)
                try:
                    await self._process_messages(websocket, service)
                finally:
                    await service.stop()
            except asyncio.CancelledError:
                await websocket.close()
            except Exception as exc:     # one page's trouble ends that page only, told to the log
                say(f"a page of {request.remote} ended: {type(exc).__name__}: {exc}")
            finally:
                if service is not None:
                    await service.stop()
            return websocket

        async def _process_messages(self, websocket: web.WebSocketResponse, service: AppService) -> None:
            """textual-serve's message loop, for messages from anyone: what is not a well-formed
            message is dropped, and the page goes on. Typed text reaches the app as UTF-8 always
            (a lone surrogate, which JSON can carry, as "?"); sizes are bounded."""
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except (ValueError, RecursionError):       # not JSON, or nested past the parser
                    continue
                if not isinstance(envelope, list) or not envelope:
                    continue
                kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
                if kind == "stdin" and isinstance(data, str):
                    await service.send_bytes(data.encode("utf-8", errors="replace"))
                elif kind == "resize" and isinstance(data, dict):
                    try:
                        width, height = _bounded(data.get("width"), data.get("height"))
                    except (TypeError, ValueError, OverflowError):
                        continue
                    await service.set_terminal_size(width, height)
                elif kind == "ping" and isinstance(data, (str, int, float)) and len(str(data)) <= 64:
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()

    return WartableWeb()


def serve_web(host: str, port: int, per_address: int = 4, total: int = 32, codes: bool = False,
              created: list | None = None, visitors: int = MOST_VISITORS, public_url: str | None = None) -> int:
    server = make_server(host, port, per_address, total, codes, visitors, public_url)
    base = server.bases[0]
    # the first address printed is the launcher's link: whoever has it can use the launcher
    print(f"wartable serve: the web on {base}/?token={server.token} (one wartable per browser tab; "
          "the link is the key: give it only to your players)", flush=True)
    for seat in created or []:
        print(f"  {seat.label} seat of {seat.game_dir.name}: {base}/seat/{seat.code}", flush=True)
    for watch in games.watches_of(created or []):
        print(f"  spectators of {watch.game_dir.name}: {base}/watch/{watch.code}", flush=True)
    server.serve()
    return 0

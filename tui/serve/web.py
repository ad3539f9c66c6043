"""`wartable serve --web PORT`: the app in a browser, through textual-serve.

Each browser tab runs its own wartable process, started from a fixed command: what a player
types goes to the app, never to a shell. ``/`` is the launcher; with join codes allowed
(``--codes`` or ``--new``), ``/seat/CODE`` is that seat of a hosted game (the code is only
looked up: the command is built from the seat found, never from the address). On top of
textual-serve: connections per address and in all are limited, wrong codes are counted per
address, and the terminal sizes a page asks for are bounded.
"""

from __future__ import annotations

import shlex
import sys
import time
from collections import Counter, defaultdict, deque

from . import games
from .ssh import CODE_FAILS, CODE_WINDOW, MAX_COLS, MAX_ROWS


def command() -> str:
    # exec: the shell textual-serve starts becomes the app, whose parent is then the server
    return f"exec {shlex.quote(sys.executable)} -m tui.serve.child launcher"


def seat_command(seat: games.Seat) -> str:
    q = shlex.quote
    return (f"WARTABLE_DATA_DIR={q(str(seat.game_dir / 'data'))} exec {q(sys.executable)} -m tui.serve.child "
            f"seat {q(str(seat.game_dir))} {q(seat.side)}")


def make_server(host: str, port: int, per_address: int = 4, total: int = 32, codes: bool = False):
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    class WartableWeb(Server):
        """textual-serve with limits, and seats by join code."""

        def __init__(self) -> None:
            shown = "localhost" if host in ("127.0.0.1", "::1") else host
            super().__init__(command(), host=host, port=port, title="wartable",
                             public_url=f"http://{shown}:{port}")
            self.open: Counter[str] = Counter()
            self.fails: dict[str, deque[float]] = defaultdict(deque)

        async def _make_app(self) -> web.Application:
            app = await super()._make_app()
            if codes:
                app.router.add_get("/seat/{code}", self.handle_seat_index)
                app.router.add_get("/ws/seat/{code}", self.handle_seat_websocket)
            return app

        def _base(self, request: web.Request) -> str:
            # back to the address the browser used (a server on 0.0.0.0 is reached by a name or
            # address of its own, never "0.0.0.0")
            return f"{'https' if request.secure else 'http'}://{request.host}"

        async def handle_index(self, request: web.Request):
            self.public_url = self._base(request)
            return await super().handle_index(request)

        def _seat(self, request: web.Request) -> games.Seat | None:
            address = request.remote or "?"
            stamps = self.fails[address]
            while stamps and stamps[0] < time.monotonic() - CODE_WINDOW:
                stamps.popleft()
            if len(stamps) >= CODE_FAILS:
                return None
            seat = games.find(request.match_info["code"])
            if seat is None:
                stamps.append(time.monotonic())
            return seat

        async def handle_seat_index(self, request: web.Request):
            seat = self._seat(request)
            if seat is None:
                return web.Response(status=404, text="wartable: no hosted game has that join code.\n")
            base = self._base(request)
            context = {
                "font_size": 16,
                "app_websocket_url": "ws" + base[4:] + f"/ws/seat/{seat.code}",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": f"wartable: {seat.label}"},
            }
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_seat_websocket(self, request: web.Request):
            seat = self._seat(request)
            if seat is None:
                return web.Response(status=404, text="wartable: no hosted game has that join code.\n")
            return await self._limited(request, seat_command(seat))

        async def handle_websocket(self, request: web.Request):
            return await self._limited(request, self.command)

        async def _limited(self, request: web.Request, cmd: str):
            address = request.remote or "?"
            if sum(self.open.values()) >= total or self.open[address] >= per_address:
                return web.Response(status=503, text="wartable: too many connections\n")
            self.open[address] += 1
            try:
                return await self._run(request, cmd)
            finally:
                self.open[address] -= 1
                if self.open[address] <= 0:
                    del self.open[address]

        async def _run(self, request: web.Request, cmd: str):
            """textual-serve's websocket handler, for ``cmd`` and with bounded sizes."""
            import asyncio
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
                service = AppService(cmd, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                     close=websocket.close, download_manager=self.download_manager,
                                     debug=self.debug)
                await service.start(*sizes)
                try:
                    await self._process_messages(websocket, service)
                finally:
                    await service.stop()
            except asyncio.CancelledError:
                await websocket.close()
            except Exception:            # one page's trouble ends that page only
                pass
            finally:
                if service is not None:
                    await service.stop()
            return websocket

        async def _process_messages(self, websocket, app_service) -> None:
            resize = app_service.set_terminal_size

            async def bounded(width, height) -> None:
                await resize(max(1, min(int(width), MAX_COLS)), max(1, min(int(height), MAX_ROWS)))

            app_service.set_terminal_size = bounded
            await super()._process_messages(websocket, app_service)

    return WartableWeb()


def serve_web(host: str, port: int, per_address: int = 4, total: int = 32, codes: bool = False,
              created: list | None = None) -> int:
    server = make_server(host, port, per_address, total, codes)
    shown = "localhost" if host in ("127.0.0.1", "::1") else ("HOST" if host in ("0.0.0.0", "::") else host)
    print(f"wartable serve: the web on http://{host}:{port} (one wartable per browser tab)", flush=True)
    for seat in created or []:
        print(f"  {seat.label} seat of {seat.game_dir.name}: http://{shown}:{port}/seat/{seat.code}", flush=True)
    server.serve()
    return 0

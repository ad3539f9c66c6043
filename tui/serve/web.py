"""`wartable serve --web PORT`: the app in a browser, through textual-serve.

Each browser tab runs its own wartable process (the launcher), started from a fixed command: what
a player types goes to the app, never to a shell. On top of textual-serve: connections per
address and in all are limited, and the terminal sizes a page asks for are bounded.
"""

from __future__ import annotations

import shlex
import sys
from collections import Counter

from .ssh import MAX_COLS, MAX_ROWS


def command() -> str:
    return f"{shlex.quote(sys.executable)} -m tui.serve.child launcher"


def make_server(host: str, port: int, per_address: int = 4, total: int = 32):
    from aiohttp import web
    from textual_serve.server import Server

    class WartableWeb(Server):
        """textual-serve with limits."""

        def __init__(self) -> None:
            shown = "localhost" if host in ("127.0.0.1", "::1") else host
            super().__init__(command(), host=host, port=port, title="wartable",
                             public_url=f"http://{shown}:{port}")
            self.open: Counter[str] = Counter()

        async def handle_index(self, request: web.Request):
            # the page's websocket goes back to the address the browser used (a server on
            # 0.0.0.0 is reached by a name or address of its own, never "0.0.0.0")
            self.public_url = f"{'https' if request.secure else 'http'}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request: web.Request):
            address = request.remote or "?"
            if sum(self.open.values()) >= total or self.open[address] >= per_address:
                return web.Response(status=503, text="wartable: too many connections\n")
            query = request.query.copy()
            for name, most in (("width", MAX_COLS), ("height", MAX_ROWS)):
                try:
                    query[name] = str(max(1, min(int(query.get(name, "")), most)))
                except ValueError:
                    query[name] = "80" if name == "width" else "24"
            request = request.clone(rel_url=request.rel_url.with_query(query))
            self.open[address] += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.open[address] -= 1
                if self.open[address] <= 0:
                    del self.open[address]

        async def _process_messages(self, websocket, app_service) -> None:
            resize = app_service.set_terminal_size

            async def bounded(width, height) -> None:
                await resize(max(1, min(int(width), MAX_COLS)), max(1, min(int(height), MAX_ROWS)))

            app_service.set_terminal_size = bounded
            await super()._process_messages(websocket, app_service)

    return WartableWeb()


def serve_web(host: str, port: int, per_address: int = 4, total: int = 32) -> int:
    server = make_server(host, port, per_address, total)
    print(f"wartable serve: the web on http://{host}:{port} (one wartable per browser tab)", flush=True)
    server.serve()
    return 0

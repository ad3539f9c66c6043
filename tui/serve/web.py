"""`wartable serve --web PORT`: the app in a browser, through textual-serve.

Each browser tab runs its own wartable process (the launcher). The command is fixed here: what
a player types goes to the app, never to a shell.
"""

from __future__ import annotations

import shlex
import sys


def command() -> str:
    return f"{shlex.quote(sys.executable)} -m tui.serve.child launcher"


def serve_web(host: str, port: int) -> int:
    from textual_serve.server import Server
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    Server(command(), host=host, port=port, title="wartable",
           public_url=f"http://{shown}:{port}").serve()
    return 0

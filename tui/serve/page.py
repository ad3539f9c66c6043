"""The web page a browser gets from `wartable serve --web`: the terminal, and nothing from elsewhere.

textual-serve's own page asks fonts.googleapis.com for its font, so every visit told Google who
plays where, and a host without internet waited on it. This page takes the font textual-serve
ships (served from our /static/), runs textual-serve's script (which draws the terminal with
xterm.js) and no script of its own, and comes with a Content-Security-Policy that lets the page
load only from this server and open only its own websocket: a page that some bug made show
foreign text still could not run a script, call another site or be framed by one.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlsplit

# What textual.js needs of the page: a ".textual-terminal" element with the websocket's address
# and the font size in its data attributes, and the body it marks "-first-byte" (the app has
# drawn) and "-closed" (the session ended); "#start" is shown when the page is opened ?delay.
PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="stylesheet" href="{static}css/xterm.css">
<style>
@font-face {{ font-family: "Roboto Mono"; src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf"); }}
body {{ margin: 0; background: #0c181f; color: #f2f2f2; font-family: "Roboto Mono", monospace; }}
.textual-terminal {{ width: 100vw; height: 100vh; opacity: 0; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
.notice {{ position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; }}
.notice a {{ color: #f2f2f2; background: #12232d; padding: 1em 2em; margin: 1em; }}
body.-first-byte .starting, .ended, #start {{ display: none; }}
body.-closed .ended, #start.-delay {{ display: flex; }}
</style>
<script src="{static}js/textual.js"></script>
</head>
<body>
<div class="notice starting">{name}<a id="start" href="">Start</a></div>
<div class="notice ended">Session ended.<a href="">Start again</a></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{websocket}" data-font-size="16"></div>
</body>
</html>
"""


def page(static: str, websocket: str, name: str) -> str:
    """The page: assets from ``static`` (a URL ending in /), the app behind ``websocket``,
    ``name`` shown while it starts; its links start the app again (the page reloaded)."""
    return PAGE.format(title=escape(name), name=escape(name), static=escape(static, quote=True),
                       websocket=escape(websocket, quote=True))


def policy(websocket: str) -> str:
    """The Content-Security-Policy of the page whose only connection is ``websocket``. Styles
    may be inline (xterm.js writes its own <style> for its renderers); scripts may not."""
    parts = urlsplit(websocket)
    return "; ".join([
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "img-src 'self'",
        f"connect-src {parts.scheme}://{parts.netloc}",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ])

"""A small model of a terminal: what the escape sequences a wartable app writes leave on the
screen, cell by cell (for tests comparing what the wire carried with Textual's own frame).

It knows what Textual and wartable write in application mode: cursor moves (CUP, CR, LF),
scrolling (DECSTBM, SU), styles (SGR, kept as their parameters: a cell holds the SGR in force
when it was written), hyperlinks (OSC 8),
private modes and device queries (no effect on cells), text with wide characters (two cells; a
wide character half overwritten leaves a space in the other half) and combining marks. Anything
else raises ValueError, so a sequence it does not know cannot pass unnoticed.
"""

from __future__ import annotations

import re

from rich.cells import get_character_cell_size

CSI = re.compile(r"\x1b\[([0-9;?<=>]*)([ -/]*)([@-~])")
OSC = re.compile(r"\x1b\](.*?)(?:\x07|\x1b\\)", re.S)


class Screen:
    def __init__(self, width: int, height: int, fill: str = " ") -> None:
        """``fill``: what the cells hold before anything is written (a terminal's content after
        a resize or at the start is not known: a test fills it with something no frame shows)."""
        self.width, self.height = width, height
        self.cells = [[(fill, "", "")] * width for _ in range(height)]
        self.fill = fill                              # also what a scroll brings in
        self.top, self.bottom = 0, height - 1
        self.x = self.y = 0
        self.sgr = ""
        self.link = ""

    def feed(self, data: str) -> None:
        i, n = 0, len(data)
        while i < n:
            ch = data[i]
            if ch == "\x1b":
                m = CSI.match(data, i)
                if m:
                    self._csi(*m.groups())
                    i = m.end()
                    continue
                m = OSC.match(data, i)
                if m:
                    self._osc(m.group(1))
                    i = m.end()
                    continue
                if data.startswith(("\x1b=", "\x1b>"), i):
                    i += 2
                    continue
                raise ValueError(f"an escape sequence the model does not know: {data[i:i + 12]!r}")
            if ch == "\r":
                self.x = 0
            elif ch == "\n":
                self.y = min(self.height - 1, self.y + 1)
            elif ch in "\x07":
                pass
            elif ch < " ":
                raise ValueError(f"a control character the model does not know: {ch!r}")
            else:
                self._put(ch)
            i += 1

    def _csi(self, params: str, middle: str, final: str) -> None:
        if middle:
            raise ValueError(f"a CSI the model does not know: {params}{middle}{final}")
        if params.startswith("?") and final in "hl":
            return                                    # private modes: cursor, mouse, sync, alt screen
        if final == "n" or (final == "c" and params.startswith((">", ""))) or final == "u" and params.startswith(">"):
            return                                    # queries
        if final == "H":
            row, _, col = params.partition(";")
            self.y = min(self.height - 1, max(0, int(row or 1) - 1))
            self.x = min(self.width - 1, max(0, int(col or 1) - 1))
        elif final == "m":
            self.sgr = "" if params in ("", "0") else (f"{self.sgr};{params}" if self.sgr else params)
        elif final == "r":                            # DECSTBM: the rows a scroll moves; home
            top, _, bottom = params.partition(";")
            self.top, self.bottom = int(top or 1) - 1, int(bottom or self.height) - 1
            self.x = self.y = 0
        elif final == "S":                            # SU: the rows between the margins go up
            k = int(params or 1)
            rows = self.cells[self.top:self.bottom + 1]
            blank = [[(self.fill, "", "")] * self.width for _ in range(min(k, len(rows)))]
            self.cells[self.top:self.bottom + 1] = (rows[k:] + blank)[:len(rows)]
        elif final == "J" and params == "2":
            self.cells = [[(" ", "", "")] * self.width for _ in range(self.height)]
        else:
            raise ValueError(f"a CSI the model does not know: {params}{final}")

    def _osc(self, body: str) -> None:
        if body.startswith("8;"):
            _, _params, url = body.split(";", 2)
            self.link = url
        elif not body.startswith(("0;", "2;", "22;")):    # the window title, the pointer: no cell
            raise ValueError(f"an OSC the model does not know: {body[:20]!r}")

    def _put(self, ch: str) -> None:
        size = get_character_cell_size(ch)
        row = self.cells[self.y]
        if size == 0:
            if self.x > 0:
                x = self.x - 1
                if row[x][0] == "" and x > 0:
                    x -= 1
                text, sgr, link = row[x]
                row[x] = (text + ch, sgr, link)
            return
        if self.x + size > self.width:
            raise ValueError(f"a write past the right edge at {self.x},{self.y}: {ch!r}")
        for x in range(self.x, self.x + size):
            if row[x][0] == "" and x > 0:             # the right half of a wide character
                row[x - 1] = (" ",) + row[x - 1][1:]
            if x + 1 < self.width and row[x + 1][0] == "" and get_character_cell_size(row[x][0][:1] or " ") == 2:
                row[x + 1] = (" ",) + row[x + 1][1:]
        row[self.x] = (ch, self.sgr, self.link)
        if size == 2:
            row[self.x + 1] = ("", self.sgr, self.link)
        self.x += size                                # at the right edge: a wrap pending (refused above)

    def text(self) -> str:
        return "\n".join("".join(c[0] for c in row) for row in self.cells)


class Tap:
    """Every string a running test app (``run_test``) writes to its terminal, as a terminal would
    receive it: its headless driver made to say it is not headless (so ``App._display`` writes)
    and to keep what it is given."""

    def __init__(self, app) -> None:
        self.sent: list[str] = []
        driver = app._driver
        sent = self.sent

        class Tapped(type(driver)):
            is_headless = False

            def write(self, data: str) -> None:
                sent.append(data)

            def flush(self) -> None:
                pass

        driver.__class__ = Tapped

    def take(self) -> str:
        """What was written since the last take."""
        text = "".join(self.sent)
        self.sent.clear()
        return text

"""Markdown drawn for the terminal with tables whose headings are never cut.

Rich's Markdown squeezes a table to the width it is given and cuts a heading with "…" when a
column's cells wrap narrower than it (Tide of Iron's set-up sheet lost "Vehicles" at 80
columns). Here each column is at least as wide as its heading and its longest word, so the
cells wrap between words instead.
"""

from __future__ import annotations

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Markdown, TableElement
from rich.table import Table


class _Table(TableElement):
    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = Table(box=box.SIMPLE, pad_edge=False, style="markdown.table.border", show_edge=True,
                      collapse_padding=True)
        rows = [[cell.content for cell in row.cells] for row in self.body.rows] if self.body else []
        if self.header is not None and self.header.row is not None:
            for i, column in enumerate(self.header.row.cells):
                heading = column.content.copy()
                heading.stylize("markdown.table.header")
                words = [len(word) for row in rows if i < len(row) for word in row[i].plain.split()]
                table.add_column(heading, min_width=max([heading.cell_len, *words]))
        for row in rows:
            table.add_row(*row)
        yield table


class SheetMarkdown(Markdown):
    """Markdown whose tables keep every heading and every word whole."""

    elements = {**Markdown.elements, "table_open": _Table}


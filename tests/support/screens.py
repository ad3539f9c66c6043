"""Reading a running Textual app the way a player reads the screen: the characters on it,
the command menu's visible entries and their keys, and the stack of screens."""

from __future__ import annotations

import io

from rich.console import Console

from tui.widgets.command_menu import MENU_KEYS, CommandMenu, level_items


def frame(app) -> str:
    """The characters of the current frame (every screen in the stack that shows through)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


def flat(app) -> str:
    """The frame with its lines joined and runs of spaces squeezed: for phrases that may wrap."""
    return " ".join(frame(app).split())


def shown(app, widget) -> str:
    """The characters on screen inside `widget`'s region, lines joined, spaces squeezed: what
    the player can read there now (nothing scrolled out of sight, nothing of the panel beside)."""
    region = widget.scrollable_content_region.intersection(app.screen.region)
    rows = frame(app).split("\n")
    text = [rows[y][region.x:region.right] for y in range(region.y, region.bottom) if y < len(rows)]
    return " ".join(" ".join(text).split())


def menu(app) -> CommandMenu:
    return app.screen.query_one(CommandMenu)


def labels(app) -> list[str]:
    return [label for _key, label, _leaf in menu(app).items()]


def key_for(app, label_start: str) -> str:
    """The key shown in front of the first visible menu entry whose label starts so."""
    items = menu(app).items()
    for key, label, _leaf in items:
        if label.startswith(label_start):
            assert key, f"menu entry {label!r} has no key"
            return key
    raise AssertionError(f"no menu entry starts with {label_start!r}; the menu shows {items}")


def passed_through(app, label_start: str) -> bool:
    """The menu went through this level by itself (a level with one group in it is not shown):
    a walk by labels skips it, as the player does."""
    return any(label.startswith(label_start) for label in menu(app)._prefix)


def stack(app) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


async def until(pilot, test, seconds: float = 30.0) -> None:
    """Let the app run until ``test()`` holds (a worker's answer, a screen coming up), or fail
    after ``seconds``."""
    for _ in range(int(seconds / 0.05)):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never got there")


def menu_levels(entries, free_keys: str = MENU_KEYS):
    """Every level of a menu of ``entries`` the player can open, as the menu shows it (entries
    without a fixed key on ``free_keys``): (prefix, items)."""
    todo, seen = [()], set()
    while todo:
        prefix = todo.pop()
        if prefix in seen:
            continue
        seen.add(prefix)
        items = level_items(entries, prefix, free_keys)
        yield prefix, items
        todo.extend(prefix + (it.label,) for it in items if not it.leaf)

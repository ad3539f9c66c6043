"""The command menu: exactly ``game.legal()``, grouped into a short tree, every entry with a key.

The screen gives entries as (path, command): the path is the labels from the top of the tree
to the leaf, e.g. ("Attack!", "Hoth", "Rostov", "no dice card"). A group with one command is
shown as a leaf. Digits and letters choose; Enter chooses the highlighted entry; `back()`
climbs one level.

Messages may arrive late (fast typing: a key is handled before the message of the key before
it). Each message remembers the menu it came from; a receiver acts only on one that is still
``current`` (the menu shows the same entries, at the same level, on the screen in front).
"""

from __future__ import annotations

from typing import Any, Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.dom import NoScreen
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

# Menu keys: digits, then letters that no screen binding uses (a e h l q r s u v x are taken).
MENU_KEYS = "123456789bcdfgijkmnoptwyz"

Entry = tuple[tuple[str, ...], Any]


class _Item:
    __slots__ = ("label", "entries", "leaf")

    def __init__(self, label: str, entries: list[Entry], leaf: bool):
        self.label, self.entries, self.leaf = label, entries, leaf


class CommandMenu(Vertical):
    """A keyboard menu over a flat list of legal commands."""

    class _Late(Message):
        """A menu message that knows whether the menu still shows what it was posted from."""

        def __init__(self, menu: "CommandMenu | None") -> None:
            super().__init__()
            self.menu = menu
            self.generation = menu._generation if menu is not None else 0

        @property
        def current(self) -> bool:
            return self.menu is None or self.menu._generation == self.generation

    class Chosen(_Late):
        def __init__(self, command: Any, menu: "CommandMenu | None" = None) -> None:
            super().__init__(menu)
            self.command = command

        @property
        def current(self) -> bool:
            """The menu still shows what was chosen from, on the screen in front."""
            return super().current and (self.menu is None or self.menu.on_front_screen)

    class Highlighted(_Late):
        """The highlighted entry changed; ``commands`` are all the commands under it."""

        def __init__(self, commands: list[Any], menu: "CommandMenu | None" = None,
                     index: int | None = None) -> None:
            super().__init__(menu)
            self.commands = commands
            self.index = index

        @property
        def current(self) -> bool:
            """The menu still shows these entries, with this one highlighted."""
            menu = self.menu
            return super().current and (menu is None or (
                menu.is_mounted and menu.options.highlighted == self.index))

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._entries: list[Entry] = []
        self._prefix: tuple[str, ...] = ()
        self._items: list[_Item] = []
        self._title = ""
        self._generation = 0          # bumped whenever the entries shown change

    def compose(self) -> ComposeResult:
        yield Static("", id="menu-crumb")
        yield OptionList(id="menu-options")

    @property
    def options(self) -> OptionList:
        return self.query_one("#menu-options", OptionList)

    @property
    def on_front_screen(self) -> bool:
        """Mounted on the screen the player sees and types at."""
        try:
            return self.is_attached and self.screen.is_active
        except NoScreen:           # being removed
            return False

    @property
    def depth(self) -> int:
        return len(self._prefix)

    def set_entries(self, entries: Sequence[Entry], title: str = "Orders") -> None:
        self._entries = list(entries)
        self._prefix = ()
        self._title = title
        self._rebuild()

    def items(self) -> list[tuple[str, str, bool]]:
        """(key, label, is_leaf) for the current level: what the player sees."""
        return [(MENU_KEYS[i] if i < len(MENU_KEYS) else "", it.label, it.leaf) for i, it in enumerate(self._items)]

    def _rebuild(self, climbing: bool = False) -> None:
        """Show the level at ``_prefix``. A level below the top with one group in it is passed
        through (opening goes on into it; climbing goes on above it): no key is spent on it."""
        while True:
            items = self._level_items()
            if not (self._prefix and len(items) == 1 and not items[0].leaf):
                break
            self._prefix = self._prefix[:-1] if climbing else self._prefix + (items[0].label,)
        self._items = items
        self._show_level()

    def _level_items(self) -> list[_Item]:
        depth = len(self._prefix)
        groups: dict[str, list[Entry]] = {}
        ends_here: list[Entry] = []
        for path, cmd in self._entries:
            if path[:depth] == self._prefix:
                if len(path) > depth:
                    groups.setdefault(path[depth], []).append((path, cmd))
                elif depth:
                    ends_here.append((path, cmd))
        items = [_Item("(this one)", ends_here[:1], True)] if ends_here else []
        for label, members in groups.items():
            tails = {path[depth:] for path, _ in members}
            if len(tails) == 1:      # one command, or commands no label tells apart: a leaf
                items.append(_Item(" · ".join(members[0][0][depth:]), members[:1], True))
            else:
                items.append(_Item(label, members, False))
        return items

    def _show_level(self) -> None:
        self._generation += 1
        crumb = " › ".join((self._title,) + self._prefix)
        hint = "   (q: back)" if self._prefix else ""
        self.query_one("#menu-crumb", Static).update(crumb + hint)
        options = []
        for i, item in enumerate(self._items):
            key = MENU_KEYS[i] if i < len(MENU_KEYS) else " "
            more = f"  ({len(item.entries)}) ›" if not item.leaf else ""
            options.append(Option(f"[{key}] {item.label}{more}"))
        ol = self.options
        ol.clear_options()
        ol.add_options(options)
        if options:
            ol.highlighted = 0
            self._post_highlight(0)

    def _post_highlight(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self._items):
            self.post_message(self.Highlighted([], self, index))
        else:
            self.post_message(self.Highlighted([cmd for _, cmd in self._items[index].entries], self, index))

    def choose(self, index: int) -> bool:
        """Choose the entry at index: a leaf is posted as Chosen, a group is opened."""
        if not 0 <= index < len(self._items):
            return False
        item = self._items[index]
        if item.leaf:
            self.post_message(self.Chosen(item.entries[0][1], self))
        else:
            self._prefix = self._prefix + (item.label,)
            self._rebuild()
        return True

    def choose_key(self, key: str) -> bool:
        index = MENU_KEYS.find(key)
        return index >= 0 and self.choose(index)

    def back(self) -> bool:
        """Climb one level; False at the top."""
        if not self._prefix:
            return False
        self._prefix = self._prefix[:-1]
        self._rebuild(climbing=True)
        return True

    @on(OptionList.OptionSelected, "#menu-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(event.option_index)

    @on(OptionList.OptionHighlighted, "#menu-options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._post_highlight(event.option_index)

    def on_key(self, event) -> None:
        if event.character and len(event.character) == 1 and event.character in MENU_KEYS:
            if self.choose_key(event.character):
                event.stop()
                event.prevent_default()

"""The command menu: exactly ``game.legal()``, grouped into a short tree, every entry with a key.

The screen gives entries as (path, command): the path is the labels from the top of the tree
to the leaf, e.g. ("Attack!", "Hoth", "Rostov", "no dice card"). A group with one command is
shown as a leaf. Digits and letters choose; Enter chooses the highlighted entry; `back()`
climbs one level.

Messages may arrive late (fast typing: a key is handled before the message of the key before
it). Each message remembers the menu it came from; a receiver acts only on one that is still
``current`` (the menu shows the same entries, at the same level, on the screen in front).

Moving the highlight repaints only the two entries it leaves and reaches. A screen that shows a
preview of the highlighted entry passes ``on_highlight``: it is called at once, in the same
step as the move, so the menu and the preview reach the terminal in one frame (a posted
``Highlighted`` message would arrive a frame later). Without it, ``Highlighted`` is posted.
"""

from __future__ import annotations

from string import ascii_uppercase
from typing import Any, Callable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.dom import NoScreen
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.textual_insides import option_lines, rewrap_options

# Menu keys: digits, then letters that no screen binding uses (a e h l q r s u v x are taken).
MENU_KEYS = "123456789bcdfgijkmnoptwyz"
# Keys a screen may give an entry of its own (a fixed key) but a menu never hands out as a free
# key unless its screen says so (``free_keys``): 0 (Roads' End the retreat, not y, the
# confirming key), e and the capitals (Roads' entries: tui/roads/keys.py).
FIXED_ONLY_KEYS = "0eABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Kept from entries for the shared confirmation (tui/widgets/confirm.py): y (or Enter) does it,
# Esc or q does not; n is never an entry, so that a "no" typed from habit picks nothing
CONFIRM_KEYS = "yn"

Entry = tuple[tuple[str, ...], Any]


def entry_keys(reserved: str) -> str:
    """The free keys of a menu whose actions have the keys ``reserved`` (issue 23, item 12c: one
    key, one meaning): MENU_KEYS without those or the confirmation's, then the capitals, so
    that no entry has an action's key or y, and none is left without a key."""
    return "".join(k for k in MENU_KEYS + ascii_uppercase if k not in reserved + CONFIRM_KEYS)


class Keyed(str):
    """A path label with its own fixed key: the screen names it from what the entry is (an
    order, a General, a tier), so it keeps its key however the legal list changes. It is a
    str: screens and tests compare and group it as its text. A key is a digit or one of
    MENU_KEYS' letters; a label without one takes the first key no fixed key holds."""

    key: str

    def __new__(cls, text: str, key: str) -> "Keyed":
        if len(key) != 1 or key not in MENU_KEYS + FIXED_ONLY_KEYS:
            raise ValueError(f"menu key {key!r} for {text!r} is not one of {MENU_KEYS + FIXED_ONLY_KEYS!r}")
        label = super().__new__(cls, text)
        label.key = key
        return label


def key_hint(label: str) -> str:
    return getattr(label, "key", "")


class _Item:
    __slots__ = ("label", "entries", "leaf", "key")

    def __init__(self, label: str, entries: list[Entry], leaf: bool, hint: str = ""):
        self.label, self.entries, self.leaf = label, entries, leaf
        self.key = hint


def assign_keys(items: list[_Item], free_keys: str = MENU_KEYS) -> None:
    """Fixed keys first (a clash keeps the first holder), then the free keys in order."""
    taken: set[str] = set()
    for item in items:
        if item.key and item.key not in taken:
            taken.add(item.key)
        else:
            item.key = ""
    free = (k for k in free_keys if k not in taken)
    for item in items:
        if not item.key:
            item.key = next(free, "")


def level_items(entries: Sequence[Entry], prefix: tuple[str, ...], free_keys: str = MENU_KEYS) -> list[_Item]:
    """The entries of the level at ``prefix``, with their keys (a label's fixed key, else one
    of ``free_keys``): a group per label, a group whose commands no label tells apart shown
    as a leaf."""
    depth = len(prefix)
    groups: dict[str, list[Entry]] = {}
    ends_here: list[Entry] = []
    for path, cmd in entries:
        if path[:depth] == prefix:
            if len(path) > depth:
                groups.setdefault(path[depth], []).append((path, cmd))
            elif depth:
                ends_here.append((path, cmd))
    items = [_Item("(this one)", ends_here[:1], True)] if ends_here else []
    for label, members in groups.items():
        tails = {path[depth:] for path, _ in members}
        if len(tails) == 1:      # one command, or commands no label tells apart: a leaf
            items.append(_Item(" · ".join(members[0][0][depth:]), members[:1], True, key_hint(label)))
        else:
            items.append(_Item(label, members, False, key_hint(label)))
    assign_keys(items, free_keys)
    return items


class MenuOptions(OptionList):
    """An OptionList whose highlight moves repaint only the lines of the two entries concerned
    (OptionList repaints every line on each move) and report the move to the menu at once."""

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        offset = self.scroll_offset
        super().watch_highlighted(new)           # scrolls the entry into view: a full repaint
        if self.scroll_offset == offset:
            for index in {old, new} - {None}:
                region = self._entry_region(index)
                if region is not None:
                    self.refresh(region)
        else:
            self.refresh()
        menu = self.parent
        if isinstance(menu, CommandMenu):
            menu._moved(new)

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        """The scrollbar came or went: the entries are two columns wider or narrower, so their
        lines are wrapped again and the highlighted one kept in view. OptionList keeps the lines
        it wrapped at the width before (it wraps again only when the widget is resized): an
        entry that wraps further under the scrollbar lost its last lines, and the list its last
        rows, out of reach of the arrows (playtest at 80x24: a fifth move never shown)."""
        rewrap_options(self)
        self.scroll_to_highlight()

    def _entry_region(self, index: int) -> Region | None:
        """The lines of entry ``index`` in the widget's content, as now scrolled."""
        lines = option_lines(self, index)
        if lines is None:
            return None
        y, height = lines
        return Region(0, y - self.scroll_offset.y, self.scrollable_content_region.width, height)


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

    def __init__(self, *, id: str | None = None,
                 on_highlight: Callable[[Highlighted], None] | None = None) -> None:
        super().__init__(id=id)
        self._entries: list[Entry] = []
        self._prefix: tuple[str, ...] = ()
        self._items: list[_Item] = []
        self._title = ""
        self._generation = 0          # bumped whenever the entries shown change
        self._on_highlight = on_highlight
        self._reported: tuple[int, int | None] | None = None   # (level number, index) last reported
        self._level = 0                                        # counts rebuilds of the shown level
        self._rebuilding = False
        self._place: tuple[str, int] | None = None               # (label, index) to keep highlighted
        self._picked: tuple[int, str, int] | None = None        # (generation, label, index) last chosen
        self.free_keys = MENU_KEYS          # the keys handed to entries without a fixed key

    def compose(self) -> ComposeResult:
        yield Static("", id="menu-crumb")
        yield MenuOptions(id="menu-options")

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

    def set_entries(self, entries: Sequence[Entry], title: str = "Orders", keep_place: bool = False,
                    free_keys: str | None = None) -> None:
        """Show these entries from the top; ``keep_place``: stay at the level the player is
        at (the same choice repeats: units added one by one), or the nearest one above it
        that is still offered. ``free_keys``: the keys entries without a fixed key take from
        now on (by default MENU_KEYS)."""
        if free_keys is not None:
            self.free_keys = free_keys
        keep = keep_place and title == self._title
        prefix = self._prefix if keep else ()
        self._entries = list(entries)
        self._title = title
        while prefix and not any(path[:len(prefix)] == prefix and len(path) > len(prefix)
                                 for path, _ in self._entries):
            prefix = prefix[:-1]
        self._place = self._here() if keep and prefix == self._prefix else None
        self._prefix = prefix
        self._rebuild()

    def _here(self) -> tuple[str, int] | None:
        """The entry last chosen on this level (by key or Enter), else the highlighted one: its
        label and index, to come back to when the level is rebuilt."""
        if self._picked is not None and self._picked[0] == self._generation:
            return self._picked[1:]
        index = self.options.highlighted if self._items else None
        if index is None or not 0 <= index < len(self._items):
            return None
        return self._items[index].label, index

    def note(self, text: str) -> None:
        """Show ``text`` where the menu's title goes, with no entries (e.g. while a game loads)."""
        self._entries, self._prefix, self._items = [], (), []
        self.query_one("#menu-crumb", Static).update(text)
        self._rebuilding = True             # nothing to report: no entry, no preview
        try:
            self.options.clear_options()
        finally:
            self._rebuilding = False

    def highlighted_commands(self) -> list[Any]:
        """Every command under the highlighted entry (none when nothing is highlighted)."""
        index = self.options.highlighted
        if index is None or not 0 <= index < len(self._items):
            return []
        return [cmd for _, cmd in self._items[index].entries]

    def items(self) -> list[tuple[str, str, bool]]:
        """(key, label, is_leaf) for the current level: what the player sees."""
        return [(it.key, it.label, it.leaf) for it in self._items]

    def _rebuild(self, climbing: bool = False) -> None:
        """Show the level at ``_prefix``. A level below the top with one group in it is passed
        through (opening goes on into it; climbing goes on above it): no key is spent on it."""
        while True:
            items = self._level_items()
            if not (self._prefix and len(items) == 1 and not items[0].leaf):
                break
            self._prefix = self._prefix[:-1] if climbing else self._prefix + (items[0].label,)
            self._place = None                  # another level: from its top
        self._items = items
        self._show_level()

    def _level_items(self) -> list[_Item]:
        return level_items(self._entries, self._prefix, self.free_keys)

    def _show_level(self) -> None:
        self._generation += 1
        crumb = " › ".join((self._title,) + self._prefix)
        hint = "   (q: back)" if self._prefix else ""
        self.query_one("#menu-crumb", Static).update(crumb + hint)
        options = []
        for item in self._items:
            key = item.key or " "
            more = f"  ({len(item.entries)}) ›" if not item.leaf else ""
            options.append(Option(Text(f"[{key}] {item.label}{more}")))      # Text: "[b]" is no markup
        ol = self.options
        self._level += 1
        self._rebuilding = True
        try:
            ol.clear_options()
            ol.add_options(options)
            index = self._kept_index() if options else None
            if options:
                ol.highlighted = index
        finally:
            self._rebuilding = False
        self._post_highlight(index)

    def _kept_index(self) -> int:
        """Where the highlight goes on a new level: the top; on the level the player stays at,
        the entry he was on (by its label), or the one now in its place."""
        place, self._place = self._place, None
        if place is None:
            return 0
        label, index = place
        for i, item in enumerate(self._items):
            if item.label == label:
                return i
        return min(index, len(self._items) - 1)

    def _moved(self, index: int | None) -> None:
        """The OptionList's highlight moved (called by MenuOptions as it happens)."""
        if not self._rebuilding:
            self._post_highlight(index)

    def _post_highlight(self, index: int | None) -> None:
        if self._reported == (self._level, index):
            return                          # already told (a rebuild moves the highlight too)
        self._reported = (self._level, index)
        if index is None or not 0 <= index < len(self._items):
            message = self.Highlighted([], self, index)
        else:
            message = self.Highlighted([cmd for _, cmd in self._items[index].entries], self, index)
        if self._on_highlight is not None:
            self._on_highlight(message)
        else:
            self.post_message(message)

    def choose(self, index: int) -> bool:
        """Choose the entry at index: a leaf is posted as Chosen, a group is opened."""
        if not 0 <= index < len(self._items):
            return False
        item = self._items[index]
        if item.leaf:
            self._picked = (self._generation, item.label, index)
            self.post_message(self.Chosen(item.entries[0][1], self))
        else:
            self._prefix = self._prefix + (item.label,)
            self._rebuild()
        return True

    def choose_key(self, key: str) -> bool:
        """The entry with ``key`` at this level; below the top, a key no entry here has but a
        top-level entry has (a kind of action: m to move) climbs to the top and takes that entry,
        so a kind's key means it wherever the player is in the menu (playtest of 26 November:
        m in the gather list did nothing)."""
        for index, item in enumerate(self._items):
            if item.key == key:
                return self.choose(index)
        if self._prefix:
            for index, item in enumerate(level_items(self._entries, (), self.free_keys)):
                if item.key == key:
                    self._prefix = ()
                    self._rebuild(climbing=True)
                    return self.choose(index)
        return False

    @property
    def place(self) -> tuple[str, tuple[str, ...]]:
        """Where the player is: the title and the path of labels opened under it."""
        return self._title, self._prefix

    def return_to(self, place: tuple[str, tuple[str, ...]]) -> None:
        """Go back to a `place` the player was at (an undo), or the nearest level above it that
        is still offered; nothing changes when the menu's title is no longer that place's."""
        title, prefix = place
        if title != self._title or prefix == self._prefix:
            return
        self._prefix = prefix
        self.set_entries(self._entries, title, keep_place=True)

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
        event.stop()                        # reported already, by MenuOptions

    def on_key(self, event) -> None:
        if event.character and len(event.character) == 1 and event.character in MENU_KEYS + FIXED_ONLY_KEYS:
            if self.choose_key(event.character):
                event.stop()
                event.prevent_default()

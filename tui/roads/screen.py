"""The Roads to Stalingrad screen: the area map, the menu of legal commands, the supply track,
the hand and the battle, all from one seat's view.

A seat is one side's view: hot-seat, the seat follows the side to act and a pass screen hides
the board whenever the keyboard goes to the other side; against the computer the seat stays
the human side and the computer's commands come through the same apply path after a short,
visible pause. The computer (``rules.roads.ai`` at the game's strength) and the hint (`!`: the
hard AI for the seat's side) think in a worker thread on a copy of the game, while the screen
shows a "thinking" mark and stays responsive (tui/roads/computer.py, tui/roads/hint.py).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.core.events import Event
from tui.game_screen import GameScreen
from tui.widgets.area_map import OVERVIEW, SCALE, AreaMap
from tui.widgets.command_menu import CommandMenu
from tui.widgets.footer import Footer
from tui.widgets.log_panel import LogPanel
from tui.widgets.text_lines import TextLines

from . import panels
from .computer import ComputerThinking
from .hand_over import HandOver
from .hint import Hint
from .title_bar import title_bar

# The Roads rules, the menu, the help and the screens a key opens are imported where first
# used, not with this module:
# a save's screen shows before they load (they load with the save, in its thread).

CSS_FILE = Path(__file__).with_name("roads.tcss")
SIDES = ("axis", "soviet")
BATTLE_KINDS = {"battle", "chit", "chits", "check", "deplete", "destroy", "disorganize", "retreat"}
# a step-through stops after each of these (issue 11.5: a battle one event at a time)
STEP_KINDS = frozenset(BATTLE_KINDS | {"roll", "reveal", "draw", "card", "control", "isolation", "end"})
LOG_TAIL = 60            # events shown in the log panel when a game is opened
LOADING = Text("Roads to Stalingrad · loading the save…", style="bold")
BOT_PAUSE = 0.3          # seconds the computer "thinks" before each command: play stays visible


class RoadsScreen(HandOver, ComputerThinking, Hint, GameScreen):
    CSS_PATH = CSS_FILE
    # a secret Card/Map choice is a reveal too: undo stops before it, as before a roll
    UNDO_REFUSED = ("Cannot undo past a roll, a draw, a Card/Map choice, a chit revealed or the "
                    "start of the game.")
    BINDINGS = [
        Binding("r", "rules", "Rules", id="rules"),
        Binding("h", "hand", "Hand", id="hand"),
        # priority: on the map a letter jumps to an area (v is Valuyki's); v still switches back
        Binding("v", "view", "Map", id="view", priority=True),
        Binding("escape", "menu_focus", show=False),
        Binding("x", "cards", "Cards", id="cards"),
        Binding("slash", "goto", "Go to", id="goto"),
        Binding("a", "area", "Area", show=False, id="area"),     # named on the pane's border
        Binding("exclamation_mark", "hint", "Hint", id="hint"),
        # every letter is a menu kind's or a screen key's (z is Halt's): the overview takes +
        Binding("plus", "overview", "Overview", id="overview"),   # and on the pane's border
    ]
    # after the other keys in the footer, where there is room (wider than 80 columns); the ?
    # help lists them with the others (playtest of 26 November: no one found !)
    FOOTER_IF_ROOM = ("hint", "overview")

    def __init__(self, game=None, *, autosave: bool = True, load: tuple[Path, int] | None = None,
                 loading=None) -> None:          # a storage.Loading: see GameScreen
        self._bot_timer = None
        self.computer, self._bot = "", None
        self.strength = "normal"
        self.thinking = ""         # "" or who is thinking in the worker: "computer", "hint"
        self._hint = 0             # the number of the hint asked last (a later one, or none, drops it)
        self._hints_running = 0    # hint workers not yet returned (one dropped still thinks)
        self._computer_events: list[Event] = []    # since the player last had the keyboard
        self._seat: str | None = None
        self._concealed = False
        self._places: dict[int, tuple] = {}     # command number -> the menu place it was chosen at
        self._acting: str | None = None         # the side that gave the last command
        self._command = None                    # and the command
        self._hand_before: tuple = (None, ())   # (side, its hand before the last command)
        self._new_cards: tuple = ("", ())       # (side, cards it drew): marked new in its hand
        self._map_seat: str | None = None       # whose map cursor the map shows
        self._map_places: dict[str, tuple[str, int, int]] = {}   # side -> (cursor, scroll x, y)
        self._seen: dict[str, int] = {}         # side -> the events its player saw before leaving
        self._keyboard: str | None = None       # the side whose player has the keyboard, uncovered
        if game is not None:
            self._take(game)
        super().__init__(game, autosave=autosave, load=load, loading=loading)
        if self._preloaded:               # the save loaded while the app started: seated now
            self._take(self.game)
            self._deal()
        self._width_classes()

    def _width_classes(self) -> None:
        """The app's width classes (``-narrow``, ``-wide``) for the terminal as it is, from the
        start: Textual sets them at the screen's first resize, after its first frame, and then
        restyles and lays out the whole screen again (while a save loads)."""
        try:
            app = self.app
            width = app.size.width
        except Exception:                 # made outside a running app (a test): left to the resize
            return
        breakpoints = (self.HORIZONTAL_BREAKPOINTS if self.HORIZONTAL_BREAKPOINTS is not None
                       else app.HORIZONTAL_BREAKPOINTS) or []
        on = {next((name for at, name in sorted(breakpoints, reverse=True) if width >= at), None)}
        self.update_classes({name: name in on for _, name in breakpoints}, update=False)

    def _take(self, game) -> None:
        """Seat the game's sides (the computer's, the seat): at once, or once a save has loaded."""
        self.computer = game.options.get("computer", "")
        self.strength = game.options.get("strength", "normal")
        self._bot = None
        self._seat = self._seat_for(game.to_act())
        self._concealed = not self.computer

    @property
    def hot_seat(self) -> bool:
        return not self.computer

    def name_of(self, side: str) -> str:
        return self.game.options.get("players", {}).get(side) or panels.NAME[side]

    def compose(self) -> ComposeResult:
        # a save still loading says so from the first frame (the frames after it may wait for the
        # loading thread)
        yield Static(LOADING if self.game is None else "", id="rd-status")
        with Horizontal(id="rd-main"):
            yield AreaMap(self.game.map if self.game is not None else None, id="rd-map",
                          on_move=self._moved, leave=MAP_LEAVES)
            with Vertical(id="rd-side"):
                yield CommandMenu(id="rd-menu")
                with VerticalScroll(id="rd-info"):
                    yield Static(id="rd-battle")
                    yield Static(id="rd-track")
                    yield Static(id="rd-hand")
        detail = TextLines(id="rd-detail", more="a: all")
        detail.border_title = DETAIL_TITLE[SCALE]
        yield detail
        yield LogPanel(id="rd-log")
        yield Footer()

    # -- seats -----------------------------------------------------------------------------
    def _seat_for(self, to_act: str | None) -> str | None:
        if self.computer:
            return "soviet" if self.computer == "axis" else "axis"
        return to_act

    def keeps_secrets(self) -> bool:
        """Hot-seat: each side's hand, chits and choice are secret from the other."""
        return self.hot_seat

    def player_to_act(self) -> str | None:
        to_act = self.game.to_act()
        if to_act is None or to_act == self.computer or self.computer:
            return None
        return f"{self.name_of(to_act)} ({panels.NAME[to_act]})"

    def on_mount(self, event) -> None:
        # GameScreen's mount (not run as well: Textual calls every class's handler unless the
        # default is prevented): a save loaded while the app started is in the first frame; one
        # not loaded by then after a first frame marked loading, as there
        event.prevent_default()
        if self._preloaded:
            self.prepare(self.game)           # done in the loading thread: found, not built again
            self._show_loaded()
            return
        if self.game is None:
            self.query_one(CommandMenu).note(f"Loading the save ({self._load[1]} commands)…")
            self.call_after_refresh(self._start_loading)
            return
        try:
            self._show_game()
        except NoMatches:
            if self.is_attached and self.children:
                raise
            # keys typed fast took the screen away while it was being mounted: nothing to show

    def _replay(self) -> None:
        """In the loading thread: the content from the data folder's cache when it is there."""
        from .kept import keep_content
        keep_content()
        super()._replay()

    @staticmethod
    def prepare_game(game) -> None:
        """In the loading thread, once the save has loaded: what the map and the menu build once
        per content (the map's layers and label places, the menu's identity keys), so the UI
        thread only lays the game out."""
        from tui.widgets.area_map import prepare

        from .menu import identity_keys
        prepare(game.map)
        identity_keys(game)

    def _loaded(self, game) -> None:
        if self.is_attached:
            self._take(game)
            self.query_one(AreaMap).set_board(game.map)
        super()._loaded(game)

    def _show_game(self) -> None:
        """The game on screen, with only the log's tail in the panel: a campaign runs to a few
        thousand events and `l` shows them all."""
        self.query_one(AreaMap).goto(self._start_area())
        self.query_one(LogPanel).add_events(self.game.events[-LOG_TAIL:])
        self.refresh_view()
        self.query_one("#menu-options").focus()
        self._seen = self._seen_at_open()
        if self.game.outcome is not None:
            self.call_after_refresh(self.show_end)
        if self.hot_seat and self.game.outcome is None and self.player_to_act():
            self.app.push_screen(self.pass_screen(self.player_to_act()))
        self._maybe_bot()

    def on_screen_suspend(self) -> None:
        self._version_away = self.game.version if self.game is not None else -1

    def on_screen_resume(self) -> None:
        if (self._concealed or self.concealed) and self.app.screen is self:
            self._concealed = self.concealed = False      # the pass is over: the seat's view
            self.refresh_view()
        if self.game is not None and self.game.version != getattr(self, "_version_away", -1):
            # a pass screen, a confirmation or a step-through handed the keyboard back after a
            # command: it goes to the menu, not to a map focused before (playtest finding 3)
            self.action_menu_focus()
        self._show_since()

    def _start_area(self) -> str:
        """The battle, else the Active Operation, else the legal area with most of the side's
        units, else Rostov."""
        s = self.game.state
        if s.battle is not None:
            return s.battle.area
        if s.operation is not None:
            return s.operation.area
        areas = [cmd.area for cmd in self.game.legal() if getattr(cmd, "area", None) in self.game.map.areas]
        if not areas:
            return "rostov"
        count = {a: sum(1 for u in s.units.values() if u.where == a) for a in areas}
        return max(areas, key=lambda a: count[a])

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        game = self.game
        to_act = game.to_act()
        pending_pass = self.hot_seat and self.player_to_act() is not None and (
            self.player_to_act() != self._to_act)
        if pending_pass or self.concealed:       # a hand-over under way: nobody's secrets show
            self._concealed = True
        seat = None if self._concealed else self._seat_for(to_act) or self._seat
        self._seat = seat or self._seat
        view = game.view(seat)
        amap = self.query_one(AreaMap)
        labels, fills = panels.map_labels(game, view, amap.room, overview=amap.scale == OVERVIEW)
        self._map_for(seat, amap)
        mine = seat is not None and to_act == seat
        legal = game.legal() if mine else []
        amap.paint(labels, fills, panels.targets(game, legal))
        self._status(view, seat, to_act)
        self.query_one("#rd-track", Static).update(panels.supply_track(game, view))
        self.query_one("#rd-battle", Static).update(panels.battle(game, view) if view.battle else "")
        self.query_one("#rd-battle").display = view.battle is not None
        if seat is None:
            self.query_one("#rd-hand", Static).update(Text("The hand is shown when its player has the keyboard.",
                                                            style="italic"))
        else:
            self.query_one("#rd-hand", Static).update(self._hand_panel(view, legal))
        op_area = view.operation.area if view.operation else None
        if op_area and op_area != getattr(self, "_op_area", None):
            amap.goto(op_area)               # a new Active Operation: the cursor goes to it
        self._op_area = op_area
        fight = view.battle.area if view.battle else None
        if fight and fight != getattr(self, "_battle_area", None):
            amap.goto(fight)                 # a battle begins: the cursor goes to it
        self._battle_area = fight
        self._detail(amap.cursor, view)
        menu = self.query_one(CommandMenu)
        if mine:
            from .keys import ENTRY_KEYS
            from .menu import menu_entries
            title, entries = menu_entries(game, legal)
            menu.set_entries(entries, title, keep_place=True, free_keys=ENTRY_KEYS)
        else:
            who = panels.NAME.get(to_act or "", "")
            waiting = "The computer is thinking…" if to_act and to_act == self.computer else (
                f"Waiting for {who}" if to_act else "The campaign is over")
            menu.set_entries([], waiting)
        self._view = view

    def _hand_panel(self, view, legal):
        """The seat's hand, the cards it drew last marked new (until its player acts again)."""
        side, new = self._new_cards
        return panels.hand_marked(self.game, view, legal, new if side == view.side else ())

    def _status(self, view, seat, to_act) -> None:
        """The title bar (tui/roads/title_bar.py), fitted to the screen's width."""
        self._status_of = (view, seat, to_act)
        width = self.app.size.width if self.is_attached else 80
        self.query_one("#rd-status", Static).update(title_bar(
            view, seat, to_act, name_of=self.name_of, computer=self.computer, thinking=self.thinking, width=width))

    def on_resize(self, event) -> None:
        if getattr(self, "_status_of", None) is not None:
            self._status(*self._status_of)

    def _detail(self, area: str, view=None) -> None:
        view = view or self._view
        # a fixed height: no layout pass on a cursor move
        self.query_one("#rd-detail", TextLines).update(panels.detail_lines(self.game, view, area))

    def _moved(self, area: str) -> None:
        """The map cursor moved (called by the map as it moves: one frame for both)."""
        if hasattr(self, "_view"):
            self._detail(area)

    @on(AreaMap.Activated)
    def _activated(self, message: AreaMap.Activated) -> None:
        """Enter on the map: the one legal command about that area (or its menu group)."""
        to_act = self.game.to_act()
        if to_act is None or to_act != self._seat or self._concealed:
            return
        here = [cmd for cmd in self.game.legal() if getattr(cmd, "area", None) == message.area]
        if not here:
            self.notify(f"Nothing to do in {self.game.area_name(message.area)} now.", severity="warning")
            return
        if len(here) == 1:
            self.choose(here[0])
            return
        from .menu import menu_entries
        title, entries = menu_entries(self.game, here)
        self.query_one(CommandMenu).set_entries(entries, f"In {self.game.area_name(message.area)}")
        self.query_one("#menu-options").focus()

    # -- choosing ----------------------------------------------------------------------------
    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        self.choose(message.command)

    def choose(self, cmd) -> None:
        """Given as a player gives it: confirmed first when it cannot be taken back."""
        self.give(cmd)

    def confirmation(self, cmd):
        """A secret choice revealed, a card discarded, an operation ended or a battle fought
        cannot be taken back: the shared confirmation says what will happen (tui/widgets/confirm.py)."""
        from .confirm import confirmation
        return confirmation(self.game, cmd)

    # -- after a command ------------------------------------------------------------------------
    def present(self, events: list[Event], done) -> None:
        """A battle's events are stepped through one at a time (space), then play goes on.
        When the keyboard leaves the acting player next (a hand-over, the computer's turn), a
        result that player has not seen yet (a roll, a check, a reveal, the card drawn) is
        stepped through first, on an opaque screen, with only what that player may see: the
        public events, and the card drawn into their own hand (playtest finding 6)."""
        acting, drawn = self._acting, self._cards_drawn()
        self._hand_before = (None, ())
        fight = battle_events(events)
        computers = bool(self.computer) and acting == self.computer
        leaving = self.concealed or self._concealed or (
            bool(self.computer) and self.game.to_act() == self.computer and not computers)
        # a die, a battle's effect, the Card/Map reveal: not what the player chose
        unseen = drawn or any(e.dice or e.kind in BATTLE_KINDS or e.kind == "reveal" for e in events)
        # every chit played, and every answer to one, shows its result alike (finding 12)
        chit = fight and type(self._command).__name__ in ("PlayChit", "ChooseUnit")
        if computers:
            self._computers_turn(events, done)
        elif len(fight) >= 3 or chit or (leaving and unseen):
            mine = [Event(f"You drew {self.game.card_name(k)}: {self.game.content.cards[k].text}",
                          kind="draw") for k in drawn]
            if self._computer_next():
                # against the computer, a step-through here would only hold the computer up:
                # the result goes first in the one summary shown when the keyboard comes back
                # (the computer is the other seat: what the player sees here is theirs alone)
                self._computer_events += list(events) + mine
                done()
                return
            from tui.fallblau.screen import ResolutionScreen
            steps = ResolutionScreen(list(events) + mine, STEP_KINDS)
            steps.add_class("rd-opaque")
            self.app.push_screen(steps, lambda _: done())
        else:
            done()

    def _computer_next(self) -> bool:
        """Against the computer, the computer acts next (the game goes on)."""
        return bool(self.computer) and self.game.outcome is None and self.game.to_act() == self.computer

    def _computers_turn(self, events: list[Event], done) -> None:
        """Against the computer: its commands' events gather (after the result of the player's
        command that handed it the keyboard, when that has one) until the keyboard comes back
        to the player (or the game ends); then, when a die, a chit, a card or a battle's result
        is among them, they are stepped through in one summary, pushed at once, in the same
        call as the computer's last command (the player's keys come after it, never before),
        so nothing it did is seen only in the log (playtest of 26 November: its chits, cards
        and checks went unseen). A key that is not the summary's closes it and does what it
        does on the board (a player already typing loses nothing)."""
        self._computer_events += events
        if self._computer_next():
            done()                        # it acts again: all is shown when it stops
            return
        seen, self._computer_events = self._computer_events, []
        if not any(e.dice or e.kind in STEP_KINDS for e in seen):
            done()                        # moves only: the log panel shows them
            return
        from tui.fallblau.screen import ResolutionScreen
        steps = ResolutionScreen(seen, STEP_KINDS, heading="The computer's turn", passes_keys=True)
        self.app.push_screen(steps, lambda _: done())

    def _cards_drawn(self) -> list[str]:
        """The cards that came into the acting player's hand with the last command (secret to
        that player: shown to them before the keyboard leaves, and marked new in their hand)."""
        side, before = self._hand_before
        if side not in SIDES:
            return []
        new = [k for k in self.game.state.cards[side].hand if k not in before]
        if new:
            self._new_cards = (side, tuple(new))
        return new

    def _settled(self, handover: bool = False) -> None:
        super()._settled(handover)
        self._maybe_bot()

    def _maybe_bot(self) -> None:
        if not self.computer or self.game.outcome is not None or self._bot_timer is not None:
            return
        if self.game.to_act() == self.computer:
            self._bot_timer = self.set_timer(BOT_PAUSE, self._bot_move)

    def _bot_move(self) -> None:
        self._bot_timer = None
        if self.game.outcome is not None or self.game.to_act() != self.computer:
            return
        if self.thinking or self._hints_running:     # a hint asked on the last turn still runs
            self._bot_timer = self.set_timer(BOT_PAUSE, self._bot_move)
            return
        self._think("computer", self.bot.decide, self._bot_decided)

    def play(self, command) -> bool:
        """As the base; the menu place the command was chosen from is kept for its undo, and
        the acting side's hand before it (to tell what it draws)."""
        place = self.query_one(CommandMenu).place
        number = len(self.game.log) + 1
        self._drop_hint()                        # a hint about the position before it is stale
        self._acting, self._command = self.game.to_act(), command
        hands = self.game.state.cards
        self._hand_before = (self._acting, tuple(hands[self._acting].hand) if self._acting in hands else ())
        if self._new_cards[0] == self._acting:
            self._new_cards = ("", ())           # its player has acted since: no longer new
        done = super().play(command)
        if done:
            self._places[number] = place
            if self._acting != self.computer:
                # a command taken, given on the map or the menu: the keyboard is back on the
                # menu, so a letter next means the menu entry it shows (a key means one thing)
                self.action_menu_focus()
        return done

    def _undo_now(self) -> None:
        """Undo, and the menu goes back to where the command was chosen (a list of units to
        reorganize, to gather), so a `q` meant as back does not land at the top."""
        number = len(self.game.log)
        self._drop_hint()
        super()._undo_now()
        place = self._places.pop(number, None)
        if place and len(self.game.log) == number - 1 and not (self._concealed or self.concealed):
            self.query_one(CommandMenu).return_to(place)

    def action_back(self) -> None:
        """Climb one menu level; at the top, ask before leaving for the launcher (one key): a
        `q` meant as back must not end the session by accident (playtest finding 2)."""
        if self.game is None or self.query_one(CommandMenu).back():
            if self.game is None:
                self.app.pop_screen()
            return
        from tui.widgets.confirm import ConfirmScreen
        where = ("The game is autosaved as it stands: Resume the last game on the launcher brings it "
                 "back here." if self.autosave else "This game is not autosaved: save it first (s) "
                 "to come back to it.")
        self.app.push_screen(ConfirmScreen("Leave the game for the launcher?", where),
                             lambda yes: self.app.pop_screen() if yes and self.app.screen is self else None)

    # -- panels and help ----------------------------------------------------------------------
    def action_view(self) -> None:
        """Switch the keyboard between the map (arrows, letters) and the menu."""
        amap = self.query_one(AreaMap)
        # a focus change lands after the key: a second v typed before it must still switch back
        now = self._focusing or ("map" if amap.has_focus else "menu")
        self._focusing = "menu" if now == "map" else "map"
        if self._focusing == "menu":
            self.query_one("#menu-options").focus()
        else:
            amap.focus()

    _focusing = ""                     # where a v sent the keyboard, until the focus lands there

    def on_descendant_focus(self, event) -> None:
        self._focusing = ""

    def action_menu_focus(self) -> None:
        """Esc on the map: the keyboard goes back to the menu."""
        try:
            self.query_one("#menu-options").focus()
        except NoMatches:
            pass

    def action_overview(self) -> None:
        """`+`: the map at one column a cell (each area its code, control and the dots; the whole
        front at once), or back to the detail; the cursor and the pane under the map stay."""
        if self.game is None or not hasattr(self, "_view"):
            return
        amap = self.query_one(AreaMap)
        amap.set_scale(SCALE if amap.scale == OVERVIEW else OVERVIEW)
        self.query_one("#rd-detail", TextLines).border_title = DETAIL_TITLE[amap.scale]
        self.refresh_view()
        amap.call_after_refresh(amap._follow)

    def action_goto(self) -> None:
        """`/`: type an area's name (completed as typed) and the map cursor goes there; the
        keyboard stays where it was, so menu keys go on working."""
        from .goto import GotoScreen
        self.app.push_screen(GotoScreen(self.game.map), self._goto)

    def _goto(self, area: str | None) -> None:
        if area:
            self.query_one(AreaMap).goto(area)

    def action_area(self) -> None:
        """`a`: the area under the map cursor in full (the pane under the map shows its first
        lines): every unit with its values and flags, every border with its kind."""
        if self.game is None or not hasattr(self, "_view"):
            return
        area = self.query_one(AreaMap).cursor
        from .in_full import AreaScreen
        self.app.push_screen(AreaScreen(f"Area: {self.game.area_name(area)}",
                                        panels.detail(self.game, self._view, area)))

    def action_hand(self) -> None:
        if self._concealed:
            return
        from .in_full import InfoScreen
        self.app.push_screen(InfoScreen(Group(panels.supply_track(self.game, self._view), Text(""),
                                              panels.battle(self.game, self._view), Text(""),
                                              self._hand_panel(self._view,
                                                               self.game.legal() if self._seat == self.game.to_act()
                                                               else []))))

    def action_help(self) -> None:
        from rules.roads.help import topics_for
        from tui.fallblau.screen import HelpScreen
        self.app.push_screen(HelpScreen("Help: what you are deciding", topics_for(self.game),
                                        keys=self.keys_help() + KEYS))

    def action_rules(self) -> None:
        from rules.roads.help import chit_reference, load_help
        from tui.fallblau.screen import HelpScreen
        self.app.push_screen(HelpScreen("Rules reference: Roads to Stalingrad", list(load_help().values())
                                        + chit_reference(self.game.content)))

    def action_cards(self) -> None:
        from rules.roads.help import card_reference
        from tui.fallblau.screen import HelpScreen
        view = self._view
        seat = None if self._concealed else self._seat
        self.app.push_screen(HelpScreen("Card reference (both printed decks)",
                                        card_reference(self.game.content, seat, view.hand, view.played)))

    def end_screen(self) -> ModalScreen:
        from .end import RoadsEndScreen
        return RoadsEndScreen(self.game)


# the area pane's border: the key to the other scale, and a's
DETAIL_TITLE = {SCALE: "+: overview · a: the area in full", OVERVIEW: "+: detail · a: the area in full"}

# Letters the map leaves to the screen (elsewhere on the map a letter jumps to an area by name)
MAP_LEAVES = "av"

KEYS = (" One key, one meaning: capitals (and e, 1, 3, 5) choose an entry, an "
        "area, a unit, a card or a chit, each with its own key everywhere; every other letter or "
        "digit is an action, the same at every level (o operation, m move, g gather, n end the "
        "operation; Card or Map: c, then C or M)."
        " / goes to an area: type its name (or its two-letter code), Right completes it, Enter "
        "moves the map cursor there; the menu keeps the keyboard. v switches the keyboard between "
        "the map and the menu. On the map: arrows move the cursor to the neighbouring area, letters "
        "(but a and v) jump to an area by name, Enter acts there. Under the map: the area under "
        "the cursor, its units (short name cohesion-movement-tactical; dep depleted, dis "
        "disorganized, iso isolated) and borders; a shows the area in full, with the map's legend. Areas marked with dots are where the menu's "
        "commands lead. + the overview: the map at one column a cell, about twice as much at once, "
        "each area its code, its city mark (below the code in a small city) and who holds it, the dots and the "
        "cursor as before; + again the detail. h the supply track, the battle and your hand in full. x the card reference. "
        "! a hint: what the hard computer would do now for the side to act, and why, from that "
        "side's view only; it thinks for a few seconds (\"hint: thinking\" on the title bar) while "
        "the screen keeps working, and ! again meanwhile cancels it.")


def battle_events(events: list[Event]) -> list[Event]:
    """The events of a battle, by their kind: the step-through's (a public "note", such as the
    computer's reason, is never one of them, whatever its words)."""
    return [e for e in events if e.kind in BATTLE_KINDS]

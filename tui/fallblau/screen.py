"""The Fall Blau screen: map, hand, tracks, log and the command menu of ``game.legal()``."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from rules.core.events import Event
from rules.fallblau import Attack, FallBlau, PlayEvent
from rules.fallblau.confirm import confirmation, dice_text
from tui.game_screen import GameScreen
from tui.widgets.command_menu import CommandMenu
from tui.widgets.dice_strip import dice_strip
from tui.widgets.footer import Footer
from tui.widgets.hand_panel import HandPanel
from tui.widgets.log_panel import LogPanel, event_text
from tui.widgets.odds_panel import OddsPanel
from tui.widgets.panel import Panel
from tui.widgets.tracks import calendar_strip, track

from .cards import card_reference, cards_of, preview
from .map_panel import frontline, queue_and_captured, status_line
from .text import captured_words
from .menu import FREE_KEYS, menu_entries

WIDE = 120                # the -wide breakpoint (fallblau.tcss): room for the long forms
RESULT_SHARE = 3          # a result may take up to a third of the screen's lines in the log

# Events worth showing one at a time: every die, every card drawn, every loss.
STEP_KINDS = {"roll", "draw", "capture", "loss", "hit", "counterattack", "reinforce", "mission", "end"}

WHEN = {"hold": "any time in your turn", "stop": "resolved when drawn", "permanent": "stays in play"}
WHEN_SHORT = {"hold": "any time", "stop": "at once", "permanent": "stays"}


def calendar_months(labels: list[str]) -> list[tuple[str, list[int]]]:
    """Group the calendar's turn boxes by month ("Start Here" is July's; the last box, the
    Soviet Winter Offensive, ends the game and is named in the status line instead)."""
    groups: dict[str, list[int]] = {}
    for index, label in enumerate(labels[:-1]):
        if index == 0:
            month = labels[1].split()[-1][:3]
        else:
            month = label.split()[-1][:3]
        groups.setdefault(month, []).append(index)
    return list(groups.items())


CSS_FILE = Path(__file__).with_name("fallblau.tcss")


class FallBlauScreen(GameScreen):
    """Play a Fall Blau campaign by keyboard."""

    CSS_PATH = CSS_FILE

    BINDINGS = [Binding("r", "rules", "Rules", id="rules"),
                Binding("v", "board", "Board/menu", id="board"),
                Binding("x", "cards", "Cards", id="cards"),
                Binding("exclamation_mark", "hint", "Hint", id="hint")]
    FOOTER_IF_ROOM = ("hint",)

    def __init__(self, game=None, **kwargs) -> None:
        super().__init__(game, **kwargs)
        self._odds: dict[tuple, object] = {}     # (state version, Attack) -> its odds

    # -- layout ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Panel(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield Panel(id="tracks")
                yield Panel(id="map")
                yield Panel(id="queue")
                yield HandPanel(id="hand")
            with Vertical(id="side"):
                yield CommandMenu(id="menu", on_highlight=self._highlighted)
                yield OddsPanel(id="odds")
        yield LogPanel(id="log", cite_once_below=WIDE)
        yield Footer()

    @property
    def wide(self) -> bool:
        return self.app.size.width >= WIDE

    def refresh_view(self) -> None:
        """Redraw what the last command or undo changed: a panel drawn at this state version and
        width is left alone, so nothing is rebuilt when nothing changed."""
        game = self.game
        key = (game.version, self.wide)
        compact = not self.wide
        self.query_one("#status", Panel).put_keyed(key, lambda: status_line(game, wide=not compact))
        self.query_one("#tracks", Panel).put_keyed(key, self._tracks)
        self.query_one("#map", Panel).put_keyed(key, lambda: frontline(game, compact=compact))
        self.query_one("#queue", Panel).put_keyed(key, lambda: queue_and_captured(game))
        self.query_one(HandPanel).put_keyed(key, self._hand)
        if self._menu_version != game.version:
            self._menu_version = game.version
            self._odds.clear()                  # odds worked out for an older state
            title, entries = menu_entries(game)
            self.query_one(CommandMenu).set_entries(entries, title, free_keys=FREE_KEYS)

    _menu_version = -1

    def _tracks(self) -> Text:
        s, c = self.game.state, self.game.c
        t = c.missions if self.game.missions_mode else c.standard
        marks = {r: "o" for r in c.red_circles}
        marks.update({t.victory: "v", t.brilliant: "b"})
        tracks = Text()
        tracks.append_text(calendar_strip(calendar_months(list(c.calendar)), s.calendar))
        tracks.append("\n")
        tracks.append_text(track("Supply", s.supply, 0, c.supply_max, width=10))
        tracks.append("\n")
        tracks.append_text(track("VP", s.vp, 0, max(40, t.brilliant + 2), marks, width=40))
        if self.wide:
            tracks.append("\n      o=red circle v=victory b=brilliant", style="dim")
        return tracks

    def _hand(self):
        game, s = self.game, self.game.state
        when = WHEN if self.wide else WHEN_SHORT
        cards = [(game.name(h), when[game.content.events[h].timing], game.content.events[h].text) for h in s.hand]
        if self.wide:
            return HandPanel.content("Hand", cards, game.c.hand_size)
        # narrow: the cards run on as one paragraph (their text is in the preview of Play a card)
        out = Text(f"Hand ({len(cards)}/{game.c.hand_size}): ", style="bold")
        for index, (name, timing, _text) in enumerate(cards):
            out.append(" · " if index else "")
            out.append(name, style="bold")
            out.append(f" [{timing}]", style="italic")
        if not cards:
            out.append("(no cards)")
        return out

    def action_board(self) -> None:
        """v: the keys go to the board (arrows, PgUp/PgDn, Home/End scroll it) and back to
        the menu; at 80x24 a late-game board is taller than the screen."""
        board = self.query_one("#board")
        if board.has_focus:
            self.query_one("#menu-options").focus()
        else:
            board.focus()

    # -- the menu ------------------------------------------------------------------
    @on(CommandMenu.Chosen)
    def _chosen(self, message: CommandMenu.Chosen) -> None:
        if message.current:
            self.give(message.command)

    def confirmation(self, command):
        """What the command will do, when it cannot be taken back (rules/fallblau/confirm.py);
        an Attack!'s odds are worked out once per position (the preview shows them too)."""
        return confirmation(self.game, command, self._odds)

    def _highlighted(self, message: CommandMenu.Highlighted) -> None:
        """The preview beside the highlighted entry: a card's text, or an Attack!'s exact odds.
        Called by the menu as the highlight moves. Odds already worked out for this state are
        shown at once; others are worked out just after the move (``call_later``), and only if
        the highlight is still there and the state unchanged, so keys held down never queue up
        odds nobody will see."""
        if self.game is None:
            return                              # the save is still loading: nothing to preview
        if not message.current:       # late: the menu (and maybe the game) has moved on
            return
        odds = self.query_one(OddsPanel)
        cards = preview(self.game, message.commands)        # Kleist's order, a discard
        if cards is not None:
            self._previewing = None
            odds.clear_odds(cards)
            return
        plays = {c.card for c in message.commands if isinstance(c, PlayEvent)}
        if len(plays) == 1:
            card = self.game.content.events[plays.pop()]
            self._previewing = None
            odds.clear_odds(Text.assemble((card.name, "bold"), f" [{WHEN[card.timing]}]\n{card.text}"))
            return
        attacks = [c for c in message.commands if isinstance(c, Attack)]
        if not attacks or len({(a.general, a.target) for a in attacks}) != 1:
            self._previewing = None
            odds.clear_odds(self._hint())
            return
        cmd = next((a for a in attacks if a.boost is None), attacks[0]) if len(attacks) > 1 else attacks[0]
        self._previewing = (self.game.version, cmd)
        if self._previewing in self._odds:
            self._show_odds(self._odds[self._previewing])
        else:
            self.call_later(self._work_out_odds, self._previewing)

    _previewing: tuple | None = None

    def _work_out_odds(self, wanted: tuple) -> None:
        if wanted != self._previewing or wanted[0] != self.game.version or not self.is_attached:
            return                              # the highlight moved on, or the state changed
        from rules.fallblau.odds import attack_odds     # imported at the first Attack! highlighted
        self._odds[wanted] = attack_odds(self.game, wanted[1])
        self._show_odds(self._odds[wanted])

    def _show_odds(self, o) -> None:
        dice = dice_text(o)
        losses = [(k, float(p)) for k, p in o.grey_lost.items()]
        notes = list(o.notes)
        if o.general_lost:
            notes.append(f"General lost: {float(o.general_lost):.1%}")
        self.query_one(OddsPanel).show_odds(f"Odds ({dice})", "capture", float(o.capture), losses, notes)

    def _hint(self) -> str:
        s = self.game.state
        if s.attack is not None:
            return "Your roll: " + dice_strip(s.attack.white).plain + (
                "  black: " + dice_strip(s.attack.black).plain if s.attack.black else "")
        return ""

    # -- GameScreen -------------------------------------------------------------------
    def present(self, events: list[Event], done) -> None:
        """Rolls, draws and counter-attacks are stepped through one at a time, then ``done``.
        A short result stays in the log panel instead, with no screen to dismiss: one that fits
        the panel as it is, or (at 80x24 the panel shows 4 lines) one that fits a third of the
        screen, for which the panel grows until the next command. A result that ends the game
        is stepped through (the end screen would cover the log)."""
        log = self.query_one(LogPanel)
        steps = [e for e in events if e.kind in STEP_KINDS]
        normal = self._log_lines(log)
        most = max(normal, self.app.size.height // RESULT_SHARE)
        lines = log.lines_for(events, most) if self.game.outcome is None else None
        self._grow_log(lines if lines is not None and lines > normal else None)
        if steps and len(events) >= 2 and lines is None:
            self.app.push_screen(ResolutionScreen(events), lambda _: done())
        else:
            done()

    _grown = False                # the log panel is taller than its style: a result is shown
    _normal_lines = 0
    _log_gutter = 1

    def _log_lines(self, log: LogPanel) -> int:
        """The lines the log panel shows at its own height (measured while not grown)."""
        if not self._grown:
            self._normal_lines = log.scrollable_content_region.height
            self._log_gutter = log.region.height - self._normal_lines
        return self._normal_lines

    def _grow_log(self, lines: int | None) -> None:
        """The log panel ``lines`` tall (and its border), or back to its style's height."""
        log = self.query_one(LogPanel)
        if lines is None:
            if self._grown:
                self._grown = False
                log.styles.clear_rule("height")
            return
        self._grown = True
        log.styles.height = lines + self._log_gutter      # its border (the height includes it)
        self.call_after_refresh(log.scroll_end, animate=False)

    def on_resize(self, event) -> None:
        self._grow_log(None)          # another size: the panel's own height again

    def end_screen(self) -> ModalScreen:
        return EndScreen(self.game)

    def action_help(self) -> None:
        from rules.fallblau.help import topics_for
        from tui.widgets.common_screens import HelpScreen
        topics = topics_for(self.game)
        self.app.push_screen(HelpScreen("Help: what you are deciding", topics, keys=True))

    def action_rules(self) -> None:
        from rules.fallblau.help import load_help
        from tui.widgets.common_screens import HelpScreen
        self.app.push_screen(HelpScreen("Rules reference: Campaign: Fall Blau", list(load_help().values()),
                                        extra=card_reference(self.game)))

    def action_hint(self) -> None:
        """!: the best next order for the decision at hand, with its reasons in words
        (rules/fallblau/hint.py), from what this seat may know; it changes nothing."""
        if self.game is None:
            return
        from rules.fallblau.hint import hint
        from .hint import hint_screen, hint_words
        h = hint(self.game)
        if h is None:
            self.notify("No hint: there is nothing to decide.", severity="warning")
            return
        path = next((p for p, cmd in menu_entries(self.game)[1] if cmd == h.command), ())
        where = " > ".join(f"{label} ({label.key})" if getattr(label, "key", "") else label for label in path)
        self.app.push_screen(hint_screen(hint_words(h, where if len(path) > 1 else "")))

    def action_cards(self) -> None:
        """The card reference; the cards of the highlighted menu entry come first."""
        from tui.widgets.text_screen import TextScreen
        first = cards_of(self.game, self.query_one(CommandMenu).highlighted_commands())
        self.app.push_screen(TextScreen("Cards: Campaign: Fall Blau", card_reference(self.game, first)))

class EndScroll(VerticalScroll):
    """Scrolled to its end again whenever what it holds grows: the lines a step adds are laid
    out after the refresh that a scroll to the end waits for, and on a busy machine that scroll
    stopped a line or more short. (Anchoring would do it, but shows a short text at the bottom.)"""

    def watch_virtual_size(self) -> None:
        self.scroll_end(animate=False)


class ResolutionScreen(ModalScreen[None]):
    """Show what a command caused, one event at a time, so every die is seen."""

    BINDINGS = [
        Binding("space", "next", "Next", id="next"),
        Binding("enter", "next", "Next", show=False, id="confirm"),
        Binding("a", "all", "Show all", id="all"),
        Binding("q", "close", "Close", id="close"),
    ]
    HEADING = "What happens"

    def __init__(self, events: list[Event], step_kinds: frozenset[str] | set[str] = STEP_KINDS,
                 heading: str = "", passes_keys: bool = False) -> None:
        """``step_kinds``: the kinds of event each step stops after (a game's own: Fall Blau's
        rolls and losses by default, Roads' chits, checks and their results); ``heading``: the
        title's words before its keys (default "What happens"); ``passes_keys``: a key that is
        not this screen's closes it and goes on to the screen beneath, as typed (a summary that
        comes up while the player is already typing does not eat their keys)."""
        super().__init__()
        self.events = events
        self.step_kinds = step_kinds
        self.heading = heading or self.HEADING
        self.passes_keys = passes_keys
        self.shown = 0
        self._step()              # the first step shows as soon as the screen does

    def compose(self) -> ComposeResult:
        with Vertical(id="resolution"):
            yield Label(f"{self.heading} (space: next, a: all, q: close)", id="resolution-title")
            yield EndScroll(Static(id="resolution-body"))

    def on_mount(self) -> None:
        self._redraw()

    def _step(self) -> None:
        self.shown += 1
        # run quickly through plain lines up to the next die, card or loss
        while self.shown < len(self.events) and self.events[self.shown - 1].kind not in self.step_kinds:
            self.shown += 1

    def _redraw(self) -> None:
        if not self.query("#resolution-body"):
            return                # not composed yet: on_mount draws what is due then
        text = Text()
        for event in self.events[: self.shown]:
            text.append_text(event_text(event))
            text.append("\n")
        if self.shown >= len(self.events):
            text.append("— press space or q to continue —", style="bold")
        self.query_one("#resolution-body", Static).update(text)
        self.query_one(VerticalScroll).scroll_end(animate=False)

    def action_next(self) -> None:
        if self.shown >= len(self.events):
            self.dismiss(None)
            return
        self._step()
        self._redraw()

    def action_all(self) -> None:
        self.shown = len(self.events)
        self._redraw()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_key(self, event) -> None:
        """With ``passes_keys``: a key none of this screen's bindings (nor the scroll's, nor the
        app's) takes closes it, and the screen beneath gets the key."""
        if not self.passes_keys or not self.is_active or event.key in self.active_bindings:
            return
        hand_on = getattr(self.app, "key_for_the_next_screen", None)
        if hand_on is None:
            return
        event.stop()
        event.prevent_default()
        self.passes_keys = False          # once: a second key typed meanwhile is held by the app
        hand_on(event.key, event.character)
        self.dismiss(None)


class EndScreen(ModalScreen[None]):
    BINDINGS = [Binding("q", "close", "Back to the launcher", id="back"),
                Binding("enter", "close", "Back to the launcher", show=False, id="confirm"),
                Binding("l", "log", "Log", id="log")]

    def __init__(self, game: FallBlau) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        g = self.game
        o = g.outcome
        title = {"brilliant": "BRILLIANT VICTORY", "victory": "VICTORY", "defeat": "DEFEAT"}[o.level]
        lines = Text(f"{title}\n\n", style="bold")
        lines.append(f"The campaign ends: {o.reason}\n")
        lines.append(f"Final score: {o.vp} VP ({o.track} on the track")
        lines.append(f", -{g.c.general_lost_vp * o.generals_lost} for Generals lost)\n" if o.generals_lost else ")\n")
        lines.append(f"Needed: {o.victory_at} for a Victory, {o.brilliant_at} for a Brilliant Victory\n\n")
        lines.append(captured_words(g) + "\n")
        lost = ", ".join(g.name(x) for x in g.state.lost) or "none"
        lines.append(f"Generals lost: {lost}\n")
        lines.append(f"Turns played: {g.state.turns_played}, commands given: {len(g.log)}, seed {g.seed}\n")
        if g.missions_mode:
            lines.append(f"Missions met: {len(g.state.missions_done)}\n")
        lines.append("\nEnter or q: back to the launcher · l: the whole log")
        with Vertical(id="end"):
            yield Static(lines, id="end-body")

    def action_close(self) -> None:
        self.dismiss(None)
        self.app.pop_screen()

    def action_log(self) -> None:
        from tui.widgets.common_screens import LogScreen
        self.app.push_screen(LogScreen(self.game.events))


# The shared screens other modules take from here, imported when first asked for: a game opens
# without them (help, the whole log, a save's name, a text are a key away).
_SHARED = {"HelpScreen": "tui.widgets.common_screens", "LogScreen": "tui.widgets.common_screens",
           "SaveNameScreen": "tui.widgets.common_screens", "reflow": "tui.widgets.common_screens",
           "TextScreen": "tui.widgets.text_screen", "load_help": "rules.fallblau.help",
           "topics_for": "rules.fallblau.help"}


def __getattr__(name: str):
    if name in _SHARED:
        import importlib
        return getattr(importlib.import_module(_SHARED[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The Fall Blau screen: map, hand, tracks, log and the command menu of ``game.legal()``."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from rules.core.events import Event
from rules.core.words import count
from rules.fallblau import Attack, Discard, EndTurn, FallBlau, PlayEvent, Reroll, UseAbility
from rules.fallblau.help import load_help, topics_for
from rules.fallblau.odds import attack_odds
from tui.game_screen import GameScreen
from tui.widgets.command_menu import CommandMenu
from tui.widgets.dice_strip import dice_strip
from tui.widgets.footer import Footer
from tui.widgets.hand_panel import HandPanel
from tui.widgets.log_panel import LogPanel, event_text
from tui.widgets.odds_panel import OddsPanel
from tui.widgets.panel import Panel
from tui.widgets.common_screens import HelpScreen, LogScreen, SaveNameScreen, reflow  # noqa: F401  (theirs, shared)
from tui.widgets.text_screen import TextScreen
from tui.widgets.tracks import calendar_strip, track

from .cards import card_reference, cards_of, preview
from .map_panel import frontline, queue_and_captured, status_line
from .text import captured_words
from .menu import menu_entries

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


def dice_text(o) -> str:
    return count(o.white, "white die") + (f" + {count(o.black, 'black die')}" if o.black else "")


def odds_text(o) -> str:
    """An Attack!'s exact odds in words (the odds panel's figures), for the confirmation."""
    lines = [f"Dice: {dice_text(o)}.  Chance to capture: {float(o.capture):.1%}."]
    losses = [f"{k}: {float(p):.1%}" for k, p in sorted(o.grey_lost.items()) if p]
    lines.append("Grey cubes lost: " + " · ".join(losses) + ".")
    if o.general_lost:
        lines.append(f"Chance to lose the General: {float(o.general_lost):.1%}.")
    lines += list(o.notes)
    return "\n".join(lines)


def air_strike_text(game: FallBlau, card: str, target: int) -> str:
    """An air strike's exact odds (FB The Event Deck: black dice that cannot capture)."""
    from math import comb
    from rules.fallblau import combat
    ev, front = game.content.events[card], game.state.front[target]
    mod, notes = combat.icon_modifier(game.content, game.state, front.card, None, ev.ignore_icons)
    p = sum(combat.black_die(v, mod, game.c) for v in range(1, 7)) / 6
    removed: dict[int, float] = {}
    for hits in range(ev.n + 1):
        chance = comb(ev.n, hits) * p ** hits * (1 - p) ** (ev.n - hits)
        removed[min(hits, front.red)] = removed.get(min(hits, front.red), 0.0) + chance
    odds = " · ".join(f"{k}: {v:.1%}" for k, v in sorted(removed.items()) if v)
    return (f"{ev.n} black dice at {game.name(front.card)} ({front.red} red); it cannot capture.\n"
            f"Red cubes removed: {odds}.\n" + "".join(f"{n}\n" for n in notes)
            + "The dice cannot be taken back.")


CSS_FILE = Path(__file__).with_name("fallblau.tcss")


class FallBlauScreen(GameScreen):
    """Play a Fall Blau campaign by keyboard."""

    CSS_PATH = CSS_FILE

    BINDINGS = [Binding("r", "rules", "Rules", id="rules"),
                Binding("v", "board", "Board/menu", id="board"),
                Binding("x", "cards", "Cards", id="cards")]

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
        yield LogPanel(id="log")
        yield Footer()

    @property
    def wide(self) -> bool:
        return self.app.size.width >= 120

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
            self.query_one(CommandMenu).set_entries(entries, title)

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
        """Attack! (its exact odds), a re-roll, the end of the turn (the counter-attacks to
        come), Hoth's grey cube and a discard are confirmed first: none can be taken back."""
        game, s = self.game, self.game.state
        match command:
            case Attack():
                o = self._odds.get((game.version, command)) or attack_odds(game, command)
                self._odds[(game.version, command)] = o
                return game.describe(command) + "?", odds_text(o) + "\nThe dice cannot be taken back."
            case PlayEvent(card=card, target=target) if game.content.events[card].effect == "air_strike":
                return game.describe(command) + "?", air_strike_text(game, card, target)
            case Reroll(die=die) if die is not None:
                return (f"Re-roll the white {s.attack.white[die]}?",
                        "The new die stands, good or bad; it cannot be taken back.")
            case EndTurn():
                lines = ["The Germans lose the initiative. Step 5: each card with red cubes "
                         "counter-attacks the General facing it (a die per red cube; each 1 "
                         "destroys a grey cube):"]
                for slot, card in enumerate(s.front):
                    if card is not None and card.red:
                        g = s.slots[slot]
                        facing = (f"{game.name(g)} ({s.generals[g].cubes} grey)" if g
                                  else "nobody: no counter-attack")
                        lines.append(f"  {game.name(card.card)} ({card.red} red) against {facing}")
                if len(lines) == 1:
                    lines.append("  none: no card in play has red cubes.")
                bonus = [game.name(p) for p in s.permanents if game.content.events[p].effect == "soviet_bonus"]
                if bonus:
                    lines.append(f"  In play for the Soviets: {', '.join(bonus)} (more dice or hits).")
                lines.append("Then the next turn begins (the calendar moves, cards are drawn). "
                             "It cannot be taken back.")
                return "End the turn?", "\n".join(lines)
            case UseAbility(general=g):
                return (f"{game.name(g)} gives up a grey cube to be ready again?",
                        f"He has {s.generals[g].cubes}; {s.generals[g].cubes - 1} are left after.")
            case Discard(card=card):
                return (f"Discard {game.name(card)}?",
                        "It goes to the discard pile; then the cards are drawn, which cannot be taken back.")
        return None

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
        """Rolls, draws and counter-attacks are stepped through one at a time, then ``done``;
        a short result, all in sight in the log panel already, is left there (no step), unless
        it ends the game (the end screen would cover the log)."""
        steps = [e for e in events if e.kind in STEP_KINDS]
        short = self.game.outcome is None and self.query_one(LogPanel).fits(events)
        if steps and len(events) >= 2 and not short:
            self.app.push_screen(ResolutionScreen(events), lambda _: done())
        else:
            done()

    def end_screen(self) -> ModalScreen:
        return EndScreen(self.game)

    def action_help(self) -> None:
        topics = topics_for(self.game)
        self.app.push_screen(HelpScreen("Help: what you are deciding", topics, keys=True))

    def action_rules(self) -> None:
        self.app.push_screen(HelpScreen("Rules reference: Campaign: Fall Blau", list(load_help().values()),
                                        extra=card_reference(self.game)))

    def action_cards(self) -> None:
        """The card reference; the cards of the highlighted menu entry come first."""
        first = cards_of(self.game, self.query_one(CommandMenu).highlighted_commands())
        self.app.push_screen(TextScreen("Cards: Campaign: Fall Blau", card_reference(self.game, first)))

class ResolutionScreen(ModalScreen[None]):
    """Show what a command caused, one event at a time, so every die is seen."""

    BINDINGS = [
        Binding("space", "next", "Next", id="next"),
        Binding("enter", "next", "Next", show=False, id="confirm"),
        Binding("a", "all", "Show all", id="all"),
        Binding("q", "close", "Close", id="close"),
    ]

    def __init__(self, events: list[Event]) -> None:
        super().__init__()
        self.events = events
        self.shown = 0
        self._step()              # the first step shows as soon as the screen does

    def compose(self) -> ComposeResult:
        with Vertical(id="resolution"):
            yield Label("What happens (space: next, a: all, q: close)", id="resolution-title")
            yield VerticalScroll(Static(id="resolution-body"))

    def on_mount(self) -> None:
        self._redraw()

    def _step(self) -> None:
        self.shown += 1
        # run quickly through plain lines up to the next die, card or loss
        while self.shown < len(self.events) and self.events[self.shown - 1].kind not in STEP_KINDS:
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
        self.app.push_screen(LogScreen(self.game.events))

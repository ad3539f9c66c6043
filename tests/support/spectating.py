"""Watching a hosted game as a spectator in tests: the game in a data folder, the seats' moves
written to its save as a seat writes them, everything a spectator's screen holds read as text
(the frame, and the whole board and log, scrolled out of sight or not), and each side's
secrets in the position as words that must never be in it."""

from __future__ import annotations

import io

from rich.console import Console

from tests.support.screens import frame
from tui.serve import games


def watched(game_id: str, seed: int, **options):
    """A new hosted game that may be watched: (its seats, its Watch)."""
    seats = games.create(game_id, seed=seed, **options)
    watch = games.watch_of(seats[0].game_dir)
    assert watch is not None
    return seats, watch


def move(seat, game, cmd) -> None:
    """A seat's command, applied and written to the save under the lock, as a seat does."""
    with games.locked(seat):
        game.apply(cmd)
        games.write(seat, game)


def _plain(renderable, width: int) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text(styles=False)


def everything_shown(app, with_frame: bool = True, log_from: int = 0) -> str:
    """All the status, board and log a spectator's screen was given, as text (what it could
    scroll to, not only what is in sight; the log from its line ``log_from``), and the frame on
    screen (``with_frame``)."""
    screen = app.screen_stack[0] if type(app.screen).__name__ != "SpectatorScreen" else app.screen
    parts = [frame(app)] if with_frame else []
    for static in screen.query("Static"):
        parts.append(_plain(static.content, app.size.width))
    log = screen.query_one("#watch-log")
    parts.append("\n".join(strip.text for strip in log.lines[log_from:]))
    return "\n".join(parts)


class Said:
    """The public log's words so far, read once each (a whole game's log is long)."""

    def __init__(self) -> None:
        self.count = 0
        self.text: list[str] = []

    def of(self, game) -> str:
        events = game.events
        if len(events) < self.count:          # taken back: read again
            self.count, self.text = 0, []
        self.text.extend(e.text for e in events[self.count:])
        self.count = len(events)
        return "\n".join(self.text)


def roads_secrets(game, public: str) -> set[str]:
    """Roads (series 4.2.2, 4.2.3c, 9.5.2): the names of the cards in either hand or set ready,
    and of the chits either side has drawn, that nothing public names (the log, the cards and
    chits face up: both decks share some names, the cups many); and the face-down Card/Map
    choice of a side while the other has not chosen. ``public``: the log's words so far."""
    s = game.state
    content = game.content
    face_up = {game.card_name(k) for side in ("axis", "soviet") for k in s.cards[side].played}
    out: set[str] = set()
    for side in ("axis", "soviet"):
        held = list(s.cards[side].hand) + ([s.ready[side]] if side in s.ready else [])
        out |= {game.card_name(k) for k in held}
    if s.battle is not None:
        face_up |= {content.chits[k.split("#")[0]].name for _side, k in s.battle.played}
        for side, drawn in s.battle.drawn.items():
            out |= {content.chits[k.split("#")[0]].name for k in drawn}
    out = {name for name in out if name not in face_up and name not in public}
    ch = s.sequence.choice
    if len(ch) == 1:
        (side, choice), = ch.items()
        out |= {f"chose {choice}", f"Choose {choice.capitalize()}", f"chooses {choice}"}
    return out


def victory_secrets(game, public: str) -> set[str]:
    """A round robin's Battle Groups (VIC 7.1): each unit's id, and "id (type)" as a roster
    lists it, of every unit the log (``public``) has never named."""
    out: set[str] = set()
    for force in game.state.forces.values():
        for u in list(force.units) + list(force.gone):
            if u.id not in public:
                out.add(u.id)
    for r in game.state.rounds:
        for picks in r.picks.values():
            out |= {u.id for u in picks if u.id not in public}
    return out

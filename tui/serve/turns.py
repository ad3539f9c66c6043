"""Whose turn a hosted game is, and its last move in words: what the lobby lists (issue 24 item 1).
Plain Python over a game's public state: no Textual, nothing secret (the last move is the first
public event of the last command, as every seat's log shows it)."""

from __future__ import annotations

from .store import TABLE

MAX_MOVE = 120        # characters of the last move kept for the lobby


def to_play(game) -> tuple[str, ...]:
    """The seats (``games.Seat.side``) the game waits for: Roads by side, Tide of Iron and
    Victory by player name; () when it is over. A side is listed only while the game waits on
    it: where both may act at once, each only until it has done its part; a Tide of Iron table
    phase waits on the players' own table, not on one of them (``TABLE``)."""
    if game.outcome is not None:
        return ()
    if game.game_id == "roads":
        side = game.to_act()
        return (side,) if side else ()
    if game.game_id == "toi":
        return _toi(game.state, game.player)
    if game.game_id == "victory":
        return tuple(game.acting())
    return ()


def _toi(state, player) -> tuple[str, ...]:
    if state.to_act:                  # a decision or a Resource Acquisitions turn: one side's
        return (player(state.to_act),)
    if state.phase == "status":       # TOI Red October: each buys until it says it is done
        return tuple(player(side) for side in state.buyers)
    return (TABLE,)                   # set-up, battle, result entry: whoever enters the table's record


def last_move(game) -> str:
    """The first event of the last command given, in one line ("" before any)."""
    if not game.log:
        return ""
    start = game.acted[-2][1] if len(game.acted) >= 2 else 0
    end = game.acted[-1][1] if game.acted else len(game.events)
    texts = [e.text for e in game.events[start:end] if e.text]
    if not texts:
        return ""
    line = " ".join(texts[0].split())
    return line if len(line) <= MAX_MOVE else line[:MAX_MOVE - 1] + "…"

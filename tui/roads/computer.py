"""The computer's thinking on the Roads screen: ``rules.roads.ai`` decides in a worker thread
on a copy of the game, while the screen shows a "thinking" mark and stays responsive; the
computer's command then goes through the screen's own apply path (rules/roads/ai/NOTES.md, "On
the Roads screen"). The hint (tui/roads/hint.py) thinks the same way.

A part of ``RoadsScreen`` (tui/roads/screen.py), whose ``__init__`` holds the state these
methods share (``computer``, ``strength``, ``thinking``, ``_bot``) and which decides when the
computer moves (``_maybe_bot``)."""

from __future__ import annotations

import pickle


class ComputerThinking:
    """The methods of ``RoadsScreen`` that run the AI in a worker and play what it decides."""

    @property
    def bot(self):
        """The computer's search (None in a hot-seat game), made when first asked for: a save
        opened against the computer is shown before the AI's modules load."""
        if self._bot is None and self.computer:
            from rules.roads.ai import make_ai
            self._bot = make_ai(self.strength, seed=self.game.seed)
        return self._bot

    def _think(self, who: str, decide, then) -> None:
        """Run ``decide`` on a copy of the game in a worker thread; ``then(result, position)``
        runs on the UI thread (result: what ``decide`` returned, or the exception it raised)."""
        self.thinking = who
        self._status(self._view, self._seat, self.game.to_act())
        position = len(self.game.log)
        copy = _copy(self.game)
        app = self.app

        def work() -> None:
            try:
                result = decide(copy)
            except Exception as exc:      # the AI failed: play goes on (see ``then``)
                result = exc
            try:
                app.call_from_thread(then, result, position)
            except RuntimeError:
                pass                      # the app closed while it thought

        self.run_worker(work, thread=True, group="roads-ai", exit_on_error=False)

    def _thought(self, position: int) -> bool:
        """The worker is done: clear the mark; True when the game is still where it was."""
        self.thinking = ""
        if not self.is_attached:
            return False
        self._status(self._view, self._seat, self.game.to_act())
        return len(self.game.log) == position and self.game.outcome is None

    def _bot_decided(self, decision, position: int) -> None:
        if not self._thought(position) or self.game.to_act() != self.computer:
            self._maybe_bot()
            return
        if isinstance(decision, Exception):
            from rules.roads.bots import BOTS
            self.notify(f"The computer's search failed ({decision}); it plays by doctrine this once.",
                        severity="error", timeout=10)
            cmd = BOTS["heuristic"](len(self.game.log)).choose(self.game)
            line = f"{self.game.describe(cmd)}: by doctrine"
        else:
            cmd, line = decision.command, decision.public
        # the public line only (never the full reason): kept with the command in the save
        self.game.annotate(f"Computer ({self.strength}): {line}")
        self.play(cmd)

    def action_undo(self) -> None:
        if self.computer and self.game.to_act() == self.computer:
            self.notify("The computer is playing; undo when it is your turn.", severity="warning")
            return
        super().action_undo()


def _copy(game):
    """The game for a worker thread to read while the screen goes on with the real one (the AI
    reads it only through ``legal()`` and the acting side's ``view``; it never rolls its dice)."""
    from rules.core.dice import SeededDice
    from rules.roads.game import Roads
    state = pickle.loads(pickle.dumps(game.state, protocol=pickle.HIGHEST_PROTOCOL))
    copy = Roads(state, SeededDice(game.seed), game.content, game.map, seed=game.seed,
                 options=dict(game.options), undo=False)
    copy.log = list(game.log)     # the AI seeds each decision from the count (issue 25 item 3)
    return copy

"""The hint (`!`): what the hard AI would do now for the seat's side, and why, from that side's
view only. It thinks in a worker as the computer does (tui/roads/computer.py), with a mark on
the title bar; `!` again while it thinks drops it, and so does a command given or undone.

``Hint`` is a part of ``RoadsScreen`` (tui/roads/screen.py), whose ``__init__`` holds the state
these methods share (``thinking``, ``_hint``, ``_hints_running``)."""

from __future__ import annotations

from tui.widgets.hint_screen import HintScreen

from .panels import NAME


class Hint:
    """The methods of ``RoadsScreen`` that ask for a hint, drop it and show it."""

    def action_hint(self) -> None:
        """What the hard AI would do now for the seat's side, and why, from that side's view.
        It thinks in a worker, with a mark on the title bar; ! again while it thinks drops it."""
        if self.game is None:
            return
        if self.thinking == "hint":
            self._drop_hint()
            self.notify("Hint cancelled.")
            return
        side = self.game.to_act()
        if self.game.outcome is not None or side is None or side != self._seat or self._concealed:
            self.notify("A hint is for the side to act, on its player's turn.", severity="warning")
            return
        if self.thinking:
            self.notify("Still thinking…")
            return
        from rules.roads.ai import hint
        self._hint += 1
        self._hints_running += 1
        number = self._hint
        self._think("hint", lambda copy: hint(copy, side),
                    lambda result, position: self._hinted(result, position, number))

    def _drop_hint(self) -> None:
        """The hint being thought of is no longer wanted (cancelled, or a command was given, or
        undone): its mark goes at once; what its worker returns is dropped."""
        if self.thinking != "hint":
            return
        self._hint += 1
        self.thinking = ""
        if getattr(self, "_status_of", None) is not None:
            self._status(*self._status_of)        # the title bar again, without the mark

    def _hinted(self, result, position: int, number: int) -> None:
        self._hints_running -= 1
        if number != self._hint:
            return                        # dropped: its mark went when it was
        if not self._thought(position):
            return                        # the game moved on meanwhile: the hint is stale
        if isinstance(result, Exception):
            self.notify(f"No hint: {result}", severity="error", timeout=8)
            return
        _cmd, reason = result
        self.app.push_screen(HintScreen(f"Hint for {NAME[self._seat]} (the hard computer "
                                        f"would do this):\n\n{reason}", "rd-hint"))

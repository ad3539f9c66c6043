"""Event records: what happened, the numbers behind it, and the rule applied."""

from __future__ import annotations

from rules.core.attrs_classes import frozen
@frozen
class Event:
    """One line of the game log.

    ``text`` is a full English sentence; ``rule`` cites the rulebook (e.g. "FB Attack: overkill");
    ``dice`` holds the natural rolls shown to the player, ``modifiers`` the modifiers applied
    (e.g. ("-1 Fortress",)); ``kind`` lets views group events (roll, draw, capture, ...).
    """

    text: str
    rule: str = ""
    kind: str = "info"
    dice: tuple[int, ...] = ()
    modifiers: tuple[str, ...] = ()
    reveal: bool = False

    def __str__(self) -> str:
        extra = []
        if self.dice:
            extra.append("dice " + " ".join(str(d) for d in self.dice))
        if self.modifiers:
            extra.append(", ".join(self.modifiers))
        tail = f" [{'; '.join(extra)}]" if extra else ""
        cite = f" ({self.rule})" if self.rule else ""
        return f"{self.text}{tail}{cite}"

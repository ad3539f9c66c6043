"""The errors every game raises: each carries a message a player can read."""


class IllegalCommand(Exception):
    """A command that is not in ``game.legal()``: refused, and the state is unchanged."""


class SaveError(Exception):
    """A save file that cannot be loaded: truncated, edited, diverged or from a newer version."""


class ContentError(Exception):
    """Content that fails validation; the message names the file, the entry and the field."""


class DiceExhausted(Exception):
    """A ``FixedDice`` ran out of scripted rolls: the test did not script enough dice."""

"""Fall Blau in plain text, line by line: for screen readers, scripts and slow links.

It prints the position and the numbered legal commands, then reads one line at a time:

    <number>   give that command (the events it caused are printed, as in the game log);
               a roll, the end of the turn or a loss first says what will happen and asks
               y (or an empty line) to give it, n not to (the Settings' confirmations)
    u          undo the last command (never past a roll or a draw)
    s NAME     save the game under NAME
    p          print the position and the commands again
    r          rules help for what you are deciding now
    !          a hint: the best next command and why (rules/fallblau/hint.py)
    ?          short help
    q          quit; the game stays in the autosave (``wartable resume --plain``)

End of input quits the same way as ``q``. No Textual, no Rich.
"""

from __future__ import annotations

import textwrap
import unicodedata
from typing import TextIO

from rules.core.errors import IllegalCommand
from rules.fallblau import FallBlau
from rules.fallblau.confirm import confirmation
from tui import storage

from .text import render_end, render_legal, render_position

PROMPT = "Command (number, u, s NAME, p, r, !, ?, q): "
ASK = "Give it? (y or Enter: do it, n: not now): "
NOT_GIVEN = "Not given: nothing has changed."
CANNOT_UNDO = "Cannot undo past a roll or a draw."
NOTHING_TO_UNDO = "Nothing to undo: no command has been given yet."

HELP = """\
Type the number of a command and press Enter to give it. Before a roll, the end of
the turn or a loss, what will happen is shown first: y or Enter gives it, n does not
(the launcher's Settings turn these questions off).
  u        undo the last command (never past a roll or a draw)
  s NAME   save the game under NAME (letters, digits, spaces, - and _)
  p        show the position and the commands again
  r        rules help for what you are deciding now
  !        a hint: the best next command, with its odds and reasons
  ?        this help
  q        quit; the game stays in the autosave: wartable resume --plain"""


def _fit(text: str, encoding: str) -> str:
    """``text`` with what ``encoding`` cannot show dropped (accents) or replaced by "?"."""
    out = []
    for ch in unicodedata.normalize("NFKD", text):
        try:
            ch.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            ch = "" if unicodedata.combining(ch) else "?"
        out.append(ch)
    return "".join(out)


def _can_show(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class _Plain:
    def __init__(self, game: FallBlau, stdin: TextIO, stdout: TextIO, autosave: bool, record: bool,
                 confirmations: bool = True):
        self.game = game
        self.confirmations = confirmations
        self.stdin = stdin
        self.stdout = stdout
        self.autosave = autosave
        self.saved = False          # the autosave holds the game as it is now
        self.record = record
        self.ascii_only = not _can_show(stdout, "■□")
        isatty = getattr(stdin, "isatty", None)
        self.echo = not (isatty and isatty())   # scripted input: echo it, so the transcript reads well

    # -- output -------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.write(text + "\n")

    def write(self, text: str) -> None:
        try:
            self.stdout.write(text)
        except UnicodeEncodeError:   # e.g. an ASCII-only terminal: "Ü" becomes "U", the rest "?"
            encoding = getattr(self.stdout, "encoding", None) or "ascii"
            self.stdout.write(_fit(text, encoding))
        self.stdout.flush()

    def show(self) -> None:
        self.say(render_position(self.game, ascii_only=self.ascii_only))
        self.say()
        self.show_commands()

    def show_commands(self) -> None:
        if self.game.state.decision is None:   # else render_legal starts with "Decide: ..."
            self.say("Commands:")
        for line in render_legal(self.game):
            self.say(line)

    def save(self) -> None:
        if not self.autosave:
            return
        try:
            storage.autosave(self.game)
        except OSError as exc:
            self.saved = False
            self.say(f"Autosave failed: {exc.strerror or exc} ({storage.autosave_path()}). "
                     "Play goes on, but this game is not being saved.")
            return
        self.saved = True

    def kept(self, what: str) -> str:
        """How the game is left when play stops (``what`` starts the sentence)."""
        if not self.autosave:
            return f"{what}."
        if self.saved:
            return f"{what}: the game is kept in the autosave (wartable resume --plain continues it)."
        return f"{what}: the autosave failed, so this game is not kept."

    def finish(self) -> None:
        self.say(render_end(self.game))
        if self.record:
            try:
                warning = storage.record_result(self.game)
            except OSError as exc:
                self.say(f"Could not record the result in the statistics: {exc}")
                return
            if warning:
                self.say(warning)

    # -- input --------------------------------------------------------------------------
    def run(self) -> int:
        if self.game.outcome is not None:
            self.say("This campaign is already over.")
            self.finish()
            return 0
        if self.autosave:
            storage.remove_stale_temp_files()
        self.save()
        self.show()
        while True:
            self.write(PROMPT)
            line = self.stdin.readline()
            if not line:   # end of input: leave as with q
                self.say()
                self.say(self.kept("End of input"))
                return 0
            if self.echo:
                self.say(line.rstrip("\r\n"))
            word = line.strip()
            if not word:
                self.say("Type a command number, or ? for help.")
                continue
            head, _, rest = word.partition(" ")
            head = head.lower()
            if head == "q" and not rest:
                self.say(self.kept("Goodbye"))
                return 0
            if head in ("?", "h", "help") and not rest:
                self.say(HELP)
            elif head == "p" and not rest:
                self.show()
            elif head == "r" and not rest:
                self.rules_help()
            elif head == "!" and not rest:
                self.hint()
            elif head == "u" and not rest:
                self.undo()
            elif head == "s":
                self.save_as(rest)
            elif word.isdigit():
                if self.give(int(word)):
                    return 0
            else:
                self.say(f"'{word}' is not a command here. Type a number from 1 to "
                         f"{len(self.game.legal())}, or ? for help.")

    def give(self, number: int) -> bool:
        """Give command ``number``; True when the game has ended."""
        cmds = self.game.legal()
        if not 1 <= number <= len(cmds):
            self.say(f"There is no command {number}: choose a number from 1 to {len(cmds)}.")
            return False
        command = cmds[number - 1]
        if not self.confirmed(command):
            self.say(NOT_GIVEN)
            return False
        try:
            events = self.game.apply(command)
        except IllegalCommand as exc:   # cannot happen with a number from legal(), but be safe
            self.say(str(exc))
            return False
        for event in events:
            self.say(str(event))
        self.say()
        self.save()
        if self.game.outcome is not None:
            self.finish()
            return True
        self.show()
        return False

    def confirmed(self, command) -> bool:
        """A command that cannot be taken back: say what it will do and read y or n (an empty
        line is y, as Enter on the screen; end of input is n). Others: True at once."""
        ask = confirmation(self.game, command) if self.confirmations else None
        if ask is None:
            return True
        title, body = ask
        self.say(title)
        for line in body.split("\n"):            # wrapped at 80, as the rules help is
            indent = "  " + " " * (len(line) - len(line.lstrip()))
            self.say(textwrap.fill(line.strip(), width=80, initial_indent=indent, subsequent_indent=indent,
                                   break_on_hyphens=False))
        while True:
            self.write(ASK)
            line = self.stdin.readline()
            if not line:
                self.say()
                return False
            if self.echo:
                self.say(line.rstrip("\r\n"))
            answer = line.strip().lower()
            if answer in ("", "y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.say("Type y (or just Enter) to give it, or n not to.")

    def undo(self) -> None:
        if not self.game.log:
            self.say(NOTHING_TO_UNDO)
            return
        if not self.game.undo():
            self.say(CANNOT_UNDO)
            return
        self.save()
        self.say("Undone: the last command was taken back.")
        self.say()
        self.show()

    def save_as(self, name: str) -> None:
        if not name.strip():
            self.say("Give the save a name, e.g.: s before Stalingrad")
            return
        try:
            path = storage.save_named(self.game, name)
        except ValueError as exc:
            self.say(str(exc))
            return
        except OSError as exc:
            self.say(f"The game could not be saved: {exc}")
            return
        self.say(f"Saved as '{name.strip()}' ({path}).")

    def hint(self) -> None:
        """The best next command, by its number, and why (rules/fallblau/hint.py)."""
        from rules.fallblau.hint import hint
        h = hint(self.game)
        if h is None:
            self.say("No hint: there is nothing to decide.")
            return
        number = self.game.legal().index(h.command) + 1
        self.say(f"Hint: command {number}, {h.order}.")
        for reason in h.reasons:
            self.say(textwrap.fill(reason, width=80, initial_indent="  ", subsequent_indent="  ",
                                   break_on_hyphens=False))
        if h.rule:
            self.say(f"  ({h.rule})")

    def rules_help(self) -> None:
        try:
            from rules.fallblau.help import topics_for
            topics = topics_for(self.game)
        except Exception as exc:   # help content missing or broken: say so, keep playing
            self.say(f"The rules help cannot be shown: {exc}")
            return
        for topic in topics:
            self.say(f"{topic.title} ({topic.section})")
            for para in topic.text.strip().split("\n\n"):
                self.say(textwrap.fill(" ".join(para.split()), width=80, initial_indent="  ",
                                       subsequent_indent="  "))
            self.say()


def run_plain(game: FallBlau, stdin: TextIO, stdout: TextIO, autosave: bool = True,
              record: bool | None = None, confirmations: bool | None = None) -> int:
    """Play ``game`` in plain text, reading commands from ``stdin``; returns the exit code (0).

    With ``autosave`` the game is written to the autosave at the start and after every command.
    ``record`` (default: the same as ``autosave``) adds the finished game to the statistics.
    ``confirmations`` (default: the player's setting in config.toml, as on the screen) asks
    before a roll, the end of the turn or a loss.
    """
    problem = None
    if confirmations is None:
        try:
            confirmations = storage.load_settings()["confirmations"]
        except ValueError as exc:
            problem, confirmations = f"{exc} Using the default settings.", True
    plain = _Plain(game, stdin, stdout, autosave, autosave if record is None else record, confirmations)
    if problem:
        plain.say(problem)
    try:
        return plain.run()
    except KeyboardInterrupt:
        plain.say()
        plain.say(plain.kept("Interrupted"))
        return 130

"""Whose turn, kept in the lobby's store as the games move, and turn notices (issue 24 item 2).

The server looks at the saves of the hosted games every ``POLL`` seconds; when one has changed
it reads whose turn it is now (``tui.serve.turns``) into the store, where every open lobby sees
it at its next refresh. When the game has passed to a player with no session open, and the host
gave ``--notify-command CMD``, CMD is run with no shell, its arguments the game's id, the
player's name and the game's name (``roads``, ``toi``, ``victory``): a host hooks mail or chat
there. At most ``MAX_RUNNING`` run at once and ``MAX_WAITING`` wait; each has ``TIMEOUT``
seconds, then is killed. A command that fails, hangs or cannot be started is logged, in one
line, and serving goes on. Each notice is recorded before it is sent and marked when done; one
left from before a restart is dropped, never sent late (``Store.drop_stale_notices``).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from . import games, turns
from .store import Notice

POLL = 1.0
TIMEOUT = 10.0
MAX_RUNNING, MAX_WAITING = 4, 64
MAX_OUTPUT = 400            # characters of a failed command's stderr kept for the log


class Notices:
    def __init__(self, hub) -> None:
        self.hub = hub
        self.store = hub.store
        self.command = list(hub.options.notify_command or [])
        self.stamps: dict[str, tuple] = {}
        self.queue: asyncio.Queue[Notice] = asyncio.Queue(MAX_WAITING)
        self.tasks: list[asyncio.Task] = []

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.tasks.append(loop.create_task(self._watch()))
        for _ in range(MAX_RUNNING if self.command else 0):
            self.tasks.append(loop.create_task(self._sender()))

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()

    def connected(self) -> set[str]:
        """The names of the players with a session open (one named in its lobby since it
        started is looked up by its key)."""
        from .ssh import key_folder
        names = set()
        for session in self.hub.sessions:
            name = session.player
            if not name and session.owner.key is not None:
                known = self.store.player_of_key(key_folder(session.owner.key))
                name = known.name if known else ""
            if name:
                names.add(name.lower())
        return names

    async def _watch(self) -> None:
        while True:
            try:
                await self.look()
            except asyncio.CancelledError:
                raise
            except Exception as exc:          # never the end of serving: said, and tried again
                self.hub.say(f"whose turn could not be read: {type(exc).__name__}: {exc}")
            await asyncio.sleep(POLL)

    async def look(self) -> None:
        """Read every hosted game whose save changed since the last look into the store."""
        root = games.games_dir()
        loop = asyncio.get_running_loop()
        for row in self.store.live_games():
            save = root / row.id / "game.json"
            try:
                st = os.stat(save)
            except OSError:
                continue
            stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
            if self.stamps.get(row.id) == stamp:
                continue
            try:
                to_play, last, over = await loop.run_in_executor(None, read_turn, save)
            except Exception as exc:          # a damaged save: the seat says so to its players
                self.hub.say(f"the save of {row.id} cannot be read: {exc}")
                self.stamps[row.id] = stamp
                continue
            self.stamps[row.id] = stamp
            came_to = self.store.set_turn(row.id, to_play, last, over)
            if not self.command:
                continue
            here = self.connected()
            for name in came_to:
                if name.lower() in here:
                    continue              # their lobby or seat shows it at once
                notice = self.store.add_notice(row.id, name)
                if notice is None:
                    continue
                try:
                    self.queue.put_nowait(notice)
                except asyncio.QueueFull:
                    self.store.notice_done(notice.id, "dropped: too many notices waiting")
                    self.hub.say(f"turn notice for {name} ({row.id}) dropped: too many waiting")

    async def _sender(self) -> None:
        while True:
            notice = await self.queue.get()
            outcome = await self.send(notice)
            self.store.notice_done(notice.id, outcome)

    async def send(self, notice: Notice) -> str:
        """Run the command for ``notice``; what came of it, in a few words (logged unless sent)."""
        argv = [*self.command, notice.game, notice.player, notice.game_name]
        try:
            proc = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.PIPE, start_new_session=True, cwd="/",
                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"})
        except OSError as exc:
            return self._failed(notice, f"cannot be started: {exc.strerror or exc}")
        try:
            err = await asyncio.wait_for(_stderr(proc), TIMEOUT)
        except asyncio.TimeoutError:
            try:
                os.killpg(proc.pid, 9)
            except (ProcessLookupError, PermissionError):
                pass
            await proc.wait()
            return self._failed(notice, f"killed after {TIMEOUT:g} s")
        if proc.returncode != 0:
            text = " ".join(err.decode("utf-8", "replace").split())[:MAX_OUTPUT]
            return self._failed(notice, f"exit code {proc.returncode}" + (f": {text}" if text else ""))
        return "sent"

    def _failed(self, notice: Notice, why: str) -> str:
        self.hub.say(f"turn notice for {notice.player} ({notice.game}): the notify command {why}")
        return f"failed: {why}"


async def _stderr(proc) -> bytes:
    """The first ``MAX_OUTPUT`` bytes of what the command writes on stderr (the rest is read
    and dropped: a chatty command can neither fill the server's memory nor block on a pipe)."""
    kept = bytearray()
    while True:
        chunk = await proc.stderr.read(4096)
        if not chunk:
            break
        kept += chunk[:max(0, MAX_OUTPUT - len(kept))]
    await proc.wait()
    return bytes(kept)


def read_turn(save: Path) -> tuple[tuple[str, ...], str, bool]:
    from tui import storage
    game = storage.load(save)
    return turns.to_play(game), turns.last_move(game), game.outcome is not None

"""Spectators over the wire (issue 24 item 3): a watch code over SSH and the web, on loopback,
with a seat playing at another terminal; wrong watch codes refused and counted as wrong join
codes are; a spectator's keys change nothing; never a hand on its screen."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from tests.support.ssh_term import Server, Term
from tests.tui.test_serve_ssh import fresh_game, hands, start_an_operation
from tests.tui.test_serve_web import app_open, browser, free_port, start_server, stop_server
from tui.serve import games


@pytest.fixture(scope="module")
def hosted(tmp_path_factory):
    data = tmp_path_factory.mktemp("watch") / "data"
    data.mkdir()
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = data / "authorized_keys"
    keys.write_text(key.export_public_key().decode())
    server = Server(data, "--codes", "--authorized-keys", str(keys), "--login-timeout", "5")
    yield {"server": server, "port": server.port, "data": data, "key": key}
    server.stop()


def watch_code(seats) -> str:
    return games.watch_of(next(iter(seats.values())).game_dir).code


async def test_a_spectator_over_ssh_follows_a_seat_sees_no_hand_and_its_keys_do_nothing(hosted):
    seats = fresh_game(hosted["data"])
    code = watch_code(seats)
    axis = await Term.open(hosted["port"], seats["axis"].code, size=(160, 50))
    watcher = await Term.open(hosted["port"], code, size=(80, 24))
    try:
        await axis.wait_for("seat: Axis")
        await watcher.wait_for("Watching Roads to Stalingrad")
        before = seats["axis"].save_path.read_bytes()
        for key in "ohy1u":                           # what would act at a seat acts not here
            watcher.send(key)
        await asyncio.sleep(1.0)
        assert seats["axis"].save_path.read_bytes() == before
        mark = watcher.mark()
        await start_an_operation(axis)
        await watcher.wait_for("Axis operation", since=mark)
        axis.send("h")                                # the Axis hand, open at the Axis seat only
        await asyncio.sleep(1.0)
        for name in hands()["axis"] | hands()["soviet"]:
            assert name not in watcher.text(), f"the spectator saw the card {name}"
        watcher.send("q")
        await watcher.wait_closed()
    finally:
        axis.close()
        watcher.close()


async def test_wrong_watch_codes_are_refused_and_a_key_watches_by_its_command(hosted):
    server = hosted["server"]
    with pytest.raises(asyncssh.PermissionDenied):
        await Term.open(hosted["port"], "abcde-fghjk")
    assert await server.logged("wrong join code from 127.0.0.1")
    seats = fresh_game(hosted["data"])
    player = await Term.open(hosted["port"], "player", key=hosted["key"], command="watch abcde-fghjk")
    try:
        await player.wait_for("no game has that watch code")
    finally:
        player.close()
    assert await server.logged("wrong watch code from 127.0.0.1")
    player = await Term.open(hosted["port"], "player", key=hosted["key"], command=f"watch {watch_code(seats)}")
    try:
        await player.wait_for("Watching Roads to Stalingrad")
    finally:
        player.close()
    closed = fresh_game(hosted["data"], spectators=False)
    assert games.watch_of(closed["axis"].game_dir) is None


async def test_a_spectator_on_the_web_by_its_watch_code(tmp_path):
    data = tmp_path / "data"
    proc, site = start_server(data, free_port(), "--codes")
    try:
        seats = fresh_game(data)
        code = watch_code(seats)
        async with browser(cookies=False) as http:
            async with http.get(f"{site.base}/watch/{code}") as page:
                assert page.status == 200 and f'/ws/watch/{code}"' in await page.text()
            async with http.get(f"{site.base}/watch/abcde-fghjk") as page:
                assert page.status == 404 and "watch code" in await page.text()
            async with http.get(f"{site.base}/watch/{seats['axis'].code}") as page:
                assert page.status == 404                # a join code is no watch code
        async with browser(cookies=False) as http:
            async with app_open(http, site, "Watching Roads to Stalingrad", path=f"/ws/watch/{code}",
                                width=80, height=24) as (_, shown):
                assert "Watching Roads to Stalingrad" in shown
                for name in hands()["axis"] | hands()["soviet"]:
                    assert name not in shown
    finally:
        stop_server(proc, data)

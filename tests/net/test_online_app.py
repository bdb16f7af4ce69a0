"""The app at a table on a real server (``skat join``), through the pilot:
one seat is the app, played by keys; the others are a protocol client and a
bot.  The match is played to the end and lands in the history, marked online."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skat_core.game import Kontra, Phase, Play
from skat_core.views import SeatView
from skat_net.client import TableClient, create_table
from skat_tui.online import OnlineApp
from skat_tui.screens.result import DealResultScreen, ScoreSheetScreen
from skat_tui.screens.table import TableScreen
from skat_tui.settings import Settings
from skat_tui.storage import Storage
from skat_tui.widgets import KEY_LABELS

from .helpers import Player, create_message, running_server, until

PATIENCE = 300.0
"""Seconds before a test calls a match stuck: a hang guard, not a speed figure, and
generous, since a machine under a load of 14 plays many times slower than CI."""


async def table_shown(app: OnlineApp) -> TableScreen:
    """The table screen, once the app shows it (within 10 s)."""
    await until(lambda: isinstance(app.screen, TableScreen), 10)
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


async def test_the_app_plays_a_whole_online_match_by_keys(tmp_path: Path) -> None:
    async with running_server(tmp_path / "server") as (_, url):
        created = await create_table(url, create_message(
            [{"name": "Anna"}, {"bot": "random"}, {}], seed="pilot"))
        ben = TableClient(url, code=created["code"], name="Ben [red]x[/red]")
        Player(ben, 5)
        storage = Storage(tmp_path / "home")
        app = OnlineApp(url, created["code"], "Anna", settings=Settings(speed="instant"),
                        storage=storage, seats_file=tmp_path / "home" / "seats.json",
                        trick_pause=0)
        async with app.run_test(size=(100, 34)) as pilot:
            await until(lambda: app.client.state is not None, 10)
            assert app.controller is None  # Ben has not joined: the lobby shows
            ben.start()
            table = await table_shown(app)
            loop = asyncio.get_running_loop()
            end = loop.time() + PATIENCE
            pressed = 0
            while not (app.client.state and app.client.state["status"] == "over"
                       and isinstance(app.screen, ScoreSheetScreen)):
                assert loop.time() < end, "the match did not finish"
                await pilot.pause(0.02)
                over = app.client.state and app.client.state["status"] == "over"
                if over and isinstance(app.screen, ScoreSheetScreen):
                    break
                if await press_a_move(pilot, app, table):
                    pressed += 1
                    await until(lambda: not app.client.pending, 10)
            assert pressed > 10
            totals = app.client.state["totals"] if app.client.state else None
            assert list(app.controller.match.totals()) == totals
            # the name from the network is shown as text, never as markup
            assert "Ben [red]x[/red]" in app.controller.names()
        await ben.close()
        history = storage.history()
        online = [e for e in history.entries if e.record["meta"].get("online")]
        assert len(online) == 3
        assert seats_file_kept(tmp_path / "home" / "seats.json")


def seats_file_kept(path: Path) -> bool:
    text = path.read_text()
    return "token" in text and oct(path.stat().st_mode & 0o777) == "0o600"


def passing_key(view: SeatView, table: TableScreen) -> str:
    """The key of Anna's move: she passes in the bidding, so she only ever
    bids and plays (her first legal card)."""
    if view.phase == Phase.BIDDING:
        return "p"
    if view.phase == Phase.PLAYING:
        legal = {a.card for a in view.legal if isinstance(a, Play)}
        return KEY_LABELS[next(i for i, c in enumerate(table._cards) if c in legal)]
    raise AssertionError(f"Anna always passes, yet {view.phase}")


async def press_a_move(pilot: Any, app: OnlineApp, table: TableScreen,
                       key_for: Callable[[SeatView, TableScreen], str] = passing_key
                       ) -> str | None:
    """Anna's move by keys, if she is to move now (``key_for`` says which
    key): the key pressed, or None where there was nothing to do but close a
    result."""
    screen = app.screen
    if isinstance(screen, DealResultScreen | ScoreSheetScreen):
        await pilot.press("enter")
        return None
    view = app.controller.view(0) if app.controller else None
    if screen is not table or view is None or not view.legal or app.client.pending:
        return None
    key = key_for(view, table)
    await pilot.press(key)
    return key


async def test_the_app_reconnects_by_itself_when_the_server_drops_it(tmp_path: Path) -> None:
    """The server closes the app's connection in the middle of a deal: the app
    says it is reconnecting, stays usable, comes back by itself with its seat
    token and plays on; a defender's refused claim is told in a note."""
    async with running_server(tmp_path / "server") as (tables, url):
        created = await create_table(url, create_message(
            [{"name": "Anna"}, {"bot": "random"}, {}], seed="drop", deals=3))
        ben = TableClient(url, code=created["code"], name="Ben")
        Player(ben, 2)
        ben.start()
        app = OnlineApp(url, created["code"], "Anna", settings=Settings(speed="instant"),
                        trick_pause=0)
        async with app.run_test(size=(100, 34)) as pilot:
            table = await table_shown(app)
            loop = asyncio.get_running_loop()
            end = loop.time() + PATIENCE
            while not (app.client.state and app.client.state["actions"] >= 6):
                assert loop.time() < end, "the deal did not get going"
                await press_a_move(pilot, app, table)
                await pilot.pause(0.02)
            live = tables.live[created["table"]]
            before = app.client.state["version"] if app.client.state else -1
            # the server side of Anna's connection goes, as a network failure would
            live.conns[0].ws.transport.abort()
            await until(lambda: not app.client.connected, 5)
            await pilot.pause(0.05)
            notes = [str(n.message) for n in app._notifications]
            assert "Connection lost: reconnecting…" in notes
            # the UI still answers while away: the help key and a redraw work
            table.refresh_table()
            await pilot.press("question_mark")
            await pilot.pause(0.05)
            await pilot.press("escape")
            await until(lambda: app.client.connected, 10)  # by itself, with backoff
            assert app.client.known.player == 0
            assert "Connected." in [str(n.message) for n in app._notifications]
            # and the match goes on from where it was, through the same screen
            end = loop.time() + PATIENCE
            moved = 0
            while not (app.client.state and app.client.state["finished"] >= 1 and moved):
                assert loop.time() < end, "the deal did not go on after the reconnect"
                moved += await press_a_move(pilot, app, table) is not None
                await pilot.pause(0.02)
            assert app.client.state["version"] > before
            seq = [s.last_seq for s in live.table.seats]
            assert seq[0] >= moved  # each key press applied once
            # a defender who refuses a claim is told to the others
            app.client.on_note(app.client, {"type": "note", "event": "plays-on", "player": 2,
                                            "name": "Ben", "kind": "claim",
                                            "cards_played": 4})
            await pilot.pause(0.1)
            assert "Ben does not accept the claim and plays on." in [
                str(n.message) for n in app._notifications]
        await ben.close()


async def test_the_app_at_a_table_of_four_shows_who_sits_out(tmp_path: Path) -> None:
    """Anna deals first at a table of four: the app says she sits out while
    the three bots play; in the next deal she plays and the dealer (a bot)
    is named on the top bar as sitting out."""
    from tests.tui.helpers import screen_text

    async with running_server(tmp_path / "server") as (_, url):
        created = await create_table(url, create_message(
            [{"name": "Anna"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}],
            seed="four-app", deals=4))
        app = OnlineApp(url, created["code"], "Anna", settings=Settings(speed="instant"),
                        trick_pause=0)
        async with app.run_test(size=(100, 34)) as pilot:
            table = await table_shown(app)
            await pilot.pause(0.1)
            state = app.client.state
            assert state is not None and state["sitting_out"] == 0 == state["dealer"]
            assert "You deal and sit this deal out" in screen_text(app)  # type: ignore[arg-type]
            # the top bar says it to her in a sentence of its own, not "dealer Anna sits out"
            assert "You deal and sit out." in screen_text(app)  # type: ignore[arg-type]
            # the bots play the deal; Anna asks for the next, where she plays
            await until(lambda: bool(app.client.state and app.client.state["finished"] >= 1),
                        20)
            loop = asyncio.get_running_loop()
            end = loop.time() + PATIENCE
            while not (app.client.state and app.client.state["deal"] == 1
                       and app.client.view is not None and app.screen is table):
                assert loop.time() < end, "the next deal did not come"
                if isinstance(app.screen, DealResultScreen | ScoreSheetScreen):
                    await pilot.press("enter")
                await pilot.pause(0.05)
            await pilot.pause(0.1)
            assert "dealer Bot 2 sits out" in screen_text(app)  # type: ignore[arg-type]


def _screen_text(app: OnlineApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_app_plays_a_whole_match_at_a_pub_table_with_schieberamsch(
        tmp_path: Path) -> None:
    """The app joins a pub-schiebe table: the lobby and the table name the
    rules as at home; Anna passes every bidding, passes the skat on in each
    Schieberamsch (``w``) and says Kontra (``k``) whenever it is offered; Ben
    always passes, so Schieberamsch deals come up; the match finishes with the
    same totals everywhere."""
    async with running_server(tmp_path / "server") as (tables, url):
        created = await create_table(url, create_message(
            [{"name": "Anna"}, {}, {}], seed="pilot-pub", rules="pub-schiebe", deals=6))
        ben = TableClient(url, code=created["code"], name="Ben")
        cem = TableClient(url, code=created["code"], name="Cem")
        for i, (client, bias) in enumerate(((ben, 1.0), (cem, 0.5))):
            player = Player(client, 7 + i)
            player.pass_bias, player.kontra_bias = bias, 0.5
        app = OnlineApp(url, created["code"], "Anna", settings=Settings(speed="instant"),
                        trick_pause=0)
        async with app.run_test(size=(100, 34)) as pilot:
            await until(lambda: app.client.state is not None, 10)
            await pilot.pause(0.05)
            assert "Rules: Pub with Schieberamsch" in _screen_text(app)  # the lobby
            ben.start()
            cem.start()
            table = await table_shown(app)
            loop = asyncio.get_running_loop()
            end = loop.time() + PATIENCE
            keys: dict[str, int] = {}

            def pub_key(view: SeatView, table: TableScreen) -> str:
                assert view.rules == tables.live[app.client.known.table or ""].table.rules
                if "pub" in _screen_text(app):
                    keys["rules shown"] = 1
                if any(isinstance(a, Kontra) for a in view.legal):
                    return "k"
                if view.phase == Phase.PUSH:
                    return "w"
                return passing_key(view, table)

            while not (app.client.state and app.client.state["status"] == "over"
                       and isinstance(app.screen, ScoreSheetScreen)):
                assert loop.time() < end, "the match did not finish"
                await pilot.pause(0.02)
                key = await press_a_move(pilot, app, table, pub_key)
                if key is not None:
                    keys[key] = keys.get(key, 0) + 1
                    await until(lambda: not app.client.pending, 10)
            assert keys.get("w") and keys.get("rules shown"), keys
            totals = app.client.state["totals"] if app.client.state else None
            assert list(app.controller.match.totals()) == totals
            finished = tables.live[app.client.known.table or ""].table.to_doc()["match"]
            kinds = {a["type"] for r in finished["finished"] for a in r["actions"]}
            assert "pass_skat" in kinds
            if keys.get("k"):
                assert "kontra" in kinds
        await ben.close()
        await cem.close()

"""The app at a table on a real server (``skat join``), through the pilot:
one seat is the app, played by keys; the others are a protocol client and a
bot.  The match is played to the end and lands in the history, marked online."""

from __future__ import annotations

import asyncio
from pathlib import Path

from skat_core.game import Phase, Play
from skat_net.client import TableClient, create_table
from skat_tui.online import OnlineApp
from skat_tui.screens.result import DealResultScreen, ScoreSheetScreen
from skat_tui.screens.table import TableScreen
from skat_tui.settings import Settings
from skat_tui.storage import Storage
from skat_tui.widgets import KEY_LABELS

from .helpers import Player, create_message, running_server, until


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
            await until(lambda: isinstance(app.screen, TableScreen), 10)
            table = app.screen
            assert isinstance(table, TableScreen)
            loop = asyncio.get_running_loop()
            end = loop.time() + 60
            pressed = 0
            while not (app.client.state and app.client.state["status"] == "over"
                       and isinstance(app.screen, ScoreSheetScreen)):
                assert loop.time() < end, "the match did not finish"
                await pilot.pause(0.02)
                screen = app.screen
                if isinstance(screen, DealResultScreen | ScoreSheetScreen):
                    over = app.client.state and app.client.state["status"] == "over"
                    if over and isinstance(screen, ScoreSheetScreen):
                        break
                    await pilot.press("enter")
                    continue
                view = app.controller.view(0) if app.controller else None
                if screen is not table or view is None or not view.legal \
                        or app.client.pending:
                    continue
                if view.phase == Phase.BIDDING:
                    await pilot.press("p")
                elif view.phase == Phase.PLAYING:
                    legal = {a.card for a in view.legal if isinstance(a, Play)}
                    index = next(i for i, c in enumerate(table._cards) if c in legal)
                    await pilot.press(KEY_LABELS[index])
                else:
                    raise AssertionError(f"Anna always passes, yet {view.phase}")
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

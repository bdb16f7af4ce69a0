"""The replay viewer on house-rule deals, by keys: Kontra and Re (also before
the first card), a Ramsch, a Schieberamsch with pushes, a Bock deal and a
deal of a four-player match from the history; the analysis of a Ramsch says
why there is none."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from house_deals import (
    NAMES,
    bock,
    four_player_match,
    kontra_first_card,
    kontra_re,
    ramsch,
    schieberamsch,
)
from skat_core.game import GameState
from skat_core.records import record_from_state
from skat_tui.app import SkatApp
from skat_tui.cli_replay import load_source
from skat_tui.screens.analysis import AnalysisScreen
from skat_tui.screens.replay import ReplayScreen
from skat_tui.storage import Storage

from .helpers import replay_for, screen_text, wait


def app_for(state: GameState, home: Path) -> SkatApp:
    path = home / "deal.json"
    path.write_text(json.dumps(record_from_state(state, NAMES, game_id="pub")))
    return replay_for(load_source(str(path), Storage(home, sync=False)),
                      Storage(home, sync=False))


async def step_through(pilot: Pilot[Any], app: SkatApp, state: GameState) -> list[str]:
    """Every step by key, checked against the engine; the text at each step."""
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    texts = [screen_text(app)]
    for i in range(1, len(state.history) + 1):
        await pilot.press("right")
        assert screen.state.history == state.history[:i]
        texts.append(screen_text(app))
    assert screen.state == state
    return texts


@asynccontextmanager
async def stepped_through(
    state: GameState, home: Path
) -> AsyncIterator[tuple[Pilot[Any], SkatApp, list[str]]]:
    """The replay of ``state`` opened and stepped through by key to its end
    (see :func:`step_through`); the pilot, the app and the text at each step."""
    app = app_for(state, home)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait(pilot)
        yield pilot, app, await step_through(pilot, app, state)


async def test_kontra_and_re_step_by_step(tmp_path: Path) -> None:
    async with stepped_through(kontra_re(), tmp_path) as (_, _, texts):
        assert "Bob says Kontra" in texts[7] and "· Kontra" in texts[7]
        assert "Ann says Re" in texts[10] and "· Re" in texts[10]
        assert "Kontra × 2; Re × 2; won, +240" in texts[-1]
        assert "rules pub" in texts[-1]


async def test_kontra_before_the_first_card_step_by_step(tmp_path: Path) -> None:
    async with stepped_through(kontra_first_card(), tmp_path) as (pilot, app, texts):
        assert "Bob to double or let the game stand" in texts[5]
        assert "Bob says no Kontra" in texts[6] and "Cid says Kontra" in texts[7]
        assert "Ann says Re" in texts[8] and "Ann to lead" in texts[8]
        await pilot.press("home", "down")  # a trick at a time: first the lead after Re
        assert app.screen.step == 8  # type: ignore[attr-defined]


async def test_a_ramsch_and_its_analysis(tmp_path: Path) -> None:
    async with stepped_through(ramsch(), tmp_path) as (pilot, app, texts):
        assert "· Ramsch" in texts[3] and "Ann to lead" in texts[3]
        assert "Ramsch: forehand took the most points, 92; Jungfrau × 2" in texts[-1]
        await pilot.press("a")  # the analysis says why it has nothing to show
        await wait(pilot)
        assert isinstance(app.screen, AnalysisScreen)
        assert "A Ramsch has no soloist" in screen_text(app)
        await pilot.press("escape")
        await wait(pilot)
        assert isinstance(app.screen, ReplayScreen)


async def test_a_schieberamsch_with_pushes(tmp_path: Path) -> None:
    async with stepped_through(schieberamsch(), tmp_path) as (_, _, texts):
        assert "Schieberamsch" in texts[3] and "Ann to take the skat or pass it on" in texts[3]
        assert "Ann takes the skat" in texts[4] and "(taken by Ann)" in texts[4]
        assert "Ann pushes" in texts[5] and "(pushed 1 time)" in texts[5]
        assert "Cid passes the skat on unseen" in texts[8]
        assert "(pushed 2 times)" in texts[-1] and "2 pushes × 4" in texts[-1]


async def test_a_bock_deal(tmp_path: Path) -> None:
    state = bock()
    app = app_for(state, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait(pilot)
        await pilot.press("end")
        text = screen_text(app)
        assert "Bock ×2" in text and "Bock × 2; won, +120" in text


async def test_a_deal_of_a_four_player_match_from_the_history(tmp_path: Path) -> None:
    match, records = four_player_match()
    storage = Storage(tmp_path, sync=False)
    for rec in records:
        storage.append_history(rec)
    app = replay_for(load_source("2", storage), storage)
    outcome = match.outcomes[1]
    async with app.run_test(size=(100, 30)) as pilot:
        await wait(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        assert screen.state == outcome.state
        text = screen_text(app)
        dealer = match.config.players[outcome.dealer]
        assert dealer == "Bob" and "Cid" in text and "Dan" in text and "Ann" in text
        assert screen.game.players == ("Cid", "Dan", "Ann")

"""The scores screen from the start screen: dailies by date, best matches,
per-player averages; a damaged row is left out with a warning, and a
leaderboard another program holds locked is a message (r tries again)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from skat_tui.leaderboard import Leaderboard, MatchSummary, PlayerLine
from skat_tui.screens.scores import ScoresScreen
from skat_tui.screens.start import StartScreen
from skat_tui.storage import Storage

from .helpers import Bare, open_from_start, screen_text, start_app, wait

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def summary(match_id: str, ann: int, kind: str = "seeded", seed: str = "Eichel",
            when: str = "2026-11-29T12:00:00Z") -> MatchSummary:
    return MatchSummary(match_id, when, kind, seed, 9, (
        PlayerLine("Ann", "human", ann, ann // 2, 3, 2),
        PlayerLine("Lena", "normal", -50, -25, 4, 1),
        PlayerLine("Rolf", "normal", 20, 10, 2, 2),
    ))


def fill(home: Path) -> Path:
    """Two matches and a scored daily."""
    path = Storage(home).leaderboard_path
    board = Leaderboard(path, clock=lambda: NOW)
    board.record_match(summary("a", 100))
    board.record_match(summary("b", 300, when="2026-11-30T09:00:00Z"))
    board.start_daily("2026-11-29", "d", NOW)
    board.record_match(summary("d", 180, kind="daily", seed="daily:2026-11-29"),
                       daily_day="2026-11-29", started_at=NOW)
    board.close()
    return path


async def open_scores(pilot: Pilot[Any]) -> ScoresScreen:
    return await open_from_start(pilot, "s", ScoresScreen)


async def test_pub_matches_are_kept_apart_and_p_switches_to_them(tmp_path: Path) -> None:
    """'Replays, history, statistics and the leaderboard keep pub matches apart
    from tournament ones': the screen shows tournament matches; p shows the
    pub ones (as skat scores --rules pub), p again goes back."""
    fill(tmp_path)
    board = Leaderboard(Storage(tmp_path).leaderboard_path, clock=lambda: NOW)
    board.record_match(summary("p", 777, kind="pub", seed="Kneipe"))
    board.close()
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        scores = await open_scores(pilot)
        text = screen_text(app)
        assert "Best matches, tournament rules (Seeger-Fabian)" in text
        assert "+777" not in text and "+300" in text
        await pilot.press("p")
        await wait(pilot)
        assert scores.pub
        text = screen_text(app)
        assert "Best matches under house rules (Seeger-Fabian)" in text
        best = text[text.index("Best matches"):]
        assert "+777" in best and "pub" in best and "+300" not in best
        await pilot.press("s")  # the standard list of the pub matches
        await wait(pilot)
        assert "Best matches under house rules (standard)" in screen_text(app)
        assert "+388" in screen_text(app)
        await pilot.press("end")
        await wait(pilot)
        # Ann's pub average alone: 777 SF points in 9 deals.
        assert "86.3" in screen_text(app)
        await pilot.press("p")
        await wait(pilot)
        assert not scores.pub and "+777" not in screen_text(app)


async def test_dailies_best_matches_and_averages(tmp_path: Path) -> None:
    fill(tmp_path)
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        scores = await open_scores(pilot)
        assert scores.error is None and not scores.warnings
        text = screen_text(app)
        assert "Daily deals" in text and "2026-11-29" in text and "Ann +180" in text
        assert "Best matches, tournament rules (Seeger-Fabian)" in text
        best = text[text.index("Best matches"):]
        assert best.index("+300") < best.index("+180") < best.index("+100")
        await pilot.press("s")  # the standard list
        await wait(pilot)
        text = screen_text(app)
        assert "Best matches, tournament rules (standard)" in text and "+150" in text
        await pilot.press("end")
        await wait(pilot)
        text = screen_text(app)
        # Ann: 580 SF points in 27 deals, 6 of 9 soloist games won.
        assert "21.5" in text and "67% of 9" in text
        await pilot.press("escape")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_a_locked_leaderboard_is_a_message_and_r_tries_again(tmp_path: Path) -> None:
    path = fill(tmp_path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program holds it
    app = start_app(tmp_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            scores = await open_scores(pilot)
            assert scores.error is not None
            text = screen_text(app)
            assert "The scores cannot be shown now" in text
            assert "locked by another program" in text
            assert not scores.query_one("#scores-body").display
            assert not app.screen.active_bindings["s"].enabled
            other.execute("ROLLBACK")
            await pilot.press("r")
            await wait(pilot)
            assert scores.error is None and "Ann +180" in screen_text(app)
    finally:
        other.close()


async def test_a_damaged_row_is_left_out_with_a_warning(tmp_path: Path) -> None:
    path = fill(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE matches SET players = 'not json' WHERE match_id = 'b'")
    db.close()
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        scores = await open_scores(pilot)
        assert scores.error is None and len(scores.warnings) == 1
        text = screen_text(app)
        assert "damaged" in text and "skipped" in text
        assert "+300" not in text and "+100" in text


async def test_default_storage_and_nothing_yet(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAT_HOME", str(tmp_path))
    app = Bare(ScoresScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = app.screen
        assert isinstance(screen, ScoresScreen) and screen.storage.home == tmp_path
        assert "none yet" in screen_text(app)

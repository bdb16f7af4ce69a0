"""The daily and seeded matches: today's nine deals from the UTC date, the
same for everybody; the player is told before it starts whether the attempt
is scored (the first one of the day) or practice.  ``skat play --seed WORD``
deals the documented cards and reaches the leaderboard as 'seeded'."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from skat_core.cards import CardSet
from skat_core.deal import deal_from_seed
from skat_core.match import Scoring
from skat_core.seeds import daily_seed, utc_today
from skat_tui.screens import ConfirmScreen, TableScreen
from skat_tui.screens.start import StartScreen
from skat_tui.storage import Storage

from .helpers import screen_text, settle, table
from .test_tui_start import start_app, wait


async def test_the_daily_is_scored_the_first_time_and_practice_after(tmp_path: Path) -> None:
    today = utc_today()
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait(pilot)
        assert "scored attempt" in screen_text(app)  # said on the start screen already
        await pilot.press("d")
        await wait(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = screen_text(app)
        assert f"Daily {today}" in text and "This is your scored attempt" in text
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        c = table(app).controller
        config = c.match.config
        assert config.seed == daily_seed(today)
        assert (config.deals, config.scoring, config.first_dealer) == (
            9, Scoring.SEEGER_FABIAN, 0)
        assert [c.players[p].level for p in range(3)] == [None, "normal", "normal"]
        assert app.keeper is not None and app.keeper.scored is True
        assert app.keeper.meta["kind"] == "daily"
        assert "scored attempt" in screen_text(app)
        # everybody gets the same cards: the deal is the daily seed's
        assert c.match.current is not None
        assert c.match.current.deal == deal_from_seed(daily_seed(today), 0)

        # Starting it again (giving this one up) is practice, and says so first.
        app.action_menu()
        await wait(pilot)
        await pilot.press("d")
        await wait(pilot)
        assert "Give up your unfinished match?" in screen_text(app)
        await pilot.press("y")
        await wait(pilot)
        text = screen_text(app)
        assert "already started today's scored attempt" in text and "practice" in text
        await pilot.press("y")
        await settle(pilot)
        assert app.keeper is not None and app.keeper.scored is False
        assert "Practice" in screen_text(app)


async def test_skat_daily_asks_first_and_back_leads_to_the_start_screen(tmp_path: Path) -> None:
    app = start_app(tmp_path, start="daily")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        assert Storage(tmp_path).load_current() is None  # nothing started, nothing used


async def test_another_days_daily_is_practice(tmp_path: Path) -> None:
    day = date(2026, 1, 2)
    app = start_app(tmp_path, start="daily", daily=day)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        assert "not today's: this is practice" in screen_text(app)
        await pilot.press("y")
        await settle(pilot)
        assert table(app).controller.match.config.seed == "daily:2026-01-02"
        assert app.keeper is not None and app.keeper.scored is False


async def test_a_seeded_match_deals_the_words_cards_and_counts_as_seeded(tmp_path: Path) -> None:
    # skat play --seed Eichel (the word from docs/saving.md)
    app = start_app(tmp_path, start="match", seed="Eichel")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        c = table(app).controller
        assert c.match.config.seed == "Eichel"
        deal = c.match.current.deal if c.match.current else None
        assert deal is not None
        assert CardSet(deal.hands[0]) == CardSet.from_str("SJ HJ CQ SQ S7 HT HQ H8 D9 D7")
        assert CardSet(deal.skat) == CardSet.from_str("CK HA")
        assert app.keeper is not None and app.keeper.meta["kind"] == "seeded"
        saved = Storage(tmp_path).load_current()
        assert saved is not None and saved.meta["kind"] == "seeded"

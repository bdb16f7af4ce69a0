"""A whole match of nine deals against bots at the fastest speed, played by
keys the way a player reads the screen."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from skat_core.game import Bid, Hold, Phase
from skat_core.match import Match
from skat_tui.app import SkatApp
from skat_tui.screens import DealResultScreen, ScoreSheetScreen, TableScreen

from .helpers import make_app, random_bots, screen_text, settle, table, view

DECLARE_KEYS = ("g", "c", "s", "r", "d", "n")


async def take_turn(pilot: Pilot[Any], app: SkatApp) -> None:
    """One step of a cautious player: bid or hold up to 30, then any game."""
    screen = app.screen
    if isinstance(screen, DealResultScreen | ScoreSheetScreen):
        await pilot.press("enter")
        return
    assert isinstance(screen, TableScreen)
    v = view(app)
    if v.to_move != v.seat:
        await settle(pilot)
        return
    t = table(app)
    if v.phase == Phase.BIDDING:
        bids = [a.value for a in v.legal if isinstance(a, Bid)]
        if bids and bids[0] <= 30:
            await pilot.press("b")
        elif Hold() in v.legal and v.bid <= 30:
            await pilot.press("y")
        else:
            await pilot.press("p")
    elif v.phase == Phase.SKAT:
        await pilot.press("u")
    elif v.phase == Phase.DISCARD:
        await pilot.press("1", "2", "d")
    elif v.phase == Phase.DECLARE:
        key = next(k for k in DECLARE_KEYS if t.check_action("declare", (k_letter(k),)))
        await pilot.press(key)
    elif v.phase == Phase.PLAYING:
        await pilot.press("enter")
    await settle(pilot)


def k_letter(key: str) -> str:
    return {"g": "G", "c": "C", "s": "S", "r": "H", "d": "D", "n": "N"}[key]


async def play_to_the_end(pilot: Pilot[Any], app: SkatApp, most_steps: int) -> Match:
    """Turns by :func:`take_turn` until the match is over and its score sheet
    shows (within ``most_steps`` turns, else it does not move on): the match."""
    controller = table(app).controller
    steps = 0
    while not (controller.match.is_over and isinstance(app.screen, ScoreSheetScreen)):
        await take_turn(pilot, app)
        steps += 1
        assert steps < most_steps, "the match does not move on"
    return controller.match


async def test_a_nine_deal_match_against_bots() -> None:
    app = make_app(seed="match", factory=random_bots)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        controller = table(app).controller
        match = await play_to_the_end(pilot, app, 1000)
        assert len(match.outcomes) == 9
        text = screen_text(app)
        assert "Match over" in text
        assert "9 of 9 deals" in text
        # every deal has its row on the sheet
        for n in range(1, 10):
            assert f"\n{n} " in text or f" {n} " in text
        await pilot.press("n")  # a new match
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert table(app).controller is not controller
        assert table(app).controller.match.deal_number == 0
        assert "Deal 1 of 9" in screen_text(app)


async def test_the_match_end_counts_games_won_and_lost_and_leads_to_the_start_screen() -> None:
    from skat_tui.screens.result import games_won_lost
    from skat_tui.screens.start import StartScreen

    from .test_tui_dialogs_fit import assert_fits

    app = make_app(seed="match", factory=random_bots, deals=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        match = await play_to_the_end(pilot, app, 400)
        won, lost = games_won_lost(match)
        assert sum(won) + sum(lost) == sum(
            1 for o in match.outcomes if o.result.contract is not None
        )
        cells = [f"{w} / {lost_}" for w, lost_ in zip(won, lost, strict=True)]
        assert_fits(app.screen, "Games won / lost", *cells, "Start screen m")
        await pilot.press("m")
        await settle(pilot)
        assert isinstance(app.screen, StartScreen)

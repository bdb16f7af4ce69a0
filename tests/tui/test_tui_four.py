"""Four at the table, by keys: the hotseat dialog seats four (a human and three
bots), the pub rules chosen there; the dealer sits each deal out and the table
says so; the match of twelve deals is played to the score sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from skat_core.game import Phase
from skat_tui.app import SkatApp
from skat_tui.screens import DealResultScreen, ScoreSheetScreen, TableScreen
from skat_tui.screens.dialogs import ConfirmScreen

from .helpers import random_bots, screen_text, settle, start_app, table, wait
from .test_tui_match import take_turn

questions: list[str] = []
FOUR = [["Ann", None], ["Rolf", "random"], ["Lena", "random"], ["Cid", "random"]]


async def turn(pilot: Pilot[Any], app: SkatApp) -> None:
    screen = app.screen
    if isinstance(screen, ConfirmScreen):
        questions.append(screen_text(app))
        await pilot.press("n")  # a bot's claim or give-up: play on
        await settle(pilot)
        return
    if isinstance(screen, TableScreen) and screen.controller.view(app.viewer) is None:
        await settle(pilot)  # Ann deals and sits out: the bots play on
        return
    if isinstance(screen, TableScreen):
        v = screen.controller.view(app.viewer)
        assert v is not None
        if v.to_move == v.seat and v.phase == Phase.PUSH:
            await pilot.press("w")
            await settle(pilot)
            return
    await take_turn(pilot, app)


async def test_a_four_player_pub_match_by_keys(tmp_path: Path) -> None:
    app = start_app(tmp_path, factory=random_bots, deals=12, rules="pub",
                    extra={"hotseat": FOUR})
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        await pilot.press("h")
        await wait(pilot)
        assert "Seat 4" in screen_text(app) and "Pub" in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        controller = table(app).controller
        match = controller.match
        assert match.players == 4 and match.rules.name == "pub"
        assert match.dealer == 0 and match.seat_of(0) is None
        seen_out = False
        steps = 0
        while not (controller.match.is_over and isinstance(app.screen, ScoreSheetScreen)):
            m = controller.match
            if (isinstance(app.screen, TableScreen) and m.current is not None
                    and not m.current.is_over):
                # The top bar names the dealer who sits the deal out (in a
                # sentence of its own when the one at the screen deals).
                text = screen_text(app)
                if app.screen.viewer == m.dealer:
                    assert "You deal and sit out." in text
                    assert "sits out" not in text
                else:
                    assert f"dealer {m.config.players[m.dealer]} sits out" in text
                seen_out = True
            await turn(pilot, app)
            steps += 1
            assert steps < 3000, "the match does not move on"
        assert seen_out
        match = controller.match
        assert len(match.outcomes) == 12
        assert sum(1 for o in match.outcomes if o.dealer == 0) == 3
        for o in match.outcomes:
            assert o.dealer not in o.seats
        text = screen_text(app)
        assert "Match over" in text and "pub rules" in text
        assert isinstance(app.screen, ScoreSheetScreen | DealResultScreen)

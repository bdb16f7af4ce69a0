"""Every dialog fits the smallest terminal the table supports (80×24): the
dialog lies within the screen and each sentence in it is shown whole,
wrapped if need be, never cut off."""

from __future__ import annotations

from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Static

from skat_tui.screens.dialogs import ConfirmScreen

from .helpers import Bare, make_app, settle, wait
from .test_tui_claims import OUVERT, bot_plays_ouvert, easy_bots

SIZE = (80, 24)


def shown_words(screen: Screen[Any]) -> list[str]:
    """The words shown inside the screen's dialogs, row by row."""
    strips = screen._compositor.render_strips()
    words: list[str] = []
    for dialog in screen.query(".dialog"):
        r = dialog.region
        for y in range(r.y, r.bottom):
            words.extend(strips[y].crop(r.x, r.right).text.strip(" │╭╮╰╯─").split())
    return words


def assert_fits(screen: Screen[Any], *sentences: str) -> None:
    """The dialog lies within the screen and every sentence is on it, whole."""
    width, height = SIZE
    for dialog in screen.query(".dialog"):
        region = dialog.region
        assert region.x >= 0 and region.y >= 0, region
        assert region.right <= width and region.bottom <= height, region
        for static in dialog.query(Static):
            inner = static.content_region
            assert inner.right <= region.right and inner.bottom <= region.bottom, (static, inner)
    words = " ".join(shown_words(screen))
    for sentence in sentences:
        assert " ".join(sentence.split()) in words, (sentence, words)


async def test_the_defenders_give_up_dialog_is_whole_at_80_by_24() -> None:
    app = make_app(seed=OUVERT, factory=easy_bots)
    async with app.run_test(size=SIZE) as pilot:
        await bot_plays_ouvert(pilot, app)
        await pilot.press("G")
        await wait(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "your giving up stays" in app.screen.question
        assert_fits(app.screen, app.screen.question)
        await pilot.press("n")
        await settle(pilot)


QUESTIONS = [
    "Give up? Legolas the Elder must agree too; if not, play goes on "
    "(your giving up stays said).",
    "Give up too? Legolas the Elder gave up already: the game ends.",
    "Show your cards and claim every remaining trick?\nThe defenders may accept "
    "(the game ends) or play on; your cards stay shown.",
    "Legolas the Elder shows the cards and claims the rest.\nAccept (the game ends) or play on?",
    "Leave this practice deal? It is not kept.",
]


@pytest.mark.parametrize("question", QUESTIONS)
async def test_a_long_question_wraps_inside_its_dialog(question: str) -> None:
    app = Bare(lambda: ConfirmScreen(question, "Give up", "Cancel"))
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot)
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert_fits(screen, question, "Give up", "Cancel")

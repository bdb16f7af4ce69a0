"""Every dialog fits the smallest terminal the table supports (80×24): the
dialog lies within the screen and each sentence in it is shown whole,
wrapped if need be, never cut off."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from skat_core.cards import Card
from skat_core.match import Match
from skat_tui.controller import PlayerSpec
from skat_tui.deck import DeckStyle
from skat_tui.headless import run_match
from skat_tui.screens import DealResultScreen, ScoreSheetScreen
from skat_tui.screens.dialogs import ConfirmScreen, HelpScreen, LastTrickScreen
from skat_tui.screens.newmatch import NewMatchScreen
from skat_tui.screens.replay import SeatScreen
from skat_tui.screens.settings_screen import SettingsScreen
from skat_tui.settings import Settings
from skat_tui.storage import Storage

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
            # a part that scrolls must fit as a whole, its content scrolls
            scroll = next((a for a in static.ancestors if isinstance(a, VerticalScroll)), None)
            inner = static.content_region if scroll in (None, dialog) else scroll.region
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


# -- every other dialog, with long names, at 80×24 -------------------------------

LONG = ("Legolas Greenleaf", "Bob", "Cid")


def finished_match(tmp_path: Path, deals: int = 3) -> Match:
    match = run_match(Storage(tmp_path, sync=False), seed="fit", deals=deals)
    assert match.is_over
    return match


def dialogs(match: Match) -> dict[str, Callable[[], Screen[Any]]]:
    deck = DeckStyle.FOUR_COLOUR
    played = next(o for o in reversed(match.outcomes) if o.result.contract is not None)
    return {
        "result": lambda: DealResultScreen(played, LONG, 3, deck, match.config.scoring),
        "score sheet": lambda: ScoreSheetScreen(match, LONG, deck),
        "last trick": lambda: LastTrickScreen(
            [(LONG[0], Card(0)), (LONG[1], Card(1)), (LONG[2], Card(2))], LONG[0], 14, 3, deck
        ),
        "seat": lambda: SeatScreen("Play on from here: which seat do you take?", LONG, 2),
        "settings": lambda: SettingsScreen(Settings()),
        "hotseat": lambda: NewMatchScreen([PlayerSpec(LONG[0]), PlayerSpec("Bob", "easy"),
                                           PlayerSpec("Cid", "strong")]),
        "help": lambda: HelpScreen(),
    }


NAMES = ["result", "score sheet", "last trick", "seat", "settings", "hotseat", "help"]


@pytest.mark.parametrize("name", NAMES)
async def test_every_dialog_lies_within_80_by_24(tmp_path: Path, name: str) -> None:
    make = dialogs(finished_match(tmp_path))[name]
    app = Bare(make)
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot)
        screen = app.screen
        assert isinstance(screen, ModalScreen)
        if name == "help":  # scrolls (↑/↓): only the dialog itself must fit
            region = screen.query_one(".dialog").region
            assert region.right <= SIZE[0] and region.bottom <= SIZE[1], region
        else:
            assert_fits(screen)
        # what it says about the players is there, whole
        if name in ("score sheet", "last trick", "seat", "hotseat"):
            words = " ".join(shown_words(screen))
            assert LONG[0] in words or "Legolas Greenle" in words, words


async def test_the_score_sheet_of_a_nine_deal_match_fits_80_by_24(tmp_path: Path) -> None:
    match = finished_match(tmp_path, deals=9)
    app = Bare(lambda: ScoreSheetScreen(match, LONG, DeckStyle.FOUR_COLOUR))
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot)
        assert_fits(app.screen, "Games won / lost", "Start screen m", "Quit q")

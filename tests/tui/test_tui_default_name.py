"""The default player name ("You" in the settings) is the language's word for
"you" wherever it is shown -- the table, its log, the result, the score
sheet, the replay, the history, the scores, the statistics and the ``skat``
commands -- in whole sentences; a typed name stays as typed, and what is
stored keeps the default as "You" (docs/translations.md)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skat_core.game import Phase
from skat_tui import i18n
from skat_tui.screens import ScoreSheetScreen
from skat_tui.screens.history import HistoryScreen
from skat_tui.screens.replay import ReplayGame, ReplayScreen
from skat_tui.screens.scores import ScoresScreen
from skat_tui.screens.stats import StatsScreen
from skat_tui.storage import Storage

from .helpers import Bare, make_app, screen_text, settle, table, view, wait

ENGLISH = re.compile(r"\bYou\b")
# a German third-person verb after "du" (du passt / du reizt are right)
GLUED = {"de": re.compile(r"\b[Dd]u (spielt|sagt|nimmt|gibt|drückt|hat|ist|gewinnt|schiebt|"
                         r"beansprucht|gesteht|stimmt|denkt|setzt)\b"),
         # a Polish third-person verb after "Ty" (ty licytujesz, not ty licytuje)
         "pl": re.compile(r"\b[Tt]y (licytuje|gra|pasuje|podnosi|odrzuca|wychodzi|dokłada|bierze|"
                          r"wygrywa|przegrywa|ma|jest|rozdaje|mówi|oddaje|przekazuje)\b"),
         # a Silesian third-person verb after "Ty" (ty rajcujesz, not ty rajcuje)
         "szl": re.compile(r"\b[Tt]y (rajcuje|grŏ|pasuje|biere|ôdkłŏdŏ|wychodzi|zagrywŏ|podowŏ|"
                           r"wygrŏwŏ|przegrŏwŏ|mŏ|je|rozdowŏ|padŏ|ôddowŏ|ôbiyrŏ)\b"),
         # a Ukrainian third-person verb after "Ви" (ви пасуєте, not ви пасує)
         "uk": re.compile(r"\b[Вв]и (грає|каже|пасує|бере|відкладає|ходить|передає|запитує|"
                          r"виграє|програє|має|роздає|здає|здається|заявляє|оголошує|виграв)\b")}
SOLOIST = {"de": "du bist Alleinspieler", "pl": "jesteś rozgrywającym",
           "szl": "ty żeś solista", "uk": "ви соліст"}
WORD = {"de": "Du", "pl": "Ty", "szl": "Ty", "uk": "Ви"}


@pytest.fixture(params=["de", "pl", "szl", "uk"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code = str(request.param)
    i18n.set_language(code)
    yield code
    i18n.set_language("en")


def test_the_default_name_is_shown_in_the_language_and_a_typed_one_as_typed(
        language: str) -> None:
    assert i18n.shown_name("You") == WORD[language]
    assert i18n.shown_name("Anna") == "Anna"
    i18n.set_language("en")
    assert i18n.shown_name("You") == "You"


async def test_a_deal_its_sheet_and_replay_say_you_in_the_language(language: str) -> None:
    try:
        app = make_app()  # the player's name is the default
        seen: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            seen.append(screen_text(app))
            dealer = {"de": ("du gibst", "Geber "), "pl": ("rozdajesz", "rozdaje "),
                      "szl": ("rozdowŏsz", "rozdowŏ "), "uk": ("ви роздаєте", "роздає ")}[language]
            assert any(words in seen[-1] for words in dealer), seen[-1]
            for key in ("b", "u", "1", "2", "d", "g"):
                await pilot.press(key)
                await settle(pilot)
                seen.append(screen_text(app))
            while view(app).phase == Phase.PLAYING:
                await pilot.press("enter")
                await settle(pilot)
                seen.append(screen_text(app))
            await pilot.press("enter")  # the result → the score sheet
            await settle(pilot)
            seen.append(screen_text(app))
            assert isinstance(app.screen, ScoreSheetScreen)
            m = table(app).controller.match
            outcome = m.outcomes[-1]
            players = tuple(m.config.players[p] for p in outcome.seats)
            assert "You" in players  # the match keeps the stored name
            game = ReplayGame(outcome.state, (players[0], players[1], players[2]), "test",
                              human=outcome.seats.index(0))
            await app.push_screen(ReplayScreen(game))
            await settle(pilot)
            replay = app.screen
            assert isinstance(replay, ReplayScreen)
            for _ in range(replay.last):
                await pilot.press("right")
                await wait(pilot, 1)
                seen.append(screen_text(app))
            seen.extend(replay._log_lines())
    finally:
        i18n.set_language("en")
    text = "\n".join(seen)
    assert WORD[language] in text and SOLOIST[language] in text
    assert not ENGLISH.search(text), [line for line in text.splitlines()
                                      if ENGLISH.search(line)][:5]
    glued = [line for line in text.splitlines() if GLUED[language].search(line)]
    assert glued == [], glued[:5]


def _history(tmp_path: Path) -> Storage:
    """A finished match of three deals in the history and the scores, its
    first player under the default name, stored as the app stores it."""
    from skat_core.match import Match
    from skat_tui.headless import _play
    from skat_tui.match_start import MatchKeeper

    storage = Storage(tmp_path, sync=False)
    match = Match.start(("You", "Lena", "Rolf"), deals=3, seed="name")
    keeper = MatchKeeper.start(storage, match, {"You": "random", "Lena": "random",
                                                "Rolf": "random"}, kind="seeded")
    try:
        _play(keeper, None, 0.0, None, lambda text: None)
    finally:
        keeper.close()
    path = storage.history_path  # the player at the keyboard: a human seat
    path.write_text(path.read_text(encoding="utf-8").replace('"You":"random"', '"You":"human"'),
                    encoding="utf-8")
    return storage


@pytest.mark.parametrize("screen", ["history", "scores", "stats"])
async def test_the_lists_show_the_default_name_in_the_language(
        tmp_path: Path, language: str, screen: str) -> None:
    storage = _history(tmp_path)
    make: dict[str, Any] = {"history": lambda: HistoryScreen(storage),
                            "scores": lambda: ScoresScreen(storage),
                            "stats": lambda: StatsScreen(storage)}
    app = Bare(make[screen])
    async with app.run_test(size=(100, 40)) as pilot:
        await wait(pilot, 6)
        await app.workers.wait_for_complete()
        await wait(pilot)
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
    assert not ENGLISH.search(text), text
    if screen == "history":
        assert WORD[language] in text, text
    assert '"You"' in storage.history_path.read_text(encoding="utf-8")


async def test_the_settings_show_the_default_name_in_the_language_and_keep_it(
        tmp_path: Path) -> None:
    """The name field reads "Du"; saved unchanged, the settings keep "You"
    (so that the name is "Ty" after a switch to Polish)."""
    from textual.widgets import Input

    from skat_tui.screens.settings_screen import SettingsScreen

    from .helpers import start_app

    i18n.set_language("de")
    try:
        app = start_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait(pilot)
            await pilot.press("o")
            await wait(pilot)
            assert isinstance(app.screen, SettingsScreen)
            assert app.screen.query_one("#set-name", Input).value == "Du"
            await pilot.press("ctrl+s")
            await wait(pilot, 6)
            assert app.settings.player_name == "You"
    finally:
        i18n.set_language("en")

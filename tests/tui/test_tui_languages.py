"""The main screens in German, Polish, Silesian and Ukrainian at 80×24: every dialog lies within
the screen and shows its sentences whole, no button label is cut, no text
is cut off at the bottom of its box; and a language chosen in the settings
changes the open screens at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.containers import ScrollableContainer
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Select, Static

from skat_core.game import Phase
from skat_tui import i18n
from skat_tui.footer import Footer
from skat_tui.headless import run_match
from skat_tui.screens.replay import ReplayGame, ReplayScreen
from skat_tui.screens.settings_screen import SettingsScreen
from skat_tui.screens.start import ENTRIES, StartScreen
from skat_tui.screens.stats import StatsScreen
from skat_tui.storage import Storage

from .helpers import Bare, make_app, settle, start_app, view, wait
from .test_tui_dialogs_fit import LONG, SIZE, assert_fits, dialogs, finished_match

LANGUAGES = ["de", "pl", "szl", "uk"]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code = str(request.param)
    i18n.set_language(code)
    yield code
    i18n.set_language("en")


def cut_texts(screen: Screen[Any]) -> list[str]:
    """What is cut off on ``screen``: a button whose label is wider than the
    button, a text that needs more lines than its box has (a box that
    scrolls may be taller inside)."""
    cut: list[str] = []
    for button in screen.query(Button):
        if button.display and button.region.width:
            label = button.label
            width = label.cell_length if hasattr(label, "cell_length") else len(str(label))
            if width > button.content_region.width:
                cut.append(f"button {button.id}: {label!s}")
    for static in screen.query(Static):
        if isinstance(static, Button) or not static.display or not static.region.height:
            continue
        if any(isinstance(a, ScrollableContainer) for a in static.ancestors):
            continue
        inner = static.content_region
        if not inner.width:
            continue
        needed = static.get_content_height(inner.size, screen.size, inner.width)
        if needed > inner.height:
            cut.append(f"{type(static).__name__} {static.id}: {needed} > {inner.height} lines")
    return cut


def inside(screen: Screen[Any]) -> None:
    width, height = SIZE
    for widget in screen.query("*"):
        if any(isinstance(a, Footer) for a in (widget, *widget.ancestors)):
            continue  # the key bar scrolls sideways when its keys do not fit
        r = widget.region
        if widget.display and r.width and r.height:
            assert r.right <= width and r.bottom <= height, (widget, r)


async def assert_whole(screen: Screen[Any], english: list[str] | None = None) -> None:
    inside(screen)
    cut = cut_texts(screen)
    assert cut == (english or []), cut


async def english_cuts(make: Any) -> list[str]:
    """What the same screen cuts in English (the baseline a translation keeps)."""
    i18n_lang = i18n.language()
    i18n.set_language("en")
    try:
        app = Bare(make)
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot)
            return cut_texts(app.screen)
    finally:
        i18n.set_language(i18n_lang)


@pytest.mark.parametrize("name", ["result", "score sheet", "last trick", "seat", "settings",
                                  "hotseat"])
async def test_every_dialog_fits_in_each_language(tmp_path: Path, language: str,
                                                  name: str) -> None:
    make = dialogs(finished_match(tmp_path))[name]
    app = Bare(make)
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot)
        screen = app.screen
        assert isinstance(screen, ModalScreen)
        assert_fits(screen)
        assert cut_texts(screen) == [], cut_texts(screen)
        if name in ("score sheet", "last trick", "seat"):
            words = screen._compositor.render_strips()
            text = " ".join(s.text for s in words)
            assert LONG[1] in text


async def test_the_start_screen_in_each_language(tmp_path: Path, language: str) -> None:
    app = start_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        await assert_whole(app.screen)
        menu = app.screen.query_one("#start-menu")
        for option in menu._options:  # every entry's note stays in the menu's width
            for line in option.prompt.plain.split("\n"):
                assert len(line) <= menu.content_region.width, line
        for entry in ENTRIES:  # a space between each label and its note
            option = menu.get_option(entry.action)
            first = option.prompt.plain.split("\n")[0]
            label = i18n._(entry.label)
            assert f"  {label} " in first or first.rstrip().endswith(label), first
        expected = {"de": "Neues Match", "pl": "Nowy mecz", "szl": "Nowy mecz",
                    "uk": "Новий матч"}[language]
        assert expected in " ".join(s.text for s in app.screen._compositor.render_strips())


async def test_the_table_while_bidding_and_playing(language: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert view(app).phase == Phase.BIDDING
        await assert_whole(app.screen)
        await pilot.press("p")  # pass: the bots play it out
        await settle(pilot)
        for _ in range(40):
            v = view(app)
            if v.phase == Phase.PLAYING and v.to_move == v.seat:
                break
            await pilot.press("p")
            await settle(pilot)
        await assert_whole(app.screen)


async def test_statistics_and_replay_in_each_language(tmp_path: Path, language: str) -> None:
    storage = Storage(tmp_path, sync=False)
    run_match(storage, seed="lang", deals=3)
    app = Bare(lambda: StatsScreen(storage))
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot, 8)
        await app.workers.wait_for_complete()
        await wait(pilot)
        await assert_whole(app.screen)
    entry = storage.history().entries[-1]
    from skat_tui.screens.history import entry_game

    game: ReplayGame = entry_game(entry, storage)

    def replay() -> ReplayScreen:
        return ReplayScreen(game, step=12)

    # the replay's status lines are long in English already at 80 columns:
    # a translation may cut no more than English does
    english = await english_cuts(replay)
    app = Bare(replay)
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot)
        inside(app.screen)
        assert cut_texts(app.screen) == english, (cut_texts(app.screen), english)


async def test_choosing_a_language_in_the_settings_changes_the_screen(tmp_path: Path) -> None:
    i18n.set_language("en")
    app = start_app(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot)
            text = " ".join(s.text for s in app.screen._compositor.render_strips())
            assert "New match" in text
            await pilot.press("o")
            await wait(pilot)
            assert isinstance(app.screen, SettingsScreen)
            app.screen.query_one("#set-language", Select).value = "de"
            await pilot.press("ctrl+s")
            await wait(pilot, 6)
            assert isinstance(app.screen, StartScreen)
            assert i18n.language() == "de"
            text = " ".join(s.text for s in app.screen._compositor.render_strips())
            assert "Neues Match" in text and "New match" not in text
            assert "Beenden" in text  # the footer's keys too
            assert app.settings.language == "de"
    finally:
        i18n.set_language("en")


async def test_the_language_row_names_each_language_in_itself(tmp_path: Path) -> None:
    """The settings offer every language by its own name, Ukrainian and Silesian
    too, whichever language the screen is in; choosing one switches to it."""
    i18n.set_language("en")
    app = start_app(tmp_path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot)
            await pilot.press("o")
            await wait(pilot)
            select = app.screen.query_one("#set-language", Select)
            names = [str(prompt) for prompt, _value in select._options]
            for name in ("English", "Deutsch", "Polski", "Ślōnski", "Українська"):
                assert name in names, names
            select.value = "uk"
            await pilot.press("ctrl+s")
            await wait(pilot, 6)
            assert i18n.language() == "uk"
            text = " ".join(s.text for s in app.screen._compositor.render_strips())
            assert "Новий матч" in text and "New match" not in text
    finally:
        i18n.set_language("en")

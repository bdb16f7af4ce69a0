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
from textual.widgets._footer import FooterKey

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


def cut_keys(screen: Screen[Any]) -> list[str]:
    """The key bar's entries that do not fit before the command palette's key
    (the bar scrolls sideways, so a key past it is cut off: "q Wyj")."""
    cut: list[str] = []
    for footer in screen.query(Footer):
        keys = list(footer.query(FooterKey))
        palette = [k for k in keys if k.has_class("-command-palette")]
        end = palette[0].region.x if palette else footer.region.right
        cut += [f"key {k.key_display or k.key}: {k.description}" for k in keys
                if k.display and k not in palette and k.region.right > end]
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
    assert cut_keys(screen) == [], cut_keys(screen)


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
        assert cut_keys(screen) == [], cut_keys(screen)
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
        assert cut_keys(app.screen) == [], cut_keys(app.screen)


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
async def test_the_key_bar_fits_at_80_columns_while_playing(code: str) -> None:
    """The table's key bar as soloist during play, and after the deal the
    result and the score sheet: every key before the palette's ("q Wyjście"
    was cut to "q Wyj" in Polish)."""
    i18n.set_language(code)
    try:
        await _play_and_check_keys()
    finally:
        i18n.set_language("en")


async def _play_and_check_keys() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert cut_keys(app.screen) == [], cut_keys(app.screen)
        for key in ("b", "u", "1", "2", "d", "g"):
            await pilot.press(key)
            await settle(pilot)
        assert view(app).phase == Phase.PLAYING
        seen = 0
        while view(app).phase == Phase.PLAYING:
            assert cut_keys(app.screen) == [], cut_keys(app.screen)
            seen += 1
            await pilot.press("enter")
            await settle(pilot)
        for _ in range(2):  # the result, then the score sheet
            assert cut_keys(app.screen) == [], (type(app.screen).__name__, cut_keys(app.screen))
            await pilot.press("enter")
            await settle(pilot)
        assert seen >= 5


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
@pytest.mark.parametrize("screen", ["history", "scores", "stats", "replay"])
async def test_the_key_bars_of_the_lists_and_the_replay_fit(tmp_path: Path, code: str,
                                                          screen: str) -> None:
    """In the app itself, whose own keys (q, ?) join each screen's."""
    from skat_tui.screens.history import HistoryScreen, entry_game
    from skat_tui.screens.scores import ScoresScreen

    storage = Storage(tmp_path, sync=False)
    run_match(storage, seed="keys", deals=3)
    make = {"history": lambda: HistoryScreen(storage), "scores": lambda: ScoresScreen(storage),
            "stats": lambda: StatsScreen(storage),
            "replay": lambda: ReplayScreen(entry_game(storage.history().entries[-1], storage),
                                           step=12)}
    i18n.set_language(code)
    try:
        app = start_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot)
            await app.push_screen(make[screen]())
            await wait(pilot, 8)
            await pilot.pause(0.3)
            assert cut_keys(app.screen) == [], cut_keys(app.screen)
    finally:
        i18n.set_language("en")


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


def bock_match() -> Any:
    """A pub match after its first deal, with Bock deals to come (found by
    playing seeds with random bots: deterministic)."""
    from skat_core.bots import RandomBot
    from skat_core.match import Match
    from skat_core.ruleset import PUB

    for seed in range(200):
        m = Match.start(("You", "Lena", "Rolf"), deals=9, seed=f"b{seed}", rules=PUB)
        bots = [RandomBot(i) for i in range(3)]
        while not m.is_over:
            if m.deal_finished or m.current is None:
                if m.bock_left:
                    return m
                m = m.next_deal()
                continue
            state = m.current
            m = m.apply(bots[m.player_at(state.to_move)].choose(state.view(state.to_move)))
    raise AssertionError("no seed gave a Bock round")


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
async def test_the_score_sheet_title_with_bock_deals_left_does_not_wrap(code: str) -> None:
    """Issue 12's leftover: "… · pub rules · Bock: 3 deals left" wrapped at
    80 columns; the rules and the Bock count are a line of their own."""
    from skat_tui.deck import DeckStyle
    from skat_tui.screens.result import ScoreSheetScreen

    match = bock_match()
    i18n.set_language(code)
    try:
        app = Bare(lambda: ScoreSheetScreen(match, ("You", "Lena", "Rolf"),
                                            DeckStyle.FOUR_COLOUR))
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot)
            title = app.screen.query_one("#sheet-title", Static)
            inner = title.content_region
            assert title.get_content_height(inner.size, app.screen.size, inner.width) == 2
            lines = [s.text.strip(" │") for s in app.screen._compositor.render_strips()]
            bock = {"en": "Bock: {n} deals left", "de": "Bock: noch {n} Spiele",
                    "pl": "Bock: zostały {n} rozdania", "szl": "Bock: ôstały {n} rozdania",
                    "uk": "Бок: лишилося {n} роздачі"}[code].format(n=match.bock_left)
            assert any(line.endswith(bock) for line in lines), lines
            assert cut_texts(app.screen) == []
    finally:
        i18n.set_language("en")


async def test_the_command_palette_and_theme_picker_in_each_language(tmp_path: Path,
                                                                     language: str) -> None:
    """Textual's own palette and theme picker ask in the player's language."""
    from textual.command import CommandInput, CommandPalette

    hints = {"de": ("Befehle suchen…", "Farbschemata suchen…"),
             "pl": ("Szukaj poleceń…", "Szukaj motywów…"),
             "szl": ("Szukej polecyń…", "Szukej mustrōw…"),
             "uk": ("Шукати команди…", "Шукати теми…")}[language]
    app = start_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(CommandInput).placeholder == hints[0]
        await pilot.press("escape")
        await settle(pilot)
        app.search_themes()
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(CommandInput).placeholder == hints[1]

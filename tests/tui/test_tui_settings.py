"""Settings kept between runs; a damaged file falls back to the defaults with
a notice; the settings dialog and the theme are saved."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input, Select

from skat_tui.app import SkatApp
from skat_tui.deck import DeckStyle
from skat_tui.screens import SettingsScreen, TableScreen
from skat_tui.settings import Settings, default_path, load_settings, save_settings
from skat_tui.widgets import HandView

from .helpers import make_app, passing_bots, screen_text, settle


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    settings, notice = load_settings(tmp_path / "none.json")
    assert settings == Settings() and notice is None
    assert settings.deals == 9 and settings.bot_levels == ("normal", "normal")


def test_the_tests_never_touch_the_real_config(tmp_path: Path) -> None:
    # conftest points SKAT_CONFIG_DIR at a temporary directory
    assert default_path() == tmp_path / "config" / "settings.json"


def test_round_trip_keeps_unknown_keys(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"deals": 12, "future_option": [1, 2]}))
    settings, notice = load_settings(path)
    assert notice is None and settings.deals == 12
    save_settings(Settings(deck=DeckStyle.GERMAN, speed="fast", extra=settings.extra), path)
    again, _ = load_settings(path)
    assert again.deck == DeckStyle.GERMAN and again.speed == "fast"
    assert json.loads(path.read_text())["future_option"] == [1, 2]


def test_a_damaged_file_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text("{ this is not json")
    settings, notice = load_settings(path)
    assert settings == Settings()
    assert notice is not None and "damaged" in notice


def test_bad_values_fall_back_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"deals": 10, "speed": "fast", "bot_levels": ["easy", "god"]}))
    settings, notice = load_settings(path)
    assert settings.speed == "fast"
    assert settings.deals == 9 and settings.bot_levels == ("normal", "normal")
    assert notice is not None and "deals" in notice and "bot_levels" in notice


async def test_the_app_shows_the_notice() -> None:
    app = SkatApp(
        Settings(speed="instant"), seed="n", bot_factory=passing_bots,
        notice="The settings file is damaged; using the defaults.",
    )
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert "damaged" in screen_text(app)


async def test_settings_dialog_saves_and_applies_the_deck(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = make_app()
    app.settings_path = path
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#set-deck", Select).value = str(DeckStyle.GERMAN)
        app.screen.query_one("#set-speed", Select).value = "fast"
        app.screen.query_one("#set-deals", Select).value = 12
        app.screen.query_one("#set-name", Input).value = "Ada"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        saved, notice = load_settings(path)
        assert notice is None
        assert (saved.deck, saved.speed, saved.deals, saved.player_name) == (
            DeckStyle.GERMAN, "fast", 12, "Ada",
        )
        # the cards change at once; the name and deals from the next match
        assert app.screen.query_one(HandView).state.deck == DeckStyle.GERMAN
        assert app.table is not None and app.table.controller.bot_delay == 0.3
        assert "next match" in screen_text(app)


async def test_the_theme_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = make_app()
    app.settings_path = path
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.theme = "nord"
        await pilot.pause()
    saved, _ = load_settings(path)
    assert saved.theme == "nord"


async def test_german_suits_as_symbols_and_card_points_are_settings(tmp_path: Path) -> None:
    """The dialog names the German rendering it offers (♣ Eichel, ♠ Grün,
    ♥ Rot, ● Schellen) and the card-points setting; both are kept."""
    from skat_tui.deck import card_text

    path = tmp_path / "settings.json"
    app = make_app()
    app.settings_path = path
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        assert isinstance(app.screen, SettingsScreen)
        deck = app.screen.query_one("#set-deck", Select)
        assert "German: ♣Eichel ♠Grün ♥Rot ●Schellen" in [
            str(prompt) for prompt, _value in deck._options]
        deck.value = str(DeckStyle.GERMAN_SYMBOLS)
        app.screen.query_one("#set-points", Select).value = "off"
        await pilot.press("ctrl+s")
        await settle(pilot)
        saved, notice = load_settings(path)
        assert notice is None
        assert saved.deck == DeckStyle.GERMAN_SYMBOLS and saved.card_points is False
        hand = app.screen.query_one(HandView).state
        assert hand.deck == DeckStyle.GERMAN_SYMBOLS
        drawn = app.screen.query_one(HandView).render().plain
        assert all(card_text(c, DeckStyle.GERMAN_SYMBOLS) in drawn for c in hand.cards)
        assert not any(card_text(c, DeckStyle.GERMAN) in drawn for c in hand.cards)

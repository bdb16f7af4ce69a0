"""What the app says when the rules refuse an action or a save is damaged,
in German, as the player sees it (the toast)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from skat_core.game import Declare, Phase
from skat_core.rules import GameType
from skat_tui import i18n
from skat_tui.screens.start import StartScreen

from .helpers import make_app, settle, start_app, table, view, wait


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


async def test_an_action_the_rules_refuse_is_said_in_german(german: None) -> None:
    """The table offers only what is allowed; an action it sends that the
    rules refuse all the same (a Null with Schneider announced) gets the
    engine's rule, in German."""
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        for key in ("b",):
            await pilot.press(key)
            await settle(pilot)
        while view(app).phase != Phase.SKAT:
            await pilot.press("p" if view(app).phase == Phase.BIDDING else "b")
            await settle(pilot)
        screen = table(app)
        screen._act(Declare(GameType.NULL, hand=True, schneider=True))
        await wait(pilot)
        messages = [str(n.message) for n in app._notifications]
    assert any(m.startswith("Nicht erlaubt: Ansage: Nullspiele haben keine Schneider")
               for m in messages), messages


async def test_a_damaged_save_is_reported_in_german(tmp_path: Path, german: None) -> None:
    path = tmp_path / "current.json"
    path.write_text('{"format": "skat-match",\n "version": 1,\n "config": 7}\n',
                    encoding="utf-8")
    app = start_app(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)
        messages = [str(n.message) for n in app._notifications]
    assert any("ist beschädigt" in m and "Zeile 3, Feld config: config ist ein Objekt" in m
               for m in messages), messages
    assert not any("line 3" in m or "field config" in m for m in messages), messages

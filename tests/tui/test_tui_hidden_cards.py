"""No screen ever shows a card the human's seat may not see: after every
change of the table during whole deals, the rendered text is searched for
each card the seat cannot place (the other hands, the skat, the discard)."""

from __future__ import annotations

from typing import Any

import pytest

from skat_core.cards import cards_of
from skat_core.game import Phase
from skat_tui.deck import DeckStyle, card_text
from skat_tui.screens import DealResultScreen, TableScreen

from .helpers import make_app, passing_bots, random_bots, screen_text, settle, view
from .test_tui_match import take_turn


def hidden_on_screen(app: Any) -> list[str]:
    v = view(app)
    if v.revealed is not None:
        return []  # the deal is over: everything may be shown
    text = screen_text(app)
    return [
        card_text(c, DeckStyle.FOUR_COLOUR)
        for c in cards_of(v.unseen)
        if card_text(c, DeckStyle.FOUR_COLOUR) in text
    ]


@pytest.mark.parametrize(
    ("seed", "factory"),
    [("hidden-solo", passing_bots), ("hidden-defend", random_bots)],
    ids=["human-soloist", "bots-bid"],
)
async def test_no_hidden_card_is_ever_on_screen(
    seed: str, factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(seed=seed, factory=factory)
    leaks: list[tuple[str, list[str]]] = []
    checks = [0]
    original = TableScreen.refresh_table

    def checked_refresh(self: TableScreen) -> None:
        original(self)
        if self.is_mounted and self.controller.view(self.viewer) is not None:
            checks[0] += 1
            found = hidden_on_screen(app)
            if found:
                v = view(app)
                leaks.append((f"{Phase(v.phase).name} after {len(v.public_actions)}", found))

    monkeypatch.setattr(TableScreen, "refresh_table", checked_refresh)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        deals_seen = 0
        while deals_seen < 1:
            if isinstance(app.screen, DealResultScreen):
                deals_seen += 1
            await take_turn(pilot, app)
            assert not hidden_on_screen(app)
    assert not leaks, leaks
    assert checks[0] > 20  # the table was checked after (nearly) every action

"""Cards and the trick grow on a large terminal (160×50) and stay as they
were at 80×24 and 100×30."""

from __future__ import annotations

from typing import Any

import pytest

from skat_core.cards import CARDS
from skat_core.game import Phase
from skat_tui.deck import LARGE_FACE, SMALL_FACE, DeckStyle, FaceSize, card_face
from skat_tui.widgets import HandView, TrickArea

from .helpers import make_app, screen_text, settle, table, view
from .test_tui_snapshots import TO_PLAY, keys


@pytest.mark.parametrize(("size", "face", "hand_rows"), [
    ((80, 24), SMALL_FACE, 5),
    ((100, 30), SMALL_FACE, 5),
    ((160, 50), LARGE_FACE, 9),
])
async def test_the_cards_fit_the_terminal(size: tuple[int, int], face: FaceSize,
                                          hand_rows: int) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("u")  # twelve cards in the hand
        await settle(pilot)
        hand = table(app).query_one(HandView)
        assert hand.state.size == face and hand.size.height == hand_rows
        assert len(hand.state.cards) == 12
        assert hand._left() >= 0
        assert hand._left() + 12 * (face.width + 1) - 1 <= hand.size.width
        # every card can be clicked where it is drawn
        for i in range(12):
            x, _y = hand.card_offset(i)
            assert hand.index_at(x) == i
        await pilot.press("1", "2", "d")
        await settle(pilot)
        await pilot.press("g", "enter")
        await settle(pilot)
        trick = table(app).query_one(TrickArea)
        assert trick.state.size == face
        assert trick.size.height >= 2 * face.height + 2  # names, cards, the note
        text = screen_text(app)
        assert "Trick" in text and view(app).phase == Phase.PLAYING


async def test_the_cards_grow_when_the_terminal_does() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = table(app).query_one(HandView)
        assert hand.state.size == SMALL_FACE
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert hand.state.size == LARGE_FACE and hand.size.height == 9
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert hand.state.size == SMALL_FACE and hand.size.height == 5


def test_a_large_card_has_its_index_in_two_corners() -> None:
    rows = [line.plain for line in card_face(CARDS[0], DeckStyle.FOUR_COLOUR, size=LARGE_FACE)]
    assert len(rows) == 7 and all(len(r) == 9 for r in rows)
    label = rows[0].strip()
    assert rows[0].startswith(label) and rows[-1].endswith(label)
    small = [line.plain for line in card_face(CARDS[0], DeckStyle.FOUR_COLOUR)]
    assert len(small) == 3 and all(len(r) == 5 for r in small)


def test_snapshot_play_at_160_by_50(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), terminal_size=(160, 50),
                        run_before=keys(*TO_PLAY))


def test_snapshot_play_at_100_by_30(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed="snap"), terminal_size=(100, 30),
                        run_before=keys(*TO_PLAY))

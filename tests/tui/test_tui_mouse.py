"""The mouse: buttons and cards can be clicked, and an illegal card cannot be
played, neither by clicking it nor by its number key."""

from __future__ import annotations

from skat_core.cards import CARDS
from skat_core.game import Phase, Play
from skat_tui.screens import DealResultScreen
from skat_tui.widgets import HandView

from .helpers import make_app, settle, table, view


async def test_a_deal_by_mouse_with_illegal_cards_refused() -> None:
    app = make_app(seed="mouse")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.click("#bid-up")
        await pilot.click("#bid-up")
        assert table(app).bid_choice == 22
        await pilot.click("#bid")
        await settle(pilot)
        v = view(app)
        assert v.soloist == v.seat and v.bid == 22

        await pilot.click("#pickup")
        await settle(pilot)
        hand = app.screen.query_one(HandView)
        cards = hand.state.cards
        await pilot.click(HandView, offset=hand.card_offset(0))
        await pilot.click(HandView, offset=hand.card_offset(5))
        await pilot.click(HandView, offset=hand.card_offset(5))  # changed my mind
        await pilot.click(HandView, offset=hand.card_offset(4))
        assert set(table(app).selected) == {cards[0], cards[4]}
        await pilot.click("#put-back")
        await settle(pilot)
        assert view(app).phase == Phase.DECLARE

        await pilot.click("#game-G")
        await settle(pilot)
        assert view(app).phase == Phase.PLAYING

        refused = 0
        while view(app).phase == Phase.PLAYING:
            v = view(app)
            assert v.to_move == v.seat
            shown = list(hand.state.cards)
            legal = {a.card for a in v.legal if isinstance(a, Play)}
            illegal = [i for i, c in enumerate(shown) if c not in legal]
            if illegal:
                before = v.hand
                await pilot.click(HandView, offset=hand.card_offset(illegal[0]))
                await settle(pilot)
                if illegal[0] < 10:
                    await pilot.press("1234567890"[illegal[0]])
                    await settle(pilot)
                assert view(app).hand == before, "an illegal card was played"
                refused += 1
            index = next(i for i, c in enumerate(shown) if c in legal)
            await pilot.click(HandView, offset=hand.card_offset(index))
            await settle(pilot)
            assert CARDS[shown[index]] not in view(app).hand_set
        assert refused > 0, "this seed should give the human a card that must not be played"
        assert isinstance(app.screen, DealResultScreen)
        await pilot.click("#to-sheet")
        await settle(pilot)
        await pilot.click("#next")
        await settle(pilot)
        assert table(app).controller.match.deal_number == 1

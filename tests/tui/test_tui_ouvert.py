"""A bot declares a suit ouvert against the human: its ten cards are shown
open on its panel from the first trick, the top bar names the game, and the
human defends by keys to the end."""

from __future__ import annotations

from skat_core.bots import Bot, make_bot
from skat_core.cards import CardSet
from skat_core.game import Phase
from skat_core.rules import GameType
from skat_tui.deck import DeckStyle, card_text
from skat_tui.screens import DealResultScreen
from skat_tui.screens.dialogs import ConfirmScreen

from .helpers import make_app, screen_text, settle, view

# Deal 1 of this seed gives a bot (the human deals and sits at rearhand) a
# hand that takes every trick in grand whatever the others hold (found with
# skat_core.bots.schwarz.proof; many such hands score more as a grand hand
# with schneider announced, this one does not).
SEED = "ouvert38783"


def easy_bots(level: str, seed: int | str = 0) -> Bot:
    return make_bot("easy", seed)


async def test_a_bot_declares_ouvert_and_its_cards_are_open() -> None:
    app = make_app(seed=SEED, factory=easy_bots)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.BIDDING and v.to_move == v.seat == 2
        await pilot.press("p")
        await settle(pilot)
        # Before leading, the bot claims the rest (its hand takes every
        # trick); the human plays on (n) and defends to the end.
        assert isinstance(app.screen, ConfirmScreen)
        assert "claims the rest" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING and v.soloist is not None and v.soloist != v.seat
        assert v.contract is not None and v.contract.game == GameType.GRAND
        assert v.contract.ouvert and v.contract.schwarz_announced
        open_cards = CardSet(v.open_cards)
        assert len(open_cards) == v.cards_left[v.soloist] >= 9  # he may have led
        text = screen_text(app)
        assert "Ouvert" in text or "ouvert" in text
        # Every open card is on the screen, though the human does not hold it.
        own = CardSet(v.hand)
        for c in open_cards:
            assert c not in own
            assert card_text(c, DeckStyle.FOUR_COLOUR) in text, c
        plays = 0
        while view(app).phase == Phase.PLAYING:
            v = view(app)
            assert CardSet(v.open_cards) <= open_cards  # open cards only shrink
            assert v.to_move == v.seat
            await pilot.press("enter")  # the highlighted legal card
            await settle(pilot)
            plays += 1
        assert plays == 10
        assert isinstance(app.screen, DealResultScreen)
        result = app.screen.outcome.result
        assert result.won and result.soloist_tricks == 10

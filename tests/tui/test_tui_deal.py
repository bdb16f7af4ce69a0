"""A whole deal played by keys alone: bid, pick up, discard, declare, ten
tricks, the result and the score sheet."""

from __future__ import annotations

import pytest

from skat_core.bots import RandomBot
from skat_core.cards import CardSet
from skat_core.game import Action, Bid, Declare, Pass, Phase
from skat_core.rules import GameType
from skat_core.views import SeatView
from skat_tui.deck import DeckStyle, game_short
from skat_tui.guide import bidding_guide, estimate
from skat_tui.screens import DealResultScreen, LastTrickScreen, ScoreSheetScreen, TableScreen
from skat_tui.widgets import HandView

from .helpers import make_app, screen_text, settle, table, view


async def test_a_whole_deal_by_keys() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        v = view(app)
        # Deal 1: the human deals, so sits at rearhand; middlehand passed.
        assert v.phase == Phase.BIDDING and v.to_move == v.seat == 2
        assert "Your bid" in screen_text(app)

        await pilot.press("plus", "plus", "minus")  # 18 → 20 → 22 → 20
        assert table(app).bid_choice == 20
        await pilot.press("b")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.SKAT and v.soloist == v.seat and v.bid == 20
        assert "Pick up skat" in screen_text(app)

        await pilot.press("u")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.DISCARD and len(v.hand_set) == 12
        hand = list(app.screen.query_one(HandView).state.cards)
        # Choose cards 1 and 2, change our mind about 2, take 3 instead.
        await pilot.press("1", "2", "2", "3")
        assert set(table(app).selected) == {hand[0], hand[2]}
        assert "Putting back" in screen_text(app)
        await pilot.press("d")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.DECLARE and len(v.hand_set) == 10
        assert v.discard == CardSet([hand[0], hand[2]]).mask

        await pilot.press("g")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING
        assert v.contract is not None and v.contract.game == GameType.GRAND

        plays = 0
        while view(app).phase == Phase.PLAYING:
            assert view(app).to_move == view(app).seat
            await pilot.press("enter")
            await settle(pilot)
            plays += 1
        assert plays == 10

        assert isinstance(app.screen, DealResultScreen)
        outcome = table(app).controller.match.outcomes[-1]
        text = screen_text(app)
        assert outcome.result.explain() in text
        assert "Skat as dealt" in text and "As dealt" in text

        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoreSheetScreen)
        text = screen_text(app)
        assert "Total, Seeger-Fabian" in text and "Total, Standard" in text

        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert table(app).controller.match.deal_number == 1
        assert "Deal 2 of 9" in screen_text(app)


async def test_hand_game_with_announcement_by_keys() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("h")  # play hand
        await settle(pilot)
        text = screen_text(app)
        assert "≈" in text and "Schneider" in text
        await pilot.press("escape")  # back to the choice
        assert "Pick up skat" in screen_text(app)
        await pilot.press("h", "x")  # hand, schneider announced
        await pilot.press("c")
        await settle(pilot)
        v = view(app)
        assert v.contract is not None
        assert v.contract.game == GameType.CLUBS
        assert v.contract.hand and v.contract.schneider_announced


async def test_last_trick_and_hint() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("u", "1", "2", "d", "g")
        await settle(pilot)
        await pilot.press("t")  # no trick finished yet: nothing happens
        assert isinstance(app.screen, TableScreen)
        await pilot.press("enter")
        await settle(pilot)
        last = view(app).last_trick
        assert last is not None
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, LastTrickScreen)
        assert "took it" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)

        while view(app).to_move != view(app).seat:
            await settle(pilot)
        v = view(app)
        assert v.trick  # forehand led: the leader of the trick on the table is marked
        leader = table(app)._names_by_seat()[v.leader]
        assert f"◆ {leader}" in screen_text(app)
        assert f"{leader} led ◆" in screen_text(app)
        for _ in range(2):  # a second hint replaces the first: one at a time
            await pilot.press("i")
            await settle(pilot)
            hints = [n.message for n in app._notifications]
            assert len(hints) == 1, hints
        hint = hints[0]
        # In a player's words: what to do, the card by its symbol, no codes
        assert hint.startswith(("Lead ", "Play ")), hint
        assert any(s in hint for s in "♣♠♥♦"), hint
        for code in ("tiers", "rollout", "sampled", "scores", "rule of thumb", "%"):
            assert code not in hint, hint
        assert hint in screen_text(app)  # in the toast or the action panel
        await pilot.press("enter")  # the move made: the hint goes
        await settle(pilot)
        assert not list(app._notifications)
        assert hint not in screen_text(app)


async def test_a_game_below_the_bid_needs_a_second_press() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*["plus"] * 10)  # 18 20 22 23 24 27 30 33 35 36 40
        assert table(app).bid_choice == 40
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("u", "1", "2", "d")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.DECLARE and v.bid == 40
        await pilot.press("d")  # diamonds: worth less than 40 here
        await settle(pilot)
        assert view(app).phase == Phase.DECLARE
        assert "press d again" in screen_text(app)
        await pilot.press("d")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.PLAYING
        assert v.contract is not None and v.contract.game == GameType.DIAMONDS


async def test_forehand_may_play_when_nobody_bids() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(2):  # deals 1 and 2: everybody passes
            await pilot.press("p")
            await settle(pilot)
            await pilot.press("enter", "enter")  # result, score sheet, next deal
            await settle(pilot)
        v = view(app)
        assert table(app).controller.match.deal_number == 2
        assert v.seat == 0 and v.phase == Phase.BIDDING  # the human is forehand now
        assert "Nobody bid" in screen_text(app)
        await pilot.press("b")
        await settle(pilot)
        v = view(app)
        assert v.soloist == 0 and v.bid == 18 and v.phase == Phase.SKAT


async def test_a_hint_in_the_discard_chooses_two_cards() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        assert len(table(app).selected) == 2
        await pilot.press("d")
        await settle(pilot)
        assert view(app).phase == Phase.DECLARE


class BidOnceBot(RandomBot):
    """Bids 18 as middlehand, passes otherwise."""

    def choose(self, view: SeatView) -> Action:
        if view.phase == Phase.BIDDING:
            if view.seat == 1 and Bid(18) in view.legal:
                return Bid(18)
            if Pass() in view.legal:
                return Pass()
        return super().choose(view)


async def test_answering_a_bid_offers_only_yes_and_pass() -> None:
    """Forehand answering middlehand's 18 can only say yes or pass: the
    footer offers no Bid and no -/+ then."""
    app = make_app(factory=lambda level, seed=0: BidOnceBot(seed), viewer=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.BIDDING and v.seat == 0 and v.to_move == 0 and v.bid == 18
        footer = screen_text(app).splitlines()[-1]
        assert "Yes" in footer and "Pass" in footer, footer
        assert "Bid" not in footer and "−/+" not in footer and "-/+" not in footer, footer


async def test_cards_11_and_12_have_keys_while_discarding() -> None:
    """With the skat picked up the hand holds twelve cards: - and = choose
    the eleventh and twelfth (the keys after 0 on the top row)."""
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert view(app).phase == Phase.DISCARD
        cards = table(app)._cards
        assert len(cards) == 12
        text = screen_text(app)
        assert " - " in text and " = " in text  # the labels above the cards
        await pilot.press("minus", "equals_sign")
        assert table(app).selected == (cards[10], cards[11])
        await pilot.press("d")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.DECLARE and v.discard == (1 << cards[10] | 1 << cards[11])


@pytest.mark.parametrize("deck", [DeckStyle.FOUR_COLOUR, DeckStyle.GERMAN,
                                  DeckStyle.GERMAN_SYMBOLS])
async def test_the_hand_value_guide_says_what_its_numbers_mean(deck: DeckStyle) -> None:
    """The guide is sentences: the most the hand can bid with its longest
    suit (its matadors and the multiplication), grand and null; after the
    bidding, what the hand is worth played hand.  Whole at 80×24."""
    app = make_app(deck=deck)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.BIDDING and v.to_move == v.seat
        suit, grand, null = bidding_guide(v.hand)
        name = game_short(suit.game, deck)
        first = f"Bid up to {suit.value} with {name} ({suit.with_text})."
        second = f"Grand: up to {grand.value} ({grand.with_text}). Null: {null.value}."
        rows = screen_text(app).splitlines()
        assert any(first in row for row in rows), first
        assert any(second in row for row in rows), second
        assert suit.with_text.startswith(("with ", "without "))
        await pilot.press("b")
        await settle(pilot)
        v = view(app)
        assert v.phase == Phase.SKAT
        played = estimate(suit.game, v.hand, Declare(suit.game, hand=True))
        sentence = (f"Played hand, {name} is worth {played.value} ({played.with_text}, "
                    f"{played.value // suit.game.base_value} × {suit.game.base_value}).")
        rows = screen_text(app).splitlines()
        assert any(sentence in row for row in rows), (sentence, rows)

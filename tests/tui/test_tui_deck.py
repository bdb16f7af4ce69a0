"""How cards are drawn and ordered, and what the value guide says."""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len

from skat_core.cards import CARDS, Card, CardSet, Suit
from skat_core.game import Declare
from skat_core.rules import GameType
from skat_tui.deck import (
    DeckStyle,
    card_face,
    card_text,
    game_name,
    sort_hand,
    suit_colour,
    suit_name,
    suit_symbol,
)
from skat_tui.guide import best_suit, bidding_guide, estimate

HAND = CardSet.from_str("CJ HJ CA CT C7 SA S9 HK H8 DQ").mask


def names(cards: list[Card]) -> str:
    return " ".join(c.name for c in cards)


def test_suit_game_order_jacks_then_trumps_then_the_rest() -> None:
    # RULES.md: trump order ♣J ♠J ♥J ♦J, then A 10 K Q 9 8 7 of the trump suit
    assert names(sort_hand(HAND, GameType.HEARTS)) == "CJ HJ HK H8 CA CT C7 SA S9 DQ"


def test_grand_order_and_before_the_game_is_known() -> None:
    assert names(sort_hand(HAND, GameType.GRAND)) == "CJ HJ CA CT C7 HK H8 SA S9 DQ"
    assert sort_hand(HAND, None) == sort_hand(HAND, GameType.GRAND)


def test_null_order_has_jacks_in_their_suits() -> None:
    # RULES.md: Null: A K Q J 10 9 8 7 in every suit
    assert names(sort_hand(HAND, GameType.NULL)) == "CA CJ CT C7 HK HJ H8 SA S9 DQ"


def test_deck_styles_name_the_cards() -> None:
    assert card_text(Card.CJ, DeckStyle.FOUR_COLOUR) == "J♣"
    assert card_text(Card.HT, DeckStyle.TWO_COLOUR) == "10♥"
    assert card_text(Card.CJ, DeckStyle.GERMAN) == "EU"  # Eichel-Unter
    assert card_text(Card.DQ, DeckStyle.GERMAN) == "SO"  # Schellen-Ober
    face = card_face(Card.ST, DeckStyle.FOUR_COLOUR)
    assert [line.plain for line in face] == ["10♠  ", "  ♠  ", "  10♠"]


def test_guide_values_come_from_the_one_calculator() -> None:
    # RULES.md example: ♣ with 2, hand: 12 × (2+1+1) = 48
    clubs = CardSet.from_str("CJ SJ CA CT CK C9 C8 SA HA DA").mask
    assert estimate(GameType.CLUBS, clubs, Declare(GameType.CLUBS, hand=True)).value == 48
    assert estimate(GameType.CLUBS, clubs).value == 36
    null_ouvert_hand = Declare(GameType.NULL, hand=True, ouvert=True)
    assert estimate(GameType.NULL, clubs, null_ouvert_hand).value == 59
    assert best_suit(clubs) == GameType.CLUBS
    suit, grand, null = bidding_guide(clubs)
    assert (suit.game, suit.with_text, suit.trumps) == (GameType.CLUBS, "with 2", 7)
    assert grand.value == 72 and null.value == 23


WGL4_SUIT_SHAPES = {"\u2660", "\u2663", "\u2665", "\u2666", "\u25cf", "\u25cb"}
"""♠ ♣ ♥ ♦ ● ○: in Microsoft's WGL4 set, which every common monospace font
covers (DejaVu Sans Mono, Menlo, Consolas, Cascadia Mono, Liberation Mono)."""


def test_german_suits_as_symbols_read_as_the_german_deck() -> None:
    deck = DeckStyle.GERMAN_SYMBOLS
    assert card_text(Card.CJ, deck) == "U♣"  # Eichel-Unter: the acorns' trefoil
    assert card_text(Card.SA, deck) == "A♠"  # Grün-As: the leaf
    assert card_text(Card.HQ, deck) == "O♥"  # Rot-Ober: the heart
    assert card_text(Card.DT, deck) == "10●"  # Schellen-Zehn: the bell
    assert [suit_name(s, deck) for s in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS,
                                         Suit.DIAMONDS)] == ["Eichel", "Grün", "Rot", "Schellen"]
    assert game_name(GameType.DIAMONDS, deck) == "● Schellen"
    # its own colour for each suit: brown, green, red, gold
    assert len({suit_colour(s, deck) for s in Suit}) == 4
    symbols = {suit_symbol(s, deck) for s in Suit}
    assert symbols <= WGL4_SUIT_SHAPES and len(symbols) == 4
    texts = [card_text(c, deck) for c in CARDS]
    assert len(set(texts)) == 32
    for text in texts:  # one cell a character: no emoji, no wide glyph
        assert cell_len(text) == len(text)
        assert all(unicodedata.east_asian_width(ch) in "NaA" for ch in text)
    assert "German" in deck.label and "●Schellen" in deck.label and "♣Eichel" in deck.label
    face = card_face(Card.DJ, deck)
    assert [line.plain for line in face] == ["U●   ", "  ●  ", "   U●"]


def test_the_settings_offer_both_german_renderings() -> None:
    labels = [d.label for d in DeckStyle]
    assert any("letters" in label for label in labels)
    assert DeckStyle.GERMAN.is_german and DeckStyle.GERMAN_SYMBOLS.is_german
    assert not DeckStyle.FOUR_COLOUR.is_german

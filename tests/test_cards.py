"""Cards, their notation and points, and CardSet (RULES.md, Cards and seats)."""

from __future__ import annotations

import pytest

from skat_core.cards import (
    ALL_CARDS,
    CARDS,
    JACKS,
    NULL_RANK,
    Card,
    CardSet,
    Rank,
    Suit,
    cards_of,
    mask_of,
    points_of,
)

ALL_NAMES = [s + r for s in "CSHD" for r in "789TJQKA"]


def test_thirty_two_cards() -> None:
    """RULES.md: "32 cards: suits clubs ♣ > spades ♠ > hearts ♥ > diamonds ♦ ...;
    ranks A 10 K Q J 9 8 7." """
    assert len(CARDS) == 32 == len(set(CARDS))
    assert {(c.suit, c.rank) for c in CARDS} == {(s, r) for s in Suit for r in Rank}
    assert list(Suit) == [Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS]
    assert Suit.CLUBS > Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS


@pytest.mark.parametrize("name", ALL_NAMES)
def test_notation_round_trip(name: str) -> None:
    """RULES.md: "Notation used everywhere (records, tests, logs): suit letter C S H D +
    rank 7 8 9 T J Q K A, e.g. `CJ`, `ST`, `HA`, `D7`." """
    card = Card.from_str(name)
    assert str(card) == name
    assert card.suit.letter == name[0]
    assert card.rank.letter == name[1]
    assert Card.from_str(name.lower()) is card
    assert Card.from_str(f" {name} ") is card
    assert Card.of(card.suit, card.rank) is card
    assert repr(card) == f"Card.{name}"


def test_notation_examples() -> None:
    """RULES.md: "e.g. `CJ`, `ST`, `HA`, `D7`" are club jack, spade ten, heart ace, diamond 7."""
    assert (Card.CJ.suit, Card.CJ.rank) == (Suit.CLUBS, Rank.JACK)
    assert (Card.ST.suit, Card.ST.rank) == (Suit.SPADES, Rank.TEN)
    assert (Card.HA.suit, Card.HA.rank) == (Suit.HEARTS, Rank.ACE)
    assert (Card.D7.suit, Card.D7.rank) == (Suit.DIAMONDS, Rank.SEVEN)


@pytest.mark.parametrize("text", ["", "C", "CJX", "XJ", "C1", "10H", "H10", "J", "♣J"])
def test_bad_notation_raises(text: str) -> None:
    with pytest.raises(ValueError):
        Card.from_str(text)


def test_suit_and_rank_letters() -> None:
    assert [s.letter for s in Suit] == ["D", "H", "S", "C"]
    assert [s.symbol for s in Suit] == ["♦", "♥", "♠", "♣"]
    assert Suit.from_letter("c") is Suit.CLUBS
    assert Rank.from_letter("t") is Rank.TEN
    for bad in ("X", "", "CC"):
        with pytest.raises(ValueError):
            Suit.from_letter(bad)
        with pytest.raises(ValueError):
            Rank.from_letter(bad)


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)],
)
def test_card_points(rank: str, points: int) -> None:
    """RULES.md: "Card points: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0; 120 in all." """
    for suit in "CSHD":
        assert Card.from_str(suit + rank).points == points


def test_120_points_in_all() -> None:
    """RULES.md: "... 120 in all." """
    assert sum(c.points for c in CARDS) == 120
    assert points_of(ALL_CARDS) == 120
    assert CardSet(ALL_CARDS).points == 120
    assert points_of(JACKS) == 8


def test_jacks_are_numbered_by_suit_rank() -> None:
    """RULES.md: the suit order "matters only for jacks and base values": ♣J ♠J ♥J ♦J."""
    assert Card.CJ > Card.SJ > Card.HJ > Card.DJ
    assert all(c.is_jack == (c.rank == Rank.JACK) for c in CARDS)
    assert CardSet(JACKS) == CardSet.from_str("CJ SJ HJ DJ")


def test_suit_order_within_a_suit() -> None:
    """RULES.md: "Plain suits: A 10 K Q 9 8 7" (a higher card has a higher number);
    "Null: A K Q J 10 9 8 7"."""
    for suit in "CSHD":
        order = [Card.from_str(suit + r) for r in "ATKQ987"]
        assert order == sorted(order, reverse=True)
        null_order = [Card.from_str(suit + r) for r in "AKQJT987"]
        ranks = [NULL_RANK[c] for c in null_order]
        assert ranks == sorted(ranks, reverse=True) == list(range(7, -1, -1))


def test_cardset_parse_and_print() -> None:
    hand = CardSet.from_str("CJ.ST, d7")
    assert str(hand) == "CJ ST D7"
    assert repr(hand) == "CardSet('CJ ST D7')"
    assert CardSet.from_str("") == CardSet() and not CardSet()
    assert CardSet([Card.CJ, Card.D7]) == CardSet.from_str("D7 CJ")
    with pytest.raises(ValueError):
        CardSet.from_str("CJ XX")


def test_cardset_iterates_from_club_jack_down() -> None:
    full = list(CardSet(ALL_CARDS))
    assert full[0] is Card.CJ and full[-1] is Card.D7
    assert full == sorted(CARDS, reverse=True)
    assert cards_of(ALL_CARDS) == full
    assert mask_of(full) == ALL_CARDS


def test_cardset_operators() -> None:
    a = CardSet.from_str("CJ SJ HA H7")
    b = CardSet.from_str("SJ H7 D7")
    assert a | b == CardSet.from_str("CJ SJ HA H7 D7")
    assert a & b == CardSet.from_str("SJ H7")
    assert a - b == CardSet.from_str("CJ HA")
    assert a ^ b == CardSet.from_str("CJ HA D7")
    assert CardSet.from_str("SJ") <= a and not b <= a
    assert len(a) == 4 and bool(a)
    assert Card.HA in a and Card.D7 not in a
    assert 99 not in a and "HA" not in a
    assert a.points == 2 + 2 + 11
    assert hash(a) == hash(CardSet.from_str("H7 HA SJ CJ"))
    assert a != a.mask


def test_cardset_is_immutable_and_checked() -> None:
    hand = CardSet.from_str("CJ")
    with pytest.raises(AttributeError):
        hand.mask = 0
    with pytest.raises(ValueError):
        CardSet(1 << 32)
    with pytest.raises(ValueError):
        CardSet(-1)

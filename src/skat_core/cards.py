"""Cards, suits and card sets.

A card is an ``int`` from 0 to 31 (wrapped in the :class:`Card` enum at the API
boundary).  The numbering is the bit layout of the solved positions in
``shared/data/dds``, so a hand is a 32-bit mask with one bit per card:

* bits 31, 30, 29, 28: the jacks ♣J ♠J ♥J ♦J;
* clubs A T K Q 9 8 7 at bits 27..21, spades 20..14, hearts 13..7, diamonds 6..0.

Within a suit a higher bit is a higher card in suit and grand games
(A 10 K Q 9 8 7), so trick winners in those games are found by comparing card
numbers.  Null games rank A K Q J 10 9 8 7 and use :data:`NULL_RANK`.

>>> Card.from_str("CJ")
Card.CJ
>>> str(Card.ST), Card.ST.points
('ST', 10)
>>> CardSet.from_str("CJ ST D7")
CardSet('CJ ST D7')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import TypeAlias

Mask: TypeAlias = int
"""A set of cards as a 32-bit int, bit ``n`` standing for card ``n``."""


class Suit(IntEnum):
    """The four suits, numbered by their rank for jacks and base values."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "DHSC"[self]

    @property
    def symbol(self) -> str:
        return "♦♥♠♣"[self]

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        index = "DHSC".find(letter.upper())
        if index < 0 or len(letter) != 1:
            raise ValueError(f"not a suit letter: {letter!r}")
        return cls(index)


class Rank(IntEnum):
    """Ranks in suit-game order within a suit (7 lowest, ace highest); the
    jack is apart because in suit and grand games it is a trump."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    QUEEN = 3
    KING = 4
    TEN = 5
    ACE = 6
    JACK = 7

    @property
    def letter(self) -> str:
        return "789QKTAJ"[self]

    @classmethod
    def from_letter(cls, letter: str) -> Rank:
        index = "789QKTAJ".find(letter.upper())
        if index < 0 or len(letter) != 1:
            raise ValueError(f"not a rank letter: {letter!r}")
        return cls(index)


RANK_POINTS = (0, 0, 0, 3, 4, 10, 11, 2)
"""Card points by :class:`Rank`: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0."""


def _card_number(suit: int, rank: int) -> int:
    return 28 + suit if rank == Rank.JACK else suit * 7 + rank


class Card(IntEnum):
    """One of the 32 cards, named in the project notation (suit letter, rank)."""

    D7 = 0
    D8 = 1
    D9 = 2
    DQ = 3
    DK = 4
    DT = 5
    DA = 6
    H7 = 7
    H8 = 8
    H9 = 9
    HQ = 10
    HK = 11
    HT = 12
    HA = 13
    S7 = 14
    S8 = 15
    S9 = 16
    SQ = 17
    SK = 18
    ST = 19
    SA = 20
    C7 = 21
    C8 = 22
    C9 = 23
    CQ = 24
    CK = 25
    CT = 26
    CA = 27
    DJ = 28
    HJ = 29
    SJ = 30
    CJ = 31

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``CJ``, ``st``, ``D7``; raises :class:`ValueError` otherwise."""
        t = text.strip().upper()
        if len(t) != 2:
            raise ValueError(f"not a card: {text!r}")
        return CARDS[_card_number(Suit.from_letter(t[0]), Rank.from_letter(t[1]))]

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        return CARDS[_card_number(suit, rank)]

    @property
    def suit(self) -> Suit:
        return SUITS[CARD_SUIT[self]]

    @property
    def rank(self) -> Rank:
        return RANKS[CARD_RANK[self]]

    @property
    def points(self) -> int:
        return CARD_POINTS[self]

    @property
    def is_jack(self) -> bool:
        return self >= 28

    @property
    def mask(self) -> Mask:
        return 1 << self

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card.{self.name}"


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
CARDS: tuple[Card, ...] = tuple(sorted(Card))
"""All cards by number: ``CARDS[n]`` is card ``n`` (fast, no enum lookup)."""

CARD_SUIT: tuple[int, ...] = tuple(n - 28 if n >= 28 else n // 7 for n in range(32))
CARD_RANK: tuple[int, ...] = tuple(Rank.JACK if n >= 28 else n % 7 for n in range(32))
CARD_POINTS: tuple[int, ...] = tuple(RANK_POINTS[r] for r in CARD_RANK)

ALL_CARDS: Mask = 0xFFFFFFFF
JACKS: Mask = 0xF0000000
SUIT_CARDS: tuple[Mask, ...] = tuple(0x7F << (7 * s) for s in range(4))
"""The seven non-jack cards of each suit (suit and grand games' suits)."""
NULL_SUIT_CARDS: tuple[Mask, ...] = tuple(0x7F << (7 * s) | 1 << (28 + s) for s in range(4))
"""All eight cards of each suit, jack included (null games' suits)."""

NULL_RANK: tuple[int, ...] = tuple(
    (0, 1, 2, 5, 6, 3, 7, 4)[CARD_RANK[n]] for n in range(32)
)
"""Rank of each card within its suit in null games: 7 8 9 10 J Q K A = 0..7."""


# Points of the cards of one suit by their 7-bit pattern (bits 7s..7s+6 of a
# mask); every suit has the same points by rank.
_SUIT_PATTERN_POINTS: tuple[int, ...] = tuple(
    sum(CARD_POINTS[b] for b in range(7) if pattern >> b & 1) for pattern in range(128)
)


def points_of(mask: Mask) -> int:
    """Card points of the cards in ``mask``."""
    table = _SUIT_PATTERN_POINTS
    return (
        table[mask & 127]
        + table[mask >> 7 & 127]
        + table[mask >> 14 & 127]
        + table[mask >> 21 & 127]
        + 2 * (mask >> 28 & 15).bit_count()
    )


def bit_indices(mask: int) -> list[int]:
    """The numbers of the set bits of ``mask`` (card numbers of a card
    mask), lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cards_of(mask: Mask) -> list[Card]:
    """The cards of ``mask`` from the highest number down (♣J first, ♦7 last)."""
    out: list[Card] = []
    while mask:
        n = mask.bit_length() - 1
        out.append(CARDS[n])
        mask ^= 1 << n
    return out


def mask_of(cards: Iterable[int]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class CardSet:
    """An immutable set of cards over a 32-bit mask, with set operators.

    Iterates from ♣J down to ♦7 (the fixed order used across the engine).

    >>> hand = CardSet.from_str("CJ SA S7")
    >>> Card.SA in hand, len(hand)
    (True, 3)
    >>> hand - CardSet.from_str("S7")
    CardSet('CJ SA')
    """

    __slots__ = ("mask",)
    mask: Mask

    def __init__(self, cards: Iterable[int] | Mask = 0) -> None:
        if isinstance(cards, int):
            if not 0 <= cards <= ALL_CARDS:
                raise ValueError(f"card mask out of range: {cards}")
            object.__setattr__(self, "mask", cards)
        else:
            object.__setattr__(self, "mask", mask_of(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def from_str(cls, text: str) -> CardSet:
        """Parse cards separated by spaces, dots or commas: ``"CJ.ST D7"``."""
        parts = text.replace(".", " ").replace(",", " ").split()
        return cls(mask_of(Card.from_str(p) for p in parts))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 32 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    @property
    def points(self) -> int:
        return points_of(self.mask)

    def __str__(self) -> str:
        return " ".join(c.name for c in self)

    def __repr__(self) -> str:
        return f"CardSet('{self}')"

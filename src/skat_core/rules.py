"""Game types, trumps, following suit and trick winners (ISkO 3.x and 4.1).

Everything here works on card numbers and masks (see :mod:`skat_core.cards`)
so that the engine, the bots and the solver share one definition.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

from .cards import (
    CARD_POINTS,
    CARD_SUIT,
    JACKS,
    NULL_RANK,
    NULL_SUIT_CARDS,
    SUIT_CARDS,
    Mask,
    Suit,
)


class GameType(IntEnum):
    """The six games.  Values 0..3 equal the trump :class:`Suit`."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3
    GRAND = 4
    NULL = 5

    @property
    def letter(self) -> str:
        """ISS / record letter: D H S C G N."""
        return "DHSCGN"[self]

    @classmethod
    def from_letter(cls, letter: str) -> GameType:
        index = "DHSCGN".find(letter.upper())
        if index < 0 or len(letter) != 1:
            raise ValueError(f"not a game letter: {letter!r}")
        return cls(index)

    @property
    def is_suit(self) -> bool:
        return self <= 3

    @property
    def trump_suit(self) -> Suit | None:
        return Suit(int(self)) if self <= 3 else None

    @property
    def base_value(self) -> int:
        """Base value of suit and grand games (ISkO 5.1.2); null games have fixed
        values instead (see :func:`skat_core.value.null_value`)."""
        return BASE_VALUES[self]

    @property
    def label(self) -> str:
        return ("Diamonds", "Hearts", "Spades", "Clubs", "Grand", "Null")[self]

    @property
    def symbol(self) -> str:
        return ("♦", "♥", "♠", "♣", "Grand", "Null")[self]


BASE_VALUES = (9, 10, 11, 12, 24, 0)

TRUMPS: tuple[Mask, ...] = (
    JACKS | SUIT_CARDS[0],
    JACKS | SUIT_CARDS[1],
    JACKS | SUIT_CARDS[2],
    JACKS | SUIT_CARDS[3],
    JACKS,
    0,
)
"""The trump cards of each game type (ISkO 3.2: jacks belong to the trumps)."""


def follow_class(game: int, card: int) -> Mask:
    """The cards that count as the same 'suit' as ``card`` for following suit.

    In suit and grand games a jack is a trump, so a jack lead asks for trumps
    and a plain suit lead is answered only by that suit's non-jacks (ISkO 3.2,
    4.1.3); in null games each suit is its eight cards, jack included.
    """
    if game == GameType.NULL:
        return NULL_SUIT_CARDS[CARD_SUIT[card]]
    trumps = TRUMPS[game]
    if trumps >> card & 1:
        return trumps
    return SUIT_CARDS[CARD_SUIT[card]]


def legal_cards(game: int, hand: Mask, lead: int | None) -> Mask:
    """The cards of ``hand`` that may be played: follow suit if possible,
    otherwise anything (ISkO 4.1.3; there is no duty to beat or to trump)."""
    if lead is None:
        return hand
    same = hand & follow_class(game, lead)
    return same if same else hand


def _strength(game: int, lead: int, card: int) -> int:
    """Orderable strength of ``card`` in a trick led by ``lead``; -1 if it
    cannot win (neither trump nor the suit led)."""
    if game == GameType.NULL:
        if NULL_SUIT_CARDS[CARD_SUIT[lead]] >> card & 1:
            return NULL_RANK[card]
        return -1
    if TRUMPS[game] >> card & 1:
        return 100 + card  # jacks (28..31) above the trump suit, higher bit higher
    if follow_class(game, lead) >> card & 1:
        return card
    return -1


def trick_winner(game: int, cards: tuple[int, ...] | list[int]) -> int:
    """Index (0, 1, 2) within the trick of the card that wins it (ISkO 4.1.4)."""
    lead = cards[0]
    best = 0
    best_strength = _strength(game, lead, lead)
    for i in range(1, len(cards)):
        s = _strength(game, lead, cards[i])
        if s > best_strength:
            best, best_strength = i, s
    return best


def trick_points(cards: tuple[int, ...] | list[int]) -> int:
    return sum(CARD_POINTS[c] for c in cards)


@cache
def follow_table(game: int) -> tuple[Mask, ...]:
    """``follow_table(game)[c]``: the cards that follow a lead of ``c``."""
    return tuple(follow_class(game, c) for c in range(32))


@cache
def beats_table(game: int) -> tuple[Mask, ...]:
    """``beats_table(game)[c]``: the cards that take a trick from ``c`` when
    ``c`` is winning it (trumps beat non-trumps, higher cards of ``c``'s
    class beat ``c``)."""
    out: list[Mask] = []
    for c in range(32):
        m = 0
        for d in range(32):
            if d != c and trick_winner(game, (c, d)) == 1:
                m |= 1 << d
        out.append(m)
    return tuple(out)

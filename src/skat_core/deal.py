"""Shuffling and dealing.

The only place that draws random numbers.  Saved and shared deals never use
``random.shuffle`` (its algorithm may change between Python versions); they use
:func:`shuffled_deck`, which anyone can reproduce:

1. ``key = SHA-256("skat-deal-v1:" + seed + ":" + str(deal_number))`` (UTF-8);
2. a byte stream: ``SHA-256(key + counter)`` for counter = 0, 1, 2, ... as
   8-byte big-endian integers, blocks concatenated;
3. numbers are taken from the stream as 8-byte big-endian unsigned integers;
4. Fisher-Yates on the deck in card-number order (``D7 D8 D9 DQ DK DT DA H7 ...
   CA DJ HJ SJ CJ``, see :mod:`skat_core.cards`): for ``i`` from 31 down to 1,
   draw ``x`` until ``x < 2**64 - 2**64 % (i + 1)`` (no modulo bias) and swap
   positions ``i`` and ``x % (i + 1)``.

The shuffled deck is dealt as at the table (RULES.md, Dealing): 3 cards to each
seat (forehand first), 2 to the skat, 4 to each, 3 to each.

>>> d = deal_from_seed("golden", 0)
>>> [len(h) for h in d.hand_sets()], len(d.skat_set())
([10, 10, 10], 2)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import ALL_CARDS, CARDS, Card, CardSet, Mask, cards_of, mask_of

# Deck positions of each seat's cards and the skat in the 3-skat-4-3 deal.
_DEAL_PLAN: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 11, 12, 13, 14, 23, 24, 25),
    (3, 4, 5, 15, 16, 17, 18, 26, 27, 28),
    (6, 7, 8, 19, 20, 21, 22, 29, 30, 31),
    (9, 10),
)


def _stream(key: bytes) -> Iterator[int]:
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i : i + 8], "big")
        counter += 1


def shuffled_deck(seed: str, deal_number: int = 0) -> tuple[Card, ...]:
    """The deck for deal ``deal_number`` of the shuffle named by ``seed``."""
    key = hashlib.sha256(f"skat-deal-v1:{seed}:{deal_number}".encode()).digest()
    numbers = _stream(key)
    deck = list(CARDS)
    for i in range(31, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@dataclass(frozen=True, slots=True)
class Deal:
    """Three hands (forehand, middlehand, rearhand) and the skat, as masks."""

    hands: tuple[Mask, Mask, Mask]
    skat: Mask

    def __post_init__(self) -> None:
        masks = (*self.hands, self.skat)
        sizes = [m.bit_count() for m in masks]
        if sizes != [10, 10, 10, 2]:
            raise ValueError(f"a deal has hands of 10 cards and a skat of 2, not {sizes}")
        union = 0
        for m in masks:
            if union & m:
                raise ValueError("a card is dealt twice")
            union |= m
        if union != ALL_CARDS:
            raise ValueError("a deal must use all 32 cards")

    @classmethod
    def from_deck(cls, deck: Sequence[int]) -> Deal:
        """Deal a shuffled deck 3-skat-4-3 (RULES.md, Dealing)."""
        if len(deck) != 32 or mask_of(deck) != ALL_CARDS:
            raise ValueError("a deck has each of the 32 cards once")
        hands = tuple(mask_of(deck[i] for i in plan) for plan in _DEAL_PLAN[:3])
        return cls((hands[0], hands[1], hands[2]), mask_of(deck[i] for i in _DEAL_PLAN[3]))

    @classmethod
    def from_str(cls, forehand: str, middlehand: str, rearhand: str, skat: str) -> Deal:
        """An explicit deal: ``Deal.from_str("CJ SJ ...", "...", "...", "D7 D8")``."""
        return cls(
            (
                CardSet.from_str(forehand).mask,
                CardSet.from_str(middlehand).mask,
                CardSet.from_str(rearhand).mask,
            ),
            CardSet.from_str(skat).mask,
        )

    def hand_sets(self) -> tuple[CardSet, CardSet, CardSet]:
        return (CardSet(self.hands[0]), CardSet(self.hands[1]), CardSet(self.hands[2]))

    def skat_set(self) -> CardSet:
        return CardSet(self.skat)

    def to_deck(self) -> tuple[Card, ...]:
        """A deck that :meth:`from_deck` deals back into this deal (cards in
        each hand from the highest down)."""
        deck: list[Card] = [CARDS[0]] * 32
        for plan, mask in zip(_DEAL_PLAN, (*self.hands, self.skat), strict=True):
            for pos, card in zip(plan, cards_of(mask), strict=True):
                deck[pos] = card
        return tuple(deck)


def deal_from_seed(seed: str, deal_number: int = 0) -> Deal:
    """The deal that everyone gets for this seed and deal number."""
    return Deal.from_deck(shuffled_deck(seed, deal_number))


def random_deal(rng: random.Random) -> Deal:
    """A deal for tests and simulations from a caller-owned generator (not for
    anything saved or shared: use :func:`deal_from_seed` there)."""
    deck = list(CARDS)
    for i in range(31, 0, -1):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return Deal.from_deck(deck)

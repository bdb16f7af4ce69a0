"""Shuffling and dealing (RULES.md, Cards and seats: Dealing)."""

from __future__ import annotations

import hashlib
import random

import pytest

from skat_core.cards import ALL_CARDS, CARDS, Card, CardSet
from skat_core.deal import Deal, deal_from_seed, random_deal, shuffled_deck

# The hands for seed "golden", deal numbers 0..2 (forehand, middlehand,
# rearhand, skat).  Saved games and shared seeds depend on these: a change
# here is a change of the deal format, not a refactoring.
GOLDEN_DEALS = {
    0: (
        "SJ HJ CQ S7 HA H9 DA DK DQ D9",
        "CJ DJ CA CT CK C8 SA SK H8 H7",
        "C9 C7 ST SQ S9 HK HQ DT D8 D7",
        "S8 HT",
    ),
    1: (
        "CJ SJ CA C8 SA HQ DK DQ D9 D7",
        "HJ DJ CT C9 C7 S9 S7 HT H7 DT",
        "CK CQ ST SK SQ S8 HA HK DA D8",
        "H9 H8",
    ),
    2: (
        "CJ SJ CA CT C7 SK SQ HA DK D9",
        "HJ CK CQ C9 ST H9 DA DT D8 D7",
        "DJ C8 SA S9 S8 S7 HK HQ H8 H7",
        "HT DQ",
    ),
}

GOLDEN_DECK_0 = (
    "DQ HA DK CA C8 CK ST HQ D8 HT S8 SJ DA HJ CQ SK "
    "CT DJ H7 SQ HK S9 D7 D9 S7 H9 CJ SA H8 C9 C7 DT"
)


def test_deal_3_skat_4_3() -> None:
    """RULES.md: "Dealing: 3 cards each, 2 to the skat, 4 each, 3 each (forehand first)." """
    deck = tuple(CARDS)  # D7 D8 D9 DQ DK DT DA H7 ... CJ
    deal = Deal.from_deck(deck)
    expect = [
        [deck[i] for i in (*range(0, 3), *range(11, 15), *range(23, 26))],
        [deck[i] for i in (*range(3, 6), *range(15, 19), *range(26, 29))],
        [deck[i] for i in (*range(6, 9), *range(19, 23), *range(29, 32))],
    ]
    for seat in range(3):
        assert deal.hand_sets()[seat] == CardSet(expect[seat])
    assert deal.skat_set() == CardSet([deck[9], deck[10]])


def test_same_deck_same_hands() -> None:
    """RULES.md: "Dealing a given shuffled deck this way must give the same hands every time." """
    deck = shuffled_deck("same", 7)
    assert Deal.from_deck(deck) == Deal.from_deck(list(deck))
    assert Deal.from_deck(Deal.from_deck(deck).to_deck()) == Deal.from_deck(deck)


@pytest.mark.parametrize("number", sorted(GOLDEN_DEALS))
def test_deal_from_seed_golden(number: int) -> None:
    """Seeded deals are the same on every run, Python version and machine."""
    deal = deal_from_seed("golden", number)
    fh, mh, rh, skat = GOLDEN_DEALS[number]
    assert deal == Deal.from_str(fh, mh, rh, skat)
    assert deal_from_seed("golden", number) == deal


def test_shuffled_deck_golden() -> None:
    assert " ".join(map(str, shuffled_deck("golden", 0))) == GOLDEN_DECK_0
    assert deal_from_seed("golden") == deal_from_seed("golden", 0)


def _reference_deck(seed: str, deal_number: int) -> list[Card]:
    """The shuffle as deal.py's docstring specifies it, written again from the
    text: SHA-256 key, counter-mode byte stream, unbiased Fisher-Yates."""
    key = hashlib.sha256(("skat-deal-v1:" + seed + ":" + str(deal_number)).encode()).digest()
    stream = b"".join(hashlib.sha256(key + i.to_bytes(8, "big")).digest() for i in range(64))
    words = [int.from_bytes(stream[i : i + 8], "big") for i in range(0, len(stream), 8)]
    deck = sorted(Card)
    for i in range(31, 0, -1):
        while True:
            x = words.pop(0)
            if x < 2**64 - 2**64 % (i + 1):
                break
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize(("seed", "number"), [("golden", 0), ("golden", 5), ("", 0), ("ü", 3)])
def test_shuffle_follows_the_documented_algorithm(seed: str, number: int) -> None:
    assert list(shuffled_deck(seed, number)) == _reference_deck(seed, number)


def test_deal_numbers_give_different_deals() -> None:
    deals = {deal_from_seed("many", n) for n in range(50)}
    assert len(deals) == 50
    assert deal_from_seed("a", 0) != deal_from_seed("b", 0)


def test_explicit_deal() -> None:
    deal = Deal.from_str(*GOLDEN_DEALS[0])
    assert [len(h) for h in deal.hand_sets()] == [10, 10, 10]
    assert Card.CJ in deal.hand_sets()[1]
    assert deal.skat_set() == CardSet.from_str("HT S8")
    union = deal.skat
    for h in deal.hands:
        union |= h
    assert union == ALL_CARDS


@pytest.mark.parametrize(
    "hands",
    [
        # nine cards to forehand, three to the skat
        ("SJ HJ CQ S7 HA H9 DA DK DQ", *GOLDEN_DEALS[0][1:3], "S8 HT D9"),
        # a card twice (S8 in the skat and in forehand's hand), D9 missing
        ("SJ HJ CQ S7 HA H9 DA DK DQ S8", *GOLDEN_DEALS[0][1:]),
    ],
)
def test_bad_deals_raise(hands: tuple[str, str, str, str]) -> None:
    with pytest.raises(ValueError):
        Deal.from_str(*hands)


def test_bad_decks_raise() -> None:
    with pytest.raises(ValueError):
        Deal.from_deck(CARDS[:31])
    with pytest.raises(ValueError):
        Deal.from_deck((*CARDS[:31], CARDS[0]))


def test_random_deal_uses_only_the_given_generator() -> None:
    a = [random_deal(random.Random(5)) for _ in range(2)]
    random.seed(1)
    b = random_deal(random.Random(5))
    assert a[0] == a[1] == b
    assert random_deal(random.Random(6)) != b

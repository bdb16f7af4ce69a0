"""Shareable and daily seeds: golden deals that must never change, and the
documented derivation (docs/saving.md) reimplemented from the text alone."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from skat_core.deal import deal_from_seed
from skat_core.seeds import (
    SeedKind,
    bot_seed,
    daily_seed,
    normalize_seed,
    parse_daily,
    parse_seed,
    seed_kind,
    utc_today,
)

# (seed, deal number) -> forehand, middlehand, rearhand, skat.  Fixed forever:
# a change here means every shared seed and every daily deal changed.
GOLDEN = {
    ("Eichel", 0): (
        "SJ HJ CQ SQ S7 HT HQ H8 D9 D7",
        "DJ C9 C8 SA SK S8 H9 DA DK D8",
        "CJ CA CT C7 ST S9 HK H7 DT DQ",
        "CK HA",
    ),
    ("Eichel", 1): (
        "C8 SA S9 S8 S7 HA HQ H8 H7 D7",
        "CJ SJ HJ CT CK C9 SQ HT DT DQ",
        "CA C7 ST SK HK H9 DA DK D9 D8",
        "DJ CQ",
    ),
    ("golden", 0): (
        "SJ HJ CQ S7 HA H9 DA DK DQ D9",
        "CJ DJ CA CT CK C8 SA SK H8 H7",
        "C9 C7 ST SQ S9 HK HQ DT D8 D7",
        "S8 HT",
    ),
}

GOLDEN_DAILY = {
    date(2026, 11, 29): (
        "HJ CT C9 C8 SK SQ S7 HT HQ D8",
        "CA CQ C7 SA S8 HA H9 H8 DT DQ",
        "CJ SJ DJ CK S9 H7 DA DK D9 D7",
        "ST HK",
    ),
    date(2027, 1, 1): (
        "HJ CT CK ST SK S9 DA DT D9 D7",
        "CA CQ C7 HT HK H9 H8 H7 DK D8",
        "CJ SJ DJ C9 SA S8 S7 HA HQ DQ",
        "C8 SQ",
    ),
}


def _hands(seed: str, n: int) -> tuple[str, str, str, str]:
    d = deal_from_seed(seed, n)
    f, m, r = (str(h) for h in d.hand_sets())
    return f, m, r, str(d.skat_set())


@pytest.mark.parametrize(("key", "hands"), GOLDEN.items())
def test_golden_seeded_deals(key: tuple[str, int], hands: tuple[str, ...]) -> None:
    seed, n = key
    assert _hands(parse_seed(seed).seed, n) == hands


@pytest.mark.parametrize(("day", "hands"), GOLDEN_DAILY.items())
def test_golden_daily_deals(day: date, hands: tuple[str, ...]) -> None:
    spec = parse_seed(f"daily:{day.isoformat()}")
    assert spec.kind == SeedKind.DAILY and spec.day == day
    assert _hands(spec.seed, 0) == hands


# --- the derivation as docs/saving.md states it, written from the text --------

# Deck order by card number: D7 D8 D9 DQ DK DT DA, the same for H, S, C, then
# DJ HJ SJ CJ.
_ORDER = [s + r for s in "DHSC" for r in "789QKTA"] + ["DJ", "HJ", "SJ", "CJ"]


def _documented_deal(seed: str, n: int) -> tuple[list[str], ...]:
    key = hashlib.sha256(f"skat-deal-v1:{seed}:{n}".encode()).digest()
    stream: list[int] = []
    counter = 0

    def draw() -> int:
        nonlocal counter
        if not stream:
            block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
            counter += 1
            stream.extend(int.from_bytes(block[i : i + 8], "big") for i in range(0, 32, 8))
        return stream.pop(0)

    deck = list(_ORDER)
    for i in range(31, 0, -1):
        limit = 2**64 - 2**64 % (i + 1)
        x = draw()
        while x >= limit:
            x = draw()
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    seats: tuple[list[str], ...] = ([], [], [], [])
    pos = 0
    for count, takers in ((3, (0, 1, 2)), (2, (3,)), (4, (0, 1, 2)), (3, (0, 1, 2))):
        for t in takers:
            seats[t].extend(deck[pos : pos + count])
            pos += count
    return seats


@pytest.mark.parametrize(("seed", "n"), [("Eichel", 0), ("Eichel", 1), ("daily:2026-11-29", 4)])
def test_documented_derivation_reproduces_deals(seed: str, n: int) -> None:
    expected = deal_from_seed(seed, n)
    got = _documented_deal(seed, n)
    for mine, theirs in zip(got, (*expected.hand_sets(), expected.skat_set()), strict=True):
        assert sorted(mine) == sorted(str(c) for c in theirs)


# --- parsing -------------------------------------------------------------------


def test_daily_is_the_utc_date() -> None:
    # 23:30 in New York on 28 November is already 29 November in UTC.
    ny = timezone(timedelta(hours=-5))
    assert utc_today(datetime(2026, 11, 28, 23, 30, tzinfo=ny)) == date(2026, 11, 29)
    assert utc_today(datetime(2026, 11, 29, 0, 30, tzinfo=UTC)) == date(2026, 11, 29)
    assert parse_seed("daily", today=date(2026, 11, 29)).seed == "daily:2026-11-29"
    assert daily_seed(date(2026, 2, 3)) == "daily:2026-02-03"


def test_words_are_normalised_but_case_matters() -> None:
    assert normalize_seed("  Grün\n") == "Grün"
    assert normalize_seed("Gru\u0308n") == "Grün"  # decomposed umlaut, NFC
    assert parse_seed("oak").seed != parse_seed("Oak").seed
    assert parse_seed("DAILY:2026-11-29").seed == "daily:2026-11-29"


@pytest.mark.parametrize("bad", ["", "   ", "a\x00b", "x" * 201])
def test_bad_words_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_seed(bad)


@pytest.mark.parametrize("bad", ["daily:2026-13-01", "daily:tomorrow", "daily:2026-1-2", "daily:"])
def test_malformed_daily_is_refused_not_treated_as_a_word(bad: str) -> None:
    with pytest.raises(ValueError, match="daily:YYYY-MM-DD"):
        parse_seed(bad)


def test_random_seeds_differ_and_kinds() -> None:
    a, b = parse_seed(None), parse_seed(None)
    assert a.kind == SeedKind.RANDOM and a.seed != b.seed and len(a.seed) == 16
    assert seed_kind("daily:2026-11-29") == SeedKind.DAILY
    assert seed_kind("Eichel") == SeedKind.SEEDED
    assert parse_daily("daily:2026-11-29") == date(2026, 11, 29)
    assert bot_seed("Eichel", 1) != bot_seed("Eichel", 2)


def test_todays_daily() -> None:
    assert parse_seed("daily").is_todays_daily
    assert not parse_seed("daily:2000-01-01").is_todays_daily
    assert not parse_seed("Eichel").is_todays_daily

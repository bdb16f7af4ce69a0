"""Seeds that name a match's deals: shareable words and the daily deal.

Every deal of a match is ``deal_from_seed(seed, n)`` for deal number ``n``
(0, 1, 2, ...; see :mod:`skat_core.deal` for the SHA-256 + Fisher-Yates
derivation).  The seed is a string, and this module only decides which
string:

* ``skat play --seed WORD``: the word itself, after :func:`normalize_seed`
  (surrounding whitespace removed, Unicode NFC; case matters: ``Oak`` and
  ``oak`` are different deals).  Two people who type the same word get the
  same deals in the same order.
* the daily deal: ``"daily:" + ISO date``, e.g. ``daily:2026-11-29``.  The date
  is the **UTC** date, so everyone in the world plays the same daily at the
  same moment and a new one starts at 00:00 UTC (01:00 in Berlin in winter).
  A past day's daily can be replayed by naming it, ``--seed daily:2026-11-29``
  (it is then practice, not a scored attempt).
* no seed: a random one (16 hex digits from :mod:`secrets`), shown and saved
  so that the match can still be replayed or shared.

Words starting with ``daily:`` are reserved for dates, so a typo cannot
silently give a different deal than a friend's daily.

>>> daily_seed(date(2026, 11, 29))
'daily:2026-11-29'
>>> parse_seed("  Eichel  ").seed, parse_seed("Eichel").kind
('Eichel', <SeedKind.SEEDED: 'seeded'>)
>>> parse_seed("daily:2026-11-29").day
datetime.date(2026, 11, 29)
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, date, datetime
from enum import StrEnum

DAILY_PREFIX = "daily:"
DAILY_PLAYERS = 3
DAILY_DEALS = 9
"""A daily match is the default match (9 deals, three players, each deals
three times) so that results of different days compare."""
DAILY_FIRST_DEALER = 0
MAX_SEED_LENGTH = 200


class SeedKind(StrEnum):
    """Where a match's seed came from (the leaderboard keeps them apart)."""

    DAILY = "daily"
    SEEDED = "seeded"
    RANDOM = "random"


@dataclass(frozen=True, slots=True)
class SeedSpec:
    """A seed and what kind it is; ``day`` is the daily's date."""

    seed: str
    kind: SeedKind
    day: date | None = None

    @property
    def is_todays_daily(self) -> bool:
        return self.kind == SeedKind.DAILY and self.day == utc_today()


def utc_today(now: datetime | None = None) -> date:
    """The UTC date (the daily changes at 00:00 UTC).  ``now`` may be naive
    (taken as UTC) or aware (converted)."""
    if now is None:
        now = datetime.now(UTC)
    elif now.tzinfo is not None:
        now = now.astimezone(UTC)
    return now.date()


def daily_seed(day: date | None = None) -> str:
    """The seed of the daily deal of ``day`` (today in UTC by default)."""
    return DAILY_PREFIX + (day or utc_today()).isoformat()


def random_seed() -> str:
    """A fresh seed for a match nobody asked to share (still saved and shown)."""
    return secrets.token_hex(8)


_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories refused in a seed: controls, format characters (bidi
controls, zero-width characters), surrogates, line and paragraph separators."""


def normalize_seed(text: str) -> str:
    """The seed a typed word stands for: whitespace around it removed, Unicode
    NFC (so ``Grün`` typed either way is one seed).  Raises :class:`ValueError`
    for an empty word, more than 200 characters, or control, bidi or invisible
    (format) characters, which would make two seeds look alike."""
    seed = unicodedata.normalize("NFC", text.strip())
    if not seed:
        raise ValueError("a seed is a word or phrase; this one is empty")
    if len(seed) > MAX_SEED_LENGTH:
        raise ValueError(f"a seed has at most {MAX_SEED_LENGTH} characters, not {len(seed)}")
    hidden = [f"U+{ord(ch):04X}" for ch in seed if unicodedata.category(ch) in _HIDDEN]
    if hidden:
        raise ValueError("a seed may not contain control, bidi or invisible characters "
                         f"({', '.join(dict.fromkeys(hidden))})")
    return seed


def parse_daily(seed: str) -> date:
    """The date of a ``daily:YYYY-MM-DD`` seed; :class:`ValueError` otherwise."""
    if not seed.startswith(DAILY_PREFIX):
        raise ValueError(f"not a daily seed: {seed!r}")
    text = seed[len(DAILY_PREFIX) :]
    try:
        day = date.fromisoformat(text)
    except ValueError:
        day = None
    if day is None or day.isoformat() != text:
        raise ValueError(
            f"daily seeds name a date as daily:YYYY-MM-DD (e.g. {daily_seed()}), not {seed!r}"
        )
    return day


def parse_seed(text: str | None, today: date | None = None) -> SeedSpec:
    """What ``--seed`` means: None for a random seed, ``daily`` for today's
    daily (UTC), ``daily:YYYY-MM-DD`` for that day's, anything else a word.

    >>> parse_seed("daily", today=date(2026, 1, 2))
    SeedSpec(seed='daily:2026-01-02', kind=<SeedKind.DAILY: 'daily'>, day=datetime.date(2026, 1, 2))
    >>> parse_seed(None).kind
    <SeedKind.RANDOM: 'random'>
    """
    if text is None:
        return SeedSpec(random_seed(), SeedKind.RANDOM)
    seed = normalize_seed(text)
    if seed.lower() == "daily":
        day = today or utc_today()
        return SeedSpec(daily_seed(day), SeedKind.DAILY, day)
    if seed.lower().startswith(DAILY_PREFIX):
        day = parse_daily(DAILY_PREFIX + seed[len(DAILY_PREFIX) :])
        return SeedSpec(daily_seed(day), SeedKind.DAILY, day)
    return SeedSpec(seed, SeedKind.SEEDED)


def seed_kind(seed: str) -> SeedKind:
    """The kind of a stored seed (a saved random seed reads as ``seeded``:
    keep the kind you were given where it matters)."""
    try:
        parse_daily(seed)
    except ValueError:
        return SeedKind.SEEDED
    return SeedKind.DAILY


def bot_seed(seed: str, player: int) -> str:
    """The seed of the bot playing as ``player`` (0, 1, ... in table order) in
    a match with this seed, so that a seeded or daily match is the same for
    everyone, bots included: ``"<seed>:<player>"``."""
    return f"{seed}:{player}"


__all__ = [
    "DAILY_DEALS",
    "DAILY_FIRST_DEALER",
    "DAILY_PLAYERS",
    "DAILY_PREFIX",
    "SeedKind",
    "SeedSpec",
    "bot_seed",
    "daily_seed",
    "normalize_seed",
    "parse_daily",
    "parse_seed",
    "random_seed",
    "seed_kind",
    "utc_today",
]

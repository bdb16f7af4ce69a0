"""A fast evaluator of a soloist's ten cards for each game.

For a hand of ten cards (after the discard), the points lying in the skat and
the soloist's seat, :func:`win_chance` estimates the chance that the game is
won (61 points; for null: no trick) and :func:`schneider_chance` the chance
of 90 points.  Each is a logistic model over a few features a club player
counts: trumps and which jacks, side aces and guarded tens, loose tens,
voids, losers in the side suits, the points in the skat, forehand's lead;
for null the unsafe suits (a suit is safe when its i-th lowest card is at
most the 2i-th lowest of the suit: 7, 9, jack, king...).

The weights in :data:`WEIGHTS` were fitted by :mod:`skat_core.bots.calibrate`:
random deals, every seat declaring every game with its best discard, played
out by the bots, and a logistic regression of the outcome on the features.
"""

from __future__ import annotations

import math
import operator

from ..cards import CARD_POINTS, Mask
from ..rules import TRUMPS, GameType

GRAND = int(GameType.GRAND)
NULL = int(GameType.NULL)

FEATURES: dict[str, tuple[str, ...]] = {
    "suit": (
        "bias", "trumps", "cj", "sj", "hj", "dj", "trump_ace", "trump_ten", "aces",
        "tens_with_ace", "loose_tens", "voids", "singletons", "losers", "skat10", "forehand",
        "points10", "bare_tens",
    ),
    "grand": (
        "bias", "cj", "sj", "hj", "dj", "jacks2", "top_tricks", "loose_tens", "losers",
        "long_suits", "voids", "skat10", "forehand", "points10",
    ),
    "null": ("bias", "unsafe", "danger", "max_danger", "voids", "forehand", "high_singletons"),
}
"""The features of each model, in weight order."""

# Fitted weights (see the module docstring); regenerate with
# ``python -m skat_core.bots.calibrate``.  Suit and grand: 42,600 self-play
# games with explored discards (December 2026); null and null ouvert: the
# earlier fit, to which SHIFTS["search"] belongs (the refit null weights
# with these shifts lost nulls against xskat, docs/bots.md).
WEIGHTS: dict[str, tuple[float, ...]] = {
    "suit": (
        -15.200, 1.679, 1.739, 1.334, 0.877, 0.619, 0.815, 0.466, 1.832, 0.696, 1.013,
        0.319, -0.132, 0.103, 0.742, 0.238, -0.047, -0.251,
    ),
    "suit90": (
        -16.884, 1.420, 2.306, 1.646, 1.040, 0.635, 0.978, 0.364, 1.975, 0.958, 2.067,
        1.144, -0.405, -0.308, 0.554, 0.258, -0.227, -0.901,
    ),
    "grand": (
        -3.641, 1.815, 1.032, 0.644, 0.716, 0.623, -0.625, -0.028, -0.825, -1.071,
        0.760, 1.162, 0.063, 1.297,
    ),
    "grand90": (
        -3.158, 1.706, 0.261, -0.249, -0.332, 1.795, -1.005, 0.442, -1.504, -1.107,
        1.944, 0.439, 0.087, 1.202,
    ),
    "null": (
        2.842, 0.288, -0.672, -0.707, -0.363, -0.225, 0.041,
    ),
    "null_ouvert": (
        3.626, 0.286, -0.694, -1.216, -0.527, -0.266, 0.159,
    ),
}


def _suit_info(m: int) -> tuple[int, int, int, int, int]:
    """For a suit's seven non-jack cards as bits 0..6 (7 8 9 Q K 10 A): (cards,
    ace, ten, top sequence from the ace, points)."""
    seq = 0
    for r in range(6, -1, -1):
        if m >> r & 1:
            seq += 1
        else:
            break
    points = sum(CARD_POINTS[r] for r in range(7) if m >> r & 1)
    return (m.bit_count(), m >> 6 & 1, m >> 5 & 1, seq, points)


_SUIT_INFO: tuple[tuple[int, int, int, int, int], ...] = tuple(_suit_info(m) for m in range(128))


def fast_points(mask: Mask) -> int:
    """Card points of ``mask`` by table lookups (the engine's points_of, faster)."""
    info = _SUIT_INFO
    return (
        info[mask & 127][4] + info[mask >> 7 & 127][4] + info[mask >> 14 & 127][4]
        + info[mask >> 21 & 127][4] + 2 * (mask >> 28).bit_count()
    )


def _null_danger(key: int) -> int:
    """Danger of a null suit given as 8 bits (bit r = the card of null rank r)."""
    worst = 0
    i = 0
    for r in range(8):
        if key >> r & 1:
            worst = max(worst, r - 2 * i)
            i += 1
    return worst


_NULL_DANGER: tuple[int, ...] = tuple(_null_danger(k) for k in range(256))
# Null rank of each suit-game rank position 0..6 (7 8 9 Q K 10 A) and the jack.
_NULL_POS = (0, 1, 2, 5, 6, 3, 7)


_NULL_KEYS: tuple[int, ...] = tuple(
    sum(1 << _NULL_POS[r] for r in range(7) if m >> r & 1) for m in range(128)
)


def _null_key(hand: Mask, suit: int) -> int:
    """A null suit as 8 bits in null rank order (7 8 9 10 J Q K A)."""
    return _NULL_KEYS[hand >> (7 * suit) & 127] | (hand >> (28 + suit) & 1) << 4


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def suit_features(trump: int, hand: Mask, skat_points: int, forehand: bool) -> list[float]:
    trumps = hand & TRUMPS[trump]
    aces = tens_a = loose = bare = voids = singles = losers = 0
    info = _SUIT_INFO
    points = 2 * (hand >> 28).bit_count()
    for s in range(4):
        n, a, t, seq, pts = info[hand >> (7 * s) & 127]
        points += pts
        if s == trump:
            continue
        if n == 0:
            voids += 1
            continue
        aces += a
        if t:
            if a:
                tens_a += 1
            else:
                loose += 1
                if n <= 2:
                    bare += 1
        if n == 1 and not a:
            singles += 1
        losers += min(n - seq, 3)
    return [
        1.0,
        trumps.bit_count(),
        hand >> 31 & 1,
        hand >> 30 & 1,
        hand >> 29 & 1,
        hand >> 28 & 1,
        hand >> (trump * 7 + 6) & 1,
        hand >> (trump * 7 + 5) & 1,
        aces,
        tens_a,
        loose,
        voids,
        singles,
        losers,
        skat_points / 10,
        1.0 if forehand else 0.0,
        points / 10,
        bare,
    ]


def grand_features(hand: Mask, skat_points: int, forehand: bool) -> list[float]:
    top = loose = losers = longs = voids = 0
    info = _SUIT_INFO
    points = 2 * (hand >> 28).bit_count()
    for s in range(4):
        n, a, t, seq, pts = info[hand >> (7 * s) & 127]
        points += pts
        if n == 0:
            voids += 1
            continue
        top += seq
        if t and not a:
            loose += 1
        if n >= 4 and seq >= 1:
            longs += 1
            losers += max(0, min(n - seq, 3) - 1)
        else:
            losers += n - seq
    jacks = (hand >> 28).bit_count()
    return [
        1.0,
        hand >> 31 & 1,
        hand >> 30 & 1,
        hand >> 29 & 1,
        hand >> 28 & 1,
        1.0 if jacks >= 2 else 0.0,
        top,
        loose,
        losers,
        longs,
        voids,
        skat_points / 10,
        1.0 if forehand else 0.0,
        points / 10,
    ]


def null_suit_danger(hand: Mask, suit: int) -> int:
    """0 when the suit is safe in null (its i-th lowest card ranks at most
    2i among the suit's eight), else how far the worst card is off."""
    return _NULL_DANGER[_null_key(hand, suit)]


def null_features(hand: Mask, forehand: bool) -> list[float]:
    unsafe = danger = max_danger = voids = high_single = 0
    for s in range(4):
        key = _null_key(hand, s)
        if not key:
            voids += 1
            continue
        d = _NULL_DANGER[key]
        if d:
            unsafe += 1
            danger += d
            max_danger = max(max_danger, d)
            if key & (key - 1) == 0:
                high_single += 1
    return [1.0, unsafe, danger, max_danger, voids, 1.0 if forehand else 0.0, high_single]


def _dot(w: tuple[float, ...], x: list[float]) -> float:
    total: float = sum(map(operator.mul, w, x))
    return total


SHIFTS: dict[str, dict[str, tuple[float, float]]] = {
    "rules": {},
    "search": {
        "suit": (0.405, 1.111),
        "suit90": (-0.149, 0.905),
        "grand": (0.006, 0.844),
        "grand90": (0.387, 0.822),
        "null": (-0.309, 0.855),
        "null_ouvert": (-1.204, 0.876),
    },
}
"""Per card-play family, a correction ``a + b * z`` of each model's logit.
The weights were fitted on games the ``easy`` rules played out; games the
Monte Carlo levels play out were refitted this way (``calibrate`` output on
1,300 games at level ``normal``): their soloists win suit games more often,
null games (above all null ouvert) less often, since their defenders find
the soloist's weak spots."""


def _p(key: str, x: list[float], play: str) -> float:
    z = _dot(WEIGHTS[key], x)
    shift = SHIFTS[play].get(key)
    if shift is not None:
        z = shift[0] + shift[1] * z
    return _sigmoid(z)


def win_chance(game: int, hand: Mask, skat_points: float, forehand: bool,
               ouvert: bool = False, play: str = "rules") -> float:
    """Estimated chance that ``game`` is won with these ten cards, when the
    cards are played by bots of the ``play`` family ("rules" or "search")."""
    if game == NULL:
        key = "null_ouvert" if ouvert else "null"
        return _p(key, null_features(hand, forehand), play)
    if game == GRAND:
        return _p("grand", grand_features(hand, int(skat_points), forehand), play)
    return _p("suit", suit_features(game, hand, int(skat_points), forehand), play)


def chances(game: int, hand: Mask, skat_points: float, forehand: bool,
            play: str = "rules") -> tuple[float, float]:
    """(chance of 61, chance of 90) for a suit or grand game."""
    if game == GRAND:
        x = grand_features(hand, int(skat_points), forehand)
        return _p("grand", x, play), _p("grand90", x, play)
    x = suit_features(game, hand, int(skat_points), forehand)
    return _p("suit", x, play), _p("suit90", x, play)


__all__ = [
    "FEATURES",
    "SHIFTS",
    "WEIGHTS",
    "chances",
    "grand_features",
    "null_features",
    "null_suit_danger",
    "suit_features",
    "win_chance",
]

"""A fast evaluator of a soloist's ten cards for each game.

For a hand of ten cards (after the discard), the points lying in the skat and
the soloist's seat, :func:`win_chance` estimates the chance that the game is
won (61 points; for null: no trick) and :func:`schneider_chance` the chance
of 90 points.  Each is a logistic model over features a club player
counts: trumps and which jacks, side aces and guarded tens, loose tens,
voids, losers in the side suits, the points in the skat, forehand's lead;
for suit and grand also their interactions (jacks and voids by trump
length, forehand by trumps, jacks and aces...), the class of each side suit
(:data:`SIDE_CLASSES`) and the jack configuration (:data:`RICH_FEATURES`);
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
"""The base features of each model (the first ones, in weight order)."""


def _side_classes() -> tuple[tuple[int, int, int, int], ...]:
    """The classes of a side suit (not void): (cards up to 4, ace, ten, king)."""
    return tuple(
        (n, a, t, k)
        for n in range(1, 5) for a in (0, 1) for t in (0, 1) for k in (0, 1)
        if a + t + k <= n
    )


SIDE_CLASSES: tuple[tuple[int, int, int, int], ...] = _side_classes()
"""A side suit's shape as the models count it; each class is one feature
(how many side suits fall into it), so that the fit learns what, say, a
ten with one small card or a long suit headed by ace-ten is worth."""

_SIDE_CLASS: tuple[int, ...] = tuple(
    SIDE_CLASSES.index((min(m.bit_count(), 4), m >> 6 & 1, m >> 5 & 1, m >> 4 & 1))
    if m else -1
    for m in range(128)
)

_CLASS_NAMES = tuple(
    f"side{n}" + "".join(c for c, held in zip("atk", (a, t, k), strict=True) if held)
    for n, a, t, k in SIDE_CLASSES
)
_JACK_NAMES = tuple(
    "jacks_" + "".join(c for i, c in zip((3, 2, 1, 0), "cshd", strict=True) if p >> i & 1)
    for p in range(1, 16)
)

RICH_FEATURES: dict[str, tuple[str, ...]] = {
    "suit": (
        *FEATURES["suit"],
        "t_over5", "t_over6", "t_under5", "top_seq", "without", "jacks_x_trumps",
        "voids_x_trumps", "fh_x_trumps", "fh_x_aces", "ten_king", "long_sides", "no_jack",
        *_CLASS_NAMES, *_JACK_NAMES,
        "trumps_upto3", "trumps5", "trumps6", "trumps7", "trumps8plus",
    ),
    "grand": (
        *FEATURES["grand"],
        "jacks3", "jacks4", "cj_sj", "aces", "ace_tens", "holes", "bare_tens", "fh_x_jacks",
        "fh_x_aces", "aces_x_jacks", "long_ace_suit",
        *_CLASS_NAMES, *_JACK_NAMES,
    ),
    "null": FEATURES["null"],
}
"""All features of each model, in weight order: the base ones, then
interactions (trump length beyond five or six, the top-trump sequence
"with" or "without", jacks and voids by trump length, forehand by trumps
and aces, ...), the count of side suits in each of :data:`SIDE_CLASSES`,
the jack configuration (one of 15, none is the baseline) and, for suit
games, the trump count (four is the baseline)."""

_TRUMP_COUNT: tuple[int, ...] = (0, 0, 0, 0, -1, 1, 2, 3, 4, 4, 4, 4)

# Fitted weights (see the module docstring); regenerate with
# ``python -m skat_core.bots.calibrate``.  Suit and grand (RICH_FEATURES):
# 41,887 self-play games with explored discards (December 2026, seed
# selfplay-easy-1, docs/bots.md); null and null ouvert: the
# earlier fit, to which SHIFTS["search"] belongs (the refit null weights
# with these shifts lost nulls against xskat, docs/bots.md).
WEIGHTS: dict[str, tuple[float, ...]] = {
    "suit": (
        -5.268, 0.695, 0.610, 0.779, 0.689, 0.612, 1.061, 0.685, 1.169, -0.006,
        0.594, -0.458, -0.452, -0.642, 0.736, 0.289, -0.306, 0.015, 1.152, 0.422,
        0.458, 0.481, -0.214, -0.261, 0.035, 0.136, -0.008, 0.305, 0.014, 0.187,
        -0.051, 0.062, -0.463, -0.212, -0.583, -0.175, 0.280, 0.197, -0.228, -0.066,
        0.264, -0.174, 0.156, 0.621, 0.416, 0.104, 0.255, 0.239, -0.197, -0.376,
        -0.163, -0.150, -0.308, 0.749, 0.573, -0.010, -0.302, 0.036, -0.148, -0.089,
        -0.266, -0.203, -0.045, -0.082, -0.583, -0.212, -0.218, 0.248, -0.047, 0.399,
        0.509, 0.514, -0.183, 1.146, 0.682, -0.320, 0.369,
    ),
    "suit90": (
        -8.588, 1.029, 1.869, 1.838, 1.699, 1.423, 1.316, 0.656, 1.375, 0.257,
        0.882, 0.839, -0.372, -0.855, 0.476, 0.416, -0.559, -0.033, 0.206, -0.149,
        -0.823, 0.065, -0.511, -2.406, 0.146, -0.114, -0.007, 0.503, 0.025, 0.636,
        0.096, 0.152, -0.620, 0.513, -1.267, -0.665, 0.409, 0.178, -0.592, -0.200,
        0.369, -0.522, -0.656, 0.622, 0.629, -0.158, 0.721, 0.366, -0.238, -0.157,
        -0.075, -0.032, -0.304, 0.036, 0.798, 0.248, -0.488, -0.103, -0.157, -0.187,
        -0.747, -0.653, -0.434, -0.224, -1.260, -0.683, -0.525, 0.441, -0.096, 1.207,
        1.160, 1.626, -0.102, 0.339, 0.491, 0.076, -0.213,
    ),
    "grand": (
        -1.113, 1.724, 0.905, 0.802, 0.854, 1.281, -0.303, 1.053, -0.796, -0.003,
        -0.397, 1.123, 0.016, 0.112, 0.603, -0.180, 0.327, 0.695, 0.289, -0.298,
        -0.521, 0.039, -0.006, 0.215, -0.193, -0.483, -0.352, -1.166, 0.015, -0.776,
        -0.408, 0.416, 0.230, -0.246, -0.457, 0.493, -0.473, 0.136, 0.252, 0.372,
        0.048, 0.346, 0.376, 0.124, 0.561, 0.444, 0.320, 0.629, 0.469, 0.231,
        0.004, -0.708, 0.282, 0.228, -0.232, 0.647, 0.059, 0.201, -0.329, 0.142,
        0.392, 0.397, 0.466, -0.140, 0.395, 0.251, -0.180,
    ),
    "grand90": (
        -0.473, 1.728, 0.451, 0.249, -0.158, 1.406, -0.865, 1.655, -1.099, -0.683,
        1.032, 0.318, 0.792, -0.185, 0.622, -0.366, 0.271, 0.354, 1.133, -1.386,
        -0.425, -0.240, 0.020, 0.587, 0.158, 0.291, 0.004, -0.532, 1.105, -0.997,
        -0.486, 0.299, -0.193, -0.544, -0.680, 0.266, -0.947, -0.141, 0.143, 0.820,
        -0.547, 0.329, 0.425, 0.683, -0.564, -0.203, 0.002, 1.115, 0.008, -0.449,
        -0.325, 0.083, -0.680, 0.202, -0.822, -0.134, 0.003, 0.038, 0.274, -0.186,
        0.924, 0.310, 0.410, 0.332, 0.100, 0.204, -0.366,
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


def sigmoid(x: float) -> float:
    """The logistic function (0 and 1 beyond ±30)."""
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def suit_features(trump: int, hand: Mask, skat_points: int, forehand: bool) -> list[float]:
    """The features of :data:`RICH_FEATURES` ``["suit"]`` for a suit game."""
    trump_mask = hand & TRUMPS[trump]
    trumps = trump_mask.bit_count()
    aces = tens_a = loose = bare = voids = singles = losers = ten_king = longs = 0
    classes = [0.0] * len(SIDE_CLASSES)
    info = _SUIT_INFO
    points = 2 * (hand >> 28).bit_count()
    for s in range(4):
        m = hand >> (7 * s) & 127
        n, a, t, seq, pts = info[m]
        points += pts
        if s == trump:
            continue
        if n == 0:
            voids += 1
            continue
        classes[_SIDE_CLASS[m]] += 1
        aces += a
        if t:
            if a:
                tens_a += 1
            else:
                loose += 1
                if n <= 2:
                    bare += 1
                if m >> 4 & 1:
                    ten_king += 1
        if n == 1 and not a:
            singles += 1
        if n >= 4:
            longs += 1
        losers += min(n - seq, 3)
    # The trumps from the top (club jack down to the seven) as 11 bits.
    order = (hand >> 28 & 15) << 7 | (hand >> (7 * trump) & 127)
    top = _TOP_RUN[order]
    without = 0 if top else _TOP_RUN[~order & 0x7FF]
    jack_bits = hand >> 28 & 15
    jacks = jack_bits.bit_count()
    fh = 1.0 if forehand else 0.0
    jack_pattern = [0.0] * 15
    if jack_bits:
        jack_pattern[jack_bits - 1] = 1.0
    trump_count = [0.0] * 5
    if _TRUMP_COUNT[trumps] >= 0:
        trump_count[_TRUMP_COUNT[trumps]] = 1.0
    return [
        1.0,
        trumps,
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
        fh,
        points / 10,
        bare,
        max(0, trumps - 5),
        max(0, trumps - 6),
        max(0, 5 - trumps),
        min(top, 6),
        min(without, 4),
        jacks * trumps / 10,
        voids * max(0, trumps - 4),
        fh * (trumps - 5),
        fh * aces,
        ten_king,
        longs,
        1.0 if jacks == 0 else 0.0,
        *classes,
        *jack_pattern,
        *trump_count,
    ]


def _top_run(bits: int) -> int:
    """Consecutive set bits from bit 10 down (the trumps held from the top)."""
    run = 0
    for b in range(10, -1, -1):
        if not bits >> b & 1:
            break
        run += 1
    return run


_TOP_RUN: tuple[int, ...] = tuple(_top_run(b) for b in range(2048))


def grand_features(hand: Mask, skat_points: int, forehand: bool) -> list[float]:
    """The features of :data:`RICH_FEATURES` ``["grand"]`` for a grand."""
    top = loose = losers = longs = voids = 0
    aces = ace_tens = holes = bare = longest = 0
    classes = [0.0] * len(SIDE_CLASSES)
    info = _SUIT_INFO
    points = 2 * (hand >> 28).bit_count()
    for s in range(4):
        m = hand >> (7 * s) & 127
        n, a, t, seq, pts = info[m]
        points += pts
        if n == 0:
            voids += 1
            continue
        classes[_SIDE_CLASS[m]] += 1
        top += seq
        if a:
            aces += 1
            ace_tens += t
            longest = max(longest, n)
        else:
            holes += 1
            if t:
                loose += 1
                if n <= 2:
                    bare += 1
        if n >= 4 and seq >= 1:
            longs += 1
            losers += max(0, min(n - seq, 3) - 1)
        else:
            losers += n - seq
    jack_bits = hand >> 28 & 15
    jacks = jack_bits.bit_count()
    fh = 1.0 if forehand else 0.0
    jack_pattern = [0.0] * 15
    if jack_bits:
        jack_pattern[jack_bits - 1] = 1.0
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
        fh,
        points / 10,
        1.0 if jacks >= 3 else 0.0,
        1.0 if jacks == 4 else 0.0,
        hand >> 31 & hand >> 30 & 1,
        aces,
        ace_tens,
        holes,
        bare,
        fh * jacks,
        fh * aces,
        aces * jacks / 4,
        max(0, longest - 3),
        *classes,
        *jack_pattern,
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


# Refitted for choosing the discard (the "discard" family of win_chance and
# chances); regenerate with ``python -m skat_core.bots.calibrate generate
# --deals 274 --level normal --defenders easy --seed selfplay-mixed-1
# --min-p 0.15 --max-p 0.985 --explore 3 --out mixed.jsonl`` (1,935 games,
# 40 minutes on two cores) and ``calibrate refit mixed.jsonl``.
DISCARD_WEIGHTS: dict[str, tuple[float, ...]] = {
    "suit": (
        -3.845, 0.709, 0.513, 0.699, 0.554, 0.503, 1.065, 0.661, 1.124, -0.098,
        0.441, -0.298, -0.425, -0.586, 0.672, 0.249, -0.242, -0.102, 1.015, 0.374,
        0.306, 0.266, -0.185, -0.285, 0.158, 0.119, 0.012, 0.253, -0.013, 0.168,
        -0.065, 0.065, -0.425, -0.197, -0.559, -0.190, 0.162, 0.160, -0.206, -0.054,
        0.161, -0.156, 0.131, 0.583, 0.374, 0.208, 0.284, 0.202, -0.164, -0.345,
        -0.147, -0.133, -0.281, 0.670, 0.517, -0.007, -0.290, 0.038, -0.173, -0.078,
        -0.174, -0.192, 0.010, -0.112, -0.583, -0.121, -0.141, 0.191, -0.008, 0.316,
        0.399, 0.459, -0.221, 1.081, 0.602, -0.292, 0.331,
    ),
    "suit90": (
        -7.111, 0.914, 1.636, 1.637, 1.485, 1.293, 1.130, 0.652, 1.275, 0.261,
        0.701, 0.804, -0.299, -0.884, 0.466, 0.289, -0.460, -0.122, 0.157, -0.138,
        -0.757, 0.066, -0.452, -2.117, 0.186, -0.173, -0.061, 0.378, 0.056, 0.562,
        0.120, 0.114, -0.533, 0.378, -1.143, -0.608, 0.294, 0.117, -0.465, -0.161,
        0.346, -0.479, -0.567, 0.580, 0.528, -0.134, 0.656, 0.308, -0.211, -0.141,
        -0.073, -0.019, -0.267, 0.029, 0.710, 0.227, -0.409, -0.086, -0.167, -0.163,
        -0.657, -0.571, -0.395, -0.160, -1.100, -0.575, -0.471, 0.364, -0.069, 1.011,
        1.005, 1.474, -0.087, 0.351, 0.421, 0.061, -0.188,
    ),
    "grand": (
        -0.179, 1.396, 0.761, 0.661, 0.709, 1.068, -0.227, 0.823, -0.689, 0.001,
        -0.330, 0.914, 0.009, 0.084, 0.480, -0.145, 0.273, 0.611, 0.226, -0.281,
        -0.465, 0.016, 0.009, 0.208, -0.150, -0.378, -0.291, -0.961, 0.034, -0.648,
        -0.332, 0.318, 0.179, -0.182, -0.377, 0.391, -0.397, 0.119, 0.193, 0.306,
        0.054, 0.285, 0.317, 0.091, 0.460, 0.362, 0.270, 0.519, 0.377, 0.195,
        0.003, -0.576, 0.223, 0.192, -0.177, 0.525, 0.062, 0.168, -0.268, 0.113,
        0.321, 0.314, 0.375, -0.101, 0.318, 0.201, -0.145,
    ),
    "grand90": (
        -0.200, 1.200, 0.323, 0.171, -0.101, 0.991, -0.582, 1.151, -0.811, -0.466,
        0.730, 0.230, 0.557, -0.119, 0.435, -0.261, 0.184, 0.261, 0.801, -0.991,
        -0.305, -0.165, 0.019, 0.421, 0.129, 0.208, 0.000, -0.373, 0.775, -0.699,
        -0.347, 0.204, -0.137, -0.380, -0.474, 0.190, -0.666, -0.099, 0.098, 0.573,
        -0.390, 0.227, 0.289, 0.491, -0.396, -0.143, 0.005, 0.780, -0.000, -0.296,
        -0.226, 0.056, -0.479, 0.140, -0.572, -0.095, 0.007, 0.030, 0.199, -0.130,
        0.643, 0.213, 0.290, 0.237, 0.073, 0.133, -0.261,
    ),
}
"""The suit and grand models refitted to games that a ``normal`` soloist
played out against two ``easy`` defenders, around the Monte Carlo family's
logit (:func:`.calibrate.refit_weights`): such a soloist wins more suit
games than ``SHIFTS["search"]`` says (74% where it said 58%), as it does
against xskat's defenders.  ``normal`` uses them only after picking up, to
choose the discard of the grand its plan chose, or the trump and the
discard of its suit game (docs/bots.md, "The twenty-fourth round"); used
for the bidding, or to choose between suit game, grand and null, they
measured worse."""


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
the soloist's weak spots.  The "discard" family takes its suit and grand
models from :data:`DISCARD_WEIGHTS` unshifted and the nulls as "search"."""
SHIFTS["discard"] = {key: SHIFTS["search"][key] for key in ("null", "null_ouvert")}


def _shifted(key: str, z: float, play: str) -> float:
    shift = SHIFTS[play].get(key)
    if shift is not None:
        z = shift[0] + shift[1] * z
    return sigmoid(z)


def _p(key: str, x: list[float], play: str) -> float:
    return _shifted(key, _dot(WEIGHTS[key], x), play)


# The suit and grand logits by table lookups.  ``w · features`` splits into
# a part for the trumps (jacks and the trump suit as 11 bits, or the jacks
# alone in grand), one for each side suit (its 7 bits) and a few products
# (voids and forehand by trump length...), so the bidding, which asks for
# thousands of hands, adds up five numbers instead of building 77 features.
# The tables follow WEIGHTS when the module is loaded; a test checks them
# against the dot product of the features.


def model_weights(key: str) -> tuple[float, ...]:
    """The weights of a model: a key of :data:`WEIGHTS`, or ``key@discard``
    for one of :data:`DISCARD_WEIGHTS`."""
    base, _, family = key.partition("@")
    return DISCARD_WEIGHTS[base] if family == "discard" else WEIGHTS[key]


class _SuitTables:
    def __init__(self, key: str) -> None:
        w = dict(zip(RICH_FEATURES["suit"], model_weights(key), strict=True))
        self.skat10 = w["skat10"]
        self.forehand = w["forehand"]
        self.fh_x_trumps = w["fh_x_trumps"]
        self.fh_x_aces = w["fh_x_aces"]
        self.voids_x_trumps = w["voids_x_trumps"]
        side: list[float] = []
        for m in range(128):
            n, a, t, seq, pts = _SUIT_INFO[m]
            z = w["points10"] * pts / 10
            if n == 0:
                z += w["voids"]
            else:
                z += w[_CLASS_NAMES[_SIDE_CLASS[m]]]
                z += w["aces"] * a + w["losers"] * min(n - seq, 3)
                if t:
                    if a:
                        z += w["tens_with_ace"]
                    else:
                        z += w["loose_tens"]
                        if n <= 2:
                            z += w["bare_tens"]
                        if m >> 4 & 1:
                            z += w["ten_king"]
                if n == 1 and not a:
                    z += w["singletons"]
                if n >= 4:
                    z += w["long_sides"]
            side.append(z)
        self.side = tuple(side)
        jack_names = ("dj", "hj", "sj", "cj")
        count_names = ("trumps_upto3", "trumps5", "trumps6", "trumps7", "trumps8plus")
        trump: list[float] = []
        for bits in range(2048):
            jb = bits >> 7
            m = bits & 127
            t = bits.bit_count()
            jacks = jb.bit_count()
            top = _TOP_RUN[bits]
            without = 0 if top else _TOP_RUN[~bits & 0x7FF]
            z = w["bias"] + w["trumps"] * t
            z += sum(w[jack_names[i]] for i in range(4) if jb >> i & 1)
            z += w["trump_ace"] * (m >> 6 & 1) + w["trump_ten"] * (m >> 5 & 1)
            z += w["points10"] * (_SUIT_INFO[m][4] + 2 * jacks) / 10
            z += w["t_over5"] * max(0, t - 5) + w["t_over6"] * max(0, t - 6)
            z += w["t_under5"] * max(0, 5 - t)
            z += w["top_seq"] * min(top, 6) + w["without"] * min(without, 4)
            z += w["jacks_x_trumps"] * jacks * t / 10
            if jb:
                z += w[_JACK_NAMES[jb - 1]]
            else:
                z += w["no_jack"]
            if _TRUMP_COUNT[t] >= 0:
                z += w[count_names[_TRUMP_COUNT[t]]]
            trump.append(z)
        self.trump = tuple(trump)


class _GrandTables:
    def __init__(self, key: str) -> None:
        w = dict(zip(RICH_FEATURES["grand"], model_weights(key), strict=True))
        self.skat10 = w["skat10"]
        self.forehand = w["forehand"]
        self.fh_x_jacks = w["fh_x_jacks"]
        self.fh_x_aces = w["fh_x_aces"]
        self.aces_x_jacks = w["aces_x_jacks"]
        self.long_ace_suit = w["long_ace_suit"]
        suit: list[float] = []
        for m in range(128):
            n, a, t, seq, pts = _SUIT_INFO[m]
            z = w["points10"] * pts / 10
            if n == 0:
                z += w["voids"]
            else:
                z += w[_CLASS_NAMES[_SIDE_CLASS[m]]] + w["top_tricks"] * seq
                if a:
                    z += w["aces"] + w["ace_tens"] * t
                else:
                    z += w["holes"]
                    if t:
                        z += w["loose_tens"]
                        if n <= 2:
                            z += w["bare_tens"]
                if n >= 4 and seq >= 1:
                    z += w["long_suits"] + w["losers"] * max(0, min(n - seq, 3) - 1)
                else:
                    z += w["losers"] * (n - seq)
            suit.append(z)
        self.suit = tuple(suit)
        jacks_z: list[float] = []
        for jb in range(16):
            jacks = jb.bit_count()
            z = w["bias"] + w["points10"] * 2 * jacks / 10
            z += sum(w[name] for i, name in enumerate(("dj", "hj", "sj", "cj")) if jb >> i & 1)
            z += w["jacks2"] * (jacks >= 2) + w["jacks3"] * (jacks >= 3)
            z += w["jacks4"] * (jacks == 4) + w["cj_sj"] * (jb >> 2 & jb >> 3 & 1)
            if jb:
                z += w[_JACK_NAMES[jb - 1]]
            jacks_z.append(z)
        self.jacks = tuple(jacks_z)


_SUIT_TABLES = {key: _SuitTables(key)
                for key in ("suit", "suit90", "suit@discard", "suit90@discard")}
_GRAND_TABLES = {key: _GrandTables(key)
                 for key in ("grand", "grand90", "grand@discard", "grand90@discard")}
_SUIT_SHIFTS = (0, 7, 14, 21)


def suit_logit(key: str, trump: int, hand: Mask, skat_points: int, forehand: bool) -> float:
    """``model_weights(key) · suit_features(...)`` ("suit" or "suit90", with
    "@discard" for :data:`DISCARD_WEIGHTS`), by tables."""
    tab = _SUIT_TABLES[key]
    bits = (hand >> 28 & 15) << 7 | (hand >> (7 * trump) & 127)
    t = bits.bit_count()
    z = tab.trump[bits] + tab.skat10 * skat_points / 10
    side = tab.side
    aces = voids = 0
    for s in _SUIT_SHIFTS:
        if s == 7 * trump:
            continue
        m = hand >> s & 127
        z += side[m]
        if m:
            aces += m >> 6 & 1
        else:
            voids += 1
    if forehand:
        z += tab.forehand + tab.fh_x_trumps * (t - 5) + tab.fh_x_aces * aces
    if t > 4:
        z += tab.voids_x_trumps * voids * (t - 4)
    return z


def grand_logit(key: str, hand: Mask, skat_points: int, forehand: bool) -> float:
    """``model_weights(key) · grand_features(...)`` ("grand" or "grand90", with
    "@discard" for :data:`DISCARD_WEIGHTS`), by tables."""
    tab = _GRAND_TABLES[key]
    jb = hand >> 28 & 15
    jacks = jb.bit_count()
    z = tab.jacks[jb] + tab.skat10 * skat_points / 10
    suit = tab.suit
    aces = longest = 0
    for s in _SUIT_SHIFTS:
        m = hand >> s & 127
        z += suit[m]
        if m >> 6 & 1:
            aces += 1
            n = m.bit_count()
            if n > longest:
                longest = n
    if forehand:
        z += tab.forehand + tab.fh_x_jacks * jacks + tab.fh_x_aces * aces
    z += tab.aces_x_jacks * aces * jacks / 4
    if longest > 3:
        z += tab.long_ace_suit * (longest - 3)
    return z


def _model_chance(key: str, game: int, hand: Mask, skat_points: int, forehand: bool,
                  play: str) -> float:
    """The chance of suit or grand model ``key`` ("suit", "suit90", "grand" or
    "grand90") for ``play``: the "discard" family's own weights unshifted,
    else :data:`WEIGHTS` shifted by :data:`SHIFTS`."""
    refit = play == "discard"
    weights = f"{key}@discard" if refit else key
    if game == GRAND:
        z = grand_logit(weights, hand, skat_points, forehand)
    else:
        z = suit_logit(weights, game, hand, skat_points, forehand)
    return sigmoid(z) if refit else _shifted(key, z, play)


def win_chance(game: int, hand: Mask, skat_points: float, forehand: bool,
               ouvert: bool = False, play: str = "rules") -> float:
    """Estimated chance that ``game`` is won with these ten cards, when the
    cards are played by bots of the ``play`` family ("rules" or "search"; or
    "discard", :data:`DISCARD_WEIGHTS`)."""
    if game == NULL:
        key = "null_ouvert" if ouvert else "null"
        return _p(key, null_features(hand, forehand), play)
    key = "grand" if game == GRAND else "suit"
    return _model_chance(key, game, hand, int(skat_points), forehand, play)


def chances(game: int, hand: Mask, skat_points: float, forehand: bool,
            play: str = "rules") -> tuple[float, float]:
    """(chance of 61, chance of 90) for a suit or grand game."""
    sp = int(skat_points)
    key = "grand" if game == GRAND else "suit"
    return (_model_chance(key, game, hand, sp, forehand, play),
            _model_chance(f"{key}90", game, hand, sp, forehand, play))


__all__ = [
    "DISCARD_WEIGHTS",
    "FEATURES",
    "RICH_FEATURES",
    "SHIFTS",
    "SIDE_CLASSES",
    "WEIGHTS",
    "chances",
    "grand_features",
    "grand_logit",
    "model_weights",
    "null_features",
    "null_suit_danger",
    "sigmoid",
    "suit_features",
    "suit_logit",
    "win_chance",
]

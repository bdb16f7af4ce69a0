"""Bidding, the skat, the discard and the declaration.

Every decision compares *expected Seeger-Fabian scores* of the games the
soloist could play, with the win chances of :mod:`skat_core.bots.evaluate`
and the game values of :mod:`skat_core.value` (matadors counted over the
hand and the skat, exactly as the engine scores them):

* a game worth ``V`` at bid ``B`` scores ``V + 50`` when won and
  ``-(2V + 50)`` when lost, and a loss also gives each defender 40, which we
  count against the soloist (:data:`LOSS_EXTRA`);
* a game whose value stays below the bid can only be won by reaching
  schneider (its value then rises), otherwise it is lost as overbid;
* the skat is unknown while bidding, so a pick-up game is worth the average,
  over sampled skats, of the best game and discard for that skat; a hand game
  is worth the average over the same skats of its expected score (the skat's
  points and jacks count for the soloist in hand games too).

The bid limit is the highest ladder value at which the best of these is
still worth more than :data:`PASS_THRESHOLD`.

Under house rules the same sums are weighed by the deal's :class:`Stakes`
(:func:`stakes_for`): in a Bock deal the game value counts twice (the 50 and
the 40 do not), and where defenders may say Kontra a lost game costs more,
by factors measured on the bots' own Kontra and Re.  When all passing means
a Ramsch, passing is worth the hand's expected Ramsch score
(:func:`~skat_core.bots.ramsch.ramsch_outlook`) times the chance that the
others pass too, and the bidder says 18 whenever a game beats that.  A seat bids up to its limit
(the bidder raises to the next value on the ladder; the holder says yes while
the value is at most its limit), then passes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..cards import CARD_POINTS, CARD_SUIT, NULL_RANK, SUIT_CARDS, Mask, cards_of, points_of
from ..game import Declare
from ..rules import TRUMPS, GameType
from ..ruleset import RuleSet
from ..value import BID_VALUES, game_value, matadors, null_value
from .evaluate import chances, win_chance
from .schwarz import proven_value

GRAND = int(GameType.GRAND)
NULL = int(GameType.NULL)
SUIT_AND_GRAND = (0, 1, 2, 3, GRAND)
LOSS_EXTRA = 40.0
"""What a lost game costs the soloist beyond his own list entry: the 40 each
defender is credited in the Seeger-Fabian list (counted once)."""
PASS_THRESHOLD = 0.0
"""Expected score a game must beat to be worth bidding for."""
KONTRA_WIN_FACTOR = 1.03
KONTRA_LOSS_FACTOR = 1.18
"""What Kontra and Re make of a game value on average where the defenders
may double, won and lost: measured over 600 pub deals of the ``easy`` bots
(532 games; Kontra was said in 15 % of the lost games, 1 % of the won ones,
and Re mostly where the soloist then won), docs/bots.md."""
OTHER_PASSES = 0.48
"""The chance that another seat not yet bid to passes too (the pub deals
above: 11.3 % of them were passed by all three, 0.48 ** 3)."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """What the game value counts for in this deal, won and lost (the
    Seeger-Fabian 50 and 40 are never multiplied)."""

    win: float = 1.0
    loss: float = 1.0


PLAIN = Stakes()
"""The tournament rules: the value as it is."""


def stakes_for(rules: RuleSet, bock: int = 1) -> Stakes:
    """The stakes of a deal under ``rules`` with Bock multiplier ``bock``."""
    if not rules.kontra and bock == 1:
        return PLAIN
    win = loss = float(bock)
    if rules.kontra:
        win *= KONTRA_WIN_FACTOR
        loss *= KONTRA_LOSS_FACTOR
    return Stakes(win, loss)


@dataclass(frozen=True, slots=True)
class Choice:
    """A game the soloist might declare, with its expected score."""

    declare: Declare
    discard: tuple[int, int] | None
    ev: float
    win: float
    value: int
    """The value if won without schneider (for null its fixed value)."""


def _payoff(win: float, p90: float, value: int, base: int, bid: int,
            schneider_needed: bool = False, extra: float = LOSS_EXTRA,
            stakes: Stakes = PLAIN) -> float:
    """Expected Seeger-Fabian score of a suit or grand game (``value`` is its
    value with the game won plainly, as declared)."""
    lose = extra + 50
    w, lo = stakes.win, stakes.loss
    if schneider_needed:
        # Announced schneider: only 90 wins.
        if value < bid:
            return -(2 * lo * overbid_value_of(base, bid) + lose)
        return p90 * (w * value + 50) - (1 - p90) * (2 * lo * value + lose)
    if value >= bid:
        return (win * (w * value + 50) + p90 * w * base
                - (1 - win) * (2 * lo * value + lose))
    if value + base >= bid:
        # Won only with schneider; a plain win is lost as overbid.
        v = value + base
        return p90 * (w * v + 50) - (1 - p90) * (2 * lo * overbid_value_of(base, bid) + lose)
    return -(2 * lo * overbid_value_of(base, bid) + lose)


def announced_payoff(win: float, value: int, bid: int, extra: float = LOSS_EXTRA,
                     stakes: Stakes = PLAIN) -> float:
    """Expected Seeger-Fabian score of a game that is won only as announced
    (schwarz, ouvert), worth ``value`` then; never declared below the bid."""
    if value < bid:
        return -1e9
    return win * (stakes.win * value + 50) - (1 - win) * (2 * stakes.loss * value + extra + 50)


def overbid_value_of(base: int, bid: int) -> int:
    """The value an overbid game is lost at (as value.overbid_value, by base)."""
    return -(-bid // base) * base


def null_payoff(win: float, value: int, bid: int, extra: float = LOSS_EXTRA,
                stakes: Stakes = PLAIN) -> float:
    if value < bid:
        return -1e9  # not declarable (RULES.md, ours)
    return win * (stakes.win * value + 50) - (1 - win) * (2 * stakes.loss * value + extra + 50)


def _discards(game: int, cards: Mask) -> list[tuple[int, int]]:
    """Sensible discards for a game: no trumps unless there is no choice."""
    if game == NULL:
        pool = cards
    else:
        pool = cards & ~TRUMPS[game]
        if pool.bit_count() < 2:
            pool = cards & ~(TRUMPS[game] & 0xF0000000) if game != GRAND else cards
            if pool.bit_count() < 2:
                pool = cards
    return [(a, b) for a, b in combinations(cards_of(pool), 2)]


def pickup_choices(cards12: Mask, forehand: bool, bid: int, play: str = "rules",
                   extra: float = LOSS_EXTRA) -> list[Choice]:
    """For twelve cards (hand plus skat): the best discard for each game,
    with its expected score at ``bid``, best first."""
    out: list[Choice] = []
    for game in SUIT_AND_GRAND:
        mats = matadors(game, cards12)
        value = game_value(game, mats)
        base = GameType(game).base_value
        best: Choice | None = None
        for a, b in _discards(game, cards12):
            put = 1 << a | 1 << b
            win, p90 = chances(game, cards12 & ~put, CARD_POINTS[a] + CARD_POINTS[b], forehand,
                               play)
            ev = _payoff(win, p90, value, base, bid, extra=extra)
            if best is None or ev > best.ev:
                best = Choice(Declare(GameType(game)), (a, b), ev, win, value)
        assert best is not None
        out.append(best)
    for ouvert in (False, True):
        value = null_value(False, ouvert)
        if value < bid:
            continue
        best = None
        for a, b in _discards(NULL, cards12):
            win = win_chance(NULL, cards12 & ~(1 << a | 1 << b), 0, forehand, ouvert, play)
            ev = null_payoff(win, value, bid, extra)
            if best is None or ev > best.ev:
                best = Choice(Declare(GameType.NULL, ouvert=ouvert), (a, b), ev, win, value)
        assert best is not None
        out.append(best)
    out.sort(key=lambda c: -c.ev)
    return out


def declare_choices(hand: Mask, discard: Mask, forehand: bool, bid: int, play: str = "rules",
                    extra: float = LOSS_EXTRA) -> list[Choice]:
    """After the discard: every game with its expected score, best first."""
    cards12 = hand | discard
    skat_points = points_of(discard)
    out: list[Choice] = []
    for game in SUIT_AND_GRAND:
        value = game_value(game, matadors(game, cards12))
        win, p90 = chances(game, hand, skat_points, forehand, play)
        ev = _payoff(win, p90, value, GameType(game).base_value, bid, extra=extra)
        out.append(Choice(Declare(GameType(game)), None, ev, win, value))
    for ouvert in (False, True):
        value = null_value(False, ouvert)
        if value >= bid:
            win = win_chance(NULL, hand, 0, forehand, ouvert, play)
            out.append(Choice(Declare(GameType.NULL, ouvert=ouvert), None,
                              null_payoff(win, value, bid, extra), win, value))
    out.sort(key=lambda c: -c.ev)
    return out


def safe_first(choices: list[Choice], bid: int) -> list[Choice]:
    """Games whose value reaches the bid come before any that would be lost
    as overbid from the start (the engine scores those lost whatever the
    points)."""
    ok = [c for c in choices if c.value >= bid]
    return ok if ok else choices


def sample_skats(hand: Mask, n: int, salt: str) -> tuple[Mask, ...]:
    """``n`` distinct skats from the cards not in ``hand`` (deterministic in
    the hand and ``salt``)."""
    rest = cards_of(0xFFFFFFFF & ~hand)
    pairs = list(combinations(rest, 2))
    rng = random.Random(f"skats:{salt}:{hand}")
    picked = rng.sample(pairs, min(n, len(pairs)))
    return tuple(1 << a | 1 << b for a, b in picked)


@dataclass(frozen=True, slots=True)
class HandOutlook:
    """Per sampled skat: the best pick-up game data and the hand games' data,
    from which the expected score at any bid follows quickly."""

    pickup: tuple[tuple[tuple[float, float, int, int], ...], ...]
    """Per skat, per game (suits, grand, null, null ouvert): (win, p90, value, base)."""
    hand: tuple[tuple[tuple[float, float, int, int], ...], ...]
    """Per skat, per hand game (suits, grand, null hand, null ouvert hand)."""

    def pickup_ev(self, bid: int, extra: float = LOSS_EXTRA, stakes: Stakes = PLAIN) -> float:
        total = 0.0
        for games in self.pickup:
            total += max(_ev_entry(e, bid, extra, stakes) for e in games)
        return total / len(self.pickup)

    def hand_evs(self, bid: int, extra: float = LOSS_EXTRA,
                 stakes: Stakes = PLAIN) -> list[float]:
        """Expected score of each hand game: the 5 suit/grand games, then
        with schneider announced, then null hand and null ouvert hand."""
        n = len(self.hand)
        sums = [0.0] * 12
        for games in self.hand:
            for i, e in enumerate(games):
                sums[i] += _ev_entry(e, bid, extra, stakes)
            for i in range(5):
                win, p90, value, base = games[i]
                sums[7 + i] += _payoff(win, p90, value + 2 * base, base, bid, True, extra,
                                       stakes)
        return [s / n for s in sums]

    def best_ev(self, bid: int, extra: float = LOSS_EXTRA, stakes: Stakes = PLAIN) -> float:
        """The best of picking up and the hand games, without the games
        with schneider announced: their chance of 90 comes from the
        evaluator, which is not sure enough to bid on (an announcement
        needs about 95%, see ``simulate.schneider_sure``); the declaration
        may still announce where the solver finds 90 on every sampled deal."""
        return best_of(self.pickup_ev(bid, extra, stakes), self.hand_evs(bid, extra, stakes))


def _ev_entry(e: tuple[float, float, int, int], bid: int, extra: float = LOSS_EXTRA,
              stakes: Stakes = PLAIN) -> float:
    win, p90, value, base = e
    if base == 0:
        return null_payoff(win, value, bid, extra, stakes)
    return _payoff(win, p90, value, base, bid, extra=extra, stakes=stakes)


HAND_GAMES: tuple[Declare, ...] = (
    *(Declare(GameType(g), hand=True) for g in SUIT_AND_GRAND),
    Declare(GameType.NULL, hand=True),
    Declare(GameType.NULL, hand=True, ouvert=True),
    *(Declare(GameType(g), hand=True, schneider=True) for g in SUIT_AND_GRAND),
)
"""In the order of :meth:`HandOutlook.hand_evs`."""
ANNOUNCED_FROM = next(i for i, d in enumerate(HAND_GAMES) if d.schneider)


def best_of(pick: float, hand_evs: list[float]) -> float:
    """The best of picking up and the hand games (in the order of
    :data:`HAND_GAMES`) to bid on: the games with schneider announced left
    out (see :meth:`HandOutlook.best_ev`)."""
    return max(pick, *hand_evs[:ANNOUNCED_FROM])
"""The index in :data:`HAND_GAMES` of the first game with schneider announced."""


@lru_cache(maxsize=512)
def outlook(hand: Mask, forehand: bool, skats: int, salt: str, play: str = "rules"
            ) -> HandOutlook:
    """The expected-score tables of a ten-card hand over ``skats`` sampled skats."""
    pick: list[tuple[tuple[float, float, int, int], ...]] = []
    hand_rows: list[tuple[tuple[float, float, int, int], ...]] = []
    null_hand = [win_chance(NULL, hand, 0, forehand, ouvert, play) for ouvert in (False, True)]
    for skat in sample_skats(hand, skats, salt):
        cards12 = hand | skat
        row: list[tuple[float, float, int, int]] = []
        hrow: list[tuple[float, float, int, int]] = []
        sp = points_of(skat)
        for game in SUIT_AND_GRAND:
            mats = matadors(game, cards12)
            value = game_value(game, mats)
            base = GameType(game).base_value
            best = (0.0, 0.0)
            best_score = -1.0
            for a, b in _quick_discards(game, cards12):
                put = 1 << a | 1 << b
                win, p90 = chances(game, cards12 & ~put, CARD_POINTS[a] + CARD_POINTS[b],
                                   forehand, play)
                score = win * (3 * value + 140) + p90 * base
                if score > best_score:
                    best, best_score = (win, p90), score
            row.append((best[0], best[1], value, base))
            if _hopeless(game, cards12):
                hwin = hp90 = 0.0
            else:
                hwin, hp90 = chances(game, hand, sp, forehand, play)
            hrow.append((hwin, hp90, game_value(game, mats, hand=True), base))
        for ouvert in (False, True):
            best_null = 0.0
            for a, b in _null_discards(cards12):
                w = win_chance(NULL, cards12 & ~(1 << a | 1 << b), 0, forehand, ouvert, play)
                best_null = max(best_null, w)
            row.append((best_null, 0.0, null_value(False, ouvert), 0))
        for ouvert in (False, True):
            hrow.append((null_hand[ouvert], 0.0, null_value(True, ouvert), 0))
        pick.append(tuple(row))
        hand_rows.append(tuple(hrow))
    return HandOutlook(tuple(pick), tuple(hand_rows))


def _null_discards(cards12: Mask) -> list[tuple[int, int]]:
    """Null discards worth trying while bidding: two of the four highest cards."""
    ranked = sorted(cards_of(cards12), key=lambda c: -NULL_RANK[c])[:4]
    return list(combinations(ranked, 2))


def _hopeless(game: int, cards: Mask) -> bool:
    """Games not worth evaluating while bidding: a suit game with fewer than
    four trumps, a grand with fewer than three jacks and aces together."""
    if game == GRAND:
        aces = sum(1 for s in range(4) if cards >> (s * 7 + 6) & 1)
        return (cards >> 28).bit_count() + aces < 3
    return (cards & TRUMPS[game]).bit_count() < 4


def _quick_discards(game: int, cards12: Mask) -> list[tuple[int, int]]:
    """While bidding, only discards from the five likeliest candidates: side
    cards but aces, shortest suits first, the most points first (a lone ten
    is best in the skat, a short suit gone makes a void)."""
    if _hopeless(game, cards12):
        return []
    trumps = TRUMPS[game]
    side = [c for c in cards_of(cards12 & ~trumps) if c % 7 != 6]
    if len(side) < 2:
        return _discards(game, cards12)

    def key(c: int) -> tuple[int, int]:
        suit = SUIT_CARDS[CARD_SUIT[c]] & ~trumps & cards12
        return (suit.bit_count(), -CARD_POINTS[c])

    side.sort(key=key)
    return list(combinations(side[:5], 2))


def bid_limit(hand: Mask, forehand: bool, skats: int, salt: str = "", play: str = "rules",
              threshold: float = PASS_THRESHOLD, extra: float = LOSS_EXTRA,
              stakes: Stakes = PLAIN, first_bid_threshold: float | None = None,
              look: HandOutlook | None = None) -> int:
    """The highest bid this hand is worth (its best game's expected score
    beats ``threshold``), 0 if none (pass).  ``first_bid_threshold``: what
    18 alone must beat where passing is worth something else (a likely
    Ramsch): a hand worth no more than 18 by ``threshold`` says 18 when its
    game beats that.  ``look``: the hand's outlook if the caller corrected
    it (:func:`.nullsim.corrected_outlook`), else :func:`outlook`'s."""
    if look is None:
        look = outlook(hand, forehand, skats, salt, play)
    limit = 0
    for v in BID_VALUES:
        # The expected score only falls as the bid rises (overbid risk).
        if look.best_ev(v, extra, stakes) <= threshold:
            break
        limit = v
    if (limit == 0 and first_bid_threshold is not None
            and look.best_ev(BID_VALUES[0], extra, stakes) > first_bid_threshold):
        limit = BID_VALUES[0]
    # A hand that takes every trick against any lie (schwarz.proof) is worth
    # its ouvert value whatever the evaluator says.
    sure = proven_value(hand, forehand)
    if sure > limit:
        limit = max(v for v in BID_VALUES if v <= sure)
    return limit


__all__ = [
    "ANNOUNCED_FROM",
    "HAND_GAMES",
    "KONTRA_LOSS_FACTOR",
    "KONTRA_WIN_FACTOR",
    "OTHER_PASSES",
    "PLAIN",
    "Choice",
    "HandOutlook",
    "Stakes",
    "announced_payoff",
    "best_of",
    "bid_limit",
    "declare_choices",
    "outlook",
    "pickup_choices",
    "safe_first",
    "sample_skats",
    "stakes_for",
]

"""Exact double-dummy solver for the trick phase of Skat.

Given all three hands open, the solver finds the soloist's card points from
the remaining tricks when the soloist maximises them and the two defenders,
as a team, minimise them (suit and grand games), or whether the soloist can
avoid taking any trick (null games).  Bots call it on many sampled deals, so
the search is written for speed in plain Python:

* everything is an ``int`` mask; per-game tables give follow classes, which
  cards beat which and the points of each card;
* the search walks a whole trick inside one function (plain alpha-beta over
  the three cards, the two defenders' cards as one choice when they play in
  a row) and recurses only at trick boundaries, where a transposition table
  keyed by the cards in play and the leader stores lower and upper bounds on
  the value and the best lead;
* cards that are interchangeable are searched once: two cards of one player
  that are neighbours in the rank order of their follow class, once the
  cards between them are gone, and that carry the same points (the jacks
  among themselves, the 9 8 7 of a suit; in null games any two);
* neighbours with different points (A 10 K Q of one hand, say) take the same
  tricks, so when the side that wins the current trick is already certain
  only two of them matter: the one with most points if the player's side
  wins it, the lowest if the other side does (playing another one now and
  this one later never does better);
* positions of the same shape share bounds: where, class by class, the
  cards in play belong to the same players in the same rank order, the
  game trees are the same but for card points, so a bound proved for one
  position holds for the other, widened by the points in which their cards
  differ (Furtak and Buro's payoff similarity); this "shape table" is keyed
  by the owners of the cards in play, not by the cards, and cut the nodes
  searched on the reference deals from 2.6 to 1.0 million;
* bounds without search: trumps above all of the other side's trumps end in
  their owner's tricks, and a side to lead whose every card is unbeatable
  takes all the rest;
* moves are ordered to cut early: the table's best lead, unbeatable leads,
  then by points; defenders' card pairs that take the trick with many points
  first; followers take with their best card or smear points on partner;
* scores are found with null-window searches (MTD(f)), which prune far more
  than a full window and reuse the table between passes, starting from the
  score of a quick playout by the same move-ordering rules;
  :func:`solver_wins` is a single such search.  The first guess comes from
  a playout in which the leader of each trick tries every lead.

The null search is boolean: the defenders need only one trick for the
soloist, so every table entry is exact.

Seats: ``hands[0..2]`` are in play order (seat ``i + 1`` plays after seat
``i``); any seat may be the soloist.  Game types are those of
:class:`skat_core.rules.GameType` (0..3 suit games, 4 grand, 5 null).

>>> from skat_core.cards import CardSet
>>> def m(text: str) -> int:
...     return CardSet.from_str(text).mask
>>> hands = (m("CJ HA"), m("SJ H7"), m("HT C7"))
>>> solve(hands, soloist=0, game=4, to_move=0)  # grand: he takes all 25
25
>>> solve(hands, soloist=0, game=4, to_move=1)  # ♥7 led: ♥10 and ♥A fall
25
>>> solve_moves(hands, soloist=1, game=4, to_move=0)  # seat 1 plays alone
{31: 0, 13: 0}
>>> solve((m("H7"), m("H8"), m("D9")), soloist=0, game=5, to_move=0)
0
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache
from typing import TypeAlias

from .cards import CARD_POINTS, CARD_SUIT, JACKS, NULL_RANK, SUIT_CARDS, Mask, points_of
from .cards import bit_indices as _bits
from .rules import (
    TRUMPS,
    GameType,
    beats_table,
    follow_table,
    legal_cards,
    trick_points,
    trick_winner,
)

Hands: TypeAlias = tuple[int, int, int]

NULL = int(GameType.NULL)
_ALL = 0xFFFFFFFF
_INF = 1 << 10
_NO_MOVE = 63

# Groups of equal-point cards that are neighbours in rank (bit) order in suit
# and grand games: the four jacks, and the 9 8 7 of each suit.
_SEGMENTS: Mask = JACKS | sum(7 << (7 * s) for s in range(4))
# The lowest card of each follow class in suit and grand games (the 7s and
# the diamond jack; the trump suit and the jacks count as separate groups):
# carries in the group arithmetic must not run into them.
_CLASS_BOTTOMS: Mask = 1 << 28 | sum(1 << (7 * s) for s in range(4))


def _null_bit(card: int) -> int:
    """Null games use their own numbering: suit ``s`` at bits ``9s..9s+7``
    in null rank order (7 8 9 10 J Q K A), bit ``9s+8`` left empty so that
    the carries of the group arithmetic stop between suits."""
    return 9 * CARD_SUIT[card] + NULL_RANK[card]


_TO_NULL: tuple[int, ...] = tuple(_null_bit(c) for c in range(32))
_FROM_NULL: dict[int, int] = {b: c for c, b in enumerate(_TO_NULL)}


def _to_null_mask(mask: Mask) -> int:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << _TO_NULL[low.bit_length() - 1]
        mask ^= low
    return out


def _from_null_mask(mask: int) -> Mask:
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << _FROM_NULL[low.bit_length() - 1]
        mask ^= low
    return out


def _groups(game: int, hand: Mask, in_play: Mask) -> dict[int, int]:
    """Map each card of ``hand`` to the lowest card of its group of
    interchangeable cards: same follow class, same points, and no card in
    play (in another hand or in the current trick) ranked between them."""
    null = game == NULL
    classes: list[Mask]
    if null:
        classes = [0x7F << (7 * s) | 1 << (28 + s) for s in range(4)]
    else:
        trumps = TRUMPS[game]
        classes = [trumps] + [0x7F << (7 * s) & ~trumps for s in range(4)]
    reps: dict[int, int] = {}
    for cls in classes:
        order = sorted(_bits(cls), key=lambda c: NULL_RANK[c] if null else c)
        prev = -1
        for c in order:
            if not in_play >> c & 1:
                continue
            if hand >> c & 1:
                if prev >= 0 and hand >> prev & 1 and (null or CARD_POINTS[prev] == CARD_POINTS[c]):
                    reps[c] = reps[prev]
                else:
                    reps[c] = c
            prev = c
    return reps


def redundant(game: int, hand: Mask, in_play: Mask) -> Mask:
    """Cards of ``hand`` that need not be searched because a lower card of
    the same group (see :func:`_groups`) stands for them."""
    out = 0
    for c, r in _groups(game, hand, in_play).items():
        if c != r:
            out |= 1 << c
    return out


_BITS: dict[int, tuple[int, ...]] = {}

# Suit points by the card's bit within its suit (7 8 9 Q K 10 A).
_SUIT_POINTS = (0, 0, 0, 3, 4, 10, 11)


def _points_by_rank(pattern: int, jacks: int = 0) -> list[int]:
    """Points of the cards of a class, highest rank first: ``jacks`` jacks,
    then the suit cards of the 7-bit ``pattern``."""
    return [2] * jacks + [_SUIT_POINTS[b] for b in range(6, -1, -1) if pattern >> b & 1]


def _shape_slack(stored: list[int], query: list[int]) -> int:
    """How far the value of a position can be from that of another position
    of the same shape, given the points of one class's cards, highest rank
    first: ``up | down << 8``, the sums of the points the query's cards
    have more, resp. fewer, than the stored position's cards of equal rank.

    Two positions have the same shape when, class by class, the cards in
    play (in rank order) belong to the same players and the same side
    leads.  Then one game tree is the other with cards renamed: the same
    legal cards, the same trick winners; only a card's points may differ.
    Every line of play gives the soloist the same cards' places, so his
    points differ by the differences of the cards he takes, between
    ``-down`` and ``+up``; so does the value.  (The payoff-similarity idea
    of Furtak and Buro's Skat solver.)"""
    if len(stored) != len(query):
        return 0
    up = sum(q - p for p, q in zip(stored, query, strict=True) if q > p)
    down = sum(p - q for p, q in zip(stored, query, strict=True) if p > q)
    return up | down << 8


@cache
def _shape_tables() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Tables for shape keys, indexed by two 7-bit masks of a suit (or the
    four jacks) ``u | w << 7``: ``u`` the cards of the soloist and the second
    defender, ``w`` those of both defenders.  The first gives the owners of
    the cards in play, lowest rank first, two bits each (1 soloist, 2 first
    defender, 3 second defender), and at bit 14 twice their number.  The
    second, indexed by ``stored << 7 | query`` patterns of cards in play,
    the slack between them (see :func:`_shape_slack`)."""
    own = []
    for i in range(1 << 14):
        digits = 0
        n = 0
        for b in range(7):
            d = (i >> b & 1) | (i >> (7 + b) & 1) << 1
            if d:
                digits |= d << 2 * n
                n += 1
        own.append(digits | 2 * n << 14)
    slack = tuple(
        _shape_slack(_points_by_rank(i >> 7), _points_by_rank(i & 127)) for i in range(1 << 14)
    )
    return tuple(own), slack


def _trump_slack(key: int, memo: dict[int, int], slack: tuple[int, ...]) -> int:
    """Slack of the trump class of a suit game (jacks, then the trump suit):
    ``key`` holds the stored jack count and trump-suit pattern and the
    query's (3 + 7 bits each)."""
    if key & 7 == key >> 10 & 7:
        # As many jacks on both sides: only the suit cards differ.
        out = slack[(key >> 3 & 127) << 7 | key >> 13]
    else:
        out = _shape_slack(
            _points_by_rank(key >> 3 & 127, key & 7), _points_by_rank(key >> 13, key >> 10 & 7)
        )
    memo[key] = out
    return out


@cache
def _trump_points_table(game: int) -> tuple[int, ...]:
    """Points of a set of trumps by ``jacks | trump-suit cards << 4``."""
    out = []
    for index in range(1 << 11):
        total = 2 * (index & 15).bit_count()
        if game < 4:
            for rank in range(7):
                if index >> (4 + rank) & 1:
                    total += CARD_POINTS[7 * game + rank]
        out.append(total)
    return tuple(out)


def _bits_t(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, lowest first, as a cached tuple."""
    if len(_BITS) > 1 << 18:
        _BITS.clear()
    out = _BITS[mask] = tuple(_bits(mask))
    return out


# Caches that hold for any game, deal and solver (they depend only on the
# cards asked about), so that each decision's fresh solver need not fill
# them again: the followers' orders of :func:`Solver._make_suit` by
# ``mask | beat << 32`` and the trump class's slack by its key (see
# :func:`_trump_slack`).
_FOLLOW_ORDERS: dict[int, tuple[int, ...]] = {}
_SMEAR_ORDERS: dict[int, tuple[int, ...]] = {}
_TRUMP_SLACK: dict[int, int] = {}
# The roots' moves (:meth:`Solver._moves`) by game and position.
_ROOT_MOVES: dict[int, tuple[int, ...]] = {}


class NodeLimit(Exception):
    """A search stopped by :meth:`Solver.wins_within` at its position count."""


_NO_LIMIT = 1 << 62


class Solver:
    """Searches one game type with one soloist seat, keeping a transposition
    table across calls.

    The table belongs to one deal: it is keyed by the cards still in the
    hands and the leader, which within a deal determine the position.  A
    position from another deal (a card in a hand that held it not before)
    empties it; positions later in the same deal reuse it, as do the
    searches of :meth:`solve_moves`.  The shape table (bounds by the
    owners of the cards in play, see :func:`_shape_slack`) holds for any
    deal and is kept.  ``nodes`` counts the positions
    searched (not answered by the table).  Not thread-safe: use one solver
    per thread.
    """

    def __init__(self, game: int, soloist: int) -> None:
        if not 0 <= game <= NULL:
            raise ValueError(f"not a game type: {game}")
        if soloist not in (0, 1, 2):
            raise ValueError(f"not a seat: {soloist}")
        self.game = game
        self.soloist = soloist
        self._tt: dict[int, int] = {}
        self._null_tt: dict[int, bool] = {}
        # Bounds by the shape of a position (see :func:`_shape_slack`),
        # valid for any deal, so kept when the deal changes.
        self._shapes: dict[int, int] = {}
        # The shape key of each position of the current deal, by its key in
        # the transposition table (emptied with it).
        self._shape_keys: dict[int, int] = {}
        self._owners = (0, 0, 0)
        self.nodes = 0
        self.stop_at = _NO_LIMIT
        """The search raises :class:`NodeLimit` when ``nodes`` reaches this
        (set only inside :meth:`wins_within`)."""
        if game == NULL:
            self._ab = self._make_null()
        else:
            self._ab = self._make_suit()

    def clear(self) -> None:
        """Forget the transposition table and the shape table."""
        self._forget_deal()
        self._shapes.clear()

    def _forget_deal(self) -> None:
        """Forget the tables keyed by the cards in play (only unambiguous
        within one deal); the shape table holds for any deal and stays."""
        self._tt.clear()
        self._shape_keys.clear()
        self._null_tt.clear()

    # -- suit and grand -------------------------------------------------

    def _make_suit(self) -> Callable[[int, int, int, int, int, int, int], int]:
        """Build the search for a suit or grand game (closure over its tables,
        which is faster in CPython than attribute look-ups)."""
        game = self.game
        points = CARD_POINTS
        fclass = follow_table(game)
        beats = beats_table(game)
        seg = _SEGMENTS
        nb = _ALL & ~_CLASS_BOTTOMS
        trumps = TRUMPS[game]
        # Points of a set of trumps, indexed by its jacks and trump-suit cards.
        tshift = 7 * game if game < 4 else 0
        tpoints = _trump_points_table(game)
        plain = tuple(SUIT_CARDS[k] & ~trumps for k in range(4) if SUIT_CARDS[k] & ~trumps)

        def safe(mine: int, theirs: int) -> bool:
            """Whether ``theirs`` can never beat any card of ``mine``: trumps
            above all of theirs, and plain cards above all of theirs in the
            suit while they hold no trump."""
            their_trumps = theirs & trumps
            my_trumps = mine & trumps
            if their_trumps:
                return mine == my_trumps and their_trumps < my_trumps & -my_trumps
            for suit in plain:
                a = mine & suit
                if a and theirs & suit > a & -a:
                    return False
            return True

        tt = self._tt
        att = self._shapes
        akc = self._shape_keys
        tslack = _TRUMP_SLACK
        solver = self
        bits = _BITS
        grand = game == 4
        own, slk = _shape_tables()
        # Bit offsets of three plain suits (in grand the fourth, clubs at 21,
        # is handled with the jacks).
        sh0, sh1, sh2 = [7 * k for k in range(4) if k != game][:3]
        wf = _FOLLOW_ORDERS
        sf = _SMEAR_ORDERS

        def _order_t(mask: int, beat: int, smear: bool) -> tuple[int, ...]:
            """Followers' cards in the order to try them (cached): cards that
            take the trick first, most points first, then the others, fewest
            points first; with ``smear`` (the partner holds the trick) the
            others first, most points first."""
            if len(wf) + len(sf) > 1 << 18:
                wf.clear()
                sf.clear()
            w = sorted(_bits(mask & beat), key=_PKEY.__getitem__, reverse=True)
            rest = sorted(_bits(mask & ~beat), key=_PKEY.__getitem__)
            if smear:
                rest.reverse()
                w.reverse()
                out = tuple(rest + w)
                sf[mask | beat << 32] = out
            else:
                out = tuple(w + rest)
                wf[mask | beat << 32] = out
            return out

        def is_top(c: int, hand: int, gone: int) -> bool:
            """Whether ``c`` (the lowest of its equal-point run in ``hand``)
            carries the most points of its group of rank-equivalent cards:
            every card of ``hand`` above it in the group has its points."""
            pc = points[c]
            while True:
                u = hand & nb & (gone + (2 << c))  # the next card up, if his
                if not u:
                    return True
                c = u.bit_length() - 1
                if points[c] != pc:
                    return False

        def exact2(s: int, d1: int, d2: int, lead: int, rem: int) -> int:
            """Exact value with two cards in each hand: every way to play the
            trick, and the last trick that follows from it."""
            if lead == 0:
                h0, h1, h2, sp = s, d1, d2, 0
            elif lead == 1:
                h0, h1, h2, sp = d1, d2, s, 2
            else:
                h0, h1, h2, sp = d2, s, d1, 1
            v0 = -1 if sp == 0 else _INF
            for x in bits.get(h0) or _bits_t(h0):
                fx = fclass[x]
                bx = beats[x]
                m1 = h1 & fx or h1
                m2 = h2 & fx or h2
                a0 = (h0 ^ 1 << x).bit_length() - 1
                v1 = -1 if sp == 1 else _INF
                for y in bits.get(m1) or _bits_t(m1):
                    if bx >> y & 1:
                        wc = y
                        wp = 1
                    else:
                        wc = x
                        wp = 0
                    bw = beats[wc]
                    pxy = points[x] + points[y]
                    a1 = (h1 ^ 1 << y).bit_length() - 1
                    v2 = -1 if sp == 2 else _INF
                    for z in bits.get(m2) or _bits_t(m2):
                        w = 2 if bw >> z & 1 else wp
                        pts = pxy + points[z]
                        a2 = (h2 ^ 1 << z).bit_length() - 1
                        # The last trick, led by position w.
                        if w == 0:
                            c, p = (a1, 1) if beats[a0] >> a1 & 1 else (a0, 0)
                            if beats[c] >> a2 & 1:
                                p = 2
                        elif w == 1:
                            c, p = (a2, 2) if beats[a1] >> a2 & 1 else (a1, 1)
                            if beats[c] >> a0 & 1:
                                p = 0
                        else:
                            c, p = (a0, 0) if beats[a2] >> a0 & 1 else (a2, 2)
                            if beats[c] >> a1 & 1:
                                p = 1
                        v = (pts if w == sp else 0) + (rem - pts if p == sp else 0)
                        if sp == 2:
                            if v > v2:
                                v2 = v
                        elif v < v2:
                            v2 = v
                    if sp == 1:
                        if v2 > v1:
                            v1 = v2
                    elif v2 < v1:
                        v1 = v2
                if sp == 0:
                    if v1 > v0:
                        v0 = v1
                elif v1 < v0:
                    v0 = v1
            return v0

        def ab(s: int, d1: int, d2: int, lead: int, rem: int, alpha: int, beta: int) -> int:
            """Soloist's points from the tricks still to play; ``s``, ``d1``,
            ``d2`` are the soloist's and the defenders' hands (``d1`` plays
            after the soloist), ``lead`` 0/1/2 which of them leads, ``rem``
            the points still in the hands.  Fail-soft alpha-beta."""
            if s & (s - 1) == 0:
                # Last trick: one card each, nothing to choose.
                x = s.bit_length() - 1
                y = d1.bit_length() - 1
                z = d2.bit_length() - 1
                if lead == 0:
                    c = y if beats[x] >> y & 1 else x
                    return rem if c == x and not beats[x] >> z & 1 else 0
                if lead == 1:
                    c = z if beats[y] >> z & 1 else y
                    return rem if beats[c] >> x & 1 else 0
                c = x if beats[z] >> x & 1 else z
                return rem if c == x and not beats[x] >> y & 1 else 0
            key = (s | d1 | d2) << 2 | lead
            e = tt.get(key)
            if e is None:
                # Trumps above all the other side's trumps end in their
                # owner's tricks: sure points for the soloist or for the
                # defenders.
                st = s & trumps
                dt = (d1 | d2) & trumps
                if dt:
                    t = st >> dt.bit_length() << dt.bit_length()
                    lo = tpoints[t >> 28 | (t >> tshift & 127) << 4]
                    t = dt >> st.bit_length() << st.bit_length()
                    hi = rem - tpoints[t >> 28 | (t >> tshift & 127) << 4]
                else:
                    lo = tpoints[st >> 28 | (st >> tshift & 127) << 4]
                    hi = rem
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                # Claims: the side to lead holds only cards the other side
                # can never beat, so it takes every trick.
                if lead == 0:
                    if safe(s, d1 | d2):
                        tt[key] = rem | rem << 7 | _NO_MOVE << 14
                        return rem
                elif safe(d1 | d2, s):
                    tt[key] = _NO_MOVE << 14
                    return 0
                hint = _NO_MOVE
            else:
                lo = e & 127
                hi = e >> 7 & 127
                hint = e >> 14
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
            m = s | d1 | d2
            if s.bit_count() > 2:
                # More than two cards each: look for a position of the same
                # shape (see :func:`_shape_slack`) in the shape table.
                # ``own`` turns a suit's cards of ``u`` and ``w`` into the
                # owners (1 soloist, 2 and 3 defenders) of its cards in play.
                # Within a deal the key gives the hands, hence the shape key:
                # it is worked out once per position.
                ak = akc.get(key, -1)
                if ak < 0:
                    u = s | d2
                    w = d1 | d2
                    ak = (
                        lead
                        | own[u >> sh0 & 127 | (w >> sh0 & 127) << 7] << 2
                        | own[u >> sh1 & 127 | (w >> sh1 & 127) << 7] << 20
                        | own[u >> sh2 & 127 | (w >> sh2 & 127) << 7] << 38
                    )
                    jk = own[u >> 28 | (w >> 28) << 7]
                    if grand:
                        ak |= (own[u >> 21 & 127 | (w >> 21 & 127) << 7] | jk << 18) << 56
                    else:
                        # The trump class: the jacks above the trump suit.
                        t = own[u >> tshift & 127 | (w >> tshift & 127) << 7]
                        ak |= (t & 16383 | (jk & 255) << (t >> 14)) << 56
                    akc[key] = ak
                ae = att.get(ak)
                if ae is not None:
                    q = ae >> 14
                    sl = (
                        slk[(q >> sh0 & 127) << 7 | m >> sh0 & 127]
                        + slk[(q >> sh1 & 127) << 7 | m >> sh1 & 127]
                        + slk[(q >> sh2 & 127) << 7 | m >> sh2 & 127]
                    )
                    if grand:
                        sl += slk[(q >> 21 & 127) << 7 | m >> 21 & 127]
                    else:
                        nj = (q >> 28).bit_count()
                        p3 = m >> tshift & 127
                        if nj == (m >> 28).bit_count():
                            sl += slk[(q >> tshift & 127) << 7 | p3]
                        else:
                            tk = nj | (q >> tshift & 127) << 3 | p3 << 13
                            tk |= (m >> 28).bit_count() << 10
                            ts = tslack.get(tk)
                            sl += _trump_slack(tk, tslack, slk) if ts is None else ts
                    v = (ae & 127) - (sl >> 8)
                    if v > lo:
                        lo = v
                        if lo >= beta:
                            return lo
                    v = (ae >> 7 & 127) + (sl & 255)
                    if v < hi:
                        hi = v
                        if hi <= alpha:
                            return hi
            else:
                ak = -1
            solver.nodes += 1
            if solver.nodes >= solver.stop_at:
                raise NodeLimit
            if s.bit_count() == 2:
                # Two cards each: solve exactly, no window, no more calls.
                g = exact2(s, d1, d2, lead, rem)
                tt[key] = g | g << 7 | _NO_MOVE << 14
                return g
            a = alpha if alpha > lo else lo
            b = beta if beta < hi else hi
            # Cards to search.  ``r*``: one card per run of equal-point
            # neighbours (exactly equivalent).  ``low*``: the lowest card of
            # each group of rank-equivalent cards; when the side that takes
            # the trick is already certain, only the group's lowest card (the
            # trick goes to the other side) or its highest-point card (it
            # goes to the player's side) need searching: any other card of
            # the group does no better, whatever follows.
            # (A carry from a card runs through the gone cards above it and
            # lands on the next card in play; masks stay non-negative.)
            gone = nb ^ (nb & (s | d1 | d2))
            sg = gone & seg
            t = s & seg
            rs = s ^ (t & (sg + (t << 1))) if t & (t - 1) else s
            t = d1 & seg
            r1 = d1 ^ (t & (sg + (t << 1))) if t & (t - 1) else d1
            t = d2 & seg
            r2 = d2 ^ (t & (sg + (t << 1))) if t & (t - 1) else d2
            lows = s ^ (s & nb & (gone + (s << 1)))
            low1 = d1 ^ (d1 & nb & (gone + (d1 << 1)))
            low2 = d2 ^ (d2 & nb & (gone + (d2 << 1)))

            best_move = _NO_MOVE
            if lead == 0:
                # Soloist leads; the defenders answer as a pair.
                g = -1
                for x in _leads(rs, hint, d1 | d2, beats):
                    xb = 1 << x
                    fx = fclass[x]
                    m1 = r1 & fx or r1
                    m2 = r2 & fx or r2
                    bx = beats[x]
                    if not (m1 & bx or m2 & bx):
                        if not is_top(x, s, gone):
                            continue
                    elif ((m1 & bx) == m1 or (m2 & bx) == m2) and not lows >> x & 1:
                        continue
                    px = points[x]
                    pairs = []
                    for y in bits.get(m1) or _bits_t(m1):
                        py = px + points[y]
                        if bx >> y & 1:
                            # d1 takes x: the trick is the defenders'.
                            if not is_top(y, d1, gone):
                                continue
                            by = beats[y]
                            for z in bits.get(m2) or _bits_t(m2):
                                if not is_top(z, d2, gone):
                                    continue
                                pz = py + points[z]
                                if by >> z & 1:
                                    pairs.append((200 + pz) << 12 | 2 << 10 | y << 5 | z)
                                else:
                                    pairs.append((200 + pz) << 12 | 1 << 10 | y << 5 | z)
                        else:
                            # The pair decides the trick: both cards are
                            # a group's top if the defenders take it, a
                            # group's lowest if the soloist does.
                            y_top = -1
                            y_low = low1 >> y & 1
                            for z in bits.get(m2) or _bits_t(m2):
                                pz = py + points[z]
                                if bx >> z & 1:
                                    if y_top < 0:
                                        y_top = 1 if is_top(y, d1, gone) else 0
                                    if not y_top or not is_top(z, d2, gone):
                                        continue
                                    pairs.append((200 + pz) << 12 | 2 << 10 | y << 5 | z)
                                elif y_low and low2 >> z & 1:
                                    pairs.append((120 - pz) << 12 | y << 5 | z)
                    pairs.sort(reverse=True)
                    worst = _INF
                    bb = b
                    for pr in pairs:
                        y = pr >> 5 & 31
                        z = pr & 31
                        pts = px + points[y] + points[z]
                        w = pr >> 10 & 3
                        if w:
                            v = ab(s ^ xb, d1 ^ (1 << y), d2 ^ (1 << z), w, rem - pts, a, bb)
                        else:
                            if pts >= worst:
                                continue
                            # Most such children are settled by the table.
                            e = tt.get((s ^ xb | d1 ^ (1 << y) | d2 ^ (1 << z)) << 2)
                            if e is not None and (e & 127) + pts >= bb:
                                v = pts + (e & 127)
                            elif e is not None and (e >> 7 & 127) + pts <= a:
                                v = pts + (e >> 7 & 127)
                            else:
                                v = pts + ab(
                                    s ^ xb,
                                    d1 ^ (1 << y),
                                    d2 ^ (1 << z),
                                    0,
                                    rem - pts,
                                    a - pts,
                                    bb - pts,
                                )
                        if v < worst:
                            worst = v
                            if v <= a:
                                break
                            if v < bb:
                                bb = v
                    if worst > g:
                        g = worst
                        best_move = x
                        if g >= b:
                            break
                        if g > a:
                            a = g
            elif lead == 1:
                # Defender d1 leads, d2 second, soloist last: the defenders
                # choose a pair of cards, the most promising pairs first.
                g = _INF
                pairs = []
                for x in bits.get(r1) or _bits_t(r1):
                    fx = fclass[x]
                    m2 = r2 & fx or r2
                    ms = rs & fx or rs
                    bx = beats[x]
                    if not (m2 & bx or ms & bx) and not is_top(x, d1, gone):
                        continue
                    px = points[x]
                    bonus = 1 << 21 if x == hint else 0
                    x_top = -1
                    x_low = low1 >> x & 1
                    for y in bits.get(m2) or _bits_t(m2):
                        py = px + points[y]
                        wc = y if bx >> y & 1 else x
                        bw = beats[wc]
                        if not ms & bw:
                            # The soloist cannot take it: both cards are
                            # their group's top.
                            if x_top < 0:
                                x_top = 1 if is_top(x, d1, gone) else 0
                            if not x_top or not is_top(y, d2, gone):
                                continue
                            pairs.append(bonus | (200 + py) << 12 | x << 5 | y)
                        else:
                            if (ms & bw) == ms and not (x_low and low2 >> y & 1):
                                continue
                            pairs.append(bonus | (120 - py) << 12 | x << 5 | y)
                pairs.sort(reverse=True)
                for pr in pairs:
                    x = pr >> 5 & 31
                    y = pr & 31
                    xb = 1 << x
                    yb = 1 << y
                    bx = beats[x]
                    ms = rs & fclass[x] or rs
                    pxy = points[x] + points[y]
                    if bx >> y & 1:
                        wy = 2
                        by = beats[y]
                    else:
                        wy = 1
                        by = bx
                    best = -1
                    aa = a
                    for z in wf.get(ms | by << 32) or _order_t(ms, by, False):
                        pts = pxy + points[z]
                        if by >> z & 1:
                            if not is_top(z, s, gone):
                                continue
                            e = tt.get((s ^ (1 << z) | d1 ^ xb | d2 ^ yb) << 2)
                            if e is not None and (e & 127) + pts >= b:
                                v = pts + (e & 127)
                            elif e is not None and (e >> 7 & 127) + pts <= aa:
                                v = pts + (e >> 7 & 127)
                            else:
                                v = pts + ab(
                                    s ^ (1 << z), d1 ^ xb, d2 ^ yb, 0, rem - pts, aa - pts, b - pts
                                )
                        else:
                            if rem - pts <= best or not lows >> z & 1:
                                continue
                            v = ab(s ^ (1 << z), d1 ^ xb, d2 ^ yb, wy, rem - pts, aa, b)
                        if v > best:
                            best = v
                            if v >= b:
                                break
                            if v > aa:
                                aa = v
                    if best < g:
                        g = best
                        best_move = x
                        if g <= a:
                            break
                        if g < b:
                            b = g
            else:
                # Defender d2 leads, soloist second, d1 last.
                g = _INF
                for x in _leads(r2, hint, d1 | s, beats):
                    xb = 1 << x
                    fx = fclass[x]
                    ms = rs & fx or rs
                    m1 = r1 & fx or r1
                    bx = beats[x]
                    if not (ms & bx or m1 & bx) and not is_top(x, d2, gone):
                        continue
                    px = points[x]
                    best = -1
                    aa = a
                    for y in wf.get(ms | bx << 32) or _order_t(ms, bx, False):
                        yb = 1 << y
                        pxy = px + points[y]
                        if bx >> y & 1:
                            wy = 0
                            by = beats[y]
                        else:
                            wy = 2
                            by = bx
                        if not m1 & by:
                            # d1 cannot take it: decided by now.
                            if wy:
                                if not lows >> y & 1:
                                    continue
                            elif not is_top(y, s, gone):
                                continue
                        elif (m1 & by) == m1 and not lows >> y & 1:
                            continue
                        worst = _INF
                        bb = b
                        for z in (
                            (wf.get(m1 | by << 32) or _order_t(m1, by, False))
                            if wy == 0
                            else (sf.get(m1 | by << 32) or _order_t(m1, by, True))
                        ):
                            pts = pxy + points[z]
                            if by >> z & 1:
                                if not is_top(z, d1, gone):
                                    continue
                                v = ab(s ^ yb, d1 ^ (1 << z), d2 ^ xb, 1, rem - pts, aa, bb)
                            elif wy:
                                if not is_top(z, d1, gone):
                                    continue
                                v = ab(s ^ yb, d1 ^ (1 << z), d2 ^ xb, 2, rem - pts, aa, bb)
                            else:
                                if pts >= worst or not low1 >> z & 1:
                                    continue
                                e = tt.get((s ^ yb | d1 ^ (1 << z) | d2 ^ xb) << 2)
                                if e is not None and (e & 127) + pts >= bb:
                                    v = pts + (e & 127)
                                elif e is not None and (e >> 7 & 127) + pts <= aa:
                                    v = pts + (e >> 7 & 127)
                                else:
                                    v = pts + ab(
                                        s ^ yb,
                                        d1 ^ (1 << z),
                                        d2 ^ xb,
                                        0,
                                        rem - pts,
                                        aa - pts,
                                        bb - pts,
                                    )
                            if v < worst:
                                worst = v
                                if v <= aa:
                                    break
                                if v < bb:
                                    bb = v
                        if worst > best:
                            best = worst
                            if best >= b:
                                break
                            if best > aa:
                                aa = best
                    if best < g:
                        g = best
                        best_move = x
                        if g <= a:
                            break
                        if g < b:
                            b = g
            # Store the bound the search proved.
            if g <= a:
                hi = g
            elif g >= b:
                lo = g
            else:
                lo = hi = g
            if best_move == _NO_MOVE:
                best_move = hint
            tt[key] = lo | hi << 7 | best_move << 14
            if ak >= 0:
                att[ak] = lo | hi << 7 | m << 14
            return g

        return ab

    # -- null -----------------------------------------------------------

    def _make_null(self) -> Callable[[int, int, int, int, int, int, int], int]:
        """Null search in null numbering (see :func:`_null_bit`): 1 if the
        soloist cannot avoid taking a trick, else 0.  Defenders need one
        trick, so the search is boolean and every table entry is exact."""
        fclass = tuple(0xFF << (9 * (b // 9)) for b in range(36))
        beats = tuple(fclass[b] & ~((2 << b) - 1) for b in range(36))
        cards = sum(0xFF << (9 * s) for s in range(4))
        tt = self._null_tt
        solver = self
        bits = _BITS

        def forced(s: int, d1: int, d2: int, lead: int) -> bool:
            """True if the defenders can make the soloist take a trick."""
            solver.nodes += 1
            if solver.nodes >= solver.stop_at:
                raise NodeLimit
            if not s:
                return False
            key = (s | d1 | d2) << 2 | lead
            r = tt.get(key)
            if r is not None:
                return r
            gone = ~(s | d1 | d2) & cards
            ng = ~gone
            rs = s ^ (s & (gone + (s << 1)) & ng)
            r1 = d1 ^ (d1 & (gone + (d1 << 1)) & ng)
            r2 = d2 ^ (d2 & (gone + (d2 << 1)) & ng)
            if lead == 0:
                # Forced unless some lead escapes every defence.
                r = True
                for x in bits.get(rs) or _bits_t(rs):
                    fx = fclass[x]
                    bx = beats[x]
                    m1 = r1 & fx or r1
                    m2 = r2 & fx or r2
                    hit = False
                    for y in bits.get(m1) or _bits_t(m1):
                        if bx >> y & 1:
                            # d1 wins unless d2 ... d2 cannot help the
                            # soloist: the trick is the defenders'.
                            for z in bits.get(m2) or _bits_t(m2):
                                w = 2 if beats[y] >> z & 1 else 1
                                if forced(s ^ 1 << x, d1 ^ 1 << y, d2 ^ 1 << z, w):
                                    hit = True
                                    break
                        else:
                            for z in bits.get(m2) or _bits_t(m2):
                                if bx >> z & 1:
                                    if forced(s ^ 1 << x, d1 ^ 1 << y, d2 ^ 1 << z, 2):
                                        hit = True
                                        break
                                else:
                                    hit = True
                                    break
                        if hit:
                            break
                    if not hit:
                        r = False
                        break
            elif lead == 1:
                # d1 leads, d2 second, soloist last.
                r = False
                for x in bits.get(r1) or _bits_t(r1):
                    fx = fclass[x]
                    m2 = r2 & fx or r2
                    ms = rs & fx or rs
                    for y in bits.get(m2) or _bits_t(m2):
                        if beats[x] >> y & 1:
                            wc, wp = y, 2
                        else:
                            wc, wp = x, 1
                        bw = beats[wc]
                        ok = True  # every soloist reply loses
                        # Replies that duck, the highest first (a card that
                        # takes the trick loses at once).
                        duck = ms & ~bw
                        for z in reversed(bits.get(duck) or _bits_t(duck)):
                            if not forced(s ^ 1 << z, d1 ^ 1 << x, d2 ^ 1 << y, wp):
                                ok = False
                                break
                        if ok:
                            r = True
                            break
                    if r:
                        break
            else:
                # d2 leads, soloist second, d1 last.
                r = False
                for x in bits.get(r2) or _bits_t(r2):
                    fx = fclass[x]
                    bx = beats[x]
                    ms = rs & fx or rs
                    m1 = r1 & fx or r1
                    ok = True  # every soloist reply can be punished
                    ducks = ms & ~bx
                    takes = ms & bx
                    for y in [*reversed(bits.get(ducks) or _bits_t(ducks)),
                              *(bits.get(takes) or _bits_t(takes))]:
                        if bx >> y & 1:
                            wc, wp = y, 0
                        else:
                            wc, wp = x, 2
                        bw = beats[wc]
                        hit = False
                        for z in bits.get(m1) or _bits_t(m1):
                            w = 1 if bw >> z & 1 else wp
                            if w == 0 or forced(s ^ 1 << y, d1 ^ 1 << z, d2 ^ 1 << x, w):
                                hit = True
                                break
                        if not hit:
                            ok = False
                            break
                    if ok:
                        r = True
                        break
            tt[key] = r
            return r

        def ab(s: int, d1: int, d2: int, lead: int, rem: int, alpha: int, beta: int) -> int:
            return 1 if forced(s, d1, d2, lead) else 0

        return ab

    # -- positions inside a trick ---------------------------------------

    def _ply(self, hands: list[int], lead: int, trick: list[int], alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta from inside a trick (roots only; the fast
        search starts at the next trick boundary).  ``hands`` are relative to
        the soloist and in the solver's numbering, ``lead`` the relative seat
        that led ``trick``, cards in standard numbering."""
        game = self.game
        null = game == NULL
        if len(trick) == 3:
            w = (lead + trick_winner(game, trick)) % 3
            if null:
                if w == 0:
                    return 1
                return self._ab(hands[0], hands[1], hands[2], w, 0, 0, 1)
            pts = trick_points(trick) if w == 0 else 0
            if not hands[0]:
                return pts
            rem = points_of(hands[0] | hands[1] | hands[2])
            return pts + self._ab(hands[0], hands[1], hands[2], w, rem, alpha - pts, beta - pts)
        seat = (lead + len(trick)) % 3
        maximise = (seat == 0) != null
        best = -1 if maximise else _INF
        for c in self._moves(hands, seat, trick):
            cb = _TO_NULL[c] if null else c
            hands[seat] ^= 1 << cb
            trick.append(c)
            v = self._ply(hands, lead, trick, alpha, beta)
            trick.pop()
            hands[seat] ^= 1 << cb
            if maximise:
                if v > best:
                    best = v
                    if v >= beta:
                        break
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                if v <= alpha:
                    break
                beta = min(beta, v)
        return best

    def _moves(self, hands: list[int], seat: int, trick: list[int]) -> tuple[int, ...]:
        """Legal cards of ``seat`` (standard numbering), one per group of
        interchangeable cards (remembered, in :data:`_ROOT_MOVES`: the roots'
        searches ask for the same positions in every null-window pass)."""
        hand = hands[seat]
        union = hands[0] | hands[1] | hands[2]
        played = 0
        for c in trick:
            played |= 1 << c
        # Hands in the solver's numbering take up to 36 bits.
        key = hand | union << 36 | played << 72 | (trick[0] + 1 if trick else 0) << 104
        game = self.game
        key |= game << 112
        out = _ROOT_MOVES.get(key)
        if out is None:
            if game == NULL:
                hand = _from_null_mask(hand)
                union = _from_null_mask(union)
            legal = legal_cards(game, hand, trick[0] if trick else None)
            out = tuple(_bits(legal & ~redundant(game, hand, union | played)))
            if len(_ROOT_MOVES) > 1 << 16:
                _ROOT_MOVES.clear()
            _ROOT_MOVES[key] = out
        return out

    # -- drivers --------------------------------------------------------

    def _root(
        self, hands: Hands, to_move: int, trick: tuple[int, ...], trick_leader: int | None
    ) -> tuple[list[int], int, list[int]]:
        """Check a position and turn it into the search's terms: hands
        relative to the soloist (in null numbering for null), the relative
        leader of the current trick and its cards."""
        if len(trick) > 2:
            raise ValueError("a trick in progress has at most two cards")
        if trick:
            if trick_leader is None:
                raise ValueError("trick_leader is needed with cards in the trick")
            if (trick_leader + len(trick)) % 3 != to_move:
                raise ValueError("to_move does not follow the trick's cards")
            leader = trick_leader
        else:
            leader = to_move
        if to_move not in (0, 1, 2) or leader not in (0, 1, 2):
            raise ValueError("seats are 0, 1 and 2")
        seen = 0
        for h in (*hands, *(1 << c for c in trick)):
            if h & seen or not 0 <= h <= _ALL:
                raise ValueError("hands and trick must be disjoint 32-bit card sets")
            seen |= h
        sizes = [h.bit_count() for h in hands]
        for i in range(len(trick)):
            sizes[(leader + i) % 3] += 1
        if len(set(sizes)) != 1:
            raise ValueError("hands do not fit the trick in progress")
        p = self.soloist
        rel = [hands[p], hands[(p + 1) % 3], hands[(p + 2) % 3]]
        if self.game == NULL:
            rel = [_to_null_mask(h) for h in rel]
        owners = self._owners
        if any(h & ~o for h, o in zip(rel, owners, strict=True)):
            # Another deal: the table's keys would be ambiguous.
            self._forget_deal()
            self._owners = (rel[0], rel[1], rel[2])
        return rel, (leader - p) % 3, list(trick)

    def _window(self, rel: list[int], lead: int, trick: list[int], alpha: int, beta: int) -> int:
        if not trick:
            if not rel[0]:
                return 0
            rem = 0 if self.game == NULL else points_of(rel[0] | rel[1] | rel[2])
            return self._ab(rel[0], rel[1], rel[2], lead, rem, alpha, beta)
        return self._ply(rel, lead, trick, alpha, beta)

    def _mtdf(self, rel: list[int], lead: int, trick: list[int], guess: int | None = None) -> int:
        """Exact value by a sequence of null-window searches (MTD(f))."""
        if self.game == NULL:
            return self._window(rel, lead, trick, 0, 1)
        lo = 0
        hi = points_of(rel[0] | rel[1] | rel[2]) + trick_points(trick)
        if guess is None:
            guess = self._rollout(rel, lead) if not trick else (lo + hi) // 2
        g = min(max(guess, lo), hi)
        while lo < hi:
            beta = g + 1 if g == lo else g
            v = self._window(rel, lead, trick, beta - 1, beta)
            if v < beta:
                hi = v
            else:
                lo = v
            g = v
        return lo

    def _rollout(self, rel: list[int], lead: int) -> int:
        """A first guess for MTD(f), which saves passes the nearer it is to
        the value: the soloist's points when at each trick the leader tries
        every lead, completes the game with :func:`_playout` and plays the
        lead that is best for his side.  (Measured on the reference deals:
        a plain playout is 14 points high on average, spread 14; this one 8
        high, spread 12; the guess is discounted accordingly.)"""
        beats = beats_table(self.game)
        follow = follow_table(self.game)
        hands = list(rel)
        points = 0
        while hands[0]:
            best_card = -1
            best = 0
            for c in _bits(hands[lead]):
                trial = hands[:]
                winner, taken = _play_trick(trial, lead, c, beats, follow)
                v = (taken if winner == 0 else 0) + _playout(trial, winner, beats, follow)
                if best_card < 0 or (v > best if lead == 0 else v < best):
                    best_card = c
                    best = v
            winner, taken = _play_trick(hands, lead, best_card, beats, follow)
            if winner == 0:
                points += taken
            lead = winner
        return points - 4

    def solve(
        self,
        hands: Hands,
        to_move: int,
        trick: tuple[int, ...] = (),
        trick_leader: int | None = None,
    ) -> int:
        """See :func:`solve`."""
        rel, lead, cards = self._root(hands, to_move, trick, trick_leader)
        return self._mtdf(rel, lead, cards)

    def solve_moves(
        self,
        hands: Hands,
        to_move: int,
        trick: tuple[int, ...] = (),
        trick_leader: int | None = None,
    ) -> dict[int, int]:
        """See :func:`solve_moves`."""
        rel, lead, cards = self._root(hands, to_move, trick, trick_leader)
        seat = (lead + len(cards)) % 3
        hand = hands[to_move]
        legal = legal_cards(self.game, hand, cards[0] if cards else None)
        out: dict[int, int] = {}
        guess: int | None = None
        for c in self._moves(rel, seat, cards):
            cb = _TO_NULL[c] if self.game == NULL else c
            rel[seat] ^= 1 << cb
            cards.append(c)
            v = self._mtdf(rel, lead, cards, guess)
            cards.pop()
            rel[seat] ^= 1 << cb
            out[c] = v
            guess = v
        # Interchangeable cards share their representative's value.
        in_play = hand | sum(1 << c for c in cards)
        for h in hands:
            in_play |= h
        reps = _groups(self.game, hand, in_play)
        return {c: out[reps[c]] for c in sorted(_bits(legal), reverse=True)}

    def solve_moves_within(
        self,
        hands: Hands,
        to_move: int,
        trick: tuple[int, ...],
        trick_leader: int | None,
        stop_at: int,
    ) -> dict[int, int] | None:
        """As :meth:`solve_moves`, or None if the search would take the
        solver's node count (:attr:`nodes`, over its whole life) to
        ``stop_at`` (a count, not a clock).  Bounds proved before the stop
        stay in the tables; they are exact."""
        self.stop_at = stop_at
        try:
            return self.solve_moves(hands, to_move, trick, trick_leader)
        except NodeLimit:
            return None
        finally:
            self.stop_at = _NO_LIMIT

    def wins(
        self,
        hands: Hands,
        to_move: int,
        target: int,
        trick: tuple[int, ...] = (),
        trick_leader: int | None = None,
    ) -> bool:
        """See :func:`solver_wins`."""
        rel, lead, cards = self._root(hands, to_move, trick, trick_leader)
        if self.game == NULL:
            return self._window(rel, lead, cards, 0, 1) == 0
        if target <= 0:
            return True
        return self._window(rel, lead, cards, target - 1, target) >= target


    def wins_within(
        self,
        hands: Hands,
        to_move: int,
        target: int,
        max_nodes: int,
    ) -> bool | None:
        """As :meth:`wins` from the start of a trick, or None if the search
        would visit more than ``max_nodes`` positions (a count, not a clock:
        the answer is the same on any machine).  The bounds proved before
        the stop stay in the tables, and they are exact."""
        self.stop_at = self.nodes + max_nodes
        try:
            return self.wins(hands, to_move, target)
        except NodeLimit:
            return None
        finally:
            self.stop_at = _NO_LIMIT


_PKEY = tuple(CARD_POINTS[c] * 64 + c for c in range(32))


def _play_trick(
    hands: list[int], lead: int, card: int, beats: tuple[int, ...], follow: tuple[int, ...]
) -> tuple[int, int]:
    """Play a trick led with ``card`` in place, the followers by the
    search's first choice: take the trick with the most points, else give
    the fewest, or smear the most points on a partner who holds the trick.
    Returns the winner (relative seat) and the trick's points."""
    seat = lead
    win = card
    winner = seat
    taken = CARD_POINTS[card]
    hands[seat] ^= 1 << card
    for _ in range(2):
        seat = (seat + 1) % 3
        hand = hands[seat]
        legal = hand & follow[card] or hand
        beating = legal & beats[win]
        if winner and seat and legal != beating:
            c = max(_bits(legal ^ beating), key=_PKEY.__getitem__)
        elif beating:
            c = max(_bits(beating), key=_PKEY.__getitem__)
        else:
            c = min(_bits(legal), key=_PKEY.__getitem__)
        if beats[win] >> c & 1:
            win = c
            winner = seat
        taken += CARD_POINTS[c]
        hands[seat] ^= 1 << c
    return winner, taken


def _playout(
    hands: list[int], lead: int, beats: tuple[int, ...], follow: tuple[int, ...]
) -> int:
    """The soloist's points from the rest of the game (``hands`` relative
    to the soloist, changed in place) when every card is the search's first
    choice: an unbeatable or valuable lead, the followers as in
    :func:`_play_trick`."""
    points = 0
    while hands[0]:
        others = hands[(lead + 1) % 3] | hands[(lead + 2) % 3]
        winner, taken = _play_trick(hands, lead, _leads(hands[lead], _NO_MOVE, others, beats)[0],
                                    beats, follow)
        if winner == 0:
            points += taken
        lead = winner
    return points


_LEAD_ORDERS: dict[int, tuple[int, ...]] = {}


def _leads_by_points(mask: int, hint: int) -> tuple[int, ...]:
    """Leads in the order to try them (cached): the table's best lead, then
    the cards with the most points."""
    key = mask | hint << 32
    out = _LEAD_ORDERS.get(key)
    if out is None:
        cards = sorted(_bits(mask), key=_PKEY.__getitem__, reverse=True)
        if hint in cards:
            cards.remove(hint)
            cards.insert(0, hint)
        if len(_LEAD_ORDERS) > 1 << 18:
            _LEAD_ORDERS.clear()
        out = _LEAD_ORDERS[key] = tuple(cards)
    return out


def _leads(mask: int, hint: int, others: int, beats: tuple[int, ...]) -> list[int]:
    """Leads in the order to try them: the table's best lead and the cards
    no other hand can beat, then the rest, each by points."""
    order = _LEAD_ORDERS.get(mask | hint << 32) or _leads_by_points(mask, hint)
    safe = []
    rest = []
    for c in order:
        if c == hint or not beats[c] & others:
            safe.append(c)
        else:
            rest.append(c)
    return safe + rest


_MAX_TABLE = 1 << 20
_LOCAL = threading.local()


def _solver(game: int, soloist: int) -> Solver:
    """A solver per game and soloist seat, kept per thread (a solver is not
    thread-safe), so that repeated calls on positions of one deal (the
    cards of :func:`solve_moves`, the tricks of a game) reuse its table; the
    table is emptied when it grows past about a million positions."""
    solvers: dict[tuple[int, int], Solver] | None = getattr(_LOCAL, "solvers", None)
    if solvers is None:
        solvers = _LOCAL.solvers = {}
    solver = solvers.get((game, soloist))
    if solver is None:
        solver = solvers[game, soloist] = Solver(game, soloist)
    elif len(solver._tt) + len(solver._null_tt) + len(solver._shapes) > _MAX_TABLE:
        solver.clear()
    return solver


def solve(
    hands: Hands,
    soloist: int,
    game: int,
    to_move: int,
    trick: tuple[int, ...] = (),
    trick_leader: int | None = None,
) -> int:
    """The soloist's card points from the remaining tricks under best play.

    ``hands`` are the seats' cards as masks, in play order; ``trick`` the
    cards already in the current trick (led by ``trick_leader``), whose
    points go to its winner and are included; points of finished tricks and
    of the skat are not.  For null games: 1 if the soloist cannot avoid
    taking a trick, 0 if he can.
    """
    return _solver(game, soloist).solve(hands, to_move, trick, trick_leader)


def solve_moves(
    hands: Hands,
    soloist: int,
    game: int,
    to_move: int,
    trick: tuple[int, ...] = (),
    trick_leader: int | None = None,
) -> dict[int, int]:
    """The exact value (as :func:`solve` gives it) after each legal card of
    the seat to move, highest card number first.  Interchangeable cards are
    searched once and share their value; all searches share one table."""
    return _solver(game, soloist).solve_moves(hands, to_move, trick, trick_leader)


def solver_wins(
    hands: Hands,
    soloist: int,
    game: int,
    to_move: int,
    target: int,
    trick: tuple[int, ...] = (),
    trick_leader: int | None = None,
) -> bool:
    """Whether the soloist takes at least ``target`` points in the remaining
    tricks (counted as :func:`solve` counts them; subtract the points he
    already has from the points he needs).  One null-window search, much
    cheaper than :func:`solve`.  For null games ``target`` is ignored: whether
    the soloist can avoid every trick."""
    return _solver(game, soloist).wins(hands, to_move, target, trick, trick_leader)

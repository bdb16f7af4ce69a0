"""Dealing the hidden cards out again: worlds consistent with a seat's knowledge.

:class:`WorldSampler` draws uniformly from every assignment of the hidden
cards to the places (the other seats and the skat) that gives each place its
number of cards and respects the voids.  It groups the hidden cards by the set
of places that may hold them (at most 15 groups), counts the ways to fill the
places group by group (a small dynamic programme over the places' remaining
room), and walks the counts down with the caller's generator: exact, no
rejection, and the same generator state gives the same world.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb

from ..cards import ALL_CARDS, Mask, cards_of
from ..cards import bit_indices as _bits
from .knowledge import Knowledge

World = tuple[Mask, Mask, Mask, Mask]
"""The cards of seats 0, 1, 2 and of the skat (place 3) in one sampled deal."""


def _room_after(room: tuple[int, int, int, int], places: tuple[int, ...],
                split: tuple[int, ...]) -> tuple[int, int, int, int] | None:
    """The room left in each place after giving ``split[j]`` cards to
    ``places[j]``; None if a place has too little room."""
    r = list(room)
    for p, k in zip(places, split, strict=True):
        r[p] -= k
        if r[p] < 0:
            return None
    return (r[0], r[1], r[2], r[3])


@lru_cache(maxsize=4096)
def _splits(n: int, places: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to write ``n`` as an ordered sum over ``places``."""
    if len(places) == 1:
        return ((n,),)
    out: list[tuple[int, ...]] = []
    for k in range(n + 1):
        for rest in _splits(n - k, places[1:]):
            out.append((k, *rest))
    return tuple(out)


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    total = 1
    left = n
    for k in parts:
        total *= comb(left, k)
        left -= k
    return total


_Options = tuple[int, tuple[tuple[int, tuple[int, int, int, int], tuple[int, ...]], ...]]
"""The total weight and the (weight, room after, split) choices for one group."""


class NoWorld(ValueError):
    """The knowledge admits no deal (a bug in the caller's bookkeeping)."""


class WorldSampler:
    """Uniform sampler of the hidden cards for one :class:`Knowledge`."""

    def __init__(self, kn: Knowledge) -> None:
        self.known = kn.known
        groups: dict[int, list[int]] = {}
        for c in _bits(kn.hidden):
            places = 0
            for p in range(4):
                if kn.counts[p] and kn.allowed[p] >> c & 1:
                    places |= 1 << p
            if not places:
                raise NoWorld("a hidden card fits no place")
            groups.setdefault(places, []).append(c)
        # Most constrained groups first keeps the table small.
        self.groups: list[tuple[tuple[int, ...], list[int]]] = [
            (tuple(p for p in range(4) if places >> p & 1), cards)
            for places, cards in sorted(groups.items(), key=lambda kv: (kv[0].bit_count(), kv[0]))
        ]
        self.counts = kn.counts
        # The weighted splits of group ``i`` given the room left, as
        # :meth:`sample` draws from them (its draws repeat these).
        self._options: dict[tuple[int, tuple[int, int, int, int]], _Options] = {}
        self.total = self._ways(0, self.counts)
        if self.total == 0:
            raise NoWorld("no deal fits what this seat has seen")

    def _ways(self, i: int, room: tuple[int, int, int, int]) -> int:
        """The number of worlds that share groups ``i``... out given ``room``."""
        if i == len(self.groups):
            return 1 if room == (0, 0, 0, 0) else 0
        return self._split_options(i, room)[0]

    def _split_options(self, i: int, room: tuple[int, int, int, int]) -> _Options:
        """The ways to share group ``i`` out given ``room``, each with the
        number of worlds it leads to, and their total."""
        key = (i, room)
        got = self._options.get(key)
        if got is not None:
            return got
        places, cards = self.groups[i]
        n = len(cards)
        options: list[tuple[int, tuple[int, int, int, int], tuple[int, ...]]] = []
        for split in _splits(n, places):
            after = _room_after(room, places, split)
            if after is None:
                continue
            w = self._ways(i + 1, after)
            if w:
                options.append((_multinomial(n, split) * w, after, split))
        out = self._options[key] = (sum(o[0] for o in options), tuple(options))
        return out

    def sample(self, rng: random.Random) -> World:
        out = list(self.known)
        room = self.counts
        for i, (places, cards) in enumerate(self.groups):
            total, options = self._split_options(i, room)
            x = rng.randrange(total)
            chosen = options[-1]
            for option in options:
                if x < option[0]:
                    chosen = option
                    break
                x -= option[0]
            _, after, split = chosen
            shuffled = list(cards)
            rng.shuffle(shuffled)
            at = 0
            for p, k in zip(places, split, strict=True):
                for c in shuffled[at : at + k]:
                    out[p] |= 1 << c
                at += k
            room = after
        return (out[0], out[1], out[2], out[3])


def deal_rest(rng: random.Random, seat: int, own: Mask, skat_too: bool
              ) -> tuple[tuple[Mask, Mask, Mask], Mask]:
    """The other seats' hands (and the skat, if ``skat_too``) dealt at random
    from the cards not in ``own``, before anything is played: the
    simulations of the bidding, the discard and the null check
    (``simulate.py``, ``nullsim.py``) deal this way."""
    rest = cards_of(ALL_CARDS & ~own)
    rng.shuffle(rest)
    hands = [0, 0, 0]
    at = 0
    for s in range(3):
        if s == seat:
            continue
        for c in rest[at:at + 10]:
            hands[s] |= 1 << c
        at += 10
    skat = 0
    if skat_too:
        for c in rest[at:at + 2]:
            skat |= 1 << c
    return (hands[0], hands[1], hands[2]), skat


def with_hand(hands: tuple[Mask, Mask, Mask], seat: int, mine: Mask
              ) -> tuple[Mask, Mask, Mask]:
    """``hands`` with ``seat``'s hand set to ``mine``."""
    out = list(hands)
    out[seat] = mine
    return (out[0], out[1], out[2])

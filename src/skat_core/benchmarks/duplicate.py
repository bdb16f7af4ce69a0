"""The duplicate match behind ``skat bench bots`` and ``skat bench house``.

Deal ``i`` is played three times, side A in each seat in turn and side B in
the two other seats, so that both sides hold the same cards equally often
and the luck of the deal cancels.  Per deal, A's score is its mean
Seeger-Fabian score over its three seat-plays and B's the mean over its six;
their difference is a paired sample.  The plays run in worker processes,
with progress on stderr.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable
from multiprocessing import Pool
from typing import Protocol, TypeVar

Job = tuple[str, int, int, str, str]
"""What a worker plays: the seed, the deal number, A's seat and the two
strings that say who A and B are (two levels; a level and a rule set)."""


class SeatPlay(Protocol):
    """One deal played once, side A at ``a_seat``."""

    @property
    def deal(self) -> int: ...

    @property
    def a_seat(self) -> int: ...

    @property
    def sf(self) -> tuple[int, int, int]: ...


P = TypeVar("P", bound=SeatPlay)


def enough_deals(deals: int) -> bool:
    """Whether there are deals enough for a confidence interval (two); if
    not, says so on stderr."""
    if deals < 2:
        print("at least 2 deals are needed for a confidence interval", file=sys.stderr)
        return False
    return True


def play_all(play: Callable[[Job], P], seed: str, deals: int, sides: tuple[str, str],
             workers: int, *, every: int, chunksize: int = 1,
             initializer: Callable[[], None] | None = None) -> tuple[list[P], float]:
    """Every deal in every seating, played by ``workers`` processes: the
    plays (in the order they finish) and the wall seconds.  A progress line
    every ``every`` plays."""
    jobs = [(seed, i, a_seat, sides[0], sides[1]) for i in range(deals) for a_seat in range(3)]
    start = time.perf_counter()
    plays: list[P] = []
    with Pool(workers, initializer=initializer) as pool:
        for n, p in enumerate(pool.imap_unordered(play, jobs, chunksize=chunksize), 1):
            plays.append(p)
            if n % every == 0:
                print(f"  {n}/{len(jobs)} plays, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)
    return plays, time.perf_counter() - start


def side_scores(plays: Iterable[SeatPlay], deals: int) -> tuple[list[float], list[float]]:
    """A's and B's score per deal: A's mean over its three seat-plays, B's
    over its six."""
    a = [0.0] * deals
    b = [0.0] * deals
    for p in plays:
        for s in range(3):
            if s == p.a_seat:
                a[p.deal] += p.sf[s] / 3
            else:
                b[p.deal] += p.sf[s] / 6
    return a, b


__all__ = ["Job", "SeatPlay", "enough_deals", "play_all", "side_scores"]

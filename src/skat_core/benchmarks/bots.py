"""The bot benchmark: a duplicate match between two bot levels.

``skat bench bots --deals 360 --a strong --b normal --seed bench`` calls
:func:`run`.  Deal ``i`` is ``deal_from_seed(seed, i)``; it is played three
times, with level A at forehand, middlehand and rearhand in turn and level B
in the two other seats, so that both levels hold the same cards equally often
and the luck of the deal cancels.  Per deal, A's score is its mean
Seeger-Fabian score over its three seat-plays and B's the mean over its six;
the difference is a paired sample, and its mean is printed with a 95%
confidence interval (normal approximation).  Also printed: how often each
level played and won as soloist, and the thinking time per decision (card
play, bidding, skat/discard/declaration): median, 95th percentile, maximum.

Figures only; nothing here is asserted (timings never belong in tests).
Two worker processes play the deals in parallel (the machine has two cores).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

from ..bots import LEVELS, make_bot
from ..deal import deal_from_seed
from ..game import Phase, new_game
from .duplicate import enough_deals, play_all, side_scores
from .figures import interval, quantile

KINDS = ("card", "bid", "skat")
"""Decision kinds timed apart: card play, bidding (bid/hold/pass), and the
skat, discard and declaration."""


@dataclass(slots=True)
class Play:
    """One deal played once (level A in seat ``a_seat``)."""

    deal: int
    a_seat: int
    sf: tuple[int, int, int]
    soloist: int | None
    won: bool
    contract: str
    times: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    """Seconds per decision by side ("A"/"B") and kind (see :data:`KINDS`)."""


def play_deal(job: tuple[str, int, int, str, str]) -> Play:
    """Play deal ``number`` with level A at ``a_seat`` and B elsewhere."""
    seed, number, a_seat, level_a, level_b = job
    levels = [level_a if s == a_seat else level_b for s in range(3)]
    bots = [make_bot(levels[s], f"{seed}:{number}:{s}") for s in range(3)]
    state = new_game(deal_from_seed(seed, number))
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    while state.phase != Phase.FINISHED:
        seat = state.to_move
        view = state.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        elapsed = time.perf_counter() - start
        if state.phase == Phase.PLAYING:
            kind = "card"
        elif state.phase == Phase.BIDDING:
            kind = "bid"
        else:
            kind = "skat"
        if len(view.legal) > 1:
            times["A" if seat == a_seat else "B", kind].append(elapsed)
        state = state.apply(action)
    result = state.result
    assert result is not None
    sf = [0, 0, 0]
    if result.soloist is not None:
        own, others = result.seeger_fabian(3)
        for s in range(3):
            sf[s] = own if s == result.soloist else others
    contract = result.contract.describe() if result.contract is not None else "passed in"
    return Play(number, a_seat, (sf[0], sf[1], sf[2]), result.soloist, result.won, contract,
                dict(times))


def _warm_up() -> None:
    """Import the bots' modules (and build their tables) before any decision
    is timed, so that the first decision of a worker is not charged for it."""
    from ..bots import pimc, play_rules, players  # noqa: F401


def run(deals: int, level_a: str, level_b: str, seed: str, workers: int = 2) -> int:
    """Play the duplicate match and print the figures; returns the exit code."""
    for level in (level_a, level_b):
        if level not in LEVELS:
            print(f"unknown level {level!r}; choose from {', '.join(LEVELS)}", file=sys.stderr)
            return 2
    if not enough_deals(deals):
        return 2
    plays, wall = play_all(play_deal, seed, deals, (level_a, level_b), workers, every=30,
                           initializer=_warm_up)
    report(plays, deals, level_a, level_b, seed, wall)
    return 0


def report(plays: list[Play], deals: int, level_a: str, level_b: str, seed: str,
           wall: float) -> None:
    a_score, b_score = side_scores(plays, deals)
    solo_games = {"A": 0, "B": 0}
    solo_wins = {"A": 0, "B": 0}
    passed = 0
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    for p in plays:
        if p.soloist is None:
            passed += 1
        else:
            side = "A" if p.soloist == p.a_seat else "B"
            solo_games[side] += 1
            solo_wins[side] += p.won
        for key, ts in p.times.items():
            times[key].extend(ts)
    diffs = [a_score[d] - b_score[d] for d in range(deals)]
    mean_a = statistics.fmean(a_score[d] for d in range(deals))
    mean_b = statistics.fmean(b_score[d] for d in range(deals))
    mean_d, half = interval(diffs)
    print(f"duplicate match: A = {level_a}, B = {level_b}, seed {seed!r}, {deals} deals "
          f"x 3 seatings = {len(plays)} games ({passed} passed in), {wall:.0f} s wall")
    print("Seeger-Fabian points per deal and seat-play:")
    print(f"  A ({level_a}): {mean_a:+8.2f}")
    print(f"  B ({level_b}): {mean_b:+8.2f}")
    print(f"  A - B:  {mean_d:+8.2f}  (95% CI {mean_d - half:+.2f} .. {mean_d + half:+.2f}, "
          f"paired per deal)")
    print("soloist games (won / played):")
    for side, level in (("A", level_a), ("B", level_b)):
        n = solo_games[side]
        rate = f"{solo_wins[side] / n:.1%}" if n else "-"
        print(f"  {side} ({level}): {solo_wins[side]} / {n} = {rate}")
    print("decision time in ms (median / 95th percentile / max; decisions with a choice):")
    for side, level in (("A", level_a), ("B", level_b)):
        for kind in KINDS:
            ts = times.get((side, kind), [])
            if not ts:
                continue
            print(f"  {side} ({level}) {kind:4s}: {1000 * statistics.median(ts):8.1f} / "
                  f"{1000 * quantile(ts, 0.95):8.1f} / {1000 * max(ts):8.1f}  "
                  f"({len(ts)} decisions)")


__all__ = ["Play", "play_deal", "report", "run"]

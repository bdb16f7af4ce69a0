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

A match of a few hundred deals takes half an hour or more, and one seed's
interval is wide, so ``--out FILE`` keeps every seat-play as a line of JSON
and ``skat bench bots --read FILE ...`` prints the same figures for the
plays of one or more such files together (deals of different seeds are
different deals; each must have been played in all three seatings).
"""

from __future__ import annotations

import json
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


def run(deals: int, level_a: str, level_b: str, seed: str, workers: int = 2,
        out: str | None = None) -> int:
    """Play the duplicate match and print the figures; returns the exit code.
    With ``out``, every seat-play is also written to that file (see
    :func:`save`)."""
    for level in (level_a, level_b):
        if level not in LEVELS:
            print(f"unknown level {level!r}; choose from {', '.join(LEVELS)}", file=sys.stderr)
            return 2
    if not enough_deals(deals):
        return 2
    if out is not None and not _writable(out):
        return 1
    plays, wall = play_all(play_deal, seed, deals, (level_a, level_b), workers, every=30,
                           initializer=_warm_up)
    report(plays, deals, level_a, level_b, f"seed {seed!r}", wall)
    if out is not None:
        try:
            save(plays, out, seed, level_a, level_b)
        except OSError as err:
            print(f"cannot write {out}: {err.strerror}", file=sys.stderr)
            return 1
    return 0


def _writable(path: str) -> bool:
    """Whether ``path`` can be written (it is created, empty): checked before
    a match of half an hour is played, not after; says why not on stderr."""
    try:
        with open(path, "w", encoding="utf-8"):
            pass
    except OSError as err:
        print(f"cannot write {path}: {err.strerror}", file=sys.stderr)
        return False
    return True


def save(plays: list[Play], path: str, seed: str, level_a: str, level_b: str) -> None:
    """Write the seat-plays, one JSON object a line, sorted by deal and seat."""
    with open(path, "w", encoding="utf-8") as f:
        for p in sorted(plays, key=lambda p: (p.deal, p.a_seat)):
            f.write(json.dumps({
                "seed": seed, "deal": p.deal, "a_seat": p.a_seat, "a": level_a, "b": level_b,
                "sf": list(p.sf), "soloist": p.soloist, "won": p.won, "contract": p.contract,
                "times": {f"{side} {kind}": ts for (side, kind), ts in sorted(p.times.items())},
            }) + "\n")


class PlaysError(ValueError):
    """A file of saved seat-plays that cannot be read; the message names the
    file, the line and the field."""


def _field(row: dict[str, object], name: str, kind: type, where: str) -> object:
    value = row.get(name)
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise PlaysError(f"{where}: field {name!r} is missing or not {kind.__name__}")
    return value


def _play_of(row: object, where: str) -> tuple[str, str, str, Play]:
    if not isinstance(row, dict):
        raise PlaysError(f"{where}: not a JSON object")
    seed = str(_field(row, "seed", str, where))
    deal = _field(row, "deal", int, where)
    a_seat = _field(row, "a_seat", int, where)
    assert isinstance(deal, int) and isinstance(a_seat, int)
    if deal < 0 or a_seat not in (0, 1, 2):
        raise PlaysError(f"{where}: field 'deal' or 'a_seat' is out of range")
    sf = _field(row, "sf", list, where)
    assert isinstance(sf, list)
    if len(sf) != 3 or not all(isinstance(x, int) and not isinstance(x, bool) for x in sf):
        raise PlaysError(f"{where}: field 'sf' is not three integers")
    soloist = row.get("soloist")
    if soloist is not None and (not isinstance(soloist, int) or isinstance(soloist, bool)
                                or soloist not in (0, 1, 2)):
        raise PlaysError(f"{where}: field 'soloist' is not a seat")
    won = _field(row, "won", bool, where)
    contract = _field(row, "contract", str, where)
    times_raw = _field(row, "times", dict, where)
    assert isinstance(times_raw, dict)
    times: dict[tuple[str, str], list[float]] = {}
    for key, ts in times_raw.items():
        side, _, kind = str(key).partition(" ")
        if (side not in ("A", "B") or kind not in KINDS or not isinstance(ts, list)
                or not all(isinstance(t, (int, float)) and not isinstance(t, bool)
                           for t in ts)):
            raise PlaysError(f"{where}: field 'times' has a bad entry {key!r}")
        times[side, kind] = [float(t) for t in ts]
    play = Play(deal, a_seat, (sf[0], sf[1], sf[2]), soloist, bool(won), str(contract), times)
    a, b = str(_field(row, "a", str, where)), str(_field(row, "b", str, where))
    if a not in LEVELS or b not in LEVELS:
        raise PlaysError(f"{where}: field 'a' or 'b' is not a bot level")
    return seed, a, b, play


def load(paths: list[str]) -> tuple[list[Play], int, str, str, str]:
    """The seat-plays of files written by :func:`save`, renumbered so that
    deal ``i`` of the result is the ``i``-th (seed, deal) played in all three
    seatings: the plays, the number of deals, the two levels and the seeds.
    Raises :class:`PlaysError` (naming the file, line and field) for a
    malformed line, plays of other levels than the first line's, a seat-play
    saved twice, or no deal complete."""
    found: dict[tuple[str, int], dict[int, Play]] = {}
    levels: tuple[str, str] | None = None
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise PlaysError(f"{path}: cannot be read ({err})") from None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            try:
                row = json.loads(line)
            except ValueError:
                raise PlaysError(f"{where}: not JSON") from None
            seed, a, b, play = _play_of(row, where)
            if levels is None:
                levels = (a, b)
            elif levels != (a, b):
                raise PlaysError(f"{where}: fields 'a' and 'b' are {a} and {b}, "
                                 f"not {levels[0]} and {levels[1]} as before")
            seats = found.setdefault((seed, play.deal), {})
            if play.a_seat in seats:
                raise PlaysError(f"{where}: deal {play.deal} of seed {seed!r} with A in "
                                 f"seat {play.a_seat} is there twice")
            seats[play.a_seat] = play
    complete = sorted(key for key, seats in found.items() if len(seats) == 3)
    if levels is None or not complete:
        raise PlaysError("no deal was played in all three seatings")
    plays: list[Play] = []
    for i, key in enumerate(complete):
        for p in found[key].values():
            p.deal = i
            plays.append(p)
    seeds = ", ".join(sorted({repr(seed) for seed, _ in complete}))
    return plays, len(complete), levels[0], levels[1], seeds


def read(paths: list[str]) -> int:
    """Print the figures of saved seat-plays (:func:`load`); the exit code."""
    try:
        plays, deals, level_a, level_b, seeds = load(paths)
    except PlaysError as err:
        print(str(err), file=sys.stderr)
        return 2
    if not enough_deals(deals):
        return 2
    report(plays, deals, level_a, level_b, f"seeds {seeds} (saved plays)", None)
    return 0


def report(plays: list[Play], deals: int, level_a: str, level_b: str, source: str,
           wall: float | None) -> None:
    """Print the figures; ``source`` says where the deals come from (the
    seed, or the seeds of saved plays), ``wall`` how long they took (None:
    read from files)."""
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
    took = "" if wall is None else f", {wall:.0f} s wall"
    print(f"duplicate match: A = {level_a}, B = {level_b}, {source}, {deals} deals "
          f"x 3 seatings = {len(plays)} games ({passed} passed in){took}")
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


__all__ = ["Play", "PlaysError", "load", "play_deal", "read", "report", "run", "save"]

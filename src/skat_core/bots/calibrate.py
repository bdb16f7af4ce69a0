"""Calibrate the hand evaluator by simulation.

``python -m skat_core.bots.calibrate generate --deals 3000 --level easy --out games.jsonl``
plays seeded deals: in each, every seat in turn is made the soloist of every
game (each suit, grand, null, null ouvert), picks up the skat and puts back
the evaluator's best discard for that game, or (one time in four) plays it as
a hand game; the three seats then play it out with bots of ``--level``.  Each
game becomes a line: the model's features, whether it was won and whether
the soloist reached 90.  Games the current evaluator gives less than a 3%
chance (``--min-p``) are skipped (nobody would declare them).

``python -m skat_core.bots.calibrate fit games.jsonl`` fits a logistic
regression (Newton's method with a little L2 shrinkage, no dependencies) for
each model and prints the weights to paste into :data:`evaluate.WEIGHTS`.

``generate --defenders LEVEL`` plays the games out with a soloist of
``--level`` against two defenders of ``LEVEL``; ``refit games.jsonl`` fits
each suit and grand model around the Monte Carlo family's current logit
(:func:`refit_weights`) and prints :data:`evaluate.DISCARD_WEIGHTS`.

``python -m skat_core.bots.calibrate grands --level normal --out grands.jsonl``
plays pick-up grands out with ``--level`` in all seats (each seat of 902
deals whose twelve cards give a grand a chance of 0.25-0.985 with the
evaluator's best discard), and ``grandfit grands.jsonl`` fits a correction of
the grand model to them (:func:`grand_fit`).

``python -m skat_core.bots.calibrate discards --level normal --out discards.jsonl``
lets three bots of ``--level`` bid, pick up and put away as they do (seed
``gdiscard``, 4000 deals) and records each suit game's or grand's twelve
cards and the two put away; ``discardfit discards.jsonl`` fits the
defenders' model of the soloist's discard (:data:`inference.DISCARD_SCORES`)
to them by maximum likelihood and prints the table.

``python -m skat_core.bots.calibrate trust rows.jsonl --level normal`` counts
how often games were really won when the double-dummy solver, on the true
deal, says they are won or lost (the table :data:`simulate.DD_TRUST`).  A
row is one played game as JSON: ``deal`` (the number for
``deal_from_seed(--seed, deal)``), ``level`` and ``ours`` (the seat of that
level) or ``level`` "xskat" for a reference game, ``soloist``, ``game``
(D H S C G N), ``contract``, ``actions`` (``seat:action`` strings, the
discard as ``seat:discard C1 C2``), ``won`` and ``soloist_points``: the rows
the outside benchmark writes with ``--out``, or any other source of played
games in that form.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from multiprocessing import Pool
from typing import TypeVar

from ..cards import CARD_POINTS, CARDS, cards_of, points_of
from ..deal import Deal, deal_from_seed
from ..game import Bid, Declare, Discard, GameState, Hold, Pass, Phase, PickUpSkat, new_game
from ..rules import GameType
from .evaluate import (
    RICH_FEATURES,
    chances,
    grand_features,
    null_features,
    sigmoid,
    suit_features,
    win_chance,
)
from .inference import DISCARD_FLOOR, discard_class

GAMES = (0, 1, 2, 3, 4, 5, 6)
"""Suits 0..3, grand 4, null 5, null ouvert 6."""
GRAND = int(GameType.GRAND)
_Job = TypeVar("_Job")


def _bidding(soloist: int) -> list[Bid | Hold | Pass]:
    if soloist == 0:
        return [Bid(18), Hold(), Pass(), Pass()]
    if soloist == 1:
        return [Bid(18), Pass(), Pass()]
    return [Pass(), Bid(18), Pass()]


def _auction(deal: Deal, soloist: int) -> GameState:
    """The deal with ``soloist`` holding the game at 18 (:func:`_bidding`)."""
    state = new_game(deal)
    for call in _bidding(soloist):
        state = state.apply(call)
    return state


def _pick_up(state: GameState, a: int, b: int) -> GameState:
    """The skat picked up and cards ``a`` and ``b`` put away."""
    return state.apply(PickUpSkat()).apply(Discard((CARDS[a], CARDS[b])))


def _features(game: int, hand: int, skat_points: int, forehand: bool) -> list[float]:
    if game >= 5:
        return null_features(hand, forehand)
    if game == 4:
        return grand_features(hand, skat_points, forehand)
    return suit_features(game, hand, skat_points, forehand)


def _family(game: int) -> str:
    return ("suit", "suit", "suit", "suit", "grand", "null", "null_ouvert")[game]


def _chance(game: int, hand: int, skat_points: int, forehand: bool) -> float:
    if game >= 5:
        return win_chance(5, hand, 0, forehand, game == 6)
    return chances(game, hand, skat_points, forehand)[0]


def _best_discard(game: int, cards12: int, forehand: bool, explore: int = 1,
                  rng: random.Random | None = None) -> tuple[int, int]:
    """The evaluator's best discard for ``game``, or with ``explore`` > 1 one
    of its ``explore`` best at random (so that the data also holds the
    discards the current weights would not choose)."""
    scored: list[tuple[float, tuple[int, int]]] = []
    for a, b in combinations(cards_of(cards12), 2):
        put = 1 << a | 1 << b
        scored.append((_chance(game, cards12 & ~put, CARD_POINTS[a] + CARD_POINTS[b], forehand),
                       (a, b)))
    scored.sort(key=lambda t: -t[0])
    if explore > 1 and rng is not None:
        return scored[rng.randrange(min(explore, len(scored)))][1]
    return scored[0][1]


def _play_out(state: GameState, level: str, seed: str, defenders: str | None = None
              ) -> GameState:
    """The game played out by bots of ``level``, or with ``defenders`` by a
    soloist of ``level`` against two bots of that level."""
    from . import make_bot

    bots = [make_bot(level if defenders is None or s == state.soloist else defenders,
                     f"{seed}:{s}") for s in range(3)]
    while state.phase != Phase.FINISHED:
        seat = state.to_move
        state = state.apply(bots[seat].choose(state.view(seat)))
    return state


def simulate_deal(args: tuple[str, int, str, float, float, int, str | None]
                  ) -> list[dict[str, object]]:
    seed, number, level, min_p, max_p, explore, defenders = args
    deal = deal_from_seed(f"calibrate:{seed}", number)
    rows: list[dict[str, object]] = []
    for soloist in range(3):
        forehand = soloist == 0
        hand10 = deal.hands[soloist]
        for game in GAMES:
            hand_game = (number + soloist + game) % 4 == 0
            gtype = GameType(min(game, 5))
            state = _auction(deal, soloist)
            if hand_game:
                hand = hand10
                skat_points = points_of(deal.skat)
                if not min_p <= _chance(game, hand, skat_points, forehand) <= max_p:
                    continue
                state = state.apply(Declare(gtype, hand=True, ouvert=game == 6))
            else:
                cards12 = hand10 | deal.skat
                rng = random.Random(f"explore:{seed}:{number}:{soloist}:{game}")
                a, b = _best_discard(game, cards12, forehand, explore, rng)
                hand = cards12 & ~(1 << a | 1 << b)
                skat_points = CARD_POINTS[a] + CARD_POINTS[b]
                if not min_p <= _chance(game, hand, skat_points, forehand) <= max_p:
                    continue
                state = _pick_up(state, a, b).apply(Declare(gtype, ouvert=game == 6))
            end = _play_out(state, level, f"{seed}:{number}:{soloist}:{game}", defenders)
            result = end.result
            assert result is not None
            rows.append({
                "family": _family(game),
                "x": _features(game, hand, skat_points, forehand),
                "won": int(result.soloist_points >= 61) if game < 5 else int(result.won),
                "s90": int(result.soloist_points >= 90),
                "points": result.soloist_points,
                "hand": hand_game,
                "game": game,
                "cards": hand,
                "skat_points": skat_points,
                "forehand": forehand,
            })
    return rows


def generate(deals: int, level: str, seed: str, out: str, workers: int,
             min_p: float = 0.03, max_p: float = 1.0, explore: int = 1,
             defenders: str | None = None) -> None:
    _write_rows(out, workers, simulate_deal,
                [(seed, i, level, min_p, max_p, explore, defenders) for i in range(deals)])


def _write_rows(out: str, workers: int, play: Callable[[_Job], list[dict[str, object]]],
                jobs: list[_Job]) -> None:
    """Each job's rows (one deal's games) as lines of ``out``, in the jobs'
    order, played on ``workers`` processes."""
    with open(out, "w") as f, Pool(workers) as pool:
        for n, rows in enumerate(pool.imap(play, jobs, chunksize=2)):
            for r in rows:
                f.write(json.dumps(r) + "\n")
            f.flush()
            if n % 100 == 0:
                print(f"{n} deals", file=sys.stderr, flush=True)


def grand_deal(args: tuple[str, int, str, float, float]) -> list[dict[str, object]]:
    """One deal of ``grands``: each seat whose twelve cards (hand and skat)
    give a pick-up grand, with the evaluator's best discard, a chance in
    ``[lo, hi]`` for the Monte Carlo family ("search") is made its soloist
    after 18 and two passes, and the three seats play it out at ``level``."""
    seed, number, level, lo, hi = args
    deal = deal_from_seed(seed, number)
    rows: list[dict[str, object]] = []
    for soloist in range(3):
        forehand = soloist == 0
        cards12 = deal.hands[soloist] | deal.skat
        a, b = _best_discard(GRAND, cards12, forehand)
        hand = cards12 & ~(1 << a | 1 << b)
        skat_points = CARD_POINTS[a] + CARD_POINTS[b]
        if not lo <= chances(GRAND, hand, skat_points, forehand, play="search")[0] <= hi:
            continue
        state = _pick_up(_auction(deal, soloist), a, b).apply(Declare(GameType.GRAND))
        end = _play_out(state, level, f"{seed}:{number}:{soloist}")
        result = end.result
        assert result is not None
        rows.append({"deal": number, "soloist": soloist, "cards": hand,
                     "skat_points": skat_points, "forehand": forehand,
                     "won": int(result.soloist_points >= 61),
                     "s90": int(result.soloist_points >= 90),
                     "points": result.soloist_points})
    return rows


def grands(deals: int, level: str, seed: str, out: str, workers: int, lo: float = 0.25,
           hi: float = 0.985) -> None:
    """Pick-up grands played out at ``level`` (:func:`grand_deal`), one line each."""
    _write_rows(out, workers, grand_deal, [(seed, i, level, lo, hi) for i in range(deals)])


_TERMS = tuple(RICH_FEATURES["grand"].index(name) for name in ("aces", "jacks3", "jacks4"))


def grand_terms_of(hand: int) -> list[float]:
    """The terms :func:`grand_fit` weighs besides the logit: the grand
    features aces, three jacks and four jacks."""
    x = grand_features(hand, 0, False)
    return [float(x[i]) for i in _TERMS]


def grand_fit(paths: list[str]) -> None:
    """Fit a correction of the grand model to the rows of ``grands``:
    ``a + b * z`` plus :func:`grand_terms_of` for the chance of 61, ``a + b *
    z`` for the chance of 90 (``z`` the logit of :data:`evaluate.WEIGHTS`).
    Fitted on grands ``normal`` played in all seats it measured worse
    against xskat than the current ``SHIFTS["search"]`` (docs/bots.md, "The
    twelfth round")."""
    from .evaluate import grand_logit

    rows = [r for path in paths for r in _rows(path)]
    xs: list[list[float]] = []
    xs90: list[list[float]] = []
    for r in rows:
        hand, sp, fh = int(str(r["cards"])), int(str(r["skat_points"])), bool(r["forehand"])
        xs.append([1.0, grand_logit("grand", hand, sp, fh), *grand_terms_of(hand)])
        xs90.append([1.0, grand_logit("grand90", hand, sp, fh)])
    ys = [int(str(r["won"])) for r in rows]
    ys90 = [int(str(r["s90"])) for r in rows]
    _report("grand", ("a", "b", "aces", "jacks3", "jacks4"), fit_logistic(xs, ys), xs, ys)
    _report("grand90", ("a", "b"), fit_logistic(xs90, ys90, l2=0.0), xs90, ys90)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                f = m[r][col] / p
                if f:
                    for c in range(col, n + 1):
                        m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit_logistic(xs: Sequence[Sequence[float]], ys: Sequence[int], l2: float = 1.0,
                 iterations: int = 25, free: int = 1) -> list[float]:
    """Maximum-likelihood logistic weights (the first ``free`` features, the
    bias first, are not shrunk; the others by ``l2``).  Identical rows are
    merged first (features are small counts, so a hundred thousand games
    make a few thousand distinct rows)."""
    rows, games, wins = _grouped(xs, ys)
    k = len(rows[0])
    # Most features of a row are 0 (the side-suit classes, the jack
    # configuration): the gradient and Hessian sum over the others only.
    sparse = [[(i, v) for i, v in enumerate(x) if v] for x in rows]
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for nz, n, y in zip(sparse, games, wins, strict=True):
            z = sum(w[i] * v for i, v in nz)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            e = y - n * p
            c = n * p * (1 - p)
            for i, xi in nz:
                grad[i] += e * xi
                row = hess[i]
                cx = c * xi
                for j, xj in nz:
                    row[j] += cx * xj
        for i in range(free, k):
            grad[i] -= l2 * w[i]
            hess[i][i] += l2
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def _rows(path: str) -> Iterator[dict[str, object]]:
    with open(path) as f:
        for line in f:
            yield json.loads(line)


def _row_features(r: dict[str, object]) -> list[float]:
    """A row's features: recomputed from its cards where the row holds them
    (so a changed feature set needs no new games), else as stored."""
    cards = r.get("cards")
    if isinstance(cards, int):
        game = int(str(r["game"]))
        return _features(game, cards, int(str(r["skat_points"])), bool(r["forehand"]))
    x = r["x"]
    assert isinstance(x, list)
    return [float(v) for v in x]


def _grouped(xs: Sequence[Sequence[float]], ys: Sequence[int]
             ) -> tuple[list[tuple[float, ...]], list[int], list[int]]:
    """Identical feature rows merged: (rows, games, wins)."""
    count: dict[tuple[float, ...], list[int]] = {}
    for x, y in zip(xs, ys, strict=True):
        c = count.setdefault(tuple(x), [0, 0])
        c[0] += 1
        c[1] += y
    keys = list(count)
    return keys, [count[k][0] for k in keys], [count[k][1] for k in keys]


def _family_data(paths: list[str]) -> dict[str, list[tuple[list[float], int, int]]]:
    data: dict[str, list[tuple[list[float], int, int]]] = {}
    for path in paths:
        for r in _rows(path):
            data.setdefault(str(r["family"]), []).append(
                (_row_features(r), int(str(r["won"])), int(str(r["s90"])))
            )
    return data


def fit(paths: list[str]) -> None:
    for family, rows in sorted(_family_data(paths).items()):
        xs = [r[0] for r in rows]
        ys = [r[1] for r in rows]
        w = fit_logistic(xs, ys)
        _report(family, RICH_FEATURES["suit" if family == "suit" else
                                      "grand" if family == "grand" else "null"], w, xs, ys)
        if family in ("suit", "grand"):
            w90 = fit_logistic(xs, [r[2] for r in rows])
            _report(family + "90", RICH_FEATURES[family], w90, xs, [r[2] for r in rows])


def shift(paths: list[str]) -> None:
    """Fit the correction ``a + b * z`` of each model's logit ``z`` (the
    weights in :data:`evaluate.WEIGHTS`) to games played at a Monte Carlo
    level: the entries of ``evaluate.SHIFTS["search"]``."""
    from .evaluate import WEIGHTS

    for family, rows in sorted(_family_data(paths).items()):
        targets = [(family, [r[1] for r in rows])]
        if family in ("suit", "grand"):
            targets.append((family + "90", [r[2] for r in rows]))
        for key, ys in targets:
            zs = [[1.0, sum(a * b for a, b in zip(WEIGHTS[key], r[0], strict=True))]
                  for r in rows]
            w = fit_logistic(zs, ys, l2=0.0)
            _report(key, ("a", "b"), w, zs, ys)


REFIT_PENALTIES = (3.0, 10.0, 30.0, 100.0, 300.0)
"""The ridge penalties :func:`refit` chooses among."""


def _predicted(w: Sequence[float], x: Sequence[float]) -> float:
    return sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))


def _log_likelihood(p: float, y: int) -> float:
    return math.log(max(1e-9, p if y else 1 - p))


def _mean_log(w: Sequence[float], xs: Sequence[Sequence[float]], ys: Sequence[int]) -> float:
    """The mean log-likelihood of outcomes ``ys`` under weights ``w``."""
    return sum(_log_likelihood(_predicted(w, x), y)
               for x, y in zip(xs, ys, strict=True)) / len(ys)


def refit_weights(key: str, xs: Sequence[Sequence[float]], ys: Sequence[int]
                  ) -> tuple[list[float], float, list[float]]:
    """The weights of model ``key`` ("suit", "suit90", "grand", "grand90")
    refitted around its current logit: ``z`` is the Monte Carlo family's
    logit (``WEIGHTS[key]`` shifted by ``SHIFTS["search"][key]``), and the
    new logit is ``a + b * z + d · x`` with ``a`` and ``b`` free and each
    feature's change ``d`` shrunk by a ridge penalty, the one of
    :data:`REFIT_PENALTIES` that predicts the last quarter of the rows best
    when fitted on the rest.  Returns (the new weights on the features,
    the penalty, [a, b])."""
    from .evaluate import SHIFTS, WEIGHTS

    shift_a, shift_b = SHIFTS["search"][key]
    cur = WEIGHTS[key]
    design = []
    for x in xs:
        z = shift_a + shift_b * sum(a * b for a, b in zip(cur, x, strict=True))
        design.append([1.0, z, *x[1:]])
    cut = len(design) * 3 // 4
    best = max(REFIT_PENALTIES, key=lambda l2: _mean_log(
        fit_logistic(design[:cut], ys[:cut], l2=l2, free=2), design[cut:], ys[cut:]))
    w = fit_logistic(design, ys, l2=best, free=2)
    a, b = w[0], w[1]
    new = [b * shift_b * v for v in cur]
    new[0] += a + b * shift_a
    for i, d in enumerate(w[2:], start=1):
        new[i] += d
    return new, best, [a, b]


def refit(paths: list[str]) -> None:
    """Print :data:`evaluate.DISCARD_WEIGHTS` refitted to rows of suit games
    and grands (:func:`refit_weights`)."""
    for family, rows in sorted(_family_data(paths).items()):
        if family not in ("suit", "grand"):
            continue
        xs = [r[0] for r in rows]
        for key, ys in ((family, [r[1] for r in rows]), (family + "90", [r[2] for r in rows])):
            w, l2, (a, b) = refit_weights(key, xs, ys)
            print(f"# {key}: ridge penalty {l2:g}, a {a:.3f}, b {b:.3f}")
            _report(key, RICH_FEATURES[family], w, xs, ys)


def _report(name: str, names: tuple[str, ...], w: list[float], xs: Sequence[Sequence[float]],
            ys: Sequence[int]) -> None:
    ll = 0.0
    buckets = [[0, 0.0, 0] for _ in range(10)]
    for x, y in zip(xs, ys, strict=True):
        p = _predicted(w, x)
        ll += _log_likelihood(p, y)
        b = buckets[min(9, int(p * 10))]
        b[0] += 1
        b[1] += p
        b[2] += y
    print(f"# {name}: {len(ys)} games, mean log-likelihood {ll / len(ys):.4f}")
    for lo, (n, ps, ws) in enumerate(buckets):
        if n:
            print(f"#   p {lo / 10:.1f}-{(lo + 1) / 10:.1f}: {n:5d} games, "
                  f"predicted {ps / n:.2f}, won {ws / n:.2f}")
    print(f'    "{name}": (')
    print("        " + ", ".join(f"{v:.3f}" for v in w) + ",")
    print("    ),  # " + " ".join(names))


_GAME_LETTERS = {"D": 0, "H": 1, "S": 2, "C": 3, "G": 4, "N": 5}


def trust(paths: list[str], level: str, seed: str, max_nodes: int = 300_000) -> None:
    """Print the real win rate by the solver's verdict on the true deal, per family."""
    from ..cards import Card
    from ..solver import Solver

    tally: dict[tuple[str, bool | None, int], int] = {}

    def add(key: tuple[str, bool | None, int]) -> None:
        tally[key] = tally.get(key, 0) + 1

    for path in paths:
        for r in _rows(path):
            game = _GAME_LETTERS.get(str(r.get("game")))
            soloist = r.get("soloist")
            if game is None or not isinstance(soloist, int) or r.get("level") != level:
                continue
            if level != "xskat" and r.get("ours") != soloist:
                continue
            if game != 5 and "ouvert" in str(r.get("contract", "")).lower():
                continue
            deal = deal_from_seed(seed, int(str(r["deal"])))
            hands = list(deal.hands)
            actions = r.get("actions")
            assert isinstance(actions, list)
            put = [a for a in actions if str(a).startswith(f"{soloist}:discard")]
            if put:
                a, b = str(put[0]).split()[1:3]
                gone = 1 << int(Card.from_str(a)) | 1 << int(Card.from_str(b))
                hands[soloist] = (hands[soloist] | deal.skat) & ~gone
                skat_points = points_of(gone)
            else:
                skat_points = points_of(deal.skat)
            three = (hands[0], hands[1], hands[2])
            points = int(str(r["soloist_points"]))
            family = "grand" if game == 4 else "null" if game == 5 else "suit"
            if game == 5:
                add((family, Solver(game, soloist).wins_within(three, 0, 0, max_nodes),
                     int(bool(r["won"]))))
                continue
            won = Solver(game, soloist).wins_within(three, 0, 61 - skat_points, max_nodes)
            add((family, won, int(points >= 61)))
            if won:
                big = Solver(game, soloist).wins_within(three, 0, 90 - skat_points, max_nodes)
                add((family + "90", big, int(points >= 90)))
    for family in ("suit", "grand", "null", "suit90", "grand90"):
        for verdict in (True, False, None):
            n1 = tally.get((family, verdict, 1), 0)
            n = n1 + tally.get((family, verdict, 0), 0)
            if n:
                said = {True: "reached", False: "missed", None: "unsolved"}[verdict]
                print(f"{family:8s} solver {said:9s} {n:5d} games, really reached {n1 / n:.3f}")


def discard_deal(args: tuple[str, int, str]) -> list[dict[str, object]]:
    """One deal of ``discards``: the three seats bid, pick up and put away
    as bots of ``level`` do; if the soloist picked up and declared a suit
    game or grand, his twelve cards, the two he put away and the game."""
    from . import make_bot

    seed, number, level = args
    deal = deal_from_seed(seed, number)
    bots = [make_bot(level, f"{seed}:{number}:{s}") for s in range(3)]
    state = new_game(deal)
    twelve = put = 0
    while state.phase in (Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
        seat = state.to_move
        if state.phase == Phase.DISCARD:
            twelve = state.hands[seat]
        state = state.apply(bots[seat].choose(state.view(seat)))
        if state.phase != Phase.DISCARD and twelve and not put:
            put = twelve & ~state.hands[seat]
    contract = state.contract
    if not put or contract is None or contract.game == GameType.NULL:
        return []
    return [{"game": int(contract.game), "twelve": twelve, "put": put}]


def discards(deals: int, level: str, seed: str, out: str, workers: int) -> None:
    _write_rows(out, workers, discard_deal, [(seed, i, level) for i in range(deals)])


_Discard = tuple[list[tuple[str, int] | None], tuple[int, int]]
"""One discard of ``discards``: the class of each of the twelve cards (None:
a trump) and the places of the two put away."""


def _pair_odds(theta: dict[tuple[str, int], float], classes: list[tuple[str, int] | None],
               floor: float) -> tuple[list[float], list[float], float, float]:
    """Each card's log score and score, their sum, and the sum of the
    product over all pairs (the model's normaliser)."""
    logs = [theta[k] if k is not None else floor for k in classes]
    ws = [math.exp(x) for x in logs]
    total = sum(ws)
    return logs, ws, total, (total * total - sum(w * w for w in ws)) / 2.0


def discard_fit(paths: list[str], steps: int = 400, l2: float = 0.01) -> None:
    """Fit :data:`inference.DISCARD_SCORES` by maximum likelihood to rows of
    ``discards``: the chance of putting away {a, b} out of twelve cards is
    score(a) x score(b) over the sum of that product over all 66 pairs (a
    trump scores :data:`inference.DISCARD_FLOOR`).  Gradient ascent on the
    log scores; prints the table (its highest score 1) and the mean log
    chance of the pair put away, on the fit and on every other row held out."""
    rows = [r for path in paths for r in _rows(path)]
    data: list[_Discard] = []
    for r in rows:
        game, twelve, put = int(str(r["game"])), int(str(r["twelve"])), int(str(r["put"]))
        cards = cards_of(twelve)
        classes = [discard_class(game, twelve, c) for c in cards]
        chosen = [i for i, c in enumerate(cards) if put >> c & 1]
        data.append((classes, (chosen[0], chosen[1])))
    keys = sorted({k for classes, _ in data for k in classes if k is not None})
    floor = math.log(DISCARD_FLOOR)

    def train(sample: list[_Discard]) -> dict[tuple[str, int], float]:
        theta = dict.fromkeys(keys, floor / 2)
        for _ in range(steps):
            grad = dict.fromkeys(keys, 0.0)
            for classes, (i, j) in sample:
                _, ws, total, z = _pair_odds(theta, classes, floor)
                for n, k in enumerate(classes):
                    if k is None:
                        continue
                    # the chance that card n is one of the two put away
                    p = ws[n] * (total - ws[n]) / z
                    grad[k] -= p
                    if n in (i, j):
                        grad[k] += 1.0
            for k in keys:
                theta[k] += 2.0 * (grad[k] - l2 * (theta[k] - floor / 2)) / len(sample)
        return theta

    def mean_log(theta: dict[tuple[str, int], float], sample: list[_Discard]) -> float:
        out = 0.0
        for classes, (i, j) in sample:
            logs, _, _, z = _pair_odds(theta, classes, floor)
            out += logs[i] + logs[j] - math.log(z)
        return out / len(sample)

    held = mean_log(train(data[0::2]), data[1::2])
    theta = train(data)
    top = max(theta.values())
    print(f"{len(data)} discards; mean log chance of the pair put away: {mean_log(theta, data):.3f}"
          f" on the fit, {held:.3f} held out (fit on every other row), "
          f"{-math.log(66):.3f} for a pair at random")
    print("DISCARD_SCORES = {")
    for k in keys:
        score = max(DISCARD_FLOOR, math.exp(theta[k] - top))
        print(f'    ("{k[0]}", {k[1]}): {float(f"{score:.2g}")!r},')
    print("}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m skat_core.bots.calibrate")
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--deals", type=int, default=2000)
    g.add_argument("--level", default="easy")
    g.add_argument("--seed", default="1")
    g.add_argument("--out", required=True)
    g.add_argument("--workers", type=int, default=2)
    g.add_argument("--min-p", type=float, default=0.03,
                   help="skip games the current evaluator gives a lower chance")
    g.add_argument("--max-p", type=float, default=1.0,
                   help="skip games the current evaluator gives a higher chance (sure games "
                        "say little about the correction and cost as much to play)")
    g.add_argument("--explore", type=int, default=1,
                   help="discard one of the evaluator's N best at random (default 1: its best)")
    g.add_argument("--defenders", default=None,
                   help="the defenders' level (default: --level, as the soloist)")
    f = sub.add_parser("fit")
    f.add_argument("paths", nargs="+")
    sh = sub.add_parser("shift")
    sh.add_argument("paths", nargs="+")
    rf = sub.add_parser("refit", help="refit the suit and grand models around the Monte Carlo "
                                      "family's logit (evaluate.DISCARD_WEIGHTS)")
    rf.add_argument("paths", nargs="+")
    gr = sub.add_parser("grands", help="pick-up grands played out at --level in all seats")
    gr.add_argument("--deals", type=int, default=902)
    gr.add_argument("--level", default="normal")
    gr.add_argument("--seed", default="ggrand")
    gr.add_argument("--out", required=True)
    gr.add_argument("--workers", type=int, default=2)
    gf = sub.add_parser("grandfit", help="fit the grand correction to rows of grands")
    gf.add_argument("paths", nargs="+")
    d = sub.add_parser("discards", help="the discards of bots of --level after their own bidding")
    d.add_argument("--deals", type=int, default=4000)
    d.add_argument("--level", default="normal")
    d.add_argument("--seed", default="gdiscard")
    d.add_argument("--out", required=True)
    d.add_argument("--workers", type=int, default=2)
    df = sub.add_parser("discardfit", help="fit inference.DISCARD_SCORES to rows of discards")
    df.add_argument("paths", nargs="+")
    t = sub.add_parser("trust")
    t.add_argument("paths", nargs="+")
    t.add_argument("--level", default="normal", help="whose soloist games to count")
    t.add_argument("--seed", default="xskat-bench", help="the seed of deal_from_seed")
    args = parser.parse_args(argv)
    if args.command == "generate":
        generate(args.deals, args.level, args.seed, args.out, args.workers, args.min_p,
                 args.max_p, args.explore, args.defenders)
    elif args.command == "grands":
        grands(args.deals, args.level, args.seed, args.out, args.workers)
    elif args.command == "grandfit":
        grand_fit(args.paths)
    elif args.command == "discards":
        discards(args.deals, args.level, args.seed, args.out, args.workers)
    elif args.command == "discardfit":
        discard_fit(args.paths)
    elif args.command == "trust":
        trust(args.paths, args.level, args.seed)
    elif args.command == "shift":
        shift(args.paths)
    elif args.command == "refit":
        refit(args.paths)
    else:
        fit(args.paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())

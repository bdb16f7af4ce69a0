"""Whole games simulated double dummy: bidding, the skat and the declaration
of the Monte Carlo levels.

The hand evaluator (:mod:`.evaluate`) gives a win chance from a few features;
it cannot see that a grand with two aces and a long suit makes 61 where a
suit game makes no more, nor that a bare ten in a null hand is caught at
once.  Here the candidate games are played out instead: deals consistent
with what the seat knows are sampled, and for each deal and candidate the
double-dummy solver answers the null-window questions "does the soloist
reach 61?" and, if so, "90?" (null: "does he stay clean?").  A question that
would visit more than :attr:`SimBudget.probe_nodes` positions is not
finished; the evaluator's chance stands in for it.  The decision's solver
positions are capped by :attr:`SimBudget.nodes` (counts, never clocks, so a
decision is the same on any machine).

Each candidate's expected Seeger-Fabian score is the mean over the deals of
the solver's outcome scored exactly as the engine scores the game at the bid,
with the evaluator's estimate counted as :attr:`SimBudget.prior` more deals
(few deals alone are noisy).  Deals are weighted by how well the other seats'
bids fit their sampled hands (:func:`.inference.bidding_weight`), so that
the deals can be sampled once per hand and reused as the auction goes on.
Those weights are plausibilities, not counts: the solver's weighted mean
counts as the effective number of deals, (sum w)^2 / sum w^2
(:func:`effective_deals`), against the prior (:func:`blended`).

* :func:`pickup_plan` (twelve cards after picking up): the discard and the
  game together, every candidate on the same deals; with
  :attr:`SimBudget.grand_playouts` the grand's chance is first moved toward
  what it makes against blind defenders (:func:`grand_step`);
  :func:`pickup_plans` plans for several evaluator families on the same
  deals at once.
* :func:`hand_outlook` (ten cards, skat unknown): for every bid, the
  expected score of picking up (the evaluator picks the game and discard
  for each sampled skat, the solver plays it) and of the best hand game; the
  bid limit and the hand-or-pick-up choice follow from it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..cards import CARD_POINTS, Mask, points_of
from ..game import Declare
from ..rules import GameType
from ..solver import Solver
from ..value import game_value, matadors, null_value
from .bidding import (
    LOSS_EXTRA,
    SUIT_AND_GRAND,
    _discards,
    _hopeless,
    _null_discards,
    _payoff,
    _quick_discards,
    best_of,
    null_payoff,
    outlook,
)
from .evaluate import chances, sigmoid, win_chance
from .inference import bids_weight
from .pimc import rollout
from .sampling import deal_rest, with_hand

NULL = int(GameType.NULL)
GRAND = int(GameType.GRAND)
SCHNEIDER_FLOOR = 0.05
"""Below this evaluator chance of 90 the solver is not asked about schneider."""
DD_TRUST: dict[str, tuple[float, float]] = {
    "suit": (0.66, 0.975),
    "grand": (0.62, 0.94),
    "null": (0.46, 1.0),
}
"""The chance that a game is really won when the open-card solver says, on
the true deal, that it is lost (first) or won (second), per family.  Open
cards are pessimistic for the soloist: the defenders never misjudge a
lead or a discard.  Counted on 471 games the ``normal`` bot declared
against xskat's defenders (``/work/xskat-bench`` rows, main at 388b30c,
each game's true deal solved): suit 239 won by the solver (97.5% really
won) and 110 lost (66%), grand 65 (94%) and 21 (62%), null 11 (100%) and
24 (46%).  A deal's 0 or 1 from the solver becomes this chance."""
DD_TRUST90: dict[str, tuple[float, float]] = {"suit": (0.23, 0.93), "grand": (0.29, 0.85)}
"""The same for schneider, among the games the solver says are won: the
chance of really reaching 90 when the solver says 90 is out of reach
(first) or reached (second).  Same games: suit 194 (23%) and 45 (93%),
grand 45 (29%) and 20 (85%)."""

PLAYOUT_WEIGHT = 0.5
"""How far :attr:`SimBudget.grand_playouts` moves the grand's chance, in the
logit: half way from the evaluator's chance to the share of playouts won (an
even blend, chosen before it was measured, not fitted)."""

RACE_SPREAD = 50.0
"""The least spread (Seeger-Fabian points) a race assumes for the deal-by-deal
difference between two candidates: on a few deals two discards of one game
often score alike in every deal, which says little about whether they differ
(one deal in which one wins and the other loses differs by some 150-250)."""


@dataclass(frozen=True, slots=True)
class SimBudget:
    """How much a simulated decision may search (all counts)."""

    deals: int
    """Most deals sampled per decision."""
    nodes: int
    """Stop sampling once the solver has visited this many positions (after
    :attr:`min_deals`)."""
    probe_nodes: int
    """Most positions one question may take; beyond it the evaluator's
    chance is used for that deal."""
    min_deals: int = 4
    prior: float = 3.0
    """The evaluator's estimate counts as this many deals."""
    candidates: int = 6
    """Most (game, discard) candidates after picking up."""
    shapes: bool = False
    """Also play, for the leading suit or grand game, the evaluator's best
    discard that voids a side suit and its best that leaves no side ten
    bare (alone or with one card, no ace), where the two best by the
    evaluator do neither (:func:`_shape_alternatives`): the evaluator's
    features barely tell these hand shapes apart."""
    before_skat: bool = True
    """Also bid and choose hand or pick-up by simulation (False: only the
    discard and declaration after picking up)."""
    trust: bool = False
    """Read the solver's verdict through :data:`DD_TRUST` (False: as 0 or 1).
    Off in the shipped levels: against xskat it measured neutral for
    ``normal`` and slightly worse for ``strong`` (docs/bots.md)."""
    close: float = 0.0
    """With :attr:`before_skat`: simulate only where the decision is close,
    the evaluator's expected score at the bid in question within this many
    points of the bidding threshold (hand or pick-up: of each other); the
    evaluator alone decides the rest.  0: simulate every hand."""
    before: SimBudget | None = None
    """The budget of the simulation before the skat (:func:`hand_outlook`);
    None: this one."""
    effective: bool = True
    """After picking up, count the solver's deals against :attr:`prior` by
    their effective number (:func:`effective_deals`).  False: by the sum of
    the bids' weights, under which the prior outweighs the deals wherever
    the other seats bid (0.05-0.5 a deal).  Off in the shipped levels: with
    the effective count ``normal`` measured -1.07 +- 1.47 per deal against
    xskat (150 deals), ``strong`` -0.48 +- 1.30 (200 deals, merged main)."""
    grand_playouts: int = 0
    """After picking up, also play the grand with the evaluator's best
    discard out on this many sampled deals (weighted by the bids), the
    soloist and the defenders playing the rules and the defenders blind
    (:func:`.pimc.rollout` with the skat unseen), and move every grand
    candidate's chance by the same step in the logit (:func:`grand_step`).
    The solver sees every grand as lost that a perfect defence beats; blind
    defenders miss some of those defences, as real ones do.  0: off."""
    race: float = 0.0
    """After picking up, drop a candidate from the remaining deals once its
    blended expected score is more than ``race`` standard errors (of its
    deal-by-deal difference to the leader, on the same deals) behind the
    leader, after :attr:`min_deals`; the sampling ends when one candidate is
    left.  The budget then goes to the candidates that are still close.
    0: every candidate is played on every deal."""


def effective_deals(mass: float, squares: float) -> float:
    """The effective number of deals of weights whose sum is ``mass`` and
    sum of squares ``squares``: (sum w)^2 / sum w^2.  Ten deals of weight
    0.01 are still ten deals; one deal far likelier than the rest is nearly
    one (Kish's effective sample size)."""
    return mass * mass / squares if squares > 0 else 0.0


def blended(weighted_sum: float, mass: float, squares: float, prior_value: float,
            prior: float) -> float:
    """The weighted mean over the deals (``weighted_sum`` / ``mass``),
    counted as :func:`effective_deals` deals, blended with ``prior_value``
    counted as ``prior`` deals.  Not ``(weighted_sum + prior * prior_value)
    / (mass + prior)``: where the other seats bid, the weights are small
    (0.05-0.5 a deal) and the prior would then outweigh every deal."""
    n = effective_deals(mass, squares)
    if n <= 0:
        return prior_value
    return (n * weighted_sum / mass + prior * prior_value) / (n + prior)


_EXACT: dict[str, tuple[float, float]] = {"suit": (0.0, 1.0), "grand": (0.0, 1.0),
                                          "null": (0.0, 1.0)}
_EXACT90: dict[str, tuple[float, float]] = {"suit": (0.0, 1.0), "grand": (0.0, 1.0)}

Outcome = tuple[float, float]
"""Chance of 61 and of 90 in one deal (0 or 1 from the solver)."""


class _Probe:
    """The solver questions of one decision (a fresh solver per game, so
    that the counts do not depend on earlier decisions).  Where two
    evaluator families' plans share the deals (:func:`pickup_plans`), a
    question one family asks that another asked before (the same game,
    hands and target: a candidate both play) is answered from memory at no
    cost in :attr:`nodes`, and :attr:`charged` counts it to the asking family
    at what it first cost, so that each plan spends its budget as if it
    searched alone."""

    def __init__(self, seat: int, budget: SimBudget) -> None:
        self.seat = seat
        self.budget = budget
        self.solvers: dict[int, Solver] = {}
        self.nodes = 0
        self.family = 0
        """The family asking (an index into :func:`pickup_plans`' plays)."""
        self.charged: dict[int, int] = {}
        """Positions charged to each family."""
        self.memo: dict[tuple[int, tuple[Mask, Mask, Mask], int],
                        tuple[bool | None, int, set[int]]] = {}
        self.trust = DD_TRUST if budget.trust else _EXACT
        self.trust90 = DD_TRUST90 if budget.trust else _EXACT90

    def _ask(self, game: int, hands: tuple[Mask, Mask, Mask], target: int) -> bool | None:
        key = (game, hands, target)
        known = self.memo.get(key)
        if known is not None and self.family not in known[2]:
            known[2].add(self.family)
            self._charge(known[1])
            return known[0]
        # A family's own repeat is searched again, as a plan alone would.
        solver = self.solvers.get(game)
        if solver is None:
            solver = self.solvers[game] = Solver(game, self.seat)
        before = solver.nodes
        answer = solver.wins_within(hands, 0, target, self.budget.probe_nodes)
        cost = solver.nodes - before
        if known is None:
            self.memo[key] = (answer, cost, {self.family})
        self.nodes += cost
        self._charge(cost)
        return answer

    def _charge(self, nodes: int) -> None:
        self.charged[self.family] = self.charged.get(self.family, 0) + nodes

    def outcome(self, game: int, hands: tuple[Mask, Mask, Mask], skat_points: int,
                fallback: Outcome) -> Outcome:
        if game == NULL:
            clean = self._ask(game, hands, 0)
            lo, hi = self.trust["null"]
            return (fallback[0], 0.0) if clean is None else (hi if clean else lo, 0.0)
        family = "grand" if game == GRAND else "suit"
        lo, hi = self.trust[family]
        won = self._ask(game, hands, 61 - skat_points)
        if won is None:
            return fallback
        if not won:
            return (lo, 0.0)
        if fallback[1] < SCHNEIDER_FLOOR:
            # Schneider out of reach by the evaluator: not worth a search.
            return (hi, 0.0)
        big = self._ask(game, hands, 90 - skat_points)
        if big is None:
            return (hi, min(1.0, fallback[1] / max(fallback[0], 1e-9)))
        lo90, hi90 = self.trust90[family]
        return (hi, hi90 if big else lo90)

    def spent(self, deals_done: int, family: int | None = None) -> bool:
        """Whether the budget is spent after ``deals_done`` deals: by the
        positions visited, or by those charged to ``family``."""
        nodes = self.nodes if family is None else self.charged.get(family, 0)
        return deals_done >= self.budget.min_deals and nodes >= self.budget.nodes


# -- after picking up -----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Planned:
    """A (game, discard) candidate after picking up, with its scores."""

    declare: Declare
    discard: tuple[int, int]
    ev: float
    """Blended expected Seeger-Fabian score (solver deals and evaluator)."""
    prior_ev: float
    """The evaluator's expected score alone."""
    win: float
    """Blended chance of winning."""
    value: int
    deals: int


Candidate = tuple[float, int, bool, tuple[int, int], float, float]
"""(evaluator ev, game, ouvert, discard, win, p90)."""


def _bare_tens(game: int, hand: Mask) -> int:
    """Side tens without their ace in a suit of one or two cards (a suit
    game's side suits; in grand every suit)."""
    n = 0
    for s in range(4):
        if s == game:
            continue
        suit = hand >> (7 * s) & 127
        if suit >> 5 & 1 and not suit >> 6 & 1 and suit.bit_count() <= 2:
            n += 1
    return n


def _voids(game: int, hand: Mask) -> int:
    return sum(1 for s in range(4) if s != game and not hand >> (7 * s) & 127)


def _shape_alternatives(rows: list[Candidate], cards12: Mask) -> list[Candidate]:
    """Among one suit or grand game's discards (best first): the best that
    voids more side suits than the best discard, and the best that leaves
    fewer tens bare, where the two best do neither."""
    game = rows[0][1]
    out: list[Candidate] = []
    measures: tuple[tuple[Callable[[int, Mask], int], int], ...] = ((_voids, 1),
                                                                    (_bare_tens, -1))
    for measure, better in measures:
        scores = [better * measure(game, cards12 & ~(1 << r[3][0] | 1 << r[3][1])) for r in rows]
        ref = max(scores[:2])
        for r, score in zip(rows[2:], scores[2:], strict=True):
            if score > ref:
                if r not in out:
                    out.append(r)
                break
    return out


def _candidates(cards12: Mask, forehand: bool, bid: int, play: str, extra: float,
                most: int, shapes: bool = False) -> list[Candidate]:
    """(evaluator ev, game, ouvert, discard, win, p90), the likeliest first:
    the best two discards of each game, the games whose best is far behind
    dropped; with ``shapes`` also :func:`_shape_alternatives` of the leading
    suit or grand game (beyond ``most``)."""
    per_game: list[list[Candidate]] = []
    full: dict[int, list[Candidate]] = {}
    for game in SUIT_AND_GRAND:
        value = game_value(game, matadors(game, cards12))
        base = GameType(game).base_value
        rows = []
        for a, b in _discards(game, cards12):
            win, p90 = chances(game, cards12 & ~(1 << a | 1 << b),
                               CARD_POINTS[a] + CARD_POINTS[b], forehand, play)
            rows.append((_payoff(win, p90, value, base, bid, extra=extra), game, False, (a, b),
                         win, p90))
        rows.sort(key=lambda r: -r[0])
        full[game] = rows
        per_game.append(rows[:2])
    for ouvert in (False, True):
        value = null_value(False, ouvert)
        if value < bid:
            continue
        rows = []
        for a, b in _discards(NULL, cards12):
            win = win_chance(NULL, cards12 & ~(1 << a | 1 << b), 0, forehand, ouvert, play)
            rows.append((null_payoff(win, value, bid, extra), NULL, ouvert, (a, b), win, 0.0))
        rows.sort(key=lambda r: -r[0])
        per_game.append(rows[:2])
    per_game.sort(key=lambda rows: -rows[0][0])
    top = per_game[0][0][0]
    out = [rows[0] for rows in per_game if rows[0][0] >= top - 120]
    # Second discards of the leading games.
    for rows in per_game[:2]:
        if len(rows) > 1:
            out.append(rows[1])
    out.sort(key=lambda r: -r[0])
    out = out[:most]
    if shapes:
        lead = next((rows[0][1] for rows in per_game if rows[0][1] != NULL), None)
        if lead is not None:
            for r in _shape_alternatives(full[lead], cards12):
                if r not in out:
                    out.append(r)
    return out


def _score(game: int, ouvert: bool, outcome: Outcome, value: int, bid: int, extra: float
           ) -> float:
    if game == NULL:
        return null_payoff(outcome[0], value, bid, extra)
    return _payoff(outcome[0], outcome[1], value, GameType(game).base_value, bid, extra=extra)


def _logit(p: float) -> float:
    """The logit of ``p`` held within 1e-4 of 0 and 1 (an evaluator's chance
    may be 0 or 1)."""
    p = min(1 - 1e-4, max(1e-4, p))
    return math.log(p / (1 - p))


def grand_step(cards12: Mask, seat: int, discard: tuple[int, int], win: float,
               deals: list[tuple[tuple[Mask, Mask, Mask], float]]) -> float:
    """The step in the logit that moves the evaluator's grand chance ``win``
    (with ``discard``) :data:`PLAYOUT_WEIGHT` of the way to the weighted share
    of ``deals`` (the other seats' hands and the bids' weight) in which the
    grand reaches 61 when played out by the rules with blind defenders.  The
    share is held within 0.02-0.98: a few dozen deals prove nothing."""
    return _step(_playout_share(cards12, seat, discard, deals), win)


def _step(share: float, win: float) -> float:
    """:func:`grand_step` from the playouts' ``share``."""
    return PLAYOUT_WEIGHT * (_logit(share) - _logit(win))


def _playout_share(cards12: Mask, seat: int, discard: tuple[int, int],
                   deals: list[tuple[tuple[Mask, Mask, Mask], float]]) -> float:
    """The weighted share of ``deals`` in which the grand with ``discard``
    reaches 61 played out by the rules with blind defenders (0.02-0.98)."""
    a, b = discard
    mine = cards12 & ~(1 << a | 1 << b)
    skat = cards12 & ~mine
    sp = CARD_POINTS[a] + CARD_POINTS[b]
    total = won = 0.0
    for others, w in deals:
        hands = with_hand(others, seat, mine)
        points = rollout(GRAND, seat, list(hands), [], 0, None, 0, blind=skat) + sp
        total += w
        if points >= 61:
            won += w
    return min(0.98, max(0.02, won / total))


@lru_cache(maxsize=16)
def _sampled_share(cards12: Mask, seat: int, bid: int, bids: tuple[int, int, int],
                   refused: tuple[int, int, int], playouts: int, salt: str,
                   discard: tuple[int, int]) -> float | None:
    """:func:`_playout_share` on ``playouts`` deals sampled for the decision
    (None: none fits the bids); cached, so that two evaluator families whose
    best grand puts away the same cards play it out once."""
    rng = random.Random(f"playout:{salt}:{seat}:{cards12}:{bid}:{bids}:{refused}")
    deals = []
    for _ in range(playouts):
        others, _ = deal_rest(rng, seat, cards12, False)
        w = bids_weight(others, seat, bids, refused)
        if w > 0:
            deals.append((others, w))
    return _playout_share(cards12, seat, discard, deals) if deals else None


def _stepped(cands: list[Candidate], cards12: Mask, seat: int, bid: int,
             bids: tuple[int, int, int], refused: tuple[int, int, int], budget: SimBudget,
             salt: str, extra: float) -> list[Candidate]:
    """``cands`` with every grand's chance moved by :func:`grand_step`, taken
    on the best grand discard (the first grand among them): the playouts
    judge the grand, not the discard (with a step per discard the choice
    among a grand's discards measured worse against xskat)."""
    first = next((c for c in cands if c[1] == GRAND), None)
    if first is None:
        return cands
    share = _sampled_share(cards12, seat, bid, bids, refused, budget.grand_playouts, salt,
                           first[3])
    if share is None:
        return cands
    step = _step(share, first[4])
    value = game_value(GRAND, matadors(GRAND, cards12))
    out = []
    for c in cands:
        ev0, game, ouvert, disc, win, p90 = c
        if game == GRAND:
            p = min(1 - 1e-4, max(1e-4, win))  # also the divisor of p90's ratio
            win = sigmoid(_logit(p) + step)
            p90 = p90 * win / p
            ev0 = _score(GRAND, False, (win, p90), value, bid, extra)
        out.append((ev0, game, ouvert, disc, win, p90))
    return out


@lru_cache(maxsize=64)
def pickup_plan(cards12: Mask, seat: int, bid: int, bids: tuple[int, int, int],
                refused: tuple[int, int, int], budget: SimBudget, salt: str, play: str,
                extra: float = LOSS_EXTRA) -> tuple[Planned, ...]:
    """The candidates after picking up, best first, each scored on the same
    sampled deals of the twenty cards the soloist cannot see."""
    return _plans(cards12, seat, bid, bids, refused, budget, salt, (play,), extra)[0]


class _Family:
    """One evaluator family's candidates and their running sums in
    :func:`pickup_plans`."""

    def __init__(self, cands: list[Candidate], cards12: Mask) -> None:
        self.cands = cands
        self.values = [null_value(False, ouvert) if game == NULL
                       else game_value(game, matadors(game, cards12))
                       for _, game, ouvert, _, _, _ in cands]
        n = len(cands)
        self.sums = [0.0] * n
        self.wins = [0.0] * n
        self.totals = [0.0] * n
        self.squares = [0.0] * n
        self.played = [0] * n
        self.scores: list[list[float]] = [[] for _ in range(n)]
        self.weights: list[float] = []
        self.active = list(range(n))

    def counted(self, budget: SimBudget) -> list[float]:
        """What counts the deals against the prior: the sum of squares of
        the weights, or the weights' sum itself (see SimBudget.effective)."""
        return self.squares if budget.effective else self.totals


def _plans(cards12: Mask, seat: int, bid: int, bids: tuple[int, int, int],
           refused: tuple[int, int, int], budget: SimBudget, salt: str,
           plays: tuple[str, ...], extra: float = LOSS_EXTRA
           ) -> tuple[tuple[Planned, ...], ...]:
    """:func:`pickup_plan` for each evaluator family of ``plays`` at once:
    each family's candidates, budget and race as if planned alone, on the
    same sampled deals, and a question two families ask alike is searched
    once (:class:`_Probe`)."""
    forehand = seat == 0
    fams = []
    for play in plays:
        cands = _candidates(cards12, forehand, bid, play, extra, budget.candidates,
                            budget.shapes)
        if budget.grand_playouts:
            cands = _stepped(cands, cards12, seat, bid, bids, refused, budget, salt, extra)
        fams.append(_Family(cands, cards12))
    rng = random.Random(f"pickup:{salt}:{seat}:{cards12}:{bid}:{bids}:{refused}")
    probe = _Probe(seat, budget)
    done = 0
    for _ in range(budget.deals):
        live = [i for i, fam in enumerate(fams)
                if not (probe.spent(done, i) or len(fam.active) < 2 <= len(fam.cands))]
        if not live:
            break
        others, _ = deal_rest(rng, seat, cards12, False)
        w = bids_weight(others, seat, bids, refused)
        done += 1
        if w <= 0:
            continue
        for i in live:
            fam = fams[i]
            probe.family = i
            _play_deal(fam, probe, cards12, seat, others, w, bid, extra)
            if budget.race > 0 and done >= budget.min_deals:
                fam.active = _race(fam.active, fam.cands, fam.values, bid, fam.sums,
                                   fam.totals, fam.counted(budget), fam.scores, fam.weights,
                                   budget.prior, budget.race)
    return tuple(_planned(fam, budget) for fam in fams)


pickup_plans = lru_cache(maxsize=64)(_plans)
"""The plans of several evaluator families on the same deals (cached)."""


def _play_deal(fam: _Family, probe: _Probe, cards12: Mask, seat: int,
               others: tuple[Mask, Mask, Mask], w: float, bid: int, extra: float) -> None:
    """Every active candidate of ``fam`` played on one sampled deal of
    weight ``w`` (the probe charges the family its questions' positions)."""
    fam.weights.append(w)
    for i in fam.active:
        _, game, ouvert, (a, b), win, p90 = fam.cands[i]
        mine = cards12 & ~(1 << a | 1 << b)
        hands = with_hand(others, seat, mine)
        sp = CARD_POINTS[a] + CARD_POINTS[b]
        # (Null ouvert: open cards change nothing double dummy.)
        oc = probe.outcome(game, hands, sp, (win, p90))
        score = _score(game, ouvert, oc, fam.values[i], bid, extra)
        fam.sums[i] += w * score
        fam.wins[i] += w * oc[0]
        fam.totals[i] += w
        fam.squares[i] += w * w
        fam.played[i] += 1
        fam.scores[i].append(score)


def _planned(fam: _Family, budget: SimBudget) -> tuple[Planned, ...]:
    """The family's candidates blended with their prior, best first."""
    counted = fam.counted(budget)
    k = budget.prior
    out = []
    for i, (ev0, game, ouvert, disc, win, _) in enumerate(fam.cands):
        ev = blended(fam.sums[i], fam.totals[i], counted[i], ev0, k)
        p = blended(fam.wins[i], fam.totals[i], counted[i], win, k)
        d = Declare(GameType(game), ouvert=ouvert)
        out.append(Planned(d, disc, ev, ev0, p, fam.values[i], fam.played[i]))
    out.sort(key=lambda c: -c.ev)
    return tuple(out)


def _race(active: list[int], cands: list[Candidate], values: list[int], bid: int,
          sums: list[float], totals: list[float], squares: list[float],
          scores: list[list[float]], weights: list[float], k: float, z: float) -> list[int]:
    """The candidates still in the race (see :attr:`SimBudget.race`): the
    leader among those whose value reaches the bid (as the choice prefers
    them), and those not ``z`` standard errors behind it.  Every active
    candidate has been played on every deal so far, so the differences are
    paired deal by deal."""
    def ev(i: int) -> float:
        return blended(sums[i], totals[i], squares[i], cands[i][0], k)

    if len(weights) < 2:
        return active
    safe = [i for i in active if values[i] >= bid] or active
    lead = max(safe, key=ev)
    lead_ev = ev(lead)
    mass = sum(weights)
    eff = effective_deals(mass, sum(w * w for w in weights))
    keep = []
    for i in active:
        if i == lead:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(scores[lead], scores[i], strict=True)]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / mass
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / mass
        se = (max(var, RACE_SPREAD ** 2) / max(eff - 1.0, 1.0)) ** 0.5
        if lead_ev - ev(i) <= z * se:
            keep.append(i)
    return keep


# -- before the skat ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _DealRow:
    skat: Mask
    hands: tuple[Mask, Mask, Mask]
    pickup: tuple[tuple[float, float, float, float, int, int], ...]
    """Per candidate game after picking up this skat: evaluator (win, p90),
    solver (win, p90), value, base (base 0: null, evaluator only)."""
    hand: tuple[float, float, int, int]
    """The fixed hand game: solver (win, p90), value, base."""


@dataclass(frozen=True, slots=True)
class DealOutlook:
    """Sampled deals with the solver's outcomes, from which the expected
    score of picking up and of the hand game follows at any bid, under any
    weighting by the other seats' bids."""

    seat: int
    rows: tuple[_DealRow, ...]
    hand_game: int
    """The hand game played out (-1: none worth it)."""
    prior: float

    def weights(self, bids: tuple[int, int, int], refused: tuple[int, int, int]
                ) -> list[float]:
        return [bids_weight(r.hands, self.seat, bids, refused) for r in self.rows]

    def pickup_ev(self, bid: int, weights: list[float], extra: float) -> float:
        total = 0.0
        norm = 0.0
        for r, w in zip(self.rows, weights, strict=True):
            if w <= 0:
                continue
            best = None
            best_ev = -1e18
            for e in r.pickup:
                ew, e90, _, _, value, base = e
                ev = (null_payoff(ew, value, bid, extra) if base == 0
                      else _payoff(ew, e90, value, base, bid, extra=extra))
                if ev > best_ev:
                    best, best_ev = e, ev
            assert best is not None
            _, _, sw, s90, value, base = best
            got = (null_payoff(sw, value, bid, extra) if base == 0
                   else _payoff(sw, s90, value, base, bid, extra=extra))
            total += w * got
            norm += w
        return total / norm if norm else 0.0

    def hand_ev(self, bid: int, weights: list[float], extra: float) -> float | None:
        if self.hand_game < 0:
            return None
        total = 0.0
        norm = 0.0
        for r, w in zip(self.rows, weights, strict=True):
            if w <= 0:
                continue
            sw, s90, value, base = r.hand
            total += w * _payoff(sw, s90, value, base, bid, extra=extra)
            norm += w
        return total / norm if norm else None

    def effective(self, weights: list[float]) -> float:
        """The effective number of deals under ``weights`` (:func:`effective_deals`)."""
        return effective_deals(sum(w for w in weights if w > 0),
                               sum(w * w for w in weights if w > 0))


@lru_cache(maxsize=256)
def hand_outlook(hand: Mask, seat: int, budget: SimBudget, salt: str, play: str
                 ) -> DealOutlook:
    """Sample deals of the 22 unseen cards (skat and both hands) and play
    out, in each, the evaluator's two best pick-up games with their best
    discards and the evaluator's best suit or grand hand game."""
    forehand = seat == 0
    rng = random.Random(f"outlook:{salt}:{seat}:{hand}")
    probe = _Probe(seat, budget)
    # The hand game: the evaluator's best suit or grand game without the skat.
    hand_game = -1
    best_hand = 0.0
    for game in SUIT_AND_GRAND:
        if _hopeless(game, hand):
            continue
        win, p90 = chances(game, hand, 10, forehand, play)
        score = win * (3 * game_value(game, matadors(game, hand), hand=True) + 140)
        if win > 0.35 and score > best_hand:
            hand_game, best_hand = game, score
    rows = []
    done = 0
    for _ in range(budget.deals):
        if probe.spent(done):
            break
        others, skat = deal_rest(rng, seat, hand, True)
        done += 1
        cards12 = hand | skat
        games = []
        for game in SUIT_AND_GRAND:
            disc = _quick_discards(game, cards12)
            if not disc:
                continue
            value = game_value(game, matadors(game, cards12))
            base = GameType(game).base_value
            best: tuple[int, int, float, float] | None = None
            best_score = -1.0
            for a, b in disc:
                win, p90 = chances(game, cards12 & ~(1 << a | 1 << b),
                                   CARD_POINTS[a] + CARD_POINTS[b], forehand, play)
                score = win * (3 * value + 140) + p90 * base
                if score > best_score:
                    best, best_score = (a, b, win, p90), score
            if best is not None:
                games.append((best_score, game, best[0], best[1], (best[2], best[3]), value,
                              base))
        games.sort(key=lambda g: -g[0])
        entries: list[tuple[float, float, float, float, int, int]] = []
        for _, game, a, b, (win, p90), value, base in games[:2]:
            mine = cards12 & ~(1 << a | 1 << b)
            oc = probe.outcome(game, with_hand(others, seat, mine), CARD_POINTS[a] + CARD_POINTS[b],
                               (win, p90))
            entries.append((win, p90, oc[0], oc[1], value, base))
        for ouvert in (False, True):
            value = null_value(False, ouvert)
            best_null = 0.0
            for a, b in _null_discards(cards12):
                best_null = max(best_null, win_chance(NULL, cards12 & ~(1 << a | 1 << b), 0,
                                                      forehand, ouvert, play))
            entries.append((best_null, 0.0, best_null, 0.0, value, 0))
        hrow: tuple[float, float, int, int] = (0.0, 0.0, 0, 1)
        if hand_game >= 0:
            win, p90 = chances(hand_game, hand, points_of(skat), forehand, play)
            oc = probe.outcome(hand_game, with_hand(others, seat, hand), points_of(skat),
                               (win, p90))
            hv = game_value(hand_game, matadors(hand_game, cards12), hand=True)
            hrow = (oc[0], oc[1], hv, GameType(hand_game).base_value)
        rows.append(_DealRow(skat, others, tuple(entries), hrow))
    return DealOutlook(seat, tuple(rows), hand_game, budget.prior)


@lru_cache(maxsize=64)
def schneider_sure(hand: Mask, seat: int, game: int, bids: tuple[int, int, int],
                   refused: tuple[int, int, int], deals: int, cap: int, salt: str) -> bool:
    """Whether a suit or grand hand game reaches 90 in every one of
    ``deals`` sampled deals of the 22 unseen cards that fit the other seats'
    bids (the skat's points the soloist's), each asked of the double-dummy
    solver within ``cap`` positions; a question left open counts as missed.

    Announcing schneider pays off only where 90 is all but certain (it adds
    one level to a game that would reach 90 anyway, and a miss loses twice
    the announced value): above about 95% in every suit and grand game.  The
    evaluator's 90-point chance is not good for that: on bench deal 373 it
    gave a grand hand about 95% that the solver reached on 14 of 20 deals
    (docs/bots.md, *Schneider announced*)."""
    rng = random.Random(f"schneider:{salt}:{seat}:{hand}:{game}:{bids}:{refused}")
    solver = Solver(game, seat)
    asked = 0
    tries = 0
    while asked < deals and tries < 4 * deals:
        tries += 1
        others, skat = deal_rest(rng, seat, hand, True)
        if bids_weight(others, seat, bids, refused) <= 0:
            continue
        asked += 1
        if not solver.wins_within(with_hand(others, seat, hand), 0, 90 - points_of(skat), cap):
            return False
    return asked == deals


class Blend:
    """The expected scores of a ten-card hand before the skat, at any bid:
    the solver's deals (weighted by the other seats' bids, counted as their
    effective number) blended with the evaluator's outlook, its estimate
    counting as ``prior`` deals."""

    def __init__(self, hand: Mask, seat: int, bids: tuple[int, int, int],
                 refused: tuple[int, int, int], budget: SimBudget, salt: str, play: str,
                 skats: int, extra: float) -> None:
        self.look = outlook(hand, seat == 0, skats, salt, play)
        self.deals = hand_outlook(hand, seat, budget.before or budget, salt, play)
        self.weights = self.deals.weights(bids, refused)
        self.mass = self.deals.effective(self.weights)
        self.k = (budget.before or budget).prior
        self.extra = extra

    def evs(self, bid: int) -> tuple[float, list[float]]:
        """Picking up and every hand game of :data:`.bidding.HAND_GAMES` at ``bid``."""
        m, k, x = self.mass, self.k, self.extra
        pick = (m * self.deals.pickup_ev(bid, self.weights, x)
                + k * self.look.pickup_ev(bid, x)) / (m + k)
        hand_evs = self.look.hand_evs(bid, x)
        sim_hand = self.deals.hand_ev(bid, self.weights, x)
        if sim_hand is not None:
            i = SUIT_AND_GRAND.index(self.deals.hand_game)
            hand_evs[i] = (m * sim_hand + k * hand_evs[i]) / (m + k)
        return pick, hand_evs

    def best_ev(self, bid: int) -> float:
        """The best of :meth:`evs` to bid on (:func:`.bidding.best_of`: no
        announced schneider, as :meth:`.bidding.HandOutlook.best_ev`)."""
        return best_of(*self.evs(bid))


__all__ = [
    "Blend",
    "DealOutlook",
    "Planned",
    "SimBudget",
    "blended",
    "effective_deals",
    "hand_outlook",
    "pickup_plan",
    "pickup_plans",
    "schneider_sure",
]

"""Null games checked by simulation with the exact null solver.

The evaluator's null model (:mod:`.evaluate`) counts a suit as safe by a
rule of thumb (its i-th lowest card ranks at most 2i among the suit's
eight), which calls hands safe that the defenders catch on most lies: ♣8
alone, ♥A ♥10 ♥9 ♥8 without the 7, or ♣8 ♣10 ♣J ♣Q against ♣7 ♣9 (issue
10; on main's rows against xskat, the ten nulls ``normal`` lost had an
evaluator chance of 0.35 to 0.77 and stayed clean, double dummy, on 0 to
40% of 60 sampled lies, seven of them under 25%).  Here the twenty or
twenty-two cards the soloist cannot see are dealt out again and the solver
asks, per deal, "do the defenders catch him?".  That question is cheap when
the answer is yes (the defenders' line is found early) and dear when it is
no (every defence must be refuted), so each question is capped at
:attr:`NullBudget.probe_nodes` positions and a deal not settled by then
counts as not caught.  The evaluator's chance is multiplied by the share of
deals not proved caught (the evaluator counting as :attr:`NullBudget.prior`
deals with none caught), so it is only ever corrected downwards.

* :func:`hand_null_outlook` (ten cards, before the skat): per sampled deal
  the skat is picked up and the evaluator's best null discard made, and the
  hand itself is asked as a null hand; :meth:`NullOutlook.factors` scale the
  null entries of the bidding outlook (:func:`corrected_outlook`), so that
  the bid limit and hand-or-pick-up see the correction.  Off in the
  shipped levels (:attr:`NullBudget.before_skat`): it passed hands worth a
  game, and ``normal`` scored +0.83 +- 0.52 a deal more against xskat
  without it (docs/bots.md, "The fifteenth round").
* :func:`pickup_null_share` (ten cards after the discard, skat known): the
  share not proved caught over deals of the other twenty cards, for the null
  candidates of the choice after picking up.

Budgets are counts (deals, positions), never clocks; the deals come from a
generator seeded by the hand, the seat and the bot's seed, so the same view
gives the same answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Mask
from ..rules import GameType
from ..solver import Solver
from .bidding import HandOutlook, _null_discards
from .evaluate import win_chance
from .inference import bids_weight
from .sampling import deal_rest, with_hand

NULL = int(GameType.NULL)
PICK_NULL = 5
"""Index of null (then null ouvert) in a row of :class:`.bidding.HandOutlook`,
after the four suits and grand; the same in its hand rows (null hand, null
ouvert hand)."""
RELEVANT = 0.25
"""Below this evaluator chance a null plays no part in the decision and is
not simulated."""


@dataclass(frozen=True, slots=True)
class NullBudget:
    """How much the null check may search (counts)."""

    deals: int
    """Deals sampled per hand (before the skat) or per candidate discard."""
    probe_nodes: int
    """Most positions one "caught?" question may visit; beyond it the deal
    counts as clean."""
    prior: float = 2.0
    """The evaluator's chance counts as this many deals."""
    before_skat: bool = True
    """Also correct the bidding outlook (:func:`hand_null_outlook`: the bid
    limit and hand or pick-up); False checks only the null candidates after
    picking up (:func:`pickup_null_share`), where the skat is known."""


def _caught(solver: Solver, hands: tuple[Mask, Mask, Mask], cap: int) -> bool:
    """True when the defenders surely catch the soloist (proved within ``cap``)."""
    return solver.wins_within(hands, 0, 0, cap) is False


@dataclass(frozen=True, slots=True)
class _NullRow:
    others: tuple[Mask, Mask, Mask]
    pick_free: bool
    """Null after picking up this deal's skat is not proved caught."""
    hand_free: bool
    """Null hand is not proved caught."""


def not_caught_factor(share: float, deals: float, prior: float) -> float:
    """The factor on the evaluator's chance: the share of deals not proved
    caught over ``deals`` (effective) deals, the evaluator counting as
    ``prior`` deals with none caught."""
    return (deals * share + prior) / (deals + prior)


def weighted_share(weights: list[float], free: list[bool]) -> tuple[float, float]:
    """The weighted share of ``free`` deals and the effective number of
    deals, (sum w)^2 / sum w^2 (the weights by the bids are plausibilities,
    not counts: ten deals of weight 0.01 are still ten deals, and one deal
    far likelier than the rest is nearly one)."""
    mass = sum(weights)
    if mass <= 0:
        return 1.0, 0.0
    share = sum(w for w, f in zip(weights, free, strict=True) if f) / mass
    return share, mass * mass / sum(w * w for w in weights)


@dataclass(frozen=True, slots=True)
class NullOutlook:
    """The sampled deals of one ten-card hand with the solver's verdicts."""

    seat: int
    rows: tuple[_NullRow, ...]
    prior: float

    def factors(self, bids: tuple[int, int, int], refused: tuple[int, int, int]
                ) -> tuple[float, float]:
        """Factors on the evaluator's null chances after picking up and as
        a hand game (null and null ouvert alike: double dummy they are the
        same question)."""
        ws = [bids_weight(r.others, self.seat, bids, refused) for r in self.rows]
        pick, n = weighted_share(ws, [r.pick_free for r in self.rows])
        hand, _ = weighted_share(ws, [r.hand_free for r in self.rows])
        return (not_caught_factor(pick, n, self.prior), not_caught_factor(hand, n, self.prior))


@lru_cache(maxsize=256)
def hand_null_outlook(hand: Mask, seat: int, budget: NullBudget, salt: str, play: str
                      ) -> NullOutlook:
    """Deals of the 22 unseen cards for a ten-card hand: in each, null after
    picking up this skat (the evaluator's best null discard) and null hand,
    each asked "caught?".  A question whose evaluator chance is below
    :data:`RELEVANT` everywhere is not asked."""
    forehand = seat == 0
    ask_hand = max(win_chance(NULL, hand, 0, forehand, ouvert, play)
                   for ouvert in (False, True)) >= RELEVANT
    rng = random.Random(f"null:{salt}:{seat}:{hand}")
    solver = Solver(NULL, seat)
    cap = budget.probe_nodes
    rows = []
    for _ in range(budget.deals):
        others, skat = deal_rest(rng, seat, hand, True)
        cards12 = hand | skat
        best, mine = -1.0, 0
        for a, b in _null_discards(cards12):
            rest = cards12 & ~(1 << a | 1 << b)
            e = max(win_chance(NULL, rest, 0, forehand, ouvert, play) for ouvert in (False, True))
            if e > best:
                best, mine = e, rest
        pick = best < RELEVANT or not _caught(solver, with_hand(others, seat, mine), cap)
        held = not ask_hand or not _caught(solver, with_hand(others, seat, hand), cap)
        rows.append(_NullRow(others, pick, held))
    return NullOutlook(seat, tuple(rows), budget.prior)


def corrected_outlook(look: HandOutlook, factors: tuple[float, float]) -> HandOutlook:
    """``look`` with its null entries' win chances scaled by ``factors``
    (after picking up, as a hand game)."""
    if factors == (1.0, 1.0):
        return look

    def scaled(row: tuple[tuple[float, float, int, int], ...], f: float
               ) -> tuple[tuple[float, float, int, int], ...]:
        out = list(row)
        for i in (PICK_NULL, PICK_NULL + 1):
            win, p90, value, base = out[i]
            out[i] = (win * f, p90, value, base)
        return tuple(out)

    return HandOutlook(tuple(scaled(r, factors[0]) for r in look.pickup),
                       tuple(scaled(r, factors[1]) for r in look.hand))


@lru_cache(maxsize=256)
def pickup_null_share(mine: Mask, discard: Mask, seat: int, bids: tuple[int, int, int],
                      refused: tuple[int, int, int], budget: NullBudget, salt: str
                      ) -> tuple[float, float]:
    """The share of the deals of the twenty unseen cards (each weighted by
    how well the other seats' bids fit it) in which the defenders are not
    proved to catch ``mine`` (ten cards after putting ``discard`` away) in
    null, and the effective number of deals (:func:`weighted_share`)."""
    rng = random.Random(f"null-pickup:{salt}:{seat}:{mine}:{discard}")
    solver = Solver(NULL, seat)
    ws: list[float] = []
    free: list[bool] = []
    for _ in range(budget.deals):
        others, _ = deal_rest(rng, seat, mine | discard, False)
        w = bids_weight(others, seat, bids, refused)
        if w <= 0:
            continue
        ws.append(w)
        free.append(not _caught(solver, with_hand(others, seat, mine), budget.probe_nodes))
    return weighted_share(ws, free)


__all__ = [
    "NullBudget",
    "NullOutlook",
    "corrected_outlook",
    "hand_null_outlook",
    "not_caught_factor",
    "pickup_null_share",
    "weighted_share",
]

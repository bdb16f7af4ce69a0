"""Perfect-Information Monte Carlo card play.

A decision samples deals consistent with what the seat has seen
(:mod:`skat_core.bots.sampling`), values every legal card in each deal as if
all cards were open, and plays the card that does best on average:

* with few cards left the value is exact: the double-dummy solver's
  :func:`~skat_core.solver.Solver.solve_moves` (one solver and table per
  decision, shared by its sampled deals);
* earlier, a full solve per deal costs seconds in Python, so each card is
  valued by a *rollout*: the rules of :mod:`skat_core.bots.play_rules` play
  on with every hand open until few cards are left, and the solver finishes
  the deal exactly.

Cards are compared by the soloist's expected score, not his raw points: the
points are mapped to the Seeger-Fabian result (lost with schneider, lost,
won, won with schneider) plus a small share of the points themselves to
break ties.  The soloist maximises, the defenders, as a team, minimise; in
null the value is the chance that the soloist takes no trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import CARD_POINTS, Mask, points_of
from ..rules import GameType, legal_cards
from ..solver import Solver
from ..value import Contract, game_value, overbid_value
from .knowledge import SKAT, Knowledge
from .play_rules import BEATS, rule_card
from .sampling import WorldSampler

NULL = int(GameType.NULL)
TIE_SHARE = 0.05
"""Weight of each card point beside the score tiers (a tie-breaker)."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How hard a Monte Carlo bot thinks about one card (all counts, no
    clocks, so that a decision does not depend on the machine's speed)."""

    exact_from: int
    """Solve exactly once the seat holds at most this many cards."""
    exact_samples: int
    rollout_samples: int
    rollout_exact: int
    """Rollouts hand over to the exact solver at this many cards per hand."""


def utility_table(contract: Contract, bid: int, mats: int) -> tuple[float, float, float, float]:
    """The soloist's Seeger-Fabian score with <= 30, 31-60, 61-89 and >= 90
    card points (suit and grand games)."""
    game = contract.game
    out: list[float] = []
    for points in (30, 60, 61, 90):
        schneider = points >= 90 or points <= 30
        raw = game_value(
            game, mats, hand=contract.hand, schneider=schneider,
            schneider_announced=contract.schneider_announced,
            schwarz_announced=contract.schwarz_announced, ouvert=contract.ouvert,
        )
        won = points >= 61
        if contract.schneider_announced and points < 90:
            won = False
        if contract.schwarz_announced and points < 120:
            won = False
        if raw < bid:
            won = False
            raw = overbid_value(game, bid)
        out.append(raw + 50.0 if won else -2.0 * raw - 50.0)
    return (out[0], out[1], out[2], out[3])


def make_utility(contract: Contract, bid: int, mats: int) -> Callable[[int], float]:
    t = utility_table(contract, bid, mats)

    def u(points: int) -> float:
        tier = t[0] if points <= 30 else t[1] if points <= 60 else t[2] if points < 90 else t[3]
        return tier + TIE_SHARE * points

    return u


def estimated_matadors(kn: Knowledge, contract: Contract, bid: int, seen_cards: Mask) -> int:
    """Matadors for valuing outcomes: exact for a soloist who knows the skat,
    otherwise what the bid suggests (the value is at least the bid)."""
    from ..value import matadors

    game = contract.game
    if kn.is_soloist and kn.skat_points is not None:
        return matadors(game, seen_cards)
    base = game.base_value
    extra = 1 + contract.hand + 2 * contract.schneider_announced + 2 * contract.schwarz_announced
    extra += contract.ouvert
    return max(1, -(-bid // base) - extra)


def rollout(
    game: int, soloist: int, hands: list[Mask], trick: list[int], leader: int,
    solver: Solver, exact_at: int,
) -> int:
    """Soloist's points from the rest of the deal (including the cards in
    ``trick``): rules with open hands, then the exact solver."""
    points = 0
    null = game == NULL
    beats = BEATS[game]
    while True:
        if len(trick) == 3:
            best = 0
            for i in (1, 2):
                if beats[trick[best]] >> trick[i] & 1:
                    best = i
            winner = (leader + best) % 3
            if winner == soloist:
                if null:
                    return 1
                points += CARD_POINTS[trick[0]] + CARD_POINTS[trick[1]] + CARD_POINTS[trick[2]]
            trick = []
            leader = winner
        if not trick:
            n = hands[0].bit_count()
            if n == 0:
                return points
            if n <= exact_at:
                return points + solver.solve((hands[0], hands[1], hands[2]), leader)
        seat = (leader + len(trick)) % 3
        others = (hands[0], hands[1], hands[2])
        c = rule_card(game, soloist, seat, hands[seat], tuple(trick), leader, others, True)
        hands[seat] &= ~(1 << c)
        trick.append(c)


@dataclass(frozen=True, slots=True)
class CardEstimate:
    card: int
    value: float
    """Mean soloist score (suit/grand) or the chance the soloist stays clean (null)."""
    points: float
    """Mean soloist card points at the end (suit/grand) or 0."""


def pimc_values(
    kn: Knowledge, contract: Contract, bid: int, legal: Mask, budget: SearchBudget,
    rng: random.Random,
) -> tuple[list[CardEstimate], str]:
    """Estimates for each legal card, and how they were found."""
    game = int(contract.game)
    soloist = kn.soloist
    seat = kn.seat
    cards = [c for c in range(31, -1, -1) if legal >> c & 1]
    held = kn.hand.bit_count()
    exact = held <= budget.exact_from
    n = budget.exact_samples if exact else budget.rollout_samples
    sampler = WorldSampler(kn)
    solver = Solver(game, soloist)
    played_by_soloist = 0
    for t in kn.tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            if s == soloist:
                played_by_soloist |= 1 << c
    sums = dict.fromkeys(cards, 0.0)
    point_sums = dict.fromkeys(cards, 0.0)
    utility: Callable[[int], float] | None = None
    utilities: dict[int, Callable[[int], float]] = {}
    trick = kn.trick
    leader = kn.trick_leader
    base_points = kn.soloist_trick_points
    for _ in range(n):
        world = sampler.sample(rng)
        hands = (world[0], world[1], world[2])
        skat_points = points_of(world[SKAT])
        if game != NULL:
            seen = hands[soloist] | played_by_soloist | world[SKAT]
            mats = estimated_matadors(kn, contract, bid, seen)
            utility = utilities.get(mats)
            if utility is None:
                utility = utilities[mats] = make_utility(contract, bid, mats)
        if exact:
            values = solver.solve_moves(hands, seat, trick, leader if trick else None)
        else:
            values = {}
            for c in cards:
                hs = [hands[0], hands[1], hands[2]]
                hs[seat] &= ~(1 << c)
                values[c] = rollout(game, soloist, hs, [*trick, c], leader, solver,
                                    budget.rollout_exact)
        for c in cards:
            v = values[c]
            if game == NULL:
                sums[c] += 1.0 - v
            else:
                assert utility is not None
                total = base_points + skat_points + v
                sums[c] += utility(total)
                point_sums[c] += total
    out = [CardEstimate(c, sums[c] / n, point_sums[c] / n) for c in cards]
    return out, ("exact" if exact else "rollout")


def best_card(estimates: list[CardEstimate], maximise: bool) -> CardEstimate:
    """The best estimate; ties go to the card worth fewer points, then the lower card."""
    def key(e: CardEstimate) -> tuple[float, int, int]:
        v = e.value if maximise else -e.value
        return (round(v, 9), -CARD_POINTS[e.card], -e.card)

    return max(estimates, key=key)


def legal_mask(game: int, hand: Mask, trick: tuple[int, ...]) -> Mask:
    return legal_cards(game, hand, trick[0] if trick else None)

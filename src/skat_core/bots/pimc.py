"""Perfect-Information Monte Carlo card play.

A decision samples deals consistent with what the seat has seen
(:mod:`skat_core.bots.sampling`), values every legal card in each deal as if
all cards were open, and plays the card that does best on average:

* with few cards left the value is exact: the double-dummy solver's
  :func:`~skat_core.solver.Solver.solve_moves` (one solver and table per
  decision, shared by its sampled deals);
* in the middle game only the result tier matters for the score, and a
  null-window search (:meth:`~skat_core.solver.Solver.wins`) per threshold
  is several times cheaper than the exact points: "can the soloist still
  reach 61?", then 90 or 31;
* early on, even that costs too much in Python, so each card is valued by a
  *rollout*: the rules of :mod:`skat_core.bots.play_rules` play on with every
  hand open until few cards are left, and the solver finishes the deal
  exactly.  A level's :class:`SoloBudget` lets its soloist search exactly
  from the first trick in some games instead, on fewer deals.

Ties (every card equally good in every sampled deal, common when the game is
already decided) go to the card the rules would play.

Cards are compared by the soloist's expected score, not his raw points: the
points are mapped to the Seeger-Fabian result (lost with schneider, lost,
won, won with schneider) plus a small share of the points themselves to
break ties.  The soloist maximises, the defenders, as a team, minimise; in
null the value is the chance that the soloist takes no trick.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..cards import CARD_POINTS, NULL_RANK, NULL_SUIT_CARDS, SUIT_CARDS, Mask, points_of
from ..rules import TRUMPS, GameType
from ..solver import NodeLimit, Solver
from ..value import Contract, game_value, matadors, overbid_value
from .inference import (
    accept,
    bidding_weight,
    declaration_weight,
    play_weight,
    resample_discard,
    trump_lead_weight,
)
from .knowledge import SKAT, Knowledge
from .play_rules import BEATS, rule_card
from .sampling import World, WorldSampler
from .schwarz import AllTricks, same_tricks

NULL = int(GameType.NULL)
TIE_SHARE = 0.05
"""Weight of each card point beside the score tiers (a tie-breaker)."""
DEFENCE_WIN = 40.0
"""What each defender scores when the soloist loses (Seeger-Fabian, three
at the table), whatever the game's value and schneider."""
DEFENCE_TIE_SHARE = 0.01
"""A card point's weight beside :data:`DEFENCE_WIN` (see
:attr:`SearchBudget.defence_score`): about the share a card point has beside
the soloist's own swing between won and lost (``TIE_SHARE`` against some
200-250 points in an average game), so only the weighing of the results
changes, not how much the points count beside them."""
EXTRA_BATCH = 8
"""Deals added at a time when the best cards are close (see
:attr:`SearchBudget.extra_samples`)."""


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How hard a Monte Carlo bot thinks about one card (all counts, no
    clocks, so that a decision does not depend on the machine's speed)."""

    exact_from: int
    """Solve exactly (every card's points) once the seat holds at most this
    many cards."""
    tiers_from: int
    """Below this many cards, find each card's exact result tier (lost with
    schneider, lost, won, won with schneider) by null-window searches."""
    exact_samples: int
    tier_samples: int
    rollout_samples: int
    """0: play by the rules alone until the tier searches take over."""
    rollout_exact: int
    """Rollouts hand over to the exact solver at this many cards per hand."""
    redraws: int = 8
    """A defender redraws a sampled deal that does not explain the
    declaration up to this many times per deal (0: no inference)."""
    bid_inference: bool = True
    """Weigh sampled deals by the other seats' bids too (not only by the
    soloist's declaration)."""
    nodes: int = 0
    """Stop sampling further deals once the solver has visited this many
    positions in this decision (0: no limit); a count, not a clock, so the
    decision stays the same on any machine."""
    min_samples: int = 4
    """Deals valued before the node limit may stop the sampling."""
    play_mismatch: float = 1.0
    """Weigh sampled deals by the cards the others played too: this factor
    for each card the rules would not have played from the sampled hand
    (:func:`.inference.play_weight`; 1: off)."""
    trump_leads: tuple[float, float] = (1.0, 1.0)
    """A defender weighs sampled deals by the soloist's leads
    (:func:`.inference.trump_lead_weight`): the factor for each side card he
    led while holding the highest trump left, and for each trump he led
    without it ((1, 1): off)."""
    read_discard: int = 0
    """A defender holding at most this many cards deals the skat of each
    sampled deal as the soloist would have put it away
    (:func:`.inference.resample_discard`, games picked up and not null), and
    weighs the deal by the cards the soloist played since (0: never; the
    skat is as uniformly sampled)."""
    extra_samples: int = 0
    """Exact stage: up to this many more deals, in batches of
    :data:`EXTRA_BATCH`, while the best card and the runner-up are not yet
    told apart (their mean difference under two standard errors, counted
    over the same deals); the node limit still applies."""
    solo: SoloBudget | None = None
    """The soloist's own budget in the games it names (None: as above)."""
    defence_questions: DefenceQuestions | None = None
    """A defender's first tricks (holding more than ``exact_from`` cards):
    the rollouts' won-or-lost made exact by the solver's questions on the
    first deals (:class:`DefenceQuestions`; None: rollouts only)."""
    late_invite: float = 0.0
    """Wherever the soloist's cards are valued by the exact points (the
    exact stage, and a :class:`SoloBudget` without ``question``; suit and
    grand, never in the won-or-lost questions): a card that loses a
    sampled deal against a perfect defence, but wins it when the rest is
    played out by the rules with the defenders *not* seeing the others'
    cards (:func:`rollout` with ``blind``), counts as lost plus this share
    of the game's swing between won and lost, so that among lines lost
    against a perfect defence the one a real defence is likelier to get
    wrong is preferred (0: off)."""
    late_invite_defence: float = 0.0
    """The same for a defender (suit and grand): a card after which the
    soloist wins a sampled deal against a perfect defence, but loses it when
    the rest is played out by the rules with the *soloist* not seeing the
    defenders' cards, counts this share of the swing less for the soloist
    (0: off)."""
    exact_nodes: int = 0
    """The exact stage's own node limit (as :attr:`nodes`, for the plain
    exact stage only: not the soloist's :class:`SoloBudget` nor its
    questions; 0: :attr:`nodes`)."""
    exact_cap: int = 0
    """The plain exact stage, once :attr:`min_samples` deals are valued: a
    deal whose search would take the solver past this many positions is
    left out and the sampling ends there, so that no one deal overshoots
    the limit (a count, not a clock; 0: no cap)."""
    defence_score: bool = False
    """A defender values each card by what the defenders score
    (:func:`defence_table`: :data:`DEFENCE_WIN` when the soloist loses,
    nothing when he wins, the card points at :data:`DEFENCE_TIE_SHARE`)
    instead of by the soloist's score: a defender's Seeger-Fabian result
    does not depend on the game's value nor on schneider, so a sampled deal
    where the soloist holds more matadors does not weigh more, and the
    schneider tiers do not compete with the game itself (suit and grand;
    False: the soloist's score, :func:`utility_table`)."""


@dataclass(frozen=True, slots=True)
class DefenceQuestions:
    """How a defender asks the solver in his first tricks, where the
    rollouts choose: in each sampled deal, until the questions have taken
    ``nodes`` positions in the decision, the solver answers for each card
    whether the soloist still reaches 61 against a perfect play of every
    seat (:func:`question_values`); the rollout's points stand where it
    did not answer, and break ties where it did.  All limits are counts."""

    from_cards: int
    """Ask while the defender holds more than the budget's ``exact_from``
    and at most this many cards."""
    nodes: int
    """Stop asking (the further deals are rollouts only) once the questions
    have visited this many positions in the decision."""
    question_nodes: int
    """A single question that would take more than this many positions is
    left open (the rollout's result stands for that card)."""
    invite: float = 0.0
    """In a deal the questions answered: a card after which the soloist
    reaches 61 against a perfect defence but loses when he plays the rules
    *blind* (:func:`rollout` with ``blind_soloist``, as ``late_invite_defence``
    in the exact stage) counts this share of the game's swing between won
    and lost more for the defenders (0: as any other card the soloist wins
    after)."""


@dataclass(frozen=True, slots=True)
class SoloBudget:
    """How the soloist searches his first tricks in some games: exactly
    from more cards than the defenders, on fewer deals and with its own
    node limit (a count)."""

    games: tuple[int, ...]
    """Game types (``GameType`` values) this applies to."""
    exact_from: int
    exact_samples: int
    nodes: int
    rollout_exact: int = 0
    """Rollouts (above ``exact_from``) hand over to the solver at this many
    cards (0: the budget's ``rollout_exact``)."""
    cap: int = 0
    """Hard limit on the positions such an exact decision visits (0: none):
    the deal whose search would pass it is dropped and the sampling stops;
    if no deal was finished, the decision is made by rollouts as without
    this budget."""
    veto: float = 0.0
    """0: the exact values choose the card.  Above 0, an exact *veto*
    instead: the rollouts value every card on their usual deals and choose,
    the exact search (on the first ``exact_samples`` of the same deals,
    within ``nodes`` and ``cap``) only rules out the cards whose mean exact
    score falls short of the best card's by more than this share of the
    game's swing between won and lost (a card that loses, against a perfect
    defence, a net ``veto`` of the deals the best card wins).  See
    :func:`exact_veto`."""
    veto_games: tuple[int, ...] | None = None
    """The games of ``games`` in which ``veto`` applies (None: all of them);
    in the others the exact values choose."""
    veto_samples: int = 0
    veto_nodes: int = 0
    veto_cap: int = 0
    """The veto's own ``exact_samples``, ``nodes`` and ``cap`` (0: the
    budget's), so that the games where the exact values choose may search
    more than the veto (whose margin is a share of its deals)."""
    veto_question: bool = False
    """The veto asks the solver only whether the soloist still reaches 61
    after each card (one null-window search per card, as ``question``)
    instead of every card's exact points: the veto's margin is a share of
    the swing between won and lost, which card points alone never reach,
    so the won-or-lost answer is what it needs, at a fraction of the cost
    per deal (False: the exact points)."""
    question: bool = False
    """Where the exact values choose (not ``veto``): ask the solver only
    whether the soloist still reaches 61 after each card (one null-window
    search per card, :meth:`~skat_core.solver.Solver.wins`, a fraction of
    the exact points' cost, so that more deals fit in ``nodes`` and
    ``cap``); the card points that break ties and the schneider tiers come
    from a rollout of the same deal, which never overrules the search's won
    or lost (:func:`question_values`).  False: the exact points."""
    question_nodes: int = 0
    """With ``question``: a question that would take more than this many
    positions is left open and the rollout's result stands for that card
    (0: no limit but ``cap``); a count, not a clock."""
    question_invite: float = 0.0
    """With ``question``: a card the solver proves lost in a deal but whose
    rollout won it there (the rules' defenders erred) counts as lost plus
    this share of the game's swing between won and lost, so that among
    lines lost against a perfect defence the one that invites a mistake is
    preferred (0: lost, as any other)."""
    question_schneider: bool = False
    """With ``question``: for a card proved to win, ask also whether the
    soloist still reaches 90 (a second null-window search, within the same
    limits), so that the schneider tier is exact too and only the card
    points are the rollout's (False: the rollout's tier)."""
    first_from: int = 0
    """Where the exact values choose (not ``veto``): while the soloist holds
    at least this many cards (10: his first decision only; 0: never), the
    search uses ``first_samples``, ``first_nodes`` and ``first_cap``
    instead of ``exact_samples``, ``nodes`` and ``cap`` (each 0: the
    budget's), so that the first lead of a ten-card game, whose deals cost
    the most positions, may take more of them than the later tricks."""
    first_samples: int = 0
    first_nodes: int = 0
    first_cap: int = 0


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


def defence_table(contract: Contract, bid: int, mats: int) -> tuple[float, float, float, float]:
    """The defenders' side of :func:`utility_table`, on the soloist's scale
    (the defenders minimise it): :data:`DEFENCE_WIN` in the tiers where the
    soloist wins, 0 where he loses (an overbid, or schneider announced and
    missed, loses in every tier)."""
    full = utility_table(contract, bid, mats)
    return (DEFENCE_WIN if full[0] > 0 else 0.0, DEFENCE_WIN if full[1] > 0 else 0.0,
            DEFENCE_WIN if full[2] > 0 else 0.0, DEFENCE_WIN if full[3] > 0 else 0.0)


def rollout(
    game: int, soloist: int, hands: list[Mask], trick: list[int], leader: int,
    solver: Solver | None, exact_at: int, blind: Mask | None = None,
    blind_soloist: bool = False,
) -> int:
    """Soloist's points from the rest of the deal (including the cards in
    ``trick``): rules with open hands, then the exact solver from
    ``exact_at`` cards (``solver`` may be None where ``exact_at`` is 0: the
    rules play to the end).  ``blind``
    (the skat's cards): the defenders play the rules not knowing where the
    unseen cards lie (any of them may be with either other seat or in the
    skat); the soloist still sees every card (``blind_soloist``: the other
    way round, the soloist blind and the defenders seeing every card)."""
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
                assert solver is not None, "an exact stage needs a solver"
                return points + solver.solve((hands[0], hands[1], hands[2]), leader)
        seat = (leader + len(trick)) % 3
        if blind is not None and (seat == soloist) == blind_soloist:
            unseen = (hands[0] | hands[1] | hands[2] | blind) & ~hands[seat]
            c = rule_card(game, soloist, seat, hands[seat], tuple(trick), leader,
                          (unseen, unseen, unseen), False)
        else:
            others = (hands[0], hands[1], hands[2])
            c = rule_card(game, soloist, seat, hands[seat], tuple(trick), leader, others,
                          True)
        hands[seat] &= ~(1 << c)
        trick.append(c)


@dataclass(frozen=True, slots=True)
class CardEstimate:
    card: int
    value: float
    """Mean soloist score (suit/grand) or the chance the soloist stays clean (null)."""
    win: float
    """Share of sampled deals the soloist wins after this card."""
    points: float | None
    """Mean soloist card points at the end (suit/grand, when known)."""


def _tier(solver: Solver, hands: list[Mask], to_move: int, trick: tuple[int, ...],
          leader: int, need: tuple[int, int, int], remaining: int) -> int:
    """0..3: the soloist ends with <= 30, 31-60, 61-89 or >= 90 points, where
    ``need`` are the points he still needs from here for 31, 61 and 90."""
    h = (hands[0], hands[1], hands[2])
    tl = leader if trick else None

    def reaches(target: int) -> bool:
        if target <= 0:
            return True
        if target > remaining:
            return False
        return solver.wins(h, to_move, target, trick, tl)

    if reaches(need[1]):
        return 3 if reaches(need[2]) else 2
    return 1 if reaches(need[0]) else 0


def _after_card(game: int, soloist: int, hands: tuple[Mask, Mask, Mask], seat: int, card: int,
                trick: tuple[int, ...], leader: int
                ) -> tuple[list[Mask], int, tuple[int, ...], int, int]:
    """The position after ``seat`` plays ``card``: hands, seat to move, trick,
    its leader and the points the soloist took if the card closed a trick."""
    hs = [hands[0], hands[1], hands[2]]
    hs[seat] &= ~(1 << card)
    t = (*trick, card)
    if len(t) < 3:
        return hs, (seat + 1) % 3, t, leader, 0
    beats = BEATS[game]
    best = 0
    for i in (1, 2):
        if beats[t[best]] >> t[i] & 1:
            best = i
    winner = (leader + best) % 3
    taken = CARD_POINTS[t[0]] + CARD_POINTS[t[1]] + CARD_POINTS[t[2]] if winner == soloist else 0
    return hs, winner, (), winner, taken


def pimc_values(
    kn: Knowledge, contract: Contract, bid: int, legal: Mask, budget: SearchBudget,
    rng: random.Random,
) -> tuple[list[CardEstimate], str]:
    """Estimates for each legal card, and how they were found."""
    game = int(contract.game)
    null = game == NULL
    soloist = kn.soloist
    seat = kn.seat
    cards = [c for c in range(31, -1, -1) if legal >> c & 1]
    held = kn.hand.bit_count()
    solo = budget.solo
    cap = 0
    question = False
    question_nodes = 0
    schneider = False
    invite = 0.0
    veto: SoloBudget | None = None
    if solo is not None and seat == soloist and game in solo.games:
        vetoes = solo.veto > 0 and not null and (solo.veto_games is None
                                                 or game in solo.veto_games)
        if held > budget.exact_from and held <= solo.exact_from and vetoes:
            veto = replace(solo, exact_samples=solo.veto_samples or solo.exact_samples,
                           nodes=solo.veto_nodes or solo.nodes, cap=solo.veto_cap or solo.cap)
        elif held > budget.exact_from and held <= solo.exact_from:
            fallback = replace(budget, solo=replace(solo, exact_from=0))
            samples, nodes, cap = solo.exact_samples, solo.nodes, solo.cap
            if solo.first_from > 0 and held >= solo.first_from:
                samples = solo.first_samples or samples
                nodes = solo.first_nodes or nodes
                cap = solo.first_cap or cap
            budget = replace(budget, exact_from=solo.exact_from, exact_samples=samples,
                             nodes=nodes)
            question = solo.question and not null
            question_nodes = solo.question_nodes
            schneider = solo.question_schneider
            invite = solo.question_invite
        if solo.rollout_exact:
            budget = replace(budget, rollout_exact=solo.rollout_exact)
    if held <= budget.exact_from or (null and held <= budget.tiers_from):
        # (null searches are cheap: a yes/no question per card)
        how, n = "exact", budget.exact_samples
    elif held <= budget.tiers_from:
        how, n = "tiers", budget.tier_samples
    else:
        how, n = "rollout", budget.rollout_samples
    asks = budget.defence_questions
    if (asks is None or seat == soloist or null or how != "rollout"
            or held > asks.from_cards):
        asks = None
    sampler = WorldSampler(kn)
    solver = Solver(game, soloist)
    # The veto's exact search: its own solver, so that its node limit and
    # cap count its positions only.
    veto_solver = Solver(game, soloist) if veto is not None else None
    veto_open = veto is not None
    # The questions' rollouts: their own solver, so that the node limit and
    # the cap count the questions' positions only.
    roll_solver = Solver(game, soloist) if question or asks is not None else solver
    exact_deals: dict[int, list[float]] = {c: [] for c in cards}
    swings: list[float] = []
    played_by_soloist = 0
    for finished in kn.tricks:
        for s, c in zip(finished.seats, finished.cards, strict=True):
            if s == soloist:
                played_by_soloist |= 1 << c
    sums = dict.fromkeys(cards, 0.0)
    point_sums = dict.fromkeys(cards, 0.0)
    wins = dict.fromkeys(cards, 0)
    tables: dict[int, tuple[float, float, float, float]] = {}
    defence = budget.defence_score and seat != soloist and not null
    score_table = defence_table if defence else utility_table
    tie_share = DEFENCE_TIE_SHARE if defence else TIE_SHARE
    trick = kn.trick
    leader = kn.trick_leader
    base_points = kn.soloist_trick_points
    done = 0
    asked = 0
    # The invitation of the exact stage (late_invite, late_invite_defence),
    # signed on the soloist's scale.
    blind_share = 0.0
    if how == "exact" and not question and not null:
        blind_share = (budget.late_invite if seat == soloist
                       else -budget.late_invite_defence)
    # Exact stage: each card's utility deal by deal (to tell the best two apart).
    per_deal: dict[int, list[float]] = {c: [] for c in cards}
    extra = budget.extra_samples if how == "exact" and not null else 0
    limit = budget.nodes
    plain_exact = how == "exact" and not question and not cap
    if plain_exact and budget.exact_nodes:
        limit = budget.exact_nodes
    batch = _worlds(kn, contract, bid, sampler, n, budget, rng)
    while batch:
        world = batch.pop(0)
        if limit and done >= budget.min_samples and solver.nodes >= limit:
            break
        if (asks is not None and budget.nodes and done >= budget.min_samples
                and roll_solver.nodes >= budget.nodes):
            break
        done += 1
        hands = (world[0], world[1], world[2])
        have = base_points + points_of(world[SKAT])
        table = (0.0, 0.0, 0.0, 0.0)
        if not null:
            mats = matadors(game, hands[soloist] | played_by_soloist | world[SKAT])
            got = tables.get(mats)
            if got is None:
                got = tables[mats] = score_table(contract, bid, mats)
            table = got
        if how == "tiers":
            tiers: dict[int, int] = {}
            reps = representatives(game, kn.hand, _in_play(hands, trick))
            for c in cards:
                r = reps.get(c, c)
                if r in tiers:
                    tier = tiers[r]
                else:
                    hs, to_move, t, lead, taken = _after_card(game, soloist, hands, seat, c,
                                                              trick, leader)
                    got_now = have + taken
                    need = (31 - got_now, 61 - got_now, 90 - got_now)
                    left = points_of(hs[0] | hs[1] | hs[2]) + sum(CARD_POINTS[x] for x in t)
                    tier = tiers[r] = _tier(solver, hs, to_move, t, lead, need, left)
                sums[c] += table[tier]
                wins[c] += tier >= 2
            continue
        invited: set[int] = set()
        blind_won: set[int] = set()
        share = blind_share
        if how == "exact" and question:
            got_values = question_values(game, soloist, solver, roll_solver, hands, seat, trick,
                                         leader, cards, have, budget.rollout_exact, cap,
                                         question_nodes, schneider, invited)
            if got_values is None:
                done -= 1
                break
            values = got_values
        elif how == "exact" and (cap or (plain_exact and budget.exact_cap
                                         and done > budget.min_samples)):
            # (the solo stage's cap from the first deal, the plain stage's
            # once min_samples deals are valued)
            got_values = solver.solve_moves_within(hands, seat, trick, leader if trick else None,
                                                   cap or budget.exact_cap)
            if got_values is None:
                done -= 1
                break
            values = got_values
        elif how == "exact":
            values = solver.solve_moves(hands, seat, trick, leader if trick else None)
        elif asks is not None and solver.nodes < asks.nodes:
            # (no cap: a question over its limit is left open, never None)
            asked_values = question_values(game, soloist, solver, roll_solver, hands, seat,
                                           trick, leader, cards, have, budget.rollout_exact,
                                           0, asks.question_nodes)
            assert asked_values is not None  # (no cap)
            values = asked_values
            asked += 1
            share = -asks.invite
        else:
            if veto is not None and veto_solver is not None and veto_open:
                veto_open = _exact_deal(veto, veto_solver, budget.min_samples, hands, seat,
                                        trick, leader, cards, have, table, exact_deals, swings)
            values = {}
            reps = representatives(game, kn.hand, _in_play(hands, trick))
            for c in cards:
                r = reps.get(c, c)
                if r in values:
                    values[c] = values[r]
                    continue
                hs = [hands[0], hands[1], hands[2]]
                hs[seat] &= ~(1 << c)
                values[c] = rollout(game, soloist, hs, [*trick, c], leader, roll_solver,
                                    budget.rollout_exact)
                if r != c:
                    values[r] = values[c]
        if share:
            _invite_blind(game, soloist, hands, seat, trick, leader, cards, values, have,
                          world[SKAT], blind_won, defence=seat != soloist)
        for c in cards:
            v = values[c]
            if null:
                sums[c] += 1.0 - v
                wins[c] += v == 0
            else:
                total = have + v
                tier = 0 if total <= 30 else 1 if total <= 60 else 2 if total < 90 else 3
                u = table[tier] + tie_share * total
                if invite and c in invited:
                    u += invite * (table[2] - table[1])
                if c in blind_won:
                    u += share * (table[2] - table[1])
                sums[c] += u
                per_deal[c].append(u)
                point_sums[c] += total
                wins[c] += tier >= 2
        if not batch and extra > 0 and _undecided(per_deal, seat == soloist):
            k = min(EXTRA_BATCH, extra)
            extra -= k
            batch = _worlds(kn, contract, bid, sampler, k, budget, rng)
    if done == 0 and cap:
        return pimc_values(kn, contract, bid, legal, fallback, rng)
    out = [
        CardEstimate(c, sums[c] / done, wins[c] / done,
                     None if null or how == "tiers" else point_sums[c] / done)
        for c in cards
    ]
    if veto is not None:
        out, ruled_out = exact_veto(out, exact_deals, swings, veto.veto)
        return out, (f"{how}, {done} deals, exact veto on {len(swings)} deals: "
                     f"{ruled_out} ruled out")
    if question and how == "exact":
        how = "won-or-lost questions and rollouts"
    if asks is not None:
        how = f"rollouts, won-or-lost questions on {asked} of them"
    return out, f"{how}, {done} deals"


def question_values(game: int, soloist: int, solver: Solver, roll_solver: Solver,
                    hands: tuple[Mask, Mask, Mask], seat: int, trick: tuple[int, ...],
                    leader: int, cards: list[int], have: int, exact_at: int, cap: int,
                    question_nodes: int = 0, schneider: bool = False,
                    invited: set[int] | None = None) -> dict[int, int] | None:
    """The soloist's points from here after each of ``cards`` in one sampled
    deal (suit and grand; ``have`` are the points he holds already): a
    rollout's points (:func:`rollout`, handing over to ``roll_solver`` at
    ``exact_at`` cards), moved to 61 where the solver proves that he reaches
    61 against a perfect defence and the rollout ended below, and to 60
    where the solver proves he does not and the rollout reached it.  So the
    game's result (won or lost) is exact and the rest (schneider, the card
    points that break ties) comes from the rollout.  A question that would
    take more than ``question_nodes`` positions (0: no such limit) is left
    open: the rollout's points stand for that card.  None if the questions
    would take ``solver`` past ``cap`` positions over its life (0: no cap).
    All limits are counts, not clocks.  ``invited`` (if given) collects the
    cards proved lost whose rollout, by the rules' defenders, won."""
    values: dict[int, int] = {}
    reps = representatives(game, hands[seat], _in_play(hands, trick))
    saved = solver.stop_at
    try:
        for c in cards:
            r = reps.get(c, c)
            if r in values:
                values[c] = values[r]
                if invited is not None and r in invited:
                    invited.add(c)
                continue
            hs, to_move, t, lead, taken = _after_card(game, soloist, hands, seat, c, trick,
                                                      leader)
            rolled = [hands[0], hands[1], hands[2]]
            rolled[seat] &= ~(1 << c)
            v = rollout(game, soloist, rolled, [*trick, c], leader, roll_solver, exact_at)
            need = 61 - have - taken
            stop = saved
            if cap:
                stop = min(stop, cap)
            if question_nodes:
                stop = min(stop, solver.nodes + question_nodes)
            solver.stop_at = stop
            try:
                won: bool | None = need <= 0 or ((hs[0] | hs[1] | hs[2]) != 0 and solver.wins(
                    (hs[0], hs[1], hs[2]), to_move, need, t, lead if t else None))
            except NodeLimit:
                if cap and solver.nodes >= cap:
                    return None
                won = None
            if won is True and have + v < 61:
                v = 61 - have
            elif won is False and have + v >= 61:
                v = 60 - have
                if invited is not None:
                    invited.add(c)
            if won is True and schneider:
                stop = min(saved, cap) if cap else saved
                if question_nodes:
                    stop = min(stop, solver.nodes + question_nodes)
                big = _reaches(solver, hs, to_move, t, lead, 90 - have - taken, stop)
                if big is None and cap and solver.nodes >= cap:
                    return None
                if big is True and have + v < 90:
                    v = 90 - have
                elif big is False and have + v >= 90:
                    v = 89 - have
            values[c] = values[r] = v
    finally:
        solver.stop_at = saved
    return values


def _invite_blind(game: int, soloist: int, hands: tuple[Mask, Mask, Mask], seat: int,
                  trick: tuple[int, ...], leader: int, cards: list[int],
                  values: dict[int, int], have: int, skat: Mask, invited: set[int],
                  defence: bool = False) -> None:
    """Add to ``invited`` the cards whose exact value (``values``, the
    soloist's points from here) loses the game but whose rollout by the
    rules, the defenders blind (:func:`rollout` with ``blind``), wins it;
    ``defence``: the cards whose exact value wins the game for the soloist
    but whose rollout, the soloist blind, loses it.  The playouts are rules
    only, to the end (no solver)."""
    done: dict[int, bool] = {}
    reps = representatives(game, hands[seat], _in_play(hands, trick))
    for c in cards:
        if (have + values[c] >= 61) != defence:
            continue
        r = reps.get(c, c)
        got = done.get(r)
        if got is None:
            rolled = [hands[0], hands[1], hands[2]]
            rolled[seat] &= ~(1 << c)
            got = done[r] = (have + rollout(game, soloist, rolled, [*trick, c], leader,
                                            None, 0, skat, defence) >= 61
                             ) != defence
        if got:
            invited.add(c)


def _reaches(solver: Solver, hands: list[Mask], to_move: int, trick: tuple[int, ...],
             leader: int, need: int, stop: int) -> bool | None:
    """Whether the soloist still takes ``need`` more points against a perfect
    defence from this position (the cards of ``trick`` included); None if
    the search would take ``solver`` past ``stop`` positions."""
    if need <= 0:
        return True
    left = points_of(hands[0] | hands[1] | hands[2]) + sum(CARD_POINTS[x] for x in trick)
    if need > left:
        return False
    saved = solver.stop_at
    solver.stop_at = stop
    try:
        return solver.wins((hands[0], hands[1], hands[2]), to_move, need, trick,
                           leader if trick else None)
    except NodeLimit:
        return None
    finally:
        solver.stop_at = saved


def _won_or_lost(solver: Solver, hands: tuple[Mask, Mask, Mask], seat: int,
                 trick: tuple[int, ...], leader: int, cards: list[int], have: int,
                 cap: int) -> dict[int, bool] | None:
    """Whether the soloist (``seat``, holding ``have`` points) still reaches
    61 against a perfect defence after each of ``cards`` in one deal (one
    null-window search per group of interchangeable cards); None if the
    questions would take ``solver`` past ``cap`` positions over its life
    (0: no cap; a count, not a clock)."""
    game = solver.game
    reps = representatives(game, hands[seat], _in_play(hands, trick))
    out: dict[int, bool] = {}
    for c in cards:
        r = reps.get(c, c)
        if r in out:
            out[c] = out[r]
            continue
        hs, to_move, t, lead, taken = _after_card(game, seat, hands, seat, c, trick, leader)
        got = _reaches(solver, hs, to_move, t, lead, 61 - have - taken, cap or solver.stop_at)
        if got is None:
            return None
        out[c] = out[r] = got
    return out


def _exact_deal(solo: SoloBudget, solver: Solver, min_samples: int,
                hands: tuple[Mask, Mask, Mask], seat: int, trick: tuple[int, ...], leader: int,
                cards: list[int], have: int, table: tuple[float, float, float, float],
                exact_deals: dict[int, list[float]], swings: list[float]) -> bool:
    """Value every card of one sampled deal exactly for the veto (the
    soloist's score, as in the exact stage; with
    :attr:`SoloBudget.veto_question` the score of 61 or of 60 points, as the
    card wins or loses the game) and append it to ``exact_deals``; returns
    whether the veto may search a further deal (its deal count, node limit
    and cap are counts)."""
    done = len(swings)
    if done >= solo.exact_samples or (solo.nodes and done >= min_samples
                                      and solver.nodes >= solo.nodes):
        return False
    tl = leader if trick else None
    got: dict[int, int] | None
    if solo.veto_question:
        won = _won_or_lost(solver, hands, seat, trick, leader, cards, have, solo.cap)
        # the soloist's points from here as 61 or 60 in all
        got = None if won is None else {c: (61 if won[c] else 60) - have for c in cards}
    elif solo.cap:
        got = solver.solve_moves_within(hands, seat, trick, tl, solo.cap)
    else:
        got = solver.solve_moves(hands, seat, trick, tl)
    if got is None:
        return False
    for c in cards:
        total = have + got[c]
        tier = 0 if total <= 30 else 1 if total <= 60 else 2 if total < 90 else 3
        exact_deals[c].append(table[tier] + TIE_SHARE * total)
    swings.append(table[2] - table[1])
    return len(swings) < solo.exact_samples


def exact_veto(estimates: list[CardEstimate], exact_deals: dict[int, list[float]],
               swings: list[float], margin: float) -> tuple[list[CardEstimate], int]:
    """The soloist's rollout estimates with the cards the exact search rules
    out moved below every other card, and how many were ruled out.

    Why: the rollouts' defenders play by the rules and err, so among lines
    that all lose against a perfect defence they still prefer the one that
    invites a mistake; but a single misplayed rollout can also make them
    throw a game away.  The exact values (the same deals, all hands open,
    perfect play) catch the latter: a card whose mean exact score falls
    short of the best card's by more than ``margin`` times the mean swing
    between winning and losing the game (``swings``, one per deal: the
    utility of 61 points minus that of 60) loses the game, against the
    best defence, in a net share ``margin`` of the deals where the best
    card wins, which no invited mistake is worth.  Card points alone
    (0.05 each) never reach the margin.  The rollouts choose among the
    rest; a ruled-out card keeps its rollout points and win share (shown
    in hints), its value is put below the lowest kept value, in the order
    of its exact shortfall.  No deal searched: nothing is ruled out."""
    if not swings or len(estimates) < 2:
        return estimates, 0
    k = len(swings)
    exact = {c: sum(v) / k for c, v in exact_deals.items()}
    best = max(exact.values())
    limit = margin * sum(swings) / k
    out_cards = {e.card for e in estimates if best - exact[e.card] > limit}
    if not out_cards:
        return estimates, 0
    floor = min(e.value for e in estimates if e.card not in out_cards)
    return [
        replace(e, value=floor - 1.0 - (best - exact[e.card])) if e.card in out_cards else e
        for e in estimates
    ], len(out_cards)


def soloist_win_share(
    kn: Knowledge, contract: Contract, bid: int, budget: SearchBudget, rng: random.Random,
) -> tuple[float, str]:
    """The share of sampled deals the soloist wins from this position, whoever
    is to move (a seat asked for Kontra before the first card is not): each
    deal played out by rollout (:func:`rollout`), as :func:`pimc_values`
    values a card early in the deal."""
    game = int(contract.game)
    null = game == NULL
    soloist = kn.soloist
    n = max(budget.rollout_samples, budget.min_samples, 1)
    sampler = WorldSampler(kn)
    solver = Solver(game, soloist)
    need = 120 if contract.schwarz_announced else 90 if contract.schneider_announced else 61
    wins = done = 0
    for world in _worlds(kn, contract, bid, sampler, n, budget, rng):
        done += 1
        hands = [world[0], world[1], world[2]]
        v = rollout(game, soloist, hands, list(kn.trick), kn.trick_leader, solver,
                    budget.rollout_exact)
        if null:
            wins += v == 0
        else:
            wins += kn.soloist_trick_points + points_of(world[SKAT]) + v >= need
    return (wins / done if done else 0.5), f"rollout, {done} deals"
def _undecided(per_deal: dict[int, list[float]], maximise: bool) -> bool:
    """Whether the best card's lead over the runner-up, deal by deal, is
    under two standard errors (and not an exact tie in every deal)."""
    if len(per_deal) < 2:
        return False
    sign = 1.0 if maximise else -1.0
    n = len(next(iter(per_deal.values())))
    if n < 2:
        return False
    ranked = sorted(per_deal, key=lambda c: -sign * sum(per_deal[c]))
    a, b = per_deal[ranked[0]], per_deal[ranked[1]]
    diffs = [sign * (x - y) for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 0.0:
        return False
    return mean * mean < 4.0 * var / n


def all_tricks_values(
    kn: Knowledge, contract: Contract, bid: int, legal: Mask, budget: SearchBudget,
    rng: random.Random,
) -> tuple[list[CardEstimate], str]:
    """Estimates for a game with schwarz announced (ouvert included): each
    card's share of the sampled deals in which the soloist still takes every
    trick, the current one included (:class:`~.schwarz.AllTricks`).  Card
    points do not decide such a game (a lost trick without points loses it
    too), so the point solver is not used.  The soloist maximises the share,
    the defenders, who need one trick, minimise it."""
    game = int(contract.game)
    soloist = kn.soloist
    seat = kn.seat
    cards = [c for c in range(31, -1, -1) if legal >> c & 1]
    sampler = WorldSampler(kn)
    search = AllTricks(game, soloist, budget.nodes)
    trick = kn.trick
    leader = kn.trick_leader if trick else seat
    sums = dict.fromkeys(cards, 0.0)
    done = 0
    for world in _worlds(kn, contract, bid, sampler, budget.exact_samples, budget, rng):
        if budget.nodes and done >= budget.min_samples and search.nodes >= budget.nodes:
            break
        done += 1
        hands = (world[0], world[1], world[2])
        in_play = _in_play(hands, trick)
        reps = same_tricks(game, legal, in_play)
        values: dict[int, bool] = {}
        for c in set(reps.values()):
            hs = [hands[0], hands[1], hands[2]]
            hs[seat] &= ~(1 << c)
            t = (*trick, c)
            if len(t) == 3:
                best = 0
                for i in (1, 2):
                    if BEATS[game][t[best]] >> t[i] & 1:
                        best = i
                ok = (leader + best) % 3 == soloist and search.wins(
                    (hs[0], hs[1], hs[2]), soloist)
            else:
                ok = search.wins((hs[0], hs[1], hs[2]), (seat + 1) % 3, t, leader)
            values[c] = ok
        for c in cards:
            sums[c] += values[reps[c]]
    out = [CardEstimate(c, sums[c] / done, sums[c] / done, None) for c in cards]
    return out, f"all tricks, {done} deals"


def _in_play(hands: tuple[Mask, Mask, Mask], trick: tuple[int, ...]) -> Mask:
    m = hands[0] | hands[1] | hands[2]
    for c in trick:
        m |= 1 << c
    return m


def representatives(game: int, hand: Mask, in_play: Mask) -> dict[int, int]:
    """Map each card of ``hand`` to the first card of its group of
    interchangeable cards: same follow class, neighbours in rank among the
    cards still in play, and (except in null) the same points.  Playing any
    card of a group leads to the same result, so one is searched."""
    out: dict[int, int] = {}
    null = game == NULL
    for cls in _CLASSES[game]:
        first = -1
        prev_points = -1
        for c in cls:
            if not in_play >> c & 1:
                continue
            if hand >> c & 1:
                if first >= 0 and (null or CARD_POINTS[c] == prev_points):
                    out[c] = first
                else:
                    first = c
                    out[c] = c
                prev_points = CARD_POINTS[c]
            else:
                first = -1
    return out


def _classes(game: int) -> tuple[tuple[int, ...], ...]:
    """The follow classes of a game, each in rank order (low to high)."""
    if game == NULL:
        return tuple(
            tuple(sorted((c for c in range(32) if NULL_SUIT_CARDS[s] >> c & 1),
                         key=lambda c: NULL_RANK[c]))
            for s in range(4)
        )
    trumps = TRUMPS[game]
    out = [tuple(c for c in range(32) if trumps >> c & 1)]
    for s in range(4):
        side = SUIT_CARDS[s] & ~trumps
        if side:
            out.append(tuple(c for c in range(32) if side >> c & 1))
    return tuple(out)


_CLASSES = tuple(_classes(g) for g in range(6))


def _worlds(kn: Knowledge, contract: Contract, bid: int, sampler: WorldSampler, n: int,
            budget: SearchBudget, rng: random.Random) -> list[World]:
    """``n`` sampled deals, each kept with the probability that it explains
    the declaration and the other seats' bids (:mod:`.inference`), redrawn up
    to ``budget.redraws`` times per deal."""
    judged = [s for s in range(3) if s != kn.seat and not kn.known[s] & ~kn.hand
              and (s == kn.soloist or budget.bid_inference)]
    discard = (kn.hand.bit_count() <= budget.read_discard and kn.seat != kn.soloist
               and kn.soloist >= 0 and kn.counts[SKAT] == 2 and not contract.hand
               and not contract.ouvert and not contract.ramsch
               and contract.game != GameType.NULL)
    if budget.redraws <= 0 or not judged:
        return [_read_discard(kn, sampler.sample(rng), rng)[0] if discard
                else sampler.sample(rng) for _ in range(n)]
    out: list[World] = []
    spare: list[tuple[float, World]] = []
    tries = 0
    limit = n * (1 + budget.redraws)
    while len(out) < n and tries < limit:
        tries += 1
        world = sampler.sample(rng)
        w = 1.0
        if discard:
            world, w = _read_discard(kn, world, rng)
        for s in judged:
            start = world[s] | kn.played_by[s]
            if s == kn.soloist:
                w *= declaration_weight(contract, bid, s, start, world[SKAT])
            else:
                w *= bidding_weight(start, s == 0, kn.bids[s], kn.refused[s])
            if budget.play_mismatch < 1.0:
                w *= play_weight(kn.game, kn.soloist, s, world[s], world[SKAT], kn.tricks,
                                 budget.play_mismatch)
            if s == kn.soloist and budget.trump_leads != (1.0, 1.0):
                w *= trump_lead_weight(kn.game, s, world[s], world[SKAT], kn.tricks,
                                       *budget.trump_leads)
        if accept(w, rng):
            out.append(world)
        else:
            spare.append((w, world))
    if len(out) < n:
        spare.sort(key=lambda x: -x[0])
        out.extend(world for _, world in spare[: n - len(out)])
    return out


def _read_discard(kn: Knowledge, world: World, rng: random.Random) -> tuple[World, float]:
    """``world`` with its skat dealt again as the soloist puts cards away,
    and the deal's weight (:func:`.inference.resample_discard`)."""
    s = kn.soloist
    hand, skat, w = resample_discard(kn.game, world[s], world[SKAT],
                                     kn.played_by[s] | kn.known[s], kn.allowed[s] | kn.known[s],
                                     rng)
    out = [world[0], world[1], world[2], skat]
    out[s] = hand
    return (out[0], out[1], out[2], out[3]), w


def best_card(estimates: list[CardEstimate], maximise: bool, preferred: int = -1
              ) -> CardEstimate:
    """The best estimate; among equals the ``preferred`` card (the rules'
    choice), else the card worth fewer points, then the lower card."""
    sign = 1.0 if maximise else -1.0
    top = max(sign * e.value for e in estimates)
    tied = [e for e in estimates if sign * e.value >= top - 1e-6]
    for e in tied:
        if e.card == preferred:
            return e
    return min(tied, key=lambda e: (CARD_POINTS[e.card], e.card))

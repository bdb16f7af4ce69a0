"""The ``easy``, ``normal`` and ``strong`` bots.

All three bid, take the skat, discard and declare with :mod:`.bidding` (the
stronger levels sample more skats); ``normal`` and ``strong`` choose their
discard and game after picking up by double-dummy simulation (:mod:`.simulate`), which any
level can be given for the bidding too (:attr:`LevelConfig.sim`).  Card play
differs: ``easy`` follows the
rules of :mod:`.play_rules` on what it knows; ``normal`` and ``strong`` run
Perfect-Information Monte Carlo (:mod:`.pimc`) with the budgets of
:data:`LEVEL_CONFIGS`.

Determinism: a decision's random numbers come from the bot's seed, its seat,
its own hand and the public history only, so the same view and seed give the
same action, and swapping cards the seat cannot see changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..cards import CARDS, Mask
from ..game import (
    GRAND_HAND,
    PASS,
    PASS_SKAT,
    PUSHES,
    Action,
    Bid,
    Discard,
    Hold,
    Kontra,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    action_str,
)
from ..rules import TRUMPS, GameType
from ..ruleset import Ramsch
from ..value import BID_VALUES
from ..views import SeatView
from . import Hint
from .bidding import (
    ANNOUNCED_FROM,
    HAND_GAMES,
    OTHER_PASSES,
    PLAIN,
    HandOutlook,
    Stakes,
    announced_payoff,
    bid_limit,
    declare_choices,
    null_payoff,
    outlook,
    pickup_choices,
    safe_first,
    stakes_for,
)
from .evaluate import win_chance
from .knowledge import Knowledge, read_knowledge
from .nullsim import (
    NullBudget,
    corrected_outlook,
    hand_null_outlook,
    not_caught_factor,
    pickup_null_share,
)
from .pimc import (
    DefenceQuestions,
    SearchBudget,
    SoloBudget,
    all_tricks_values,
    best_card,
    pimc_values,
    soloist_win_share,
)
from .play_rules import rule_card
from .ramsch import PUSH_DANGER, danger, push_cards, ramsch_card, ramsch_outlook
from .schwarz import (
    Announcement,
    announcements,
    claim_card,
    claims,
    proven_value,
    sure_trick_card,
)
from .simulate import Blend, Planned, SimBudget, pickup_plans, schneider_sure


@dataclass(frozen=True, slots=True)
class LevelConfig:
    skat_samples: int
    """Skats sampled to value a hand while bidding."""
    budget: SearchBudget | None
    """Card play search, None for the rules alone."""
    threshold: float = 0.0
    """Expected score a game must beat to be bid for (see bidding.bid_limit)."""
    loss_extra: float = 40.0
    """What a lost game costs beyond the soloist's own entry (see
    bidding.LOSS_EXTRA).  40 counts the defenders' gain against the soloist;
    0 counts the seat's own score only, which is what a seat's result is
    (the Monte Carlo levels; ``strong`` with ``threshold`` 5, roughly what
    a seat earns on average as a defender when it passes, ``normal`` with
    0, which measured better against xskat)."""
    sim: SimBudget | None = None
    """Bidding, skat, discard and declaration by double-dummy simulation
    (:mod:`.simulate`); None: the evaluator alone."""
    schwarz_samples: int = 300
    """Lies searched before announcing schwarz with a hand whose only danger
    is a ruff in the first trick (see schwarz.announcements; 0: never)."""
    null_sim: NullBudget | None = None
    """Null chances checked by the exact null solver on sampled deals
    (:mod:`.nullsim`): the bidding outlook's null entries and the null
    candidates after picking up; None: the evaluator (and :attr:`sim`) alone."""
    passed_in: float | None = None
    """What forehand's best game at 18 must beat at his call after two
    passes where no Ramsch follows (None: :attr:`threshold`, which is what a
    seat earns on average as a defender when it passes, as at any call).
    His pass ends the deal with nothing for anyone, and the two passes say
    that the other hands are weak, which the outlook's unconditioned skats
    do not know: -60 for the Monte Carlo levels, at which each of the eight
    games they passed in there on 800 bench deals was played, and won
    (docs/bots.md, "Forehand after two passes")."""
    schneider_deals: int = 0
    """A hand game with schneider announced is declared only where the
    double-dummy solver finds 90 on every one of this many sampled deals
    (:func:`.simulate.schneider_sure`; 0: never): the evaluator's chance of
    90 is not sure enough for the 95% an announcement needs, and the bidding
    never counts on one (``HandOutlook.best_ev``)."""
    schneider_cap: int = 20_000
    """Most positions one such question may take (beyond: not sure)."""
    discard_refit: bool = False
    """After picking up, where the plan chose a suit game or a grand, a
    second plan with the evaluator family "discard"
    (:data:`.evaluate.DISCARD_WEIGHTS`, refitted to a Monte Carlo soloist
    against fallible defenders) chooses the grand's discard, or the suit
    game (its best whose value reaches the bid) and its discard; suit
    game, grand or null, the bidding and the card play stay as they were.
    The two plans play the same sampled deals, each within its own budget,
    and a question both ask is searched once (:func:`.simulate.pickup_plans`)."""
    house_bidding: bool = True
    """Bid by the stakes of the deal's rules (Kontra, Bock) and weigh a likely
    Ramsch when passing (docs/bots.md); False bids as under the tournament
    rules whatever the rules (``skat bench house`` compares the two)."""


GRAND = (int(GameType.GRAND),)
SUIT_GAMES = tuple(int(g) for g in (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES,
                                    GameType.CLUBS))
TRUMP_GAMES = (*SUIT_GAMES, *GRAND)
"""The games in which a level's soloist searches exactly from the first
trick on (:class:`~.pimc.SoloBudget`): in grand the exact values choose
the card, in suit games they only veto the rollouts' choice
(``SoloBudget.veto``, docs/bots.md)."""

AFTER_PICKUP = SimBudget(deals=12, nodes=6_000, probe_nodes=600, candidates=4, min_deals=2,
                         before_skat=False, shapes=True, effective=False, grand_playouts=32)
"""The simulation after picking up of both Monte Carlo levels (with
:attr:`LevelConfig.discard_refit`): the grand after picking up also played
out by the rules with blind defenders, +0.43 +- 0.44 a deal against xskat on
2,800 deals for ``normal`` (docs/bots.md, "The twenty-first round").
``strong``'s own, larger budget (24 deals, 50,000 positions, the race)
measured -0.71 +- 1.06 a deal against this one with the refitted discard on
600 deals, at four times the cost ("The twenty-fifth round")."""

LEVEL_CONFIGS: dict[str, LevelConfig] = {
    "easy": LevelConfig(skat_samples=6, budget=None, schwarz_samples=100),
    "normal": LevelConfig(
        skat_samples=12,
        loss_extra=0.0,
        # 0 rather than +5: +0.75 a deal against xskat on 800 deals, 54 seat-plays
        # better and 16 worse (docs/bots.md, "The tenth round")
        threshold=0.0,
        passed_in=-60.0,
        schneider_deals=16,
        sim=AFTER_PICKUP,
        # the discard (and the suit) chosen with the evaluator refitted to a normal
        # soloist against easy defenders: +1.05 +- 0.67 a deal against xskat on 1,400
        # deals for the discard, +0.21 +- 0.35 more for the suit (36 seat-plays
        # better, 15 worse; docs/bots.md, "The twenty-fourth round")
        discard_refit=True,
        # the null check after picking up only, as strong's: +0.83 +- 0.52 a deal
        # against xskat on 1,200 deals, 75 seat-plays better and 31 worse (the
        # check before the skat passed hands worth a null or a suit game;
        # docs/bots.md, "The fifteenth round")
        null_sim=NullBudget(deals=16, probe_nodes=8_000, before_skat=False),
        # the card play's positions halved (the exact stage, the defenders' questions,
        # the solo stage) and the suit games' veto by won-or-lost questions, so that
        # the card p95 fits 0.5 s on the slow 2-core machine (870 -> 455 ms): -0.11
        # +- 0.90 a deal against xskat on 1,100 deals replayed (docs/bots.md, "The
        # twenty-sixth round")
        budget=SearchBudget(exact_from=7, tiers_from=7, exact_samples=16, tier_samples=12,
                            rollout_samples=10, rollout_exact=4, nodes=30_000, min_samples=2,
                            # the exact stage's own limit and a cap, so that the card p95
                            # fits 0.5 s in a table of Monte Carlo bots too (597 -> 447 ms):
                            # -0.13 +- 0.70 a deal against xskat on 1,100 deals replayed
                            # (docs/bots.md, "The twenty-eighth round")
                            exact_nodes=8_000, exact_cap=10_000,
                            trump_leads=(0.3, 0.7),
                            # the exact stage asks up to 16 more deals while the best two
                            # cards are close: +0.41 +- 0.51 against xskat on 2,000 deals,
                            # +2.08 +- 1.23 on 400 fresh deals run to test it, +0.69 +- 0.47
                            # over all 2,400 (docs/bots.md, "The nineteenth round")
                            extra_samples=16,
                            # a defender's lines won by the soloist against perfect play but
                            # lost by a blind soloist: +0.12 +- 0.11 against xskat on 1,600
                            # deals, above zero in each 400 (docs/bots.md, "The seventeenth
                            # round"); the soloist's mirror: +0.41 +- 0.61 on 2,000 deals,
                            # +0.35 on 400 fresh deals run to test it ("The eighteenth round")
                            late_invite_defence=0.3, late_invite=0.3,
                            # the soloist's discard read from the first card, scores fitted on
                            # normal's own discards: +0.13 +- 0.56 and +0.37 +- 0.53 against
                            # xskat on deals 0-399 and 400-799 (docs/bots.md, thirteenth round)
                            read_discard=10,
                            # the defenders' first tricks: +0.37 +- 0.34 against xskat on
                            # 400 deals (docs/bots.md, "The defenders' first tricks")
                            defence_questions=DefenceQuestions(from_cards=10, nodes=5_000,
                                                               question_nodes=2_000),
                            # grand: won-or-lost questions on up to 12 deals (docs/bots.md,
                            # "normal's grand"); the suit games' veto asks won or lost too
                            solo=SoloBudget(TRUMP_GAMES, exact_from=10, exact_samples=12,
                                            nodes=9_000, cap=11_000, veto=0.2,
                                            veto_games=SUIT_GAMES, question=True,
                                            veto_samples=6, veto_nodes=7_500,
                                            veto_cap=11_000, veto_question=True)),
    ),
    "strong": LevelConfig(
        skat_samples=20,
        loss_extra=0.0,
        threshold=5.0,
        passed_in=-60.0,
        # normal's skat decision, the refitted discard and trump included:
        # +0.71 +- 1.06 a deal against xskat on 600 deals (+0.85 +- 1.70 on the 300
        # fresh ones), 64 seat-plays better and 40 worse, skat p95 2.2 -> 0.45 s
        # (docs/bots.md, "The twenty-fifth round")
        sim=AFTER_PICKUP,
        discard_refit=True,
        # the null check after picking up only: before the skat (bid limit, hand
        # or pick-up) it measured -0.83 +- 2.13 per deal against xskat, paired on
        # 100 deals (nulls 15 -> 4), and the marginal bids it drops win as often
        # as they lose (docs/bots.md, "strong's nulls")
        null_sim=NullBudget(deals=16, probe_nodes=8_000, before_skat=False),
        # the card play's positions cut to 0.7 and the suit games' veto by won-or-lost
        # questions, so that the card p95 fits 2 s on the slow 2-core machine (2.57 ->
        # 1.27 s): -0.29 +- 1.26 a deal against xskat on 300 deals replayed
        # (docs/bots.md, "The twenty-sixth round")
        budget=SearchBudget(exact_from=7, tiers_from=7, exact_samples=32, tier_samples=24,
                            rollout_samples=20, rollout_exact=5, nodes=210_000, min_samples=2,
                            trump_leads=(0.3, 0.7),
                            # the defenders' own score: -0.00 +- 0.26 against xskat on
                            # 200 deals (normal: -0.20 +- 0.35, off; docs/bots.md);
                            # the soloist's discard read with normal's own scores:
                            # +0.37 +- 0.48 and +0.10 +- 0.48 against xskat on deals
                            # 0-399 and 400-799 (docs/bots.md, the fourteenth round)
                            read_discard=10, defence_score=True,
                            # +0.17 +- 0.13 against xskat on 1,200 deals, above zero in
                            # each 400 (docs/bots.md, "The seventeenth round"); the
                            # soloist's mirror: +0.39 +- 0.83 on 1,600 deals, +1.16 on 400
                            # fresh deals run to test it ("The eighteenth round")
                            late_invite_defence=0.3, late_invite=0.3,
                            # +0.20 +- 0.33 against xskat on 400 deals (80,000 / 12,000:
                            # no better on positions, CPU p95 2.2 s)
                            defence_questions=DefenceQuestions(from_cards=10, nodes=28_000,
                                                               question_nodes=8_000),
                            solo=SoloBudget(TRUMP_GAMES, exact_from=10, exact_samples=12,
                                            nodes=35_000, cap=56_000, veto=0.1,
                                            veto_games=SUIT_GAMES, veto_question=True)),
        schwarz_samples=600,
        schneider_deals=24,
    ),
}

KONTRA_BUDGET = SearchBudget(exact_from=4, tiers_from=7, exact_samples=12, tier_samples=10,
                             rollout_samples=16, rollout_exact=4, nodes=0, min_samples=16)
"""The search every level runs to decide Kontra or Re: 16 deals sampled as
the declaration and the bids suggest, each played out from the position by
rollout (:func:`~skat_core.bots.pimc.soloist_win_share`).  No node limit: a
node limit stopped the card-play search after two deals, and a doubling
decided on two deals was said against games the soloist then won three times
in four (``easy``, 400 pub deals)."""
KONTRA_CHANCE = 0.7
"""The soloist says Re (Hirsch) when he wins at least this share of the
sampled deals: a doubling that is wrong costs twice as much."""
KONTRA_DEFENDER_CHANCE = 0.9
"""A defender says Kontra (Bock) when the defenders win at least this share
of the sampled deals.  Higher than :data:`KONTRA_CHANCE` because a defender's
samples deal the soloist weaker hands than a soloist holds: measured over 500
pub deals (``easy``, the first offer to each defender, no doubling said), the
defenders won 16 % of the games where their sampled share was 0.5-0.6, 23 % at
0.7-0.8, 35 % at 0.8-0.9 and 67 % at 0.9 or more (docs/bots.md)."""
GRAND_HAND_EV = 40.0
"""Schieberamsch: declare a grand hand instead of pushing when the evaluator
expects at least this score from it."""


def _history_key(view: SeatView) -> str:
    return ";".join(f"{seat}:{action_str(a)}" for seat, a in view.public_actions)


class SkatBot:
    """A bot of one level (see :data:`LEVEL_CONFIGS`)."""

    def __init__(self, level: str, seed: int | str = 0, config: LevelConfig | None = None) -> None:
        self.level = level
        self.seed = seed
        self.config = config if config is not None else LEVEL_CONFIGS[level]
        # The evaluator is calibrated per card-play family (see evaluate.SHIFTS).
        self.play = "rules" if self.config.budget is None else "search"

    def rng(self, view: SeatView, purpose: str) -> random.Random:
        """The generator of one decision: seed, seat, own hand, public history."""
        return random.Random(
            f"{self.seed}|{self.level}|{purpose}|{view.seat}|{view.hand}|{_history_key(view)}"
        )

    def choose(self, view: SeatView) -> Action:
        return self.hint(view).action

    def hint(self, view: SeatView) -> Hint:
        if not view.legal:
            raise ValueError("this seat has nothing to do now")
        if len(view.legal) == 1:
            return Hint(view.legal[0], "the only legal action")
        phase = view.phase
        if phase == Phase.PLAYING:
            return self._play(view)
        if phase == Phase.BIDDING:
            return self._bid(view)
        if phase == Phase.SKAT:
            return self._skat(view)
        if phase == Phase.DISCARD:
            return self._discard(view)
        if phase == Phase.DECLARE:
            return self._declare(view)
        if phase == Phase.PUSH:
            return self._push(view)
        if phase == Phase.KONTRA:
            return self._kontra_question(view)
        return Hint(view.legal[0], "nothing to decide")

    def _kontra_question(self, view: SeatView) -> Hint:
        """Kontra before the first card (house rule): as in play
        (:meth:`_doubling`), or let the game stand."""
        offer = next(a for a in view.legal if isinstance(a, Kontra))
        return self._doubling(view, read_knowledge(view), offer)

    # -- Schieberamsch ------------------------------------------------------

    def _push(self, view: SeatView) -> Hint:
        legal = set(view.legal)
        if PASS_SKAT not in legal:  # holding the skat: push two on
            a, b = push_cards(view.hand, view.rules.push_jacks)
            push = PUSHES[max(a, b), min(a, b)]
            if push in legal:
                return Hint(push, f"push {CARDS[a]} {CARDS[b]}: the most dangerous cards")
            return Hint(view.legal[0], "push the first two cards allowed")
        if GRAND_HAND in legal:
            look = outlook(view.hand, view.seat == 0, self.config.skat_samples, str(self.seed),
                           self.play)
            ev = look.hand_evs(18)[HAND_GAMES.index(GRAND_HAND)]
            if ev >= GRAND_HAND_EV:
                return Hint(GRAND_HAND, f"grand hand instead of pushing (expected score "
                                        f"{ev:+.0f})")
        d = danger(view.hand)
        if d >= PUSH_DANGER:
            return Hint(PickUpSkat(), f"take the skat: this hand is dangerous in a Ramsch "
                                      f"({d}, pushing from {PUSH_DANGER})")
        return Hint(PASS_SKAT, f"pass the skat on: this hand is safe enough ({d})")

    # -- bidding ----------------------------------------------------------

    def stakes(self, view: SeatView) -> Stakes:
        """What the game value counts for in this deal (bidding.Stakes)."""
        if not self.config.house_bidding:
            return PLAIN
        return stakes_for(view.rules, view.bock)

    def _ramsch_may_follow(self, view: SeatView) -> bool:
        """The deal's rules play a Ramsch when all pass, and this level bids
        by the deal's rules."""
        return self.config.house_bidding and view.rules.ramsch != Ramsch.OFF

    def pass_value(self, view: SeatView) -> float | None:
        """What passing is worth where it may end in a Ramsch: the chance that
        all others pass too times the hand's expected Ramsch score, else the
        usual threshold; None where no Ramsch can follow (a bid was said)."""
        rules = view.rules
        if view.bid or not any(isinstance(a, Bid) for a in view.legal):
            return None
        if not self._ramsch_may_follow(view):
            # Forehand may bid with no bid said only after two passes: his
            # pass ends the deal.
            return self.config.passed_in if view.seat == 0 else None
        # Forehand's call after two passes: passing is the Ramsch.  Rearhand
        # after middlehand passed: forehand still decides.  Middlehand first:
        # both others do.
        chance = {0: 1.0, 1: OTHER_PASSES ** 2, 2: OTHER_PASSES}[view.seat]
        ramsch = ramsch_outlook(view.hand, view.seat, rules, view.bock, salt=str(self.seed))
        return (1 - chance) * self.config.threshold + chance * ramsch

    def limit(self, view: SeatView) -> int:
        sim = self.config.sim
        if sim is not None and sim.before_skat and not sim.close:
            return self._sim_limit(view, sim)
        return bid_limit(view.hand, view.seat == 0, self.config.skat_samples, str(self.seed),
                         self.play, self.config.threshold, self.config.loss_extra,
                         self.stakes(view), self.pass_value(view), self._outlook(view))

    def _outlook(self, view: SeatView) -> HandOutlook:
        """The bidding outlook of the hand, its null chances corrected by
        :mod:`.nullsim` where the level has :attr:`LevelConfig.null_sim`."""
        look = outlook(view.hand, view.seat == 0, self.config.skat_samples, str(self.seed),
                       self.play)
        budget = self.config.null_sim
        if budget is None or not budget.before_skat:
            return look
        kn = read_knowledge(view)
        nulls = hand_null_outlook(view.hand, view.seat, budget, str(self.seed), self.play)
        return corrected_outlook(look, nulls.factors(kn.bids, kn.refused))

    def _close_blend(self, view: SeatView) -> Blend | None:
        """The simulation before the skat where :attr:`SimBudget.close` asks
        for it on close calls only (tournament stakes, no Ramsch to weigh)."""
        sim = self.config.sim
        if (sim is None or not sim.before_skat or not sim.close
                or self.stakes(view) != PLAIN
                or (self._ramsch_may_follow(view) and self.pass_value(view) is not None)):
            return None
        kn = read_knowledge(view)
        return Blend(view.hand, view.seat, kn.bids, kn.refused, sim, str(self.seed), self.play,
                     self.config.skat_samples, self.config.loss_extra)

    def _close_limit(self, view: SeatView, limit: int, bid: int) -> int:
        """The evaluator's ``limit``, corrected at ``bid`` (the bid this
        decision says yes or no to) by simulation where the evaluator's
        expected score there is within :attr:`SimBudget.close` of the
        threshold."""
        sim = self.config.sim
        if sim is None or not sim.close or bid not in BID_VALUES:
            return limit
        look = outlook(view.hand, view.seat == 0, self.config.skat_samples, str(self.seed),
                       self.play)
        ev = look.best_ev(bid, self.config.loss_extra)
        if (abs(ev - self.config.threshold) > sim.close
                or proven_value(view.hand, view.seat == 0) >= bid):
            return limit
        blend = self._close_blend(view)
        if blend is None:
            return limit
        if blend.best_ev(bid) > self.config.threshold:
            return max(limit, bid)
        below = [v for v in BID_VALUES if v < bid]
        return min(limit, below[-1] if below else 0)

    def _sim_limit(self, view: SeatView, sim: SimBudget) -> int:
        """The highest ladder value at which picking up or the best hand game
        is still worth more than the threshold, by simulation."""
        kn = read_knowledge(view)
        blend = Blend(view.hand, view.seat, kn.bids, kn.refused, sim, str(self.seed), self.play,
                      self.config.skat_samples, self.config.loss_extra)
        limit = 0
        for v in BID_VALUES:
            if blend.best_ev(v) <= self.config.threshold:
                break
            limit = v
        sure = proven_value(view.hand, view.seat == 0)
        if sure > limit:
            limit = max(v for v in BID_VALUES if v <= sure)
        return limit

    def _bid(self, view: SeatView) -> Hint:
        limit = self.limit(view)
        legal = view.legal
        raises = [a for a in legal if isinstance(a, Bid)]
        holding = any(isinstance(a, Hold) for a in legal)
        if holding or raises:
            asked = view.bid if holding else min(a.value for a in raises)
            limit = self._close_limit(view, limit, asked)
        if holding:
            if view.bid <= limit:
                return Hint(Hold(), f"yes: this hand is worth up to {limit}", worth=limit)
            return Hint(Pass(), f"pass: this hand is worth {limit or 'no game'}, not {view.bid}",
                        worth=limit)
        if raises:
            nxt = min(raises, key=lambda a: a.value)
            if nxt.value <= limit:
                reason = f"bid {nxt.value}: this hand is worth up to {limit}"
                passing = self.pass_value(view)
                if (passing is not None and passing < self.config.threshold
                        and self._ramsch_may_follow(view)):
                    reason += (f"; passing may end in a Ramsch (worth {passing:+.0f} to this "
                               f"hand)")
                return Hint(nxt, reason, worth=limit)
        return Hint(Pass(), f"pass: this hand is worth {limit or 'no game'}", worth=limit)

    # -- skat, discard, declaration ---------------------------------------

    def _skat(self, view: SeatView) -> Hint:
        look = self._outlook(view)
        extra = self.config.loss_extra
        close = self.config.sim.close if self.config.sim is not None else 0.0
        if self.config.sim is not None and self.config.sim.before_skat and not close:
            kn = read_knowledge(view)
            pick, hand_evs = Blend(view.hand, view.seat, kn.bids, kn.refused, self.config.sim,
                                   str(self.seed), self.play, self.config.skat_samples,
                                   extra).evs(view.bid)
        else:
            stakes = self.stakes(view)
            pick = look.pickup_ev(view.bid, extra, stakes)
            hand_evs = look.hand_evs(view.bid, extra, stakes)
        legal = set(view.legal)
        if close:
            best_hand = max((ev for i, ev in enumerate(hand_evs) if HAND_GAMES[i] in legal),
                            default=None)
            blend = (self._close_blend(view)
                     if best_hand is not None and abs(best_hand - pick) <= close else None)
            if blend is not None:
                pick, hand_evs = blend.evs(view.bid)
        best_i = -1
        best = pick
        for i, ev in enumerate(hand_evs):
            if HAND_GAMES[i] in legal and ev > best and self._may_announce(view, i):
                best_i, best = i, ev
        scores: dict[Action, float] = {PickUpSkat(): round(pick, 1)}
        for i, ev in enumerate(hand_evs):
            if HAND_GAMES[i] in legal:
                scores[HAND_GAMES[i]] = round(ev, 1)
        # Schwarz announced and ouvert, only where the hand takes every
        # trick (a proof, or every sampled lie); never below the bid.
        sure = announcements(view.hand, view.seat, view.bid, self.config.schwarz_samples,
                             self.rng(view, "schwarz"))
        top: Announcement | None = None
        for a in sure:
            if a.declare not in legal:
                continue
            ev = announced_payoff(a.win, a.value, view.bid, extra, self.stakes(view))
            scores[a.declare] = round(ev, 1)
            if ev > best:
                top, best = a, ev
        if top is not None:
            return Hint(top.declare, f"{top.declare.contract.describe()}: {top.why}, value "
                                     f"{top.value} (picking up {pick:+.0f})", scores,
                        win=top.win)
        if best_i < 0:
            return Hint(PickUpSkat(), f"pick up the skat (expected score {pick:+.0f})", scores)
        d = HAND_GAMES[best_i]
        return Hint(d, f"{d.contract.describe()} (expected score {best:+.0f}, "
                       f"picking up {pick:+.0f})", scores)

    def _may_announce(self, view: SeatView, i: int) -> bool:
        """A hand game of :data:`HAND_GAMES` without schneider announced, or
        one with it where the solver finds 90 on every sampled deal
        (:attr:`LevelConfig.schneider_deals`; 0: never announced)."""
        if i < ANNOUNCED_FROM:
            return True
        deals = self.config.schneider_deals
        if deals <= 0:
            return False
        kn = read_knowledge(view)
        return schneider_sure(view.hand, view.seat, int(HAND_GAMES[i].game), kn.bids,
                              kn.refused, deals, self.config.schneider_cap, str(self.seed))

    def _plan(self, view: SeatView, cards12: Mask, sim: SimBudget,
              wanted: Callable[[Planned], bool] | None = None) -> tuple[Planned, ...]:
        """The candidates after picking up, best first.  ``wanted``: the
        caller takes the first candidate it accepts (the declaration, once
        the discard is made), so the null check makes that one exact too."""
        kn = read_knowledge(view)
        # With the refitted family both plans play the same deals, and a
        # question both ask is searched once (simulate.pickup_plans).
        plays = (self.play, "discard") if self.config.discard_refit else (self.play,)
        plans = pickup_plans(cards12, view.seat, view.bid, kn.bids, kn.refused, sim,
                             str(self.seed), plays, self.config.loss_extra)
        plan = plans[0]
        # The candidates that reach the bid (all of them if none does).
        reach = any(c.value >= view.bid for c in plan)

        def in_ok(c: Planned) -> bool:
            return c.value >= view.bid or not reach

        if self.config.null_sim is not None:
            firsts: list[Callable[[Planned], bool]] = [in_ok]
            if wanted is not None:
                firsts.append(lambda c: in_ok(c) and wanted(c))
            plan = self._null_checked(view, cards12, plan, kn.bids, kn.refused,
                                      self.config.null_sim, firsts)
        ok = tuple(c for c in plan if in_ok(c))
        if self.config.discard_refit and ok[0].declare.game != GameType.NULL:
            # The refitted evaluator's plan (its own candidates and prior)
            # chooses the discard of the grand, or the trump and the discard
            # of a suit game.
            refit = plans[1]
            if ok[0].declare.game in SUIT_GAMES:
                first = next((c for c in refit
                              if c.declare.game in SUIT_GAMES and c.value >= view.bid), None)
            else:
                first = next((c for c in refit if c.declare == ok[0].declare), None)
            if first is not None:
                return (first, *(c for c in ok if (c.declare, c.discard)
                                 != (first.declare, first.discard)))
        return ok

    def _null_checked(self, view: SeatView, cards12: Mask, plan: tuple[Planned, ...],
                      bids: tuple[int, int, int], refused: tuple[int, int, int],
                      budget: NullBudget,
                      firsts: list[Callable[[Planned], bool]]) -> tuple[Planned, ...]:
        """The null candidates' win chances capped by the share of sampled
        deals in which the exact solver does not catch them (:mod:`.nullsim`),
        blended with the evaluator's chance; re-sorted by expected score.

        The check only lowers a null's score, so it is asked lazily: only
        of a null that is, as things stand, the first candidate some
        predicate of ``firsts`` accepts (the callers take the first they
        accept).  Once no predicate's first is an unchecked null, the
        unchecked ones rank below every first and would after a check too,
        so the firsts are the same as with every null checked; the
        unchecked nulls keep the evaluator's score (shown in the hint)."""
        current = list(plan)
        checked = [c.declare.game != GameType.NULL for c in current]

        def ranked() -> list[int]:
            # (stable: ties keep the plan's order, as the full sort does)
            return sorted(range(len(current)), key=lambda i: -current[i].ev)

        while True:
            order = ranked()
            todo = None
            for accepts in firsts:
                i = next((i for i in order if accepts(current[i])), None)
                if i is not None and not checked[i]:
                    todo = i
                    break
            if todo is None:
                break
            checked[todo] = True
            c = current[todo]
            put = 1 << c.discard[0] | 1 << c.discard[1]
            mine = cards12 & ~put
            share, deals = pickup_null_share(mine, put, view.seat, bids, refused, budget,
                                             str(self.seed))
            e = win_chance(int(GameType.NULL), mine, 0, view.seat == 0, c.declare.ouvert,
                           self.play)
            win = min(c.win, e * not_caught_factor(share, deals, budget.prior))
            if win < c.win:
                ev = null_payoff(win, c.value, view.bid, self.config.loss_extra)
                current[todo] = replace(c, ev=ev, win=win)
        return tuple(current[i] for i in ranked())

    def _discard(self, view: SeatView) -> Hint:
        sim = self.config.sim
        if sim is not None:
            plan = self._plan(view, view.hand, sim)
            top: Planned = plan[0]
            a, b = top.discard
            sim_scores: dict[Action, float] = {}
            for planned in plan:
                x, y = planned.discard
                act = Discard((CARDS[x], CARDS[y]))
                sim_scores.setdefault(act, round(planned.ev, 1))
            return Hint(Discard((CARDS[a], CARDS[b])),
                        f"put back {CARDS[a]} {CARDS[b]} for {top.declare.contract.describe()} "
                        f"(win chance {top.win:.0%} over {top.deals} simulated deals)",
                        sim_scores, win=top.win)
        choices = safe_first(pickup_choices(view.hand, view.seat == 0, view.bid, self.play,
                                            self.config.loss_extra), view.bid)
        chosen = choices[0]
        assert chosen.discard is not None
        a, b = chosen.discard
        action = Discard((CARDS[a], CARDS[b]))
        scores: dict[Action, float] = {}
        for c in choices:
            if c.discard is not None:
                x, y = c.discard
                scores[Discard((CARDS[x], CARDS[y]))] = round(c.ev, 1)
        return Hint(
            action,
            f"put back {CARDS[a]} {CARDS[b]} for {chosen.declare.contract.describe()} "
            f"(win chance {chosen.win:.0%})",
            scores,
            win=chosen.win,
        )

    def _declare(self, view: SeatView) -> Hint:
        discard = view.discard or 0
        sim = self.config.sim
        if sim is not None and discard:
            legal = set(view.legal)
            def put_away(c: Planned) -> bool:
                return 1 << c.discard[0] | 1 << c.discard[1] == discard and c.declare in legal

            plan = [c for c in self._plan(view, view.hand | discard, sim, put_away)
                    if put_away(c)]
            if plan:
                top = plan[0]
                return Hint(top.declare,
                            f"{top.declare.contract.describe()}: value {top.value}, win chance "
                            f"{top.win:.0%} over {top.deals} simulated deals",
                            {c.declare: round(c.ev, 1) for c in plan}, win=top.win)
        choices = safe_first(
            declare_choices(view.hand, discard, view.seat == 0, view.bid, self.play,
                            self.config.loss_extra), view.bid)
        legal = set(view.legal)
        scores: dict[Action, float] = {
            c.declare: round(c.ev, 1) for c in choices if c.declare in legal
        }
        for c in choices:
            if c.declare in legal:
                return Hint(
                    c.declare,
                    f"{c.declare.contract.describe()}: value {c.value}, "
                    f"win chance {c.win:.0%}",
                    scores,
                    win=c.win,
                )
        return Hint(view.legal[0], "no better game", scores)

    # -- card play --------------------------------------------------------

    def _play(self, view: SeatView) -> Hint:
        contract = view.contract
        assert contract is not None
        if contract.ramsch:
            out = 0xFFFFFFFF & ~(view.hand | view.played_mask)
            card = ramsch_card(view.hand, view.trick, out)
            return Hint(Play(CARDS[card]), "Ramsch: take as few points and tricks as possible")
        kn = read_knowledge(view)
        game = int(contract.game)
        legal = 0
        offer: Kontra | None = None
        for a in view.legal:
            if isinstance(a, Play):
                legal |= 1 << a.card
            elif isinstance(a, Kontra):
                offer = a
        if contract.schwarz_announced and game != GameType.NULL:
            return self._play_all_tricks(view, kn, legal)
        budget = self.config.budget
        held = kn.hand.bit_count()
        if offer is not None:
            said = self._doubling(view, kn, offer)
            if said.action == offer:
                return said
        if budget is None or (held > max(budget.exact_from, budget.tiers_from)
                              and budget.rollout_samples == 0):
            others = _possible(kn)
            card = rule_card(game, kn.soloist, kn.seat, kn.hand, kn.trick, kn.trick_leader,
                             others)
            return Hint(Play(CARDS[card]), "rule of thumb")
        estimates, how = pimc_values(kn, contract, view.bid, legal, budget,
                                     self.rng(view, "play"))
        preferred = rule_card(game, kn.soloist, kn.seat, kn.hand, kn.trick, kn.trick_leader,
                              _possible(kn))
        # Values are the soloist's (score, or clean chance in null): he
        # maximises them, the defenders minimise them.
        best = best_card(estimates, kn.seat == kn.soloist, preferred)
        # Scores from this seat's side, higher is better for it: its card
        # points at the end where the search gives points, else the chance
        # (in %) that its side wins.
        solo = kn.seat == kn.soloist
        scores: dict[Action, float] = {}
        for e in estimates:
            if e.points is not None:
                v = e.points if solo else 120 - e.points
            else:
                v = 100 * (e.win if solo else 1 - e.win)
            scores[Play(CARDS[e.card])] = round(v, 1)
        side = "the soloist" if solo else "the defenders"
        unit = "card points" if best.points is not None else "winning chance in %"
        if game == GameType.NULL:
            reason = (f"{CARDS[best.card]}: the soloist stays clean in {best.win:.0%} "
                      f"of the sampled deals ({how})")
        elif best.points is not None:
            reason = (f"{CARDS[best.card]}: the soloist ends with {best.points:.1f} points on "
                      f"average and wins {best.win:.0%} of the sampled deals ({how})")
        else:
            reason = (f"{CARDS[best.card]}: the soloist wins {best.win:.0%} of the sampled "
                      f"deals ({how})")
        return Hint(Play(CARDS[best.card]), f"{reason}; scores: {side}, {unit}", scores,
                    win=best.win)

    def _doubling(self, view: SeatView, kn: Knowledge, offer: Kontra) -> Hint:
        """Kontra (or Re, …) when the own side wins at least
        :data:`KONTRA_CHANCE` of the deals sampled and played out from here
        (:data:`KONTRA_BUDGET`), else no doubling (``PASS``, which answers
        the question before the first card; in play the caller plays a card
        instead).  Never at random: the same view gives the same answer."""
        contract = view.contract
        assert contract is not None
        share, how = soloist_win_share(kn, contract, view.bid, KONTRA_BUDGET,
                                       self.rng(view, "kontra"))
        solo = view.seat == view.soloist
        chance = share if solo else 1.0 - share
        side = "the soloist wins" if solo else "the defenders win"
        scores: dict[Action, float] = {offer: round(100 * chance, 1)}
        if chance >= (KONTRA_CHANCE if solo else KONTRA_DEFENDER_CHANCE):
            return Hint(offer, f"{offer.name}: {side} {chance:.0%} of the sampled deals ({how})",
                        scores, win=share)
        return Hint(PASS, f"no {offer.name}: {side} only {chance:.0%} of the sampled deals "
                          f"({how})", scores, win=share)

    def _play_all_tricks(self, view: SeatView, kn: Knowledge, legal: Mask) -> Hint:
        """Schwarz announced or ouvert: only tricks count.  The soloist on
        lead who can claim plays the claim line (top trumps while the
        defenders may hold trumps, then anything); otherwise the Monte Carlo
        levels value each card by the share of sampled deals in which the
        soloist still takes every trick (the defenders need one), and
        ``easy`` plays by its rules."""
        contract = view.contract
        assert contract is not None
        game = int(contract.game)
        possible = _possible(kn)
        solo = kn.seat == kn.soloist
        if solo and not kn.trick:
            others = 0
            most = 0
            for d in range(3):
                if d != kn.seat:
                    others |= possible[d]
                    can_hold = kn.counts[d] + kn.known[d].bit_count()
                    most = max(most, min((possible[d] & TRUMPS[game]).bit_count(), can_hold))
            if claims(game, kn.hand, others, most):
                card = claim_card(game, kn.hand, others)
                return Hint(Play(CARDS[card]),
                            f"{CARDS[card]}: the claim line takes every trick whatever the "
                            f"defenders hold", sure=True)
        sure = sure_trick_card(game, kn.seat, kn.soloist, legal, kn.trick, kn.trick_leader,
                               possible)
        if sure >= 0 and not solo:
            return Hint(Play(CARDS[sure]), f"{CARDS[sure]} takes this trick whatever the "
                                           f"soloist holds: the announced game is lost",
                        sure=True)
        preferred = sure if sure >= 0 else rule_card(
            game, kn.soloist, kn.seat, kn.hand, kn.trick, kn.trick_leader, possible)
        budget = self.config.budget
        if budget is None:
            reason = "takes this trick for sure" if sure >= 0 else "rule of thumb"
            return Hint(Play(CARDS[preferred]), reason, sure=sure >= 0)
        estimates, how = all_tricks_values(kn, contract, view.bid, legal, budget,
                                           self.rng(view, "play"))
        best = best_card(estimates, solo, preferred)
        scores: dict[Action, float] = {
            Play(CARDS[e.card]): round(100 * (e.win if solo else 1 - e.win), 1)
            for e in estimates
        }
        side = "the soloist" if solo else "the defenders"
        return Hint(Play(CARDS[best.card]),
                    f"{CARDS[best.card]}: the soloist takes every trick in {best.win:.0%} of "
                    f"the sampled deals ({how}); scores: {side}, winning chance in %", scores,
                    win=best.win)


def _possible(kn: Knowledge) -> tuple[Mask, Mask, Mask]:
    """Cards each seat may hold, as far as this seat knows."""
    out = [0, 0, 0]
    for p in range(3):
        out[p] = kn.hand if p == kn.seat else kn.known[p] | kn.allowed[p]
    return (out[0], out[1], out[2])


__all__ = ["LEVEL_CONFIGS", "LevelConfig", "SkatBot"]

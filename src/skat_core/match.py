"""A match: a fixed number of deals at a table of three or four players.

Players are numbered in table order (clockwise).  The dealer moves one seat
clockwise each deal; forehand sits left of the dealer.  At a 4-player table the
dealer sits the deal out and rearhand is the player on the dealer's right
(RULES.md, Cards and seats).  Deals come from the match seed, so a match can
be replayed, saved and shared (see :mod:`skat_core.deal`).

>>> m = Match.start(("Ann", "Ben", "Cem"), seed="doc")
>>> m.seats, m.dealer
((1, 2, 0), 0)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from enum import StrEnum

from .deal import Deal, deal_from_seed
from .game import Action, GameState, new_game
from .rules import GameType
from .ruleset import TOURNAMENT, BockEvent, BockStacking, RuleSet
from .value import GameResult


class Scoring(StrEnum):
    STANDARD = "standard"
    SEEGER_FABIAN = "sf"


@dataclass(frozen=True, slots=True)
class MatchConfig:
    players: tuple[str, ...]
    deals: int = 9
    scoring: Scoring = Scoring.SEEGER_FABIAN
    seed: str = ""
    first_dealer: int = 0
    rules: RuleSet = TOURNAMENT

    def __post_init__(self) -> None:
        if not isinstance(self.rules, RuleSet):
            raise ValueError(f"rules: a RuleSet, not {self.rules!r}")
        n = len(self.players)
        if n not in (3, 4):
            raise ValueError(f"a Skat table has 3 or 4 players, not {n}")
        if self.deals < 1 or self.deals % n:
            raise ValueError(
                f"the number of deals must be a positive multiple of {n} so everyone deals "
                f"equally often (RULES.md, Scoring a match), not {self.deals}"
            )
        if not 0 <= self.first_dealer < n:
            raise ValueError(f"first dealer must be a player from 0 to {n - 1}")


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A finished deal: who sat where, the final state and its scores."""

    number: int
    dealer: int
    seats: tuple[int, int, int]
    """Player at forehand, middlehand, rearhand."""
    state: GameState
    standard: tuple[int, ...]
    """Each player's change in the standard list."""
    seeger_fabian: tuple[int, ...]
    """Each player's change in the Seeger-Fabian list."""

    @property
    def result(self) -> GameResult:
        assert self.state.result is not None
        return self.state.result

    @property
    def soloist_player(self) -> int | None:
        s = self.result.soloist
        return None if s is None else self.seats[s]


def seats_for(players: int, dealer: int) -> tuple[int, int, int]:
    """Players at forehand, middlehand, rearhand for a dealer."""
    if players == 3:
        return ((dealer + 1) % 3, (dealer + 2) % 3, dealer)
    return ((dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4)


def deal_scores(
    result: GameResult, seats: tuple[int, int, int], players: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(standard, Seeger-Fabian) score changes per player for one deal (at
    four, the dealer sitting out gets the others' Seeger-Fabian share)."""
    by_seat = result.standard_by_seat()
    sf_seat, sitting_out = result.seeger_fabian_by_seat(players)
    standard = [0] * players
    sf = [sitting_out] * players
    for position, player in enumerate(seats):
        standard[player] = by_seat[position]
        sf[player] = sf_seat[position]
    return tuple(standard), tuple(sf)


@dataclass(frozen=True, slots=True)
class DealMark:
    """What the Bock rounds make of a deal (house rules)."""

    bock: int = 1
    """The multiplier: 2 in a Bock round, 4 under two at once (Doppelbock)."""
    ramsch: bool = False
    """A deal of a Ramsch round: no bidding, a Ramsch."""


PLAIN = DealMark()


def bock_events(result: GameResult) -> frozenset[BockEvent]:
    """The Bock events a finished deal shows (docs/rules.md, Bock rounds)."""
    out: set[BockEvent] = set()
    if result.soloist is None or result.contract is None or result.aborted:
        return frozenset()
    suit_or_grand = result.contract.game != GameType.NULL
    if not result.won and suit_or_grand and result.soloist_points == 60 \
            and result.defender_points == 60:
        out.add(BockEvent.LOST_60)
    if result.value >= 100:
        out.add(BockEvent.VALUE_100)
    if result.kontra >= 2:
        out.add(BockEvent.KONTRA_RE)
    if not result.won and suit_or_grand and result.conceded is None \
            and result.soloist_points <= 30:
        out.add(BockEvent.LOST_SCHNEIDER)
    return frozenset(out)


def owed_marks(rules: RuleSet, players: int, outcomes: tuple[DealOutcome, ...]
               ) -> tuple[DealMark, ...]:
    """The marks of the deals still owed after ``outcomes`` (first: the next
    deal).  Each deal that shows one of the rule set's Bock events earns one
    round (a deal per player): queued after the rounds owed, or at once on top
    of them with ``BockStacking.DOUBLE``; a Ramsch round follows each Bock
    round where the rules say so.  Derived from the outcomes alone, so a
    saved match needs no extra field."""
    owed: list[DealMark] = []
    if not rules.bock_events:
        return ()
    for o in outcomes:
        if owed:
            owed.pop(0)
        if not bock_events(o.result) & rules.bock_events:
            continue
        if rules.bock_stacking == BockStacking.QUEUE:
            owed.extend([DealMark(2)] * players)
        else:
            for i in range(players):
                if i < len(owed):
                    owed[i] = replace(owed[i], bock=owed[i].bock * 2)
                else:
                    owed.append(DealMark(2))
        if rules.ramsch_round:
            owed.extend([DealMark(1, ramsch=True)] * players)
    return tuple(owed)


@dataclass(frozen=True, slots=True)
class Match:
    """An immutable match in progress; :meth:`apply` returns the next one."""

    config: MatchConfig
    outcomes: tuple[DealOutcome, ...] = ()
    current: GameState | None = None
    deal_number: int = 0

    @classmethod
    def start(
        cls,
        players: tuple[str, ...],
        deals: int | None = None,
        scoring: Scoring = Scoring.SEEGER_FABIAN,
        seed: str | None = None,
        first_dealer: int = 0,
        rules: RuleSet = TOURNAMENT,
    ) -> Match:
        n = len(players)
        cfg = MatchConfig(
            players=tuple(players),
            deals=deals if deals is not None else 3 * n,
            scoring=scoring,
            seed=seed if seed is not None else secrets.token_hex(8),
            first_dealer=first_dealer,
            rules=rules,
        )
        return cls(cfg).next_deal()

    @property
    def players(self) -> int:
        return len(self.config.players)

    @property
    def dealer(self) -> int:
        return (self.config.first_dealer + self.deal_number) % self.players

    @property
    def seats(self) -> tuple[int, int, int]:
        return seats_for(self.players, self.dealer)

    @property
    def rules(self) -> RuleSet:
        return self.config.rules

    @property
    def owed(self) -> tuple[DealMark, ...]:
        """Marks of the deals owed by Bock rounds, the next deal first (the
        deal in progress, once dealt, is no longer owed)."""
        done = self.outcomes
        marks = owed_marks(self.config.rules, self.players, done)
        if self.current is not None and not self.current.is_over and marks:
            return marks[1:]
        return marks

    @property
    def next_mark(self) -> DealMark:
        """What the Bock rounds make of the next deal to be dealt."""
        marks = owed_marks(self.config.rules, self.players, self.outcomes)
        return marks[0] if marks else PLAIN

    @property
    def bock_left(self) -> int:
        """Bock deals still owed, the one in progress not counted (the score
        sheet's count)."""
        return sum(1 for m in self.owed if m.bock > 1)

    @property
    def is_over(self) -> bool:
        return len(self.outcomes) >= self.config.deals

    def deal_for(self, number: int) -> Deal:
        return deal_from_seed(self.config.seed, number)

    def next_deal(self, deal: Deal | None = None) -> Match:
        """Start deal number ``len(outcomes)`` (from the seed unless given)."""
        if self.is_over:
            return replace(self, current=None)
        number = len(self.outcomes)
        d = deal if deal is not None else self.deal_for(number)
        mark = self.next_mark
        state = new_game(d, self.config.rules, bock=mark.bock, ramsch_round=mark.ramsch)
        return replace(self, current=state, deal_number=number)

    def apply(self, action: Action) -> Match:
        """Apply an action to the current deal; a finished deal is scored and
        the next one dealt."""
        if self.current is None:
            raise ValueError("the match is over")
        state = self.current.apply(action)
        if not state.is_over:
            return replace(self, current=state)
        assert state.result is not None
        standard, sf = deal_scores(state.result, self.seats, self.players)
        outcome = DealOutcome(self.deal_number, self.dealer, self.seats, state, standard, sf)
        return replace(self, outcomes=(*self.outcomes, outcome), current=state)

    @property
    def deal_finished(self) -> bool:
        """True between a finished deal and :meth:`next_deal`."""
        return self.current is not None and self.current.is_over

    def totals(self, scoring: Scoring | None = None) -> tuple[int, ...]:
        scoring = scoring or self.config.scoring
        totals = [0] * self.players
        for o in self.outcomes:
            row = o.standard if scoring == Scoring.STANDARD else o.seeger_fabian
            for p, v in enumerate(row):
                totals[p] += v
        return tuple(totals)

    def running_totals(self, scoring: Scoring | None = None) -> list[tuple[int, ...]]:
        """The totals after each deal (the score sheet's rows)."""
        scoring = scoring or self.config.scoring
        rows: list[tuple[int, ...]] = []
        totals = [0] * self.players
        for o in self.outcomes:
            row = o.standard if scoring == Scoring.STANDARD else o.seeger_fabian
            totals = [t + v for t, v in zip(totals, row, strict=True)]
            rows.append(tuple(totals))
        return rows

    def winners(self) -> list[int]:
        totals = self.totals()
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]

    def player_at(self, seat: int) -> int:
        """The player sitting at a position (0 forehand .. 2 rearhand) now."""
        return self.seats[seat]

    def seat_of(self, player: int) -> int | None:
        """The position of a player this deal, None if he deals at a 4-table."""
        s = self.seats
        return s.index(player) if player in s else None

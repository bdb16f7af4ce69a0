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

    def __post_init__(self) -> None:
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
    """(standard, Seeger-Fabian) score changes per player for one deal."""
    standard = [0] * players
    sf = [0] * players
    if result.soloist is None:
        return tuple(standard), tuple(sf)
    soloist = seats[result.soloist]
    standard[soloist] = result.score
    own, others = result.seeger_fabian(players)
    sf[soloist] = own
    if others:
        for p in range(players):
            if p != soloist:
                sf[p] = others
    return tuple(standard), tuple(sf)


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
    ) -> Match:
        n = len(players)
        cfg = MatchConfig(
            players=tuple(players),
            deals=deals if deals is not None else 3 * n,
            scoring=scoring,
            seed=seed if seed is not None else secrets.token_hex(8),
            first_dealer=first_dealer,
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
        return replace(self, current=new_game(d), deal_number=number)

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

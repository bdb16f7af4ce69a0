"""Could the deal have gone otherwise?  The double-dummy solver on a played deal.

For every card played, :func:`analyse` asks the exact solver
(:func:`skat_core.solver.solve_moves`) what each legal card of that player
would have led to if everyone played perfectly from then on, all cards open:

* suit and grand games: the soloist's **final card points** (tricks already
  won, the skat and the best play of the rest);
* null games: whether the soloist **takes a trick** (1, lost) or not (0, won).

The soloist's best card is the one with the highest value (null: 0), a
defender's the one with the lowest (null: 1).  A card that is worse for its
side than the best one *cost* the difference; a card that turns a won game
into a lost one (or back) is a turning point: "could I have won?".

House rules: a **Ramsch** (and a Schieberamsch) has no soloist: every player
plays for himself, and the solver, which plays one soloist against two
defenders, has nothing to judge, so a Ramsch is not analysed at all
(:data:`RAMSCH_NOT_ANALYSED` says so; :func:`stream` reports it as
``"skipped"``).  A game with Kontra or Re, or in a Bock deal, is analysed as
any game; its verdicts are scored with the doubling and the Bock multiplier
of the deal.

Double-dummy means every hand open, so a defender's "best" card may be one he
could only have found by seeing the other cards: the analysis shows what was
possible, not what was findable.  Schwarz is judged by points alone (all 120
points or none): the solver counts points, not tricks.

>>> from skat_core.deal import Deal
>>> from skat_core.game import Bid, Declare, Pass, Play, new_game
>>> from skat_core.rules import GameType
>>> from skat_core.cards import Card
>>> deal = Deal.from_str("CJ SJ HJ DJ CA CT CK CQ C9 C8", "SA ST SK SQ S9 S8 S7 HA HT HK",
...                      "HQ H9 H8 H7 DA DT DK DQ D9 D8", "C7 D7")
>>> s = new_game(deal).apply(Pass()).apply(Pass()).apply(Bid(18))  # forehand plays
>>> s = s.apply(Declare(GameType.GRAND, hand=True))
>>> s = s.apply(Play(Card.CJ)).apply(Play(Card.S7)).apply(Play(Card.H7))
>>> a = analyse(s)
>>> a.start, a.cards[0].best, a.cards[0].cost
(120, 120, 0)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, TextIO

from .cards import CARDS, Card, points_of
from .game import GameState, Phase, Play, restart
from .rules import GameType
from .solver import solve, solve_moves
from .value import Contract, GameResult, settle

RAMSCH_NOT_ANALYSED = (
    "A Ramsch has no soloist: every player plays for himself, and the solver judges "
    "a soloist against two defenders, so there is nothing to analyse."
)
"""Why a Ramsch deal is not analysed (shown by the analysis screen)."""
WIN = 61
"""Card points the soloist needs to win a suit or grand game."""
SCHNEIDER = 90
"""Card points for schneider (the other side then has 30 or less)."""
SCHNEIDERED = 30
"""The soloist with this many card points or fewer is schneider himself."""


@dataclass(frozen=True, slots=True)
class CardChoice:
    """One card played, next to what each legal card would have given.

    Values are the soloist's final card points under best play from then on
    (null games: 1 if the soloist takes a trick, 0 if not)."""

    step: int
    """Index of the play in the deal's actions (the state before it has
    ``step`` actions applied)."""
    trick: int
    """The trick, from 1."""
    seat: int
    """Who played: 0 forehand, 1 middlehand, 2 rearhand."""
    card: Card
    soloist_side: bool
    """The card was the soloist's (else a defender's)."""
    options: tuple[tuple[Card, int], ...]
    """Each legal card and its value, highest card number first."""
    null: bool = False
    """A null game: values say whether the soloist takes a trick."""

    @property
    def values(self) -> dict[Card, int]:
        return dict(self.options)

    @property
    def played(self) -> int:
        """The value after the card actually played."""
        return self.values[self.card]

    @property
    def best(self) -> int:
        """The value after the best card for the player's side."""
        vals = [v for _, v in self.options]
        return max(vals) if self._maximises else min(vals)

    @property
    def _maximises(self) -> bool:
        # Suit/grand values are the soloist's points (he wants many); null
        # values are "the soloist takes a trick" (he wants none).
        return self.soloist_side != self.null

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """Every card that reaches :attr:`best`, highest card number first."""
        return tuple(c for c, v in self.options if v == self.best)

    @property
    def cost(self) -> int:
        """How much worse the card was for the player's side than the best
        one: card points, or 1 for a null game turned (0 for a best card)."""
        return abs(self.best - self.played)

    @property
    def forced(self) -> bool:
        """The player had only one legal card."""
        return len(self.options) == 1


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """The solver's view of a whole deal, card by card."""

    state: GameState
    """The deal as analysed (finished, or as far as it was played)."""
    cards: tuple[CardChoice, ...]
    """Every card played, in order (fewer if the analysis was stopped)."""
    start: int | None
    """The value at the first lead with best play by everyone (None when no
    game was played or the analysis stopped before it)."""
    complete: bool
    """Every card was analysed."""

    @property
    def soloist(self) -> int:
        """The soloist's seat (-1 for a passed-in or aborted deal)."""
        return self.state.soloist

    @property
    def contract(self) -> Contract | None:
        return self.state.contract

    @property
    def null(self) -> bool:
        return self.contract is not None and self.contract.game == GameType.NULL

    @property
    def played_game(self) -> bool:
        """A game was declared and play began: there is something to analyse
        (never a Ramsch: see :attr:`not_analysed`)."""
        return analysable(self.state)

    @property
    def not_analysed(self) -> str | None:
        """Why the deal has no analysis although cards were played (a Ramsch),
        else None."""
        return RAMSCH_NOT_ANALYSED if self.state.is_ramsch else None

    @property
    def actual(self) -> int | None:
        """What really happened, in the same measure as the values (the final
        card points, or for null whether the soloist took a trick)."""
        r = self.state.result
        if r is None or r.soloist is None:
            return None
        if self.null:
            return 1 if r.soloist_tricks else 0
        return r.soloist_points

    def verdict(self, value: int) -> GameResult:
        """The result the soloist would get with ``value`` (final card points;
        null: 1 took a trick, 0 none), by the engine's own scoring."""
        return verdict(self.state, value)

    def mistakes(self, seat: int | None = None) -> list[CardChoice]:
        """The cards that cost their side something (of one seat, or all)."""
        return [c for c in self.cards if c.cost and (seat is None or c.seat == seat)]

    def turning_points(self, seat: int | None = None) -> list[CardChoice]:
        """The cards that turned the game: a win given away by the soloist,
        or a loss let go by a defender ("could I have won?")."""
        out = []
        for c in self.mistakes(seat):
            if self.verdict(c.best).won != self.verdict(c.played).won:
                out.append(c)
        return out


def verdict(state: GameState, value: int) -> GameResult:
    """Score the deal of ``state`` as if the soloist ended with ``value``
    (see :meth:`DealAnalysis.verdict`).  Tricks are not known from points:
    schwarz counts when one side has all 120 points."""
    contract = state.contract
    s = state.soloist
    if contract is None or s < 0:
        raise ValueError("no game was played in this deal")
    if contract.game == GameType.NULL:
        solo_tricks = 1 if value else 0
        solo_points = 0
    else:
        solo_points = value
        solo_tricks = 10 if value == 120 else 0 if value == 0 else 5
    return settle(
        soloist=s, contract=contract, bid=state.bid,
        soloist_cards=state.deal.hands[s] | state.deal.skat,
        soloist_points=solo_points, defender_points=120 - solo_points,
        soloist_tricks=solo_tricks, defender_tricks=10 - solo_tricks,
        kontra=state.kontra, bock=state.bock,
    )


def analysable(state: GameState) -> bool:
    """A game with a soloist was declared and play began (not a Ramsch)."""
    return (state.contract is not None and not state.contract.ramsch and state.soloist >= 0
            and state.phase >= Phase.PLAYING)


def thresholds_crossed(best: int, played: int) -> list[int]:
    """The card-point marks between two final scores of the soloist: 61 (the
    game), 90 (schneider), 30 (the soloist schneider): each mark ``m`` such
    that one value reaches it and the other does not (30: one is at most 30)."""
    lo, hi = sorted((best, played))
    out = []
    if lo < WIN <= hi:
        out.append(WIN)
    if lo < SCHNEIDER <= hi:
        out.append(SCHNEIDER)
    if lo <= SCHNEIDERED < hi:
        out.append(SCHNEIDERED)
    return out


def _state_of(source: GameState | Mapping[str, Any]) -> GameState:
    if isinstance(source, GameState):
        return source
    from .records import state_from_record

    return state_from_record(source)


def positions(state: GameState) -> Iterator[tuple[int, GameState, Card]]:
    """(action index, the state before it, the card) for every card played
    in ``state``'s deal, rebuilt through the engine."""
    s = restart(state)
    for step, (_, action) in enumerate(state.history):
        if isinstance(action, Play):
            yield step, s, CARDS[action.card]
        s = s.apply(action)


def choice_at(before: GameState, step: int, card: Card) -> CardChoice:
    """Solve the position ``before`` (a card is to be played) and compare
    ``card`` with every legal card."""
    contract = before.contract
    assert contract is not None and before.phase == Phase.PLAYING
    game = int(contract.game)
    s = before.soloist
    null = contract.game == GameType.NULL
    raw = solve_moves(before.hands, s, game, before.to_move, before.trick, before.leader)
    base = 0 if null else points_of(before.won[s] | before.skat)
    options = tuple((CARDS[c], base + v) for c, v in raw.items())
    return CardChoice(
        step=step,
        trick=before.tricks_played + 1,
        seat=before.to_move,
        card=card,
        soloist_side=before.to_move == s,
        options=options,
        null=null,
    )


def start_value(state: GameState) -> int | None:
    """The value at the first lead of ``state``'s deal with best play (None
    if play never began)."""
    if state.is_ramsch:
        return None
    s = restart(state)
    for _, action in state.history:
        if s.phase == Phase.PLAYING:
            break
        s = s.apply(action)
    if s.phase != Phase.PLAYING or s.contract is None or s.soloist < 0:
        return None
    base = 0 if s.contract.game == GameType.NULL else points_of(s.skat)
    return base + solve(s.hands, s.soloist, int(s.contract.game), s.to_move)


def iter_analysis(source: GameState | Mapping[str, Any]) -> Iterator[CardChoice]:
    """Every card of the deal analysed, one at a time (the first ones take
    longest: the whole deal is still to be searched)."""
    state = _state_of(source)
    if not analysable(state):
        return
    for step, before, card in positions(state):
        yield choice_at(before, step, card)


def card_count(state: GameState) -> int:
    """How many cards were played (the positions :func:`analyse` solves)."""
    return sum(1 for _, a in state.history if isinstance(a, Play))


def analyse(
    source: GameState | Mapping[str, Any],
    progress: Callable[[int, int], bool | None] | None = None,
) -> DealAnalysis:
    """Analyse every card of a deal (a state or a game record; a record that
    cannot be read raises :class:`~skat_core.errors.RecordError`).

    ``progress(done, total)`` is called before each position and after the
    last; returning ``False`` stops early with a partial analysis
    (``complete`` False)."""
    state = _state_of(source)
    total = card_count(state) if analysable(state) else 0
    cards: list[CardChoice] = []
    complete = True
    for step, before, card in positions(state) if total else ():
        if progress is not None and progress(len(cards), total) is False:
            complete = False
            break
        cards.append(choice_at(before, step, card))
    if complete and progress is not None:
        progress(len(cards), total)
    if cards:
        start: int | None = cards[0].best
    elif complete and analysable(state):
        start = start_value(state)
    else:
        start = None
    return DealAnalysis(state, tuple(cards), start, complete)


def choice_to_json(choice: CardChoice) -> dict[str, Any]:
    """A :class:`CardChoice` as a JSON object (cards in record notation)."""
    return {
        "step": choice.step, "trick": choice.trick, "seat": choice.seat,
        "card": choice.card.name, "soloist_side": choice.soloist_side, "null": choice.null,
        "options": [[c.name, v] for c, v in choice.options],
    }


def choice_from_json(obj: Mapping[str, Any]) -> CardChoice:
    """The inverse of :func:`choice_to_json`."""
    return CardChoice(
        step=int(obj["step"]), trick=int(obj["trick"]), seat=int(obj["seat"]),
        card=Card.from_str(obj["card"]), soloist_side=bool(obj["soloist_side"]),
        options=tuple((Card.from_str(c), int(v)) for c, v in obj["options"]),
        null=bool(obj["null"]),
    )


def stream(source: GameState | Mapping[str, Any], out: TextIO, backwards: bool = True) -> None:
    """Analyse a deal and write one JSON line per card (:func:`choice_to_json`),
    then ``{"done": true, "start": value or null}`` (with ``"skipped"``, the
    reason, for a Ramsch, which is not analysed); an error is written as
    ``{"error": text}``, never raised.  This is ``python -m
    skat_core.analysis`` (a game record on standard input): a program that
    shows the analysis runs it apart, so a long search never holds it up.

    ``backwards`` (the default) solves the last card first: late positions
    are small, so the end of the deal is known at once, and their tables
    help the bigger searches before them."""
    try:
        state = _state_of(source)
        order = list(positions(state)) if analysable(state) else []
        if backwards:
            order.reverse()
        for step, before, card in order:
            out.write(json.dumps(choice_to_json(choice_at(before, step, card))) + "\n")
            out.flush()
        start = start_value(state) if not order else None
        done: dict[str, Any] = {"done": True, "start": start}
        if state.is_ramsch:
            done["skipped"] = RAMSCH_NOT_ANALYSED
        out.write(json.dumps(done) + "\n")
    except Exception as e:  # the reader shows it; no traceback on anyone's screen
        out.write(json.dumps({"error": f"{type(e).__name__}: {e}"}) + "\n")
    out.flush()


def main() -> None:
    """``python -m skat_core.analysis < record.json``: see :func:`stream`."""
    try:
        record = json.loads(sys.stdin.read())
    except ValueError as e:
        print(json.dumps({"error": f"not a game record: {e}"}), flush=True)
        return
    with suppress(BrokenPipeError):
        stream(record, sys.stdout)


__all__ = [
    "RAMSCH_NOT_ANALYSED",
    "SCHNEIDER",
    "SCHNEIDERED",
    "WIN",
    "CardChoice",
    "DealAnalysis",
    "analysable",
    "analyse",
    "card_count",
    "choice_at",
    "choice_from_json",
    "choice_to_json",
    "iter_analysis",
    "positions",
    "start_value",
    "stream",
    "thresholds_crossed",
    "verdict",
]


if __name__ == "__main__":
    main()

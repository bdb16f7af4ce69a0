"""Game values, results and scores (ISkO section 5 as stated in RULES.md).

One calculator for everybody: the engine scores finished deals with
:func:`settle`, the bots and the bidding panel estimate with :func:`game_value`.

>>> game_value(GameType.CLUBS, matadors=2, hand=True)
48
>>> game_value(GameType.GRAND, matadors=4, hand=True, ouvert=True, schneider_announced=True,
...            schwarz_announced=True, schneider=True, schwarz=True)
264
>>> game_value(GameType.HEARTS, matadors=-2, schneider=True)
40
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Mask
from .rules import TRUMPS, GameType

if TYPE_CHECKING:
    from .ruleset import RuleSet

BID_VALUES: tuple[int, ...] = (
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66,
    70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135,
    140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204,
    216, 240, 264,
)
"""Every game value from 18 to 264: the bid ladder (RULES.md, Bidding)."""

NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
"""Null game values by (hand, ouvert): null 23, hand 35, ouvert 46, ouvert hand 59."""


def null_value(hand: bool, ouvert: bool) -> int:
    return NULL_VALUES[(hand, ouvert)]


def _trump_order(game: int) -> tuple[int, ...]:
    """Top trumps from ♣J down, the run that matadors count."""
    order = [31, 30, 29, 28]
    if game <= 3:
        order += [game * 7 + r for r in range(6, -1, -1)]
    return tuple(order)


_TRUMP_ORDER = tuple(_trump_order(g) for g in range(5))


def matadors(game: int, cards: Mask) -> int:
    """Matadors 'with n' (positive) or 'without n' (negative), counted over the
    soloist's ten cards plus the skat.  0 for null games.

    >>> from skat_core.cards import CardSet
    >>> matadors(GameType.CLUBS, CardSet.from_str("CJ SJ DJ CA").mask)
    2
    >>> matadors(GameType.GRAND, CardSet.from_str("HJ DJ").mask)
    -2
    """
    if game == GameType.NULL:
        return 0
    order = _TRUMP_ORDER[game]
    holds = bool(cards >> order[0] & 1)
    n = 0
    for card in order:
        if bool(cards >> card & 1) != holds:
            break
        n += 1
    return n if holds else -n


def game_value(
    game: int,
    matadors: int = 0,
    hand: bool = False,
    schneider: bool = False,
    schneider_announced: bool = False,
    schwarz: bool = False,
    schwarz_announced: bool = False,
    ouvert: bool = False,
) -> int:
    """Value of a game from its parts (no overbid check).

    For suit and grand games: base × (matadors + 1 game + 1 each for hand,
    schneider, schneider announced, schwarz, schwarz announced, ouvert).  An
    announcement counts the steps it includes: schwarz announced counts
    schneider, schneider announced and schwarz too, ouvert counts them all and
    hand (a suit or grand ouvert is always a hand game, as ``Declare``
    fills in: grand ouvert with 4 is 264).
    """
    if game == GameType.NULL:
        return null_value(hand, ouvert)
    if ouvert:
        hand = True
        schwarz_announced = True
    if schwarz_announced:
        schneider_announced = True
        schwarz = True
    if schneider_announced:
        schneider = True
    if schwarz:
        schneider = True
    multiplier = abs(matadors) + 1
    multiplier += hand + schneider + schneider_announced + schwarz + schwarz_announced + ouvert
    return GameType(game).base_value * multiplier


def overbid_value(game: int, bid: int) -> int:
    """The smallest multiple of the base value that reaches ``bid`` (ISkO 5.5:
    an overbid game is lost at least at the value bid)."""
    base = GameType(game).base_value
    return -(-bid // base) * base


@dataclass(frozen=True, slots=True)
class Contract:
    """What the soloist declared."""

    game: GameType
    hand: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    ouvert: bool = False
    ramsch: bool = False
    """A Ramsch (all passed, house rules): played as a grand by everybody
    for himself, with no soloist."""

    def describe(self) -> str:
        if self.ramsch:
            return "Ramsch"
        parts = [self.game.label]
        if self.hand:
            parts.append("hand")
        if self.game != GameType.NULL:
            if self.ouvert:
                parts.append("ouvert")
            elif self.schwarz_announced:
                parts.append("schwarz announced")
            elif self.schneider_announced:
                parts.append("schneider announced")
        elif self.ouvert:
            parts.append("ouvert")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of one deal.  ``soloist`` is None for a passed-in deal or an
    aborted one (``aborted`` then says why)."""

    soloist: int | None
    contract: Contract | None
    bid: int
    matadors: int
    soloist_points: int
    defender_points: int
    soloist_tricks: int
    won: bool
    schneider: bool
    schwarz: bool
    overbid: bool
    value: int
    """The game value as scored (after rounding up an overbid game)."""
    multiplier: int
    conceded: str | None = None
    """'defenders', 'soloist', 'claim' or 'left' when play stopped early."""
    aborted: str | None = None
    kontra: int = 0
    """Doublings said (house rules): 1 Kontra, 2 Re, 3 Bock, 4 Hirsch."""
    bock: int = 1
    """The Bock multiplier of this deal (2 in a Bock round, 4 under two)."""
    ramsch: RamschResult | None = None
    """The outcome of a Ramsch (soloist is None then)."""

    @property
    def passed_in(self) -> bool:
        return self.soloist is None and self.aborted is None and self.ramsch is None

    @property
    def factor(self) -> int:
        """What Kontra, Re (…) and Bock multiply the game value by."""
        return (1 << self.kontra) * self.bock

    @property
    def scored_value(self) -> int:
        """The game value as the lists count it: × 2 per Kontra, Re, … and
        × the Bock multiplier (the value itself for tournament rules)."""
        return self.value * self.factor

    @property
    def score(self) -> int:
        """The soloist's score in the standard list: +value, or -2 × value
        (the scored value, under Kontra and Bock)."""
        if self.soloist is None:
            return 0
        v = self.scored_value
        return v if self.won else -2 * v

    def seeger_fabian(self, players: int = 3) -> tuple[int, int]:
        """(soloist's score, each opponent's score) in the Seeger-Fabian list:
        won +value+50; lost -2×value-50 and +40 to each defender at a 3-player
        table (+30 to each of the three others at four).  Kontra, Re and Bock
        multiply the game value only, never the 50 or the 40 (docs/rules.md)."""
        if self.soloist is None:
            return (0, 0)
        v = self.scored_value
        if self.won:
            return (v + 50, 0)
        return (-2 * v - 50, 40 if players == 3 else 30)

    def standard_by_seat(self) -> tuple[int, int, int]:
        """Each seat's (forehand, middlehand, rearhand) standard-list score."""
        if self.ramsch is not None:
            return self.ramsch.scores
        out = [0, 0, 0]
        if self.soloist is not None:
            out[self.soloist] = self.score
        return (out[0], out[1], out[2])

    def seeger_fabian_by_seat(self, players: int = 3) -> tuple[tuple[int, int, int], int]:
        """Each seat's Seeger-Fabian score, and what a fourth player sitting
        out gets.  A Ramsch counts as in the standard list (it has no
        soloist, so no 50 and no 40: docs/rules.md)."""
        if self.ramsch is not None:
            return self.ramsch.scores, 0
        if self.soloist is None:
            return (0, 0, 0), 0
        own, others = self.seeger_fabian(players)
        out = [others, others, others]
        out[self.soloist] = own
        return (out[0], out[1], out[2]), others

    def explain(self) -> str:
        """A line of reasoning such as 'Clubs with 2, game 3, hand 4 × 12 = 48'."""
        if self.ramsch is not None:
            return self.ramsch.explain(self.bock)
        if self.soloist is None or self.contract is None:
            return self.aborted or "Passed in: nobody played."
        c = self.contract
        if c.game == GameType.NULL:
            text = f"{c.describe()} = {self.value}"
        else:
            with_ = "with" if self.matadors > 0 else "without"
            steps = [f"{c.game.label} {with_} {abs(self.matadors)}"]
            n = abs(self.matadors) + 1
            steps.append(f"game {n}")
            for flag, name in (
                (c.hand, "hand"),
                (self.schneider or c.schneider_announced, "schneider"),
                (c.schneider_announced, "announced"),
                (self.schwarz or c.schwarz_announced, "schwarz"),
                (c.schwarz_announced, "announced"),
                (c.ouvert, "ouvert"),
            ):
                if flag:
                    n += 1
                    steps.append(f"{name} {n}")
            raw = n * c.game.base_value
            text = f"{', '.join(steps)} × {c.game.base_value} = {raw}"
            if self.overbid:
                text += f"; overbid (bid {self.bid}): lost as {self.value}"
        from .ruleset import KONTRA_NAMES

        for level in range(1, self.kontra + 1):
            text += f"; {KONTRA_NAMES[level]} × 2"
        if self.bock > 1:
            text += f"; Bock × {self.bock}"
        verdict = "won" if self.won else "lost"
        score = self.score
        return f"{text}; {verdict}, {score:+d}"


_POSITIONS = ("forehand", "middlehand", "rearhand")


@dataclass(frozen=True, slots=True)
class RamschResult:
    """A Ramsch as the lists score it (house rules, docs/rules.md)."""

    points: tuple[int, int, int]
    """Each seat's card points, the skat included where it went."""
    tricks: tuple[int, int, int]
    skat_to: int
    """The seat credited with the skat's points."""
    losers: tuple[int, ...]
    """The seats that lose (empty after a Durchmarsch)."""
    durchmarsch: int | None
    """The seat that took every trick (and wins 120), if any."""
    jungfrau: int
    """Players who took no trick and so doubled the loss."""
    pushes: int
    """Pushes in a Schieberamsch that doubled the loss."""
    scores: tuple[int, int, int]
    """Each seat's score (the same in both lists)."""

    def explain(self, bock: int = 1) -> str:
        if self.durchmarsch is not None:
            text = f"Ramsch: Durchmarsch by {_POSITIONS[self.durchmarsch]}, 120"
        else:
            who = " and ".join(_POSITIONS[s] for s in self.losers)
            text = f"Ramsch: {who} took the most points, {self.points[self.losers[0]]}"
        if self.jungfrau:
            text += f"; Jungfrau × {1 << self.jungfrau}"
        if self.pushes:
            text += f"; {self.pushes} push{'es' if self.pushes != 1 else ''} × {1 << self.pushes}"
        if bock > 1:
            text += f"; Bock × {bock}"
        parts = ", ".join(f"{_POSITIONS[s]} {v:+d}" for s, v in enumerate(self.scores) if v)
        return f"{text}; {parts}"


def settle_ramsch(
    *,
    points: tuple[int, int, int],
    tricks: tuple[int, int, int],
    skat_points: int,
    last_trick_winner: int,
    last_won: tuple[int, int, int],
    pushes: int,
    bock: int,
    rules: RuleSet,
) -> GameResult:
    """Score a Ramsch.  ``points`` are the card points of each seat's tricks
    (without the skat), ``last_won`` the number of the last trick each seat
    took (-1: none), ``pushes`` the doubling pushes of a Schieberamsch.

    >>> from skat_core.ruleset import PUB
    >>> r = settle_ramsch(points=(50, 40, 20), tricks=(4, 4, 2), skat_points=10,
    ...     last_trick_winner=0, last_won=(9, 7, 8), pushes=0, bock=1, rules=PUB)
    >>> r.ramsch.scores, r.explain()
    ((-60, 0, 0), 'Ramsch: forehand took the most points, 60; forehand -60')
    """
    from .ruleset import RamschSkat, RamschTie

    trick_points = list(points)
    factor = bock * (1 << pushes if rules.push_doubles else 1)
    durch = next((s for s in range(3) if tricks[s] == 10), None)
    if durch is not None and rules.durchmarsch:
        scores = [0, 0, 0]
        scores[durch] = 120 * factor
        credited = [0, 0, 0]
        credited[durch] = 120
        result = RamschResult(
            (credited[0], credited[1], credited[2]), tricks, durch, (), durch, 0,
            pushes if rules.push_doubles else 0, (scores[0], scores[1], scores[2]),
        )
        return _ramsch_result(result, 120, factor // bock, bock)
    if rules.ramsch_skat == RamschSkat.LAST_TRICK:
        skat_to = last_trick_winner
        trick_points[skat_to] += skat_points
        most = max(trick_points)
        losers = [s for s in range(3) if trick_points[s] == most]
    else:
        most = max(trick_points)
        losers = [s for s in range(3) if trick_points[s] == most]
        skat_to = losers[0] if len(losers) == 1 else -1
    if len(losers) > 1 and rules.ramsch_tie == RamschTie.MORE_TRICKS:
        losers = [max(losers, key=lambda s: (tricks[s], last_won[s]))]
    if skat_to < 0:
        skat_to = losers[0]
    if rules.ramsch_skat == RamschSkat.LOSER:
        for s in losers:
            trick_points[s] += skat_points
    jungfrau = sum(1 for s in range(3) if tricks[s] == 0) if rules.jungfrau else 0
    factor *= 1 << jungfrau
    scores = [0, 0, 0]
    for s in losers:
        scores[s] = -trick_points[s] * factor
    result = RamschResult(
        (trick_points[0], trick_points[1], trick_points[2]), tricks, skat_to, tuple(losers),
        None, jungfrau, pushes if rules.push_doubles else 0, (scores[0], scores[1], scores[2]),
    )
    return _ramsch_result(result, trick_points[losers[0]], factor // bock, bock)


def _ramsch_result(r: RamschResult, value: int, multiplier: int, bock: int) -> GameResult:
    return GameResult(
        None, Contract(GameType.GRAND, ramsch=True), 0, 0, 0, 0, 0, r.durchmarsch is not None,
        False, False, False, value, multiplier, None, None, 0, bock, r,
    )


def settle(
    *,
    soloist: int,
    contract: Contract,
    bid: int,
    soloist_cards: Mask,
    soloist_points: int,
    defender_points: int,
    soloist_tricks: int,
    defender_tricks: int,
    conceded: str | None = None,
    kontra: int = 0,
    bock: int = 1,
) -> GameResult:
    """Score a finished game.

    ``soloist_cards`` is the soloist's ten cards plus the skat (for matadors).
    ``conceded`` says how play stopped early: 'defenders' (both gave up),
    'soloist', 'left' (a defender left the table); the caller has already
    credited any remaining tricks the rules give to the soloist.
    """
    game = contract.game
    if game == GameType.NULL:
        won = soloist_tricks == 0 and conceded != "soloist"
        if conceded in ("defenders", "left"):
            won = True
        value = null_value(contract.hand, contract.ouvert)
        # Null values are fixed; declaring one below the bid is refused
        # earlier (RULES.md, ours), so a null game cannot be overbid here.
        overbid = value < bid
        if overbid:
            won = False
        return GameResult(
            soloist, contract, bid, 0, soloist_points, defender_points, soloist_tricks,
            won, False, False, overbid, value, 0, conceded, None, kontra, bock,
        )
    mats = matadors(game, soloist_cards)
    # Schneider and schwarz count only once reached (after an early end, the
    # cards still in hand belong to nobody); after ten tricks the two sides'
    # points add up to 120, so "the other side has 30 or less" is the same test.
    schneider = soloist_points >= 90 or defender_points >= 90
    schwarz = soloist_tricks == 10 or defender_tricks == 10
    if conceded in ("defenders", "left"):
        won = True
    elif conceded == "soloist":
        won = False
    else:
        won = soloist_points >= 61
        if contract.schneider_announced and soloist_points < 90:
            won = False
        if contract.schwarz_announced and defender_tricks > 0:
            won = False
    raw = game_value(
        game,
        mats,
        hand=contract.hand,
        schneider=schneider,
        schneider_announced=contract.schneider_announced,
        schwarz=schwarz,
        schwarz_announced=contract.schwarz_announced,
        ouvert=contract.ouvert,
    )
    multiplier = raw // game.base_value
    overbid = raw < bid
    value = raw
    if overbid:
        won = False
        value = overbid_value(game, bid)
    return GameResult(
        soloist, contract, bid, mats, soloist_points, defender_points, soloist_tricks,
        won, schneider, schwarz, overbid, value, multiplier, conceded, None, kontra, bock,
    )


def trumps_of(game: int) -> Mask:
    return TRUMPS[game]

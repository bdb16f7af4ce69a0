"""The vocabulary of a deal: its phases, the actions a seat can take, and a
finished trick.

Values only, no rules: :mod:`skat_core.game` applies the actions and lists the
legal ones, :mod:`skat_core.views` shows them to one seat.  Both import this
module and neither imports the other's internals, so the dependency runs one
way (views -> actions <- game -> views).  :mod:`skat_core.game` re-exports
every name here, so ``from skat_core.game import Play`` keeps working.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple, TypeAlias

from .cards import CARDS, Card
from .errors import IllegalActionError, Rule
from .rules import GameType
from .ruleset import KONTRA_NAMES
from .value import Contract


class Phase(IntEnum):
    BIDDING = 0
    SKAT = 1
    """The soloist picks up the skat or declares a hand game."""
    DISCARD = 2
    DECLARE = 3
    PLAYING = 4
    FINISHED = 5
    PUSH = 6
    """Schieberamsch (house rules): each in turn takes the skat and pushes two
    cards on, passes it on unseen, or declares a grand hand."""
    KONTRA = 7
    """Kontra before the first card (house rule ``kontra_first_card``): after
    the declaration each defender in seat order, then the soloist for Re, is
    asked to double or pass; then forehand leads.  After ``PLAYING`` in
    number (``phase >= PLAYING`` means "the game is declared and its contract
    shown"), but no card is played in it."""


# --- actions -----------------------------------------------------------------


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def malformed(field: str, value: object, expected: str) -> IllegalActionError:
    """The error for an action field of the wrong type (or no action at all)."""
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:30] + "…"
    return IllegalActionError(f"{field} must be {expected}, not {shown}", Rule.MALFORMED)


_GAMES = frozenset(GameType)


@dataclass(frozen=True, slots=True)
class Bid:
    """Say a value (middlehand to forehand, rearhand to the survivor)."""

    value: int


@dataclass(frozen=True, slots=True)
class Hold:
    """'Yes': the seat bid to holds the value."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the bidding."""


@dataclass(frozen=True, slots=True)
class PickUpSkat:
    """The soloist takes the skat into his hand (no hand game then)."""


@dataclass(frozen=True, slots=True)
class Discard:
    """The soloist puts two cards back as the new skat."""

    cards: tuple[Card, Card]

    def __post_init__(self) -> None:
        cards = self.cards
        if not isinstance(cards, tuple | list) or len(cards) != 2 or not all(
            _is_int(c) for c in cards
        ):
            raise malformed("Discard.cards", cards, "two cards")
        a, b = cards
        if not (0 <= a < 32 and 0 <= b < 32):
            raise IllegalActionError(f"no such cards: {a!r}, {b!r}", Rule.DISCARD)
        ordered = (CARDS[a], CARDS[b]) if a >= b else (CARDS[b], CARDS[a])
        object.__setattr__(self, "cards", ordered)


@dataclass(frozen=True, slots=True)
class Declare:
    """Name the game.  Implied announcements are filled in: schwarz includes
    schneider, and a suit or grand ouvert is a hand game with schwarz announced."""

    game: GameType
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.game, bool) or self.game not in _GAMES:
            raise malformed("Declare.game", self.game, "a game (GameType)")
        for name in ("hand", "schneider", "schwarz", "ouvert"):
            if not isinstance(getattr(self, name), bool):
                raise malformed(f"Declare.{name}", getattr(self, name), "true or false")
        object.__setattr__(self, "game", GameType(self.game))
        if self.ouvert and self.game != GameType.NULL:
            object.__setattr__(self, "hand", True)
            object.__setattr__(self, "schwarz", True)
        if self.schwarz:
            object.__setattr__(self, "schneider", True)

    @property
    def contract(self) -> Contract:
        return Contract(self.game, self.hand, self.schneider, self.schwarz, self.ouvert)


@dataclass(frozen=True, slots=True)
class Play:
    card: Card


@dataclass(frozen=True, slots=True)
class Kontra:
    """A doubling of the game value (house rules): level 1 Kontra (a
    defender), 2 Re (the soloist's answer), 3 Bock, 4 Hirsch.  Said by the
    seat to move before it plays its card (see docs/rules.md for when)."""

    level: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or not 1 <= self.level <= 4:
            raise IllegalActionError(f"no such doubling: {self.level!r}", Rule.KONTRA)

    @property
    def name(self) -> str:
        return KONTRA_NAMES[self.level]


@dataclass(frozen=True, slots=True)
class Push:
    """Schieberamsch: the seat that took the skat gives two cards on."""

    cards: tuple[Card, Card]

    def __post_init__(self) -> None:
        cards: object = self.cards
        if not isinstance(cards, tuple) or len(cards) != 2 or not all(_is_int(c) for c in cards):
            raise malformed("Push.cards", cards, "two cards")
        a, b = self.cards
        if not (0 <= a < 32 and 0 <= b < 32):
            raise IllegalActionError(f"no such cards: {a!r}, {b!r}", Rule.PUSH)
        ordered = (CARDS[a], CARDS[b]) if a >= b else (CARDS[b], CARDS[a])
        object.__setattr__(self, "cards", ordered)


@dataclass(frozen=True, slots=True)
class PassSkat:
    """Schieberamsch: pass the skat on without looking at it."""


@dataclass(frozen=True, slots=True)
class Claim:
    """The soloist shows his cards and claims the remaining tricks (ISkO 4.4)."""


@dataclass(frozen=True, slots=True)
class Resign:
    """A player gives up: the soloist concedes the game, or a defender agrees
    to concede (both defenders must)."""

    seat: int


@dataclass(frozen=True, slots=True)
class LeaveTable:
    """A player left or timed out (ISS ``w LE.p`` / ``w TI.p``)."""

    seat: int
    timeout: bool = False


Action: TypeAlias = (
    Bid | Hold | Pass | PickUpSkat | Discard | Declare | Play | Claim | Resign | LeaveTable
    | Kontra | Push | PassSkat
)

_ACTION_TYPES = (Bid, Hold, Pass, PickUpSkat, Discard, Declare, Play, Claim, Resign, LeaveTable,
                 Kontra, Push, PassSkat)


def check_action(action: object) -> None:
    """Refuse anything that is not an action with fields of the right types
    (:attr:`Rule.MALFORMED`, naming the field; a bid that is no whole number
    :attr:`Rule.BID_LADDER`): callers include record readers and network
    clients.  Ranges (a seat 3, a card not in the hand) are the rules' to
    check."""
    if not isinstance(action, _ACTION_TYPES):
        raise malformed("action", action, "an action (Bid, Hold, Pass, PickUpSkat, Discard, "
                        "Declare, Play, Claim, Resign, LeaveTable, Kontra, Push, "
                        "PassSkat)")
    if isinstance(action, Bid):
        if not _is_int(action.value):  # the rule for bid values names it best
            raise IllegalActionError(
                f"Bid.value must be a whole number, not {action.value!r:.30}", Rule.BID_LADDER)
    elif isinstance(action, Play):
        if not _is_int(action.card):
            raise malformed("Play.card", action.card, "a card")
    elif isinstance(action, Resign | LeaveTable):
        name = type(action).__name__
        if not _is_int(action.seat):
            raise malformed(f"{name}.seat", action.seat, "a seat 0, 1 or 2")
        if isinstance(action, LeaveTable) and not isinstance(action.timeout, bool):
            raise malformed("LeaveTable.timeout", action.timeout, "true or false")
    elif isinstance(action, Declare):
        if not isinstance(action.game, GameType):
            raise malformed("Declare.game", action.game, "a game (GameType)")
    elif isinstance(action, Discard):
        cards = action.cards
        if not isinstance(cards, tuple) or len(cards) != 2 or not all(
                _is_int(c) for c in cards):
            raise malformed("Discard.cards", cards, "two cards")


class Trick(NamedTuple):
    leader: int
    cards: tuple[int, ...]
    winner: int


def action_str(action: Action) -> str:
    """Short text of an action, as in logs and golden transcripts."""
    match action:
        case Bid(value=v):
            return str(v)
        case Hold():
            return "yes"
        case Pass():
            return "pass"
        case PickUpSkat():
            return "pickup"
        case Discard(cards=(a, b)):
            return f"discard {a} {b}"
        case Declare():
            return "declare " + action.contract.describe()
        case Play(card=c):
            return str(c)
        case Claim():
            return "claim"
        case Resign(seat=s):
            return f"resign {s}"
        case LeaveTable(seat=s, timeout=t):
            return f"{'timeout' if t else 'left'} {s}"
        case Kontra():
            return action.name.lower()
        case Push(cards=(a, b)):
            return f"push {a} {b}"
        case PassSkat():
            return "pass skat"
    raise TypeError(f"not an action: {action!r}")


__all__ = [
    "Action",
    "Bid",
    "Claim",
    "Declare",
    "Discard",
    "Hold",
    "Kontra",
    "LeaveTable",
    "Pass",
    "PassSkat",
    "Phase",
    "PickUpSkat",
    "Play",
    "Push",
    "Resign",
    "Trick",
    "action_str",
    "check_action",
    "malformed",
]

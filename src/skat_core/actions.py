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
from .value import Contract


class Phase(IntEnum):
    BIDDING = 0
    SKAT = 1
    """The soloist picks up the skat or declares a hand game."""
    DISCARD = 2
    DECLARE = 3
    PLAYING = 4
    FINISHED = 5


# --- actions -----------------------------------------------------------------


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
        a, b = self.cards
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
)

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
    raise TypeError(f"not an action: {action!r}")


__all__ = [
    "Action",
    "Bid",
    "Claim",
    "Declare",
    "Discard",
    "Hold",
    "LeaveTable",
    "Pass",
    "Phase",
    "PickUpSkat",
    "Play",
    "Resign",
    "Trick",
    "action_str",
]

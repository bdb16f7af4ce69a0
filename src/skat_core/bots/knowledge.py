"""What a seat knows about the hidden cards, read from its :class:`SeatView` only.

Hard facts only: the seat's own hand, the cards played, the soloist's open
cards in an ouvert game, the skat and the discard where this seat saw them,
and the voids shown by not following suit (in suit and grand games the jacks
are trumps, so a seat that answers a trump lead with a plain card has no
jack either; in null games a jack belongs to its suit).

The hidden cards lie in up to four *places*: the three seats (0 forehand,
1 middlehand, 2 rearhand) and the skat (place 3).  :class:`Knowledge` says
how many hidden cards each place holds and which hidden cards each place may
hold; :mod:`skat_core.bots.sampling` deals them out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ALL_CARDS, Mask, points_of
from ..game import Bid, Hold, Pass, Phase
from ..rules import follow_class, trick_points, trick_winner
from ..value import BID_VALUES
from ..views import SeatView

SKAT = 3
"""The place index of the skat."""


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[int, ...]
    seats: tuple[int, ...]
    winner: int
    """The seat that took it, -1 while the trick is open."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The seat's picture of the trick phase (or of the bidding, with no game)."""

    seat: int
    soloist: int
    game: int
    """A :class:`GameType` value, -1 before the declaration."""
    hand: Mask
    known: tuple[Mask, Mask, Mask, Mask]
    """Cards known to lie in each place now (own hand, open soloist cards, a
    skat this seat has seen)."""
    hidden: Mask
    """Cards this seat cannot place."""
    counts: tuple[int, int, int, int]
    """How many hidden cards each place holds."""
    allowed: tuple[Mask, Mask, Mask, Mask]
    """Which hidden cards each place may hold (voids taken out)."""
    voids: tuple[Mask, Mask, Mask]
    """Cards each seat is known not to hold because it did not follow."""
    tricks: tuple[Trick, ...]
    """Finished tricks, then the open one (if any cards lie on the table)."""
    trick: tuple[int, ...]
    trick_leader: int
    won_points: tuple[int, int, int]
    """Card points each seat has taken in tricks so far."""
    played: Mask
    skat_points: int | None
    """Points of the skat as it lies (counts for the soloist), if known."""
    bids: tuple[int, int, int] = (0, 0, 0)
    """The highest value each seat bid or held (0: it never did)."""
    refused: tuple[int, int, int] = (0, 0, 0)
    """The value each seat passed at (0: it never passed): the next value
    for a bidder, the value said to it for a holder."""
    played_by: tuple[Mask, Mask, Mask] = (0, 0, 0)
    """The cards each seat has played."""

    @property
    def to_move(self) -> int:
        return (self.trick_leader + len(self.trick)) % 3

    @property
    def soloist_trick_points(self) -> int:
        return self.won_points[self.soloist] if self.soloist >= 0 else 0

    @property
    def is_soloist(self) -> bool:
        return self.seat == self.soloist


def read_tricks(game: int, plays: tuple[tuple[int, int], ...]) -> tuple[Trick, ...]:
    """Split the plays into tricks (the first led by forehand, then by each winner)."""
    out: list[Trick] = []
    for i in range(0, len(plays), 3):
        chunk = plays[i : i + 3]
        seats = tuple(s for s, _ in chunk)
        cards = tuple(c for _, c in chunk)
        winner = -1
        if len(cards) == 3:
            winner = seats[trick_winner(game, cards)]
        out.append(Trick(seats[0], cards, seats, winner))
    return tuple(out)


def read_knowledge(view: SeatView) -> Knowledge:
    """Collect what ``view`` shows about the hidden cards."""
    seat = view.seat
    soloist = view.soloist
    game = int(view.contract.game) if view.contract is not None else -1
    hand = view.hand
    played = view.played_mask
    tricks = read_tricks(game, view.plays) if game >= 0 else ()
    bids = [0, 0, 0]
    refused = [0, 0, 0]
    current = 0
    previous: object = None
    for actor, action in view.public_actions:
        if isinstance(action, Bid):
            current = action.value
            bids[actor] = current
        elif isinstance(action, Hold):
            bids[actor] = current
        elif isinstance(action, Pass):
            if isinstance(previous, Bid):
                refused[actor] = current  # the holder would not say yes
            else:
                refused[actor] = next((v for v in BID_VALUES if v > current), 0)
        else:
            break
        previous = action
    played_by = [0, 0, 0]
    for s, c in view.plays:
        played_by[s] |= 1 << c
    voids = [0, 0, 0]
    won = [0, 0, 0]
    for t in tricks:
        lead_class = follow_class(game, t.cards[0])
        for s, c in zip(t.seats[1:], t.cards[1:], strict=True):
            if not lead_class >> c & 1:
                voids[s] |= lead_class
        if t.winner >= 0:
            won[t.winner] += trick_points(t.cards)
    open_trick: tuple[int, ...] = ()
    leader = view.leader
    if tricks and tricks[-1].winner < 0:
        open_trick = tricks[-1].cards
        leader = tricks[-1].leader
    elif tricks:
        leader = tricks[-1].winner
    elif game >= 0:
        leader = 0

    known = [0, 0, 0, 0]
    known[seat] = hand
    seen = hand | played
    if view.open_cards and soloist >= 0:
        known[soloist] |= view.open_cards
        seen |= view.open_cards
    skat_points: int | None = None
    # Only the soloist's skat and discard are placed (a Schieberamsch pusher
    # saw a skat and pushed two cards on, but cannot place them now).
    if view.skat is not None and seat == soloist:
        seen |= view.skat
    if view.discard is not None and seat == soloist:
        seen |= view.discard
    if seat == soloist and view.discard is not None:
        known[SKAT] = view.discard
        skat_points = points_of(view.discard)
    elif seat == soloist and view.skat is not None and view.phase <= Phase.DISCARD:
        # Picked up, not yet put back: the skat is in the hand.
        known[SKAT] = 0
    hidden = ALL_CARDS & ~seen
    counts = [0, 0, 0, 0]
    for s in range(3):
        if s != seat:
            counts[s] = view.cards_left[s] - known[s].bit_count()
    # The soloist who picked up knows the skat (in his hand, then his discard).
    counts[SKAT] = 0 if seat == soloist and view.skat is not None else 2
    allowed = [0, 0, 0, 0]
    for s in range(3):
        if s != seat and counts[s]:
            allowed[s] = hidden & ~voids[s]
    allowed[SKAT] = hidden if counts[SKAT] else 0
    return Knowledge(
        seat=seat,
        soloist=soloist,
        game=game,
        hand=hand,
        known=(known[0], known[1], known[2], known[3]),
        hidden=hidden,
        counts=(counts[0], counts[1], counts[2], counts[3]),
        allowed=(allowed[0], allowed[1], allowed[2], allowed[3]),
        voids=(voids[0], voids[1], voids[2]),
        tricks=tricks,
        trick=open_trick,
        trick_leader=leader,
        won_points=(won[0], won[1], won[2]),
        played=played,
        skat_points=skat_points,
        bids=(bids[0], bids[1], bids[2]),
        refused=(refused[0], refused[1], refused[2]),
        played_by=(played_by[0], played_by[1], played_by[2]),
    )

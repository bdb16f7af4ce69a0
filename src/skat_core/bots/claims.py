"""Claims and concessions at the table (ISkO 4.4): when a bot claims the
rest, accepts a claim, or agrees to give up.

Every decision reads one seat's view only and says yes only when the
outcome is sure from what that seat sees, so that saying yes changes nothing
against playing the deal out:

* :func:`soloist_claims`: the soloist on lead, before leading, whose hand
  takes every trick against any lie of the cards he cannot see
  (:func:`~.schwarz.claims`).
* :func:`accepts_claim`: a defender who sees the soloist's cards (shown by
  the claim, or ouvert) accepts when they take every remaining trick
  whatever the partner and the skat hold.  If a defender is to lead, the
  soloist must win that trick whatever is led and still claim afterwards.
  A trick in progress, or a null game: no (when in doubt, play on).
* :func:`agrees_to_give_up`: a defender whose partner gave up agrees when
  the soloist has won already: his tricks hold 61 card points (public
  knowledge), or his shown cards take every trick as above.  Never in null.
"""

from __future__ import annotations

from ..game import Claim, Phase
from ..rules import TRUMPS, GameType, trick_points
from ..views import SeatView
from .knowledge import read_tricks
from .schwarz import claims, top_trumps, wins_any_first_lead

NULL = int(GameType.NULL)


def claimed(view: SeatView) -> bool:
    """Whether the soloist has claimed the rest in this deal."""
    return any(isinstance(a, Claim) for _, a in view.public_actions)


def soloist_claims(view: SeatView) -> bool:
    """The soloist ``view.seat`` should claim now: on lead with an empty
    trick, and his hand takes every trick against all cards he cannot see."""
    if (view.phase != Phase.PLAYING or view.seat != view.soloist or view.contract is None
            or view.to_move != view.seat or view.trick or claimed(view)):
        return False
    game = int(view.contract.game)
    if game == NULL:
        return False
    others = view.unseen
    return claims(game, view.hand, others, (others & TRUMPS[game]).bit_count())


def _sure_from_the_defence(view: SeatView) -> bool:
    """The soloist's shown cards take every remaining trick, as the defender
    ``view.seat`` sees it (the trick must be empty)."""
    contract = view.contract
    if (view.phase != Phase.PLAYING or contract is None or view.seat == view.soloist
            or view.trick or not view.open_cards):
        return False
    game = int(contract.game)
    if game == NULL:
        return False
    solo = view.open_cards
    trumps = TRUMPS[game]
    partner = 3 - view.seat - view.soloist
    # The cards the defenders may hold: ours, and everything we cannot place.
    others = view.hand | view.unseen
    most = max((view.hand & trumps).bit_count(),
               min((view.unseen & trumps).bit_count(), view.cards_left[partner]))
    if not claims(game, solo, others, most):
        return False
    if view.leader == view.soloist:
        return True
    # A defender leads: the soloist must take this trick whatever is led,
    # and still claim after it.
    tops = top_trumps(game, solo, others).bit_count()
    if others & trumps and tops - 1 < most:
        return False  # a trump lead, or a ruff, costs him a top trump
    return wins_any_first_lead(game, solo, others, most)


def accepts_claim(view: SeatView) -> bool:
    """The defender ``view.seat`` accepts the soloist's claim."""
    return claimed(view) and _sure_from_the_defence(view)


def soloist_trick_points(view: SeatView) -> int:
    """Card points in the tricks the soloist took (public: every card
    played and who took each trick; the skat not counted)."""
    if view.contract is None or view.soloist < 0:
        return 0
    tricks = read_tricks(int(view.contract.game), view.plays)
    return sum(trick_points(t.cards) for t in tricks if t.winner == view.soloist)


def agrees_to_give_up(view: SeatView) -> bool:
    """The defender ``view.seat`` agrees when the partner gave up."""
    if view.phase != Phase.PLAYING or view.contract is None or view.seat == view.soloist:
        return False
    if view.contract.game == GameType.NULL:
        return False
    if soloist_trick_points(view) >= 61:
        return True
    return _sure_from_the_defence(view)


__all__ = ["accepts_claim", "agrees_to_give_up", "claimed", "soloist_claims",
           "soloist_trick_points"]

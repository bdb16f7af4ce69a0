"""The state of one deal and the actions that move it on.

A :class:`GameState` is immutable: :meth:`GameState.apply` (or :func:`apply`)
returns a new state and never changes the old one.  Seats are positions in
this deal: 0 forehand, 1 middlehand, 2 rearhand.  Data flows one way:
bidding → skat → declaration → tricks → result.

>>> from skat_core.deal import deal_from_seed
>>> s = new_game(deal_from_seed("doc", 0))
>>> s.phase.name, s.to_move, s.legal_actions()[:3]
('BIDDING', 1, [Pass(), Bid(value=18), Bid(value=20)])
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from .actions import (
    Action,
    Bid,
    Claim,
    Declare,
    Discard,
    Hold,
    Kontra,
    LeaveTable,
    Pass,
    PassSkat,
    Phase,
    PickUpSkat,
    Play,
    Push,
    Resign,
    Trick,
    action_str,
    check_action,
    malformed,
)
from .cards import CARD_POINTS, CARDS, JACKS, Card, CardSet, Mask, cards_of, points_of
from .deal import Deal
from .errors import IllegalActionError, Rule
from .rules import GameType, legal_cards, trick_winner
from .ruleset import TOURNAMENT, Ramsch, RuleSet
from .value import BID_VALUES, Contract, GameResult, null_value, settle, settle_ramsch
from .views import SeatView, seat_view

FOREHAND, MIDDLEHAND, REARHAND = 0, 1, 2
POSITION_NAMES = ("forehand", "middlehand", "rearhand")


PASS = Pass()
HOLD = Hold()
PICK_UP = PickUpSkat()
PASS_SKAT = PassSkat()
KONTRAS: dict[int, Kontra] = {n: Kontra(n) for n in range(1, 5)}
KONTRA, RE = KONTRAS[1], KONTRAS[2]
GRAND_HAND = Declare(GameType.GRAND, hand=True)
RAMSCH_CONTRACT = Contract(GameType.GRAND, ramsch=True)
PUSHES: dict[tuple[int, int], Push] = {
    (a, b): Push((CARDS[a], CARDS[b])) for a in range(32) for b in range(a)
}
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
BIDS: dict[int, Bid] = {v: Bid(v) for v in BID_VALUES}
_BIDDER_ACTIONS: dict[int, tuple[Action, ...]] = {
    bid: (PASS, *(BIDS[v] for v in BID_VALUES if v > bid)) for bid in (0, *BID_VALUES)
}
"""The bidder's legal actions by the bid so far: pass, or any higher value."""
DISCARDS: dict[tuple[int, int], Discard] = {
    (a, b): Discard((CARDS[a], CARDS[b])) for a in range(32) for b in range(a)
}
"""Every discard by its two card numbers, the higher first (built once: the
discard phase lists 66 of them)."""


def _hand_declarations() -> tuple[Declare, ...]:
    out: list[Declare] = []
    for g in (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS, GameType.GRAND):
        out.append(Declare(g, hand=True))
        out.append(Declare(g, hand=True, schneider=True))
        out.append(Declare(g, hand=True, schwarz=True))
        out.append(Declare(g, hand=True, ouvert=True))
    out.append(Declare(GameType.NULL, hand=True))
    out.append(Declare(GameType.NULL, hand=True, ouvert=True))
    return tuple(out)


HAND_DECLARATIONS = _hand_declarations()
SKAT_DECLARATIONS: tuple[Declare, ...] = (
    *(Declare(g) for g in (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)),
    Declare(GameType.GRAND),
    Declare(GameType.NULL),
    Declare(GameType.NULL, ouvert=True),
)


# --- the state ---------------------------------------------------------------


class GameState(NamedTuple):
    """Everything about one deal.  Immutable (a named tuple: fast to build,
    which matters for the bots' and benchmarks' millions of states)."""

    deal: Deal
    phase: Phase
    to_move: int
    """The seat to act, -1 once the deal is over."""
    bid: int
    """Highest value said or held so far (0 before the first bid)."""
    bidder: int
    """The seat that must bid or raise now (-1 once bidding is over)."""
    holder: int
    """The seat being bid to (-1 in forehand's last call, or after bidding)."""
    passed: int
    """Mask of seats (bit per seat) that have passed."""
    soloist: int
    skat: Mask
    """The skat as it lies: the dealt one, none (0) while the soloist holds it
    after picking it up, or the two cards put back (the dealt skat is
    ``deal.skat``)."""
    picked_up: bool
    contract: Contract | None
    hands: tuple[Mask, Mask, Mask]
    trick: tuple[int, ...]
    leader: int
    won: tuple[Mask, Mask, Mask]
    """Cards won in tricks by each seat."""
    tricks: tuple[int, int, int]
    last_trick: Trick | None
    claimed: bool
    resigned: int
    history: tuple[tuple[int, Action], ...]
    result: GameResult | None
    rules: RuleSet = TOURNAMENT
    """The rule set of the match (house rules read from here only)."""
    kontra: int = 0
    """Doublings said so far: 0 none, 1 Kontra, 2 Re, 3 Bock, 4 Hirsch."""
    bock: int = 1
    """This deal's Bock multiplier (given by the match: 2 in a Bock round)."""
    pushes: int = 0
    """Schieberamsch: how many players took the skat and pushed."""
    ramsch_round: bool = False
    """A deal of a Ramsch round (after a Bock round): no bidding, Ramsch."""

    # -- queries -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.FINISHED

    @property
    def is_ramsch(self) -> bool:
        return self.contract is not None and self.contract.ramsch

    @property
    def game(self) -> GameType | None:
        return self.contract.game if self.contract else None

    def hand(self, seat: int) -> CardSet:
        return CardSet(self.hands[seat])

    @property
    def trick_leader(self) -> int:
        return self.leader

    @property
    def tricks_played(self) -> int:
        return sum(self.tricks)

    @property
    def soloist_points(self) -> int:
        """Card points of the soloist's tricks plus the skat (RULES.md: the
        skat counts for the soloist, hand game or not)."""
        if self.soloist < 0:
            return 0
        return points_of(self.won[self.soloist] | self.skat)

    @property
    def defender_points(self) -> int:
        if self.soloist < 0:
            return 0
        s = self.soloist
        return points_of(self.won[(s + 1) % 3] | self.won[(s + 2) % 3])

    def legal_actions(self) -> list[Action]:
        """The actions of the seat to move, in a fixed order (Pass before bids
        in rising value; pick-up before hand declarations; cards from ♣J down).
        Out-of-turn actions (claim, resign) are not listed: see
        :meth:`can_claim` and :meth:`can_resign`."""
        phase = self.phase
        if phase == Phase.PLAYING:
            seat = self.to_move
            lead = self.trick[0] if self.trick else None
            assert self.contract is not None
            legal = legal_cards(self.contract.game, self.hands[seat], lead)
            plays: list[Action] = [PLAYS[c] for c in cards_of(legal)]
            if self.rules.kontra:
                offer = self.kontra_offer()
                if offer is not None:
                    return [offer, *plays]
            return plays
        if phase == Phase.BIDDING:
            if self.holder < 0:
                return [PASS, BIDS[18]]  # forehand alone: play at 18 or pass
            if self.to_move == self.bidder:
                return list(_BIDDER_ACTIONS[self.bid])
            return [PASS, HOLD]
        if phase == Phase.SKAT:
            return [PICK_UP, *(d for d in HAND_DECLARATIONS if self._declarable(d))]
        if phase == Phase.DISCARD:
            cards = cards_of(self.hands[self.soloist])
            return [DISCARDS[a, b] for a, b in combinations(cards, 2)]
        if phase == Phase.DECLARE:
            return [d for d in SKAT_DECLARATIONS if self._declarable(d)]
        if phase == Phase.KONTRA:
            return [KONTRAS[self.kontra + 1], PASS]
        if phase == Phase.PUSH:
            if self.picked_up:
                hand = self.hands[self.to_move]
                if not self.rules.push_jacks:
                    hand &= ~JACKS
                return [PUSHES[a, b] for a, b in combinations(cards_of(hand), 2)]
            if self.rules.grand_hand_instead:
                return [PICK_UP, PASS_SKAT, GRAND_HAND]
            return [PICK_UP, PASS_SKAT]
        return []

    def kontra_offer(self) -> Kontra | None:
        """The doubling the seat to move may say now, if any (house rules,
        docs/rules.md): a defender says Kontra before his own first card
        (with ``kontra_needs_bid`` only one who bid or held); each answer
        (Re by the soloist, then Bock, Hirsch) is said by the other side
        before its next card after the doubling it answers.  Never against
        an ouvert game (its cards lie open before anyone could say it) and
        never in a Ramsch.  With ``kontra_first_card`` every doubling is
        asked in :attr:`Phase.KONTRA`, before the first card, and none later."""
        rules = self.rules
        contract = self.contract
        if self.phase == Phase.KONTRA:
            return KONTRAS[self.kontra + 1]
        if (not rules.kontra or rules.kontra_first_card or self.phase != Phase.PLAYING
                or contract is None
                or contract.ramsch or contract.ouvert or self.kontra >= rules.kontra_max
                or self.claimed or self.resigned):
            return None
        seat = self.to_move
        defender = seat != self.soloist
        level = self.kontra
        if defender != (level % 2 == 0):
            return None
        if level == 0:
            for actor, a in self.history:
                if actor == seat and type(a) is Play:
                    return None
            if rules.kontra_needs_bid and not any(
                actor == seat and type(a) in (Bid, Hold) for actor, a in self.history
            ):
                return None
            return KONTRAS[1]
        # An answer: no card of this side since the doubling it answers.
        for actor, a in reversed(self.history):
            if type(a) is Kontra:
                break
            if type(a) is Play and (actor != self.soloist) == defender:
                return None
        return KONTRAS[level + 1]

    def _declarable(self, d: Declare) -> bool:
        # RULES.md (ours): a null game whose fixed value is below the bid may
        # not be declared; suit and grand games may (they can still be lost
        # as overbid).
        return not (d.game == GameType.NULL and null_value(d.hand, d.ouvert) < self.bid)

    def can_claim(self, seat: int) -> bool:
        return (self.phase == Phase.PLAYING and seat == self.soloist >= 0
                and not self.claimed)

    def can_resign(self, seat: int) -> bool:
        return (self.phase == Phase.PLAYING and self.soloist >= 0
                and not self.resigned >> seat & 1)

    def apply(self, action: Action) -> GameState:
        return apply(self, action)

    def view(self, seat: int) -> SeatView:
        return seat_view(self, seat)

    def actor_of(self, action: Action) -> int:
        """The seat an action belongs to."""
        if isinstance(action, Resign | LeaveTable):
            return action.seat
        if isinstance(action, Claim):
            return self.soloist
        return self.to_move


def new_game(
    deal: Deal, rules: RuleSet = TOURNAMENT, *, bock: int = 1, ramsch_round: bool = False
) -> GameState:
    """The state right after dealing: middlehand bids to forehand first.
    ``rules`` is the match's rule set; ``bock`` and ``ramsch_round`` are what
    the match's Bock rounds make of this deal (a Ramsch round starts with the
    Ramsch, no bidding)."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules: a RuleSet, not {rules!r}")
    if not isinstance(bock, int) or bock < 1 or bock & (bock - 1):
        raise ValueError(f"bock: a power of two from 1, not {bock!r}")
    state = GameState(
        deal=deal,
        phase=Phase.BIDDING,
        to_move=MIDDLEHAND,
        bid=0,
        bidder=MIDDLEHAND,
        holder=FOREHAND,
        passed=0,
        soloist=-1,
        skat=deal.skat,
        picked_up=False,
        contract=None,
        hands=deal.hands,
        trick=(),
        leader=FOREHAND,
        won=(0, 0, 0),
        tricks=(0, 0, 0),
        last_trick=None,
        claimed=False,
        resigned=0,
        history=(),
        result=None,
        rules=rules,
        bock=bock,
        ramsch_round=ramsch_round,
    )
    return _start_ramsch(state) if ramsch_round else state


def restart(state: GameState) -> GameState:
    """The same deal from its first action, under the same rules and Bock."""
    return new_game(state.deal, state.rules, bock=state.bock, ramsch_round=state.ramsch_round)


# --- transitions ---------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` naming
    the rule when the action is not allowed."""
    phase = state.phase
    if phase == Phase.PLAYING and type(action) is Play:
        return _play(state, action)
    check_action(action)
    if phase == Phase.FINISHED:
        raise IllegalActionError(f"{action_str(action)}: the deal is over", Rule.GAME_OVER)
    if isinstance(action, LeaveTable):
        return _leave(state, action)
    if isinstance(action, Resign):
        return _resign(state, action)
    if phase == Phase.KONTRA:
        return _kontra_question(state, action)
    if isinstance(action, Kontra):
        return _kontra(state, action)
    if phase == Phase.PUSH:
        return _push_phase(state, action)
    if isinstance(action, Claim):
        if not state.can_claim(state.soloist):
            raise IllegalActionError("claim not possible now", Rule.CLAIM)
        return state._replace(claimed=True, history=(*state.history, (state.soloist, action)))
    if phase == Phase.BIDDING:
        return _bidding(state, action)
    if phase == Phase.SKAT:
        if isinstance(action, PickUpSkat):
            s = state.soloist
            hands = _with(state.hands, s, state.hands[s] | state.skat)
            # The skat is in the hand now, not beside it: every card in one
            # place, also if the deal ends before two are put back.
            return state._replace(
                phase=Phase.DISCARD, picked_up=True, hands=hands, skat=0,
                history=(*state.history, (s, action)),
            )
        if isinstance(action, Declare):
            return _declare(state, action)
    if phase == Phase.DISCARD:
        if isinstance(action, Discard):
            return _discard(state, action)
        if isinstance(action, Declare):
            raise IllegalActionError("put two cards back first", Rule.PICKUP_BEFORE_DECLARE)
    if phase == Phase.DECLARE and isinstance(action, Declare):
        return _declare(state, action)
    raise IllegalActionError(
        f"{action_str(action)} is not possible in phase {phase.name.lower()}", Rule.PHASE
    )


def _with(t: tuple[int, int, int], i: int, v: int) -> tuple[int, int, int]:
    if i == 0:
        return (v, t[1], t[2])
    if i == 1:
        return (t[0], v, t[2])
    return (t[0], t[1], v)


def _bidding(state: GameState, action: Action) -> GameState:
    seat = state.to_move
    history = (*state.history, (seat, action))
    if isinstance(action, Bid):
        if seat != state.bidder:
            raise IllegalActionError("this seat is being bid to: hold or pass", Rule.HOLD)
        if not isinstance(action.value, int) or action.value not in BIDS:
            raise IllegalActionError(f"{action.value} is not a game value", Rule.BID_LADDER)
        if action.value <= state.bid:
            raise IllegalActionError(
                f"{action.value} does not raise {state.bid}", Rule.BID_RAISE
            )
        if state.holder < 0:
            # Forehand's call after both others passed: he plays at 18 or
            # passes (RULES.md, Bidding); a higher value would only bind him.
            if action.value != 18:
                raise IllegalActionError(
                    f"forehand alone says 18, not {action.value}", Rule.FOREHAND_CALL
                )
            return _end_bidding(state._replace(bid=action.value, history=history), seat)
        return state._replace(bid=action.value, to_move=state.holder, history=history)
    if isinstance(action, Hold):
        if seat != state.holder:
            raise IllegalActionError("only the seat being bid to may hold", Rule.HOLD)
        return state._replace(to_move=state.bidder, history=history)
    if isinstance(action, Pass):
        passed = state.passed | 1 << seat
        survivor = state.holder if seat == state.bidder else state.bidder
        if state.holder < 0:
            # Forehand passes too: passed in (RULES.md: scores 0, next deal),
            # or a Ramsch under house rules.
            if state.rules.ramsch != Ramsch.OFF:
                return _start_ramsch(state._replace(passed=passed, history=history))
            return _finish(state._replace(passed=passed, history=history), None)
        if state.bidder == MIDDLEHAND:
            # First round over: rearhand now bids to the survivor.
            return state._replace(
                passed=passed, bidder=REARHAND, holder=survivor, to_move=REARHAND,
                history=history,
            )
        # Second round over.
        if state.bid == 0:
            # Middlehand and rearhand passed without a bid: forehand may play
            # at 18 or pass (RULES.md, Bidding).
            return state._replace(
                passed=passed, bidder=FOREHAND, holder=-1, to_move=FOREHAND, history=history
            )
        return _end_bidding(state._replace(passed=passed, history=history), survivor)
    raise IllegalActionError(f"{action_str(action)} during bidding", Rule.PHASE)


def _end_bidding(state: GameState, soloist: int) -> GameState:
    return state._replace(
        phase=Phase.SKAT, soloist=soloist, to_move=soloist, bidder=-1, holder=-1,
        bid=max(state.bid, 18),
    )


def _start_ramsch(state: GameState) -> GameState:
    """All passed under house rules: a Ramsch, pushed first in a Schieberamsch."""
    if state.rules.ramsch == Ramsch.SCHIEBERAMSCH:
        return state._replace(phase=Phase.PUSH, to_move=FOREHAND, bidder=-1, holder=-1)
    return state._replace(
        phase=Phase.PLAYING, contract=RAMSCH_CONTRACT, to_move=FOREHAND, leader=FOREHAND,
        bidder=-1, holder=-1,
    )


def _push_phase(state: GameState, action: Action) -> GameState:
    seat = state.to_move
    history = (*state.history, (seat, action))
    legal = state.legal_actions()
    if isinstance(action, Push):
        a, b = action.cards
        put = 1 << a | 1 << b
        hand = state.hands[seat]
        if not state.picked_up or a == b or put & hand != put:
            raise IllegalActionError("push two different cards from your hand", Rule.PUSH)
        if action not in legal:
            raise IllegalActionError("jacks may not be pushed", Rule.PUSH_JACKS)
        state = state._replace(
            skat=put, hands=_with(state.hands, seat, hand & ~put), picked_up=False,
            pushes=state.pushes + 1, history=history,
        )
        return _next_pusher(state, seat)
    if state.picked_up:
        raise IllegalActionError("push two cards on first", Rule.PUSH)
    if isinstance(action, PickUpSkat):
        return state._replace(
            picked_up=True, hands=_with(state.hands, seat, state.hands[seat] | state.skat),
            history=history,
        )
    if isinstance(action, PassSkat):
        return _next_pusher(state._replace(history=history), seat)
    if isinstance(action, Declare) and action in legal:
        # A grand hand instead of pushing: an ordinary game from here on.
        return _start_play(state._replace(
            phase=Phase.PLAYING, soloist=seat, contract=action.contract, to_move=FOREHAND,
            leader=FOREHAND, history=history,
        ))
    raise IllegalActionError(
        f"{action_str(action)}: take the skat, pass it on"
        + (" or declare a grand hand" if state.rules.grand_hand_instead else ""),
        Rule.PUSH,
    )


def _next_pusher(state: GameState, seat: int) -> GameState:
    if seat < REARHAND:
        return state._replace(to_move=seat + 1)
    return state._replace(
        phase=Phase.PLAYING, contract=RAMSCH_CONTRACT, to_move=FOREHAND, leader=FOREHAND,
    )


def _kontra(state: GameState, action: Kontra) -> GameState:
    offer = state.kontra_offer()
    if offer is None or offer != action:
        if not state.rules.kontra:
            why = "these rules have no Kontra"
        else:
            why = f"{action.name} is not possible now"
        raise IllegalActionError(why, Rule.KONTRA)
    return state._replace(
        kontra=action.level, history=(*state.history, (state.to_move, action))
    )


def _discard(state: GameState, action: Discard) -> GameState:
    s = state.soloist
    a, b = action.cards
    put = 1 << a | 1 << b
    hand = state.hands[s]
    if a == b or put & hand != put:
        raise IllegalActionError("discard two different cards from your hand", Rule.DISCARD)
    return state._replace(
        phase=Phase.DECLARE, skat=put, hands=_with(state.hands, s, hand & ~put),
        history=(*state.history, (s, action)),
    )


def _declare(state: GameState, d: Declare) -> GameState:
    if d.game == GameType.NULL and (d.schneider or d.schwarz):
        raise IllegalActionError("null with announcements", Rule.NULL_ANNOUNCE)
    if state.picked_up and d.ouvert and d.game != GameType.NULL:
        # Declare fills in hand=True for a suit or grand ouvert, so name the
        # announcement the caller made, not the hand it implies.
        raise IllegalActionError(
            f"{d.game.label} ouvert is a hand game: not after picking up the skat",
            Rule.ANNOUNCE_NEEDS_HAND,
        )
    if state.picked_up and d.hand:
        raise IllegalActionError("hand game after picking up the skat", Rule.HAND_AFTER_PICKUP)
    if not state.picked_up and not d.hand:
        raise IllegalActionError(
            "declare a hand game or pick up the skat first", Rule.PICKUP_BEFORE_DECLARE
        )
    if (d.schneider or d.schwarz or (d.ouvert and d.game != GameType.NULL)) and not d.hand:
        raise IllegalActionError("announcement without hand", Rule.ANNOUNCE_NEEDS_HAND)
    if not state._declarable(d):
        raise IllegalActionError(
            f"{d.contract.describe()} is worth {null_value(d.hand, d.ouvert)}, below the bid "
            f"{state.bid}",
            Rule.NULL_BELOW_BID,
        )
    return _start_play(state._replace(
        phase=Phase.PLAYING, contract=d.contract, to_move=FOREHAND, leader=FOREHAND,
        history=(*state.history, (state.soloist, d)),
    ))


def _may_double(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is asked for the next doubling before the first card
    (``kontra_needs_bid``: a defender who never bid or held is not asked)."""
    if seat != state.soloist and state.kontra == 0 and state.rules.kontra_needs_bid:
        return any(actor == seat and type(a) in (Bid, Hold) for actor, a in state.history)
    return True


def _ask_next(state: GameState, side: tuple[int, ...]) -> GameState:
    """The first seat of ``side`` (in seat order) to be asked, or forehand's
    lead when nobody is left to ask or the doubling has gone as far as it may."""
    if state.kontra < state.rules.kontra_max:
        for seat in side:
            if _may_double(state, seat):
                return state._replace(phase=Phase.KONTRA, to_move=seat)
    return state._replace(phase=Phase.PLAYING, to_move=FOREHAND, leader=FOREHAND)


def _defenders(state: GameState) -> tuple[int, ...]:
    return tuple(s for s in (FOREHAND, MIDDLEHAND, REARHAND) if s != state.soloist)


def _start_play(state: GameState) -> GameState:
    """A declared game begins: with Kontra only before the first card
    (``kontra_first_card``), the defenders are asked first (never against an
    ouvert game, whose cards lie open from the declaration)."""
    rules = state.rules
    contract = state.contract
    if (not rules.kontra or not rules.kontra_first_card or contract is None
            or contract.ramsch or contract.ouvert):
        return state
    return _ask_next(state, _defenders(state))


def _kontra_question(state: GameState, action: Action) -> GameState:
    """Before the first card: the seat asked doubles (the other side is
    asked next) or passes (the next seat of its side, if any, is asked)."""
    seat = state.to_move
    offer = KONTRAS[state.kontra + 1]
    history = (*state.history, (seat, action))
    if action == offer:
        state = state._replace(kontra=offer.level, history=history)
        other = (state.soloist,) if seat != state.soloist else _defenders(state)
        return _ask_next(state, other)
    if isinstance(action, Pass):
        state = state._replace(history=history)
        if seat == state.soloist:
            return _ask_next(state, ())
        return _ask_next(state, tuple(s for s in _defenders(state) if s > seat))
    raise IllegalActionError(
        f"{action_str(action)}: before the first card, say {offer.name} or pass", Rule.KONTRA
    )


def _play(state: GameState, action: Play) -> GameState:
    seat = state.to_move
    card = action.card
    if card.__class__ is not Card and (not isinstance(card, int) or isinstance(card, bool)):
        raise malformed("Play.card", card, "a card")
    hand = state.hands[seat]
    if card < 0 or not hand >> card & 1:
        name = CARDS[card] if 0 <= card < 32 else f"card {card!r}"
        raise IllegalActionError(f"{name} is not in the hand", Rule.NOT_IN_HAND)
    contract = state.contract
    assert contract is not None
    game = contract.game
    trick = state.trick
    if trick and not legal_cards(game, hand, trick[0]) >> card & 1:
        raise IllegalActionError(f"{CARDS[card]} does not follow suit", Rule.FOLLOW_SUIT)
    hands = _with(state.hands, seat, hand & ~(1 << card))
    trick = (*trick, card)
    history = (*state.history, (seat, action))
    # A claim stands once made: the cards are shown and play on does not take
    # them back (RULES.md, Claims: the ISS record where the soloist claims, plays
    # a card, and the defenders then concede is credited p:84, not the 33 taken).
    if len(trick) < 3:
        return GameState(
            state.deal, Phase.PLAYING, (seat + 1) % 3, state.bid, -1, -1, state.passed,
            state.soloist, state.skat, state.picked_up, contract, hands, trick, state.leader,
            state.won, state.tricks, state.last_trick, state.claimed, state.resigned, history,
            None, state.rules, state.kontra, state.bock, state.pushes, state.ramsch_round,
        )
    leader = state.leader
    winner = (leader + trick_winner(game, trick)) % 3
    won = _with(state.won, winner, state.won[winner] | 1 << trick[0] | 1 << trick[1] | 1 << card)
    t = state.tricks
    tricks = _with(t, winner, t[winner] + 1)
    after = GameState(
        state.deal, Phase.PLAYING, winner, state.bid, -1, -1, state.passed, state.soloist,
        state.skat, state.picked_up, contract, hands, (), winner, won, tricks,
        Trick(leader, trick, winner), state.claimed, state.resigned, history, None,
        state.rules, state.kontra, state.bock, state.pushes, state.ramsch_round,
    )
    soloist = state.soloist
    if not hands[0] | hands[1] | hands[2]:
        return _finish(after, None)
    if game == GameType.NULL and winner == soloist:
        return _finish(after, None)  # null is lost with the soloist's first trick
    if contract.schwarz_announced and winner != soloist:
        return _finish(after, None)  # announced schwarz is lost with the first trick given
    return after


def _credit_rest(state: GameState) -> GameState:
    """Give every card still out (hands and the open trick) to the soloist as
    tricks: a defender left, an accepted claim, or a conceded schwarz game."""
    s = state.soloist
    rest = state.hands[0] | state.hands[1] | state.hands[2]
    for c in state.trick:
        rest |= 1 << c
    remaining_tricks = 10 - sum(state.tricks)
    return state._replace(
        hands=(0, 0, 0), trick=(),
        won=_with(state.won, s, state.won[s] | rest),
        tricks=_with(state.tricks, s, state.tricks[s] + remaining_tricks),
    )


def _check_seat(seat: int) -> None:
    if not 0 <= seat <= 2:
        raise IllegalActionError(f"there is no seat {seat!r}", Rule.SEAT)


def _resign(state: GameState, action: Resign) -> GameState:
    seat = action.seat
    _check_seat(seat)
    if state.phase != Phase.PLAYING or not state.can_resign(seat):
        raise IllegalActionError(f"seat {seat} cannot resign now", Rule.RESIGN)
    history = (*state.history, (seat, action))
    if seat == state.soloist:
        return _finish(state._replace(history=history), "soloist")
    resigned = state.resigned | 1 << seat
    state = state._replace(resigned=resigned, history=history)
    defenders = 7 & ~(1 << state.soloist)
    if resigned & defenders != defenders:
        return state  # the other defender has to agree too (ISkO 4.4)
    assert state.contract is not None
    if state.claimed:
        if state.contract.game == GameType.NULL:
            # A null soloist who shows his cards claims to take no more tricks:
            # accepting gives him the game, not the remaining tricks.
            return _finish(state, "claim")
        return _finish(_credit_rest(state), "claim")
    if state.contract.schwarz_announced:
        # RULES.md (ours, as the ISS scores it): a conceded game with schwarz
        # announced credits the soloist with every remaining trick.
        return _finish(_credit_rest(state), "defenders")
    return _finish(state, "defenders")


def _leave(state: GameState, action: LeaveTable) -> GameState:
    _check_seat(action.seat)
    history = (*state.history, (action.seat, action))
    state = state._replace(history=history)
    who = POSITION_NAMES[action.seat]
    how = "timed out" if action.timeout else "left the table"
    if state.phase != Phase.PLAYING:
        return _finish(state, None, aborted=f"{who} {how} before play began; the deal is void")
    if state.soloist < 0:
        return _finish(state, None, aborted=f"{who} {how} during the Ramsch; the deal is void")
    if action.seat == state.soloist:
        return _finish(state, "soloist")
    # ISS: a defender leaving forfeits; the soloist is credited the rest
    # (in a null game that would be tricks taken, so the null is just won).
    assert state.contract is not None
    if state.contract.game == GameType.NULL:
        return _finish(state, "left")
    return _finish(_credit_rest(state), "left")


def _finish(state: GameState, conceded: str | None, aborted: str | None = None) -> GameState:
    if aborted is None and state.contract is not None and state.contract.ramsch:
        return state._replace(phase=Phase.FINISHED, to_move=-1, result=_settle_ramsch(state))
    if state.soloist < 0 or aborted is not None or state.contract is None:
        result = GameResult(
            None, None, state.bid, 0, 0, 0, 0, False, False, False, False, 0, 0, None, aborted,
            0, state.bock,
        )
        return state._replace(phase=Phase.FINISHED, to_move=-1, result=result)
    s = state.soloist
    d1, d2 = (s + 1) % 3, (s + 2) % 3
    result = settle(
        soloist=s,
        contract=state.contract,
        bid=state.bid,
        # Matadors over his twelve cards: the dealt hand and the skat he
        # picked up, or the skat as it lay (pushed to him in a Schieberamsch).
        soloist_cards=state.deal.hands[s] | (state.deal.skat if state.picked_up else state.skat),
        soloist_points=points_of(state.won[s] | state.skat),
        defender_points=points_of(state.won[d1] | state.won[d2]),
        soloist_tricks=state.tricks[s],
        defender_tricks=state.tricks[d1] + state.tricks[d2],
        conceded=conceded,
        kontra=state.kontra,
        bock=state.bock,
    )
    return state._replace(phase=Phase.FINISHED, to_move=-1, result=result)


def _settle_ramsch(state: GameState) -> GameResult:
    last_won = [-1, -1, -1]
    number = 0
    trick: list[int] = []
    leader = FOREHAND
    for _, a in state.history:
        if type(a) is Play:
            trick.append(a.card)
            if len(trick) == 3:
                leader = (leader + trick_winner(GameType.GRAND, trick)) % 3
                last_won[leader] = number
                number += 1
                trick = []
    assert state.last_trick is not None
    return settle_ramsch(
        points=(points_of(state.won[0]), points_of(state.won[1]), points_of(state.won[2])),
        tricks=state.tricks,
        skat_points=points_of(state.skat),
        last_trick_winner=state.last_trick.winner,
        last_won=(last_won[0], last_won[1], last_won[2]),
        pushes=state.pushes,
        bock=state.bock,
        rules=state.rules,
    )


def play_out(state: GameState, actions: list[Action]) -> GameState:
    for a in actions:
        state = apply(state, a)
    return state


__all__ = [
    "BIDS",
    "CARD_POINTS",
    "HAND_DECLARATIONS",
    "KONTRA",
    "PASS",
    "PASS_SKAT",
    "PLAYS",
    "RE",
    "SKAT_DECLARATIONS",
    "Action",
    "Bid",
    "Claim",
    "Declare",
    "Discard",
    "GameState",
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
    "SeatView",
    "Trick",
    "action_str",
    "apply",
    "check_action",
    "malformed",
    "new_game",
    "restart",
]

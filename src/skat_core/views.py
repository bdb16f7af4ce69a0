"""What one seat may see of a deal.

A bot or a screen gets a :class:`SeatView`, never the full state: its own
hand, the public actions (bids, the declaration, every card played, who took
which trick), the last trick, the soloist's cards in an ouvert game or once
he claimed the rest, and the skat only where the rules show it (to the
soloist after picking it up; to everyone after the deal).  Hidden cards are
simply not in the object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .actions import Action, Discard, Phase, PickUpSkat, Play, Push, Trick, action_str
from .cards import CardSet, Mask, cards_of, points_of
from .deal import Deal
from .ruleset import TOURNAMENT, Ramsch, RuleSet
from .value import Contract, GameResult


class DealState(Protocol):
    """What :func:`seat_view` reads of a deal's full state.  A
    :class:`skat_core.game.GameState` is one; the protocol lets this module
    stay below :mod:`skat_core.game` (which imports it) instead of importing
    it back."""

    @property
    def deal(self) -> Deal: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_move(self) -> int: ...
    @property
    def bid(self) -> int: ...
    @property
    def soloist(self) -> int: ...
    @property
    def skat(self) -> Mask: ...
    @property
    def picked_up(self) -> bool: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def hands(self) -> tuple[Mask, Mask, Mask]: ...
    @property
    def trick(self) -> tuple[int, ...]: ...
    @property
    def leader(self) -> int: ...
    @property
    def tricks(self) -> tuple[int, int, int]: ...
    @property
    def last_trick(self) -> Trick | None: ...
    @property
    def claimed(self) -> bool: ...
    @property
    def history(self) -> tuple[tuple[int, Action], ...]: ...
    @property
    def result(self) -> GameResult | None: ...
    @property
    def passed(self) -> int: ...
    @property
    def rules(self) -> RuleSet: ...
    @property
    def kontra(self) -> int: ...
    @property
    def bock(self) -> int: ...
    @property
    def pushes(self) -> int: ...
    @property
    def ramsch_round(self) -> bool: ...
    def legal_actions(self) -> list[Action]: ...


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    phase: Phase
    to_move: int
    bid: int
    soloist: int
    contract: Contract | None
    hand: Mask
    """This seat's own cards."""
    public_actions: tuple[tuple[int, Action], ...]
    """Every action everyone saw, in order (a discard only appears in the
    soloist's own view)."""
    skat: Mask | None
    """The dealt skat, where this seat has seen it (soloist after pick-up)."""
    discard: Mask | None
    """The two cards put back, for the soloist only."""
    open_cards: Mask
    """The soloist's cards in an ouvert game or after his claim (0 otherwise
    or for the soloist)."""
    trick: tuple[int, ...]
    leader: int
    last_trick: Trick | None
    plays: tuple[tuple[int, int], ...]
    """(seat, card) of every card played so far, in order."""
    cards_left: tuple[int, int, int]
    tricks: tuple[int, int, int]
    legal: tuple[Action, ...]
    """The seat's legal actions when it is to move, else empty."""
    result: GameResult | None
    revealed: Deal | None
    """The whole deal, once it is over."""
    rules: RuleSet = TOURNAMENT
    """The match's rule set (the house rules this deal is played under)."""
    kontra: int = 0
    """Doublings said: 1 Kontra, 2 Re, 3 Bock, 4 Hirsch."""
    bock: int = 1
    """The deal's Bock multiplier."""
    pushes: int = 0
    """Schieberamsch: pushes so far (each took the skat and gave two on)."""

    @property
    def hand_set(self) -> CardSet:
        return CardSet(self.hand)

    @property
    def played_mask(self) -> Mask:
        m = 0
        for _, c in self.plays:
            m |= 1 << c
        return m

    @property
    def unseen(self) -> Mask:
        """Cards this seat cannot place: not its own, not played, not shown."""
        known = self.hand | self.played_mask | self.open_cards
        if self.skat is not None:
            known |= self.skat
        if self.discard is not None:
            known |= self.discard
        return 0xFFFFFFFF & ~known

    def observation_string(self) -> str:
        """A stable text of the view, for golden transcripts and debugging."""
        parts = [f"seat {self.seat}", f"phase {Phase(self.phase).name.lower()}"]
        parts.append(f"to_move {self.to_move}")
        parts.append(f"hand {CardSet(self.hand)}")
        parts.append(f"bid {self.bid}")
        if self.soloist >= 0:
            parts.append(f"soloist {self.soloist}")
        if self.contract is not None:
            parts.append(f"game {self.contract.describe()}")
        if self.kontra:
            from .ruleset import KONTRA_NAMES

            parts.append(KONTRA_NAMES[self.kontra].lower())
        if self.bock > 1:
            parts.append(f"bock {self.bock}")
        if self.skat is not None:
            parts.append(f"skat {CardSet(self.skat)}")
        if self.discard is not None:
            parts.append(f"discard {CardSet(self.discard)}")
        if self.open_cards:
            parts.append(f"open {CardSet(self.open_cards)}")
        if self.trick:
            parts.append("trick " + " ".join(str(CardSet(1 << c)) for c in self.trick))
        if self.legal:
            parts.append("legal " + ",".join(action_str(a) for a in self.legal))
        if self.result is not None:
            parts.append(f"result {self.result.explain()}")
        return " | ".join(parts)


def seat_view(state: DealState, seat: int) -> SeatView:
    over = state.phase == Phase.FINISHED
    soloist = state.soloist
    is_soloist = seat == soloist
    # Schieberamsch: each seat saw the skat it took and knows what it pushed;
    # nobody else sees either (the pushes themselves are public, the cards not).
    pushing = state.rules.ramsch == Ramsch.SCHIEBERAMSCH and (
        state.passed == 7 or state.ramsch_round
    )
    public: list[tuple[int, Action]] = []
    plays: list[tuple[int, int]] = []
    seen: Mask | None = None
    pushed: Mask | None = None
    lying = state.deal.skat
    for actor, action in state.history:
        if isinstance(action, Play):
            plays.append((actor, action.card))
        elif isinstance(action, Discard) and not (is_soloist or over):
            continue
        elif pushing and isinstance(action, PickUpSkat) and actor == seat:
            seen = lying
        elif isinstance(action, Push):
            a, b = action.cards
            lying = 1 << a | 1 << b
            if actor == seat:
                pushed = lying
            elif not over:
                continue
        public.append((actor, action))
    skat: Mask | None = None
    discard: Mask | None = None
    if over:
        skat = state.deal.skat
        discard = state.skat if (state.picked_up or state.pushes) and state.skat else None
    elif pushing:
        skat, discard = seen, pushed
    elif is_soloist and state.picked_up:
        skat = state.deal.skat
        if state.phase >= Phase.DECLARE:
            discard = state.skat
    open_cards = 0
    # Shown: an ouvert game's cards, and the cards of a soloist who claimed
    # the rest (ISkO 4.4: he shows them; they stay shown if play goes on).
    shown = state.contract is not None and (state.contract.ouvert or state.claimed)
    if shown and not is_soloist and not over:
        open_cards = state.hands[soloist]
    return SeatView(
        seat=seat,
        phase=state.phase,
        to_move=state.to_move,
        bid=state.bid,
        soloist=soloist,
        contract=state.contract,
        hand=state.hands[seat],
        public_actions=tuple(public),
        skat=skat,
        discard=discard,
        open_cards=open_cards,
        trick=state.trick,
        leader=state.leader,
        last_trick=state.last_trick,
        plays=tuple(plays),
        cards_left=(
            state.hands[0].bit_count(), state.hands[1].bit_count(), state.hands[2].bit_count()
        ),
        tricks=state.tricks,
        legal=tuple(state.legal_actions()) if seat == state.to_move else (),
        result=state.result,
        revealed=state.deal if over else None,
        rules=state.rules,
        kontra=state.kontra,
        bock=state.bock,
        pushes=state.pushes,
    )


def trick_points_taken(view: SeatView) -> int:
    """Points in the tricks this seat has seen go by (a helper for displays)."""
    return points_of(view.played_mask)


__all__ = ["DealState", "SeatView", "cards_of", "seat_view", "trick_points_taken"]

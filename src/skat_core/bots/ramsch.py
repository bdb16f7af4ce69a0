"""Ramsch and Schieberamsch play (house rules): take as few points and tricks
as possible.

Every level plays a Ramsch by these rules of thumb (the solver maximises one
side's points and has no mode for three players each on his own); how well
they do against random play is measured by ``skat bench ramsch`` and checked
in tests/test_bots_ramsch.py (docs/bots.md has the figures):

* lead the card with the most higher cards of its suit still out (most
  likely to be beaten), the fewest points first; a sure winner last;
* follow under the card that wins the trick with the highest card that stays
  under it (get rid of danger while it is safe); when void, throw the most
  dangerous card (high rank, then points), never a jack that would win;
* forced to win: as last to play, with the strongest card (the trick is
  lost anyway, so shed the card that would win a later one); otherwise with
  the lowest winner, hoping the next seat goes over it.

Schieberamsch: a hand whose danger (:func:`danger`) reaches
:data:`PUSH_DANGER` takes the skat and pushes its two most dangerous cards
(jacks only where the rules allow); a hand the grand evaluator expects to win
clearly declares a grand hand instead, where the rules allow that.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..cards import ALL_CARDS, CARD_POINTS, JACKS, SUIT_CARDS, Mask
from ..cards import bit_indices as bits
from ..deal import Deal
from ..game import PLAYS, new_game
from ..rules import GameType, legal_cards
from ..ruleset import Ramsch, RuleSet
from .play_rules import BEATS, trick_state

GRAND = int(GameType.GRAND)
PUSH_DANGER = 14
"""A hand at least this dangerous takes the skat to push two cards on."""


def _class_of(c: int) -> Mask:
    return JACKS if c >= 28 else SUIT_CARDS[c // 7]


def _rank(c: int) -> int:
    """Strength within its class: jacks above everything, A highest of a suit."""
    return 10 + c if c >= 28 else c % 7


def card_danger(c: int, hand: Mask) -> int:
    """How likely ``c`` is to take a trick (and points) in a Ramsch: jacks by
    rank, plain cards by rank less the low cards of the suit that can be
    played under a lead first."""
    if c >= 28:
        return 3 + (c - 28)  # ♦J 3 … ♣J 6
    rank = c % 7  # 0 = 7 … 6 = ace
    lower_own = (hand & SUIT_CARDS[c // 7] & ((1 << c) - 1)).bit_count()
    return max(0, rank - 2 - lower_own) + (CARD_POINTS[c] >= 10)


def danger(hand: Mask) -> int:
    """A hand's Ramsch danger: the sum of its cards' :func:`card_danger`."""
    return sum(card_danger(c, hand) for c in bits(hand))


def push_cards(hand: Mask, jacks_allowed: bool) -> tuple[int, int]:
    """The two cards to push from twelve: the most dangerous (ties: more points)."""
    pool = hand if jacks_allowed else hand & ~JACKS
    ranked = sorted(bits(pool), key=lambda c: (card_danger(c, hand), CARD_POINTS[c], c),
                    reverse=True)
    return ranked[0], ranked[1]


def ramsch_card(hand: Mask, trick: tuple[int, ...], out: Mask) -> int:
    """The card to play: ``out`` is every card still in the other hands or
    the skat (not played, not in this hand)."""
    lead = trick[0] if trick else None
    legal = legal_cards(GRAND, hand, lead)
    cards = bits(legal)
    beats = BEATS[GRAND]
    if not trick:
        def lead_key(c: int) -> tuple[int, int, int]:
            higher = out & _class_of(c) & beats[c]
            return (higher.bit_count() > 0, higher.bit_count() - card_danger(c, hand),
                    -CARD_POINTS[c])

        return max(cards, key=lead_key)
    best, _ = trick_state(GRAND, trick, 0)
    under = [c for c in cards if not beats[best] >> c & 1]
    if under:
        # Highest that stays under (follow), or the most dangerous throw-off.
        return max(under, key=lambda c: (card_danger(c, hand), _rank(c), CARD_POINTS[c]))
    if len(trick) == 2:
        return max(cards, key=lambda c: (_rank(c), CARD_POINTS[c]))
    return min(cards, key=lambda c: (_rank(c), CARD_POINTS[c]))


RAMSCH_SAMPLES = 48
"""Deals sampled to value a hand's Ramsch while bidding (:func:`ramsch_outlook`)."""


@lru_cache(maxsize=256)
def ramsch_outlook(hand: Mask, seat: int, rules: RuleSet, bock: int = 1,
                   samples: int = RAMSCH_SAMPLES, salt: str = "") -> float:
    """The expected Ramsch score of ``hand`` at ``seat`` (0 forehand) under
    ``rules`` in a deal counting ``bock`` times: ``samples`` deals of the
    other cards, every seat playing :func:`ramsch_card`, scored by the engine
    (Jungfrau, Durchmarsch, ties and the skat as the rules say).  A
    Schieberamsch is valued as a Ramsch without pushes (the pushes double
    the loss of whoever ends with the danger, which the bidding does not
    try to foresee).  Deterministic in its arguments."""
    if rules.ramsch == Ramsch.SCHIEBERAMSCH:
        rules = rules.with_switches(ramsch=Ramsch.RAMSCH)
    rng = random.Random(f"ramsch-outlook:{salt}:{hand}:{seat}")
    rest = bits(ALL_CARDS & ~hand)
    total = 0.0
    for _ in range(samples):
        rng.shuffle(rest)
        others = [sum(1 << c for c in rest[i:i + 10]) for i in (0, 10)]
        hands = [0, 0, 0]
        hands[seat] = hand
        hands[(seat + 1) % 3], hands[(seat + 2) % 3] = others
        deal = Deal((hands[0], hands[1], hands[2]), sum(1 << c for c in rest[20:]))
        state = new_game(deal, rules, bock=bock, ramsch_round=True)
        played = 0
        while not state.is_over:
            s = state.to_move
            h = state.hands[s]
            card = ramsch_card(h, state.trick, ALL_CARDS & ~(h | played))
            played |= 1 << card
            state = state.apply(PLAYS[card])
        result = state.result
        assert result is not None and result.ramsch is not None
        total += result.ramsch.scores[seat]
    return total / samples


__all__ = [
    "PUSH_DANGER",
    "RAMSCH_SAMPLES",
    "card_danger",
    "danger",
    "push_cards",
    "ramsch_card",
    "ramsch_outlook",
]

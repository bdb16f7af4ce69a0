"""Perft: count the card sequences of the trick phase for fixed deals and contracts.

As chess engines guard their move generators, the number of legal card
sequences of each length from a fixed position is pinned here.  Any change to
following suit, trick winners (who leads next) or the early ends of null and
schwarz games changes some count.  The counts were taken from the engine once
and are checked against an independent brute-force count, written from the
text of RULES.md with card names rather than masks.
"""

from __future__ import annotations

import random

import pytest

from skat_core.cards import Card, CardSet
from skat_core.deal import deal_from_seed
from skat_core.game import Bid, Declare, GameState, Hold, Pass, Phase, new_game, play_out
from skat_core.rules import GameType, legal_cards, trick_winner

# --- the reference, from the rules text --------------------------------------------

PLAIN_ORDER = list("ATKQ987")  # "Plain suits: A 10 K Q 9 8 7"
NULL_ORDER = list("AKQJT987")  # "Null: A K Q J 10 9 8 7 in every suit, no trumps"
JACK_ORDER = ["CJ", "SJ", "HJ", "DJ"]  # "♣J ♠J ♥J ♦J"


def reference_suit(game: str, card: str) -> str:
    """The 'suit' a card belongs to for following: "in suit and grand games the jacks
    belong to the trump suit, not to their own suit"; null has no trumps."""
    if game == "N":
        return card[0]
    if card[1] == "J" or card[0] == game:
        return "trump"
    return card[0]


def reference_legal(game: str, hand: list[str], trick: list[str]) -> list[str]:
    """ "Follow suit if you can ... Otherwise play any card." """
    if not trick:
        return list(hand)
    led = reference_suit(game, trick[0])
    same = [c for c in hand if reference_suit(game, c) == led]
    return same or list(hand)


def reference_winner(game: str, trick: list[str]) -> int:
    """ "The highest trump wins the trick, otherwise the highest card of the suit led." """
    trumps = [*JACK_ORDER, *(game + r for r in PLAIN_ORDER)] if game in "CSHD" else JACK_ORDER

    def strength(card: str) -> tuple[int, int]:
        if game != "N" and card in trumps:
            return (2, -trumps.index(card))
        if reference_suit(game, card) == reference_suit(game, trick[0]):
            order = NULL_ORDER if game == "N" else PLAIN_ORDER
            return (1, -order.index(card[1]))
        return (0, 0)

    strengths = [strength(c) for c in trick]
    return strengths.index(max(strengths))


def reference_perft(
    game: str, hands: list[list[str]], leader: int, soloist: int, schwarz: bool, depth: int
) -> list[int]:
    """Card sequences of each length 1..depth from the first lead.  Play stops when the
    hands are empty, when a null soloist takes a trick, or when the defenders take one in
    a game with schwarz announced."""
    counts = [0] * depth

    def walk(hands: list[list[str]], trick: list[str], leader: int, d: int) -> None:
        seat = (leader + len(trick)) % 3
        for card in reference_legal(game, hands[seat], trick):
            counts[d] += 1
            if d + 1 == depth:
                continue
            rest = [list(h) for h in hands]
            rest[seat].remove(card)
            played = [*trick, card]
            if len(played) < 3:
                walk(rest, played, leader, d + 1)
                continue
            winner = (leader + reference_winner(game, played)) % 3
            if game == "N" and winner == soloist:
                continue  # "A null game ends as soon as the soloist takes a trick"
            if schwarz and winner != soloist:
                continue  # "... with schwarz announced ... as soon as the defenders take a trick"
            if any(rest):
                walk(rest, [], winner, d + 1)

    walk(hands, [], leader, 0)
    return counts


# --- the engine ----------------------------------------------------------------------


def engine_perft(state: GameState, depth: int) -> list[int]:
    counts = [0] * depth

    def walk(state: GameState, d: int) -> None:
        for action in state.legal_actions():
            counts[d] += 1
            if d + 1 < depth:
                after = state.apply(action)
                if not after.is_over:
                    walk(after, d + 1)

    walk(state, 0)
    return counts


def position(seed: str, soloist: int, declare: Declare, skip: int = 0) -> GameState:
    """Deal ``seed``/0; ``soloist`` wins the bidding at 18 and declares a hand game;
    then ``skip`` cards are played, each the first legal card."""
    bidding = {0: [Bid(18), Hold(), Pass(), Pass()], 1: [Bid(18), Pass(), Pass()],
               2: [Pass(), Bid(18), Pass()]}[soloist]
    state = play_out(new_game(deal_from_seed(seed, 0)), [*bidding, declare])
    for _ in range(skip):
        state = state.apply(state.legal_actions()[0])
    assert state.phase == Phase.PLAYING
    return state


# name: (seed, soloist, declaration, cards played first, depth)
POSITIONS = {
    "clubs": ("perft-clubs", 0, Declare(GameType.CLUBS, hand=True), 0, 9),
    "grand": ("perft-grand", 1, Declare(GameType.GRAND, hand=True), 0, 9),
    "null": ("perft-null", 2, Declare(GameType.NULL, hand=True), 0, 12),
    "spades-schwarz": ("perft-clubs", 0, Declare(GameType.SPADES, hand=True, schwarz=True), 0,
                       12),
    # the last four tricks of the grand, counted to the end
    "grand-endgame": ("perft-grand", 1, Declare(GameType.GRAND, hand=True), 18, 12),
}
# Card sequences of length 1, 2, ... depth (checked by reference_perft).
PERFT = {
    "clubs": [10, 26, 59, 531, 1337, 2841, 22728, 62419, 143120],
    "grand": [10, 35, 134, 1206, 3453, 9545, 76360, 217830, 666160],
    "null": [10, 24, 52, 243, 504, 1026, 3392, 6832, 11408, 21000, 53296, 78752],
    "spades-schwarz": [10, 26, 66, 207, 488, 1124, 2352, 5056, 14368, 18984, 36432, 125496],
    "grand-endgame": [4, 16, 24, 72, 200, 324, 648, 1182, 1824, 1824, 1824, 1824],
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft(name: str) -> None:
    seed, soloist, declare, skip, depth = POSITIONS[name]
    state = position(seed, soloist, declare, skip)
    assert engine_perft(state, depth) == PERFT[name]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_reference(name: str) -> None:
    """The pinned counts are those of the brute-force count from the rules text."""
    seed, soloist, declare, skip, depth = POSITIONS[name]
    state = position(seed, soloist, declare, skip)
    hands = [[str(c) for c in CardSet(h)] for h in state.hands]
    counts = reference_perft(declare.game.letter, hands, state.leader, soloist,
                             declare.contract.schwarz_announced, depth)
    assert counts == PERFT[name]


def test_reference_agrees_with_the_engine_on_single_tricks() -> None:
    """Every legal card and every trick winner of the reference equal the engine's over
    random hands of all game types."""
    rng = random.Random(1)
    names = [str(c) for c in Card]
    for _ in range(3000):
        game = GameType(rng.randrange(6))
        cards = rng.sample(names, 9)
        hand, trick = cards[:6], cards[6 : 6 + rng.randrange(4)]
        lead = Card.from_str(trick[0]) if trick else None
        engine = CardSet(legal_cards(game, CardSet.from_str(" ".join(hand)).mask, lead))
        assert engine == CardSet.from_str(" ".join(reference_legal(game.letter, hand, trick)))
        if len(trick) == 3:
            assert trick_winner(game, [Card.from_str(c) for c in trick]) == reference_winner(
                game.letter, trick
            )

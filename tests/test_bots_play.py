"""Hand-made positions with an obvious best card, for every bot level.

Each position is reached through the engine from an explicit deal: the
soloist wins the bidding at 18, declares a hand game, and the listed cards
are played; then the seat to move must find the card a club player finds.
The Monte Carlo levels run with small budgets (the positions are early in
the deal, where they use rollouts).
"""

from __future__ import annotations

import pytest

from skat_core.bots import Bot, make_bot
from skat_core.bots.knowledge import read_knowledge
from skat_core.bots.pimc import SearchBudget
from skat_core.bots.players import LevelConfig, SkatBot
from skat_core.cards import CARD_POINTS, Card, CardSet
from skat_core.deal import Deal
from skat_core.game import (
    Bid,
    Declare,
    Discard,
    GameState,
    Hold,
    Pass,
    PickUpSkat,
    Play,
    new_game,
)
from skat_core.rules import TRUMPS, GameType

SMALL = LevelConfig(
    skat_samples=4,
    budget=SearchBudget(exact_from=4, tiers_from=6, exact_samples=8, tier_samples=6,
                        rollout_samples=8, rollout_exact=4),
)
LEVELS = ("easy", "normal", "strong")


def bot(level: str) -> Bot:
    if level == "easy":
        return make_bot("easy", 1)
    return SkatBot(level, 1, SMALL)


def position(deal: Deal, soloist: int, declare: Declare, plays: str,
             discard: tuple[Card, Card] | None = None) -> GameState:
    """Bidding won by ``soloist`` at 18, then a hand game, or the skat picked
    up and ``discard`` put back, the declaration and the ``plays``."""
    calls = {
        0: [Bid(18), Hold(), Pass(), Pass()],
        1: [Bid(18), Pass(), Pass()],
        2: [Pass(), Bid(18), Pass()],
    }[soloist]
    state = new_game(deal)
    for a in calls:
        state = state.apply(a)
    if discard is not None:
        state = state.apply(PickUpSkat()).apply(Discard(discard))
    state = state.apply(declare)
    for card in plays.split():
        state = state.apply(Play(Card.from_str(card)))
    return state


def choice(level: str, state: GameState) -> Card:
    action = bot(level).choose(state.view(state.to_move))
    assert isinstance(action, Play)
    return action.card


# Soloist (forehand) with three top jacks in grand; a defender holds the ♦J.
DRAW_TRUMPS = Deal.from_str(
    "CJ SJ HJ CA CT CK CQ HA HT DA",
    "SA ST SK S7 H7 H8 D7 D8 C7 C8",
    "DJ S8 S9 SQ H9 HQ HK D9 DQ DK",
    "C9 DT",
)


@pytest.mark.parametrize("level", LEVELS)
def test_soloist_draws_trumps_with_the_top_jacks(level: str) -> None:
    state = position(DRAW_TRUMPS, 0, Declare(GameType.GRAND, hand=True), "")
    assert choice(level, state) in (Card.CJ, Card.SJ, Card.HJ)


# Hearts, forehand the soloist (picked up ♠10 ♥K, put back ♠10 ♦9).  In
# trick 7 rearhand leads ♣K, the soloist follows with ♣8 and middlehand, out
# of clubs, holds ♣J ♥9 ♦10 ♦K: the ♦10 goes onto the partner's trick (over
# every deal consistent with middlehand's view it is worth 9 score points
# more to the defenders than the ♦K, and far more than trumping).
SMEAR = Deal.from_str(
    "SJ HJ DJ C8 C7 SA S9 HT HQ D9",
    "CJ CT SQ HA H9 H8 DA DT DK D7",
    "CA CK CQ C9 SK S8 S7 H7 DQ D8",
    "ST HK",
)
SMEAR_PLAYS = "HQ HA H7  DA D8 HK  DJ H8 S7  SA SQ S8  S9 D7 SK  CA C7 CT  CK C8"


@pytest.mark.parametrize("level", LEVELS)
def test_defender_puts_a_ten_on_the_partners_trick(level: str) -> None:
    state = position(SMEAR, 0, Declare(GameType.HEARTS), SMEAR_PLAYS,
                     discard=(Card.ST, Card.D9))
    assert state.to_move == 1
    assert choice(level, state) == Card.DT


@pytest.mark.parametrize("level", LEVELS)
def test_defender_throws_no_points_into_a_lost_trick(level: str) -> None:
    # The soloist leads ♣J, the top trump; middlehand has no jack.
    state = position(DRAW_TRUMPS, 0, Declare(GameType.GRAND, hand=True), "CJ")
    assert CARD_POINTS[choice(level, state)] == 0


# Hearts: the soloist (rearhand) last to play on a trick the defenders led
# with ♣A and ♣K: he is void in clubs and ruffs with a low trump.
RUFF = Deal.from_str(
    "CA CK C9 C8 S7 S8 D7 D8 D9 DQ",
    "CT CQ C7 S9 SQ SK DK DT DA HQ",
    "CJ SJ HA HT HK H9 H8 H7 SA ST",
    "HJ DJ",
)


@pytest.mark.parametrize("level", LEVELS)
def test_soloist_ruffs_a_fat_trick_cheaply(level: str) -> None:
    state = position(RUFF, 2, Declare(GameType.HEARTS, hand=True), "CA CT")
    card = choice(level, state)
    assert TRUMPS[GameType.HEARTS] >> card & 1  # takes it with a trump
    assert card not in (Card.CJ, Card.SJ)  # but not with a jack: a low heart wins too


def test_voids_shown_on_a_jack_lead_cover_the_whole_trump_suit() -> None:
    state = position(RUFF, 2, Declare(GameType.HEARTS, hand=True), "S7 S9 SA CJ")
    # Trick 1 was spades; rearhand won with ♠A and leads ♣J (a trump).
    state = state.apply(Play(Card.C8))  # forehand has no trump
    kn = read_knowledge(state.view(1))
    hearts_trumps = TRUMPS[GameType.HEARTS]
    assert kn.voids[0] & hearts_trumps == hearts_trumps
    assert not kn.allowed[0] & hearts_trumps


def test_null_soloist_ducks_under_the_card_on_the_table() -> None:
    deal = Deal.from_str(
        "C7 C9 CJ S7 S9 H7 H9 D7 D9 DJ",
        "C8 CA S8 ST SK H8 HT HK D8 DK",
        "CQ CK CT SQ SA SJ HQ HA HJ DQ",
        "DT DA",
    )
    # Middlehand plays null; forehand leads ♣9: the ♣A would take the trick.
    state = position(deal, 1, Declare(GameType.NULL, hand=True), "C9")
    for level in LEVELS:
        assert choice(level, state) == Card.C8


def test_hint_scores_every_card() -> None:
    state = position(DRAW_TRUMPS, 0, Declare(GameType.GRAND, hand=True), "CJ")
    view = state.view(state.to_move)
    h = SkatBot("normal", 1, SMALL).hint(view)
    assert set(h.scores) == set(view.legal)
    assert "soloist" in h.reason
    assert CardSet(view.hand)

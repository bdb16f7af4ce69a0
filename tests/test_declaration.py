"""The skat and the declaration (RULES.md, Skat and declaration)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, product

import pytest

from skat_core.cards import Card, CardSet
from skat_core.deal import Deal
from skat_core.errors import IllegalActionError, Rule
from skat_core.game import (
    HAND_DECLARATIONS,
    SKAT_DECLARATIONS,
    Declare,
    Discard,
    GameState,
    Phase,
    PickUpSkat,
    Play,
)
from skat_core.rules import GameType
from skat_core.value import Contract

DEAL = Deal.from_str(
    "CJ SJ CA C8 SA HQ DK DQ D9 D7",
    "HJ DJ CT C9 C7 S9 S7 HT H7 DT",
    "CK CQ ST SK SQ S8 HA HK DA D8",
    "H9 H8",
)
SUIT_GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
TRUMP_GAMES = (*SUIT_GAMES, GameType.GRAND)
StartPlay = Callable[..., GameState]
NULL_VALUE = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}


def picked_up(after_bidding: StartPlay, bid: int = 18) -> GameState:
    return after_bidding(DEAL, 0, bid).apply(PickUpSkat())


def discarded(after_bidding: StartPlay, bid: int = 18) -> GameState:
    return picked_up(after_bidding, bid).apply(Discard((Card.H9, Card.H8)))


def test_soloist_picks_up_the_skat(after_bidding: StartPlay) -> None:
    """RULES.md: "The soloist either picks up the skat and discards any two cards (jacks
    included)"."""
    s = after_bidding(DEAL)
    assert (s.phase, s.to_move, s.soloist) == (Phase.SKAT, 0, 0)
    assert s.legal_actions()[0] == PickUpSkat()
    s = s.apply(PickUpSkat())
    assert (s.phase, s.to_move, s.picked_up) == (Phase.DISCARD, 0, True)
    assert s.hand(0) == CardSet(DEAL.hands[0] | DEAL.skat) and len(s.hand(0)) == 12
    twelve = list(s.hand(0))
    assert s.legal_actions() == [Discard((a, b)) for a, b in combinations(twelve, 2)]
    assert len(s.legal_actions()) == 66


def test_any_two_cards_may_be_put_back(after_bidding: StartPlay) -> None:
    """RULES.md: "... discards any two cards (jacks included)"; the skat's points count for
    the soloist ("The skat's card points count for the soloist either way")."""
    s = picked_up(after_bidding)
    for a, b in combinations(list(s.hand(0)), 2):
        after = s.apply(Discard((a, b)))
        assert after.phase == Phase.DECLARE
        assert after.skat == 1 << a | 1 << b
        assert after.hand(0) == s.hand(0) - CardSet([a, b])
        assert after.soloist_points == Card(a).points + Card(b).points
    jacks = s.apply(Discard((Card.SJ, Card.CJ)))
    assert jacks.skat == CardSet.from_str("CJ SJ").mask
    assert jacks.legal_actions() == list(SKAT_DECLARATIONS)


def test_discard_order_does_not_matter() -> None:
    assert Discard((Card.D7, Card.CJ)) == Discard((Card.CJ, Card.D7))
    assert Discard((Card.D7, Card.CJ)).cards == (Card.CJ, Card.D7)


@pytest.mark.parametrize(
    "cards",
    [(Card.CJ, Card.CJ), (Card.CJ, Card.HJ), (Card.HJ, Card.DJ), (Card.H9, Card.CT)],
)
def test_discard_must_be_two_own_cards(after_bidding: StartPlay, cards: tuple[Card, Card]) -> None:
    """RULES.md: the soloist "discards any two cards" — two different cards of his own."""
    with pytest.raises(IllegalActionError) as err:
        picked_up(after_bidding).apply(Discard(cards))
    assert err.value.rule is Rule.DISCARD


def test_declare_comes_after_the_discard(after_bidding: StartPlay) -> None:
    s = picked_up(after_bidding)
    with pytest.raises(IllegalActionError) as err:
        s.apply(Declare(GameType.CLUBS))
    assert err.value.rule is Rule.PICKUP_BEFORE_DECLARE
    for action in (PickUpSkat(), Play(Card.CJ)):
        with pytest.raises(IllegalActionError) as err:
            s.apply(action)
        assert err.value.rule is Rule.PHASE
    with pytest.raises(IllegalActionError) as err:
        after_bidding(DEAL).apply(Discard((Card.CJ, Card.SJ)))  # before picking up
    assert err.value.rule is Rule.PHASE
    with pytest.raises(IllegalActionError) as err:
        discarded(after_bidding).apply(Discard((Card.CJ, Card.SJ)))  # a second discard
    assert err.value.rule is Rule.PHASE


def test_hand_game_leaves_the_skat(after_bidding: StartPlay) -> None:
    """RULES.md: the soloist "plays hand (Hand) without looking at it. The skat's card points
    count for the soloist either way." """
    s = after_bidding(DEAL).apply(Declare(GameType.CLUBS, hand=True))
    assert (s.phase, s.to_move, s.picked_up) == (Phase.PLAYING, 0, False)
    assert s.skat == DEAL.skat and s.hand(0) == CardSet(DEAL.hands[0])
    assert s.contract == Contract(GameType.CLUBS, hand=True)
    assert s.soloist_points == 0  # H9 H8 carry no points here
    other = Deal.from_str(
        "CJ SJ CA C8 SA HQ DK DQ D9 D7", "HJ DJ CT C9 C7 S9 S7 H9 H8 DT",
        "CK CQ ST SK SQ S8 HA HK DA D8", "HT H7",
    )
    s = after_bidding(other).apply(Declare(GameType.GRAND, hand=True))
    assert s.soloist_points == 10


def expected_rule(
    game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool,
    picked: bool, bid: int,
) -> Rule | None:
    """The declaration rules, written from RULES.md: which rule a declaration
    breaks (None if it is valid).  The flags are those the caller passes."""
    trump_game = game != GameType.NULL
    hand_game = hand or (trump_game and ouvert)  # a suit or grand ouvert is a hand game
    if not trump_game and (schneider or schwarz):
        return Rule.NULL_ANNOUNCE  # "Null variants: null, hand, ouvert, ouvert hand"
    if picked and trump_game and ouvert:
        return Rule.ANNOUNCE_NEEDS_HAND  # "Only in hand games may ... ouvert"
    if picked and hand:
        return Rule.HAND_AFTER_PICKUP  # "or plays hand without looking at it"
    if not picked and not hand_game:
        return Rule.PICKUP_BEFORE_DECLARE
    if (schneider or schwarz) and not hand_game:
        return Rule.ANNOUNCE_NEEDS_HAND  # "Only in hand games may the soloist announce"
    if not trump_game and NULL_VALUE[(hand, ouvert)] < bid:
        return Rule.NULL_BELOW_BID  # "(ours) A null game whose fixed value is below the bid"
    return None


def expected_contract(
    game: GameType, hand: bool, schneider: bool, schwarz: bool, ouvert: bool
) -> Contract:
    """RULES.md: "schwarz (which includes schneider), or ouvert (which includes schwarz ...)"
    and a suit or grand ouvert is a hand game."""
    if game != GameType.NULL and ouvert:
        hand = schwarz = True
    if schwarz:
        schneider = True
    return Contract(game, hand, schneider, schwarz, ouvert)


FLAGS = list(product((False, True), repeat=4))


@pytest.mark.parametrize("bid", [18, 24, 36, 48, 60])
@pytest.mark.parametrize("picked", [False, True], ids=["skat", "picked-up"])
def test_every_declaration(after_bidding: StartPlay, picked: bool, bid: int) -> None:
    """Every combination of game, hand, schneider, schwarz and ouvert, before and after
    picking up, at several bids: the valid ones are exactly the listed legal actions and give
    the expected contract; each invalid one raises naming the rule it breaks."""
    state = discarded(after_bidding, bid) if picked else after_bidding(DEAL, 0, bid)
    valid: set[Declare] = set()
    for game in GameType:
        for hand, schneider, schwarz, ouvert in FLAGS:
            d = Declare(game, hand=hand, schneider=schneider, schwarz=schwarz, ouvert=ouvert)
            rule = expected_rule(game, hand, schneider, schwarz, ouvert, picked, bid)
            if rule is None:
                after = state.apply(d)
                assert after.phase == Phase.PLAYING and after.to_move == 0
                assert after.contract == expected_contract(game, hand, schneider, schwarz, ouvert)
                valid.add(d)
            else:
                with pytest.raises(IllegalActionError) as err:
                    state.apply(d)
                assert err.value.rule is rule, d
    listed = [a for a in state.legal_actions() if isinstance(a, Declare)]
    assert len(listed) == len(set(listed))
    assert set(listed) == valid


def test_declaration_lists() -> None:
    """The fixed order of the listed declarations: suit games ♦ ♥ ♠ ♣, grand, null."""
    expect = (
        Declare(GameType.DIAMONDS), Declare(GameType.HEARTS), Declare(GameType.SPADES),
        Declare(GameType.CLUBS), Declare(GameType.GRAND), Declare(GameType.NULL),
        Declare(GameType.NULL, ouvert=True),
    )
    assert tuple(SKAT_DECLARATIONS) == expect
    assert len(HAND_DECLARATIONS) == 5 * 4 + 2
    assert HAND_DECLARATIONS[:4] == (
        Declare(GameType.DIAMONDS, hand=True),
        Declare(GameType.DIAMONDS, hand=True, schneider=True),
        Declare(GameType.DIAMONDS, hand=True, schneider=True, schwarz=True),
        Declare(GameType.DIAMONDS, hand=True, schneider=True, schwarz=True, ouvert=True),
    )


def test_schneider_announced_needs_hand(after_bidding: StartPlay) -> None:
    """RULES.md: "Only in hand games may the soloist announce schneider"."""
    with pytest.raises(IllegalActionError) as err:
        discarded(after_bidding).apply(Declare(GameType.CLUBS, schneider=True))
    assert err.value.rule is Rule.ANNOUNCE_NEEDS_HAND


def test_schwarz_announced_needs_hand(after_bidding: StartPlay) -> None:
    """RULES.md: "Only in hand games may the soloist announce ... schwarz"."""
    with pytest.raises(IllegalActionError) as err:
        discarded(after_bidding).apply(Declare(GameType.GRAND, schwarz=True))
    assert err.value.rule is Rule.ANNOUNCE_NEEDS_HAND


def test_suit_ouvert_needs_hand(after_bidding: StartPlay) -> None:
    """RULES.md: "Only in hand games may the soloist announce ... ouvert (which includes
    schwarz; all cards open before the first lead)": not after picking up the skat."""
    for game in TRUMP_GAMES:
        with pytest.raises(IllegalActionError) as err:
            discarded(after_bidding).apply(Declare(game, ouvert=True))
        assert err.value.rule is Rule.ANNOUNCE_NEEDS_HAND
        assert "ouvert" in str(err.value)


def test_hand_after_pickup(after_bidding: StartPlay) -> None:
    """RULES.md: hand means playing "without looking at" the skat."""
    with pytest.raises(IllegalActionError) as err:
        discarded(after_bidding).apply(Declare(GameType.SPADES, hand=True))
    assert err.value.rule is Rule.HAND_AFTER_PICKUP


def test_null_has_no_announcements(after_bidding: StartPlay) -> None:
    """RULES.md: "Null variants: null 23, null hand 35, null ouvert 46 ..., null ouvert hand
    59" — no schneider or schwarz."""
    for d in (Declare(GameType.NULL, hand=True, schneider=True),
              Declare(GameType.NULL, hand=True, schwarz=True)):
        with pytest.raises(IllegalActionError) as err:
            after_bidding(DEAL).apply(d)
        assert err.value.rule is Rule.NULL_ANNOUNCE


def test_null_ouvert_after_pickup(after_bidding: StartPlay) -> None:
    """RULES.md: "null ouvert 46 (also after picking up)"."""
    s = discarded(after_bidding, 46).apply(Declare(GameType.NULL, ouvert=True))
    assert s.contract == Contract(GameType.NULL, ouvert=True)


@pytest.mark.parametrize(
    ("bid", "declare"),
    [
        (24, Declare(GameType.NULL, hand=True)),  # 35 reaches 24
        (35, Declare(GameType.NULL, hand=True)),
        (59, Declare(GameType.NULL, hand=True, ouvert=True)),
    ],
)
def test_null_at_or_above_the_bid(after_bidding: StartPlay, bid: int, declare: Declare) -> None:
    assert after_bidding(DEAL, 0, bid).apply(declare).phase == Phase.PLAYING


@pytest.mark.parametrize(
    ("bid", "declare"),
    [
        (24, Declare(GameType.NULL)),
        (36, Declare(GameType.NULL, hand=True)),
        (48, Declare(GameType.NULL, ouvert=True)),
        (60, Declare(GameType.NULL, hand=True, ouvert=True)),
    ],
)
def test_null_below_the_bid(after_bidding: StartPlay, bid: int, declare: Declare) -> None:
    """RULES.md: "(ours) A null game whose fixed value is below the bid may not be declared." """
    state = (after_bidding(DEAL, 0, bid) if declare.hand else discarded(after_bidding, bid))
    with pytest.raises(IllegalActionError) as err:
        state.apply(declare)
    assert err.value.rule is Rule.NULL_BELOW_BID
    assert declare not in state.legal_actions()


def test_suit_game_below_the_bid_may_be_declared(after_bidding: StartPlay) -> None:
    """Suit and grand games may be declared below the bid: they are then lost as overbid
    (RULES.md, Game value: Overbid)."""
    assert discarded(after_bidding, 264).apply(Declare(GameType.DIAMONDS)).phase == Phase.PLAYING


def test_declare_implies(after_bidding: StartPlay) -> None:
    """RULES.md: "schwarz (which includes schneider), or ouvert (which includes schwarz)"."""
    s = after_bidding(DEAL).apply(Declare(GameType.GRAND, ouvert=True))
    assert s.contract == Contract(GameType.GRAND, True, True, True, True)
    assert s.contract.describe() == "Grand hand ouvert"
    assert Declare(GameType.HEARTS, hand=True, schwarz=True).contract == Contract(
        GameType.HEARTS, True, True, True, False
    )
    assert Declare(GameType.NULL, ouvert=True).contract == Contract(GameType.NULL, ouvert=True)


def test_declare_in_the_wrong_phase(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(GameType.CLUBS, hand=True))
    with pytest.raises(IllegalActionError) as err:
        s.apply(Declare(GameType.GRAND, hand=True))
    assert err.value.rule is Rule.PHASE

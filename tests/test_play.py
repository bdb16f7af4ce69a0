"""The trick phase, claims and concessions (RULES.md, Play; Claims and concessions)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from skat_core.cards import Card, CardSet
from skat_core.deal import Deal
from skat_core.errors import IllegalActionError, Rule
from skat_core.game import (
    Action,
    Bid,
    Claim,
    Declare,
    Discard,
    GameState,
    LeaveTable,
    Phase,
    Play,
    Resign,
    Trick,
    play_out,
)
from skat_core.rules import GameType, follow_class, legal_cards, trick_points, trick_winner

StartPlay = Callable[..., GameState]
FH, MH, RH = 0, 1, 2
C, S, H, D, G, N = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS,
                    GameType.GRAND, GameType.NULL)

DEAL = Deal.from_str(
    "CJ SJ CA CT C9 SA ST HA D8 D7",
    "HJ DJ CK CQ S9 S8 HT HK DA DT",
    "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
    "H7 D9",
)
# As DEAL with the spade and heart jacks swapped: forehand has a grand "with 1".
DEAL_WITH_1 = Deal.from_str(
    "CJ HJ CA CT C9 SA ST HA D8 D7",
    "SJ DJ CK CQ S9 S8 HT HK DA DT",
    "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
    "H7 D9",
)


def m(text: str) -> int:
    return CardSet.from_str(text).mask


def cards(text: str) -> list[int]:
    return [int(Card.from_str(t)) for t in text.split()]


def plays(text: str) -> list[Action]:
    return [Play(Card.from_str(t)) for t in text.split()]


def legal(state: GameState) -> CardSet:
    return CardSet([a.card for a in state.legal_actions() if isinstance(a, Play)])


def first_legal_to_the_end(state: GameState) -> GameState:
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


# --- leading and following ----------------------------------------------------


@pytest.mark.parametrize("soloist", [FH, MH, RH])
def test_forehand_leads_the_first_trick(start_play: StartPlay, soloist: int) -> None:
    """RULES.md: "Forehand leads to the first trick"."""
    s = start_play(DEAL, Declare(G, hand=True), soloist=soloist)
    assert (s.phase, s.to_move, s.leader) == (Phase.PLAYING, FH, FH)
    assert legal(s) == s.hand(FH)  # any card may be led


def test_winner_leads_the_next_trick(start_play: StartPlay) -> None:
    """RULES.md: "the winner of each trick leads to the next." """
    s = play_out(start_play(DEAL, Declare(C, hand=True)), plays("D7 DA DK"))
    assert s.last_trick == Trick(FH, tuple(cards("D7 DA DK")), MH)
    assert (s.to_move, s.leader, s.trick, s.tricks) == (MH, MH, (), (0, 1, 0))
    assert s.won[MH] == m("D7 DA DK")
    s = play_out(s, plays("HT H9 HA"))  # middlehand leads, forehand wins with the ace
    assert s.last_trick == Trick(MH, tuple(cards("HT H9 HA")), FH)
    assert (s.to_move, s.tricks) == (FH, (1, 1, 0))


def test_follow_suit(start_play: StartPlay) -> None:
    """RULES.md: "Follow suit if you can"."""
    s = start_play(DEAL, Declare(C, hand=True)).apply(Play(Card.SA))
    assert legal(s) == CardSet.from_str("S9 S8")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Play(Card.HT))
    assert err.value.rule is Rule.FOLLOW_SUIT
    s = s.apply(Play(Card.S8))
    assert legal(s) == CardSet.from_str("SK SQ S7")


def test_jacks_are_trumps_not_their_suit(start_play: StartPlay) -> None:
    """RULES.md: "in suit and grand games the jacks belong to the trump suit, not to their
    own suit."  A heart lead in a club game is not answered with ♥J."""
    s = start_play(DEAL, Declare(C, hand=True)).apply(Play(Card.HA))
    assert legal(s) == CardSet.from_str("HT HK")
    with pytest.raises(IllegalActionError) as err:
        s.apply(Play(Card.HJ))
    assert err.value.rule is Rule.FOLLOW_SUIT
    # A seat whose only heart is ♥J has no heart: any card.
    assert legal_cards(C, m("HJ C7 S7"), Card.H7) == m("HJ C7 S7")
    # In grand too: a club lead is answered by clubs, not by ♣J.
    assert legal_cards(G, m("CJ C7 S7"), Card.CA) == m("C7")
    assert legal_cards(G, m("CJ S7"), Card.CA) == m("CJ S7")


def test_jack_lead_asks_for_trumps(start_play: StartPlay) -> None:
    """RULES.md: jacks belong to the trump suit, so a jack lead asks for trumps."""
    s = start_play(DEAL, Declare(C, hand=True)).apply(Play(Card.CJ))
    assert legal(s) == CardSet.from_str("HJ DJ CK CQ")
    s = s.apply(Play(Card.CQ))
    assert legal(s) == CardSet.from_str("C8 C7")
    # A trump-suit lead asks for jacks too.
    assert legal_cards(C, m("HJ H7 S7"), Card.C7) == m("HJ")
    assert legal_cards(S, m("HJ H7 S7"), Card.DJ) == m("HJ S7")


def test_grand_jack_lead_asks_for_jacks(start_play: StartPlay) -> None:
    """RULES.md: "Grand: the four jacks only" are trumps."""
    s = start_play(DEAL, Declare(G, hand=True)).apply(Play(Card.SJ))
    assert legal(s) == CardSet.from_str("HJ DJ")
    s = s.apply(Play(Card.DJ))
    assert legal(s) == s.hand(RH)  # no jack: any card


def test_null_jacks_belong_to_their_suit(start_play: StartPlay) -> None:
    """RULES.md: "Null: A K Q J 10 9 8 7 in every suit, no trumps." """
    s = start_play(DEAL, Declare(N, hand=True), soloist=RH).apply(Play(Card.D7))
    assert legal(s) == CardSet.from_str("DJ DA DT")  # ♦J is a diamond in null
    assert legal_cards(N, m("HJ DJ C7"), Card.H7) == m("HJ")
    assert legal_cards(N, m("CJ C7 S7"), Card.CA) == m("CJ C7")
    assert legal_cards(N, m("SJ S7 H7"), Card.HJ) == m("H7")  # a jack lead asks for its suit


def test_no_duty_to_beat_or_to_trump() -> None:
    """RULES.md: "Otherwise play any card. There is no duty to beat or to trump." """
    hand = m("CJ C7 HA H7 D7")
    assert legal_cards(C, hand, Card.HK) == m("HA H7")  # the 7 need not beat the king
    assert legal_cards(C, hand, Card.SA) == hand  # no spade: trump or not, as you like
    assert legal_cards(G, hand, Card.SA) == hand
    assert legal_cards(N, hand, Card.SA) == hand


def test_card_not_in_hand(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(C, hand=True))
    with pytest.raises(IllegalActionError) as err:
        s.apply(Play(Card.HJ))  # middlehand's card, forehand to lead
    assert err.value.rule is Rule.NOT_IN_HAND
    with pytest.raises(IllegalActionError) as err:
        s.apply(Play(Card.H7))  # in the skat
    assert err.value.rule is Rule.NOT_IN_HAND


@pytest.mark.parametrize("card", [32, 40, -1, -32])
def test_card_numbers_out_of_range(start_play: StartPlay, card: int) -> None:
    """The engine does not trust its caller: a card number that names no card is refused
    with the rule, not an IndexError or a negative shift."""
    with pytest.raises(IllegalActionError) as err:
        start_play(DEAL, Declare(C, hand=True)).apply(Play(card))  # type: ignore[arg-type]
    assert err.value.rule is Rule.NOT_IN_HAND


def test_discard_card_numbers_out_of_range() -> None:
    with pytest.raises(IllegalActionError) as err:
        Discard((-1, 3))  # type: ignore[arg-type]
    assert err.value.rule is Rule.DISCARD
    with pytest.raises(IllegalActionError):
        Discard((32, 3))  # type: ignore[arg-type]


# --- trick winners -------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "trick", "winner"),
    [
        # "The highest trump wins the trick, otherwise the highest card of the suit led."
        (C, "HA HT C7", 2),
        (C, "HT HA H7", 1),
        (C, "HT SA DA", 0),  # off-suit aces do not win
        (C, "CA DJ C7", 1),  # any jack beats the trump ace
        (C, "DJ HJ SJ", 2),  # ♣J ♠J ♥J ♦J
        (C, "SJ CJ CA", 1),
        (C, "CT CK CA", 2),  # A 10 K Q 9 8 7
        (C, "C9 CQ C8", 1),
        (S, "ST SK SQ", 0),
        (H, "D7 DA HJ", 2),
        (D, "H7 HJ HA", 1),
        (G, "CA CT CJ", 2),  # grand: jacks only are trumps
        (G, "CA CT DJ", 2),
        (G, "HJ CJ SJ", 1),
        (G, "S7 SA CA", 1),
        (G, "ST SK DA", 0),
        # "Null: A K Q J 10 9 8 7 in every suit, no trumps."
        (N, "HT HJ H9", 1),
        (N, "HJ HQ HT", 1),
        (N, "HK HA HQ", 1),
        (N, "H7 CJ SA", 0),
        (N, "CJ CT C9", 0),
        (N, "D8 D9 D7", 1),
    ],
)
def test_trick_winner(game: GameType, trick: str, winner: int) -> None:
    """RULES.md: "The highest trump wins the trick, otherwise the highest card of the suit
    led." Trump order ♣J ♠J ♥J ♦J, then A 10 K Q 9 8 7; null A K Q J 10 9 8 7."""
    assert trick_winner(game, cards(trick)) == winner
    assert trick_winner(game, tuple(cards(trick))) == winner


def test_trump_order_suit_game() -> None:
    """RULES.md: "Trump order, suit games: ♣J ♠J ♥J ♦J, then A 10 K Q 9 8 7 of the trump
    suit." Each trump beats every lower one, whoever leads."""
    order = cards("CJ SJ HJ DJ HA HT HK HQ H9 H8 H7")
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert trick_winner(H, [low, high, Card.S7]) == 1
            assert trick_winner(H, [high, low, Card.S7]) == 0
            assert trick_winner(H, [Card.SA, low, high]) == 2


def test_follow_class() -> None:
    assert follow_class(C, Card.HJ) == m("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7")
    assert follow_class(G, Card.HJ) == m("CJ SJ HJ DJ")
    assert follow_class(G, Card.H7) == m("HA HT HK HQ H9 H8 H7")
    assert follow_class(N, Card.HJ) == m("HA HK HQ HJ HT H9 H8 H7")


def test_trick_points() -> None:
    """RULES.md: "Card points: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0"."""
    assert trick_points(cards("HA HT HK")) == 25
    assert trick_points(cards("CJ HQ D7")) == 5


def test_only_the_last_trick_is_kept(start_play: StartPlay) -> None:
    """RULES.md: "Only the last finished trick may be looked at during play." """
    s = play_out(start_play(DEAL, Declare(C, hand=True)), plays("D7 DA DK HT H9 HA"))
    assert s.last_trick == Trick(MH, tuple(cards("HT H9 HA")), FH)
    assert s.view(RH).last_trick == s.last_trick


# --- ends of play ----------------------------------------------------------------


def test_full_game_120_points(start_play: StartPlay) -> None:
    """RULES.md: 120 card points in all; the skat counts for the soloist."""
    s = first_legal_to_the_end(start_play(DEAL, Declare(C, hand=True)))
    assert s.tricks_played == 10 and s.hands == (0, 0, 0)
    assert s.result is not None
    assert s.soloist_points + s.defender_points == 120
    assert s.result.soloist_points == s.soloist_points
    assert s.result.defender_points == s.defender_points
    assert s.won[0] | s.won[1] | s.won[2] | s.skat == 0xFFFFFFFF
    with pytest.raises(IllegalActionError) as err:
        s.apply(Play(Card.CJ))
    assert err.value.rule is Rule.GAME_OVER
    assert s.legal_actions() == []


def test_null_ends_with_the_soloists_first_trick(start_play: StartPlay) -> None:
    """RULES.md: "A null game ends as soon as the soloist takes a trick (lost)." """
    s = play_out(start_play(DEAL, Declare(N, hand=True)), plays("D7 DA DK"))
    assert not s.is_over  # a defender took the trick
    s = play_out(s, plays("DT DQ D8"))  # null: the queen beats the ten
    assert not s.is_over
    s = play_out(s, plays("HQ HA HK"))  # the soloist's ace takes it
    assert s.is_over and s.result is not None
    assert s.tricks == (1, 1, 1) and s.tricks_played == 3
    assert not s.result.won and s.result.value == 35 and s.result.score == -70


def test_null_won(start_play: StartPlay) -> None:
    """RULES.md: "Null: won if the soloist takes no trick." """
    deal = Deal.from_str(
        "C7 C8 S7 S8 H7 H8 D7 D8 D9 C9",
        "CJ SJ CA CT CK CQ SA ST SK SQ",
        "HJ DJ HA HT HK HQ DA DT DK DQ",
        "H9 S9",
    )
    s = first_legal_to_the_end(start_play(deal, Declare(N), bid=23))
    assert s.result is not None and s.tricks[FH] == 0
    assert s.result.won and s.result.value == 23 and s.result.score == 23


def test_announced_schwarz_ends_with_the_first_trick_given(start_play: StartPlay) -> None:
    """RULES.md: "A game with schwarz announced (or ouvert) ends as soon as the defenders take
    a trick (lost)." """
    s = start_play(DEAL, Declare(G, hand=True, schwarz=True))
    s = play_out(s, plays("CJ DJ C8"))  # the soloist's trick: play goes on
    assert not s.is_over
    s = play_out(s, plays("D7 DA DK"))
    assert s.is_over and s.result is not None
    assert not s.result.won
    # grand with 2, game, hand, schneider, announced, schwarz, announced: 8 × 24
    assert s.result.value == 192 and s.result.score == -384


def test_ouvert_ends_with_the_first_trick_given(start_play: StartPlay) -> None:
    """RULES.md: ouvert "includes schwarz"; it ends as soon as the defenders take a trick."""
    s = play_out(start_play(DEAL, Declare(C, ouvert=True)), plays("D7 DA DK"))
    assert s.is_over and s.result is not None and not s.result.won
    assert s.result.value == 12 * (2 + 1 + 6)


def test_announced_schneider_plays_on(start_play: StartPlay) -> None:
    """Only schwarz and ouvert end early; an announced schneider plays all ten tricks."""
    s = play_out(start_play(DEAL, Declare(C, hand=True, schneider=True)), plays("D7 DA DK"))
    assert not s.is_over


# --- claims and concessions --------------------------------------------------------


def test_claim_accepted(start_play: StartPlay) -> None:
    """RULES.md: "The soloist may show his cards and claim all remaining tricks ... a claim
    the defenders accept gives the soloist every remaining trick." """
    s = play_out(start_play(DEAL, Declare(C, hand=True)), plays("CJ DJ C8"))
    assert s.can_claim(FH) and not s.can_claim(MH)
    s = s.apply(Claim())
    assert s.claimed and not s.can_claim(FH)
    with pytest.raises(IllegalActionError) as err:
        s.apply(Claim())
    assert err.value.rule is Rule.CLAIM
    s = s.apply(Resign(MH))
    assert not s.is_over  # "(both must agree)"
    s = s.apply(Resign(RH))
    assert s.is_over and s.result is not None
    r = s.result
    assert r.conceded == "claim" and r.won
    assert (r.soloist_tricks, r.soloist_points, r.schwarz) == (10, 120, True)
    assert s.history[-3:] == ((FH, Claim()), (MH, Resign(MH)), (RH, Resign(RH)))


def test_claim_stands_while_play_goes_on(start_play: StartPlay) -> None:
    """A claim, once the cards are shown, is not taken back by playing on: the defenders may
    still accept it later (the ISS scores such a record as an accepted claim)."""
    s = start_play(DEAL, Declare(C, hand=True)).apply(Claim())
    s = play_out(s, plays("CJ DJ C8"))
    assert s.claimed and not s.can_claim(FH)
    s = play_out(s, [Resign(MH), Resign(RH)])
    assert s.result is not None and s.result.conceded == "claim"
    assert s.result.soloist_tricks == 10


def test_claim_only_during_play(after_bidding: StartPlay) -> None:
    with pytest.raises(IllegalActionError) as err:
        after_bidding(DEAL).apply(Claim())
    assert err.value.rule is Rule.CLAIM


def test_defenders_concede(start_play: StartPlay) -> None:
    """RULES.md: "A game the defenders concede is won ... otherwise the remaining cards go to
    nobody, and schneider and schwarz count only if already reached." """
    s = play_out(start_play(DEAL, Declare(C, hand=True)), plays("CJ DJ C8"))
    s = s.apply(Resign(RH))
    assert not s.is_over and s.can_resign(MH) and not s.can_resign(RH)
    with pytest.raises(IllegalActionError) as err:
        s.apply(Resign(RH))
    assert err.value.rule is Rule.RESIGN
    s = play_out(s, plays("CA CK C7")).apply(Resign(MH))
    assert s.is_over and s.result is not None
    r = s.result
    assert r.won and r.conceded == "defenders"
    assert (r.soloist_points, r.defender_points, r.soloist_tricks) == (19, 0, 2)
    assert not r.schneider and not r.schwarz
    assert r.value == 12 * (2 + 1 + 1)  # clubs with 2, game, hand


def test_soloist_concedes(start_play: StartPlay) -> None:
    """RULES.md: "the soloist may concede ... one the soloist concedes is lost"."""
    s = start_play(DEAL, Declare(G, hand=True)).apply(Resign(FH))
    assert s.is_over and s.result is not None
    assert not s.result.won and s.result.conceded == "soloist"
    assert s.result.score == -2 * 24 * 4


def test_conceded_ouvert_credits_every_trick(start_play: StartPlay) -> None:
    """RULES.md: "(ours, as the ISS scores it) When the defenders concede a game with schwarz
    announced (ouvert included), the soloist is credited with every remaining trick ... a
    grand ouvert with 1 conceded is won at 192 (p:120, t:10)." """
    s = start_play(DEAL_WITH_1, Declare(G, ouvert=True))
    s = play_out(s, [*plays("CJ DJ C8"), Resign(MH), Resign(RH)])
    assert s.is_over and s.result is not None
    r = s.result
    assert (r.won, r.value, r.soloist_points, r.soloist_tricks) == (True, 192, 120, 10)
    assert r.matadors == 1


def test_conceded_null_is_won(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(N, ouvert=True), bid=46, soloist=RH)
    s = play_out(s, [Resign(FH), Resign(MH)])
    assert s.result is not None and s.result.won and s.result.value == 46


def test_accepted_claim_in_null_is_won(start_play: StartPlay) -> None:
    """A null soloist who shows his cards claims to take no more tricks; the defenders
    accepting gives him the game, not the remaining tricks."""
    deal = Deal.from_str(
        "C7 C8 S7 S8 H7 H8 D7 D8 D9 C9",
        "CJ SJ CA CT CK CQ SA ST SK SQ",
        "HJ DJ HA HT HK HQ DA DT DK DQ",
        "H9 S9",
    )
    s = start_play(deal, Declare(N, hand=True, ouvert=True))
    s = play_out(s, [Claim(), Resign(MH), Resign(RH)])
    assert s.result is not None
    assert s.result.won and s.result.soloist_tricks == 0 and s.result.score == 59


def test_resign_only_during_play(after_bidding: StartPlay, start_play: StartPlay) -> None:
    with pytest.raises(IllegalActionError) as err:
        after_bidding(DEAL).apply(Resign(FH))
    assert err.value.rule is Rule.RESIGN
    over = start_play(DEAL, Declare(G, hand=True)).apply(Resign(FH))
    for action in (Resign(MH), Claim(), LeaveTable(MH)):
        with pytest.raises(IllegalActionError) as err:
            over.apply(action)
        assert err.value.rule is Rule.GAME_OVER


@pytest.mark.parametrize("action", [Resign(3), Resign(-1), LeaveTable(3), LeaveTable(-1)])
def test_no_such_seat(start_play: StartPlay, action: Action) -> None:
    """The engine does not trust its caller: seats are 0, 1 and 2."""
    with pytest.raises(IllegalActionError) as err:
        start_play(DEAL, Declare(G, hand=True)).apply(action)
    assert err.value.rule is Rule.SEAT


def test_defender_leaves(start_play: StartPlay) -> None:
    s = play_out(start_play(DEAL, Declare(C, hand=True)), plays("D7 DA DK"))
    s = s.apply(LeaveTable(RH))
    assert s.is_over and s.result is not None
    assert s.result.won and s.result.conceded == "left"
    assert s.result.soloist_tricks == 9


def test_defender_leaves_a_null_game(start_play: StartPlay) -> None:
    """A defender leaving forfeits; in a null game the soloist is not handed the
    remaining cards as tricks (that would be a lost null), the null is simply won."""
    s = start_play(DEAL, Declare(GameType.NULL, hand=True)).apply(LeaveTable(MH))
    assert s.result is not None and s.result.won and s.result.conceded == "left"
    assert s.result.soloist_tricks == 0


def test_soloist_leaves(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(C, hand=True)).apply(LeaveTable(FH, timeout=True))
    assert s.result is not None and not s.result.won and s.result.conceded == "soloist"


def test_leaving_before_play_voids_the_deal(after_bidding: StartPlay) -> None:
    s = after_bidding(DEAL).apply(LeaveTable(MH))
    assert s.result is not None and s.result.aborted is not None and s.result.score == 0


def test_play_outside_the_trick_phase(after_bidding: StartPlay) -> None:
    with pytest.raises(IllegalActionError) as err:
        after_bidding(DEAL).apply(Play(Card.CJ))
    assert err.value.rule is Rule.PHASE
    with pytest.raises(IllegalActionError) as err:
        play_out(after_bidding(DEAL), [Declare(C, hand=True), Bid(18)])
    assert err.value.rule is Rule.PHASE

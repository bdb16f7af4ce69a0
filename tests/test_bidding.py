"""Bidding (RULES.md, Bidding / Reizen)."""

from __future__ import annotations

import pytest

from skat_core.cards import Card
from skat_core.deal import deal_from_seed
from skat_core.errors import IllegalActionError, Rule
from skat_core.game import (
    Action,
    Bid,
    Claim,
    Declare,
    GameState,
    Hold,
    LeaveTable,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    Resign,
    new_game,
    play_out,
)
from skat_core.rules import GameType
from skat_core.value import BID_VALUES

FH, MH, RH = 0, 1, 2
LADDER_TEXT = """18 20 22 23 24 27 30 33 35 36 40 44 45 46 48 50 54 55 59 60 63 66 70 72
  77 80 81 84 88 90 96 99 100 108 110 117 120 121 126 130 132 135 140 143 144 150 153 154 156 160
  162 165 168 170 176 180 187 192 198 204 216 240 264"""


def start() -> GameState:
    return new_game(deal_from_seed("bidding", 0))


def bids(state: GameState) -> list[int]:
    return [a.value for a in state.legal_actions() if isinstance(a, Bid)]


def test_ladder() -> None:
    """RULES.md: "Bids are game values: 18 20 22 23 24 27 30 33 ... 216 240 264." """
    assert list(BID_VALUES) == [int(v) for v in LADDER_TEXT.split()]


def test_middlehand_bids_to_forehand_first() -> None:
    """RULES.md: "Middlehand bids to forehand; forehand answers "yes" (holds) or passes." """
    s = start()
    assert (s.phase, s.to_move, s.bidder, s.holder, s.bid) == (Phase.BIDDING, MH, MH, FH, 0)
    assert s.legal_actions() == [Pass(), *(Bid(v) for v in BID_VALUES)]
    s = s.apply(Bid(18))
    assert (s.to_move, s.bid) == (FH, 18)
    assert s.legal_actions() == [Pass(), Hold()]
    s = s.apply(Hold())
    assert (s.to_move, s.bid) == (MH, 18)
    assert bids(s) == [v for v in BID_VALUES if v > 18]


def test_survivor_is_bid_to_by_rearhand() -> None:
    """RULES.md: "The one who survives is then bid to by rearhand in the same way (rearhand
    bids, the survivor holds or passes)." """
    s = play_out(start(), [Bid(18), Hold(), Bid(20), Pass()])  # forehand passes at 20
    assert (s.to_move, s.bidder, s.holder, s.bid) == (RH, RH, MH, 20)
    assert bids(s)[0] == 22
    s = play_out(s, [Bid(22), Hold(), Bid(23)])
    assert (s.to_move, s.bid) == (MH, 23)
    s = s.apply(Pass())
    assert (s.phase, s.soloist, s.bid, s.to_move) == (Phase.SKAT, RH, 23, RH)


def test_forehand_survives_and_holds_rearhand() -> None:
    s = play_out(start(), [Bid(18), Hold(), Pass()])  # middlehand gives up at 18
    assert (s.to_move, s.bidder, s.holder, s.bid) == (RH, RH, FH, 18)
    s = play_out(s, [Bid(20), Hold(), Pass()])
    assert (s.phase, s.soloist, s.bid) == (Phase.SKAT, FH, 20)


def test_middlehand_passes_at_once() -> None:
    s = play_out(start(), [Pass()])
    assert (s.to_move, s.bidder, s.holder, s.bid) == (RH, RH, FH, 0)
    assert bids(s) == list(BID_VALUES)
    s = play_out(s, [Bid(18), Pass()])
    assert (s.phase, s.soloist, s.bid) == (Phase.SKAT, RH, 18)


def test_rearhand_may_pass_at_once() -> None:
    """RULES.md: "Rearhand may pass at once." """
    s = play_out(start(), [Bid(18), Pass(), Pass()])
    assert (s.phase, s.soloist, s.bid) == (Phase.SKAT, MH, 18)
    s = play_out(start(), [Bid(30), Hold(), Pass(), Pass()])
    assert (s.phase, s.soloist, s.bid) == (Phase.SKAT, FH, 30)


def test_values_may_be_skipped() -> None:
    """RULES.md: "Any higher value may be skipped to." """
    s = play_out(start(), [Bid(59), Hold(), Bid(264)])
    assert s.bid == 264
    s = play_out(s, [Pass(), Pass()])
    assert (s.soloist, s.bid) == (MH, 264)


def test_later_seat_must_raise() -> None:
    """RULES.md: "The earlier seat only has to hold; the later one has to raise." """
    s = play_out(start(), [Bid(20), Hold()])
    for value in (18, 20):
        with pytest.raises(IllegalActionError) as err:
            s.apply(Bid(value))
        assert err.value.rule is Rule.BID_RAISE
    s = play_out(start(), [Bid(20), Pass()])  # rearhand must go above 20 too
    with pytest.raises(IllegalActionError) as err:
        s.apply(Bid(20))
    assert err.value.rule is Rule.BID_RAISE


@pytest.mark.parametrize("value", [0, 1, 17, 19, 21, 25, 34, 265, 300, -18])
def test_bids_must_be_game_values(value: int) -> None:
    """RULES.md: "Bids are game values" from the ladder."""
    with pytest.raises(IllegalActionError) as err:
        start().apply(Bid(value))
    assert err.value.rule is Rule.BID_LADDER


def test_only_the_seat_bid_to_holds() -> None:
    """RULES.md: the seat bid to "answers "yes" (holds) or passes"; the bidder says values."""
    with pytest.raises(IllegalActionError) as err:
        start().apply(Hold())  # middlehand is the bidder
    assert err.value.rule is Rule.HOLD
    s = start().apply(Bid(18))  # forehand must answer, not bid
    with pytest.raises(IllegalActionError) as err:
        s.apply(Bid(20))
    assert err.value.rule is Rule.HOLD


def test_forehand_may_play_after_two_passes() -> None:
    """RULES.md: "If middlehand and rearhand pass without a bid, forehand may play (at 18) or
    pass too"."""
    s = play_out(start(), [Pass(), Pass()])
    assert (s.phase, s.to_move, s.bid) == (Phase.BIDDING, FH, 0)
    assert s.legal_actions() == [Pass(), Bid(18)]
    with pytest.raises(IllegalActionError) as err:
        s.apply(Hold())
    assert err.value.rule is Rule.HOLD
    with pytest.raises(IllegalActionError) as err:
        s.apply(Bid(20))  # "may play (at 18)"
    assert err.value.rule is Rule.FOREHAND_CALL
    played = s.apply(Bid(18))
    assert (played.phase, played.soloist, played.bid) == (Phase.SKAT, FH, 18)


def test_passed_in() -> None:
    """RULES.md: "the deal is passed in (eingepasst) and the next dealer deals. (ours) A
    passed-in deal counts as a deal of the match and scores 0." """
    s = play_out(start(), [Pass(), Pass(), Pass()])
    assert s.is_over and s.to_move == -1 and s.legal_actions() == []
    assert s.result is not None
    assert s.result.passed_in and s.result.soloist is None and s.result.score == 0
    assert s.result.seeger_fabian() == (0, 0)
    assert s.result.explain() == "Passed in: nobody played."
    with pytest.raises(IllegalActionError) as err:
        s.apply(Bid(18))
    assert err.value.rule is Rule.GAME_OVER


def test_soloist_and_bid() -> None:
    """RULES.md: "The last one who did not pass is the soloist; the bid is the highest value
    said or held." """
    s = play_out(start(), [Bid(18), Hold(), Bid(27), Hold(), Pass(), Bid(30), Hold(), Pass()])
    assert (s.soloist, s.bid, s.passed) == (FH, 30, 0b110)


@pytest.mark.parametrize(
    "action",
    [PickUpSkat(), Declare(GameType.GRAND, hand=True), Play(Card.CJ)],
)
def test_other_actions_are_refused_while_bidding(action: Action) -> None:
    with pytest.raises(IllegalActionError) as err:
        start().apply(action)
    assert err.value.rule is Rule.PHASE


def test_claims_and_resignations_are_refused_while_bidding() -> None:
    with pytest.raises(IllegalActionError) as err:
        start().apply(Claim())
    assert err.value.rule is Rule.CLAIM
    with pytest.raises(IllegalActionError) as err:
        start().apply(Resign(FH))
    assert err.value.rule is Rule.RESIGN


def test_leaving_during_bidding_voids_the_deal() -> None:
    s = start().apply(Bid(18)).apply(LeaveTable(RH, timeout=True))
    assert s.is_over and s.result is not None
    assert s.result.soloist is None and not s.result.passed_in
    assert s.result.aborted == "rearhand timed out before play began; the deal is void"
    assert s.result.score == 0


def test_history_records_each_seat() -> None:
    s = play_out(start(), [Bid(18), Hold(), Pass(), Pass()])
    assert s.history == ((MH, Bid(18)), (FH, Hold()), (MH, Pass()), (RH, Pass()))


@pytest.mark.parametrize("value", [18.0, 20.0, "18", True, None])
def test_bids_are_whole_numbers(value: object) -> None:
    """The engine does not trust its caller: 18.0 is not the game value 18 (it would end up
    as the bid, in the views and in the records)."""
    with pytest.raises(IllegalActionError) as err:
        start().apply(Bid(value))  # type: ignore[arg-type]
    assert err.value.rule is Rule.BID_LADDER

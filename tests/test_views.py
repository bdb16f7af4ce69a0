"""Per-seat views: each seat sees only what the rules let it see (RULES.md, Skat and
declaration; Play: "After the deal the skat is shown")."""

from __future__ import annotations

from collections.abc import Callable

from skat_core.cards import ALL_CARDS, Card, CardSet
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
    Resign,
    new_game,
    play_out,
)
from skat_core.rules import GameType
from skat_core.views import SeatView, seat_view

StartPlay = Callable[..., GameState]
FH, MH, RH = 0, 1, 2
DEAL = Deal.from_str(
    "CJ SJ CA CT C9 SA ST HA D8 D7",
    "HJ DJ CK CQ S9 S8 HT HK DA DT",
    "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
    "H7 D9",
)


def m(text: str) -> int:
    return CardSet.from_str(text).mask


def test_each_seat_sees_its_own_hand() -> None:
    s = new_game(DEAL)
    for seat in range(3):
        v = s.view(seat)
        assert v.seat == seat and v.hand == DEAL.hands[seat] and v.hand_set == s.hand(seat)
        assert v.skat is None and v.discard is None and v.open_cards == 0
        assert v.revealed is None and v.result is None
        assert v.unseen == ALL_CARDS & ~DEAL.hands[seat]
    assert s.view(MH).legal == tuple(s.legal_actions())
    assert s.view(FH).legal == () and s.view(RH).legal == ()


def test_bids_are_public() -> None:
    s = play_out(new_game(DEAL), [Bid(18), Hold(), Bid(20), Pass()])
    for seat in range(3):
        assert s.view(seat).public_actions == s.history
        assert s.view(seat).bid == 20


def test_skat_is_seen_by_the_soloist_after_picking_up(after_bidding: StartPlay) -> None:
    """RULES.md: the soloist "picks up the skat" (he sees it), or "plays hand ... without
    looking at it"."""
    s = after_bidding(DEAL)
    assert all(s.view(seat).skat is None for seat in range(3))
    s = s.apply(PickUpSkat())
    assert s.view(FH).skat == DEAL.skat and s.view(FH).hand == DEAL.hands[FH] | DEAL.skat
    assert s.view(MH).skat is None and s.view(RH).skat is None
    s = s.apply(Discard((Card.D8, Card.D7)))
    assert s.view(FH).discard == m("D8 D7")
    assert s.view(FH).unseen == ALL_CARDS & ~(s.hands[FH] | DEAL.skat | m("D8 D7"))
    for defender in (MH, RH):
        v = s.view(defender)
        assert v.skat is None and v.discard is None
        assert all(not isinstance(a, Discard) for _, a in v.public_actions)
        assert "D8" not in v.observation_string() and "H7" not in v.observation_string()
    assert any(isinstance(a, Discard) for _, a in s.view(FH).public_actions)


def test_hand_game_skat_stays_hidden(start_play: StartPlay) -> None:
    s = start_play(DEAL, Declare(GameType.GRAND, hand=True))
    assert all(s.view(seat).skat is None for seat in range(3))


def test_ouvert_cards_are_open(start_play: StartPlay) -> None:
    """RULES.md: ouvert: "all cards open before the first lead"."""
    s = start_play(DEAL, Declare(GameType.NULL, hand=True, ouvert=True), soloist=MH, bid=59)
    assert s.view(FH).open_cards == DEAL.hands[MH] == s.view(RH).open_cards
    assert s.view(MH).open_cards == 0  # the soloist has them in his hand
    s = s.apply(Play(Card.D7)).apply(Play(Card.DT))
    assert s.view(RH).open_cards == DEAL.hands[MH] & ~m("DT")
    assert "open HJ DJ" in s.view(FH).observation_string()


def test_played_cards_and_the_last_trick_are_public(start_play: StartPlay) -> None:
    """RULES.md: "Only the last finished trick may be looked at during play." """
    s = play_out(start_play(DEAL, Declare(GameType.CLUBS, hand=True)),
                 [Play(Card.D7), Play(Card.DA), Play(Card.DK), Play(Card.HT)])
    for seat in range(3):
        v = s.view(seat)
        assert v.plays == ((FH, Card.D7), (MH, Card.DA), (RH, Card.DK), (MH, Card.HT))
        assert v.trick == (Card.HT,) and v.last_trick == s.last_trick
        assert v.tricks == (0, 1, 0) and v.cards_left == (9, 8, 9)
        assert v.played_mask == m("D7 DA DK HT")


def test_after_the_deal_everything_is_shown(start_play: StartPlay) -> None:
    """RULES.md: "After the deal the skat is shown." """
    s = start_play(DEAL, Declare(GameType.CLUBS), discard=(Card.D8, Card.D7)).apply(Resign(FH))
    for seat in range(3):
        v = s.view(seat)
        assert v.revealed == DEAL and v.skat == DEAL.skat and v.discard == m("D8 D7")
        assert v.result == s.result and v.legal == ()
        assert any(isinstance(a, Discard) for _, a in v.public_actions)


def test_view_is_the_seat_view_function() -> None:
    s = new_game(DEAL)
    assert s.view(RH) == seat_view(s, RH)
    assert isinstance(s.view(RH), SeatView)


def test_observation_string() -> None:
    """A stable text of the view (the golden transcripts are made of it)."""
    s = play_out(new_game(DEAL), [Bid(18), Pass(), Pass(), Declare(GameType.GRAND, hand=True),
                                  Play(Card.CJ)])
    assert s.view(MH).observation_string() == (
        "seat 1 | phase playing | to_move 1 | hand HJ DJ CK CQ S9 S8 HT HK DA DT | bid 18 | "
        "soloist 1 | game Grand hand | trick CJ | legal HJ,DJ"
    )
    assert s.view(RH).observation_string() == (
        "seat 2 | phase playing | to_move 1 | hand C8 C7 SK SQ S7 HQ H9 H8 DK DQ | bid 18 | "
        "soloist 1 | game Grand hand | trick CJ"
    )

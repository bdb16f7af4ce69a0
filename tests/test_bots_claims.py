"""Claims and concessions by the bots (ISkO 4.4; RULES.md, Claims and
concessions): a bot says yes only when the outcome is sure from what its
seat sees, so that a claim or a concession changes nothing against playing
the deal out."""

from __future__ import annotations

import random

from skat_core.bots.claims import (
    accepts_claim,
    agrees_to_give_up,
    soloist_claims,
    soloist_trick_points,
)
from skat_core.cards import CardSet, points_of
from skat_core.deal import deal_from_seed
from skat_core.game import Claim, GameState, Phase, Resign, new_game
from skat_core.rules import GameType
from skat_core.value import Contract


def position(game: GameType, hands: tuple[str, str, str], skat: str, soloist: int = 0,
             leader: int = 0, ouvert: bool = False) -> GameState:
    """Ten cards each, nothing played yet, ``leader`` to lead."""
    masks = tuple(CardSet.from_str(h).mask for h in hands)
    assert len(masks) == 3
    assert sum(m.bit_count() for m in masks) == 30
    contract = Contract(game, hand=ouvert, schneider_announced=ouvert,
                        schwarz_announced=ouvert, ouvert=ouvert)
    return new_game(deal_from_seed("claims", 0))._replace(
        phase=Phase.PLAYING, to_move=leader, leader=leader, bid=18, bidder=-1, holder=-1,
        soloist=soloist, skat=CardSet.from_str(skat).mask, picked_up=True, contract=contract,
        hands=(masks[0], masks[1], masks[2]),
    )


# A grand with the four jacks and the top clubs and spades: every trick.
GRAND_ALL = (
    "CJ SJ HJ DJ CA CT CK SA ST SK",
    "CQ C9 C8 SQ S9 HA HT HK HQ H9",
    "C7 S8 S7 H8 H7 DA DT DK DQ D9",
)
GRAND_SKAT = "D8 D7"


def test_the_soloist_claims_a_sure_hand_on_lead() -> None:
    state = position(GameType.GRAND, GRAND_ALL, GRAND_SKAT)
    assert soloist_claims(state.view(0))
    # not a defender, not after claiming
    assert not soloist_claims(state.view(1))
    assert not soloist_claims(state.apply(Claim()).view(0))


def test_no_claim_when_a_side_card_can_be_beaten() -> None:
    # ♠K is beaten by the ♠A the defenders (or the skat) may hold.
    hands = (
        "CJ SJ HJ DJ CA CT CK SK SQ S9",
        "CQ C9 C8 SA S8 HA HT HK HQ H9",
        "C7 ST S7 H8 H7 DA DT DK DQ D9",
    )
    state = position(GameType.GRAND, hands, GRAND_SKAT)
    assert not soloist_claims(state.view(0))
    claimed = state.apply(Claim())
    assert not accepts_claim(claimed.view(1))
    assert not accepts_claim(claimed.view(2))


def test_defenders_accept_a_sure_claim_and_it_ends_the_game() -> None:
    state = position(GameType.GRAND, GRAND_ALL, GRAND_SKAT).apply(Claim())
    assert not accepts_claim(state.view(0))  # the soloist does not answer
    for seat in (1, 2):
        v = state.view(seat)
        assert v.open_cards == state.hands[0]  # his cards are shown
        assert accepts_claim(v)
    state = state.apply(Resign(1)).apply(Resign(2))
    assert state.result is not None and state.result.won and state.tricks[0] == 10


def test_no_accept_without_a_claim() -> None:
    state = position(GameType.GRAND, GRAND_ALL, GRAND_SKAT)
    assert not accepts_claim(state.view(1))


def test_a_defender_to_lead_accepts_only_if_every_lead_is_won() -> None:
    # Clubs: the soloist holds the four jacks and ♣A ♣10 ♣K, and ♠A ♠10 ♠K;
    # the defenders may hold four trumps.  On lead he draws them and claims.
    hands = (
        "CJ SJ HJ DJ CA CT CK SA ST SK",
        "CQ C9 SQ S9 HA HT HK HQ H9 H8",
        "C8 C7 S8 S7 H7 DA DT DK DQ D9",
    )
    on_lead = position(GameType.CLUBS, hands, "D8 D7").apply(Claim())
    assert accepts_claim(on_lead.view(1))
    # A defender to lead: a spade lead may be ruffed by the other defender.
    defender_leads = position(GameType.CLUBS, hands, "D8 D7", leader=1).apply(Claim())
    assert not accepts_claim(defender_leads.view(1))
    assert not accepts_claim(defender_leads.view(2))


def test_a_defender_to_lead_accepts_when_the_soloist_ruffs_everything() -> None:
    # Grand: the four jacks and all the top clubs, the defenders have no
    # trump; whatever they lead he follows high or ruffs with a jack.
    hands = (
        "CJ SJ HJ DJ CA CT CK CQ C9 C8",
        "C7 SA ST SK SQ S9 HA HT HK HQ",
        "S8 S7 H9 H8 H7 DA DT DK DQ D9",
    )
    state = position(GameType.GRAND, hands, "D8 D7", leader=2).apply(Claim())
    assert accepts_claim(state.view(1)) and accepts_claim(state.view(2))


def test_null_claims_are_never_accepted() -> None:
    hands = (
        "C7 S7 H7 D7 C8 S8 H8 D8 C9 S9",
        "CA CK CQ CJ SA SK SQ SJ HA HK",
        "HQ HJ DA DK DQ DJ CT ST HT DT",
    )
    state = position(GameType.NULL, hands, "H9 D9").apply(Claim())
    assert not soloist_claims(state.view(0))
    assert not accepts_claim(state.view(1))
    assert not agrees_to_give_up(state.apply(Resign(2)).view(1))


def test_a_partner_agrees_to_give_up_only_when_the_game_is_won() -> None:
    state = position(GameType.GRAND, GRAND_ALL, GRAND_SKAT)
    # Nothing shown, nothing taken: he plays on.
    assert not agrees_to_give_up(state.apply(Resign(2)).view(1))
    # The soloist's shown cards take every trick: he agrees.
    assert agrees_to_give_up(state.apply(Claim()).apply(Resign(2)).view(1))


def test_soloist_trick_points_and_61_taken() -> None:
    """The points a defender counts from the tricks it saw go by equal the
    engine's, and once they reach 61 the partner agrees to give up."""
    rng = random.Random(7)
    agreed = 0
    for i in range(30):
        state = position(GameType.GRAND, GRAND_ALL, GRAND_SKAT, leader=i % 3)
        state = position(GameType.CLUBS, GRAND_ALL, GRAND_SKAT, leader=i % 3) if i % 2 else state
        while state.phase == Phase.PLAYING:
            s = state.soloist
            v = state.view((s + 1) % 3)
            assert soloist_trick_points(v) == points_of(state.won[s])
            if not v.trick and points_of(state.won[s]) >= 61:
                assert agrees_to_give_up(v)
                agreed += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert agreed


def test_an_accepted_sure_claim_scores_as_playing_it_out() -> None:
    """Why a bot soloist may claim without changing any result: his claim
    line takes every trick, and the accepted claim credits exactly that."""
    from skat_core.bots.schwarz import claim_card
    from skat_core.game import Play

    start = position(GameType.GRAND, GRAND_ALL, GRAND_SKAT)
    claimed = start.apply(Claim()).apply(Resign(1)).apply(Resign(2))
    rng = random.Random(3)
    state = start
    while state.phase == Phase.PLAYING:
        if state.to_move == state.soloist:
            others = state.hands[1] | state.hands[2]
            state = state.apply(Play(claim_card(4, state.hands[0], others)))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    a, b = claimed.result, state.result
    assert a is not None and b is not None
    assert (a.won, a.value, a.soloist_points, a.soloist_tricks) == (
        b.won, b.value, b.soloist_points, b.soloist_tricks)

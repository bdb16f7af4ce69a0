"""The card-play yardstick (``skat bench cards``) and the pieces of the Monte
Carlo search it measured: play inference and extra deals for close calls."""

from __future__ import annotations

import pytest

from skat_core.benchmarks.cardplay import Position, load_positions
from skat_core.benchmarks.cardplay import run as bench_cards
from skat_core.bots.inference import play_weight, trump_lead_weight
from skat_core.bots.knowledge import Trick
from skat_core.bots.pimc import _undecided
from skat_core.bots.play_rules import rule_card
from skat_core.cards import Card, CardSet
from skat_core.rules import GameType
from skat_core.solver import Solver


def c(text: str) -> int:
    return int(Card.from_str(text))


def m(text: str) -> int:
    return CardSet.from_str(text).mask


def test_loss_is_counted_for_the_movers_side() -> None:
    values = {c("SA"): 40, c("S7"): 30, c("SK"): 34}
    solo = Position(0, 0, 0, True, True, 7, values)
    defender = Position(0, 0, 1, False, True, 7, values)
    assert [solo.loss(x) for x in (c("SA"), c("S7"), c("SK"))] == [0, 10, 6]
    assert [defender.loss(x) for x in (c("SA"), c("S7"), c("SK"))] == [10, 0, 4]


def test_positions_carry_the_solvers_values() -> None:
    positions = load_positions("test", 3, None, lambda _: None)
    assert positions
    for pos, state in positions:
        assert 2 <= pos.cards_left <= 7
        assert pos.seat == state.to_move
        assert min(pos.loss(x) for x in pos.values) == 0
        contract = state.contract
        assert contract is not None
        solver = Solver(int(contract.game), state.soloist)
        best = solver.solve(state.hands, state.to_move, state.trick,
                            state.trick_leader if state.trick else None)
        side = max if pos.soloist_seat else min
        assert side(pos.values.values()) == best


def test_bench_cards_runs_and_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_cards(2, ["easy", "random"], "test") == 0
    out = capsys.readouterr().out
    assert "easy: loss per decision" in out
    assert "random - easy" in out
    assert bench_cards(2, ["nobody"], "test") == 2
    assert bench_cards(0, ["easy"], "test") == 2


def test_play_inference_lowers_deals_the_rules_would_not_have_played() -> None:
    # Grand; the soloist (seat 0) led the spade ace, seat 1 followed.
    grand = int(GameType.GRAND)
    cheap = (Trick(0, (c("SA"), c("S7")), (0, 1), -1),)
    # Holding S7 and SK, the rules put the seven on the soloist's ace.
    assert play_weight(grand, 0, 1, m("SK H7 H8"), 0, cheap, 0.5) == 1.0
    # S8 and S7 are the same card here (nothing lies between them).
    assert play_weight(grand, 0, 1, m("S8 H7 H8"), 0, cheap, 0.5) == 1.0
    # Throwing the king with the seven in hand is not what the rules do.
    fat = (Trick(0, (c("SA"), c("SK")), (0, 1), -1),)
    assert play_weight(grand, 0, 1, m("S7 H7 H8"), 0, fat, 0.5) == 0.5
    # Off, or in null, nothing is judged.
    assert play_weight(grand, 0, 1, m("S7 H7 H8"), 0, fat, 1.0) == 1.0
    assert play_weight(int(GameType.NULL), 0, 1, m("S7 H7 H8"), 0, fat, 0.5) == 1.0


def test_close_cards_ask_for_more_deals() -> None:
    # Card 1 leads by 1 with a spread of about 10: not told apart yet.
    close = {1: [10.0, -8.0, 12.0, -6.0], 2: [0.0, 0.0, 0.0, 0.0]}
    assert _undecided(close, maximise=True)
    # A clear lead, an exact tie and a single card need no more deals.
    assert not _undecided({1: [10.0, 11.0, 9.0, 10.0], 2: [0.0, 0.0, 0.0, 0.0]}, True)
    assert not _undecided({1: [3.0, 3.0], 2: [3.0, 3.0]}, False)
    assert not _undecided({1: [3.0, 4.0]}, True)


def test_open_hand_defender_leads_into_the_partners_suit() -> None:
    # Hearts, the soloist (seat 0) holds ♠K and trumps; the partner (seat 2)
    # holds ♣A and is void in diamonds with a trump.  The old rule led into
    # a suit the soloist holds; with open hands the defender leads clubs up
    # to the partner's ace, with the ten under it.
    hearts = int(GameType.HEARTS)
    me = m("CT C7 S7 D8")
    solo = m("HA HK CK SK")
    partner = m("CA H7 S8 SA")
    others = (solo, me, partner)
    assert rule_card(hearts, 0, 1, me, (), 1, others, True) == c("CT")
    # The soloist holds no club and has trumps: clubs are his ruff, spades
    # are the partner's (his ace beats the king).
    solo = m("HA HK SK S9")
    others = (solo, me, partner)
    assert rule_card(hearts, 0, 1, me, (), 1, others, True) == c("S7")


def test_open_hand_null_defender_catches_the_soloist() -> None:
    null = int(GameType.NULL)
    me = m("C7 S8 H7")
    solo = m("C8 SK S9")
    # Clubs do not catch him (the partner's ♣9 is above his ♣8, so he ducks);
    # ♠8 does: both his spades are above it and the partner ducks with ♠7.
    partner = m("C9 S7 HA")
    assert rule_card(null, 0, 1, me, (), 1, (solo, me, partner), True) == c("S8")
    # With hidden cards the rule leads a lowest card (a seven), not the ♠8.
    hidden = (solo | partner, me, solo | partner)
    assert rule_card(null, 0, 1, me, (), 1, hidden, False) in (c("C7"), c("H7"))


def test_a_soloist_who_leads_a_side_card_rarely_holds_the_top_trump() -> None:
    grand = int(GameType.GRAND)
    # Trick 3 (0-based 2): the soloist (seat 0) leads ♠A while ♥J and ♦J are out.
    tricks = (
        Trick(1, (c("H7"), c("H8"), c("H9")), (1, 2, 0), 0),
        Trick(0, (c("DA"), c("D7"), c("D8")), (0, 1, 2), 0),
        Trick(0, (c("SA"), c("S7"), c("S8")), (0, 1, 2), 0),
    )
    with_top = m("CJ SK")
    without = m("SJ SK")
    w_top = trump_lead_weight(grand, 0, with_top, 0, tricks, 0.3, 0.7)
    w_not = trump_lead_weight(grand, 0, without, 0, tricks, 0.3, 0.7)
    assert w_top == 0.3
    assert w_not == 1.0
    # Off, in null, or before trick 3 nothing is judged.
    assert trump_lead_weight(grand, 0, with_top, 0, tricks, 1.0, 1.0) == 1.0
    assert trump_lead_weight(int(GameType.NULL), 0, with_top, 0, tricks, 0.3, 0.7) == 1.0
    assert trump_lead_weight(grand, 0, with_top, 0, tricks[:2], 0.3, 0.7) == 1.0
    # A trump led without the top trump counts the other factor.
    led_jack = (*tricks[:2], Trick(0, (c("SJ"), c("S7"), c("HJ")), (0, 1, 2), 2))
    assert trump_lead_weight(grand, 0, m("SK"), 0, led_jack, 0.3, 0.7) == 0.7

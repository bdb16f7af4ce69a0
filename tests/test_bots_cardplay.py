"""The card-play yardstick (``skat bench cards``) and the pieces of the Monte
Carlo search it measured: play inference and extra deals for close calls."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skat_core.actions import Play
from skat_core.benchmarks.cardplay import (
    Position,
    Selection,
    _game_states,
    load_positions,
    positions_of_deal,
)
from skat_core.benchmarks.cardplay import run as bench_cards
from skat_core.bots import pimc
from skat_core.bots.inference import play_weight, resample_discard, trump_lead_weight
from skat_core.bots.knowledge import Knowledge, Trick, read_knowledge
from skat_core.bots.pimc import (
    CardEstimate,
    DefenceQuestions,
    SearchBudget,
    SoloBudget,
    _invite_blind,
    _undecided,
    _won_or_lost,
    _worlds,
    best_card,
    exact_veto,
    pimc_values,
    question_values,
    rollout,
)
from skat_core.bots.play_rules import rule_card
from skat_core.bots.sampling import WorldSampler
from skat_core.cards import ALL_CARDS, Card, CardSet, points_of
from skat_core.game import GameState, Phase
from skat_core.rules import TRUMPS, GameType, legal_cards
from skat_core.solver import Solver
from skat_core.value import Contract


def c(text: str) -> int:
    return int(Card.from_str(text))


def m(text: str) -> int:
    return CardSet.from_str(text).mask


def test_late_invitation_marks_lost_lines_a_blind_defence_lets_through() -> None:
    # Grand, three cards each, the soloist (seat 0) leads and needs 31 more
    # points.  Every lead loses against a perfect defence (the solver), but
    # when the defenders play the rules without seeing the other hands, the
    # lead of the DJ wins: only that lead is "invited" (SearchBudget.late_invite).
    game = int(GameType.GRAND)
    hands = (m("DJ CT DQ"), m("ST HA D8"), m("SJ H7 D9"))
    skat = m("HT DA")
    legal = [c("DJ"), c("CT"), c("DQ")]
    values = Solver(game, 0).solve_moves(hands, 0)
    assert all(30 + values[x] < 61 for x in legal)
    invited: set[int] = set()
    _invite_blind(game, 0, hands, 0, (), 0, legal, values, 30, skat, invited)
    assert invited == {c("DJ")}
    # the blind rollout after the DJ wins, the open-handed one does not
    open_points = rollout(game, 0, [hands[0] & ~(1 << c("DJ")), hands[1], hands[2]], [c("DJ")],
                          0, Solver(game, 0), 0)
    blind_points = rollout(game, 0, [hands[0] & ~(1 << c("DJ")), hands[1], hands[2]],
                           [c("DJ")], 0, Solver(game, 0), 0, skat)
    assert 30 + open_points < 61 <= 30 + blind_points


def test_defenders_invitation_marks_won_lines_a_blind_soloist_gives_away() -> None:
    # Grand, three cards each, defender 1 leads, the soloist (seat 0) needs 29
    # more points and reaches them after every lead against a perfect defence.
    # When the soloist plays the rules without seeing the defenders' hands, he
    # loses after the SQ and after the D7 (SearchBudget.late_invite_defence).
    game = int(GameType.GRAND)
    hands = (m("SJ C9 HT"), m("SQ DK D7"), m("CT ST DQ"))
    legal = [c("SQ"), c("DK"), c("D7")]
    values = Solver(game, 0).solve_moves(hands, 1)
    assert all(32 + values[x] >= 61 for x in legal)
    invited: set[int] = set()
    _invite_blind(game, 0, hands, 1, (), 1, legal, values, 32, m("CA DA"), invited,
                  defence=True)
    assert invited == {c("SQ"), c("D7")}


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


def test_the_exact_stage_asks_more_deals_only_while_the_best_cards_are_close() -> None:
    # SearchBudget.extra_samples: batches of EXTRA_BATCH more deals while the
    # best card and the runner-up are not told apart, never more than asked.
    plain = _PLAIN
    more = replace(plain, extra_samples=2 * pimc.EXTRA_BATCH)
    counts: list[int] = []
    for pos, state in load_positions("test", 6, None, lambda _: None):
        contract = state.contract
        assert contract is not None
        if contract.game == GameType.NULL:
            continue
        kn = read_knowledge(state.view(pos.seat))
        legal = sum(1 << x for x in pos.values)
        _, how = pimc_values(kn, contract, state.bid, legal, plain, random.Random(3))
        assert how == "exact, 4 deals"
        estimates, how = pimc_values(kn, contract, state.bid, legal, more, random.Random(3))
        deals = int(how.split(", ")[1].split()[0])
        assert deals in (4, 4 + pimc.EXTRA_BATCH, 4 + 2 * pimc.EXTRA_BATCH)
        assert {e.card for e in estimates} == set(pos.values)
        counts.append(deals)
    # Some decisions were settled on the first deals, others asked for more.
    assert 4 in counts
    assert any(n > 4 for n in counts)


def test_the_exact_stage_keeps_to_its_own_node_limit_and_cap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # SearchBudget.exact_nodes / exact_cap: the plain exact stage stops
    # sampling at its own limit, and past the first min_samples deals leaves
    # out a deal that would take the solver over the cap.  Counted on the
    # solvers the stage makes, so no one decision overshoots.
    made: list[Solver] = []

    class Counted(Solver):
        def __init__(self, game: int, soloist: int) -> None:
            super().__init__(game, soloist)
            made.append(self)

    monkeypatch.setattr(pimc, "Solver", Counted)
    plain = replace(_PLAIN, exact_samples=40)
    limited = replace(plain, exact_nodes=2_000, exact_cap=2_500)
    cut = capped = dropped = 0
    for pos, state in load_positions("test", 6, None, lambda _: None):
        contract = state.contract
        assert contract is not None
        if contract.game == GameType.NULL or pos.cards_left != 7:
            continue
        kn = read_knowledge(state.view(pos.seat))
        legal = sum(1 << x for x in pos.values)
        _, how = pimc_values(kn, contract, state.bid, legal, plain, random.Random(3))
        assert how == "exact, 40 deals"
        made.clear()
        estimates, how = pimc_values(kn, contract, state.bid, legal, limited,
                                     random.Random(3))
        deals = int(how.split(", ")[1].split()[0])
        assert plain.min_samples <= deals <= 40
        assert {e.card for e in estimates} == set(pos.values)
        if deals > plain.min_samples:
            assert made[0].nodes <= limited.exact_cap
            capped += 1
        cut += deals < 40
        # (a deal cut off by the cap stops the solver exactly there)
        dropped += made[0].nodes == limited.exact_cap
    assert cut > 0
    assert capped > 0
    assert dropped > 0


def _grand_soloist_positions(tricks: int) -> list[tuple[Position, GameState]]:
    sel = Selection(tricks, tricks, "soloist", "grand")
    return load_positions("test", 40, None, lambda _: None, "easy", sel)



_PLAIN = SearchBudget(exact_from=7, tiers_from=7, exact_samples=4, tier_samples=4,
                      rollout_samples=4, rollout_exact=4, nodes=0, min_samples=2)
"""A small card-play budget (4 deals a stage, no node limit) that the search
tests vary: the solo stage, the defenders' questions, the extra deals."""

def _asked(pos: Position, state: GameState
           ) -> tuple[int, int, int, tuple[int, int, int], tuple[int, ...], int, list[int]]:
    """A grand soloist's position as the question tests pass it on: the game,
    the soloist, the seat to move, the hands, the trick, its leader and the
    legal cards (highest first)."""
    soloist = state.soloist
    assert soloist is not None
    return (int(GameType.GRAND), soloist, state.to_move,
            (state.hands[0], state.hands[1], state.hands[2]), state.trick,
            state.trick_leader, sorted(pos.values, reverse=True))


def test_selection_picks_the_decisions_asked_for() -> None:
    found = _grand_soloist_positions(1)
    assert found
    for pos, state in found:
        assert pos.soloist_seat and pos.cards_left == 10
        assert state.contract is not None and state.contract.game == GameType.GRAND
    assert Selection().key() == ""
    with pytest.raises(ValueError):
        Selection(0, 3)
    with pytest.raises(ValueError):
        Selection(1, 3, "kibitz")


def test_the_grand_soloist_searches_exactly_from_more_cards() -> None:
    pos, state = _grand_soloist_positions(2)[0]
    kn = read_knowledge(state.view(pos.seat))
    contract = state.contract
    assert contract is not None
    legal = sum(1 << c for c in pos.values)
    plain = _PLAIN
    solo = replace(plain, solo=SoloBudget((int(GameType.GRAND),), 9, 3, 0))
    _, how = pimc_values(kn, contract, state.bid, legal, plain, random.Random(1))
    assert how.startswith("rollout")
    estimates, how = pimc_values(kn, contract, state.bid, legal, solo, random.Random(1))
    assert how == "exact, 3 deals"
    assert {e.card for e in estimates} == set(pos.values)
    # A node cap no deal fits under: the decision falls back to rollouts.
    capped = replace(plain, solo=SoloBudget((int(GameType.GRAND),), 9, 3, 0, cap=1))
    _, how = pimc_values(kn, contract, state.bid, legal, capped, random.Random(1))
    assert how.startswith("rollout")
    # Not for the defenders, nor in other games.
    other = replace(plain, solo=SoloBudget((int(GameType.CLUBS),), 9, 3, 0))
    _, how = pimc_values(kn, contract, state.bid, legal, other, random.Random(1))
    assert how.startswith("rollout")


def test_the_grand_soloist_may_ask_won_or_lost_only() -> None:
    # SoloBudget.question: the solver answers "does the soloist reach 61
    # after this card?" per card and deal, a rollout of the same deal gives
    # the points.  The won-or-lost share of each card is the exact search's
    # on the same deals; the points are the rollouts'.
    pos, state = _grand_soloist_positions(2)[0]
    kn = read_knowledge(state.view(pos.seat))
    contract = state.contract
    assert contract is not None
    legal = sum(1 << c for c in pos.values)
    plain = _PLAIN
    grand = (int(GameType.GRAND),)
    exact = replace(plain, solo=SoloBudget(grand, 9, 3, 0))
    asked = replace(plain, solo=SoloBudget(grand, 9, 3, 0, question=True))
    by_exact, _ = pimc_values(kn, contract, state.bid, legal, exact, random.Random(1))
    by_question, how = pimc_values(kn, contract, state.bid, legal, asked, random.Random(1))
    assert how == "won-or-lost questions and rollouts, 3 deals"
    assert [e.card for e in by_question] == [e.card for e in by_exact]
    assert [e.win for e in by_question] == [e.win for e in by_exact]
    assert [e.points for e in by_question] != [e.points for e in by_exact]
    again, _ = pimc_values(kn, contract, state.bid, legal, asked, random.Random(1))
    assert again == by_question
    # A cap no deal fits under: rollouts, as with the exact points.
    capped = replace(plain, solo=SoloBudget(grand, 9, 3, 0, cap=1, question=True))
    _, how = pimc_values(kn, contract, state.bid, legal, capped, random.Random(1))
    assert how.startswith("rollout")


def test_the_grand_soloists_first_card_may_search_more() -> None:
    # SoloBudget.first_from=10 with first_nodes / first_cap: the soloist's
    # first card (ten cards in hand) has its own node limit and cap; the
    # other cards of the solo stage keep the budget's.
    plain = _PLAIN
    grand = (int(GameType.GRAND),)
    state = _grand_soloist_positions(1)[0][1]
    assert state.hands[state.to_move].bit_count() == 10

    def how(solo: SoloBudget, st: GameState = state) -> str:
        view = st.view(st.to_move)
        assert view.contract is not None
        lg = sum(1 << a.card for a in view.legal if isinstance(a, Play))
        return pimc_values(read_knowledge(view), view.contract, st.bid, lg,
                           replace(plain, solo=solo), random.Random(1))[1]

    assert how(SoloBudget(grand, 10, 3, 0, cap=1)).startswith("rollout")
    first_cap = SoloBudget(grand, 10, 3, 0, cap=1, first_from=10, first_cap=10**9)
    first_nodes = SoloBudget(grand, 10, 3, 1, first_from=10, first_nodes=10**9)
    assert how(first_cap) == "exact, 3 deals"
    assert how(SoloBudget(grand, 10, 3, 1)) == "exact, 2 deals"
    assert how(first_nodes) == "exact, 3 deals"
    # The second card (nine in hand) keeps the budget's cap and node limit.
    later = _grand_soloist_positions(2)[0][1]
    assert later.hands[later.to_move].bit_count() == 9
    assert how(first_cap, later).startswith("rollout")
    assert how(first_nodes, later) == "exact, 2 deals"


def test_an_open_question_leaves_the_rollout_standing() -> None:
    pos, state = _grand_soloist_positions(1)[0]
    game, soloist, seat, hands, trick, leader, cards = _asked(pos, state)
    have = points_of(state.skat)
    rolled = {}
    for x in cards:
        hs = [hands[0], hands[1], hands[2]]
        hs[seat] &= ~(1 << x)
        rolled[x] = rollout(game, soloist, hs, [*trick, x], leader, Solver(game, soloist), 4)
    solver = Solver(game, soloist)
    # Every question left open after one position: the rollouts' points.
    got = question_values(game, soloist, solver, Solver(game, soloist), hands, seat, trick,
                          leader, cards, have, 4, 0, 1)
    assert got == rolled
    # The whole deal's cap reached: no values (the deal is dropped).
    assert question_values(game, soloist, Solver(game, soloist), Solver(game, soloist), hands,
                           seat, trick, leader, cards, have, 4, 1) is None
    # Answered: won exactly where the open-card values say so.
    answered = question_values(game, soloist, Solver(game, soloist), Solver(game, soloist),
                               hands, seat, trick, leader, cards, have, 4, 0)
    assert answered is not None
    exact = Solver(game, soloist).solve_moves(hands, seat, trick, leader if trick else None)
    for x in cards:
        assert (have + answered[x] >= 61) == (have + exact[x] >= 61)


def test_the_schneider_question_makes_the_90_tier_exact() -> None:
    # SoloBudget.question_schneider: for a card proved to win, the solver
    # is asked whether 90 is still reached too; without it the rollout's
    # tier stands, which differs from the open-card one here.
    pos, state = _grand_soloist_positions(2)[1]
    game, soloist, seat, hands, trick, leader, cards = _asked(pos, state)
    have = points_of(state.skat) + points_of(state.won[soloist])
    exact = Solver(game, soloist).solve_moves(hands, seat, trick, leader if trick else None)

    def tiers(schneider: bool) -> list[tuple[bool, bool]]:
        got = question_values(game, soloist, Solver(game, soloist), Solver(game, soloist),
                              hands, seat, trick, leader, cards, have, 4, 0, 0, schneider)
        assert got is not None
        return [(have + got[x] >= 61, have + got[x] >= 90) for x in cards]

    truth = [(have + exact[x] >= 61, have + exact[x] >= 90) for x in cards]
    assert tiers(True) == truth
    assert tiers(False) != truth
    assert [t[0] for t in tiers(False)] == [t[0] for t in truth]


def test_a_lost_line_the_rollout_won_may_count_as_an_invitation() -> None:
    # SoloBudget.question_invite: a card proved lost whose rollout (by the
    # rules' defenders) won is counted as lost plus a share of the swing.
    pos, state = _grand_soloist_positions(1)[4]
    game, soloist, seat, hands, trick, leader, cards = _asked(pos, state)
    have = points_of(state.skat)
    exact = Solver(game, soloist).solve_moves(hands, seat, trick, leader if trick else None)
    invited: set[int] = set()
    assert question_values(game, soloist, Solver(game, soloist), Solver(game, soloist), hands,
                           seat, trick, leader, cards, have, 4, 0, 0, False, invited)
    assert invited
    for x in cards:
        hs = [hands[0], hands[1], hands[2]]
        hs[seat] &= ~(1 << x)
        rolled = rollout(game, soloist, hs, [*trick, x], leader, Solver(game, soloist), 4)
        assert (x in invited) == (have + exact[x] < 61 <= have + rolled)
    kn = read_knowledge(state.view(pos.seat))
    contract = state.contract
    assert contract is not None
    legal = sum(1 << x for x in cards)
    plain = _PLAIN
    asked = SoloBudget((game,), 10, 3, 0, question=True)
    without, _ = pimc_values(kn, contract, state.bid, legal, replace(plain, solo=asked),
                             random.Random(1))
    with_, _ = pimc_values(kn, contract, state.bid, legal,
                           replace(plain, solo=replace(asked, question_invite=0.5)),
                           random.Random(1))
    assert [e.win for e in with_] == [e.win for e in without]
    assert all(a.value >= b.value for a, b in zip(with_, without, strict=True))
    assert any(a.value > b.value for a, b in zip(with_, without, strict=True))


def test_the_soloists_first_decision_may_have_its_own_budget() -> None:
    # SoloBudget.first_from: while the soloist holds at least that many
    # cards, first_samples / first_nodes / first_cap replace the budget's.
    plain = _PLAIN
    grand = (int(GameType.GRAND),)
    solo = SoloBudget(grand, 10, 3, 0, question=True, first_from=10, first_samples=5)
    first = next((p, s) for p, s in _grand_soloist_positions(1) if len(p.values) > 2)
    second = _grand_soloist_positions(2)[0]
    for (pos, state), deals in ((first, 5), (second, 3)):
        kn = read_knowledge(state.view(pos.seat))
        contract = state.contract
        assert contract is not None
        legal = sum(1 << c for c in pos.values)
        _, how = pimc_values(kn, contract, state.bid, legal, replace(plain, solo=solo),
                             random.Random(1))
        assert how == f"won-or-lost questions and rollouts, {deals} deals"
        # A first cap no deal fits under: rollouts on the first decision only.
        capped = replace(plain, solo=replace(solo, first_cap=1))
        _, how = pimc_values(kn, contract, state.bid, legal, capped, random.Random(1))
        assert how.startswith("rollout") == (deals == 5)


def test_solve_moves_within_stops_at_the_count() -> None:
    pos, state = _grand_soloist_positions(1)[0]
    solver = Solver(int(GameType.GRAND), state.soloist)
    trick = state.trick
    leader = state.trick_leader if trick else None
    assert solver.solve_moves_within(state.hands, state.to_move, trick, leader, 1) is None
    full = solver.solve_moves_within(state.hands, state.to_move, trick, leader, 1 << 40)
    assert full == pos.values


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


def test_the_exact_veto_rules_out_a_card_the_rollouts_would_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A suit soloist on his first decision (seed "test", deal 12: a
    # position whose rollouts' card is 28 points below the open-card best
    # card).  The rollouts play by a deliberately weak rule here (every seat
    # plays its lowest legal card) since the rules of play_rules.py no longer
    # misjudge the first positions of this seed; in the first position where
    # the rollouts' card is ruled out, the veto plays another, better card.
    def weak(game: int, soloist: int, seat: int, hand: int, trick: tuple[int, ...],
             leader: int, others: tuple[int, int, int], perfect: bool = False) -> int:
        legal = legal_cards(game, hand, trick[0] if trick else None)
        return (legal & -legal).bit_length() - 1

    monkeypatch.setattr(pimc, "rule_card", weak)
    sel = Selection(1, 1, "soloist", "suit")
    plain = _PLAIN
    found = None
    for pos, state in positions_of_deal("test", 12, "easy", sel):
        contract = state.contract
        assert contract is not None
        kn = read_knowledge(state.view(pos.seat))
        legal = sum(1 << x for x in pos.values)
        games = (int(contract.game), int(GameType.GRAND))
        veto = replace(plain, solo=SoloBudget(games, 10, 3, 0, veto=0.1))
        rolled, _ = pimc_values(kn, contract, state.bid, legal, plain, random.Random(1))
        vetoed, how = pimc_values(kn, contract, state.bid, legal, veto, random.Random(1))
        assert how.startswith("rollout, 4 deals, exact veto on 3 deals: ")
        ruled_out = best_card(rolled, True).card
        chosen = best_card(vetoed, True).card
        if chosen != ruled_out and pos.loss(chosen) < pos.loss(ruled_out):
            found = (pos, state, kn, contract, legal, games, rolled, vetoed, ruled_out)
            break
        if how.endswith(": 0 ruled out"):
            # Nothing ruled out: the rollouts' choice stands.
            assert chosen == ruled_out
    assert found is not None, "no position where the veto overrules the rollouts"
    pos, state, kn, contract, legal, games, rolled, vetoed, ruled_out = found
    by_card = {e.card: e for e in vetoed}
    # Only the values of ruled-out cards move, below every kept card; the
    # rollouts' points and win share stay for hints.
    kept = [e for e in rolled if by_card[e.card] == e]
    assert ruled_out not in {e.card for e in kept}
    for e in rolled:
        if by_card[e.card] != e:
            assert by_card[e.card].value < min(x.value for x in kept)
            assert by_card[e.card].points == e.points and by_card[e.card].win == e.win
    # Deterministic: the same view and generator give the same estimates.
    veto = replace(plain, solo=SoloBudget(games, 10, 3, 0, veto=0.1))
    again, _ = pimc_values(kn, contract, state.bid, legal, veto, random.Random(1))
    assert again == vetoed
    # Not in other games, and a cap no deal fits under leaves the rollouts
    # alone.
    another = next(int(g) for g in (GameType.DIAMONDS, GameType.CLUBS) if g != contract.game)
    other = replace(plain, solo=SoloBudget((another,), 10, 3, 0, veto=0.1))
    assert pimc_values(kn, contract, state.bid, legal, other, random.Random(1))[0] == rolled
    # In a game the veto is not named for, the exact values choose.
    grand_only = replace(plain, solo=SoloBudget(games, 10, 3, 0, veto=0.1,
                                                veto_games=(int(GameType.GRAND),)))
    assert pimc_values(kn, contract, state.bid, legal, grand_only,
                       random.Random(1))[1] == "exact, 3 deals"
    capped = replace(plain, solo=SoloBudget(games, 10, 3, 0, cap=1, veto=0.1))
    est, how = pimc_values(kn, contract, state.bid, legal, capped, random.Random(1))
    assert est == rolled and how.endswith("exact veto on 0 deals: 0 ruled out")
    # The veto's own cap (SoloBudget.veto_cap) overrides the budget's, so
    # the games the exact values choose in may search more than the veto.
    own = replace(plain, solo=SoloBudget(games, 10, 3, 0, cap=1, veto=0.1, veto_cap=10**9))
    assert pimc_values(kn, contract, state.bid, legal, own,
                       random.Random(1))[1].startswith("rollout, 4 deals, exact veto on 3 deals")
    own = replace(plain, solo=SoloBudget(games, 10, 3, 0, veto=0.1, veto_cap=1))
    est, how = pimc_values(kn, contract, state.bid, legal, own, random.Random(1))
    assert est == rolled and how.endswith("exact veto on 0 deals: 0 ruled out")
    own = replace(plain, solo=SoloBudget(games, 10, 12, 0, veto=0.1, veto_samples=2))
    assert "exact veto on 2 deals" in pimc_values(kn, contract, state.bid, legal, own,
                                                  random.Random(1))[1]


def test_the_veto_needs_a_shortfall_in_games_not_points() -> None:
    a, b, d = c("SA"), c("S7"), c("SK")
    est = [CardEstimate(a, 10.0, 0.5, 60.0), CardEstimate(b, 20.0, 0.6, 62.0),
           CardEstimate(d, 15.0, 0.5, 61.0)]
    swing = [250.0, 250.0, 250.0, 250.0]
    # SA wins every deal; S7 loses one of four (a quarter of the swing),
    # SK gives away 30 points a deal (1.5 in utility): only S7 is ruled out.
    exact = {a: [90.0] * 4, b: [90.0, 90.0, 90.0, -160.0], d: [88.5] * 4}
    out, n = exact_veto(est, exact, swing, 0.2)
    assert n == 1
    assert [e.card for e in sorted(out, key=lambda e: -e.value)] == [d, a, b]
    assert best_card(out, True).card == d
    # A margin above the shortfall, or no deal searched, rules out nothing.
    assert exact_veto(est, exact, swing, 0.3) == (est, 0)
    assert exact_veto(est, {a: [], b: [], d: []}, [], 0.2) == (est, 0)


def test_the_skat_is_dealt_again_as_a_soloist_puts_cards_away() -> None:
    clubs = int(GameType.CLUBS)
    # Twelve cards with a bare ♥K and a bare ♦10: that is what goes away.
    hand = m("CJ SJ CA CT CK C9 C8 C7 SA S7")
    skat = m("HK DT")
    rng = random.Random(1)
    drawn = [resample_discard(clubs, hand, skat, 0, ALL_CARDS, rng) for _ in range(300)]
    skats = [s for _, s, _ in drawn]
    assert skats.count(m("HK DT")) > 200
    assert sum(1 for s in skats if s & TRUMPS[clubs]) < 6
    for h, s, w in drawn:
        # Nothing played since: every split is possible, the weight is 1.
        assert h | s == hand | skat and s.bit_count() == 2 and w == pytest.approx(1.0)
    # Shown out of diamonds, he cannot hold the ♦10: it lies in the skat.
    no_diamonds = ALL_CARDS & ~m("D7 D8 D9 DQ DK DT DA")
    for _ in range(50):
        h, s, _ = resample_discard(clubs, hand, skat, 0, no_diamonds, rng)
        assert s >> c("DT") & 1 and not h & ~no_diamonds
    # He has played the ♥K: he held it, so a deal where it was his obvious
    # discard explains his play worse than one where it was not.
    bare = resample_discard(clubs, m("CJ SJ CA CT CK C9 C8 C7 SA"), m("S7 DT"), m("HK"),
                            ALL_CARDS, random.Random(1))
    assert bare[1] & m("HK") == 0 and bare[2] < 1.0
    with_queen = resample_discard(clubs, m("CJ SJ CA CT CK C9 C8 HQ SA"), m("S7 DT"), m("HK"),
                                  ALL_CARDS, random.Random(1))
    assert with_queen[2] > bare[2]


def test_a_defender_reads_the_discard_into_the_sampled_skats() -> None:
    # The first defender decisions of picked-up suit and grand games (seed
    # "test"): with the discard read, the sampled skats hold no trump; as
    # drawn uniformly, a good share of them do.
    plain = SearchBudget(exact_from=7, tiers_from=7, exact_samples=40, tier_samples=4,
                         rollout_samples=4, rollout_exact=4, nodes=0, min_samples=2)
    reading = replace(plain, read_discard=10)
    with_trump = {False: 0, True: 0}
    total = 0
    for number in range(8):
        for state in _game_states("test", number):
            contract = state.contract
            if (state.phase != Phase.PLAYING or contract is None or contract.hand
                    or contract.ramsch or contract.game == GameType.NULL
                    or state.to_move == state.soloist):
                continue
            kn = read_knowledge(state.view(state.to_move))
            trumps = TRUMPS[int(contract.game)]
            for on, budget in ((False, plain), (True, reading)):
                worlds = _worlds(kn, contract, state.bid, WorldSampler(kn), 40, budget,
                                 random.Random(1))
                assert all(w[3].bit_count() == 2 for w in worlds)
                with_trump[on] += sum(1 for w in worlds if w[3] & trumps)
                if on:
                    again = _worlds(kn, contract, state.bid, WorldSampler(kn), 40, budget,
                                    random.Random(1))
                    assert again == worlds
            total += 40
            break
    assert total >= 120
    assert with_trump[False] > total // 5
    assert with_trump[True] < total // 20


def test_a_defender_values_cards_by_the_defenders_score() -> None:
    # Deal 3 of seed "test", the last defender of a trick with five cards
    # (♦A ♦8 ♦7 may be played): the soloist loses in every sampled deal
    # whatever the defender plays.  Valued by the soloist's score, the
    # defenders prefer a card that leaves him lost with schneider in more
    # deals although he takes more points on average; a defender scores 40
    # for a lost game, schneider or not, so valued by the defenders' score
    # the card that gives him the fewest points is played.
    plain = SearchBudget(exact_from=7, tiers_from=7, exact_samples=12, tier_samples=4,
                         rollout_samples=6, rollout_exact=4, nodes=0, min_samples=2)
    scored = replace(plain, defence_score=True)
    state = next(s for s in _game_states("test", 3)
                 if s.phase == Phase.PLAYING and s.to_move != s.soloist
                 and s.hands[s.to_move].bit_count() == 5 and len(s.trick) == 2)
    contract = state.contract
    assert contract is not None
    view = state.view(state.to_move)
    kn = read_knowledge(view)
    legal = 0
    for a in view.legal:
        if isinstance(a, Play):
            legal |= 1 << a.card
    assert legal.bit_count() >= 2
    old, _ = pimc_values(kn, contract, state.bid, legal, plain, random.Random(1))
    new, _ = pimc_values(kn, contract, state.bid, legal, scored, random.Random(1))
    assert all(e.win == 0.0 for e in old + new)
    for e in new:
        assert e.points is not None
        assert e.value == pytest.approx(pimc.DEFENCE_WIN * e.win
                                        + pimc.DEFENCE_TIE_SHARE * e.points)
    fewest = min(new, key=lambda e: (e.points, e.card))
    assert best_card(new, False).card == fewest.card
    assert best_card(old, False).card != fewest.card


def _defender_first_card(index: int) -> tuple[Knowledge, Contract, int, int]:
    """A defender's first card of a suit game (the test positions of
    ``easy``'s games): his knowledge, the contract, the bid, the legal cards."""
    sel = Selection(1, 1, "defender", "suit")
    pos, state = load_positions("test", 20, None, lambda _: None, "easy", sel)[index]
    assert pos.cards_left == 10 and state.to_move != state.soloist
    contract = state.contract
    assert contract is not None
    return (read_knowledge(state.view(pos.seat)), contract, state.bid,
            sum(1 << c for c in pos.values))


def test_a_defender_may_ask_won_or_lost_in_his_first_tricks() -> None:
    # SearchBudget.defence_questions: in the tricks the rollouts value, the
    # solver answers per card and deal whether the soloist still reaches 61;
    # the won-or-lost share of every card is then the exact search's on the
    # same deals, and the points are the rollouts'.
    kn, contract, bid, legal = _defender_first_card(2)
    plain = _PLAIN
    exact = replace(plain, exact_from=10)

    def asking(nodes: int, from_cards: int = 10) -> SearchBudget:
        return replace(plain, defence_questions=DefenceQuestions(from_cards, nodes, 0))

    by_exact, _ = pimc_values(kn, contract, bid, legal, exact, random.Random(1))
    by_rollout, how = pimc_values(kn, contract, bid, legal, plain, random.Random(1))
    assert how == "rollout, 4 deals"
    asked, how = pimc_values(kn, contract, bid, legal, asking(10**9), random.Random(1))
    assert how == "rollouts, won-or-lost questions on 4 of them, 4 deals"
    assert [e.win for e in asked] == [e.win for e in by_exact]
    assert [e.win for e in asked] != [e.win for e in by_rollout]
    # The questions stop at the node count; the later deals are rollouts.
    _, how = pimc_values(kn, contract, bid, legal, asking(1), random.Random(1))
    assert how == "rollouts, won-or-lost questions on 1 of them, 4 deals"
    # Only while the defender holds at most from_cards cards.
    _, how = pimc_values(kn, contract, bid, legal, asking(10**9, 9), random.Random(1))
    assert how == "rollout, 4 deals"


def test_a_defenders_questions_may_invite_a_blind_soloists_mistake() -> None:
    # DefenceQuestions.invite: in a deal the questions answered, a card after
    # which the soloist still wins against a perfect defence but loses when
    # he plays the rules blind counts a share of the swing more for the
    # defenders (lower on the soloist's scale); nothing else moves.
    kn, contract, bid, legal = _defender_first_card(3)
    plain = _PLAIN

    def asking(invite: float) -> SearchBudget:
        return replace(plain, defence_questions=DefenceQuestions(10, 10**9, 0, invite))

    base, _ = pimc_values(kn, contract, bid, legal, asking(0.0), random.Random(1))
    full, _ = pimc_values(kn, contract, bid, legal, asking(1.0), random.Random(1))
    half, _ = pimc_values(kn, contract, bid, legal, asking(0.5), random.Random(1))
    assert [e.win for e in full] == [e.win for e in base]
    drops = {str(Card(b.card)): b.value - f.value for b, f in zip(base, full, strict=True)}
    assert {k for k, d in drops.items() if d} == {"HJ", "S7"}
    assert all(d >= 0 for d in drops.values())
    for b, f, h in zip(base, full, half, strict=True):
        assert b.value - h.value == pytest.approx((b.value - f.value) / 2)


def test_the_veto_by_questions_agrees_with_the_exact_points() -> None:
    # SoloBudget.veto_question: the veto asks only whether the soloist
    # still reaches 61 after each card.  On a suit soloist's positions
    # (tricks 2-3 of four deals), each card's answer is whether its exact
    # points reach 61, for points already held on either side of the line.
    checked = 0
    for number in range(4):
        for pos, state in positions_of_deal("test", number, "easy",
                                            Selection(2, 3, "soloist", "suit")):
            contract = state.contract
            soloist = state.soloist
            assert contract is not None and soloist is not None
            game = int(contract.game)
            hands = (state.hands[0], state.hands[1], state.hands[2])
            trick, leader = state.trick, state.trick_leader
            cards = sorted(pos.values, reverse=True)
            exact = Solver(game, soloist).solve_moves(hands, soloist, trick,
                                                      leader if trick else None)
            for have in sorted({61 - v for v in exact.values()} | {0, 30}):
                won = _won_or_lost(Solver(game, soloist), hands, soloist, trick, leader,
                                   cards, have, 0)
                assert won == {x: have + exact[x] >= 61 for x in cards}
                checked += 1
            # Past its cap (a count of positions) the deal is left out.
            assert _won_or_lost(Solver(game, soloist), hands, soloist, trick, leader,
                                cards, 0, 1) is None
            # In the search, the veto counts its deals as the exact veto does.
            kn = read_knowledge(state.view(soloist))
            legal = sum(1 << x for x in cards)
            games = (game, int(GameType.GRAND))
            asked = replace(_PLAIN, solo=SoloBudget(games, 10, 3, 0, veto=0.1,
                                                    veto_question=True))
            est, how = pimc_values(kn, contract, state.bid, legal, asked, random.Random(1))
            assert how.startswith("rollout, 4 deals, exact veto on 3 deals: ")
            assert pimc_values(kn, contract, state.bid, legal, asked,
                               random.Random(1))[0] == est
    assert checked >= 10

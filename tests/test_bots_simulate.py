"""Bidding, discard and declaration by double-dummy simulation (bots/simulate.py)."""

from __future__ import annotations

import dataclasses

import pytest

from skat_core.bots.players import LEVEL_CONFIGS, LevelConfig, SkatBot
from skat_core.bots.simulate import SimBudget, hand_outlook, pickup_plan
from skat_core.cards import CardSet
from skat_core.deal import Deal
from skat_core.game import Bid, Pass, new_game
from skat_core.rules import GameType

SMALL = SimBudget(deals=6, nodes=4000, probe_nodes=800, min_deals=2, candidates=4)


def m(text: str) -> int:
    return CardSet.from_str(text).mask


def test_all_four_jacks_and_aces_pick_grand_and_win_every_simulated_deal() -> None:
    cards12 = m("CJ SJ HJ DJ CA CT SA ST HA HT D7 D8")
    plan = pickup_plan(cards12, 0, 18, (0, 0, 0), (0, 0, 0), SMALL, "t", "search")
    top = plan[0]
    assert top.declare.game == GameType.GRAND
    assert top.win > 0.95
    assert all(p.deals == top.deals for p in plan)
    assert [p.ev for p in plan] == sorted((p.ev for p in plan), reverse=True)


def test_the_plan_is_the_same_for_the_same_cards_and_salt() -> None:
    cards12 = m("CJ HJ CA CK C7 SQ HA HQ H8 D8 SJ DQ")
    a = pickup_plan.__wrapped__(cards12, 2, 18, (0, 20, 0), (0, 0, 22), SMALL, "x", "search")
    b = pickup_plan.__wrapped__(cards12, 2, 18, (0, 20, 0), (0, 0, 22), SMALL, "x", "search")
    assert a == b


def test_a_small_count_stops_the_questions_but_still_answers() -> None:
    tiny = SimBudget(deals=3, nodes=1, probe_nodes=1, min_deals=1)
    look = hand_outlook(m("CJ SJ CA CT CK C9 SA ST HA D7"), 0, tiny, "y", "search")
    assert len(look.rows) == 1  # the position count stops the sampling after min_deals


def test_junk_passes_and_a_strong_hand_bids_with_simulation() -> None:
    config = LevelConfig(skat_samples=6, budget=LEVEL_CONFIGS["normal"].budget, sim=SMALL,
                         loss_extra=0.0, threshold=5.0)
    bot = SkatBot("normal", 1, config)
    # Middlehand is asked first; give it the hand under test.
    strong = m("CJ SJ HJ CA CT CK C9 SA ST HA")
    junk = m("SK SQ S9 HK HQ H9 DK DQ CT C9")
    for hand, expect_bid in ((strong, True), (junk, False)):
        others = [c for c in range(32) if not hand >> c & 1]
        deal = Deal((sum(1 << c for c in others[:10]), hand,
                     sum(1 << c for c in others[10:20])), sum(1 << c for c in others[20:]))
        state = new_game(deal)
        view = state.view(1)
        action = bot.choose(view)
        assert isinstance(action, Bid) == expect_bid, action
        if not expect_bid:
            assert isinstance(action, Pass)


def test_the_solvers_verdict_is_read_as_the_measured_real_win_chance() -> None:
    from dataclasses import replace

    from skat_core.bots.simulate import DD_TRUST, DD_TRUST90, _Probe

    strong = m("CJ SJ HJ DJ CA CT CK SA ST HA")
    junk = m("S7 S8 S9 H7 H8 H9 D7 D8 D9 C7")
    for mine, won in ((strong, True), (junk, False)):
        rest = [c for c in range(32) if not mine >> c & 1]
        hands = (mine, sum(1 << c for c in rest[:10]), sum(1 << c for c in rest[10:20]))
        clubs = int(GameType.CLUBS)
        lo, hi = DD_TRUST["suit"]
        got = _Probe(0, replace(SMALL, trust=True)).outcome(clubs, hands, 0, (0.5, 0.5))
        assert got[0] == (hi if won else lo)
        if won:
            assert got[1] in DD_TRUST90["suit"]
        exact = _Probe(0, SMALL).outcome(clubs, hands, 0, (0.5, 0.5))
        assert exact[0] == (1.0 if won else 0.0)


def test_calibrate_trust_counts_played_games_by_the_solvers_verdict(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from skat_core.bots.calibrate import main

    rows = tmp_path / "rows.jsonl"
    games = [
        {"deal": 0, "level": "normal", "ours": 0, "soloist": 0, "game": "C", "contract": "Clubs",
         "actions": ["1:pass", "2:pass", "0:hand"], "won": True, "soloist_points": 70},
        {"deal": 0, "level": "xskat", "ours": None, "soloist": 0, "game": "C",
         "contract": "Clubs", "actions": [], "won": False, "soloist_points": 40},
    ]
    rows.write_text("".join(json.dumps(g) + "\n" for g in games))
    assert main(["trust", str(rows), "--level", "normal", "--seed", "t"]) == 0
    out = capsys.readouterr().out
    assert out.count("1 games") >= 1 and "suit" in out
    assert "really reached 1.000" in out.splitlines()[0]


def test_the_leading_game_also_tries_the_discard_that_voids_a_suit() -> None:
    """'Discards that leave a ten bare': besides the evaluator's two best
    discards, the simulation plays the leading game's best discard that makes
    a void and its best that leaves no ten bare, where the two best do
    neither."""
    from skat_core.bots.simulate import _bare_tens, _candidates, _shape_alternatives, _voids
    from skat_core.cards import Card

    cards12 = m("CJ SJ CA CK C9 C8 C7 HT HK HQ D8 D7")
    plain = _candidates(cards12, False, 18, "search", 0.0, 2)
    shaped = _candidates(cards12, False, 18, "search", 0.0, 2, shapes=True)
    assert shaped[:2] == plain and len(shaped) >= 2
    for r in shaped[2:]:
        assert r[1] == shaped[0][1]
    # A hand whose two best discards keep both short suits: the alternatives
    # void one and clear the bare ten.
    game = int(GameType.CLUBS)
    fake = [(1.0, game, False, (int(Card.HK), int(Card.HQ)), 0.9, 0.1),
            (0.9, game, False, (int(Card.HK), int(Card.D8)), 0.9, 0.1),
            (0.8, game, False, (int(Card.D8), int(Card.D7)), 0.9, 0.1),
            (0.7, game, False, (int(Card.HT), int(Card.HK)), 0.9, 0.1)]
    alt = _shape_alternatives(fake, cards12)
    assert [r[3] for r in alt] == [(int(Card.D8), int(Card.D7))]
    hand = cards12 & ~(1 << int(Card.D8) | 1 << int(Card.D7))
    assert _voids(game, hand) == 2 and _bare_tens(game, hand) == 0  # no spades either
    assert _bare_tens(game, cards12 & ~(1 << int(Card.HK) | 1 << int(Card.HQ))) == 1


def test_calibrate_generates_explores_refits_from_the_stored_cards(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The self-play rows keep the soloist's cards, so `fit` and `shift`
    recompute the features of the current evaluator; `--explore` picks among
    the evaluator's best discards deterministically."""
    import json

    from skat_core.bots.calibrate import _row_features, main
    from skat_core.bots.evaluate import suit_features

    out = tmp_path / "games.jsonl"
    args = ["generate", "--deals", "2", "--level", "easy", "--seed", "t", "--out", str(out),
            "--workers", "1", "--explore", "3"]
    assert main(args) == 0
    first = out.read_text()
    assert main(args) == 0
    assert out.read_text() == first
    rows = [json.loads(line) for line in first.splitlines()]
    assert rows and all(isinstance(r["cards"], int) for r in rows)
    suit = next(r for r in rows if r["family"] == "suit")
    assert _row_features(suit) == suit_features(suit["game"], suit["cards"],
                                                suit["skat_points"], suit["forehand"])
    capsys.readouterr()
    assert main(["shift", str(out)]) == 0
    text = capsys.readouterr().out
    assert '"suit": (' in text and "# a b" in text


def _calibrate_rows_twice(main, args, out):  # type: ignore[no-untyped-def]
    """The rows a calibrate command writes to ``out``, run twice with one
    worker and seed ``t``: the file must come out the same both times."""
    import json

    args = [*args, "--seed", "t", "--out", str(out), "--workers", "1"]
    assert main(args) == 0
    first = out.read_text()
    assert main(args) == 0
    assert out.read_text() == first
    return [json.loads(line) for line in first.splitlines()]


def test_calibrate_grands_plays_pickup_grands_and_fits_their_correction(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """`grands` makes every seat with a plausible pick-up grand its soloist
    and plays it out (the same rows twice); `grandfit` prints the fitted
    correction of the grand model."""

    from skat_core.bots.calibrate import grand_terms_of, main
    from skat_core.bots.evaluate import chances

    out = tmp_path / "grands.jsonl"
    rows = _calibrate_rows_twice(main, ["grands", "--deals", "12", "--level", "easy"], out)
    assert len(rows) >= 3
    for r in rows:
        p = chances(4, r["cards"], r["skat_points"], r["forehand"], play="search")[0]
        assert p >= 0.25 and p <= 0.985
        assert r["won"] == int(r["points"] >= 61)
    assert grand_terms_of(m("CJ SJ HJ CA SA HA DA CT ST HT")) == [4.0, 1.0, 0.0]
    capsys.readouterr()
    assert main(["grandfit", str(out)]) == 0
    text = capsys.readouterr().out
    assert '"grand": (' in text and "# a b aces jacks3 jacks4" in text
    assert '"grand90": (' in text


def test_calibrate_discards_records_the_bots_own_discards_and_fits_their_scores(
        tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """`discards` lets bots of a level bid and pick up as they would and
    records what they put away (the same rows twice); `discardfit` fits
    the discard model to them and prints a table that ranks the cards the
    rows put away above the average card."""
    import ast

    from skat_core.bots.calibrate import main
    from skat_core.bots.inference import discard_class

    out = tmp_path / "discards.jsonl"
    rows = _calibrate_rows_twice(main, ["discards", "--deals", "8", "--level", "easy"], out)
    assert len(rows) >= 3
    for r in rows:
        assert r["twelve"].bit_count() == 12 and r["put"].bit_count() == 2
        assert r["put"] & r["twelve"] == r["put"] and r["game"] != 5
    capsys.readouterr()
    assert main(["discardfit", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"{len(rows)} discards" in text and "DISCARD_SCORES = {" in text
    table = {}
    for line in text.splitlines():
        if line.startswith("    ("):
            key, value = line.strip().rstrip(",").rsplit(": ", 1)
            table[ast.literal_eval(key)] = float(value)
    put = [table[k] for r in rows for c in range(32) if r["put"] >> c & 1
           if (k := discard_class(r["game"], r["twelve"], c)) is not None]
    kept = [table[k] for r in rows for c in range(32) if (r["twelve"] & ~r["put"]) >> c & 1
            if (k := discard_class(r["game"], r["twelve"], c)) is not None]
    assert sum(put) / len(put) > sum(kept) / len(kept)


def test_a_racing_budget_spends_its_deals_on_the_close_candidates() -> None:
    """With ``race`` (strong's budget until the twenty-fifth round) the
    budget goes to the candidates that are still close: the two clubs
    discards are played on many more deals than a small budget reaches (3),
    the games far behind drop out early."""
    from dataclasses import replace

    cards12 = m("CJ SJ CA CK C9 C8 C7 HT HK HQ D8 D7")
    sim = SimBudget(deals=24, nodes=50_000, probe_nodes=2_000, candidates=6, min_deals=4,
                    before_skat=False, shapes=True, race=2.0, effective=False,
                    grand_playouts=32)
    plan = pickup_plan.__wrapped__(cards12, 2, 18, (0, 20, 0), (0, 0, 22), sim, "x", "search",
                                   0.0)
    top = plan[0]
    assert top.declare.game == GameType.CLUBS
    assert top.deals >= 8
    assert min(p.deals for p in plan) < top.deals
    assert all(p.deals >= sim.min_deals for p in plan)
    # Without the race every candidate is played on every deal.
    flat = replace(sim, race=0.0, nodes=1, min_deals=2)
    assert len({p.deals for p in pickup_plan.__wrapped__(cards12, 2, 18, (0, 20, 0), (0, 0, 22),
                                                         flat, "x", "search", 0.0)}) == 1


def test_a_race_drops_only_the_candidates_far_behind_a_leader_that_reaches_the_bid() -> None:
    from skat_core.bots.simulate import _race

    clubs = int(GameType.CLUBS)
    # (evaluator ev, game, ouvert, discard, win, p90); candidate 3's value stays
    # below the bid, so it cannot lead however well it scores.
    cands = [(50.0, clubs, False, (0, 1), 0.8, 0.1)] * 4
    values = [24, 24, 24, 12]
    scores = [[80.0, 80.0, 80.0, 80.0, -130.0, 80.0],   # the leader
              [80.0, 80.0, 80.0, 80.0, -130.0, 70.0],   # as good but for a point
              [-130.0, -130.0, 80.0, -130.0, -130.0, -130.0],  # far behind
              [200.0] * 6]
    weights = [1.0] * 6
    sums = [sum(s) for s in scores]
    totals = [6.0] * 4
    squares = [6.0] * 4
    kept = _race([0, 1, 2, 3], cands, values, 18, sums, totals, squares, scores, weights, 3.0,
                 2.0)
    assert kept == [0, 1, 3]
    # One deal says nothing yet.
    assert _race([0, 1, 2], cands, values, 18, [80.0, 80.0, -130.0], [1.0] * 3, [1.0] * 3,
                 [[80.0], [80.0], [-130.0]], [1.0], 3.0, 2.0) == [0, 1, 2]


def test_the_bidding_simulates_only_the_hands_close_to_the_threshold() -> None:
    """With ``close`` the simulation before the skat runs only where the
    evaluator's expected score at the bid in question is near the bidding
    threshold; clear hands are bid by the evaluator alone."""
    from dataclasses import replace

    from skat_core.bots.simulate import hand_outlook as look

    base = LEVEL_CONFIGS["strong"]
    assert base.sim is not None
    before = SimBudget(deals=6, nodes=3_000, probe_nodes=600, min_deals=2, trust=True)
    sim = replace(base.sim, before_skat=True, close=25.0, before=before)
    bot = SkatBot("strong", "close", replace(base, sim=sim))
    hands = {"close": m("HJ CK CQ SA SK HT DA DK D8 D7"),   # evaluator: about -4 at 18
             "junk": m("SK SQ S9 HK HQ H9 DK DQ CT C9"),
             "strong": m("CJ SJ HJ CA CT CK C9 SA ST HA")}
    simulated = {}
    for name, hand in hands.items():
        others = [c for c in range(32) if not hand >> c & 1]
        deal = Deal((sum(1 << c for c in others[:10]), hand,
                     sum(1 << c for c in others[10:20])), sum(1 << c for c in others[20:]))
        view = new_game(deal).view(1)  # middlehand is asked first
        misses = look.cache_info().misses
        action = bot.choose(view)
        simulated[name] = look.cache_info().misses > misses
        if name == "junk":
            assert isinstance(action, Pass)
        if name == "strong":
            assert isinstance(action, Bid)
    assert simulated == {"close": True, "junk": False, "strong": False}


def test_ten_unlikely_deals_still_count_as_ten_against_the_prior() -> None:
    """The bids' weights are plausibilities, not counts: ten deals of weight
    0.01 that all win (+100) outweigh an evaluator prior of -100 counted as
    three deals; one deal far likelier than the rest counts about as one."""
    from skat_core.bots.simulate import blended, effective_deals

    assert effective_deals(10 * 0.01, 10 * 0.01 ** 2) == pytest.approx(10.0)
    got = blended(10 * 0.01 * 100.0, 10 * 0.01, 10 * 0.01 ** 2, -100.0, 3.0)
    assert got == pytest.approx((10 * 100.0 - 3 * 100.0) / 13)
    assert got > 50  # the sum of the weights (0.1) against the prior's 3 gave -93.5
    weights = [1.0] + [0.001] * 9
    assert effective_deals(sum(weights), sum(w * w for w in weights)) < 1.02
    assert blended(0.0, 0.0, 0.0, 42.0, 3.0) == 42.0  # no deal: the prior alone


def test_the_plan_does_not_depend_on_the_scale_of_the_bids_weights(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Scaling every deal's weight by the bids by one factor changes no
    expected score of the plan after picking up: only the weights' ratios
    say which deals are likelier, and the solver's deals count as the same
    number of deals against the evaluator's prior.  (With the sum of the
    weights as the count, a hundredth of the weights left the plan to the
    prior.)"""
    from dataclasses import replace

    from skat_core.bots import simulate

    cards12 = m("HJ DJ HA HK H9 H8 SA S7 CT C9 DQ D7")
    bids, refused = (0, 20, 0), (18, 0, 0)
    sim = replace(SMALL, candidates=5)
    base = simulate.pickup_plan.__wrapped__(cards12, 2, 18, bids, refused, sim, "w", "search")
    real = simulate.bids_weight
    monkeypatch.setattr(simulate, "bids_weight", lambda *a: 0.01 * real(*a))
    scaled = simulate.pickup_plan.__wrapped__(cards12, 2, 18, bids, refused, sim, "w",
                                              "search")
    assert [(p.declare, p.discard) for p in scaled] == [(p.declare, p.discard) for p in base]
    for a, b in zip(base, scaled, strict=True):
        assert b.ev == pytest.approx(a.ev)
        assert b.win == pytest.approx(a.win)
        assert a.deals >= 2
    # The solver's deals do move the scores away from the evaluator's (here
    # hearts with S7 DQ put away: the evaluator +26, the blend below -20).
    assert any(p.ev < p.prior_ev - 40 for p in base)


def test_the_outlook_before_the_skat_counts_its_deals_whatever_the_weights_scale() -> None:
    from skat_core.bots.simulate import hand_outlook as look

    tiny = SimBudget(deals=4, nodes=10**9, probe_nodes=200, min_deals=1)
    deals = look(m("CJ SJ CA CT CK C9 SA ST HA D7"), 0, tiny, "z", "search")
    ws = deals.weights((0, 20, 0), (0, 0, 18))
    assert deals.effective(ws) == pytest.approx(deals.effective([w * 0.01 for w in ws]))
    assert 1.0 <= deals.effective(ws) <= len(ws)


def test_without_the_effective_count_the_prior_gains_where_the_bids_weigh_little(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``SimBudget.effective=False`` (``normal``): the deals count as the sum
    of their bids' weights, so a hundredth of the weights leaves the plan
    nearer the evaluator's prior, each candidate's score as
    ``(sum w*score + prior*ev0) / (sum w + prior)``."""
    from dataclasses import replace

    from skat_core.bots import simulate

    assert LEVEL_CONFIGS["normal"].sim is not None
    assert not LEVEL_CONFIGS["normal"].sim.effective
    cards12 = m("HJ DJ HA HK H9 H8 SA S7 CT C9 DQ D7")
    bids, refused = (0, 20, 0), (18, 0, 0)
    sim = replace(SMALL, candidates=5, effective=False)
    base = simulate.pickup_plan.__wrapped__(cards12, 2, 18, bids, refused, sim, "w", "search")
    real = simulate.bids_weight
    monkeypatch.setattr(simulate, "bids_weight", lambda *a: 0.01 * real(*a))
    scaled = simulate.pickup_plan.__wrapped__(cards12, 2, 18, bids, refused, sim, "w",
                                              "search")
    by_choice = {(p.declare, p.discard): p for p in scaled}
    gaps = [(abs(p.ev - p.prior_ev), abs(by_choice[(p.declare, p.discard)].ev - p.prior_ev))
            for p in base if (p.declare, p.discard) in by_choice]
    assert gaps and all(after <= before + 1e-9 for before, after in gaps)
    assert any(after < before - 1.0 for before, after in gaps)


def test_blind_defenders_playouts_move_a_grand_toward_what_they_make_of_it() -> None:
    """A grand the rules' blind defenders cannot beat is raised, one they
    beat every time is lowered, by half the step in the logit."""
    import math
    import random

    from skat_core.bots.sampling import deal_rest
    from skat_core.bots.simulate import PLAYOUT_WEIGHT, grand_step
    from skat_core.cards import Card

    rng = random.Random(3)
    sure = m("CJ SJ HJ DJ CA CT SA ST HA HT D7 D8")
    deals = [(deal_rest(rng, 0, sure, False)[0], 1.0) for _ in range(16)]
    disc = (int(Card.D7), int(Card.D8))
    step = grand_step(sure, 0, disc, 0.5, deals)
    assert step == pytest.approx(PLAYOUT_WEIGHT * math.log(0.98 / 0.02))
    poor = m("C7 C8 C9 S7 S8 S9 H7 H8 H9 D9 DQ DK")
    deals = [(deal_rest(rng, 1, poor, False)[0], 1.0) for _ in range(16)]
    assert grand_step(poor, 1, (int(Card.D9), int(Card.DQ)), 0.5, deals) < 0


def test_every_grand_candidate_moves_by_the_same_step_and_nothing_else_moves() -> None:
    from skat_core.bots.simulate import GRAND, _candidates, _logit, _stepped

    budget = SimBudget(deals=6, nodes=4000, probe_nodes=800, min_deals=2, candidates=6,
                       grand_playouts=24)
    cards12 = m("CJ SJ HJ CA CT C9 SA SK S8 HA D8 D7")
    cands = _candidates(cards12, True, 18, "search", 0.0, 6)
    assert sum(c[1] == GRAND for c in cands) >= 2
    moved = _stepped(cands, cards12, 0, 18, (0, 0, 0), (0, 0, 0), budget, "s", 0.0)
    assert moved == _stepped(cands, cards12, 0, 18, (0, 0, 0), (0, 0, 0), budget, "s", 0.0)

    steps = set()
    for old, new in zip(cands, moved, strict=True):
        assert old[1:4] == new[1:4]
        if old[1] == GRAND:
            steps.add(round(_logit(new[4]) - _logit(old[4]), 9))
            assert new[5] == pytest.approx(old[5] * new[4] / old[4])
        else:
            assert new == old
    assert len(steps) == 1 and steps != {0.0}
    grands = [(old[0], new[0]) for old, new in zip(cands, moved, strict=True) if old[1] == GRAND]
    assert sorted(grands, reverse=True) == grands  # the discards keep their order


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_monte_carlo_levels_play_their_grand_out_after_picking_up(level: str) -> None:
    budget = LEVEL_CONFIGS[level].sim
    assert budget is not None and budget.grand_playouts == 32
    off = dataclasses.replace(budget, grand_playouts=0)
    cards12 = m("CJ SJ HJ CA CT C9 SA SK S8 HA D8 D7")
    on_plan = pickup_plan(cards12, 0, 18, (0, 0, 0), (0, 0, 0), budget, "p", "search")
    off_plan = pickup_plan(cards12, 0, 18, (0, 0, 0), (0, 0, 0), off, "p", "search")
    on_grand = next(p for p in on_plan if p.declare.game == GameType.GRAND)
    off_grand = next(p for p in off_plan if p.declare.game == GameType.GRAND)
    assert on_grand.prior_ev != off_grand.prior_ev


def _refit_plans(number: int):  # type: ignore[no-untyped-def]
    """Forehand's plan after picking up in deal ``number`` of seed
    "refit-test" (bid 18): normal's shipped plan without and with
    ``discard_refit``, the "discard" family's own plan, and the view."""
    from skat_core.bots.calibrate import _auction
    from skat_core.bots.knowledge import read_knowledge
    from skat_core.deal import deal_from_seed
    from skat_core.game import PickUpSkat

    config = LEVEL_CONFIGS["normal"]
    assert config.discard_refit and config.sim is not None
    off = dataclasses.replace(config, discard_refit=False)
    view = _auction(deal_from_seed("refit-test", number), 0).apply(PickUpSkat()).view(0)
    shipped = SkatBot("normal", "t", off)._plan(view, view.hand, config.sim)
    refit = SkatBot("normal", "t", config)._plan(view, view.hand, config.sim)
    kn = read_knowledge(view)
    alone = pickup_plan(view.hand, 0, 18, kn.bids, kn.refused, config.sim, "t", "discard",
                        config.loss_extra)
    return shipped, refit, alone, view


def test_normal_chooses_its_discard_with_the_refitted_evaluator_but_keeps_its_game() -> None:
    """With ``discard_refit`` the plan keeps the game the shipped evaluator's
    plan chose and takes the discard that the "discard" family's plan puts
    first for that game: here clubs, putting away both hearts (a void)
    rather than ♠K ♥8."""
    from skat_core.game import Discard

    shipped, refit, alone, view = _refit_plans(2)
    assert view.hand == m("SJ CK CQ C9 C8 SA SK H8 H7 DT D8 D7")
    assert shipped[0].declare == refit[0].declare and refit[0].declare.game == GameType.CLUBS
    assert set(shipped[0].discard) == {m_index("SK"), m_index("H8")}
    assert set(refit[0].discard) == {m_index("H8"), m_index("H7")}
    assert refit[0] == next(p for p in alone if p.declare == refit[0].declare)
    # the rest is the shipped plan, without the entry put first
    assert refit[1:] == tuple(p for p in shipped
                              if (p.declare, p.discard) != (refit[0].declare, refit[0].discard))
    action = SkatBot("normal", "t", LEVEL_CONFIGS["normal"]).choose(view)
    assert isinstance(action, Discard) and {int(c) for c in action.cards} == set(refit[0].discard)


def test_the_refitted_plan_may_change_the_suit_but_never_suit_for_grand_or_null() -> None:
    """Where the shipped plan chose a suit game, the refitted plan's best suit
    game is taken: here spades (five trumps with ♠10) instead of diamonds
    (five trumps with ♦10), the same hearts put away."""
    shipped, refit, alone, _ = _refit_plans(117)
    assert shipped[0].declare.game == GameType.DIAMONDS
    assert refit[0].declare.game == GameType.SPADES
    assert refit[0] == next(p for p in alone if p.declare.game in (0, 1, 2, 3) and p.value >= 18)
    assert set(refit[0].discard) == {m_index("H8"), m_index("H7")}
    # A grand keeps its game, here with ♣9 ♦8 put away instead of ♣9 ♠10.
    shipped, refit, alone, _ = _refit_plans(61)
    assert shipped[0].declare == refit[0].declare and refit[0].declare.game == GameType.GRAND
    assert set(shipped[0].discard) == {m_index("C9"), m_index("ST")}
    assert set(refit[0].discard) == {m_index("C9"), m_index("D8")}
    # A null is left as the shipped plan has it.
    shipped, refit, alone, _ = _refit_plans(0)
    assert shipped[0].declare.game == GameType.NULL and refit == shipped


def m_index(text: str) -> int:
    return m(text).bit_length() - 1


def test_calibrate_generate_can_play_the_soloist_against_other_defenders(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`generate --defenders` keeps the games and discards and changes only
    who defends: the same rows' features, other outcomes somewhere."""
    import json

    from skat_core.bots.calibrate import main

    rows = {}
    for defenders in ([], ["--defenders", "random"]):
        out = tmp_path / f"games{len(defenders)}.jsonl"
        args = ["generate", "--deals", "2", "--level", "easy", "--seed", "t", "--out", str(out),
                "--workers", "1", *defenders]
        assert main(args) == 0
        rows[len(defenders)] = [json.loads(line) for line in out.read_text().splitlines()]
    same, against_random = rows[0], rows[2]
    assert [r["x"] for r in same] == [r["x"] for r in against_random]
    assert [r["points"] for r in same] != [r["points"] for r in against_random]
    assert sum(r["won"] for r in against_random) >= sum(r["won"] for r in same)


def test_refit_recovers_a_shift_of_the_current_logit(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Rows whose outcomes follow ``a + b * z`` of the Monte Carlo family's
    suit logit ``z``: the refit finds about that ``a`` and ``b``, and
    `calibrate refit` prints the four models."""
    import json
    import math
    import random

    from skat_core.bots.calibrate import _row_features, main, refit_weights
    from skat_core.bots.evaluate import SHIFTS, WEIGHTS

    rng = random.Random(5)
    lines = []
    for _ in range(1200):
        hand = sum(1 << c for c in rng.sample(range(32), 10))
        row = {"family": "suit" if len(lines) % 4 else "grand", "game": rng.randrange(4),
               "cards": hand, "skat_points": rng.randrange(0, 22), "forehand": rng.random() < 0.5}
        if row["family"] == "grand":
            row["game"] = 4
        x = _row_features(row)
        outcome = []
        for key in (str(row["family"]), f"{row['family']}90"):
            sa, sb = SHIFTS["search"][key]
            z = sa + sb * sum(w * v for w, v in zip(WEIGHTS[key], x, strict=True))
            outcome.append(int(rng.random() < 1 / (1 + math.exp(-(0.6 + 0.8 * z)))))
        row["won"], row["s90"] = outcome
        lines.append(row)
    suit = [r for r in lines if r["family"] == "suit"]
    _, _, (a, b) = refit_weights("suit", [_row_features(r) for r in suit],
                                 [int(r["won"]) for r in suit])
    assert abs(a - 0.6) < 0.35 and abs(b - 0.8) < 0.2, (a, b)
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    capsys.readouterr()
    assert main(["refit", str(path)]) == 0
    text = capsys.readouterr().out
    for key in ("suit", "suit90", "grand", "grand90"):
        assert f'    "{key}": (' in text and f"# {key}: ridge penalty" in text


def test_two_families_planned_together_share_their_deals_and_questions(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``pickup_plans`` gives each family the plan it makes alone (its own
    budget, charged as if it searched alone) while a question both families
    ask is searched once: fewer solver calls than the two plans apart."""
    from skat_core.bots import simulate
    from skat_core.bots.simulate import pickup_plans

    sim = LEVEL_CONFIGS["normal"].sim
    assert sim is not None
    calls = [0]
    real = simulate.Solver.wins_within

    def counted(self, *args):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(self, *args)

    monkeypatch.setattr(simulate.Solver, "wins_within", counted)
    cards12 = m("SJ CK CQ C9 C8 SA SK H8 H7 DT D8 D7")
    args = (cards12, 0, 18, (18, 0, 0), (0, 20, 0), sim, "t")
    apart = [pickup_plan.__wrapped__(*args, play, 0.0) for play in ("search", "discard")]
    alone = calls[0]
    calls[0] = 0
    together = pickup_plans.__wrapped__(*args, ("search", "discard"), 0.0)
    assert list(together) == apart
    assert 0 < calls[0] < alone
    shared = {(p.declare, p.discard) for p in apart[0]} & {(p.declare, p.discard)
                                                          for p in apart[1]}
    assert shared

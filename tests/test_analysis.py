"""The solver-driven analysis of a played deal: each card's value against the
solver called directly, against a brute-force minimax over the engine for the
last tricks, and against positions worked out by hand."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from skat_core.analysis import (
    CardChoice,
    analyse,
    card_count,
    choice_from_json,
    choice_to_json,
    positions,
    start_value,
    stream,
    thresholds_crossed,
    verdict,
)
from skat_core.cards import Card, points_of
from skat_core.deal import Deal
from skat_core.game import Bid, Declare, GameState, Pass, Phase, Play, new_game
from skat_core.records import state_from_record
from skat_core.rules import GameType
from skat_core.solver import solve_moves

DATA = Path(__file__).parent / "data"


@cache
def deal(name: str) -> GameState:
    return state_from_record(json.loads((DATA / name).read_text()))


def grand() -> GameState:
    """Cid (rearhand) plays Grand at 40 and loses with 60; with ♦Q instead of
    ♠J in trick 9 he would have won with 64."""
    return deal("deal_grand.json")


def null() -> GameState:
    """Bob (middlehand) plays Null and wins; in trick 3 Ann's ♠7 lead let
    him through."""
    return deal("deal_null.json")


def test_every_card_is_analysed_with_the_solvers_values() -> None:
    state = grand()
    a = analyse(state)
    assert a.complete and len(a.cards) == card_count(state) == 30
    for choice, (step, before, card) in zip(a.cards, positions(state), strict=True):
        assert (choice.step, choice.card, choice.seat) == (step, card, before.to_move)
        assert choice.trick == before.tricks_played + 1
        raw = solve_moves(before.hands, before.soloist, int(GameType.GRAND), before.to_move,
                          before.trick, before.leader)
        base = points_of(before.won[before.soloist] | before.skat)
        assert choice.values == {Card(c): base + v for c, v in raw.items()}
        assert card in choice.values  # the card played was legal
    # The final trick is forced: every value there is the real end.
    assert a.cards[-1].played == a.actual == 60


def test_the_card_that_lost_the_grand() -> None:
    """Trick 9 by hand: Bob leads ♥8; Cid holds ♠J ♦Q, Ann ♦K ♦8, Bob ♣K, and
    Cid has 58 with the skat.  ♠J takes the ♥8 (+2: Ann throws ♦8), then
    ♦Q loses to ♦K with Bob's ♣K: 60, lost.  ♦Q lets Bob's ♥8 win (Ann gives
    ♦K, the most the defenders can keep from Cid), then ♠J takes ♣K and ♦8:
    58 + 6 = 64, won."""
    a = analyse(grand())
    c = next(c for c in a.cards if c.trick == 9 and c.seat == 2)
    assert (c.card, c.played, c.best, c.best_cards, c.cost) == (Card.SJ, 60, 64, (Card.DQ,), 4)
    assert c.soloist_side and not c.forced
    assert a.verdict(60).won is False and a.verdict(64).won is True
    assert a.verdict(64).score == 96 and a.verdict(60).score == -192
    turning = a.turning_points()
    assert c in turning and set(turning) == set(a.turning_points(seat=2) +
                                                a.turning_points(seat=0))
    # Ann's ♣A in trick 2 gave the game away (best was a ten: 53, lost).
    ann = a.turning_points(seat=0)[0]
    assert (ann.trick, ann.card, ann.best, ann.played) == (2, Card.CA, 53, 64)
    assert not ann.soloist_side and ann.cost == 11
    assert set(ann.best_cards) == {Card.HT, Card.DT}
    assert a.start == 50 == start_value(grand())
    assert [m.cost for m in a.mistakes()] == [3, 11, 4]


@cache
def brute(state: GameState) -> int:
    """The soloist's final card points with best play from ``state``, by
    trying every legal card through the engine (few cards left only)."""
    if state.is_over:
        assert state.result is not None
        return state.result.soloist_points
    values = [brute(state.apply(a)) for a in state.legal_actions()]
    return max(values) if state.to_move == state.soloist else min(values)


def test_the_last_three_tricks_against_brute_force() -> None:
    a = analyse(grand())
    late = {step: before for step, before, _ in positions(grand()) if before.tricks_played >= 7}
    checked = 0
    for c in a.cards:
        if c.step not in late:
            continue
        before = late[c.step]
        for card, value in c.values.items():
            assert value == brute(before.apply(Play(card))), (c.trick, card)
        checked += 1
    assert checked == 9


def test_null_values_say_whether_the_soloist_takes_a_trick() -> None:
    state = null()
    a = analyse(state)
    assert a.null and a.actual == 0 and a.start == 1  # the defenders could have won
    c = next(c for c in a.cards if c.cost)
    assert (c.trick, c.seat, c.card, c.best, c.played, c.cost) == (3, 0, Card.S7, 1, 0, 1)
    assert not c.soloist_side and Card.S7 not in c.best_cards
    assert a.turning_points() == [c]
    assert a.verdict(0).won and not a.verdict(1).won and a.verdict(0).score == 23
    # Bob never erred: every one of his cards kept the null.
    assert not a.mistakes(seat=1)


def test_a_hand_made_grand_with_every_trump_takes_all() -> None:
    hands = Deal.from_str("CJ SJ HJ DJ CA CT CK CQ C9 C8", "SA ST SK SQ S9 S8 S7 HA HT HK",
                          "HQ H9 H8 H7 DA DT DK DQ D9 D8", "C7 D7")
    s = new_game(hands).apply(Pass()).apply(Pass()).apply(Bid(18))
    s = s.apply(Declare(GameType.GRAND, hand=True))
    a = analyse(s)
    assert a.start == 120 and a.cards == () and a.complete  # nothing played yet
    s = s.apply(Play(Card.C8)).apply(Play(Card.SA)).apply(Play(Card.HQ))
    a = analyse(s)
    # Nobody else holds a club or a jack: whatever Ann leads wins, every card
    # of everyone keeps her at 120, and nothing cost anything.
    first = a.cards[0]
    assert first.values == dict.fromkeys(first.values, 120) and len(first.values) == 10
    assert first.cost == 0 and len(first.best_cards) == 10
    assert [c.played for c in a.cards] == [120, 120, 120] and not a.mistakes()
    assert thresholds_crossed(first.best, first.played) == []
    assert verdict(s, 120).schwarz and verdict(s, 106).schneider


def test_a_passed_in_deal_has_nothing_to_analyse() -> None:
    s = new_game(Deal.from_str("CJ SJ HJ DJ CA CT CK CQ C9 C8",
                               "SA ST SK SQ S9 S8 S7 HA HT HK",
                               "HQ H9 H8 H7 DA DT DK DQ D9 D8", "C7 D7"))
    s = s.apply(Pass()).apply(Pass()).apply(Pass())
    a = analyse(s)
    assert not a.played_game and a.cards == () and a.start is None and a.actual is None
    with pytest.raises(ValueError):
        verdict(s, 61)


def test_records_are_analysed_like_states() -> None:
    record = json.loads((DATA / "deal_null.json").read_text())
    assert analyse(record).cards == analyse(null()).cards


def test_progress_is_reported_and_can_stop_the_work() -> None:
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        seen.append((done, total))
        return done < 4

    a = analyse(null(), progress)
    assert not a.complete and len(a.cards) == 4
    assert seen == [(0, 30), (1, 30), (2, 30), (3, 30), (4, 30)]
    full: list[int] = []
    assert analyse(null(), lambda d, t: full.append(d) is None).complete
    assert full[-1] == 30


def test_thresholds() -> None:
    assert thresholds_crossed(64, 60) == [61]
    assert thresholds_crossed(60, 64) == [61]
    assert thresholds_crossed(95, 58) == [61, 90]
    assert thresholds_crossed(31, 30) == [30]
    assert thresholds_crossed(91, 20) == [61, 90, 30]
    assert thresholds_crossed(70, 65) == []


def test_overbid_and_announcements_decide_by_the_engine() -> None:
    """A hand game bid past its value is won only with schneider reached:
    the verdict is the engine's settle, not just 61."""
    g = grand()
    over = g._replace(bid=100)  # Grand with 3 is 96 (120 with schneider)
    assert verdict(over, 80).won is False and verdict(over, 80).overbid
    assert verdict(over, 95).won is True  # schneider lifts it to 120
    choice = CardChoice(step=0, trick=1, seat=0, card=Card.CA, soloist_side=True,
                        options=((Card.CA, 80), (Card.CT, 95)))
    assert (choice.best, choice.best_cards, choice.cost) == (95, (Card.CT,), 15)
    assert g.phase == Phase.FINISHED


def test_stream_writes_every_card_last_first_as_json_lines() -> None:
    out = io.StringIO()
    stream(null(), out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[-1] == {"done": True, "start": None}
    choices = [choice_from_json(obj) for obj in lines[:-1]]
    assert choices == list(reversed(analyse(null()).cards))
    assert all(choice_to_json(c) == obj for c, obj in zip(choices, lines, strict=False))


def test_stream_reports_errors_as_json() -> None:
    out = io.StringIO()
    stream({"format": "skat-record", "version": 9}, out)
    (line,) = out.getvalue().splitlines()
    assert "newer than this program reads" in json.loads(line)["error"]


def test_the_analysis_program_reads_a_record_on_standard_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skat_core.analysis"], input=(DATA / "deal_null.json").read_text(),
        capture_output=True, text=True, timeout=60, check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 31 and json.loads(lines[-1])["done"] and not done.stderr
    bad = subprocess.run([sys.executable, "-m", "skat_core.analysis"], input="not json",
                         capture_output=True, text=True, timeout=60, check=True)
    assert "not a game record" in json.loads(bad.stdout)["error"]

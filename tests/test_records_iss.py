"""ISS one-line records: the 16 real ones replay to their R[...] results, every special
move maps to the engine action it stands for, write -> read gives the same game, and a
malformed line is an error naming the line and the field."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from skat_core.cards import Card
from skat_core.deal import random_deal
from skat_core.errors import RecordError, Rule
from skat_core.game import (
    Bid,
    Claim,
    Declare,
    Discard,
    GameState,
    LeaveTable,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    Resign,
    new_game,
    play_out,
)
from skat_core.records import read_iss, to_iss
from skat_core.records.iss import iss_result_mismatches
from skat_core.rules import GameType
from test_records_json import random_game

# Real ISS records, kept in the repository (see tests/data/reference/README.md).
ISS_FILE = Path(__file__).resolve().parent / "data" / "reference" / "iss_records.sgf"
ISS_LINES = ISS_FILE.read_text().splitlines()


def _iss_id(line: str) -> str:
    m = re.search(r"ID\[([^\]]*)\]", line)
    return m.group(1) if m else "?"


def _line(game_id: str) -> str:
    for line in ISS_LINES:
        if _iss_id(line) == game_id:
            return line
    pytest.fail(f"ISS record {game_id} not in {ISS_FILE}")


def parse_r(line: str) -> dict[str, str]:
    """The test's own reading of R[...]: 'key:value' tokens, bare words as keys."""
    m = re.search(r"R\[([^\]]*)\]", line)
    assert m is not None, "no R[...]"
    out: dict[str, str] = {}
    for token in m.group(1).split():
        key, _, value = token.partition(":")
        out[key] = value
    return out


# --- the 16 real records ----------------------------------------------------------


def test_sixteen_records() -> None:
    assert len([ln for ln in ISS_LINES if ln.strip()]) == 16


@pytest.mark.parametrize("line", ISS_LINES, ids=[_iss_id(ln) for ln in ISS_LINES])
def test_record_result_equals_r_fields(line: str) -> None:
    """Replaying the moves gives the ISS result, field by field (d, win/loss, v, m,
    bidok/overbid, p, t, s, z; passed; d:-1 penalty)."""
    game = read_iss(line, check_result=False)
    r = game.state.result
    assert r is not None and game.state.phase == Phase.FINISHED
    fields = parse_r(line)
    if "passed" in fields:
        assert r.passed_in and r.score == 0
        return
    if fields["d"] == "-1":
        assert r.soloist is None and r.aborted is not None and r.score == 0
        assert "penalty" in fields
        return
    assert r.soloist == int(fields["d"])
    assert r.won == ("win" in fields) != ("loss" in fields)
    assert r.score == int(fields["v"])
    assert r.matadors == int(fields["m"])
    assert r.overbid == ("overbid" in fields) != ("bidok" in fields)
    assert r.soloist_points == int(fields["p"])
    assert r.soloist_tricks == int(fields["t"])
    assert r.schneider == (fields["s"] == "1")
    assert r.schwarz == (fields["z"] == "1")
    assert iss_result_mismatches(r, game.result_fields) == []


def test_players_and_id() -> None:
    game = read_iss(_line("541932"))
    assert game.id == "541932" and game.players == ("zoot", "kermit", "foo")
    assert game.properties["DT"] == "2010-12-06/18:59:24/UTC"


def test_pickup_shown_skat_and_discard_in_declaration() -> None:
    """'2 s w H8.CK 2 D.ST.H8': pick up, the server shows the skat, diamonds with
    ST H8 put back."""
    state = read_iss(_line("541932")).state
    actions = [a for _, a in state.history]
    i = actions.index(PickUpSkat())
    assert actions[i + 1] == Discard((Card.ST, Card.H8))
    assert actions[i + 2] == Declare(GameType.DIAMONDS)


@pytest.mark.parametrize(("game_id", "discard"), [("596891", "D9 DQ"), ("10327743", "SK S7")])
def test_split_discard(game_id: str, discard: str) -> None:
    """'2 D 2 D9.DQ': the declaration first, the discard as its own move."""
    state = read_iss(_line(game_id)).state
    actions = [a for _, a in state.history]
    i = next(n for n, a in enumerate(actions) if isinstance(a, Discard))
    a, b = (Card.from_str(c) for c in discard.split())
    assert actions[i] == Discard((a, b)) and isinstance(actions[i + 1], Declare)


def test_hand_modifiers() -> None:
    """'CHZ' clubs hand schwarz announced; 'CH' clubs hand; 'GO' grand ouvert (a hand
    game with schwarz announced)."""
    assert _declared("26496") == Declare(GameType.CLUBS, hand=True, schwarz=True)
    assert _declared("9") == Declare(GameType.CLUBS, hand=True)
    assert _declared("727") == Declare(GameType.GRAND, ouvert=True)
    assert _declared("727").hand and _declared("727").schwarz


def test_null_ouvert_after_pickup_lists_the_discard() -> None:
    """'1 NO.HA.HQ' after a pick-up: null ouvert, HA and HQ put back (not ouvert cards)."""
    state = read_iss(_line("1390253")).state
    assert _declared("1390253") == Declare(GameType.NULL, ouvert=True)
    assert Discard((Card.HA, Card.HQ)) in [a for _, a in state.history]
    assert state.skat == Card.HA.mask | Card.HQ.mask


def _declared(game_id: str) -> Declare:
    state = read_iss(_line(game_id)).state
    return next(a for _, a in state.history if isinstance(a, Declare))


def test_claim_then_card_then_both_resign() -> None:
    """'1 SC 1 HJ 2 RE 0 RE': the claim stands while the soloist plays on, so the
    defenders' concession gives him every remaining trick (ISS: p:84 t:5, won 48).
    Engine fix: a played card used to withdraw a claim (p:33 t:1)."""
    state = read_iss(_line("1039093")).state
    r = state.result
    assert r is not None and r.conceded == "claim"
    assert (r.soloist_points, r.soloist_tricks, r.score) == (84, 5, 48)
    assert [a for _, a in state.history][-4:] == [Claim(), Play(Card.HJ), Resign(2), Resign(0)]


def test_claim_stands_after_the_soloist_plays_on() -> None:
    """The engine fix on its own: claim, play a full trick, both defenders concede."""
    state = _playing(random.Random(5))
    state = state.apply(Claim())
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    assert state.claimed and sum(state.tricks) == 1
    s = state.soloist
    state = state.apply(Resign((s + 1) % 3)).apply(Resign((s + 2) % 3))
    assert state.result is not None and state.result.conceded == "claim"
    assert sum(state.tricks) == 10 and state.result.won


def test_unknown_card_before_leaving_is_dropped() -> None:
    """'0 ?? w LE.1': the unknown card of forehand, then middlehand (a defender)
    leaves: the soloist is credited every trick."""
    state = read_iss(_line("18358")).state
    assert state.history[-1] == (1, LeaveTable(1))
    assert not any(isinstance(a, Play) for _, a in state.history)
    r = state.result
    assert r is not None and r.conceded == "left" and r.soloist_tricks == 10


def test_penalty_record_is_an_aborted_deal() -> None:
    """'1 18 0 p w LE.2', R[d:-1 penalty ...]: rearhand left during bidding."""
    game = read_iss(_line("30"))
    r = game.state.result
    assert game.penalty and r is not None and r.soloist is None and r.aborted
    assert game.state.history[-1] == (2, LeaveTable(2))


def test_passed_in() -> None:
    r = read_iss(_line("756788")).state.result
    assert r is not None and r.passed_in and r.score == 0


# --- write -> read ----------------------------------------------------------------


@pytest.mark.parametrize("line", ISS_LINES, ids=[_iss_id(ln) for ln in ISS_LINES])
def test_real_records_write_read(line: str) -> None:
    game = read_iss(line)
    text = to_iss(game.state, game.players, game_id=game.id, date=game.properties.get("DT"))
    again = read_iss(text)
    assert again.state == game.state
    assert again.players == game.players and again.id == game.id
    assert iss_result_mismatches(game.state.result, again.result_fields) == []


def _playing(rng: random.Random) -> GameState:
    """A random deal at the first lead: forehand plays a suit or grand hand game."""
    state = play_out(new_game(random_deal(rng)), [Pass(), Pass(), Bid(18)])
    return state.apply(Declare(GameType(rng.randrange(5)), hand=True))


def test_random_games_write_read() -> None:
    rng = random.Random(2024)
    for n in range(150):
        state = random_game(rng)
        players = (f"p{n}", "b\\]x", "Čeněk")
        game = read_iss(to_iss(state, players, game_id=str(n)), n)
        assert game.state == state, n
        assert game.players == players


@pytest.mark.parametrize("stop", [3, 4, 5])
def test_leaving_around_the_skat_write_read(stop: int) -> None:
    """A player leaves after the pick-up, after the discard, after the declaration:
    the discard written on its own must come before the leaving."""
    state = play_out(new_game(random_deal(random.Random(stop))), [Pass(), Pass(), Bid(18)])
    twelve = state.deal.hands[0] | state.deal.skat
    low, high = [c for c in Card if twelve >> c & 1][:2]
    rest = [PickUpSkat(), Discard((low, high)), Declare(GameType.GRAND)]
    state = play_out(state, rest[: stop - 2])
    state = state.apply(LeaveTable(1))
    again = read_iss(to_iss(state)).state
    assert again == state


def test_discard_before_declaration() -> None:
    """'0 s w C7.D7 0 C7.D7 0 G': the discard as its own move, then the game."""
    line = GOOD.replace("0 18 0 GH", "0 18 0 s w C7.D7 0 C7.D7 0 G").replace("v:192", "v:168")
    state = read_iss(line).state
    assert [a for _, a in state.history][3:6] == [
        PickUpSkat(), Discard((Card.C7, Card.D7)), Declare(GameType.GRAND)
    ]


def test_unfinished_deal_cannot_be_written() -> None:
    with pytest.raises(RecordError):
        to_iss(new_game(random_deal(random.Random(1))))


# --- malformed lines ----------------------------------------------------------------

GOOD = (
    "(;GM[Skat]ID[7]P0[a]P1[b]P2[c]MV[w CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8.SA.ST.SK.SQ.S9.S8.S7.HA."
    "HT.HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9.D8.C7.D7 1 p 2 p 0 18 0 GH 0 CJ 1 SA 2 HQ 0 SJ 1 ST 2 H9 "
    "0 HJ 1 SK 2 H8 0 DJ 1 SQ 2 H7 0 CA 1 S9 2 DA 0 CT 1 S8 2 DT 0 CK 1 S7 2 DK 0 CQ 1 HA 2 DQ "
    "0 C9 1 HT 2 D9 0 C8 1 HK 2 D8 ]R[d:0 win v:192 m:4 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 "
    "p2:0 l:-1 to:-1 r:0] ;)"
)


def test_good_line_reads() -> None:
    game = read_iss(GOOD)
    assert game.state.result is not None and game.state.result.score == 192


def _error(line: str, line_no: int = 4) -> RecordError:
    with pytest.raises(RecordError) as err:
        read_iss(line, line_no)
    assert err.value.line == line_no
    return err.value


def test_truncated_line() -> None:
    err = _error(GOOD[: GOOD.index(" 1 S9")])
    assert err.field == "MV" and "cut off" in str(err)
    err = _error(GOOD[: GOOD.index("p0:0")])
    assert err.field == "R"
    err = _error(GOOD.removesuffix(";)"))
    assert "cut off" in str(err)


def test_truncated_moves_inside_a_complete_line() -> None:
    cut = GOOD.replace(" 0 C8 1 HK 2 D8 ]", " 0 C8 1 HK ]")
    err = _error(cut)
    assert err.field == "MV" and "before the deal is over" in str(err)
    odd = GOOD.replace(" 2 D8 ]", " 2 ]")
    assert _error(odd).field == "MV[34]"


def test_bad_card_in_deal() -> None:
    err = _error(GOOD.replace("w CJ.SJ", "w CX.SJ"))
    assert err.field == "MV[0]" and "'CX'" in str(err)
    err = _error(GOOD.replace("w CJ.SJ", "w SJ.SJ"))
    assert err.field == "MV[0]"


def test_bad_card_in_play() -> None:
    err = _error(GOOD.replace("1 SA 2 HQ", "1 SZ 2 HQ"))
    assert err.field == "MV[6]" and "SZ" in str(err)


def test_card_not_in_hand() -> None:
    err = _error(GOOD.replace("1 SA 2 HQ", "1 HQ 2 SA"))
    assert err.field == "MV[6]" and "'1 HQ'" in str(err) and Rule.NOT_IN_HAND.value in str(err)


def test_hand_game_needs_h() -> None:
    err = _error(GOOD.replace("0 GH", "0 G"))
    assert err.field == "MV[4]" and Rule.PICKUP_BEFORE_DECLARE.value in str(err)


def test_follow_suit_broken_names_the_move_and_the_rule() -> None:
    """Grand, forehand leads DK; middlehand holds DA and D7 but plays SA."""
    line = _line("684159").replace("0 DK 1 DA 2 D8", "0 DK 1 SA 2 D8")
    err = _error(line)
    assert err.field == "MV[18]" and "'1 SA'" in str(err)
    assert Rule.FOLLOW_SUIT.value in str(err)


def test_wrong_turn() -> None:
    err = _error(GOOD.replace("1 SA 2 HQ", "2 HQ 1 SA"))
    assert err.field == "MV[6]" and Rule.TURN.value in str(err)


def test_result_mismatch_names_the_r_field() -> None:
    err = _error(GOOD.replace("v:192", "v:96"))
    assert err.field == "R.v" and "v:96" in str(err) and "v:192" in str(err)
    err = _error(GOOD.replace("d:0 win", "d:0 loss"))
    assert err.field == "R.win"
    assert read_iss(GOOD.replace("v:192", "v:96"), check_result=False).id == "7"


def test_unknown_card_elsewhere_is_an_error() -> None:
    err = _error(GOOD.replace("1 SA 2 HQ", "1 ?? 2 HQ"))
    assert err.field == "MV[6]" and "??" in str(err)


def test_skat_shown_must_be_the_skat_dealt() -> None:
    line = GOOD.replace("0 18 0 GH", "0 18 0 s w C7.D8 0 G.C7.D7")
    assert _error(line).field == "MV[5]"
    ok = GOOD.replace("0 18 0 GH", "0 18 0 s w C7.D7 0 G.C7.D7").replace("v:192", "v:168")
    assert read_iss(ok).state.picked_up


def test_not_a_record() -> None:
    assert _error("hello").field == "(;"
    assert _error("(;GM[Chess]MV[w]R[] ;)").field == "GM"


def test_ouvert_cards_are_checked() -> None:
    hand = "CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8"
    line = GOOD.replace("0 GH", f"0 GO.{hand}").replace("v:192", "v:264")
    game = read_iss(line)
    assert game.state.contract is not None and game.state.contract.ouvert
    wrong = line.replace(f"GO.{hand}", f"GO.{hand.replace('C8', 'C7')}")
    assert "ouvert cards" in str(_error(wrong))


def test_damaged_lines_give_record_errors_only() -> None:
    """Whatever the damage, the reader answers with a RecordError, never a crash."""
    rng = random.Random(99)
    lines = [GOOD] + [to_iss(random_game(rng), ("a", "b", "c"), game_id=str(n)) for n in range(5)]
    alphabet = "()[];:. wpsy?0123456789CSHDGNOZJQKTA78RELI\\"
    for _ in range(1500):
        chars = list(rng.choice(lines))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[i] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        try:
            read_iss("".join(chars), 1)
        except RecordError as e:
            assert e.line == 1

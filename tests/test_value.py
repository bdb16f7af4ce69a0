"""Results, game values and scores (RULES.md, Result; Game value; Scoring a match)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

import pytest

from skat_core.cards import Card, CardSet
from skat_core.deal import Deal
from skat_core.game import Declare, Discard, GameState, PickUpSkat, Resign, play_out
from skat_core.rules import GameType
from skat_core.value import (
    BID_VALUES,
    Contract,
    GameResult,
    game_value,
    matadors,
    null_value,
    overbid_value,
    settle,
)

StartPlay = Callable[..., GameState]
C, S, H, D, G, N = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS,
                    GameType.GRAND, GameType.NULL)


def m(text: str) -> int:
    return CardSet.from_str(text).mask


def result(
    game: GameType = C,
    *,
    points: int,
    tricks: int = 5,
    defender_tricks: int | None = None,
    cards: str = "CJ",
    bid: int = 18,
    hand: bool = False,
    schneider: bool = False,
    schwarz: bool = False,
    ouvert: bool = False,
    conceded: str | None = None,
) -> GameResult:
    """Score a game the soloist ended with ``points`` card points and ``tricks``
    tricks (``cards``: his ten cards plus the skat, for matadors)."""
    if defender_tricks is None:
        defender_tricks = 10 - tricks
    contract = Declare(game, hand=hand, schneider=schneider, schwarz=schwarz,
                       ouvert=ouvert).contract
    return settle(
        soloist=0, contract=contract, bid=bid, soloist_cards=m(cards),
        soloist_points=points, defender_points=120 - points if conceded is None else 0,
        soloist_tricks=tricks, defender_tricks=defender_tricks, conceded=conceded,
    )


# --- winning and losing -----------------------------------------------------------


def test_win_at_61() -> None:
    """RULES.md: "the soloist wins with 61 or more card points (skat included), the defenders
    with 60." """
    assert result(points=61).won
    assert not result(points=60).won
    assert result(G, points=61, cards="CJ").score == 48
    assert result(G, points=60, cards="CJ").score == -96


def test_schneider_at_90() -> None:
    """RULES.md: "Schneider: one side has 90 or more (the other 30 or less)." """
    assert result(points=90).schneider and result(points=90).value == 12 * 3
    assert not result(points=89).schneider and result(points=89).value == 12 * 2


def test_schneidered_at_30() -> None:
    """RULES.md: "a soloist with 30 or less is "schneider" and the loss includes that step"."""
    lost = result(points=30)
    assert lost.schneider and not lost.won and lost.value == 36 and lost.score == -72
    assert not result(points=31).schneider and result(points=31).score == -48


def test_schwarz() -> None:
    """RULES.md: "Schwarz: one side took no trick." """
    won = result(points=120, tricks=10)
    assert won.schwarz and won.schneider and won.value == 12 * (1 + 1 + 1 + 1)
    lost = result(points=0, tricks=0)
    assert lost.schwarz and lost.schneider and not lost.won and lost.value == 48
    # 120 card points with a trick given away (a trick of 0 points): schneider only
    almost = result(points=120, tricks=9)
    assert almost.schneider and not almost.schwarz and almost.value == 36


def test_announced_schneider_needs_90() -> None:
    """RULES.md: "Announced schneider needs 90"."""
    assert result(points=90, hand=True, schneider=True).won
    lost = result(points=89, hand=True, schneider=True)
    assert not lost.won
    # with 1, game, hand, schneider, announced: 5 × 12, lost: -120
    assert lost.value == 60 and lost.score == -120


def test_announced_schwarz_needs_every_trick() -> None:
    """RULES.md: "announced schwarz needs every trick"."""
    assert result(points=120, tricks=10, hand=True, schwarz=True).won
    lost = result(points=119, tricks=9, hand=True, schwarz=True)
    assert not lost.won and lost.value == 12 * 7


def test_null_result() -> None:
    """RULES.md: "Null: won if the soloist takes no trick." """
    assert result(N, points=0, tricks=0).won
    lost = result(N, points=0, tricks=1, defender_tricks=2)
    assert not lost.won and lost.value == 23 and lost.score == -46


@pytest.mark.parametrize(
    ("hand", "ouvert", "value"), [(False, False, 23), (True, False, 35), (False, True, 46),
                                  (True, True, 59)],
)
def test_null_values(hand: bool, ouvert: bool, value: int) -> None:
    """RULES.md: "Null variants: null 23, null hand 35, null ouvert 46 (also after picking
    up), null ouvert hand 59." """
    assert null_value(hand, ouvert) == value
    assert game_value(N, hand=hand, ouvert=ouvert) == value
    assert result(N, points=0, tricks=0, hand=hand, ouvert=ouvert).score == value
    assert result(N, points=0, tricks=1, hand=hand, ouvert=ouvert).score == -2 * value


# --- matadors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "cards", "expect"),
    [
        (C, "CJ", 1),
        (C, "CJ SJ", 2),
        (C, "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7", 11),
        (C, "CJ SJ HJ DJ CA CT CK CQ C9 C8", 10),
        (C, "SJ", -1),
        (C, "HJ", -2),
        (C, "C7", -10),
        (C, "S7", -11),
        (C, "", -11),
        (H, "CJ SJ HJ DJ HA HT", 6),
        (H, "CJ SJ HJ DJ CA CT", 4),  # the club ace is no trump in hearts
        (D, "DJ DA", -3),
        (G, "CJ SJ HJ DJ", 4),
        (G, "CJ SJ HJ DJ CA", 4),  # grand counts up to 4
        (G, "SJ", -1),
        (G, "CA CT", -4),
        (N, "CJ", 0),
    ],
)
def test_matadors(game: GameType, cards: str, expect: int) -> None:
    """RULES.md: "Matadors: the unbroken run of top trumps, starting at ♣J, that the soloist
    holds ("with n") or lacks ("without n") ... Suit games count up to 11, grand up to 4." """
    assert matadors(game, m(cards)) == expect


def test_matadors_count_the_skat_in_hand_games(start_play: StartPlay) -> None:
    """RULES.md: matadors are "counted over the soloist's ten cards plus the skat (also in
    hand games)"."""
    deal = Deal.from_str(
        "SJ HJ CA CT C9 SA ST HA D8 D7",
        "DJ H7 CK CQ S9 S8 HT HK DA DT",
        "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
        "CJ D9",
    )
    s = start_play(deal, Declare(C, hand=True)).apply(Resign(0))
    assert s.result is not None and s.result.matadors == 3
    assert s.result.value == 12 * (3 + 1 + 1)
    assert "Clubs with 3, game 4, hand 5 × 12 = 60" in s.result.explain()


def test_matadors_count_the_discarded_jacks(after_bidding: StartPlay) -> None:
    """RULES.md: "discards any two cards (jacks included)"; matadors still count over the
    ten cards plus the skat."""
    deal = Deal.from_str(
        "CJ SJ CA CT C9 SA ST HA D8 D7",
        "HJ DJ CK CQ S9 S8 HT HK DA DT",
        "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
        "H7 D9",
    )
    s = play_out(after_bidding(deal), [PickUpSkat(), Discard((Card.CJ, Card.SJ)),
                                       Declare(G), Resign(0)])
    assert s.result is not None and s.result.matadors == 2 and s.result.value == 72


# --- game values --------------------------------------------------------------------


def test_base_values() -> None:
    """RULES.md: "Base: ♦ 9, ♥ 10, ♠ 11, ♣ 12, grand 24." """
    assert [g.base_value for g in (D, H, S, C, G)] == [9, 10, 11, 12, 24]
    for g in (D, H, S, C, G):
        assert game_value(g, 1) == 2 * g.base_value


def test_rules_examples() -> None:
    """RULES.md: "♣ with 2, hand: 12 × (2+1+1) = 48; grand ouvert with 4: 24 × 11 = 264, the
    maximum; ♥ game, highest trump ♥J, 100 card points: without 2, game, schneider = 10 × 4 =
    40; ♦ without 1 = 18 (the lowest bid)." """
    assert game_value(C, 2, hand=True) == 48
    assert game_value(G, 4, ouvert=True) == 264
    assert game_value(G, 4, hand=True, schneider=True, schneider_announced=True, schwarz=True,
                      schwarz_announced=True, ouvert=True) == 264
    assert matadors(H, m("HJ HA")) == -2
    hearts = result(H, points=100, cards="HJ HA")
    assert hearts.won and hearts.value == 40 and hearts.multiplier == 4
    assert game_value(D, -1) == 18 == min(BID_VALUES)
    assert max(BID_VALUES) == 264


@pytest.mark.parametrize(
    ("flags", "steps"),
    [
        ({}, 0),
        ({"hand": True}, 1),
        ({"schneider": True}, 1),
        ({"schneider_announced": True}, 2),  # schneider and announced
        ({"schwarz": True}, 2),  # schwarz includes schneider
        ({"schwarz_announced": True}, 4),  # schneider, announced, schwarz, announced
        ({"ouvert": True}, 6),  # all of those, hand and ouvert
        ({"hand": True, "ouvert": True}, 6),
        ({"hand": True, "schneider": True, "schneider_announced": True, "schwarz": True}, 4),
    ],
)
def test_each_multiplier_step(flags: dict[str, bool], steps: int) -> None:
    """RULES.md: "Multiplier = matadors + 1 (game) + 1 hand + 1 schneider + 1 schneider
    announced + 1 schwarz + 1 schwarz announced + 1 ouvert" — each announcement counts the
    steps it includes."""
    for mats in (1, -1, 3, -11):
        assert game_value(S, mats, **flags) == 11 * (abs(mats) + 1 + steps)


def test_multipliers_of_real_games() -> None:
    """The multiplier as scored: game, hand, schneider (reached or announced), schwarz."""
    assert result(points=95, hand=True, cards="CJ SJ").multiplier == 2 + 1 + 1 + 1
    assert result(points=95, hand=True, schneider=True, cards="CJ SJ").multiplier == 6
    assert result(points=120, tricks=10, hand=True, schneider=True, cards="SJ").multiplier == 6
    assert result(points=120, tricks=10, hand=True, schwarz=True, cards="SJ").multiplier == 7
    assert result(points=120, tricks=10, ouvert=True, cards="SJ").multiplier == 8


# --- overbid ------------------------------------------------------------------------


def test_overbid_example() -> None:
    """RULES.md: "Overbid: if the value reached at the end is below the bid, the game is lost,
    whatever the card points, and its value is the smallest multiple of the base that reaches
    the bid (e.g. ♠ bid to 30, value 22: lost as 33, scored − 66)." """
    r = result(S, points=70, cards="CJ", bid=30)
    assert r.overbid and not r.won and r.value == 33 and r.score == -66
    assert "overbid (bid 30): lost as 33" in r.explain()
    assert overbid_value(S, 30) == 33


def test_overbid_through_the_engine(start_play: StartPlay) -> None:
    deal = Deal.from_str(
        "CJ HJ CA CT C9 SA ST HA D8 D7",
        "SJ DJ CK CQ S9 S8 HT HK DA DT",
        "C8 C7 SK SQ S7 HQ H9 H8 DK DQ",
        "H7 D9",
    )
    s = start_play(deal, Declare(S), bid=30).apply(Resign(0))
    assert s.result is not None
    assert (s.result.overbid, s.result.value, s.result.score) == (True, 33, -66)


def test_schneider_can_save_a_bid() -> None:
    """The value "reached at the end" counts: schneider can lift a game above the bid."""
    r = result(S, points=95, cards="CJ", bid=30)
    assert r.won and not r.overbid and r.value == 33


@pytest.mark.parametrize(
    ("game", "bid", "value"),
    [(S, 30, 33), (S, 33, 33), (D, 18, 18), (D, 19, 27), (C, 30, 36), (H, 23, 30), (G, 50, 72)],
)
def test_overbid_rounds_up_to_the_base(game: GameType, bid: int, value: int) -> None:
    assert overbid_value(game, bid) == value


def test_overbid_with_points_enough() -> None:
    """ "... lost, whatever the card points": 120 points and schwarz do not help if the
    value is still short of the bid."""
    r = result(D, points=120, tricks=10, cards="SJ", bid=60)  # 9 × (1+1+1+1) = 36
    assert r.overbid and not r.won and r.value == 63 and r.score == -126


# --- scores --------------------------------------------------------------------------


def test_lost_counts_double() -> None:
    """RULES.md: "Won: + value. Lost: − 2 × value (hand games too)." """
    assert result(points=61).score == 24
    assert result(points=60).score == -48
    assert result(points=61, hand=True).score == 36
    assert result(points=60, hand=True).score == -72


def test_seeger_fabian() -> None:
    """RULES.md: "Seeger-Fabian (tournament) list: a won game scores value + 50; a lost game
    −2 × value − 50 for the soloist and +40 for each defender at a 3-player table (+30 for each
    of the three other players at a 4-player table)." """
    won, lost = result(points=61), result(points=60)
    assert won.seeger_fabian() == (24 + 50, 0) == won.seeger_fabian(4)
    assert lost.seeger_fabian() == (-48 - 50, 40)
    assert lost.seeger_fabian(3) == (-98, 40)
    assert lost.seeger_fabian(4) == (-98, 30)


# --- concessions as the ISS scores them ------------------------------------------------


def test_conceded_grand_keeps_the_points_taken() -> None:
    """RULES.md: "In the ISS records: a grand with 1 conceded at 84 card points is won at 48
    (p:84)"."""
    r = result(G, points=84, tricks=6, defender_tricks=1, cards="CJ", conceded="defenders")
    assert r.won and r.value == 48 and r.soloist_points == 84 and not r.schneider


def test_conceded_by_the_soloist() -> None:
    r = result(G, points=84, tricks=6, defender_tricks=1, conceded="soloist")
    assert not r.won and r.score == -96


# --- the value table -------------------------------------------------------------------

# Transcribed from the Ukrainian seed ("Список та значення вартості": value, the games that
# make it).  The seed's text lost the ♥ and ♦ signs; they are restored here (a bare "× n" is
# ♦ where the value is 9n, ♥ where it is 10n).  Ґ is grand, нуль null, ганд hand, увер ouvert.
VALUE_TABLE = """\
18 ♦ × 2
20 ♥ × 2
22 ♠ × 2
23 нуль
24 ♣ × 2
27 ♦ × 3
30 ♥ × 3
33 ♠ × 3
35 нуль ганд
36 ♦ × 4; ♣ × 3
40 ♥ × 4
44 ♠ × 4
45 ♦ × 5
46 нуль увер
48 ♣ × 4; Ґ × 2
50 ♥ × 5
54 ♦ × 6
55 ♠ × 5
59 нуль увер ганд
60 ♥ × 6; ♣ × 5
63 ♦ × 7
66 ♠ × 6
70 ♥ × 7
72 ♦ × 8; ♣ × 6; Ґ × 3
77 ♠ × 7
80 ♥ × 8
81 ♦ × 9
84 ♣ × 7
88 ♠ × 8
90 ♦ × 10; ♥ × 9
96 ♣ × 8; Ґ × 4
99 ♦ × 11; ♠ × 9
100 ♥ × 10
108 ♦ × 12; ♣ × 9
110 ♥ × 11; ♠ × 10
117 ♦ × 13
120 ♥ × 12; ♣ × 10; Ґ × 5
121 ♠ × 11
126 ♦ × 14
130 ♥ × 13
132 ♠ × 12; ♣ × 11
135 ♦ × 15
140 ♥ × 14
143 ♠ × 13
144 ♦ × 16; ♣ × 12; Ґ × 6
150 ♥ × 15
153 ♦ × 17
154 ♠ × 14
156 ♣ × 13
160 ♥ × 16
162 ♦ × 18
165 ♠ × 15
168 ♣ × 14; Ґ × 7
170 ♥ × 17
176 ♠ × 16
180 ♥ × 18; ♣ × 15
187 ♠ × 17
192 ♣ × 16; Ґ × 8
198 ♠ × 18
204 ♣ × 17
216 ♣ × 18; Ґ × 9
240 Ґ × 10
264 Ґ × 11
"""

GAME_SIGNS = {"♦": D, "♥": H, "♠": S, "♣": C, "Ґ": G}
NULL_NAMES = {"нуль": (False, False), "нуль ганд": (True, False), "нуль увер": (False, True),
              "нуль увер ганд": (True, True)}


def parse_table() -> dict[int, set[str]]:
    """value -> {"C×3", "G×2", "null", "null hand", ...}"""
    table: dict[int, set[str]] = {}
    for line in VALUE_TABLE.splitlines():
        value, games = line.split(" ", 1)
        entry: set[str] = set()
        for term in games.split("; "):
            if term in NULL_NAMES:
                hand, ouvert = NULL_NAMES[term]
                entry.add("null" + " hand" * hand + " ouvert" * ouvert)
            else:
                sign, times = term.split(" × ")
                entry.add(f"{GAME_SIGNS[sign].letter}×{int(times)}")
        table[int(value)] = entry
    return table


def calculated_table() -> dict[int, set[str]]:
    """Every value the calculator gives over all game types, matadors (with/without 1..11,
    grand 1..4) and announcements, named by game and multiplier; and the four nulls."""
    table: dict[int, set[str]] = {}
    for game in (D, H, S, C, G):
        top = 4 if game == G else 11
        for mats in (*range(1, top + 1), *range(-top, 0)):
            for flags in product((False, True), repeat=6):
                hand, schneider, sch_ann, schwarz, schw_ann, ouvert = flags
                value = game_value(game, mats, hand=hand, schneider=schneider,
                                   schneider_announced=sch_ann, schwarz=schwarz,
                                   schwarz_announced=schw_ann, ouvert=ouvert)
                assert value % game.base_value == 0
                table.setdefault(value, set()).add(f"{game.letter}×{value // game.base_value}")
    for hand, ouvert in product((False, True), repeat=2):
        name = "null" + " hand" * hand + " ouvert" * ouvert
        table.setdefault(game_value(N, hand=hand, ouvert=ouvert), set()).add(name)
    return table


def test_value_table_matches_the_seed() -> None:
    """Every bid value from 18 to 264 and the games that make it, as in the Ukrainian seed's
    table, reproduced with the calculator."""
    seed, ours = parse_table(), calculated_table()
    assert sorted(seed) == list(BID_VALUES)
    assert ours == seed


def test_calculator_values_are_the_ladder() -> None:
    """RULES.md: the bid ladder is every game value: the calculator makes exactly these."""
    assert sorted(calculated_table()) == list(BID_VALUES)


def test_multiplier_ranges() -> None:
    """Suit games reach multipliers 2..18 (with 11 + game + six steps), grand 2..11."""
    entries = set().union(*calculated_table().values())
    for game in (D, H, S, C):
        assert {e for e in entries if e.startswith(game.letter + "×")} == {
            f"{game.letter}×{n}" for n in range(2, 19)
        }
    assert {e for e in entries if e.startswith("G×")} == {f"G×{n}" for n in range(2, 12)}


def test_explain() -> None:
    r = result(C, points=95, hand=True, cards="CJ SJ")
    assert r.explain() == "Clubs with 2, game 3, hand 4, schneider 5 × 12 = 60; won, +60"
    lost = result(H, points=40, cards="SJ")
    assert lost.explain() == "Hearts without 1, game 2 × 10 = 20; lost, -40"
    assert result(N, points=0, tricks=0, hand=True).explain() == "Null hand = 35; won, +35"
    assert Contract(G, True, True, True, True).describe() == "Grand hand ouvert"

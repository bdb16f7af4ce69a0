"""The hand evaluator's features and its table-driven logits (bots/evaluate.py)."""

from __future__ import annotations

import random

from skat_core.bots.evaluate import (
    DISCARD_WEIGHTS,
    RICH_FEATURES,
    WEIGHTS,
    chances,
    grand_features,
    grand_logit,
    model_weights,
    suit_features,
    suit_logit,
    win_chance,
)
from skat_core.cards import Card
from skat_core.rules import GameType


def mask(cards: str) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << int(Card.from_str(c))
    return m


def named(family: str, x: list[float]) -> dict[str, float]:
    assert len(x) == len(RICH_FEATURES[family])
    return dict(zip(RICH_FEATURES[family], x, strict=True))


def test_suit_features_of_a_constructed_hand() -> None:
    # Clubs: the two top jacks and ♣A 10 9 (five trumps), ♠A 10, ♥10 K 7, no diamonds.
    hand = mask("CJ SJ CA CT C9 SA ST HT HK H7")
    f = named("suit", suit_features(int(GameType.CLUBS), hand, 14, True))
    assert f["trumps"] == 5 and f["cj"] == 1 and f["sj"] == 1 and f["hj"] == 0
    assert f["top_seq"] == 2  # ♣J ♠J, then the ♥J is missing
    assert f["without"] == 0
    assert f["jacks_x_trumps"] == 2 * 5 / 10
    assert f["voids"] == 1 and f["voids_x_trumps"] == 1  # one void, one trump beyond four
    assert f["fh_x_trumps"] == 0 and f["fh_x_aces"] == 1  # forehand with the ♠A
    assert f["ten_king"] == 1  # ♥10 K without the ace
    assert f["long_sides"] == 0 and f["no_jack"] == 0
    assert f["t_over5"] == 0 and f["t_under5"] == 0 and f["trumps5"] == 1
    assert f["trumps_upto3"] == f["trumps6"] == f["trumps7"] == f["trumps8plus"] == 0
    assert f["skat10"] == 1.4
    classes = {k: v for k, v in f.items() if k.startswith("side")}
    assert classes.pop("side2at") == 1 and classes.pop("side3tk") == 1
    assert not any(classes.values())
    jacks = {k: v for k, v in f.items() if k.startswith("jacks_") and "_x_" not in k}
    assert jacks.pop("jacks_cs") == 1 and not any(jacks.values())


def test_suit_features_without_jacks_and_long_trumps() -> None:
    # Hearts without the four jacks and the ♥A: ♥10 K Q 9 8 7 (six trumps), middlehand.
    hand = mask("HT HK HQ H9 H8 H7 SA SK SQ S7")
    f = named("suit", suit_features(int(GameType.HEARTS), hand, 0, False))
    assert f["trumps"] == 6 and f["top_seq"] == 0 and f["without"] == 4  # capped at four
    assert f["no_jack"] == 1 and f["trumps6"] == 1 and f["t_over5"] == 1 and f["t_over6"] == 0
    assert f["voids"] == 2 and f["voids_x_trumps"] == 2 * 2
    assert f["long_sides"] == 1 and f["side4ak"] == 1
    assert f["fh_x_trumps"] == 0 and f["forehand"] == 0
    assert not any(v for k, v in f.items() if k.startswith("jacks_") and "_x_" not in k)


def test_grand_features_of_a_constructed_hand() -> None:
    # Three jacks (♣ ♠ ♥), ♣A 10 K 7, ♠A, ♥10 8 (a bare ten), no diamonds; rearhand.
    hand = mask("CJ SJ HJ CA CT CK C7 SA HT H8")
    f = named("grand", grand_features(hand, 0, False))
    assert f["jacks2"] == 1 and f["jacks3"] == 1 and f["jacks4"] == 0 and f["cj_sj"] == 1
    assert f["aces"] == 2 and f["ace_tens"] == 1 and f["holes"] == 1 and f["bare_tens"] == 1
    assert f["aces_x_jacks"] == 2 * 3 / 4 and f["fh_x_jacks"] == 0 and f["fh_x_aces"] == 0
    assert f["long_ace_suit"] == 1  # four clubs headed by the ace
    assert f["top_tricks"] == 3 + 1  # ♣A 10 K and ♠A
    classes = {k: v for k, v in f.items() if k.startswith("side")}
    assert classes.pop("side4atk") == 1 and classes.pop("side1a") == 1
    assert classes.pop("side2t") == 1 and not any(classes.values())
    jacks = {k: v for k, v in f.items() if k.startswith("jacks_") and "_x_" not in k}
    assert jacks.pop("jacks_csh") == 1 and not any(jacks.values())
    f = named("grand", grand_features(hand, 0, True))
    assert f["fh_x_jacks"] == 3 and f["fh_x_aces"] == 2


def test_table_logits_equal_the_weighted_features() -> None:
    rng = random.Random(7)
    for _ in range(300):
        hand = 0
        for c in rng.sample(range(32), 10):
            hand |= 1 << c
        skat = rng.randrange(0, 22)
        forehand = rng.random() < 0.5
        for trump in range(4):
            x = suit_features(trump, hand, skat, forehand)
            for key in ("suit", "suit90", "suit@discard", "suit90@discard"):
                z = sum(w * v for w, v in zip(model_weights(key), x, strict=True))
                assert abs(suit_logit(key, trump, hand, skat, forehand) - z) < 1e-9
        x = grand_features(hand, skat, forehand)
        for key in ("grand", "grand90", "grand@discard", "grand90@discard"):
            z = sum(w * v for w, v in zip(model_weights(key), x, strict=True))
            assert abs(grand_logit(key, hand, skat, forehand) - z) < 1e-9


def test_weights_match_the_features_and_rank_hands_sensibly() -> None:
    for key, family in (("suit", "suit"), ("suit90", "suit"), ("grand", "grand"),
                        ("grand90", "grand")):
        assert len(WEIGHTS[key]) == len(RICH_FEATURES[family])
        assert len(DISCARD_WEIGHTS[key]) == len(RICH_FEATURES[family])
    strong = mask("CJ SJ HJ CA CT CK CQ SA HA DA")
    weak = mask("DJ C7 C8 S7 S8 H7 H8 H9 D7 D8")
    for play in ("rules", "search", "discard"):
        assert chances(int(GameType.CLUBS), strong, 10, True, play)[0] > 0.95
        assert chances(int(GameType.CLUBS), weak, 0, False, play)[0] < 0.05
        assert win_chance(int(GameType.GRAND), strong, 10, True, play=play) > 0.9
        assert win_chance(int(GameType.GRAND), weak, 0, False, play=play) < 0.05


def test_the_discard_family_expects_more_suit_wins_and_leaves_the_nulls_alone() -> None:
    """The "discard" family was refitted to a Monte Carlo soloist against
    fallible defenders, who lose more suit games than the "search" family
    says; its nulls are the "search" family's."""
    middling = mask("CJ HJ CA CK C9 C8 SA S9 H8 D7")
    clubs = int(GameType.CLUBS)
    assert chances(clubs, middling, 10, False, "discard")[0] > chances(
        clubs, middling, 10, False, "search")[0] + 0.05
    null_hand = mask("C7 C8 CT S7 S9 SJ H7 H8 D7 D9")
    for ouvert in (False, True):
        assert win_chance(int(GameType.NULL), null_hand, 0, True, ouvert, "discard") == \
            win_chance(int(GameType.NULL), null_hand, 0, True, ouvert, "search")

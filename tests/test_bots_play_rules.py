"""The rules of thumb (play_rules.rule_card) that easy plays by and the
Monte Carlo levels' rollouts play on with: each test is a position where the
rule plays the card a club player would and the rule before it did not."""

from __future__ import annotations

import pytest

from skat_core.bots import play_rules
from skat_core.bots.play_rules import rule_card
from skat_core.cards import Card, CardSet
from skat_core.rules import GameType

GRAND = int(GameType.GRAND)


def c(text: str) -> int:
    return int(Card.from_str(text))


def m(text: str) -> int:
    return CardSet.from_str(text).mask


def test_a_void_without_trumps_cannot_ruff_a_cashed_card() -> None:
    # Grand, the soloist (seat 2) to lead; the aces of clubs and diamonds
    # are gone.  Seat 0 is void in clubs and diamonds but holds no jack,
    # seat 1 holds the only jack and must follow both suits: the tens are
    # the highest left and cash.  The old rule saw "a void and a trump out"
    # and led the ♣8.
    d0 = m("SA S9 HT HK HQ H7")
    d1 = m("HJ CK CQ SK S7 DK")
    solo = m("CT C8 ST SQ DT DQ")
    hands = (d0, d1, solo)
    assert rule_card(GRAND, 2, 2, solo, (), 2, hands, True) in (c("CT"), c("DT"))
    # A void with a trump can ruff: then the tens are not cashed.
    d0 = m("DJ S9 HT HK HQ H7")
    d1 = m("HJ CK CQ SK S7 DK")
    assert rule_card(GRAND, 2, 2, solo, (), 2, (d0, d1, solo), True) not in (c("CT"), c("DT"))


def test_the_grand_soloist_draws_trumps_that_are_split() -> None:
    # ♠J ♥J against ♣J and ♦J in different hands: the ♠J draws both (the
    # ♣J takes it, the ♦J falls) and the ♥J is left the highest trump.  The
    # old rule led a trump only while holding the highest one (here ♣7).
    d0 = m("CJ S9 HT H9 H8 H7 DQ")
    d1 = m("DJ ST SK SQ HA HK HQ")
    solo = m("SJ HJ CK CQ C9 C7 DT")
    assert rule_card(GRAND, 2, 2, solo, (), 2, (d0, d1, solo), True) == c("SJ")


def test_the_grand_soloist_does_not_pull_into_both_top_jacks_in_one_hand() -> None:
    # ♣J and ♦J together in seat 0: leading ♠J and ♥J would take them out
    # but leave the soloist without a trump and two tricks down.
    d0 = m("CJ DJ S9 HT H9 H8 H7")
    d1 = m("DQ ST SK SQ HA HK HQ")
    solo = m("SJ HJ CK CQ C9 C7 DT")
    assert rule_card(GRAND, 2, 2, solo, (), 2, (d0, d1, solo), True) not in (c("SJ"), c("HJ"))
    # With hidden cards he assumes the worst (every missing jack in one hand):
    # three jacks against the ♣J still draw it.
    solo = m("SJ HJ DJ CK CQ C9 DT")
    unseen = m("CJ S9 HT H9 H8 H7 DQ ST SK SQ HA HK HQ S7")
    assert rule_card(GRAND, 2, 2, solo, (), 2, (unseen, unseen, solo), False) == c("SJ")


def test_a_defender_keeps_the_ace_over_the_soloists_ten() -> None:
    # Grand: the soloist (seat 0) leads ♥9 holding ♥10, the partner throws
    # ♠7.  The old rule took the empty trick with the ♥A; kept, it takes the
    # ten later, and the ♥K wins this trick just as well.
    solo = m("HT SA SK DA DK")
    partner = m("CT C9 SQ DQ")
    me = m("HA HK HQ H8 H7")
    trick = (c("H9"), c("S7"))
    assert rule_card(GRAND, 0, 2, me, trick, 0, (solo, partner, me), True) == c("HK")
    # Once the trick is worth something (the soloist's ♠10 thrown on it),
    # the ace takes it.
    trick = (c("H9"), c("ST"))
    solo = m("HT SA SK DA DK")
    assert rule_card(GRAND, 0, 2, me, trick, 0, (solo, partner, me), True) == c("HA")


def test_a_defender_does_not_smear_the_ace_over_the_soloists_ten() -> None:
    # Grand: the soloist leads ♠7 holding ♠10, the partner wins with ♠K and
    # I play last.  The old rule smeared the ♠A; the ace stays for the ten.
    solo = m("ST SQ HA DA DK")
    partner = m("H9 H8 D8 C7")
    me = m("SA S9 S8 DT")
    trick = (c("S7"), c("SK"))
    assert rule_card(GRAND, 0, 2, me, trick, 0, (solo, partner, me), True) in (c("S9"), c("S8"))
    # Without the ten out, the ace is smeared as before.
    solo = m("SQ HA DA DK HK")
    assert rule_card(GRAND, 0, 2, me, trick, 0, (solo, partner, me), True) == c("SA")


def test_with_the_trumps_out_the_soloist_leads_his_long_suit() -> None:
    # Grand: the defenders hold no jack.  The old rule led the ♠7 from the
    # short suit (to make a void, useless when nothing can be ruffed); low
    # from the long diamonds gives up the tricks he must lose there.
    solo = m("HJ S7 H8 DT D8 D7")
    d1 = m("CT C8 ST DK DQ D9")
    d2 = m("CQ SA SK SQ HQ DA")
    assert rule_card(GRAND, 0, 0, solo, (), 0, (solo, d1, d2), True) == c("D7")
    # While a defender holds a jack the short suit is led as before.
    d2 = m("CJ SA SK SQ HQ DA")
    assert rule_card(GRAND, 0, 0, solo, (), 0, (solo, d1, d2), True) == c("S7")


def test_in_grand_a_defender_makes_a_soloist_short_of_jacks_ruff(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Grand (deal 84 of seed "cards-dev"), seat 0 to lead with every hand
    # open: the soloist (seat 1) holds ♦J ♠J, spades and clubs, and no red
    # card.  Each heart he must ruff costs him a jack, and the defenders'
    # ♣J ♥J then outlast his: the ♥7 gives him 28 more points against a
    # perfect play, the ♣9 the old rule led (into his clubs) 69.
    d0 = m("DT H7 H8 H9 HQ HT SQ C9 HJ")
    solo = m("S8 S9 SK SA CQ CT CA DJ SJ")
    d2 = m("D7 D9 DK DA S7 C7 C8 CK CJ")
    hands = (d0, solo, d2)
    # Off (as shipped): the heart comes last.
    assert rule_card(GRAND, 1, 0, d0, (), 0, hands, True) == c("C9")
    monkeypatch.setattr(play_rules, "FORCE_MARGIN", 1)
    assert rule_card(GRAND, 1, 0, d0, (), 0, hands, True) == c("H7")
    # With all four jacks he is not short of them: the heart, which he
    # ruffs, comes last again.
    d0 = m("DT H7 H8 H9 HQ HT SQ C9 S7")
    solo = m("S8 S9 SK SA CQ DJ SJ HJ CJ")
    d2 = m("D7 D9 DK DA CA CT C7 C8 CK")
    hands = (d0, solo, d2)
    assert rule_card(GRAND, 1, 0, d0, (), 0, hands, True) not in (c("H7"), c("DT"))

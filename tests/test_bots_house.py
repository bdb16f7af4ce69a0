"""Bots under the house rules (docs/bots.md, House rules): Kontra only when the
own side is likely to win, never at random; Ramsch play that avoids points,
measured against random play; Schieberamsch pushes; whole deals at every level."""

from __future__ import annotations

import statistics
from dataclasses import replace

import pytest

from house_deals import clubs_hand
from skat_core.benchmarks.ramsch import play_ramsch
from skat_core.bots import RandomBot, make_bot
from skat_core.bots.bidding import (
    KONTRA_LOSS_FACTOR,
    KONTRA_WIN_FACTOR,
    PLAIN,
    Stakes,
    _payoff,
    bid_limit,
    stakes_for,
)
from skat_core.bots.players import LEVEL_CONFIGS, SkatBot
from skat_core.bots.ramsch import PUSH_DANGER, danger, ramsch_outlook
from skat_core.cards import JACKS
from skat_core.deal import Deal, deal_from_seed
from skat_core.game import (
    GRAND_HAND,
    KONTRA,
    PASS_SKAT,
    Bid,
    Declare,
    GameState,
    Hold,
    Kontra,
    Pass,
    Phase,
    PickUpSkat,
    Play,
    Push,
    new_game,
    play_out,
)
from skat_core.rules import GameType
from skat_core.ruleset import PUB, TOURNAMENT, Ramsch

SCHIEBE = PUB.with_switches(name="schiebe", ramsch=Ramsch.SCHIEBERAMSCH, kontra_max=4)


def test_ramsch_play_takes_fewer_points_than_random() -> None:
    """'Ramsch card play avoids points and tricks ... an honest heuristic that
    is measured': over 400 deals the bots' forehand takes far fewer points and
    loses less than a random forehand (skat bench ramsch prints the figures)."""
    random_pts, bot_pts, random_score, bot_score = [], [], [], []
    for i in range(400):
        for seat, pts, score in ((None, random_pts, random_score), (0, bot_pts, bot_score)):
            r = play_ramsch("test", i, seat).result
            assert r is not None and r.ramsch is not None
            pts.append(r.ramsch.points[0])
            score.append(r.ramsch.scores[0])
    assert statistics.mean(bot_pts) < statistics.mean(random_pts) - 10
    assert statistics.mean(bot_score) > statistics.mean(random_score) + 8


WEAK_CLUBS = Deal.from_str(
    "C7 C8 C9 S7 S8 H7 H8 D7 D8 D9",
    "CJ SJ HJ DJ CA CT SA ST HA HT",
    "CK CQ SK SQ S9 HK HQ H9 DA DT",
    "DK DQ",
)
"""Forehand's clubs are weak: the defenders hold the jacks and the aces."""

SURE_CLUBS = Deal.from_str(
    "CJ SJ HJ DJ CA CT CK CQ SA HA",
    "C7 C8 C9 S7 S8 H7 H8 D7 D8 D9",
    "ST SK SQ S9 HT HK HQ H9 DA DT",
    "DK DQ",
)
"""Forehand holds every jack and the top clubs: a sure game."""


def _middlehand_answer(s: GameState, level: str) -> tuple[object, str]:
    """What the bot at middlehand would do, and why."""
    hint = make_bot(level, 1).hint(s.view(1))
    return hint.action, hint.reason


def _defending(deal: Deal, level: str) -> tuple[object, str]:
    """Forehand plays clubs hand; the bot at middlehand is asked before its first card."""
    s = clubs_hand(PUB, deal)
    s = s.apply(s.legal_actions()[0])  # forehand leads
    assert s.legal_actions()[0] == KONTRA
    return _middlehand_answer(s, level)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_kontra_when_the_defenders_are_likely_to_win(level: str) -> None:
    """'They say Kontra when their side is likely to win': the soloist holds a
    weak clubs hand against jacks and aces."""
    action, reason = _defending(WEAK_CLUBS, level)
    assert action == KONTRA, reason
    assert "defenders win" in reason


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_no_kontra_against_a_sure_game(level: str) -> None:
    """'Bots never say Kontra at random': not against a soloist who holds
    every jack and the top clubs."""
    action, _ = _defending(SURE_CLUBS, level)
    assert isinstance(action, Play)


def _asked_first(deal: Deal, level: str) -> tuple[object, str]:
    """Forehand plays clubs hand under Kontra before the first card: the bot
    at middlehand is asked before any card."""
    s = clubs_hand(PUB.with_switches(kontra_first_card=True), deal)
    assert s.phase == Phase.KONTRA and s.to_move == 1
    return _middlehand_answer(s, level)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_kontra_before_the_first_card_when_likely_to_win(level: str) -> None:
    """'They say Kontra when their side is likely to win' also where Kontra
    must be said before the first card: the weak clubs hand is doubled, the
    sure one is let stand (Pass), and the answer is the same every time."""
    action, reason = _asked_first(WEAK_CLUBS, level)
    assert action == KONTRA, reason
    assert (action, reason) == _asked_first(WEAK_CLUBS, level)
    action, reason = _asked_first(SURE_CLUBS, level)
    assert action == Pass(), reason


def test_random_bot_never_doubles() -> None:
    """The random level plays random cards but never says Kontra at random."""
    bot = RandomBot(3)
    for i in range(40):
        s = play_out(new_game(deal_from_seed("rk", i), PUB), [Bid(18), Hold(), Pass(), Pass()])
        s = s.apply(Declare(GameType.GRAND, hand=True))
        s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Play)))
        assert KONTRA in s.legal_actions()
        assert not isinstance(bot.choose(s.view(s.to_move)), Kontra)


def test_schieberamsch_pushes() -> None:
    """'Schieberamsch pushes': a dangerous hand takes the skat and pushes two
    cards (no jack where jacks may not be pushed); a safe hand passes it on."""
    bot = make_bot("easy", 0)
    pushed = passed = 0
    for i in range(60):
        s = play_out(new_game(deal_from_seed("push", i), SCHIEBE), [Pass(), Pass(), Pass()])
        assert s.phase == Phase.PUSH
        action = bot.choose(s.view(0))
        d = danger(s.hands[0])
        if action == GRAND_HAND:
            continue
        assert action == (PickUpSkat() if d >= PUSH_DANGER else PASS_SKAT)
        if action == PASS_SKAT:
            passed += 1
            continue
        pushed += 1
        s = s.apply(action)
        push = bot.choose(s.view(0))
        assert isinstance(push, Push) and push in s.legal_actions()
        assert not (1 << push.cards[0] | 1 << push.cards[1]) & JACKS
    assert pushed > 10 and passed > 10


@pytest.mark.parametrize("level", ["random", "easy", "normal", "strong"])
def test_bots_play_house_rule_deals_at_every_level(level: str) -> None:
    """'The bots handle every rule at every level': whole deals under pub and
    Schieberamsch rules, Ramsch rounds and Bock deals included, only legal
    actions, each view's choice its own."""
    from skat_core.bots.pimc import SearchBudget
    from skat_core.bots.players import LEVEL_CONFIGS, LevelConfig, SkatBot

    def bot(seat: int) -> object:
        if level in ("random", "easy"):
            return make_bot(level, seat)
        tiny = LevelConfig(skat_samples=4, budget=SearchBudget(
            exact_from=2, tiers_from=3, exact_samples=2, tier_samples=2, rollout_samples=2,
            rollout_exact=2, nodes=2_000, min_samples=1), schwarz_samples=0)
        return SkatBot(level, seat, tiny if level == "strong" else LEVEL_CONFIGS["easy"])

    bots = [bot(s) for s in range(3)]
    kinds = set()
    for i in range(6):
        for rules in (PUB, SCHIEBE):
            s = new_game(deal_from_seed("house", i), rules, bock=1 + (i % 2),
                         ramsch_round=i % 3 == 0)
            while not s.is_over:
                view = s.view(s.to_move)
                action = bots[s.to_move].choose(view)  # type: ignore[attr-defined]
                assert action in view.legal
                s = s.apply(action)
            assert s.result is not None
            kinds.add("ramsch" if s.result.ramsch else "game")
    assert kinds == {"ramsch", "game"}



# --- bidding under house rules (docs/bots.md, Bidding under house rules) ----------


def test_stakes_of_a_deal_follow_its_rules() -> None:
    """'In a Bock deal values double'; 'under Kontra a lost game costs more':
    the game value's weight, won and lost; the 50 and 40 are not multiplied."""
    assert stakes_for(TOURNAMENT) == PLAIN
    assert stakes_for(TOURNAMENT, 2) == Stakes(2.0, 2.0)
    assert stakes_for(PUB) == Stakes(KONTRA_WIN_FACTOR, KONTRA_LOSS_FACTOR)
    assert KONTRA_LOSS_FACTOR > KONTRA_WIN_FACTOR >= 1
    assert stakes_for(PUB, 2) == Stakes(2 * KONTRA_WIN_FACTOR, 2 * KONTRA_LOSS_FACTOR)
    # Clubs with 1 (value 24) at 18, won 70 % of the time: the value part
    # doubles in a Bock deal, the 50 and the 40 stay.
    plain = _payoff(0.7, 0.0, 24, 12, 18)
    bock = _payoff(0.7, 0.0, 24, 12, 18, stakes=Stakes(2.0, 2.0))
    assert plain == pytest.approx(0.7 * 74 - 0.3 * 138)
    assert bock == pytest.approx(0.7 * 98 - 0.3 * 186)


def test_a_marginal_hand_bids_less_where_kontra_is_played() -> None:
    """'Under Kontra a lost game costs more so a marginal hand should bid
    less': the same hand's limit falls under the pub stakes, and no hand of 300
    bids more for them unless it wins nearly always."""
    hand = deal_from_seed("find", 49).hands[0]
    assert bid_limit(hand, True, 6, "0") == 22
    assert bid_limit(hand, True, 6, "0", stakes=stakes_for(PUB)) == 20
    lower = 0
    for i in range(100):
        for seat, h in enumerate(deal_from_seed("kontra-limits", i).hands):
            plain = bid_limit(h, seat == 0, 6, "0")
            pub = bid_limit(h, seat == 0, 6, "0", stakes=stakes_for(PUB))
            assert pub <= plain
            lower += pub < plain
    assert lower > 0


def test_a_bad_ramsch_hand_plays_a_cheap_game_instead() -> None:
    """'With Ramsch after all pass, a hand that would lose a Ramsch badly may
    prefer to play a cheap game': forehand, after two passes, says 18 under
    the pub rules where the tournament bidding passes (and the Ramsch it
    avoids is worth far less than nothing to it)."""
    s = play_out(new_game(deal_from_seed("find", 9), PUB), [Pass(), Pass()])
    v = s.view(0)
    blind = SkatBot("easy", 0, replace(LEVEL_CONFIGS["easy"], house_bidding=False))
    assert blind.choose(v) == Pass()
    hint = SkatBot("easy", 0).hint(v)
    assert hint.action == Bid(18), hint.reason
    assert ramsch_outlook(v.hand, 0, PUB, salt="0") < -10
    assert "Ramsch" in hint.reason
    # Without Ramsch (tournament rules) the same hand passes as before.
    t = play_out(new_game(deal_from_seed("find", 9)), [Pass(), Pass()])
    assert SkatBot("easy", 0).choose(t.view(0)) == Pass()


@pytest.mark.parametrize("deals", [0, 1])
def test_bench_ramsch_says_it_needs_two_deals(deals: int,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``skat bench ramsch --deals 0`` ended in a StatisticsError traceback;
    like ``bench bots`` it says why and exits 2."""
    from skat_core.benchmarks.ramsch import run

    assert run(deals, "ramsch") == 2
    assert "at least 2 deals" in capsys.readouterr().err

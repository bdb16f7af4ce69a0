"""The house rules (docs/rules.md, House rules): rule sets, Kontra and Re,
Ramsch and Schieberamsch, Bock rounds and a table of four.  Each test quotes
the rule it holds."""

from __future__ import annotations

import pytest

from house_deals import DEAL, FIRST_CARD, SCHIEBE, clubs_hand
from skat_core.cards import Card, CardSet
from skat_core.errors import IllegalActionError, Rule
from skat_core.game import (
    GRAND_HAND,
    KONTRA,
    PASS_SKAT,
    RE,
    Bid,
    Declare,
    Hold,
    Kontra,
    Pass,
    PassSkat,
    Phase,
    PickUpSkat,
    Play,
    Push,
    new_game,
    play_out,
    restart,
)
from skat_core.match import DealMark, DealOutcome, Match, bock_events, owed_marks
from skat_core.rules import GameType
from skat_core.ruleset import (
    PUB,
    TOURNAMENT,
    BockEvent,
    BockStacking,
    RamschSkat,
    RamschTie,
    RuleSet,
    rule_set,
)
from skat_core.value import Contract, GameResult, settle, settle_ramsch

ALL_PASS = [Pass(), Pass(), Pass()]


def c(text: str) -> Card:
    return Card.from_str(text)


# --- rule sets -----------------------------------------------------------------


def test_tournament_is_the_default_and_plays_as_before() -> None:
    """'tournament (ISkO, as now) ... stays the default': no Kontra offered,
    all pass is a passed-in deal."""
    s = new_game(DEAL)
    assert s.rules is TOURNAMENT and TOURNAMENT.is_tournament
    assert all(not isinstance(a, Kontra) for a in clubs_hand(TOURNAMENT).legal_actions())
    passed = play_out(new_game(DEAL), ALL_PASS)
    assert passed.result is not None and passed.result.passed_in


def test_rule_sets_by_name_and_round_trip() -> None:
    """'A match is played under a named rule set': tournament and pub, each
    house rule a switch stored with the match."""
    assert rule_set("pub") is PUB and rule_set("tournament") is TOURNAMENT
    with pytest.raises(ValueError, match="tournament, pub"):
        rule_set("casino")
    for rules in (TOURNAMENT, PUB, SCHIEBE):
        assert RuleSet.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError, match=r"rules\.kontra: true or false"):
        RuleSet.from_dict({"kontra": "yes"})
    with pytest.raises(ValueError, match=r"rules\.spitze: unknown"):
        RuleSet.from_dict({"spitze": True})


# --- Kontra and Re ---------------------------------------------------------------


def test_kontra_before_the_defenders_own_first_card() -> None:
    """'A defender may say Kontra ... before that defender plays his first card.'"""
    s = clubs_hand()
    assert KONTRA not in s.legal_actions()  # forehand is the soloist
    s = s.apply(Play(c("CJ")))
    assert s.legal_actions()[0] == KONTRA  # middlehand before his first card
    s = s.apply(Play(c("HJ")))
    assert s.legal_actions()[0] == KONTRA  # rearhand too
    s = s.apply(Play(c("C8")))
    s = s.apply(Play(c("SJ"))).apply(Play(c("DJ")))
    assert s.to_move == 2 and KONTRA not in s.legal_actions()  # rearhand has played


def test_kontra_then_re_doubles_twice() -> None:
    """'Kontra, doubling the game's score, and the soloist may answer Re (×4).'"""
    s = clubs_hand().apply(Play(c("CJ")))
    s = s.apply(KONTRA)
    assert s.kontra == 1 and s.to_move == 1
    with pytest.raises(IllegalActionError) as e:
        s.apply(KONTRA)
    assert e.value.rule == Rule.KONTRA
    s = s.apply(Play(c("HJ"))).apply(Play(c("C8")))
    assert s.to_move == 0 and s.legal_actions()[0] == RE
    s = s.apply(RE)
    assert s.kontra == 2
    assert not any(isinstance(a, Kontra) for a in s.legal_actions())  # kontra_max = 2


def test_re_only_before_the_soloists_next_card() -> None:
    """'Whether the soloist may answer Re': before his next card after the Kontra."""
    s = clubs_hand().apply(Play(c("CJ"))).apply(KONTRA)
    s = play_out(s, [Play(c("HJ")), Play(c("C8"))])
    s = s.apply(Play(c("SJ")))  # the soloist plays on without Re
    s = play_out(s, [Play(c("DJ")), Play(c("C7"))])
    assert s.to_move == 0 and RE not in s.legal_actions()


def test_kontra_needs_a_bid_when_the_rules_say_so() -> None:
    """'Who may say Kontra: only a defender who bid or held 18, or any defender.'"""
    strict = PUB.with_switches(kontra_needs_bid=True)
    s = clubs_hand(strict).apply(Play(c("CJ")))
    assert KONTRA in s.legal_actions()  # middlehand bid 18
    s = play_out(s, [Play(c("HJ"))])
    assert KONTRA not in s.legal_actions()  # rearhand passed at once


def test_no_kontra_against_ouvert_and_without_the_switch() -> None:
    """'... before the cards are shown in an ouvert game': they are shown at
    the declaration, so there is no Kontra against an ouvert game."""
    s = play_out(new_game(DEAL, PUB), [Bid(18), Hold(), Pass(), Pass()])
    s = s.apply(Declare(GameType.GRAND, ouvert=True)).apply(Play(c("CJ")))
    assert not any(isinstance(a, Kontra) for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        clubs_hand(TOURNAMENT).apply(Play(c("CJ"))).apply(KONTRA)


def test_bock_and_hirsch_where_allowed() -> None:
    """'Whether it goes further (Bock, Hirsch)': kontra_max 4."""
    far = PUB.with_switches(kontra_max=4)
    s = clubs_hand(far).apply(Play(c("CJ"))).apply(KONTRA)
    s = play_out(s, [Play(c("HJ")), Play(c("C8")), RE, Play(c("SJ"))])
    assert s.legal_actions()[0] == Kontra(3)  # middlehand: Bock
    s = s.apply(Kontra(3))
    s = play_out(s, [Play(c("DJ")), Play(c("C7"))])
    assert s.legal_actions()[0] == Kontra(4)


def test_kontra_before_the_first_card_asks_each_defender_in_turn() -> None:
    """'Until when: ... or before the first card at all': with
    ``kontra_first_card`` each defender in seat order is asked before
    forehand leads (here forehand is the soloist, so no defender would have a
    turn otherwise); passing asks the next one, then play begins."""
    s = clubs_hand(FIRST_CARD)
    assert s.phase == Phase.KONTRA and s.to_move == 1
    assert s.legal_actions() == [KONTRA, Pass()]
    with pytest.raises(IllegalActionError) as e:
        s.apply(Play(c("CJ")))  # no card before the question is answered
    assert e.value.rule == Rule.KONTRA
    s = s.apply(Pass())
    assert s.phase == Phase.KONTRA and s.to_move == 2
    s = s.apply(Pass())
    assert s.phase == Phase.PLAYING and s.to_move == 0 and s.kontra == 0
    s = s.apply(Play(c("CJ")))
    assert not any(isinstance(a, Kontra) for a in s.legal_actions())  # too late now
    with pytest.raises(IllegalActionError) as e:
        s.apply(KONTRA)
    assert e.value.rule == Rule.KONTRA


def test_kontra_before_the_first_card_then_re() -> None:
    """'... and the soloist may answer Re': before the first card too, asked
    right after the Kontra; the doubling counts in the result."""
    s = clubs_hand(FIRST_CARD).apply(Pass()).apply(KONTRA)
    assert s.phase == Phase.KONTRA and s.to_move == 0 and s.kontra == 1
    assert s.legal_actions() == [RE, Pass()]
    s = s.apply(RE)
    assert s.phase == Phase.PLAYING and s.kontra == 2 and s.to_move == 0  # kontra_max 2
    done = s
    while not done.is_over:
        done = done.apply(next(a for a in done.legal_actions() if isinstance(a, Play)))
    assert done.result is not None and done.result.kontra == 2
    assert done.result.scored_value == 4 * done.result.value
    # The soloist may let it stand: play begins at once.
    s = clubs_hand(FIRST_CARD).apply(KONTRA).apply(Pass())
    assert s.phase == Phase.PLAYING and s.kontra == 1


def test_kontra_before_the_first_card_bock_and_the_18_rule() -> None:
    """'Whether it goes further (Bock, Hirsch)' and 'only a defender who bid
    or held 18': after Re the defenders are asked again; a defender who never
    bid is not asked at all."""
    far = FIRST_CARD.with_switches(kontra_max=4)
    s = clubs_hand(far).apply(KONTRA).apply(RE)
    assert s.phase == Phase.KONTRA and s.to_move == 1 and s.legal_actions()[0] == Kontra(3)
    s = s.apply(Pass()).apply(Kontra(3))  # rearhand says Bock
    assert s.to_move == 0 and s.legal_actions() == [Kontra(4), Pass()]
    assert s.apply(Kontra(4)).phase == Phase.PLAYING
    strict = FIRST_CARD.with_switches(kontra_needs_bid=True)
    s = clubs_hand(strict)
    assert s.to_move == 1  # middlehand bid 18
    assert s.apply(Pass()).phase == Phase.PLAYING  # rearhand passed at once: not asked


def test_kontra_before_the_first_card_not_against_ouvert() -> None:
    """'... before the cards are shown in an ouvert game': no question at all."""
    s = play_out(new_game(DEAL, FIRST_CARD), [Bid(18), Hold(), Pass(), Pass()])
    s = s.apply(Declare(GameType.GRAND, ouvert=True))
    assert s.phase == Phase.PLAYING and s.to_move == 0


def _clubs_result(won: bool, kontra: int, bock: int = 1) -> GameResult:
    # Clubs with 2, hand: 12 × 4 = 48.
    return settle(
        soloist=0, contract=Contract(GameType.CLUBS, hand=True), bid=18,
        soloist_cards=CardSet.from_str("CJ SJ CA CT C9 SA ST HA D8 D7 H7 D9").mask,
        soloist_points=80 if won else 50, defender_points=40 if won else 70,
        soloist_tricks=6, defender_tricks=4, kontra=kontra, bock=bock,
    )


@pytest.mark.parametrize(
    ("won", "kontra", "standard", "sf"),
    [
        (True, 0, 48, (98, 0)),
        (True, 1, 96, (146, 0)),
        (True, 2, 192, (242, 0)),
        (False, 1, -192, (-242, 40)),
        (False, 2, -384, (-434, 40)),
    ],
)
def test_kontra_and_re_in_both_lists(won: bool, kontra: int, standard: int,
                                     sf: tuple[int, int]) -> None:
    """'Both lists score it: standard and Seeger-Fabian ... multiply the game
    value only' (the 50 and the 40 stay as they are)."""
    r = _clubs_result(won, kontra)
    assert r.value == 48 and r.score == standard and r.seeger_fabian(3) == sf
    assert ("Kontra × 2" in r.explain()) == (kontra >= 1)


# --- Ramsch ---------------------------------------------------------------------


def test_ramsch_when_all_pass() -> None:
    """'Ramsch when all pass, instead of a passed-in deal ... jacks are the only
    trumps and every player plays for himself.'"""
    s = play_out(new_game(DEAL, PUB), ALL_PASS)
    assert s.phase == Phase.PLAYING and s.is_ramsch and s.soloist == -1 and s.to_move == 0
    assert s.contract is not None and s.contract.game == GameType.GRAND
    assert not s.can_claim(0) and not s.can_resign(1)
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    r = s.result
    assert r is not None and r.ramsch is not None and not r.passed_in
    assert sum(r.ramsch.points) == 120
    assert r.ramsch.skat_to == s.last_trick.winner  # type: ignore[union-attr]


def ramsch(points: tuple[int, int, int], tricks: tuple[int, int, int], skat: int = 0,
           last: int = 0, rules: RuleSet = PUB, pushes: int = 0, bock: int = 1,
           last_won: tuple[int, int, int] = (9, 8, 7)) -> GameResult:
    return settle_ramsch(points=points, tricks=tricks, skat_points=skat,
                         last_trick_winner=last, last_won=last_won, pushes=pushes, bock=bock,
                         rules=rules)


def test_ramsch_loser_takes_most_points_skat_to_last_trick() -> None:
    """'Whoever takes the most card points loses that many, with the skat going
    to the last trick's winner.'"""
    r = ramsch((50, 45, 15), (4, 4, 2), skat=10, last=1)
    assert r.ramsch is not None
    assert r.ramsch.points == (50, 55, 15) and r.ramsch.losers == (1,)
    assert r.ramsch.scores == (0, -55, 0)
    assert r.seeger_fabian_by_seat(3) == ((0, -55, 0), 0)  # SF counts as standard


def test_ramsch_skat_to_the_loser_as_chosen() -> None:
    """'... or as chosen': the skat to the player with the most points."""
    r = ramsch((50, 45, 15), (4, 4, 2), skat=10, last=1,
               rules=PUB.with_switches(ramsch_skat=RamschSkat.LOSER))
    assert r.ramsch is not None and r.ramsch.scores == (-60, 0, 0)


def test_ramsch_jungfrau_doubles() -> None:
    """'Jungfrau: a player who took no trick doubles the loss.'"""
    r = ramsch((70, 50, 0), (6, 4, 0))
    assert r.ramsch is not None and r.ramsch.jungfrau == 1
    assert r.ramsch.scores == (-140, 0, 0)
    assert "Jungfrau × 2" in r.explain()
    off = ramsch((70, 50, 0), (6, 4, 0), rules=PUB.with_switches(jungfrau=False))
    assert off.ramsch is not None and off.ramsch.scores == (-70, 0, 0)


def test_ramsch_durchmarsch_wins_120() -> None:
    """'Durchmarsch: one player takes every trick and wins 120.'"""
    r = ramsch((0, 0, 110), (0, 0, 10), skat=10, last=2)
    assert r.ramsch is not None and r.ramsch.durchmarsch == 2
    assert r.ramsch.scores == (0, 0, 120) and r.won
    off = ramsch((0, 0, 110), (0, 0, 10), skat=10, last=2,
                 rules=PUB.with_switches(durchmarsch=False))
    assert off.ramsch is not None and off.ramsch.scores == (0, 0, -480)  # two Jungfrauen


def test_ramsch_ties() -> None:
    """'Ties are split as the chosen rule says': all tied lose (the common
    rule), or the one with more tricks (then the later trick)."""
    r = ramsch((50, 50, 20), (4, 3, 3))
    assert r.ramsch is not None and r.ramsch.scores == (-50, -50, 0)
    three = ramsch((40, 40, 40), (3, 4, 3))
    assert three.ramsch is not None and three.ramsch.scores == (-40, -40, -40)
    tricks = PUB.with_switches(ramsch_tie=RamschTie.MORE_TRICKS)
    one = ramsch((50, 50, 20), (4, 3, 3), rules=tricks)
    assert one.ramsch is not None and one.ramsch.scores == (-50, 0, 0)
    later = ramsch((50, 50, 20), (3, 3, 4), rules=tricks, last_won=(5, 9, 8))
    assert later.ramsch is not None and later.ramsch.scores == (0, -50, 0)


def test_ramsch_in_a_bock_deal_and_pushed() -> None:
    """Bock doubles a Ramsch too; each push of a Schieberamsch doubles the loss."""
    r = ramsch((61, 39, 20), (5, 3, 2), pushes=2, bock=2)
    assert r.ramsch is not None and r.ramsch.scores == (-61 * 8, 0, 0)


# --- Schieberamsch ---------------------------------------------------------------


def test_schieberamsch_push_two_and_pass_on() -> None:
    """'Schieberamsch: forehand may pick up the skat and push two cards on, then
    the others in turn; jacks may not be pushed, as an option.'"""
    s = play_out(new_game(DEAL, SCHIEBE), ALL_PASS)
    assert s.phase == Phase.PUSH and s.to_move == 0
    assert s.legal_actions() == [PickUpSkat(), PASS_SKAT, GRAND_HAND]
    s = s.apply(PickUpSkat())
    assert s.hands[0] == DEAL.hands[0] | DEAL.skat
    pushes = s.legal_actions()
    assert all(isinstance(a, Push) for a in pushes) and len(pushes) == 45  # 10 non-jacks
    with pytest.raises(IllegalActionError) as e:
        s.apply(Push((c("CJ"), c("H7"))))
    assert e.value.rule == Rule.PUSH_JACKS
    s = s.apply(Push((c("H7"), c("D9"))))
    assert s.to_move == 1 and s.pushes == 1 and s.skat == CardSet.from_str("H7 D9").mask
    s = s.apply(PassSkat())
    s = s.apply(PickUpSkat()).apply(Push((c("SK"), c("SQ"))))
    assert s.phase == Phase.PLAYING and s.is_ramsch and s.pushes == 2
    assert s.skat == CardSet.from_str("SK SQ").mask
    jacks = SCHIEBE.with_switches(push_jacks=True)
    t = play_out(new_game(DEAL, jacks), [*ALL_PASS, PickUpSkat()])
    assert Push((c("CJ"), c("SJ"))) in t.legal_actions()


def test_schieberamsch_skat_never_shown_to_anyone_else() -> None:
    """'The skat is never shown to anyone else': only the seat that took it
    sees it, and only the pusher knows what he pushed."""
    s = play_out(new_game(DEAL, SCHIEBE), [*ALL_PASS, PickUpSkat(), Push((c("CA"), c("CT")))])
    assert s.view(0).skat == DEAL.skat and s.view(0).discard == CardSet.from_str("CA CT").mask
    for seat in (1, 2):
        v = s.view(seat)
        assert v.skat is None and v.discard is None
        assert not any(isinstance(a, Push) for _, a in v.public_actions)
        assert "CA" not in v.observation_string()
    s = s.apply(PickUpSkat())
    assert s.view(1).skat == CardSet.from_str("CA CT").mask
    assert s.view(2).skat is None


def test_schieberamsch_grand_hand_instead() -> None:
    """'"Grand Hand" may be declared instead of pushing, as an option.'"""
    s = play_out(new_game(DEAL, SCHIEBE), [*ALL_PASS, PASS_SKAT, GRAND_HAND])
    assert s.phase == Phase.PLAYING and s.soloist == 1 and not s.is_ramsch
    assert s.contract == Contract(GameType.GRAND, hand=True)
    off = play_out(new_game(DEAL, SCHIEBE.with_switches(grand_hand_instead=False)), ALL_PASS)
    assert GRAND_HAND not in off.legal_actions()
    with pytest.raises(IllegalActionError):
        off.apply(GRAND_HAND)


# --- Bock rounds ------------------------------------------------------------------


def _outcome(result: GameResult, number: int = 0) -> DealOutcome:
    state = new_game(DEAL)._replace(phase=Phase.FINISHED, result=result)
    return DealOutcome(number, 0, (1, 2, 0), state, (0, 0, 0), (0, 0, 0))


def test_bock_events() -> None:
    """'Common events: a lost game at 60 : 60, a won or lost game worth 100 or
    more, Kontra and Re both said, a lost schneider.'"""
    def result(points: int, won: bool, game: GameType = GameType.CLUBS, kontra: int = 0,
               mats: str = "CJ SJ") -> GameResult:
        return settle(soloist=0, contract=Contract(game), bid=18,
                      soloist_cards=CardSet.from_str(mats).mask, soloist_points=points,
                      defender_points=120 - points, soloist_tricks=5, defender_tricks=5,
                      kontra=kontra)
    assert bock_events(result(60, False)) == {BockEvent.LOST_60}
    assert bock_events(result(25, False)) == {BockEvent.LOST_SCHNEIDER}
    assert bock_events(result(70, True, kontra=2)) == {BockEvent.KONTRA_RE}
    assert bock_events(result(70, True, GameType.GRAND, mats="CJ SJ HJ DJ")) == {
        BockEvent.VALUE_100}
    assert bock_events(result(70, True)) == frozenset()


def test_bock_round_is_one_deal_per_player_and_queues() -> None:
    """'After chosen events, one full round of deals (one per player) counts
    double ... Bock rounds can stack' (queued after the rounds owed)."""
    lost60 = settle(soloist=0, contract=Contract(GameType.CLUBS), bid=18,
                    soloist_cards=CardSet.from_str("CJ").mask, soloist_points=60,
                    defender_points=60, soloist_tricks=5, defender_tricks=5)
    plain = settle(soloist=0, contract=Contract(GameType.CLUBS), bid=18,
                   soloist_cards=CardSet.from_str("CJ").mask, soloist_points=70,
                   defender_points=50, soloist_tricks=5, defender_tricks=5)
    one = owed_marks(PUB, 3, (_outcome(lost60),))
    assert one == (DealMark(2),) * 3
    two = owed_marks(PUB, 3, (_outcome(lost60), _outcome(lost60, 1)))
    assert two == (DealMark(2),) * 5  # one Bock deal played, a new round queued
    after = owed_marks(PUB, 4, (_outcome(lost60), *(_outcome(plain, n) for n in range(1, 5))))
    assert after == ()
    assert owed_marks(TOURNAMENT, 3, (_outcome(lost60),)) == ()


def test_doppelbock_and_ramsch_round() -> None:
    """'Bock rounds can stack' at once (Doppelbock, ×4), and 'Options say whether
    Ramsch follows a Bock round (a Ramsch round)'."""
    lost60 = settle(soloist=0, contract=Contract(GameType.CLUBS), bid=18,
                    soloist_cards=CardSet.from_str("CJ").mask, soloist_points=60,
                    defender_points=60, soloist_tricks=5, defender_tricks=5)
    rules = PUB.with_switches(bock_stacking=BockStacking.DOUBLE, ramsch_round=True)
    marks = owed_marks(rules, 3, (_outcome(lost60), _outcome(lost60, 1)))
    # The second round starts at once, over the first one's last Bock deal
    # and its Ramsch round's first deal; its own Ramsch round comes last.
    assert marks == (DealMark(4), DealMark(4), DealMark(2, ramsch=True),
                     *(DealMark(1, ramsch=True),) * 5)
    s = new_game(DEAL, rules, ramsch_round=True)
    assert s.phase == Phase.PLAYING and s.is_ramsch and s.history == ()
    assert restart(s.apply(s.legal_actions()[0])) == s


def test_match_marks_bock_deals_and_counts_them_down() -> None:
    """'The score sheet marks Bock deals and shows how many are left'; a Bock
    deal's scores are doubled."""
    m = Match.start(("A", "B", "C"), deals=9, rules=PUB, seed="bock")
    while not m.is_over and not any(o.state.bock > 1 for o in m.outcomes):
        if m.deal_finished:
            m = m.next_deal()
            continue
        assert m.current is not None
        m = m.apply(m.current.legal_actions()[-1])  # the highest bids: big games
    bock = [o for o in m.outcomes if o.state.bock > 1]
    assert bock, "the highest bids give a game worth 100 or more"
    first = bock[0]
    assert first.result.bock == 2 and first.result.factor >= 2


# --- four at the table ---------------------------------------------------------------


def test_four_players_dealer_sits_out_and_sf_30() -> None:
    """'The dealer sits out each deal ... Seeger-Fabian +30 to each of the three
    others at four ... A match is a multiple of four deals.'"""
    with pytest.raises(ValueError, match="multiple of 4"):
        Match.start(("A", "B", "C", "D"), deals=6)
    m = Match.start(("A", "B", "C", "D"), deals=4, rules=PUB, seed="four")
    assert m.dealer == 0 and 0 not in m.seats and m.seat_of(0) is None
    lost = _clubs_result(False, 0)
    from skat_core.match import deal_scores

    standard, sf = deal_scores(lost, m.seats, 4)
    soloist = m.seats[0]
    assert standard[soloist] == -96 and sf[soloist] == -146
    assert [sf[p] for p in range(4) if p != soloist] == [30, 30, 30]


def test_ramsch_scores_at_four_leave_the_dealer_out() -> None:
    """A Ramsch at four: the three in the deal score, the dealer nothing."""
    from skat_core.match import deal_scores

    r = ramsch((50, 45, 25), (4, 4, 2))
    standard, sf = deal_scores(r, (1, 2, 3), 4)
    assert standard == (0, -50, 0, 0) and sf == (0, -50, 0, 0)

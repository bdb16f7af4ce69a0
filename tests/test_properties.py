"""Properties of the engine over thousands of random legal deals.

Random deals are played by a random player (skewed towards realistic bids, see
:func:`skat_core.benchmarks.engine.choose_action`) that now and then claims, concedes or
leaves the table.  Along the way every state is checked: legal actions are
deterministic and all apply, random illegal actions raise
:class:`IllegalActionError`, states never change, and no seat's view holds a
card that seat may not see.  At the end: 120 card points, each card played
once, and the same state again when replayed from the history and from a JSON
record.  Every test runs under each rule set (tournament, pub, and a
Schieberamsch with every house switch turned the other way).
"""

from __future__ import annotations

import pickle
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat_core.benchmarks.engine import choose_action
from skat_core.cards import ALL_CARDS, CARDS, Card, CardSet
from skat_core.deal import random_deal
from skat_core.errors import IllegalActionError
from skat_core.game import (
    Action,
    Bid,
    Claim,
    Declare,
    Discard,
    GameState,
    Hold,
    Kontra,
    LeaveTable,
    Pass,
    PassSkat,
    Phase,
    PickUpSkat,
    Play,
    Push,
    Resign,
    new_game,
    restart,
)
from skat_core.rules import GameType
from skat_core.ruleset import PUB, TOURNAMENT, BockStacking, Ramsch, RamschSkat, RamschTie, RuleSet
from skat_core.value import BID_VALUES
from test_perft import reference_legal, reference_winner

PROPERTY_SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
CARD_TOKEN = re.compile(r"\b[CSHD][789TJQKA]\b")
SCHIEBE = PUB.with_switches(
    name="schiebe", ramsch=Ramsch.SCHIEBERAMSCH, kontra_needs_bid=True, kontra_max=4,
    ramsch_skat=RamschSkat.LOSER, ramsch_tie=RamschTie.MORE_TRICKS, jungfrau=False,
    durchmarsch=False, push_jacks=True, push_doubles=False, bock_stacking=BockStacking.DOUBLE,
    ramsch_round=True,
)
HOUSE_RULE_SETS = (PUB, SCHIEBE, SCHIEBE.with_switches(
    name="schiebe2", push_jacks=False, grand_hand_instead=False, push_doubles=True,
    kontra_first_card=True))
RULES_IDS = [r.name for r in HOUSE_RULE_SETS]
HOUSE_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
"""Fewer examples per house rule set than for the tournament rules (three
sets, and the tests run on a shared machine); the plain loops add more."""


# --- the random player ---------------------------------------------------------


def random_step(state: GameState, rng: random.Random) -> Action:
    """A legal action, now and then one out of turn: a claim, a concession, a
    seat leaving the table."""
    if state.phase == Phase.PLAYING:
        r = rng.random()
        if r < 0.01 and state.can_claim(state.soloist):
            return Claim()
        if r < 0.03:
            seat = rng.randrange(3)
            if state.can_resign(seat):
                return Resign(seat)
        if r > 0.998:
            return LeaveTable(rng.randrange(3), timeout=rng.random() < 0.5)
    return choose_action(state, rng)


def random_action(state: GameState, rng: random.Random) -> Action:
    """Any action at all, mostly illegal ones."""
    kind = rng.randrange(10)
    if kind == 0:
        return Bid(rng.choice([*BID_VALUES, 0, 17, 19, 21, 25, 265, 1000, -18]))
    if kind == 1:
        return rng.choice([Hold(), Pass(), PickUpSkat()])
    if kind == 2:
        a, b = rng.sample(range(32), 2)
        return Discard((a, b))  # type: ignore[arg-type]
    if kind == 3:
        return Declare(GameType(rng.randrange(6)), *(rng.random() < 0.5 for _ in range(4)))
    if kind == 4:
        return Claim()
    if kind == 5:
        return Resign(rng.randrange(3))
    if kind == 6 and rng.random() < 0.2:
        return LeaveTable(rng.randrange(3))
    if kind == 7 and rng.random() < 0.5:
        r = rng.randrange(3)
        if r == 0:
            return Kontra(rng.randrange(1, 5))
        if r == 1:
            return PassSkat()
        a, b = rng.sample(range(32), 2)
        return Push((a, b))  # type: ignore[arg-type]
    # a card of the seat to move half the time, else any card
    hand = state.hands[state.to_move] if state.to_move >= 0 else 0
    if hand and rng.random() < 0.5:
        return Play(rng.choice(list(CardSet(hand))))
    return Play(rng.randrange(32))  # type: ignore[arg-type]


def expected_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` must be accepted: listed by legal_actions, or one of
    the out-of-turn actions whose own checks allow it."""
    if state.phase == Phase.FINISHED:
        return False
    if isinstance(action, Claim):
        return state.can_claim(state.soloist)
    if isinstance(action, Resign):
        return state.can_resign(action.seat)
    if isinstance(action, LeaveTable):
        return True
    return action in state.legal_actions()


# --- checks ----------------------------------------------------------------------


def played_mask(state: GameState) -> int:
    mask = 0
    for _, action in state.history:
        if isinstance(action, Play):
            mask |= 1 << action.card
    return mask


def mentioned_cards(view_state: GameState, seat: int) -> tuple[int, str]:
    """Every card anywhere in ``seat``'s view, and its observation string."""
    v = view_state.view(seat)
    mask = v.hand | (v.skat or 0) | (v.discard or 0) | v.open_cards
    for c in v.trick:
        mask |= 1 << c
    if v.last_trick is not None:
        for c in v.last_trick.cards:
            mask |= 1 << c
    for _, c in v.plays:
        mask |= 1 << c
    for _, a in (*v.public_actions, *((seat, a) for a in v.legal)):
        if isinstance(a, Play):
            mask |= 1 << a.card
        elif isinstance(a, Discard | Push):
            mask |= 1 << a.cards[0] | 1 << a.cards[1]
    if v.revealed is not None:
        mask |= v.revealed.skat | v.revealed.hands[0] | v.revealed.hands[1] | v.revealed.hands[2]
    return mask, v.observation_string()


def check_views(state: GameState) -> None:
    """Each seat sees its own hand and no card it may not see."""
    over = state.phase == Phase.FINISHED
    soloist = state.soloist
    played = played_mask(state)
    for seat in range(3):
        v = state.view(seat)
        assert v.hand == state.hands[seat]
        if over:
            assert v.revealed == state.deal
            continue
        assert v.revealed is None and v.result is None
        allowed = state.hands[seat] | played
        # shown: an ouvert game's cards, or those of a soloist who claimed
        ouvert = state.contract is not None and (state.contract.ouvert or state.claimed)
        if ouvert and seat != soloist:
            assert v.open_cards == state.hands[soloist]
            allowed |= state.hands[soloist]
        else:
            assert v.open_cards == 0
        if seat == soloist and state.picked_up:
            allowed |= state.deal.skat | state.skat
        elif state.pushes or (state.phase == Phase.PUSH and state.picked_up):
            # Schieberamsch: the skat this seat took and the cards it pushed
            # (checked against the history, where only it could see them).
            lying, seen = state.deal.skat, 0
            for actor, a in state.history:
                if isinstance(a, PickUpSkat) and actor == seat:
                    seen |= lying
                elif isinstance(a, Push):
                    lying = 1 << a.cards[0] | 1 << a.cards[1]
                    if actor == seat:
                        seen |= lying
            allowed |= seen
        else:
            assert v.skat is None and v.discard is None
        mask, text = mentioned_cards(state, seat)
        assert mask & ~allowed == 0, (seat, CardSet(mask & ~allowed))
        in_text = CardSet.from_str(" ".join(CARD_TOKEN.findall(text))).mask
        assert in_text & ~allowed == 0, (seat, text)
        assert v.legal == (tuple(state.legal_actions()) if seat == state.to_move else ())


def check_state(state: GameState, rng: random.Random, *, apply_all: bool = True) -> None:
    """Checks at one state along a deal."""
    legal = state.legal_actions()
    assert legal == state.legal_actions() == GameState(*state).legal_actions()
    assert (legal == []) == (state.phase == Phase.FINISHED)
    assert len(legal) == len(set(legal))
    before = pickle.dumps(state)
    if apply_all:
        for action in legal:
            state.apply(action)
    for _ in range(3):
        action = random_action(state, rng)
        if expected_legal(state, action):
            state.apply(action)
        else:
            try:
                state.apply(action)
            except IllegalActionError as err:
                assert err.rule is not None
            else:
                raise AssertionError(f"accepted {action!r} in {state.phase.name}")
    assert pickle.dumps(state) == before  # nothing above changed the state
    check_views(state)
    if state.contract is not None:
        # the move generator and trick winners against the reference from the rules text
        game = state.contract.game.letter
        if state.phase == Phase.PLAYING:
            hand = [str(c) for c in CardSet(state.hands[state.to_move])]
            trick = [str(CARDS[c]) for c in state.trick]
            plays = [a for a in legal if not isinstance(a, Kontra)]
            assert plays == [Play(Card.from_str(c)) for c in reference_legal(game, hand, trick)]
            assert len(legal) - len(plays) == (state.kontra_offer() is not None)
        if state.last_trick is not None:
            leader, cards, winner = state.last_trick
            names = [str(CARDS[c]) for c in cards]
            assert winner == (leader + reference_winner(game, names)) % 3


def check_finished(state: GameState) -> None:
    """Checks of a finished deal."""
    assert state.is_over and state.to_move == -1 and state.result is not None
    r = state.result
    plays = [a.card for _, a in state.history if isinstance(a, Play)]
    assert len(plays) == len(set(plays))  # each card played once at most
    if r.ramsch is not None:
        # A Ramsch is played out: 120 points, 10 tricks, the scores as ruled.
        assert state.is_ramsch and r.soloist is None and not r.passed_in
        assert sum(state.tricks) == 10 and len(plays) == 30
        assert sum(r.ramsch.points) == 120
        assert r.ramsch.durchmarsch is not None or all(
            r.ramsch.scores[s] < 0 for s in r.ramsch.losers)
        assert r.seeger_fabian_by_seat(3) == (r.ramsch.scores, 0)
        return
    assert r.kontra == state.kontra and r.bock == state.bock
    if r.soloist is None:
        assert r.score == 0 and r.seeger_fabian() == (0, 0)
        assert (r.aborted is None) == r.passed_in
        return
    assert r.soloist == state.soloist and r.contract == state.contract
    played = played_mask(state)
    trick = sum(1 << c for c in state.trick)
    held = state.hands[0] | state.hands[1] | state.hands[2]
    # Every card is in exactly one place: won in a trick, on the table, in a
    # hand, or in the skat.
    places = [*state.won, trick, held, state.skat]
    assert sum(p.bit_count() for p in places) == 32
    union = 0
    for p in places:
        union |= p
    assert union == ALL_CARDS
    won = state.won[0] | state.won[1] | state.won[2]
    credited = won & ~played  # cards still in hand given to the soloist
    assert not credited or (r.conceded in ("claim", "left", "defenders") and held == 0)
    if r.conceded is None:
        assert state.trick == () and sum(state.tricks) * 3 == len(plays) == played.bit_count()
        if sum(state.tricks) == 10:
            assert held == 0 and won | state.skat == ALL_CARDS
            # "120 in all": the soloist's tricks and the skat, and the defenders' tricks
            assert state.soloist_points + state.defender_points == 120
            assert r.soloist_points + r.defender_points == 120
        else:  # ended early: null lost, or announced schwarz lost
            assert state.contract is not None and not r.won
            assert state.contract.game == GameType.NULL or state.contract.schwarz_announced
    assert r.soloist_points == state.soloist_points
    assert r.defender_points == state.defender_points
    assert r.soloist_points + r.defender_points <= 120
    if won | state.skat == ALL_CARDS:
        assert r.soloist_points + r.defender_points == 120
    v = r.value * 2 ** r.kontra * r.bock
    assert r.score == (v if r.won else -2 * v)
    assert r.seeger_fabian() == ((v + 50, 0) if r.won else (-2 * v - 50, 40))
    assert r.value >= r.bid
    assert not (r.overbid and r.won)


def replay_from_history(state: GameState) -> GameState:
    replayed = restart(state)
    for seat, action in state.history:
        assert replayed.actor_of(action) == seat
        replayed = replayed.apply(action)
    return replayed


def replay_from_record(state: GameState) -> GameState:
    from skat_core.records import dumps, loads, record_from_state, state_from_record

    return state_from_record(loads(dumps(record_from_state(state))))


def new_random(rng: random.Random, rules: RuleSet) -> GameState:
    """A random deal under ``rules``, now and then a Bock deal or one of a
    Ramsch round where the rules have them."""
    deal = random_deal(rng)
    if rules == TOURNAMENT:
        return new_game(deal)
    bock = rng.choice((1, 1, 2, 4))
    return new_game(deal, rules, bock=bock, ramsch_round=rules.ramsch_round and rng.random() < 0.2)


def play_checked(seed: int, *, apply_all: bool = True,
                 rules: RuleSet = TOURNAMENT) -> GameState:
    rng = random.Random(seed)
    state = new_random(rng, rules)
    while not state.is_over:
        check_state(state, rng, apply_all=apply_all)
        state = state.apply(random_step(state, rng))
    check_state(state, rng)
    check_finished(state)
    assert replay_from_history(state) == state
    return state


# --- the tests ------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_random_deals_keep_every_invariant(seed: int) -> None:
    """Legal actions deterministic and applicable, illegal ones refused, states
    unchanged, views hiding what they must, 120 points, each card once."""
    play_checked(seed)


@pytest.mark.parametrize("rules", HOUSE_RULE_SETS, ids=RULES_IDS)
@HOUSE_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_house_rules_keep_every_invariant(rules: RuleSet, seed: int) -> None:
    """The same under each house rule set: Kontra offered and applied, Ramsch
    played out, pushes hidden from the others, Bock and Ramsch-round deals."""
    play_checked(seed, rules=rules)


@PROPERTY_SETTINGS
@given(data=st.data())
def test_deals_chosen_by_hypothesis(data: st.DataObject) -> None:
    """The same, with every action drawn by hypothesis so that a failing deal
    shrinks to a short one."""
    hypothesis_deal(data, TOURNAMENT)


@pytest.mark.parametrize("rules", HOUSE_RULE_SETS, ids=RULES_IDS)
@HOUSE_SETTINGS
@given(data=st.data())
def test_house_deals_chosen_by_hypothesis(rules: RuleSet, data: st.DataObject) -> None:
    """The same under each house rule set."""
    hypothesis_deal(data, rules)


def hypothesis_deal(data: st.DataObject, rules: RuleSet) -> None:
    rng = random.Random(0)
    deal = random_deal(random.Random(data.draw(st.integers(0, 2**32), label="deal")))
    state = new_game(deal, rules)
    while not state.is_over:
        legal = state.legal_actions()
        if state.phase == Phase.BIDDING:
            legal = legal[:4]  # pass, hold, or one of the next few values
        state = state.apply(data.draw(st.sampled_from(legal)))
        check_state(state, rng, apply_all=False)
    check_finished(state)
    assert replay_from_history(state) == state


@pytest.mark.parametrize("rules", (TOURNAMENT, *HOUSE_RULE_SETS), ids=["tournament", *RULES_IDS])
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_replay_from_record(rules: RuleSet, seed: int) -> None:
    """A deal written as a JSON record and read back is the same deal."""
    rng = random.Random(seed)
    state = new_random(rng, rules)
    stop = rng.randrange(40)  # finished or not
    while not state.is_over and len(state.history) < stop:
        state = state.apply(random_step(state, rng))
    assert replay_from_record(state) == state


@pytest.mark.parametrize(("rules", "deals"), [(TOURNAMENT, 2000), *((r, 600) for r in
                                           HOUSE_RULE_SETS)], ids=["tournament", *RULES_IDS])
def test_two_thousand_random_deals(rules: RuleSet, deals: int) -> None:
    """2,000 seeded deals played to the end through the public API: no error, 120 card
    points in every deal played out, each card played once, replayable (600 under
    each house rule set)."""
    games = {"played out": 0, "early end": 0, "conceded": 0}
    games["passed in" if rules.ramsch == Ramsch.OFF else "ramsch"] = 0
    rng = random.Random(2000)
    for _ in range(deals):
        state = new_random(rng, rules)
        while not state.is_over:
            state = state.apply(random_step(state, rng))
        check_finished(state)
        assert replay_from_history(state) == state
        r = state.result
        assert r is not None
        if r.ramsch is not None:
            games["ramsch"] += 1
        elif r.soloist is None:
            if rules.ramsch == Ramsch.OFF:
                games["passed in"] += 1
            else:
                assert r.aborted is not None  # all passing is a Ramsch here
        elif r.conceded is not None:
            games["conceded"] += 1
        elif sum(state.tricks) == 10:
            games["played out"] += 1
        else:
            games["early end"] += 1
    assert all(n > 20 * deals // 2000 for n in games.values()), games


def test_same_seed_same_deal() -> None:
    """Deterministic: the same seed gives the same deal, actions and result."""
    a, b = play_checked(7, apply_all=False), play_checked(7, apply_all=False)
    assert a == b and a.history == b.history and a.result == b.result


def test_engine_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """`skat bench engine` plays its deals and prints figures (which no test checks)."""
    from skat_core.benchmarks.engine import bench_engine

    assert bench_engine(30, 1) == 0
    out = capsys.readouterr().out
    assert "engine: 30 deals in" in out and "deals/s" in out and "actions/s" in out

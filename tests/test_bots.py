"""Bots: only legal actions, deterministic, blind to cards they cannot see.

Bot-only deals run at reduced size and with tiny search budgets so the file
stays quick; the benchmark (``skat bench bots``) is where strength and speed
are measured.
"""

from __future__ import annotations

import random

import pytest

from skat_core.benchmarks.bots import run as bench_run
from skat_core.bots import LEVELS, Bot, Hint, RandomBot, make_bot
from skat_core.bots.knowledge import SKAT, read_knowledge
from skat_core.bots.pimc import SearchBudget
from skat_core.bots.players import LevelConfig, SkatBot
from skat_core.bots.sampling import WorldSampler
from skat_core.bots.simulate import SimBudget
from skat_core.cards import ALL_CARDS
from skat_core.deal import deal_from_seed, random_deal
from skat_core.game import GameState, Phase, Play, new_game

TINY = LevelConfig(
    skat_samples=3,
    budget=SearchBudget(exact_from=3, tiers_from=5, exact_samples=3, tier_samples=2,
                        rollout_samples=2, rollout_exact=3),
    sim=SimBudget(deals=3, nodes=400, probe_nodes=150, min_deals=1, candidates=3),
)


def tiny_bot(level: str, seed: int | str) -> Bot:
    return SkatBot(level, seed, TINY)


def play(bots: list[Bot], state: GameState, check: bool = True) -> GameState:
    """Play to the end, checking every chosen action is in the legal list."""
    while state.phase != Phase.FINISHED:
        seat = state.to_move
        view = state.view(seat)
        action = bots[seat].choose(view)
        if check:
            assert action in view.legal, (action, view.observation_string())
        state = state.apply(action)
    return state


def test_levels_and_make_bot() -> None:
    assert LEVELS == ("random", "easy", "normal", "strong")
    for level in LEVELS:
        assert make_bot(level, 1).level == level
    with pytest.raises(ValueError):
        make_bot("grandmaster")
    assert isinstance(make_bot("random"), RandomBot)


# Thousands of bot-only deals across the levels, in chunks that pytest-xdist
# spreads over the cores: 2,400 easy, 600 easy against random, 300 each for
# normal and strong (with tiny search budgets; the code paths are the same).
EASY_CHUNKS = 8
EASY_PER_CHUNK = 300


@pytest.mark.parametrize("chunk", range(EASY_CHUNKS))
def test_easy_bots_play_thousands_of_legal_deals(chunk: int) -> None:
    rng = random.Random(7 + chunk)
    played = 0
    for i in range(EASY_PER_CHUNK):
        bots: list[Bot] = [make_bot("easy", f"e{chunk}.{i}:{s}") for s in range(3)]
        end = play(bots, new_game(random_deal(rng)))
        assert end.result is not None
        played += end.result.soloist is not None
    assert played > EASY_PER_CHUNK // 2  # most deals are played, not passed in


def test_easy_against_random_and_mixed_levels_are_legal() -> None:
    for i in range(600):
        levels = ("random", "easy", "random") if i % 2 else ("easy", "random", "easy")
        bots: list[Bot] = [make_bot(levels[s], f"m{i}:{s}") for s in range(3)]
        play(bots, new_game(deal_from_seed("mixed", i)))


@pytest.mark.parametrize("chunk", range(3))
@pytest.mark.parametrize("level", ["normal", "strong"])
def test_monte_carlo_bots_play_legal_deals(level: str, chunk: int) -> None:
    for i in range(100 * chunk, 100 * chunk + 100):
        bots: list[Bot] = [tiny_bot(level, f"{level}{i}:{s}") for s in range(3)]
        play(bots, new_game(deal_from_seed("mc-legal", i)))


def test_hint_names_a_legal_action_with_a_reason() -> None:
    state = new_game(deal_from_seed("hint", 3))
    bots: list[Bot] = [tiny_bot("normal", s) for s in range(3)]
    while state.phase != Phase.FINISHED:
        view = state.view(state.to_move)
        h = bots[state.to_move].hint(view)
        assert isinstance(h, Hint)
        assert h.action in view.legal
        assert h.reason
        if state.phase == Phase.PLAYING and len(view.legal) > 1:
            assert set(h.scores) == set(view.legal)
        state = state.apply(h.action)


def test_same_view_same_seed_same_choice() -> None:
    state = new_game(deal_from_seed("same", 1))
    while state.phase != Phase.FINISHED:
        view = state.view(state.to_move)
        a = tiny_bot("normal", 5).choose(view)
        b = tiny_bot("normal", 5).choose(view)
        assert a == b
        state = state.apply(a)


def _swap_hidden(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same state with two cards this seat cannot see exchanged between
    the other two seats (or a seat and the skat while bidding), keeping every
    void that play has shown; None if no such pair exists."""
    others = [s for s in range(3) if s != seat]
    view = state.view(seat)
    kn = read_knowledge(view)
    places = list(others)
    if state.phase == Phase.BIDDING:
        places.append(SKAT)
    hands = [*state.hands, state.skat]
    pairs: list[tuple[int, int, int, int]] = []
    for i, p in enumerate(places):
        for q in places[i + 1 :]:
            for a in range(32):
                if not hands[p] >> a & 1 or kn.known[p] >> a & 1:
                    continue
                for b in range(32):
                    if not hands[q] >> b & 1 or kn.known[q] >> b & 1:
                        continue
                    ok_p = p == SKAT or not kn.voids[p] >> b & 1
                    ok_q = q == SKAT or not kn.voids[q] >> a & 1
                    if ok_p and ok_q:
                        pairs.append((p, q, a, b))
    if not pairs:
        return None
    p, q, a, b = rng.choice(pairs)
    hands[p] ^= 1 << a | 1 << b
    hands[q] ^= 1 << a | 1 << b
    return state._replace(hands=(hands[0], hands[1], hands[2]), skat=hands[3])


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_choice_ignores_cards_the_seat_cannot_see(level: str) -> None:
    rng = random.Random(11)
    checked = 0
    for i in range(3):
        bots: list[Bot] = [tiny_bot(level, f"blind{s}") for s in range(3)]
        state = new_game(deal_from_seed("blind", i))
        while state.phase != Phase.FINISHED:
            seat = state.to_move
            view = state.view(seat)
            action = bots[seat].choose(view)
            other = _swap_hidden(state, seat, rng)
            if other is not None and len(view.legal) > 1:
                other_view = other.view(seat)
                assert other_view == view
                assert bots[seat].choose(other_view) == action
                checked += 1
            state = state.apply(action)
    assert checked > 20


def test_sampled_worlds_respect_what_the_seat_saw() -> None:
    rng = random.Random(3)
    for i in range(8):
        bots: list[Bot] = [make_bot("easy", s) for s in range(3)]
        state = new_game(deal_from_seed("worlds", i))
        while state.phase != Phase.FINISHED:
            seat = state.to_move
            view = state.view(seat)
            if state.phase == Phase.PLAYING:
                kn = read_knowledge(view)
                sampler = WorldSampler(kn)
                for _ in range(5):
                    w = sampler.sample(rng)
                    assert w[seat] == view.hand
                    assert w[0] | w[1] | w[2] | w[3] | view.played_mask == ALL_CARDS
                    for s in range(3):
                        assert w[s].bit_count() == view.cards_left[s]
                        assert not w[s] & kn.voids[s]
                    # the real deal is one of the possible worlds
                    for s in range(3):
                        assert state.hands[s] & ~kn.voids[s] == state.hands[s]
            state = state.apply(bots[seat].choose(view))


def test_bench_bots_runs_and_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_run(2, "easy", "random", "test", workers=1) == 0
    out = capsys.readouterr().out
    assert "A - B" in out and "95% CI" in out and "soloist games" in out
    assert bench_run(1, "easy", "random", "test") == 2
    assert bench_run(3, "easy", "nobody", "test") == 2


def test_play_is_a_legal_card_of_the_hand() -> None:
    state = new_game(deal_from_seed("cards", 2))
    bots: list[Bot] = [make_bot("easy", s) for s in range(3)]
    while state.phase != Phase.FINISHED:
        view = state.view(state.to_move)
        a = bots[state.to_move].choose(view)
        if isinstance(a, Play):
            assert view.hand >> a.card & 1
        state = state.apply(a)


def test_bids_and_passes_are_read_from_the_public_history() -> None:
    from skat_core.game import Bid, Declare, Hold, Pass
    from skat_core.rules import GameType

    state = new_game(deal_from_seed("bids", 0))
    for a in (Bid(18), Hold(), Bid(20), Pass(), Pass(), Declare(GameType.GRAND, hand=True)):
        state = state.apply(a)
    kn = read_knowledge(state.view(0))
    assert kn.bids == (18, 20, 0)
    # Forehand would not hold 20; rearhand, to bid, would not say 22.
    assert kn.refused == (20, 0, 22)

"""The engine benchmark: random legal deals through the public API.

``skat bench engine`` calls :func:`bench_engine`.  It prints figures and asserts
nothing; the tests only check that it runs (timings never belong in tests).
The random player here is also what the property tests use to walk the engine
through many different deals.
"""

from __future__ import annotations

import random
import time

from ..deal import random_deal
from ..game import Action, Bid, GameState, Phase, Play, new_game


def choose_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action, skewed towards realistic bidding so that deals
    reach every phase: the seat to move passes half the time, otherwise says
    one of the next few values (uniform choices over the whole ladder would
    make almost every game overbid).  Other phases choose uniformly, except
    that the skat is picked up two times in three."""
    actions = state.legal_actions()
    phase = state.phase
    if phase == Phase.BIDDING:
        if rng.random() < 0.5:
            return actions[0]  # Pass is always listed first
        raises = [a for a in actions if isinstance(a, Bid)]
        if raises:
            return raises[min(len(raises) - 1, int(rng.expovariate(0.5)))]
        return actions[-1]  # Hold
    if phase == Phase.SKAT and rng.random() < 2 / 3:
        return actions[0]  # PickUpSkat is always listed first
    return actions[rng.randrange(len(actions))]


def play_random_deal(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to the end with :func:`choose_action`."""
    while state.phase != Phase.FINISHED:
        state = state.apply(choose_action(state, rng))
    return state


def bench_engine(deals: int, seed: int) -> int:
    """Play ``deals`` random legal deals and print deals/s and actions/s.

    Each deal is dealt with :func:`random_deal`, bid, the skat is picked up or
    a hand game declared, the cards are played and the deal is scored, all
    through :func:`new_game`, :meth:`GameState.legal_actions` and
    :meth:`GameState.apply`.  Returns 0 (the CLI's exit code).
    """
    rng = random.Random(seed)
    actions = 0
    played = 0
    passed_in = 0
    cards = 0
    start = time.perf_counter()
    for _ in range(deals):
        state = play_random_deal(new_game(random_deal(rng)), rng)
        actions += len(state.history)
        if state.result is not None and state.result.passed_in:
            passed_in += 1
        else:
            played += 1
            cards += sum(1 for _, a in state.history if isinstance(a, Play))
    elapsed = time.perf_counter() - start
    rate = deals / elapsed if elapsed > 0 else float("inf")
    print(f"engine: {deals} deals in {elapsed:.2f} s: {rate:,.0f} deals/s")
    print(
        f"  {actions} actions ({actions / elapsed:,.0f} actions/s), {cards} cards played, "
        f"{played} games played, {passed_in} passed in"
    )
    return 0


__all__ = ["bench_engine", "choose_action", "play_random_deal"]

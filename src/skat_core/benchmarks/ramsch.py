"""The Ramsch benchmark: how much the bots' Ramsch play saves over random play.

``skat bench ramsch --deals 2000 --seed ramsch`` deals ``deal_from_seed(seed,
i)`` as a Ramsch (the pub rules, skat to the last trick) twice: once with all
three seats playing random legal cards, once with the bot's rules of thumb
(:mod:`skat_core.bots.ramsch`, what every level plays) at forehand and random
players in the other seats.  Printed: forehand's mean card points taken and
mean score (the standard list: only losers score) in each run, with a 95%
interval of the paired difference.  Figures only; nothing here is asserted.
"""

from __future__ import annotations

import random
import statistics
import time

from ..bots import make_bot
from ..deal import deal_from_seed
from ..game import GameState, new_game
from ..ruleset import PUB
from .duplicate import enough_deals
from .figures import interval


def play_ramsch(seed: str, number: int, bot_seat: int | None) -> GameState:
    """Deal ``number`` as a Ramsch, a bot (``easy``: the Ramsch rules are the
    same at every level) at ``bot_seat``, random players elsewhere."""
    rng = random.Random(f"{seed}:{number}")
    bot = make_bot("easy", seed)
    state = new_game(deal_from_seed(seed, number), PUB, ramsch_round=True)
    while not state.is_over:
        seat = state.to_move
        if seat == bot_seat:
            state = state.apply(bot.choose(state.view(seat)))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def run(deals: int, seed: str) -> int:
    if not enough_deals(deals):
        return 2
    start = time.perf_counter()
    points: dict[str, list[int]] = {"random": [], "bot": []}
    scores: dict[str, list[int]] = {"random": [], "bot": []}
    for i in range(deals):
        for name, seat in (("random", None), ("bot", 0)):
            r = play_ramsch(seed, i, seat).result
            assert r is not None and r.ramsch is not None
            points[name].append(r.ramsch.points[0])
            scores[name].append(r.ramsch.scores[0])
    elapsed = time.perf_counter() - start
    diff = [b - a for a, b in zip(points["random"], points["bot"], strict=True)]
    _, half = interval(diff)
    print(f"ramsch: {deals} deals, forehand random vs the bots' Ramsch play "
          f"({elapsed:.1f} s)")
    for name in ("random", "bot"):
        lost = sum(1 for s in scores[name] if s < 0) / deals
        print(f"  {name:6} card points {statistics.mean(points[name]):5.1f}  "
              f"score {statistics.mean(scores[name]):+6.1f}  loses {lost:.0%}")
    print(f"  points saved per deal: {-statistics.mean(diff):.1f} ± {half:.1f} (95%)")
    return 0


__all__ = ["play_ramsch", "run"]

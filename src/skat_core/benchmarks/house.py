"""The house-rules bidding benchmark: do the bots gain by bidding for the
deal's rules?

``skat bench house --deals 600 --level easy --rules pub --seed house`` calls
:func:`run`.  Deal ``i`` is ``deal_from_seed(seed, i)`` under the rule set,
every fourth deal a Bock deal (×2); it is played three times, with the bot
that bids by the house rules (``house_bidding``: Kontra and Bock stakes, a
likely Ramsch weighed when passing; docs/bots.md) at forehand, middlehand and
rearhand in turn and the same level bidding as under the tournament rules in
the two other seats.  Card play, Kontra, pushes and Ramsch play are the same
for both.  Per deal, A's score is its mean Seeger-Fabian score over its three
seat-plays (a Ramsch scores as in the standard list) and B's the mean over
its six; the paired difference is printed with a 95% confidence interval
(normal approximation), for all deals and for the Bock deals, with how many
deals the two biddings played differently.

Figures only; nothing here is asserted.  Two worker processes.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace

from ..bots import LEVELS
from ..bots.players import LEVEL_CONFIGS, SkatBot
from ..deal import deal_from_seed
from ..game import new_game
from ..ruleset import RULE_SETS, rule_set
from .duplicate import enough_deals, play_all, side_scores
from .figures import interval

BOCK_EVERY = 4
"""Every fourth deal is a Bock deal (deal numbers 3, 7, 11, …)."""


@dataclass(frozen=True, slots=True)
class HousePlay:
    """One deal played once, the house-rules bidder at ``a_seat``."""

    deal: int
    a_seat: int
    sf: tuple[int, int, int]
    bock: int
    ramsch: bool
    actions: str
    """The deal's actions, to tell which deals the two biddings played apart."""


def bock_of(number: int) -> int:
    return 2 if number % BOCK_EVERY == BOCK_EVERY - 1 else 1


def play_deal(job: tuple[str, int, int, str, str]) -> HousePlay:
    seed, number, a_seat, level, rules_name = job
    rules = rule_set(rules_name)
    config = LEVEL_CONFIGS[level]
    bots = [SkatBot(level, f"{seed}:{number}:{s}",
                    replace(config, house_bidding=s == a_seat)) for s in range(3)]
    bock = bock_of(number)
    state = new_game(deal_from_seed(seed, number), rules, bock=bock)
    while not state.is_over:
        seat = state.to_move
        state = state.apply(bots[seat].choose(state.view(seat)))
    result = state.result
    assert result is not None
    sf, _ = result.seeger_fabian_by_seat(3)
    actions = ";".join(f"{s}:{a}" for s, a in state.history)
    return HousePlay(number, a_seat, sf, bock, result.ramsch is not None, actions)


def run(deals: int, level: str, rules_name: str, seed: str, workers: int = 2) -> int:
    if level not in LEVELS or level == "random":
        print(f"unknown level {level!r}; choose from easy, normal, strong", file=sys.stderr)
        return 2
    if rules_name not in RULE_SETS:
        print(f"unknown rule set {rules_name!r}; choose from {', '.join(RULE_SETS)}",
              file=sys.stderr)
        return 2
    if not enough_deals(deals):
        return 2
    plays, wall = play_all(play_deal, seed, deals, (level, rules_name), workers, every=300,
                           chunksize=4)
    report(plays, deals, level, rules_name, seed, wall)
    return 0


def report(plays: list[HousePlay], deals: int, level: str, rules_name: str, seed: str,
           wall: float) -> None:
    a, b = side_scores(plays, deals)
    seen: list[set[str]] = [set() for _ in range(deals)]
    ramsch = [0] * deals
    for p in plays:
        seen[p.deal].add(p.actions)
        ramsch[p.deal] += p.ramsch
    diffs = [a[d] - b[d] for d in range(deals)]
    mean, half = interval(diffs)
    apart = sum(1 for d in range(deals) if len(seen[d]) > 1)
    print(f"house-rules bidding: level {level}, rules {rules_name!r}, seed {seed!r}, "
          f"{deals} deals x 3 seatings ({sum(bock_of(d) > 1 for d in range(deals))} Bock "
          f"deals, {sum(1 for r in ramsch if r)} with a Ramsch in some seating), "
          f"{wall:.0f} s wall")
    print(f"  played apart by the two biddings: {apart} deals")
    print("Seeger-Fabian points per deal and seat-play, house-rules bidder A minus "
          "tournament bidder B:")
    print(f"  all deals:  {mean:+7.2f}  (95% CI {mean - half:+.2f} .. {mean + half:+.2f})")
    for name, bock in (("Bock deals", 2), ("plain deals", 1)):
        part = [diffs[d] for d in range(deals) if bock_of(d) == bock]
        if len(part) > 1:
            m, h = interval(part)
            print(f"  {name:11s} {m:+7.2f}  (95% CI {m - h:+.2f} .. {m + h:+.2f}, "
                  f"{len(part)} deals)")


__all__ = ["HousePlay", "play_deal", "report", "run"]

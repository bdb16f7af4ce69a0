"""A match played by bots, as several tests need one: no screen, no saving,
every deal to its end or a number of actions."""

from __future__ import annotations

from collections.abc import Sequence

from skat_core.bots import Bot
from skat_core.match import Match


def play_match(match: Match, bots: Sequence[Bot], actions: int | None = None) -> Match:
    """``match`` played on to its end (or for ``actions`` actions), each
    player's actions chosen by its bot (``bots`` by player, in the order of
    the match's players)."""
    done = 0
    while not match.is_over and (actions is None or done < actions):
        if match.deal_finished:
            match = match.next_deal()
        assert match.current is not None
        seat = match.current.to_move
        match = match.apply(bots[match.player_at(seat)].choose(match.current.view(seat)))
        done += 1
    return match

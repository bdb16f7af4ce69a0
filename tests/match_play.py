"""A whole match played by bots, as several tests need one: no screen, no
saving, every deal to its end."""

from __future__ import annotations

from collections.abc import Sequence

from skat_core.bots import Bot
from skat_core.match import Match


def play_match(match: Match, bots: Sequence[Bot]) -> Match:
    """``match`` played on to its end, each player's actions chosen by its
    bot (``bots`` by player, in the order of the match's players)."""
    while not match.is_over:
        if match.deal_finished:
            match = match.next_deal()
        assert match.current is not None
        seat = match.current.to_move
        match = match.apply(bots[match.player_at(seat)].choose(match.current.view(seat)))
    return match

"""Shared fixtures.  Keep this small: helpers that one test file needs live in
that file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable

# The tests read English whatever the language of whoever runs them: the
# environment says C, and the settings the command line reads when it is
# imported are none of the real user's (tests/tui/conftest.py gives each
# test its own directory as well).
os.environ["LC_ALL"] = "C.UTF-8"
os.environ.setdefault("SKAT_CONFIG_DIR", tempfile.mkdtemp(prefix="skat-test-config-"))

import pytest

from skat_core.cards import CARDS
from skat_core.deal import Deal
from skat_core.game import (
    Action,
    Bid,
    Declare,
    Discard,
    GameState,
    Hold,
    Pass,
    PickUpSkat,
    new_game,
    play_out,
)


def bidding_for(soloist: int, bid: int = 18) -> list[Action]:
    """A bidding that makes ``soloist`` (0 forehand, 1 middlehand, 2 rearhand)
    the soloist at ``bid``."""
    if soloist == 0:
        return [Bid(bid), Hold(), Pass(), Pass()]
    if soloist == 1:
        return [Bid(bid), Pass(), Pass()]
    if soloist == 2:
        return [Pass(), Bid(bid), Pass()]
    raise ValueError(f"no seat {soloist}")


StartPlay = Callable[..., GameState]


def _after_bidding(deal: Deal, soloist: int = 0, bid: int = 18) -> GameState:
    return play_out(new_game(deal), bidding_for(soloist, bid))


def _start_play(
    deal: Deal,
    declare: Declare,
    *,
    soloist: int = 0,
    bid: int = 18,
    discard: tuple[int, int] | None = None,
) -> GameState:
    """The state at the first lead: ``soloist`` wins the bidding at ``bid``,
    then declares a hand game, or picks up the skat, puts back ``discard``
    (by default the two cards just picked up) and declares."""
    state = _after_bidding(deal, soloist, bid)
    if declare.hand:
        return state.apply(declare)
    state = state.apply(PickUpSkat())
    if discard is None:
        low, high = sorted(c for c in range(32) if deal.skat >> c & 1)
        discard = (high, low)
    return play_out(state, [Discard((CARDS[discard[0]], CARDS[discard[1]])), declare])


@pytest.fixture
def start_play() -> StartPlay:
    """``start_play(deal, Declare(...), soloist=0, bid=18, discard=None)``:
    the state at the first lead of the trick phase."""
    return _start_play


@pytest.fixture
def after_bidding() -> StartPlay:
    """``after_bidding(deal, soloist=0, bid=18)``: the state in which
    ``soloist`` has won the bidding at ``bid`` (skat phase)."""
    return _after_bidding

"""Soft inference: how well a sampled deal explains what the others said.

* A soloist declares a game he expects to win, at a bid his game is worth:
  :func:`declaration_weight` is the evaluator's win chance for the declared
  game with the soloist's ten cards at the start of play and the skat's
  points, cut to a tenth when the game's value with those cards stays below
  the bid.
* A seat that bid or held a value thought some game worth that much:
  :func:`bidding_weight` is the best win chance among the games whose value
  (with the seat's own matadors) reaches it; a seat that never bid thought no
  game worth 18, so it gets the chance that its best game would be lost.

The weights multiply; :func:`accept` turns the product into a keep-or-redraw
decision, so a decision still averages over equally weighted deals.
"""

from __future__ import annotations

import random

from ..cards import Mask
from ..rules import GameType
from ..value import Contract, game_value, matadors
from .evaluate import chances, fast_points, win_chance

FLOOR = 0.02
"""No deal is ruled out entirely: a human may declare a hopeless game."""


def declaration_weight(contract: Contract, bid: int, soloist: int, start_cards: Mask,
                       skat: Mask) -> float:
    """Plausibility (0..1) of the declaration given the soloist's ten cards at
    the start of play and the skat as it lies."""
    game = contract.game
    forehand = soloist == 0
    if game == GameType.NULL:
        w = win_chance(game, start_cards, 0, forehand, contract.ouvert)
    else:
        w = chances(game, start_cards, fast_points(skat), forehand)[0]
        mats = matadors(game, start_cards | skat)
        value = game_value(game, mats, hand=contract.hand,
                           schneider=contract.schneider_announced,
                           schneider_announced=contract.schneider_announced,
                           schwarz=contract.schwarz_announced,
                           schwarz_announced=contract.schwarz_announced,
                           ouvert=contract.ouvert)
        if value < bid:
            w *= 0.1
    return max(FLOOR, w)


_NULL_BIDS = ((23, False, False), (35, True, False), (46, False, True), (59, True, True))


def bidding_weight(start_cards: Mask, forehand: bool, max_bid: int, refused: int) -> float:
    """Plausibility (0..1) of a seat's bidding given its ten starting cards:
    it bid or held ``max_bid`` (0: never) and passed at ``refused`` (0: never)."""
    best_lo = 0.0
    best_hi = 0.0
    for game in (0, 1, 2, 3, GameType.GRAND):
        mats = matadors(game, start_cards)
        reaches_lo = game_value(game, mats, hand=True) >= max_bid
        reaches_hi = refused and game_value(game, mats) >= refused
        if not (reaches_lo or reaches_hi):
            continue
        p = chances(game, start_cards, 10, forehand)[0]
        if reaches_lo and p > best_lo:
            best_lo = p
        if reaches_hi and p > best_hi:
            best_hi = p
    for value, _, ouvert in _NULL_BIDS:
        if value >= max_bid or (refused and value >= refused):
            p = win_chance(GameType.NULL, start_cards, 0, forehand, ouvert)
            if value >= max_bid:
                best_lo = max(best_lo, p)
            if refused and value >= refused:
                best_hi = max(best_hi, p)
            break
    w = max(FLOOR, best_lo) if max_bid else 1.0
    if refused:
        w *= max(0.1, 1.0 - best_hi)
    return w


def accept(weight: float, rng: random.Random) -> bool:
    return rng.random() < weight

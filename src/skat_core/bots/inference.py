"""Soft inference: how well a sampled deal explains what the soloist declared.

A soloist declares a game he expects to win, at a bid his game is worth.  A
defender's sampled deals are therefore weighted by how plausible the
declaration is with the soloist's cards in that deal: the evaluator's win
chance for the declared game (his ten cards at the start of play and the
skat's points), cut to a tenth when the game's value with those cards stays
below the bid.  :func:`accept` turns the weight into a keep-or-redraw
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


def accept(weight: float, rng: random.Random) -> bool:
    return rng.random() < weight

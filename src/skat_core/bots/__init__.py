"""Bots: computer players that see only their seat's view.

Every bot answers :meth:`Bot.choose` with one of ``view.legal`` (or, for
hints, :meth:`Bot.hint` with the action and a short reason).  Levels:
``random`` (a uniformly random legal player, the benchmarks' floor), ``easy``
(rules of thumb, instant), ``normal`` and ``strong`` (Perfect-Information
Monte Carlo card play with the double-dummy solver).  All but ``random`` bid
and declare from the same calibrated hand evaluator.  How they decide:
docs/bots.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from ..game import Action, Kontra
from ..views import SeatView

LEVELS = ("random", "easy", "normal", "strong")


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why: ``scores`` maps each considered action to
    its expected value for the seat (e.g. expected card points of each card).

    ``reason`` is the bot's own note (for logs and tests); what a player is
    told is built from the fields below, which a screen can put in its own
    words: ``win`` the chance (0..1) that the soloist wins, over the likely
    deals the bot looked at; ``worth`` the highest bid the hand is worth
    (bidding; 0: no game); ``sure`` the card takes this trick (or every
    trick) whatever the others hold."""

    action: Action
    reason: str
    scores: dict[Action, float] = field(default_factory=dict)
    win: float | None = None
    worth: int | None = None
    sure: bool = False


class Bot(Protocol):
    level: str

    def choose(self, view: SeatView) -> Action: ...

    def hint(self, view: SeatView) -> Hint: ...


class RandomBot:
    """Plays a uniformly random legal action (seeded: same view, same choice)."""

    level = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def _rng(self, view: SeatView) -> random.Random:
        return random.Random(f"{self.seed}:{view.seat}:{len(view.public_actions)}:{view.hand}")

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError("this seat has nothing to do now")
        # Kontra and its answers are never said at random (docs/bots.md).
        options: list[Action] = [a for a in view.legal if not isinstance(a, Kontra)]
        options = options or list(view.legal)
        return self._rng(view).choice(options)

    def hint(self, view: SeatView) -> Hint:
        return Hint(self.choose(view), "a random legal action")


def make_bot(level: str, seed: int | str = 0) -> Bot:
    """A bot of the given level (see :mod:`skat_core.bots.players`)."""
    if level == "random":
        return RandomBot(seed)
    if level in LEVELS:
        from .players import SkatBot

        return SkatBot(level, seed)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")

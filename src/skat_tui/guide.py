"""What a hand is worth: the numbers the bidding and declaration panels show.

Only the seat's own cards go in (and the skat once the soloist has seen it),
and the one calculator in :mod:`skat_core.value` does the arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

from skat_core.cards import JACKS, SUIT_CARDS, Mask
from skat_core.game import Declare
from skat_core.rules import GameType
from skat_core.value import game_value, matadors, null_value

from .i18n import _

SUIT_GAMES = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
ALL_GAMES = (*SUIT_GAMES, GameType.GRAND, GameType.NULL)


@dataclass(frozen=True, slots=True)
class Estimate:
    game: GameType
    value: int
    matadors: int
    trumps: int
    """Trumps held (jacks plus the trump suit; jacks only in grand)."""

    @property
    def with_text(self) -> str:
        """``with 2`` / ``without 1`` ('' for null)."""
        if self.game == GameType.NULL:
            return ""
        if self.matadors > 0:
            return _("with {n}").format(n=self.matadors)
        return _("without {n}").format(n=-self.matadors)

    @property
    def level(self) -> int:
        """The multiplier of the base value (0 for null)."""
        base = self.game.base_value
        return self.value // base if base else 0


def trumps_held(game: GameType, cards: Mask) -> int:
    if game == GameType.NULL:
        return 0
    trumps = JACKS | (SUIT_CARDS[game] if game.is_suit else 0)
    return (cards & trumps).bit_count()


def estimate(game: GameType, cards: Mask, declare: Declare | None = None) -> Estimate:
    """The value of ``game`` over ``cards`` (the hand, plus the skat if known),
    with the announcements of ``declare`` if given.  Schneider is not assumed
    unless announced: this is the value the soloist can count on."""
    d = declare or Declare(game)
    if game == GameType.NULL:
        return Estimate(game, null_value(d.hand, d.ouvert), 0, 0)
    mats = matadors(game, cards)
    value = game_value(
        game,
        mats,
        hand=d.hand,
        schneider_announced=d.schneider,
        schwarz_announced=d.schwarz,
        ouvert=d.ouvert,
    )
    return Estimate(game, value, mats, trumps_held(game, cards))


def best_suit(cards: Mask) -> GameType:
    """The suit game with the most trumps (the higher suit on a tie)."""
    return max(SUIT_GAMES, key=lambda g: (trumps_held(g, cards), int(g)))


def bidding_guide(cards: Mask) -> tuple[Estimate, Estimate, Estimate]:
    """(best suit game, grand, null) for a hand of ten cards without the skat."""
    return (
        estimate(best_suit(cards), cards),
        estimate(GameType.GRAND, cards),
        estimate(GameType.NULL, cards),
    )

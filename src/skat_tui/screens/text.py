"""Words for what happens at the table, built from a seat's view."""

from __future__ import annotations

from skat_core.bots.knowledge import read_tricks
from skat_core.cards import CARDS, Card
from skat_core.rules import GameType
from skat_core.value import Contract
from skat_core.views import SeatView

from ..deck import DeckStyle, game_name, suit_name, suit_symbol


def contract_text(contract: Contract, deck: DeckStyle, short: bool = False) -> str:
    """``♣ Clubs hand, schneider announced``, ``Grand ouvert hand``;
    short: ``♣ Clubs hand schneider``."""
    if contract.ramsch:
        return "Ramsch"
    main = [game_name(contract.game, deck)]
    if contract.ouvert:
        main.append("ouvert")
    if contract.hand:
        main.append("hand")
    announced = ""
    if contract.game != GameType.NULL and not contract.ouvert:
        if contract.schwarz_announced:
            announced = "schwarz"
        elif contract.schneider_announced:
            announced = "schneider"
    text = " ".join(main)
    if announced:
        text += f" {announced}" if short else f", {announced} announced"
    return text


def tricks_so_far(view: SeatView) -> list[tuple[int, tuple[int, ...], int]]:
    """(leader seat, cards, winner seat) of every finished trick, worked out
    from the cards everyone saw played."""
    if view.contract is None:
        return []
    tricks = read_tricks(int(view.contract.game), view.plays)
    return [(t.leader, t.cards, t.winner) for t in tricks if t.winner >= 0]


def led_text(view: SeatView, deck: DeckStyle) -> str:
    """What the first card of the trick asks for: 'trump' or a suit name."""
    if not view.trick or view.contract is None:
        return ""
    card: Card = CARDS[view.trick[0]]
    game = view.contract.game
    if game != GameType.NULL and (card.is_jack or card.suit == game.trump_suit):
        return "trump"
    if deck.is_german:
        return suit_name(card.suit, deck)
    return f"{suit_symbol(card.suit, deck)} {suit_name(card.suit, deck).lower()}"

"""Words for what happens at the table, built from a seat's view."""

from __future__ import annotations

from skat_core.bots.knowledge import read_tricks
from skat_core.cards import CARDS, Card
from skat_core.rules import GameType
from skat_core.value import Contract
from skat_core.views import SeatView

from ..deck import DeckStyle, game_name, suit_name, suit_symbol
from ..i18n import N_, _

CONTRACTS = {
    # (ouvert, hand, announced, short): the contract as a whole phrase
    (False, False, "", False): N_("{game}"),
    (True, False, "", False): N_("{game} ouvert"),
    (False, True, "", False): N_("{game} hand"),
    (True, True, "", False): N_("{game} ouvert hand"),
    (False, True, "schneider", False): N_("{game} hand, schneider announced"),
    (False, True, "schwarz", False): N_("{game} hand, schwarz announced"),
    (False, True, "schneider", True): N_("{game} hand schneider"),
    (False, True, "schwarz", True): N_("{game} hand schwarz"),
}


def contract_text(contract: Contract, deck: DeckStyle, short: bool = False) -> str:
    """``♣ Clubs hand, schneider announced``, ``Grand ouvert hand``;
    short: ``♣ Clubs hand schneider``."""
    if contract.ramsch:
        return _("Ramsch")
    announced = ""
    if contract.game != GameType.NULL and not contract.ouvert:
        if contract.schwarz_announced:
            announced = "schwarz"
        elif contract.schneider_announced:
            announced = "schneider"
    key = (contract.ouvert, contract.hand, announced, short and bool(announced))
    template = CONTRACTS.get(key) or CONTRACTS[(contract.ouvert, contract.hand, "", False)]
    return _(template).format(game=game_name(contract.game, deck))


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
        return _("trump")
    if deck == DeckStyle.GERMAN:
        return suit_name(card.suit, deck)
    return f"{suit_symbol(card.suit, deck)} {suit_name(card.suit, deck).lower()}"

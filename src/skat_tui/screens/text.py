"""Words for what happens at the table, built from a seat's view."""

from __future__ import annotations

from rich.text import Text

from skat_core.bots.knowledge import read_tricks
from skat_core.cards import CARDS, Card
from skat_core.game import (
    Bid,
    Claim,
    Declare,
    Discard,
    Hold,
    Kontra,
    Pass,
    PassSkat,
    PickUpSkat,
    Play,
    Push,
    Resign,
)
from skat_core.rules import GameType, trick_points
from skat_core.value import Contract
from skat_core.views import SeatView

from ..deck import DeckStyle, card_chip, game_name, suit_name, suit_symbol


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


def event_lines(view: SeatView, name_of_seat: tuple[str, str, str], deck: DeckStyle) -> list[Text]:
    """The table talk: bids, the declaration, and each finished trick."""
    lines: list[Text] = []
    for seat, action in view.public_actions:
        who = name_of_seat[seat]
        line = Text(f"{who}: ", style="bold")
        match action:
            case Bid(value=v):
                line.append(str(v))
            case Hold():
                line.append("yes")
            case Pass():
                line.append("pass", style="dim")
            case PickUpSkat():
                line.append("picked up the skat")
            case Discard(cards=cards):
                line.append("put back ")
                for i, c in enumerate(cards):
                    if i:
                        line.append(" ")
                    line.append_text(card_chip(CARDS[c], deck))
            case Declare():
                line.append(contract_text(action.contract, deck, short=True), style="bold")
            case Play():
                continue
            case Claim():
                line.append("shows the cards, claims the rest", style="bold")
            case Resign(seat=s) if s == view.soloist:
                line.append("gives up the game", style="bold")
            case Resign():
                line.append("gives up")
            case Kontra():
                line.append(action.name, style="bold red")
            case Push(cards=cards):
                line.append("pushed ")
                for i, c in enumerate(cards):
                    if i:
                        line.append(" ")
                    line.append_text(card_chip(CARDS[c], deck))
            case PassSkat():
                line.append("passed the skat on", style="dim")
            case _:
                line.append(type(action).__name__.lower())
        lines.append(line)
    for number, (_, trick, winner) in enumerate(tricks_so_far(view), 1):
        line = Text(f"Trick {number}: ")
        line.append(name_of_seat[winner], style="bold")
        line.append(f" +{trick_points(trick)}")
        lines.append(line)
    return lines


def led_text(view: SeatView, deck: DeckStyle) -> str:
    """What the first card of the trick asks for: 'trump' or a suit name."""
    if not view.trick or view.contract is None:
        return ""
    card: Card = CARDS[view.trick[0]]
    game = view.contract.game
    if game != GameType.NULL and (card.is_jack or card.suit == game.trump_suit):
        return "trump"
    if deck == DeckStyle.GERMAN:
        return suit_name(card.suit, deck)
    return f"{suit_symbol(card.suit, deck)} {suit_name(card.suit, deck).lower()}"

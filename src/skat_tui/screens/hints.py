"""The hint presenter: a bot's suggestion in a player's words.

A pure function of the hint and the seat's view, built from the hint's
fields (the action, the soloist's winning chance, what the hand is worth),
never from the bot's own note, so no internal codes or search names reach
the player. Cards are shown with their symbols; every sentence is whole,
ready for translation.
"""

from __future__ import annotations

from skat_core.bots import Hint
from skat_core.game import Bid, Declare, Discard, Hold, Kontra, Pass, Phase, PickUpSkat, Play
from skat_core.views import SeatView

from ..deck import DeckStyle, card_text
from ..i18n import _, ngettext
from .text import contract_text, kontra_name


def _in_ten(win: float) -> int:
    """A chance as 'about n in 10' (0..10)."""
    return max(0, min(10, round(win * 10)))


def _chance(win: float, soloist: bool) -> str:
    """Why, from the seat's side: how often its side wins over the likely
    deals the bot looked at."""
    n = _in_ten(win if soloist else 1 - win)
    if soloist:
        return ngettext("you win the game in about {n} of 10 likely deals",
                        "you win the game in about {n} of 10 likely deals", n).format(n=n)
    return ngettext("the soloist loses in about {n} of 10 likely deals",
                    "the soloist loses in about {n} of 10 likely deals", n).format(n=n)


def hint_sentence(hint: Hint, view: SeatView, deck: DeckStyle) -> str:
    """What to do and why, e.g. 'Lead ♠A: in about 7 of 10 likely deals the
    soloist then loses.'"""
    action = hint.action
    soloist = view.seat == view.soloist
    only = len(view.legal) == 1
    match action:
        case Play(card=card):
            name = card_text(card, deck)
            lead = not view.trick
            if only:
                return _("Play {card}: it is the only card you may play.").format(card=name)
            if hint.sure:
                return (_("Lead {card}: it takes the trick whatever the others hold.") if lead
                        else _("Play {card}: it takes the trick whatever the others hold.")
                        ).format(card=name)
            if hint.win is not None:
                why = _chance(hint.win, soloist)
                return (_("Lead {card}: then {why}.") if lead
                        else _("Play {card}: then {why}.")).format(card=name, why=why)
            return (_("Lead {card}.") if lead else _("Play {card}.")).format(card=name)
        case Bid(value=v):
            if hint.worth:
                return _("Bid {value}: your hand is worth a bid of up to {worth}.").format(
                    value=v, worth=hint.worth)
            return _("Bid {value}.").format(value=v)
        case Hold():
            if hint.worth:
                return _("Say yes: your hand is worth a bid of up to {worth}.").format(
                    worth=hint.worth)
            return _("Say yes.")
        case Kontra():
            if hint.win is not None:
                return _("Say {call}: {why}.").format(call=kontra_name(action.level),
                                                       why=_chance(hint.win, soloist))
            return _("Say {call}.").format(call=kontra_name(action.level))
        case Pass() if view.phase == Phase.KONTRA:
            offer = next((a for a in view.legal if isinstance(a, Kontra)), None)
            call = kontra_name(offer.level) if offer is not None else ""
            if hint.win is not None:
                return _("No {call}: {why}.").format(
                    call=call, why=_chance(hint.win, soloist))
            return _("No {call}.").format(call=call)
        case Pass():
            if hint.worth == 0:
                return _("Pass: your hand has no game worth playing.")
            if hint.worth:
                return _("Pass: your hand is worth a bid of only {worth}.").format(
                    worth=hint.worth)
            return _("Pass.")
        case PickUpSkat():
            return _("Pick up the skat: that promises more than any hand game.")
        case Discard(cards=cards):
            first, second = (card_text(c, deck) for c in cards)
            if hint.win is not None:
                n = _in_ten(hint.win)
                return ngettext(
                    "Put back {first} and {second}: then you win in about {n} of 10 likely deals.",
                    "Put back {first} and {second}: then you win in about {n} of 10 likely deals.",
                    n).format(first=first, second=second, n=n)
            return _("Put back {first} and {second}.").format(first=first, second=second)
        case Declare(contract=contract):
            game = contract_text(contract, deck)
            if hint.win is not None:
                n = _in_ten(hint.win)
                return ngettext("Play {game}: you win it in about {n} of 10 likely deals.",
                                "Play {game}: you win it in about {n} of 10 likely deals.",
                                n).format(game=game, n=n)
            if contract.hand and view.legal and any(isinstance(a, PickUpSkat)
                                                    for a in view.legal):
                return _("Play {game}: that promises more than picking up the skat.").format(
                    game=game)
            return _("Play {game}.").format(game=game)
        case _:
            return _("Do this now: {action}.").format(action=type(action).__name__)

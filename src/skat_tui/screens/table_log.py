"""The table's log: what happened this deal, in the order it happened.

A pure function of the seat's view (plus the refusals of claims and
give-ups, which are no engine actions), so it can be tested without a pilot.
Each line is one whole sentence, with a form for the viewer ("You play on")
and one for the others ("{name} plays on"), ready for translation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from string import Formatter

from rich.text import Text

from skat_core.cards import CARDS
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
from skat_core.views import SeatView

from ..deck import DeckStyle, card_chip
from ..i18n import _
from .text import contract_text, kontra_name, tricks_so_far


@dataclass(frozen=True, slots=True)
class PlayOn:
    """A defender refused a claim or a partner's giving up and played on
    when ``at`` cards of the deal had been played."""

    at: int
    seat: int


def fill(template: str, style: str = "", **parts: str | Text) -> Text:
    """``template`` with its named placeholders replaced by ``parts``; a part
    that is Rich Text keeps its own style; plain strings are data, never
    markup."""
    out = Text(style=style)
    for literal, field, _spec, _conv in Formatter().parse(template):
        if literal:
            out.append(literal)
        if field is not None:
            part = parts[field]
            if isinstance(part, Text):
                out.append_text(part)
            else:
                out.append(part)
    return out


def _cards(cards: Iterable[int], deck: DeckStyle) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_chip(CARDS[c], deck))
    return out


def _say(you: bool, mine: str, theirs: str, style: str = "", **parts: str | Text) -> Text:
    return fill(mine if you else theirs, style, **parts)


def log_lines(
    view: SeatView,
    name_of_seat: Sequence[str],
    deck: DeckStyle,
    play_ons: Sequence[PlayOn] = (),
) -> list[Text]:
    """Bids, the declaration, every finished trick, claims, give-ups and
    play-ons of this deal, oldest first."""
    tricks = tricks_so_far(view)
    null = view.contract is not None and view.contract.game == GameType.NULL
    notes: dict[int, list[PlayOn]] = {}
    for note in play_ons:
        notes.setdefault(note.at, []).append(note)
    lines: list[Text] = []
    plays = 0
    claimed = False
    gave_up = False
    declared = False
    level = 0

    def play_on(at: int) -> None:
        for note in notes.get(at, ()):
            you = note.seat == view.seat
            lines.append(_say(you, _("You play on."), _("{name} plays on."),
                              name=Text(name_of_seat[note.seat], style="bold")))

    for seat, action in view.public_actions:
        if isinstance(action, Play):
            play_on(plays)
        you = seat == view.seat
        name = Text(name_of_seat[seat], style="bold")
        match action:
            case Bid(value=v):
                lines.append(_say(you, _("You bid {value}."), _("{name} bids {value}."),
                                  name=name, value=str(v)))
            case Hold():
                lines.append(_say(you, _("You say yes."), _("{name} says yes."), name=name))
            case Pass() if declared:
                # Kontra before the first card (house rule): a pass lets the game stand.
                call = Text(kontra_name(level + 1), style="bold")
                lines.append(_say(you, _("You say no {call}."), _("{name} says no {call}."),
                                  "dim", name=name, call=call))
            case Pass():
                lines.append(_say(you, _("You pass."), _("{name} passes."), "dim", name=name))
            case PickUpSkat():
                lines.append(_say(you, _("You pick up the skat."),
                                  _("{name} picks up the skat."), name=name))
            case Discard(cards=cards):
                lines.append(_say(you, _("You put back {cards}."), _("{name} puts back {cards}."),
                                  name=name, cards=_cards(cards, deck)))
            case Declare():
                game = Text(contract_text(action.contract, deck, short=True), style="bold")
                lines.append(_say(you, _("You play {game}."), _("{name} plays {game}."),
                                  name=name, game=game))
            case Play():
                plays += 1
                if plays % 3 == 0 and plays // 3 <= len(tricks):
                    lines.append(_trick_line(plays // 3, tricks[plays // 3 - 1], view,
                                             name_of_seat, null))
            case Claim():
                claimed = True
                lines.append(_say(you, _("You show your cards and claim the rest."),
                                  _("{name} shows the cards and claims the rest."),
                                  name=name))
            case Resign(seat=s) if s == view.soloist:
                lines.append(_say(you, _("You give up the game."), _("{name} gives up the game."),
                                  name=name))
            case Resign() if claimed:
                lines.append(_say(you, _("You accept the claim."), _("{name} accepts the claim."),
                                  name=name))
            case Resign() if gave_up:
                lines.append(_say(you, _("You agree to give up."), _("{name} agrees to give up."),
                                  name=name))
            case Resign():
                gave_up = True
                lines.append(_say(you, _("You give up."), _("{name} gives up."), name=name))
            case Kontra():
                level = action.level
                call = Text(kontra_name(level), style="bold red")
                lines.append(_say(you, _("You say {call}."), _("{name} says {call}."),
                                  name=name, call=call))
            case Push(cards=cards):
                lines.append(_say(you, _("You push {cards} on."), _("{name} pushes {cards} on."),
                                  name=name, cards=_cards(cards, deck)))
            case PassSkat():
                lines.append(_say(you, _("You pass the skat on."),
                                  _("{name} passes the skat on."), "dim", name=name))
            case _:
                continue
        if isinstance(action, Declare):
            declared = True
        if isinstance(action, Play | Declare):
            gave_up = False  # a give-up refused by the partner is over once play goes on
    play_on(plays)
    return lines


def _trick_line(
    number: int,
    trick: tuple[int, tuple[int, ...], int],
    view: SeatView,
    name_of_seat: Sequence[str],
    null: bool,
) -> Text:
    _leader, cards, winner = trick
    name = Text(name_of_seat[winner], style="bold")
    if null:  # card points do not count in null
        if winner == view.seat:
            return fill(_("Trick {number}: you"), number=str(number))
        return fill(_("Trick {number}: {name}"), number=str(number), name=name)
    # "+{points}": the card points the trick brings (short, to fit the log)
    points = trick_points(cards)
    if winner == view.seat:
        return fill(_("Trick {number}: you +{points}"), number=str(number), points=str(points))
    return fill(_("Trick {number}: {name} +{points}"), number=str(number), name=name,
                points=str(points))

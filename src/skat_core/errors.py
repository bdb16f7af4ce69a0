"""Typed errors.  Every one is a :class:`ValueError`, so callers that only want
"bad input" can catch that; callers that want to tell the user which rule was
broken read :attr:`IllegalActionError.rule`.

The engine speaks English and never imports the UI, so an error carries what a
UI needs to say it in another language: an illegal action its :class:`Rule`
(a stable code), a record error its line, its field and its message as a
*template* with named *params* (``"not a card: {card}"``, ``card="X9"``). The
templates are literal strings, so the UI's catalogue extracts them (the app
translates ``template`` and fills in ``params``; an unknown template is shown
in English, ``reason``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias


class Rule(StrEnum):
    """The rules an action can break, named as the ISkO and RULES.md name them."""

    TURN = "turn order: it is not this seat's turn"
    SEAT = "seats: a deal has seats 0 (forehand), 1 (middlehand) and 2 (rearhand)"
    PHASE = "this action does not belong to the current phase of the deal"
    BID_LADDER = "bidding: a bid must be a game value from the bid ladder"
    FOREHAND_CALL = "bidding: after two passes forehand plays at 18 or passes"
    BID_RAISE = "bidding: the later seat must raise above the last bid"
    HOLD = "bidding: only the seat being bid to may hold"
    DISCARD = "skat: the soloist puts back exactly two of his twelve cards"
    HAND_AFTER_PICKUP = "declaration: a hand game means the skat was not picked up"
    PICKUP_BEFORE_DECLARE = "declaration: after picking up, two cards must be put back first"
    ANNOUNCE_NEEDS_HAND = "declaration: schneider, schwarz and ouvert (suit/grand) need a hand game"
    NULL_ANNOUNCE = "declaration: null games have no schneider or schwarz announcements"
    NULL_BELOW_BID = (
        "declaration (ours): a null game whose value is below the bid may not be declared"
    )
    FOLLOW_SUIT = "play: follow suit if you can (jacks are trumps in suit and grand games)"
    NOT_IN_HAND = "play: the card is not in this seat's hand"
    CLAIM = "claims: only the soloist may show his cards and claim the rest"
    RESIGN = "concessions: the game is already decided or the seat has already given up"
    GAME_OVER = "the deal is over"
    MALFORMED = (
        "actions: an action is one of the engine's actions, each field of its type (a seat "
        "0, 1 or 2, a card, a bid as a whole number, a game, announcements true or false)"
    )
    KONTRA = (
        "Kontra (house rules): a defender before his own first card (or, as chosen, "
        "before the first card at all), each answer by the other side before its next "
        "card; not against ouvert, not in Ramsch"
    )
    PUSH = "Schieberamsch: take the skat and push two cards on, or pass it on unseen"
    PUSH_JACKS = "Schieberamsch (house rules): jacks may not be pushed"


class SkatError(ValueError):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(SkatError):
    """An action that the rules do not allow in this state."""

    def __init__(self, message: str, rule: Rule) -> None:
        super().__init__(f"{message} ({rule.value})")
        self.message = message
        self.rule = rule


@dataclass(frozen=True, slots=True)
class Message:
    """A template with its params, filled into another template (the reason
    an action of a record is refused, inside the sentence naming the action)."""

    template: str
    params: Mapping[str, Param]

    def __str__(self) -> str:
        return self.template.format(**self.params)


Param: TypeAlias = "str | int | Rule | Message"
"""A value filled into an error's template: text, a number, a rule (which
a UI says in its own words) or a message of its own."""


class RecordError(SkatError):
    """A game record that cannot be read; names the line and the field.

    ``message`` is the reason, or with ``params`` a template of it
    (``"not a card: {card}"``); ``reason`` is the filled-in English text,
    ``template`` and ``params`` what a translation needs."""

    def __init__(self, message: str, line: int | None = None, field: str | None = None,
                 params: Mapping[str, Param] | None = None) -> None:
        self.template = message
        self.params: dict[str, Param] = dict(params) if params else {}
        self.reason = message.format(**self.params) if params else message
        where = []
        if line is not None:
            where.append(f"line {line}")
        if field is not None:
            where.append(f"field {field}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {self.reason}" if prefix else self.reason)
        self.line = line
        self.field = field

"""The player's words for the errors of the engine, the records and the table
server: skat_core and skat_net speak English and never import the UI, so
their errors carry a stable code (an illegal action's :class:`Rule`, a
protocol error's ``code`` and ``rule``) or a template with named params (a
record's reason, see :mod:`skat_core.errors`); this module says them in the
current language, and in English what it does not know (a server of another
version, a template without a translation)."""

from __future__ import annotations

from collections.abc import Mapping

from skat_core.errors import IllegalActionError, Message, Param, RecordError, Rule
from skat_core.records.files import FileRefused

from .i18n import N_, _

RULE_TEXTS: dict[Rule, str] = {
    Rule.TURN: N_("turn order: it is not this seat's turn"),
    Rule.SEAT: N_('seats: a deal has seats 0 (forehand), 1 (middlehand) and 2 (rearhand)'),
    Rule.PHASE: N_('this action does not belong to the current phase of the deal'),
    Rule.BID_LADDER: N_('bidding: a bid must be a game value from the bid ladder'),
    Rule.FOREHAND_CALL: N_('bidding: after two passes forehand plays at 18 or passes'),
    Rule.BID_RAISE: N_('bidding: the later seat must raise above the last bid'),
    Rule.HOLD: N_('bidding: only the seat being bid to may hold'),
    Rule.DISCARD: N_('skat: the soloist puts back exactly two of his twelve cards'),
    Rule.HAND_AFTER_PICKUP: N_('declaration: a hand game means the skat was not picked up'),
    Rule.PICKUP_BEFORE_DECLARE: N_(
        "declaration: after picking up, two cards must be put back first"),
    Rule.ANNOUNCE_NEEDS_HAND: N_(
        "declaration: schneider, schwarz and ouvert (suit/grand) need a hand game"),
    Rule.NULL_ANNOUNCE: N_('declaration: null games have no schneider or schwarz announcements'),
    Rule.NULL_BELOW_BID: N_(
        "declaration (ours): a null game whose value is below the bid may not be "
        "declared"),
    Rule.FOLLOW_SUIT: N_('play: follow suit if you can (jacks are trumps in suit and grand games)'),
    Rule.NOT_IN_HAND: N_("play: the card is not in this seat's hand"),
    Rule.CLAIM: N_('claims: only the soloist may show his cards and claim the rest'),
    Rule.RESIGN: N_('concessions: the game is already decided or the seat has already given up'),
    Rule.GAME_OVER: N_('the deal is over'),
    Rule.MALFORMED: N_(
        "actions: an action is one of the engine's actions, each field of its type (a "
        "seat 0, 1 or 2, a card, a bid as a whole number, a game, announcements true or"
        " false)"),
    Rule.KONTRA: N_(
        "Kontra (house rules): a defender before his own first card (or, as chosen, "
        "before the first card at all), each answer by the other side before its next "
        "card; not against ouvert, not in Ramsch"),
    Rule.PUSH: N_('Schieberamsch: take the skat and push two cards on, or pass it on unseen'),
    Rule.PUSH_JACKS: N_('Schieberamsch (house rules): jacks may not be pushed'),
}
"""Every rule in the engine's English (``Rule.value``), marked for the
catalogue; shown translated by :func:`rule_text`."""

SERVER_CODES: dict[str, str] = {
    "malformed": N_("The server could not read a message of this skat."),
    "unknown-type": N_("The server does not know a message of this skat."),
    "field": N_("The server refused a field of a message."),
    "version": N_("The server speaks another version of the protocol: update skat on "
                  "both sides."),
    "not-seated": N_("You have no seat at this table yet."),
    "code": N_("No table has this invitation code."),
    "token": N_("This seat or table is not on the server (any more)."),
    "full": N_("Every seat at this table is taken."),
    "name-taken": N_("Someone of that name already sits at this table: choose another "
                     "name."),
    "name": N_("The server refused this name."),
    "illegal": N_("The rules do not allow this now."),
    "not-asked": N_("Nobody asks you anything now."),
    "asked": N_("The question asked must be answered first."),
    "not-now": N_("That is not possible now."),
    "not-started": N_("The match starts when every seat is taken."),
    "over": N_("The match is over."),
    "bot-playing": N_("A bot plays this seat while you are away."),
    "rate": N_("Too many messages: slow down."),
    "limit": N_("The server is at its limit (tables or connections)."),
    "internal": N_("The server could not handle this message."),
}
"""A sentence for each error code of docs/protocol.md, for a server message
without a translation of its own."""


def rule_text(rule: Rule) -> str:
    """The rule, as the current language says it."""
    return _(RULE_TEXTS.get(rule, rule.value))


def illegal_text(error: IllegalActionError) -> str:
    """An action the rules refuse, as a player reads it (the rule it breaks)."""
    return _("Not allowed: {rule}").format(rule=rule_text(error.rule))


def _param(value: Param) -> str | int:
    if isinstance(value, Rule):
        return rule_text(value)
    if isinstance(value, Message):
        return fill(value.template, value.params)
    return value


def fill(template: str, params: Mapping[str, Param]) -> str:
    """``template`` (an English message of the engine) translated and filled
    with ``params``; English when the translation does not fit them."""
    shown = {key: _param(value) for key, value in params.items()}
    translated = _(template)
    if not params:
        return translated
    try:
        return translated.format(**shown)
    except (KeyError, IndexError, ValueError):
        return template.format(**shown)


def record_reason(error: RecordError) -> str:
    """Why a record cannot be read, without its line and field."""
    return fill(error.template, error.params)


def record_text(error: RecordError) -> str:
    """A record's error as a player reads it: line, field and reason."""
    reason = record_reason(error)
    if error.line is not None and error.field is not None:
        return _("line {line}, field {field}: {reason}").format(
            line=error.line, field=error.field, reason=reason)
    if error.line is not None:
        return _("line {line}: {reason}").format(line=error.line, reason=reason)
    if error.field is not None:
        return _("field {field}: {reason}").format(field=error.field, reason=reason)
    return reason


def file_reason(error: FileRefused) -> str:
    """Why a file is refused (not a regular file, too large, not UTF-8)."""
    return fill(error.template, error.params)


def file_text(error: FileRefused) -> str:
    """A refused file as a player reads it: the file and why."""
    return _("{path}: {reason}").format(path=error.shown_path, reason=file_reason(error))


def server_text(code: str, message: str, rule: str | None = None) -> str:
    """A server's refusal in the current language: the rule an illegal action
    breaks, else the server's sentence if the catalogue has it, else the
    code's sentence, else the server's English."""
    if rule is not None and rule in Rule.__members__:
        return _("Not allowed: {rule}").format(rule=rule_text(Rule[rule]))
    translated = _(message)
    if translated != message or code not in SERVER_CODES:
        return translated
    return _(SERVER_CODES[code])


def error_text(error: BaseException) -> str:
    """Any error of the engine or a record as a player reads it (an error of
    another kind: its own text)."""
    if isinstance(error, IllegalActionError):
        return illegal_text(error)
    if isinstance(error, RecordError):
        return record_text(error)
    if isinstance(error, FileRefused):
        return file_text(error)
    return str(error)


__all__ = ["RULE_TEXTS", "SERVER_CODES", "error_text", "file_reason", "file_text", "fill",
           "illegal_text", "record_reason", "record_text", "rule_text", "server_text"]

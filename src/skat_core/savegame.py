"""A match in progress as a versioned JSON document, and back.

The document (``docs/saving.md`` has the full description)::

    {"format": "skat-match", "version": 1,
     "saved": "2026-11-29T20:15:02Z",
     "config": {"players": [...], "deals": 9, "scoring": "sf", "seed": "...",
                "first_dealer": 0},
     "seats": {...},      # who plays each player: kept as the app gave it
     "meta": {...},       # match id, kind of seed, ...: kept as given
     "finished": [<skat-record>, ...],   # the finished deals, in order
     "current": <skat-record> | null}    # the deal being played (result null)

Finished deals and the deal in progress are game records
(:mod:`skat_core.records`), so a save holds nothing the record format does not
already describe.  Loading replays every action through the engine: a save
that was edited into something the rules forbid is refused, naming the field
(``finished[2].actions[17]``), its line and the rule.  A save written by a
newer program is refused, never misread.

>>> from skat_core.match import Match
>>> m = Match.start(("Ann", "Ben", "Cem"), seed="doc")
>>> m = m.apply(m.current.legal_actions()[0])
>>> text = dumps_match(m, seats={"Ann": "human"})
>>> loaded = loads_match(text)
>>> loaded.match == m, loaded.seats
(True, {'Ann': 'human'})
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeGuard

from .errors import Message, Param, RecordError
from .game import GameState
from .match import DealOutcome, Match, MatchConfig, Scoring, seats_for
from .records.jsonrec import dumps, locate_line, record_from_state, state_from_record
from .records.jsontext import parse_json
from .ruleset import TOURNAMENT, RuleSet

FORMAT = "skat-match"
VERSION = 1
"""The newest save version this module reads, and the one it writes."""

JsonObject = dict[str, Any]
_TOP_KEYS = ("format", "version", "saved", "config", "seats", "meta", "finished", "current")
_CONFIG_KEYS = ("players", "deals", "scoring", "seed", "first_dealer", "rules")


class NewerVersionError(RecordError):
    """A save written by a newer skat than this one."""


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match read back from a save, with what the app stored beside it."""

    match: Match
    seats: dict[str, Any] = field(default_factory=dict)
    """Who plays each player (human name or bot level), as the app saved it."""
    meta: dict[str, Any] = field(default_factory=dict)
    saved: str | None = None
    """When the save was written (ISO 8601, UTC), if it says."""


# --- writing -------------------------------------------------------------------


def seat_names(match: Match, number: int) -> tuple[str, str, str]:
    """The players' names at forehand, middlehand, rearhand in deal ``number``."""
    names = match.config.players
    dealer = (match.config.first_dealer + number) % len(names)
    f, m, r = seats_for(len(names), dealer)
    return names[f], names[m], names[r]


def deal_meta(match: Match, number: int) -> JsonObject:
    """The ``meta`` of the record of deal ``number`` of a match."""
    names = match.config.players
    return {
        "deal": number,
        "dealer": names[(match.config.first_dealer + number) % len(names)],
        "seed": match.config.seed,
    }


def outcome_record(match: Match, outcome: DealOutcome, extra: Mapping[str, Any] | None = None
                   ) -> JsonObject:
    """The game record of a finished deal of ``match`` (``extra`` joins its meta)."""
    meta = deal_meta(match, outcome.number)
    if extra:
        meta.update(extra)
    return record_from_state(outcome.state, seat_names(match, outcome.number), meta)


def config_to_dict(config: MatchConfig) -> JsonObject:
    return {
        "players": list(config.players),
        "deals": config.deals,
        "scoring": config.scoring.value,
        "seed": config.seed,
        "first_dealer": config.first_dealer,
        # House rules only: a tournament save is written as before, and a
        # save without rules (every older one) loads as tournament.
        **({} if config.rules.is_tournament else {"rules": config.rules.to_dict()}),
    }


class RecordCache:
    """The records of a match's finished deals, and their text, made once:
    a program that saves after every action passes the same cache each time
    instead of encoding every finished deal again.  Entries are matched to
    the outcomes by identity, so an app that goes back gets fresh ones."""

    def __init__(self) -> None:
        self._items: list[tuple[DealOutcome, JsonObject, str]] = []

    def entries(self, match: Match) -> list[tuple[JsonObject, str]]:
        items = self._items
        keep = 0
        while (keep < len(items) and keep < len(match.outcomes)
               and items[keep][0] is match.outcomes[keep]):
            keep += 1
        del items[keep:]
        for outcome in match.outcomes[keep:]:
            record = outcome_record(match, outcome)
            items.append((outcome, record, dumps(record)))
        return [(record, text) for _, record, text in items]


def _head(match: Match, seats: Mapping[str, Any] | None, meta: Mapping[str, Any] | None,
          saved: datetime | None) -> JsonObject:
    when = (saved or datetime.now(UTC)).astimezone(UTC)
    return {
        "format": FORMAT,
        "version": VERSION,
        "saved": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "config": config_to_dict(match.config),
        "seats": _json_copy(seats or {}, "seats"),
        "meta": _json_copy(meta or {}, "meta"),
    }


def _current_record(match: Match) -> JsonObject | None:
    state = match.current
    if state is None or state.is_over:
        return None
    number = len(match.outcomes)
    return record_from_state(state, seat_names(match, number), deal_meta(match, number))


def match_to_dict(
    match: Match,
    seats: Mapping[str, Any] | None = None,
    meta: Mapping[str, Any] | None = None,
    *,
    saved: datetime | None = None,
    cache: RecordCache | None = None,
) -> JsonObject:
    """The save document of ``match``.  ``seats`` and ``meta`` must be JSON data."""
    doc = _head(match, seats, meta, saved)
    doc["finished"] = [record for record, _ in (cache or RecordCache()).entries(match)]
    doc["current"] = _current_record(match)
    return doc


def _json_copy(value: Mapping[str, Any], name: str) -> JsonObject:
    try:
        out = json.loads(json.dumps(dict(value)))
    except (TypeError, ValueError) as e:
        raise ValueError(f"{name}: not JSON data ({e})") from None
    assert isinstance(out, dict)
    return out


def _indented(text: str, spaces: int) -> str:
    return text.replace("\n", "\n" + " " * spaces)


def dumps_match(
    match: Match,
    seats: Mapping[str, Any] | None = None,
    meta: Mapping[str, Any] | None = None,
    *,
    saved: datetime | None = None,
    cache: RecordCache | None = None,
) -> str:
    """The save file's text: readable JSON (one action per line) ending in a
    newline; the document :func:`match_to_dict` gives."""
    head = dumps(_head(match, seats, meta, saved))
    assert head.endswith("\n}")
    texts = [text for _, text in (cache or RecordCache()).entries(match)]
    if texts:
        finished = "[\n" + ",\n".join("    " + _indented(t, 4) for t in texts) + "\n  ]"
    else:
        finished = "[]"
    current = _current_record(match)
    current_text = "null" if current is None else _indented(dumps(current), 2)
    return (f'{head[:-2]},\n  "finished": {finished},\n  "current": {current_text}\n}}\n')


# --- reading -------------------------------------------------------------------


LineOf = Callable[[str], "int | None"]


def _desc(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 40 else type(v).__name__


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _parse_config(value: Any, fail: Callable[..., RecordError]) -> MatchConfig:
    if not isinstance(value, dict):
        raise fail("config", "the config is an object with players, deals, scoring, seed, "
                   "first_dealer")
    for key in value:
        if key not in _CONFIG_KEYS:
            raise fail(f"config.{key}", "unknown field {key} (known: {known})", key=repr(key),
                       known=", ".join(_CONFIG_KEYS))
    players = value.get("players")
    if not isinstance(players, list) or len(players) not in (3, 4):
        raise fail("config.players", "a list of 3 or 4 player names")
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise fail(f"config.players[{i}]", "a name is a string, not {found}",
                       found=_desc(name))
    deals = value.get("deals")
    if not _is_int(deals):
        raise fail("config.deals", "the number of deals is a whole number, not {found}",
                   found=_desc(deals))
    try:
        scoring = Scoring(str(value.get("scoring")))
    except ValueError:
        known = ", ".join(repr(s.value) for s in Scoring)
        raise fail("config.scoring", "scoring is one of {known}, not {found}", known=known,
                   found=_desc(value.get("scoring"))) from None
    seed = value.get("seed")
    if not isinstance(seed, str):
        raise fail("config.seed", "the seed is a string, not {found}", found=_desc(seed))
    if any("\ud800" <= ch <= "\udfff" for ch in seed):
        raise fail("config.seed", "the seed holds a lone surrogate (no deal can be made of it)")
    first = value.get("first_dealer")
    if not _is_int(first):
        raise fail("config.first_dealer", "a player number, not {found}", found=_desc(first))
    rules = TOURNAMENT
    if "rules" in value:
        try:
            rules = RuleSet.from_dict(value["rules"])
        except ValueError as e:
            raise fail("config.rules", str(e)) from None
    try:
        return MatchConfig(tuple(players), deals, scoring, seed, first, rules)
    except ValueError as e:
        raise fail("config", str(e)) from None


def _json_bool(value: bool) -> str:
    """A flag as the save writes it (a field's value, not a word to translate)."""
    return "true" if value else "false"


def _rebased(e: RecordError, path: str, fail: Callable[..., RecordError]) -> RecordError:
    """A record's error re-addressed to where the record sits in the save."""
    return fail(f"{path}.{e.field}" if e.field else path, e.template, **e.params)


def _read_deal(
    record: Any, path: str, match: Match, number: int,
    fail: Callable[..., RecordError],
) -> GameState:
    try:
        state = state_from_record(record)
    except RecordError as e:
        raise _rebased(e, path, fail) from None
    expected = list(seat_names(match, number))
    if record.get("players") != expected:
        raise fail(f"{path}.players", "deal {number} is played by {expected} (forehand "
                   "first, from the config), not {found}", number=number,
                   expected=", ".join(expected), found=_desc(record.get("players")))
    if state.rules != match.rules:
        raise fail(f"{path}.rules", "deal {number} is played under the match's rules "
                   "({expected}), not {found}", number=number, expected=match.rules.name,
                   found=state.rules.name)
    mark = match.next_mark
    if (state.bock, state.ramsch_round) != (mark.bock, mark.ramsch):
        raise fail(f"{path}.bock", "deal {number} has bock {expected} and ramsch_round "
                   "{expected_ramsch} from the match's Bock rounds, not bock {found} and "
                   "ramsch_round {found_ramsch}", number=number, expected=mark.bock,
                   expected_ramsch=_json_bool(mark.ramsch), found=state.bock,
                   found_ramsch=_json_bool(state.ramsch_round))
    return state


def match_from_dict(doc: Any, *, line_of: LineOf | None = None) -> SavedMatch:
    """Rebuild a match by replaying every saved action through the engine.

    Raises :class:`RecordError` naming the field (and, with ``line_of``, the
    line); :class:`NewerVersionError` for a save from a newer program."""

    def fail(path: str, message: str, kind: type[RecordError] = RecordError, /,
             **params: Param) -> RecordError:
        return kind(message, line_of(path) if line_of else None, path or None, params)

    if not isinstance(doc, dict):
        raise fail("", "a saved match is a JSON object, not {kind}", kind=type(doc).__name__)
    if doc.get("format") != FORMAT:
        raise fail("format", "not a saved skat match: format is {found}, not {expected}",
                   found=_desc(doc.get("format")), expected=repr(FORMAT))
    version = doc.get("version")
    if not _is_int(version) or version < 1:
        raise fail("version", "the version is a whole number from 1, not {found}",
                   found=_desc(version))
    if version > VERSION:
        raise fail("version", "saved by a newer skat (format version {version}); this skat "
                   "reads up to {newest}", NewerVersionError, version=version, newest=VERSION)
    for key in doc:
        if key not in _TOP_KEYS:
            raise fail(key, "unknown field {key} (known: {known})", key=repr(key),
                       known=", ".join(_TOP_KEYS))
    saved = doc.get("saved")
    if saved is not None and not isinstance(saved, str):
        raise fail("saved", "a date and time as text, not {found}", found=_desc(saved))
    config = _parse_config(doc.get("config"), fail)
    seats = doc.get("seats", {})
    if not isinstance(seats, dict):
        raise fail("seats", "seats is a JSON object")
    meta = doc.get("meta", {})
    if not isinstance(meta, dict):
        raise fail("meta", "meta is a JSON object")
    finished = doc.get("finished")
    if not isinstance(finished, list):
        raise fail("finished", "the finished deals are a list of game records")
    if len(finished) > config.deals:
        raise fail("finished", "{count} finished deals in a match of {deals}",
                   count=len(finished), deals=config.deals)

    match = Match(config)
    for number, record in enumerate(finished):
        path = f"finished[{number}]"
        state = _read_deal(record, path, match, number, fail)
        if not state.is_over:
            raise fail(f"{path}.actions", "deal {number} is listed as finished, but its "
                       "actions end before the deal is over", number=number)
        match = match.next_deal(state.deal)
        for _, action in state.history:
            match = match.apply(action)

    current = doc.get("current")
    if current is not None:
        number = len(finished)
        if number >= config.deals:
            raise fail("current", "all {deals} deals are finished; there is no deal "
                       "in progress", deals=config.deals)
        state = _read_deal(current, "current", match, number, fail)
        if state.is_over:
            raise fail("current.actions", "the deal in progress is already over: a finished "
                       "deal belongs in 'finished'")
        match = match.next_deal(state.deal)
        for _, action in state.history:
            match = match.apply(action)
    elif not finished:
        match = match.next_deal()
    return SavedMatch(match, seats, meta, saved)


def loads_match(text: str) -> SavedMatch:
    """Read a save file's text; errors name the line and the field."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise RecordError("the file is empty", 1)
    try:
        doc = parse_json(text)
    except RecordError as e:
        ended = text.rstrip().endswith("}")
        if ended or not e.reason.startswith("not valid JSON"):
            raise
        raise RecordError("{reason} (the file ends before the document does: cut off?)",
                          e.line, None, {"reason": Message(e.template, e.params)}) from None
    return match_from_dict(doc, line_of=lambda path: locate_line(text, path))


__all__ = [
    "FORMAT",
    "VERSION",
    "NewerVersionError",
    "RecordCache",
    "SavedMatch",
    "config_to_dict",
    "deal_meta",
    "dumps_match",
    "loads_match",
    "match_from_dict",
    "match_to_dict",
    "outcome_record",
    "seat_names",
]

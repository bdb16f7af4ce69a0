"""Our JSON game record: ``{"format": "skat-record", "version": 1, ...}``.

A record holds the players, the deal, every action in order with the seat that
took it, and the result as the engine computed it.  Reading a record replays
every action through the engine (:func:`state_from_record`), so a record is
only accepted if it is a legal deal; the stored result must agree with the
engine's.  Writing then reading gives back the very same state, and reading
then writing the very same record.  The schema is in ``docs/records.md``.

>>> from skat_core.deal import deal_from_seed
>>> from skat_core.game import new_game, PASS
>>> s = new_game(deal_from_seed("doc", 0)).apply(PASS).apply(PASS).apply(PASS)
>>> rec = record_from_state(s, players=("Ann", "Bob", "Cid"))
>>> rec["actions"][0], rec["result"]["score"]
({'seat': 1, 'type': 'pass'}, 0)
>>> state_from_record(loads(dumps(rec))) == s
True
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeAlias, TypeGuard

from ..cards import Card, Mask, cards_of
from ..deal import Deal
from ..errors import IllegalActionError, Message, Param, RecordError, Rule
from ..game import (
    Action,
    Bid,
    Claim,
    Declare,
    Discard,
    GameState,
    Hold,
    Kontra,
    LeaveTable,
    Pass,
    PassSkat,
    Phase,
    PickUpSkat,
    Play,
    Push,
    Resign,
    action_str,
    new_game,
)
from ..rules import GameType
from ..ruleset import TOURNAMENT, RuleSet
from ..value import GameResult
from .jsontext import escape_surrogates, parse_json

FORMAT = "skat-record"
VERSION = 1
"""The newest record version this module reads and the one it writes.  A
deal under house rules adds the optional fields ``rules`` (and ``bock``,
``ramsch_round``); without them a record is a tournament deal, as every
record written before the house rules, and is written exactly as before."""

DEFAULT_PLAYERS = ("Forehand", "Middlehand", "Rearhand")

JsonObject: TypeAlias = dict[str, Any]
LineOf: TypeAlias = Callable[[str], "int | None"]
"""Maps a field path within a record (``actions[12].card``) to a file line."""

_TOP_KEYS = (
    "format", "version", "id", "players", "meta", "rules", "bock", "ramsch_round", "deal",
    "actions", "result",
)
ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "bid": ("value",),
    "hold": (),
    "pass": (),
    "pickup": (),
    "discard": ("cards",),
    "declare": ("game", "hand", "schneider", "schwarz", "ouvert"),
    "play": ("card",),
    "claim": (),
    "resign": (),
    "leave": ("timeout",),
    "kontra": ("level",),
    "push": ("cards",),
    "pass_skat": (),
}


# --- writing -------------------------------------------------------------------


def cards_text(mask: Mask) -> str:
    """Cards as the records write them: names from ♣J down, space-separated."""
    return " ".join(c.name for c in cards_of(mask))


def action_to_dict(seat: int, action: Action) -> JsonObject:
    """One entry of a record's ``actions`` list."""
    out: JsonObject = {"seat": seat}
    match action:
        case Bid(value=v):
            out.update(type="bid", value=v)
        case Hold():
            out["type"] = "hold"
        case Pass():
            out["type"] = "pass"
        case PickUpSkat():
            out["type"] = "pickup"
        case Discard(cards=(a, b)):
            out.update(type="discard", cards=f"{a} {b}")
        case Declare():
            out.update(
                type="declare", game=action.game.letter, hand=action.hand,
                schneider=action.schneider, schwarz=action.schwarz, ouvert=action.ouvert,
            )
        case Play(card=c):
            out.update(type="play", card=str(c))
        case Claim():
            out["type"] = "claim"
        case Resign():
            out["type"] = "resign"
        case LeaveTable(timeout=t):
            out.update(type="leave", timeout=t)
        case Kontra(level=n):
            out.update(type="kontra", level=n)
        case Push(cards=(a, b)):
            out.update(type="push", cards=f"{a} {b}")
        case PassSkat():
            out["type"] = "pass_skat"
        case _:
            raise TypeError(f"not an action: {action!r}")
    return out


def result_to_dict(result: GameResult) -> JsonObject:
    """The engine's result as a record stores it (every field, plus the score)."""
    c = result.contract
    out: JsonObject = {
        "soloist": result.soloist,
        "game": ("R" if c.ramsch else c.game.letter) if c else None,
        "hand": c.hand if c else False,
        "schneider_announced": c.schneider_announced if c else False,
        "schwarz_announced": c.schwarz_announced if c else False,
        "ouvert": c.ouvert if c else False,
        "bid": result.bid,
        "matadors": result.matadors,
        "soloist_points": result.soloist_points,
        "defender_points": result.defender_points,
        "soloist_tricks": result.soloist_tricks,
        "won": result.won,
        "schneider": result.schneider,
        "schwarz": result.schwarz,
        "overbid": result.overbid,
        "value": result.value,
        "multiplier": result.multiplier,
        "score": result.score,
        "conceded": result.conceded,
        "aborted": result.aborted,
    }
    # House rules only: tournament records stay as they were.
    if result.kontra:
        out["kontra"] = result.kontra
    if result.bock > 1:
        out["bock"] = result.bock
    r = result.ramsch
    if r is not None:
        out["ramsch"] = {
            "points": list(r.points), "tricks": list(r.tricks), "skat_to": r.skat_to,
            "losers": list(r.losers), "durchmarsch": r.durchmarsch, "jungfrau": r.jungfrau,
            "pushes": r.pushes, "scores": list(r.scores),
        }
    return out


def record_from_state(
    state: GameState,
    players: Sequence[str] = DEFAULT_PLAYERS,
    meta: Mapping[str, Any] | None = None,
    game_id: str | None = None,
) -> JsonObject:
    """The record of a deal, finished or not (``result`` is null while it runs).

    ``players`` are the names by seat (forehand, middlehand, rearhand);
    ``meta`` is free-form JSON kept as it is (dealer, date, match, deal number).
    """
    names = list(players)
    if len(names) != 3 or not all(isinstance(n, str) for n in names):
        raise ValueError("players: three names, forehand first")
    house = state.rules != TOURNAMENT or state.bock > 1 or state.ramsch_round
    record: JsonObject = {"format": FORMAT, "version": VERSION}
    if game_id is not None:
        record["id"] = str(game_id)
    record["players"] = names
    if meta:
        try:
            record["meta"] = json.loads(json.dumps(dict(meta), allow_nan=False))
        except (TypeError, ValueError) as e:
            raise ValueError(f"meta: not JSON data ({e})") from None
    if house:
        record["rules"] = state.rules.to_dict()
        if state.bock > 1:
            record["bock"] = state.bock
        if state.ramsch_round:
            record["ramsch_round"] = True
    record["deal"] = {
        "hands": [cards_text(h) for h in state.deal.hands],
        "skat": cards_text(state.deal.skat),
    }
    record["actions"] = [action_to_dict(seat, a) for seat, a in state.history]
    record["result"] = result_to_dict(state.result) if state.result is not None else None
    return record


def _flat(value: Any) -> bool:
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True


def _pretty(
    value: Any, indent: int, out: list[str], prefix: str, suffix: str, in_list: bool = False
) -> None:
    """Indented JSON in which a flat object or list stays on one line if it is
    short or an element of a list (one action per line)."""
    pad = " " * indent
    compact = json.dumps(value, ensure_ascii=False)
    one_line = _flat(value) and (in_list or len(compact) + indent < 90)
    if not isinstance(value, dict | list) or one_line:
        out.append(f"{pad}{prefix}{compact}{suffix}")
        return
    items: list[tuple[str, Any]]
    if isinstance(value, dict):
        opening, closing = "{", "}"
        items = [(json.dumps(k, ensure_ascii=False) + ": ", v) for k, v in value.items()]
    else:
        opening, closing = "[", "]"
        items = [("", v) for v in value]
    if not items:
        out.append(f"{pad}{prefix}{compact}{suffix}")
        return
    out.append(f"{pad}{prefix}{opening}")
    for n, (key, v) in enumerate(items):
        _pretty(v, indent + 2, out, key, "," if n < len(items) - 1 else "", opening == "[")
    out.append(f"{pad}{closing}{suffix}")


def dumps(record: Any, *, one_line: bool = False) -> str:
    """JSON text of a record: readable (one action per line), or ``one_line``
    for JSON Lines files.  No trailing newline."""
    if one_line:
        return escape_surrogates(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    out: list[str] = []
    _pretty(record, 0, out, "", "")
    return escape_surrogates("\n".join(out))


def _write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` in one step, so a crash leaves the old file whole."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_records(path: str | os.PathLike[str], records: Sequence[Any]) -> None:
    """Write records to a file (one record: readable JSON; several: JSON
    Lines).  The file is replaced atomically: never half written."""
    if len(records) == 1:
        text = dumps(records[0]) + "\n"
    else:
        text = "".join(dumps(r, one_line=True) + "\n" for r in records)
    _write_atomically(path, text)


# --- reading -------------------------------------------------------------------


class Fail(Protocol):
    """Builds the error for a field and a message (a template filled with
    ``params``, see :class:`~skat_core.errors.RecordError`): a RecordError in
    records, a protocol error in the network protocol's actions."""

    def __call__(self, field: str, message: str, /, **params: Param) -> Exception: ...


class _Fail:
    """Builds RecordErrors that name the field and, where known, the line."""

    def __init__(self, line_of: LineOf | None) -> None:
        self.line_of = line_of

    def __call__(self, field: str, message: str, /, **params: Param) -> RecordError:
        line = self.line_of(field) if self.line_of is not None else None
        return RecordError(message, line, field or None, params)


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _describe(v: Any) -> str:
    """A value as an error message quotes it (shortened: it may be huge)."""
    if not _flat(v):
        return type(v).__name__
    text = json.dumps(v, ensure_ascii=False)
    return text if len(text) <= 60 else f"{text[:50]}… ({len(text):,} characters)"


def _check_header(record: Any, fail: _Fail) -> JsonObject:
    if not isinstance(record, dict):
        raise fail("", "a game record is a JSON object, not {kind}",
                   kind=type(record).__name__)
    fmt = record.get("format")
    if fmt != FORMAT:
        raise fail("format", "not a skat record: format is {found}, not {expected}",
                   found=_describe(fmt), expected=repr(FORMAT))
    version = record.get("version")
    if not _is_int(version) or version < 1:
        raise fail("version", "version must be a whole number from 1, not {found}",
                   found=_describe(version))
    if version > VERSION:
        raise fail(
            "version",
            "this record is version {version}, newer than this program reads (up to "
            "{newest}); update skat to read it", version=version, newest=VERSION,
        )
    return record


def _parse_cards(text: Any, field: str, fail: Fail, count: int | None = None) -> Mask:
    if not isinstance(text, str):
        raise fail(field, "cards are a string such as \"CJ ST D7\", not {found}",
                   found=_describe(text))
    mask = 0
    for token in text.split():
        try:
            card = Card.from_str(token)
        except ValueError:
            shown = token if len(token) <= 20 else f"{token[:12]}…"
            raise fail(field, "not a card: {card}", card=repr(shown)) from None
        if mask >> card & 1:
            raise fail(field, "card {card} given twice", card=str(card))
        mask |= 1 << card
    if count is not None and mask.bit_count() != count:
        raise fail(field, "expected {count} cards, found {found}", count=count,
                   found=mask.bit_count())
    return mask


def _only_keys(obj: JsonObject, allowed: Sequence[str], path: str, fail: Fail) -> None:
    for key in obj:
        if key not in allowed:
            sub = f"{path}.{key}" if path else key
            raise fail(sub, "unknown field {key} (known: {known})", key=repr(key),
                       known=", ".join(allowed))


def _parse_deal(value: Any, fail: _Fail) -> Deal:
    if not isinstance(value, dict):
        raise fail("deal", "the deal is an object with 'hands' and 'skat'")
    _only_keys(value, ("hands", "skat"), "deal", fail)
    hands = value.get("hands")
    if not isinstance(hands, list) or len(hands) != 3:
        raise fail("deal.hands", "three hands, forehand first")
    masks = [_parse_cards(h, f"deal.hands[{i}]", fail, 10) for i, h in enumerate(hands)]
    skat = _parse_cards(value.get("skat"), "deal.skat", fail, 2)
    try:
        return Deal((masks[0], masks[1], masks[2]), skat)
    except ValueError as e:
        raise fail("deal", str(e)) from None


def _flag(obj: JsonObject, key: str, path: str, fail: Fail) -> bool:
    v = obj.get(key, False)
    if not isinstance(v, bool):
        raise fail(f"{path}.{key}", "true or false, not {found}", found=_describe(v))
    return v


def parse_action(obj: Any, path: str, fail: Fail) -> tuple[int, Action]:
    """One action object of a record (``{"seat": 0, "type": "bid", "value":
    18}``) as the seat and the engine action; anything else raises what
    ``fail(field, message)`` builds, naming the field under ``path``."""
    if not isinstance(obj, dict):
        raise fail(path, "an action is an object such as {\"seat\": 0, \"type\": \"pass\"}")
    seat = obj.get("seat")
    if not _is_int(seat) or not 0 <= seat <= 2:
        raise fail(f"{path}.seat", "a seat is 0, 1 or 2, not {found}", found=_describe(seat))
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in ACTION_KEYS:
        raise fail(f"{path}.type", "unknown action type {found}", found=_describe(kind))
    _only_keys(obj, ("seat", "type", *ACTION_KEYS[kind]), path, fail)
    action: Action
    if kind == "bid":
        value = obj.get("value")
        if not _is_int(value):
            raise fail(f"{path}.value", "a bid is a whole number, not {found}",
                       found=_describe(value))
        action = Bid(value)
    elif kind == "hold":
        action = Hold()
    elif kind == "pass":
        action = Pass()
    elif kind == "pickup":
        action = PickUpSkat()
    elif kind == "discard":
        cards = cards_of(_parse_cards(obj.get("cards"), f"{path}.cards", fail, 2))
        action = Discard((cards[0], cards[1]))
    elif kind == "declare":
        letter = obj.get("game")
        try:
            game = GameType.from_letter(letter if isinstance(letter, str) else "?")
        except ValueError:
            raise fail(
                f"{path}.game", "a game is one of C S H D G N, not {found}",
                found=_describe(letter)
            ) from None
        action = Declare(
            game,
            hand=_flag(obj, "hand", path, fail),
            schneider=_flag(obj, "schneider", path, fail),
            schwarz=_flag(obj, "schwarz", path, fail),
            ouvert=_flag(obj, "ouvert", path, fail),
        )
    elif kind == "play":
        try:
            card = Card.from_str(obj["card"]) if isinstance(obj.get("card"), str) else None
        except ValueError:
            card = None
        if card is None:
            raise fail(f"{path}.card", "not a card: {card}", card=_describe(obj.get("card")))
        action = Play(card)
    elif kind == "claim":
        action = Claim()
    elif kind == "kontra":
        level = obj.get("level")
        if not _is_int(level) or not 1 <= level <= 4:
            raise fail(f"{path}.level", "a doubling level is 1 to 4, not {found}",
                       found=_describe(level))
        action = Kontra(level)
    elif kind == "push":
        cards = cards_of(_parse_cards(obj.get("cards"), f"{path}.cards", fail, 2))
        action = Push((cards[0], cards[1]))
    elif kind == "pass_skat":
        action = PassSkat()
    elif kind == "resign":
        action = Resign(seat)
    else:
        action = LeaveTable(seat, _flag(obj, "timeout", path, fail))
    return seat, action


def replay(
    deal: Deal,
    actions: Sequence[tuple[int, Action]],
    fail: Callable[..., RecordError],
    rules: RuleSet = TOURNAMENT,
    *,
    bock: int = 1,
    ramsch_round: bool = False,
) -> GameState:
    """Apply ``actions`` (seat, action) to a new deal under ``rules``.  For an
    action the rules refuse, raises ``fail(index, subfield, reason, **params)``,
    the reason naming the rule (``rule=`` the :class:`Rule`)."""
    state = new_game(deal, rules, bock=bock, ramsch_round=ramsch_round)
    for i, (seat, action) in enumerate(actions):
        if state.phase != Phase.FINISHED:
            # The engine knows whose turn it is; a record must agree (turn order).
            if isinstance(action, Claim):
                if state.phase == Phase.PLAYING and seat != state.soloist:
                    raise fail(i, "seat", "seat {seat} is not the soloist ({rule})",
                               seat=seat, rule=Rule.CLAIM)
            elif not isinstance(action, Resign | LeaveTable) and seat != state.to_move:
                raise fail(i, "seat", "it is seat {seat}'s turn ({rule})", seat=state.to_move,
                           rule=Rule.TURN)
        try:
            state = state.apply(action)
        except IllegalActionError as e:
            raise fail(i, "", "{rule}", rule=e.rule) from None
    return state


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a) == json.dumps(b)


def state_from_record(record: Any, *, line_of: LineOf | None = None) -> GameState:
    """Replay a record through the engine and return the final state.

    Raises :class:`RecordError` naming the field (a path such as
    ``actions[12]`` or ``result.score``) for anything malformed, illegal, or
    a stored result that differs from the engine's.  ``line_of`` maps a field
    path to the line of the file the record came from, for the message.
    """
    fail = _Fail(line_of)
    rec = _check_header(record, fail)
    _only_keys(rec, _TOP_KEYS, "", fail)
    if "id" in rec and not isinstance(rec["id"], str):
        raise fail("id", "the id is a string, not {found}", found=_describe(rec["id"]))
    players = rec.get("players")
    if not isinstance(players, list) or len(players) != 3:
        raise fail("players", "three player names, forehand first")
    for i, name in enumerate(players):
        if not isinstance(name, str):
            raise fail(f"players[{i}]", "a name is a string, not {found}", found=_describe(name))
    if "meta" in rec and not isinstance(rec["meta"], dict):
        raise fail("meta", "meta is a JSON object")
    rules, bock, ramsch_round = _parse_terms(rec, fail)
    deal = _parse_deal(rec.get("deal"), fail)
    raw_actions = rec.get("actions")
    if not isinstance(raw_actions, list):
        raise fail("actions", "the actions are a list")
    actions = [parse_action(a, f"actions[{i}]", fail) for i, a in enumerate(raw_actions)]

    def action_fail(i: int, sub: str, reason: str, **params: Param) -> RecordError:
        seat, action = actions[i]
        # the reason's template inside the action's: one sentence to translate
        return fail(f"actions[{i}].{sub}" if sub else f"actions[{i}]",
                    "action {index} (seat {seat}: {action}): {reason}", index=i, seat=seat,
                    action=action_str(action), reason=Message(reason, params))

    state = replay(deal, actions, action_fail, rules, bock=bock, ramsch_round=ramsch_round)
    if "result" in rec:
        _check_result(rec["result"], state, fail)
    return state


def _parse_terms(rec: JsonObject, fail: _Fail) -> tuple[RuleSet, int, bool]:
    """The rule set (tournament when absent: every version-1 record) and the
    deal's Bock multiplier and Ramsch-round mark."""
    rules = TOURNAMENT
    if "rules" in rec:
        try:
            rules = RuleSet.from_dict(rec["rules"])
        except ValueError as e:
            text = str(e)
            field, _, message = text.partition(": ")
            if field.startswith("rules"):
                raise fail(field, message) from None
            raise fail("rules", text) from None
    bock = rec.get("bock", 1)
    if not _is_int(bock) or bock < 1 or bock & (bock - 1):
        raise fail("bock", "the Bock multiplier is 1, 2, 4, …, not {found}", found=_describe(bock))
    ramsch_round = rec.get("ramsch_round", False)
    if not isinstance(ramsch_round, bool):
        raise fail("ramsch_round", "true or false, not {found}", found=_describe(ramsch_round))
    return rules, bock, ramsch_round


def _check_result(stored: Any, state: GameState, fail: _Fail) -> None:
    """The stored result must be the engine's (every field given; a field left
    out is not checked, an unknown one is an error)."""
    if stored is None:
        if state.result is not None:
            raise fail("result", "the result is null, but the actions finish the deal")
        return
    if not isinstance(stored, dict):
        raise fail("result", "the result is an object or null")
    if state.result is None:
        raise fail("result", "the record has a result, but the deal is not over after its "
                   "actions")
    computed = result_to_dict(state.result)
    for key, value in stored.items():
        if key not in computed:
            raise fail(f"result.{key}", "unknown result field {key}", key=repr(key))
        if not _same(value, computed[key]):
            raise fail(
                f"result.{key}",
                "the record says {said}, the engine computes {computed}",
                said=_describe(value), computed=_describe(computed[key]),
            )


def loads(text: str) -> JsonObject:
    """Parse the JSON text of one record and check its format and version
    (the actions are checked by :func:`state_from_record`)."""
    value = parse_json(text)
    return _check_header(value, _Fail(lambda field: locate_line(text, field)))


# --- files ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JsonEntry:
    """One record of a JSON file: where it starts, the parsed value (not yet
    replayed) or the error that kept it from being parsed, and a map from a
    field path to its line."""

    line: int
    record: Any
    error: RecordError | None
    line_of: LineOf


def parse_json_records(text: str) -> list[JsonEntry]:
    """Split a JSON file into records: one record, an array of records, or
    JSON Lines (one record per line).  A syntax error in one JSON Lines line
    spoils only that line."""
    text = text.removeprefix("\ufeff")
    try:
        value = parse_json(text)
    except RecordError as e:
        lines = text.splitlines()
        filled = [(n, ln) for n, ln in enumerate(lines, 1) if ln.strip()]
        if len(filled) > 1 and all(ln.lstrip().startswith("{") for _, ln in filled):
            return [_json_line(n, ln) for n, ln in filled]
        line = e.line or 1
        return [JsonEntry(line, None, e, lambda field: line)]
    if isinstance(value, list):
        entries = []
        for i, item in enumerate(value):
            prefix = f"[{i}]"

            def line_of(field: str, prefix: str = prefix) -> int:
                return locate_line(text, prefix + ("." + field if field else ""))

            entries.append(JsonEntry(line_of(""), item, None, line_of))
        return entries

    def whole(field: str) -> int:
        return locate_line(text, field)

    return [JsonEntry(whole(""), value, None, whole)]


def _json_line(number: int, line: str) -> JsonEntry:
    try:
        value = parse_json(line, number)
    except RecordError as e:
        return JsonEntry(number, None, e, lambda field: number)
    return JsonEntry(number, value, None, lambda field: number)


_PATH_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _skip_string(text: str, pos: int) -> int:
    """``pos`` at an opening quote; returns the index after the closing one."""
    pos += 1
    while pos < len(text):
        c = text[pos]
        if c == "\\":
            pos += 2
            continue
        if c == '"':
            return pos + 1
        pos += 1
    return pos


def _skip_value(text: str, pos: int) -> int:
    if pos >= len(text):
        return pos
    if text[pos] == '"':
        return _skip_string(text, pos)
    if text[pos] in "{[":
        depth = 0
        while pos < len(text):
            c = text[pos]
            if c == '"':
                pos = _skip_string(text, pos)
                continue
            if c in "{[":
                depth += 1
            elif c in "}]":
                depth -= 1
                if depth == 0:
                    return pos + 1
            pos += 1
        return pos
    while pos < len(text) and text[pos] not in ",]} \t\r\n":
        pos += 1
    return pos


def _find_member(text: str, pos: int, step: str | int) -> int | None:
    """In the object or array at ``pos``, the start of member ``step``."""
    opening = text[pos] if pos < len(text) else ""
    if (opening == "{") != isinstance(step, str) or opening not in "{[":
        return None
    pos = _skip_ws(text, pos + 1)
    index = 0
    while pos < len(text) and text[pos] not in "}]":
        if opening == "{":
            end = _skip_string(text, pos)
            key = json.loads(text[pos:end])
            pos = _skip_ws(text, end)
            pos = _skip_ws(text, pos + 1)  # the colon
            if key == step:
                return pos
        elif index == step:
            return pos
        pos = _skip_ws(text, _skip_value(text, pos))
        if pos < len(text) and text[pos] == ",":
            pos = _skip_ws(text, pos + 1)
        index += 1
    return None


def locate_line(text: str, path: str) -> int:
    """The line (from 1) where the value at ``path`` (``[3].actions[12]``)
    starts in a valid JSON ``text``; the line of the nearest enclosing value
    that exists when the path goes further than the text."""
    pos = _skip_ws(text, 0)
    for m in _PATH_STEP.finditer(path):
        step: str | int = m.group(1) if m.group(1) is not None else int(m.group(2))
        found = _find_member(text, pos, step)
        if found is None:
            break
        pos = found
    return text.count("\n", 0, pos) + 1


__all__ = [
    "ACTION_KEYS",
    "DEFAULT_PLAYERS",
    "FORMAT",
    "VERSION",
    "JsonEntry",
    "JsonObject",
    "action_to_dict",
    "cards_text",
    "dumps",
    "loads",
    "locate_line",
    "parse_json_records",
    "record_from_state",
    "replay",
    "result_to_dict",
    "save_records",
    "state_from_record",
]

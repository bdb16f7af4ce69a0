"""The table protocol: JSON messages over WebSockets, version :data:`PROTOCOL`.

docs/protocol.md describes every message, its fields and its errors.  This
module is the one place that turns messages into Python values and back:

* the client's messages (:class:`Join`, :class:`Resume`, :class:`Create`,
  :class:`Act`, :class:`Ping`), read by :func:`parse_client_message`, which
  never trusts its input: anything malformed raises :class:`ProtocolError`
  naming the field;
* a seat's :class:`~skat_core.views.SeatView` as JSON (:func:`view_to_json`)
  and back (:func:`view_from_json`): a client gets nothing but its own seat's
  view, so nothing hidden can travel.

>>> from skat_core.deal import deal_from_seed
>>> from skat_core.game import new_game
>>> view = new_game(deal_from_seed("doc", 0)).view(1)
>>> view_from_json(json.loads(json.dumps(view_to_json(view)))) == view
True
>>> parse_client_message('{"type": "act", "seq": 1, "action": {"type": "bid", "value": 18}}')
Act(seq=1, action=Bid(value=18))
"""

from __future__ import annotations

import functools
import json
import unicodedata
from dataclasses import dataclass
from typing import Any, TypeAlias, TypeGuard

from skat_core.cards import Card, Mask, mask_of
from skat_core.deal import Deal
from skat_core.game import (
    Action,
    LeaveTable,
    Phase,
    Resign,
    Trick,
)
from skat_core.records.jsonrec import ACTION_KEYS, action_to_dict, cards_text, result_to_dict
from skat_core.records.jsonrec import parse_action as parse_action_dict
from skat_core.rules import GameType
from skat_core.ruleset import TOURNAMENT, RuleSet, choice_of, rule_choice, with_switches
from skat_core.value import Contract, GameResult, RamschResult
from skat_core.views import SeatView

PROTOCOL = 2
"""The protocol version this program speaks; a client of another is refused.
2: the table's rule set (house rules: Kontra, Ramsch, Schieberamsch, Bock)."""

MAX_MESSAGE = 16 * 1024
"""Bytes in one message from a client (larger frames close the connection)."""
NAME_MAX = 24
"""Characters in a player's name."""
SEED_MAX = 64
TABLE_ID_LEN = 16
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invitation codes: no 0/O or 1/I, so they can be read out."""
CODE_LEN = 8
BOT_LEVELS = ("random", "easy", "normal", "strong")

JsonObject: TypeAlias = dict[str, Any]


class ProtocolError(ValueError):
    """A message that cannot be accepted.  ``code`` is the error's name in
    docs/protocol.md, ``field`` the offending field, ``rule`` the engine's
    rule for an illegal action."""

    def __init__(self, code: str, message: str, field: str | None = None,
                 rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule

    def to_json(self, seq: int | None = None) -> JsonObject:
        out: JsonObject = {"type": "error", "code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        if self.rule is not None:
            out["rule"] = self.rule
        if seq is not None:
            out["seq"] = seq
        return out


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _desc(v: object) -> str:
    text = json.dumps(v, ensure_ascii=True)
    return text if len(text) <= 30 else type(v).__name__


def _field(code: str, field: str, message: str) -> ProtocolError:
    return ProtocolError(code, f"{field}: {message}", field)


# --- names -------------------------------------------------------------------


def check_name(value: object, field: str = "name") -> str:
    """A player's name from the network: a string of 1 to :data:`NAME_MAX`
    characters after trimming, with no control, format (bidi, zero-width),
    surrogate or unassigned characters.  Raises :class:`ProtocolError`."""
    if not isinstance(value, str):
        raise _field("name", field, f"a name is text, not {_desc(value)}")
    name = unicodedata.normalize("NFC", value).strip()
    if not name:
        raise _field("name", field, "a name cannot be empty")
    if len(name) > NAME_MAX:
        raise _field("name", field, f"a name has at most {NAME_MAX} characters, "
                     f"not {len(name)}")
    for ch in name:
        cat = unicodedata.category(ch)
        if cat[0] == "C" or cat in ("Zl", "Zp"):
            raise _field("name", field, f"a name cannot contain the character "
                         f"U+{ord(ch):04X} ({cat}: control, bidi or invisible)")
    return name


# --- actions -------------------------------------------------------------------

TABLE_ACTIONS = ("accept", "refuse", "next")
"""Actions of the table rather than the engine: answer a claim or a partner's
giving up, and ask for the next deal."""
ENGINE_ACTIONS = ("bid", "hold", "pass", "pickup", "discard", "declare", "play", "claim",
                  "resign", "kontra", "push", "pass_skat")
"""The engine's actions a client may send, with the fields the record format
gives them (Kontra and the Schieberamsch's pushes where the table's rules
have them: the engine refuses them elsewhere)."""
_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    **{kind: ACTION_KEYS[kind] for kind in ENGINE_ACTIONS},
    **{kind: () for kind in TABLE_ACTIONS},
}

TableAction: TypeAlias = str
"""One of :data:`TABLE_ACTIONS`."""


def _card(value: object, field: str) -> Card:
    if isinstance(value, str):
        try:
            return Card.from_str(value)
        except ValueError:
            pass
    raise _field("field", field, f"not a card: {_desc(value)} (cards are written CJ, ST, D7)")


def action_json(action: Action) -> JsonObject:
    """An action as a client sends it (no seat: the server knows it)."""
    out = action_to_dict(0, action)
    del out["seat"]
    if isinstance(action, LeaveTable):
        raise ValueError("leaving the table is not sent as an action")
    return out


@functools.lru_cache(maxsize=8192)
def _action_text(seat: int | None, action: Action) -> JsonObject:
    """An action as a view shows it (with its ``seat``, or without as a legal
    action), built once: a server sends the same few hundred actions in every
    view of every table.  Shared: never to be changed by a caller."""
    return action_json(action) if seat is None else action_to_dict(seat, action)


def parse_action(obj: object, field: str = "action") -> Action | TableAction:
    """A client's action; engine actions become :class:`~skat_core.game.Action`
    (Resign with seat -1: the server fills in the seat), table actions stay
    their name."""
    if not isinstance(obj, dict):
        raise _field("field", field, 'an action is an object such as {"type": "pass"}')
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        raise _field("field", f"{field}.type", f"unknown action {_desc(kind)} (known: "
                     f"{', '.join(_ACTION_FIELDS)})")
    allowed = ("type", *_ACTION_FIELDS[kind])
    for key in obj:
        if key not in allowed:
            raise _field("field", f"{field}.{key}", f"no such field in a {kind} action")
    if kind in TABLE_ACTIONS:
        return kind
    # the record reader's parser, with the seat the server fills in
    _, action = parse_action_dict({**obj, "seat": 0}, field,
                                  lambda path, message: _field("field", path, message))
    return Resign(-1) if isinstance(action, Resign) else action


# --- client messages -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    """Take a free seat with an invitation code."""

    code: str
    name: str


@dataclass(frozen=True, slots=True)
class Resume:
    """Come back to a seat with its token."""

    table: str
    token: str


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat as the host sets it: a person (``name`` or None for whoever
    joins) or a bot of ``level``."""

    name: str | None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Create:
    seats: tuple[SeatSpec, ...]
    """Three seats, or four (the dealer sits each deal out)."""
    deals: int
    seed: str | None
    scoring: str
    takeover: float | None
    """Seconds a person may be away on their turn before a bot plays for them
    (None: the table waits)."""
    takeover_level: str
    rules: RuleSet = TOURNAMENT
    """The table's rule set (tournament, or the pub's house rules)."""


@dataclass(frozen=True, slots=True)
class Act:
    seq: int
    action: Action | TableAction


@dataclass(frozen=True, slots=True)
class Ping:
    pass


ClientMessage: TypeAlias = Join | Resume | Create | Act | Ping
_MESSAGE_FIELDS: dict[str, tuple[str, ...]] = {
    "join": ("protocol", "code", "name"),
    "resume": ("protocol", "table", "token"),
    "create": ("protocol", "seats", "deals", "seed", "scoring", "takeover", "takeover_level",
               "rules"),
    "act": ("seq", "action"),
    "ping": (),
}
OPENING = ("join", "resume", "create")
"""Messages that open a connection; they carry the protocol version."""


def normal_code(text: str) -> str:
    """An invitation code as typed (lower case, dashes, spaces) in its canonical form."""
    return "".join(ch for ch in text.upper() if ch not in "- ")


def _seat_spec(obj: object, field: str) -> SeatSpec:
    if not isinstance(obj, dict):
        raise _field("field", field, 'a seat is {"name": "Anna"}, {"bot": "normal"} or {}')
    for key in obj:
        if key not in ("name", "bot"):
            raise _field("field", f"{field}.{key}", "no such field in a seat")
    level = obj.get("bot")
    if level is not None and level not in BOT_LEVELS:
        raise _field("field", f"{field}.bot", f"a bot level is one of {', '.join(BOT_LEVELS)}, "
                     f"not {_desc(level)}")
    name = obj.get("name")
    if name is not None:
        name = check_name(name, f"{field}.name")
    return SeatSpec(name, level)


def _parse_create(obj: JsonObject) -> Create:
    seats = obj.get("seats")
    if not isinstance(seats, list) or len(seats) not in (3, 4):
        raise _field("field", "seats", "a list of three seats, or four (the dealer sits "
                     "each deal out)")
    specs = tuple(_seat_spec(s, f"seats[{i}]") for i, s in enumerate(seats))
    if all(s.level is not None for s in specs):
        raise _field("field", "seats", "at least one seat is for a person")
    deals = obj.get("deals", 9)
    n = len(seats)
    if not _is_int(deals) or not n <= deals <= 99 or deals % n:
        raise _field("field", "deals", f"a multiple of {n} (the players) from {n} to 99, "
                     f"not {_desc(deals)}")
    seed = obj.get("seed")
    if seed is not None and (not isinstance(seed, str) or not 0 < len(seed) <= SEED_MAX
                             or not seed.isprintable()):
        raise _field("field", "seed", f"printable text of 1 to {SEED_MAX} characters")
    scoring = obj.get("scoring", "sf")
    if scoring not in ("sf", "standard"):
        raise _field("field", "scoring", f"'sf' or 'standard', not {_desc(scoring)}")
    takeover = obj.get("takeover")
    if takeover is not None and (not isinstance(takeover, int | float)
                                 or isinstance(takeover, bool) or not 0 <= takeover <= 3600):
        raise _field("field", "takeover", "seconds from 0 to 3600, or null (never)")
    level = obj.get("takeover_level", "normal")
    if level not in BOT_LEVELS:
        raise _field("field", "takeover_level", f"a bot level is one of "
                     f"{', '.join(BOT_LEVELS)}, not {_desc(level)}")
    return Create(
        specs, deals, seed, str(scoring),
        None if takeover is None else float(takeover), str(level),
        parse_rules(obj.get("rules", "tournament")),
    )


def parse_rules(value: object, field: str = "rules") -> RuleSet:
    """A table's rules: a name of :data:`skat_core.ruleset.RULE_CHOICES`
    (``tournament``, ``pub``, ``pub-first-card``, ``pub-schiebe``) or an object
    of switches as :meth:`RuleSet.to_dict` writes them (those not given are
    the tournament's).  The name is shown to every player, so it is checked
    as a player's name is."""
    if isinstance(value, str):
        try:
            return rule_choice(value)
        except ValueError as e:
            raise _field("field", field, str(e)) from None
    if not isinstance(value, dict):
        raise _field("field", field, "a rule set's name or an object of rule switches")
    if "name" in value:
        check_name(value["name"], f"{field}.name")
    try:
        # switches are changes to the tournament rules: named custom unless named
        rules = with_switches("tournament", value)
    except ValueError as e:
        text = str(e)
        named = text.split(":", 1)[0] if text.startswith("rules") else field
        raise ProtocolError("field", text.replace("rules", field, 1), named.replace(
            "rules", field, 1)) from None
    return rules


def rules_json(rules: RuleSet) -> str | JsonObject:
    """A rule set as messages carry it: its choice name where one gives it,
    else every switch."""
    return choice_of(rules) or rules.to_dict()


def parse_client_message(text: str | bytes, opening: bool = False) -> ClientMessage:
    """Read one message from a client.  ``opening``: the first message of a
    connection, which must be join, resume or create with our protocol version."""
    if isinstance(text, bytes):
        raise ProtocolError("malformed", "messages are JSON text frames, not binary")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too-big", f"a message has at most {MAX_MESSAGE} bytes")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "not a JSON message") from None
    if not isinstance(obj, dict):
        raise ProtocolError("malformed", "a message is a JSON object with a \"type\"")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _MESSAGE_FIELDS:
        raise _field("unknown-type", "type", f"unknown message type {_desc(kind)} (known: "
                     f"{', '.join(_MESSAGE_FIELDS)})")
    for key in obj:
        if key != "type" and key not in _MESSAGE_FIELDS[kind]:
            raise _field("field", key, f"no such field in a {kind} message")
    if opening != (kind in OPENING):
        if opening:
            raise _field("not-seated", "type", "first join a table (join), come back to "
                         "your seat (resume) or create a table (create)")
        raise _field("field", "type", f"{kind} only opens a connection")
    if kind in OPENING:
        version = obj.get("protocol")
        if version != PROTOCOL:
            raise ProtocolError(
                "version", f"this server speaks protocol {PROTOCOL}, the client "
                f"{_desc(version)}: update the older skat", "protocol")
    if kind == "join":
        code = obj.get("code")
        if not isinstance(code, str) or len(code) > 20:
            raise _field("field", "code", "an invitation code is text such as K7QM-3XPA")
        return Join(normal_code(code), check_name(obj.get("name")))
    if kind == "resume":
        table, token = obj.get("table"), obj.get("token")
        if not isinstance(table, str) or len(table) > 40:
            raise _field("field", "table", "a table id is text")
        if not isinstance(token, str) or len(token) > 100:
            raise _field("field", "token", "a seat token is text")
        return Resume(table, token)
    if kind == "create":
        return _parse_create(obj)
    if kind == "ping":
        return Ping()
    seq = obj.get("seq")
    if not _is_int(seq) or not 0 < seq < 2**53:
        raise _field("field", "seq", f"a sequence number is a whole number from 1, not "
                     f"{_desc(seq)}")
    return Act(seq, parse_action(obj.get("action")))


def create_json(create: Create) -> JsonObject:
    """The create message for ``create`` (what :func:`parse_client_message` reads)."""
    seats = []
    for s in create.seats:
        seat: JsonObject = {}
        if s.name is not None:
            seat["name"] = s.name
        if s.level is not None:
            seat["bot"] = s.level
        seats.append(seat)
    return {"type": "create", "protocol": PROTOCOL, "seats": seats, "deals": create.deals,
            "seed": create.seed, "scoring": create.scoring, "takeover": create.takeover,
            "takeover_level": create.takeover_level, "rules": rules_json(create.rules)}


# --- a seat's view as JSON -----------------------------------------------------


def _contract_json(c: Contract | None) -> JsonObject | None:
    if c is None:
        return None
    out: JsonObject = {"game": c.game.letter, "hand": c.hand,
                       "schneider": c.schneider_announced, "schwarz": c.schwarz_announced,
                       "ouvert": c.ouvert}
    if c.ramsch:
        out["ramsch"] = True
    return out


def view_to_json(view: SeatView, with_rules: bool = True) -> JsonObject:
    """Everything in ``view``, and nothing else (docs/protocol.md, The view).
    ``with_rules`` False leaves the rule set out (a ``state`` carries the
    table's once, beside the view)."""
    return _view_json(view, with_rules, True)


@functools.lru_cache(maxsize=8192)
def _action_frame(seat: int | None, action: Action) -> str:
    return encode(_action_text(seat, action))


def view_text(view: SeatView, with_rules: bool = True) -> str:
    """:func:`view_to_json` as JSON text, built faster: the actions (most of
    a view late in a deal) are spliced in as texts encoded once."""
    text = encode(_view_json(view, with_rules, False))
    public = ",".join(_action_frame(s, a) for s, a in view.public_actions)
    legal = ",".join(_action_frame(None, a) for a in view.legal)
    # the two placeholders are the only nulls of these keys: a view holds no free text
    return text.replace('"public_actions":null', f'"public_actions":[{public}]', 1).replace(
        '"legal":null', f'"legal":[{legal}]', 1)


def _view_json(view: SeatView, with_rules: bool, actions: bool) -> JsonObject:
    last = view.last_trick
    out: JsonObject = {
        "seat": view.seat,
        "phase": Phase(view.phase).name.lower(),
        "to_move": view.to_move,
        "bid": view.bid,
        "soloist": view.soloist,
        "contract": _contract_json(view.contract),
        "hand": cards_text(view.hand),
        "public_actions": [_action_text(s, a) for s, a in view.public_actions]
        if actions else None,
        "skat": None if view.skat is None else cards_text(view.skat),
        "discard": None if view.discard is None else cards_text(view.discard),
        "open_cards": cards_text(view.open_cards),
        "trick": [Card(c).name for c in view.trick],
        "leader": view.leader,
        "last_trick": None if last is None else {
            "leader": last.leader, "cards": [Card(c).name for c in last.cards],
            "winner": last.winner},
        "plays": [[s, Card(c).name] for s, c in view.plays],
        "cards_left": list(view.cards_left),
        "tricks": list(view.tricks),
        "legal": [_action_text(None, a) for a in view.legal] if actions else None,
        "result": None if view.result is None else result_to_dict(view.result),
        "revealed": None if view.revealed is None else {
            "hands": [cards_text(h) for h in view.revealed.hands],
            "skat": cards_text(view.revealed.skat)},
        "kontra": view.kontra,
        "bock": view.bock,
        "pushes": view.pushes,
    }
    if with_rules:
        out["rules"] = rules_json(view.rules)
    return out


class _Reader:
    """Typed access to a server's JSON with errors naming the field."""

    def __init__(self, obj: object, path: str) -> None:
        if not isinstance(obj, dict):
            raise _field("malformed", path or "view", "an object")
        self.obj = obj
        self.path = path

    def _fail(self, key: str, what: str) -> ProtocolError:
        return _field("malformed", f"{self.path}.{key}" if self.path else key, what)

    def num(self, key: str) -> int:
        v = self.obj.get(key)
        if not _is_int(v):
            raise self._fail(key, "a whole number")
        return v

    def flag(self, key: str) -> bool:
        v = self.obj.get(key)
        if not isinstance(v, bool):
            raise self._fail(key, "true or false")
        return v

    def text(self, key: str, optional: bool = False) -> str | None:
        v = self.obj.get(key)
        if v is None and optional:
            return None
        if not isinstance(v, str):
            raise self._fail(key, "text")
        return v

    def cards(self, key: str, optional: bool = False) -> Mask | None:
        v = self.obj.get(key)
        if v is None and optional:
            return None
        if not isinstance(v, str):
            raise self._fail(key, "cards as text")
        return mask_of(_card(c, key) for c in v.split())

    def card_list(self, key: str) -> tuple[int, ...]:
        v = self.obj.get(key)
        if not isinstance(v, list):
            raise self._fail(key, "a list of cards")
        return tuple(int(_card(c, key)) for c in v)

    def items(self, key: str) -> list[Any]:
        v = self.obj.get(key)
        if not isinstance(v, list):
            raise self._fail(key, "a list")
        return v

    def sub(self, key: str) -> _Reader | None:
        v = self.obj.get(key)
        return None if v is None else _Reader(v, f"{self.path}.{key}" if self.path else key)


def _contract_from(r: _Reader | None) -> Contract | None:
    if r is None:
        return None
    try:
        game = GameType.from_letter(r.text("game") or "?")
    except ValueError:
        raise r._fail("game", "a game letter") from None
    ramsch = r.obj.get("ramsch", False)
    if not isinstance(ramsch, bool):
        raise r._fail("ramsch", "true or false")
    return Contract(game, r.flag("hand"), r.flag("schneider"), r.flag("schwarz"),
                    r.flag("ouvert"), ramsch)


def _result_from(r: _Reader | None) -> GameResult | None:
    if r is None:
        return None
    soloist = r.obj.get("soloist")
    if soloist is not None and not _is_int(soloist):
        raise r._fail("soloist", "a seat or null")
    contract = None
    letter = r.obj.get("game")
    if letter is not None:
        try:
            game = GameType.GRAND if letter == "R" else GameType.from_letter(
                r.text("game") or "?")
        except ValueError:
            raise r._fail("game", "a game letter") from None
        contract = Contract(game, r.flag("hand"), r.flag("schneider_announced"),
                            r.flag("schwarz_announced"), r.flag("ouvert"), letter == "R")
    ramsch = None
    sub = r.sub("ramsch")
    if sub is not None:
        def triple(key: str) -> tuple[int, int, int]:
            v = sub.items(key)
            if len(v) != 3 or not all(_is_int(x) for x in v):
                raise sub._fail(key, "three whole numbers")
            return v[0], v[1], v[2]

        losers = sub.items("losers")
        if not all(_is_int(x) for x in losers):
            raise sub._fail("losers", "seats")
        through = sub.obj.get("durchmarsch")
        if through is not None and not _is_int(through):
            raise sub._fail("durchmarsch", "a seat or null")
        ramsch = RamschResult(triple("points"), triple("tricks"), sub.num("skat_to"),
                              tuple(losers), through, sub.num("jungfrau"), sub.num("pushes"),
                              triple("scores"))
    kontra, bock = r.obj.get("kontra", 0), r.obj.get("bock", 1)
    if not _is_int(kontra) or not _is_int(bock):
        raise r._fail("kontra", "whole numbers (kontra, bock)")
    return GameResult(
        soloist, contract, r.num("bid"), r.num("matadors"), r.num("soloist_points"),
        r.num("defender_points"), r.num("soloist_tricks"), r.flag("won"),
        r.flag("schneider"), r.flag("schwarz"), r.flag("overbid"), r.num("value"),
        r.num("multiplier"), r.text("conceded", True), r.text("aborted", True),
        kontra, bock, ramsch)


def _seated_action(obj: object, field: str) -> tuple[int, Action]:
    r = _Reader(obj, field)
    seat = r.num("seat")
    body = {k: v for k, v in r.obj.items() if k != "seat"}
    if body.get("type") == "leave":
        return seat, LeaveTable(seat, bool(body.get("timeout", False)))
    action = parse_action(body, field)
    if isinstance(action, str):
        raise r._fail("type", "an engine action")
    if isinstance(action, Resign):
        action = Resign(seat)
    return seat, action


def view_from_json(obj: object, rules: RuleSet | None = None) -> SeatView:
    """The view a server sent; raises :class:`ProtocolError` (code 'malformed')
    for anything that is not one.  ``rules``: the table's rule set, for a view
    that does not carry its own (a ``state``'s)."""
    r = _Reader(obj, "")
    if "rules" in r.obj:
        try:
            rules = parse_rules(r.obj["rules"], "rules")
        except ProtocolError as e:
            raise _field("malformed", e.field or "rules", e.message) from None
    numbers = []
    for key, low in (("kontra", 0), ("bock", 1), ("pushes", 0)):
        v = r.obj.get(key, low)
        if not _is_int(v) or v < low:
            raise r._fail(key, f"a whole number from {low}")
        numbers.append(v)
    try:
        phase = Phase[(r.text("phase") or "").upper()]
    except KeyError:
        raise r._fail("phase", "a phase name") from None
    last = r.sub("last_trick")
    revealed = r.sub("revealed")
    deal = None
    if revealed is not None:
        hands = revealed.items("hands")
        if len(hands) != 3:
            raise revealed._fail("hands", "three hands")
        masks = tuple(mask_of(_card(c, "revealed.hands") for c in str(h).split())
                      for h in hands)
        try:
            deal = Deal((masks[0], masks[1], masks[2]), revealed.cards("skat") or 0)
        except ValueError as e:
            raise revealed._fail("hands", str(e)) from None
    plays = []
    for i, p in enumerate(r.items("plays")):
        if not (isinstance(p, list) and len(p) == 2 and _is_int(p[0])):
            raise r._fail(f"plays[{i}]", "[seat, card]")
        plays.append((p[0], int(_card(p[1], f"plays[{i}]"))))
    legal: list[Action] = []
    for i, a in enumerate(r.items("legal")):
        action = parse_action(a, f"legal[{i}]")
        if isinstance(action, str):
            raise r._fail(f"legal[{i}]", "an engine action")
        legal.append(action)
    triples = []
    for key in ("cards_left", "tricks"):
        v = r.items(key)
        if len(v) != 3 or not all(_is_int(x) for x in v):
            raise r._fail(key, "three whole numbers")
        triples.append((v[0], v[1], v[2]))
    return SeatView(
        seat=r.num("seat"),
        phase=phase,
        to_move=r.num("to_move"),
        bid=r.num("bid"),
        soloist=r.num("soloist"),
        contract=_contract_from(r.sub("contract")),
        hand=r.cards("hand") or 0,
        public_actions=tuple(_seated_action(a, f"public_actions[{i}]")
                             for i, a in enumerate(r.items("public_actions"))),
        skat=r.cards("skat", True),
        discard=r.cards("discard", True),
        open_cards=r.cards("open_cards") or 0,
        trick=r.card_list("trick"),
        leader=r.num("leader"),
        last_trick=None if last is None else Trick(
            last.num("leader"), last.card_list("cards"), last.num("winner")),
        plays=tuple(plays),
        cards_left=triples[0],
        tricks=triples[1],
        legal=tuple(legal),
        result=_result_from(r.sub("result")),
        revealed=deal,
        rules=rules if rules is not None else TOURNAMENT,
        kontra=numbers[0],
        bock=numbers[1],
        pushes=numbers[2],
    )


def encode(message: JsonObject) -> str:
    """A server or client message as the text of one frame."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


__all__ = [
    "PROTOCOL",
    "Act",
    "ClientMessage",
    "Create",
    "Join",
    "Ping",
    "ProtocolError",
    "Resume",
    "SeatSpec",
    "action_json",
    "check_name",
    "create_json",
    "encode",
    "parse_action",
    "parse_client_message",
    "parse_rules",
    "rules_json",
    "view_from_json",
    "view_text",
    "view_to_json",
]

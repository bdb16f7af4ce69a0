"""A table on the server: its seats, their tokens, the match, and the rules of
the table around the engine (who may act, duplicate actions, claims and
giving up, the next deal, bots stepping in for someone away).

A :class:`Table` is plain synchronous Python: the server (:mod:`.server`)
wraps it with connections, timers and the bot pool.  Every change goes
through :meth:`Table.act` or :meth:`Table.apply_bot`; the table is then saved
as one document (:meth:`Table.to_doc`), which :meth:`Table.from_doc` reads
back by replaying every action through the engine (:mod:`skat_core.savegame`).

Seat tokens are kept only as SHA-256 hashes, so a stolen table file gives no
seat away.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from skat_core.bots.claims import accepts_claim, agrees_to_give_up
from skat_core.errors import IllegalActionError
from skat_core.game import Action, Claim, Phase, Play, Resign
from skat_core.match import Match, Scoring
from skat_core.records.jsonrec import action_to_dict, parse_action
from skat_core.ruleset import TOURNAMENT, RuleSet
from skat_core.savegame import (
    RecordCache,
    match_from_dict,
    match_to_dict,
    outcome_record,
)
from skat_core.seeds import bot_seed
from skat_core.views import SeatView

from .protocol import (
    CODE_ALPHABET,
    CODE_LEN,
    TABLE_ID_LEN,
    Create,
    JsonObject,
    ProtocolError,
    TableAction,
    rules_json,
)


def _journal_fail(field: str, message: str) -> ValueError:
    return ValueError(f"journal: {field}: {message}")


FORMAT = "skat-table"
VERSION = 1


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LEN))


def show_code(code: str) -> str:
    """``K7QM3XPA`` as ``K7QM-3XPA``, easier to read out."""
    return f"{code[:4]}-{code[4:]}"


@dataclass
class Seat:
    """A place at the table.  ``level`` set: a bot sits there.  Otherwise a
    person: ``name`` None until someone takes the seat (or the name the host
    reserved it for, ``taken`` False until that person joins)."""

    name: str | None
    level: str | None = None
    token: str | None = None
    """SHA-256 of the seat's secret token."""
    last_seq: int = 0
    """The highest sequence number applied for this seat."""
    connected: bool = False
    away_since: float | None = None

    @property
    def is_bot(self) -> bool:
        return self.level is not None

    @property
    def taken(self) -> bool:
        return self.is_bot or self.token is not None

    def to_json(self) -> JsonObject:
        return {"name": self.name, "level": self.level, "token": self.token,
                "last_seq": self.last_seq}


@dataclass(frozen=True, slots=True)
class BotTurn:
    """What the server's bot pool is asked: ``player`` of the table (a bot,
    or a bot standing in) should choose an action from ``view``."""

    version: int
    player: int
    level: str
    seed: str
    view: SeatView


@dataclass
class Table:
    id: str
    code: str
    seats: list[Seat]
    deals: int = 9
    seed: str | None = None
    scoring: str = "sf"
    takeover: float | None = None
    takeover_level: str = "normal"
    match: Match | None = None
    rules: RuleSet = TOURNAMENT
    """The rule set the host chose (the match's, once it starts)."""
    answered_at: int = -1
    """History length of the current deal at which a claim or giving up was
    refused (the question is then closed)."""
    ready: set[int] = field(default_factory=set)
    """Players who asked for the next deal."""
    version: int = 0
    """Counts the changes (a bot's answer for an older version is dropped)."""
    created: float = 0.0
    played_on: list[tuple[int, str, int]] = field(default_factory=list)
    """Refused claims and give-ups not told yet: (player, 'claim' or 'give
    up', cards of the deal played then); the server sends them as notes."""
    ops: list[Any] = field(default_factory=list)
    """The match's changes since the last journal entry: ``"start"``, ``"next"``
    (deal) or an action as the records write it (see :meth:`journal_entry`)."""
    journaled: int = -1
    """The version the last journal entry (or the save it was read from) ends at."""
    _cache: RecordCache = field(default_factory=RecordCache)
    _rules_wire: Any = None
    """The rules as messages carry them (worked out once: they never change)."""

    # -- building ---------------------------------------------------------------

    @classmethod
    def create(cls, spec: Create, now: float = 0.0) -> Table:
        seats = []
        for i, s in enumerate(spec.seats):
            name = s.name
            if s.level is not None and name is None:
                name = f"Bot {i + 1}"
            seats.append(Seat(name, s.level))
        names = [s.name for s in seats if s.name is not None]
        if len(set(names)) != len(names):
            raise ProtocolError("field", "seats: two seats have the same name", "seats")
        table = cls(secrets.token_hex(TABLE_ID_LEN // 2), new_code(), seats, spec.deals,
                    spec.seed, spec.scoring, spec.takeover, spec.takeover_level,
                    rules=spec.rules, created=now)
        table._start_if_full()
        return table

    def _start_if_full(self) -> None:
        if self.match is None and all(s.taken for s in self.seats):
            names = tuple(s.name or "?" for s in self.seats)
            self.match = Match.start(names, self.deals, Scoring(self.scoring), self.seed,
                                     rules=self.rules)
            self.seed = self.match.config.seed
            self.ops.append("start")
            self.version += 1

    # -- people ---------------------------------------------------------------

    def names(self) -> list[str | None]:
        return [s.name for s in self.seats]

    def join(self, name: str) -> tuple[int, str]:
        """Give ``name`` a free seat: the one the host kept for that name, else
        the first open one.  Returns the player and the seat's new token."""
        free = [i for i, s in enumerate(self.seats) if not s.taken]
        if not free:
            raise ProtocolError("full", "every seat at this table is taken")
        kept = [i for i in free if self.seats[i].name == name]
        if not kept:
            if any(s.name == name for s in self.seats):
                raise ProtocolError("name-taken", f"someone called {name!r} sits at this "
                                    "table already: choose another name", "name")
            kept = [i for i in free if self.seats[i].name is None]
            if not kept:
                raise ProtocolError("full", "the free seats are kept for "
                                    + ", ".join(repr(self.seats[i].name) for i in free))
        player = kept[0]
        token = new_token()
        seat = self.seats[player]
        seat.name = name
        seat.token = token_hash(token)
        self.version += 1
        self._start_if_full()
        return player, token

    def player_of(self, token: str) -> int:
        """The seat a token belongs to; :class:`ProtocolError` 'token' otherwise."""
        h = token_hash(token)
        found = -1
        for i, s in enumerate(self.seats):
            if s.token is not None and hmac.compare_digest(s.token, h):
                found = i
        if found < 0:
            raise ProtocolError("token", "this token holds no seat at this table", "token")
        return found

    def controlled_by_bot(self, player: int, now: float) -> bool:
        """A bot plays this seat now: a bot's seat, or a person away longer
        than the host allowed."""
        seat = self.seats[player]
        if seat.is_bot:
            return True
        if self.takeover is None or seat.connected or seat.away_since is None:
            return False
        return now - seat.away_since >= self.takeover

    def takeover_due(self, now: float) -> float | None:
        """When a bot steps in for the person the table waits for (None: no one)."""
        if self.takeover is None:
            return None
        for p in self.waiting_for():
            seat = self.seats[p]
            if (not seat.is_bot and not seat.connected and seat.away_since is not None
                    and not self.controlled_by_bot(p, now)):
                return seat.away_since + self.takeover
        return None

    def settle(self, now: float) -> bool:
        """Let bots answer what they are asked (also for someone away longer
        than allowed) and deal the next hand when due; True if that changed
        the table."""
        match, answered = self.match, self.answered_at
        self._move_on(now)
        if self.match is not match or self.answered_at != answered:
            self.version += 1
            return True
        return False

    # -- the deal -------------------------------------------------------------

    @property
    def status(self) -> str:
        """'waiting' (for people to join), 'playing', 'between' (deals) or 'over'."""
        m = self.match
        if m is None:
            return "waiting"
        if m.is_over:
            return "over"
        if m.deal_finished:
            return "between"
        return "playing"

    def player_to_move(self) -> int | None:
        m = self.match
        if m is None or m.current is None or m.current.to_move < 0:
            return None
        return m.seats[m.current.to_move]

    def question(self) -> tuple[str, list[int]]:
        """The open question: ('claim' | 'give up', the players still asked),
        or ('', [])."""
        m = self.match
        state = m.current if m is not None else None
        if m is None or state is None or state.phase != Phase.PLAYING:
            return "", []
        if len(state.history) == self.answered_at:
            return "", []
        kind = ""
        resigned = False
        for _, action in reversed(state.history):
            if isinstance(action, Claim):
                kind = "claim"
                break
            if not isinstance(action, Resign):
                break
            resigned = True
        if not kind and resigned:
            kind = "give up"
        if not kind:
            return "", []
        s = state.soloist
        asked = [m.seats[d] for d in ((s + 1) % 3, (s + 2) % 3) if not state.resigned >> d & 1]
        return kind, asked

    def waiting_for(self) -> list[int]:
        """The players the table waits for now."""
        status = self.status
        if status == "waiting":
            return [i for i, s in enumerate(self.seats) if not s.taken]
        if status == "between":
            return [i for i, s in enumerate(self.seats)
                    if not s.is_bot and s.connected and i not in self.ready]
        if status != "playing":
            return []
        kind, asked = self.question()
        if kind:
            return asked
        p = self.player_to_move()
        return [] if p is None else [p]

    def sitting_out(self) -> int | None:
        """At a table of four, the dealer, who sits the deal out (None at three)."""
        m = self.match
        return m.dealer if m is not None and len(self.seats) == 4 else None

    def view(self, player: int) -> SeatView | None:
        m = self.match
        if m is None or m.current is None:
            return None
        seat = m.seat_of(player)
        return None if seat is None else m.current.view(seat)

    # -- acting -----------------------------------------------------------------

    def act(self, player: int, seq: int, action: Action | TableAction, now: float) -> bool:
        """A person's action.  False if ``seq`` was applied already (a repeat:
        nothing happens); True when applied.  Raises :class:`ProtocolError`
        naming the rule or the reason; the table is then unchanged."""
        seat = self.seats[player]
        if seq <= seat.last_seq:
            return False
        m = self.match
        if m is None:
            raise ProtocolError("not-started", "the match starts when every seat is taken")
        if m.is_over:
            raise ProtocolError("over", "the match is over")
        if self.controlled_by_bot(player, now):
            raise ProtocolError("bot-playing", "a bot plays this seat while you are away")
        if action == "next":
            if not m.deal_finished:
                raise ProtocolError("not-now", "the deal is still being played", "action")
            self.ready.add(player)
        else:
            self._act_in_deal(player, action)
        seat.last_seq = seq
        self.version += 1
        self._move_on(now)
        return True

    def _act_in_deal(self, player: int, action: Action | TableAction) -> None:
        m = self.match
        assert m is not None
        state = m.current
        if state is None or state.is_over:
            raise ProtocolError("not-now", "the deal is over: send next for the next one",
                                "action")
        seat = m.seat_of(player)
        if seat is None:
            raise ProtocolError("not-now", "you deal and sit this deal out", "action")
        kind, asked = self.question()
        if action in ("accept", "refuse"):
            if player not in asked:
                raise ProtocolError("not-asked", "nobody asks you anything now", "action")
            if action == "refuse":
                self._refused(player, kind)
                return
            self._apply(Resign(seat))
            return
        assert not isinstance(action, str)
        if kind:
            raise ProtocolError("asked", f"the {kind} must be answered first", "action",
                                "CLAIM" if kind == "claim" else "RESIGN")
        if isinstance(action, Claim):
            if not state.can_claim(seat) or (state.trick and state.to_move != seat):
                raise ProtocolError("illegal", "a claim is the soloist's, between tricks or "
                                    "on his turn", "action", "CLAIM")
            self._apply(action)
            return
        if isinstance(action, Resign):
            if not state.can_resign(seat):
                raise ProtocolError("illegal", "giving up is possible only during play",
                                    "action", "RESIGN")
            self._apply(Resign(seat))
            return
        if state.to_move != seat:
            raise ProtocolError("illegal", f"it is not your turn "
                                f"({self.seats[m.seats[state.to_move]].name} is to move)"
                                if state.to_move >= 0 else "it is not your turn",
                                "action", "TURN")
        self._apply(action)

    def _apply(self, action: Action) -> None:
        m = self.match
        assert m is not None
        try:
            self.match = m.apply(action)
        except IllegalActionError as e:
            raise ProtocolError("illegal", str(e), "action", e.rule.name) from None
        except ValueError as e:
            raise ProtocolError("illegal", str(e), "action") from None
        self.ops.append(action_to_dict(action.seat if isinstance(action, Resign) else 0, action))

    def _refused(self, player: int, kind: str) -> None:
        """``player`` plays on: the question is closed, and the others are told."""
        state = self.match.current if self.match is not None else None
        if state is None:
            return
        self.answered_at = len(state.history)
        plays = sum(1 for _, a in state.history if isinstance(a, Play))
        self.played_on.append((player, kind, plays))

    def bot_turn(self, now: float) -> BotTurn | None:
        """The bot the table waits for, if any (its view only)."""
        if self.status != "playing" or self.question()[0]:
            return None
        player = self.player_to_move()
        if player is None or not self.controlled_by_bot(player, now):
            return None
        seat = self.seats[player]
        view = self.view(player)
        assert view is not None and self.match is not None
        return BotTurn(self.version, player, seat.level or self.takeover_level,
                       bot_seed(self.match.config.seed, player), view)

    def apply_bot(self, turn: BotTurn, action: Action, now: float) -> bool:
        """Apply a bot's choice if the table is still where it was asked."""
        if turn.version != self.version:
            return False
        current = self.bot_turn(now)
        if current is None or current.player != turn.player:
            return False
        if action not in turn.view.legal:
            action = turn.view.legal[0]
        self._apply(action)
        self.version += 1
        self._move_on(now)
        return True

    def _move_on(self, now: float) -> None:
        """Bots answer an open question; the next deal starts when everyone
        present asked for it."""
        m = self.match
        if m is None:
            return
        while True:
            kind, asked = self.question()
            if not kind:
                break
            bots = [p for p in asked if self.controlled_by_bot(p, now)]
            if not bots:
                break
            view = self.view(bots[0])
            assert view is not None and m.current is not None
            yes = accepts_claim(view) if kind == "claim" else agrees_to_give_up(view)
            if yes:
                self._apply(Resign(view.seat))
            else:
                self._refused(bots[0], kind)
        m = self.match
        if m is None:
            return
        if (m.deal_finished and not m.is_over and not self.waiting_for()
                and any(s.connected for s in self.seats if not s.is_bot)):
                self.match = m.next_deal()
                self.ops.append("next")
                self.ready.clear()
                self.answered_at = -1

    def connect(self, player: int, connected: bool, now: float) -> None:
        seat = self.seats[player]
        seat.connected = connected
        seat.away_since = None if connected else now
        self.version += 1
        self._move_on(now)

    # -- what each person is sent ---------------------------------------------

    def finished_record(self, number: int) -> JsonObject:
        """The record of finished deal ``number`` (every card is public then)."""
        m = self.match
        assert m is not None
        return outcome_record(m, m.outcomes[number])

    def state_common(self, now: float) -> JsonObject:
        """The part of the ``state`` message that is the same for every seat
        (built once per change, not once per seat)."""
        m = self.match
        kind, asked = self.question()
        waiting = self.waiting_for()
        playing = self.status == "playing"
        players = []
        for i, s in enumerate(self.seats):
            players.append({
                "name": s.name,
                "bot": s.level,
                "taken": s.taken,
                "connected": s.is_bot or s.connected,
                "bot_playing": not s.is_bot and self.controlled_by_bot(i, now),
                "thinking": i in waiting and playing,
            })
        return {
            "type": "state",
            "table": self.id,
            "status": self.status,
            "version": self.version,
            "players": players,
            "deals": self.deals,
            "scoring": self.scoring,
            "rules": self.rules_wire,
            "seed": self.seed,
            "finished": len(m.outcomes) if m is not None else 0,
            "deal": m.deal_number if m is not None else 0,
            "actions": len(m.current.history) if m is not None and m.current else 0,
            "dealer": m.dealer if m is not None else 0,
            "sitting_out": self.sitting_out(),
            "totals": list(m.totals()) if m is not None else [0] * len(self.seats),
            "question": {"kind": kind, "asked": asked} if kind else None,
            "waiting_for": waiting,
            "paused": [p for p in waiting if not self.seats[p].is_bot
                       and not self.seats[p].connected and not self.controlled_by_bot(p, now)],
        }

    @property
    def rules_wire(self) -> Any:
        if self._rules_wire is None:
            self._rules_wire = rules_json(self.rules)
        return self._rules_wire

    def state_text(self, player: int, common: str) -> str:
        """:meth:`state_json` as the text of its frame, ``common`` being the
        text of :meth:`state_common` (encoded once for every seat)."""
        from .protocol import view_text

        view = self.view(player)
        body = "null" if view is None else view_text(view, with_rules=False)
        return (f'{common[:-1]},"player":{player},"last_seq":{self.seats[player].last_seq},'
                f'"view":{body}}}')

    def state_json(self, player: int, now: float,
                   common: JsonObject | None = None) -> JsonObject:
        """The ``state`` message for ``player``: the table and that seat's view
        (``common`` is :meth:`state_common`, if built already for this change)."""
        from .protocol import view_to_json

        view = self.view(player)
        return {
            **(common if common is not None else self.state_common(now)),
            "player": player,
            "last_seq": self.seats[player].last_seq,
            "view": None if view is None else view_to_json(view, with_rules=False),
        }

    # -- saving -----------------------------------------------------------------

    def to_doc(self, with_match: bool = True) -> JsonObject:
        doc: JsonObject = {
            "format": FORMAT,
            "version": VERSION,
            "id": self.id,
            "code": self.code,
            "seats": [s.to_json() for s in self.seats],
            "deals": self.deals,
            "seed": self.seed,
            "scoring": self.scoring,
            "takeover": self.takeover,
            "takeover_level": self.takeover_level,
            "rules": self.rules.to_dict(),
            "answered_at": self.answered_at,
            "changes": self.version,
            "ready": sorted(self.ready),
            "created": self.created,
        }
        if with_match:
            doc["match"] = None if self.match is None else match_to_dict(self.match,
                                                                         cache=self._cache)
        return doc

    def to_text(self) -> str:
        """The save file's text: :meth:`to_doc` as JSON, the finished deals'
        texts reused from the cache instead of encoded again every save."""
        def dumps(value: Any) -> str:
            return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

        head = dumps(self.to_doc(with_match=False))
        if self.match is None:
            return head[:-1] + ',"match":null}'
        match = match_to_dict(self.match, cache=self._cache)
        current = match.pop("current")
        del match["finished"]
        finished = ",".join(text for _, text in self._cache.entries(self.match))
        return (f'{head[:-1]},"match":{dumps(match)[:-1]},"finished":[{finished}],'
                f'"current":{dumps(current)}}}}}')

    def saved(self) -> None:
        """The table as it is now is in a save: no journal entry is owed."""
        self.ops = []
        self.journaled = self.version

    def journal_entry(self) -> str:
        """One line of the server's journal: the changes since the last entry
        (the table's head, which is small, whole; the match's actions and
        deals one by one), from version ``from`` to ``v``.  :meth:`replay`
        applies it to the table as it was at ``from``."""
        head = {"id": self.id, "seats": [s.to_json() for s in self.seats], "seed": self.seed,
                "answered_at": self.answered_at, "ready": sorted(self.ready)}
        entry = {"t": self.id, "from": self.journaled, "v": self.version, "head": head,
                 "ops": self.ops}
        self.saved()
        return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))

    def replay(self, entry: Any) -> bool:
        """Apply a journal entry read back: True if applied, False if the
        table's save has it already; ValueError (a RecordError for an
        action) if it does not follow on from the table as it is."""
        if not isinstance(entry, dict) or not isinstance(entry.get("v"), int):
            raise ValueError("not a journal entry")
        if entry["v"] <= self.journaled:
            return False
        if entry.get("from") != self.journaled:
            raise ValueError(f"journal: table {self.id} has a gap from version "
                             f"{self.journaled} to {entry.get('from')!r}")
        head = entry["head"]
        if not isinstance(head, dict) or head.get("id") != self.id:
            raise ValueError("journal: the entry's head is not this table's")
        self.seats = [Seat(s["name"], s["level"], s["token"], int(s["last_seq"]))
                      for s in head["seats"]]
        self.seed = head.get("seed")
        self.answered_at = int(head["answered_at"])
        self.ready = set(head.get("ready", []))
        fail = _journal_fail
        for i, op in enumerate(entry["ops"]):
            if op == "start":
                self.match = None
                self._start_if_full()
                if self.match is None:
                    raise ValueError("journal: a match started before every seat was taken")
            elif self.match is None:
                raise ValueError("journal: a change to a match not started")
            elif op == "next":
                self.match = self.match.next_deal()
            else:
                _, action = parse_action(op, f"ops[{i}]", fail)
                self.match = self.match.apply(action)
        self.saved()
        self.journaled = int(entry["v"])
        self.version = self.journaled + 1
        return True

    @classmethod
    def from_doc(cls, doc: Any) -> Table:
        """Read a saved table; ValueError (a RecordError for the match) names
        what is wrong."""
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError("not a saved skat table")
        if doc.get("version") != VERSION:
            raise ValueError(f"table format version {doc.get('version')!r}; this server "
                             f"reads {VERSION}")
        seats = []
        for s in doc["seats"]:
            seat = Seat(s["name"], s["level"], s["token"], int(s["last_seq"]))
            seats.append(seat)
        if len(seats) not in (3, 4):
            raise ValueError("seats: three or four seats")
        match = None
        if doc.get("match") is not None:
            match = match_from_dict(doc["match"]).match
        # tables saved before the host chose the rules are tournament tables
        rules = RuleSet.from_dict(doc.get("rules", TOURNAMENT.to_dict()))
        if match is not None and match.config.rules != rules:
            raise ValueError("rules: the table's rules are not its match's")
        changes = int(doc.get("changes", 0))
        return cls(
            str(doc["id"]), str(doc["code"]), seats, int(doc["deals"]), doc.get("seed"),
            str(doc["scoring"]), doc.get("takeover"), str(doc["takeover_level"]), match,
            rules, int(doc["answered_at"]), set(doc.get("ready", [])),
            changes + 1, float(doc.get("created", 0.0)), journaled=changes,
        )


__all__ = ["BotTurn", "Seat", "Table", "new_code", "show_code", "token_hash"]

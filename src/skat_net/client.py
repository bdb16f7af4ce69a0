"""An asyncio client for one seat at a table.

:class:`TableClient` joins with an invitation code (or comes back with a
seat token), keeps the latest ``state`` and the finished deals' records, and
sends actions with sequence numbers.  When the connection drops it
reconnects by itself with backoff and sends again every action the server
has not acknowledged: the server applies a sequence number once, so nothing
is lost and nothing is applied twice.  Nothing here ever blocks: the app
calls :meth:`TableClient.act` and learns the outcome from the callbacks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from skat_core.game import Action
from skat_core.ruleset import RuleSet
from skat_core.views import SeatView

from .protocol import (
    CODE_ALPHABET,
    CODE_LEN,
    MAX_MESSAGE,
    PROTOCOL,
    JsonObject,
    ProtocolError,
    TableAction,
    action_json,
    normal_code,
    parse_rules,
    view_from_json,
)

log = logging.getLogger(__name__)

DEFAULT_PORT = 7878
DEFAULT_SERVER = f"ws://127.0.0.1:{DEFAULT_PORT}"
FATAL = ("version", "token", "code", "full", "name-taken", "name", "limit")
"""Error codes after which reconnecting cannot help."""


def parse_invitation(text: str, server: str | None = None) -> tuple[str, str]:
    """``CODE`` or ``ws[s]://host:port/CODE`` as (server URL, code).

    >>> parse_invitation("k7qm-3xpa")
    ('ws://127.0.0.1:7878', 'K7QM3XPA')
    >>> parse_invitation("wss://skat.example.org/K7QM-3XPA")
    ('wss://skat.example.org', 'K7QM3XPA')
    """
    if "://" in text:
        parts = urlsplit(text)
        if parts.scheme not in ("ws", "wss") or not parts.netloc:
            raise ValueError(f"an invitation is CODE or ws://host:port/CODE, not {text!r}")
        code = normal_code(parts.path.strip("/").split("/")[-1] or parts.fragment)
        url = f"{parts.scheme}://{parts.netloc}"
    else:
        code, url = normal_code(text), server or DEFAULT_SERVER
    if len(code) != CODE_LEN or any(ch not in CODE_ALPHABET for ch in code):
        raise ValueError(f"an invitation code has {CODE_LEN} letters and digits such as "
                         f"K7QM-3XPA, not {text!r}")
    return url, code


@dataclass
class ClientState:
    """What the client knows of its table (all from the server)."""

    table: str | None = None
    token: str | None = None
    player: int = -1
    state: JsonObject | None = None
    view: SeatView | None = None
    records: dict[int, JsonObject] = field(default_factory=dict)
    """The finished deals' records by number."""


class TableClient:
    """One seat's connection, reconnecting by itself.

    Callbacks (all optional, called on the event loop): ``on_state(client)``
    after each state, ``on_deal(client, number)`` after a finished deal's
    record, ``on_note(client, note)``, ``on_error(client, error)`` for an
    error reply, ``on_connection(client, connected)`` and
    ``on_fatal(client, error)`` when the client gives up.
    """

    def __init__(
        self,
        url: str,
        *,
        code: str | None = None,
        name: str | None = None,
        table: str | None = None,
        token: str | None = None,
        tls: ssl.SSLContext | None = None,
        backoff: tuple[float, float] = (0.2, 5.0),
    ) -> None:
        if token is None and (code is None or name is None):
            raise ValueError("a client joins with a code and a name, or comes back with a token")
        self.url = url
        self.code = code
        self.name = name
        self.known = ClientState(table=table, token=token)
        self.tls = tls
        self.backoff = backoff
        self.connected = False
        self.closed = False
        self.fatal: ProtocolError | None = None
        self._ws: ClientConnection | None = None
        self._conn_no = 0
        """Counts the connections (an action records the one it went out on)."""
        self._seq = 0
        self._pending: dict[int, JsonObject] = {}
        self._waiters: dict[int, asyncio.Future[bool]] = {}
        self._task: asyncio.Task[None] | None = None
        self._sends: set[asyncio.Future[None]] = set()
        self._welcomed = asyncio.Event()
        self.on_state: Callable[[TableClient], None] | None = None
        self.on_deal: Callable[[TableClient, int], None] | None = None
        self.on_note: Callable[[TableClient, JsonObject], None] | None = None
        self.on_error: Callable[[TableClient, ProtocolError], None] | None = None
        self.on_connection: Callable[[TableClient, bool], None] | None = None
        self.on_fatal: Callable[[TableClient, ProtocolError], None] | None = None
        self.lazy_views = False
        """True: a state's view is read only when asked for (the load
        benchmark's simulated players, who look at few of them)."""
        self._rules: tuple[Any, RuleSet | None] = (None, None)
        """The latest state's rules as sent, and as read."""
        self.frames: list[str] | None = None
        """Every frame received, when set to a list (the tests' frame scan)."""

    # -- running ----------------------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        if self._task is None:
            self._task = asyncio.ensure_future(self._run())
        return self._task

    async def wait_welcome(self, timeout: float = 10.0) -> None:
        """Until the server gave this client its seat (or it gave up)."""
        await asyncio.wait_for(self._welcomed.wait(), timeout)
        if self.fatal is not None:
            raise self.fatal

    async def close(self) -> None:
        self.closed = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    def drop(self) -> None:
        """Cut the connection as a network failure would (tests)."""
        if self._ws is not None:
            self._ws.transport.abort()

    async def _run(self) -> None:
        failures = 0
        while not self.closed and self.fatal is None:
            try:
                async with connect(self.url, ssl=self.tls, max_size=4 * MAX_MESSAGE * 64,
                                   compression=None,
                                   open_timeout=5, close_timeout=1) as ws:
                    self._ws = ws
                    self._conn_no += 1
                    await ws.send(json.dumps(self._opening()))
                    async for raw in ws:
                        if isinstance(raw, bytes):
                            continue
                        if self.frames is not None:
                            self.frames.append(raw)
                        if await self._handle(raw):
                            failures = 0
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as e:
                log.info("connection lost: %s", e)
            finally:
                self._ws = None
                if self.connected:
                    self.connected = False
                    self._callback(self.on_connection, False)
            if self.closed or self.fatal is not None:
                break
            failures += 1
            low, high = self.backoff
            delay = min(high, low * 2 ** min(failures - 1, 10))
            await asyncio.sleep(delay * random.uniform(0.7, 1.3))
        self._welcomed.set()

    def _opening(self) -> JsonObject:
        k = self.known
        if k.token is not None and k.table is not None:
            return {"type": "resume", "protocol": PROTOCOL, "table": k.table, "token": k.token}
        return {"type": "join", "protocol": PROTOCOL, "code": self.code, "name": self.name}

    def _callback(self, fn: Callable[..., None] | None, *args: Any) -> None:
        if fn is not None:
            try:
                fn(self, *args)
            except Exception:
                log.exception("client callback failed")

    async def _handle(self, raw: str) -> bool:
        try:
            msg = json.loads(raw)
        except ValueError:
            return False
        if not isinstance(msg, dict):
            return False
        kind = msg.get("type")
        k = self.known
        if kind == "welcome":
            k.table = str(msg.get("table"))
            k.player = int(msg.get("player", -1))
            if isinstance(msg.get("token"), str):
                k.token = msg["token"]
            self.connected = True
            self._welcomed.set()
            self._callback(self.on_connection, True)
            return True
        if kind == "state":
            k.state = msg
            k.view = None
            if not self.lazy_views and not self._read_view():
                return True
            last = msg.get("last_seq")
            if isinstance(last, int):
                self._seq = max(self._seq, last)
                for seq in [s for s in self._pending if s <= last]:
                    self._settle(seq, True)
            await self._resend()
            self._callback(self.on_state)
        elif kind == "deal":
            number, record = msg.get("number"), msg.get("record")
            if isinstance(number, int) and isinstance(record, dict):
                k.records[number] = record
                self._callback(self.on_deal, number)
        elif kind == "note":
            self._callback(self.on_note, msg)
        elif kind == "ack":
            acked = msg.get("seq")
            if isinstance(acked, int):
                self._settle(acked, True)
        elif kind == "error":
            err = ProtocolError(str(msg.get("code")), str(msg.get("message")),
                                msg.get("field"), msg.get("rule"))
            refused = msg.get("seq")
            if isinstance(refused, int):
                self._settle(refused, False)
            if err.code in FATAL and not self.connected:
                self.fatal = err
                self._callback(self.on_fatal, err)
                if self._ws is not None:
                    await self._ws.close()
            self._callback(self.on_error, err)
        return True

    def _settle(self, seq: int, ok: bool) -> None:
        self._pending.pop(seq, None)
        fut = self._waiters.pop(seq, None)
        if fut is not None and not fut.done():
            fut.set_result(ok)

    async def _resend(self) -> None:
        """After (re)connecting: the actions not acknowledged, in order, once."""
        if self._ws is None:
            return
        for seq in sorted(self._pending):
            msg = self._pending[seq]
            if msg.get("_sent_on") != self._conn_no:
                msg["_sent_on"] = self._conn_no
                await self._send({k: v for k, v in msg.items() if k != "_sent_on"})

    async def _send(self, msg: JsonObject) -> None:
        if self._ws is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await self._ws.send(json.dumps(msg))

    # -- acting -----------------------------------------------------------------

    def act(self, action: Action | TableAction | JsonObject) -> asyncio.Future[bool]:
        """Send an action; the future says whether the server took it (False:
        it answered with an error, given to ``on_error`` too).  While the
        connection is down the action waits and goes out on reconnecting.
        A dict is an action as the protocol writes it, sent as it is (the
        load benchmark sends one of the view's ``legal`` list unread)."""
        if isinstance(action, dict):
            body = action
        else:
            body = {"type": action} if isinstance(action, str) else action_json(action)
        self._seq += 1
        seq = self._seq
        msg: JsonObject = {"type": "act", "seq": seq, "action": body}
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending[seq] = msg
        self._waiters[seq] = fut
        if self.connected and self._ws is not None:
            msg["_sent_on"] = self._conn_no
            task = asyncio.ensure_future(self._send({"type": "act", "seq": seq,
                                                     "action": body}))
            self._sends.add(task)
            task.add_done_callback(self._sends.discard)
        return fut

    @property
    def pending(self) -> int:
        return len(self._pending)

    def _read_view(self) -> bool:
        """The seat's view from the latest state; False (and ``on_error``) if
        the server sent one that cannot be read."""
        k = self.known
        raw = None if k.state is None else k.state.get("view")
        try:
            rules = self.rules  # a state with unreadable rules is refused whole
            k.view = None if raw is None else view_from_json(raw, rules)
        except ProtocolError as e:
            self._callback(self.on_error, e)
            return False
        return True

    @property
    def view(self) -> SeatView | None:
        k = self.known
        if self.lazy_views and k.view is None and k.state is not None:
            self._read_view()
        return k.view

    @property
    def state(self) -> JsonObject | None:
        return self.known.state

    @property
    def rules(self) -> RuleSet:
        """The table's rule set, as its latest state says (a malformed one
        raises :class:`ProtocolError`)."""
        raw = None if self.known.state is None else self.known.state.get("rules", "tournament")
        if raw != self._rules[0] or self._rules[1] is None:
            self._rules = (raw, parse_rules(raw))
        rules = self._rules[1]
        assert rules is not None
        return rules


async def create_table(url: str, create: JsonObject, tls: ssl.SSLContext | None = None,
                       timeout: float = 10.0) -> JsonObject:
    """Create a table on a running server; the ``created`` message (table id
    and invitation code).  Raises :class:`ProtocolError` for an error reply."""
    async with connect(url, ssl=tls, open_timeout=timeout) as ws:
        await ws.send(json.dumps(create))
        reply = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    if reply.get("type") == "error":
        raise ProtocolError(str(reply.get("code")), str(reply.get("message")),
                            reply.get("field"))
    if reply.get("type") != "created":
        raise ProtocolError("malformed", f"unexpected reply {reply.get('type')!r}")
    return dict(reply)


__all__ = ["DEFAULT_SERVER", "TableClient", "create_table", "parse_invitation"]

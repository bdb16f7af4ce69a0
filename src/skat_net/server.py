"""The table server: WebSocket connections in, one :class:`~.tables.Table`
per match, every table saved atomically after every change.

The server owns the matches.  A client sends actions; the server checks them
with the engine and answers each one (``ack`` or ``error``), then sends every
seat of the table its own ``state`` (its seat's view only).  Bots think in a
process pool (or threads), never on the event loop.  docs/protocol.md has
the messages; the limits (message size and rate, tables, connections) are
:class:`Limits`.

Run it with ``skat serve``; tests and ``skat host`` start it in-process with
:func:`start_server`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import multiprocessing
import os
import signal
import ssl
import threading
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from skat_core.bots import make_bot
from skat_core.game import Action
from skat_core.views import SeatView

from .protocol import (
    MAX_MESSAGE,
    PROTOCOL,
    Act,
    ClientMessage,
    Create,
    Join,
    Ping,
    ProtocolError,
    Resume,
    encode,
    parse_client_message,
)
from .store import JOURNAL_MAX, Journal, load_tables, write_atomically
from .tables import BotTurn, Table, show_code

log = logging.getLogger(__name__)

CLOSE_VERSION = 4000
CLOSE_LIMIT = 4001
CLOSE_REPLACED = 4002
CLOSE_ABUSE = 4003


@dataclass(frozen=True, slots=True)
class Limits:
    """What one server allows (docs/protocol.md, Limits)."""

    max_tables: int = 400
    """Tables whose match is not over."""
    max_connections: int = 1500
    max_per_address: int = 64
    """Connections from one IP address."""
    rate: float = 20.0
    """Messages per second a connection may send on average ..."""
    burst: int = 40
    """... and at once."""
    opening_timeout: float = 15.0
    """Seconds a new connection has to send its first message."""
    max_failures: int = 10
    """Refused joins and resumes (wrong codes or tokens) before a connection is closed."""
    max_creates: int = 5
    """Tables one connection may create."""


def choose_action(level: str, seed: str, view: SeatView) -> Action:
    """A bot's action (runs in the bot pool; a failing bot plays its first
    legal action, so a broken bot never stops a table)."""
    try:
        action = view.legal[0] if len(view.legal) == 1 else make_bot(level, seed).choose(view)
        if action in view.legal:
            return action
    except Exception:  # the table must go on
        log.exception("bot %s failed", level)
    return view.legal[0]


def watch_server(server: int) -> None:
    """In a bot worker: end when the server process is gone (also after a
    kill -9, which gives the pool no chance to stop its workers)."""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="watch-server").start()


def _seq_of(raw: str | bytes) -> int | None:
    """The sequence number of an action refused unread (too many messages),
    so that its sender knows it was not applied and may send it again."""
    try:
        message = json.loads(raw)
    except ValueError:
        return None
    seq = message.get("seq") if isinstance(message, dict) else None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


class _Connection(ServerConnection):
    """A connection that can send several messages in one write: an action's
    ``ack`` and the ``state`` after it reach the acting client in one TCP
    segment, one system call instead of two (on a busy server the calls that
    send are the largest cost per action)."""

    async def send_all(self, texts: list[str]) -> None:
        async with self.send_context():
            for text in texts:
                self.protocol.send_text(text.encode())
            # only data frames are queued here (no end of stream): one write for all
            self.transport.write(b"".join(self.protocol.data_to_send()))

    def write_all(self, texts: list[str]) -> bool:
        """Queue ``texts`` on the socket now, without waiting for the socket
        to drain (:meth:`drained` waits); False if the connection is not open
        (it is closing: its client resumes and is sent the table afresh)."""
        if self.protocol.state is not State.OPEN:
            return False
        for text in texts:
            self.protocol.send_text(text.encode())
        self.transport.write(b"".join(self.protocol.data_to_send()))
        return True

    async def drained(self) -> None:
        """Wait while the socket's buffer is above its limit (flow control)."""
        async with self.send_context():
            pass


class _Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _cpu_of(pid: int) -> float:
    """CPU seconds of a running child process (a bot worker; Linux's /proc,
    0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


@dataclass
class ServerStats:
    """What ``skat bench server`` reads back from the server it ran: every
    action applied, and how long each person's action took inside the server
    (from its message to its ``ack``, the save included)."""

    applied: int = 0
    by_bots: int = 0
    handled: list[float] = field(default_factory=list)
    """Seconds per person's action, the first 1,000,000 ..."""
    handled_at: list[float] = field(default_factory=list)
    """... and when each was acknowledged (``time.monotonic()``)."""
    bots_at: list[float] = field(default_factory=list)
    """When each bot action was applied, the first 1,000,000."""

    def handled_in(self, seconds: float) -> None:
        if len(self.handled) < 1_000_000:
            self.handled.append(seconds)
            self.handled_at.append(time.monotonic())

    def bot_applied(self) -> None:
        self.applied += 1
        self.by_bots += 1
        if len(self.bots_at) < 1_000_000:
            self.bots_at.append(time.monotonic())

    def to_json(self) -> dict[str, Any]:
        import resource

        own = resource.getrusage(resource.RUSAGE_SELF)
        return {"applied": self.applied, "by_bots": self.by_bots,
                "cpu_seconds": own.ru_utime + own.ru_stime,
                "bot_cpu_seconds": sum(_cpu_of(c.pid) for c in multiprocessing.active_children()
                                       if c.pid is not None),
                "handled": self.handled, "handled_at": self.handled_at,
                "bots_at": self.bots_at}


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    address: str
    bucket: _Bucket
    table: str | None = None
    player: int = -1
    failures: int = 0
    refused: int = 0
    creates: int = 0


@dataclass(eq=False)
class _Live:
    """A table with what the server keeps beside it."""

    table: Table
    path: Path
    saved_version: int = -1
    """The table's version known to be on disk (its save or the journal)."""
    needed_version: int = -1
    """The latest version a change asked to have on disk."""
    entry: asyncio.Future[None] | None = None
    """The table's last journal line: done once it is on disk ..."""
    entry_version: int = -1
    """... and the version it ends at."""
    snapshot: asyncio.Future[None] | None = None
    """The save (``<table>.json``) being written now, if any ..."""
    snapshot_version: int = -1
    """... the version of the last save on disk ..."""
    snapshot_again: bool = False
    """... and whether another is wanted once it is written."""
    snapshot_outcomes: int = 0
    """Finished deals in the last save asked for (a deal's end asks for one)."""
    unsaved_from: int | None = None
    """The journal file of the table's first line not in a save on disk
    (None: its save has every change journaled) ..."""
    after_snapshot: int | None = None
    """... and of its first line since the save being written began."""
    sent_version: int = -1
    """The version every seat was last sent."""
    conns: dict[int, _Conn] = field(default_factory=dict)
    thinking: int = -1
    """The version a bot was asked about."""
    timer: asyncio.TimerHandle | None = None
    outcomes_sent: int = 0


class TableServer:
    """The tables and the connections of one server process."""

    def __init__(
        self,
        data_dir: Path,
        *,
        limits: Limits | None = None,
        bot_delay: float = 0.7,
        bot_pool: str = "process",
        bot_workers: int = 1,
        sync: bool = True,
        journal_max: int = JOURNAL_MAX,
    ) -> None:
        self.stats = ServerStats()
        self.data_dir = Path(data_dir)
        self.tables_dir = self.data_dir / "tables"
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        self.limits = limits or Limits()
        self.bot_delay = bot_delay
        self.sync = sync
        self.pool: concurrent.futures.Executor
        if bot_pool == "process":
            self.pool = concurrent.futures.ProcessPoolExecutor(
                bot_workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_server, initargs=(os.getpid(),))
        else:
            self.pool = concurrent.futures.ThreadPoolExecutor(bot_workers,
                                                              thread_name_prefix="bot")
        self.saver = concurrent.futures.ThreadPoolExecutor(8, thread_name_prefix="save")
        """Writes and syncs the tables' saves, off the event loop (a few at
        once: a sync mostly waits for the disk, which commits concurrent syncs
        together)."""
        self.live: dict[str, _Live] = {}
        self.codes: dict[str, str] = {}
        self.conns: set[_Conn] = set()
        self.per_address: dict[str, int] = defaultdict(int)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._load()
        self.journal = Journal(self.tables_dir, sync, journal_max)
        self.journal.remove_before(self.journal.number)  # every table saved by _load

    # -- tables on disk -------------------------------------------------------

    def _load(self) -> None:
        """Every table from its save and the journal; the tables the journal
        changed are saved again, so that the journal's files can go."""
        tables, changed = load_tables(self.tables_dir)
        for table in tables.values():
            live = self._add(table)
            if table.id in changed:
                write_atomically(live.path, table.to_text().encode(), self.sync)
            table.saved()
            live.saved_version = live.snapshot_version = table.version
            m = table.match
            live.snapshot_outcomes = len(m.outcomes) if m is not None else 0
        log.info("%d tables loaded from %s (%d brought up to date from the journal)",
                 len(self.live), self.tables_dir, len(changed))

    def _add(self, table: Table, path: Path | None = None) -> _Live:
        live = _Live(table, path or self.tables_dir / f"{table.id}.json")
        m = table.match
        live.outcomes_sent = len(m.outcomes) if m is not None else 0
        self.live[table.id] = live
        self.codes[table.code] = table.id
        return live

    async def _save(self, live: _Live) -> None:
        """Return once the table as it is now is on disk.  The change is made
        (synchronously, on the loop) before this is awaited; its journal line
        goes to disk in the journal's next batch (:mod:`.store`), and a deal
        that ended asks for the table's save as well (not waited for)."""
        table = live.table
        want = table.version
        live.needed_version = max(live.needed_version, want)
        if table.journaled < want:
            self._journal(live)
            if self.journal.on_full:
                self._clear_journal()
        m = table.match
        if m is not None and len(m.outcomes) > live.snapshot_outcomes:
            live.snapshot_outcomes = len(m.outcomes)
            self._snapshot(live)
        while live.saved_version < want and live.entry is not None:
            await asyncio.shield(live.entry)

    def _journal(self, live: _Live) -> None:
        """The table's changes since its last journal line, as one more line."""
        version = live.table.version
        entry = self.journal.add(live.table.journal_entry())
        live.entry, live.entry_version = entry, version
        number = self.journal.number
        if live.unsaved_from is None:
            live.unsaved_from = number
        if live.snapshot is not None and live.after_snapshot is None:
            live.after_snapshot = number

        def on_disk(done: asyncio.Future[None]) -> None:
            if not done.cancelled() and done.exception() is None:
                live.saved_version = max(live.saved_version, version)

        entry.add_done_callback(on_disk)

    def _snapshot(self, live: _Live) -> asyncio.Future[None]:
        """Write the table's save as it is now (in a thread; while one is being
        written, the next waits for it).  Its changes are put in the journal
        first, so that the journal never has to go back before a save."""
        if live.snapshot is not None:
            live.snapshot_again = True
            return live.snapshot
        table = live.table
        if table.journaled < table.version:
            self._journal(live)
        version = table.version
        data = table.to_text().encode()
        writing = asyncio.get_running_loop().run_in_executor(
            self.saver, write_atomically, live.path, data, self.sync)
        live.snapshot = writing
        live.after_snapshot = None

        def written(done: asyncio.Future[None]) -> None:
            live.snapshot = None
            if done.cancelled():
                return
            if done.exception() is not None:
                # the journal still has the changes; the next deal's end tries again
                log.error("table %s cannot be saved: %s", table.id, done.exception())
                return
            live.snapshot_version = max(live.snapshot_version, version)
            live.unsaved_from, live.after_snapshot = live.after_snapshot, None
            if live.snapshot_again and live.table.id in self.live:
                live.snapshot_again = False
                self._snapshot(live)
            self._clear_journal()

        writing.add_done_callback(written)
        return writing

    def _clear_journal(self) -> None:
        """Journal files finished with: once every table with lines in them is
        saved past those lines, they go.  The tables not saved since are saved
        now (a few at a time, never all at once on the loop)."""
        full = self.journal.on_full
        if not full:
            return
        behind = [lv for lv in self.live.values()
                  if lv.unsaved_from is not None and lv.unsaved_from <= full[-1]]
        if not behind:
            self.journal.remove_before(full[-1] + 1)
            full.clear()
            return
        for lv in behind[:8]:
            if lv.snapshot is None:
                self._snapshot(lv)

    def open_tables(self) -> int:
        return sum(1 for lv in self.live.values() if lv.table.status != "over")

    # -- connections ------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        lim = self.limits
        if len(self.conns) >= lim.max_connections or \
                self.per_address[address] >= lim.max_per_address:
            await self._send(ws, ProtocolError(
                "limit", "the server is full: too many connections").to_json())
            await ws.close(CLOSE_LIMIT, "too many connections")
            return
        conn = _Conn(ws, address, _Bucket(lim.rate, lim.burst))
        self.conns.add(conn)
        self.per_address[address] += 1
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), lim.opening_timeout)
            except TimeoutError:
                await ws.close(CLOSE_ABUSE, "no opening message")
                return
            await self._receive(conn, first)
            async for raw in ws:
                await self._receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
            await self._left(conn)

    async def _send(self, ws: ServerConnection, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(message))

    async def _send_all(self, ws: ServerConnection, texts: list[str]) -> None:
        with contextlib.suppress(ConnectionClosed):
            if isinstance(ws, _Connection):
                await ws.send_all(texts)
            else:
                for text in texts:
                    await ws.send(text)

    async def _receive(self, conn: _Conn, raw: str | bytes) -> None:
        if not conn.bucket.take():
            conn.refused += 1
            if conn.refused > 5 * self.limits.burst:
                await conn.ws.close(CLOSE_ABUSE, "far too many messages")
                return
            await self._send(conn.ws, ProtocolError(
                "rate", f"too many messages: at most {self.limits.rate:g} a second",
            ).to_json(_seq_of(raw)))
            return
        seq = None
        try:
            message = parse_client_message(raw, opening=conn.table is None)
            if isinstance(message, Act):
                seq = message.seq
            await self._dispatch(conn, message)
        except ProtocolError as e:
            await self._send(conn.ws, e.to_json(seq))
            if e.code == "version":
                await conn.ws.close(CLOSE_VERSION, "protocol version")
            elif e.code in ("code", "token"):
                conn.failures += 1
                if conn.failures >= self.limits.max_failures:
                    await conn.ws.close(CLOSE_ABUSE, "too many refused codes or tokens")
        except Exception:  # one broken message must never stop the server
            log.exception("message failed")
            await self._send(conn.ws, ProtocolError(
                "internal", "the server could not handle this message").to_json(seq))

    async def _dispatch(self, conn: _Conn, message: ClientMessage) -> None:
        if isinstance(message, Ping):
            await self._send(conn.ws, {"type": "pong"})
        elif isinstance(message, Create):
            await self._create(conn, message)
        elif isinstance(message, Join):
            table_id = self.codes.get(message.code)
            live = self.live.get(table_id) if table_id else None
            if live is None:
                raise ProtocolError("code", "no table has this invitation code", "code")
            player, token = live.table.join(message.name)
            await self._save(live)
            await self._seat(conn, live, player, token)
        elif isinstance(message, Resume):
            live = self.live.get(message.table)
            if live is None:
                raise ProtocolError("token", "no such table on this server", "table")
            player = live.table.player_of(message.token)
            await self._seat(conn, live, player, None)
        elif isinstance(message, Act):
            await self._act(conn, message)

    async def _create(self, conn: _Conn, message: Create) -> None:
        if conn.creates >= self.limits.max_creates:
            raise ProtocolError("limit", "this connection has created enough tables")
        if self.open_tables() >= self.limits.max_tables:
            raise ProtocolError("limit", f"the server holds {self.limits.max_tables} tables, "
                                "its most: try again later")
        table = Table.create(message, time.time())
        while table.code in self.codes:  # pragma: no cover - 32**8 codes
            table = Table.create(message, time.time())
        live = self._add(table)
        conn.creates += 1
        table.saved()
        live.snapshot_version = table.version
        await asyncio.get_running_loop().run_in_executor(
            self.saver, write_atomically, live.path, table.to_text().encode(), self.sync)
        live.saved_version = table.version
        await self._send(conn.ws, {"type": "created", "table": table.id, "code": table.code,
                                   "invitation": show_code(table.code)})

    async def _seat(self, conn: _Conn, live: _Live, player: int, token: str | None) -> None:
        table = live.table
        old = live.conns.get(player)
        conn.table, conn.player = table.id, player
        live.conns[player] = conn
        if old is not None and old is not conn:
            old.table = None
            await old.ws.close(CLOSE_REPLACED, "the seat was taken up by a new connection")
        welcome: dict[str, Any] = {"type": "welcome", "protocol": PROTOCOL, "table": table.id,
                                   "player": player, "code": table.code}
        if token is not None:
            welcome["token"] = token
        await self._send(conn.ws, welcome)
        m = table.match
        for number in range(len(m.outcomes) if m is not None else 0):
            await self._send(conn.ws, {"type": "deal", "number": number,
                                       "record": table.finished_record(number)})
        table.connect(player, True, time.time())
        await self._note(live, "returned" if token is None else "joined", player)
        await self._changed(live)

    async def _left(self, conn: _Conn) -> None:
        if conn.table is None:
            return
        live = self.live.get(conn.table)
        if live is None or live.conns.get(conn.player) is not conn:
            return
        del live.conns[conn.player]
        live.table.connect(conn.player, False, time.time())
        await self._note(live, "dropped", conn.player)
        await self._changed(live)
        if live.table.status == "over" and not live.conns:
            await self._retire(live)

    async def _retire(self, live: _Live) -> None:
        """A finished match nobody watches any more leaves memory (its save,
        brought up to date, moves to tables/done/)."""
        if self.live.get(live.table.id) is not live:
            return
        self.live.pop(live.table.id, None)
        self.codes.pop(live.table.code, None)
        while live.snapshot is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(live.snapshot)
        live.snapshot_again = False
        live.table.saved()
        await asyncio.get_running_loop().run_in_executor(
            self.saver, write_atomically, live.path, live.table.to_text().encode(), self.sync)
        live.snapshot_version = live.entry_version = live.table.version
        live.unsaved_from = None
        done = self.tables_dir / "done"
        done.mkdir(exist_ok=True)
        if live.path.exists():
            live.path.replace(done / live.path.name)

    async def _note(self, live: _Live, event: str, player: int) -> None:
        note = encode({"type": "note", "event": event, "player": player,
                       "name": live.table.seats[player].name})
        await self._tell([(c.ws, [note]) for p, c in live.conns.items() if p != player])

    async def _tell(self, messages: list[tuple[ServerConnection, list[str]]]) -> None:
        """Write each connection's messages, every one before anything is
        awaited, then wait for the slow sockets to drain: were a slow seat
        waited for in between, a later change could reach the seats after
        it first, and these older messages would follow it."""
        written: list[_Connection] = []
        for ws, texts in messages:
            if isinstance(ws, _Connection):
                if ws.write_all(texts):
                    written.append(ws)
            else:
                await self._send_all(ws, texts)
        for ws in written:
            with contextlib.suppress(ConnectionClosed):
                await ws.drained()

    async def _act(self, conn: _Conn, message: Act) -> None:
        start = time.perf_counter()
        assert conn.table is not None
        live = self.live.get(conn.table)
        if live is None:
            raise ProtocolError("token", "this table is gone")
        applied = live.table.act(conn.player, message.seq, message.action, time.time())
        ack = {"type": "ack", "seq": message.seq, "duplicate": not applied}
        if not applied:
            await self._send(conn.ws, ack)
            return
        await self._save(live)
        told = await self._changed(live, ack=(conn, ack))
        self.stats.applied += 1
        self.stats.handled_in(time.perf_counter() - start)
        if not told:
            await self._send(conn.ws, ack)

    async def _changed(self, live: _Live, again: bool = False,
                       ack: tuple[_Conn, dict[str, Any]] | None = None) -> bool:
        """Tell every seat, then let a bot move if one is to.  Nobody is told
        of a change before it is on disk; a version every seat knows is not
        sent again (unless ``again``: time alone changed something).  Each
        seat's messages go out in one write, ``ack`` (an action's answer)
        first to its connection, which comes first; True if it was sent."""
        table = live.table
        if live.saved_version < live.needed_version:
            return False  # a change is still being saved; its save tells everyone then
        if table.version == live.sent_version and not again:
            self._drive(live)
            return False
        live.sent_version = table.version
        shared: list[str] = []
        for player, kind, plays in table.played_on:
            shared.append(encode({"type": "note", "event": "plays-on", "player": player,
                                  "name": table.seats[player].name, "kind": kind,
                                  "cards_played": plays}))
        table.played_on.clear()
        now = time.time()
        m = table.match
        outcomes = len(m.outcomes) if m is not None else 0
        for number in range(live.outcomes_sent, outcomes):
            shared.append(encode({"type": "deal", "number": number,
                                  "record": table.finished_record(number)}))
        live.outcomes_sent = outcomes
        common = encode(table.state_common(now))
        told = False
        seats = sorted(live.conns.items(), key=lambda pc: ack is None or pc[1] is not ack[0])
        messages: list[tuple[ServerConnection, list[str]]] = []
        for p, c in seats:
            texts = [*shared, table.state_text(p, common)]
            if ack is not None and c is ack[0]:
                texts.insert(0, encode(ack[1]))
                told = True
            messages.append((c.ws, texts))
        await self._tell(messages)
        self._drive(live)
        return told

    # -- bots -------------------------------------------------------------------

    def _drive(self, live: _Live) -> None:
        table = live.table
        now = time.time()
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if table.settle(now):
            self._spawn(self._save_and_tell(live))
            return
        turn = table.bot_turn(now)
        if turn is None:
            due = table.takeover_due(now)
            if due is not None:
                loop = asyncio.get_running_loop()
                live.timer = loop.call_later(due - now + 0.01, self._spawn_changed, live)
            return
        if live.thinking == turn.version:
            return
        live.thinking = turn.version
        self._spawn(self._think(live, turn))

    async def _save_and_tell(self, live: _Live) -> None:
        await self._save(live)
        await self._changed(live)

    def _spawn_changed(self, live: _Live) -> None:
        live.timer = None
        self._spawn(self._changed(live, again=True))

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _think(self, live: _Live, turn: BotTurn) -> None:
        start = time.monotonic()
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(self.pool, choose_action, turn.level, turn.seed,
                                            turn.view)
        wait = self.bot_delay - (time.monotonic() - start)
        if wait > 0:
            await asyncio.sleep(wait)
        applied = live.table.apply_bot(turn, action, time.time())
        if applied:
            await self._save(live)
        if applied:
            self.stats.bot_applied()
            await self._changed(live)

    def close(self) -> None:
        for live in self.live.values():
            if live.timer is not None:
                live.timer.cancel()
            if live.table.journaled < live.table.version:  # its save task is cancelled below
                self._journal(live)
        for task in list(self._tasks):
            task.cancel()
        self.saver.shutdown(wait=True)
        self.journal.close()
        self.pool.shutdown(wait=isinstance(self.pool, concurrent.futures.ProcessPoolExecutor),
                           cancel_futures=True)


def ssl_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    """TLS for wss:// from a certificate and its key (None without them)."""
    if certfile is None:
        if keyfile is not None:
            raise ValueError("--keyfile needs --certfile")
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


async def start_server(
    tables: TableServer, host: str = "127.0.0.1", port: int = 7878,
    tls: ssl.SSLContext | None = None,
) -> Server:
    """Listen on ``host:port`` (port 0: any free port)."""
    return await serve(
        tables.handler, host, port, ssl=tls, create_connection=_Connection,
        max_size=MAX_MESSAGE, max_queue=16, compression=None,
        ping_interval=20, ping_timeout=20, close_timeout=2,
    )


def bound_port(server: Server) -> int:
    for sock in server.sockets:
        port: int = sock.getsockname()[1]
        return port
    raise RuntimeError("the server listens nowhere")


async def serve_forever(
    data_dir: Path, host: str, port: int, tls: ssl.SSLContext | None = None,
    ready: Callable[[int], None] | None = None, stats_file: Path | None = None,
    **options: Any,
) -> None:
    """``skat serve``: run until cancelled (Ctrl+C) or SIGTERM; then, with
    ``stats_file``, write :class:`ServerStats` there as JSON."""
    tables = TableServer(data_dir, **options)
    stop = asyncio.get_running_loop().create_future()
    with contextlib.suppress(NotImplementedError):  # SIGTERM: stop as Ctrl+C does
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set_result, None)
    try:
        server = await start_server(tables, host, port, tls)
        if ready is not None:
            ready(bound_port(server))
        async with server:
            await stop
            if stats_file is not None:  # the figures of the run, not of stopping
                stats_file.write_text(json.dumps(tables.stats.to_json()), encoding="utf-8")
    finally:
        tables.close()


__all__ = ["Limits", "ServerStats", "TableServer", "bound_port", "serve_forever", "ssl_context",
           "start_server"]

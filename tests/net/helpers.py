"""A real table server on a localhost port, and clients that play it."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from skat_core.game import PASS, Claim, Kontra, Resign
from skat_net.client import TableClient, create_table
from skat_net.protocol import PROTOCOL
from skat_net.server import Limits, TableServer, bound_port, start_server


@asynccontextmanager
async def running_server(data: Path, **options: Any) -> AsyncIterator[tuple[TableServer, str]]:
    """A server on 127.0.0.1 (any free port), bots in threads without delay."""
    options.setdefault("bot_pool", "thread")
    options.setdefault("bot_delay", 0.0)
    options.setdefault("sync", False)
    tables = TableServer(data, **options)
    server = await start_server(tables, "127.0.0.1", 0)
    try:
        yield tables, f"ws://127.0.0.1:{bound_port(server)}"
    finally:
        server.close()
        await server.wait_closed()
        tables.close()


def create_message(seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    msg = {"type": "create", "protocol": PROTOCOL, "seats": seats, "deals": 3,
           "seed": "net-test"}
    msg.update(fields)
    return msg


async def whole_match(url: str, seats: list[dict[str, Any]], names: list[str],
                      fields: dict[str, Any], *, timeout: float,
                      on_note: Callable[[TableClient, dict[str, Any]], None] | None = None,
                      boldness: float = 0.0, pass_bias: float = 0.0,
                      kontra_bias: float = 0.0) -> list[TableClient]:
    """A table created with ``fields`` (deals, seed, rules ...) and a whole
    match at it: a :class:`Player` for each of ``names`` (seeded by its place,
    keeping its frames, ``on_note`` given the notes it is sent), returning
    once every one of them has seen the match over (within ``timeout``)."""
    created = await create_table(url, create_message(seats, **fields))
    clients = []
    for i, name in enumerate(names):
        c = TableClient(url, code=created["invitation"], name=name)
        c.frames = []
        if on_note is not None:
            c.on_note = on_note
        p = Player(c, i)
        p.pass_bias, p.kontra_bias, p.boldness = pass_bias, kontra_bias, boldness
        c.start()
        clients.append(c)
    for c in clients:
        await c.wait_welcome()
    await until(lambda: all(c.state and c.state["status"] == "over" for c in clients), timeout)
    return clients


async def raw(url: str) -> ClientConnection:
    return await connect(url)


async def ask(ws: ClientConnection, message: dict[str, Any] | str,
              until: str | tuple[str, ...] = ()) -> dict[str, Any]:
    """Send a message; the next reply (of a type in ``until`` if given)."""
    await ws.send(message if isinstance(message, str) else json.dumps(message))
    return await next_of(ws, until)


async def next_of(ws: ClientConnection, until: str | tuple[str, ...] = (),
                  timeout: float = 10.0) -> dict[str, Any]:
    kinds = (until,) if isinstance(until, str) else until
    while True:
        reply = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if not kinds or reply["type"] in kinds:
            return dict(reply)


class Player:
    """A TableClient that plays random legal actions whenever it may."""

    def __init__(self, client: TableClient, seed: int = 0) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.sent_for: Any = None
        self.errors: list[Any] = []
        self.boldness = 0.0
        """Chance of claiming or giving up when possible (0: never)."""
        self.pass_bias = 0.0
        """Chance of passing in the bidding whenever passing is allowed (house
        rules: so that Ramsch deals come up)."""
        self.kontra_bias = 0.0
        """Chance of saying Kontra (Re, ...) whenever it is offered; otherwise
        a doubling is never said (0: never)."""
        self.retry_after = 0.05
        """Seconds before an action is tried again after a refusal (the
        server allows 20 messages a second)."""
        self.refused_for: Any = None
        """The state version of the last refusal: no claim or give-up on it again."""
        client.on_state = lambda c: self.maybe_act()
        client.on_error = self.refused

    def refused(self, client: TableClient, error: Any) -> None:
        """Try again on the same state, but not at once and not boldly: a
        refusal often means the state is stale (another seat's claim is being
        saved), and retrying at once would flood the server until it closes
        the connection for abuse, and a reconnected client misses the notes
        sent meanwhile."""
        self.errors.append(error)
        self.refused_for = self.sent_for
        self.sent_for = None
        asyncio.get_running_loop().call_later(self.retry_after, self.maybe_act)

    def maybe_act(self) -> None:
        state = self.client.state
        if state is None:
            return
        key = state["version"]
        if key == self.sent_for or self.client.pending:
            return
        me = state["player"]
        question = state["question"]
        if question and me in question["asked"]:
            self.sent_for = key
            self.client.act(self.rng.choice(["accept", "refuse"]))
        elif state["status"] == "between" and me in state["waiting_for"]:
            self.sent_for = key
            self.client.act("next")
        elif (not question and self.boldness and key != self.refused_for
              and self.client.view is not None
              and self.client.view.phase == 4 and self.rng.random() < self.boldness):
            self.sent_for = key
            self.client.act(self.rng.choice([Claim(), Resign(-1)]))
        elif not question and self.client.view is not None and self.client.view.legal:
            self.sent_for = key
            self.client.act(self.choose(list(self.client.view.legal)))

    def choose(self, legal: list[Any]) -> Any:
        kontra = [a for a in legal if isinstance(a, Kontra)]
        if kontra:
            if self.rng.random() < self.kontra_bias:
                return kontra[0]
            legal = [a for a in legal if not isinstance(a, Kontra)]
        if PASS in legal and self.rng.random() < self.pass_bias:
            return PASS
        return self.rng.choice(legal)


async def until(predicate: Any, timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        if loop.time() > end:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


__all__ = ["Limits", "Player", "ask", "create_message", "next_of", "raw", "running_server",
           "until"]

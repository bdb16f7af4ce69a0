"""Hosting a table: the seats as the host types them, a server running
beside the app, and the invitation to send to friends.

>>> [(s.name, s.level) for s in parse_seats("Anna,Ben:normal,?")]
[('Anna', None), ('Ben', 'normal'), (None, None)]
>>> len(parse_seats("Anna,?,?,:easy"))
4
>>> invitation("ws://192.168.1.5:7878", "K7QM3XPA").splitlines()[1]
'  skat join ws://192.168.1.5:7878/K7QM-3XPA --name YOUR-NAME'
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from skat_core.ruleset import TOURNAMENT, RuleSet

from .protocol import BOT_LEVELS, PROTOCOL, Create, JsonObject, SeatSpec, check_name, create_json
from .server import TableServer, bound_port, ssl_context, start_server
from .tables import show_code

OPEN = "?"
"""A seat for whoever joins first."""


def parse_seats(text: str) -> tuple[SeatSpec, ...]:
    """``"Anna,Ben:normal,?"``: three seats in table order, or four (the
    dealer sits each deal out); ``NAME`` keeps a seat for that person, ``?``
    leaves it to whoever joins, ``NAME:LEVEL`` (or just ``:LEVEL``) puts a bot
    there."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 4):
        raise ValueError(f"three or four seats separated by commas, not {len(parts)}")
    seats: list[SeatSpec] = []
    for part in parts:
        name, colon, level = part.partition(":")
        name, level = name.strip(), level.strip().lower()
        if colon and level not in (*BOT_LEVELS, "human"):
            raise ValueError(f"{part!r}: a level after ':' is one of "
                             f"{', '.join(BOT_LEVELS)} (or human)")
        bot = level if colon and level != "human" else None
        if name in ("", OPEN):
            if bot is None and name == "" and not colon:
                raise ValueError("an empty seat: write ? for a seat anyone may take")
            seats.append(SeatSpec(None, bot))
        else:
            seats.append(SeatSpec(check_name(name, "seats"), bot))
    if all(s.level is not None for s in seats):
        raise ValueError("at least one seat is for a person")
    return tuple(seats)


def host_seat(seats: Sequence[SeatSpec], name: str) -> Sequence[SeatSpec]:
    """The seats with the host's own: the seat kept for ``name``, else the
    first open one gets that name."""
    if any(s.name == name and s.level is None for s in seats):
        return seats
    out = list(seats)
    for i, s in enumerate(out):
        if s.level is None and s.name is None:
            out[i] = SeatSpec(name)
            return out
    raise ValueError(f"no seat for the host {name!r}: keep one for that name or leave one open")


def create_message(seats: Sequence[SeatSpec], deals: int | None, seed: str | None,
                   scoring: str, takeover: float | None,
                   takeover_level: str = "normal", rules: RuleSet = TOURNAMENT) -> JsonObject:
    """The create message; ``deals`` None: three rounds of dealers (9 deals at
    three, 12 at four)."""
    return create_json(Create(tuple(seats), 3 * len(seats) if deals is None else deals, seed,
                              scoring, takeover, takeover_level, rules))


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def lan_address() -> str:
    """This machine's address on its network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only, nothing goes out
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def public_url(host: str, port: int, tls: bool) -> str:
    """The URL friends connect to, for a server listening on ``host``."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"{'wss' if tls else 'ws'}://{shown}:{port}"


def invitation(url: str, code: str) -> str:
    return (f"Invitation code {show_code(code)}. Friends join with\n"
            f"  skat join {url}/{show_code(code)} --name YOUR-NAME")


class ServerThread:
    """A table server on its own event loop in a thread of this process
    (``skat host`` without a running server; tests).  It ends with
    :meth:`stop`, or with the process."""

    def __init__(self, data_dir: Path, host: str = "127.0.0.1", port: int = 0,
                 certfile: str | None = None, keyfile: str | None = None,
                 **options: Any) -> None:
        self.data_dir = data_dir
        self.host = host
        self.port = port
        self.tls = ssl_context(certfile, keyfile)
        self.options = options
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="skat-server")
        self.tables: TableServer | None = None
        self._server: Any = None

    def start(self) -> int:
        """Start listening; the port."""
        self._thread.start()
        fut: Future[int] = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        return fut.result(30)

    async def _start(self) -> int:
        self.tables = TableServer(self.data_dir, **self.options)
        self._server = await start_server(self.tables, self.host, self.port, self.tls)
        self.port = bound_port(self._server)
        return self.port

    @property
    def url(self) -> str:
        return public_url(self.host, self.port, self.tls is not None)

    @property
    def local_url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}"

    def join(self) -> None:
        """Wait until the server ends (Ctrl+C in ``skat host --no-join``)."""
        while self._thread.is_alive():
            self._thread.join(0.5)

    def stop(self) -> None:
        async def _stop() -> None:
            if self._server is not None:
                self._server.close()
                await self._server.wait_closed()
            if self.tables is not None:
                self.tables.close()

        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(_stop(), self._loop).result(10)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)


__all__ = ["OPEN", "PROTOCOL", "ServerThread", "create_message", "host_seat", "invitation",
           "is_loopback", "lan_address", "parse_seats", "public_url"]

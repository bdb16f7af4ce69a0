"""The tables on disk: each table's save plus the server's journal.  What
:func:`load_tables` reads back is exactly what the server acknowledged,
also after the journal moved on to new files, and a line cut short by a
crash or a damaged one never costs more than that table's unacknowledged
changes."""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from skat_core.savegame import match_to_dict
from skat_net.client import TableClient, create_table
from skat_net.store import journal_files, load_tables
from skat_net.tables import Table

from .helpers import Player, create_message, running_server, until

ONE_TIME = datetime(2026, 1, 1, tzinfo=UTC)
"""The save stamp of both sides of a comparison (the clock may tick between them)."""


def same(a: Table, b: Table) -> None:
    assert a.match is not None and b.match is not None
    assert match_to_dict(a.match, saved=ONE_TIME) == match_to_dict(b.match, saved=ONE_TIME)
    assert [s.to_json() for s in a.seats] == [s.to_json() for s in b.seats]
    assert (a.ready, a.answered_at, a.rules, a.seed) == (b.ready, b.answered_at, b.rules,
                                                         b.seed)


async def play(url: str, rules: str, seed: str, deals: int = 3) -> tuple[str, list[Any]]:
    created = await create_table(url, create_message([{}, {}, {"bot": "easy"}], deals=deals,
                                                     seed=seed, rules=rules))
    clients = []
    for i, name in enumerate(("Anna", "Ben")):
        c = TableClient(url, code=created["code"], name=name)
        p = Player(c, i)
        p.pass_bias, p.kontra_bias = 0.5, 0.5
        c.start()
        clients.append(c)
    return created["table"], clients


async def test_what_is_read_back_is_what_was_acknowledged_across_journal_files(
        tmp_path: Path) -> None:
    async with running_server(tmp_path, journal_max=4000) as (tables, url):
        one, first = await play(url, "pub-schiebe", "store-1")
        two, second = await play(url, "tournament", "store-2")
        clients = first + second
        for c in clients:
            await c.wait_welcome()
        # in the middle: every acknowledged change is on disk already
        await until(lambda: sum(len(c.known.records) for c in clients) >= 2, 60)
        await until(lambda: not any(c.pending for c in clients), 10)
        await tables.journal.drain()
        loaded, _ = load_tables(tmp_path / "tables")
        for tid in (one, two):
            live = tables.live[tid].table
            if live.journaled == live.version:  # nothing in flight (bots may be)
                same(loaded[tid], live)
        await until(lambda: all(c.state and c.state["status"] == "over" for c in clients), 60)
        await until(lambda: not any(c.pending for c in clients), 10)
        await tables.journal.drain()
        assert tables.journal.number > 2  # it moved on to new files ...
        files = journal_files(tmp_path / "tables")
        assert len(files) <= 3  # ... and the old ones went once the tables were saved
        loaded, _ = load_tables(tmp_path / "tables")
        for tid in (one, two):
            same(loaded[tid], tables.live[tid].table)
            assert loaded[tid].match is not None and loaded[tid].match.is_over
        for c in clients:
            await c.close()
    # the finished matches, nobody at them any more, were saved whole and retired:
    # a server started again leaves them there, and its journal starts afresh
    for tid in (one, two):
        done = Table.from_doc(json.loads((tmp_path / "tables" / "done" / f"{tid}.json")
                                         .read_text()))
        same(done, loaded[tid])
    async with running_server(tmp_path) as (again, _url):
        assert one not in again.live and two not in again.live
        assert len(journal_files(tmp_path / "tables")) == 1


async def test_a_damaged_journal_costs_only_that_tables_later_changes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with running_server(tmp_path) as (tables, url):
        one, first = await play(url, "pub", "store-3")
        two, second = await play(url, "pub", "store-4")
        clients = first + second
        await until(lambda: all(c.state and c.state["status"] == "between" for c in clients)
                    or sum(c.state["actions"] if c.state else 0 for c in clients) > 40, 60)
        for c in clients:
            await c.close()
        await tables.journal.drain()
        expected = {tid: tables.live[tid].table for tid in (one, two)}
    # the server has stopped: the bot may have moved since, but every change
    # made is on disk (the journal writes what waited at its close)
    for t in expected.values():
        assert t.journaled == t.version
    folder = tmp_path / "tables"
    (journal,) = journal_files(folder)
    lines = journal.read_bytes().splitlines(keepends=True)
    # a line cut short at the end (a crash while writing: never acknowledged) is left out
    journal.write_bytes(b"".join(lines) + b'{"t": "' + one.encode())
    loaded, _ = load_tables(folder)
    same(loaded[one], expected[one])
    same(loaded[two], expected[two])
    # a damaged line in the middle: that table stops before it, the other goes on
    ones = [i for i, raw in enumerate(lines) if json.loads(raw)["t"] == one]
    bad = ones[len(ones) // 2]
    lines[bad] = b"{not json\n"
    journal.write_bytes(b"".join(lines))
    with caplog.at_level(logging.ERROR):
        loaded, _ = load_tables(folder)
    assert "cannot be applied" in caplog.text
    same(loaded[two], expected[two])
    assert loaded[one].journaled < expected[one].journaled


def test_drain_lets_a_finished_writes_callback_run(tmp_path: Path) -> None:
    """A write that has just finished, its callback still queued, must not make
    drain spin without ever yielding (it hung the server's tests once)."""
    import threading

    from skat_net.store import Journal

    async def scenario() -> None:
        journal = Journal(tmp_path, sync=False)
        loop = asyncio.get_running_loop()
        finished: asyncio.Future[None] = loop.create_future()
        finished.set_result(None)
        journal._writing = finished
        loop.call_soon(lambda: setattr(journal, "_writing", None))
        await journal.drain()
        journal.close()

    worker = threading.Thread(target=lambda: asyncio.run(scenario()), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "drain spun on a finished write"


async def test_lines_waiting_for_a_write_in_flight_are_written_at_close(tmp_path: Path) -> None:
    """The server stops while a batch is being written and more lines wait
    for it: close writes them too, and the write's callback, which runs
    after the journal's thread is gone, starts nothing (it raised once)."""
    from skat_net.store import Journal

    journal = Journal(tmp_path, sync=False)
    first = journal.add('{"t": "a", "n": 1}')  # goes to the journal's thread at once
    waiting = [journal.add(f'{{"t": "a", "n": {n}}}') for n in (2, 3)]
    journal.close()
    await asyncio.sleep(0.05)  # the first write's callback runs now
    (path,) = journal_files(tmp_path)
    assert [json.loads(line)["n"] for line in path.read_text().splitlines()] == [1, 2, 3]
    assert first.done() and all(w.done() and w.exception() is None for w in waiting)

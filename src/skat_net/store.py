"""The tables on disk: a save per table and the server's journal.

Every table has its save, ``<table>.json``, written atomically (a temporary
file, fsync, rename, fsync of the directory) as the app saves a match: when
the table is created, when a deal ends, when the journal moves on to a new
file and when the server starts.  Between two saves, each change of a table
is one line of the journal (``journal-<n>.log``, JSON lines): the table's
head whole and the match's actions one by one (:meth:`Table.journal_entry`).
The journal is appended to and synced in batches, *group commit*: the lines
of every change made while the previous batch was being synced go to disk
together with one sync.  An action is acknowledged, and shown to anyone, only
once its line is on disk, so a server killed with ``kill -9`` loses nothing
it acknowledged: :func:`load_tables` reads each save and replays the journal
over it.

Why a journal: a save of the whole table after every action cost the server
about as much CPU as everything else an action needs (encoding the deal,
two syncs and a rename in the kernel, a thread hand-off per table); a journal
line is a few hundred bytes and a batch's one sync is shared by every table.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
from pathlib import Path
from typing import BinaryIO

from .tables import Table

log = logging.getLogger(__name__)

JOURNAL_MAX = 8 * 1024 * 1024
"""Bytes after which the journal moves on to a new file (and every table
with lines in the old one is saved, so that the old file can go)."""


def write_atomically(path: Path, data: bytes, sync: bool = True) -> None:
    """Replace ``path`` in one step: write a temporary file beside it, sync,
    rename, sync the directory (as the app's own save does)."""
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        if sync:
            f.flush()
            os.fsync(f.fileno())
    os.replace(tmp, path)
    if sync:
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def journal_files(folder: Path) -> list[Path]:
    """The journal's files, oldest first."""
    def number(p: Path) -> int:
        try:
            return int(p.stem.split("-", 1)[1])
        except (IndexError, ValueError):
            return -1

    return sorted((p for p in folder.glob("journal-*.log") if number(p) >= 0), key=number)


def load_tables(folder: Path) -> tuple[dict[str, Table], set[str]]:
    """Every table saved in ``folder``, with the journal replayed over the
    saves; and the ids of the tables the journal changed (their saves are
    behind).  A save that cannot be read is moved aside as
    ``<table>.json.broken``; a journal line that cannot be applied is logged
    and that table keeps what it had before it (a line cut short by a crash
    was never acknowledged)."""
    tables: dict[str, Table] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            table = Table.from_doc(json.loads(path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError) as e:
            aside = path.with_name(path.name + ".broken")
            log.error("table %s cannot be read (%s); moved to %s", path, e, aside)
            path.replace(aside)
            continue
        tables[table.id] = table
    changed: set[str] = set()
    stuck: set[str] = set()
    for journal in journal_files(folder):
        with open(journal, "rb") as f:
            for number, raw in enumerate(f, 1):
                if not raw.endswith(b"\n"):
                    break  # the last line, cut short: never on disk whole, never acknowledged
                entry = None
                try:
                    entry = json.loads(raw)
                    found = tables.get(entry["t"]) if isinstance(entry, dict) else None
                    if found is None or found.id in stuck:
                        continue  # a table retired (or broken) since
                    if found.replay(entry):
                        changed.add(found.id)
                except (ValueError, KeyError, TypeError, IndexError) as e:
                    tid = entry.get("t") if isinstance(entry, dict) else None
                    log.error("%s line %d cannot be applied (%s)", journal, number, e)
                    if isinstance(tid, str):
                        stuck.add(tid)
    return tables, changed


class Journal:
    """The journal being written: lines are added on the event loop and go
    to disk in batches, one write and one sync each, in a thread of its own."""

    def __init__(self, folder: Path, sync: bool = True, limit: int = JOURNAL_MAX) -> None:
        self.folder = folder
        self.sync = sync
        self.limit = limit
        files = journal_files(folder)
        self.number = int(files[-1].stem.split("-", 1)[1]) + 1 if files else 1
        self._file = open(self._path(self.number), "ab")  # noqa: SIM115 - open while serving
        self.size = 0
        self._lines: list[bytes] = []
        self._batch: asyncio.Future[None] | None = None
        """The batch the next line joins (resolved once it is on disk)."""
        self._writing: asyncio.Future[None] | None = None
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="journal")
        self._closed = False
        self.on_full: list[int] = []
        """Journal files finished by moving on, for the server to clear."""

    def _path(self, number: int) -> Path:
        return self.folder / f"journal-{number}.log"

    def add(self, line: str) -> asyncio.Future[None]:
        """Append one line; the future is done once it is on disk."""
        self._lines.append(line.encode() + b"\n")
        if self._batch is None:
            self._batch = asyncio.get_running_loop().create_future()
        batch = self._batch
        if self._writing is None:
            self._flush()
        return batch

    def _flush(self) -> None:
        data, batch = b"".join(self._lines), self._batch
        self._lines, self._batch = [], None
        assert batch is not None
        self.size += len(data)
        writing = asyncio.get_running_loop().run_in_executor(self._thread, self._write,
                                                             self._file, data)
        self._writing = writing
        writing.add_done_callback(lambda done: self._written(done, batch))

    def _write(self, f: BinaryIO, data: bytes) -> None:
        f.write(data)
        f.flush()
        if self.sync:
            os.fdatasync(f.fileno())

    def _written(self, done: asyncio.Future[None], batch: asyncio.Future[None]) -> None:
        self._writing = None
        if done.cancelled():
            if not batch.done():
                batch.cancel()
        else:
            self._settle(batch, done.exception())
        if self._closed:
            return
        if self.size >= self.limit:
            self._move_on()
        if self._lines:
            self._flush()

    @staticmethod
    def _settle(batch: asyncio.Future[None], error: BaseException | None) -> None:
        """Tell the batch's waiters that it is on disk, or why not."""
        if batch.done():  # pragma: no cover - cancelled at shutdown
            return
        if error is not None:
            log.error("the journal cannot be written: %s", error)
            batch.set_exception(error)
        else:
            batch.set_result(None)

    def _move_on(self) -> None:
        """Go on in a new file (between two batches, so no line is split)."""
        old = self._file
        self._thread.submit(old.close)
        self.on_full.append(self.number)
        self.number += 1
        self._file = open(self._path(self.number), "ab")  # noqa: SIM115
        self.size = 0

    def remove_before(self, number: int) -> None:
        """Delete the journal files before ``number`` (every table with lines
        in them has been saved since)."""
        for path in journal_files(self.folder):
            if int(path.stem.split("-", 1)[1]) < number:
                path.unlink(missing_ok=True)

    async def drain(self) -> None:
        """Until every line added is on disk."""
        while self._writing is not None or self._batch is not None:
            waiting = self._batch or self._writing
            assert waiting is not None
            if waiting.done():
                # a write just finished and its callback (which clears it and
                # starts the next batch) is queued: let it run, or this spins
                await asyncio.sleep(0)
                continue
            await asyncio.shield(waiting)

    def close(self) -> None:
        """Finish the write in flight, then write what is still waiting here,
        in this thread: a change made just before the server stops is on disk
        too (its done-callback, still queued on the loop, then starts nothing)."""
        self._closed = True
        self._thread.shutdown(wait=True)
        if self._lines:
            data, batch = b"".join(self._lines), self._batch
            self._lines, self._batch = [], None
            error: OSError | None = None
            try:
                self._write(self._file, data)
            except OSError as e:
                error = e
            if batch is not None:
                with contextlib.suppress(RuntimeError):  # its loop already closed
                    self._settle(batch, error)
        self._file.close()


__all__ = ["JOURNAL_MAX", "Journal", "journal_files", "load_tables", "write_atomically"]

"""Where the player's data lives, and keeping it safe.

Files in the data directory (``SKAT_HOME``, else the platform's user data
directory, e.g. ``~/.local/share/skat`` on Linux):

* ``current.json``: the match in progress (:mod:`skat_core.savegame`),
  rewritten atomically after every action, so a crash, a closed terminal or
  ``kill -9`` at any moment loses at most the action in flight;
* ``history.jsonl``: every finished deal as a game record, one per line,
  appended and synced; an entry's id is its line number; its ``meta`` has
  the match id, its ``kind``, the ``date``, the ``seats`` (player name ->
  ``human`` or the bot level) and, for a daily, whether it is ``scored``;
* ``leaderboard.sqlite3``: :mod:`skat_tui.leaderboard`;
* ``current.lock``: held (``flock``) by the one process that plays the saved
  match, so that a second ``skat`` on the same directory never overwrites it
  (:meth:`Storage.claim_current`, :class:`MatchInUse`).

The app uses a :class:`MatchKeeper`::

    try:
        keeper = MatchKeeper.resume(storage)      # None: nothing to resume
    except DamagedSave as e:
        show(e.message); keeper = None            # moved aside; start anew
    keeper = keeper or MatchKeeper.start(storage, match, seats, kind=spec.kind)
    ...
    messages = keeper.update(match)               # after every applied action

``MatchKeeper.start`` and ``resume`` raise :class:`MatchInUse` while another
process plays the saved match: its save is left alone.

Nothing in this module imports the UI.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from skat_core.errors import RecordError
from skat_core.match import Match
from skat_core.records import dumps
from skat_core.records.files import FileRefused, open_regular, read_file
from skat_core.records.jsontext import parse_json
from skat_core.rules import GameType
from skat_core.savegame import (
    NewerVersionError,
    RecordCache,
    SavedMatch,
    dumps_match,
    loads_match,
    outcome_record,
)
from skat_core.seeds import SeedKind, parse_daily, seed_kind, utc_today
from skat_core.value import Contract

from .i18n import _, format_signed
from .leaderboard import HUMAN, Leaderboard, LeaderboardError, MatchSummary, seat_kind

APP_NAME = "skat"
ENV_HOME = "SKAT_HOME"
CURRENT = "current.json"
HISTORY = "history.jsonl"
LEADERBOARD = "leaderboard.sqlite3"
LOCK = "current.lock"
_CLAIM_TRIES = 5
"""Attempts 0.05 s apart to take the lock: another process only looking
whether it is free (:meth:`Storage.match_in_use`) holds it for a moment."""
_APPEND_TRIES = 40
"""Attempts 0.05 s apart to lock the history for an append (another process
appending holds it for a moment); after that the line is appended anyway."""
MAX_HISTORY_LINE = 1024 * 1024
"""Bytes in one line of the history at most (a record has about 3 KiB);
a longer line is skipped with a warning."""
_TAIL = 256 * 1024
"""Bytes at the end of the history searched for a deal already written."""


def data_dir(base: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: ``base`` if given, else ``$SKAT_HOME``, else the
    platform's user data directory for skat."""
    if base is not None and str(base):
        return Path(base).expanduser()
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def _utc_stamp(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class StorageError(Exception):
    """A file could not be read or written; ``message`` is for the user."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path

    @property
    def message(self) -> str:
        return str(self)


class DamagedSave(StorageError):
    """The saved match could not be read.  It has been moved aside
    (``moved_to``) so that a new match can start and nothing is lost."""

    def __init__(self, path: Path, reason: str, moved_to: Path | None, newer: bool = False
                 ) -> None:
        from .i18n import _

        if newer and moved_to is not None:
            template = _("The saved match {path} was saved by a newer version of skat: "
                         "{reason}. It was kept as {kept}; a new match can start.")
        elif newer:
            template = _("The saved match {path} was saved by a newer version of skat: "
                         "{reason}. It could not be moved aside either; a new match can start.")
        elif moved_to is not None:
            template = _("The saved match {path} is damaged and cannot be continued: {reason}. "
                         "It was kept as {kept}; a new match can start.")
        else:
            template = _("The saved match {path} is damaged and cannot be continued: {reason}. "
                         "It could not be moved aside either; a new match can start.")
        super().__init__(template.format(path=path, reason=reason, kept=moved_to), path)
        self.reason = reason
        self.moved_to = moved_to
        self.newer = newer


class MatchInUse(StorageError):
    """Another skat process is playing the saved match of this data directory
    (it holds ``current.lock``): its save must be left alone.  ``pid`` is that
    process, if known."""

    def __init__(self, home: Path, pid: int | None) -> None:
        from .i18n import _

        message = (_("Another skat (process {pid}) is playing the match saved in {path}") if pid
                   else _("Another skat is playing the match saved in {path}"))
        super().__init__(message.format(pid=pid, path=home), home / CURRENT)
        self.pid = pid


# --- files ---------------------------------------------------------------------


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock on the open file ``fd`` without waiting: False
    if another open file (another process) holds it.  The lock goes with the
    file: closing it, or the process ending in any way, releases it.  Where
    there are no locks (no ``fcntl``, as on Windows, or a file system that
    refuses them) it is always taken: play and saving go on unguarded."""
    if sys.platform == "win32":
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True
    return True


def _take_lock(fd: int, tries: int) -> bool:
    """:func:`_try_lock`, ``tries`` times 0.05 s apart."""
    for attempt in range(tries):
        if _try_lock(fd):
            return True
        if attempt + 1 < tries:
            time.sleep(0.05)
    return False


def _lock_holder(fd: int) -> int | None:
    """The process id a lock holder wrote into the lock file, if readable."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32)
    except OSError:
        return None
    digits = text.strip()
    return int(digits) if digits.isdigit() else None


def fsync_dir(directory: Path) -> None:
    """Make a rename or a new file in ``directory`` durable (POSIX; a no-op
    where directories cannot be opened, as on Windows)."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomically(path: Path, data: bytes, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` in one step: a temporary file in the same
    directory is written, flushed and synced, renamed over ``path``, and the
    directory synced.  At every moment ``path`` is the old file or the new one.
    (``sync=False`` skips the fsyncs: still atomic for a killed process, not
    for a power cut; for tests that play many matches.)"""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        if sync:
            os.fsync(fd)
    except BaseException:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    os.close(fd)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if sync:
        fsync_dir(path.parent)


_MAX_PID = 2**31 - 1


def _temp_pid(name: str) -> int | None:
    """The process id in a temporary save's name ``.current.json.<pid>.tmp``;
    None unless it is ASCII digits naming a possible process (a stray
    ``.current.json.².tmp`` or ``.current.json.99999999999999999999.tmp`` is
    not ours and is left alone)."""
    text = name[len(CURRENT) + 2 : -len(".tmp")]
    if not (text.isascii() and text.isdigit()) or len(text) > 10:
        return None
    pid = int(text)
    return pid if 0 < pid <= _MAX_PID else None


def _pid_alive(pid: int) -> bool:
    if sys.platform == "win32":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True
    return True


def move_aside(path: Path, label: str, when: datetime | None = None) -> Path:
    """Rename ``path`` to ``<name>.<label>-<UTC time>`` (never over another file)."""
    stamp = (when or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    fsync_dir(path.parent)
    return target


# --- history -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A finished deal in the history (``id`` is the line number, as text)."""

    id: str
    record: dict[str, Any]
    date: str
    """When the deal finished, ISO 8601 UTC (empty if the record has none)."""
    players: tuple[str, str, str]
    """Forehand, middlehand, rearhand."""
    game: str
    """``Clubs hand`` or ``passed in``."""
    soloist: str | None
    result: str
    """``won 48``, ``lost -96``, ``passed in``."""
    score: int

    @property
    def human_seat(self) -> int | None:
        """The seat of the (first) person who played this deal, from the
        record's ``meta.seats``; None for bots only or older records."""
        meta = self.record.get("meta")
        seats = meta.get("seats") if isinstance(meta, dict) else None
        if not isinstance(seats, dict):
            return None
        return next((s for s, p in enumerate(self.players)
                     if p in seats and seat_kind(seats, p, -1) == HUMAN), None)

    @property
    def local_date(self) -> str:
        """The date and time in the local time zone, as the language writes
        them (``YYYY-MM-DD HH:MM`` in English, ``01.12.2026 14:05`` in German)."""
        from .i18n import format_time

        try:
            when = datetime.fromisoformat(self.date.replace("Z", "+00:00"))
        except ValueError:
            return self.date
        return format_time(when.astimezone())


@dataclass(frozen=True, slots=True)
class HistoryListing:
    entries: list[HistoryEntry]
    warnings: list[str] = field(default_factory=list)


def _entry(line_no: int, record: Any) -> HistoryEntry:
    """A history entry from a parsed line (not replayed: listing stays fast).
    Raises :class:`RecordError` naming the field."""

    def fail(f: str, message: str, **params: str | int) -> RecordError:
        return RecordError(message, line_no, f, params)

    if not isinstance(record, dict) or record.get("format") != "skat-record":
        raise fail("format", "not a skat game record")
    players = record.get("players")
    if not isinstance(players, list) or len(players) != 3 or not all(
        isinstance(p, str) for p in players
    ):
        raise fail("players", "three player names expected")
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    assert isinstance(meta, dict)
    date = meta.get("date", "")
    if not isinstance(date, str):
        raise fail("meta.date", "a date as text expected")
    result = record.get("result")
    if not isinstance(result, dict):
        raise fail("result", "a finished deal has a result")
    soloist = result.get("soloist")
    score = result.get("score")
    if not isinstance(score, int) or isinstance(score, bool):
        raise fail("result.score", "a whole number expected, found {found}", found=repr(score))
    rules = record.get("rules")
    tag = ""
    if rules is not None:
        name = rules.get("name") if isinstance(rules, dict) else rules
        tag = f" ({name})" if isinstance(name, str) else ""
    ramsch = result.get("ramsch")
    if isinstance(ramsch, dict):
        scores = ramsch.get("scores")
        if not (isinstance(scores, list) and len(scores) == 3
                and all(isinstance(v, int) and not isinstance(v, bool) for v in scores)):
            raise fail("result.ramsch.scores", "three whole numbers expected")
        worst = min(range(3), key=lambda s: scores[s])
        best = max(range(3), key=lambda s: scores[s])
        who = best if scores[best] > 0 else worst
        text = f"{players[who]} {format_signed(scores[who])}"
        return HistoryEntry(str(line_no), record, date, (players[0], players[1], players[2]),
                            _("Ramsch") + tag, None, text, scores[who])
    if soloist is None:
        aborted = result.get("aborted")
        text = _("aborted") if aborted else _("passed in")
        return HistoryEntry(str(line_no), record, date, (players[0], players[1], players[2]),
                            text, None, text, 0)
    if soloist not in (0, 1, 2) or isinstance(soloist, bool):
        raise fail("result.soloist", "a seat 0, 1 or 2 expected, found {found}",
                   found=repr(soloist))
    try:
        game = GameType.from_letter(str(result.get("game")))
    except ValueError:
        raise fail("result.game", "a game letter expected, found {found}",
                   found=repr(result.get("game"))) from None
    flags = [result.get(k, False) for k in ("hand", "schneider_announced", "schwarz_announced",
                                            "ouvert")]
    contract = Contract(game, *(bool(f) for f in flags))
    won = result.get("won") is True
    return HistoryEntry(
        str(line_no), record, date, (players[0], players[1], players[2]),
        words(contract) + tag, players[soloist],
        (_("won {score}") if won else _("lost {score}")).format(score=format_signed(score)),
        score,
    )


def words(contract: Contract) -> str:
    """A contract as the history lists it (``♣ Clubs hand schneider``), in
    the current language (deck.py is imported here, not at the top: it
    brings Rich, and skat_tui.stats reads the history without any UI)."""
    from .deck import DeckStyle, contract_text

    return contract_text(contract, DeckStyle.TWO_COLOUR, short=True)


def _history_entry(line_no: int, raw: bytes | None) -> HistoryEntry:
    """The entry of one line of the history (bytes as read, None for one too
    long to read); RecordError naming the line for anything that is not a game
    record within limits."""
    if raw is None:
        raise RecordError("longer than {size} KiB, more than a game record has", line_no, None,
                          {"size": MAX_HISTORY_LINE // 1024})
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError("not UTF-8 text (byte {byte})", line_no, None,
                          {"byte": e.start}) from None
    return _entry(line_no, parse_json(text, line_no))


def _history_key(record: Mapping[str, Any]) -> tuple[str, int] | None:
    meta = record.get("meta")
    if not isinstance(meta, dict):
        return None
    match_id, deal = meta.get("match"), meta.get("deal")
    if isinstance(match_id, str) and isinstance(deal, int):
        return match_id, deal
    return None


# --- the store -----------------------------------------------------------------


class Storage:
    """The data directory and its files.  Methods raise :class:`StorageError`
    (a message for the user) when the disk refuses, never a bare OSError."""

    def __init__(self, base: str | os.PathLike[str] | None = None,
                 clock: Callable[[], datetime] | None = None, *, sync: bool = True) -> None:
        self.home = data_dir(base)
        self.sync = sync
        """fsync files and the directory (False only in tests that do not test
        durability: a killed process still loses nothing, a power cut might)."""
        self.clock = clock or (lambda: datetime.now(UTC))
        self._leaderboard: Leaderboard | None = None
        self._claim: int | None = None
        """The open lock file while this store plays the saved match."""

    @property
    def current_path(self) -> Path:
        return self.home / CURRENT

    @property
    def history_path(self) -> Path:
        return self.home / HISTORY

    @property
    def leaderboard_path(self) -> Path:
        return self.home / LEADERBOARD

    @property
    def lock_path(self) -> Path:
        return self.home / LOCK

    def leaderboard(self) -> Leaderboard:
        if self._leaderboard is None:
            self._leaderboard = Leaderboard(self.leaderboard_path, clock=self.clock)
        return self._leaderboard

    def close(self) -> None:
        self.release_current()
        if self._leaderboard is not None:
            self._leaderboard.close()
            self._leaderboard = None

    def _ensure_home(self) -> None:
        try:
            self.home.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StorageError(f"cannot create the data directory {self.home}: "
                               f"{e.strerror or e}", self.home) from None

    # -- the match in progress -----------------------------------------------

    def claim_current(self) -> None:
        """Make this store the only writer of the saved match: take the lock
        ``current.lock`` and hold it (until :meth:`release_current`, or the
        process ends, however it ends: a crash never leaves a stale lock).
        Does nothing if this store holds it already.  Raises
        :class:`MatchInUse` if another process holds it.  Saving and
        removing the saved match claim it first."""
        if self._claim is not None:
            return
        self._ensure_home()
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return  # no lock to be had (a read-only directory): saving says why
        if not _take_lock(fd, _CLAIM_TRIES):
            pid = _lock_holder(fd)
            os.close(fd)
            raise MatchInUse(self.home, pid)
        try:  # who holds it, for the message another skat shows
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass
        self._claim = fd

    def release_current(self) -> None:
        """Let another process play the saved match (this one stopped playing it)."""
        fd, self._claim = self._claim, None
        if fd is not None:
            os.close(fd)

    def match_in_use(self) -> MatchInUse | None:
        """Whether another process plays the saved match now (None: nobody,
        or this store).  Only looks: takes the lock for a moment if it is free."""
        if self._claim is not None:
            return None
        try:
            fd = os.open(self.lock_path, os.O_RDONLY)
        except OSError:
            return None  # never claimed here (or unreadable: nothing to go by)
        try:
            if _try_lock(fd):
                return None
            return MatchInUse(self.home, _lock_holder(fd))
        finally:
            os.close(fd)  # releases the lock if taken

    def save_current(self, match: Match, seats: Mapping[str, Any] | None = None,
                     meta: Mapping[str, Any] | None = None, *,
                     cache: RecordCache | None = None) -> None:
        """Save the match in progress atomically (see :func:`write_atomically`).
        ``cache`` keeps the finished deals' records from one save to the next.
        Claims the saved match first (:meth:`claim_current`): raises
        :class:`MatchInUse`, writing nothing, while another process plays it."""
        self.claim_current()
        text = dumps_match(match, seats, meta, saved=self.clock(), cache=cache)
        try:
            write_atomically(self.current_path, text.encode("utf-8"), self.sync)
        except OSError as e:
            raise StorageError(f"could not save the match to {self.current_path}: "
                               f"{e.strerror or e}", self.current_path) from None

    def load_current(self) -> SavedMatch | None:
        """The saved match in progress, or None if there is none.

        A save that cannot be read is moved aside (``current.json.broken-<UTC
        time>``, or ``.newer-`` for one from a newer skat) and
        :class:`DamagedSave` raised: its message names the file, the line and
        the field; the caller can start a new match."""
        path = self.current_path
        self._remove_stale_temp_files()
        if not path.exists() and not path.is_symlink():
            return None
        from .error_words import file_reason, record_text
        from .i18n import _

        try:
            data = read_file(path)
        except FileRefused as e:
            raise self._damaged(_("it cannot be read ({reason})").format(
                reason=file_reason(e))) from None
        try:
            return loads_match(data.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise self._damaged(_("not UTF-8 text at byte {byte}").format(byte=e.start)) from None
        except NewerVersionError as e:
            raise self._damaged(record_text(e), newer=True) from None
        except RecordError as e:
            raise self._damaged(record_text(e)) from None
        except Exception as e:  # a bug must not cost the save: keep it aside
            raise self._damaged(_("unexpected {error}: {detail}").format(
                error=type(e).__name__, detail=e)) from None

    def _damaged(self, reason: str, newer: bool = False) -> DamagedSave:
        path = self.current_path
        try:
            moved: Path | None = move_aside(path, "newer" if newer else "broken", self.clock())
        except OSError:
            moved = None
        return DamagedSave(path, reason, moved, newer)

    def _remove_stale_temp_files(self) -> None:
        """Temporary files left by a process killed while saving."""
        try:
            leftovers = list(self.home.glob(f".{CURRENT}.*.tmp"))
        except OSError:
            return
        for tmp in leftovers:
            pid = _temp_pid(tmp.name)
            if pid is None or pid == os.getpid() or _pid_alive(pid):
                continue  # not one of ours (a stray name), or its writer still runs
            with contextlib.suppress(OSError):  # else removed on a later start
                tmp.unlink(missing_ok=True)

    def clear_current(self) -> None:
        """Forget the match in progress (it ended, or the player gave it up)
        and release the claim on it.  Raises :class:`MatchInUse`, removing
        nothing, while another process plays it."""
        if not self.current_path.exists() and self._claim is None:
            return
        self.claim_current()
        try:
            self.current_path.unlink(missing_ok=True)
        except OSError as e:
            raise StorageError(f"could not remove {self.current_path}: {e.strerror or e}",
                               self.current_path) from None
        if self.sync:
            fsync_dir(self.home)
        self.release_current()

    # -- history ---------------------------------------------------------------

    def append_history(self, record: Mapping[str, Any]) -> bool:
        """Append a finished deal's record (append, flush, fsync).  A record
        whose ``meta.match`` and ``meta.deal`` are already among the last
        entries is not written again (False): resuming after a crash between
        saving and appending cannot duplicate a deal.

        Two processes may append at once: the line goes out in one ``write``
        to a file opened for appending, so lines never interleave, and the
        file is locked while it is checked and written."""
        self._ensure_home()
        key = _history_key(record)
        line = (dumps(dict(record), one_line=True) + "\n").encode("utf-8")
        path = self.history_path
        try:
            new = not path.exists()
            with open(path, "a+b") as f:
                _take_lock(f.fileno(), _APPEND_TRIES)  # released when closed
                size = f.seek(0, os.SEEK_END)
                if size:
                    f.seek(max(0, size - _TAIL))
                    tail = f.read()
                    if key is not None and key in self._keys_in(tail):
                        return False
                    if not tail.endswith(b"\n"):
                        line = b"\n" + line  # end a torn line; it stays skipped
                view = memoryview(line)
                while view:  # one write; more only if the disk takes part of it
                    view = view[os.write(f.fileno(), view):]
                if self.sync:
                    os.fsync(f.fileno())
            if new and self.sync:
                fsync_dir(self.home)
        except OSError as e:
            raise StorageError(f"could not add the deal to the history {path}: "
                               f"{e.strerror or e}", path) from None
        return True

    @staticmethod
    def _keys_in(tail: bytes) -> set[tuple[str, int]]:
        keys = set()
        for raw in tail.split(b"\n"):
            try:
                value = parse_json(raw.decode("utf-8"))
            except (RecordError, UnicodeDecodeError):
                continue
            if isinstance(value, dict):
                key = _history_key(value)
                if key is not None:
                    keys.add(key)
        return keys

    def _history_lines(self) -> Iterator[tuple[int, bytes | None]]:
        """The lines of the history; None for a line longer than
        :data:`MAX_HISTORY_LINE`, which is skipped unread so that memory stays
        bounded."""
        try:
            fd = open_regular(self.history_path)
        except FileRefused as e:
            if not self.history_path.exists() and not self.history_path.is_symlink():
                return
            from .error_words import file_reason
            from .i18n import _

            raise StorageError(_("cannot read the history {path}: {reason}").format(
                path=e.path, reason=file_reason(e)), self.history_path) from None
        try:
            with os.fdopen(fd, "rb") as f:
                n = 0
                while True:
                    raw = f.readline(MAX_HISTORY_LINE + 1)
                    if not raw:
                        return
                    n += 1
                    if len(raw) > MAX_HISTORY_LINE and not raw.endswith(b"\n"):
                        while True:  # the rest of the long line
                            more = f.readline(MAX_HISTORY_LINE)
                            if not more or more.endswith(b"\n"):
                                break
                        yield n, None
                        continue
                    yield n, raw
        except OSError as e:
            raise StorageError(f"cannot read the history {self.history_path}: "
                               f"{e.strerror or e}", self.history_path) from None

    def history(self) -> HistoryListing:
        """Every finished deal, oldest first.  A line that cannot be read (a
        torn last line after a crash, an edited one) is skipped with a warning
        that names the line."""
        from .error_words import record_text
        from .i18n import _

        entries: list[HistoryEntry] = []
        warnings: list[str] = []
        for n, raw in self._history_lines():
            if raw is not None and not raw.strip():
                continue
            torn = raw is not None and not raw.endswith(b"\n")
            try:
                entries.append(_history_entry(n, raw))
            except RecordError as e:
                reason = record_text(e)
                if torn and e.reason.startswith("not valid JSON"):
                    reason = _("line {line}: cut off (the program stopped while writing "
                               "it)").format(line=n)
                warnings.append(_("history {path}: {reason}; skipped").format(
                    path=self.history_path, reason=reason))
        return HistoryListing(entries, warnings)

    def history_entry(self, entry_id: str | int) -> HistoryEntry:
        """The entry with this id; :class:`StorageError` if there is none."""
        text = str(entry_id).strip().lstrip("#")
        if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < 1:
            raise StorageError(f"history ids are numbers from 1 (as `skat history` lists "
                               f"them), not {entry_id!r}", self.history_path)
        want = int(text)
        for n, raw in self._history_lines():
            if n == want:
                try:
                    return _history_entry(n, raw)
                except RecordError as e:
                    from .error_words import record_text
                    from .i18n import _

                    raise StorageError(_("history entry {id} in {path} cannot be read: "
                                         "{reason}").format(id=want, path=self.history_path,
                                                            reason=record_text(e)),
                                       self.history_path) from None
        raise StorageError(f"there is no history entry {want} (see `skat history`)",
                           self.history_path)


# --- one match, kept safe ------------------------------------------------------


def seat_levels(match: Match, seats: Mapping[str, Any]) -> list[tuple[str, str | None]]:
    """(name, bot level or None for a human) of each player, from the ``seats``
    saved with a match (player name -> ``"human"`` or a bot level)."""
    out: list[tuple[str, str | None]] = []
    for i, name in enumerate(match.config.players):
        kind = seat_kind(seats, name, i)
        out.append((name, None if kind == HUMAN else kind))
    return out


def new_match_id() -> str:
    return uuid.uuid4().hex[:16]


class MatchKeeper:
    """Keeps one match on disk while it is played.

    Call :meth:`update` after every applied action (and, if you like, after
    ``next_deal``): it saves the match, appends newly finished deals to the
    history and, when the match is over, records it on the leaderboard and
    clears the save.  It returns messages for the user (a full disk, a locked
    leaderboard) instead of raising: play goes on.

    ``meta`` (saved with the match) holds ``match`` (the id), ``kind``
    (daily/seeded/random), ``counts``, ``started`` and, for a daily,
    ``daily`` (the day) and ``scored``.

    A keeper holds its storage's claim on the saved match
    (:meth:`Storage.claim_current`) from :meth:`start` or :meth:`resume`
    until the match ends, is given up, or :meth:`close` is called: no other
    skat process can start or resume a saved match meanwhile.
    """

    def __init__(self, storage: Storage, match: Match, seats: Mapping[str, Any],
                 meta: Mapping[str, Any], logged: int) -> None:
        self.storage = storage
        self.match = match
        self.seats = dict(seats)
        self.meta = dict(meta)
        self.messages: list[str] = []
        """Every message so far (``update`` returns the new ones)."""
        self._logged = logged
        self._cache = RecordCache()
        self._done = False
        self._closed = False

    @property
    def match_id(self) -> str:
        return str(self.meta["match"])

    @property
    def counts(self) -> bool:
        return bool(self.meta.get("counts", True))

    @property
    def scored(self) -> bool | None:
        """For a daily: the day's scored attempt (True) or practice (False)."""
        v = self.meta.get("scored")
        return v if isinstance(v, bool) else None

    @classmethod
    def start(cls, storage: Storage, match: Match, seats: Mapping[str, Any] | None = None, *,
              kind: SeedKind | str | None = None, counts: bool = True,
              meta: Mapping[str, Any] | None = None) -> MatchKeeper:
        """Begin keeping a new match (saved at once).  ``kind`` defaults to the
        seed's (a daily seed is a daily).  ``counts=False`` for a match that
        must not reach the leaderboard (a replay, a continued deal).  A daily
        is registered as the day's scored attempt if it is the first one.

        Raises :class:`MatchInUse` (nothing written, no daily attempt used)
        while another process plays the saved match.  Replaces a saved match
        of this process's: give that up first (:meth:`abandon`)."""
        storage.claim_current()
        now = storage.clock()
        kind_value = SeedKind(kind) if kind is not None else seed_kind(match.config.seed)
        full: dict[str, Any] = dict(meta or {})
        full.update(match=new_match_id(), kind=kind_value.value, counts=counts,
                    started=_utc_stamp(now))
        keeper = cls(storage, match, seats or {}, full, logged=len(match.outcomes))
        full = keeper.meta
        if kind_value == SeedKind.DAILY:
            day = parse_daily(match.config.seed)
            full["daily"] = day.isoformat()
            if counts:
                try:
                    full["scored"] = storage.leaderboard().start_daily(day, keeper.match_id, now)
                except LeaderboardError as e:
                    # Decided when the match is recorded, with the start time kept here.
                    full["scored"] = day == utc_today(now)
                    keeper._note(f"{e} (the daily attempt will be registered at the end)")
            else:
                full["scored"] = False
        keeper._save(match)
        return keeper

    @classmethod
    def resume(cls, storage: Storage) -> MatchKeeper | None:
        """The saved match, ready to go on; None if there is none.  Raises
        :class:`DamagedSave` (already moved aside) for a save that cannot be
        read.  A saved match that is over (the program stopped while ending
        it) is finished off here: see :attr:`match` ``.is_over``.  Raises
        :class:`MatchInUse` (nothing read or written) while another process
        plays it."""
        storage.claim_current()
        try:
            saved = storage.load_current()
        except BaseException:
            storage.release_current()
            raise
        if saved is None:
            storage.release_current()
            return None
        meta = dict(saved.meta)
        if not isinstance(meta.get("match"), str):
            meta["match"] = new_match_id()
        if meta.get("kind") not in ("daily", "seeded", "random", "pub"):
            meta["kind"] = seed_kind(saved.match.config.seed).value
        keeper = cls(storage, saved.match, saved.seats, meta, logged=0)
        keeper._catch_up_history()
        keeper.update(saved.match)
        return keeper

    def _note(self, message: str) -> None:
        self.messages.append(message)

    def _save(self, match: Match) -> None:
        try:
            self.storage.save_current(match, self.seats, self.meta, cache=self._cache)
        except StorageError as e:
            self._note(str(e))

    def _catch_up_history(self) -> None:
        """After a resume: append the finished deals the history lacks."""
        for outcome in self.match.outcomes:
            self._append(outcome.number)
        self._logged = len(self.match.outcomes)

    def _append(self, number: int) -> None:
        outcome = self.match.outcomes[number]
        extra: dict[str, Any] = {
            "match": self.match_id, "kind": self.meta.get("kind"),
            "date": _utc_stamp(self.storage.clock()),
            # Who sat where (a human or a bot level), for the statistics.
            "seats": {name: level or HUMAN for name, level in seat_levels(self.match,
                                                                           self.seats)},
        }
        if isinstance(self.meta.get("scored"), bool):
            extra["scored"] = self.meta["scored"]
        record = outcome_record(self.match, outcome, extra)
        try:
            self.storage.append_history(record)
        except StorageError as e:
            self._note(str(e))

    def update(self, match: Match) -> list[str]:
        """Save ``match`` (the same match, some actions on); returns new messages."""
        if match.config != self.match.config:
            raise ValueError("this keeper keeps another match; start a new MatchKeeper")
        before = len(self.messages)
        self.match = match
        if self._done or self._closed:
            return []
        self._save(match)
        for number in range(self._logged, len(match.outcomes)):
            self._append(number)
        self._logged = len(match.outcomes)
        if match.is_over:
            self._finish()
        return self.messages[before:]

    after_action = update
    after_deal = update

    def _finish(self) -> None:
        if self.counts:
            summary = MatchSummary.from_match(
                self.match, self.match_id, str(self.meta.get("kind")), self.seats,
                self.storage.clock(),
            )
            started = self.meta.get("started")
            try:
                started_at = (datetime.fromisoformat(started.replace("Z", "+00:00"))
                              if isinstance(started, str) else None)
            except ValueError:
                started_at = None
            try:
                self.storage.leaderboard().record_match(
                    summary, counts=True, daily_day=self.meta.get("daily"),
                    started_at=started_at,
                )
            except LeaderboardError as e:
                self._note(f"{e}. The match stays saved and is added the next time skat starts.")
                return
        try:
            self.storage.clear_current()
        except StorageError as e:
            self._note(str(e))
            return
        self._done = True

    def close(self) -> None:
        """Stop keeping the match (the app quits; it stays saved as it is) and
        let another process resume it.  Later updates save nothing."""
        self._closed = True
        self.storage.release_current()

    def abandon(self) -> None:
        """The player gives the match up: the save is removed (finished deals
        stay in the history; a daily attempt stays used)."""
        self._done = True
        try:
            self.storage.clear_current()
        except StorageError as e:
            self._note(str(e))


__all__ = [
    "ENV_HOME",
    "DamagedSave",
    "HistoryEntry",
    "HistoryListing",
    "MatchInUse",
    "MatchKeeper",
    "Storage",
    "StorageError",
    "data_dir",
    "fsync_dir",
    "move_aside",
    "seat_levels",
    "write_atomically",
]

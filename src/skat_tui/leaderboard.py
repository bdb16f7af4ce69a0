"""The local leaderboard: finished matches and daily attempts in SQLite.

One file, ``leaderboard.sqlite3`` in the user data directory.  Numbers are
summed in Python over rows that pass a check, so a damaged row is skipped
with a message instead of spoiling an average.  Nothing here raises a bare
:mod:`sqlite3` error: a database another program holds locked gives a
:class:`LeaderboardBusy` with a message (after a short wait), and a file that
is not a database is moved aside and a new one started (with a message in
:attr:`Leaderboard.warnings`).

What counts: a finished match the app recorded with ``counts=True``.  A
replayed or continued deal never reaches :meth:`Leaderboard.record_match`
with ``counts=True``; daily attempts after the first one of a day are
practice and are kept apart from the best matches and the averages.
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Generic, TextIO, TypeVar

from skat_core.bots import LEVELS
from skat_core.errors import RecordError
from skat_core.match import Match, Scoring
from skat_core.records.jsontext import escape_surrogates, parse_json
from skat_core.seeds import parse_daily

from .error_words import error_text
from .i18n import N_, _

SCHEMA_VERSION = 1
DEFAULT_TIMEOUT = 0.25
"""Seconds to wait for another program's lock before giving up."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    match_id    TEXT PRIMARY KEY,
    finished_at TEXT NOT NULL,
    day         TEXT NOT NULL,
    kind        TEXT NOT NULL,
    seed        TEXT NOT NULL,
    deals       INTEGER NOT NULL,
    daily       TEXT,
    players     TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS daily_attempts (
    match_id    TEXT PRIMARY KEY,
    day         TEXT NOT NULL,
    started_at  TEXT NOT NULL,
    scored      INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS daily_attempts_day ON daily_attempts (day, started_at);
"""

KINDS = ("daily", "seeded", "random", "online", "pub")
KIND_LABELS = {"daily": N_("daily"), "seeded": N_("seeded"), "random": N_("random"),
               "online": N_("online"), "pub": N_("pub"), "hotseat": N_("hotseat")}
"""The kinds of match of the scores and the statistics as the screens say them
(the stored kinds, ``--kind`` and the CSV columns stay these English words)."""


def kind_name(kind: str) -> str:
    """A kind of match in the current language (one we do not know as is)."""
    return _(KIND_LABELS[kind]) if kind in KIND_LABELS else kind

"""``pub``: a match under house rules (any rule set but the tournament's),
kept apart from the others: its Kontra, Bock and Ramsch scores are not
comparable with tournament totals."""
HUMAN = "human"


class LeaderboardError(Exception):
    """The leaderboard cannot be used now; ``str(error)`` is for the user."""


class LeaderboardBusy(LeaderboardError):
    """Another program holds the database locked."""


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Report(Generic[T]):
    """Rows of a query, and messages about rows that had to be skipped."""

    rows: list[T]
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One player's part of a finished match."""

    name: str
    seat: str
    """``human`` or the bot level."""
    seeger_fabian: int
    standard: int
    solo_games: int
    solo_wins: int

    @property
    def is_human(self) -> bool:
        return self.seat == HUMAN


def seat_kind(seats: Mapping[str, Any] | None, name: str, index: int) -> str:
    """``human`` or a bot level for a player, read from the app's ``seats``
    (keyed by player name or by player number as text; a value that is a bot
    level means that bot, anything else a human)."""
    if not seats:
        return HUMAN
    value = seats.get(name, seats.get(str(index)))
    if isinstance(value, Mapping):
        value = value.get("level", value.get("kind"))
    return value if isinstance(value, str) and value in LEVELS else HUMAN


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What the leaderboard keeps of a finished match."""

    match_id: str
    finished_at: str
    """ISO 8601 in UTC, ``2026-11-29T20:15:02Z``."""
    kind: str
    seed: str
    deals: int
    players: tuple[PlayerLine, ...]

    @property
    def day(self) -> str:
        return self.finished_at[:10]

    @classmethod
    def from_match(
        cls,
        match: Match,
        match_id: str,
        kind: str,
        seats: Mapping[str, Any] | None = None,
        finished_at: datetime | None = None,
    ) -> MatchSummary:
        when = (finished_at or datetime.now(UTC)).astimezone(UTC)
        if not match.config.rules.is_tournament:
            kind = "pub"
        std = match.totals(Scoring.STANDARD)
        sf = match.totals(Scoring.SEEGER_FABIAN)
        lines = []
        for p, name in enumerate(match.config.players):
            games = [o for o in match.outcomes if o.soloist_player == p]
            lines.append(PlayerLine(
                name, seat_kind(seats, name, p), sf[p], std[p],
                len(games), sum(1 for o in games if o.result.won),
            ))
        return cls(match_id, _iso(when), kind, match.config.seed, len(match.outcomes),
                   tuple(lines))


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A finished match as stored, with ``daily`` ``scored``/``practice``/None."""

    summary: MatchSummary
    daily: str | None

    @property
    def counts(self) -> bool:
        """Part of the best matches and averages (not a daily practice)."""
        return self.daily != "practice"


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A day's daily: the scored attempt (if finished) and the practice ones."""

    day: str
    scored: MatchRow | None
    practice: list[MatchRow]
    started_scored: bool
    """A scored attempt was started that day (it may not be finished)."""


@dataclass(frozen=True, slots=True)
class BestMatch:
    row: MatchRow
    player: PlayerLine
    points: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    seat: str
    matches: int
    deals: int
    seeger_fabian: int
    standard: int
    solo_games: int
    solo_wins: int

    @property
    def points_per_deal(self) -> float:
        """Seeger-Fabian points per deal played."""
        return self.seeger_fabian / self.deals if self.deals else 0.0

    @property
    def standard_per_deal(self) -> float:
        return self.standard / self.deals if self.deals else 0.0

    @property
    def solo_win_rate(self) -> float | None:
        return self.solo_wins / self.solo_games if self.solo_games else None


def _iso(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class _BadText:
    """Text in the database that is not UTF-8 (a damaged row)."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw

    def __repr__(self) -> str:
        return f"undecodable bytes {self.raw[:20]!r}"


def _decode(raw: bytes) -> str | _BadText:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return _BadText(raw)


class _Damaged(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(_("field {field}: {message}").format(field=field, message=message))


def _int(v: Any, name: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise _Damaged(name, _("a whole number expected, found {found}").format(found=repr(v)))
    return v


def _str(v: Any, name: str) -> str:
    if not isinstance(v, str) or not v:
        raise _Damaged(name, _("text expected, found {found}").format(found=repr(v)))
    return v


def _player_line(obj: Any, i: int) -> PlayerLine:
    where = f"players[{i}]"
    if not isinstance(obj, dict):
        raise _Damaged(where, _("an object expected"))
    line = PlayerLine(
        _str(obj.get("name"), f"{where}.name"),
        _str(obj.get("seat"), f"{where}.seat"),
        _int(obj.get("seeger_fabian"), f"{where}.seeger_fabian"),
        _int(obj.get("standard"), f"{where}.standard"),
        _int(obj.get("solo_games"), f"{where}.solo_games"),
        _int(obj.get("solo_wins"), f"{where}.solo_wins"),
    )
    if not 0 <= line.solo_wins <= line.solo_games:
        raise _Damaged(f"{where}.solo_wins", _("more wins than games"))
    return line


def _match_row(row: sqlite3.Row) -> MatchRow:
    match_id = _str(row["match_id"], "match_id")
    finished_at = _str(row["finished_at"], "finished_at")
    try:
        datetime.fromisoformat(finished_at.replace("Z", "+00:00"))
    except ValueError:
        raise _Damaged("finished_at", _("not a date and time: {found}").format(
            found=repr(finished_at))) from None
    kind = _str(row["kind"], "kind")
    if kind not in KINDS:
        raise _Damaged("kind", _("one of {kinds} expected, found {found}").format(
            kinds=", ".join(KINDS), found=repr(kind)))
    daily = row["daily"]
    if daily not in (None, "scored", "practice"):
        raise _Damaged("daily", _("scored, practice or empty expected, found {found}").format(
            found=repr(daily)))
    try:
        players_json = parse_json(_str(row["players"], "players"))
    except RecordError as e:
        raise _Damaged("players", _("not valid JSON ({reason})").format(
            reason=error_text(e))) from None
    if not isinstance(players_json, list) or len(players_json) not in (3, 4):
        raise _Damaged("players", _("a list of 3 or 4 players expected"))
    players = tuple(_player_line(p, i) for i, p in enumerate(players_json))
    deals = _int(row["deals"], "deals")
    summary = MatchSummary(match_id, finished_at, kind, _str(row["seed"], "seed"), deals,
                           players)
    return MatchRow(summary, daily)


class Leaderboard:
    """The leaderboard database at ``path`` (created on first use).

    Every method may raise :class:`LeaderboardBusy` or
    :class:`LeaderboardError`; their text is meant for the user."""

    def __init__(self, path: str | os.PathLike[str], timeout: float = DEFAULT_TIMEOUT,
                 clock: Callable[[], datetime] | None = None) -> None:
        self.path = Path(path)
        self.timeout = timeout
        self.clock = clock or (lambda: datetime.now(UTC))
        self.warnings: list[str] = []
        """Messages about the database itself (moved aside and recreated)."""
        self._conn: sqlite3.Connection | None = None

    # -- the connection ------------------------------------------------------

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Leaderboard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and not self.path.is_file():
                # a FIFO or a device would hang sqlite's first read
                raise LeaderboardError(_("the leaderboard {path} is not a regular file").format(
                    path=self.path))
            conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        except (OSError, sqlite3.Error) as e:
            raise LeaderboardError(_("cannot open the leaderboard {path}: {reason}").format(
                path=self.path, reason=e)) from None
        conn.row_factory = sqlite3.Row
        conn.text_factory = _decode
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                conn.close()
                raise LeaderboardError(
                    _("the leaderboard {path} was made by a newer skat (schema {version}); "
                      "this skat reads up to {known}").format(path=self.path, version=version,
                                                              known=SCHEMA_VERSION)
                )
            if version < SCHEMA_VERSION:
                conn.executescript(
                    f"BEGIN IMMEDIATE;{_SCHEMA}PRAGMA user_version = {SCHEMA_VERSION};COMMIT;"
                )
        except BaseException:
            conn.close()
            raise
        return conn

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._run(self._open)
        return self._conn

    def _run(self, work: Callable[[], T]) -> T:
        """Run ``work``, turning sqlite errors into messages; a corrupt file is
        moved aside and ``work`` tried once more on a new one."""
        for attempt in (1, 2):
            try:
                return work()
            except sqlite3.OperationalError as e:
                if _is_busy(e):
                    raise LeaderboardBusy(
                        _("the leaderboard {path} is locked by another program (is another "
                          "skat running?); try again in a moment").format(path=self.path)
                    ) from None
                raise LeaderboardError(_("the leaderboard {path}: {reason}").format(
                    path=self.path, reason=e)) from None
            except sqlite3.DatabaseError as e:
                if attempt == 2:
                    raise LeaderboardError(_("the leaderboard {path}: {reason}").format(
                        path=self.path, reason=e)) from None
                self._move_aside(str(e))
        raise AssertionError("unreachable")

    def _move_aside(self, reason: str) -> None:
        self.close()
        stamp = self.clock().astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.broken-{stamp}")
        n = 1
        while target.exists():
            target = self.path.with_name(f"{self.path.name}.broken-{stamp}-{n}")
            n += 1
        try:
            os.replace(self.path, target)
            for suffix in ("-journal", "-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, target.with_name(target.name + suffix))
        except OSError as e:
            raise LeaderboardError(
                _("the leaderboard {path} is damaged ({reason}) and could not be moved "
                  "aside: {error}").format(path=self.path, reason=reason, error=e)
            ) from None
        self.warnings.append(
            _("The leaderboard {path} was damaged ({reason}); it was moved to {target} "
              "and a new one started.").format(path=self.path, reason=reason, target=target)
        )

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # -- writing -------------------------------------------------------------

    def start_daily(self, day: date | str, match_id: str,
                    started_at: datetime | None = None) -> bool:
        """Register an attempt at the daily of ``day``; True if it is the
        scored one: the first attempt started on that (UTC) day.  Later
        attempts, and attempts at another day's daily, are practice.
        Registering the same match again gives the same answer."""
        day_text = day.isoformat() if isinstance(day, date) else day
        when = (started_at or self.clock()).astimezone(UTC)

        def work() -> bool:
            with self._write() as conn:
                row = conn.execute("SELECT scored FROM daily_attempts WHERE match_id = ?",
                                   (match_id,)).fetchone()
                if row is not None:
                    return bool(row["scored"])
                earlier = conn.execute(
                    "SELECT 1 FROM daily_attempts WHERE day = ? AND scored = 1", (day_text,)
                ).fetchone()
                scored = earlier is None and when.date().isoformat() == day_text
                conn.execute(
                    "INSERT INTO daily_attempts (match_id, day, started_at, scored) "
                    "VALUES (?, ?, ?, ?)",
                    (match_id, day_text, _iso(when), int(scored)),
                )
                return scored

        return self._run(work)

    def record_match(self, summary: MatchSummary, *, counts: bool = True,
                     daily_day: date | str | None = None,
                     started_at: datetime | None = None) -> bool:
        """Keep a finished match; False if it was not kept (``counts`` is
        false: a replayed or continued match) or was kept before (same id).

        For a daily (``summary.kind == "daily"``) the attempt is registered
        if :meth:`start_daily` could not do it at the start (``daily_day``,
        ``started_at``), and the match is marked scored or practice."""
        if not counts:
            return False
        if summary.kind == "daily":
            if daily_day is None:
                try:
                    daily_day = parse_daily(summary.seed)
                except ValueError:
                    raise LeaderboardError(
                        _("a daily match has a daily seed, not {found}").format(
                            found=repr(summary.seed))
                    ) from None
            scored = self.start_daily(daily_day, summary.match_id, started_at)
            daily: str | None = "scored" if scored else "practice"
        else:
            daily = None
        players = json.dumps([
            {"name": p.name, "seat": p.seat, "seeger_fabian": p.seeger_fabian,
             "standard": p.standard, "solo_games": p.solo_games, "solo_wins": p.solo_wins}
            for p in summary.players
        ], ensure_ascii=False)
        players = escape_surrogates(players)  # SQLite stores UTF-8 only

        def work() -> bool:
            with self._write() as conn:
                cur = conn.execute(
                    "INSERT OR IGNORE INTO matches (match_id, finished_at, day, kind, seed, "
                    "deals, daily, players) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (summary.match_id, summary.finished_at, summary.day, summary.kind,
                     summary.seed, summary.deals, daily, players),
                )
                return cur.rowcount == 1

        return self._run(work)

    # -- reading -------------------------------------------------------------

    def matches(self) -> Report[MatchRow]:
        """Every finished match, oldest first; damaged rows skipped with a message."""

        def work() -> Report[MatchRow]:
            conn = self._connection()
            rows: list[MatchRow] = []
            warnings: list[str] = []
            cursor = conn.execute("SELECT rowid, * FROM matches ORDER BY finished_at, rowid")
            for row in cursor:
                try:
                    rows.append(_match_row(row))
                except _Damaged as e:
                    warnings.append(_("leaderboard {path}: match row {row} is damaged "
                                      "({reason}); skipped").format(
                        path=self.path, row=row["rowid"], reason=e))
            return Report(rows, warnings)

        return self._run(work)

    def daily_results(self, day: date | str | None = None) -> Report[DailyResult]:
        """The dailies, newest day first (or only ``day``)."""
        report = self.matches()
        warnings = list(report.warnings)

        def attempts() -> list[sqlite3.Row]:
            conn = self._connection()
            return list(conn.execute("SELECT rowid, * FROM daily_attempts"))

        started: set[str] = set()
        for row in self._run(attempts):
            d, scored = row["day"], row["scored"]
            if not isinstance(d, str) or scored not in (0, 1):
                warnings.append(_("leaderboard {path}: daily attempt row {row} is damaged; "
                                  "skipped").format(path=self.path, row=row["rowid"]))
                continue
            if scored:
                started.add(d)
        by_day: dict[str, tuple[list[MatchRow], list[MatchRow]]] = {}
        for r in report.rows:
            if r.summary.kind != "daily" or r.daily is None:
                continue
            d = r.summary.seed.removeprefix("daily:")
            scored_rows, practice = by_day.setdefault(d, ([], []))
            (scored_rows if r.daily == "scored" else practice).append(r)
        days = set(by_day) | started
        want = None if day is None else (day.isoformat() if isinstance(day, date) else day)
        out = []
        for d in sorted(days, reverse=True):
            if want is not None and d != want:
                continue
            scored_rows, practice = by_day.get(d, ([], []))
            out.append(DailyResult(d, scored_rows[0] if scored_rows else None, practice,
                                   d in started))
        return Report(out, warnings)

    def best_matches(self, limit: int = 10,
                     scoring: Scoring = Scoring.SEEGER_FABIAN,
                     pub: bool = False) -> Report[BestMatch]:
        """The highest totals of human players (of every player if a match had
        no human), practice dailies left out; the house-rule (``pub``) matches
        only with ``pub``, the others only without."""
        report = self.matches()
        best: list[BestMatch] = []
        for r in report.rows:
            if not r.counts or (r.summary.kind == "pub") != pub:
                continue
            humans = [p for p in r.summary.players if p.is_human] or list(r.summary.players)
            for p in humans:
                points = p.standard if scoring == Scoring.STANDARD else p.seeger_fabian
                best.append(BestMatch(r, p, points))
        best.sort(key=lambda b: (-b.points, b.row.summary.finished_at))
        return Report(best[:limit], report.warnings)

    def player_stats(self, pub: bool = False) -> Report[PlayerStats]:
        """Totals per player (name and seat: a human or a bot level), practice
        dailies left out; sorted by Seeger-Fabian points per deal.  House-rule
        (``pub``) matches only with ``pub``, the others only without."""
        report = self.matches()
        acc: dict[tuple[str, str], list[int]] = {}
        for r in report.rows:
            if not r.counts or (r.summary.kind == "pub") != pub:
                continue
            for p in r.summary.players:
                a = acc.setdefault((p.name, p.seat), [0, 0, 0, 0, 0, 0])
                for i, v in enumerate((1, r.summary.deals, p.seeger_fabian, p.standard,
                                       p.solo_games, p.solo_wins)):
                    a[i] += v
        stats = [PlayerStats(name, seat, *a) for (name, seat), a in acc.items()]
        stats.sort(key=lambda s: (-s.points_per_deal, s.name))
        return Report(stats, report.warnings)

    CSV_COLUMNS: Sequence[str] = (
        "finished_at", "kind", "seed", "daily", "match_id", "deals", "player", "seat",
        "seeger_fabian", "standard", "solo_games", "solo_wins",
    )

    def export_csv(self, out: TextIO) -> list[str]:
        """Every finished match, one row per player; returns the warnings."""
        report = self.matches()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.CSV_COLUMNS)
        for r in report.rows:
            s = r.summary
            for p in s.players:
                writer.writerow([s.finished_at, s.kind, s.seed, r.daily or "", s.match_id,
                                 s.deals, p.name, p.seat, p.seeger_fabian, p.standard,
                                 p.solo_games, p.solo_wins])
        return report.warnings


def _is_busy(e: sqlite3.OperationalError) -> bool:
    text = str(e).lower()
    return "locked" in text or "busy" in text


__all__ = [
    "HUMAN",
    "BestMatch",
    "DailyResult",
    "Leaderboard",
    "LeaderboardBusy",
    "LeaderboardError",
    "MatchRow",
    "MatchSummary",
    "PlayerLine",
    "PlayerStats",
    "Report",
    "seat_kind",
]

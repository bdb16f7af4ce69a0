"""Statistics of a player's play, computed from the history.

Every finished deal in ``history.jsonl`` (:meth:`Storage.history`) becomes a
:class:`Deal`: who sat where (a human or a bot level), the game and its
result.  :func:`compute` counts them for the human seats (or one player) that
pass the :class:`Filters` — a date range and the kinds of match — into
:class:`Statistics`: deals played, soloist games by game type, overbids,
schneider and schwarz, points per deal, defence, days, dailies, the matches'
running totals, and the same figures for each bot level faced.

A match's kinds are data, not code: the ``kind`` its history entries carry
(``daily``, ``seeded``, ``random``, or whatever a later kind of match
writes), any ``tags`` they list, and ``hotseat`` for a match with more than
one person at the table.  A filter on kinds keeps a deal that has any of
them.

Counting is per human seat: a deal against two bots counts once; in hotseat
each person's seat counts for that person (``Filters.player`` picks one).
Dates are UTC days, as the daily and the scores use them.

Nothing in this module imports the UI; :func:`csv_rows` gives the figures in
long form for ``skat stats --csv``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from skat_core.bots import LEVELS
from skat_core.errors import RecordError
from skat_core.match import Scoring
from skat_core.rules import GameType

from .leaderboard import HUMAN, Leaderboard, LeaderboardError
from .storage import HistoryEntry, Storage

UNKNOWN = "unknown"
"""The seat of a bot whose level the history does not tell."""
PEOPLE = "people only"
"""The group of deals with no bot at the table."""
HOTSEAT = "hotseat"
WON_AT = 61
"""Card points the soloist of a suit or grand game needs."""


# --- one deal ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """A finished deal as the statistics see it."""

    id: str
    """The history id (its line number)."""
    date: str
    """When it ended, ISO 8601 UTC; empty if the record does not say."""
    match: str | None
    number: int | None
    """The deal's number in its match (from 0)."""
    kinds: frozenset[str]
    players: tuple[str, str, str]
    """Forehand, middlehand, rearhand."""
    seats: tuple[str, str, str] | None
    """``human`` or a bot level for each player; None: the history does not say."""
    soloist: int | None
    """The soloist's seat; None for a deal passed in or aborted."""
    game: GameType | None = None
    won: bool = False
    value: int = 0
    soloist_points: int = 0
    soloist_tricks: int = 0
    overbid: bool = False
    dealer: str | None = None
    daily: str | None = None
    """The day of a daily's seed (``2026-11-29``)."""
    scored: bool | None = None
    """A daily: the day's scored attempt (True) or practice (False); None: unknown."""

    @property
    def day(self) -> str:
        return self.date[:10]

    @property
    def table_size(self) -> int:
        """4 when the dealer sat out (not among the three players)."""
        return 4 if self.dealer is not None and self.dealer not in self.players else 3

    @property
    def score(self) -> int:
        """The soloist's score in the standard list."""
        if self.soloist is None:
            return 0
        return self.value if self.won else -2 * self.value

    def points(self, seat: int, scoring: Scoring = Scoring.SEEGER_FABIAN) -> int:
        """What the player in ``seat`` scored with this deal."""
        if self.soloist is None:
            return 0
        if scoring == Scoring.STANDARD:
            return self.score if seat == self.soloist else 0
        if seat == self.soloist:
            return self.value + 50 if self.won else -2 * self.value - 50
        return 0 if self.won else (40 if self.table_size == 3 else 30)

    def points_by_name(self, scoring: Scoring = Scoring.SEEGER_FABIAN) -> dict[str, int]:
        """Every player's score with this deal, the dealer who sat out included."""
        out = {name: self.points(seat, scoring) for seat, name in enumerate(self.players)}
        if self.table_size == 4 and self.dealer is not None:
            lost = self.soloist is not None and not self.won
            out[self.dealer] = 30 if lost and scoring == Scoring.SEEGER_FABIAN else 0
        return out


def _fail(line: str, field_name: str, message: str, **params: str | int) -> RecordError:
    return RecordError(message, int(line) if line.isdigit() else None, field_name, params)


def _int(result: Mapping[str, Any], key: str, line: str, low: int, high: int) -> int:
    v = result.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise _fail(line, f"result.{key}", "a whole number {low}..{high} expected, "
                    "found {found}", low=low, high=high, found=repr(v))
    return v


def _seats(value: Any, players: Sequence[str]) -> tuple[str, str, str] | None:
    """``seats`` as the history keeps them (name -> ``human`` or a level)."""
    if not isinstance(value, Mapping):
        return None
    out = []
    for name in players:
        seat = value.get(name)
        if not isinstance(seat, str):
            return None
        out.append(seat if seat == HUMAN or seat in LEVELS else UNKNOWN)
    return (out[0], out[1], out[2])


def deal_from_entry(entry: HistoryEntry,
                    seats: Mapping[str, Any] | None = None) -> Deal:
    """The :class:`Deal` of a history entry.  ``seats`` (name -> ``human`` or
    a level) stand in when the entry does not carry its own.  Raises
    :class:`RecordError` naming the line and field of a result that makes no
    sense."""
    record, line = entry.record, entry.id
    meta = record.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    match_id = meta.get("match") if isinstance(meta.get("match"), str) else None
    number = meta.get("deal")
    number = number if isinstance(number, int) and not isinstance(number, bool) else None
    dealer = meta.get("dealer") if isinstance(meta.get("dealer"), str) else None
    seat_kinds = _seats(meta.get("seats"), entry.players) or _seats(seats, entry.players)
    kinds: set[str] = set()
    kind = meta.get("kind")
    if isinstance(kind, str) and kind:
        kinds.add(kind)
    tags = meta.get("tags")
    if isinstance(tags, list):
        kinds.update(t for t in tags if isinstance(t, str) and t)
    if seat_kinds is not None and seat_kinds.count(HUMAN) > 1:
        kinds.add(HOTSEAT)
    seed = meta.get("seed")
    daily = None
    if isinstance(seed, str) and seed.startswith("daily:"):
        daily = seed.removeprefix("daily:")
        kinds.add("daily")
    scored = meta.get("scored") if isinstance(meta.get("scored"), bool) else None
    base = Deal(entry.id, entry.date, match_id, number, frozenset(kinds), entry.players,
                seat_kinds, None, dealer=dealer, daily=daily, scored=scored)
    result = record["result"]
    soloist = result.get("soloist")
    if soloist is None:
        return base
    game = GameType.from_letter(str(result.get("game")))  # checked by the history
    won = result.get("won")
    if not isinstance(won, bool):
        raise _fail(line, "result.won", "true or false expected, found {found}",
                    found=repr(won))
    overbid = result.get("overbid", False)
    if not isinstance(overbid, bool):
        raise _fail(line, "result.overbid", "true or false expected, found {found}",
                    found=repr(overbid))
    return replace(
        base, soloist=soloist, game=game, won=won, overbid=overbid,
        value=_int(result, "value", line, 0, 10_000),
        soloist_points=_int(result, "soloist_points", line, 0, 120),
        soloist_tricks=_int(result, "soloist_tricks", line, 0, 10),
    )


@dataclass(frozen=True, slots=True)
class History:
    """The deals of the history, oldest first, and messages about what was skipped."""

    deals: list[Deal]
    warnings: list[str] = field(default_factory=list)


def _board_seats(storage: Storage, warnings: list[str]) -> dict[str, dict[str, str]]:
    """Seats by match id from the leaderboard, for entries that carry none."""
    board = Leaderboard(storage.leaderboard_path, clock=storage.clock)
    try:
        report = board.matches()
    except LeaderboardError as e:
        warnings.append(f"who sat where in older deals is unknown: {e}")
        return {}
    finally:
        board.close()
    return {r.summary.match_id: {p.name: p.seat for p in r.summary.players}
            for r in report.rows}


def load_history(storage: Storage) -> History:
    """Every finished deal of ``storage``'s history.  Raises
    :class:`StorageError` if the file cannot be read at all; lines that cannot
    be read are skipped with the history's warnings."""
    listing = storage.history()
    warnings = list(listing.warnings)
    needs_board = any(
        not isinstance((e.record.get("meta") or {}).get("seats"), dict)
        for e in listing.entries
    )
    by_match = _board_seats(storage, warnings) if needs_board else {}
    deals = []
    for e in listing.entries:
        meta = e.record.get("meta")
        match_id = meta.get("match") if isinstance(meta, dict) else None
        try:
            deals.append(deal_from_entry(
                e, by_match.get(match_id) if isinstance(match_id, str) else None))
        except RecordError as err:
            from .error_words import record_text
            from .i18n import _

            warnings.append(_("history {path}: {reason}; skipped").format(
                path=storage.history_path, reason=record_text(err)))
    return History(deals, warnings)


# --- filters -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Filters:
    """Which deals count: UTC days ``start``..``end`` (inclusive, None: open),
    any of ``kinds`` (empty: every kind), and whose seats (``player`` None:
    every human seat)."""

    start: date | None = None
    end: date | None = None
    kinds: frozenset[str] = frozenset()
    player: str | None = None

    def admits(self, deal: Deal) -> bool:
        """The deal's day and kinds pass (the seat is chosen by :func:`subject_seats`)."""
        if self.start is not None or self.end is not None:
            try:
                day = date.fromisoformat(deal.day)
            except ValueError:
                return False
            if self.start is not None and day < self.start:
                return False
            if self.end is not None and day > self.end:
                return False
        return not self.kinds or bool(self.kinds & deal.kinds)

    def describe(self) -> str:
        """``2026-11-01 – 2026-11-30 · daily, hotseat · Anna``."""
        from .i18n import _, format_short_day, shown_name
        from .leaderboard import kind_name

        if self.start is None and self.end is None:
            when = _("all dates")
        else:
            when = _("{start} – {end}").format(
                start=format_short_day(self.start) if self.start else "…",
                end=format_short_day(self.end) if self.end else "…")
        kinds = (", ".join(kind_name(k) for k in sorted(self.kinds)) if self.kinds
                 else _("every kind"))
        who = shown_name(self.player) if self.player is not None else _("every human seat")
        return _("{dates} · {kinds} · {players}").format(dates=when, kinds=kinds, players=who)


def subject_seats(deal: Deal, player: str | None) -> list[int]:
    """The seats whose play is counted: the human seats (only ``player``'s if
    given).  When the history does not say who sat where, ``player``'s seat
    if that name played; otherwise none."""
    if deal.seats is None:
        return [s for s, name in enumerate(deal.players) if player is not None and name == player]
    return [s for s, kind in enumerate(deal.seats)
            if kind == HUMAN and (player is None or deal.players[s] == player)]


def levels_faced(deal: Deal, seat: int) -> list[str]:
    """The bot levels at the table beside ``seat`` (LEVELS order, then
    ``unknown``); ``[PEOPLE]`` if there was none."""
    if deal.seats is None:
        return [UNKNOWN]
    others = {k for s, k in enumerate(deal.seats) if s != seat and k != HUMAN}
    order = [*LEVELS, UNKNOWN]
    return sorted(others, key=order.index) or [PEOPLE]


def kinds_in(deals: Iterable[Deal]) -> list[str]:
    """Every kind of match in ``deals``, sorted."""
    return sorted({k for d in deals for k in d.kinds})


def players_in(deals: Iterable[Deal]) -> list[str]:
    """The names that sat in a human seat, most deals first."""
    counts: dict[str, int] = {}
    for d in deals:
        for s in subject_seats(d, None):
            counts[d.players[s]] = counts.get(d.players[s], 0) + 1
    return sorted(counts, key=lambda n: (-counts[n], n))


# --- the figures ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameLine:
    """Soloist games of one game type."""

    game: str
    played: int
    won: int
    value_sum: int
    """The game values added up (an overbid game at the value it was lost with)."""

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def average_value(self) -> float:
        return self.value_sum / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class Extremes:
    """Suit and grand games ending in schneider or schwarz, from one side:
    ``made`` — that side took 90 card points / every trick; ``got`` — the
    other side did."""

    made_schneider: int = 0
    made_schwarz: int = 0
    got_schneider: int = 0
    got_schwarz: int = 0


@dataclass(frozen=True, slots=True)
class Figures:
    """The counts of one group of seats (every deal, or those against a level)."""

    deals: int = 0
    passed_in: int = 0
    """Deals passed in or aborted: nobody played."""
    games: tuple[GameLine, ...] = ()
    """Soloist games by game type, in the order Diamonds … Null (played ones only)."""
    overbid: int = 0
    """Soloist games lost because the game was worth less than the bid."""
    as_soloist: Extremes = Extremes()
    as_defender: Extremes = Extremes()
    defences: int = 0
    defences_won: int = 0
    seeger_fabian: int = 0
    standard: int = 0
    card_points: tuple[int, ...] = ()
    """The soloist's card points in each suit and grand game, in order."""

    @property
    def solo_games(self) -> int:
        return sum(g.played for g in self.games)

    @property
    def solo_won(self) -> int:
        return sum(g.won for g in self.games)

    @property
    def solo_value_sum(self) -> int:
        return sum(g.value_sum for g in self.games)

    def per_deal(self, scoring: Scoring = Scoring.SEEGER_FABIAN) -> float:
        total = self.standard if scoring == Scoring.STANDARD else self.seeger_fabian
        return total / self.deals if self.deals else 0.0

    @property
    def defence_rate(self) -> float | None:
        return self.defences_won / self.defences if self.defences else None


@dataclass(frozen=True, slots=True)
class DayLine:
    """One UTC day's counted deals and the points they brought."""

    day: str
    deals: int
    seeger_fabian: int
    standard: int

    def per_deal(self, scoring: Scoring = Scoring.SEEGER_FABIAN) -> float:
        total = self.standard if scoring == Scoring.STANDARD else self.seeger_fabian
        return total / self.deals if self.deals else 0.0


@dataclass(frozen=True, slots=True)
class DailyLine:
    """One attempt at a daily: the counted seats' points over its deals."""

    day: str
    match: str | None
    deals: int
    seeger_fabian: int
    standard: int
    scored: bool | None


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A match with a counted deal: its deals in order, for the running totals."""

    match: str
    date: str
    kinds: frozenset[str]
    deals: tuple[Deal, ...]

    @property
    def players(self) -> list[str]:
        names: list[str] = []
        for d in self.deals:
            for n in d.points_by_name():
                if n not in names:
                    names.append(n)
        return names

    def running_totals(self, scoring: Scoring = Scoring.SEEGER_FABIAN
                       ) -> dict[str, list[int]]:
        """Each player's total after each deal of the history's part of the match."""
        names = self.players
        totals = dict.fromkeys(names, 0)
        out: dict[str, list[int]] = {n: [] for n in names}
        for d in self.deals:
            for n, p in d.points_by_name(scoring).items():
                totals[n] += p
            for n in names:
                out[n].append(totals[n])
        return out


@dataclass(frozen=True, slots=True)
class Statistics:
    filters: Filters
    overall: Figures
    by_level: tuple[tuple[str, Figures], ...]
    """(level faced, figures), in LEVELS order, then ``unknown``, then ``people only``."""
    days: tuple[DayLine, ...]
    dailies: tuple[DailyLine, ...]
    """Oldest first."""
    matches: tuple[MatchLine, ...]
    """Oldest first."""
    unplaced: int = 0
    """Deals left out because the history does not say who sat where."""

    @property
    def empty(self) -> bool:
        return self.overall.deals == 0


class _Tally:
    """Adds up seats into :class:`Figures`."""

    def __init__(self) -> None:
        self.deals = self.passed_in = self.overbid = 0
        self.defences = self.defences_won = 0
        self.sf = self.std = 0
        self.games: dict[GameType, list[int]] = {}
        self.solo = [0, 0, 0, 0]
        self.defence = [0, 0, 0, 0]
        self.card_points: list[int] = []

    def add(self, deal: Deal, seat: int) -> None:
        self.deals += 1
        self.sf += deal.points(seat, Scoring.SEEGER_FABIAN)
        self.std += deal.points(seat, Scoring.STANDARD)
        if deal.soloist is None or deal.game is None:
            self.passed_in += 1
            return
        suit_or_grand = deal.game != GameType.NULL
        ours_points = deal.soloist_points if seat == deal.soloist else 120 - deal.soloist_points
        ours_tricks = deal.soloist_tricks if seat == deal.soloist else 10 - deal.soloist_tricks
        if seat == deal.soloist:
            line = self.games.setdefault(deal.game, [0, 0, 0])
            line[0] += 1
            line[1] += deal.won
            line[2] += deal.value
            self.overbid += deal.overbid
            if suit_or_grand:
                self.card_points.append(deal.soloist_points)
            side = self.solo
        else:
            self.defences += 1
            self.defences_won += not deal.won
            side = self.defence
        if suit_or_grand:
            side[0] += ours_points >= 90
            side[1] += ours_tricks == 10
            side[2] += ours_points <= 30
            side[3] += ours_tricks == 0

    def figures(self) -> Figures:
        games = tuple(GameLine(g.label, *self.games[g]) for g in GameType if g in self.games)
        return Figures(
            self.deals, self.passed_in, games, self.overbid, Extremes(*self.solo),
            Extremes(*self.defence), self.defences, self.defences_won, self.sf, self.std,
            tuple(self.card_points),
        )


def _seats_counted(deals: Iterable[Deal], filters: Filters
                   ) -> Iterator[tuple[Deal, list[int]]]:
    for d in deals:
        if filters.admits(d):
            yield d, subject_seats(d, filters.player)


def compute(deals: Sequence[Deal], filters: Filters = Filters()) -> Statistics:
    """The statistics of ``deals`` (oldest first) that pass ``filters``."""
    overall = _Tally()
    levels: dict[str, _Tally] = {}
    days: dict[str, list[int]] = {}
    dailies: dict[tuple[str, str | None], list[Any]] = {}
    matches: dict[str, list[Deal]] = {}
    counted_matches: dict[str, None] = {}  # in order of their first counted deal
    unplaced = 0
    for d, seats in _seats_counted(deals, filters):
        if d.match is not None:
            matches.setdefault(d.match, []).append(d)
        if not seats:
            unplaced += d.seats is None
            continue
        if d.match is not None:
            counted_matches.setdefault(d.match)
        for seat in seats:
            overall.add(d, seat)
            for level in levels_faced(d, seat):
                if level not in levels:
                    levels[level] = _Tally()
                levels[level].add(d, seat)
            sf, std = d.points(seat, Scoring.SEEGER_FABIAN), d.points(seat, Scoring.STANDARD)
            if d.day:
                line = days.setdefault(d.day, [0, 0, 0])
                line[0] += 1
                line[1] += sf
                line[2] += std
            if d.daily is not None:
                attempt = dailies.setdefault((d.daily, d.match), [0, 0, 0, d.scored])
                attempt[0] += 1
                attempt[1] += sf
                attempt[2] += std
    order = [*LEVELS, UNKNOWN, PEOPLE]
    by_level = tuple((lv, levels[lv].figures()) for lv in sorted(levels, key=order.index))
    match_lines = []
    for m in counted_matches:
        ds = sorted(matches[m], key=lambda d: (d.number if d.number is not None else 0, d.date))
        match_lines.append(MatchLine(m, ds[0].date, frozenset().union(*(d.kinds for d in ds)),
                                     tuple(ds)))
    return Statistics(
        filters, overall.figures(), by_level,
        tuple(DayLine(day, *v) for day, v in sorted(days.items())),
        tuple(DailyLine(day, m, v[0], v[1], v[2], v[3]) for (day, m), v in dailies.items()),
        tuple(match_lines), unplaced,
    )


# --- in long form --------------------------------------------------------------

CSV_COLUMNS = ("group", "section", "item", "measure", "value")


def _number(v: float) -> str:
    return str(v) if isinstance(v, int) else f"{v:.2f}"


def figure_rows(group: str, f: Figures) -> Iterator[tuple[str, str, str, str, str]]:
    def row(section: str, item: str, measure: str, value: float
            ) -> tuple[str, str, str, str, str]:
        return (group, section, item, measure, _number(value))

    yield row("deals", "all", "played", f.deals)
    yield row("deals", "all", "passed in", f.passed_in)
    for g in f.games:
        for measure, v in (("played", g.played), ("won", g.won), ("lost", g.lost),
                           ("average value", g.average_value)):
            yield row("soloist", g.game, measure, v)
    yield row("soloist", "all", "played", f.solo_games)
    yield row("soloist", "all", "won", f.solo_won)
    yield row("soloist", "all", "lost overbid", f.overbid)
    for side, e in (("soloist", f.as_soloist), ("defender", f.as_defender)):
        for measure, v in (("made schneider", e.made_schneider),
                           ("made schwarz", e.made_schwarz),
                           ("got schneider", e.got_schneider), ("got schwarz", e.got_schwarz)):
            yield row(f"schneider as {side}", "all", measure, v)
    yield row("defence", "all", "played", f.defences)
    yield row("defence", "all", "won", f.defences_won)
    yield row("points", "Seeger-Fabian", "total", f.seeger_fabian)
    yield row("points", "Seeger-Fabian", "per deal", f.per_deal())
    yield row("points", "standard", "total", f.standard)
    yield row("points", "standard", "per deal", f.per_deal(Scoring.STANDARD))


def csv_rows(stats: Statistics) -> Iterator[tuple[str, str, str, str, str]]:
    """Every figure as (group, section, item, measure, value): group ``all``
    or ``vs LEVEL``; then the days and the dailies."""
    yield from figure_rows("all", stats.overall)
    for level, f in stats.by_level:
        yield from figure_rows(level if level == PEOPLE else f"vs {level}", f)
    for d in stats.days:
        yield ("all", "day", d.day, "deals", str(d.deals))
        yield ("all", "day", d.day, "Seeger-Fabian", str(d.seeger_fabian))
        yield ("all", "day", d.day, "standard", str(d.standard))
    for a in stats.dailies:
        status = {True: "scored", False: "practice", None: ""}[a.scored]
        item = f"{a.day} {status}".rstrip()
        yield ("all", "daily", item, "deals", str(a.deals))
        yield ("all", "daily", item, "Seeger-Fabian", str(a.seeger_fabian))
        yield ("all", "daily", item, "standard", str(a.standard))


__all__ = [
    "CSV_COLUMNS",
    "HOTSEAT",
    "PEOPLE",
    "UNKNOWN",
    "DailyLine",
    "DayLine",
    "Deal",
    "Extremes",
    "Figures",
    "Filters",
    "GameLine",
    "History",
    "MatchLine",
    "Statistics",
    "compute",
    "csv_rows",
    "deal_from_entry",
    "figure_rows",
    "kinds_in",
    "levels_faced",
    "load_history",
    "players_in",
    "subject_seats",
]

"""``skat history``, ``skat scores``, ``skat stats`` and ``skat export``: the player's data
from the command line.  Errors are :class:`click.ClickException` (one line,
no traceback); warnings about skipped entries go to stderr."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skat_core.errors import RecordError
from skat_core.game import GameState
from skat_core.match import Scoring
from skat_core.records.jsontext import escape_surrogates

from .error_words import file_text, record_text
from .i18n import _, format_number, format_percent, format_signed, ngettext, shown_name
from .safe_text import terminal

if TYPE_CHECKING:
    from .storage import Storage


@dataclass(frozen=True, slots=True)
class _Game:
    """A finished deal to export: the replayed state and what a record keeps."""

    state: GameState
    players: tuple[str, str, str]
    game_id: str | None
    meta: dict[str, Any]


def _warn(lines: Iterable[str]) -> None:
    for line in lines:
        click.echo(terminal(_("warning: {message}").format(message=line)), err=True)


def _storage(home: str | None) -> Storage:
    from .storage import Storage

    return Storage(home)


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [[terminal(c) for c in headers], *[[terminal(c) for c in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = []
    for n, r in enumerate(cells):
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


home_option = click.option(
    "--home", type=click.Path(file_okay=False), default=None, envvar="SKAT_HOME",
    help=_("Data directory (default: $SKAT_HOME or the platform's user data directory)."),
)


# --- skat history ----------------------------------------------------------------


@click.command("history", help=_("List your finished deals: id, date, players, game and result."))
@click.option("--limit", "-n", type=click.IntRange(min=0), default=30, show_default=True,
              help=_("Show the newest N deals (0: all)."))
@home_option
def history_command(limit: int, home: str | None) -> None:
    from .storage import StorageError

    storage = _storage(home)
    try:
        listing = storage.history()
    except StorageError as e:
        raise click.ClickException(e.message) from None
    _warn(listing.warnings)
    entries = listing.entries[-limit:] if limit else listing.entries
    if not entries:
        click.echo(terminal(_("No finished deals yet ({path}).").format(path=storage.history_path)))
        return
    rows = [
        (e.id, e.local_date, " / ".join(map(shown_name, e.players)),
         e.game if e.soloist is None else _("{name}: {contract}").format(
             name=shown_name(e.soloist), contract=e.game), e.result)
        for e in entries
    ]
    click.echo(_table((_("id"), _("date"), _("players (forehand first)"), _("game"), _("result")),
                      rows))
    if limit and len(listing.entries) > limit:
        older = len(listing.entries) - limit
        click.echo(ngettext("({count} older deal: --limit 0 shows all)",
                            "({count} older deals: --limit 0 shows all)", older).format(
                                count=format_number(older)))


# --- skat scores -----------------------------------------------------------------


@click.command("scores", help=_(
    "The local leaderboard: dailies by date, best matches, averages per player."))
@click.option("--csv", "as_csv", is_flag=True, help=_(
    "Every finished match as CSV (one row per player) on standard output."))
@click.option("--day", default=None, help=_("Only this day's daily (YYYY-MM-DD)."))
@click.option("--limit", type=click.IntRange(min=1), default=10, show_default=True,
              help=_("Rows of best matches and dailies."))
@click.option("--scoring", type=click.Choice(["sf", "standard"]), default="sf",
              show_default=True, help=_("Seeger-Fabian or standard list for best matches."))
@click.option("--rules", type=click.Choice(["tournament", "pub"]), default="tournament",
              show_default=True, help=_(
                  "Best matches and averages of tournament matches or of those under house "
                  "rules (kept apart)."))
@home_option
def scores_command(as_csv: bool, day: str | None, limit: int, scoring: str, rules: str,
                   home: str | None) -> None:
    from .leaderboard import LeaderboardError

    storage = _storage(home)
    board = storage.leaderboard()
    try:
        if as_csv:
            if not sys.stdout.isatty():
                _warn(board.export_csv(sys.stdout))
                return
            shown = io.StringIO()  # a terminal: the rows made harmless (see safe_text)
            _warn(board.export_csv(shown))
            click.echo(terminal(shown.getvalue()), nl=False)
            return
        dailies = board.daily_results(day)
        pub = rules == "pub"
        best = board.best_matches(limit, Scoring(scoring), pub=pub)
        stats = board.player_stats(pub=pub)
    except LeaderboardError as e:
        raise click.ClickException(str(e)) from None
    finally:
        _warn(board.warnings)
        board.close()
    _warn(dict.fromkeys(dailies.warnings + best.warnings + stats.warnings))

    click.echo(_("Daily deals"))
    rows: list[tuple[object, ...]] = []
    for d in dailies.rows[:limit]:
        if d.scored is not None:
            humans = [p for p in d.scored.summary.players if p.is_human] or list(
                d.scored.summary.players)
            scored = ", ".join(f"{shown_name(p.name)} {format_signed(p.seeger_fabian)}"
                               for p in humans)
        else:
            scored = _("started, not finished") if d.started_scored else "-"
        rows.append((d.day, scored, len(d.practice)))
    click.echo(_table((_("day"), _("scored attempt (Seeger-Fabian)"), _("practice")), rows)
               if rows else "  " + _("none yet"))

    from .leaderboard import kind_name
    from .settings import seat_name

    click.echo("\n" + _("Best matches"))
    label = _("standard") if scoring == "standard" else "Seeger-Fabian"
    rows = [(b.row.summary.finished_at[:10], shown_name(b.player.name), b.points,
             kind_name(b.row.summary.kind), b.row.summary.seed, b.row.summary.deals)
            for b in best.rows]
    click.echo(_table((_("date"), _("player"), label, _("kind"), _("seed"), _("deals")), rows)
               if rows else "  " + _("none yet"))

    click.echo("\n" + _("Players"))
    rows = []
    for s in stats.rows:
        rate = _("{percent} of {games}").format(
            percent=format_percent(s.solo_win_rate), games=format_number(s.solo_games)) \
            if s.solo_win_rate is not None else "-"
        rows.append((shown_name(s.name), seat_name(s.seat), s.matches, s.deals,
                     format_number(s.points_per_deal, 1), format_number(s.standard_per_deal, 1),
                     rate))
    click.echo(_table((_("player"), _("seat"), _("matches"), _("deals"), _("SF/deal"),
                       _("std/deal"), _("soloist won")), rows) if rows else "  " + _("none yet"))


# --- skat stats ------------------------------------------------------------------


def _percent(part: int, whole: int) -> str:
    return format_percent(part / whole) if whole else "-"


def _unplaced(n: int) -> str:
    return ngettext(
        "({count} older deal does not say who sat where: --player NAME counts it for NAME)",
        "({count} older deals do not say who sat where: --player NAME counts them for NAME)",
        n).format(count=format_number(n))


def _stats_text(stats: Any) -> str:
    """The statistics as the terminal shows them (:mod:`skat_tui.stats`)."""
    from .settings import seat_name
    from .stats import Statistics

    assert isinstance(stats, Statistics)
    f = stats.overall
    out = [_("Statistics · {filters}").format(filters=stats.filters.describe()),
           _("Deals played: {deals} ({passed} passed in) · points per deal: {sf} Seeger-Fabian, "
             "{standard} standard").format(
               deals=format_number(f.deals), passed=format_number(f.passed_in),
               sf=format_number(f.per_deal(), 1),
               standard=format_number(f.per_deal(Scoring.STANDARD), 1))]
    if stats.unplaced:
        out.append(_unplaced(stats.unplaced))
    out.append("\n" + _("Soloist games"))
    rows: list[tuple[object, ...]] = [
        (_(g.game), g.played, g.won, g.lost, _percent(g.won, g.played),
         format_number(g.average_value, 1))
        for g in f.games
    ]
    if f.games:
        rows.append((_("all"), f.solo_games, f.solo_won, f.solo_games - f.solo_won,
                     _percent(f.solo_won, f.solo_games),
                     format_number(f.solo_value_sum / f.solo_games, 1)))
        out.append(_table((_("game"), _("played"), _("won"), _("lost"), _("won %"),
                           _("avg value")), rows))
    else:
        out.append("  " + _("none"))
    out.append(_("Lost overbid: {overbid} of {games}").format(
        overbid=format_number(f.overbid), games=format_number(f.solo_games)))
    out.append("\n" + _("Schneider and schwarz (suit and grand games)"))
    out.append(_table((_("side"), _("made schneider"), _("made schwarz"), _("got schneider"),
                       _("got schwarz")),
                      [(side, e.made_schneider, e.made_schwarz, e.got_schneider, e.got_schwarz)
                       for side, e in ((_("soloist"), f.as_soloist),
                                       (_("defender"), f.as_defender))]))
    out.append("\n" + ngettext("Defence: {games} game, {won} won ({percent})",
                               "Defence: {games} games, {won} won ({percent})",
                               f.defences).format(
        games=format_number(f.defences), won=format_number(f.defences_won),
        percent=_percent(f.defences_won, f.defences)))
    out.append("\n" + _("By bot level faced"))
    rows = [(seat_name(level), g.deals, format_number(g.per_deal(), 1), g.solo_games,
             _percent(g.solo_won, g.solo_games), g.overbid,
             _percent(g.defences_won, g.defences)) for level, g in stats.by_level]
    out.append(_table((_("level"), _("deals"), _("SF/deal"), _("soloist"), _("won"),
                       _("overbid"), _("defence won")), rows) if rows else "  " + _("none"))
    out.append("\n" + _("Days"))
    rows = [(_iso_day(d.day), d.deals, d.seeger_fabian, format_number(d.per_deal(), 1),
             d.standard)
            for d in stats.days]
    out.append(_table((_("day"), _("deals"), _("SF"), _("SF/deal"), _("standard")), rows)
               if rows else "  " + _("none"))
    out.append("\n" + _("Dailies"))
    rows = [(_iso_day(a.day), {True: _("scored"), False: _("practice"), None: "-"}[a.scored],
             a.deals, format_signed(a.seeger_fabian), format_signed(a.standard))
            for a in stats.dailies]
    out.append(_table((_("day"), _("attempt"), _("deals"), _("SF"), _("standard")), rows)
               if rows else "  " + _("none"))
    return "\n".join(out)


def _iso_day(iso: str) -> str:
    """A day of the history (ISO) as the current language writes it."""
    from datetime import date

    from .i18n import format_short_day

    try:
        return format_short_day(date.fromisoformat(iso))
    except ValueError:
        return iso


def _day(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    from datetime import date

    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            _("{value} is not a date (YYYY-MM-DD)").format(value=repr(value))) from None


@click.command("stats", help=_(
    "Statistics of your play from the history: soloist games by type, overbids, schneider "
    "and schwarz, points per deal, defence, days, dailies, by bot level."))
@click.option("--csv", "as_csv", is_flag=True, help=_(
    "Every figure as CSV on standard output: group, section, item, measure, value."))
@click.option("--from", "start", default=None, metavar="DATE", callback=_day,
              help=_("Only deals from this day on (YYYY-MM-DD, UTC)."))
@click.option("--to", "end", default=None, metavar="DATE", callback=_day,
              help=_("Only deals up to this day (YYYY-MM-DD, UTC)."))
@click.option("--kind", "kinds", multiple=True, metavar="KIND", help=_(
    "Only matches of this kind: daily, seeded, random, hotseat (or any kind the history "
    "holds); repeat for several."))
@click.option("--player", default=None, metavar="NAME",
              help=_("Only this player's seats (default: every human seat)."))
@home_option
def stats_command(as_csv: bool, start: Any, end: Any, kinds: tuple[str, ...],
                  player: str | None, home: str | None) -> None:
    import csv

    from .stats import CSV_COLUMNS, Filters, compute, csv_rows, load_history
    from .storage import StorageError

    if start is not None and end is not None and start > end:
        raise click.BadParameter(_("--from is after --to"), param_hint="'--from'")
    storage = _storage(home)
    try:
        history = load_history(storage)
    except StorageError as e:
        raise click.ClickException(e.message) from None
    _warn(history.warnings)
    stats = compute(history.deals, Filters(start, end, frozenset(kinds), player))
    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        writer.writerows(csv_rows(stats))
        return
    if not history.deals:
        click.echo(_("No finished deals yet ({path}): play a match and its statistics "
                     "appear here.").format(path=storage.history_path))
        return
    if stats.empty:
        click.echo(_("No deals of yours match {filters}.").format(
            filters=stats.filters.describe()))
        if stats.unplaced:
            click.echo(_unplaced(stats.unplaced))
        return
    click.echo(_stats_text(stats))


# --- skat export -----------------------------------------------------------------


def _games_in_file(path: Path) -> list[_Game]:
    """Every game of a record file (JSON records or ISS lines); the first bad
    one stops the export with its line and field."""
    from skat_core.records import parse_json_records, read_iss, state_from_record
    from skat_core.records.check import record_format
    from skat_core.records.files import FileRefused, read_text_file

    try:
        text = read_text_file(path)
    except FileRefused as e:
        raise click.ClickException(file_text(e)) from None
    kind, _rest = record_format(text)
    games: list[_Game] = []
    try:
        if kind == "iss":
            for number, line in enumerate(text.splitlines(), 1):
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                iss = read_iss(line, number)
                date = iss.properties.get("DT")
                games.append(_Game(iss.state, iss.players, iss.id,
                                   {"date": date} if date else {}))
        elif kind == "json":
            for entry in parse_json_records(text):
                if entry.error is not None:
                    raise entry.error
                state = state_from_record(entry.record, line_of=entry.line_of)
                games.append(_record_game(entry.record, state))
        elif kind == "unknown":
            raise click.ClickException(
                _("{path}: neither JSON game records nor ISS lines").format(path=path))
    except RecordError as e:
        raise click.ClickException(_("{path}: {reason}").format(
            path=path, reason=record_text(e))) from None
    if not games:
        raise click.ClickException(
            _("{path}: the file holds no game records").format(path=path))
    return games


def _record_game(record: dict[str, Any], state: GameState) -> _Game:
    players = record["players"]
    meta = record.get("meta")
    game_id = record.get("id")
    return _Game(state, (players[0], players[1], players[2]),
                 game_id if isinstance(game_id, str) else None,
                 dict(meta) if isinstance(meta, dict) else {})


def _history_game(storage: Storage, entry_id: str) -> _Game:
    from skat_core.records import state_from_record

    from .storage import StorageError

    try:
        entry = storage.history_entry(entry_id)
    except StorageError as e:
        raise click.ClickException(e.message) from None
    try:
        state = state_from_record(entry.record)
    except RecordError as e:
        raise click.ClickException(
            _("history entry {id} ({path}, line {line}): {error}").format(
                id=entry_id, path=storage.history_path, line=entry.id,
                error=record_text(e))
        ) from None
    game = _record_game(entry.record, state)
    return _Game(game.state, game.players, game.game_id or entry.id, game.meta)


def _iss_date(value: Any) -> str | None:
    """An ISO 8601 UTC stamp as the ISS writes dates (``2026-11-29/20:15:02/UTC``)."""
    if not isinstance(value, str):
        return None
    if len(value) == 20 and value.endswith("Z") and value[10] == "T":
        return f"{value[:10]}/{value[11:19]}/UTC"
    return value


@click.command("export", help=_(
    "Export deals as ISS lines or JSON records.\n\n"
    "Each SOURCE is a history id (as `skat history` lists them) or a record file (JSON or "
    "ISS). One JSON record is written as readable JSON, several as JSON Lines."))
@click.argument("sources", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["iss", "json"]), default="json",
              show_default=True, help=_("ISS lines or our JSON records."))
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help=_("Write to this file (replaced atomically) instead of standard output."))
@home_option
def export_command(sources: tuple[str, ...], fmt: str, output: str | None,
                   home: str | None) -> None:
    from skat_core.records import dumps, record_from_state, to_iss
    from skat_core.records.files import is_file_path

    from .cli_args import number, shown

    storage = _storage(home)
    games: list[_Game] = []
    for source in sources:
        path = Path(source)
        if is_file_path(source):
            games.extend(_games_in_file(path))
        elif number(source) is not None:
            games.append(_history_game(storage, source))
        elif len(source) > 255:
            raise click.ClickException(
                _("{source}: the file name is too long").format(source=shown(source)))
        else:
            raise click.ClickException(_(
                "{source}: neither a history id (a number, see `skat history`) nor a file "
                "that exists").format(source=shown(source)))
    out: list[str] = []
    try:
        for g in games:
            if fmt == "iss":
                out.append(to_iss(g.state, g.players, game_id=g.game_id,
                                  date=_iss_date(g.meta.get("date"))))
            else:
                record = record_from_state(g.state, g.players, g.meta, game_id=g.game_id)
                out.append(dumps(record, one_line=len(games) > 1))
    except (RecordError, ValueError) as e:
        raise click.ClickException(_("cannot export: {error}").format(error=e)) from None
    text = escape_surrogates("\n".join(out) + "\n")
    if output is None:
        # records keep what they contain; only a terminal gets them made harmless
        click.echo(terminal(text) if sys.stdout.isatty() else text, nl=False)
        return
    from .storage import write_atomically

    try:
        write_atomically(Path(output), text.encode("utf-8"))
    except OSError as e:
        raise click.ClickException(_("cannot write {path}: {error}").format(
            path=output, error=e.strerror or e)) from None
    click.echo(terminal(ngettext("{count} deal written to {path}",
                                 "{count} deals written to {path}", len(games)).format(
        count=format_number(len(games)), path=output)), err=True)


def register(group: click.Group) -> None:
    """Add ``history``, ``scores``, ``stats`` and ``export`` to the ``skat`` command."""
    group.add_command(history_command)
    group.add_command(scores_command)
    group.add_command(export_command)
    group.add_command(stats_command)


__all__ = ["export_command", "history_command", "register", "scores_command", "stats_command"]

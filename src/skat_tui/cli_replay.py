"""``skat replay``: open a deal in the replay viewer.

The source is a history id (``skat history`` lists them), a file of our JSON
game records (one, an array, or JSON Lines) or a file of ISS lines.  A file
with several games opens a list to choose from; ``--game ID`` picks one
directly (by its id, or by its number in the file).  Anything unreadable is
a one-line error, never a traceback; a damaged game among good ones is left
out with a warning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skat_core.errors import RecordError

from .cli_args import number, shown
from .i18n import _

if TYPE_CHECKING:
    from .screens.replay import ReplayGame
    from .storage import Storage


class ReplayError(Exception):
    """A source that cannot be replayed; the message is for the player."""


@dataclass
class Loaded:
    """The games read from a source, and what could not be read."""

    games: list[ReplayGame]
    warnings: list[str] = field(default_factory=list)
    title: str = ""


def _decode(path: Path) -> str:
    from skat_core.records.files import FileRefused, read_text_file

    try:
        return read_text_file(path)
    except FileRefused as e:
        from .error_words import file_text

        raise ReplayError(file_text(e)) from None


def games_in_file(path: Path) -> Loaded:
    """Every readable game of a record file (JSON or ISS lines)."""
    from skat_core.records import parse_json_records, read_iss, state_from_record
    from skat_core.records.check import record_format

    from .error_words import record_text
    from .screens.replay import ReplayGame

    text = _decode(path)
    kind, _rest = record_format(text)
    games: list[ReplayGame] = []
    warnings: list[str] = []
    if kind == "iss":
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                iss = read_iss(line, number)
            except RecordError as e:
                warnings.append(_("{path}: {reason}").format(path=path.name,
                                                             reason=record_text(e)))
                continue
            game_id = iss.id or _("line {number}").format(number=number)
            games.append(ReplayGame(iss.state, iss.players, f"{path.name} · {game_id}", game_id))
    elif kind == "json":
        for n, entry in enumerate(parse_json_records(text), 1):
            if entry.error is not None:
                warnings.append(_("{path}: {reason}").format(path=path.name,
                                                             reason=record_text(entry.error)))
                continue
            try:
                state = state_from_record(entry.record, line_of=entry.line_of)
            except RecordError as e:
                warnings.append(_("{path}: {reason}").format(path=path.name,
                                                             reason=record_text(e)))
                continue
            record: dict[str, Any] = entry.record
            players = record["players"]
            rid = record.get("id")
            game_id = rid if isinstance(rid, str) and rid else _("record {number}").format(
                number=n)
            games.append(ReplayGame(state, (players[0], players[1], players[2]),
                                    f"{path.name} · {game_id}", game_id))
    elif kind == "unknown":
        raise ReplayError(_("{path}: neither JSON game records nor ISS lines").format(path=path))
    if not games:
        if warnings:
            first = warnings[0].removeprefix(f"{path.name}: ")
            raise ReplayError(_("{path}: no game can be replayed: {error}").format(
                path=path, error=first))
        raise ReplayError(_("{path}: the file holds no game records").format(path=path))
    return Loaded(games, warnings, path.name)


def history_game(storage: Storage, entry_id: str) -> Loaded:
    """The deal with this id in the player's history."""
    from .screens.history import entry_game
    from .storage import StorageError

    try:
        game = entry_game(storage.history_entry(entry_id), storage)
    except StorageError as e:
        raise ReplayError(e.message) from None
    return Loaded([game], [], game.title)


def load_source(source: str, storage: Storage, game: str | None = None) -> Loaded:
    """The games of ``source`` (a file, or a history id), narrowed to one by
    ``game``.  Raises :class:`ReplayError`."""
    from skat_core.records.files import is_file_path

    path = Path(source)
    if is_file_path(source):
        loaded = games_in_file(path)
    elif number(source) is not None:
        loaded = history_game(storage, source)
    elif len(source) > 255:
        raise ReplayError(_("{source}: the file name is too long").format(source=shown(source)))
    else:
        raise ReplayError(_("{source}: neither a history id (a number, see `skat history`) "
                            "nor a file that exists").format(source=shown(source)))
    if game is None:
        return loaded
    chosen = [g for g in loaded.games if g.game_id == game]
    pick = number(game, len(loaded.games))
    if not chosen and pick is not None and pick >= 1:
        chosen = [loaded.games[pick - 1]]
    if not chosen:
        ids = ", ".join(g.game_id or "?" for g in loaded.games[:8])
        more = ", …" if len(loaded.games) > 8 else ""
        raise ReplayError(_("{source}: no game {game} (its games: {ids}; or a number from 1 "
                            "to {count})").format(source=shown(source), game=repr(shown(game)),
                                                  ids=ids + more, count=len(loaded.games)))
    return Loaded(chosen[:1], loaded.warnings, loaded.title)


def replay_app(loaded: Loaded, **options: Any) -> Any:
    """The app, opened on the replay (one game) or the list of games."""
    from textual import events, on

    from .app import SkatApp
    from .screens.replay import GamePickScreen, ReplayScreen

    class ReplayApp(SkatApp):
        """The Skat app opened on a replay instead of the start screen; closing
        the replay (or the list) quits."""

        @on(events.Mount)
        async def _open_replay(self, event: events.Mount) -> None:
            event.prevent_default()  # not SkatApp's start screen or match
            if self.settings.theme in self.available_themes:
                self.theme = self.settings.theme
            if len(loaded.games) == 1:
                await self.push_screen(ReplayScreen(loaded.games[0]))
                for warning in loaded.warnings[:3]:
                    self.notify(warning, title=_("Left out"), severity="warning", timeout=10,
                                markup=False)
            else:
                await self.push_screen(GamePickScreen(loaded.games, loaded.warnings,
                                                      loaded.title))
            self._check_size(self.size)
            if self.notice:
                self.notify(self.notice, title=_("Settings"), severity="warning", timeout=10,
                            markup=False)

    return ReplayApp(start="menu", **options)


@click.command("replay", help=_(
    "Replay a deal: every hand open, action by action; analyse it, or play on.\n\n"
    "SOURCE is a history id (as `skat history` lists them), a file of JSON game records, or "
    "a file of ISS lines (a list to choose from when it holds several games)."))
@click.argument("source")
@click.option("--game", "game", default=None, metavar="ID",
              help=_("The game of the file to replay: its id, or its number in the file."))
@click.option("--home", type=click.Path(file_okay=False), default=None, envvar="SKAT_HOME",
              help=_("Data directory (default: $SKAT_HOME or the platform's user data "
                   "directory)."))
def replay_command(source: str, game: str | None, home: str | None) -> None:
    from .settings import default_path, load_settings
    from .storage import Storage

    storage = Storage(home)
    try:
        loaded = load_source(source, storage, game)
    except ReplayError as e:
        raise click.ClickException(str(e)) from None
    path = default_path()
    stored, notice = load_settings(path)
    from .crash import run_reporting

    app = replay_app(loaded, settings=stored, settings_path=path, stored=stored, notice=notice,
                     storage=storage)
    run_reporting(app)


def register(group: click.Group) -> None:
    """Add ``replay`` to the ``skat`` command."""
    group.add_command(replay_command)


__all__ = ["Loaded", "ReplayError", "games_in_file", "history_game", "load_source",
           "register", "replay_app", "replay_command"]

"""Every finished deal, newest first; Enter replays the one under the cursor.

The list is :meth:`skat_tui.storage.Storage.history`: a history damaged by a
crash (a torn last line) or by hand (a line that is not a record) is listed
without the lines that cannot be read, and the warnings naming them are
shown under the list.  A file that cannot be read at all is a message on the
screen, never a traceback.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from skat_core.errors import RecordError
from skat_core.records import state_from_record

from ..error_words import record_text
from ..footer import Footer
from ..i18n import N_, _, format_number, ngettext, shown_name
from ..safe_text import safe_join, safe_text, visible
from ..storage import HistoryEntry, Storage, StorageError
from .closing import close_or_exit
from .replay import ListTable, ReplayGame, ReplayScreen


def entry_game(entry: HistoryEntry, storage: Storage) -> ReplayGame:
    """The deal of a history entry, replayed through the engine (raises
    :class:`StorageError` naming the entry if it breaks a rule)."""
    try:
        state = state_from_record(entry.record)
    except RecordError as e:
        raise StorageError(_("history entry {id} ({path}, line {line}) cannot be replayed: "
                             "{error}").format(id=entry.id, path=storage.history_path,
                                               line=entry.id, error=record_text(e)),
                           storage.history_path) from None
    title = (_("History {id} · {date}").format(id=entry.id, date=entry.local_date) if entry.date
             else _("History {id}").format(id=entry.id))
    return ReplayGame(state, entry.players, title, entry.id, entry.human_seat)


class HistoryScreen(Screen[None]):
    """The player's finished deals (``storage`` None: the default
    :class:`Storage`, ``$SKAT_HOME`` or the platform's data directory)."""

    CSS_PATH = "../styles/replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back"), key_display="Esc"),
    ]

    def __init__(self, storage: Storage | None = None) -> None:
        super().__init__()
        self.storage = storage if storage is not None else Storage()
        self.entries: list[HistoryEntry] = []
        self.warnings: list[str] = []
        self.error: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(_("History"), id="history-title", classes="list-title")
        yield ListTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="history-message", classes="list-message")
        yield Static(id="history-warnings", classes="list-note -empty")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.load()

    async def retranslate(self) -> None:
        """Show the list in the language just chosen."""
        await self.recompose()
        self.load()  # the entries' words are in the language they were read in

    def load(self) -> None:
        """Read the history again and show it."""
        try:
            listing = self.storage.history()
        except StorageError as e:
            self.entries, self.warnings, self.error = [], [], e.message
        else:
            self.entries = list(reversed(listing.entries))
            self.warnings = list(listing.warnings)
            self.error = None
        self._show()

    def _show(self) -> None:
        table = self.query_one(ListTable)
        table.clear(columns=True)
        table.add_columns(_("id"), _("date"), _("game"), _("result"),
                          _("players (forehand first)"))
        for e in self.entries:
            style = "" if e.soloist is None else "green" if e.score > 0 else "red"
            game = e.game if e.soloist is None else _("{name}: {contract}").format(
                name=shown_name(e.soloist), contract=e.game)
            table.add_row(
                Text(visible(e.id), justify="right"), safe_text(e.local_date), safe_text(game),
                safe_text(e.result, style), safe_join(map(shown_name, e.players)), key=e.id,
            )
        n = len(self.entries)
        title = ngettext("History · {count} finished deal, newest first",
                         "History · {count} finished deals, newest first", n).format(
                             count=format_number(n))
        self.query_one("#history-title", Static).update(Text(title, style="bold"))
        message = self.query_one("#history-message", Static)
        if self.error is not None:
            message.update(safe_text(self.error, "bold red", multiline=True))
        elif not self.entries:
            message.update(Text(
                _("No finished deals yet ({path}).\nEvery deal you finish is kept here, to "
                  "replay and analyse.").format(path=visible(self.storage.history_path))
            ))
        message.display = self.error is not None or not self.entries
        table.display = bool(self.entries)
        note = self.query_one("#history-warnings", Static)
        note.update(Text("\n".join(f"⚠ {visible(w)}" for w in self.warnings)))
        note.set_class(not self.warnings, "-empty")
        if self.entries:
            table.focus()
        self.refresh_bindings()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        key = event.row_key.value
        entry = next((e for e in self.entries if e.id == key), None)
        if entry is None:
            return
        try:
            game = entry_game(entry, self.storage)
        except StorageError as e:
            self.app.bell()
            self.notify(visible(e.message), title=_("Cannot replay"), severity="error", timeout=10,
                        markup=False)
            return
        self.app.push_screen(ReplayScreen(game))

    def action_close(self) -> None:
        close_or_exit(self)


__all__ = ["HistoryScreen", "entry_game"]

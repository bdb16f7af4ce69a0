"""``skat join``: the app at a table on a server.

:class:`OnlineApp` connects a :class:`~skat_net.client.TableClient`, shows
who is at the table while seats are still free, then opens the same table
screen as at home with a :class:`~skat_tui.remote.RemoteController`.  Who
drops and comes back is told in notes, and so is whom the table waits for
while they are away (or that a bot plays for them); the table screen marks
who is thinking.  The client runs on the app's own event loop and never
blocks it: a lost connection shows *reconnecting* and the table stays
usable to look at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult, CSSPathType
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from skat_net.client import TableClient
from skat_net.protocol import JsonObject, ProtocolError, parse_rules

from .footer import Footer
from .i18n import N_, _
from .messages import NewMatchRequested
from .remote import OnlineRecorder, RemoteController
from .safe_text import visible
from .screens.table import TableScreen
from .settings import RULE_LABELS, Settings
from .storage import Storage, StorageError, write_atomically


class LobbyScreen(Screen[None]):
    """While seats are free (or the connection is being made): who sits where."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(id="lobby")
        yield Footer()

    def show(self, text: Text) -> None:
        self.query_one("#lobby", Static).update(text)


def lobby_text(target: str, state: JsonObject | None, status: str) -> Text:
    """Plain text (names are data, never markup)."""
    out = Text()
    out.append(_("Online table"), style="bold")
    out.append(f"  {target}\n\n")
    out.append(status + "\n\n")
    if state is not None:
        out.append(_("Rules: {rules}").format(rules=rules_label(state)) + "\n\n")
        for i, p in enumerate(state["players"]):
            name = p["name"] or _("(free seat)")
            kind = _("{level} bot").format(level=p["bot"]) if p["bot"] else (
                _("connected") if p["connected"] else (_("away") if p["taken"]
                                                       else _("waiting")))
            out.append(f"  {i + 1}. ")
            out.append(str(name), style="bold" if i == state["player"] else "")
            out.append(f" · {kind}\n")
        if state["status"] == "waiting":
            out.append("\n" + _("The match starts when every seat is taken."))
    return out


def rules_label(state: JsonObject) -> str:
    """The table's rules as the app's dialogs name them (the rule set's own
    name, shown as data, for switches no dialog offers)."""
    raw = state.get("rules", "tournament")
    if isinstance(raw, str) and raw in RULE_LABELS:
        return _(RULE_LABELS[raw])
    try:
        return visible(parse_rules(raw).name)
    except ProtocolError:
        return "?"


class OnlineApp(App[None]):
    """The app at one table on a server."""

    CSS_PATH: ClassVar[CSSPathType] = ["styles/app.tcss", "styles/menus.tcss"]
    TITLE = "Skat online"

    def __init__(self, url: str, code: str, name: str, *, settings: Settings | None = None,
                 storage: Storage | None = None, seats_file: Path | None = None,
                 trick_pause: float | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.storage = storage
        self.target = f"{url}/{code}"
        self.seats_file = seats_file
        saved = self._saved_seat()
        self.client = TableClient(url, code=code, name=name,
                                  table=saved.get("table"), token=saved.get("token"))
        self.controller: RemoteController | None = None
        self.recorder: OnlineRecorder | None = None
        self.lobby = LobbyScreen()
        self.status = _("Connecting…")
        self.trick_pause = trick_pause

    # -- the seat kept on this machine ----------------------------------------

    def _saved_seat(self) -> dict[str, Any]:
        """The token of a seat taken earlier at this table (so that `skat join`
        again, after a crash, comes back to it)."""
        if self.seats_file is None or not self.seats_file.exists():
            return {}
        try:
            seats = json.loads(self.seats_file.read_text(encoding="utf-8"))
            entry = seats.get(self.target)
            return dict(entry) if isinstance(entry, dict) else {}
        except (OSError, ValueError, AttributeError):
            return {}

    def _keep_seat(self) -> None:
        k = self.client.known
        if self.seats_file is None or k.token is None:
            return
        try:
            seats = json.loads(self.seats_file.read_text(encoding="utf-8")) \
                if self.seats_file.exists() else {}
        except (OSError, ValueError):
            seats = {}
        if not isinstance(seats, dict):
            seats = {}
        seats[self.target] = {"table": k.table, "token": k.token}
        try:
            self.seats_file.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.seats_file, json.dumps(seats, indent=1).encode())
            self.seats_file.chmod(0o600)
        except (OSError, StorageError):
            pass

    # -- running ----------------------------------------------------------------

    def on_mount(self) -> None:
        self.push_screen(self.lobby)
        self._show_lobby()
        c = self.client
        c.on_state = lambda _: self._state()
        c.on_note = lambda _, note: self._note(note)
        c.on_error = lambda _, e: self._error(e)
        c.on_connection = lambda _, up: self._connection(up)
        c.on_fatal = lambda _, e: self._fatal(e)
        c.start()

    async def on_unmount(self) -> None:
        await self.client.close()

    def _show_lobby(self) -> None:
        if self.lobby.is_mounted:
            self.lobby.show(lobby_text(self.target, self.client.state, self.status))

    def _connection(self, up: bool) -> None:
        self.status = _("Connected.") if up else _("Connection lost: reconnecting…")
        if up:
            self._keep_seat()
        if self.controller is None:
            self._show_lobby()
        else:
            self.notify(self.status, timeout=4, markup=False,
                        severity="information" if up else "warning")

    def _fatal(self, error: ProtocolError) -> None:
        self.status = _("The server refused: {reason}").format(reason=error.message)
        if self.controller is None:
            self._show_lobby()
        else:
            self.notify(self.status, severity="error", markup=False, timeout=10)

    def _error(self, error: ProtocolError) -> None:
        if self.controller is not None and error.code not in ("rate",):
            self.notify(error.message, severity="warning", markup=False, timeout=5)

    def _note(self, note: JsonObject) -> None:
        name = str(note.get("name") or "?")
        event = note.get("event")
        if event == "plays-on":
            if self.controller is not None:
                self.controller.played_on(note)
            return
        template = {"dropped": N_("{name} lost the connection."),
                    "returned": N_("{name} is back."),
                    "joined": N_("{name} sat down at the table.")}.get(str(event))
        if template is not None:
            self.notify(_(template).format(name=name), timeout=5, markup=False)

    def _state(self) -> None:
        state = self.client.state
        if state is None:
            return
        if self.controller is None:
            if state["status"] == "waiting":
                self._show_lobby()
                return
            kwargs = {} if self.trick_pause is None else {"trick_pause": self.trick_pause}
            self.controller = RemoteController(self.client, **kwargs)
            self.recorder = OnlineRecorder(self.storage, str(state["table"]))
            self.push_screen(TableScreen(self.controller, self.controller.viewer))
        else:
            self.controller.update(state)
        self._record()
        who = self._who()
        if who != self.sub_title:
            self.sub_title = who
            if who:
                self.notify(who, timeout=6, markup=False)

    def _who(self) -> str:
        """Who is away and who is thinking, for the header line."""
        state = self.client.state
        assert state is not None
        parts = []
        for p in state["paused"]:
            parts.append(_("waiting for {name} (away)").format(name=state["players"][p]["name"]))
        for i, p in enumerate(state["players"]):
            if p["bot_playing"]:
                parts.append(_("a bot plays for {name}").format(name=p["name"]))
            elif not p["connected"] and i not in state["paused"]:
                parts.append(_("{name} away").format(name=p["name"]))
        return " · ".join(parts)

    def _record(self) -> None:
        if self.controller is None or self.recorder is None:
            return
        seats = {p.name: ("human" if p.is_human else str(p.level))
                 for p in self.controller.players}
        self.recorder.update(self.controller.match, seats)
        for message in self.recorder.messages:
            self.notify(message, severity="warning", markup=False)
        self.recorder.messages.clear()

    def on_new_match_requested(self, message: NewMatchRequested) -> None:
        """The score sheet's 'new match': online, that is leaving the table."""
        self.exit()


def run_online(target: str, name: str) -> None:
    """``skat join``: the app at the table ``target`` (URL/CODE)."""
    from skat_net.client import parse_invitation

    from .settings import load_settings

    url, code = parse_invitation(target)
    settings, _notice = load_settings()
    storage = Storage()
    OnlineApp(url, code, name, settings=settings, storage=storage,
              seats_file=storage.home / "online-seats.json").run()


__all__ = ["LobbyScreen", "OnlineApp", "run_online"]

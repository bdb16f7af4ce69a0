"""A server's refusal as the player of `skat join` reads it, in German: the
server speaks English and sends its error code; the app says it by code."""

from __future__ import annotations

from pathlib import Path

from skat_tui import i18n
from skat_tui.online import OnlineApp
from skat_tui.settings import Settings
from skat_tui.storage import Storage

from .helpers import running_server, until


async def test_a_wrong_invitation_code_is_refused_in_german(tmp_path: Path) -> None:
    i18n.set_language("de")
    try:
        async with running_server(tmp_path / "server") as (_, url):
            storage = Storage(tmp_path / "home")
            app = OnlineApp(url, "ABCD-EFGH", "Anna", settings=Settings(speed="instant"),
                            storage=storage, seats_file=tmp_path / "home" / "seats.json",
                            trick_pause=0)
            async with app.run_test(size=(80, 24)) as pilot:
                await until(lambda: "refused" in app.status or "abgelehnt" in app.status
                            or "Kein Tisch" in app.status, 10)
                await pilot.pause()
                text = "\n".join(s.text for s in app.screen._compositor.render_strips())
    finally:
        i18n.set_language("en")
    assert "Kein Tisch hat diesen Einladungscode." in app.status, app.status
    assert "Kein Tisch hat diesen" in text, text
    assert "invitation code" not in text, text

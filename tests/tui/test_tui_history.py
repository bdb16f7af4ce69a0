"""The history screen from the start screen: the finished deals newest first,
Enter replays one; a history torn by a crash or edited by hand shows its
warnings and the rest, an unreadable one a message, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable

from skat_tui.screens.history import HistoryScreen
from skat_tui.screens.replay import ReplayScreen
from skat_tui.screens.start import StartScreen
from skat_tui.storage import Storage

from .helpers import Bare, open_from_start, screen_text, start_app, wait

DATA = Path(__file__).resolve().parents[1] / "data"


def add_deals(home: Path) -> Storage:
    """Two finished deals: Bob's won null (id 1), Cid's lost grand (id 2)."""
    storage = Storage(home, sync=False)
    for n, name in enumerate(("deal_null.json", "deal_grand.json")):
        rec = json.loads((DATA / name).read_text())
        rec["meta"] = {"date": f"2026-11-29T20:1{n}:00Z", "match": "m1", "deal": n}
        storage.append_history(rec)
    return storage


async def open_history(pilot: Pilot[Any]) -> HistoryScreen:
    return await open_from_start(pilot, "y", HistoryScreen)


async def test_the_finished_deals_newest_first_and_enter_replays(tmp_path: Path) -> None:
    add_deals(tmp_path)
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        history = await open_history(pilot)
        text = screen_text(app)
        assert "History · 2 finished deals, newest first" in text
        assert "Cid: Grand" in text and "lost -192" in text
        assert "Bob: Null" in text and "won +23" in text
        assert [e.id for e in history.entries] == ["2", "1"]
        await pilot.press("enter")  # the newest: Cid's grand
        await wait(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.game.title.startswith("History 2 · 2026-11-29")
        assert replay.states[-1].result is not None and replay.states[-1].result.score == -192
        await pilot.press("escape")
        await wait(pilot)
        assert app.screen is history
        await pilot.press("down", "enter")  # the null
        await wait(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.game.game_id == "1"
        await pilot.press("escape", "escape")
        await wait(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_a_torn_and_edited_history_shows_its_warnings(tmp_path: Path) -> None:
    storage = add_deals(tmp_path)
    with open(storage.history_path, "ab") as f:
        f.write(b"this line was edited by hand\n")
        f.write(b'{"meta": ' + b"[" * 3000 + b"]" * 3000 + b"}\n")  # a RecursionError once
        f.write(b'{"format": "skat-record", "version": 1, "players": ["Ann", "Bob"')  # torn
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        history = await open_history(pilot)
        assert [e.id for e in history.entries] == ["2", "1"]
        assert len(history.warnings) == 3
        text = screen_text(app)
        assert "line 3: not valid JSON" in text
        assert "line 4: nested more than 64 deep" in " ".join(history.warnings)
        assert "line 5: cut off" in " ".join(history.warnings)
        assert "Cid: Grand" in text


async def test_an_entry_that_breaks_a_rule_is_reported_not_replayed(tmp_path: Path) -> None:
    storage = add_deals(tmp_path)
    lines = storage.history_path.read_text().splitlines()
    rec = json.loads(lines[1])
    rec["actions"][30]["card"] = "D8"  # Bob never had ♦8
    lines[1] = json.dumps(rec)
    storage.history_path.write_text("\n".join(lines) + "\n")
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        history = await open_history(pilot)
        await pilot.press("enter")
        await wait(pilot)
        assert app.screen is history
        (said,) = [n.message for n in app._notifications]
        assert "history entry 2" in said and "cannot be replayed" in said
        assert "actions[30]" in said and "seat 1: D8" in said
        assert "the card is not in this seat's hand" in said  # the rule it breaks


async def test_an_unreadable_history_is_a_message(tmp_path: Path) -> None:
    (tmp_path / "history.jsonl").mkdir()  # not a file at all
    app = start_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        history = await open_history(pilot)
        assert history.error is not None and "cannot read the history" in screen_text(app)
        assert not history.query_one(DataTable).display


async def test_default_storage_and_no_deals_yet(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKAT_HOME", str(tmp_path))
    app = Bare(HistoryScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        screen = app.screen
        assert isinstance(screen, HistoryScreen) and screen.storage.home == tmp_path
        assert "No finished deals yet" in screen_text(app)
        assert "enter" not in app.screen.active_bindings  # nothing to replay
        await pilot.press("escape")
        await wait(pilot)
    assert app.return_code == 0

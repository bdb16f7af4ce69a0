"""Ctrl+P → Screenshot saves where it can and says where: the data
directory's screenshots folder when there is no ~/Downloads."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import start_app, wait


async def test_a_screenshot_without_downloads_goes_to_the_data_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "nohome"))  # no ~/Downloads there
    home = tmp_path / "data"
    app = start_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        saved = app.deliver_screenshot()
        await wait(pilot)
        assert saved is not None and Path(saved).parent == home / "screenshots"
        assert Path(saved).read_text(encoding="utf-8").startswith("<svg")
        notes = [n.message for n in app._notifications]
        assert f"Screenshot saved to {saved}" in notes, notes


async def test_a_screenshot_goes_to_downloads_where_there_is_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "Downloads").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path))
    app = start_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot)
        saved = app.deliver_screenshot()
        assert saved is not None and Path(saved).parent == tmp_path / "Downloads"

"""A crash inside the app: a report file in the data directory, one short
line on the terminal saying where it is, and a non-zero exit status."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from skat_tui.crash import CRASH_STATUS, crash_message, write_report

CRASHING_APP = textwrap.dedent('''
    import sys
    from skat_tui.app import SkatApp
    from skat_tui.crash import run_reporting
    from skat_tui.settings import Settings
    from skat_tui.storage import Storage

    def broken(self, event):
        raise RuntimeError("boom \\x1b[2J in a handler")

    SkatApp.on_key = broken  # a bug in a key handler

    async def press(pilot):
        await pilot.press("x")

    app = SkatApp(Settings(speed="instant"), storage=Storage(sys.argv[1]), start="menu")
    run_reporting(app, headless=True, auto_pilot=press)
    print("not reached")
''')


def test_a_crash_exits_non_zero_and_says_where_the_report_is(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "SKAT_CONFIG_DIR": str(tmp_path / "config")}
    run = subprocess.run([sys.executable, "-c", CRASHING_APP, str(home)], capture_output=True,
                         text=True, env=env, timeout=60)
    assert run.returncode == CRASH_STATUS != 0
    assert "not reached" not in run.stdout
    reports = list(home.glob("crash-*.txt"))
    assert len(reports) == 1
    assert str(reports[0]) in run.stderr
    assert "RuntimeError" in run.stderr
    assert "\x1b" not in run.stderr + run.stdout  # the error's text is made harmless
    assert len(run.stderr.strip().splitlines()) == 1  # a short line, not a traceback
    report = reports[0].read_text(encoding="utf-8")
    assert "Traceback" in report and "in broken" in report
    assert "boom ␛[2J" in report  # safe to print with cat, too


def test_a_report_goes_to_the_temporary_directory_if_the_data_directory_refuses(
        tmp_path: Path, monkeypatch: object) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    try:
        raise ValueError("name \ud800 with a lone surrogate")
    except ValueError as e:
        crash = write_report(e, blocked / "home")
    assert crash.report is not None and crash.report.parent != blocked / "home"
    try:
        assert "lone surrogate" in crash.report.read_text(encoding="utf-8")
        message = crash_message(crash)
        message.encode("utf-8")  # printable: the surrogate is replaced
        assert str(crash.report) in message
    finally:
        crash.report.unlink()

"""A crash: its report on disk, a short message, a non-zero exit status.

An unhandled error inside the app ends it (Textual's rule).  Textual would
then print a long traceback, with local variables, to the terminal and the
``skat`` command would still exit 0.  Instead the app hands the error to
:func:`write_report`, which keeps the whole traceback in a file in the data
directory (``crash-YYYYMMDD-HHMMSS-PID.txt``), and :func:`exit_if_crashed`
prints one short line saying where it is and exits with status
:data:`CRASH_STATUS`.  The traceback quotes names and files from outside, so
the file holds it as written and the terminal only ever sees the short line
made harmless by :func:`~skat_tui.safe_text.terminal`.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from textual.app import App

from skat_core import __version__

from .safe_text import terminal

CRASH_STATUS = 70
"""The exit status after a crash (``EX_SOFTWARE`` of sysexits.h)."""

PREFIX = "crash-"


@dataclass(frozen=True, slots=True)
class Crash:
    """An error that ended the app, and where its report went (None: no
    place would take it; the traceback is then in :attr:`text`)."""

    error: BaseException
    text: str
    report: Path | None

    @property
    def summary(self) -> str:
        first = str(self.error).strip().splitlines()
        why = f"{type(self.error).__name__}: {first[0]}" if first else type(self.error).__name__
        return why if len(why) <= 200 else why[:199] + "…"


def report_text(error: BaseException) -> str:
    """The report: when, which skat and Python, and the full traceback (made
    harmless: it quotes names and files, and someone will ``cat`` it)."""
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    lines = [
        f"skat {__version__} crashed at {when}",
        f"Python {sys.version.split()[0]} on {sys.platform}, argv: {sys.argv!r}",
        "",
        *traceback.format_exception(error),
    ]
    return terminal("\n".join(line.rstrip("\n") for line in lines) + "\n")


def write_report(error: BaseException, home: Path | None) -> Crash:
    """Write the report of ``error`` to ``home`` (the data directory), else
    the temporary directory; never raises."""
    text = report_text(error)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    name = f"{PREFIX}{stamp}-{os.getpid()}.txt"
    places = [p for p in (home, Path(tempfile.gettempdir())) if p is not None]
    for place in places:
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / name
            # errors="backslashreplace": a lone surrogate in a name is still written
            path.write_text(text, encoding="utf-8", errors="backslashreplace")
        except OSError:
            continue
        return Crash(error, text, path)
    return Crash(error, text, None)


class ReportsCrashes(App[None]):
    """An app whose unhandled error goes to a report file (:attr:`crash`)
    instead of a traceback on the terminal; it still ends the app, and
    pilot tests still see the error raised."""

    crash: Crash | None = None
    crash_home: Path | None = None
    """Where the report goes (the data directory; None: the temporary one)."""

    def _handle_exception(self, error: Exception) -> None:
        first = self.crash is None
        super()._handle_exception(error)  # Textual: exit with return code 1
        if first:
            self.crash = write_report(error, self.crash_home)
        self._exit_renderables.clear()  # the traceback is in the report, not the terminal


def crash_message(crash: Crash) -> str:
    """The short line for the terminal."""
    from .i18n import _

    if crash.report is not None:
        text = _("skat stopped on an unexpected error ({error}). The report is in {path}. A "
                 "saved match is kept up to its last action (`skat resume`).").format(
                     error=crash.summary, path=crash.report)
    else:
        text = _("skat stopped on an unexpected error ({error}). No report could be written; "
                 "the traceback follows. A saved match is kept up to its last action (`skat "
                 "resume`).").format(error=crash.summary)
    return terminal(text)


def exit_if_crashed(crash: Crash | None) -> None:
    """After the app has closed: nothing if it closed normally; else print
    where the report is and exit with :data:`CRASH_STATUS`."""
    if crash is None:
        return
    print(crash_message(crash), file=sys.stderr)
    if crash.report is None:
        print(terminal(crash.text), file=sys.stderr)
    sys.exit(CRASH_STATUS)


def run_reporting(app: ReportsCrashes, **run_options: Any) -> None:
    """``app.run()``, then exit with :data:`CRASH_STATUS` after a crash:
    an error inside the app, or one that escapes ``run`` itself."""
    try:
        app.run(**run_options)
    except Exception as e:
        if app.crash is None:
            app.crash = write_report(e, app.crash_home)
    exit_if_crashed(app.crash)


__all__ = ["CRASH_STATUS", "Crash", "ReportsCrashes", "crash_message", "exit_if_crashed",
           "report_text", "run_reporting", "write_report"]

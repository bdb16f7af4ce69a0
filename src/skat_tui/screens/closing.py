"""Closing a screen that a command may have opened on its own."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


def close_or_exit(screen: Screen[Any]) -> None:
    """Back to the screen below, or quit when there is none to go back to:
    ``skat history``, ``skat replay``, ``skat scores`` and ``skat stats`` open
    their screen straight over the app's default screen."""
    if len(screen.app.screen_stack) <= 2:
        screen.app.exit()
    else:
        screen.dismiss(None)

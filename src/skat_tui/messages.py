"""Messages the screens post up to the app.

Screens never import :mod:`skat_tui.app` (dependencies run one way: the app
knows its screens, the screens know only these messages).  A screen that
needs the app to do something posts one of these; it bubbles from the screen
to the :class:`~skat_tui.app.SkatApp`, whose handler does the work.
"""

from __future__ import annotations

from textual.message import Message


class NewMatchRequested(Message):
    """The player chose "New match" at the end of a match: start one like it
    (the app's ``start_next_match``)."""


class StartScreenRequested(Message):
    """The player chose "Start screen" at the end of a match: back to the
    start screen (the app's ``action_menu``)."""


__all__ = ["NewMatchRequested", "StartScreenRequested"]

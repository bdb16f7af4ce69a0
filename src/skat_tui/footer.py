"""The key bar at the bottom of every screen, without Textual's leak.

Textual's ``Footer`` (8.2) builds new key widgets every time the screen's
bindings change (after every card at the table) and binds each new key to
its ``compact`` reactive.  The bindings of the keys it threw away stay in
that reactive's watcher list until ``compact`` itself changes, which it never
does, so every old key (its styles, caches, rendered lines) is kept for as
long as the screen lives: about 80 widgets per deal at the table, the bulk
of the app's growth over a long session.  This footer drops those stale
watchers each time it builds its keys.

It also translates: a binding's description is an English text marked with
``N_`` where the class is defined, and is shown in the current language each
time the keys are built (so after a language switch too).

And it fits: when a screen's keys do not fit before the command palette's
key on the right (``^p palette``, at 80 columns in Polish during play, or
the replay's keys in any language), that key is left out, so that no key is
cut ("q Wyj"); Ctrl+P opens the palette all the same. A wider terminal shows
it again.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey, FooterLabel

from .i18n import _


def drop_stale_watchers(node: Any) -> int:
    """Forget the watchers of ``node``'s reactives that belong to widgets no
    longer in the DOM; how many were dropped."""
    watchers: dict[str, list[tuple[Any, Any]]] = getattr(node, "__watchers", {})
    dropped = 0
    for name, entries in watchers.items():
        keep = [(w, cb) for w, cb in entries
                if w is node or (getattr(w, "is_attached", True) and not w._closing)]
        dropped += len(entries) - len(keep)
        watchers[name] = keep
    return dropped


class Footer(TextualFooter):
    """Textual's footer, minus the keys it no longer shows, and minus the
    palette's key when the others need its room."""

    def compose(self) -> ComposeResult:
        self._fit_tries = 0
        self.set_timer(0.05, self._fit)  # once the new keys are laid out
        drop_stale_watchers(self)  # the old keys were removed just before this
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description) if widget.description else ""
                if isinstance(widget.tooltip, str) and widget.tooltip:
                    widget.tooltip = _(widget.tooltip)
            elif isinstance(widget, FooterLabel):
                widget.update(_(str(widget.content)))
            yield widget

    def _fit(self) -> None:
        """Leave the palette's key out if a key ends beyond where it starts."""
        if not self.show_command_palette or not self.is_attached:
            return
        keys = list(self.query(FooterKey))
        palette = [k for k in keys if k.has_class("-command-palette")]
        if any(not k.region.width for k in keys if k.display):
            self._fit_tries += 1
            if self._fit_tries < 20:
                self.set_timer(0.05, self._fit)  # not laid out yet
            return
        if palette and any(k.region.right > palette[0].region.x
                           for k in keys if k is not palette[0] and k.display):
            self.show_command_palette = False
            self.call_after_refresh(self.recompose)

    def on_resize(self) -> None:
        if not self.show_command_palette:  # room again? shown, then checked
            self.show_command_palette = True
            self.call_after_refresh(self.recompose)


__all__ = ["Footer", "drop_stale_watchers"]

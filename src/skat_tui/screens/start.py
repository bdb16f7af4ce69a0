"""The start screen: what ``skat`` shows first.

A menu driven by the keyboard (arrow keys and Enter, or each entry's letter)
and the mouse.  The screen only offers choices; the app does the work
(:class:`~skat_tui.app.SkatApp` actions ``new_match``, ``daily``,
``hotseat``, ``resume``, ``history``, ``scores``, ``statistics``, ``settings``,
``quit``).
With an unfinished match saved, Resume is enabled, highlighted and says
which match it is; otherwise it is greyed out.  While another skat plays the
saved match, Resume says so (choosing it tells where the match is) and the
note under the menu says that matches started here are not saved.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..footer import Footer
from ..i18n import N_, _
from ..safe_text import visible

TITLE = "♣ ♠ ♥ ♦   S K A T   ♦ ♥ ♠ ♣"

LABEL_WIDTH = 16
"""The key and the label of an entry: `` n   New match  `` (wider when a
language's labels are longer)."""
NOTE_WIDTH = 56
"""The notes' column beside the labels (#start-box: 78 less border and padding)."""
ROW_WIDTH = LABEL_WIDTH + NOTE_WIDTH


def label_width() -> int:
    """The labels' column in the current language: room for the longest."""
    return max(11, *(len(_(e.label)) + 1 for e in ENTRIES))


def column_lines(note: str, labels: int = 11) -> str:
    """``note`` wrapped to the notes' column: a line that does not fit goes
    on under the note, never back under the labels."""
    indent = LABEL_WIDTH - 11 + labels
    lines = textwrap.wrap(note, ROW_WIDTH - indent, break_on_hyphens=False) or [""]
    return ("\n" + " " * indent).join(lines)


@dataclass(frozen=True, slots=True)
class Entry:
    key: str
    action: str
    label: str


ENTRIES = (
    Entry("n", "new_match", N_("New match")),
    Entry("d", "daily", N_("Daily")),
    Entry("h", "hotseat", N_("Hotseat")),
    Entry("r", "resume", N_("Resume")),
    Entry("y", "history", N_("History")),
    Entry("s", "scores", N_("Scores")),
    Entry("t", "statistics", N_("Statistics")),
    Entry("o", "settings", N_("Settings")),
    Entry("q", "quit", N_("Quit")),
)


@dataclass(frozen=True, slots=True)
class StartInfo:
    """What the entries say about now: the line beside each entry (by
    action) and the unfinished match, if there is one."""

    notes: dict[str, str]
    resume: str | None = None
    """A description of the saved match ('Daily 2026-11-29 · deal 3 of 9 ·
    saved 29 Nov 21:15'); None: nothing to resume."""
    elsewhere: str | None = None
    """Another skat plays the saved match ('being played by another skat
    (process 4242)'); None: no other skat does."""

    @property
    def can_resume(self) -> bool:
        """Resume does something: continues the match, or says where it is."""
        return self.resume is not None or self.elsewhere is not None


class StartScreen(Screen[None]):
    """The menu.  ``info`` is refreshed with :meth:`show_info`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(e.key, f"choose('{e.action}')", e.label, show=False)
        for e in ENTRIES if e.key != "q"
    ]

    def __init__(self, info: StartInfo | None = None) -> None:
        super().__init__()
        self.info = info or StartInfo({})

    def compose(self) -> ComposeResult:
        with Vertical(id="start-box"):
            yield Static(Text(TITLE, style="bold"), id="start-title")
            yield Static(
                Text(_("Skat by the International Skat Order"), style="dim"), id="start-subtitle"
            )
            yield OptionList(*self._options(), id="start-menu")
            yield Static(id="start-note")
        yield Footer()

    def _options(self) -> list[Option]:
        options = []
        width = label_width()
        for e in ENTRIES:
            prompt = Text()
            prompt.append(f" {e.key} ", style="bold reverse")
            prompt.append(f"  {_(e.label):<{width}}", style="bold")
            note = self.info.notes.get(e.action, "")
            if e.action == "resume" and self.info.resume:
                note = self.info.resume
            if e.action == "resume" and self.info.elsewhere:
                note = self.info.elsewhere
            # the note may name a saved match's players
            prompt.append(column_lines(visible(note), width), style="dim")
            disabled = e.action == "resume" and not self.info.can_resume
            options.append(Option(prompt, id=e.action, disabled=disabled))
        return options

    def on_mount(self) -> None:
        self._highlight()

    def show_info(self, info: StartInfo) -> None:
        """New notes (after a match was saved, given up or finished)."""
        self.info = info
        menu = self.query_one("#start-menu", OptionList)
        menu.clear_options()
        menu.add_options(self._options())
        self._highlight()

    def _highlight(self) -> None:
        menu = self.query_one("#start-menu", OptionList)
        menu.highlighted = menu.get_option_index("resume" if self.info.resume else "new_match")
        menu.focus()
        note = self.query_one("#start-note", Static)
        if self.info.elsewhere:
            note.update(Text(
                _("Another skat plays your saved match: new matches here are not saved.")))
        elif self.info.resume:
            note.update(Text(_("Your unfinished match is saved: Enter or r resumes it.")))
        else:
            note.update(Text(_("Enter or a letter chooses · ? help · q quit"), style="dim"))

    def retranslate(self) -> None:
        """Show everything in the language just chosen (the notes come anew
        from the app with :meth:`show_info`)."""
        self.query_one("#start-subtitle", Static).update(
            Text(_("Skat by the International Skat Order"), style="dim"))
        self.show_info(self.info)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            await self.action_choose(event.option.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("resume",) and not self.info.can_resume:
            return None
        return True

    async def action_choose(self, action: str) -> None:
        """Run the app's action for an entry."""
        if action == "resume" and not self.info.can_resume:
            self.app.bell()
            return
        await self.app.run_action(action)


__all__ = ["ENTRIES", "StartInfo", "StartScreen"]

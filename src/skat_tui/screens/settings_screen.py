"""The settings dialog (F2): language, deck, bots, speed, scoring, deals, name."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from ..deck import DeckStyle
from ..footer import Footer
from ..i18n import DEFAULT_NAME, LANGUAGES, N_, _, shown_name
from ..safe_text import refuse_hidden, safe_text, visible
from ..settings import (
    BOT_LEVELS,
    BOT_NAMES,
    DEAL_COUNTS,
    LEVEL_LABELS,
    MAX_NAME,
    SCORINGS,
    SPEED_LABELS,
    SPEEDS,
    Settings,
    rule_choice,
    rule_options,
    with_rule_choice,
)

AUTOMATIC = N_("From the environment ({language})")
"""The language entry that follows LC_ALL / LC_MESSAGES / LANG."""


class SettingsScreen(ModalScreen[Settings | None]):
    """Dismissed with the new settings, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s", "save", N_("Save")),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def _row(self, label: str, widget: Input | Select[str] | Select[int]) -> Horizontal:
        return Horizontal(Label(label, classes="setting-label"), widget, classes="setting-row")

    def compose(self) -> ComposeResult:
        s = self.settings
        levels = list(BOT_LEVELS)
        if s.bot_levels[0] not in levels or s.bot_levels[1] not in levels:
            levels += [lv for lv in s.bot_levels if lv not in levels]
        level_options = [(_(LEVEL_LABELS.get(lv, lv)), lv) for lv in levels]
        from ..i18n import language_from_environment

        from_env = LANGUAGES[language_from_environment() or "en"]
        with Vertical(classes="dialog settings"):
            yield Static(Text(_("Settings"), style="bold"), classes="dialog-title")
            yield self._row(
                _("Language"),
                Select([(_(AUTOMATIC).format(language=from_env), ""),
                        *((name, code) for code, name in LANGUAGES.items())],
                       value=s.language if s.language in LANGUAGES else "", id="set-language",
                       allow_blank=False, compact=True),
            )
            yield self._row(
                _("Your name"),
                Input(visible(shown_name(s.player_name)), max_length=MAX_NAME, id="set-name",
                      compact=True),
            )
            yield self._row(
                _("Cards"),
                Select(
                    [(d.label, str(d)) for d in DeckStyle], value=str(s.deck), id="set-deck",
                    allow_blank=False, compact=True,
                ),
            )
            yield self._row(
                _("{name} (left)").format(name=BOT_NAMES[0]),
                Select(level_options, value=s.bot_levels[0], id="set-left", allow_blank=False,
                       compact=True),
            )
            yield self._row(
                _("{name} (right)").format(name=BOT_NAMES[1]),
                Select(level_options, value=s.bot_levels[1], id="set-right", allow_blank=False,
                       compact=True),
            )
            yield self._row(
                _("Speed"),
                Select([(_(SPEED_LABELS.get(k, k)), k) for k in SPEEDS], value=s.speed,
                       id="set-speed",
                       allow_blank=False, compact=True),
            )
            yield self._row(
                _("Scoring"),
                Select([(_(v), k) for k, v in SCORINGS.items()], value=s.scoring, id="set-scoring",
                       allow_blank=False, compact=True),
            )
            yield self._row(
                _("Rules"),
                Select(rule_options(s), value=rule_choice(s), id="set-rules",
                       allow_blank=False, compact=True),
            )
            yield self._row(
                _("Card points"),
                Select([(_("shown during play"), "on"), (_("hidden (count them)"), "off")],
                       value="on" if s.card_points else "off", id="set-points",
                       allow_blank=False, compact=True),
            )
            deal_options = sorted({*DEAL_COUNTS, s.deals})
            yield self._row(
                _("Deals per match"),
                Select([(str(n), n) for n in deal_options], value=s.deals, id="set-deals",
                       allow_blank=False, compact=True),
            )
            yield Static(
                Text(_("Language, cards and speed change at once; the rest from the next "
                       "match. Themes: Ctrl+P → Theme."), style="dim"),
                classes="dialog-foot",
            )
            yield Static("", id="settings-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Text.assemble(_("Save"), ("  ^s", "dim")), id="save",
                             variant="primary", compact=True)
                yield Button(Text.assemble(_("Cancel"), ("  Esc", "dim")), id="cancel",
                             compact=True)
        yield Footer()

    def result(self) -> Settings:
        """The settings as the form shows them; :class:`ValueError` for a
        name that cannot be shown (control, bidi or invisible characters)."""

        def value(selector: str) -> object:
            return self.query_one(selector, Select).value

        typed = self.query_one("#set-name", Input).value.strip()[:MAX_NAME]
        name = refuse_hidden(typed, _("Your name")) if typed else self.settings.player_name
        if name == shown_name(DEFAULT_NAME):  # the default as the field showed it: kept so
            name = DEFAULT_NAME
        deals = value("#set-deals")
        chosen = with_rule_choice(self.settings, str(value("#set-rules")))
        return replace(
            chosen,
            player_name=name,
            deck=DeckStyle(str(value("#set-deck"))),
            bot_levels=(str(value("#set-left")), str(value("#set-right"))),
            speed=str(value("#set-speed")),
            scoring=str(value("#set-scoring")),
            deals=deals if isinstance(deals, int) else self.settings.deals,
            card_points=value("#set-points") == "on",
            language=str(value("#set-language")),
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def on_input_submitted(self) -> None:
        self.action_save()

    def action_save(self) -> None:
        try:
            settings = self.result()
        except ValueError as e:
            self.app.bell()
            self.query_one("#settings-error", Static).update(safe_text(e, "bold red"))
            return
        self.dismiss(settings)

    def action_cancel(self) -> None:
        self.dismiss(None)

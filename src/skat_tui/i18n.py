"""The one place where sentences are translated and numbers and dates formatted.

Every sentence shown to a player goes through :func:`_` (or :func:`ngettext`
where a number decides the form) as a whole sentence with named
placeholders, e.g. ``_("{name} plays {card}").format(name=..., card=...)``,
never glued from pieces. Text defined before the language is known (a
screen's key bindings, the labels of a choice) is marked with :func:`N_` and
translated where it is shown.

The catalogues are gettext ``.mo`` files in ``skat_tui/locale`` built with
Babel from the ``.po`` files beside them (docs/translations.md). The language
is the settings' choice, else the environment's (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English; :func:`set_language` switches it at any time, and
the app redraws its screens after a switch.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from datetime import date, datetime
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "skat"
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "pl": "Polski",
                             "szl": "Ślōnski", "uk": "Українська"}
"""The languages there is a catalogue for, each named in itself."""
DEFAULT = "en"
DEFAULT_NAME = "You"
"""The player's name until one is typed in the settings: stored as this
English word in the settings, saves, histories and records (so a record
reads the same in every language), shown as the language's word for "you"
(:func:`shown_name`)."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT
_command_line: str | None = None


def _(message: str) -> str:
    """The translation of ``message`` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the number ``n`` in the current language
    (English has two forms, Polish three)."""
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it now: it is
    translated with :func:`_` where it is shown (after a language switch too)."""
    return message


def translate_library(prefix: str) -> int:
    """Route the stdlib ``gettext.gettext`` / ``ngettext`` a library marks its
    own words with (click: ``Usage:``, ``Error: No such option``) through
    :func:`_` and :func:`ngettext`, i.e. through our catalogue, which holds
    the library's messages too (``catalogs.LIBRARIES``). Every loaded module
    named ``prefix`` or ``prefix.*`` that bound the stdlib functions gets
    ours; the count of modules changed. Ours follow every language switch."""
    import sys

    changed = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == prefix or name.startswith(prefix + ".")):
            continue
        for attr, stdlib, ours in (("_", gettext.gettext, _),
                                   ("ngettext", gettext.ngettext, ngettext)):
            if getattr(module, attr, None) is stdlib:
                setattr(module, attr, ours)
                changed += 1
    return changed


def shown_name(name: str) -> str:
    """A player's name as the screens and the command print it: the default
    name (:data:`DEFAULT_NAME`) is the current language's word for "you"
    (``Du``, ``Ty``); any other name stays as typed."""
    return _("You") if name == DEFAULT_NAME else name


def language() -> str:
    """The code of the current language (``en``, ``de``, ``pl``, ``szl``, ``uk``)."""
    return _language


def set_language(code: str) -> str:
    """Switch to ``code`` (a code of :data:`LANGUAGES`; anything else is
    English); the language now in use."""
    global _translations, _language
    code = code if code in LANGUAGES else DEFAULT
    if code == DEFAULT:
        _translations = gettext.NullTranslations()
    else:
        _translations = gettext.translation(
            DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)
    _language = code
    return code


def language_from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for, as POSIX looks it up (the
    first set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); None when it names
    none of ours (``C``, ``POSIX``, ``fr_FR.UTF-8``)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def set_command_line_language(code: str | None) -> None:
    """``skat --lang CODE``: this run's language, above the settings' choice
    (None forgets it)."""
    global _command_line
    _command_line = code if code in LANGUAGES else None


def choose_language(setting: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: the command line's (``--lang``), else ``setting``
    (the settings') when it names one of ours, else the environment's, else
    English."""
    if _command_line is not None:
        return _command_line
    if setting and setting in LANGUAGES:
        return setting
    return language_from_environment(environ) or DEFAULT


NUMBERS_AS: dict[str, str] = {"szl": "pl"}
"""Languages whose numbers Babel's data does not know, written as a
neighbour writes them: CLDR gives Silesian (``szl``) its months and days
but no number symbols (it would fall back to ``1,234.5``); Silesians write
numbers as Poland does (``1 234,5``)."""

SHORT_DAY: dict[str, str] = {"de": "dd.MM.y", "pl": "d.MM.y", "szl": "dd.MM.y", "uk": "dd.MM.y"}
"""The column format of a day in each language (Babel's ``short`` gives
Ukrainian a two-digit year, ``01.12.26``; a table of days keeps all four)."""


def _babel_locale() -> str:
    return _language


def _number_locale() -> str:
    return NUMBERS_AS.get(_language, _language)


def format_number(value: int | float, digits: int | None = None) -> str:
    """``value`` as the current language writes numbers (``1,234.5``,
    ``1.234,5``, ``1 234,5``); ``digits`` fixes the decimals shown."""
    from babel.numbers import format_decimal

    if digits is None:
        return format_decimal(value, locale=_number_locale())
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=pattern, locale=_number_locale())


def format_signed(value: int | float, digits: int | None = None) -> str:
    """A number with its sign always shown (``+12``, ``−3`` as ``-3``)."""
    text = format_number(value, digits)
    return text if text.startswith("-") or value < 0 else "+" + text


def format_percent(fraction: float) -> str:
    """A fraction as a whole percentage in the current language (``45%``, ``45 %``)."""
    from babel.numbers import format_percent as babel_percent

    return babel_percent(fraction, locale=_number_locale())


def format_day(day: date) -> str:
    """A calendar day in full (the daily's date): ``2026-12-01`` in English
    (the daily's name as the seeds write it), ``1. Dezember 2026``,
    ``1 grudnia 2026`` (Polish and Silesian), ``1 грудня 2026 р.``."""
    from babel.dates import format_date

    if _language == DEFAULT:
        return day.isoformat()
    return format_date(day, format="long", locale=_babel_locale())


def format_short_day(day: date) -> str:
    """A calendar day in a table column: ISO (``2026-12-01``) in English,
    ``01.12.2026`` in German, Silesian and Ukrainian, ``1.12.2026`` in Polish."""
    from babel.dates import format_date

    if _language == DEFAULT:
        return day.isoformat()
    return format_date(day, format=SHORT_DAY.get(_language, "short"), locale=_babel_locale())


def format_time(moment: datetime) -> str:
    """A day with its time of day, as a table column shows it (``2026-12-01 14:05``)."""
    from babel.dates import format_time as babel_time

    if _language == DEFAULT:
        return moment.strftime("%Y-%m-%d %H:%M")
    clock = babel_time(moment, "HH:mm", locale=_babel_locale())
    return f"{format_short_day(moment.date())} {clock}"


__all__ = [
    "DEFAULT_NAME",
    "LANGUAGES",
    "N_",
    "_",
    "choose_language",
    "format_day",
    "format_number",
    "format_percent",
    "format_short_day",
    "format_signed",
    "format_time",
    "language",
    "language_from_environment",
    "ngettext",
    "set_command_line_language",
    "set_language",
    "shown_name",
    "translate_library",
]

"""The languages there is a catalogue for: chosen from the environment as
POSIX names them, counted with their own plural rules, numbers and days
written as each writes them (Silesian and Ukrainian besides German and
Polish)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime

import pytest

from skat_tui import i18n


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("value", "code"), [
    ("uk_UA.UTF-8", "uk"), ("szl_PL.UTF-8", "szl"), ("pl_PL.UTF-8", "pl"),
    ("de_DE@euro", "de"), ("C.UTF-8", None), ("fr_FR.UTF-8", None),
])
def test_the_environment_names_the_language(value: str, code: str | None) -> None:
    assert i18n.language_from_environment({"LANG": value}) == code
    assert i18n.language_from_environment({"LC_MESSAGES": value, "LANG": "en_GB"}) == code


def test_each_language_is_named_in_itself() -> None:
    assert i18n.LANGUAGES["uk"] == "Українська"
    assert i18n.LANGUAGES["szl"] == "Ślōnski"


@pytest.mark.parametrize(("code", "forms"), [
    ("uk", ["1 взятку", "2 взятки", "5 взяток", "11 взяток", "21 взятку", "22 взятки"]),
    ("szl", ["1 sztych", "2 sztychy", "5 sztychōw", "12 sztychōw", "22 sztychy",
             "25 sztychōw"]),
])
def test_three_plural_forms_as_each_language_counts(lang: None, code: str,
                                                    forms: list[str]) -> None:
    i18n.set_language(code)
    said = [i18n.ngettext("The soloist took {n} trick.", "The soloist took {n} tricks.", n)
            .format(n=n) for n in (1, 2, 5, 11 if code == "uk" else 12, 21 if code == "uk"
                                   else 22, 22 if code == "uk" else 25)]
    assert [s.split(" ", 2)[2].rstrip(".") for s in said] == forms


@pytest.mark.parametrize(("code", "number", "day", "short"), [
    ("en", "1,234.5", "2026-12-01", "2026-12-01"),
    ("de", "1.234,5", "1. Dezember 2026", "01.12.2026"),
    ("pl", "1\xa0234,5", "1 grudnia 2026", "1.12.2026"),
    ("szl", "1\xa0234,5", "1 grudnia 2026", "01.12.2026"),
    ("uk", "1\xa0234,5", "1 грудня 2026\u202fр.", "01.12.2026"),
])
def test_numbers_and_days_in_each_language(lang: None, code: str, number: str, day: str,
                                           short: str) -> None:
    i18n.set_language(code)
    assert i18n.format_number(1234.5) == number
    assert i18n.format_day(date(2026, 12, 1)) == day
    assert i18n.format_short_day(date(2026, 12, 1)) == short
    assert i18n.format_time(datetime(2026, 12, 1, 14, 5)) == f"{short} 14:05"


def test_silesian_months_are_silesian(lang: None) -> None:
    i18n.set_language("szl")
    assert i18n.format_day(date(2026, 6, 1)) == "1 czyrwca 2026"
    assert i18n.format_day(date(2026, 5, 3)) == "3 moja 2026"

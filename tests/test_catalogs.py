"""The translation catalogues are complete and agree with the template and
the code: every message of skat.pot is translated in every language, with
the same named placeholders, every plural form there is (Polish has
three); the template holds every sentence the code marks; the shipped .mo
files are the compiled .po files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from skat_tui import catalogs
from skat_tui.i18n import LOCALE_DIR

LANGUAGES = catalogs.translated_codes()
PLACEHOLDER = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")
FORMS = {"de": 2, "pl": 3, "szl": 3, "uk": 3}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text)) | set(re.findall(r"%\((\w+)\)s", text))


def template() -> Catalog:
    with (LOCALE_DIR / "skat.pot").open("rb") as f:
        return read_po(f)


def catalogue(code: str) -> Catalog:
    with catalogs.po_path(code).open("rb") as f:
        return read_po(f, locale=code)


def problems(tpl: Catalog, cat: Catalog) -> list[str]:
    """Every way ``cat`` falls short of ``tpl`` (empty: it is complete)."""
    out: list[str] = []
    for message in tpl:
        if not message.id:
            continue
        found = cat.get(message.id)
        if found is None:
            out.append(f"missing: {message.id!r}")
            continue
        if found.fuzzy:
            out.append(f"fuzzy: {message.id!r}")
        if isinstance(message.id, tuple):
            singular, plural = message.id
            forms = found.string if isinstance(found.string, tuple) else (found.string,)
            if len(forms) != cat.num_plurals or not all(forms):
                out.append(f"plural forms {len(forms)} of {cat.num_plurals}: {singular!r}")
                continue
            either = placeholders(singular) | placeholders(plural)
            if not placeholders(forms[0]) <= either:
                out.append(f"placeholders of {forms[0]!r} are not those of {singular!r}")
            for form in forms[1:]:
                if placeholders(form) != placeholders(plural):
                    out.append(f"placeholders of {form!r} differ from {plural!r}")
        else:
            if not found.string:
                out.append(f"untranslated: {message.id!r}")
            elif placeholders(found.string) != placeholders(message.id):
                out.append(f"placeholders of {found.string!r} differ from {message.id!r}")
    return out


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders(code: str) -> None:
    cat = catalogue(code)
    assert cat.num_plurals == FORMS[code]
    found = problems(template(), cat)
    assert found == [], f"{len(found)} problems in {code}: {found[:10]}"


def test_the_check_catches_a_missing_message_and_wrong_placeholders() -> None:
    tpl = Catalog(locale="pl")
    tpl.add("{name} passes.")
    tpl.add(("{n} trick", "{n} tricks"))
    tpl.add("Bid {value}.")
    cat = Catalog(locale="pl")
    cat.add("{name} passes.", "{imie} pasuje.")
    cat.add(("{n} trick", "{n} tricks"), ("{n} lewa", "{n} lewy"))
    found = problems(tpl, cat)
    assert any("placeholders" in p for p in found)
    assert any("plural forms 2 of 3" in p for p in found)
    assert any(p.startswith("missing") for p in found)


def test_the_template_holds_every_marked_sentence() -> None:
    """A new _() in the code, a new literal message of a RecordError or
    FileRefused in skat_core, or a new message of click as installed, is in
    skat.pot (run `python -m skat_tui.catalogs all`)."""
    in_code = {m.id for m in catalogs.template_catalog() if m.id}
    in_template = {m.id for m in template() if m.id}
    assert in_code - in_template == set(), sorted(map(str, in_code - in_template))[:10]
    assert in_template - in_code == set(), sorted(map(str, in_template - in_code))[:10]


def test_the_template_is_extracted_from_the_app_the_engine_and_click() -> None:
    """The extraction itself finds each kind: an app sentence, an engine
    record message, a rule, and click's words."""
    ids = {m.id for m in catalogs.template_catalog()}
    assert "Not allowed: {rule}" in ids  # the app
    assert "not a card: {card}" in ids and "the file is empty" in ids  # skat_core's records
    assert "play: follow suit if you can (jacks are trumps in suit and grand games)" in ids
    assert "Usage:" in ids and "Show this message and exit." in ids  # click


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_shipped_mo_file_is_the_compiled_catalogue(code: str) -> None:
    mo = catalogs.po_path(code).with_suffix(".mo")
    assert mo.read_bytes() == catalogs.compiled(code), (
        f"{mo} is out of date: run `python -m skat_tui.catalogs compile`")


def test_a_new_catalogue_gets_the_plural_rule_babel_lacks(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """CLDR has no plural rule for Silesian (Babel would give it two forms);
    `update` creates its catalogue with Polish's three, and keeps them."""
    monkeypatch.setattr(catalogs, "translated_codes", lambda: ["szl"])
    monkeypatch.setattr(catalogs, "po_path", lambda code: tmp_path / code / "skat.po")
    for _run in range(2):  # creating it, then updating it
        catalogs.update()
        with (tmp_path / "szl" / "skat.po").open("rb") as f:
            cat = read_po(f, locale="szl")
        assert cat.num_plurals == 3
        assert cat.plural_forms == catalogs.PLURAL_FORMS["szl"]
        plural = next(m for m in cat if isinstance(m.id, tuple))
        assert len(plural.string) == 3

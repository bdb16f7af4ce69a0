"""The translators' commands: extract, update, compile and check the catalogues.

``python -m skat_tui.catalogs extract`` writes ``locale/skat.pot`` from every
``_()``, ``ngettext()`` and ``N_()`` in skat_tui; ``update`` merges it into each
language's ``skat.po``; ``compile`` writes the ``.mo`` files the app reads
(they are committed, so a plain ``pip install .`` ships them); ``check`` says
which catalogues miss messages or are not compiled (docs/translations.md).
Run them from the repository's root (where ``babel.cfg`` is).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from skat_core import __version__

from .i18n import DEFAULT, DOMAIN, LANGUAGES, LOCALE_DIR

LIBRARIES = ("click",)
"""Libraries whose own words the user reads (click's ``Usage:``, its errors):
their messages are extracted into our template too and their stdlib gettext
calls routed through our catalogue (``i18n.translate_library``)."""
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
ROOT = Path(__file__).resolve().parents[2]
PLURAL_FORMS: dict[str, str] = {
    "szl": "nplurals=3; plural=n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 "
           "&& (n % 100 < 12 || n % 100 > 14) ? 1 : 2;",
}
"""The plural rule of a language Babel has none for: CLDR's Silesian
(``szl``) has no plural rule, so Babel would give it English's two forms;
Silesian counts as Polish does (1 sztych, 2 sztychy, 5 sztychōw). ``update``
writes it into the catalogue's header, which Babel's update and compile
then keep."""


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def translated_codes() -> list[str]:
    return [code for code in LANGUAGES if code != DEFAULT]


def library_dirs() -> list[Path]:
    """The source directories of :data:`LIBRARIES` as installed."""
    import importlib

    return [Path(importlib.import_module(name).__file__ or "").parent for name in LIBRARIES]


def _babel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


APP_KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2)}
"""The app's markers (and the stdlib names a library such as click uses)."""
ENGINE_KEYWORDS: dict[str, Any] = {
    "RecordError": None, "Message": None, "_Refused": None, "FileRefused": (2,),
    "fail": (2,), "_fail": (3,), "error": (3,),
}
"""The English messages of skat_core the app shows translated
(docs/translations.md): the literal template of a ``RecordError``, of a
``Message`` (a reason filled into another template), of a
``FileRefused``, and of the helpers that build them (``fail(field, message)``,
``moves.error(index, text, message)``). A server's refusals are said by their
code (``error_words.SERVER_CODES``): the client has only the server's text."""


def sources() -> list[tuple[Path, dict[str, Any]]]:
    """Every directory whose messages go into the template, with its markers."""
    src = ROOT / "src"
    return [(src / "skat_tui", {**APP_KEYWORDS, **ENGINE_KEYWORDS}),
            (src / "skat_core", ENGINE_KEYWORDS),
            *((path, APP_KEYWORDS) for path in library_dirs())]


def template_catalog() -> Catalog:
    """The template as extracted from :func:`sources` now."""
    catalog = Catalog(project="skat", version=__version__,
                      copyright_holder="the skat developers")
    for root, keywords in sources():
        for _file, _line, message, comments, context in extract_from_dir(
                str(root), [("**.py", "python")], keywords=keywords,
                comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            if message:  # fail(index, "", ...): a field left empty, not a message
                catalog.add(message, None, auto_comments=comments, context=context)
    return catalog


def extract() -> None:
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as f:
        write_po(f, template_catalog(), width=76, no_location=True, sort_output=True)


def _keep_plural_forms(code: str) -> bool:
    """Write :data:`PLURAL_FORMS`' rule into ``code``'s header when it has
    another; whether it had to."""
    wanted = PLURAL_FORMS.get(code)
    path = po_path(code)
    with path.open("rb") as f:
        catalog = read_po(f, locale=code)
    if wanted is None or catalog.plural_forms == wanted:
        return False
    catalog.mime_headers = [(name, wanted if name.lower() == "plural-forms" else value)
                            for name, value in catalog.mime_headers]
    with path.open("wb") as f:
        write_po(f, catalog, width=76, ignore_obsolete=True)
    return True


def _update(code: str) -> None:
    _babel("update", "-i", str(TEMPLATE), "-o", str(po_path(code)), "-l", code,
           "--no-fuzzy-matching", "--ignore-obsolete")


def update() -> None:
    for code in translated_codes():
        path = po_path(code)
        if path.exists():
            _update(code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            _babel("init", "-i", str(TEMPLATE), "-o", str(path), "-l", code)
        if _keep_plural_forms(code):
            _update(code)  # every plural message gets the rule's number of forms


def compiled(code: str) -> bytes:
    """The ``.mo`` file ``compile`` writes for ``code`` (fuzzy entries left out)."""
    with po_path(code).open("rb") as f:
        catalog = read_po(f, locale=code)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for code in translated_codes():
        po_path(code).with_suffix(".mo").write_bytes(compiled(code))


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in {*commands, "all"}:
        print("usage: python -m skat_tui.catalogs extract|update|compile|all", file=sys.stderr)
        return 2
    for name in commands if argv[0] == "all" else [argv[0]]:
        commands[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The ``skat`` command in German and Polish as a user runs it: click's own
words (``Usage:``, ``Options:``, its errors) come from our catalogue too,
not only the help texts we wrote."""

from __future__ import annotations

import gettext
import os
import subprocess
import sys
from pathlib import Path

import pytest


def skat(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SKAT_CONFIG_DIR": str(tmp_path / "config"),
           "SKAT_HOME": str(tmp_path / "home"), "COLUMNS": "80"}
    run = "from skat_tui.cli import main; main(prog_name='skat')"
    return subprocess.run([sys.executable, "-c", run, *args],
                          capture_output=True, text=True, env=env, timeout=60)


def test_the_help_in_german_has_clicks_words_in_german(tmp_path: Path) -> None:
    done = skat(tmp_path, "--lang", "de", "--help")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for german in ("Aufruf: skat [OPTIONEN] [BEFEHL] [ARGUMENTE]...", "Optionen:", "Befehle:",
                   "Die Version zeigen und beenden.", "Diese Meldung zeigen und beenden."):
        assert german in out, out
    for english in ("Usage:", "Options:", "Commands:", "Show the version", "Show this message",
                    "[OPTIONS]"):
        assert english not in out, out


def test_a_subcommands_help_and_defaults_in_polish(tmp_path: Path) -> None:
    done = skat(tmp_path, "--lang", "pl", "bench", "memory", "--help")
    assert done.returncode == 0, done.stderr
    assert "Użycie: skat bench memory [OPCJE]" in done.stdout, done.stdout
    assert "Opcje:" in done.stdout and "domyślnie: 100" in done.stdout, done.stdout
    assert "Pokaż tę wiadomość i zakończ." in done.stdout
    assert "default" not in done.stdout and "Options" not in done.stdout


@pytest.mark.parametrize(("lang", "args", "expected"), [
    ("de", ["play", "--foo"], ["Fehler: Die Option '--foo' gibt es nicht.",
                               "Hilfe mit 'skat play --help'.", "Aufruf: skat play [OPTIONEN]"]),
    ("pl", ["play", "--foo"], ["Błąd: Nie ma opcji '--foo'.", "Pomoc: 'skat play --help'."]),
    ("de", ["replay"], ["Fehler: Fehlendes Argument 'SOURCE'."]),
    ("pl", ["replay"], ["Błąd: Brak argumentu 'SOURCE'."]),
    ("de", ["play", "--level", "x"],
     ["Ungültiger Wert für '--level': 'x' ist nicht eins von 'easy', 'normal', 'strong'."]),
    ("de", ["nosuch"], ["Fehler: Den Befehl 'nosuch' gibt es nicht."]),
])
def test_clicks_errors_in_the_language(tmp_path: Path, lang: str, args: list[str],
                                       expected: list[str]) -> None:
    done = skat(tmp_path, "--lang", lang, *args)
    assert done.returncode == 2
    for words in expected:
        assert words in done.stderr, done.stderr
    for english in ("Error:", "Usage:", "Try '", "Missing argument", "No such"):
        assert english not in done.stderr, done.stderr


def test_every_click_module_reads_our_catalogue() -> None:
    """No loaded click module still calls the stdlib gettext (which reads the
    default domain, not ours), so a click upgrade with a new module is caught."""
    import skat_tui.cli  # noqa: F401  (routes click's words on import)

    left = [name for name, module in sys.modules.items()
            if (name == "click" or name.startswith("click.")) and module is not None
            and (getattr(module, "_", None) is gettext.gettext
                 or getattr(module, "ngettext", None) is gettext.ngettext)]
    assert left == []


def test_skat_join_refuses_a_hidden_character_in_the_name_in_german(tmp_path: Path) -> None:
    """The own name is checked before any server is asked, in the language."""
    done = skat(tmp_path, "--lang", "de", "join", "ABCD-EFGH", "--server", "ws://127.0.0.1:9",
                "--name", "An\u202ena")
    assert done.returncode != 0
    assert "darf keine Steuer-, Bidi- oder unsichtbaren Zeichen enthalten (U+202E)" in (
        " ".join(done.stderr.split())), done.stderr

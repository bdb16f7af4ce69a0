"""The one helper for text from outside (skat_tui.safe_text) and the
command line's printed output: literal, never markup, nothing raw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.text import Text

from skat_core.records.check import json_line
from skat_tui.cli import main
from skat_tui.safe_text import (
    hidden_characters,
    refuse_hidden,
    safe_content,
    safe_text,
    terminal,
    visible,
)

RAW = ["\x1b", "\x07", "\x9b", "\x7f", "\u202e", "\u202a", "\u2066", "\u2069", "\u200e",
       "\u200f", "\u061c", "\u200b", "\u200c", "\u200d", "\ufeff", "\u2060", "\ud800", "\x00"]


@pytest.mark.parametrize("ch", RAW, ids=[f"U+{ord(c):04X}" for c in RAW])
def test_every_hidden_character_becomes_a_visible_placeholder(ch: str) -> None:
    shown = visible(f"a{ch}b")
    assert ch not in shown and shown.startswith("a") and shown.endswith("b")
    assert len(shown) > 2 or ch == "\ud800"
    assert shown.isprintable()
    shown.encode("utf-8")  # a lone surrogate no longer fails to encode


def test_placeholders_say_what_was_there() -> None:
    assert visible("\x1b[2J") == "␛[2J"
    assert visible("\x1b]52;c;aGk=\x07") == "␛]52;c;aGk=␇"
    assert visible("\u202eevil") == "<U+202E>evil"
    assert visible("a\u200bb") == "a<U+200B>b"
    assert visible("\x9b") == "\\x9b"
    assert visible("\ud800") == "\ufffd"
    assert visible("line\nbreak") == "line␊break"
    assert visible("line\r\nbreak", multiline=True) == "line\nbreak"
    assert terminal("a\tb\n") == "a\tb\n"


def test_ordinary_text_is_unchanged_and_the_helper_is_idempotent() -> None:
    for s in ["Anna", "Grün", "Jürgen-Łukasz", "李", "e\u0301", "👍", "[b]x[/b]", "[/]"]:
        assert visible(s) == s
    for s in RAW:
        assert visible(visible(s)) == visible(s)


@pytest.mark.parametrize("name", ["[/]", "[/bold]", "[link=file:///etc/passwd]x[/link]",
                                  "[@click=app.quit]x[/]", "[b]bold[/b]"])
def test_markup_is_shown_literally(name: str) -> None:
    text = safe_text(name, "bold")
    assert isinstance(text, Text) and text.plain == name and not text.spans
    assert safe_content(name).plain == name
    assert safe_content(name, "bold").plain == name


def test_typed_names_refuse_hidden_characters_with_a_clear_message() -> None:
    assert refuse_hidden("Anna") == "Anna"
    with pytest.raises(ValueError, match=r"control, bidi or invisible characters \(U\+001B\)"):
        refuse_hidden("\x1b[2J")
    assert hidden_characters("a\u202eb\u202ec\u200b") == ["U+202E", "U+200B"]


def test_check_prints_json_that_reads_back_the_same_and_nothing_raw() -> None:
    report = {"id": "\u202eevil\x9b\ud800", "error": "\x1b[2J line 1", "name": "Grün"}
    line = json_line(report)
    assert line.isascii() is False and line.isprintable()
    assert json.loads(line) == report


def test_cli_errors_quote_arguments_harmlessly(tmp_path: Path) -> None:
    runner = CliRunner()
    for bad in ["\x1b[2J", "\x1b]52;c;aGk=\x07", "\u202eevil", "a\u200bb"]:
        result = runner.invoke(main, ["export", bad, "--home", str(tmp_path)])
        assert result.exit_code != 0
        out = result.output
        assert not any(ch in out for ch in RAW), repr(out)
        assert visible(bad) in out
    result = runner.invoke(main, ["hotseat", "--players", "A\x1b[2J,B,C"])
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "control, bidi or invisible" in result.output
    result = runner.invoke(main, ["play", "--seed", "evil\u202e"])
    assert result.exit_code == 2 and "\u202e" not in result.output
    assert "invisible" in result.output


def test_cli_tables_print_hostile_names_harmlessly(tmp_path: Path) -> None:
    from skat_core.match import Match
    from skat_tui.headless import _play
    from skat_tui.storage import MatchKeeper, Storage

    names = ("\x1b[2J", "\u202eevil", "\x1b]52;c;aGk=\x07")
    keeper = MatchKeeper.start(Storage(tmp_path, sync=False), Match.start(names, deals=3,
                               seed="cli"), {n: "random" for n in names})
    _play(keeper, None, 0.0, None, lambda text: None)
    keeper.close()
    runner = CliRunner()
    for args in (["history"], ["scores"], ["scores", "--csv"]):
        result = runner.invoke(main, [*args, "--home", str(tmp_path)])
        assert result.exit_code == 0, result.output
        assert not any(ch in result.output for ch in ("\x1b", "\x07", "\u202e")) or \
            args == ["scores", "--csv"]  # CSV to a pipe keeps the data
        if args[0] == "history":
            assert visible(names[0]) in result.output

"""The engine's, the records' and the server's errors in the player's
language: skat_core speaks English and carries the rule, or the template and
its params; skat_tui.error_words says them in German and Polish, and in
English what it does not know."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from skat_core.deal import deal_from_seed
from skat_core.errors import IllegalActionError, RecordError, Rule
from skat_core.game import Bid, Declare, Hold, Pass, PickUpSkat, new_game
from skat_core.records import read_iss, state_from_record
from skat_core.rules import GameType
from skat_tui import i18n
from skat_tui.error_words import (
    RULE_TEXTS,
    SERVER_CODES,
    error_text,
    record_text,
    server_text,
)
from skat_tui.storage import DamagedSave, Storage


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def test_every_rule_is_in_the_catalogue_as_the_engine_says_it() -> None:
    assert set(RULE_TEXTS) == set(Rule)
    assert all(RULE_TEXTS[r] == r.value for r in Rule)


def test_every_error_code_of_the_protocol_has_a_sentence() -> None:
    doc = (Path(__file__).parents[1] / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Errors"):]
    for code in SERVER_CODES:
        assert f"`{code}`" in section, code


def illegal() -> IllegalActionError:
    state = new_game(deal_from_seed("words"))
    for action in (Bid(18), Hold(), Pass(), Pass()):
        state = state.apply(action)
    state = state.apply(PickUpSkat())
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Declare(GameType.GRAND, hand=True))
    return caught.value


def test_an_illegal_action_in_german(german: None) -> None:
    e = illegal()
    assert e.rule in (Rule.HAND_AFTER_PICKUP, Rule.PICKUP_BEFORE_DECLARE)
    text = error_text(e)
    assert text.startswith("Nicht erlaubt: Ansage:"), text
    i18n.set_language("en")
    assert error_text(e).startswith("Not allowed: declaration:")


BROKEN = ('{"format": "skat-record", "version": 1, "players": ["A", "B", "C"],\n'
          ' "deal": {"hands": ["CJ XX", "", ""], "skat": ""}, "actions": []}\n')


def test_a_broken_record_names_line_and_field_in_german(german: None) -> None:
    import json

    with pytest.raises(RecordError) as caught:
        state_from_record(json.loads(BROKEN))
    e = caught.value
    assert (e.template, e.params) == ("not a card: {card}", {"card": "'XX'"})
    assert str(e) == "field deal.hands[0]: not a card: 'XX'"  # the engine's English
    assert record_text(e) == "Feld deal.hands[0]: keine Karte: 'XX'"


def test_an_action_a_record_breaks_says_the_rule_in_german(german: None) -> None:
    line = ("(;GM[Skat]PC[x]ID[1]P0[a]P1[b]P2[c]MV[w CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8."
            "SA.ST.SK.SQ.S9.S8.S7.HA.HT.HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9.D8.C7.D7 "
            "1 18 0 y 1 20 0 p 2 p 1 s w C7.D7 1 G.CJ.SJ 0 ST ]R[d:1 win v:48];)")
    with pytest.raises(RecordError) as caught:
        read_iss(line, 3)
    text = record_text(caught.value)
    assert text.startswith("Zeile 3, Feld MV[")
    assert "Zug " in text and "move" not in text, text


def test_a_damaged_save_is_reported_in_german(tmp_path: Path, german: None) -> None:
    storage = Storage(tmp_path, sync=False)
    storage.current_path.write_text('{"format": "skat-match",\n "version": 1,\n "config": 7}\n',
                                    encoding="utf-8")
    with pytest.raises(DamagedSave) as caught:
        storage.load_current()
    message = caught.value.message
    assert "ist beschädigt" in message, message
    assert "Zeile 3, Feld config: config ist ein Objekt mit players" in message, message
    assert "line" not in message and "field" not in message, message


def test_an_unknown_template_stays_english(german: None) -> None:
    e = RecordError("a reason no catalogue has: {what}", 2, "x", {"what": "w"})
    assert record_text(e) == "Zeile 2, Feld x: a reason no catalogue has: w"


def test_a_server_refusal_by_its_code_and_rule(german: None) -> None:
    assert server_text("code", "no table has this invitation code") == (
        "Kein Tisch hat diesen Einladungscode.")
    assert server_text("illegal", "CJ does not follow suit (...)", "FOLLOW_SUIT").startswith(
        "Nicht erlaubt: Spiel: Farbe bedienen")
    assert server_text("new-code", "a sentence of a newer server") == (
        "a sentence of a newer server")


def test_skat_replay_of_a_broken_file_in_german(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(BROKEN, encoding="utf-8")
    env = {**os.environ, "SKAT_CONFIG_DIR": str(tmp_path / "c"), "SKAT_HOME": str(tmp_path / "h")}
    run = "from skat_tui.cli import main; main(prog_name='skat')"
    done = subprocess.run([sys.executable, "-c", run, "--lang", "de", "export", str(path)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1
    assert "Zeile 2, Feld deal.hands[0]: keine Karte: 'XX'" in done.stderr, done.stderr
    assert "Fehler:" in done.stderr


def test_a_json_number_the_reader_refuses_is_said_in_german(german: None) -> None:
    from skat_core.records.jsontext import parse_json

    for text, german_words in (('{"a": 1e999}', "die Zahl 1e999 ist zu groß"),
                               ('{"a": NaN}', "NaN ist kein JSON-Wert"),
                               ('{"a": ' + "9" * 5000 + "}", "eine Zahl mit 5000 Ziffern")):
        with pytest.raises(RecordError) as e:
            parse_json(text)
        assert german_words in error_text(e.value), error_text(e.value)

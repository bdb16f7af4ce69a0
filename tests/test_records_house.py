"""Records under the house rules (docs/records.md, House rules in a record):
the rule set and the new actions in the JSON record, replay under the record's
own rules, ISS export refused with a clear message, skat check on every rule
set, old saves and records loading as tournament."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from skat_core.deal import deal_from_seed
from skat_core.errors import RecordError
from skat_core.game import KONTRA, Bid, Declare, GameState, Hold, Pass, Play, new_game, play_out
from skat_core.match import Match
from skat_core.records import dumps, loads, record_from_state, state_from_record, to_iss
from skat_core.records.check import check_files
from skat_core.rules import GameType
from skat_core.ruleset import PUB, TOURNAMENT, Ramsch
from skat_core.savegame import dumps_match, loads_match

SCHIEBE = PUB.with_switches(name="schiebe", ramsch=Ramsch.SCHIEBERAMSCH)


def finished(rules: object, seed: int, *, ramsch: bool = False, kontra: bool = False
             ) -> GameState:
    rng = random.Random(seed)
    deal = deal_from_seed("rec", seed)
    s = new_game(deal, rules)  # type: ignore[arg-type]
    if ramsch:
        s = play_out(s, [Pass(), Pass(), Pass()])
    elif kontra:
        s = play_out(s, [Bid(18), Hold(), Pass(), Pass()]).apply(
            Declare(GameType.GRAND, hand=True))
        s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Play))).apply(KONTRA)
    while not s.is_over:
        s = s.apply(rng.choice([a for a in s.legal_actions()]))
    return s


def test_record_carries_rules_and_new_actions() -> None:
    """'JSON records carry the rule set and the new actions'; 'a record replays
    under the rules it was played with'."""
    for state in (finished(PUB, 1, ramsch=True), finished(SCHIEBE, 2, ramsch=True),
                  finished(PUB, 3, kontra=True)):
        record = record_from_state(state)
        assert record["version"] == 1 and record["rules"] == state.rules.to_dict()
        assert state_from_record(loads(dumps(record))) == state
    kontra = record_from_state(finished(PUB, 3, kontra=True))
    assert {"seat": 1, "type": "kontra", "level": 1} in kontra["actions"]
    assert kontra["result"]["kontra"] >= 1
    ramsch = record_from_state(finished(PUB, 1, ramsch=True))
    assert ramsch["result"]["game"] == "R" and len(ramsch["result"]["ramsch"]["scores"]) == 3
    # The same actions under the tournament rules are no deal: all pass ends it.
    del ramsch["rules"]
    with pytest.raises(RecordError) as e:
        state_from_record(ramsch)
    assert e.value.field is not None and e.value.field.startswith("actions[3]")


def test_tournament_records_are_written_as_before() -> None:
    """A tournament deal's record has no house-rule field at all."""
    record = record_from_state(finished(TOURNAMENT, 4))
    assert not {"rules", "bock", "ramsch_round"} & record.keys()
    assert not {"kontra", "bock", "ramsch"} & record["result"].keys()


def test_bad_rules_field_is_named() -> None:
    record = record_from_state(finished(PUB, 5, ramsch=True))
    record["rules"]["kontra"] = "sometimes"
    with pytest.raises(RecordError) as e:
        state_from_record(record)
    assert e.value.field == "rules.kontra"
    record = record_from_state(finished(PUB, 5, ramsch=True))
    record["bock"] = 3
    with pytest.raises(RecordError) as e:
        state_from_record(record)
    assert e.value.field == "bock"


def test_iss_export_refuses_ramsch_and_kontra() -> None:
    """'ISS export refuses a game the ISS cannot represent (Ramsch, Kontra),
    with a clear message.'"""
    with pytest.raises(RecordError, match="cannot represent a Ramsch"):
        to_iss(finished(PUB, 6, ramsch=True))
    with pytest.raises(RecordError, match="cannot represent a game with Kontra"):
        to_iss(finished(PUB, 7, kontra=True))
    assert to_iss(finished(PUB, 8)).startswith("(;GM[Skat]")  # a plain game still can


def test_skat_check_on_every_rule_set(tmp_path: Path) -> None:
    """'skat check and skat replay work on every rule set.'"""
    path = tmp_path / "games.jsonl"
    states = [finished(TOURNAMENT, 9), finished(PUB, 10, ramsch=True),
              finished(SCHIEBE, 11, ramsch=True), finished(PUB, 12, kontra=True)]
    path.write_text("\n".join(dumps(record_from_state(s), one_line=True) for s in states) + "\n")

    out = io.StringIO()
    assert check_files([str(path)], out) == 0
    reports = [json.loads(line) for line in out.getvalue().splitlines()]
    assert "rules" not in reports[0]
    assert reports[1]["rules"] == "pub" and reports[1]["game"] == "R"
    assert reports[2]["rules"] == "schiebe"
    assert reports[3]["kontra"] >= 1


def test_saves_carry_the_rules_and_old_saves_load_as_tournament() -> None:
    """'The rule set is part of the match, of the save ...'; 'old saves load as
    tournament'."""
    m = Match.start(("A", "B", "C", "D"), deals=8, rules=PUB, seed="save")
    rng = random.Random(1)
    while not m.is_over:
        if m.deal_finished:
            m = m.next_deal()
            continue
        assert m.current is not None
        m = m.apply(rng.choice(m.current.legal_actions()))
        back = loads_match(dumps_match(m)).match
        assert back == m and back.rules == PUB
    t = Match.start(("A", "B", "C"), deals=3, seed="old")
    doc = json.loads(dumps_match(t))
    assert "rules" not in doc["config"]
    assert loads_match(json.dumps(doc)).match.rules is TOURNAMENT


def test_iss_export_refusal_in_german() -> None:
    """The refusal's reason is a template the app says in the player's
    language, the house rule named inside it too."""
    from skat_tui import i18n
    from skat_tui.error_words import error_text

    with pytest.raises(RecordError) as ramsch:
        to_iss(finished(PUB, 6, ramsch=True))
    with pytest.raises(RecordError) as kontra:
        to_iss(finished(PUB, 7, kontra=True))
    i18n.set_language("de")
    try:
        assert "Das ISS-Format kann einen Ramsch nicht darstellen" in error_text(ramsch.value)
        assert "kann ein Spiel mit Kontra nicht darstellen" in error_text(kontra.value)
    finally:
        i18n.set_language("en")
    assert "cannot represent a Ramsch" in error_text(ramsch.value)

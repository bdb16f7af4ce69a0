"""A match in progress as a save document: round trips at every kind of
moment, and saves that must be refused with the field, line and rule named."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from skat_core.bots import make_bot
from skat_core.errors import RecordError, Rule
from skat_core.match import Match, Scoring
from skat_core.savegame import (
    FORMAT,
    VERSION,
    NewerVersionError,
    RecordCache,
    dumps_match,
    loads_match,
    match_from_dict,
    match_to_dict,
    seat_names,
)

PLAYERS = ("Ann", "Ben", "Cem")


def play(match: Match, actions: int, seed: str = "t") -> Match:
    """``actions`` bot actions on (random bots, deterministic), dealing on."""
    bots = [make_bot("random", f"{seed}{i}") for i in range(match.players)]
    done = 0
    while done < actions and not match.is_over:
        if match.deal_finished:
            match = match.next_deal()
            continue
        assert match.current is not None
        seat = match.current.to_move
        match = match.apply(bots[match.player_at(seat)].choose(match.current.view(seat)))
        done += 1
    return match


def finished_deal(match: Match) -> Match:
    """Play on to the end of the current deal (not dealing the next)."""
    while not match.deal_finished:
        match = play(match, 1)
    return match


@pytest.fixture
def mid_match() -> Match:
    """Two deals finished, the third under way."""
    m = Match.start(PLAYERS, seed="Eichel")
    while len(m.outcomes) < 2:
        m = play(m, 1)
    m = m.next_deal()
    return play(m, 5)


def roundtrip(match: Match) -> Match:
    return loads_match(dumps_match(match)).match


def test_fresh_match_roundtrips() -> None:
    m = Match.start(PLAYERS, seed="Eichel")
    assert roundtrip(m) == m


def test_mid_match_roundtrips(mid_match: Match) -> None:
    back = roundtrip(mid_match)
    assert back == mid_match
    assert back.totals() == mid_match.totals()
    assert back.totals(Scoring.STANDARD) == mid_match.totals(Scoring.STANDARD)


def test_between_deals_roundtrips() -> None:
    m = finished_deal(Match.start(PLAYERS, seed="Eichel"))
    assert m.deal_finished
    back = roundtrip(m)
    assert back == m and back.deal_finished
    assert back.next_deal() == m.next_deal()


def test_finished_match_and_four_players_roundtrip() -> None:
    m = play(Match.start(("A", "B", "C", "D"), deals=4, seed="vier", first_dealer=2,
                         scoring=Scoring.STANDARD), 10_000)
    assert m.is_over
    back = roundtrip(m)
    assert back.outcomes == m.outcomes and back.is_over
    assert back.config == m.config


def test_seats_meta_and_time_are_kept(mid_match: Match) -> None:
    seats = {"Ann": "human", "Ben": "easy", "Cem": {"level": "random", "think": 0.5}}
    meta = {"match": "abc", "kind": "seeded"}
    saved = loads_match(dumps_match(mid_match, seats, meta))
    assert saved.seats == seats and saved.meta == meta
    assert saved.saved is not None and saved.saved.endswith("Z")


def test_non_json_seats_are_refused(mid_match: Match) -> None:
    with pytest.raises(ValueError, match="seats"):
        match_to_dict(mid_match, {"Ann": object()})


def test_document_shape(mid_match: Match) -> None:
    doc = match_to_dict(mid_match)
    assert doc["format"] == FORMAT == "skat-match" and doc["version"] == VERSION == 1
    assert doc["config"] == {"players": list(PLAYERS), "deals": 9, "scoring": "sf",
                             "seed": "Eichel", "first_dealer": 0}
    assert [r["format"] for r in doc["finished"]] == ["skat-record"] * 2
    assert doc["current"]["result"] is None and len(doc["current"]["actions"]) == 5
    # Deal 2: dealer is player 2, forehand player 0.
    assert doc["current"]["players"] == list(seat_names(mid_match, 2)) == ["Ann", "Ben", "Cem"]


def test_text_is_the_document_and_the_cache_reuses_records(mid_match: Match) -> None:
    when = datetime(2026, 11, 29, 20, 15, 2, tzinfo=UTC)
    cache = RecordCache()
    text = dumps_match(mid_match, {"Ann": "human"}, {"m": 1}, saved=when, cache=cache)
    assert text.endswith("}\n")
    assert json.loads(text) == match_to_dict(mid_match, {"Ann": "human"}, {"m": 1}, saved=when)
    first = match_to_dict(mid_match, cache=cache)["finished"]
    again = match_to_dict(mid_match, cache=cache)["finished"]
    assert all(a is b for a, b in zip(again, first, strict=True))
    # A different history (an app that went back) gets fresh records.
    other = play(Match.start(PLAYERS, seed="Eichel"), 3)
    assert match_to_dict(other, cache=cache)["finished"] == []
    assert json.loads(dumps_match(Match.start(PLAYERS, seed="x")))["finished"] == []


# --- refused saves ---------------------------------------------------------------


def edited(match: Match, change: Any) -> str:
    doc = match_to_dict(match)
    change(doc)
    return json.dumps(doc, indent=1)


def error_of(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads_match(text)
    return info.value


def test_newer_version_is_refused_with_a_clear_message(mid_match: Match) -> None:
    text = edited(mid_match, lambda d: d.update(version=2))
    with pytest.raises(NewerVersionError) as info:
        loads_match(text)
    assert "saved by a newer skat (format version 2); this skat reads up to 1" in str(info.value)
    assert info.value.field == "version" and info.value.line == 3


def test_illegal_card_names_action_rule_and_line(mid_match: Match) -> None:
    def tamper(doc: dict[str, Any]) -> None:
        actions = doc["finished"][1]["actions"]
        plays = [i for i, a in enumerate(actions) if a["type"] == "play"]
        i = plays[1]  # second card of the first trick: make it a card not in that hand
        hand = doc["finished"][1]["deal"]["hands"][actions[i]["seat"]].split()
        foreign = next(c for c in doc["finished"][1]["deal"]["hands"][
            (actions[i]["seat"] + 1) % 3].split())
        assert foreign not in hand
        actions[i]["card"] = foreign
        doc["_i"], doc["_card"] = i, foreign

    doc = match_to_dict(mid_match)
    tamper(doc)
    i, card = doc.pop("_i"), doc.pop("_card")
    text = json.dumps(doc, indent=1)
    err = error_of(text)
    assert err.field == f"finished[1].actions[{i}]"
    assert Rule.NOT_IN_HAND.value in str(err) and f"action {i}" in str(err)
    # The line is where that action starts in the file.
    assert err.line is not None
    lines = text.splitlines()
    assert lines[err.line - 1].strip() == "{"
    assert f'"card": "{card}"' in "\n".join(lines[err.line : err.line + 4])


def test_wrong_turn_is_refused(mid_match: Match) -> None:
    def tamper(doc: dict[str, Any]) -> None:
        first = doc["current"]["actions"][0]
        first["seat"] = (first["seat"] + 1) % 3

    err = error_of(edited(mid_match, tamper))
    assert err.field == "current.actions[0].seat" and Rule.TURN.value in str(err)


def test_result_edited_is_refused(mid_match: Match) -> None:
    def tamper(doc: dict[str, Any]) -> None:
        doc["finished"][0]["result"]["score"] += 1

    err = error_of(edited(mid_match, tamper))
    assert err.field == "finished[0].result.score"


def test_swapped_players_are_refused(mid_match: Match) -> None:
    def tamper(doc: dict[str, Any]) -> None:
        p = doc["finished"][0]["players"]
        p[0], p[1] = p[1], p[0]

    err = error_of(edited(mid_match, tamper))
    assert err.field == "finished[0].players"


def test_unfinished_deal_in_finished_is_refused(mid_match: Match) -> None:
    def tamper(doc: dict[str, Any]) -> None:
        rec = doc["finished"][0]
        del rec["actions"][-1]
        del rec["result"]

    err = error_of(edited(mid_match, tamper))
    assert err.field == "finished[0].actions" and "before the deal is over" in str(err)


def test_finished_deal_as_current_is_refused() -> None:
    m = finished_deal(Match.start(PLAYERS, seed="Eichel"))
    doc = match_to_dict(m)
    rec = doc["finished"].pop()
    rec["result"] = None
    doc["current"] = rec
    with pytest.raises(RecordError, match="current") as info:
        match_from_dict(doc)
    assert info.value.field in ("current.actions", "current.result")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="skat-record"), "format"),
        (lambda d: d.update(version="1"), "version"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["config"].update(deals=8), "config"),
        (lambda d: d["config"].update(scoring="bierlachs"), "config.scoring"),
        (lambda d: d["config"].update(players=["A", "B"]), "config.players"),
        (lambda d: d["config"].update(players=["A", 2, "C"]), "config.players[1]"),
        (lambda d: d["config"].pop("seed"), "config.seed"),
        (lambda d: d["config"].update(first_dealer=True), "config.first_dealer"),
        (lambda d: d.update(seats=[]), "seats"),
        (lambda d: d.update(meta="x"), "meta"),
        (lambda d: d.update(finished={}), "finished"),
        (lambda d: d["finished"][0]["deal"].update(skat="CJ"), "finished[0].deal.skat"),
        (lambda d: d["current"]["actions"].append({"seat": 0, "type": "jump"}),
         "current.actions[5].type"),
    ],
)
def test_malformed_fields_are_named(mid_match: Match, change: Any, field: str) -> None:
    err = error_of(edited(mid_match, change))
    assert err.field == field
    assert err.line is not None and f"field {field}" in str(err)


def test_too_many_deals_are_refused() -> None:
    m = play(Match.start(PLAYERS, deals=3, seed="kurz"), 10_000)
    doc = match_to_dict(m)
    doc["finished"].append(doc["finished"][0])
    with pytest.raises(RecordError) as info:
        match_from_dict(doc)
    assert info.value.field == "finished"


@pytest.mark.parametrize("cut", [0, 1, 50, 400, -3])
def test_truncated_text_names_a_line(mid_match: Match, cut: int) -> None:
    text = dumps_match(mid_match)
    err = error_of(text[:cut] if cut >= 0 else text[: len(text) + cut])
    assert err.line is not None and str(err).startswith(f"line {err.line}")


def test_not_an_object() -> None:
    err = error_of("[1, 2]")
    assert "JSON object" in str(err)

"""Fuzzing the readers of untrusted files: JSON game records, ISS lines, the
saved match and `skat check` on arbitrary bytes.  Only the documented errors
may come out (RecordError, a ValueError; `skat check` reports and never
raises), never a traceback of another kind."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile import HOSTILE_TEXTS, ISS_GOOD, good_record
from skat_core.errors import RecordError
from skat_core.match import Match
from skat_core.records import parse_json_records, read_iss, state_from_record
from skat_core.records.check import check_file
from skat_core.savegame import dumps_match, loads_match

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

RECORD_TEXT = json.dumps(good_record(), indent=1)
SAVE_TEXT = dumps_match(
    Match.start(("Ann", "Ben", "Cem"), seed="Eichel", deals=3),
    {"Ann": "human", "Ben": "easy", "Cem": "easy"},
)
FRAGMENTS = ["[", "]", "{", "}", '"', "\\", "\\ud800", "\\u0000", "NaN", "Infinity", "-",
             "9" * 40, "1e999", "\x00", "\n", ",", ":", "[" * 200, "[" * 3000, "9" * 5000,
             ";)", "MV[", "R[", " ", "??", "w LE.", "\udc80", "²", *HOSTILE_TEXTS[:9]]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)


@st.composite
def mutated(draw: st.DrawFn, base: str) -> str:
    """``base`` with a few cuts, insertions of hostile fragments and deletions."""
    text = base
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(text)))
        what = draw(st.sampled_from(["insert", "value", "delete", "cut", "replace"]))
        starts = [i + 1 for i, c in enumerate(text) if c in ":[ "]
        if what == "value" and starts:
            # where a value starts: deep nesting, a huge number, NaN...
            pos = draw(st.sampled_from(starts))
            text = text[:pos] + draw(st.sampled_from(FRAGMENTS)) + text[pos:]
        elif what == "insert":
            text = text[:pos] + draw(st.sampled_from(FRAGMENTS) | st.text(max_size=5)) + text[pos:]
        elif what == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 10)):]
        elif what == "cut":
            text = text[:pos]
        else:
            text = text[:pos] + draw(st.characters()) + text[pos + 1:]
    return text


@st.composite
def record_with_a_field_replaced(draw: st.DrawFn) -> Any:
    record: dict[str, Any] = good_record()
    path: list[Any] = []
    node: Any = record
    while isinstance(node, dict | list) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                   else list(range(len(node)))))
        path.append(key)
        node = node[key]
    value = draw(json_values)
    if not path:
        return value
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return record


def read_json_records(text: str) -> None:
    for entry in parse_json_records(text):
        if entry.error is None:
            with contextlib.suppress(RecordError):
                state_from_record(entry.record, line_of=entry.line_of)


@FUZZ
@given(mutated(RECORD_TEXT))
def test_json_record_text(text: str) -> None:
    read_json_records(text)


@FUZZ
@given(record_with_a_field_replaced())
def test_json_record_values(record: Any) -> None:
    with contextlib.suppress(RecordError):
        state_from_record(record)
    read_json_records(json.dumps(record))


@FUZZ
@given(mutated(ISS_GOOD))
def test_iss_lines(line: str) -> None:
    with contextlib.suppress(RecordError):
        read_iss(line, 1)


@FUZZ
@given(mutated(SAVE_TEXT))
def test_saved_match(text: str) -> None:
    with contextlib.suppress(RecordError):
        loads_match(text)


@FUZZ
@given(st.binary(max_size=300) | mutated(ISS_GOOD).map(lambda s: s.encode("utf-8", "replace"))
       | mutated(RECORD_TEXT).map(lambda s: s.encode("utf-8", "replace")))
def test_check_never_raises(tmp_path_factory: Any, data: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("fuzz")) / "f"
    path.write_bytes(data)
    reports = list(check_file(str(path)))
    assert reports
    for report in reports:
        json.dumps(report)
        assert "internal error" not in report.get("error", ""), report

"""``skat check FILE...``: replay every game of record files through the engine.

Each file holds JSON records (one record, an array of records, or JSON Lines)
or ISS lines; the content tells which.  One JSON object per game is printed,
one per line, in file order:

* a game the engine replays: its result (see :func:`game_summary`);
* a game that cannot be read or breaks a rule: ``{"id": ..., "error": ...}``,
  the error naming the file, the line, the field or action and the rule.

The run goes on after an error; the exit code is 1 if any game (or file) had
one, else 0.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, TextIO

from ..errors import RecordError
from ..game import POSITION_NAMES, GameState, LeaveTable, Phase, restart
from .files import FileRefused, read_text_file
from .iss import read_iss
from .jsonrec import parse_json_records, state_from_record

_ISS_ID = re.compile(r"\bID\[([^\]]*)\]")


def check_files(paths: list[str], out: TextIO) -> int:
    """Check every file in ``paths``, writing one JSON line per game to
    ``out``; 1 if any game or file had an error, else 0."""
    failed = False
    for path in paths:
        for report in check_file(path):
            out.write(json_line(report) + "\n")
            failed = failed or "error" in report
    return 1 if failed else 0


def _escape(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:  # a JSON escape is UTF-16: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_line(report: dict[str, Any]) -> str:
    """``report`` as one line of JSON that is safe to print to a terminal:
    readable text stays as it is, and every character that is not printable
    (controls such as ESC or CSI, bidi and zero-width characters, a lone
    surrogate) is a ``\\uXXXX`` escape, so the line reads back as the same
    data but never drives the terminal or fails to encode.

    >>> json_line({"id": "\\u202eevil\\x9b", "n": "Grün"})
    '{"id": "\\\\u202eevil\\\\u009b", "n": "Grün"}'
    """
    text = json.dumps(report, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def check_file(path: str) -> Iterator[dict[str, Any]]:
    """The reports of one file's games, in order."""
    try:
        text = read_text_file(path)
    except FileRefused as e:
        yield {"id": path if len(path) <= 200 else e.path[:60] + "…", "error": str(e)}
        return
    kind, first = record_format(text)
    if kind == "empty":
        yield {"id": path, "error": f"{path}: the file holds no game records"}
        return
    if kind == "iss":
        yield from _check_iss(path, text)
    elif kind == "json":
        yield from _check_json(path, text)
    else:
        yield {
            "id": f"{path}:{first}",
            "error": f"{path}: line {first}: neither JSON game records nor ISS lines "
            "('(;GM[Skat]...;)')",
        }


_COMMENT = re.compile(r"(?:[ \t\r\f\v]*(?:#[^\n]*)?\n)*[ \t\r\f\v]*")


def record_format(text: str) -> tuple[str, int]:
    """What a record file holds, told by its first character after blank
    lines and ``#`` comment lines: ``"iss"`` (``(``), ``"json"`` (``{`` or
    ``[``), ``"empty"`` or ``"unknown"``; and the line of that character."""
    start = _COMMENT.match(text)
    pos = start.end() if start else 0
    line = text.count("\n", 0, pos) + 1
    if pos >= len(text) or text[pos] == "#":
        return "empty", line
    if text[pos] == "(":
        return "iss", line
    if text[pos] in "{[":
        return "json", line
    return "unknown", line


def _unreadable(path: str, game_id: str, line: int, e: Exception) -> dict[str, Any]:
    """The line for a record that could not be read: its own fault (the
    :class:`RecordError` names the line and the field), or else a bug, said
    as an internal error rather than a traceback."""
    if isinstance(e, RecordError):
        return {"id": game_id, "error": f"{path}: {e}"}
    return {"id": game_id, "error": f"{path}: line {line}: internal error: {e!r}"}


def _check_iss(path: str, text: str) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue  # blank lines and '#' comments, as the ISS tools skip them
        found = _ISS_ID.search(line)
        game_id = found.group(1) if found else f"{path}:{number}"
        try:
            game = read_iss(line, number)
        except Exception as e:  # the record's fault or a bug: either way no traceback
            yield _unreadable(path, game_id, number, e)
            continue
        yield game_summary(game.id or game_id, game.state, iss_penalty=game.penalty)


def _check_json(path: str, text: str) -> Iterator[dict[str, Any]]:
    for entry in parse_json_records(text):
        record = entry.record
        given = record.get("id") if isinstance(record, dict) else None
        game_id = given if isinstance(given, str) else f"{path}:{entry.line}"
        if entry.error is not None:
            yield {"id": game_id, "error": f"{path}: {entry.error}"}
            continue
        try:
            state = state_from_record(record, line_of=entry.line_of)
        except Exception as e:  # the record's fault or a bug: either way no traceback
            yield _unreadable(path, game_id, entry.line, e)
            continue
        if state.result is None:
            yield {"id": game_id, "error": f"{path}: line {entry.line}: the deal is not over "
                   "(the record ends in the middle of it)"}
            continue
        yield game_summary(game_id, state)


def game_summary(game_id: str, state: GameState, *, iss_penalty: bool = False) -> dict[str, Any]:
    """The line ``skat check`` prints for a finished game.

    ``soloist`` is the seat (0 forehand) or None for a deal passed in or
    aborted; ``matadors`` +n with, -n without, 0 for null; ``score`` the
    soloist's standard-list score (+value or -2 × value, 0 without a soloist).
    """
    result = state.result
    if result is None:
        raise ValueError("the deal is not over")
    contract = result.contract if result.soloist is not None else None
    report: dict[str, Any] = {
        "id": game_id,
        "soloist": result.soloist,
        "game": contract.game.letter if contract else None,
        "hand": contract.hand if contract else False,
        "schneider_announced": contract.schneider_announced if contract else False,
        "schwarz_announced": contract.schwarz_announced if contract else False,
        "ouvert": contract.ouvert if contract else False,
        "bid": result.bid,
        "matadors": result.matadors,
        "soloist_points": result.soloist_points,
        "soloist_tricks": result.soloist_tricks,
        "won": result.won,
        "overbid": result.overbid,
        "score": result.score,
    }
    # House rules only, so tournament reports stay as they were.
    if not state.rules.is_tournament:
        report["rules"] = state.rules.name
    if result.kontra:
        report["kontra"] = result.kontra
    if result.bock > 1:
        report["bock"] = result.bock
    if result.ramsch is not None:
        report["game"] = "R"
        report["scores"] = list(result.ramsch.scores)
        if result.ramsch.durchmarsch is not None:
            report["durchmarsch"] = result.ramsch.durchmarsch
    if result.aborted is not None:
        report["note"] = abort_note(state) + (" (ISS penalty)" if iss_penalty else "")
    return report


def abort_note(state: GameState) -> str:
    """Why a deal has no soloist although nobody passed it in: who left (or
    timed out) and when, e.g. 'aborted: rearhand left the table during bidding'."""
    if not state.history or not isinstance(state.history[-1][1], LeaveTable):
        return f"aborted: {state.result.aborted if state.result else 'unknown reason'}"
    leave = state.history[-1][1]
    before = restart(state)
    for _, action in state.history[:-1]:
        before = before.apply(action)
    when = "during bidding" if before.phase == Phase.BIDDING else "before the game was declared"
    how = "timed out" if leave.timeout else "left the table"
    return f"aborted: {POSITION_NAMES[leave.seat]} {how} {when}"


__all__ = ["abort_note", "check_file", "check_files", "game_summary", "record_format"]

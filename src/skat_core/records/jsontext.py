"""JSON text from outside (records, saves, the history, settings), read
within limits, and JSON text written so that any string can be encoded.

Python's ``json`` alone would let a hostile file crash the reader: nesting
3,000 deep raises RecursionError, a 5,000-digit number a ValueError from the
int-string limit.  :func:`parse_json` refuses both, and ``NaN``/``Infinity``
(not JSON), with a :class:`~skat_core.errors.RecordError` naming the line:

>>> parse_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> parse_json('[' * 100 + ']' * 100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skat_core.errors.RecordError: line 1: nested more than 64 deep (at most 64 levels of ...)
>>> parse_json('{"bid":\\n' + '9' * 50 + '}')
Traceback (most recent call last):
...
skat_core.errors.RecordError: line 2: a number of 50 digits (at most 30)

A Python string may hold a lone surrogate (a JSON ``"\\ud800"`` escape, or a
command-line argument that was not UTF-8); it cannot be encoded as UTF-8.
:func:`escape_surrogates` writes such code points as ``\\uXXXX``, which is
what JSON reads back as the same string, and prints them visibly elsewhere.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..errors import RecordError

MAX_DEPTH = 64
"""Objects and lists nested deeper than this are refused (a record needs 4)."""
MAX_INT_DIGITS = 30
"""Whole numbers with more digits than this are refused (no field needs more
than a few)."""

_SURROGATE = re.compile("[\ud800-\udfff]")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+"|[\[\]{}]|-?[0-9]+')


class _Refused(Exception):
    """A value the reader refuses: the reason's template, its params and the
    token (to find its line)."""

    def __init__(self, template: str, token: str, **params: str | int) -> None:
        super().__init__(template.format(**params))
        self.template = template
        self.params = params
        self.token = token


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused("a number of {digits} digits (at most {limit})", text, digits=digits,
                       limit=MAX_INT_DIGITS)
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("the number {number} is too large", text,
                       number=text[:20] + ("…" if len(text) > 20 else ""))
    return value


def _parse_constant(name: str) -> Any:
    raise _Refused("{name} is not a JSON value", name, name=name)


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests deeper than :data:`MAX_DEPTH` (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > MAX_DEPTH:
                    return True
                stack.append((child, depth + 1))
    return False


def _line_at(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _deep_line(text: str) -> int:
    """The line where the nesting first goes deeper than :data:`MAX_DEPTH`."""
    depth = 0
    for m in _TOKEN.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _line_at(text, m.start())
        elif c in "]}":
            depth -= 1
    return 1


def _number_line(text: str, token: str) -> int:
    """The line of the first number (outside strings) spelled ``token``."""
    for m in _TOKEN.finditer(text):
        if m.group() == token or (m.group()[:1] != '"' and token.startswith(m.group())
                                  and len(m.group()) > MAX_INT_DIGITS):
            return _line_at(text, m.start())
    found = text.find(token)
    return _line_at(text, found) if found >= 0 else 1


def parse_json(text: str, first_line: int = 1) -> Any:
    """The JSON value of ``text``; :class:`RecordError` naming the line
    (counted from ``first_line``) for text that is not JSON or goes beyond
    the limits (:data:`MAX_DEPTH`, :data:`MAX_INT_DIGITS`)."""
    offset = first_line - 1
    deep = "nested more than {depth} deep (at most {depth} levels of objects and lists)"
    depth = {"depth": MAX_DEPTH}
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                           parse_constant=_parse_constant)
    except json.JSONDecodeError as e:
        raise RecordError("not valid JSON: {error} (column {column})", e.lineno + offset, None,
                          {"error": e.msg, "column": e.colno}) from None
    except _Refused as e:
        line = _number_line(text, e.token) if e.token else 1
        raise RecordError(e.template, line + offset, None, e.params) from None
    except RecursionError:
        raise RecordError(deep, _deep_line(text) + offset, None, depth) from None
    if isinstance(value, dict | list) and _too_deep(value):
        raise RecordError(deep, _deep_line(text) + offset, None, depth)
    return value


def escape_surrogates(text: str) -> str:
    """``text`` with every lone surrogate written ``\\uXXXX``: encodable as
    UTF-8, and inside a JSON string read back as the same code point."""
    if not _SURROGATE.search(text):
        return text
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


__all__ = ["MAX_DEPTH", "MAX_INT_DIGITS", "escape_surrogates", "parse_json"]

"""Command-line arguments from the user, checked before use: numbers only
from ASCII digits, long arguments shortened in messages."""

from __future__ import annotations


def shown(source: str, limit: int = 60) -> str:
    """A command-line argument as an error message quotes it: shortened."""
    return source if len(source) <= limit else f"{source[:limit]}… ({len(source):,} characters)"


def number(text: str, limit: int = 10**9) -> int | None:
    """``text`` as a whole number from ASCII digits (``'²'.isdigit()`` is true,
    but it is no number), None if it is not one or is above ``limit``."""
    text = text.strip().lstrip("#")
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(limit)):
        return None
    value = int(text)
    return value if value <= limit else None


__all__ = ["number", "shown"]

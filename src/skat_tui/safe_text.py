"""Text from outside shown literally: never markup, never terminal control.

Player names, ids, seeds, record fields, file paths and error messages that
quote a file come from other people.  On screen a plain ``str`` is read as
Rich/Textual markup (``[/]`` crashes, ``[@click=app.quit]`` drives the app),
and characters such as ESC reach the terminal (``ESC [2J`` clears it, OSC 52
writes the clipboard).  Every screen and every printed line therefore shows
such text through this module:

- :func:`visible` makes the plain string safe to display: control characters
  become visible placeholders (``␛`` for ESC, ``\\x9b`` for a C1 code),
  bidi controls and invisible characters a visible ``<U+202E>``, and a lone
  surrogate ``�``.  Nothing is removed, so a reader can tell what is there.
- :func:`safe_text` / :func:`safe_content` wrap that in a Rich ``Text`` /
  Textual ``Content``, which are never parsed as markup.
- :func:`terminal` is :func:`visible` for the command line (keeps line
  breaks and tabs).
- :func:`refuse_hidden` is for names a person types: a clear error instead.

Stored data is never changed: records keep what they contain; only what is
shown goes through here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when used: the command line prints through here without a UI
    from rich.style import Style
    from rich.text import Text
    from textual.content import Content

__all__ = [
    "hidden_characters",
    "refuse_hidden",
    "safe_content",
    "safe_join",
    "safe_text",
    "terminal",
    "visible",
]

BIDI_CONTROLS = frozenset(
    [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)
"""Marks, embeddings, overrides and isolates: they reorder what follows."""

INVISIBLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x200C, 0x200D, 0x2060,
     0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xFEFF, 0xFFA0]
)
"""Zero-width and blank-looking characters that let two names look alike."""


def _placeholder(ch: str) -> str | None:
    """What to show instead of ``ch``, or None when ``ch`` shows as itself."""
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟ (Unicode control pictures)
    if code == 0x7F:
        return "\u2421"  # ␡
    if code < 0x7F:
        return None
    if code < 0xA0:
        return f"\\x{code:02x}"  # C1 controls, e.g. CSI 0x9b
    if code in BIDI_CONTROLS or code in INVISIBLE:
        return f"<U+{code:04X}>"
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"  # a lone surrogate (cannot be encoded, cannot be printed)
    category = unicodedata.category(ch)
    if category in ("Cc", "Cf", "Zl", "Zp"):
        return f"<U+{code:04X}>"  # other format characters, line/paragraph separators
    return None


def _is_plain(text: str) -> bool:
    return text.isascii() and text.isprintable()


def visible(text: object, *, multiline: bool = False, tabs: bool = False) -> str:
    """``text`` (anything, turned into a ``str``) with every control, bidi,
    invisible and surrogate character replaced by a visible placeholder.

    ``multiline`` keeps line breaks (``\\n``; a ``\\r\\n`` becomes ``\\n``),
    ``tabs`` keeps tabs; otherwise they too become placeholders.

    >>> visible("\\x1b[2Jevil\\u202e")
    '␛[2Jevil<U+202E>'
    >>> visible("[b]Anna[/b]")
    '[b]Anna[/b]'
    """
    s = text if isinstance(text, str) else str(text)
    if _is_plain(s):
        return s
    if multiline:
        s = s.replace("\r\n", "\n")
    out: list[str] = []
    for ch in s:
        if (multiline and ch == "\n") or (tabs and ch == "\t"):
            out.append(ch)
            continue
        shown = _placeholder(ch)
        out.append(ch if shown is None else shown)
    return "".join(out)


def safe_text(text: object, style: str | Style = "", *, multiline: bool = False) -> Text:
    """A Rich ``Text`` that shows ``text`` literally (see :func:`visible`)."""
    from rich.text import Text

    return Text(visible(text, multiline=multiline), style=style)


def safe_content(text: object, style: str = "", *, multiline: bool = False) -> Content:
    """A Textual ``Content`` that shows ``text`` literally (see :func:`visible`)."""
    from textual.content import Content

    content = Content(visible(text, multiline=multiline), strip_control_codes=False)
    return content.stylize(style) if style else content


def safe_join(parts: Iterable[object], separator: str = ", ", style: str = "") -> Text:
    """Outside strings joined into one literal ``Text``."""
    from rich.text import Text

    return Text(separator.join(visible(p) for p in parts), style=style)


def terminal(text: object) -> str:
    """``text`` ready for a terminal: :func:`visible` keeping line breaks and
    tabs, so nothing raw (ESC, OSC, bidi, a lone surrogate) is printed."""
    return visible(text, multiline=True, tabs=True)


def hidden_characters(text: str) -> list[str]:
    """The characters of ``text`` that :func:`visible` would replace, each as
    ``U+XXXX`` (in order, once each)."""
    found: list[str] = []
    for ch in text:
        if _placeholder(ch) is not None:
            name = f"U+{ord(ch):04X}"
            if name not in found:
                found.append(name)
    return found


def refuse_hidden(text: str, what: str | None = None) -> str:
    """``text`` unchanged, or ValueError when it holds a control, bidi or
    invisible character (names a person types are refused, never cleaned).

    >>> refuse_hidden("Anna")
    'Anna'
    >>> refuse_hidden("A\\u202enna")
    Traceback (most recent call last):
    ...
    ValueError: A name may not contain control, bidi or invisible characters (U+202E)
    """
    bad = hidden_characters(text)
    if bad:
        from .i18n import _  # the sentence in the player's language

        raise ValueError(
            _("{what} may not contain control, bidi or invisible characters ({characters})")
            .format(what=what if what is not None else _("A name"), characters=", ".join(bad))
        )
    return text
